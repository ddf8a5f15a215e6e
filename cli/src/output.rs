//! What every command shares: the output format, the one-line failure, the cost guard,
//! spec and address parsing with the argument named, and the checked JSON print.

use std::io::Write;
use std::str::FromStr;

use clap::ValueEnum;
use icn_core::{Budget, Estimate, Network, Node};
use serde::Serialize;
use serde_json::Value;

/// JSON (pretty, one document) or CSV (a header line, then rows).
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Json,
    Csv,
}

/// What `icn` computes without `--force`: a few minutes of one core and 8 GiB. The
/// estimates come from the parameters (`Network::cost`), before anything is built.
pub const CLI_BUDGET: Budget = Budget {
    steps: 1 << 38,
    bytes: 8 << 30,
};

/// A failure to report on one line.
#[derive(Debug)]
pub struct Failure(pub String);

impl<E: std::error::Error> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string())
    }
}

/// Refuses a computation whose estimate exceeds [`CLI_BUDGET`], unless forced.
pub fn guard(what: &str, estimate: Estimate, force: bool) -> Result<(), Failure> {
    if force || estimate.within(CLI_BUDGET) {
        return Ok(());
    }
    Err(Failure(format!(
        "{what} would take about {:.1e} steps and {} MiB (icn's limit is {:.1e} steps and {} MiB); pass --force to compute anyway",
        estimate.steps as f64,
        estimate.bytes >> 20,
        CLI_BUDGET.steps as f64,
        CLI_BUDGET.bytes >> 20,
    )))
}

/// The network of a topology spec argument.
pub fn network(spec: &str) -> Result<Network, Failure> {
    spec.parse::<Network>()
        .map_err(|e| Failure(format!("topology spec '{spec}': {e}")))
}

/// The node at address `text`, naming the argument (`which`) when it is not one.
pub fn node(net: &Network, which: &str, text: &str) -> Result<Node, Failure> {
    net.parse_node(text)
        .map_err(|e| Failure(format!("{which} address '{text}': {e}")))
}

/// An exact integer of any size as a JSON number.
pub fn big(n: &icn_core::BigUint) -> Value {
    serde_json::Number::from_str(&n.to_string()).map_or(Value::Null, Value::Number)
}

/// The strategy given, or the family's first (`minimal` if it lists none).
pub fn strategy_name<'a>(net: &Network, s: &'a Option<String>) -> &'a str {
    match s {
        Some(s) => s.as_str(),
        None => net.default_strategy(),
    }
}

/// Prints `value` as pretty JSON and a newline.
pub fn json<T: Serialize + ?Sized>(out: &mut dyn Write, value: &T) -> Result<(), Failure> {
    writeln!(out, "{}", serde_json::to_string_pretty(value)?)?;
    Ok(())
}

/// Quotes a CSV field that holds a comma.
pub fn field(s: &str) -> String {
    if s.contains(',') {
        format!("\"{s}\"")
    } else {
        s.to_string()
    }
}
