//! The flow of packet states towards one destination at a time: from every source along
//! the routing's next-hop relation, in an order where each node comes after every node
//! that sends to it (Kahn), each (channel, virtual channel, state) a packet may arrive
//! with, and every two consecutive (channel, virtual channel) pairs it may hold and ask
//! for. All buffers are reused from one destination to the next.
//!
//! Two ways to run it, the same states and the same dependencies:
//! - over bit masks, one per channel (as many 64-bit words as its states need), of the
//!   states arriving over it (the graph is built so: no list, no source kept);
//! - over lists per node, in the order the states first arrived, each with the first
//!   source that sent it (a cycle's routes are found so, for the destinations the masks
//!   found them at).

use super::build::Channels;
use super::{hop_facts, step_with, Scheme, Tag};
use icn_graph::intermediates;
use icn_graph::{Node, Routing, Topology};

/// What a packet brings into a node: the channel it came on (`u32::MAX` at its source),
/// the virtual channel it used there, its state, and a source that sends it so.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Arrival {
    pub channel: u32,
    pub vc: u32,
    pub tag: Tag,
    pub src: Node,
}

impl Arrival {
    /// A packet about to leave its source `s`.
    pub(super) fn fresh(s: Node) -> Arrival {
        Arrival {
            channel: u32::MAX,
            vc: 0,
            tag: 0,
            src: s,
        }
    }
}

/// One dependency as a flow meets it: the pair held, the pair asked for, and the packet's
/// source (0 over masks, which keep none).
pub(super) type Meet = ((u32, u32), (u32, u32), Node);

/// The bit of a (virtual channel, state) among the states over one channel. Over one
/// channel a state is its virtual channel and one bit more: the class step (hop or phase
/// classes: the state is the virtual channel or one more) or whether the dateline was
/// crossed (the dimension is the channel's); V virtual channels make 2·V bits, in
/// [`mask_words`] words.
#[inline]
fn state_bit(scheme: Scheme, vc: u32, tag: Tag) -> u32 {
    let extra = match scheme {
        Scheme::One => 0,
        Scheme::Hops | Scheme::Phases => u32::from(tag) - vc,
        Scheme::Dateline => u32::from(tag & 1),
    };
    debug_assert!(extra <= 1, "a state outside the masks");
    vc * 2 + extra
}

/// The 64-bit words of one channel's mask of states on `vcs` virtual channels.
fn mask_words(vcs: u32) -> usize {
    (2 * vcs as usize).div_ceil(64).max(1)
}

/// Sets bit `bit` of the mask whose words start at `at`.
#[inline]
fn set(seen: &mut [u64], at: usize, bit: u32) {
    seen[at + (bit / 64) as usize] |= 1 << (bit % 64);
}

/// The (virtual channel, state) of `bit` over a channel whose [`hop_facts`] are `facts`.
#[inline]
fn state_of(scheme: Scheme, bit: u32, facts: Tag) -> (u32, Tag) {
    let vc = bit >> 1;
    let extra = (bit & 1) as Tag;
    match scheme {
        Scheme::One => (0, 0),
        Scheme::Hops | Scheme::Phases => (vc, vc as Tag + extra),
        Scheme::Dateline => (vc, (facts & !1) | extra),
    }
}

/// The flow of packet states towards one target at a time, with its buffers.
pub(super) struct Flow<'a> {
    pub t: &'a dyn Topology,
    pub routing: &'a dyn Routing,
    pub scheme: Scheme,
    pub vcs: u32,
    pub ch: &'a Channels,
    /// Whether [`Flow::run`] keeps lists and sources (else masks).
    pub exact: bool,
    /// What the scheme reads of each channel ([`hop_facts`]), computed once.
    facts: Vec<Tag>,
    hop_start: Vec<usize>,
    hop_to: Vec<Node>,
    /// Each next hop's channel, as the flow reads it.
    hops: Vec<Hop>,
    indeg: Vec<u32>,
    order: Vec<Node>,
    /// Per node, whether a packet starts there (its own source).
    fresh: Vec<bool>,
    /// Lists: per node, what packets bring in over its channels, in the order it came.
    arrivals: Vec<Vec<Arrival>>,
    /// Per channel, by its place among the channels into its head
    /// ([`Channels::slot`]), the states ([`state_bit`]) arriving over it: `words` words
    /// each.
    seen: Vec<u64>,
    words: usize,
}

impl<'a> Flow<'a> {
    pub(super) fn new(
        t: &'a dyn Topology,
        routing: &'a dyn Routing,
        scheme: Scheme,
        vcs: u32,
        ch: &'a Channels,
    ) -> Flow<'a> {
        let n = t.node_count();
        let facts = (0..ch.len() as u32)
            .map(|c| {
                let (u, v) = ch.ends(c);
                hop_facts(t, scheme, u, v)
            })
            .collect();
        Flow {
            t,
            routing,
            scheme,
            vcs,
            ch,
            exact: false,
            facts,
            hop_start: Vec::with_capacity(n + 1),
            hop_to: Vec::new(),
            hops: Vec::new(),
            indeg: vec![0; n],
            order: Vec::with_capacity(n),
            fresh: vec![false; n],
            arrivals: vec![Vec::new(); n],
            seen: vec![0; ch.len() * mask_words(vcs)],
            words: mask_words(vcs),
        }
    }

    /// Every node's next hops towards `target` and their channels, and an order in which
    /// every node comes before its next hops (Kahn).
    fn prepare(&mut self, target: Node) {
        let n = self.t.node_count();
        let ch = self.ch;
        self.routing
            .next_hops_to(target, n, &mut self.hop_start, &mut self.hop_to);
        self.hops.clear();
        self.indeg.fill(0);
        for (u, span) in self.hop_start.windows(2).enumerate() {
            let (out, degree) = ch.out(u);
            let outs = &ch.targets[out..out + degree];
            for &v in &self.hop_to[span[0]..span[1]] {
                let hop = outs.iter().position(|&w| w == v).map_or(Hop::NONE, |at| {
                    let c = out + at;
                    Hop {
                        channel: c as u32,
                        slot: ch.slot(c as u32) as u32,
                        facts: self.facts[c],
                    }
                });
                self.hops.push(hop);
                self.indeg[v] += 1;
            }
        }
        self.order.clear();
        self.order.extend((0..n).filter(|&u| self.indeg[u] == 0));
        let mut head = 0;
        while let Some(&u) = self.order.get(head) {
            head += 1;
            for &v in &self.hop_to[self.hop_start[u]..self.hop_start[u + 1]] {
                self.indeg[v] -= 1;
                if self.indeg[v] == 0 {
                    self.order.push(v);
                }
            }
        }
    }

    /// Marks state (vc, tag) over channel `c`; whether it is new.
    #[inline]
    fn mark(&mut self, c: u32, vc: u32, tag: Tag) -> bool {
        let b = state_bit(self.scheme, vc, tag);
        let bit = 1u64 << (b % 64);
        let seen = &mut self.seen[self.ch.slot(c) * self.words + (b / 64) as usize];
        if *seen & bit != 0 {
            return false;
        }
        *seen |= bit;
        true
    }

    /// Adds `a` to node `v`'s arrivals unless one with the same channel and state is
    /// there (the first source to bring it is kept).
    #[inline]
    fn push(&mut self, v: Node, a: Arrival) {
        if a.channel == u32::MAX {
            // A packet at its source: its own source, one per node.
            self.fresh[v] = true;
        } else if self.mark(a.channel, a.vc, a.tag) && self.exact {
            self.arrivals[v].push(a);
        }
    }

    /// Packets that start at `starts` (each at a node, with what it brings) follow the
    /// relation towards `target`; `meet` sees every two consecutive (channel, virtual
    /// channel) pairs a packet may hold and ask for. Returns what arrives at `target`
    /// (over masks, in channel order and without sources).
    pub(super) fn run(
        &mut self,
        target: Node,
        starts: &[(Node, Arrival)],
        meet: &mut impl FnMut(Meet),
    ) -> Vec<Arrival> {
        self.prepare(target);
        for &(u, a) in starts {
            self.push(u, a);
        }
        if self.exact {
            self.run_lists(target, meet);
        } else {
            self.run_masks(target, meet);
        }
        let mut out = Vec::new();
        if self.fresh[target] {
            out.push(Arrival::fresh(target));
        }
        if self.exact {
            out.append(&mut self.arrivals[target]);
        } else {
            let words = self.words;
            for slot in self.ch.in_slots(target) {
                let c = self.ch.in_channel(slot);
                let mask = &self.seen[slot * words..(slot + 1) * words];
                out.extend(mask_bits(mask).map(|bit| {
                    let (vc, tag) = state_of(self.scheme, bit, self.facts[c as usize]);
                    Arrival {
                        channel: c,
                        vc,
                        tag,
                        src: 0,
                    }
                }));
            }
        }
        // Empty again: the masks, and what no node passed on (a node on a cycle of the
        // relation is never reached; its arrivals are dropped).
        self.seen.fill(0);
        self.fresh.fill(false);
        if self.exact {
            self.arrivals.iter_mut().for_each(Vec::clear);
        }
        out
    }

    /// The flow over masks: at each node, a packet at its source and each state over each
    /// channel into it, on to each next hop.
    fn run_masks(&mut self, target: Node, meet: &mut impl FnMut(Meet)) {
        let Flow {
            scheme,
            vcs,
            ch,
            ref facts,
            ref hop_start,
            ref hops,
            ref order,
            ref fresh,
            ref mut seen,
            words,
            ..
        } = *self;
        for &u in order {
            let span = &hops[hop_start[u]..hop_start[u + 1]];
            if u == target || span.is_empty() {
                continue;
            }
            if fresh[u] {
                for h in span.iter().filter(|h| h.channel != u32::MAX) {
                    let (vc, tag) = step_with(scheme, vcs, 0, h.facts);
                    set(seen, h.slot as usize * words, state_bit(scheme, vc, tag));
                }
            }
            for slot in ch.in_slots(u) {
                let held = ch.in_channel(slot);
                let held_facts = facts[held as usize];
                // No hop out of u leads back into u: its masks stay as they are here.
                for w in 0..words {
                    let mask = seen[slot * words + w];
                    for bit in bits(mask) {
                        let bit = bit + 64 * w as u32;
                        let (vc, tag) = state_of(scheme, bit, held_facts);
                        for h in span.iter().filter(|h| h.channel != u32::MAX) {
                            let (vc2, tag2) = step_with(scheme, vcs, tag, h.facts);
                            meet(((held, vc), (h.channel, vc2), 0));
                            set(seen, h.slot as usize * words, state_bit(scheme, vc2, tag2));
                        }
                    }
                }
            }
        }
    }

    /// The flow over lists, each state with the first source that sent it.
    fn run_lists(&mut self, target: Node, meet: &mut impl FnMut(Meet)) {
        let mut here = Vec::new();
        for k in 0..self.order.len() {
            let u = self.order[k];
            if u == target || (!self.fresh[u] && self.arrivals[u].is_empty()) {
                continue;
            }
            // A packet at its source comes first: it was there before any other.
            here.clear();
            if self.fresh[u] {
                here.push(Arrival::fresh(u));
            }
            here.append(&mut self.arrivals[u]);
            for a in &here {
                for i in self.hop_start[u]..self.hop_start[u + 1] {
                    let (v, c) = (self.hop_to[i], self.hops[i].channel);
                    if c == u32::MAX {
                        continue;
                    }
                    let (vc, tag) = step_with(self.scheme, self.vcs, a.tag, self.facts[c as usize]);
                    if a.channel != u32::MAX {
                        meet(((a.channel, a.vc), (c, vc), a.src));
                    }
                    self.push(
                        v,
                        Arrival {
                            channel: c,
                            vc,
                            tag,
                            src: a.src,
                        },
                    );
                }
            }
        }
    }
}

/// A next hop's channel (`u32::MAX`: the hop is not a link), its place among the channels
/// into its head ([`Channels::slot`]) and its [`hop_facts`].
#[derive(Clone, Copy)]
struct Hop {
    channel: u32,
    slot: u32,
    facts: Tag,
}

impl Hop {
    /// A hop to a node that is not a neighbour: not followed.
    const NONE: Hop = Hop {
        channel: u32::MAX,
        slot: 0,
        facts: 0,
    };
}

/// The set bits of `mask`, lowest first.
#[inline]
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}

/// The set bits of a mask of several words, lowest first.
fn mask_bits(mask: &[u64]) -> impl Iterator<Item = u32> + '_ {
    mask.iter()
        .enumerate()
        .flat_map(|(w, &m)| bits(m).map(move |bit| bit + 64 * w as u32))
}

/// Runs the flows of the destinations `dsts`, in order; `meet` sees every dependency with
/// its destination; `progress(done, total)` is called between destinations (counted from
/// the range's start).
pub(super) fn each_dependency(
    flow: &mut Flow<'_>,
    dsts: std::ops::Range<Node>,
    meet: &mut impl FnMut(Meet, Node),
    progress: &mut dyn FnMut(usize, usize),
) {
    let (start, total) = (dsts.start, dsts.len());
    let mut buffers = Buffers::default();
    for dst in dsts {
        progress(dst - start, total);
        flows_to(flow, dst, &mut buffers, meet);
    }
    progress(total, total);
}

/// What [`flows_to`] reuses.
#[derive(Default)]
pub(super) struct Buffers {
    via: Vec<(Node, Node)>,
    starts: Vec<(Node, Arrival)>,
    first: Vec<(Node, Arrival)>,
}

/// The flows of the packets bound for `dst`: a two-phase routing's packets flow first
/// towards their intermediates, then on from there with the channel they arrived on and
/// their state.
pub(super) fn flows_to(
    flow: &mut Flow<'_>,
    dst: Node,
    b: &mut Buffers,
    meet: &mut impl FnMut(Meet, Node),
) {
    let terminals = flow.t.terminal_count();
    let two_phase = flow.routing.two_phase().is_some();
    if !two_phase {
        // Every other terminal sends: each a packet at its source.
        for s in (0..terminals).filter(|&s| s != dst) {
            flow.fresh[s] = true;
        }
        flow.run(dst, &[], &mut |m| meet(m, dst));
        return;
    }
    b.starts.clear();
    b.via.clear();
    for s in (0..terminals).filter(|&s| s != dst) {
        match intermediates(flow.routing, s, dst) {
            Some(list) => b.via.extend(list.into_iter().map(|i| (i, s))),
            None => b.starts.push((s, Arrival::fresh(s))),
        }
    }
    b.via.sort_unstable();
    for group in b.via.chunk_by(|a, b| a.0 == b.0) {
        let i = group[0].0;
        b.first.clear();
        b.first
            .extend(group.iter().map(|&(_, s)| (s, Arrival::fresh(s))));
        for a in flow.run(i, &b.first, &mut |m| meet(m, dst)) {
            b.starts.push((i, a));
        }
    }
    flow.run(dst, &b.starts, &mut |m| meet(m, dst));
}
