//! Deadlock freedom by the channel dependency graph (Dally and Seitz, "Deadlock-free message
//! routing in multiprocessor interconnection networks", IEEE Transactions on Computers,
//! 1987): a routing on virtual channels cannot deadlock when the graph whose nodes are the
//! (channel, virtual channel) pairs, with an edge from one pair to the next whenever a
//! packet may hold the first while it asks for the second, has no cycle.
//!
//! The graph is built from the routing's next-hop relation, one destination at a time: a
//! packet's state (its hops so far, the phase boundaries it crossed, the dateline it
//! crossed in the current dimension) flows from every terminal along the relation towards
//! the destination, and every pair of consecutive channels a packet may take, with the
//! virtual channels the [`Scheme`] gives them, is an edge. Each edge keeps one route that
//! creates it (a source and the destination), to show why a cycle is there.
//!
//! A two-phase routing (Valiant) sends each packet first towards its intermediate, then on
//! to its destination: the packets bound for one destination flow towards each
//! intermediate from the sources that use it, and from there, carrying the channel they
//! arrived on and their state, towards the destination; the step at the intermediate is a
//! dependency like any other.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

use crate::cost::Estimate;
use crate::graph::{Node, Routing, Topology};

/// The most virtual channels analysed.
pub const MAX_VCS: u32 = 16;

/// How a packet picks its virtual channel on each hop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scheme {
    /// Every hop on virtual channel 0 (the `vcs` are ignored: one).
    One,
    /// The virtual channel is the hop number (0 for the first hop), the last class shared
    /// by every later hop.
    Hops,
    /// The virtual channel counts the phase boundaries crossed before the hop (a
    /// Dragonfly's global links: l-g-l uses classes 0, 0, 1), the last class shared.
    Phases,
    /// Rings and tori: virtual channel 0 in a dimension until the packet crosses that
    /// dimension's dateline (the wrap-around link), 1 after it; back to 0 in a new
    /// dimension.
    Dateline,
}

impl Scheme {
    /// Every scheme, in menu order.
    pub const ALL: [Scheme; 4] = [Scheme::One, Scheme::Hops, Scheme::Phases, Scheme::Dateline];

    /// The name used on the command line and in URLs.
    pub fn name(self) -> &'static str {
        match self {
            Scheme::One => "one",
            Scheme::Hops => "hops",
            Scheme::Phases => "phases",
            Scheme::Dateline => "dateline",
        }
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scheme {
    type Err = DeadlockError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Scheme::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| DeadlockError::UnknownScheme(s.to_string()))
    }
}

/// Why the graph was not built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DeadlockError {
    /// No scheme of that name.
    #[error("unknown virtual-channel scheme '{0}'; choose one of: one, hops, phases, dateline")]
    UnknownScheme(String),
    /// The scheme needs what the network does not have.
    #[error("the {scheme} scheme does not apply here: {why}")]
    Unavailable {
        /// The scheme.
        scheme: Scheme,
        /// What is missing.
        why: String,
    },
    /// Virtual channels out of range.
    #[error("{0} virtual channels: give 1 to {MAX_VCS}")]
    Vcs(u32),
}

/// One edge of the dependency graph: a packet holding `from` asks for `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Dependency {
    /// The channel held (tail, head) and its virtual channel.
    pub from: (Node, Node, u32),
    /// The channel asked for and its virtual channel.
    pub to: (Node, Node, u32),
    /// A route that creates the dependency: its source…
    pub src: Node,
    /// …and its destination.
    pub dst: Node,
}

/// What the dependency graph says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeadlockReport {
    /// The scheme.
    pub scheme: Scheme,
    /// Virtual channels per channel.
    pub vcs: u32,
    /// Channels of the network.
    pub channels: u64,
    /// (channel, virtual channel) pairs some packet uses.
    pub graph_nodes: u64,
    /// Dependencies between them.
    pub graph_edges: u64,
    /// Whether the graph is acyclic: the routing cannot deadlock.
    pub acyclic: bool,
    /// A cycle, each dependency in turn (the last leads back to the first); empty when
    /// acyclic.
    pub cycle: Vec<Dependency>,
    /// Whether `cycle` is a shortest cycle (searched from every pair on a cycle while the
    /// cyclic part is small; otherwise a short one).
    pub shortest: bool,
}

/// Largest cyclic part searched from every pair for the shortest cycle.
const SHORTEST_SEARCH: usize = 4096;

/// A packet's state between hops, as the scheme reads it.
type Tag = u16;

/// What a packet brings into a node: the channel it came on (with its virtual channel),
/// its state, and a source that sends it so.
#[derive(Clone, Copy)]
struct Arrival {
    channel: u32,
    vc: u32,
    tag: Tag,
    src: Node,
}

/// The network's channels, numbered: `targets[offsets[u] ..]` are u's out-neighbours.
struct Channels {
    offsets: Vec<usize>,
    targets: Vec<Node>,
}

impl Channels {
    fn of(t: &dyn Topology) -> Channels {
        let mut offsets = Vec::with_capacity(t.node_count() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for u in 0..t.node_count() {
            t.neighbours(u, &mut targets);
            offsets.push(targets.len());
        }
        Channels { offsets, targets }
    }

    fn id(&self, u: Node, v: Node) -> u32 {
        let span = &self.targets[self.offsets[u]..self.offsets[u + 1]];
        let at = span.iter().position(|&w| w == v).unwrap_or(0);
        (self.offsets[u] + at) as u32
    }

    fn ends(&self, c: u32) -> (Node, Node) {
        let c = c as usize;
        let u = self.offsets.partition_point(|&o| o <= c) - 1;
        (u, self.targets[c])
    }
}

/// The scheme's step: the virtual channel of hop u → v for a packet in state `tag`, and
/// its state after the hop.
fn step(t: &dyn Topology, scheme: Scheme, vcs: u32, tag: Tag, u: Node, v: Node) -> (u32, Tag) {
    let cap = (vcs - 1) as Tag;
    match scheme {
        Scheme::One => (0, 0),
        Scheme::Hops => (u32::from(tag), (tag + 1).min(cap)),
        Scheme::Phases => {
            let next = tag + Tag::from(t.phase_boundary(u, v));
            (u32::from(tag), next.min(cap))
        }
        Scheme::Dateline => {
            let (dim, crosses) = t.dateline(u, v).unwrap_or((0, false));
            let here = (dim as Tag + 1) << 1;
            let crossed = if tag & !1 == here { tag & 1 } else { 0 };
            (
                u32::from(crossed).min(vcs - 1),
                here | crossed | Tag::from(crosses),
            )
        }
    }
}

/// Checks that `scheme` applies to `t`.
fn check(t: &dyn Topology, scheme: Scheme, vcs: u32) -> Result<(), DeadlockError> {
    if !(1..=MAX_VCS).contains(&vcs) {
        return Err(DeadlockError::Vcs(vcs));
    }
    let mut buf = Vec::new();
    let every = |f: &dyn Fn(Node, Node) -> bool, buf: &mut Vec<Node>| {
        (0..t.node_count()).all(|u| {
            buf.clear();
            t.neighbours(u, buf);
            buf.iter().all(|&v| f(u, v))
        })
    };
    let unavailable = |why: &str| DeadlockError::Unavailable {
        scheme,
        why: why.to_string(),
    };
    match scheme {
        Scheme::Dateline if !every(&|u, v| t.dateline(u, v).is_some(), &mut buf) => {
            Err(unavailable(
                "only rings and tori have datelines (wrap-around links in every dimension)",
            ))
        }
        Scheme::Phases if every(&|u, v| !t.phase_boundary(u, v), &mut buf) => Err(unavailable(
            "this network has no phase boundaries (a Dragonfly's global links are one)",
        )),
        _ => Ok(()),
    }
}

/// A rough count of the steps [`deadlock`] takes: every destination's pass over the
/// channels, once per state a packet can be in (and a pass per intermediate for a
/// two-phase routing).
pub fn deadlock_estimate(t: &dyn Topology, routing: &dyn Routing, vcs: u32) -> Estimate {
    let terminals = t.terminal_count() as u64;
    let channels = t.channel_count();
    let states = u64::from(vcs.max(2)) * 2;
    let per = channels.saturating_mul(states).saturating_mul(8);
    let passes = if routing.two_phase() {
        terminals.saturating_mul(terminals)
    } else {
        terminals
    };
    Estimate {
        steps: passes.saturating_mul(per),
        bytes: per.saturating_mul(24),
    }
}

/// The channel dependency graph of `routing` on `t` under `scheme` with `vcs` virtual
/// channels, and a cycle if it has one.
///
/// # Errors
/// A scheme that does not apply, `vcs` outside 1 ..= [`MAX_VCS`].
///
/// # Complexity
/// O(T·C·S·d) for T terminals, C channels, S packet states and degree d (times T for a
/// two-phase routing: a pass towards every intermediate), plus the cycle
/// search (O(P·E) over the cyclic part's P pairs while P ≤ 4096).
pub fn deadlock(
    t: &dyn Topology,
    routing: &dyn Routing,
    scheme: Scheme,
    vcs: u32,
) -> Result<DeadlockReport, DeadlockError> {
    check(t, scheme, vcs)?;
    let vcs = if scheme == Scheme::One { 1 } else { vcs };
    let channels = Channels::of(t);
    let edges = dependencies(t, routing, scheme, vcs, &channels);
    let mut used: HashSet<u32> = HashSet::new();
    for &(a, b) in edges.keys() {
        used.insert(a);
        used.insert(b);
    }
    let (cycle, shortest) = find_cycle(&edges);
    let pair = |x: u32| {
        let (u, v) = channels.ends(x / vcs);
        (u, v, x % vcs)
    };
    let cycle = cycle
        .windows(2)
        .map(|w| {
            let (src, dst) = edges[&(w[0], w[1])];
            Dependency {
                from: pair(w[0]),
                to: pair(w[1]),
                src,
                dst,
            }
        })
        .collect::<Vec<_>>();
    Ok(DeadlockReport {
        scheme,
        vcs,
        channels: channels.targets.len() as u64,
        graph_nodes: used.len() as u64,
        graph_edges: edges.len() as u64,
        acyclic: cycle.is_empty(),
        cycle,
        shortest,
    })
}

/// The smallest number of virtual channels, 1 … `max`, for which `scheme` makes the
/// graph acyclic (`None`: none up to `max`; the one-VC scheme tries 1 only).
///
/// # Errors
/// As [`deadlock`].
pub fn min_vcs(
    t: &dyn Topology,
    routing: &dyn Routing,
    scheme: Scheme,
    max: u32,
) -> Result<Option<u32>, DeadlockError> {
    let top = if scheme == Scheme::One {
        1
    } else {
        max.min(MAX_VCS)
    };
    for vcs in 1..=top {
        if deadlock(t, routing, scheme, vcs)?.acyclic {
            return Ok(Some(vcs));
        }
    }
    Ok(None)
}

/// The dependencies found so far, each with one route (source, destination) behind it.
type Edges = HashMap<(u32, u32), (Node, Node)>;

/// What one pass needs: the network, the routing, the scheme and the channels' numbers.
struct Pass<'a> {
    t: &'a dyn Topology,
    routing: &'a dyn Routing,
    scheme: Scheme,
    vcs: u32,
    channels: &'a Channels,
}

impl Pass<'_> {
    /// Packets that start at `starts` (each at a node, with what it brings) follow the
    /// relation towards `target`; every two consecutive channels become a dependency
    /// (its route: the packet's source and `dst`). Returns what arrives at `target`.
    fn flow(
        &self,
        target: Node,
        starts: Vec<(Node, Arrival)>,
        dst: Node,
        edges: &mut Edges,
    ) -> Vec<Arrival> {
        let n = self.t.node_count();
        let hops: Vec<Vec<Node>> = (0..n)
            .map(|u| {
                let mut out = Vec::new();
                self.routing.next_hops(u, target, &mut out);
                out
            })
            .collect();
        let mut arrivals: Vec<Vec<Arrival>> = vec![Vec::new(); n];
        for (u, a) in starts {
            arrivals[u].push(a);
        }
        let mut seen: HashSet<(Node, u32, u32, Tag)> = HashSet::new();
        for u in topological(&hops) {
            if u == target {
                continue;
            }
            let here = std::mem::take(&mut arrivals[u]);
            for a in &here {
                for &v in &hops[u] {
                    let (vc, tag) = step(self.t, self.scheme, self.vcs, a.tag, u, v);
                    let c = self.channels.id(u, v);
                    if a.channel != u32::MAX {
                        edges
                            .entry((a.channel * self.vcs + a.vc, c * self.vcs + vc))
                            .or_insert((a.src, dst));
                    }
                    if seen.insert((v, c, vc, tag)) {
                        arrivals[v].push(Arrival {
                            channel: c,
                            vc,
                            tag,
                            src: a.src,
                        });
                    }
                }
            }
        }
        std::mem::take(&mut arrivals[target])
    }
}

/// A packet about to leave its source `s`.
fn fresh(s: Node) -> Arrival {
    Arrival {
        channel: u32::MAX,
        vc: 0,
        tag: 0,
        src: s,
    }
}

/// Every dependency, each with one route that creates it. A two-phase routing's packets
/// first flow towards their intermediate, then from there (with the channel they arrived
/// on and their state) towards the destination.
fn dependencies(
    t: &dyn Topology,
    routing: &dyn Routing,
    scheme: Scheme,
    vcs: u32,
    channels: &Channels,
) -> Edges {
    let pass = Pass {
        t,
        routing,
        scheme,
        vcs,
        channels,
    };
    let mut edges = HashMap::new();
    for dst in 0..t.terminal_count() {
        let mut starts = Vec::new();
        let mut via: HashMap<Node, Vec<Node>> = HashMap::new();
        for s in (0..t.terminal_count()).filter(|&s| s != dst) {
            match routing
                .two_phase()
                .then(|| routing.intermediates(s, dst))
                .flatten()
            {
                Some(list) => list
                    .into_iter()
                    .for_each(|i| via.entry(i).or_default().push(s)),
                None => starts.push((s, fresh(s))),
            }
        }
        let mut middles: Vec<Node> = via.keys().copied().collect();
        middles.sort_unstable();
        for i in middles {
            let sources = via.remove(&i).unwrap_or_default();
            let first = sources.into_iter().map(|s| (s, fresh(s))).collect();
            for a in pass.flow(i, first, dst, &mut edges) {
                starts.push((i, a));
            }
        }
        pass.flow(dst, starts, dst, &mut edges);
    }
    edges
}

/// The nodes in an order where every node comes before its next hops (Kahn).
fn topological(hops: &[Vec<Node>]) -> Vec<Node> {
    let mut indeg = vec![0u32; hops.len()];
    for out in hops {
        for &v in out {
            indeg[v] += 1;
        }
    }
    let mut order: Vec<Node> = (0..hops.len()).filter(|&u| indeg[u] == 0).collect();
    let mut head = 0;
    while head < order.len() {
        let u = order[head];
        head += 1;
        for &v in &hops[u] {
            indeg[v] -= 1;
            if indeg[v] == 0 {
                order.push(v);
            }
        }
    }
    order
}

/// A cycle of the graph as its pairs, the first repeated at the end (empty when acyclic),
/// and whether it is a shortest one.
fn find_cycle(edges: &HashMap<(u32, u32), (Node, Node)>) -> (Vec<u32>, bool) {
    let mut out: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut indeg: HashMap<u32, u32> = HashMap::new();
    for &(a, b) in edges.keys() {
        out.entry(a).or_default().push(b);
        indeg.entry(a).or_insert(0);
        *indeg.entry(b).or_insert(0) += 1;
    }
    // Peel off everything not on or leading into a cycle... then what is left of it.
    let mut queue: VecDeque<u32> = indeg
        .iter()
        .filter(|(_, &d)| d == 0)
        .map(|(&x, _)| x)
        .collect();
    let mut removed: HashSet<u32> = HashSet::new();
    while let Some(x) = queue.pop_front() {
        removed.insert(x);
        for &y in out.get(&x).map_or(&[][..], Vec::as_slice) {
            let d = indeg.get_mut(&y).map_or(0, |d| {
                *d -= 1;
                *d
            });
            if d == 0 {
                queue.push_back(y);
            }
        }
    }
    let mut core: Vec<u32> = indeg
        .keys()
        .filter(|x| !removed.contains(x))
        .copied()
        .collect();
    if core.is_empty() {
        return (Vec::new(), true);
    }
    core.sort_unstable();
    let shortest = core.len() <= SHORTEST_SEARCH;
    let starts = if shortest { &core[..] } else { &core[..64] };
    let mut best: Vec<u32> = Vec::new();
    for &s in starts {
        if let Some(c) = cycle_through(s, &out, &removed, best.len()) {
            best = c;
            if best.len() == 2 {
                break;
            }
        }
    }
    (best, shortest)
}

/// A shortest cycle through `s` shorter than `bound` pairs (0: any), as its pairs with `s`
/// at both ends.
fn cycle_through(
    s: u32,
    out: &HashMap<u32, Vec<u32>>,
    removed: &HashSet<u32>,
    bound: usize,
) -> Option<Vec<u32>> {
    let mut parent: HashMap<u32, u32> = HashMap::new();
    let mut depth: HashMap<u32, usize> = HashMap::from([(s, 0)]);
    let mut queue = VecDeque::from([s]);
    while let Some(x) = queue.pop_front() {
        let d = depth[&x];
        if bound > 0 && d + 2 >= bound {
            return None;
        }
        for &y in out.get(&x).map_or(&[][..], Vec::as_slice) {
            if removed.contains(&y) {
                continue;
            }
            if y == s {
                let mut path = vec![s];
                let mut at = x;
                while at != s {
                    path.push(at);
                    at = parent[&at];
                }
                path.push(s);
                path.reverse();
                return Some(path);
            }
            if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(y) {
                e.insert(d + 1);
                parent.insert(y, x);
                queue.push_back(y);
            }
        }
    }
    None
}
