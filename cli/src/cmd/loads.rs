//! `icn loads`: Hypercycle link loads under uniform all-pairs traffic (docs/cli.md).

use std::io::Write;

use clap::{Args, ValueEnum};
use icn_core::analysis::hypercycle_loads::routing_from_name;
use icn_core::analysis::{hypercycle_loads, hypercycle_loads_cost};
use icn_core::metrics::Split;
use icn_core::topology::hypercycle::Hypercycle;
use icn_core::Estimate;
use serde_json::json;

use crate::output::{guard, json, network, Failure, Format};
use icn_core::Graph;

/// How a unit is divided among a routing's choices.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum SplitArg {
    /// Equally at every hop among the next hops (random-greedy's expected load).
    Hop,
    /// Equally among the paths.
    Path,
}

#[derive(Args, Debug)]
pub struct LoadsArgs {
    /// A Hypercycle spec, e.g. hypercube:n=4 or hypercycle:m=5x4x3,rho=2x1x1.
    spec: String,
    /// Routings, comma separated: ecube, greedy, eq311, minimal.
    #[arg(long, short, value_delimiter = ',', default_value = "ecube,greedy")]
    routing: Vec<String>,
    /// hop: divide at every hop among the next hops (random-greedy); path: among the paths.
    #[arg(long, value_enum, default_value_t = SplitArg::Hop)]
    split: SplitArg,
    /// List every directed channel (JSON: `channels`; CSV: one line per channel).
    #[arg(long)]
    per_link: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

/// The Hypercycle of `spec`, or a failure naming `command`.
pub fn hypercycle(spec: &str, command: &str) -> Result<Hypercycle, Failure> {
    let net = network(spec)?;
    net.hypercycle().cloned().map_err(|e| {
        Failure(format!(
            "icn {command} takes a hypercycle or hypercube spec; '{}' is a {}",
            e.spec, e.actual
        ))
    })
}

/// The most channel lines `--per-link` prints without `--force`.
const PER_LINK_LIMIT: u64 = 1 << 20;

/// `icn loads SPEC`.
pub fn run(a: &LoadsArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = hypercycle(&a.spec, "loads")?;
    let channels = net.node_count() as u64 * net.degree_formula();
    // Each routing once: a repeated name would compute (and print) the same loads again.
    if let Some(twice) = a
        .routing
        .iter()
        .enumerate()
        .find_map(|(i, r)| a.routing[..i].contains(r).then_some(r))
    {
        return Err(Failure(format!(
            "--routing names '{twice}' twice; give each routing once"
        )));
    }
    let one = hypercycle_loads_cost(&net);
    guard(
        "these loads",
        Estimate {
            steps: one.steps.saturating_mul(a.routing.len() as u64),
            bytes: one.bytes,
        },
        force,
    )?;
    if a.per_link && channels > PER_LINK_LIMIT && !force {
        return Err(Failure(format!(
            "--per-link would print {channels} channels (more than {PER_LINK_LIMIT}); the class table covers them all, or pass --force"
        )));
    }
    let split = match a.split {
        SplitArg::Hop => Split::PerHop,
        SplitArg::Path => Split::PerPath,
    };
    let mut results = Vec::new();
    for name in &a.routing {
        let kind = routing_from_name(name).ok_or_else(|| {
            Failure(format!(
                "unknown routing '{name}'; choose ecube, greedy, eq311 or minimal"
            ))
        })?;
        results.push(hypercycle_loads(&net, kind, split));
    }
    if a.format == Format::Csv {
        if a.per_link {
            writeln!(out, "routing,split,from,to,dimension,step,load")?;
        } else {
            writeln!(out, "routing,split,dimension,step,channels,load")?;
        }
        let split_name = match split {
            Split::PerHop => "per-hop",
            Split::PerPath => "per-path",
        };
        for r in &results {
            if a.per_link {
                for c in r.channels(&net) {
                    writeln!(
                        out,
                        "{},{split_name},{},{},{},{},{}",
                        r.routing, c.from, c.to, c.dimension, c.step, c.load
                    )?;
                }
            } else {
                for c in &r.classes {
                    writeln!(
                        out,
                        "{},{split_name},{},{},{},{}",
                        r.routing, c.dimension, c.step, c.channels, c.load
                    )?;
                }
            }
        }
        return Ok(());
    }
    let results: Vec<_> = results
        .iter()
        .map(|r| {
            let mut v = json!(r);
            if a.per_link {
                v["channels"] = json!(r.channels(&net));
            }
            v
        })
        .collect();
    let doc = json!({
        "spec": net.spec_string(),
        "conventions": "every ordered pair of distinct nodes sends one unit; loads per directed channel (a link is two channels; max_link_load sums both directions)",
        "results": results,
    });
    json(out, &doc)
}
