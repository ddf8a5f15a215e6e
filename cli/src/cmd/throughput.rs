//! `icn throughput`: a routing's throughput under uniform traffic, a named permutation, a
//! permutation given in full, its worst-case permutation, or any other pattern the
//! simulator knows as its exact traffic matrix (docs/cli.md).

use std::io::Write;

use clap::Args;
use icn_core::analysis::throughput::{
    endpoint_nodes, fraction, longest, optimal_estimate, optimal_with, permutation_estimate,
    routed, worst, worst_estimate, Demand, Throughput,
};
use icn_core::metrics::load_estimate;
use icn_core::routing::registry;
use icn_core::sim::packet::{pattern_demand, pattern_estimate, permutation_text, Pattern};
use serde_json::json;

use crate::output::{guard, json, network, read_capped, strategy_name, Failure, Progress};

#[derive(Args, Debug)]
pub struct ThroughputArgs {
    /// Topology spec.
    spec: String,
    /// Routing (any oblivious routing of the network; default its first).
    #[arg(long, short)]
    routing: Option<String>,
    /// Traffic: uniform, worst (the routing's worst-case permutation), longest (the
    /// permutation of the largest total distance: near-worst for any routing), a permutation
    /// pattern (transpose, bitcomp, bitrev, shuffle, tornado, neighbor, randperm(SEED)),
    /// perm:D0,D1,… / perm:@FILE (each endpoint's destination, in endpoint order), or any
    /// other pattern of `icn sim` (hotspot(E,…), background({E,…}), diagonal, asymmetric,
    /// taper64, bad_dragon(K,N), badperm_yarc(K,N,XR)) as its exact traffic matrix.
    #[arg(long, short, default_value = "uniform")]
    traffic: String,
    /// List every channel's load at rate 1.
    #[arg(long)]
    channels: bool,
    /// Also the best any routing could do under the same traffic: the maximum concurrent
    /// flow, by a linear program (`lower_bound`, `upper_bound`).
    #[arg(long)]
    optimal: bool,
}

/// The traffic `text` names, `perm:@FILE` read from FILE (the one grammar of `icn sim
/// --traffic`).
pub fn pattern(text: &str) -> Result<Pattern, Failure> {
    match text.trim().strip_prefix("perm:@") {
        Some(path) => {
            let at = |e: &dyn std::fmt::Display| Failure(format!("--traffic perm:@{path}: {e}"));
            let body = read_capped(std::path::Path::new(path)).map_err(|e| at(&e.0))?;
            let list = permutation_text(&body).map_err(|e| at(&e))?;
            Ok(Pattern::Given(list))
        }
        None => Ok(text.parse()?),
    }
}

/// `icn throughput SPEC`.
pub fn run(a: &ThroughputArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = network(&a.spec)?;
    let name = strategy_name(&net, &a.routing);
    let routing = registry::build_oblivious(&net, name)?;
    let t = net.topology();
    let ends = endpoint_nodes(&net);
    let traffic = a.traffic.trim();
    let mut matrix = None;
    let result: Throughput = if traffic == "uniform" {
        guard(
            "the channel loads",
            load_estimate(t, routing.as_ref()),
            force,
        )?;
        routed(&net, routing.as_ref(), &Demand::Uniform)?
    } else if traffic == "worst" {
        let estimate = worst_estimate(&net, routing.as_ref());
        guard("the worst-case permutation", estimate, force)?;
        let mut progress = Progress::new("the worst-case permutation", Some(estimate));
        worst(&net, routing.as_ref(), &mut |done, total| {
            progress.at(
                done as f64 / total.max(1) as f64,
                &format!("channel {done} of {total}"),
            );
        })?
    } else {
        let demand = if traffic == "longest" {
            let estimate = permutation_estimate(&net, routing.as_ref());
            guard("the permutation's loads", estimate, force)?;
            Demand::Permutation(longest(&net)?)
        } else {
            let p = pattern(traffic)?;
            let estimate = match &p {
                Pattern::Given(_) => permutation_estimate(&net, routing.as_ref()),
                p => pattern_estimate(&net, routing.as_ref(), p)?,
            };
            guard("the traffic's loads", estimate, force)?;
            pattern_demand(&net, &p)?
        };
        let result = routed(&net, routing.as_ref(), &demand)?;
        matrix = match demand {
            Demand::Matrix(rows) => Some(rows),
            _ => None,
        };
        result
    };
    let channel =
        |(u, v): (usize, usize)| format!("{} → {}", net.format_node(u), net.format_node(v));
    let mut doc = json!({
        "spec": net.spec(),
        "routing": name,
        "traffic": traffic,
        "endpoints": ends.len(),
        "throughput": result.throughput,
        "throughput_fraction": fraction(result.throughput).map(|(p, q)| format!("{p}/{q}")),
        "channel_bound": if result.channel_bound.is_finite() { json!(result.channel_bound) } else { json!(null) },
        "max_channel_load": result.max_load,
        "bottleneck": result.bottleneck.iter().map(|&c| channel(c)).collect::<Vec<_>>(),
    });
    if let Some(rows) = &matrix {
        doc["endpoint_bound"] = json!(result.endpoint_bound);
        doc["busiest_endpoints"] = json!(result.busiest_endpoints);
        doc["busiest_endpoint_nodes"] = json!(result
            .busiest_endpoints
            .iter()
            .map(|&d| net.format_node(ends[d as usize]))
            .collect::<Vec<_>>());
        doc["pairs"] = json!(rows.iter().map(Vec::len).sum::<usize>());
    }
    if a.optimal {
        let demand = match (&result.permutation, matrix) {
            (Some(p), _) => Demand::Permutation(p.clone()),
            (None, Some(rows)) => Demand::Matrix(rows),
            (None, None) => Demand::Uniform,
        };
        let estimate = optimal_estimate(&net);
        guard("the optimal bound", estimate, force)?;
        let mut progress = Progress::new("the optimal bound", Some(estimate));
        let best = optimal_with(&net, &demand, &mut |done, most| {
            progress.at(
                done as f64 / most.max(1) as f64,
                &format!("phase {done} of at most {most}"),
            );
        })?;
        doc["lower_bound"] = json!(best.lower_bound);
        doc["upper_bound"] = json!(best.upper_bound);
    }
    if let Some(p) = &result.permutation {
        doc["permutation"] = json!(p);
        doc["permutation_nodes"] = json!(p
            .iter()
            .enumerate()
            .map(|(s, &d)| format!(
                "{} → {}",
                net.format_node(ends[s]),
                net.format_node(ends[d as usize])
            ))
            .collect::<Vec<_>>());
    }
    if a.channels {
        let channels = icn_core::analysis::throughput::Channels::of(t);
        doc["channels"] = json!((0..channels.len())
            .map(|k| json!({
                "channel": channel((channels.tail(k), channels.targets[k])),
                "load": result.loads[k],
                "load_fraction": fraction(result.loads[k]).map(|(p, q)| format!("{p}/{q}")),
            }))
            .collect::<Vec<_>>());
    }
    json(out, &doc)
}
