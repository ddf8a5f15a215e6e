//! `icn route`: paths from one node to another, with D3's header and deflection paths
//! and a Hypercycle's path counts.

use std::io::Write;

use clap::Args;
use icn_core::topology::d3::D3;
use icn_core::{Network, Node};
use serde_json::{json, Value};

use crate::output::{big, guard, json, network, node, strategy_name, Failure, Format};

#[derive(Args, Debug)]
pub struct RouteArgs {
    /// Topology spec.
    spec: String,
    /// Source address.
    from: String,
    /// Destination address.
    to: String,
    /// Routing strategy (default: the family's first, `minimal`).
    #[arg(long, short)]
    strategy: Option<String>,
    /// How many paths to list (all are counted).
    #[arg(long, short, default_value_t = 64)]
    limit: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// D3 only: add the source-vector header (3; γ, π, δ), its evolution 3 → 0 and
    /// the destination-header lookups (§8, §10).
    #[arg(long)]
    header: bool,
    /// D3 only: add §10's deflection paths through cabinet C (a number), or `all`
    /// for every cabinet.
    #[arg(long, value_name = "C|all")]
    deflect: Option<String>,
    /// D3 only: add §10's glgl path (global hop to the destination cabinet first, even
    /// within one cabinet), which the memoryless `glgl-direct` follows only in part.
    #[arg(long)]
    glgl: bool,
}

/// Addresses of every node of every path.
fn names(net: &Network, paths: &[Vec<Node>]) -> Vec<Vec<String>> {
    paths
        .iter()
        .map(|p| p.iter().map(|&v| net.format_node(v)).collect())
        .collect()
}

/// `icn route SPEC FROM TO`.
pub fn run(args: &RouteArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = network(&args.spec)?;
    let (a, b) = (node(&net, "from", &args.from)?, node(&net, "to", &args.to)?);
    let d3 = net.d3().ok();
    if (args.header || args.glgl || args.deflect.is_some()) && d3.is_none() {
        return Err(Failure(format!(
            "--header, --glgl and --deflect are for d3; '{}' is a {}",
            net.spec(),
            net.family().name
        )));
    }
    if args.format == Format::Csv && (args.header || args.glgl || args.deflect.is_some()) {
        return Err(Failure(
            "--header, --glgl and --deflect add to the JSON document; the CSV lists the paths only (drop --format csv, or those options)".into(),
        ));
    }
    let name = strategy_name(&net, &args.strategy);
    guard("this route", net.route_cost(name, a, b, args.limit), force)?;
    let route = net.route(name, a, b, args.limit)?;
    if route.path_count.bits() == 0 && a != b {
        return Err(Failure(format!("no path: {}", net.no_path(name, a, b))));
    }
    let paths = names(&net, &route.paths);
    if args.format == Format::Csv {
        // A two-phase routing's paths name their intermediate in a fourth column.
        let two_phase = !route.via.is_empty();
        writeln!(
            out,
            "path,hops,nodes{}",
            if two_phase { ",via" } else { "" }
        )?;
        for (i, p) in paths.iter().enumerate() {
            write!(out, "{},{},{}", i + 1, p.len() - 1, p.join(" "))?;
            if let Some(&v) = route.via.get(i) {
                write!(out, ",{}", net.format_node(v))?;
            }
            writeln!(out)?;
        }
        return Ok(());
    }
    let mut doc = json!({
        "spec": net.spec(),
        "strategy": name,
        "from": net.format_node(a),
        "to": net.format_node(b),
        "distance": route.length,
        "path_count": big(&route.path_count),
        "listed": paths.len(),
        "truncated": route.truncated,
        "paths": paths,
    });
    let terminals = net.topology().terminal_count();
    if let Some(unit) = net.hop_unit().filter(|_| a < terminals && b < terminals) {
        // The paper's unit first (the Lens's busses), the links of `distance` beside it.
        doc["hops"] = json!({
            "unit": unit.name,
            "distance": route.length / unit.links,
            "links_per_hop": unit.links,
        });
    }
    if !route.via.is_empty() {
        // A two-phase routing (Valiant): the intermediate each listed path goes via.
        doc["via"] = json!(route
            .via
            .iter()
            .map(|&v| net.format_node(v))
            .collect::<Vec<_>>());
    }
    if let Some(d) = d3 {
        d3_extras(&mut doc, args, &net, d, (a, b), force)?;
    }
    if let Ok(h) = net.hypercycle() {
        let c = h.path_counts(a, b);
        doc["hypercycle"] = json!({
            "dim_distances": h.dim_distances(a, b),
            "minimal_paths": big(&c.minimal),
            "equation_paths": big(&c.equation),
            "greedy_paths": big(&c.greedy),
        });
    }
    json(out, &doc)
}

/// D3's `--header` trace and `--deflect` paths, added to `doc`.
fn d3_extras(
    doc: &mut Value,
    args: &RouteArgs,
    net: &Network,
    d: &D3,
    (a, b): (Node, Node),
    force: bool,
) -> Result<(), Failure> {
    if args.header {
        doc["header"] = json!(d.header_trace(a, b));
    }
    if args.glgl {
        doc["glgl"] = json!(names(net, &[d.glgl_path(a, b)])[0]);
    }
    if let Some(which) = &args.deflect {
        let cabinet = match which.as_str() {
            "all" => None,
            c => Some(
                c.parse::<u32>()
                    .ok()
                    .filter(|&c| c < d.k())
                    .ok_or_else(|| {
                        Failure(format!(
                            "--deflect '{c}': a cabinet 0 to {} or 'all'",
                            d.k() - 1
                        ))
                    })?,
            ),
        };
        let count = u64::from(d.m()) * cabinet.map_or(u64::from(d.k()), |_| 1);
        guard(
            "listing the deflection paths",
            icn_core::listing_cost(count, 6),
            force,
        )?;
        let paths = names(net, &d.deflection_paths(a, b, cabinet));
        doc["deflection"] = json!({ "cabinet": cabinet, "paths": paths });
    }
    Ok(())
}
