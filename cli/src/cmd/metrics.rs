//! `icn metrics`: the distance distribution and, within the budget, the loads.

use std::io::Write;

use clap::Args;
use icn_core::analysis::table3_measures;
use icn_core::metrics::{
    distance_method, load_estimate, load_method, load_summary_progress, LOAD_NODE_LIMIT,
};
use icn_core::routing::registry;
use icn_core::{Hops, Network, Routing};
use serde_json::{json, Value};

use crate::output::{json, network, note, strategy_name, Failure, Format, Progress, CLI_BUDGET};

#[derive(Args, Debug)]
pub struct MetricsArgs {
    /// Topology spec.
    spec: String,
    /// Routing strategy for the loads.
    #[arg(long, short)]
    strategy: Option<String>,
    /// Output format (csv: the distance distribution).
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

/// `icn metrics SPEC`.
pub fn run(a: &MetricsArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = network(&a.spec)?;
    let name = strategy_name(&net, &a.strategy);
    let routing = registry::build_oblivious(&net, name)?;
    let dd = super::info::distances("metrics", &net, force)?;
    if a.format == Format::Csv {
        writeln!(out, "distance,ordered_pairs")?;
        for (d, c) in dd.counts.iter().enumerate().skip(1) {
            writeln!(out, "{d},{c}")?;
        }
        return Ok(());
    }
    let (loads, skipped) = loads(&net, routing.as_ref(), force);
    let mut doc = json!({
        "spec": net.spec(),
        "strategy": name,
        "nodes": net.topology().node_count(),
        "distance_method": distance_method(net.topology()),
        "distance_distribution": dd.counts,
        "diameter": dd.diameter(),
        "average_distance": dd.average(),
        "loads": loads,
        "loads_method": load_method(net.topology(), routing.as_ref()),
        "loads_skipped": skipped,
    });
    if let Ok(k) = net.kyklos() {
        // TR-88-27 Table 3's own measures, in its convention, beside the channel loads.
        if let Some(t) = name.parse().ok().and_then(|kind| table3_measures(k, kind)) {
            doc["table3"] = json!(t);
        }
    }
    if let Some(unit) = net.hop_unit() {
        // The paper's unit (the Lens's busses) beside the link counts above.
        doc["hops"] = json!(Hops::new(unit, &dd));
    }
    json(out, &doc)
}

/// Estimated steps beyond which `icn metrics` says what the loads will take (about 20
/// seconds at the 50 M steps a second docs/limits.md assumes).
const LONG_STEPS: u64 = 1 << 30;

/// The load summary, or why it was skipped (too many nodes, or over the budget).
fn loads(net: &Network, routing: &dyn Routing, force: bool) -> (Value, Option<String>) {
    let n = net.topology().node_count();
    // One pass over the routing's DAG per destination, or per orbit of destinations
    // under a symmetry the routing respects; a two-phase routing's weights besides.
    let loads_cost = load_estimate(net.topology(), routing);
    let skipped = if n > LOAD_NODE_LIMIT {
        Some(format!(
            "loads need O(N) memory; skipped above {LOAD_NODE_LIMIT} nodes"
        ))
    } else if !force && !loads_cost.within(CLI_BUDGET) {
        Some(format!(
            "loads would take about {:.1e} steps; skipped (pass --force to compute them)",
            loads_cost.steps as f64
        ))
    } else {
        None
    };
    let loads = if skipped.is_none() {
        let long = loads_cost.steps > LONG_STEPS;
        if long {
            // Say up front what they will take; progress follows after two seconds.
            note(&format!(
                "icn: metrics: the loads take about {:.1e} steps and {} MiB (about {} s at 50 M steps a second); --format csv gives the distances alone",
                loads_cost.steps as f64,
                loads_cost.bytes >> 20,
                loads_cost.steps / 50_000_000
            ));
        }
        // The estimate is in the note above when the run is long, else in the first line
        // of progress (after two seconds).
        let mut progress = Progress::new("metrics: loads", (!long).then_some(loads_cost));
        json!(load_summary_progress(
            net.topology(),
            routing,
            &mut |done, passes| {
                progress.at(
                    done as f64 / passes.max(1) as f64,
                    &format!("{done} of {passes} passes"),
                );
            }
        ))
    } else {
        Value::Null
    };
    (loads, skipped)
}
