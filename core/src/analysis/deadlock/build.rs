//! Building the channel dependency graph: the channels numbered, the dependencies kept as a
//! bit set, and the per-destination flow of packet states, all in buffers reused from one
//! destination to the next (no allocation per node or per dependency).

use std::collections::HashSet;

use super::{hop_facts, step_with, Scheme, Tag};
use crate::graph::{Node, Routing, Topology};

/// The network's channels, numbered: `targets[offsets[u] ..]` are u's out-neighbours, and
/// channel `c` is `u → targets[c]`.
pub(super) struct Channels {
    offsets: Vec<usize>,
    targets: Vec<Node>,
}

impl Channels {
    pub(super) fn of(t: &dyn Topology) -> Channels {
        let mut offsets = Vec::with_capacity(t.node_count() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for u in 0..t.node_count() {
            t.neighbours(u, &mut targets);
            offsets.push(targets.len());
        }
        Channels { offsets, targets }
    }

    /// How many channels.
    pub(super) fn len(&self) -> usize {
        self.targets.len()
    }

    /// The channel `u → v`; `None` when `v` is not a neighbour of `u` (a routing that steps
    /// elsewhere is not followed).
    pub(super) fn id(&self, u: Node, v: Node) -> Option<u32> {
        let span = &self.targets[self.offsets[u]..self.offsets[u + 1]];
        let at = span.iter().position(|&w| w == v)?;
        Some((self.offsets[u] + at) as u32)
    }

    /// The ends of channel `c`.
    pub(super) fn ends(&self, c: u32) -> (Node, Node) {
        let c = c as usize;
        let u = self.offsets.partition_point(|&o| o <= c) - 1;
        (u, self.targets[c])
    }

    /// The first channel out of `v` and how many there are.
    fn out(&self, v: Node) -> (usize, usize) {
        (self.offsets[v], self.offsets[v + 1] - self.offsets[v])
    }
}

/// A set of dependencies `(c, vc) → (c', vc')`, where `c'` leaves the head of `c`: one bit
/// per held pair, next channel and class step (the next virtual channel is the same or one
/// more, or, under a dateline, 0 or 1), with a hash set for anything else.
pub(super) struct Deps {
    dateline: bool,
    vcs: u32,
    /// Per channel, its first bit; per channel and virtual channel, the head's
    /// out-degree × 2 bits follow.
    base: Vec<u64>,
    bits: Vec<u64>,
    extra: HashSet<(u32, u32)>,
}

impl Deps {
    pub(super) fn new(ch: &Channels, scheme: Scheme, vcs: u32) -> Deps {
        let mut base = Vec::with_capacity(ch.len() + 1);
        let mut at = 0u64;
        for &v in &ch.targets {
            base.push(at);
            at += ch.out(v).1 as u64 * u64::from(vcs) * 2;
        }
        base.push(at);
        Deps {
            dateline: scheme == Scheme::Dateline,
            vcs,
            base,
            bits: vec![0; at.div_ceil(64) as usize],
            extra: HashSet::new(),
        }
    }

    /// The bit of `(c, vc) → (c2, vc2)`; `None` when the class step has no bit.
    fn bit(&self, ch: &Channels, (c, vc): (u32, u32), (c2, vc2): (u32, u32)) -> Option<u64> {
        let step = if self.dateline {
            vc2
        } else {
            vc2.checked_sub(vc)?
        };
        if step > 1 {
            return None;
        }
        let (first, degree) = ch.out(ch.targets[c as usize]);
        let slot = (c2 as usize).checked_sub(first)?;
        let within = (u64::from(vc) * degree as u64 + slot as u64) * 2 + u64::from(step);
        Some(self.base[c as usize] + within)
    }

    /// Adds a dependency; whether it is new.
    pub(super) fn insert(&mut self, ch: &Channels, held: (u32, u32), next: (u32, u32)) -> bool {
        match self.bit(ch, held, next) {
            Some(b) => {
                let (word, mask) = ((b / 64) as usize, 1u64 << (b % 64));
                let new = self.bits[word] & mask == 0;
                self.bits[word] |= mask;
                new
            }
            None => self.extra.insert((self.pair(held), self.pair(next))),
        }
    }

    /// Whether the set holds a dependency.
    pub(super) fn contains(&self, ch: &Channels, held: (u32, u32), next: (u32, u32)) -> bool {
        match self.bit(ch, held, next) {
            Some(b) => self.bits[(b / 64) as usize] & (1u64 << (b % 64)) != 0,
            None => self.extra.contains(&(self.pair(held), self.pair(next))),
        }
    }

    /// The number of a (channel, virtual channel) pair.
    pub(super) fn pair(&self, (c, vc): (u32, u32)) -> u32 {
        c * self.vcs + vc
    }

    /// Every dependency, as pair numbers.
    pub(super) fn edges(&self, ch: &Channels) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> = self.extra.iter().copied().collect();
        for (c, &v) in ch.targets.iter().enumerate() {
            let (first, degree) = ch.out(v);
            let start = self.base[c];
            for i in 0..self.base[c + 1] - start {
                let b = start + i;
                if self.bits[(b / 64) as usize] & (1u64 << (b % 64)) == 0 {
                    continue;
                }
                let step = (i % 2) as u32;
                let slot = (i / 2) % degree as u64;
                let vc = (i / 2 / degree as u64) as u32;
                let vc2 = if self.dateline { step } else { vc + step };
                let c2 = (first as u64 + slot) as u32;
                out.push((self.pair((c as u32, vc)), self.pair((c2, vc2))));
            }
        }
        out.sort_unstable();
        out
    }
}

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
/// source.
pub(super) type Meet = ((u32, u32), (u32, u32), Node);

/// The flow of packet states towards one target at a time, with its buffers.
pub(super) struct Flow<'a> {
    pub t: &'a dyn Topology,
    pub routing: &'a dyn Routing,
    pub scheme: Scheme,
    pub vcs: u32,
    pub ch: &'a Channels,
    /// What the scheme reads of each channel ([`hop_facts`]), computed once.
    facts: Vec<Tag>,
    hop_start: Vec<usize>,
    hop_to: Vec<Node>,
    /// The channel of each next hop.
    hop_ch: Vec<u32>,
    indeg: Vec<u32>,
    order: Vec<Node>,
    arrivals: Vec<Vec<Arrival>>,
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
            facts,
            hop_start: vec![0; n + 1],
            hop_to: Vec::new(),
            hop_ch: Vec::new(),
            indeg: vec![0; n],
            order: Vec::with_capacity(n),
            arrivals: vec![Vec::new(); n],
        }
    }

    /// Every node's next hops towards `target`, and an order in which every node comes
    /// before its next hops (Kahn).
    fn prepare(&mut self, target: Node) {
        let n = self.t.node_count();
        self.hop_to.clear();
        for u in 0..n {
            self.hop_start[u] = self.hop_to.len();
            self.routing.next_hops(u, target, &mut self.hop_to);
        }
        self.hop_start[n] = self.hop_to.len();
        self.hop_ch.clear();
        for u in 0..n {
            for i in self.hop_start[u]..self.hop_start[u + 1] {
                let c = self.ch.id(u, self.hop_to[i]).unwrap_or(u32::MAX);
                self.hop_ch.push(c);
            }
        }
        self.indeg.fill(0);
        for &v in &self.hop_to {
            self.indeg[v] += 1;
        }
        self.order.clear();
        self.order.extend((0..n).filter(|&u| self.indeg[u] == 0));
        let mut head = 0;
        while head < self.order.len() {
            let u = self.order[head];
            head += 1;
            for i in self.hop_start[u]..self.hop_start[u + 1] {
                let v = self.hop_to[i];
                self.indeg[v] -= 1;
                if self.indeg[v] == 0 {
                    self.order.push(v);
                }
            }
        }
    }

    /// Packets that start at `starts` (each at a node, with what it brings) follow the
    /// relation towards `target`; `meet` sees every two consecutive (channel, virtual
    /// channel) pairs a packet may hold and ask for. Returns what arrives at `target`.
    pub(super) fn run(
        &mut self,
        target: Node,
        starts: &[(Node, Arrival)],
        meet: &mut impl FnMut(Meet),
    ) -> Vec<Arrival> {
        self.prepare(target);
        for list in &mut self.arrivals {
            list.clear();
        }
        for &(u, a) in starts {
            push(&mut self.arrivals[u], a);
        }
        for k in 0..self.order.len() {
            let u = self.order[k];
            if u == target || self.arrivals[u].is_empty() {
                continue;
            }
            let here = std::mem::take(&mut self.arrivals[u]);
            for a in &here {
                for i in self.hop_start[u]..self.hop_start[u + 1] {
                    let (v, c) = (self.hop_to[i], self.hop_ch[i]);
                    if c == u32::MAX {
                        continue;
                    }
                    let (vc, tag) = step_with(self.scheme, self.vcs, a.tag, self.facts[c as usize]);
                    if a.channel != u32::MAX {
                        meet(((a.channel, a.vc), (c, vc), a.src));
                    }
                    push(
                        &mut self.arrivals[v],
                        Arrival {
                            channel: c,
                            vc,
                            tag,
                            src: a.src,
                        },
                    );
                }
            }
            // Keep the buffer's capacity for the next target.
            let mut here = here;
            here.clear();
            self.arrivals[u] = here;
        }
        std::mem::take(&mut self.arrivals[target])
    }
}

/// Adds `a` to a node's arrivals unless one with the same channel and state is there (the
/// first source to bring it is kept).
fn push(list: &mut Vec<Arrival>, a: Arrival) {
    if !list
        .iter()
        .any(|b| b.channel == a.channel && b.vc == a.vc && b.tag == a.tag)
    {
        list.push(a);
    }
}

/// Runs the flows of every destination (0 … terminals − 1, in order): a two-phase
/// routing's packets flow first towards their intermediates, then on from there with the
/// channel they arrived on and their state. `meet` sees every dependency with its
/// destination; `progress(done, total)` is called between destinations; a `false` from
/// `more` stops early.
pub(super) fn each_dependency(
    flow: &mut Flow<'_>,
    meet: &mut impl FnMut(Meet, Node),
    progress: &mut dyn FnMut(usize, usize),
    more: &mut dyn FnMut() -> bool,
) {
    let terminals = flow.t.terminal_count();
    let two_phase = flow.routing.two_phase();
    let mut via: Vec<(Node, Node)> = Vec::new();
    let mut starts: Vec<(Node, Arrival)> = Vec::new();
    let mut first: Vec<(Node, Arrival)> = Vec::new();
    for dst in 0..terminals {
        progress(dst, terminals);
        if !more() {
            return;
        }
        starts.clear();
        via.clear();
        for s in (0..terminals).filter(|&s| s != dst) {
            match two_phase
                .then(|| flow.routing.intermediates(s, dst))
                .flatten()
            {
                Some(list) => via.extend(list.into_iter().map(|i| (i, s))),
                None => starts.push((s, Arrival::fresh(s))),
            }
        }
        via.sort_unstable();
        for group in via.chunk_by(|a, b| a.0 == b.0) {
            let i = group[0].0;
            first.clear();
            first.extend(group.iter().map(|&(_, s)| (s, Arrival::fresh(s))));
            for a in flow.run(i, &first, &mut |m| meet(m, dst)) {
                starts.push((i, a));
            }
        }
        flow.run(dst, &starts, &mut |m| meet(m, dst));
    }
    progress(terminals, terminals);
}
