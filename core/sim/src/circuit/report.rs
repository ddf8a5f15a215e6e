//! A sweep's results: one [`SimPoint`] per (policy, load), gathered in a [`SimReport`].

use serde::{Deserialize, Serialize};

use super::{Policy, SimConfig};

/// One (policy, load) point of the delay/load curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimPoint {
    /// The policy.
    pub policy: Policy,
    /// Offered load, normalised to capacity.
    pub offered_load: f64,
    /// Requests per node per tick, λ.
    pub arrival_rate: f64,
    /// Requests that arrived in the measurement window.
    pub measured: u64,
    /// Of those, how many were established.
    pub established: u64,
    /// Of those, how many were still waiting when the point was cut short.
    pub censored: u64,
    /// Mean set-up delay in ticks (censored requests count what they have waited);
    /// `None` (`null` in JSON, empty in CSV) when no request was measured or none was
    /// established or censored: there is no delay to average.
    pub mean_delay_ticks: Option<f64>,
    /// The same, divided by the transmission time (Figure 2's axis).
    pub mean_delay: Option<f64>,
    /// The largest set-up delay in ticks.
    pub max_delay_ticks: f64,
    /// Mean set-up attempts per established request (1 = never retried); `None` when
    /// none was established.
    pub mean_attempts: Option<f64>,
    /// Carried load: established circuits' channel time / (channels × window).
    pub carried_load: f64,
    /// Events processed.
    pub events: u64,
    /// Whether the point hit `max_events` before draining.
    pub saturated: bool,
}

/// A whole sweep's results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimReport {
    /// The network's canonical spec.
    pub spec: String,
    /// Nodes N.
    pub nodes: u64,
    /// Directed channels C.
    pub channels: u64,
    /// Mean distance d̄ (ordered pairs of distinct nodes).
    pub average_distance: f64,
    /// The configuration simulated.
    pub config: SimConfig,
    /// Points, by policy (in the config's order) then load.
    pub points: Vec<SimPoint>,
}

impl SimReport {
    /// The points of one policy, by load.
    pub fn series(&self, policy: Policy) -> Vec<&SimPoint> {
        self.points.iter().filter(|p| p.policy == policy).collect()
    }
}
