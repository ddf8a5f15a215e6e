//! The Charts view's Lens, Hypercycle and Dragonfly charts: each builder takes a network
//! that [`super::ChartRequest`] validated and costed, and calls the core code that
//! computes the numbers ([`Lens::loads`], [`distance_distribution`],
//! [`hypercycle_loads`], [`Sweep`], [`d3_vs_mdf`]); nothing is recomputed here.
//!
//! Conventions (docs/charts.md): distances and loads are over **ordered** pairs of
//! distinct terminals (processors, Hypercycle nodes, routers), each sending one unit split
//! equally among its paths; Lens loads are per node (relayed traffic), Hypercycle and
//! Dragonfly loads per **directed channel** (per direction).

use serde::{Deserialize, Serialize};

use crate::analysis::hypercycle_loads::routing_name;
use crate::analysis::{d3_vs_mdf, hypercycle_loads, DragonflyLoads, HypercycleLoads};
use crate::metrics::{distance_distribution, tidy, Split};
use crate::sim::{ecube_wait_safe, Policy, SimConfig, SimReport, Sweep};
use crate::topology::d3::D3;
use crate::topology::hypercycle::{Hypercycle, HypercycleRouting};
use crate::topology::lens::Lens;

use super::quote;

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

/// Ordered pairs of a Hypercycle's nodes at one distance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HcDistanceRow {
    /// Links traversed.
    pub distance: u32,
    /// Ordered pairs of distinct nodes at this distance (N times the count from one node).
    pub ordered_pairs: u64,
    /// The mean distance over all ordered pairs.
    pub average: f64,
}

/// The Lens pair of `lens`'s p, q and n (validated by the request: q = p, n ≥ 2).
pub fn lens_pair(lens: &Lens) -> Result<LensPair, String> {
    let make = |completed| {
        Lens::new(
            u64::from(lens.p()),
            u64::from(lens.q()),
            lens.n() as u64,
            completed,
        )
        .map_err(|e| e.to_string())
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
        let loads = lens.loads();
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

/// `hc-distances`: the distance distribution over ordered pairs (the family's closed form).
pub fn hc_distances(net: &Hypercycle) -> Vec<HcDistanceRow> {
    let dd = distance_distribution(net);
    let average = tidy(dd.average());
    dd.counts
        .iter()
        .enumerate()
        .skip(1)
        .map(|(d, &c)| HcDistanceRow {
            distance: d as u32,
            ordered_pairs: c,
            average,
        })
        .collect()
}

/// The routings of `hc-loads`: e-cube and random-greedy (its expected load, exact).
pub const HC_LOAD_ROUTINGS: [HypercycleRouting; 2] =
    [HypercycleRouting::Ecube, HypercycleRouting::Greedy];

/// `hc-loads`: per channel class loads under e-cube and random-greedy, divided per hop.
pub fn hc_loads(
    net: &Hypercycle,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Vec<HypercycleLoads> {
    let mut out = Vec::new();
    for (i, kind) in HC_LOAD_ROUTINGS.into_iter().enumerate() {
        progress(i, 2, &format!("{} loads", routing_name(kind)));
        out.push(hypercycle_loads(net, kind, Split::PerHop));
    }
    progress(2, 2, "done");
    out
}

/// The `hc-sim` chart's default measured ticks (as `icn simulate`).
pub const SIM_DEFAULT_TICKS: u64 = 50_000;
/// The `hc-sim` chart's measured ticks: at least this many.
pub const SIM_MIN_TICKS: u64 = 1_000;
/// The `hc-sim` chart's measured ticks: at most this many.
pub const SIM_MAX_TICKS: u64 = 1_000_000;
/// Events simulated between two progress reports of `hc-sim`.
pub const SIM_STEP_EVENTS: u64 = 100_000;

/// The `hc-sim` configuration: Figure 2's loads 0.1 … 0.9, backtrack-to-the-origin-and-
/// retry against e-cube (hold and wait where it cannot deadlock, else e-cube with
/// backtracking), every other setting `icn simulate`'s default.
pub fn sim_config(net: &Hypercycle, seed: u64, ticks: u64) -> SimConfig {
    let ecube = if ecube_wait_safe(net) {
        Policy::Ecube
    } else {
        Policy::EcubeBacktrack
    };
    SimConfig {
        policies: vec![Policy::Backtrack, ecube],
        seed,
        ticks,
        ..SimConfig::default()
    }
}

/// `hc-sim`: the sweep, stepped [`SIM_STEP_EVENTS`] events at a time with a progress
/// report (per mille) after each step.
///
/// # Errors
/// What [`Sweep::new`] refuses (the request checks it first).
pub fn hc_sim(
    net: &Hypercycle,
    cfg: &SimConfig,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<SimReport, String> {
    let mut sweep = Sweep::new(net, cfg).map_err(|e| e.to_string())?;
    loop {
        let p = sweep.step(SIM_STEP_EVENTS);
        if p.finished {
            break;
        }
        let point = p.points_done.min(p.points - 1);
        let policy = cfg.policies[point / cfg.loads.len()];
        let load = cfg.loads[point % cfg.loads.len()];
        progress(
            (p.fraction * 1000.0) as usize,
            1000,
            &format!(
                "point {} of {}: {} at offered load {load} ({} events)",
                point + 1,
                p.points,
                policy.name(),
                p.events
            ),
        );
    }
    progress(1000, 1000, "done");
    Ok(sweep.report())
}

/// `d3-mdf`: [`d3_vs_mdf`].
pub fn d3_mdf(d3: &D3, progress: &mut dyn FnMut(usize, usize, &str)) -> DragonflyLoads {
    progress(
        0,
        1,
        "distances and loads of both networks, every destination",
    );
    let r = d3_vs_mdf(d3);
    progress(1, 1, "done");
    r
}

/// The `lens-loads` CSV.
pub fn lens_loads_csv(rows: &[LensLoadRow]) -> String {
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
pub fn lens_distances_csv(rows: &[LensDistanceRow]) -> String {
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

/// The `hc-distances` CSV.
pub fn hc_distances_csv(rows: &[HcDistanceRow]) -> String {
    let mut out = String::from("distance,ordered_pairs,average\n");
    for r in rows {
        out.push_str(&format!(
            "{},{},{}\n",
            r.distance, r.ordered_pairs, r.average
        ));
    }
    out
}

/// The `hc-loads` CSV: `icn loads SPEC --format csv`'s columns without the split (always
/// per hop).
pub fn hc_loads_csv(results: &[HypercycleLoads]) -> String {
    let mut out = String::from("routing,dimension,step,channels,load\n");
    for r in results {
        for c in &r.classes {
            out.push_str(&format!(
                "{},{},{},{},{}\n",
                r.routing, c.dimension, c.step, c.channels, c.load
            ));
        }
    }
    out
}

/// The `hc-sim` CSV: `icn simulate --format csv`'s columns.
pub fn sim_csv(report: &SimReport) -> String {
    let mut out = String::from("policy,offered_load,arrival_rate,measured,established,censored,mean_delay_ticks,mean_delay,max_delay_ticks,mean_attempts,carried_load,events,saturated\n");
    for p in &report.points {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
            p.policy.name(),
            p.offered_load,
            p.arrival_rate,
            p.measured,
            p.established,
            p.censored,
            p.mean_delay_ticks,
            p.mean_delay,
            p.max_delay_ticks,
            p.mean_attempts,
            p.carried_load,
            p.events,
            p.saturated
        ));
    }
    out
}

/// The `d3-mdf` CSV: one table, `quantity` = `distance` (value: hops, count: ordered
/// pairs of routers), `local_load` or `global_load` (value: a directed channel's load,
/// count: channels carrying it).
pub fn d3_mdf_csv(r: &DragonflyLoads) -> String {
    let mut out = String::from("network,spec,quantity,value,count\n");
    for (name, s) in [("d3", &r.d3), ("mdf", &r.mdf)] {
        let spec = quote(&s.spec);
        for (d, &c) in s.distance_distribution.iter().enumerate().skip(1) {
            out.push_str(&format!("{name},{spec},distance,{d},{c}\n"));
        }
        for (what, k) in [("local_load", &s.local), ("global_load", &s.global)] {
            for c in &k.distribution {
                out.push_str(&format!("{name},{spec},{what},{},{}\n", c.load, c.channels));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Topology;
    use crate::metrics::bfs;

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

    #[test]
    fn hc_distances_sum_to_every_ordered_pair_and_equal_bfs() {
        let net = Hypercycle::new(&[5, 4], &[2, 1]).expect("valid");
        let rows = hc_distances(&net);
        let n = net.node_count() as u64;
        assert_eq!(
            rows.iter().map(|r| r.ordered_pairs).sum::<u64>(),
            n * (n - 1)
        );
        let mut counts = [0u64; 16];
        for s in 0..net.node_count() {
            for d in bfs(&net, s) {
                counts[d as usize] += 1;
            }
        }
        for r in &rows {
            assert_eq!(r.ordered_pairs, counts[r.distance as usize], "{r:?}");
        }
        // The 4-cube: C(4, d)·16 ordered pairs at distance d, mean 32/15.
        let cube = hc_distances(&Hypercycle::hypercube(4).expect("valid"));
        let want: Vec<u64> = [4, 6, 4, 1].iter().map(|c| c * 16).collect();
        assert_eq!(
            cube.iter().map(|r| r.ordered_pairs).collect::<Vec<_>>(),
            want
        );
        assert_eq!(cube[0].average, tidy(32.0 / 15.0));
    }

    #[test]
    fn hc_load_totals_equal_the_total_distance() {
        // Every hop of every pair's route crosses one directed channel: Σ loads = Σ
        // distances (both routings are minimal), from the BFS, not the loads.
        let net = Hypercycle::new(&[5, 4, 3], &[2, 1, 1]).expect("valid");
        let total: f64 = (0..net.node_count())
            .map(|s| bfs(&net, s).iter().map(|&d| f64::from(d)).sum::<f64>())
            .sum();
        let results = hc_loads(&net, &mut quiet());
        assert_eq!(results.len(), 2);
        for r in &results {
            let sum: f64 = r.classes.iter().map(|c| c.load * c.channels as f64).sum();
            assert!(
                (sum - total).abs() < 1e-6 * total,
                "{}: {sum} vs {total}",
                r.routing
            );
        }
        let csv = hc_loads_csv(&results);
        assert!(csv.starts_with("routing,dimension,step,channels,load\necube,1,1,60,"));
        // On a binary cube both routings load every channel with N/2 (each of the N(N−1)
        // pairs crosses dimension i with probability N/2 / (N − 1)).
        let cube = hc_loads(&Hypercycle::hypercube(4).expect("valid"), &mut quiet());
        for r in &cube {
            assert!(r.classes.iter().all(|c| c.load == 8.0), "{r:?}");
        }
    }

    fn small_sim(net: &Hypercycle, seed: u64) -> SimConfig {
        SimConfig {
            loads: vec![0.2, 0.5],
            warmup_ticks: 1_000,
            ..sim_config(net, seed, 10_000)
        }
    }

    #[test]
    fn hc_sim_is_deterministic_by_seed_and_delay_grows_with_load() {
        let net = Hypercycle::hypercube(4).expect("valid");
        let mut reports = 0;
        let mut count = |done: usize, total: usize, _: &str| {
            assert!(done <= total);
            reports += 1;
        };
        let a = hc_sim(&net, &small_sim(&net, 7), &mut count).expect("runs");
        assert!(reports >= 1);
        let b = hc_sim(&net, &small_sim(&net, 7), &mut quiet()).expect("runs");
        assert_eq!(sim_csv(&a), sim_csv(&b));
        let c = hc_sim(&net, &small_sim(&net, 8), &mut quiet()).expect("runs");
        assert_ne!(sim_csv(&a), sim_csv(&c));
        for policy in [Policy::Backtrack, Policy::Ecube] {
            let s = a.series(policy);
            assert_eq!(s.len(), 2);
            assert!(s[1].mean_delay_ticks > s[0].mean_delay_ticks, "{policy:?}");
            // A set-up takes at least one hop.
            assert!(s[0].mean_delay_ticks >= 1.0);
        }
        // On a Hypercycle with rings longer than 3, e-cube cannot hold and wait.
        let ring = Hypercycle::new(&[5, 4], &[1, 1]).expect("valid");
        assert_eq!(
            sim_config(&ring, 1, 1_000).policies,
            vec![Policy::Backtrack, Policy::EcubeBacktrack]
        );
    }

    #[test]
    fn d3_mdf_distances_and_loads_add_up() {
        let d3 = D3::new(2, 3).expect("valid");
        let r = d3_mdf(&d3, &mut quiet());
        let csv = d3_mdf_csv(&r);
        assert!(csv.starts_with("network,spec,quantity,value,count\nd3,\"d3:k=2,m=3\",distance,1,"));
        for s in [&r.d3, &r.mdf] {
            let n = s.routers;
            let pairs: u64 = s.distance_distribution.iter().sum();
            assert_eq!(pairs, n * (n - 1), "{}", s.spec);
            let hops: u64 = s
                .distance_distribution
                .iter()
                .enumerate()
                .map(|(d, &c)| d as u64 * c)
                .sum();
            // Σ channel loads over both kinds = Σ distances.
            let loads = s.local.total_load + s.global.total_load;
            assert!((loads - hops as f64).abs() < 1e-6, "{}", s.spec);
            // Channels in the histograms: every directed channel once.
            let channels: u64 = s
                .local
                .distribution
                .iter()
                .chain(&s.global.distribution)
                .map(|c| c.channels)
                .sum();
            assert_eq!(channels, 2 * s.links, "{}", s.spec);
        }
        // D3's distances, by BFS.
        let mut counts = vec![0u64; 8];
        for s in 0..d3.node_count() {
            for d in bfs(&d3, s) {
                counts[d as usize] += 1;
            }
        }
        counts[0] = 0;
        counts.truncate(r.d3.distance_distribution.len());
        assert_eq!(counts, r.d3.distance_distribution);
    }
}
