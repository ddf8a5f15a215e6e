//! The KYKLOS charts: `levels` (link traffic per tree and level) and `load` (IB-node
//! processing load per level) of one network and strategy, and `distances` (P(2d) of
//! M2, H2 and D2 on the original KYKLOS-II⟨2,2,n⟩).

use serde::{Deserialize, Serialize};

use icn_analyses::strategy_distances;
use icn_engine::metrics::tidy;
use icn_engine::network::Network;
use icn_families::kyklos::{Kyklos, KyklosRouting, Shuffle};

use super::info::{
    n_only, opt, BuildError, Canonical, ChartDef, ChartError, ChartFamily, ChartInfo, ChartInput,
};

/// `levels`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LevelsChart {
    /// The network.
    pub spec: String,
    /// The strategy.
    pub strategy: String,
    /// Per tree and level.
    pub rows: Vec<LevelRow>,
}

impl ChartDef for LevelsChart {
    const INFO: ChartInfo = ChartInfo {
        name: "levels",
        title: "Link traffic per level",
        family: Some(ChartFamily::Kyklos),
        n_range: None,
        takes_seed: false,
    };
    type Prepared = KyklosChart;

    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, KyklosChart), ChartError> {
        KyklosChart::new(input, false)
    }

    fn build(
        c: &KyklosChart,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        c.levels(progress)
    }

    fn csv(&self) -> String {
        levels_csv(&self.rows)
    }

    fn label(c: &Canonical) -> String {
        kyklos_label(&Self::INFO, c)
    }
}

/// `load`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoadChart {
    /// The network.
    pub spec: String,
    /// The strategy.
    pub strategy: String,
    /// How joins are placed.
    pub assignment: String,
    /// Per level, 0 … n.
    pub rows: Vec<LoadRow>,
}

impl ChartDef for LoadChart {
    const INFO: ChartInfo = ChartInfo {
        name: "load",
        title: "IB-node processing load per level",
        family: Some(ChartFamily::Kyklos),
        n_range: None,
        takes_seed: false,
    };
    type Prepared = KyklosChart;

    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, KyklosChart), ChartError> {
        KyklosChart::new(input, true)
    }

    fn build(
        c: &KyklosChart,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        c.load(progress)
    }

    fn csv(&self) -> String {
        load_csv(&self.rows)
    }

    fn label(c: &Canonical) -> String {
        kyklos_label(&Self::INFO, c)
    }
}

/// `distances`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DistancesChart {
    /// n.
    pub n: u64,
    /// Per rule and distance.
    pub rows: Vec<DistanceRow>,
}

impl ChartDef for DistancesChart {
    const INFO: ChartInfo = ChartInfo {
        name: "distances",
        title: "Distance distributions P(2d)",
        family: None,
        n_range: Some((2, 16, 6, "n (N = 2ⁿ processors)")),
        takes_seed: false,
    };
    /// n.
    type Prepared = u64;

    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, u64), ChartError> {
        n_only(&Self::INFO, input)
    }

    fn build(
        &n: &u64,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        distances_chart(n, progress)
    }

    fn csv(&self) -> String {
        distances_csv(&self.rows)
    }
}

/// The progress label of `levels` and `load`: the chart, the network and the strategy.
fn kyklos_label(info: &ChartInfo, c: &Canonical) -> String {
    format!("{} of {} under {}", info.title, c.spec, c.strategy)
}

/// At most this many L-nodes for `levels` (the symmetry method costs about
/// r·Σ_v (m^(n−v))² additions: 10⁸ at 4096).
pub const LEVELS_MAX_LEAVES: usize = 4096;

/// At most this many L-nodes for `load` (all N² ordered pairs are assigned).
pub const LOAD_MAX_LEAVES: usize = 1024;

/// The links between level v − 1 and level v of one tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LevelRow {
    /// The tree.
    pub tree: usize,
    /// The upper level v (1 … n).
    pub level: usize,
    /// Links at this level.
    pub links: usize,
    /// Their total traffic.
    pub total: f64,
    /// The busiest link's traffic.
    pub max: f64,
    /// The mean traffic per link.
    pub mean: f64,
}

/// The nodes of one level and their partial joins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoadRow {
    /// The level v (0: L-nodes, whose own pairs i = j join there).
    pub level: usize,
    /// Nodes at this level (all trees).
    pub nodes: usize,
    /// Partial joins at this level.
    pub total: f64,
    /// The most at one node.
    pub max: f64,
    /// The mean per node.
    pub mean: f64,
}

/// One strategy's count at one distance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DistanceRow {
    /// M2, H2 or D2.
    pub rule: String,
    /// The distance 2d (hops).
    pub distance: usize,
    /// P(2d): processors at that distance from processor 0.
    pub processors: usize,
    /// The rule's average distance, 1/2ⁿ Σ 2d·P(2d) (processor 0 itself included, as the
    /// paper's sums).
    pub average: f64,
    /// The same as an exact fraction (`None` when it is an integer).
    #[serde(default)]
    pub average_exact: Option<String>,
}

/// The strategies the `load` chart assigns joins for, and how.
pub fn load_assignment(kind: KyklosRouting) -> &'static str {
    match kind {
        KyklosRouting::Hr => "H-2 quasi-level assignment",
        KyklosRouting::Y2 => "Y-2 level loading (§VII)",
        _ => "mid-point of each route",
    }
}

/// The network and strategy of a `levels` or `load` chart, checked.
#[derive(Debug, Clone)]
pub(super) struct KyklosChart {
    kyklos: Kyklos,
    strategy: KyklosRouting,
}

impl KyklosChart {
    /// Validates the KYKLOS spec and strategy of a `levels` or `load` (`load`) chart.
    fn new(input: &ChartInput<'_>, load: bool) -> Result<(Canonical, KyklosChart), ChartError> {
        let (k, s) = kyklos_and_strategy(load, input.spec, input.strategy)?;
        let c = Canonical {
            spec: k.spec_string(),
            strategy: s.name().into(),
            ..Canonical::default()
        };
        Ok((
            c,
            KyklosChart {
                kyklos: k,
                strategy: s,
            },
        ))
    }
}

fn kyklos_and_strategy(
    load: bool,
    spec: &str,
    strategy: &str,
) -> Result<(Kyklos, KyklosRouting), ChartError> {
    let net: Network = spec.parse().map_err(|e| ChartError {
        field: "t",
        message: format!("{e}"),
    })?;
    let Ok(k) = net.kyklos().cloned() else {
        return Err(ChartError {
            field: "t",
            message: "this chart is for KYKLOS networks (kyklos1:… or kyklos2:…)".into(),
        });
    };
    let (limit, why) = if load {
        (LOAD_MAX_LEAVES, "every ordered pair's join is assigned")
    } else {
        (LEVELS_MAX_LEAVES, "the symmetry method's cost grows as N²")
    };
    if k.leaf_count() > limit {
        return Err(ChartError {
            field: "t",
            message: format!(
                "{} has {} L-nodes; this chart computes up to {limit} ({why})",
                k.spec_string(),
                k.leaf_count()
            ),
        });
    }
    let s = strategy.parse::<KyklosRouting>().map_err(|_| ChartError {
        field: "s",
        message: format!(
            "no strategy '{strategy}'; strategies: {}",
            KyklosRouting::ALL.map(KyklosRouting::name).join(", ")
        ),
    })?;
    if let Some(why) = k.unsupported(s) {
        return Err(ChartError {
            field: "s",
            message: why,
        });
    }
    if load && s == KyklosRouting::Hr && k.h().is_none() {
        return Err(ChartError {
            field: "s",
            message: "the H-2 join assignment needs the proposed shuffle with n mod r = 0".into(),
        });
    }
    Ok((k, s))
}

impl KyklosChart {
    /// `levels`: link traffic per tree and level, by symmetry.
    fn levels(
        &self,
        progress: &mut dyn FnMut(usize, usize, &str),
    ) -> Result<LevelsChart, BuildError> {
        let (k, s) = (&self.kyklos, self.strategy);
        progress(0, 1, "link traffic by symmetry");
        let links = k.link_traffic_by_symmetry(s).map_err(BuildError::kyklos)?;
        let rows = k
            .level_traffic(&links)
            .into_iter()
            .map(|l| LevelRow {
                tree: l.tree,
                level: l.level,
                links: l.links,
                total: tidy(l.total),
                max: tidy(l.max),
                mean: tidy(l.total / l.links as f64),
            })
            .collect();
        progress(1, 1, "done");
        Ok(LevelsChart {
            spec: k.spec_string(),
            strategy: s.name().into(),
            rows,
        })
    }

    /// `load`: partial joins per level under the strategy's assignment.
    fn load(&self, progress: &mut dyn FnMut(usize, usize, &str)) -> Result<LoadChart, BuildError> {
        let (k, s) = (&self.kyklos, self.strategy);
        progress(0, 1, load_assignment(s));
        let load = match s {
            KyklosRouting::Hr => k.h2_join_load(),
            KyklosRouting::Y2 => k.y2_join_load(),
            _ => k.midpoint_join_load(s),
        }
        .map_err(BuildError::kyklos)?;
        let mut rows: Vec<LoadRow> = (0..=k.n())
            .map(|level| LoadRow {
                level,
                nodes: 0,
                total: 0.0,
                max: 0.0,
                mean: 0.0,
            })
            .collect();
        for (x, &c) in load.per_node.iter().enumerate() {
            let row = &mut rows[k.level(x)];
            row.nodes += 1;
            row.total += c;
            row.max = row.max.max(c);
        }
        for row in &mut rows {
            row.mean = tidy(row.total / row.nodes.max(1) as f64);
            row.total = tidy(row.total);
            row.max = tidy(row.max);
        }
        progress(1, 1, "done");
        Ok(LoadChart {
            spec: k.spec_string(),
            strategy: s.name().into(),
            assignment: load_assignment(s).into(),
            rows,
        })
    }
}

/// KYKLOS-II⟨2,2,n⟩ with `shuffle`.
pub(super) fn kyklos(shuffle: Shuffle, n: u64) -> Result<Kyklos, BuildError> {
    Ok(Kyklos::new(shuffle, 2, 2, n)?)
}

/// `distances`: P(2d) under M2, H2 and D2 from processor 0, with the averages.
fn distances_chart(
    n: u64,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<DistancesChart, BuildError> {
    progress(0, 1, "routes from processor 0");
    let k = kyklos(Shuffle::Original, n)?;
    let d = strategy_distances(&k).map_err(BuildError::kyklos)?;
    let mut rows = Vec::new();
    for (rule, counts) in [("M2", &d.m2), ("H2", &d.h2), ("D2", &d.d2)] {
        let total: usize = counts.iter().enumerate().map(|(i, &c)| 2 * i * c).sum();
        let exact = icn_graph::math::Ratio::new(total as u128, k.leaf_count() as u128);
        let average = tidy(exact.value());
        for (i, &c) in counts.iter().enumerate().skip(1) {
            rows.push(DistanceRow {
                rule: rule.into(),
                distance: 2 * i,
                processors: c,
                average,
                average_exact: exact.fraction(),
            });
        }
    }
    progress(1, 1, "done");
    Ok(DistancesChart { n, rows })
}

/// The `levels` CSV.
fn levels_csv(rows: &[LevelRow]) -> String {
    let mut out = String::from("tree,level,links,total,max,mean\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{}\n",
            r.tree, r.level, r.links, r.total, r.max, r.mean
        ));
    }
    out
}

/// The `load` CSV.
fn load_csv(rows: &[LoadRow]) -> String {
    let mut out = String::from("level,nodes,total,max,mean\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            r.level, r.nodes, r.total, r.max, r.mean
        ));
    }
    out
}

/// The `distances` CSV.
fn distances_csv(rows: &[DistanceRow]) -> String {
    let mut out = String::from("rule,distance,processors,average,average_exact\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            r.rule,
            r.distance,
            r.processors,
            r.average,
            opt(&r.average_exact)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::{build, ChartData, ChartRequest};

    fn quiet() -> impl FnMut(usize, usize, &str) {
        |_, _, _| {}
    }

    #[test]
    fn level_traffic_totals_equal_total_distance() {
        // Σ over links of traffic = Σ over ordered pairs of route length (each hop of each
        // route crosses one link): check against the all-pairs computation.
        let req = ChartRequest::new("levels", "kyklos2:m=2,r=2,n=4", "hr", None).expect("valid");
        let ChartData::Levels(LevelsChart { rows, .. }) =
            build(&req, &mut quiet()).expect("builds")
        else {
            panic!("levels")
        };
        let k = Kyklos::new(Shuffle::Proposed, 2, 2, 4).expect("valid");
        let all = k.traffic(KyklosRouting::Hr).expect("defined");
        let sum: f64 = rows.iter().map(|r| r.total).sum();
        assert!((sum - all.total).abs() < 1e-6, "{sum} vs {}", all.total);
        let max = rows.iter().map(|r| r.max).fold(0.0, f64::max);
        assert_eq!(max, all.max_link);
    }

    #[test]
    fn load_rows_count_every_ordered_pair_once() {
        for s in ["y2", "hr", "pr"] {
            let req = ChartRequest::new("load", "kyklos2:m=2,r=2,n=4", s, None).expect("valid");
            let ChartData::Load(LoadChart { rows, .. }) =
                build(&req, &mut quiet()).expect("builds")
            else {
                panic!("load")
            };
            let total: f64 = rows.iter().map(|r| r.total).sum();
            assert_eq!(total, 256.0, "{s}");
            assert_eq!(rows[0].nodes, 16);
        }
    }

    #[test]
    fn distances_sum_to_n_minus_one_and_match_bfs_for_d2() {
        let req = ChartRequest::new("distances", "", "", Some("6")).expect("valid");
        let data = build(&req, &mut quiet()).expect("builds");
        let ChartData::Distances(DistancesChart { rows, .. }) = &data else {
            panic!("distances")
        };
        let k = Kyklos::new(Shuffle::Original, 2, 2, 6).expect("valid");
        let dist = icn_engine::metrics::bfs(&k, 0);
        for rule in ["M2", "H2", "D2"] {
            let sum: usize = rows
                .iter()
                .filter(|r| r.rule == rule)
                .map(|r| r.processors)
                .sum();
            assert_eq!(sum, 63, "{rule}");
        }
        for r in rows.iter().filter(|r| r.rule == "D2") {
            let bfs = (1..64).filter(|&b| dist[b] as usize == r.distance).count();
            assert_eq!(r.processors, bfs, "D2 at distance {}", r.distance);
        }
        assert!(data
            .csv()
            .starts_with("rule,distance,processors,average,average_exact\nM2,2,"));
    }
}
