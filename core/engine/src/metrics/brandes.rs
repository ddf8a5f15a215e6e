//! Loads of a routing that follows distances (every shortest path, the unit split evenly
//! over its paths: edge betweenness) by a Brandes-style accumulation over batched
//! bit-parallel searches ([`icn_graph::msbfs`]), for networks without a symmetry the
//! loads' planner can use.
//!
//! A batch of up to [`LANES`] sources (terminals) is searched at once: the multi-source
//! search reports, level by level, the lanes (sources) that first reach each node. That
//! record, `(v, lanes)` grouped by level, is all the passes below read:
//!
//! - forward, level by level: σ_s(v), the shortest paths from s to v, is the sum of
//!   σ_s(u) over v's in-neighbours u one level nearer s. A word per node holds the lanes
//!   that reached it at one level, so one AND per link finds the lanes for which the link
//!   is on a shortest path, for the whole batch. Each level either pulls (its nodes read
//!   their in-neighbours' words of the level before) or pushes (the level before sends
//!   along its out-links), whichever reads fewer links: on MDF(16,16) pushing skips about
//!   two thirds of the links a pull reads for no lane.
//! - backward, from the deepest level: with D_s(v) = [v a terminal] + δ_s(v) the traffic
//!   from s that enters v (bound to v, or beyond it) and α_s(v) = D_s(v) / σ_s(v), the
//!   channel u → v of the DAG carries σ_s(u) · α_s(v), u forwards δ_s(u) = σ_s(u) · Σ
//!   α_s(v) over its DAG links, and α_s(u) = [u a terminal] / σ_s(u) + Σ α_s(v). Each node
//!   pulls from its out-neighbours one level further, so the only random reads are their
//!   α rows, and a channel's share is added where the channel is listed.
//!
//! Per source this is Brandes's accumulation (U. Brandes, "A faster algorithm for
//! betweenness centrality", 2001) with a destination weight of one per terminal; the
//! links are scanned once per level for the whole batch, the per-lane arithmetic only
//! where a link is on some source's shortest-path DAG. Nodes that do not forward end
//! paths and start them (a source) but pass no lane on. Sums run in another order than
//! the per-destination passes of [`super::loads`], so the loads agree with them within
//! rounding (tests: 1e-9 relative), not bit for bit.
//!
//! # Complexity
//! ⌈T / [`LANES`]⌉ batches; per batch, the search (see [`MultiSourceBfs`]), per level one
//! scan of the links of that level's nodes or of the level before's (forward) and of the
//! out-links of each node at each level at which some lane reaches it (backward), and
//! O(1) per source and link of its shortest-path DAG. Memory: two `f64` per node and lane
//! (16 · [`LANES`] bytes a node), the search's lists and words, all allocated once.

use super::channels::{finish, ChannelLoads};
use super::dag::adjacency;
use icn_graph::msbfs::{Lanes, MultiSourceBfs};
use icn_graph::{Csr, Direction, Node, Topology};

/// Sources per batch: σ and α take 16 bytes per node and lane.
pub(super) const LANES: usize = 64;

/// Calls `f(lane)` for every lane set in `word` (below [`LANES`]).
#[inline]
fn each_lane(mut word: u64, mut f: impl FnMut(usize)) {
    while word != 0 {
        f(word.trailing_zeros() as usize % LANES);
        word &= word - 1;
    }
}

/// One node's value for every lane of a batch.
type Row = [f64; LANES];

/// From this many lanes on, a link's lanes are added as whole rows under a mask, eight
/// lanes at a time, instead of one set bit at a time (the rows' loops vectorise).
const DENSE: u32 = 32;

/// `MASKS[b][j]`: all ones where bit j of the byte b is set, else zero.
const MASKS: [[u64; 8]; 256] = {
    let mut masks = [[0u64; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        while j < 8 {
            if b >> j & 1 == 1 {
                masks[b][j] = u64::MAX;
            }
            j += 1;
        }
        b += 1;
    }
    masks
};

/// `x` where `mask` is all ones, 0 where it is zero.
#[inline]
fn keep(x: f64, mask: u64) -> f64 {
    f64::from_bits(x.to_bits() & mask)
}

/// `sum[l] += from[l]` for every lane l of `lanes`.
#[inline]
fn add_lanes(sum: &mut Row, from: &Row, lanes: u64) {
    if lanes.count_ones() < DENSE {
        each_lane(lanes, |l| sum[l] += from[l]);
        return;
    }
    for (b, (sum, from)) in sum
        .chunks_exact_mut(8)
        .zip(from.chunks_exact(8))
        .enumerate()
    {
        let mask = &MASKS[(lanes >> (8 * b)) as usize & 0xff];
        for j in 0..8 {
            sum[j] += keep(from[j], mask[j]);
        }
    }
}

/// For every lane l of `lanes`: `beyond[l] += ahead[l]`; returns the sum of
/// `paths[l] · ahead[l]` over those lanes.
#[inline]
fn gather_lanes(beyond: &mut Row, paths: &Row, ahead: &Row, lanes: u64) -> f64 {
    if lanes.count_ones() < DENSE {
        let mut carried = 0.0;
        each_lane(lanes, |l| {
            let a = ahead[l];
            beyond[l] += a;
            carried += paths[l] * a;
        });
        return carried;
    }
    let mut carried = [0.0; 8];
    for b in 0..LANES / 8 {
        let mask = &MASKS[(lanes >> (8 * b)) as usize & 0xff];
        for j in 0..8 {
            let l = 8 * b + j;
            let a = keep(ahead[l], mask[j]);
            beyond[l] += a;
            carried[j] += paths[l] * a;
        }
    }
    carried.iter().sum()
}

/// Row `a` to read and row `b` to write (`a` ≠ `b`).
#[inline]
fn two_rows(rows: &mut [Row], a: usize, b: usize) -> (&Row, &mut Row) {
    if a < b {
        let (low, high) = rows.split_at_mut(b);
        (&low[a], &mut high[0])
    } else {
        let (low, high) = rows.split_at_mut(a);
        (&high[0], &mut low[b])
    }
}

/// One batch's record and per-lane state, reused by every batch.
struct Batch {
    /// `(v, lanes)`: the lanes that first reached v, level by level.
    arrivals: Vec<(u32, u64)>,
    /// Level d's arrivals are `arrivals[starts[d] .. starts[d + 1]]` (level 0: the sources).
    starts: Vec<usize>,
    /// σ_s(v): `sigma[v][lane]`.
    sigma: Vec<Row>,
    /// α_s(v) = D_s(v) / σ_s(v): `alpha[v][lane]`, the traffic from s that enters v per
    /// shortest path from s to v.
    alpha: Vec<Row>,
    /// The lanes that reached each node at the level next to the one at work.
    word: Vec<u64>,
}

impl Batch {
    /// Sets (`on`) or clears the words of level d's arrivals; with `graph`, only those
    /// that pass lanes on (at level 0, the sources, all do).
    fn words(&mut self, d: usize, on: bool, graph: Option<&Csr>) {
        for i in self.starts[d]..self.starts[d + 1] {
            let (v, lanes) = self.arrivals[i];
            let v = v as usize;
            if graph.is_none_or(|g| d == 0 || g.forwards(v)) {
                self.word[v] = if on { lanes } else { 0 };
            }
        }
    }

    /// σ level by level: each level's nodes pull from their in-neighbours one level
    /// nearer, or that level's nodes push along their out-links, whichever reads fewer
    /// links.
    fn forward(&mut self, incoming: &Csr, outgoing: &Csr) {
        for i in self.starts[0]..self.starts[1] {
            let (s, lanes) = self.arrivals[i];
            let l = lanes.trailing_zeros() as usize % LANES;
            self.sigma[s as usize][l] = 1.0;
        }
        let levels = self.starts.len() - 1;
        for d in 1..levels {
            let reads = |graph: &Csr, level: usize| -> usize {
                self.arrivals[self.starts[level]..self.starts[level + 1]]
                    .iter()
                    .map(|&(v, _)| graph.degree(v as usize))
                    .sum()
            };
            if reads(outgoing, d - 1) < reads(incoming, d) {
                self.push_sigma(d, incoming, outgoing);
            } else {
                self.pull_sigma(d, incoming);
            }
        }
    }

    /// Level d's σ, each of its nodes pulling from its in-neighbours.
    fn pull_sigma(&mut self, d: usize, incoming: &Csr) {
        // The sums of the node at work, on its new lanes only (zero elsewhere).
        let mut sum: Row = [0.0; LANES];
        self.words(d - 1, true, Some(incoming));
        for i in self.starts[d]..self.starts[d + 1] {
            let (v, new) = self.arrivals[i];
            let v = v as usize;
            for &u in incoming.neighbours(v) {
                let u = u as usize;
                let common = self.word[u] & new;
                if common != 0 {
                    add_lanes(&mut sum, &self.sigma[u], common);
                }
            }
            let to = &mut self.sigma[v];
            each_lane(new, |l| {
                to[l] = sum[l];
                sum[l] = 0.0;
            });
        }
        self.words(d - 1, false, Some(incoming));
    }

    /// Level d's σ, the nodes of level d - 1 that pass lanes on pushing along their
    /// out-links.
    fn push_sigma(&mut self, d: usize, incoming: &Csr, outgoing: &Csr) {
        for i in self.starts[d]..self.starts[d + 1] {
            let (v, new) = self.arrivals[i];
            let to = &mut self.sigma[v as usize];
            each_lane(new, |l| to[l] = 0.0);
        }
        self.words(d, true, None);
        for i in self.starts[d - 1]..self.starts[d] {
            let (u, lanes) = self.arrivals[i];
            let u = u as usize;
            if d > 1 && !incoming.forwards(u) {
                continue;
            }
            for &v in outgoing.neighbours(u) {
                let v = v as usize;
                let common = self.word[v] & lanes;
                if common != 0 {
                    // u ≠ v: a lane reaches a node at one level only.
                    let (from, to) = two_rows(&mut self.sigma, u, v);
                    add_lanes(to, from, common);
                }
            }
        }
        self.words(d, false, None);
    }

    /// α from the deepest level up, each node pulling from its out-neighbours one level
    /// further (α_s(u) = [u a terminal] / σ_s(u) + Σ α_s(v) over its DAG links u → v);
    /// the link u → v carries σ_s(u) · α_s(v) of s's traffic and u forwards
    /// σ_s(u) · Σ α_s(v).
    fn backward(
        &mut self,
        (offsets, targets): (&[usize], &[Node]),
        incoming: &Csr,
        loads: &mut [f64],
        node_loads: &mut [f64],
    ) {
        let terminals = incoming.terminal_count();
        // Σ α_s(v) over the DAG links of the node at work, on its lanes.
        let mut beyond: Row = [0.0; LANES];
        let levels = self.starts.len() - 1;
        for d in (0..levels).rev() {
            let next = d + 1 < levels;
            if next {
                self.words(d + 1, true, None);
            }
            for i in self.starts[d]..self.starts[d + 1] {
                let (u, lanes) = self.arrivals[i];
                let u = u as usize;
                let paths = &self.sigma[u];
                if next && (d == 0 || incoming.forwards(u)) {
                    for k in offsets[u]..offsets[u + 1] {
                        let common = self.word[targets[k]] & lanes;
                        if common != 0 {
                            let ahead = &self.alpha[targets[k]];
                            loads[k] += gather_lanes(&mut beyond, paths, ahead, common);
                        }
                    }
                }
                let bound = f64::from(u8::from(u < terminals));
                let mut forwarded = 0.0;
                let to = &mut self.alpha[u];
                each_lane(lanes, |l| {
                    forwarded += paths[l] * beyond[l];
                    to[l] = bound / paths[l] + beyond[l];
                    beyond[l] = 0.0;
                });
                if d > 0 {
                    node_loads[u] += forwarded;
                }
            }
            if next {
                self.words(d + 1, false, None);
            }
        }
    }
}

/// Adds to `loads` (indexed as the out-adjacency `(offsets, targets)` lists the
/// channels) and `node_loads` the traffic of every ordered pair of distinct terminals,
/// split evenly over the shortest paths (through nodes that forward), calling
/// `progress(done, batches)` after each batch of [`LANES`] sources.
///
/// # Complexity
/// See the module's documentation.
pub(super) fn distance_loads<T: Topology + ?Sized>(
    topology: &T,
    (offsets, targets): (&[usize], &[Node]),
    loads: &mut [f64],
    node_loads: &mut [f64],
    progress: &mut dyn FnMut(u64, u64),
) {
    let n = topology.node_count();
    let terminals = topology.terminal_count();
    let incoming = Csr::new(topology, Direction::In);
    let outgoing = topology
        .directed()
        .then(|| Csr::new(topology, Direction::Out));
    let mut search = MultiSourceBfs::<1>::new(&incoming, outgoing.as_ref().unwrap_or(&incoming));
    let mut batch = Batch {
        arrivals: Vec::new(),
        starts: Vec::new(),
        sigma: vec![[0.0; LANES]; n],
        alpha: vec![[0.0; LANES]; n],
        word: vec![0; n],
    };
    let batches = terminals.div_ceil(LANES) as u64;
    let mut sources = Vec::with_capacity(LANES);
    for (done, first) in (0..terminals).step_by(LANES).enumerate() {
        sources.clear();
        sources.extend(first..(first + LANES).min(terminals));
        batch.arrivals.clear();
        batch.arrivals.extend(
            sources
                .iter()
                .enumerate()
                .map(|(i, &s)| (s as u32, 1u64 << i)),
        );
        batch.starts.clear();
        batch.starts.push(0);
        let Batch {
            arrivals, starts, ..
        } = &mut batch;
        search.run(&sources, |d, v, lanes: Lanes<1>| {
            while starts.len() <= d as usize {
                starts.push(arrivals.len());
            }
            arrivals.push((v as u32, lanes.words()[0]));
        });
        batch.starts.push(batch.arrivals.len());
        batch.forward(&incoming, outgoing.as_ref().unwrap_or(&incoming));
        batch.backward((offsets, targets), &incoming, loads, node_loads);
        progress(done as u64 + 1, batches);
    }
}

/// The loads of every shortest path, the unit split evenly over a pair's paths (the loads
/// of a routing that [`icn_graph::Routing::follows_distances`]), by the batched engine whatever
/// symmetry the network has: what the loads' planner uses where it finds none, and the
/// second algorithm the per-destination passes are checked against.
///
/// # Complexity
/// See the module's documentation.
pub fn channel_loads_by_sources<T: Topology + ?Sized>(topology: &T) -> ChannelLoads {
    let (offsets, targets) = adjacency(topology);
    let mut loads = vec![0f64; targets.len()];
    let mut node_loads = vec![0f64; topology.node_count()];
    distance_loads(
        topology,
        (&offsets, &targets),
        &mut loads,
        &mut node_loads,
        &mut |_, _| {},
    );
    finish(offsets, targets, loads, node_loads)
}

/// The estimated steps of [`distance_loads`], in the units of the other estimates (about
/// 50 M a second natively): T · (N + C) / 32 plus the searches' (measured natively, the
/// work is 0.4–2.4 times that on MDF(16, 16), Jellyfish(4096, 12) and the uncompleted
/// Lens⟨4,4,6⟩ and ⟨37,37,2⟩: a source's DAG links cost about a nanosecond each, in
/// batches that share the scans of the links); bytes as its memory.
pub(super) fn estimate<T: Topology + ?Sized>(topology: &T) -> (u64, u64) {
    let n = topology.node_count() as u64;
    let channels = topology.channel_count();
    let t = topology.terminal_count() as u64;
    let steps = t.saturating_mul(n.saturating_add(channels)) / 32;
    let (search_steps, search_bytes) = icn_graph::msbfs::estimate(topology);
    let bytes = n
        .saturating_mul(16 * LANES as u64 + 24)
        .saturating_add(channels.saturating_mul(12));
    (
        steps.saturating_add(search_steps),
        bytes.saturating_add(search_bytes),
    )
}
