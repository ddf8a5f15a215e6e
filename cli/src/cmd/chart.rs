//! `icn chart`: the data behind a chart of the web app's Charts view.

use std::io::Write;

use clap::Args;
use icn_core::charts::{build, ChartInput, ChartKind, ChartRequest};

use crate::output::{json, Failure, Format};

#[derive(Args, Debug)]
pub struct ChartArgs {
    /// The chart: density, levels, load, distances, d2h2, lens-loads, lens-distances,
    /// hc-distances, hc-loads, hc-sim, d3-mdf, net-distances, net-loads.
    name: Option<String>,
    /// levels, load: the KYKLOS spec; lens-*: a Lens; hc-*: a Hypercycle; d3-mdf: a D3;
    /// net-*: any network (default: the chart's).
    #[arg(long, short)]
    t: Option<String>,
    /// levels, load: the strategy (mr, hr, pr, d2, y2).
    #[arg(long, short, default_value = "y2")]
    strategy: String,
    /// density, d2h2: the largest n; distances: n (default: the chart's).
    #[arg(long, short)]
    n: Option<u64>,
    /// hc-sim: the seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// hc-sim: measured ticks (a transmission lasts 100).
    #[arg(long, default_value_t = icn_core::charts::SIM_DEFAULT_TICKS)]
    ticks: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

/// `icn chart [NAME]`: the charts, or one chart's data.
pub fn run(a: ChartArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let Some(name) = a.name else {
        for k in ChartKind::ALL {
            writeln!(out, "{}\t{}", k.name(), k.title())?;
        }
        return Ok(());
    };
    let n = a.n.map(|n| n.to_string());
    let (seed, ticks) = (a.seed.to_string(), a.ticks.to_string());
    let t = a.t.unwrap_or_else(|| {
        ChartKind::from_name(&name)
            .map_or("", ChartKind::default_spec)
            .to_string()
    });
    let req = ChartRequest::from_input(&ChartInput {
        chart: &name,
        spec: &t,
        strategy: &a.strategy,
        n: n.as_deref(),
        seed: Some(&seed),
        ticks: Some(&ticks),
    })?;
    let data = build(&req, &mut |_, _, _| {}).map_err(|e| Failure(e.to_string()))?;
    match a.format {
        Format::Json => json(out, &data),
        Format::Csv => {
            write!(out, "{}", data.csv())?;
            Ok(())
        }
    }
}
