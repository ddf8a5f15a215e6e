//! `icn deadlock`: the channel dependency graph of a routing on virtual channels, a cycle
//! if it has one, and the fewest virtual channels that make it acyclic (docs/cli.md).

use std::io::Write;

use icn_core::analysis::deadlock::{
    deadlock, deadlock_estimate, deadlock_finish, deadlock_part, duato, duato_estimate, min_vcs,
    min_vcs_bound, routing_table, scheme_for, DeadlockError, DeadlockPart, DeadlockReport, Scheme,
};
use icn_core::routing::registry;
use icn_core::Network;
use serde_json::json;

use clap::Args;

use crate::output::{budget, guard, json, network, strategy_name, Failure};

#[derive(Args, Debug)]
pub struct DeadlockArgs {
    /// Topology spec.
    spec: String,
    /// Routing strategy (default: the family's first).
    #[arg(long, short)]
    routing: Option<String>,
    /// How a packet picks its virtual channel: one, hops, phases or dateline (default:
    /// `one` on one virtual channel; on more, the first of dateline, phases and hops that
    /// applies and is deadlock-free, as `icn sim` picks).
    #[arg(long)]
    scheme: Option<String>,
    /// Virtual channels per channel, 1 to 64 (the `one` scheme uses one).
    #[arg(long, default_value_t = 1)]
    vcs: u32,
    /// Also search the fewest virtual channels, up to this many (at most 64, the most the
    /// analysis and the simulator take), that make the scheme acyclic (0: do not search);
    /// `max_vcs_searched` says how far it went.
    #[arg(long, default_value_t = 8)]
    max_vcs: u32,
    /// Also tabulate every routing of the network: deadlock-free on one virtual channel,
    /// and the fewest virtual channels each scheme needs (up to 8), as the deadlock view.
    #[arg(long)]
    table: bool,
    /// Duato's condition instead: `--routing` is the adaptive routing, this the escape
    /// routing on the first virtual channels of each channel (`--vcs` in all).
    #[arg(long, conflicts_with_all = ["scheme", "max_vcs", "table"])]
    escape: Option<String>,
    /// The escape routing's scheme: one (one escape VC) or dateline (two).
    #[arg(long, default_value = "one", requires = "escape")]
    escape_scheme: String,
    /// Threads that build the graph at once, each over a part of the destinations (default:
    /// the machine's cores; a graph under 10⁸ estimated steps is built in one). The report
    /// is the same for any number.
    #[arg(long, value_parser = crate::output::thread_count)]
    threads: Option<usize>,
}

/// The estimated steps from which the graph is built on several threads.
const THREADED_STEPS: u64 = 100_000_000;

/// The graph of `name` on `net` built in `threads` parts at once, each thread on a network
/// of its own (a routing borrows its network; neither crosses threads), merged and
/// finished: the report [`deadlock`] gives.
fn graph_in_parts(
    net: &Network,
    name: &str,
    (scheme, vcs): (Scheme, u32),
    threads: usize,
) -> Result<DeadlockReport, Failure> {
    let spec = net.spec();
    let parts: Vec<Result<DeadlockPart, Failure>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let spec = &spec;
                scope.spawn(move || -> Result<DeadlockPart, Failure> {
                    let net = network(spec)?;
                    let routing = registry::build(&net, name)?;
                    let t = net.topology();
                    let part = (k, threads);
                    Ok(deadlock_part(
                        t,
                        routing.as_ref(),
                        (scheme, vcs),
                        part,
                        &mut |_, _| {},
                    )?)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Failure("a thread building the graph stopped".into())))
            })
            .collect()
    });
    let mut merged: Option<DeadlockPart> = None;
    for part in parts {
        let part = part?;
        merged = Some(match merged {
            None => part,
            Some(m) => m.merge(part).map_err(DeadlockError::from)?,
        });
    }
    let merged = merged.ok_or_else(|| Failure("no part of the graph was built".into()))?;
    let routing = registry::build(net, name)?;
    Ok(deadlock_finish(
        net.topology(),
        routing.as_ref(),
        merged,
        &mut |_, _| {},
    )?)
}

/// A channel as text: `a → b`.
fn channel(net: &Network, (u, v, _): (usize, usize, u32)) -> String {
    format!("{} → {}", net.format_node(u), net.format_node(v))
}

/// `icn deadlock SPEC --escape E`: Duato's condition.
fn run_duato(
    a: &DeadlockArgs,
    net: &Network,
    name: &str,
    escape_name: &str,
    force: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let adaptive = registry::build(net, name)?;
    let escape = registry::build(net, escape_name)?;
    let scheme: Scheme = a.escape_scheme.parse()?;
    guard(
        "Duato's extended dependency graph",
        duato_estimate(net.topology()),
        force,
    )?;
    let r = duato(
        net.topology(),
        adaptive.as_ref(),
        escape.as_ref(),
        scheme,
        a.vcs,
    )?;
    let cycle: Vec<_> = r
        .cycle
        .iter()
        .map(|d| {
            json!({
                "channel": channel(net, d.from),
                "vc": d.from.2,
                "next": channel(net, d.to),
                "next_vc": d.to.2,
                "taken_at": net.format_node(d.src),
                "to": net.format_node(d.dst),
            })
        })
        .collect();
    json(
        out,
        &json!({
            "spec": net.spec(),
            "routing": name,
            "escape": escape_name,
            "escape_scheme": scheme.name(),
            "vcs": a.vcs,
            "escape_vcs": r.escape_vcs,
            "adaptive_vcs": r.adaptive_vcs,
            "graph_nodes": r.graph_nodes,
            "graph_edges": r.graph_edges,
            "indirect_edges": r.indirect_edges,
            "deadlock_free": r.acyclic,
            "cycle": cycle,
            "shortest_cycle": r.shortest && !r.acyclic,
        }),
    )
}

/// `icn deadlock SPEC`.
pub fn run(a: &DeadlockArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = network(&a.spec)?;
    let name = strategy_name(&net, &a.routing);
    if let Some(escape) = &a.escape {
        return run_duato(a, &net, name, escape, force, out);
    }
    let routing = registry::build(&net, name)?;
    let t = net.topology();
    let chosen = a.scheme.is_none() && a.vcs > 1;
    let one = deadlock_estimate(t, routing.as_ref(), a.vcs);
    if chosen {
        // Up to three graphs to pick the scheme.
        let mut pick = one;
        pick.steps = pick.steps.saturating_mul(3);
        guard("choosing the scheme's dependency graphs", pick, force)?;
    }
    let scheme: Scheme = match &a.scheme {
        Some(s) => s.parse()?,
        None => scheme_for(t, routing.as_ref(), a.vcs)?,
    };
    if scheme == Scheme::One && a.vcs > 1 {
        return Err(Failure(format!(
            "--scheme one puts every hop on one virtual channel, so --vcs {} would not be used: \
             give --vcs 1, or a scheme that uses them (dateline, phases or hops; leave --scheme \
             out to have one picked)",
            a.vcs
        )));
    }
    let top = min_vcs_bound(scheme, a.max_vcs);
    let mut estimate = deadlock_estimate(t, routing.as_ref(), a.vcs.max(top));
    estimate.steps = estimate.steps.saturating_mul(1 + u64::from(top));
    guard("this dependency graph", estimate, force)?;
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .clamp(1, 64);
    let steps = one.steps;
    let report = if threads > 1 && steps >= THREADED_STEPS {
        graph_in_parts(&net, name, (scheme, a.vcs), threads)?
    } else {
        deadlock(t, routing.as_ref(), scheme, a.vcs)?
    };
    let least = if top == 0 {
        None
    } else {
        min_vcs(t, routing.as_ref(), scheme, top)?
    };
    let cycle: Vec<_> = report
        .cycle
        .iter()
        .map(|d| {
            json!({
                "channel": channel(&net, d.from),
                "vc": d.from.2,
                "next": channel(&net, d.to),
                "next_vc": d.to.2,
                "route": { "from": net.format_node(d.src), "to": net.format_node(d.dst) },
            })
        })
        .collect();
    let budget = budget(force);
    let mut value = json!({
            "spec": net.spec(),
            "routing": name,
            "scheme": scheme.name(),
            "scheme_chosen": chosen,
            "vcs": report.vcs,
            "channels": report.channels,
            "graph_nodes": report.graph_nodes,
            "graph_edges": report.graph_edges,
            "deadlock_free": report.acyclic,
            "cycle": cycle,
            "shortest_cycle": report.shortest && !report.acyclic,
            "min_vcs": least,
            "max_vcs_searched": top,
    });
    if a.table {
        value["routings"] = json!(routing_table(&net, budget, &mut |_, _, _| {}));
    }
    json(out, &value)
}
