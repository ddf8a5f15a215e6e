//! Every point of a configuration, simulated in chunks with progress: [`Sweep`], and
//! [`simulate`] for all at once.

use serde::{Deserialize, Serialize};

use icn_engine::metrics::distance_distribution;
use icn_families::hypercycle::Hypercycle;

use super::config::validate;
use super::{CircuitSim, SimConfig, SimError, SimPoint, SimReport};
use icn_graph::Graph;

/// Progress of a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SweepProgress {
    /// Points finished.
    pub points_done: usize,
    /// Points in all.
    pub points: usize,
    /// Overall fraction done, 0 ..= 1.
    pub fraction: f64,
    /// Events processed so far, all points.
    pub events: u64,
    /// Whether every point is done.
    pub finished: bool,
}

/// Every (policy, load) point of a configuration, simulated in chunks: call
/// [`Sweep::step`] until it reports `finished`, then [`Sweep::report`]. Chunking does not
/// change the numbers.
#[derive(Debug, Clone)]
pub struct Sweep<'a> {
    net: &'a Hypercycle,
    cfg: SimConfig,
    average_distance: f64,
    current: Option<CircuitSim<'a>>,
    next: usize,
    points: Vec<SimPoint>,
    events: u64,
}

impl<'a> Sweep<'a> {
    /// A sweep over `cfg.policies × cfg.loads` on `net`.
    ///
    /// # Errors
    /// Loads outside (0, 2], no or too many points, a zero duration, more than
    /// [`MAX_ARRIVALS`](super::MAX_ARRIVALS) expected arrivals per point, too many channels, or hold-and-wait
    /// e-cube where it can deadlock.
    pub fn new(net: &'a Hypercycle, cfg: &SimConfig) -> Result<Self, SimError> {
        let average_distance = distance_distribution(net).average();
        validate(net, cfg, average_distance)?;
        Ok(Sweep {
            net,
            cfg: cfg.clone(),
            average_distance,
            current: None,
            next: 0,
            points: Vec::new(),
            events: 0,
        })
    }

    fn total(&self) -> usize {
        self.cfg.policies.len() * self.cfg.loads.len()
    }

    /// Processes up to `budget` events (at least one point's start), then reports.
    pub fn step(&mut self, budget: u64) -> SweepProgress {
        let mut left = budget;
        while left > 0 && self.points.len() < self.total() {
            if self.current.is_none() {
                let i = self.next;
                self.next += 1;
                let policy = self.cfg.policies[i / self.cfg.loads.len()];
                let load_index = i % self.cfg.loads.len();
                self.current = Some(CircuitSim::build(
                    self.net,
                    &self.cfg,
                    policy,
                    self.cfg.loads[load_index],
                    self.average_distance,
                ));
            }
            if let Some(sim) = self.current.as_mut() {
                let done = sim.step(left);
                left -= done;
                self.events += done;
                if sim.finished() {
                    self.points.push(sim.point());
                    self.current = None;
                } else if done == 0 {
                    break;
                }
            }
        }
        self.progress()
    }

    /// Where the sweep stands.
    pub fn progress(&self) -> SweepProgress {
        let total = self.total();
        let partial = self.current.as_ref().map_or(0.0, CircuitSim::fraction);
        SweepProgress {
            points_done: self.points.len(),
            points: total,
            fraction: ((self.points.len() as f64 + partial) / total as f64).min(1.0),
            events: self.events,
            finished: self.points.len() == total,
        }
    }

    /// The results of the points finished so far.
    pub fn report(&self) -> SimReport {
        SimReport {
            spec: self.net.spec_string(),
            nodes: self.net.node_count() as u64,
            channels: self.net.node_count() as u64 * self.net.degree_formula(),
            average_distance: self.average_distance,
            config: self.cfg.clone(),
            points: self.points.clone(),
        }
    }
}

/// Runs a whole sweep at once.
///
/// # Errors
/// As [`Sweep::new`].
pub fn simulate(net: &Hypercycle, cfg: &SimConfig) -> Result<SimReport, SimError> {
    let mut sweep = Sweep::new(net, cfg)?;
    while !sweep.step(1 << 20).finished {}
    Ok(sweep.report())
}
