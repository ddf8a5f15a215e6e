//! Jellyfish's random regular graph, built by the paper's incremental construction from a
//! seed, with a generator written here so that the graph is the same on every platform
//! and in every version of every dependency.
//!
//! The construction: while two switches with free ports are not yet neighbours, join a
//! random such pair. When no such pair is left but ports are still free, the paper's
//! repair: take a switch s with free ports; remove a random link (x, y) whose ends are
//! not neighbours of s, and join s to x and s to y (a switch with one free port does this
//! together with another switch t with a free port, joining s to x and t to y). Each step
//! uses two free ports, so it ends with an r-regular graph, or, in a corner where no link
//! qualifies for the repair, with nothing (the caller tries the next stream).
//!
//! Random choices, in order. A pair is drawn as two distinct positions of the list of
//! switches with free ports (at most [`PAIR_TRIES`] draws); once none of the draws is a
//! non-neighbour pair, every such pair is listed (in list order), and from then on pairs
//! are drawn from that list (see `open_pair`): either way, uniformly among the pairs that
//! may be joined. The repair draws s from the free list, then (if s has one free port) t,
//! then up to [`PAIR_TRIES`] links from the list of links, each with a random
//! orientation (x, y); if none qualified, one of every qualifying oriented link, listed by
//! x ascending and y in the order x's links were made. A switch leaves the free list by
//! `swap_remove`; a removed link leaves the link list the same way.

use std::collections::HashMap;

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, one addition and a
/// mixing function per draw. Fixed here, so a seed gives one graph everywhere.
#[derive(Debug, Clone)]
pub(super) struct SplitMix64 {
    state: u64,
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 output function.
pub(super) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    /// The generator whose state starts at `seed`.
    pub(super) fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 bits.
    pub(super) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        mix(self.state)
    }

    /// A uniform number below `m` (m ≥ 1), without bias: Lemire's multiply-and-shift,
    /// drawing again when the low half falls in the short first interval.
    pub(super) fn below(&mut self, m: usize) -> usize {
        let m = m as u64;
        let threshold = m.wrapping_neg() % m;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(m);
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }
}

/// Random draws of a pair (or a link) before everything is listed.
const PAIR_TRIES: usize = 16;

/// The graph under construction.
struct Builder<'a> {
    r: usize,
    adj: Vec<Vec<u32>>,
    /// Switches with free ports, and each switch's position in it (usize::MAX: none).
    open: Vec<u32>,
    position: Vec<usize>,
    links: Vec<(u32, u32)>,
    link_index: HashMap<(u32, u32), usize>,
    /// The joinable open pairs, once drawing by rejection has failed.
    pairs: Option<Vec<(u32, u32)>>,
    rng: &'a mut SplitMix64,
}

fn key(u: u32, v: u32) -> (u32, u32) {
    (u.min(v), u.max(v))
}

impl Builder<'_> {
    fn free(&self, v: u32) -> usize {
        self.r - self.adj[v as usize].len()
    }

    fn linked(&self, u: u32, v: u32) -> bool {
        self.link_index.contains_key(&key(u, v))
    }

    /// Whether u and v may be joined: distinct and not yet neighbours.
    fn joinable(&self, u: u32, v: u32) -> bool {
        u != v && !self.linked(u, v)
    }

    fn close_if_full(&mut self, v: u32) {
        if self.free(v) == 0 && self.position[v as usize] != usize::MAX {
            let i = self.position[v as usize];
            self.open.swap_remove(i);
            if let Some(&moved) = self.open.get(i) {
                self.position[moved as usize] = i;
            }
            self.position[v as usize] = usize::MAX;
        }
    }

    fn reopen(&mut self, v: u32) {
        if self.position[v as usize] == usize::MAX {
            self.position[v as usize] = self.open.len();
            self.open.push(v);
        }
    }

    fn join(&mut self, u: u32, v: u32) {
        self.adj[u as usize].push(v);
        self.adj[v as usize].push(u);
        self.link_index.insert(key(u, v), self.links.len());
        self.links.push(key(u, v));
        self.close_if_full(u);
        self.close_if_full(v);
    }

    fn cut(&mut self, u: u32, v: u32) {
        let i = self.link_index.remove(&key(u, v)).unwrap_or(0);
        self.links.swap_remove(i);
        if let Some(&moved) = self.links.get(i) {
            self.link_index.insert(moved, i);
        }
        self.adj[u as usize].retain(|&x| x != v);
        self.adj[v as usize].retain(|&x| x != u);
        self.reopen(u);
        self.reopen(v);
    }

    /// A pair of open switches that may be joined, drawn uniformly among all such
    /// pairs, if any: by rejection among the open pairs while that succeeds within
    /// [`PAIR_TRIES`] draws, then from the list of the joinable pairs, made once. Joining
    /// and repairing never make a new pair joinable (a repair refills the two switches it
    /// frees), so the list only loses pairs; stale ones are dropped when drawn.
    fn open_pair(&mut self) -> Option<(u32, u32)> {
        if self.pairs.is_none() {
            let m = self.open.len();
            if m < 2 {
                return None;
            }
            for _ in 0..PAIR_TRIES {
                let i = self.rng.below(m);
                let mut j = self.rng.below(m - 1);
                if j >= i {
                    j += 1;
                }
                let (u, v) = (self.open[i], self.open[j]);
                if self.joinable(u, v) {
                    return Some((u, v));
                }
            }
            let mut pairs = Vec::new();
            for i in 0..m {
                for j in i + 1..m {
                    let (u, v) = (self.open[i], self.open[j]);
                    if self.joinable(u, v) {
                        pairs.push((u, v));
                    }
                }
            }
            self.pairs = Some(pairs);
        }
        let mut pairs = self.pairs.take().unwrap_or_default();
        let mut found = None;
        while !pairs.is_empty() {
            let (u, v) = pairs.swap_remove(self.rng.below(pairs.len()));
            if self.free(u) > 0 && self.free(v) > 0 && self.joinable(u, v) {
                found = Some((u, v));
                break;
            }
        }
        self.pairs = Some(pairs);
        found
    }

    /// The repair: a link (x, y) with x joinable to s and y to t, cut and rewired.
    fn repair(&mut self) -> bool {
        let s = self.open[self.rng.below(self.open.len())];
        let t = if self.free(s) >= 2 {
            s
        } else {
            let others: Vec<u32> = self.open.iter().copied().filter(|&v| v != s).collect();
            if others.is_empty() {
                return false;
            }
            others[self.rng.below(others.len())]
        };
        let fits = |b: &Self, x: u32, y: u32| {
            b.joinable(s, x) && b.joinable(t, y) && x != t && y != s && (s != t || x != y)
        };
        let mut chosen = None;
        for _ in 0..PAIR_TRIES.min(self.links.len()) {
            let (a, b) = self.links[self.rng.below(self.links.len())];
            let (x, y) = if self.rng.below(2) == 0 {
                (a, b)
            } else {
                (b, a)
            };
            if fits(self, x, y) {
                chosen = Some((x, y));
                break;
            }
        }
        if chosen.is_none() {
            // Every qualifying oriented link (x, y), x ascending, y in x's list order:
            // x ranges over the switches s may join, few when the graph is dense.
            let mut all = Vec::new();
            for x in 0..self.adj.len() as u32 {
                if self.joinable(s, x) {
                    let ys = self.adj[x as usize].iter().copied();
                    all.extend(ys.filter(|&y| fits(self, x, y)).map(|y| (x, y)));
                }
            }
            if all.is_empty() {
                return false;
            }
            chosen = Some(all[self.rng.below(all.len())]);
        }
        let Some((x, y)) = chosen else { return false };
        self.cut(x, y);
        self.join(s, x);
        self.join(t, y);
        true
    }
}

/// An r-regular graph on n switches from `rng` by the paper's construction (each list of
/// neighbours sorted), or `None` when the repair finds no link to rewire.
pub(super) fn random_regular(n: usize, r: usize, rng: &mut SplitMix64) -> Option<Vec<Vec<u32>>> {
    let mut b = Builder {
        r,
        adj: vec![Vec::with_capacity(r); n],
        open: (0..n as u32).collect(),
        position: (0..n).collect(),
        links: Vec::with_capacity(n * r / 2),
        link_index: HashMap::with_capacity(n * r / 2),
        pairs: None,
        rng,
    };
    while !b.open.is_empty() {
        if let Some((u, v)) = b.open_pair() {
            b.join(u, v);
        } else if !b.repair() {
            return None;
        }
    }
    let mut adj = b.adj;
    for list in &mut adj {
        list.sort_unstable();
    }
    Some(adj)
}
