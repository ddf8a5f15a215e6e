//! `icn families` and `icn info`: what the families are, and one network's facts.

use std::io::Write;

use clap::Args;
use icn_core::FAMILIES;

use icn_core::metrics::DistanceDistribution;
use icn_core::Network;

use crate::output::{guard, json, network, Failure, Progress};

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
    let dd = distances("info", &net, force)?;
    json(out, &net.info_from(&dd))
}

/// The distance distribution of `net` for `command`, refused over the budget by its
/// estimate ([`Network::cost`]'s `info`) unless forced, with progress on stderr past two
/// seconds (the bit-parallel engine's passes: an imported graph of a million nodes takes
/// thousands).
pub fn distances(
    command: &str,
    net: &Network,
    force: bool,
) -> Result<DistanceDistribution, Failure> {
    let estimate = net.cost().info;
    guard(&format!("icn {command}"), estimate, force)?;
    let mut progress = Progress::new(&format!("{command}: distances"), Some(estimate));
    Ok(net.distance_distribution_with(&mut |done, passes| {
        progress.at(
            done as f64 / passes.max(1) as f64,
            &format!("{done} of {passes} passes of 256 sources"),
        );
    }))
}
