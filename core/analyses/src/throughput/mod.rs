//! Throughput: the largest injection rate per endpoint, in flits per cycle, at which no
//! channel's load exceeds 1, for an oblivious routing under a traffic pattern (Dally and
//! Towles, Principles and Practices of Interconnection Networks, ch. 3).
//!
//! Conventions: endpoints inject (a network's endpoints as its BookSim2 anynet export has
//! them, [`endpoint_nodes`]); every channel carries 1 flit per cycle in each direction;
//! uniform traffic sends rate/(E − 1) from each endpoint to each other endpoint; a
//! permutation sends all of an endpoint's traffic to one endpoint; a routing splits each
//! pair's traffic equally over its paths (a two-phase routing: equally over its
//! intermediates, each leg so); a traffic matrix (the simulator's random patterns) sends
//! each listed fraction of an endpoint's traffic to its destination. An endpoint's own
//! links carry at most 1 each way, so `throughput` is the smallest of 1, `channel_bound`
//! (the reciprocal of the busiest channel's load at rate 1) and `endpoint_bound` (the
//! reciprocal of the most any endpoint receives at rate 1: below 1 only under a matrix
//! such as a hotspot).
//!
//! - [`routed`]: the channel bound of a routing under uniform traffic, a permutation or a
//!   traffic matrix, every channel's load and the bottleneck channels;
//! - [`worst`]: the worst-case permutation of an oblivious routing (Towles and Dally, SPAA
//!   2002): for each channel, the maximum-weight assignment of sources to destinations
//!   under that channel's share of each pair; the largest over channels, one channel per
//!   orbit of the routing's symmetry;
//! - [`optimal`]: the best any routing could do, the maximum concurrent flow: exact by a
//!   linear program on small networks, by column generation over paths for a permutation
//!   on larger ones, certified within 1 % by multiplicative weights beyond; [`longest`],
//!   Jyothi et al.'s near-worst permutation.

mod flow;
mod optimal;
mod paths;
pub mod shares;
mod transport;
mod worst;

use icn_engine::io::AnynetPlan;
use icn_engine::metrics::channel_loads;
use icn_engine::network::Network;
use icn_engine::Estimate;
use icn_graph::math::{check_permutation, NotPermutation};
use icn_graph::{Node, Routing};
use serde::Serialize;
use thiserror::Error;

pub use self::flow::{GAP, MAX_WORK};
pub use self::optimal::{
    longest, optimal, optimal_approximate, optimal_estimate, optimal_paths, optimal_with, Optimal,
    MAX_LP_VARIABLES,
};
pub use self::paths::{MAX_PATH_VARIABLES, MAX_PATH_WORK};
pub use self::shares::{matrix_shares, pair_shares, Channels, Towards};
pub use self::worst::{worst, worst_estimate};

/// Traffic between endpoints.
#[derive(Debug, Clone, PartialEq)]
pub enum Demand {
    /// Every endpoint to every other, equally.
    Uniform,
    /// Endpoint e sends everything to endpoint `p[e]`.
    Permutation(Vec<u32>),
    /// A traffic matrix: row s lists endpoint s's destinations, each with the fraction of
    /// s's traffic it receives (a row sums to at most 1; what an endpoint sends itself
    /// crosses no channel, only its own links). The simulator's random patterns
    /// (`hotspot`, `background`, `diagonal`, …) are these.
    Matrix(Vec<Vec<(u32, f64)>>),
}

/// Why a throughput cannot be computed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ThroughputError {
    /// Not a permutation of the endpoints.
    #[error(transparent)]
    NotPermutation(#[from] NotPermutation),
    /// A traffic matrix that is not one of the network's endpoints.
    #[error("traffic matrix: {0}")]
    Matrix(String),
    /// Fewer than two endpoints.
    #[error("{spec} has {endpoints} endpoint(s): throughput needs two or more")]
    TooFewEndpoints {
        /// The network.
        spec: String,
        /// Its endpoints.
        endpoints: usize,
    },
}

/// A channel and its load at injection rate 1 per endpoint.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChannelLoad {
    /// Tail node.
    pub from: Node,
    /// Head node.
    pub to: Node,
    /// Flits per cycle at rate 1.
    pub load: f64,
}

/// A routing's throughput under one traffic.
#[derive(Debug, Clone, PartialEq)]
pub struct Throughput {
    /// min(1, `channel_bound`).
    pub throughput: f64,
    /// 1 / the busiest channel's load at rate 1 (infinite when no channel is loaded).
    pub channel_bound: f64,
    /// The busiest channel's load at rate 1.
    pub max_load: f64,
    /// The channels at that load.
    pub bottleneck: Vec<(Node, Node)>,
    /// 1 / the most any endpoint receives at rate 1: its own link carries at most 1, so
    /// this bounds the throughput too (1 under uniform traffic and a permutation).
    pub endpoint_bound: f64,
    /// The endpoints receiving that most, where it bounds the throughput below 1.
    pub busiest_endpoints: Vec<u32>,
    /// Every channel's load at rate 1, in [`Channels`] order.
    pub loads: Vec<f64>,
    /// The traffic's permutation, for a permutation (the worst case's, for [`worst`]).
    pub permutation: Option<Vec<u32>>,
}

/// The terminal node of each endpoint, endpoints numbered as the network's anynet export
/// numbers them (and the simulator): an endpoint that is a node of its own is that node;
/// a terminal router's concentration of endpoints are that router.
pub fn endpoint_nodes(net: &Network) -> Vec<Node> {
    let plan = AnynetPlan::of(net);
    let terminals = net.topology().terminal_count();
    let concentration = net.concentration().max(1) as usize;
    let mut out = Vec::with_capacity(plan.endpoint_count());
    for (v, r) in plan.router.iter().enumerate() {
        match r {
            None => out.push(v),
            Some(_) if v < terminals => out.extend(std::iter::repeat_n(v, concentration)),
            Some(_) => {}
        }
    }
    out
}

/// The endpoints' nodes ([`endpoint_nodes`]), two or more.
pub(crate) fn two_or_more(net: &Network) -> Result<Vec<Node>, ThroughputError> {
    let ends = endpoint_nodes(net);
    if ends.len() < 2 {
        return Err(ThroughputError::TooFewEndpoints {
            spec: net.spec(),
            endpoints: ends.len(),
        });
    }
    Ok(ends)
}

/// The throughput of `routing` on `net` under `demand`.
///
/// # Errors
/// [`ThroughputError`]: fewer than two endpoints, not a permutation, or a matrix with a row
/// per endpoint missing, a destination beyond the last endpoint or a fraction not in 0 … 1.
///
/// # Complexity
/// Uniform: as [`channel_loads`]. A permutation: one pass over the routing's DAG per
/// endpoint, O(E·(N + C)), times the intermediates for a two-phase routing. A matrix: one
/// DAG per destination node (per node for a two-phase routing), O(T·(N + C)), and its
/// pairs (times their intermediates).
pub fn routed(
    net: &Network,
    routing: &dyn Routing,
    demand: &Demand,
) -> Result<Throughput, ThroughputError> {
    let t = net.topology();
    let ends = two_or_more(net)?;
    let e = ends.len();
    let channels = Channels::of(t);
    let mut loads = vec![0.0; channels.len()];
    let permutation = match demand {
        Demand::Uniform => {
            // Every ordered pair of terminal nodes sends one unit in `channel_loads`; an
            // endpoint sends r/(E − 1) to each other endpoint, c of them on each terminal.
            let c = e as f64 / t.terminal_count().max(1) as f64;
            let scale = c * c / (e as f64 - 1.0);
            let unit = channel_loads(t, routing);
            for (l, u) in loads.iter_mut().zip(&unit.loads) {
                *l = u * scale;
            }
            // The bound from the unit loads (exact rationals tidied), not their scaled
            // copies: (E − 1) / (c² · L).
            let max_unit = unit.loads.iter().copied().fold(0.0, f64::max);
            let mut out = finish(&channels, loads, None);
            if max_unit > 0.0 {
                out.channel_bound = icn_graph::math::tidy((e as f64 - 1.0) / (c * c * max_unit));
                out.throughput = out.channel_bound.min(1.0);
            }
            return Ok(out);
        }
        Demand::Permutation(p) => {
            check_permutation(p, e)?;
            let n = t.node_count();
            for (src, &dst) in p.iter().enumerate() {
                let (a, b) = (ends[src], ends[dst as usize]);
                pair_shares(routing, n, (a, b), 1.0, &mut |u, v, share| {
                    if let Some(k) = channels.index(u, v) {
                        loads[k] += share;
                    }
                });
            }
            Some(p.clone())
        }
        Demand::Matrix(rows) => {
            let inbound = check_matrix(rows, e)?;
            matrix_shares(routing, t.node_count(), &ends, rows, &mut |u, v, share| {
                if let Some(k) = channels.index(u, v) {
                    loads[k] += share;
                }
            });
            let mut out = finish(&channels, loads, None);
            with_endpoints(&mut out, &inbound);
            return Ok(out);
        }
    };
    Ok(finish(&channels, loads, permutation))
}

/// The throughput of `demand` with no channel counted: what the endpoints' own links
/// allow (1 but under a matrix such as a hotspot). Where the routing chooses by its queues
/// (an adaptive routing), this and the optimal bound are what can be said.
///
/// # Errors
/// As [`routed`].
pub fn unrouted(net: &Network, demand: &Demand) -> Result<Throughput, ThroughputError> {
    let e = two_or_more(net)?.len();
    let channels = Channels::of(net.topology());
    let mut out = finish(&channels, vec![0.0; channels.len()], None);
    match demand {
        Demand::Uniform => {}
        Demand::Permutation(p) => {
            check_permutation(p, e)?;
            out.permutation = Some(p.clone());
        }
        Demand::Matrix(rows) => with_endpoints(&mut out, &check_matrix(rows, e)?),
    }
    Ok(out)
}

/// `out`'s endpoint bound from what each endpoint receives at rate 1, and its throughput.
fn with_endpoints(out: &mut Throughput, inbound: &[f64]) {
    let most = inbound.iter().copied().fold(0.0, f64::max);
    out.endpoint_bound = if most > 0.0 {
        icn_graph::math::tidy(1.0 / most)
    } else {
        f64::INFINITY
    };
    if out.endpoint_bound < 1.0 {
        out.busiest_endpoints = (0..inbound.len())
            .filter(|&d| inbound[d] >= most * (1.0 - 1e-9))
            .map(|d| d as u32)
            .collect();
    }
    out.throughput = out.channel_bound.min(out.endpoint_bound).min(1.0);
}

/// What each endpoint receives at rate 1 under the matrix `rows`, checked: a row per
/// endpoint, destinations among them, fractions in 0 … 1 summing to at most 1.
pub(crate) fn check_matrix(
    rows: &[Vec<(u32, f64)>],
    e: usize,
) -> Result<Vec<f64>, ThroughputError> {
    if rows.len() != e {
        return Err(ThroughputError::Matrix(format!(
            "{} rows for {e} endpoints",
            rows.len()
        )));
    }
    let mut inbound = vec![0.0; e];
    for (s, row) in rows.iter().enumerate() {
        let mut sum = 0.0;
        for &(d, f) in row {
            if d as usize >= e {
                return Err(ThroughputError::Matrix(format!(
                    "endpoint {s} sends to {d}, beyond the last endpoint {}",
                    e - 1
                )));
            }
            if !(0.0..=1.0).contains(&f) {
                return Err(ThroughputError::Matrix(format!(
                    "endpoint {s} sends a fraction {f} to {d}: fractions are from 0 to 1"
                )));
            }
            sum += f;
            inbound[d as usize] += f;
        }
        if sum > 1.0 + 1e-9 {
            return Err(ThroughputError::Matrix(format!(
                "endpoint {s} sends fractions summing to {sum}, more than all its traffic"
            )));
        }
    }
    Ok(inbound)
}

/// The throughput of channel loads at rate 1.
pub(crate) fn finish(
    channels: &Channels,
    mut loads: Vec<f64>,
    permutation: Option<Vec<u32>>,
) -> Throughput {
    // The bound from the busiest load as summed: the reciprocal of its tidied copy can
    // land a digit off (1/1.38888888889 is 0.719999999999, not 18/25).
    let raw_max = loads.iter().copied().fold(0.0, f64::max);
    loads
        .iter_mut()
        .for_each(|l| *l = icn_graph::math::tidy(*l));
    let max_load = loads.iter().copied().fold(0.0, f64::max);
    let bottleneck = (0..loads.len())
        .filter(|&k| max_load > 0.0 && loads[k] >= max_load * (1.0 - 1e-9))
        .map(|k| (channels.tail(k), channels.targets[k]))
        .collect();
    let channel_bound = if max_load > 0.0 {
        icn_graph::math::tidy(1.0 / raw_max)
    } else {
        f64::INFINITY
    };
    Throughput {
        throughput: channel_bound.min(1.0),
        channel_bound,
        max_load,
        bottleneck,
        endpoint_bound: 1.0,
        busiest_endpoints: Vec::new(),
        loads,
        permutation,
    }
}

/// `x` as a fraction p/q with q ≤ 10⁶ when one lies within 10⁻⁹·x of it (continued
/// fractions): throughputs are rationals, and this is how they are shown exactly.
pub fn fraction(x: f64) -> Option<(u64, u64)> {
    if !(x.is_finite() && x > 0.0) {
        return None;
    }
    let (mut p0, mut q0, mut p1, mut q1) = (0u64, 1u64, 1u64, 0u64);
    let mut y = x;
    for _ in 0..40 {
        let a = y.floor();
        if a > 1e12 {
            break;
        }
        let a = a as u64;
        let (p2, q2) = (
            a.checked_mul(p1)?.checked_add(p0)?,
            a.checked_mul(q1)?.checked_add(q0)?,
        );
        if q2 > 1_000_000 {
            break;
        }
        (p0, q0, p1, q1) = (p1, q1, p2, q2);
        if (p1 as f64 / q1 as f64 - x).abs() <= 1e-9 * x {
            return Some((p1, q1));
        }
        let frac = y - a as f64;
        if frac < 1e-15 {
            break;
        }
        y = 1.0 / frac;
    }
    None
}

/// What [`routed`] costs under a traffic matrix of `pairs` entries: a DAG per destination
/// node (every node for a two-phase routing, whose legs end at intermediates) and each
/// pair's intermediates.
pub fn matrix_estimate(net: &Network, routing: &dyn Routing, pairs: usize) -> Estimate {
    let t = net.topology();
    let n = t.node_count() as u64;
    let size = n + Channels::of(t).len() as u64;
    let (via, dags) = if routing.two_phase().is_some() {
        (2 * n, n)
    } else {
        (1, (t.terminal_count() as u64).min(pairs as u64))
    };
    let entries = (pairs as u64).saturating_mul(via);
    Estimate {
        steps: dags.saturating_mul(size).saturating_mul(2) + entries.saturating_mul(8),
        bytes: 8 * size * 3 + entries.min(n.saturating_mul(n)).saturating_mul(48),
    }
}

/// What [`routed`] costs under a permutation: a DAG pass per endpoint and intermediate.
pub fn permutation_estimate(net: &Network, routing: &dyn Routing) -> Estimate {
    let t = net.topology();
    let n = t.node_count() as u64;
    let size = n + Channels::of(t).len() as u64;
    let e = endpoint_nodes(net).len() as u64;
    let via = if routing.two_phase().is_some() {
        2 * n
    } else {
        1
    };
    Estimate {
        steps: e.saturating_mul(via).saturating_mul(size),
        bytes: 8 * size * 3,
    }
}
