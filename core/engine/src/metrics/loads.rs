//! Channel and node loads under uniform all-to-all traffic.
//!
//! Every ordered pair (s, t) of distinct terminals sends one unit, split equally among the paths the
//! routing offers. For a fixed destination t let τ(u) be the number of paths from u to t
//! and g(u) = Σ_s P(s, u) / τ(s), where P(s, u) counts the routing's paths from s that
//! reach u. Then the traffic bound to t crossing channel u → v is τ(v) · g(u), and the
//! traffic forwarded by u (u neither source nor destination) is τ(u) · g(u) − 1. Both
//! come out of one pass over the routing's DAG towards t, so a destination costs
//! O(N + E); a translation-invariant routing on a vertex-transitive topology needs one
//! destination, anything else all N.
//!
//! A two-phase routing ([`TwoPhase::intermediates`], Valiant's) sends a unit from s to t
//! via each of its intermediates i with weight 1/|I|, along the relation from s to i and
//! then from i to t, each phase split as above. Both phases are traffic of the one
//! relation, so the loads are those of one-phase passes with weighted senders: towards
//! each destination x, a node u sends what it sends to x directly, plus what it sends to
//! x as an intermediate (phase two), plus what it sends to x as the intermediate of a
//! unit (phase one); an intermediate forwards what it relays. No symmetry is used for
//! such a routing: the weights are gathered over every (s, t, i), O(T²·|I|), and every
//! destination takes its own pass.
//!
//! [`Split::PerHop`] is the other reading of "random routing": a unit picks uniformly
//! among the next hops at every node it reaches (a random-greedy walk), so the flow at u
//! is divided equally among u's next hops. Its channel loads are the expected loads of
//! that random choice, exactly. The two readings agree when every node offers one next
//! hop (e-cube) and differ in general (a node with two next hops leading to 1 and 3
//! paths gets 1/2 and 1/2 per hop, but 1/4 and 3/4 per path).

use serde::{Deserialize, Serialize};

use super::channels::{finish, ChannelLoads};
use super::dag::{adjacency, dag_by_distance, dag_by_routing, Adjacency, Dag, NO_CHANNEL};
use crate::cost::Estimate;
use icn_graph::math::tidy;
use icn_graph::{intermediates, route_orbits, translation_invariant};
use icn_graph::{translations, Node, Orbits, Routing, Split, Topology};

/// Extremes and means of channel and node loads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoadSummary {
    /// Directed channels (twice the undirected links).
    pub channels: u64,
    /// The busiest channel's load.
    pub max_channel_load: f64,
    /// The least busy channel's load.
    pub min_channel_load: f64,
    /// Mean over channels (total hops of all pairs / channels).
    pub mean_channel_load: f64,
    /// The busiest node's forwarded traffic.
    pub max_node_load: f64,
    /// Mean forwarded traffic per node.
    pub mean_node_load: f64,
}

/// Who sends how much towards the destination of one pass.
#[derive(Clone, Copy)]
enum Senders<'a> {
    /// Every terminal but the destination sends one unit (nodes below this count).
    Terminals(usize),
    /// Node u sends `w[u]`: a two-phase routing's weights towards this destination.
    Weighted(&'a [f64]),
}

impl Senders<'_> {
    fn weight(self, u: Node, dst: Node) -> f64 {
        match self {
            _ if u == dst => 0.0,
            Senders::Terminals(t) => f64::from(u8::from(u < t)),
            Senders::Weighted(w) => w[u],
        }
    }
}

/// One destination's contribution: calls `channel(u, v, k, load)` (k the channel's index
/// in `adj`, or [`NO_CHANNEL`]) and `node(u, load)`.
#[allow(clippy::too_many_arguments)]
fn per_destination<T: Topology + ?Sized, R: Routing + ?Sized>(
    topology: &T,
    routing: &R,
    split: Split,
    n: usize,
    senders: Senders<'_>,
    dst: Node,
    adj: Option<Adjacency<'_>>,
    channel: &mut impl FnMut(Node, Node, usize, f64),
    node: &mut impl FnMut(Node, f64),
) {
    let Dag {
        order,
        span,
        hops,
        chans,
    } = if routing.follows_distances() {
        dag_by_distance(topology, n, dst, adj)
    } else {
        dag_by_routing(routing, n, dst)
    };
    let next = |u: Node| (span[u].0..span[u].1).map(|i| (hops[i], chans[i]));
    if split == Split::PerHop {
        // f(u): the traffic bound to dst that reaches u, divided equally among u's hops.
        let mut f: Vec<f64> = (0..n).map(|u| senders.weight(u, dst)).collect();
        for &u in &order {
            let out = next(u);
            if u == dst || out.len() == 0 {
                continue;
            }
            let share = f[u] / out.len() as f64;
            for (v, k) in out {
                f[v] += share;
                channel(u, v, k, share);
            }
            node(u, f[u] - senders.weight(u, dst));
        }
        return;
    }
    let mut tau = vec![0f64; n];
    tau[dst] = 1.0;
    for &u in order.iter().rev() {
        if u != dst {
            tau[u] = next(u).map(|(v, _)| tau[v]).sum();
        }
    }
    // Only senders send: g starts at w(u)/τ(u) (terminals: w = 1).
    let mut g: Vec<f64> = (0..n)
        .map(|u| {
            let w = senders.weight(u, dst);
            if w == 0.0 || tau[u] == 0.0 {
                0.0
            } else {
                w / tau[u]
            }
        })
        .collect();
    for &u in &order {
        let gu = g[u];
        for (v, k) in next(u) {
            g[v] += gu;
            channel(u, v, k, tau[v] * gu);
        }
        if u != dst && tau[u] > 0.0 {
            // A sender's own traffic passes through it but is not forwarded traffic.
            node(u, tau[u] * gu - senders.weight(u, dst));
        }
    }
}

/// How [`channel_loads`] covers the destinations.
enum Plan<'a> {
    /// A translation-invariant relation on a vertex-transitive topology: destination 0.
    Translation,
    /// One destination per orbit of terminals under a group the relation commutes with.
    Orbits(Box<dyn Orbits + 'a>),
    /// Every shortest path split per path with no symmetry: every source, in batches of
    /// bit-parallel searches with Brandes's accumulation ([`super::brandes`]).
    Batched,
    /// Every terminal.
    Every,
}

fn plan<'a, T, R>(topology: &T, routing: &'a R, split: Split) -> Plan<'a>
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    if routing.two_phase().is_some() {
        // The weights of a two-phase routing depend on (s, t, i): no symmetry is assumed.
        Plan::Every
    } else if translations(topology).is_some() && translation_invariant(routing) {
        Plan::Translation
    } else if let Some(orbits) = route_orbits(routing) {
        Plan::Orbits(orbits)
    } else if routing.follows_distances() && split == Split::PerPath {
        Plan::Batched
    } else {
        Plan::Every
    }
}

/// How the loads of a routing are computed (split per path), for `info` and the
/// explorer's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoadMethod {
    /// One destination, by translation symmetry.
    Translation,
    /// One destination per orbit of a symmetry group the routing commutes with.
    Orbits,
    /// Every source, in batches of bit-parallel searches (every shortest path).
    BitParallel,
    /// One pass per destination.
    EveryDestination,
}

/// Which method [`load_summary`] and [`channel_loads`] take for `routing`.
pub fn load_method<T, R>(topology: &T, routing: &R) -> LoadMethod
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    match plan(topology, routing, Split::PerPath) {
        Plan::Translation => LoadMethod::Translation,
        Plan::Orbits(_) => LoadMethod::Orbits,
        Plan::Batched => LoadMethod::BitParallel,
        Plan::Every => LoadMethod::EveryDestination,
    }
}

/// How many passes over the routing's DAG (one per destination) [`channel_loads`] and
/// [`load_summary`] take: one with translation symmetry, one per orbit of terminals under
/// the routing's [`RouteSymmetry::orbits`], else one per terminal (always, for a two-phase
/// routing, whose gathering of weights [`load_estimate`] adds; for every shortest path
/// without symmetry, the batches of [`super::brandes`] stand for these passes). For cost
/// estimates.
pub fn load_passes<T, R>(topology: &T, routing: &R) -> u64
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    match plan(topology, routing, Split::PerPath) {
        Plan::Translation => 1,
        Plan::Orbits(o) => o.destination_count() as u64,
        Plan::Batched | Plan::Every => topology.terminal_count() as u64,
    }
}

/// The estimated work and memory of [`channel_loads`] and [`load_summary`]: N + 2E steps
/// per pass ([`load_passes`]) and 16 bytes per node and link; a two-phase routing adds
/// T²·|I| steps to gather its weights (|I| read from the pair of the first and the last
/// terminal) and 8·N bytes per destination. Every shortest path without symmetry: the
/// batched engine's own estimate (T · (N + C) / 32 steps and 1 KiB a node).
pub fn load_estimate<T, R>(topology: &T, routing: &R) -> Estimate
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    if let Plan::Batched = plan(topology, routing, Split::PerPath) {
        let (steps, bytes) = super::brandes::estimate(topology);
        return Estimate { steps, bytes };
    }
    let nodes = topology.node_count() as u64;
    let links = topology.link_count();
    let walk = nodes.saturating_add(links.saturating_mul(2));
    let mut estimate = Estimate {
        steps: walk.saturating_mul(load_passes(topology, routing)),
        bytes: nodes.saturating_add(links).saturating_mul(16),
    };
    if routing.two_phase().is_some() {
        let t = topology.terminal_count() as u64;
        let last = topology.terminal_count().saturating_sub(1);
        let via = intermediates(routing, 0, last).map_or(1, |v| v.len() as u64);
        estimate.steps = estimate
            .steps
            .saturating_add(t.saturating_mul(t).saturating_mul(via));
        estimate.bytes = estimate
            .bytes
            .saturating_add(nodes.saturating_mul(nodes).saturating_mul(8));
    }
    estimate
}

/// Per channel class, the load due to the traffic bound to node 0, and the traffic all
/// nodes forward for it (the translation plan).
fn class_loads_to_zero<T, R>(topology: &T, routing: &R, split: Split) -> (Vec<f64>, f64)
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    let n = topology.node_count();
    if let Some(class) = routing
        .symmetry()
        .and_then(|s| s.class_loads_to_zero(split))
    {
        // Every source's unit crosses its hops' channels and is forwarded at each node it
        // visits but its own, so the forwarded total is the hops total less N − 1.
        let forwarded = class.iter().sum::<f64>() - (n as f64 - 1.0);
        return (class, forwarded);
    }
    // The translation plan is chosen only where the topology has translations.
    let Some(classes) = translations(topology) else {
        return (Vec::new(), 0.0);
    };
    let mut class = vec![0f64; classes.channel_class_count()];
    let mut node_total = 0.0;
    per_destination(
        topology,
        routing,
        split,
        n,
        Senders::Terminals(n),
        0,
        None,
        &mut |u, v, _, l| {
            if let Some(c) = classes.channel_class(u, v) {
                class[c] += l;
            }
        },
        &mut |_, l| node_total += l,
    );
    (class, node_total)
}

/// Orbit sums for the orbits plan: per channel orbit Σ_j |O_j| · Σ_{e ∈ orbit} L_j(e) and
/// its channel count, per node orbit the same for forwarded traffic and its node count.
struct OrbitSums {
    channel: Vec<f64>,
    channels: Vec<u64>,
    node: Vec<f64>,
    nodes: Vec<u64>,
}

fn orbit_sums<T, R>(
    topology: &T,
    routing: &R,
    orbits: &dyn Orbits,
    split: Split,
    progress: &mut dyn FnMut(u64, u64),
) -> OrbitSums
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    let n = topology.node_count();
    let mut sums = OrbitSums {
        channel: vec![0.0; orbits.channel_orbit_count()],
        channels: vec![0; orbits.channel_orbit_count()],
        node: vec![0.0; orbits.node_orbit_count()],
        nodes: vec![0; orbits.node_orbit_count()],
    };
    let destinations = orbits.destinations();
    let passes = destinations.len() as u64;
    for (done, (dst, size)) in destinations.into_iter().enumerate() {
        let w = size as f64;
        per_destination(
            topology,
            routing,
            split,
            n,
            Senders::Terminals(topology.terminal_count()),
            dst,
            None,
            &mut |u, v, _, l| sums.channel[orbits.channel_orbit(u, v)] += w * l,
            &mut |u, l| sums.node[orbits.node_orbit(u)] += w * l,
        );
        progress(done as u64 + 1, passes);
    }
    match (orbits.channel_orbit_sizes(), orbits.node_orbit_sizes()) {
        (Some(channels), Some(nodes)) => {
            sums.channels = channels;
            sums.nodes = nodes;
        }
        _ => {
            let mut out = Vec::new();
            for u in 0..n {
                sums.nodes[orbits.node_orbit(u)] += 1;
                out.clear();
                topology.neighbours(u, &mut out);
                for &v in &out {
                    sums.channels[orbits.channel_orbit(u, v)] += 1;
                }
            }
        }
    }
    sums
}

/// The load of every channel and node.
///
/// # Complexity
/// O(N + E) with translation symmetry (a translation-invariant routing on a
/// vertex-transitive topology), O(D·(N + E)) for a routing with D orbits of destinations
/// ([`RouteSymmetry::orbits`]), O(N·(N + E)) otherwise; O(E) memory.
pub fn channel_loads<T, R>(topology: &T, routing: &R) -> ChannelLoads
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    channel_loads_split(topology, routing, Split::PerPath)
}

/// [`channel_loads`] with the unit divided per path or per hop (see [`Split`]).
///
/// # Complexity
/// As [`channel_loads`].
pub fn channel_loads_split<T, R>(topology: &T, routing: &R, split: Split) -> ChannelLoads
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    channel_loads_progress(topology, routing, split, &mut |_, _| {})
}

/// [`channel_loads_split`], calling `progress(done, passes)` as passes (destinations,
/// orbits or batches of sources) complete.
fn channel_loads_progress<T, R>(
    topology: &T,
    routing: &R,
    split: Split,
    progress: &mut dyn FnMut(u64, u64),
) -> ChannelLoads
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    let n = topology.node_count();
    let (offsets, targets) = adjacency(topology);
    let mut loads = vec![0f64; targets.len()];
    let mut node_loads = vec![0f64; n];
    match plan(topology, routing, split) {
        Plan::Translation => {
            let (class, node_total) = class_loads_to_zero(topology, routing, split);
            let classes = translations(topology);
            for u in 0..n {
                for k in offsets[u]..offsets[u + 1] {
                    if let Some(c) = classes.and_then(|t| t.channel_class(u, targets[k])) {
                        loads[k] = class[c];
                    }
                }
            }
            node_loads.fill(node_total);
        }
        Plan::Orbits(orbits) => {
            let sums = orbit_sums(topology, routing, orbits.as_ref(), split, progress);
            for u in 0..n {
                for k in offsets[u]..offsets[u + 1] {
                    let c = orbits.channel_orbit(u, targets[k]);
                    loads[k] = sums.channel[c] / sums.channels[c] as f64;
                }
                let c = orbits.node_orbit(u);
                node_loads[u] = sums.node[c] / sums.nodes[c] as f64;
            }
        }
        Plan::Batched => super::brandes::distance_loads(
            topology,
            (&offsets, &targets),
            &mut loads,
            &mut node_loads,
            progress,
        ),
        Plan::Every => {
            every_destination(
                topology,
                routing,
                split,
                (&offsets, &targets),
                (&mut loads, &mut node_loads),
                progress,
            );
        }
    }
    finish(offsets, targets, loads, node_loads)
}

/// [`channel_loads_split`] by one pass per terminal, ignoring every symmetry: the
/// reference the symmetric computations are checked against.
///
/// # Complexity
/// O(T·(N + E)) for T terminals.
pub fn channel_loads_every_destination<T, R>(
    topology: &T,
    routing: &R,
    split: Split,
) -> ChannelLoads
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    let (offsets, targets) = adjacency(topology);
    let mut loads = vec![0f64; targets.len()];
    let mut node_loads = vec![0f64; topology.node_count()];
    every_destination(
        topology,
        routing,
        split,
        (&offsets, &targets),
        (&mut loads, &mut node_loads),
        &mut |_, _| {},
    );
    finish(offsets, targets, loads, node_loads)
}

fn every_destination<T, R>(
    topology: &T,
    routing: &R,
    split: Split,
    (offsets, targets): Adjacency<'_>,
    (loads, node_loads): (&mut [f64], &mut [f64]),
    progress: &mut dyn FnMut(u64, u64),
) where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    let n = topology.node_count();
    let terminals = topology.terminal_count();
    let index = |u: Node, v: Node| (offsets[u]..offsets[u + 1]).find(|&k| targets[k] == v);
    let mut pass = |senders: Senders<'_>, dst: Node, node_loads: &mut [f64]| {
        per_destination(
            topology,
            routing,
            split,
            n,
            senders,
            dst,
            (!topology.directed()).then_some((offsets, targets)),
            &mut |u, v, k, l| {
                if k != NO_CHANNEL {
                    loads[k] += l;
                } else if let Some(k) = index(u, v) {
                    loads[k] += l;
                }
            },
            &mut |u, l| node_loads[u] += l,
        );
    };
    let passes = terminals as u64;
    if routing.two_phase().is_none() {
        for dst in 0..terminals {
            pass(Senders::Terminals(terminals), dst, node_loads);
            progress(dst as u64 + 1, passes);
        }
        return;
    }
    let demand = PhaseDemand::of(routing, n, terminals);
    for (dst, column) in demand.towards.iter().enumerate() {
        if let Some(w) = column {
            pass(Senders::Weighted(w), dst, node_loads);
        }
        progress(dst as u64 + 1, demand.towards.len() as u64);
    }
    for (load, relayed) in node_loads.iter_mut().zip(&demand.relayed) {
        *load += relayed;
    }
}

/// A two-phase routing's traffic as weighted traffic of its relation: `towards[x][u]` is
/// what u sends towards x along the relation (in either phase, or directly), and
/// `relayed[i]` what i forwards as an intermediate.
struct PhaseDemand {
    towards: Vec<Option<Vec<f64>>>,
    relayed: Vec<f64>,
}

impl PhaseDemand {
    /// Gathers the weights over every ordered pair of distinct terminals and each of its
    /// intermediates: O(T²·|I|) time, O(N) memory per destination reached.
    fn of<R: Routing + ?Sized>(routing: &R, n: usize, terminals: usize) -> PhaseDemand {
        let mut towards: Vec<Option<Vec<f64>>> = vec![None; n];
        let mut relayed = vec![0f64; n];
        let mut add = |from: Node, to: Node, w: f64| {
            towards[to].get_or_insert_with(|| vec![0f64; n])[from] += w;
        };
        for s in 0..terminals {
            for t in (0..terminals).filter(|&t| t != s) {
                match intermediates(routing, s, t) {
                    None => add(s, t, 1.0),
                    Some(via) => {
                        let share = 1.0 / via.len() as f64;
                        for i in via {
                            debug_assert!(i != s && i != t, "an intermediate is an end");
                            add(s, i, share);
                            add(i, t, share);
                            relayed[i] += share;
                        }
                    }
                }
            }
        }
        PhaseDemand { towards, relayed }
    }
}

/// Load extremes and means without keeping per-channel loads where symmetry allows.
///
/// # Complexity
/// O(N + E) time and O(N) memory with translation symmetry, O(D·(N + E)) time and O(N)
/// memory with D orbits of destinations; as [`channel_loads`] otherwise.
pub fn load_summary<T, R>(topology: &T, routing: &R) -> LoadSummary
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    load_summary_split(topology, routing, Split::PerPath)
}

/// [`load_summary`] with the unit divided per path or per hop (see [`Split`]).
///
/// # Complexity
/// As [`load_summary`].
pub fn load_summary_split<T, R>(topology: &T, routing: &R, split: Split) -> LoadSummary
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    summary_progress(topology, routing, split, &mut |_, _| {})
}

/// [`load_summary`], calling `progress(done, passes)` as its passes (destinations, orbits
/// of destinations, or batches of sources) complete, for a caller that shows progress.
///
/// # Complexity
/// As [`load_summary`].
pub fn load_summary_progress<T, R>(
    topology: &T,
    routing: &R,
    progress: &mut dyn FnMut(u64, u64),
) -> LoadSummary
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    summary_progress(topology, routing, Split::PerPath, progress)
}

fn summary_progress<T, R>(
    topology: &T,
    routing: &R,
    split: Split,
    progress: &mut dyn FnMut(u64, u64),
) -> LoadSummary
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    let n = topology.node_count();
    match plan(topology, routing, split) {
        Plan::Translation => {
            let (class, node_total) = class_loads_to_zero(topology, routing, split);
            // Each node has exactly one channel of each class it touches.
            let mut out = Vec::new();
            topology.neighbours(0, &mut out);
            let per_node: Vec<f64> = out
                .iter()
                .filter_map(|&v| {
                    translations(topology)?
                        .channel_class(0, v)
                        .map(|c| class[c])
                })
                .collect();
            let count = per_node.len().max(1) as f64;
            LoadSummary {
                channels: (n * out.len()) as u64,
                max_channel_load: tidy(per_node.iter().copied().fold(0.0, f64::max)),
                min_channel_load: tidy(per_node.iter().copied().fold(f64::INFINITY, f64::min)),
                mean_channel_load: tidy(per_node.iter().sum::<f64>() / count),
                max_node_load: tidy(node_total),
                mean_node_load: tidy(node_total),
            }
        }
        Plan::Orbits(orbits) => {
            let sums = orbit_sums(topology, routing, orbits.as_ref(), split, progress);
            let per_channel = (0..sums.channel.len())
                .filter(|&c| sums.channels[c] > 0)
                .map(|c| sums.channel[c] / sums.channels[c] as f64);
            let per_node = (0..sums.node.len())
                .filter(|&c| sums.nodes[c] > 0)
                .map(|c| sums.node[c] / sums.nodes[c] as f64);
            let channels = sums.channels.iter().sum::<u64>() as usize;
            LoadSummary {
                channels: channels as u64,
                max_channel_load: tidy(per_channel.clone().fold(0.0, f64::max)),
                min_channel_load: tidy(per_channel.fold(f64::INFINITY, f64::min)),
                mean_channel_load: tidy(sums.channel.iter().sum::<f64>() / channels.max(1) as f64),
                max_node_load: tidy(per_node.fold(0.0, f64::max)),
                mean_node_load: tidy(sums.node.iter().sum::<f64>() / n.max(1) as f64),
            }
        }
        Plan::Batched | Plan::Every => {
            summarise(&channel_loads_progress(topology, routing, split, progress))
        }
    }
}

fn summarise(c: &ChannelLoads) -> LoadSummary {
    let channels = c.loads.len();
    let nodes = c.node_loads.len().max(1);
    LoadSummary {
        channels: channels as u64,
        max_channel_load: c.loads.iter().copied().fold(0.0, f64::max),
        min_channel_load: c.loads.iter().copied().fold(f64::INFINITY, f64::min),
        mean_channel_load: tidy(c.loads.iter().sum::<f64>() / channels.max(1) as f64),
        max_node_load: c.node_loads.iter().copied().fold(0.0, f64::max),
        mean_node_load: tidy(c.node_loads.iter().sum::<f64>() / nodes as f64),
    }
}
