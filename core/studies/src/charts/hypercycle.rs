//! The Hypercycle charts: `hc-distances` (the distance distribution, closed form),
//! `hc-loads` (channel loads, e-cube against random-greedy, from
//! [`hypercycle_loads`]) and `hc-sim` (the Hypercycles paper's Figure 2, a [`Sweep`]).
//!
//! Conventions (docs/charts.md): ordered pairs of distinct nodes, each sending one unit
//! split equally among its paths; loads per **directed channel** (per direction).

use serde::{Deserialize, Serialize};

use icn_analyses::hypercycle_loads::routing_name;
use icn_analyses::{hypercycle_loads, hypercycle_loads_cost, HypercycleLoads};
use icn_engine::cost::Estimate;
use icn_engine::metrics::{distance_distribution, tidy, Split};
use icn_engine::network::Network;
use icn_families::hypercycle::{Hypercycle, HypercycleRouting};
use icn_sim::{ecube_wait_safe, Policy, SimConfig, SimError, SimReport, Sweep};

use super::info::{
    network, over_budget, whole, wrong_family, BuildError, Canonical, ChartDef, ChartError,
    ChartFamily, ChartInfo, ChartInput,
};

/// `hc-distances`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HcDistancesChart {
    /// The network.
    pub spec: String,
    /// Ordered pairs per distance.
    pub rows: Vec<HcDistanceRow>,
}

impl ChartDef for HcDistancesChart {
    const INFO: ChartInfo = ChartInfo {
        name: "hc-distances",
        title: "Hypercycle distance distribution",
        family: Some(ChartFamily::Hypercycle),
        n_range: None,
        takes_seed: false,
    };
    type Prepared = Hypercycle;

    /// Costs the chart as the network's own distance estimate.
    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, Hypercycle), ChartError> {
        hypercycle(input, |net, _| net.cost().info)
    }

    fn build(
        h: &Hypercycle,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        progress(0, 1, "distance distribution");
        let rows = hc_distances(h);
        progress(1, 1, "done");
        Ok(HcDistancesChart {
            spec: h.spec_string(),
            rows,
        })
    }

    fn csv(&self) -> String {
        hc_distances_csv(&self.rows)
    }
}

/// `hc-loads`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HcLoadsChart {
    /// E-cube, then random-greedy (per hop).
    pub results: Vec<HypercycleLoads>,
}

impl ChartDef for HcLoadsChart {
    const INFO: ChartInfo = ChartInfo {
        name: "hc-loads",
        title: "Hypercycle link load, e-cube against random-greedy",
        family: Some(ChartFamily::Hypercycle),
        n_range: None,
        takes_seed: false,
    };
    type Prepared = Hypercycle;

    /// Costs both routings' loads.
    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, Hypercycle), ChartError> {
        hypercycle(input, |_, h| {
            let one = hypercycle_loads_cost(h);
            Estimate {
                steps: one.steps.saturating_mul(2),
                bytes: one.bytes,
            }
        })
    }

    fn build(
        h: &Hypercycle,
        progress: &mut dyn FnMut(usize, usize, &str),
        _: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        Ok(HcLoadsChart {
            results: hc_loads(h, progress),
        })
    }

    fn csv(&self) -> String {
        hc_loads_csv(&self.results)
    }
}

/// `hc-sim`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HcSimChart {
    /// The sweep's results and configuration.
    pub report: Box<SimReport>,
}

impl ChartDef for HcSimChart {
    const INFO: ChartInfo = ChartInfo {
        name: "hc-sim",
        title: "Hypercycles Figure 2: set-up delay against offered load",
        family: Some(ChartFamily::Hypercycle),
        n_range: None,
        takes_seed: true,
    };
    /// The network and the sweep's configuration.
    type Prepared = (Hypercycle, SimConfig);

    /// The network, then the seed, the measured ticks and the simulator's own limits
    /// (arrivals per point, channels).
    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, Self::Prepared), ChartError> {
        let (c, h) = hypercycle(input, |_, _| Estimate { steps: 0, bytes: 0 })?;
        let seed = whole(
            "seed",
            input.seed,
            (0, u64::MAX, 1),
            "the simulation's seed",
        )?;
        let ticks = whole(
            "ticks",
            input.ticks,
            (SIM_MIN_TICKS, SIM_MAX_TICKS, SIM_DEFAULT_TICKS),
            "measured ticks; a transmission lasts 100",
        )?;
        let cfg = sim_config(&h, seed, ticks);
        Sweep::new(&h, &cfg).map_err(|e| ChartError {
            field: if matches!(e, SimError::TooLarge { .. }) {
                "ticks"
            } else {
                "t"
            },
            message: e.to_string(),
        })?;
        Ok((Canonical { seed, ticks, ..c }, (h, cfg)))
    }

    fn build(
        (h, cfg): &Self::Prepared,
        progress: &mut dyn FnMut(usize, usize, &str),
        partial: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError> {
        let mut report_partial = |report: SimReport| {
            partial(HcSimChart {
                report: Box::new(report),
            });
        };
        Ok(HcSimChart {
            report: Box::new(hc_sim_partial(
                h,
                cfg,
                SIM_STEP_EVENTS,
                progress,
                &mut report_partial,
            )?),
        })
    }

    fn csv(&self) -> String {
        sim_csv(&self.report)
    }

    fn label(c: &Canonical) -> String {
        format!(
            "{} of {}, seed {}, {} ticks",
            Self::INFO.title,
            c.spec,
            c.seed,
            c.ticks
        )
    }
}

/// Parses a Hypercycle chart's network and costs the chart (`cost` of the network and
/// the Hypercycle) against the chart budget.
fn hypercycle(
    input: &ChartInput<'_>,
    cost: impl FnOnce(&Network, &Hypercycle) -> Estimate,
) -> Result<(Canonical, Hypercycle), ChartError> {
    let net = network(input)?;
    let h = net
        .hypercycle()
        .map_err(|_| wrong_family(&net, "Hypercycles (hypercube:n=… or hypercycle:m=…,rho=…)"))?;
    over_budget(&h.spec_string(), "this chart", cost(&net, h))?;
    Ok((Canonical::spec(h.spec_string()), h.clone()))
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
#[cfg(test)]
pub fn hc_sim(
    net: &Hypercycle,
    cfg: &SimConfig,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<SimReport, SimError> {
    hc_sim_partial(net, cfg, SIM_STEP_EVENTS, progress, &mut |_| {})
}

/// [`hc_sim`] stepped `step_events` events at a time, handing `partial` the report of the
/// points finished so far after each step that finished one (and before the last).
///
/// # Errors
/// As [`hc_sim`].
pub fn hc_sim_partial(
    net: &Hypercycle,
    cfg: &SimConfig,
    step_events: u64,
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(SimReport),
) -> Result<SimReport, SimError> {
    let mut sweep = Sweep::new(net, cfg)?;
    let mut finished = 0;
    loop {
        let p = sweep.step(step_events);
        if p.finished {
            break;
        }
        if p.points_done > finished {
            finished = p.points_done;
            partial(sweep.report());
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

/// The `hc-distances` CSV.
fn hc_distances_csv(rows: &[HcDistanceRow]) -> String {
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
fn hc_loads_csv(results: &[HypercycleLoads]) -> String {
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

/// A CSV field: the number, or nothing where there is none.
fn or_empty(x: Option<f64>) -> String {
    x.map_or(String::new(), |x| x.to_string())
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
            or_empty(p.mean_delay_ticks),
            or_empty(p.mean_delay),
            p.max_delay_ticks,
            or_empty(p.mean_attempts),
            p.carried_load,
            p.events,
            p.saturated
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_engine::metrics::bfs;
    use icn_graph::Graph;

    fn quiet() -> impl FnMut(usize, usize, &str) {
        |_, _, _| {}
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
    fn hc_sim_hands_over_each_finished_point() {
        // Two policies at two loads: the partial reports hold 1, 2, 3 of the final 4 points,
        // each equal to the final report's first points.
        let net = Hypercycle::hypercube(4).expect("valid");
        let mut partials: Vec<SimReport> = Vec::new();
        let cfg = small_sim(&net, 7);
        // Small steps, so that each point finishes in a step of its own.
        let last =
            hc_sim_partial(&net, &cfg, 500, &mut quiet(), &mut |r| partials.push(r)).expect("runs");
        assert_eq!(last.points.len(), 4);
        let sizes: Vec<usize> = partials.iter().map(|r| r.points.len()).collect();
        assert_eq!(sizes, [1, 2, 3]);
        for r in &partials {
            assert_eq!(r.points[..], last.points[..r.points.len()]);
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
            assert!(s[0].mean_delay_ticks >= Some(1.0));
        }
        // On a Hypercycle with rings longer than 3, e-cube cannot hold and wait.
        let ring = Hypercycle::new(&[5, 4], &[1, 1]).expect("valid");
        assert_eq!(
            sim_config(&ring, 1, 1_000).policies,
            vec![Policy::Backtrack, Policy::EcubeBacktrack]
        );
    }
}
