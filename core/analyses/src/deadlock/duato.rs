//! Duato's condition for adaptive routings (J. Duato, "A new theory of deadlock-free
//! adaptive routing in wormhole networks", IEEE Transactions on Parallel and Distributed
//! Systems, 1993): an adaptive routing may have cycles among its channels and still be
//! deadlock-free, when a connected escape routing on virtual channels of its own has an
//! acyclic *extended* channel dependency graph.
//!
//! Here the virtual channels of every channel are split: the first E carry the escape
//! routing (E = 1, or 2 under a dateline), the other V − E the adaptive one. A packet may
//! take any adaptive virtual channel on any of the adaptive routing's next hops, or the
//! escape channel on the escape routing's next hop. The extended graph's nodes are the
//! escape (channel, virtual channel) pairs; a packet that took escape channel e at x and
//! then moves on, on adaptive channels only (none, one or several), to a node z where it
//! asks for escape channel e′, makes e → e′ a dependency: direct when z is the head of e,
//! indirect otherwise (it may still hold e, a wormhole packet spanning several channels).
//!
//! The escape channel's virtual channel must depend only on where the packet is and where
//! it goes (Duato's routing subfunction on nodes): with a dateline, it is 0 while the escape
//! route ahead, in the current dimension, still crosses the dateline, and 1 once it does
//! not. Virtual channel 1 then never holds a wrap-around hop, and virtual channel 0's chains
//! end at one, so the escape routing alone is acyclic on a torus.

use std::collections::{HashMap, VecDeque};

use serde::{Deserialize, Serialize};

use super::build::Channels;
use super::cycle::find_cycle;
use super::{check_nodes, DeadlockError, Dependency, Scheme, MAX_VCS, SCHEME_SAMPLE};
use icn_engine::cost::Estimate;
use icn_graph::{channel_phases, Node, Routing, Topology};

/// What Duato's condition says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuatoReport {
    /// The escape routing's virtual-channel scheme.
    pub escape_scheme: Scheme,
    /// Virtual channels of the escape routing (the first of each channel's).
    pub escape_vcs: u32,
    /// Virtual channels of the adaptive routing (the rest).
    pub adaptive_vcs: u32,
    /// Escape (channel, virtual channel) pairs in the extended graph.
    pub graph_nodes: u64,
    /// Its dependencies, direct and indirect.
    pub graph_edges: u64,
    /// Of those, the ones only adaptive hops in between create (indirect).
    pub indirect_edges: u64,
    /// Whether the extended graph is acyclic: the adaptive routing is deadlock-free.
    pub acyclic: bool,
    /// A cycle of escape dependencies (for each, `src` is the node where the packet took
    /// the held escape channel, `dst` its destination); empty when acyclic.
    pub cycle: Vec<Dependency>,
    /// Whether `cycle` is a shortest one.
    pub shortest: bool,
}

/// What [`duato`] will cost: per destination, a search from every node over the adaptive
/// routing's next hops, and the dependencies it finds (at most nodes² per destination).
pub fn duato_estimate(t: &dyn Topology) -> Estimate {
    let n = t.node_count() as u64;
    let c = t.channel_count();
    let per = n.saturating_mul(n.saturating_add(c));
    Estimate {
        steps: (t.terminal_count() as u64).saturating_mul(per),
        bytes: n
            .saturating_mul(n)
            .saturating_mul(16)
            .saturating_add(c.saturating_mul(32)),
    }
}

/// The escape virtual channels a scheme needs, or why it cannot be an escape scheme (the
/// channels of the first `nodes` nodes looked at).
fn escape_vcs(t: &dyn Topology, scheme: Scheme, nodes: usize) -> Result<u32, DeadlockError> {
    match scheme {
        Scheme::One => Ok(1),
        Scheme::Dateline => check_nodes(t, scheme, 2, nodes).map(|()| 2),
        Scheme::Hops | Scheme::Phases => Err(DeadlockError::Unavailable {
            scheme,
            why: "Duato's escape channels are chosen by the packet's node and destination: \
                  use one or dateline"
                .to_string(),
        }),
    }
}

/// Whether Duato's condition applies to `adaptive` over `escape` under `scheme` with `vcs`
/// virtual channels in all; the escape's virtual channels when it does. A form checks its
/// fields with it before asking for [`duato`]: like [`super::applies`], it looks at the
/// channels of the first nodes only ([`duato`] checks them all).
///
/// # Errors
/// As [`duato`].
pub fn duato_check(
    t: &dyn Topology,
    adaptive: &dyn Routing,
    escape: &dyn Routing,
    scheme: Scheme,
    vcs: u32,
) -> Result<u32, DeadlockError> {
    checked(t, adaptive, escape, (scheme, vcs), SCHEME_SAMPLE)
}

/// [`duato_check`] over the channels of the first `nodes` nodes.
fn checked(
    t: &dyn Topology,
    adaptive: &dyn Routing,
    escape: &dyn Routing,
    (scheme, vcs): (Scheme, u32),
    nodes: usize,
) -> Result<u32, DeadlockError> {
    let e = escape_vcs(t, scheme, nodes)?;
    if vcs <= e || vcs > MAX_VCS {
        return Err(DeadlockError::Unavailable {
            scheme,
            why: format!(
                "Duato's condition needs virtual channels for both routings: the escape \
                 takes {e}, so give {} to {MAX_VCS}",
                e + 1
            ),
        });
    }
    if adaptive.two_phase().is_some() || escape.two_phase().is_some() {
        return Err(DeadlockError::Unavailable {
            scheme,
            why: "two-phase routings (Valiant's) are not analysed by Duato's condition here"
                .to_string(),
        });
    }
    Ok(e)
}

/// Duato's condition: `adaptive` on the virtual channels after the escape's, `escape`
/// under `scheme` on the first ones, `vcs` in all.
///
/// # Errors
/// A two-phase routing, an escape scheme that is not node-based (`hops`, `phases`), a
/// dateline the network lacks, or `vcs` not above the escape's virtual channels.
///
/// # Complexity
/// O(T·N·(N + C)) for T terminals, N nodes and C channels (see [`duato_estimate`]).
pub fn duato(
    t: &dyn Topology,
    adaptive: &dyn Routing,
    escape: &dyn Routing,
    scheme: Scheme,
    vcs: u32,
) -> Result<DuatoReport, DeadlockError> {
    duato_with(t, adaptive, escape, (scheme, vcs), &mut |_, _| {})
}

/// [`duato`], calling `progress(done, total)` between destinations.
///
/// # Errors
/// As [`duato`].
pub fn duato_with(
    t: &dyn Topology,
    adaptive: &dyn Routing,
    escape: &dyn Routing,
    (scheme, vcs): (Scheme, u32),
    progress: &mut dyn FnMut(usize, usize),
) -> Result<DuatoReport, DeadlockError> {
    let e = checked(t, adaptive, escape, (scheme, vcs), t.node_count())?;
    let ch = Channels::of(t);
    let mut edges: HashMap<(u32, u32), (Node, Node, bool)> = HashMap::new();
    let mut pass = Pass::new(t, adaptive, escape, scheme, &ch);
    let terminals = t.terminal_count();
    for dst in 0..terminals {
        progress(dst, terminals);
        pass.destination(dst, &mut edges);
    }
    progress(terminals, terminals);
    let mut list: Vec<(u32, u32)> = edges.keys().copied().collect();
    list.sort_unstable();
    let mut used: Vec<u32> = list.iter().flat_map(|&(a, b)| [a, b]).collect();
    used.sort_unstable();
    used.dedup();
    let (cycle, shortest) = find_cycle(ch.len() * e as usize, &list);
    let channel = |x: u32| {
        let (u, v) = ch.ends(x / e);
        (u, v, x % e)
    };
    let cycle = cycle
        .windows(2)
        .map(|w| {
            let (x, dst, _) = edges[&(w[0], w[1])];
            Dependency {
                from: channel(w[0]),
                to: channel(w[1]),
                src: x,
                dst,
            }
        })
        .collect::<Vec<_>>();
    Ok(DuatoReport {
        escape_scheme: scheme,
        escape_vcs: e,
        adaptive_vcs: vcs - e,
        graph_nodes: used.len() as u64,
        graph_edges: list.len() as u64,
        indirect_edges: edges.values().filter(|x| x.2).count() as u64,
        acyclic: cycle.is_empty(),
        cycle,
        shortest,
    })
}

/// One destination's pass, with its buffers.
struct Pass<'a> {
    t: &'a dyn Topology,
    adaptive: &'a dyn Routing,
    escape: &'a dyn Routing,
    scheme: Scheme,
    ch: &'a Channels,
    /// Per node: its adaptive next hops, its escape next hops.
    hops: Vec<(Vec<Node>, Vec<Node>)>,
    /// Per node: the escape pair of each of its escape next hops.
    pairs: Vec<Vec<Option<u32>>>,
}

impl<'a> Pass<'a> {
    fn new(
        t: &'a dyn Topology,
        adaptive: &'a dyn Routing,
        escape: &'a dyn Routing,
        scheme: Scheme,
        ch: &'a Channels,
    ) -> Pass<'a> {
        Pass {
            t,
            adaptive,
            escape,
            scheme,
            ch,
            hops: vec![(Vec::new(), Vec::new()); t.node_count()],
            pairs: vec![Vec::new(); t.node_count()],
        }
    }

    /// The escape pair of hop x → y towards `dst`: its channel and virtual channel.
    fn escape_pair(&self, x: Node, y: Node, dst: Node) -> Option<u32> {
        let c = self.ch.id(x, y)?;
        let vc = match self.scheme {
            Scheme::Dateline => u32::from(!self.crossing_ahead(x, y, dst)),
            _ => 0,
        };
        let e = if self.scheme == Scheme::Dateline {
            2
        } else {
            1
        };
        Some(c * e + vc)
    }

    /// Whether the escape route from x, first hop x → y, crosses the dateline before it
    /// leaves the hop's dimension.
    fn crossing_ahead(&self, mut x: Node, mut y: Node, dst: Node) -> bool {
        let Some((dim, _)) = channel_phases(self.t).dateline(x, y) else {
            return false;
        };
        for _ in 0..self.t.node_count() {
            match channel_phases(self.t).dateline(x, y) {
                Some((d, crosses)) if d == dim => {
                    if crosses {
                        return true;
                    }
                }
                _ => return false,
            }
            if y == dst {
                return false;
            }
            let Some(&next) = self.hops[y].1.first() else {
                return false;
            };
            (x, y) = (y, next);
        }
        false
    }

    /// Adds every escape dependency of the packets bound for `dst`.
    fn destination(&mut self, dst: Node, edges: &mut HashMap<(u32, u32), (Node, Node, bool)>) {
        let n = self.t.node_count();
        for u in 0..n {
            let (a, e) = &mut self.hops[u];
            a.clear();
            e.clear();
            self.adaptive.next_hops(u, dst, a);
            self.escape.next_hops(u, dst, e);
        }
        for u in 0..n {
            let pairs: Vec<Option<u32>> = self.hops[u]
                .1
                .iter()
                .map(|&v| self.escape_pair(u, v, dst))
                .collect();
            self.pairs[u] = pairs;
        }
        // Where packets bound for dst can be: from every source, on either routing.
        let mut present = vec![false; n];
        let mut queue: VecDeque<Node> =
            (0..self.t.terminal_count()).filter(|&s| s != dst).collect();
        for &s in &queue {
            present[s] = true;
        }
        while let Some(u) = queue.pop_front() {
            let (a, e) = &self.hops[u];
            for &v in a.iter().chain(e) {
                if !present[v] {
                    present[v] = true;
                    queue.push_back(v);
                }
            }
        }
        let mut reach = vec![0u32; n];
        let mut stamp = 0u32;
        let mut stack = Vec::new();
        for x in (0..n).filter(|&x| present[x] && x != dst) {
            for (i, &y) in self.hops[x].1.iter().enumerate() {
                let (Some(held), false) = (self.pairs[x][i], y == dst) else {
                    continue;
                };
                // Every z the packet reaches from y on adaptive channels alone (y itself
                // included), and the escape channel it may ask for there.
                stamp += 1;
                stack.clear();
                stack.push(y);
                reach[y] = stamp;
                while let Some(z) = stack.pop() {
                    for &next in self.pairs[z].iter().flatten() {
                        let witness = edges.entry((held, next)).or_insert((x, dst, true));
                        if z == y {
                            // A direct dependency: the next escape hop right after.
                            *witness = (x, dst, false);
                        }
                    }
                    for &v in &self.hops[z].0 {
                        if v != dst && reach[v] != stamp {
                            reach[v] = stamp;
                            stack.push(v);
                        }
                    }
                }
            }
        }
    }
}
