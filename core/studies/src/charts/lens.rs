//! The Lens charts: `lens-loads` (processor and bus load distributions) and
//! `lens-distances` (processor distance distributions), each of the lens given and the
//! same p, q, n completed, from [`Lens::loads`] and [`distance_distribution`].
//!
//! Conventions (docs/charts.md): ordered pairs of distinct processors, each sending one
//! unit split equally among its minimal paths; loads per node (relayed traffic).

use serde::{Deserialize, Serialize};

use icn_analyses::LensLoads;
use icn_engine::cost::Estimate;
use icn_engine::metrics::{distance_distribution, tidy};
use icn_families::lens::Lens;
use icn_graph::error::ParamError;

use super::info::{
    network, over_budget, quote, wrong_family, BuildError, Canonical, ChartDef, ChartError,
    ChartFamily, ChartInfo, ChartInput,
};
use icn_graph::Graph;

/// `lens-loads`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LensLoadsChart {
    /// Load values with their node counts, per lens and kind.
    pub rows: Vec<LensLoadRow>,
}

impl ChartDef for LensLoadsChart {
    const INFO: ChartInfo = ChartInfo {
        name: "lens-loads",
        title: "Lens loads, completed against uncompleted",
        family: Some(ChartFamily::Lens),
        n_range: None,
        takes_seed: false,
    };
    /// The uncompleted lens.
    type Prepared = Lens;

    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, Lens), ChartError> {
        request(input, true)
    }

    fn build(
        lens: &Lens,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        let pair = lens_pair(lens)?;
        Ok(LensLoadsChart {
            rows: lens_loads(&pair, progress),
        })
    }

    fn csv(&self) -> String {
        lens_loads_csv(&self.rows)
    }
}

/// `lens-distances`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LensDistancesChart {
    /// Ordered pairs per distance, per lens.
    pub rows: Vec<LensDistanceRow>,
}

impl ChartDef for LensDistancesChart {
    const INFO: ChartInfo = ChartInfo {
        name: "lens-distances",
        title: "Lens distances, completed against uncompleted",
        family: Some(ChartFamily::Lens),
        n_range: None,
        takes_seed: false,
    };
    /// The uncompleted lens.
    type Prepared = Lens;

    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, Lens), ChartError> {
        request(input, false)
    }

    fn build(
        lens: &Lens,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        let pair = lens_pair(lens)?;
        Ok(LensDistancesChart {
            rows: lens_distances(&pair, progress),
        })
    }

    fn csv(&self) -> String {
        lens_distances_csv(&self.rows)
    }
}

/// Parses the Lens, checks that it can be completed and costs both lenses' numbers
/// (their loads if `loads`, else their distances).
fn request(input: &ChartInput<'_>, loads: bool) -> Result<(Canonical, Lens), ChartError> {
    let net = network(input)?;
    let l = net
        .lens()
        .map_err(|_| wrong_family(&net, "Lens networks (lens:p=…,q=…,n=…)"))?;
    if l.p() != l.q() || l.n() < 2 {
        return Err(ChartError {
            field: "t",
            message: format!(
                "{} cannot be completed (that needs q = p and n ≥ 2), so there is nothing to compare: e.g. lens:p={},q={},n=3",
                l.spec_string(),
                l.p(),
                l.p()
            ),
        });
    }
    let lens = Lens::new(u64::from(l.p()), u64::from(l.q()), l.n() as u64, false).map_err(|e| {
        ChartError {
            field: "t",
            message: e.to_string(),
        }
    })?;
    let nodes = lens.node_count() as u64;
    let walk = nodes.saturating_add(lens.link_formula().saturating_mul(2));
    let cost = if loads {
        // Two lenses; the completed one costs one pass by its symmetry.
        Estimate {
            steps: lens
                .loads_cost()
                .saturating_add(walk.saturating_mul(l.n() as u64)),
            bytes: walk.saturating_mul(24),
        }
    } else {
        Estimate {
            steps: (lens.processor_count() as u64)
                .saturating_mul(walk)
                .saturating_mul(2),
            bytes: nodes.saturating_mul(8),
        }
    };
    over_budget(&lens.spec_string(), "both lenses' numbers", cost)?;
    Ok((Canonical::spec(lens.spec_string()), lens))
}

/// The two lenses of the Lens charts: `("uncompleted", lens)` and `("completed", lens)`.
pub type LensPair = [(&'static str, Lens); 2];

/// How many nodes of one kind carry one load, in one of the two lenses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LensLoadRow {
    /// `uncompleted` or `completed`.
    pub lens: String,
    /// That lens's canonical spec.
    pub spec: String,
    /// `processor` or `bus`.
    pub kind: String,
    /// The load: traffic a processor relays, or traffic crossing a bus (ordered pairs of
    /// distinct processors, one unit each, split equally among the minimal paths).
    pub load: f64,
    /// Nodes of this kind carrying exactly this load.
    pub nodes: u64,
}

/// Ordered pairs of processors at one distance, in one of the two lenses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LensDistanceRow {
    /// `uncompleted` or `completed`.
    pub lens: String,
    /// That lens's canonical spec.
    pub spec: String,
    /// Busses traversed (the paper's distance; half the links of the bipartite graph).
    pub distance: u32,
    /// Ordered pairs of distinct processors at this distance.
    pub ordered_pairs: u64,
    /// The lens's mean distance over those pairs.
    pub average: f64,
}

/// The Lens pair of `lens`'s p, q and n (validated by the request: q = p, n ≥ 2).
pub fn lens_pair(lens: &Lens) -> Result<LensPair, ParamError> {
    let make = |completed| {
        Lens::new(
            u64::from(lens.p()),
            u64::from(lens.q()),
            lens.n() as u64,
            completed,
        )
    };
    Ok([("uncompleted", make(false)?), ("completed", make(true)?)])
}

/// Groups equal values: (value, how many), by increasing value.
fn histogram(values: &[f64]) -> Vec<(f64, u64)> {
    let mut v: Vec<f64> = values.iter().map(|&x| tidy(x)).collect();
    v.sort_by(f64::total_cmp);
    let mut out: Vec<(f64, u64)> = Vec::new();
    for x in v {
        match out.last_mut() {
            Some(last) if last.0 == x => last.1 += 1,
            _ => out.push((x, 1)),
        }
    }
    out
}

/// `lens-loads`: processor and bus load distributions of both lenses.
pub fn lens_loads(
    pair: &LensPair,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Vec<LensLoadRow> {
    let mut rows = Vec::new();
    for (i, (name, lens)) in pair.iter().enumerate() {
        progress(
            i,
            2,
            &format!("loads of the {name} lens {}", lens.spec_string()),
        );
        let loads = LensLoads::of(lens);
        for (kind, values) in [("processor", &loads.processor), ("bus", &loads.bus)] {
            for (load, nodes) in histogram(values) {
                rows.push(LensLoadRow {
                    lens: (*name).into(),
                    spec: lens.spec_string(),
                    kind: kind.into(),
                    load,
                    nodes,
                });
            }
        }
    }
    progress(2, 2, "done");
    rows
}

/// `lens-distances`: processor distance distributions (in busses) of both lenses.
pub fn lens_distances(
    pair: &LensPair,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Vec<LensDistanceRow> {
    let mut rows = Vec::new();
    for (i, (name, lens)) in pair.iter().enumerate() {
        progress(
            i,
            2,
            &format!("distances of the {name} lens {}", lens.spec_string()),
        );
        // Links of the bipartite graph: a processor-to-processor distance is even, twice
        // the busses traversed.
        let dd = distance_distribution(lens);
        let average = tidy(dd.average() / 2.0);
        for (d, &c) in dd.counts.iter().enumerate().skip(2).step_by(2) {
            rows.push(LensDistanceRow {
                lens: (*name).into(),
                spec: lens.spec_string(),
                distance: (d / 2) as u32,
                ordered_pairs: c,
                average,
            });
        }
    }
    progress(2, 2, "done");
    rows
}

/// The `lens-loads` CSV.
fn lens_loads_csv(rows: &[LensLoadRow]) -> String {
    let mut out = String::from("lens,spec,kind,load,nodes\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            r.lens,
            quote(&r.spec),
            r.kind,
            r.load,
            r.nodes
        ));
    }
    out
}

/// The `lens-distances` CSV.
fn lens_distances_csv(rows: &[LensDistanceRow]) -> String {
    let mut out = String::from("lens,spec,distance,ordered_pairs,average\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            r.lens,
            quote(&r.spec),
            r.distance,
            r.ordered_pairs,
            r.average
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet() -> impl FnMut(usize, usize, &str) {
        |_, _, _| {}
    }

    fn pair(p: u64, n: u64) -> LensPair {
        lens_pair(&Lens::new(p, p, n, false).expect("valid")).expect("pair")
    }

    /// Σ over ordered pairs of the closed-form processor distance, and the distribution.
    fn brute_distances(lens: &Lens) -> (u64, Vec<u64>) {
        let procs = lens.processor_count();
        let mut counts = vec![0u64; 4 * lens.n() + 1];
        let mut total = 0;
        for a in 0..procs {
            for b in (0..procs).filter(|&b| b != a) {
                let d = lens.processor_distance(a, b);
                counts[d as usize] += 1;
                total += u64::from(d);
            }
        }
        (total, counts)
    }

    #[test]
    fn lens_distances_equal_the_closed_form_over_every_pair() {
        for (p, n) in [(3, 3), (4, 2)] {
            let pair = pair(p, n);
            let rows = lens_distances(&pair, &mut quiet());
            for (name, lens) in &pair {
                let procs = lens.processor_count() as u64;
                let mine: Vec<&LensDistanceRow> = rows.iter().filter(|r| r.lens == *name).collect();
                let sum: u64 = mine.iter().map(|r| r.ordered_pairs).sum();
                assert_eq!(sum, procs * (procs - 1), "{name} p={p} n={n}");
                let (_, counts) = brute_distances(lens);
                for r in &mine {
                    assert_eq!(r.ordered_pairs, counts[r.distance as usize], "{name} {r:?}");
                }
                // The real diameters, one less than the paper's: 2n − 1 uncompleted, ⌊3n/2⌋ − 1
                // completed.
                let diameter = mine.iter().map(|r| r.distance).max().unwrap_or(0);
                assert_eq!(diameter, lens.processor_diameter(), "{name}");
            }
            assert!(lens_distances_csv(&rows)
                .starts_with("lens,spec,distance,ordered_pairs,average\nuncompleted,\"lens:"));
        }
    }

    #[test]
    fn lens_load_totals_equal_the_busses_and_relays_of_every_pair() {
        // Each bus crossed by a path is one unit of bus load; each processor strictly
        // inside a path relays it: Σ bus loads = Σ distances, Σ processor loads =
        // Σ (distance − 1), over ordered pairs (closed-form distances, not the loads' DAG).
        let pair = pair(3, 3);
        let rows = lens_loads(&pair, &mut quiet());
        for (name, lens) in &pair {
            let procs = lens.processor_count() as u64;
            let (total, _) = brute_distances(lens);
            let sum = |kind: &str| -> f64 {
                rows.iter()
                    .filter(|r| r.lens == *name && r.kind == kind)
                    .map(|r| r.load * r.nodes as f64)
                    .sum()
            };
            let count = |kind: &str| -> u64 {
                rows.iter()
                    .filter(|r| r.lens == *name && r.kind == kind)
                    .map(|r| r.nodes)
                    .sum()
            };
            assert!((sum("bus") - total as f64).abs() < 1e-6, "{name}");
            let relays = total - procs * (procs - 1);
            assert!((sum("processor") - relays as f64).abs() < 1e-6, "{name}");
            assert_eq!(count("processor"), procs);
            assert_eq!(count("bus"), lens.bus_count() as u64);
        }
        // The paper's claim (§6): the completed lens loads its processors uniformly; the
        // uncompleted one does not.
        let kinds = |lens: &str| {
            rows.iter()
                .filter(|r| r.lens == lens && r.kind == "processor")
                .count()
        };
        assert_eq!(kinds("completed"), 1);
        assert!(kinds("uncompleted") > 1);
    }
}
