//! Two to four networks of any families side by side: sizes, degrees, distances and the
//! link loads of each family's default strategy.
//!
//! Loads: every ordered pair of distinct terminals sends one unit, split equally among
//! the default strategy's paths; per **directed channel** (a link is two channels).

use std::fmt;

use serde::{Deserialize, Serialize};

use icn_engine::cost::{Budget, Estimate};
use icn_engine::info::Hops;
use icn_engine::metrics::{load_estimate, load_summary};
use icn_engine::network::Network;
use icn_graph::error::StrategyError;

/// The fewest networks compared.
pub const MIN_COMPARE: usize = 2;
/// The most networks compared.
pub const MAX_COMPARE: usize = 4;

/// One network's row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    /// The canonical spec.
    pub spec: String,
    /// The family name.
    pub family: String,
    /// Nodes (terminals and forwarding nodes).
    pub nodes: u64,
    /// Terminals (the nodes that send and receive).
    pub terminals: u64,
    /// Undirected links.
    pub links: u64,
    /// Smallest degree of a terminal, as [`icn_engine::NetworkInfo::min_degree`].
    pub min_degree: u64,
    /// Largest degree of a terminal, as [`icn_engine::NetworkInfo::max_degree`].
    pub max_degree: u64,
    /// Smallest degree of a forwarding node (IB-node, bus, switch), as
    /// [`icn_engine::NetworkInfo::switch_min_degree`]; absent when every node is a terminal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_min_degree: Option<u64>,
    /// Largest degree of a forwarding node; absent when every node is a terminal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_max_degree: Option<u64>,
    /// The distances in the paper's unit where it is not a link (the Lens's busses), as
    /// [`icn_engine::NetworkInfo::hops`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hops: Option<Hops>,
    /// Diameter over terminal pairs, in links.
    pub diameter: u32,
    /// Mean distance over ordered pairs of distinct terminals.
    pub average_distance: f64,
    /// The strategy the loads use (the family's default).
    pub strategy: String,
    /// The busiest directed channel's load.
    pub max_link_load: f64,
    /// Mean load over directed channels.
    pub mean_link_load: f64,
    /// `distance_distribution[d]`: ordered terminal pairs at distance d (index 0 is 0).
    pub distance_distribution: Vec<u64>,
}

/// Why a comparison cannot run.
#[derive(Debug, Clone, PartialEq)]
pub enum CompareError {
    /// Fewer than two or more than four networks.
    Count {
        /// How many were given.
        given: usize,
    },
    /// A network beyond the caller's budget.
    OverBudget {
        /// Its spec.
        spec: String,
        /// What it would take.
        estimate: Estimate,
        /// What was allowed.
        budget: Budget,
    },
    /// The default strategy failed to build.
    Strategy(StrategyError),
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompareError::Count { given } => write!(
                f,
                "compare takes {MIN_COMPARE} to {MAX_COMPARE} networks; {given} given"
            ),
            CompareError::OverBudget {
                spec,
                estimate,
                budget,
            } => write!(
                f,
                "{spec} would take about {:.1e} steps and {} MiB (the limit is {:.1e} steps and {} MiB)",
                estimate.steps as f64,
                estimate.bytes >> 20,
                budget.steps as f64,
                budget.bytes >> 20
            ),
            CompareError::Strategy(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CompareError {}

/// The default strategy's name for `net`.
fn default_strategy(net: &Network) -> &'static str {
    net.default_strategy()
}

/// The estimated work of one network's row: its distance distribution ([`icn_engine::Cost`]'s
/// `info`) and one load pass per destination (one in all with symmetry).
pub fn compare_cost(net: &Network) -> Estimate {
    let t = net.topology();
    let cost = net.cost();
    let walk = cost.nodes.saturating_add(cost.links.saturating_mul(2));
    // One pass per terminal when the strategy fails to build (it then fails in `row`).
    let loads = net.routing(default_strategy(net)).map_or(
        Estimate {
            steps: walk.saturating_mul(cost.terminals),
            bytes: cost.nodes.saturating_add(cost.links).saturating_mul(16),
        },
        |r| load_estimate(t, r.as_ref()),
    );
    Estimate {
        steps: cost.info.steps.saturating_add(loads.steps),
        bytes: cost.info.bytes.max(loads.bytes),
    }
}

/// The rows for `nets`, in order; each network is checked against `budget` first.
///
/// # Errors
/// Not 2 to 4 networks, a network over budget (nothing is computed then), or a default
/// strategy that fails to build.
pub fn compare(nets: &[Network], budget: Budget) -> Result<Vec<CompareRow>, CompareError> {
    if !(MIN_COMPARE..=MAX_COMPARE).contains(&nets.len()) {
        return Err(CompareError::Count { given: nets.len() });
    }
    for net in nets {
        check_budget(net, budget)?;
    }
    nets.iter().map(row).collect()
}

/// Whether `net`'s row ([`compare_cost`]) fits `budget`.
///
/// # Errors
/// [`CompareError::OverBudget`], naming the network, its estimate and the budget.
pub fn check_budget(net: &Network, budget: Budget) -> Result<(), CompareError> {
    let estimate = compare_cost(net);
    if estimate.within(budget) {
        Ok(())
    } else {
        Err(CompareError::OverBudget {
            spec: net.spec(),
            estimate,
            budget,
        })
    }
}

/// One network's row, without a budget check.
///
/// # Errors
/// A default strategy that fails to build.
pub fn row(net: &Network) -> Result<CompareRow, CompareError> {
    let info = net.info();
    let dd = net.distance_distribution();
    let strategy = default_strategy(net);
    let routing = net.routing(strategy).map_err(CompareError::Strategy)?;
    let loads = load_summary(net.topology(), routing.as_ref());
    Ok(CompareRow {
        spec: info.spec,
        family: info.family.to_string(),
        nodes: info.nodes,
        terminals: info.terminals,
        links: info.links,
        min_degree: info.min_degree,
        max_degree: info.max_degree,
        switch_min_degree: info.switch_min_degree,
        switch_max_degree: info.switch_max_degree,
        hops: info.hops,
        diameter: info.diameter,
        average_distance: info.average_distance,
        strategy: strategy.to_string(),
        max_link_load: loads.max_channel_load,
        mean_link_load: loads.mean_channel_load,
        distance_distribution: dd.counts,
    })
}

/// The header of [`summary_csv`].
pub const SUMMARY_HEADER: &str = "spec,family,nodes,terminals,links,min_degree,max_degree,diameter,average_distance,strategy,max_link_load,mean_link_load,switch_min_degree,switch_max_degree";

/// A CSV field: quoted when it holds a comma (specs do).
fn field(s: &str) -> String {
    if s.contains(',') {
        format!("\"{s}\"")
    } else {
        s.to_string()
    }
}

/// One line per network ([`SUMMARY_HEADER`]): `icn compare --format csv` and the compare
/// view's CSV download. The switch degrees are empty where every node is a terminal.
pub fn summary_csv(rows: &[CompareRow]) -> String {
    let mut out = format!("{SUMMARY_HEADER}\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
            field(&r.spec),
            r.family,
            r.nodes,
            r.terminals,
            r.links,
            r.min_degree,
            r.max_degree,
            r.diameter,
            r.average_distance,
            r.strategy,
            r.max_link_load,
            r.mean_link_load,
            r.switch_min_degree.map_or(String::new(), |d| d.to_string()),
            r.switch_max_degree.map_or(String::new(), |d| d.to_string()),
        ));
    }
    out
}

/// One line per (network, distance ≥ 1): `spec,distance,ordered_pairs` (`icn compare
/// --format csv --table distances`).
pub fn distances_csv(rows: &[CompareRow]) -> String {
    let mut out = String::from("spec,distance,ordered_pairs\n");
    for r in rows {
        let spec = field(&r.spec);
        for (d, c) in r.distance_distribution.iter().enumerate().skip(1) {
            out.push_str(&format!("{spec},{d},{c}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_engine::cost::PAGE_BUDGET;
    use icn_graph::bfs;

    fn nets(specs: &[&str]) -> Vec<Network> {
        specs.iter().map(|s| s.parse().unwrap()).collect()
    }

    #[test]
    fn rows_match_breadth_first_search_and_closed_forms() {
        let n = nets(&["hypercube:n=4", "d3:k=2,m=3", "lens:p=3,q=3,n=2"]);
        let rows = compare(&n, PAGE_BUDGET).unwrap();
        assert_eq!(rows.len(), 3);
        // 4-cube: 16 nodes, 32 links, degree 4, diameter 4, C(4,d)·16 pairs at d,
        // e-cube... default minimal: every channel carries 2^(n−1) = 8.
        let h = &rows[0];
        assert_eq!(
            (h.nodes, h.links, h.min_degree, h.max_degree),
            (16, 32, 4, 4)
        );
        assert_eq!(h.distance_distribution, vec![0, 64, 96, 64, 16]);
        assert_eq!((h.max_link_load, h.mean_link_load), (8.0, 8.0));
        // Every row against BFS over terminal pairs.
        for (net, row) in n.iter().zip(&rows) {
            let t = net.topology();
            let mut counts = vec![0u64; row.distance_distribution.len()];
            for s in 0..t.terminal_count() {
                let d = bfs(t, s);
                for &x in &d[..t.terminal_count()] {
                    if x > 0 {
                        counts[x as usize] += 1;
                    }
                }
            }
            assert_eq!(counts, row.distance_distribution, "{}", row.spec);
            assert_eq!(row.diameter as usize, counts.len() - 1);
            let pairs: u64 = counts.iter().sum();
            let hops: u64 = counts.iter().enumerate().map(|(d, c)| d as u64 * c).sum();
            assert!((row.average_distance - hops as f64 / pairs as f64).abs() < 1e-12);
        }
    }

    #[test]
    fn counts_and_budget_are_enforced() {
        let one = nets(&["hypercube:n=3"]);
        assert_eq!(
            compare(&one, PAGE_BUDGET),
            Err(CompareError::Count { given: 1 })
        );
        let five = nets(&["hypercube:n=3"; 5]);
        assert!(matches!(
            compare(&five, PAGE_BUDGET),
            Err(CompareError::Count { given: 5 })
        ));
        let big = nets(&["hypercube:n=3", "mdf:k=40,m=40"]);
        let e = compare(&big, PAGE_BUDGET).unwrap_err();
        assert!(matches!(&e, CompareError::OverBudget { spec, .. } if spec == "mdf:k=40,m=40"));
        assert!(e.to_string().contains("mdf:k=40,m=40"));
    }

    #[test]
    fn csv_tables_quote_specs_and_list_every_distance() {
        let rows = compare(&nets(&["hypercube:n=3", "d3:k=2,m=3"]), PAGE_BUDGET).unwrap();
        let summary = summary_csv(&rows);
        let lines: Vec<&str> = summary.lines().collect();
        assert_eq!(lines[0], SUMMARY_HEADER);
        // 3-cube: 8 nodes, 12 links, degree 3, diameter 3, average 12/7, 4 per channel
        // (2^(n−1) = 4 from the per-dimension symmetry; 8·7·(12/7) hops over 24 channels).
        assert_eq!(
            lines[1],
            format!(
                "hypercube:n=3,hypercube,8,8,12,3,3,3,{},minimal,4,4,,",
                12.0 / 7.0
            )
        );
        assert!(lines[2].starts_with("\"d3:k=2,m=3\",d3,"));
        assert_eq!(lines.len(), 3);
        let distances = distances_csv(&rows);
        let cube: Vec<&str> = distances
            .lines()
            .filter(|l| l.starts_with("hypercube"))
            .collect();
        // C(3,d)·8 ordered pairs at distance d.
        assert_eq!(
            cube,
            [
                "hypercube:n=3,1,24",
                "hypercube:n=3,2,24",
                "hypercube:n=3,3,8"
            ]
        );
    }
}
