//! Building the channel dependency graph: the channels numbered (out- and in-channels as
//! adjacency arrays) and the dependencies kept as a bit set; `flow.rs` runs the packets'
//! states towards each destination over them.

use std::collections::HashSet;

use super::Scheme;
use icn_graph::{Node, Topology};

/// The network's channels, numbered: `targets[offsets[u] ..]` are u's out-neighbours, and
/// channel `c` is `u → targets[c]`; `into[in_offsets[v] ..]` are the channels into v.
pub(super) struct Channels {
    offsets: Vec<usize>,
    pub(super) targets: Vec<Node>,
    in_offsets: Vec<usize>,
    into: Vec<u32>,
    /// Each channel's place in `into`.
    in_slot: Vec<u32>,
}

impl Channels {
    pub(super) fn of(t: &dyn Topology) -> Channels {
        let n = t.node_count();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for u in 0..n {
            t.neighbours(u, &mut targets);
            offsets.push(targets.len());
        }
        let mut in_offsets = vec![0usize; n + 1];
        for &v in &targets {
            in_offsets[v + 1] += 1;
        }
        for v in 0..n {
            in_offsets[v + 1] += in_offsets[v];
        }
        let mut fill = in_offsets.clone();
        let mut into = vec![0u32; targets.len()];
        let mut in_slot = vec![0u32; targets.len()];
        for (c, &v) in targets.iter().enumerate() {
            into[fill[v]] = c as u32;
            in_slot[c] = fill[v] as u32;
            fill[v] += 1;
        }
        Channels {
            offsets,
            targets,
            in_offsets,
            into,
            in_slot,
        }
    }

    /// The places (in [`Channels::in_channel`]'s numbering) of the channels into `v`,
    /// in channel order: the channels into one node are neighbours there.
    pub(super) fn in_slots(&self, v: Node) -> std::ops::Range<usize> {
        self.in_offsets[v]..self.in_offsets[v + 1]
    }

    /// The channel at place `slot` of the channels into nodes.
    pub(super) fn in_channel(&self, slot: usize) -> u32 {
        self.into[slot]
    }

    /// The place of channel `c` among the channels into its head.
    pub(super) fn slot(&self, c: u32) -> usize {
        self.in_slot[c as usize] as usize
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
    pub(super) fn out(&self, v: Node) -> (usize, usize) {
        (self.offsets[v], self.offsets[v + 1] - self.offsets[v])
    }
}

/// A set of dependencies `(c, vc) → (c', vc')`, where `c'` leaves the head of `c`: one bit
/// per held pair, next channel and class step (the next virtual channel is the same or one
/// more, or, under a dateline, 0 or 1), with a hash set for anything else.
pub(super) struct Deps {
    dateline: bool,
    pub(super) vcs: u32,
    /// Per channel, its first bit (per virtual channel, the head's out-degree × 2 bits
    /// follow), the first channel out of its head and how many leave it: one load per
    /// dependency (and the last bit's end at the end).
    heads: Vec<Head>,
    pub(super) bits: Vec<u64>,
    pub(super) extra: HashSet<(u32, u32)>,
}

/// A dependency [`Deps::insert`] had not seen: its bit, or its pairs when it has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fresh {
    /// In the bit set.
    Bit(u64),
    /// Kept aside: the pairs held and asked for.
    Extra(u32, u32),
}

/// What [`Deps`] keeps of a channel.
#[derive(Clone, Copy)]
struct Head {
    base: u64,
    first: u32,
    degree: u32,
}

impl Deps {
    pub(super) fn new(ch: &Channels, scheme: Scheme, vcs: u32) -> Deps {
        let mut heads = Vec::with_capacity(ch.len() + 1);
        let mut at = 0u64;
        for &v in &ch.targets {
            let (first, degree) = ch.out(v);
            heads.push(Head {
                base: at,
                first: first as u32,
                degree: degree as u32,
            });
            at += degree as u64 * u64::from(vcs) * 2;
        }
        heads.push(Head {
            base: at,
            first: 0,
            degree: 0,
        });
        Deps {
            dateline: scheme == Scheme::Dateline,
            vcs,
            heads,
            bits: vec![0; at.div_ceil(64) as usize],
            extra: HashSet::new(),
        }
    }

    /// The bit of `(c, vc) → (c2, vc2)`; `None` when the class step has no bit.
    #[inline]
    pub(super) fn bit(&self, (c, vc): (u32, u32), (c2, vc2): (u32, u32)) -> Option<u64> {
        let step = if self.dateline {
            vc2
        } else {
            vc2.checked_sub(vc)?
        };
        if step > 1 {
            return None;
        }
        let h = self.heads[c as usize];
        let slot = c2.checked_sub(h.first)?;
        let within = (u64::from(vc) * u64::from(h.degree) + u64::from(slot)) * 2 + u64::from(step);
        Some(h.base + within)
    }

    /// Adds a dependency; what it was, if it is new.
    #[inline]
    pub(super) fn insert(&mut self, held: (u32, u32), next: (u32, u32)) -> Option<Fresh> {
        match self.bit(held, next) {
            Some(b) => {
                let (word, mask) = ((b / 64) as usize, 1u64 << (b % 64));
                let new = self.bits[word] & mask == 0;
                self.bits[word] |= mask;
                new.then_some(Fresh::Bit(b))
            }
            None => {
                let (a, b) = (self.pair(held), self.pair(next));
                self.extra.insert((a, b)).then_some(Fresh::Extra(a, b))
            }
        }
    }

    /// How many bits the set has (the words' last may have unused bits).
    pub(super) fn bit_len(&self) -> u64 {
        self.heads.last().map_or(0, |h| h.base)
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
            let start = self.heads[c].base;
            for i in 0..self.heads[c + 1].base - start {
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
