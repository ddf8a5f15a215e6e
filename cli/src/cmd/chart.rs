//! `icn chart`: the data behind a chart of the web app's Charts view.

use std::io::Write;

use clap::Args;
use icn_core::charts::{build, ChartInput, ChartKind, ChartRequest};

use crate::output::{json, network, Failure, Format, Progress};

#[derive(Args, Debug)]
pub struct ChartArgs {
    /// The chart: density, levels, load, distances, d2h2, lens-loads, lens-distances,
    /// hc-distances, hc-loads, hc-sim, d3-mdf, net-distances, net-loads.
    name: Option<String>,
    /// levels, load: the KYKLOS spec; lens-*: a Lens; hc-*: a Hypercycle; d3-mdf: a D3;
    /// net-*: any network (default: the chart's).
    #[arg(long, short)]
    t: Option<String>,
    /// levels, load: the strategy (mr, hr, pr, d2, y2; default y2).
    #[arg(long, short)]
    strategy: Option<String>,
    /// density, d2h2: the largest n; distances: n (default: the chart's).
    #[arg(long, short)]
    n: Option<u64>,
    /// hc-sim: the seed (default 1).
    #[arg(long)]
    seed: Option<u64>,
    /// hc-sim: measured ticks (a transmission lasts 100; default
    /// `icn_core::charts::SIM_DEFAULT_TICKS`).
    #[arg(long)]
    ticks: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

/// `icn chart [NAME]`: the charts, or one chart's data.
pub fn run(a: ChartArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let Some(name) = a.name.clone() else {
        for k in ChartKind::ALL {
            writeln!(out, "{}\t{}", k.name(), k.title())?;
        }
        return Ok(());
    };
    if let Some(kind) = ChartKind::from_name(&name) {
        unused_options(kind, &a)?;
    }
    let n = a.n.map(|n| n.to_string());
    let seed = a.seed.unwrap_or(1).to_string();
    let ticks_value = a.ticks.unwrap_or(icn_core::charts::SIM_DEFAULT_TICKS);
    let ticks = ticks_value.to_string();
    let t = a.t.unwrap_or_else(|| {
        ChartKind::from_name(&name)
            .map_or("", ChartKind::default_spec)
            .to_string()
    });
    let req = ChartRequest::from_input(&ChartInput {
        chart: &name,
        spec: &t,
        strategy: a.strategy.as_deref().unwrap_or("y2"),
        n: n.as_deref(),
        seed: Some(&seed),
        ticks: Some(&ticks),
    })?;
    let estimate = (ChartKind::from_name(&name) == Some(ChartKind::HcSim))
        .then(|| {
            let h = network(&t).ok()?.hypercycle().ok()?.clone();
            let cfg = icn_core::charts::sim_config(&h, a.seed.unwrap_or(1), ticks_value);
            Some(icn_core::sim::sweep_estimate(&h, &cfg))
        })
        .flatten();
    let mut progress = Progress::new(&format!("chart {name}"), estimate);
    let data = build(&req, &mut |done, total, what| {
        progress.at(done as f64 / total.max(1) as f64, what);
    })
    .map_err(|e| Failure(e.to_string()))?;
    match a.format {
        Format::Json => json(out, &data),
        Format::Csv => {
            write!(out, "{}", data.csv())?;
            Ok(())
        }
    }
}

/// Refuses an option the chart does not read (it would be ignored).
fn unused_options(kind: ChartKind, a: &ChartArgs) -> Result<(), Failure> {
    let given = [
        ("-t", a.t.is_some(), kind.family().is_some()),
        ("--strategy", a.strategy.is_some(), kind.takes_network()),
        ("-n", a.n.is_some(), kind.n_range().is_some()),
        ("--seed", a.seed.is_some(), kind.takes_seed()),
        ("--ticks", a.ticks.is_some(), kind.takes_seed()),
    ];
    match given.iter().find(|(_, given, used)| *given && !*used) {
        Some((flag, _, _)) => Err(Failure(format!(
            "chart '{}' takes no {flag}; its options: {}",
            kind.name(),
            given
                .iter()
                .filter(|g| g.2)
                .map(|g| g.0)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        None => Ok(()),
    }
}
