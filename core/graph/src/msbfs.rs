//! Bit-parallel multi-source breadth-first search, after Then et al., "The More the
//! Merrier: Efficient Multi-Source Graph Traversal" (PVLDB 8(4), 2014).
//!
//! Up to [`LANES`] sources share one pass. Each source owns a bit position, its *lane*,
//! in three arrays of [`Lanes`] words, one word per node: `seen[v]` (the sources that
//! have reached v), `frontier[v]` (those that reached it at the previous level) and
//! `next[v]`. A level is one sweep over the nodes: a node takes the union of its
//! in-neighbours' frontier words, keeps the lanes it has not seen, and those lanes are
//! its frontier at the next level. Each link is read once per level for all the pass's
//! sources together, where one plain search per source reads it once per source. A word
//! is [`WORDS`] `u64`s, 256 lanes: two 128-bit vector registers where the target has
//! them (SSE2 on x86-64, simd128 in the project's wasm builds, which `.cargo/config.toml`
//! enables; the compiler turns the fixed-size arrays into vector instructions), four
//! scalar words elsewhere (wasm32 without simd128: the same code). Measured on the
//! rows of docs/benchmarks.md, 256 lanes beat 64 and 128 by 5–40 % (512 and 1024 were
//! slower with an earlier form of the bottom-up loop).
//!
//! The sweep pulls from in-neighbours (bottom-up, in the paper's terms): a node every
//! lane has reached is skipped without reading its links, and a node stops reading once
//! its missing lanes are all found, so the late levels, where most nodes are done, cost
//! little. The early levels, where the frontier is small, push from the frontier's
//! nodes instead (top-down): the direction switch of Beamer et al., chosen per level by
//! the links the frontier would read.
//!
//! Nodes that do not forward ([`super::Graph::forwards`]) start paths (at level 0)
//! and end them, but never pass a lane on: their frontier word is cleared as soon as it
//! is set.
//!
//! # Complexity
//! Per pass: O(levels · (N + E)) word operations at most, plus O(N) to reset; a pass's
//! memory is 3 · N words of `LANES / 8` bytes, allocated once for every pass.

use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

use super::bfs::{bfs, UNREACHABLE};
use super::csr::{Csr, Direction};
use super::{Graph, Node};

/// 64-bit words per [`Lanes`] of the engine's passes.
pub const WORDS: usize = 4;
/// Sources per pass.
pub const LANES: usize = 64 * WORDS;

/// A set of lanes (sources of one pass), `64 · W` bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lanes<const W: usize = WORDS>([u64; W]);

impl<const W: usize> Lanes<W> {
    /// No lane.
    pub const EMPTY: Self = Lanes([0; W]);

    /// Lanes `0 .. n` (all of them when `n ≥ 64 · W`).
    pub fn first(n: usize) -> Self {
        let mut words = [0; W];
        for (i, w) in words.iter_mut().enumerate() {
            let below = n.saturating_sub(64 * i);
            *w = match below {
                0 => 0,
                1..=63 => (1u64 << below) - 1,
                _ => u64::MAX,
            };
        }
        Lanes(words)
    }

    /// Lane `i` alone.
    pub fn lane(i: usize) -> Self {
        let mut words = [0; W];
        words[i / 64] = 1 << (i % 64);
        Lanes(words)
    }

    /// The lanes as `W` words, lane `64 · i + b` at bit b of word i.
    #[inline]
    pub fn words(self) -> [u64; W] {
        self.0
    }

    /// Whether no lane is set.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }

    /// The number of lanes set.
    #[inline]
    pub fn count(self) -> u64 {
        self.0.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// Whether lane `i` is set.
    pub fn contains(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// The lanes set, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..W).flat_map(move |i| {
            let mut w = self.0[i];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    64 * i + bit
                })
            })
        })
    }
}

impl<const W: usize> BitOr for Lanes<W> {
    type Output = Self;
    #[inline]
    fn bitor(mut self, other: Self) -> Self {
        self |= other;
        self
    }
}

impl<const W: usize> BitOrAssign for Lanes<W> {
    #[inline]
    fn bitor_assign(&mut self, other: Self) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

impl<const W: usize> BitAnd for Lanes<W> {
    type Output = Self;
    #[inline]
    fn bitand(mut self, other: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        self
    }
}

impl<const W: usize> Not for Lanes<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for a in &mut self.0 {
            *a = !*a;
        }
        self
    }
}

/// A top-down level reads the frontier's out-links; it is chosen while they number
/// fewer than the channels divided by this (a bottom-up level reads each link at most once,
/// and fewer once nodes are done). Measured: always bottom-up takes twice as long on
/// the random and Dragonfly graphs; 1 is 1.5–2 times slower there, 4 and 16 up to 25 %
/// slower on the Lens.
const PUSH_FACTOR: usize = 2;

/// The reusable state of multi-source searches over one graph: three words per node and
/// three node lists, allocated once.
#[derive(Debug)]
pub struct MultiSourceBfs<'g, const W: usize = WORDS> {
    /// In-neighbours: what a bottom-up level pulls from.
    incoming: &'g Csr,
    /// Out-neighbours: what a top-down level pushes along (the same lists when the
    /// network is undirected).
    outgoing: &'g Csr,
    seen: Vec<Lanes<W>>,
    /// Between levels, `next` is empty and `frontier` is empty outside `active`.
    frontier: Vec<Lanes<W>>,
    next: Vec<Lanes<W>>,
    /// The nodes whose frontier word is not empty.
    active: Vec<u32>,
    /// The previous level's `active`, while a level builds the new one.
    previous: Vec<u32>,
    /// The nodes a top-down level has sent lanes to.
    touched: Vec<u32>,
    /// What the searches have done so far.
    work: Work,
}

/// What searches did, counted as they run (`core/tests/estimates.rs` holds [`estimate`]
/// against it): the node words a level looked at (a bottom-up level's every node not yet
/// reached by every lane, a top-down level's frontier and the nodes it sent lanes to) and
/// the link words it read (an in-neighbour's frontier word pulled, or a word pushed along
/// an out-link).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Node words looked at.
    pub nodes: u64,
    /// Link words read.
    pub links: u64,
}

impl<'g, const W: usize> MultiSourceBfs<'g, W> {
    /// Searches over a graph given by its in- and out-neighbour lists (the same [`Csr`]
    /// twice for an undirected network).
    ///
    /// # Panics
    /// When the two lists disagree on the node count.
    pub fn new(incoming: &'g Csr, outgoing: &'g Csr) -> Self {
        let n = incoming.node_count();
        assert_eq!(n, outgoing.node_count(), "in- and out-lists of one graph");
        MultiSourceBfs {
            incoming,
            outgoing,
            seen: vec![Lanes::EMPTY; n],
            frontier: vec![Lanes::EMPTY; n],
            next: vec![Lanes::EMPTY; n],
            active: Vec::new(),
            previous: Vec::new(),
            touched: Vec::new(),
            work: Work::default(),
        }
    }

    /// What the searches so far have done.
    pub fn work(&self) -> Work {
        self.work
    }

    /// Searches from `sources` (at most `64 · W`, no repeats; lane i is `sources[i]`)
    /// and calls `visit(d, v, lanes)` once for every node `v` and distance `d ≥ 1` at
    /// which some lanes first reach it, with those lanes. Returns the last distance at
    /// which a node was reached (the largest eccentricity among the sources, over the
    /// nodes they reach).
    ///
    /// # Panics
    /// When there are more than `64 · W` sources.
    pub fn run(&mut self, sources: &[Node], mut visit: impl FnMut(u32, Node, Lanes<W>)) -> u32 {
        assert!(sources.len() <= 64 * W, "at most 64·W sources per pass");
        self.seen.fill(Lanes::EMPTY);
        for &u in &self.active {
            self.frontier[u as usize] = Lanes::EMPTY;
        }
        self.active.clear();
        for (i, &s) in sources.iter().enumerate() {
            debug_assert!(self.seen[s].is_empty(), "source {s} repeated");
            self.seen[s] = Lanes::lane(i);
            self.frontier[s] = Lanes::lane(i);
            self.active.push(s as u32);
        }
        let full = Lanes::first(sources.len());
        let (mut level, mut last) = (0, 0);
        while !self.active.is_empty() {
            level += 1;
            let links: usize = self
                .active
                .iter()
                .map(|&u| self.outgoing.neighbours(u as usize).len())
                .sum();
            std::mem::swap(&mut self.active, &mut self.previous);
            self.active.clear();
            let reached = if links * PUSH_FACTOR < self.incoming.channel_count() {
                self.push(level, &mut visit)
            } else {
                self.pull(level, full, &mut visit)
            };
            if reached {
                last = level;
            }
            for &u in &self.previous {
                self.frontier[u as usize] = Lanes::EMPTY;
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
        last
    }

    /// Which lanes reached each node in the last [`MultiSourceBfs::run`].
    pub fn seen(&self) -> &[Lanes<W>] {
        &self.seen
    }

    /// Keeps the lanes of `arrived` that `v` has not seen: marks them seen, reports
    /// them, and makes them `v`'s next frontier if `v` forwards. Returns whether any
    /// lane was new.
    #[inline]
    fn arrive(
        &mut self,
        level: u32,
        v: Node,
        arrived: Lanes<W>,
        visit: &mut impl FnMut(u32, Node, Lanes<W>),
    ) -> bool {
        let new = arrived & !self.seen[v];
        if new.is_empty() {
            return false;
        }
        self.seen[v] |= new;
        visit(level, v, new);
        if self.incoming.forwards(v) {
            self.next[v] = new;
            self.active.push(v as u32);
        }
        true
    }

    /// One bottom-up level: every node not yet reached by every lane pulls from its
    /// in-neighbours, stopping once its missing lanes are all found (checked every four
    /// in-neighbours). Returns whether
    /// any node was reached.
    fn pull(
        &mut self,
        level: u32,
        full: Lanes<W>,
        visit: &mut impl FnMut(u32, Node, Lanes<W>),
    ) -> bool {
        let graph = self.incoming;
        let mut reached = false;
        let (mut nodes, mut links) = (0u64, 0u64);
        for v in 0..graph.node_count() {
            let missing = full & !self.seen[v];
            if missing.is_empty() {
                continue;
            }
            nodes += 1;
            // Four in-neighbours between checks: the check costs as much as a read.
            let mut got = Lanes::EMPTY;
            let list = graph.neighbours(v);
            let mut chunks = list.chunks_exact(4);
            let mut read = 0;
            for c in &mut chunks {
                read += 4;
                got |= self.frontier[c[0] as usize]
                    | self.frontier[c[1] as usize]
                    | self.frontier[c[2] as usize]
                    | self.frontier[c[3] as usize];
                if (missing & !got).is_empty() {
                    break;
                }
            }
            if !(missing & !got).is_empty() {
                read = list.len();
                for &u in chunks.remainder() {
                    got |= self.frontier[u as usize];
                }
            }
            links += read as u64;
            reached |= self.arrive(level, v, got, visit);
        }
        self.work.nodes += nodes;
        self.work.links += links;
        reached
    }

    /// One top-down level: the frontier's nodes push their lanes along their out-links.
    /// Returns whether any node was reached.
    fn push(&mut self, level: u32, visit: &mut impl FnMut(u32, Node, Lanes<W>)) -> bool {
        let graph = self.outgoing;
        // `next` collects what arrives, then each touched node's word is replaced by
        // its new frontier (or cleared) in `arrive`.
        let mut touched = std::mem::take(&mut self.touched);
        touched.clear();
        for &u in &self.previous {
            let lanes = self.frontier[u as usize];
            let list = graph.neighbours(u as usize);
            self.work.links += list.len() as u64;
            for &v in list {
                let word = &mut self.next[v as usize];
                if word.is_empty() {
                    touched.push(v);
                }
                *word |= lanes;
            }
        }
        self.work.nodes += (self.previous.len() + touched.len()) as u64;
        let mut reached = false;
        for &v in &touched {
            let v = v as usize;
            let arrived = std::mem::replace(&mut self.next[v], Lanes::EMPTY);
            reached |= self.arrive(level, v, arrived, visit);
        }
        self.touched = touched;
        reached
    }
}

/// The distances between every ordered pair of terminals of the graph `incoming`
/// lists (and `outgoing`, the same lists in an undirected network): `counts[d]` pairs
/// at distance d ≥ 1 (`counts[0]` = 0) and the pairs with no path.
///
/// # Complexity
/// ⌈T / [`LANES`]⌉ passes of [`MultiSourceBfs::run`]; memory 3 · N · `LANES / 8` bytes
/// beside the lists.
pub fn terminal_distance_counts(incoming: &Csr, outgoing: &Csr) -> (Vec<u64>, u64) {
    let (counts, unreachable, _) =
        terminal_distance_counts_in::<WORDS>(incoming, outgoing, &mut |_, _| {});
    (counts, unreachable)
}

/// [`terminal_distance_counts`] in passes of `64 · W` sources (what the tests and the
/// benchmarks vary), with what the passes did, calling `progress(done, passes)` before
/// each pass and after the last.
pub fn terminal_distance_counts_in<const W: usize>(
    incoming: &Csr,
    outgoing: &Csr,
    progress: &mut dyn FnMut(usize, usize),
) -> (Vec<u64>, u64, Work) {
    let lanes = 64 * W;
    let terminals = incoming.terminal_count();
    let passes = terminals.div_ceil(lanes);
    let mut search = MultiSourceBfs::<W>::new(incoming, outgoing);
    let mut counts = vec![0u64];
    let mut unreachable = 0;
    let mut sources = Vec::with_capacity(lanes);
    for (pass, first) in (0..terminals).step_by(lanes).enumerate() {
        progress(pass, passes);
        sources.clear();
        sources.extend(first..(first + lanes).min(terminals));
        search.run(&sources, |d, v, lanes| {
            if v < terminals {
                let d = d as usize;
                if counts.len() <= d {
                    counts.resize(d + 1, 0);
                }
                counts[d] += lanes.count();
            }
        });
        let full = Lanes::first(sources.len());
        unreachable += search.seen()[..terminals]
            .iter()
            .map(|&s| (full & !s).count())
            .sum::<u64>();
    }
    progress(passes, passes);
    (counts, unreachable, search.work())
}

/// [`terminal_distance_counts`] over any topology: builds its lists once (one list when
/// the network is undirected, in- and out-lists when it is directed).
///
/// # Complexity
/// O(N + E) to build the lists, then as [`terminal_distance_counts`].
pub fn terminal_distances<T: Graph + ?Sized>(topology: &T) -> (Vec<u64>, u64) {
    let (counts, unreachable, _) = terminal_distances_with(topology, &mut |_, _| {});
    (counts, unreachable)
}

/// [`terminal_distances`], with what the passes did, calling `progress(done, passes)`
/// before each pass and after the last.
pub fn terminal_distances_with<T: Graph + ?Sized>(
    topology: &T,
    progress: &mut dyn FnMut(usize, usize),
) -> (Vec<u64>, u64, Work) {
    let incoming = Csr::new(topology, Direction::In);
    if topology.directed() {
        let outgoing = Csr::new(topology, Direction::Out);
        terminal_distance_counts_in::<WORDS>(&incoming, &outgoing, progress)
    } else {
        terminal_distance_counts_in::<WORDS>(&incoming, &incoming, progress)
    }
}

/// Below this many nodes and channels, [`pass_estimate`] runs one breadth-first search
/// to learn how many levels a pass takes.
const PROBE_LIMIT: u64 = 1 << 20;

/// Steps of one word operation whose reads hit the cache: a 256-bit word's operation
/// takes 2.3 to 3.4 ns natively where the search's arrays fit the caches, and a step is
/// about a nanosecond (docs/limits.md, "The measurements behind the constants").
const WORD_STEPS: f64 = 3.0;

/// How many times more a word operation costs once its random read (an in-neighbour's
/// word, anywhere in the array) misses every cache: 23 ns measured against 3.
const MISS_FACTOR: f64 = 8.0;

/// The bytes of a search's arrays and lists that the caches hold: below, every read hits;
/// above, the share of reads that miss is 1 − this / the bytes (fitted to the times
/// measured on random graphs of 4,096 to 1,048,576 nodes, within 1.6 times each).
const CACHE_BYTES: f64 = (8u64 << 20) as f64;

/// The word operations ([`Work`]'s nodes and links) of one pass of
/// [`terminal_distances`]: 3/8 of a sweep over the N nodes and C channels per level, L
/// levels being the eccentricity of terminal 0 plus one (one breadth-first search, on
/// graphs up to 2²⁰ nodes and channels; else the bits of N), at least one sweep. A pass
/// has about L levels, but the first pushes from a small frontier cost little, nodes that
/// have every lane are skipped, and a node stops reading its links once it has them all:
/// counted, a pass's work is 0.38 to 2.4 times this (`core/tests/estimates.rs`).
pub fn pass_estimate<T: Graph + ?Sized>(topology: &T) -> u64 {
    let n = topology.node_count() as u64;
    let sweep = n.saturating_add(topology.channel_count());
    let levels = if sweep <= PROBE_LIMIT && topology.terminal_count() > 0 {
        let far = bfs(topology, 0)
            .into_iter()
            .filter(|&d| d != UNREACHABLE)
            .max()
            .unwrap_or(0);
        u64::from(far) + 1
    } else {
        u64::from(u64::BITS - n.leading_zeros())
    };
    sweep.saturating_mul(levels.max(3)).saturating_mul(3) / 8
}

/// The steps of one word operation of a search whose arrays and lists take `bytes`:
/// [`WORD_STEPS`] while they fit [`CACHE_BYTES`], up to [`MISS_FACTOR`] times that as a
/// growing share of the random reads miss.
pub fn word_steps(bytes: u64) -> f64 {
    let missed = 1.0 - (CACHE_BYTES / bytes.max(1) as f64).min(1.0);
    WORD_STEPS * (1.0 + (MISS_FACTOR - 1.0) * missed)
}

/// The estimated (steps, bytes) of [`terminal_distances`]: ⌈T / [`LANES`]⌉ passes of
/// [`pass_estimate`] word operations, each [`word_steps`] of the search's memory. The
/// memory: three words of [`LANES`] bits and the node lists per node, 4 bytes a channel
/// per list.
pub fn estimate<T: Graph + ?Sized>(topology: &T) -> (u64, u64) {
    let n = topology.node_count() as u64;
    let channels = topology.channel_count();
    let passes = (topology.terminal_count() as u64).div_ceil(LANES as u64);
    let lists = if topology.directed() { 2 } else { 1 };
    let words = 3 * (LANES as u64 / 8) + 3 * 4;
    let bytes = n
        .saturating_mul(words + lists * 9)
        .saturating_add(channels.saturating_mul(4 * lists));
    let ops = passes.saturating_mul(pass_estimate(topology));
    // A float past u64::MAX saturates when cast.
    let steps = (ops as f64 * word_steps(bytes)) as u64;
    (steps, bytes)
}
