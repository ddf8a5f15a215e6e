//! `icn loads`, `icn simulate`, `icn d3-vs-mdf` and `icn compare`: the data behind the
//! Hypercycle, Dragonfly and compare charts, as JSON or CSV (docs/cli.md).

use std::io::Write;

use clap::{Args, ValueEnum};
use icn_core::analysis::hypercycle_loads::routing_from_name;
use icn_core::analysis::{
    compare, d3_vs_mdf, d3_vs_mdf_cost, distances_csv, hypercycle_loads, hypercycle_loads_cost,
    summary_csv, DragonflySide,
};
use icn_core::metrics::Split;
use icn_core::sim::{Policy, SimConfig, Sweep};
use icn_core::topology::hypercycle::Hypercycle;
use icn_core::{Budget, Estimate, Topology};
use serde_json::json;

use crate::{guard, network, Failure, Format, CLI_BUDGET};

/// How a unit is divided among a routing's choices.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum SplitArg {
    /// Equally at every hop among the next hops (random-greedy's expected load).
    Hop,
    /// Equally among the paths.
    Path,
}

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

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// A Hypercycle spec, e.g. hypercube:n=4.
    spec: String,
    /// Offered loads normalised to capacity, comma separated, each in (0, 2].
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9"
    )]
    loads: Vec<f64>,
    /// Policies, comma separated: backtrack, ecube (hold and wait), ecube-backtrack.
    #[arg(long, value_delimiter = ',', default_value = "backtrack,ecube")]
    policies: Vec<String>,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Measured ticks (arrivals in this window are measured).
    #[arg(long, default_value_t = 50_000)]
    ticks: u64,
    /// Ticks simulated before measuring.
    #[arg(long, default_value_t = 5_000)]
    warmup: u64,
    /// Transmission time of an established circuit.
    #[arg(long, default_value_t = 100)]
    transmission: u64,
    /// Ticks for a probe or a break to cross one link.
    #[arg(long, default_value_t = 1)]
    hop: u64,
    /// Back-off before a retry: uniform in 1 ..= this many ticks.
    #[arg(long, default_value_t = 10)]
    retry: u64,
    /// Next hops the backtracking probe chooses among: eq311, greedy, minimal.
    #[arg(long, default_value = "eq311")]
    choices: String,
    /// Events per point before it is cut short and flagged saturated.
    #[arg(long, default_value_t = 20_000_000)]
    max_events: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

#[derive(Args, Debug)]
pub struct D3VsMdfArgs {
    /// A D3 spec, e.g. d3:k=3,m=4.
    spec: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// CSV only: the loads per link kind, the distance distributions, or the channels
    /// per load value.
    #[arg(long, value_enum, default_value_t = Table::Summary)]
    table: Table,
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

fn hypercycle(spec: &str, command: &str) -> Result<Hypercycle, Failure> {
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

pub fn loads(a: LoadsArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = hypercycle(&a.spec, "loads")?;
    let channels = net.node_count() as u64 * net.degree_formula();
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
    writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
    Ok(())
}

pub fn simulate(a: SimulateArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let net = hypercycle(&a.spec, "simulate")?;
    let policies = a
        .policies
        .iter()
        .map(|p| {
            Policy::from_name(p).ok_or_else(|| {
                Failure(format!(
                    "unknown policy '{p}'; choose backtrack, ecube or ecube-backtrack"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let choices = routing_from_name(&a.choices).ok_or_else(|| {
        Failure(format!(
            "unknown --choices '{}'; choose eq311, greedy, minimal or ecube",
            a.choices
        ))
    })?;
    let cfg = SimConfig {
        policies,
        loads: a.loads,
        seed: a.seed,
        warmup_ticks: a.warmup,
        ticks: a.ticks,
        transmission_ticks: a.transmission,
        hop_ticks: a.hop,
        retry_ticks: a.retry,
        choices,
        max_events: a.max_events,
    };
    let mut sweep = Sweep::new(&net, &cfg)?;
    while !sweep.step(1 << 20).finished {}
    let report = sweep.report();
    if a.format == Format::Csv {
        write!(out, "{}", icn_core::charts::sim_csv(&report))?;
        return Ok(());
    }
    writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    Ok(())
}

fn distance_rows(out: &mut dyn Write, spec: &str, counts: &[u64]) -> Result<(), Failure> {
    for (d, c) in counts.iter().enumerate().skip(1) {
        writeln!(out, "{spec},{d},{c}")?;
    }
    Ok(())
}

pub fn d3_vs_mdf_cmd(a: D3VsMdfArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = network(&a.spec)?;
    let d3 = net.d3().cloned().map_err(|e| {
        Failure(format!(
            "icn d3-vs-mdf takes a d3 spec (e.g. d3:k=3,m=4); '{}' is a {}",
            e.spec, e.actual
        ))
    })?;
    guard("this comparison", d3_vs_mdf_cost(&d3), force)?;
    let r = d3_vs_mdf(&d3);
    if a.format == Format::Json {
        writeln!(out, "{}", serde_json::to_string_pretty(&r)?)?;
        return Ok(());
    }
    let sides: [(&str, &DragonflySide); 2] = [("d3", &r.d3), ("mdf", &r.mdf)];
    match a.table {
        Table::Summary => {
            writeln!(
                out,
                "network,spec,routers,kind,links,channels,max_load,min_load,mean_load,total_load"
            )?;
            for (name, s) in sides {
                for (kind, k) in [("local", &s.local), ("global", &s.global)] {
                    writeln!(
                        out,
                        "{name},{},{},{kind},{},{},{},{},{},{}",
                        field(&s.spec),
                        s.routers,
                        k.links,
                        k.channels,
                        k.max_load,
                        k.min_load,
                        k.mean_load,
                        k.total_load
                    )?;
                }
            }
        }
        Table::Distances => {
            writeln!(out, "spec,distance,ordered_pairs")?;
            for (_, s) in sides {
                distance_rows(out, &field(&s.spec), &s.distance_distribution)?;
            }
        }
        Table::Histogram => {
            writeln!(out, "network,spec,kind,load,channels")?;
            for (name, s) in sides {
                for (kind, k) in [("local", &s.local), ("global", &s.global)] {
                    for c in &k.distribution {
                        writeln!(
                            out,
                            "{name},{},{kind},{},{}",
                            field(&s.spec),
                            c.load,
                            c.channels
                        )?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Quotes a CSV field that holds a comma.
fn field(s: &str) -> String {
    if s.contains(',') {
        format!("\"{s}\"")
    } else {
        s.to_string()
    }
}

pub fn compare_cmd(a: CompareArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let nets = a
        .specs
        .iter()
        .map(|s| network(s))
        .collect::<Result<Vec<_>, _>>()?;
    let budget = if force {
        Budget {
            steps: u64::MAX,
            bytes: u64::MAX,
        }
    } else {
        CLI_BUDGET
    };
    let rows = compare(&nets, budget).map_err(|e| {
        let mut msg = e.to_string();
        if matches!(e, icn_core::analysis::CompareError::OverBudget { .. }) {
            msg.push_str("; pass --force to compute anyway");
        }
        Failure(msg)
    })?;
    if a.format == Format::Json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&json!({
                "conventions": "distances over ordered pairs of distinct terminals; loads per directed channel under each family's default strategy, every ordered terminal pair sending one unit split equally among its paths",
                "networks": rows,
            }))?
        )?;
        return Ok(());
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
