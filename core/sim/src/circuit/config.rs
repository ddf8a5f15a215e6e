//! What to simulate and when it is refused: the policies, [`SimConfig`], the limits and
//! [`SimError`].

use serde::{Deserialize, Serialize};

use icn_engine::cost::Estimate;
use icn_families::hypercycle::{Hypercycle, HypercycleRouting};
use icn_graph::Graph;

/// At most this many expected arrivals per (policy, load) point.
pub const MAX_ARRIVALS: u64 = 2_000_000;
/// At most this many directed channels.
pub const MAX_CHANNELS: u64 = 1 << 22;
/// At most this many (policy, load) points in one sweep.
pub const MAX_POINTS: usize = 256;
/// The largest offered load accepted (twice the capacity).
pub const MAX_LOAD: f64 = 2.0;

/// How a circuit is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// The paper's backtrack-to-the-origin-and-retry over minimal next hops.
    Backtrack,
    /// E-cube, hold and wait (queue for the busy channel).
    Ecube,
    /// E-cube's single path with backtrack-and-retry on blocking.
    EcubeBacktrack,
}

impl Policy {
    /// Every policy, in display order.
    pub const ALL: [Policy; 3] = [Policy::Backtrack, Policy::Ecube, Policy::EcubeBacktrack];

    /// The name used on the command line and in URLs.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Backtrack => "backtrack",
            Policy::Ecube => "ecube",
            Policy::EcubeBacktrack => "ecube-backtrack",
        }
    }

    /// The policy called `name`.
    pub fn from_name(name: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// What to simulate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimConfig {
    /// Policies, each simulated at every load.
    pub policies: Vec<Policy>,
    /// Offered loads, normalised to capacity, each in (0, [`MAX_LOAD`]].
    pub loads: Vec<f64>,
    /// The seed; the same seed gives the same numbers on every platform.
    pub seed: u64,
    /// Ticks simulated before measuring.
    pub warmup_ticks: u64,
    /// Ticks during which arrivals are measured.
    pub ticks: u64,
    /// How long an established circuit transmits (the paper: 100).
    pub transmission_ticks: u64,
    /// Time for a probe (or a break) to cross one link.
    pub hop_ticks: u64,
    /// Back-off before a retry: uniform in 1 ..= this.
    pub retry_ticks: u64,
    /// The next hops the backtracking probe chooses among (default eq. 3.1.1); printed
    /// by name (`eq311`, `greedy`, `minimal`, `ecube`).
    #[serde(
        serialize_with = "routing_by_name",
        deserialize_with = "routing_from_name"
    )]
    pub choices: HypercycleRouting,
    /// Events per point before it is cut short and flagged saturated.
    pub max_events: u64,
}

fn routing_by_name<S: serde::Serializer>(r: &HypercycleRouting, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(icn_analyses::hypercycle_loads::routing_name(*r))
}

fn routing_from_name<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<HypercycleRouting, D::Error> {
    let name = String::deserialize(d)?;
    icn_analyses::hypercycle_loads::routing_from_name(&name)
        .ok_or_else(|| serde::de::Error::custom(format!("unknown routing '{name}'")))
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            policies: vec![Policy::Backtrack, Policy::Ecube],
            loads: vec![0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
            seed: 1,
            warmup_ticks: 5_000,
            ticks: 50_000,
            transmission_ticks: 100,
            hop_ticks: 1,
            retry_ticks: 10,
            choices: HypercycleRouting::Equation,
            max_events: 20_000_000,
        }
    }
}

/// Why a simulation cannot run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimError {
    /// A load outside (0, [`MAX_LOAD`]].
    #[error("offered load {value} is outside 0 < load ≤ {MAX_LOAD} (normalised to capacity)")]
    Load {
        /// The value given.
        value: f64,
    },
    /// No loads or no policies, or too many points.
    #[error(
        "{points} (policy, load) points: give 1 to {MAX_POINTS} (at least one load and one policy)"
    )]
    Points {
        /// Points asked for.
        points: usize,
    },
    /// A zero duration.
    #[error("{what} must be at least 1")]
    Zero {
        /// Which setting.
        what: &'static str,
    },
    /// More expected arrivals per point than [`MAX_ARRIVALS`].
    #[error("about {arrivals} arrivals per point, more than the limit of {MAX_ARRIVALS}: use fewer ticks, a smaller load or a smaller network")]
    TooLarge {
        /// Expected arrivals at the highest load.
        arrivals: u64,
    },
    /// More channels than [`MAX_CHANNELS`].
    #[error("{channels} channels, more than the simulator's limit of {MAX_CHANNELS}")]
    TooManyChannels {
        /// Directed channels of the network.
        channels: u64,
    },
    /// Hold-and-wait e-cube on a Hypercycle where it can deadlock.
    #[error("e-cube hold-and-wait can deadlock on {spec}: a dimension is more than one hop across (the paper uses e-cube on binary cubes only); use ecube-backtrack")]
    EcubeDeadlock {
        /// The network's spec.
        spec: String,
    },
}

/// Elementary steps one event costs in the estimates, at the steps a second docs/limits.md
/// assumes (docs/limits.md gives its measured cost).
pub const EVENT_STEPS: u64 = 24;

/// Bytes per live request (its message, its path, its events in the queue).
const REQUEST_BYTES: u64 = 160;

/// The most a sweep of `cfg` on `net` costs: every point runs to its event cap
/// (`max_events`; a point that drains earlier costs less, one that saturates exactly
/// this), and holds at most its expected arrivals, or its events, alive at once.
pub fn sweep_estimate(net: &Hypercycle, cfg: &SimConfig) -> Estimate {
    let points = (cfg.loads.len() * cfg.policies.len()) as u64;
    let channels = net.node_count() as u64 * net.degree_formula();
    // The mean distance is at least 1: the rate at distance 1 bounds the arrivals.
    let top = cfg.loads.iter().copied().fold(0.0, f64::max);
    let window = cfg.warmup_ticks as f64 + cfg.ticks as f64;
    let arrivals = arrival_rate(net, 1.0, top, cfg.transmission_ticks.max(1))
        * net.node_count() as f64
        * window;
    let live = (arrivals.min(u64::MAX as f64) as u64).min(cfg.max_events);
    Estimate {
        steps: points
            .saturating_mul(cfg.max_events)
            .saturating_mul(EVENT_STEPS)
            .saturating_add(channels),
        bytes: channels
            .saturating_mul(48)
            .saturating_add(live.saturating_mul(REQUEST_BYTES)),
    }
}

/// The arrival rate per node for an offered load.
pub(super) fn arrival_rate(
    net: &Hypercycle,
    average_distance: f64,
    load: f64,
    transmission: u64,
) -> f64 {
    load * net.degree_formula() as f64 / (transmission as f64 * average_distance)
}

/// Whether hold-and-wait e-cube is deadlock-free here: every dimension one hop across.
pub fn ecube_wait_safe(net: &Hypercycle) -> bool {
    net.radices()
        .iter()
        .zip(net.rho())
        .all(|(&m, &r)| (m / 2).div_ceil(r) <= 1)
}

/// Checks `cfg` on `net` (see [`Sweep::new`](super::Sweep::new)).
pub(super) fn validate(
    net: &Hypercycle,
    cfg: &SimConfig,
    average_distance: f64,
) -> Result<(), SimError> {
    let points = cfg.loads.len() * cfg.policies.len();
    if points == 0 || points > MAX_POINTS {
        return Err(SimError::Points { points });
    }
    for &l in &cfg.loads {
        if !(l > 0.0 && l <= MAX_LOAD) {
            return Err(SimError::Load { value: l });
        }
    }
    for (what, v) in [
        ("ticks", cfg.ticks),
        ("transmission ticks", cfg.transmission_ticks),
        ("hop ticks", cfg.hop_ticks),
        ("retry ticks", cfg.retry_ticks),
        ("max events", cfg.max_events),
    ] {
        if v == 0 {
            return Err(SimError::Zero { what });
        }
    }
    let channels = net.node_count() as u64 * net.degree_formula();
    if channels > MAX_CHANNELS {
        return Err(SimError::TooManyChannels { channels });
    }
    if cfg.policies.contains(&Policy::Ecube) && !ecube_wait_safe(net) {
        return Err(SimError::EcubeDeadlock {
            spec: net.spec_string(),
        });
    }
    let top = cfg.loads.iter().copied().fold(0.0, f64::max);
    let per_tick =
        arrival_rate(net, average_distance, top, cfg.transmission_ticks) * net.node_count() as f64;
    let arrivals = per_tick * (cfg.warmup_ticks as f64 + cfg.ticks as f64);
    if arrivals > MAX_ARRIVALS as f64 {
        return Err(SimError::TooLarge {
            arrivals: arrivals.min(u64::MAX as f64) as u64,
        });
    }
    Ok(())
}
