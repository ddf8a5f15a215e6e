//! The maximum concurrent flow of a sparse traffic (a permutation, a few pairs per node)
//! by column generation over paths: the restricted linear program holds a few paths per
//! pair, and each round adds, for every pair, its shortest path under the channel prices
//! the program returns, while that path is cheaper than the pair's price (Ford and
//! Fulkerson's column generation for multicommodity flows).
//!
//! The program is solved in its dual form, whose variables are the prices: channel lengths
//! ℓ ≥ 0 and pair prices z ≥ 0; minimise Σₑ ℓₑ subject to Σₖ dₖ·zₖ ≥ 1 and, for each
//! path p of pair k held so far, zₖ ≤ ℓ(p). A new path is a new row (`microlp` keeps its
//! basis and re-solves by the dual simplex). Both bounds are certificates:
//! - lower: the restricted program's value, the maximum concurrent flow over the paths held
//!   (strong duality);
//! - upper: for the lengths ℓ, θ ≤ Σₑ ℓₑ / Σₖ dₖ·dist_ℓ(k) (weak duality; every channel
//!   carries 1), with the distances from Dijkstra's algorithm.
//!
//! When no pair has a path cheaper than its price, the restricted program is the whole one:
//! both bounds are its value.

use std::collections::HashSet;

use microlp::{ComparisonOp, LinearExpr, OptimizationDirection, Problem, Solution, Variable};

use super::flow::{Commodity, Trees};
use super::shares::Channels;
use super::Optimal;
use icn_engine::Estimate;
use icn_graph::Node;

/// The most rounds of pricing; beyond, the bounds stand as computed.
pub const MAX_ROUNDS: usize = 100;

/// The most work (in the steps of [`path_estimate`]) before the bounds stand as computed:
/// about 20 s natively.
pub const MAX_PATH_WORK: u64 = 20_000_000_000;

/// The most variables (channels and pairs) of the program column generation is tried on.
pub const MAX_PATH_VARIABLES: usize = 3_000;

/// Steps per node or channel of one pricing pass (Dijkstra's heap).
const PRICE_STEPS: u64 = 4;

/// Steps per nonzero of the program each time a row is added (the simplex copies its
/// matrix, refactors its basis and re-solves): measured on the Dragonfly's permutations,
/// about 1 ns a step natively (as the engine's other estimates), less on short paths.
const ROW_STEPS: u64 = 1000;

/// A path is added when it is cheaper than its pair's price by this fraction.
const REDUCED: f64 = 1e-9;

/// Rounds of shortest paths under growing lengths that give each pair its first paths.
const SEED_ROUNDS: usize = 4;

/// The weight of the best bound's lengths in the pricing lengths.
const SMOOTHING: f64 = 0.5;

/// The first program: every pair's price and the shortest paths under lengths that grow
/// with their use, a few rounds, so that each pair starts with some of its alternatives.
/// `None` where a pair has no path (the optimum is then 0).
fn first_program(pricing: &mut Pricing, lp: &mut Problem) -> Option<()> {
    let m = pricing.channels.len();
    let mut total = LinearExpr::empty();
    for c in pricing.commodities {
        let vars: Vec<Variable> = c
            .sinks
            .iter()
            .map(|&(_, d)| {
                let z = lp.add_var(0.0, (0.0, f64::INFINITY));
                total.add(z, d);
                z
            })
            .collect();
        pricing.prices.push(vars);
    }
    lp.add_constraint(total, ComparisonOp::Ge, 1.0);
    let mut grow = vec![1.0; m];
    for _ in 0..SEED_ROUNDS {
        let mut load = vec![0.0; m];
        for (c, vars) in pricing.commodities.iter().zip(&pricing.prices) {
            pricing.trees.grow(pricing.channels, &grow, c.source);
            for (&(t, d), &z) in c.sinks.iter().zip(vars) {
                if !pricing.trees.dist[t].is_finite() {
                    return None;
                }
                let path = path_to(&pricing.trees, &pricing.tail, t);
                for &k in &path {
                    load[k] += d;
                }
                if pricing.held.insert((z, path.clone())) {
                    lp.add_constraint(row(&path, z, &pricing.lengths), ComparisonOp::Le, 0.0);
                }
            }
        }
        let top = load.iter().copied().fold(0.0, f64::max);
        for (g, l) in grow.iter_mut().zip(&load) {
            *g *= 1.0 + l / top;
        }
    }
    Some(())
}

/// The bounds for `commodities` over `channels` (n nodes) by column generation, with
/// whether they are exact; `None` where the program is too large or the simplex fails.
/// `progress(round)` after each round.
pub(super) fn column_generation(
    channels: &Channels,
    n: usize,
    commodities: &[Commodity],
    progress: &mut dyn FnMut(usize),
) -> Option<(Optimal, bool)> {
    let m = channels.len();
    let pairs: usize = commodities.iter().map(|c| c.sinks.len()).sum();
    if pairs == 0 || m + pairs > MAX_PATH_VARIABLES {
        return None;
    }
    let mut lp = Problem::new(OptimizationDirection::Minimize);
    let mut pricing = Pricing {
        channels,
        commodities,
        tail: (0..n)
            .flat_map(|u| std::iter::repeat_n(u, channels.offsets[u + 1] - channels.offsets[u]))
            .collect(),
        trees: Trees::new(n),
        lengths: (0..m)
            .map(|_| lp.add_var(1.0, (0.0, f64::INFINITY)))
            .collect(),
        prices: Vec::with_capacity(commodities.len()),
        held: HashSet::new(),
    };
    if first_program(&mut pricing, &mut lp).is_none() {
        let none = Optimal {
            lower_bound: 0.0,
            upper_bound: 0.0,
        };
        return Some((none, true));
    }
    let nonzeros = |held: &HashSet<(Variable, Vec<usize>)>| {
        held.iter().map(|r| r.1.len() as u64 + 2).sum::<u64>()
    };
    let mut work = ROW_STEPS * nonzeros(&pricing.held) * (pricing.held.len() as u64).isqrt();
    let pass = commodities.len() as u64 * (n + m) as u64 * PRICE_STEPS;
    let mut solution = lp.solve().ok()?;
    let mut lower: f64 = 0.0;
    // The lengths of the best upper bound so far, scaled to Σ d·dist = 1 (their sum is
    // the bound): hop counts first.
    let (mut best, mut upper) = {
        let ones = vec![1.0; m];
        let d = pricing.distances(&ones, None, &mut Vec::new());
        (
            ones.iter().map(|l| l / d).collect::<Vec<f64>>(),
            m as f64 / d,
        )
    };
    let mut len = vec![0.0; m];
    let mut mixed = vec![0.0; m];
    let mut exact = false;
    for round in 1..=MAX_ROUNDS {
        lower = lower.max(solution.objective());
        if lower >= 1.0 - REDUCED {
            return Some((
                Optimal {
                    lower_bound: 1.0,
                    upper_bound: 1.0,
                },
                true,
            ));
        }
        for (l, &v) in len.iter_mut().zip(&pricing.lengths) {
            *l = solution[v].max(0.0);
        }
        // Price first under the program's lengths smoothed towards the best bound's
        // (Wentges): the program's alone put all their weight on a few channels and leave
        // the rest free, so every pair's new path crowds the same free channels.
        for ((x, &l), &b) in mixed.iter_mut().zip(&len).zip(&best) {
            *x = SMOOTHING * b + (1.0 - SMOOTHING) * l;
        }
        let mut rows: Vec<(Variable, Vec<usize>)> = Vec::new();
        let mut candidates = vec![mixed.clone()];
        let d = pricing.distances(&mixed, Some((&solution, &len)), &mut rows);
        work += pass;
        if rows.is_empty() {
            work += pass;
            // A nudge towards fewer hops among equally long paths.
            let nudge = REDUCED * len.iter().sum::<f64>() / m as f64;
            len.iter_mut().for_each(|l| *l += nudge);
            let dl = pricing.distances(&len, Some((&solution, &len)), &mut rows);
            candidates.push(len.iter().map(|l| l / dl).collect());
        }
        candidates[0].iter_mut().for_each(|x| *x /= d);
        for c in candidates {
            let bound = c.iter().sum::<f64>();
            if bound < upper {
                upper = bound;
                best = c;
            }
        }
        progress(round);
        // No cheaper path for any pair: the program over the paths held is the whole one.
        if rows.is_empty() || upper <= lower * (1.0 + REDUCED) {
            exact = true;
            break;
        }
        work += ROW_STEPS * rows.len() as u64 * nonzeros(&pricing.held);
        if work > MAX_PATH_WORK {
            break;
        }
        solution = add_rows(solution, rows, &pricing.lengths)?;
    }
    let lower = icn_graph::math::tidy(lower.min(1.0));
    let upper = if exact {
        lower
    } else {
        icn_graph::math::tidy(upper.min(1.0)).max(lower)
    };
    Some((
        Optimal {
            lower_bound: lower,
            upper_bound: upper,
        },
        exact,
    ))
}

/// What [`column_generation`] costs at most on `n` nodes, `m` channels and `pairs` pairs
/// from `sources` nodes: nothing beyond [`MAX_PATH_VARIABLES`].
pub(super) fn path_estimate(sources: usize, n: usize, m: usize, pairs: usize) -> Estimate {
    if m + pairs > MAX_PATH_VARIABLES {
        return Estimate { steps: 0, bytes: 0 };
    }
    // The first program (its rows' nonzeros, a path of n hops at most, times the square
    // root of its rows), the limit, and the last round's pricing.
    let seeds = (SEED_ROUNDS * pairs) as u64;
    let path = n as u64 + 2;
    let first = ROW_STEPS * seeds * path * seeds.isqrt();
    let pass = 2 * sources as u64 * (n + m) as u64 * PRICE_STEPS;
    // Each row added costs at least ROW_STEPS per row held: the limit holds at most
    // √(2·MAX_PATH_WORK / ROW_STEPS) rows beyond the first; each takes a path's nonzeros in
    // the program's matrices and factors (about 48 bytes each).
    let rows = seeds + (2 * MAX_PATH_WORK / ROW_STEPS).isqrt() + pairs as u64;
    Estimate {
        steps: first + MAX_PATH_WORK + pass,
        bytes: rows * path * 48,
    }
}

/// Shortest paths of every pair under given lengths.
struct Pricing<'a> {
    channels: &'a Channels,
    commodities: &'a [Commodity],
    tail: Vec<Node>,
    trees: Trees,
    /// Each pair's price variable zₖ, by commodity and sink.
    prices: Vec<Vec<Variable>>,
    /// Each channel's length variable ℓₑ.
    lengths: Vec<Variable>,
    /// The rows held: a pair's price and its path.
    held: HashSet<(Variable, Vec<usize>)>,
}

impl Pricing<'_> {
    /// Σₖ dₖ·dist(k) under `len`; with the program's `solution` and its lengths, the row of
    /// each pair whose shortest path is cheaper than its price under those lengths.
    fn distances(
        &mut self,
        len: &[f64],
        solution: Option<(&Solution, &[f64])>,
        rows: &mut Vec<(Variable, Vec<usize>)>,
    ) -> f64 {
        let mut total = 0.0;
        for (c, vars) in self.commodities.iter().zip(&self.prices) {
            self.trees.grow(self.channels, len, c.source);
            for (&(t, d), &z) in c.sinks.iter().zip(vars) {
                total += d * self.trees.dist[t];
                if let Some((solution, lp_len)) = solution {
                    let path = path_to(&self.trees, &self.tail, t);
                    let cost: f64 = path.iter().map(|&k| lp_len[k]).sum();
                    if cost < solution[z] * (1.0 - REDUCED) && self.held.insert((z, path.clone())) {
                        rows.push((z, path));
                    }
                }
            }
        }
        total
    }
}

/// The channels of the tree path to `t`, from `t` back.
fn path_to(trees: &Trees, tail: &[Node], t: Node) -> Vec<usize> {
    let mut out = Vec::new();
    let mut v = t;
    while trees.via[v] != usize::MAX {
        let k = trees.via[v];
        out.push(k);
        v = tail[k];
    }
    out
}

/// The row zₖ − ℓ(p) ≤ 0 of `path`.
fn row(path: &[usize], z: Variable, len_vars: &[Variable]) -> LinearExpr {
    let mut expr = LinearExpr::empty();
    expr.add(z, 1.0);
    for &k in path {
        expr.add(len_vars[k], -1.0);
    }
    expr
}

/// The solution with `rows` added, each zₖ − ℓ(p) ≤ 0.
fn add_rows(
    mut solution: Solution,
    rows: Vec<(Variable, Vec<usize>)>,
    len_vars: &[Variable],
) -> Option<Solution> {
    for (z, path) in rows {
        solution = solution
            .add_constraint(row(&path, z, len_vars), ComparisonOp::Le, 0.0)
            .ok()?;
    }
    Some(solution)
}
