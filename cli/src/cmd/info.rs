//! `icn families` and `icn info`: what the families are, and one network's facts.

use std::io::Write;

use clap::Args;
use icn_core::FAMILIES;

use crate::output::{guard, json, network, Failure};

#[derive(Args, Debug)]
pub struct InfoArgs {
    /// Topology spec, e.g. hypercycle:m=5x4x3,rho=2x1x1
    spec: String,
}

/// `icn families`.
pub fn families(out: &mut dyn Write) -> Result<(), Failure> {
    json(out, FAMILIES)
}

/// `icn info SPEC`.
pub fn run(a: &InfoArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = network(&a.spec)?;
    guard("icn info", net.cost().info, force)?;
    json(out, &net.info())
}
