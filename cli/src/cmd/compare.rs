//! `icn compare`: two to four networks side by side (docs/cli.md).

use std::io::Write;

use clap::{Args, ValueEnum};
use icn_core::analysis::{compare, distances_csv, summary_csv};

use crate::output::{budget, json, network, Failure, Format};

/// Which CSV table.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Table {
    /// One line per network (or per link kind, or per class).
    Summary,
    /// Distance distributions: one line per (network, distance).
    Distances,
    /// d3-vs-mdf: channels per load value, per network and link kind.
    Histogram,
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Two to four topology specs, of any families.
    #[arg(num_args = 2..=4, required = true)]
    specs: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// CSV only: the summary rows, or the distance distributions.
    #[arg(long, value_enum, default_value_t = Table::Summary)]
    table: Table,
}

/// `icn compare SPEC SPEC [SPEC [SPEC]]`.
pub fn run(a: &CompareArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let nets = a
        .specs
        .iter()
        .map(|s| network(s))
        .collect::<Result<Vec<_>, _>>()?;
    let budget = budget(force);
    let rows = compare(&nets, budget).map_err(|e| {
        let mut msg = e.to_string();
        if matches!(e, icn_core::analysis::CompareError::OverBudget { .. }) {
            msg.push_str("; pass --force to compute anyway");
        }
        Failure(msg)
    })?;
    if a.format == Format::Json {
        return json(
            out,
            &serde_json::json!({
                "conventions": "distances over ordered pairs of distinct terminals; loads per directed channel under each family's default strategy, every ordered terminal pair sending one unit split equally among its paths",
                "networks": rows,
            }),
        );
    }
    match a.table {
        Table::Summary => write!(out, "{}", summary_csv(&rows))?,
        Table::Histogram => {
            return Err(Failure(
                "--table histogram is for icn d3-vs-mdf; compare has summary and distances".into(),
            ))
        }
        Table::Distances => write!(out, "{}", distances_csv(&rows))?,
    }
    Ok(())
}
