//! `icn`: every icnplay core computation as JSON (default) or CSV, for scripts, course
//! notes and checks. Schemas: docs/cli.md.

use std::io::{self, Write};
use std::process::ExitCode;
use std::str::FromStr;

mod charts;
mod papers;

use clap::{Parser, Subcommand, ValueEnum};
use icn_core::metrics::{load_passes, load_summary, LOAD_NODE_LIMIT};
use icn_core::topology::lens::{self, PathChoice};
use icn_core::{Budget, Estimate, Network, Node, Topology, FAMILIES};
use serde_json::{json, Value};

#[derive(Parser, Debug)]
#[command(
    name = "icn",
    version,
    about = "Interconnection networks: routes and exact metrics as JSON or CSV"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Compute even when the estimated cost exceeds what icn does without asking
    /// (2^38 steps or 8 GiB; docs/limits.md).
    #[arg(long, global = true)]
    force: bool,
}

/// What `icn` computes without `--force`: a few minutes of one core and 8 GiB. The
/// estimates come from the parameters (`Network::cost`), before anything is built.
const CLI_BUDGET: Budget = Budget {
    steps: 1 << 38,
    bytes: 8 << 30,
};

/// Refuses a computation whose estimate exceeds [`CLI_BUDGET`], unless forced.
fn guard(what: &str, estimate: Estimate, force: bool) -> Result<(), Failure> {
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

#[derive(Subcommand, Debug)]
enum Command {
    /// List the topology families, their parameters and strategies.
    Families,
    /// Nodes, links, degree, diameter, average distance, symmetry, paper formulas.
    Info {
        /// Topology spec, e.g. hypercycle:m=5x4x3,rho=2x1x1
        spec: String,
    },
    /// Paths from one node to another under a routing strategy.
    Route {
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
    },
    /// Distance distribution, diameter, average distance, channel and node loads.
    Metrics {
        /// Topology spec.
        spec: String,
        /// Routing strategy for the loads.
        #[arg(long, short)]
        strategy: Option<String>,
        /// Output format (csv: the distance distribution).
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    },
    /// The Lens's step-by-step route: address, dot, digits, bus and explanation per step.
    Walkthrough {
        /// A Lens spec, e.g. lens:p=4,q=4,n=5.
        spec: String,
        /// Source processor (w.v).
        from: String,
        /// Destination processor.
        to: String,
        /// Which path: shortest (default), paper, left, right (uncompleted), class1..class4
        /// (completed; class1:K / class3:K for region B / C number K).
        #[arg(long, short, default_value = "shortest")]
        choice: String,
        /// With --choice class1 or class3: region B or C number K (1, 2, … as listed in
        /// `regions`), instead of a longest one.
        #[arg(long, short)]
        region: Option<usize>,
    },
    /// KYKLOS-II relational join (TR-88-27 §VII, Appendix A): the join site of the S
    /// fragment at L-node S with the R fragment at L-node R, and both fragments' routes.
    Join {
        /// A KYKLOS spec, e.g. kyklos2:m=2,r=2,n=6 (m = 2, r = 2, proposed shuffle).
        spec: String,
        /// The L-node holding the S (larger) fragment.
        #[arg(long)]
        s: String,
        /// The L-node holding the R (smaller) fragment.
        #[arg(long)]
        r: String,
    },
    /// A table or worked example of a paper, computed: `icn table` lists them.
    Table {
        /// The table's name.
        name: Option<String>,
        /// Output format (csv: one line per cell; the KYKLOS tables only).
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// d3-subnetwork: the big network's cabinets N.
        #[arg(long, default_value_t = 9)]
        n: u32,
        /// d3-subnetwork: the cabinets κ, comma separated (e.g. 1,2,5,8); without it,
        /// the paper's printed tables beside the computed ones.
        #[arg(long, value_delimiter = ',')]
        kappa: Option<Vec<u32>>,
        /// d3-subnetwork: M for the edge-by-edge isomorphism check.
        #[arg(long, default_value_t = 3)]
        m: u32,
    },
    /// A D3 collective as a step-by-step schedule: rounds, delays, link conflicts, the
    /// paper's claim, and per step the channels in use.
    Schedule {
        /// A D3 spec, e.g. d3:k=3,m=4.
        spec: String,
        /// broadcast, one-to-all, all-to-one, all-to-all or permutation.
        collective: String,
        /// The source (broadcast, one-to-all) or sink (all-to-one), e.g. (0,0,1).
        #[arg(long)]
        root: Option<String>,
        /// broadcast: how many messages.
        #[arg(long, default_value_t = 4)]
        count: u32,
        /// permutation: shift, swap, reverse or random.
        #[arg(long, default_value = "shift")]
        perm: String,
        /// permutation random: the seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Delays: `paper` (the paper's algorithm) or `greedy` (earliest conflict-free).
        #[arg(long, value_enum, default_value_t = Rule::Paper)]
        rule: Rule,
        /// Leave out the per-step channel occupancy.
        #[arg(long)]
        summary: bool,
    },
    /// The data behind a chart of the web app's Charts view (`icn chart` lists them):
    /// the same rows as the page's CSV download.
    Chart {
        /// The chart: density, levels, load, distances, d2h2, lens-loads, lens-distances,
        /// hc-distances, hc-loads, hc-sim, d3-mdf.
        name: Option<String>,
        /// levels, load: the KYKLOS spec; lens-*: a Lens; hc-*: a Hypercycle; d3-mdf: a D3
        /// (default: the chart's).
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
    },
    /// The audit of the five papers: every printed value beside the computed one.
    Papers {
        /// Output format.
        #[arg(long, value_enum, default_value_t = papers::PapersFormat::Text)]
        format: papers::PapersFormat,
        /// Only this paper (kyklos, d2, hypercycles, lens, dragonfly).
        #[arg(long)]
        paper: Option<String>,
        /// Only this item (an `icn table` name).
        #[arg(long)]
        item: Option<String>,
        /// Compare with the recorded expectation; exit 1 on any change or unexplained
        /// difference.
        #[arg(long, conflicts_with = "record")]
        check: bool,
        /// Print the expectation file (cli/papers-expected.csv) for the current code.
        #[arg(long)]
        record: bool,
    },
    /// Hypercycle link loads under uniform all-pairs traffic: e-cube against
    /// random-greedy (per channel class, or per channel with --per-link).
    Loads(charts::LoadsArgs),
    /// The Hypercycles paper's Figure 2: a seeded discrete-event simulation of circuit
    /// set-up, mean delay against offered load per policy.
    Simulate(charts::SimulateArgs),
    /// A D3(K, M) against the maximal Dragonfly of the closest size: distance
    /// distributions and local and global link loads.
    #[command(name = "d3-vs-mdf")]
    D3VsMdf(charts::D3VsMdfArgs),
    /// Two to four networks side by side: nodes, links, degree, diameter, average
    /// distance, link loads and distance distributions.
    Compare(charts::CompareArgs),
    /// The network as an edge list (one `u v` line per link, node indices).
    Export {
        /// Topology spec.
        spec: String,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Edgelist)]
        format: ExportFormat,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum Format {
    Json,
    Csv,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum Rule {
    Paper,
    Greedy,
}

/// The largest broadcast count `icn schedule` simulates.
const MAX_BROADCASTS: u32 = 4096;

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum ExportFormat {
    /// `u v` per undirected link, u < v, node indices 0..N-1.
    Edgelist,
    /// `index,address` per node.
    Nodes,
}

/// A failure to report on one line.
#[derive(Debug)]
struct Failure(String);

impl<E: std::error::Error> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string())
    }
}

fn network(spec: &str) -> Result<Network, Failure> {
    spec.parse::<Network>()
        .map_err(|e| Failure(format!("topology spec '{spec}': {e}")))
}

fn node(net: &Network, which: &str, text: &str) -> Result<Node, Failure> {
    net.parse_node(text)
        .map_err(|e| Failure(format!("{which} address '{text}': {e}")))
}

/// An exact integer of any size as a JSON number.
fn big(n: &icn_core::BigUint) -> Value {
    serde_json::Number::from_str(&n.to_string()).map_or(Value::Null, Value::Number)
}

fn strategy_name<'a>(net: &Network, s: &'a Option<String>) -> &'a str {
    match s {
        Some(s) => s.as_str(),
        None => net.default_strategy(),
    }
}

/// The tables `icn table` computes.
const TABLES: &[&str] = &[
    "lens-figure2",
    "kyklos-spans",
    "kyklos-real-span",
    "kyklos-density",
    "kyklos-load",
    "kyklos-joins",
    "d2-distances",
    "d2-density",
    "d3-subnetwork",
    "d3-cutset",
    "d3-example",
    "d3-schedules",
    "hypercycle-formulas",
    "lens-counts",
];

/// The most steps the `d3-subnetwork --kappa` isomorphism check may take.
const EMBEDDING_CHECK_LIMIT: u64 = 1 << 26;

/// `kyklos-density` is computed up to N = 2^12 = 4096 (about a second in a release build).
const DENSITY_MAX_N: u64 = 12;

/// `d2-distances` covers n = 2 … 10.
const D2_MAX_N: u64 = 10;

/// `kyklos-load` is computed for N = 4 … 1024, as printed (all N² pairs).
const LOAD_MAX_N: u64 = 10;

/// `d2-density` covers the paper's n = 3 … 20 (2^20 sequences by processor symmetry).
const D2_DENSITY_MAX_N: u64 = 20;

fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Failure> {
    let force = cli.force;
    match cli.command {
        Command::Families => {
            writeln!(out, "{}", serde_json::to_string_pretty(FAMILIES)?)?;
        }
        Command::Info { spec } => {
            let net = network(&spec)?;
            guard("icn info", net.cost().info, force)?;
            writeln!(out, "{}", serde_json::to_string_pretty(&net.info())?)?;
        }
        Command::Route {
            spec,
            from,
            to,
            strategy,
            limit,
            format,
            header,
            deflect,
        } => {
            let net = network(&spec)?;
            let (a, b) = (node(&net, "from", &from)?, node(&net, "to", &to)?);
            let d3 = net.d3().ok();
            if (header || deflect.is_some()) && d3.is_none() {
                return Err(Failure(format!(
                    "--header and --deflect are for d3; '{}' is a {}",
                    net.spec(),
                    net.family().name
                )));
            }
            let name = strategy_name(&net, &strategy);
            guard("this route", net.route_cost(name, a, b, limit), force)?;
            let route = net.route(name, a, b, limit)?;
            let paths: Vec<Vec<String>> = route
                .paths
                .iter()
                .map(|p| p.iter().map(|&v| net.format_node(v)).collect())
                .collect();
            if format == Format::Csv {
                writeln!(out, "path,hops,nodes")?;
                for (i, p) in paths.iter().enumerate() {
                    writeln!(out, "{},{},{}", i + 1, p.len() - 1, p.join(" "))?;
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
            if let Some(d) = d3 {
                if header {
                    doc["header"] = json!(d.header_trace(a, b));
                }
                if let Some(which) = &deflect {
                    let cabinet = match which.as_str() {
                        "all" => None,
                        c => Some(c.parse::<u32>().ok().filter(|&c| c < d.k()).ok_or_else(
                            || {
                                Failure(format!(
                                    "--deflect '{c}': a cabinet 0 to {} or 'all'",
                                    d.k() - 1
                                ))
                            },
                        )?),
                    };
                    let paths: Vec<Vec<String>> = d
                        .deflection_paths(a, b, cabinet)
                        .iter()
                        .map(|p| p.iter().map(|&v| net.format_node(v)).collect())
                        .collect();
                    doc["deflection"] = json!({ "cabinet": cabinet, "paths": paths });
                }
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
            writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
        }
        Command::Metrics {
            spec,
            strategy,
            format,
        } => {
            let net = network(&spec)?;
            let name = strategy_name(&net, &strategy);
            let routing = net.routing(name)?;
            let cost = net.cost();
            guard("the distance distribution", cost.info, force)?;
            let dd = net.distance_distribution();
            if format == Format::Csv {
                writeln!(out, "distance,ordered_pairs")?;
                for (d, c) in dd.counts.iter().enumerate().skip(1) {
                    writeln!(out, "{d},{c}")?;
                }
                return Ok(());
            }
            let n = net.topology().node_count();
            // One pass over the routing's DAG per destination, or per orbit of destinations
            // under a symmetry the routing respects.
            let walk = cost.nodes.saturating_add(cost.links.saturating_mul(2));
            let passes = load_passes(net.topology(), routing.as_ref());
            let loads_cost = Estimate {
                steps: walk.saturating_mul(passes),
                bytes: cost.nodes.saturating_add(cost.links).saturating_mul(16),
            };
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
                json!(load_summary(net.topology(), routing.as_ref()))
            } else {
                Value::Null
            };
            let doc = json!({
                "spec": net.spec(),
                "strategy": name,
                "nodes": net.topology().node_count(),
                "distance_distribution": dd.counts,
                "diameter": dd.diameter(),
                "average_distance": dd.average(),
                "loads": loads,
                "loads_skipped": skipped,
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
        }
        Command::Walkthrough {
            spec,
            from,
            to,
            choice,
            region,
        } => {
            let net = network(&spec)?;
            let Ok(lens) = net.lens() else {
                return Err(Failure(format!(
                    "walkthrough is for the Lens; '{}' is a {}",
                    net.spec(),
                    net.family().name
                )));
            };
            let (a, b) = (node(&net, "from", &from)?, node(&net, "to", &to)?);
            let choice = match region {
                Some(k) if choice.contains(':') => {
                    return Err(Failure(format!(
                        "--region {k} and --choice {choice} both name a region; give one"
                    )))
                }
                Some(k) => format!("{choice}:{k}"),
                None => choice,
            };
            let choice = choice.parse::<PathChoice>()?;
            let steps = lens.walkthrough(a, b, choice)?;
            let regions = lens.is_completed().then(|| {
                let c = lens.completed_routing(a, b);
                json!({
                    "class1": c.region_choices(lens::PathClass::One),
                    "class3": c.region_choices(lens::PathClass::Three),
                })
            });
            let doc = json!({
                "spec": net.spec(),
                "from": net.format_node(a),
                "to": net.format_node(b),
                "choice": choice.to_string(),
                "regions": regions,
                "busses": steps.len(),
                "steps": steps,
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
        }
        Command::Join { spec, s, r } => {
            let net = network(&spec)?;
            let Ok(k) = net.kyklos() else {
                return Err(Failure(format!(
                    "join is for KYKLOS; '{}' is a {}",
                    net.spec(),
                    net.family().name
                )));
            };
            let (i, j) = (node(&net, "S", &s)?, node(&net, "R", &r)?);
            for (which, text, x) in [("S", &s, i), ("R", &r, j)] {
                if !k.is_leaf(x) {
                    return Err(Failure(format!(
                        "{which} address '{text}' is an IB-node; fragments are stored at L-nodes"
                    )));
                }
            }
            let join = k.join(i, j)?;
            let names = |route: &[Node]| -> Vec<String> {
                route.iter().map(|&x| net.format_node(x)).collect()
            };
            let doc = json!({
                "spec": net.spec(),
                "s": net.format_node(i),
                "r": net.format_node(j),
                "start_tree": join.start_tree,
                "tree": join.tree,
                "level": join.level,
                "ib_node": join.ib.map(|_| net.format_node(join.site)),
                "s_route": names(&join.s_route),
                "r_route": names(&join.r_route),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
        }
        Command::Table {
            name,
            format,
            n,
            kappa,
            m,
        } => {
            use icn_core::papers::{d2, dragonfly, kyklos, kyklos_traffic};
            use icn_core::topology::d3::subnet;
            if let (Some("d3-subnetwork"), Some(kappa)) = (name.as_deref(), &kappa) {
                if format == Format::Csv {
                    return Err(Failure("d3-subnetwork with --kappa is JSON only".into()));
                }
                let table = subnet::subnet_table(n, kappa)?;
                let big = icn_core::topology::d3::D3::new(u64::from(n), u64::from(m))?;
                let small =
                    icn_core::topology::d3::D3::new(table.kappa.len() as u64, u64::from(m))?;
                let cost = (small.node_count() as u64)
                    .saturating_mul(u64::from(big.k() + big.m()))
                    .saturating_mul(u64::from(small.k() + small.m()));
                if cost > EMBEDDING_CHECK_LIMIT {
                    return Err(Failure(format!(
                        "checking {} inside {} link by link takes about {cost} steps; at most {EMBEDDING_CHECK_LIMIT} (choose a smaller --m or fewer cabinets)",
                        small.spec_string(),
                        big.spec_string()
                    )));
                }
                let check =
                    subnet::check_embedding(&small, &big, &big.cabinet_embedding(&table.kappa));
                let doc = json!({
                    "network": big.spec_string(),
                    "subnetwork": small.spec_string(),
                    "port_table": table,
                    "isomorphism": check,
                });
                writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
                return Ok(());
            }
            let table = match name.as_deref() {
                Some("lens-figure2") => {
                    if format == Format::Csv {
                        return Err(Failure(
                            "lens-figure2 is a worked example, printed as JSON only".into(),
                        ));
                    }
                    let figure = lens::figure2()?;
                    writeln!(out, "{}", serde_json::to_string_pretty(&figure)?)?;
                    return Ok(());
                }
                Some("kyklos-spans") => kyklos::table1_spans(),
                Some("kyklos-real-span") => kyklos::table_b1_real_spans(),
                Some("kyklos-density") => kyklos_traffic::table3_density(DENSITY_MAX_N),
                Some("kyklos-load") => kyklos_traffic::table3_load(LOAD_MAX_N),
                Some("kyklos-joins") => kyklos::table2_joins(),
                Some("d2-distances") => d2::d2_distances(D2_MAX_N),
                Some("d2-density") => d2::d2_density(D2_DENSITY_MAX_N),
                Some("d3-subnetwork") => dragonfly::table_subnetworks(),
                Some("d3-cutset") => {
                    dragonfly::table_cutsets(icn_core::papers::D3_CUTSET_INSTANCES)
                }
                Some(other) => match icn_core::papers::item(other) {
                    Some(item) => (item.build)(),
                    None => {
                        return Err(Failure(format!(
                            "unknown table '{other}'; known tables: {}",
                            TABLES.join(", ")
                        )))
                    }
                },
                None => {
                    for t in TABLES {
                        writeln!(out, "{t}")?;
                    }
                    return Ok(());
                }
            }?;
            match format {
                Format::Json => writeln!(out, "{}", serde_json::to_string_pretty(&table)?)?,
                Format::Csv => write!(out, "{}", table.csv())?,
            }
        }
        Command::Chart {
            name,
            t,
            strategy,
            n,
            seed,
            ticks,
            format,
        } => {
            use icn_core::charts::{build, ChartInput, ChartKind, ChartRequest};
            let Some(name) = name else {
                for k in ChartKind::ALL {
                    writeln!(out, "{}\t{}", k.name(), k.title())?;
                }
                return Ok(());
            };
            let n = n.map(|n| n.to_string());
            let (seed, ticks) = (seed.to_string(), ticks.to_string());
            let t = t.unwrap_or_else(|| {
                ChartKind::from_name(&name)
                    .map_or("", ChartKind::default_spec)
                    .to_string()
            });
            let req = ChartRequest::from_input(&ChartInput {
                chart: &name,
                spec: &t,
                strategy: &strategy,
                n: n.as_deref(),
                seed: Some(&seed),
                ticks: Some(&ticks),
            })?;
            let data = build(&req, &mut |_, _, _| {}).map_err(Failure)?;
            match format {
                Format::Json => writeln!(out, "{}", serde_json::to_string_pretty(&data)?)?,
                Format::Csv => write!(out, "{}", data.csv())?,
            }
        }
        // Handled by `main`, which owns its exit status (1 when the check fails).
        Command::Papers { .. } => {}
        Command::Schedule {
            spec,
            collective,
            root,
            count,
            perm,
            seed,
            rule,
            summary,
        } => {
            use icn_core::topology::d3::schedule::{Collective, DelayRule, SCHEDULE_LIMIT};
            let net = network(&spec)?;
            let Ok(d) = net.d3() else {
                return Err(Failure(format!(
                    "schedule is for d3; '{}' is a {}",
                    net.spec(),
                    net.family().name
                )));
            };
            let root_node = |what: &str| -> Result<Node, Failure> {
                let text = root.as_deref().ok_or_else(|| {
                    Failure(format!(
                        "{collective} needs --root (the {what}), e.g. --root '(0,0,1)'"
                    ))
                })?;
                node(&net, "root", text)
            };
            let rule = match rule {
                Rule::Paper => DelayRule::Paper,
                Rule::Greedy => DelayRule::Greedy,
            };
            let too_large = |size: u64| -> Result<(), Failure> {
                if size > SCHEDULE_LIMIT {
                    return Err(Failure(format!(
                        "{collective} on {} would simulate about {size} channel uses; at most {SCHEDULE_LIMIT}",
                        d.spec_string()
                    )));
                }
                Ok(())
            };
            if collective == "permutation" {
                too_large(d.schedule_size(Collective::Permutation))?;
                let targets = d.named_permutation(&perm, seed)?;
                let schedule = d.permutation_schedule(&targets, rule, !summary)?;
                writeln!(out, "{}", serde_json::to_string_pretty(&schedule)?)?;
                return Ok(());
            }
            let which = match collective.as_str() {
                "all-to-all" => Collective::AllToAll,
                "one-to-all" => Collective::OneToAll {
                    source: root_node("source")?,
                },
                "all-to-one" => Collective::AllToOne {
                    sink: root_node("sink")?,
                },
                "broadcast" => {
                    if !(1..=MAX_BROADCASTS).contains(&count) {
                        return Err(Failure(format!(
                            "--count {count}: 1 to {MAX_BROADCASTS} broadcasts"
                        )));
                    }
                    Collective::Broadcast {
                        source: root_node("source")?,
                        count,
                    }
                }
                other => {
                    return Err(Failure(format!(
                        "unknown collective '{other}'; choose broadcast, one-to-all, all-to-one, all-to-all or permutation"
                    )))
                }
            };
            too_large(d.schedule_size(which))?;
            let schedule = d.schedule(which, rule, !summary);
            writeln!(out, "{}", serde_json::to_string_pretty(&schedule)?)?;
        }
        Command::Loads(a) => charts::loads(a, force, out)?,
        Command::Simulate(a) => charts::simulate(a, out)?,
        Command::D3VsMdf(a) => charts::d3_vs_mdf_cmd(a, force, out)?,
        Command::Compare(a) => charts::compare_cmd(a, force, out)?,
        Command::Export { spec, format } => {
            let net = network(&spec)?;
            let t = net.topology();
            let mut buf = Vec::new();
            let mut w = io::BufWriter::new(out);
            for u in 0..t.node_count() {
                if format == ExportFormat::Nodes {
                    writeln!(w, "{u},{}", t.format_node(u))?;
                    continue;
                }
                buf.clear();
                t.neighbours(u, &mut buf);
                for &v in buf.iter().filter(|&&v| v > u) {
                    writeln!(w, "{u} {v}")?;
                }
            }
            w.flush()?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Papers {
        format,
        paper,
        item,
        check,
        record,
    } = &cli.command
    {
        let stdout = io::stdout();
        return papers::main(
            *format,
            paper.as_deref(),
            item.as_deref(),
            *check,
            *record,
            &mut stdout.lock(),
        );
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match run(cli, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg)) => {
            let _ = out.flush();
            eprintln!("icn: error: {msg}");
            ExitCode::from(2)
        }
    }
}
