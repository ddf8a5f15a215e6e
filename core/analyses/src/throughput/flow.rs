//! Certified bounds on the maximum concurrent flow where the linear program is too large:
//! multiplicative weights in the manner of Garg and Könemann (FOCS 1998) and Fleischer
//! (SIAM J. Discrete Math. 2000). One commodity per source node, routed on its
//! shortest-path tree under channel lengths that grow with each channel's use.
//!
//! Both bounds are certificates, whatever the iteration reached:
//! - upper: for any lengths l ≥ 0, θ ≤ Σₑ lₑ / Σ d·dist_l (weak duality; every channel
//!   carries 1), taken with the distances each source met at its first tree of a phase
//!   (the lengths only grow within a phase, so the quotient is never too small);
//! - lower: the flow routed so far carries every demand the same number of times; divided
//!   by its busiest channel's load it is a feasible concurrent flow.
//!
//! It stops when upper ≤ (1 + [`GAP`]) · lower, when the lower bound reaches 1 (an
//! endpoint's own link), or after [`MAX_WORK`] with both bounds as they are; stopped by
//! that limit, it also tries as lengths the channels its flow saturates (1 on each, 0
//! elsewhere: a cut such as a mesh's bisection, which the lengths approach slowly).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::shares::Channels;
use super::Optimal;
use icn_graph::Node;

/// One source node's demands: (destination node, flits per cycle), destinations distinct.
pub(super) struct Commodity {
    pub source: Node,
    pub sinks: Vec<(Node, f64)>,
}

/// Stop once upper ≤ (1 + GAP) · lower.
pub const GAP: f64 = 0.01;

/// The most work (source trees times the nodes and channels each visits) the
/// approximation spends before it stops with the bounds it has.
pub const MAX_WORK: u64 = 4_000_000_000;

/// The most phases, whatever the size.
const MAX_PHASES: usize = 4000;

/// The phases the approximation runs at most for `sources` source nodes over `n` nodes and
/// `m` channels.
pub(super) fn phase_limit(sources: usize, n: usize, m: usize) -> usize {
    let per_phase = (sources as u64).max(1) * (n + m) as u64;
    usize::try_from(MAX_WORK / per_phase.max(1))
        .unwrap_or(MAX_PHASES)
        .clamp(8, MAX_PHASES)
}

#[derive(PartialEq)]
struct Entry(f64, u32);

impl Eq for Entry {}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Entry) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Entry {
    // The smallest distance first.
    fn cmp(&self, other: &Entry) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

/// Shortest-path trees under changing lengths, reusing their buffers.
pub(super) struct Trees {
    pub dist: Vec<f64>,
    /// The channel into each node on its tree (usize::MAX: none).
    pub via: Vec<usize>,
    /// Nodes in the order they were settled.
    pub order: Vec<Node>,
    /// Each node's subtree demand.
    below: Vec<f64>,
    heap: BinaryHeap<Entry>,
}

impl Trees {
    pub fn new(n: usize) -> Trees {
        Trees {
            dist: vec![f64::INFINITY; n],
            via: vec![usize::MAX; n],
            order: Vec::with_capacity(n),
            below: vec![0.0; n],
            heap: BinaryHeap::new(),
        }
    }

    /// Dijkstra from `s` under `len`.
    pub fn grow(&mut self, channels: &Channels, len: &[f64], s: Node) {
        for &v in &self.order {
            self.dist[v] = f64::INFINITY;
            self.via[v] = usize::MAX;
        }
        self.order.clear();
        self.dist[s] = 0.0;
        self.heap.push(Entry(0.0, s as u32));
        while let Some(Entry(d, u)) = self.heap.pop() {
            let u = u as usize;
            if d > self.dist[u] {
                continue;
            }
            self.order.push(u);
            let (lo, hi) = (channels.offsets[u], channels.offsets[u + 1]);
            for (k, (&v, &l)) in (lo..hi).zip(channels.targets[lo..hi].iter().zip(&len[lo..hi])) {
                let nd = d + l;
                if nd < self.dist[v] {
                    self.dist[v] = nd;
                    self.via[v] = k;
                    self.heap.push(Entry(nd, v as u32));
                }
            }
        }
    }
}

/// The bounds for `commodities` over `channels` (n nodes), every channel of capacity 1,
/// at most 1 (an endpoint's own link). `progress(phase, most)` after each phase.
pub(super) fn approximate(
    channels: &Channels,
    n: usize,
    commodities: &[Commodity],
    progress: &mut dyn FnMut(usize, usize),
) -> Optimal {
    let m = channels.len();
    let most = phase_limit(commodities.len(), n, m);
    let mut trees = Trees::new(n);
    let tail: Vec<Node> = (0..n)
        .flat_map(|u| std::iter::repeat_n(u, channels.offsets[u + 1] - channels.offsets[u]))
        .collect();
    // Hop-count trees: the first lower bound, the demands' scale (one phase then loads the
    // busiest channel about 1, so lengths grow at a steady pace whatever θ is), and the
    // first upper bound (all capacity over all demand times its distance).
    let mut len = vec![1.0; m];
    let mut load = vec![0.0; m];
    let mut alpha = 0.0;
    for c in commodities {
        alpha += route_all(channels, &tail, &mut trees, &len, c, &mut load);
    }
    let first = load.iter().copied().fold(0.0, f64::max);
    if first <= 0.0 {
        return Optimal {
            lower_bound: 1.0,
            upper_bound: 1.0,
        };
    }
    let scale = 1.0 / first;
    let mut lower = scale;
    let mut upper = m as f64 / alpha;
    // ε starts coarse and shrinks by WINDOW_DECAY at each window (8, 16, 32, … phases),
    // whose flow alone gives the next lower bound: the early, coarse phases do not weigh
    // on the later ones.
    let mut eps = 0.5;
    let mut window = 8;
    let mut flow = vec![0.0; m];
    let mut last = vec![0.0; m];
    let (mut phases, mut start) = (0, 0);
    while phases < most && lower < 1.0 && upper > (1.0 + GAP) * lower {
        let mut alpha = 0.0;
        for c in commodities {
            alpha += route_phase(
                channels, &tail, &mut trees, &mut len, &mut flow, c, scale, eps,
            );
        }
        phases += 1;
        // The distances each source met are under lengths no longer than today's.
        upper = upper.min(len.iter().sum::<f64>() / alpha);
        let busiest = flow.iter().copied().fold(0.0, f64::max);
        lower = lower.max((phases - start) as f64 * scale / busiest);
        // Lengths are scale-free: keep them far from overflow.
        let top = len.iter().copied().fold(0.0, f64::max);
        if top > 1e100 {
            len.iter_mut().for_each(|l| *l /= top);
        }
        if phases - start >= window {
            start = phases;
            window *= 2;
            eps *= WINDOW_DECAY;
            std::mem::swap(&mut flow, &mut last);
            flow.iter_mut().for_each(|f| *f = 0.0);
        }
        progress(phases, most);
    }
    if lower < 1.0 && upper > (1.0 + GAP) * lower {
        // Stopped by the work limit: try the cuts the flow saturates as lengths.
        let routed = if phases > start { &flow } else { &last };
        upper = upper.min(cut_bound(channels, &mut trees, commodities, routed));
    }
    let lower = icn_graph::math::tidy(lower.min(1.0));
    Optimal {
        lower_bound: lower,
        upper_bound: icn_graph::math::tidy(upper.min(1.0)).max(lower),
    }
}

/// The upper bound of the channels loaded within a fraction of the busiest in `flow`, as
/// lengths 1 and the rest 0 (weak duality, as any lengths): where the lengths converge
/// slowly towards a cut that the flow already saturates (a mesh's bisection), it is that
/// cut's bound. The best over a few fractions.
fn cut_bound(
    channels: &Channels,
    trees: &mut Trees,
    commodities: &[Commodity],
    flow: &[f64],
) -> f64 {
    let busiest = flow.iter().copied().fold(0.0, f64::max);
    let mut best = f64::INFINITY;
    if busiest <= 0.0 {
        return best;
    }
    for within in CUTS {
        let len: Vec<f64> = flow
            .iter()
            .map(|&f| if f >= within * busiest { 1.0 } else { 0.0 })
            .collect();
        let mut alpha = 0.0;
        for c in commodities {
            trees.grow(channels, &len, c.source);
            alpha += c.sinks.iter().map(|&(t, d)| d * trees.dist[t]).sum::<f64>();
        }
        if alpha > 0.0 {
            best = best.min(len.iter().sum::<f64>() / alpha);
        }
    }
    best
}

/// The fractions of the busiest channel's flow whose channels [`cut_bound`] tries.
const CUTS: [f64; 4] = [0.999, 0.99, 0.97, 0.9];

/// How ε shrinks from one window to the next.
const WINDOW_DECAY: f64 = 0.6;

/// Routes all of `c`'s demands (times `scale`) once, on shortest-path trees under `len`,
/// growing each channel's length by (1 + ε · its flow); returns Σ demand · distance under
/// the lengths of its first tree.
#[allow(clippy::too_many_arguments)]
fn route_phase(
    channels: &Channels,
    tail: &[Node],
    trees: &mut Trees,
    len: &mut [f64],
    flow: &mut [f64],
    c: &Commodity,
    scale: f64,
    eps: f64,
) -> f64 {
    let mut alpha = None;
    let mut rest = 1.0;
    while rest > 1e-9 {
        trees.grow(channels, len, c.source);
        if alpha.is_none() {
            alpha = Some(c.sinks.iter().map(|&(t, d)| d * trees.dist[t]).sum::<f64>());
        }
        for &(t, d) in &c.sinks {
            trees.below[t] += d * scale * rest;
        }
        // Subtree demands; no channel takes more than its capacity in one step.
        let mut most: f64 = 0.0;
        for &v in trees.order.iter().rev() {
            let k = trees.via[v];
            if k != usize::MAX {
                let b = trees.below[v];
                most = most.max(b);
                trees.below[tail[k]] += b;
            }
        }
        let sigma = if most > 1.0 { 1.0 / most } else { 1.0 };
        for &v in &trees.order {
            let k = trees.via[v];
            let b = trees.below[v];
            trees.below[v] = 0.0;
            if k != usize::MAX && b > 0.0 {
                let f = sigma * b;
                flow[k] += f;
                len[k] *= 1.0 + eps * f;
            }
        }
        rest *= 1.0 - sigma;
    }
    alpha.unwrap_or(0.0)
}

/// Routes `c`'s demands on one tree under `len`, adding to `load`; returns Σ demand ·
/// distance.
fn route_all(
    channels: &Channels,
    tail: &[Node],
    trees: &mut Trees,
    len: &[f64],
    c: &Commodity,
    load: &mut [f64],
) -> f64 {
    trees.grow(channels, len, c.source);
    let mut alpha = 0.0;
    for &(t, d) in &c.sinks {
        trees.below[t] += d;
        alpha += d * trees.dist[t];
    }
    for &v in trees.order.iter().rev() {
        let k = trees.via[v];
        let b = trees.below[v];
        trees.below[v] = 0.0;
        if k != usize::MAX {
            load[k] += b;
            trees.below[tail[k]] += b;
        }
    }
    alpha
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_engine::network::Network;

    /// A flow saturating a 4 × 4 mesh's bisection (the channels between its second and
    /// third columns, 4 each way) gives that cut's bound under uniform traffic: 8 channels
    /// over the 2 · 8 · 8 pairs across it at 1/15 each, 15/16, the optimum.
    #[test]
    fn a_saturated_bisection_is_its_cut_bound() {
        let net: Network = "mesh:k=4x4".parse().expect("spec");
        let channels = Channels::of(net.topology());
        let n = 16;
        let commodities: Vec<Commodity> = (0..n)
            .map(|s| Commodity {
                source: s,
                sinks: (0..n)
                    .filter(|&t| t != s)
                    .map(|t| (t, 1.0 / 15.0))
                    .collect(),
            })
            .collect();
        let flow: Vec<f64> = (0..channels.len())
            .map(|k| {
                let (u, v) = (channels.tail(k) % 4, channels.targets[k] % 4);
                if u.min(v) == 1 && u.max(v) == 2 {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
        assert_eq!(flow.iter().sum::<f64>(), 8.0);
        let bound = cut_bound(&channels, &mut Trees::new(n), &commodities, &flow);
        assert!((bound - 15.0 / 16.0).abs() < 1e-12, "{bound}");
    }
}
