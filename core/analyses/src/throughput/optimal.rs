//! The best throughput any routing could reach under a traffic: the maximum concurrent
//! flow (Jyothi, Singla et al., SC'16), by a linear program over the `microlp` crate (pure
//! Rust, builds for the browser): one commodity per source node, its flow on every
//! channel, conservation at every node for θ times the source's demands, every channel's
//! flows summed at most 1; maximise θ. Exact on small networks (both bounds equal).
//! Beyond [`MAX_LP_VARIABLES`] flow variables (or where the simplex fails): for a
//! permutation, column generation over paths (`paths.rs`), exact where it finishes within
//! its work limit; otherwise, and for uniform traffic, the multiplicative-weights
//! approximation of `flow.rs`, certified bounds (the better of both where both ran).
//!
//! Also the near-worst permutation of Jyothi et al. (`longest`): the assignment of
//! sources to destinations that maximises the total shortest-path distance, by the same
//! Kuhn–Munkres assignment as the worst case. Near-worst, not worst: it is what makes the
//! optimal bound small on most networks, without a proof that nothing is smaller.

use microlp::{ComparisonOp, LinearExpr, OptimizationDirection, Problem, Variable};
use pathfinding::prelude::{kuhn_munkres, Matrix};

use super::flow::{approximate, phase_limit, Commodity};
use super::paths::{column_generation, path_estimate, MAX_ROUNDS};
use super::shares::Channels;
use super::{check_matrix, endpoint_nodes, two_or_more, Demand, ThroughputError};
use icn_engine::network::Network;
use icn_engine::Estimate;
use icn_graph::math::check_permutation;
use icn_graph::{bfs, Node};

/// The most flow variables (source nodes × channels) the linear program is built with
/// (a 40-router Jellyfish of degree 4 has 6,400 and takes seconds); beyond, the
/// multiplicative-weights approximation certifies both bounds within 1 %.
pub const MAX_LP_VARIABLES: usize = 4_000;

/// The optimal throughput's bounds: equal when the linear program solved it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Optimal {
    /// A flow reaching this throughput exists (a feasible solution).
    pub lower_bound: f64,
    /// No routing reaches more than this.
    pub upper_bound: f64,
}

/// Demands between terminal nodes at injection rate 1 per endpoint: (source, destination,
/// flits per cycle), sources and destinations distinct.
fn node_demands(net: &Network, demand: &Demand) -> Result<Vec<(Node, Node, f64)>, ThroughputError> {
    let ends = two_or_more(net)?;
    let e = ends.len();
    let mut out: Vec<(Node, Node, f64)> = Vec::new();
    match demand {
        Demand::Uniform => {
            let per = 1.0 / (e as f64 - 1.0);
            for (i, &a) in ends.iter().enumerate() {
                for (j, &b) in ends.iter().enumerate() {
                    if i != j && a != b {
                        out.push((a, b, per));
                    }
                }
            }
        }
        Demand::Permutation(p) => {
            check_permutation(p, e)?;
            for (s, &d) in p.iter().enumerate() {
                let (a, b) = (ends[s], ends[d as usize]);
                if a != b {
                    out.push((a, b, 1.0));
                }
            }
        }
        Demand::Matrix(rows) => {
            check_matrix(rows, e)?;
            for (s, row) in rows.iter().enumerate() {
                for &(d, f) in row {
                    let (a, b) = (ends[s], ends[d as usize]);
                    if a != b && f > 0.0 {
                        out.push((a, b, f));
                    }
                }
            }
        }
    }
    // Pairs of the same nodes add up.
    out.sort_by_key(|&(a, b, _)| (a, b));
    out.dedup_by(|x, y| {
        if (x.0, x.1) == (y.0, y.1) {
            y.2 += x.2;
            true
        } else {
            false
        }
    });
    Ok(out)
}

/// The maximum concurrent flow of `demand` on `net`, at most 1 and at most what the busiest
/// receiving endpoint's own link allows (below 1 only under a traffic matrix).
///
/// # Errors
/// The errors of the demand.
///
/// # Complexity
/// A simplex over S·C variables and S·N + C constraints (S source nodes, C channels) up to
/// [`MAX_LP_VARIABLES`]; beyond, at most [`super::MAX_WORK`] steps of shortest-path trees.
pub fn optimal(net: &Network, demand: &Demand) -> Result<Optimal, ThroughputError> {
    optimal_with(net, demand, &mut |_, _| {})
}

/// [`optimal`], reporting the approximation's phases as `progress(done, most)`.
///
/// # Errors
/// As [`optimal`].
pub fn optimal_with(
    net: &Network,
    demand: &Demand,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Optimal, ThroughputError> {
    let o = program(net, demand, progress)?;
    endpoint_cap(net, demand, o)
}

/// Both bounds at most the endpoint bound: an endpoint's own links carry at most 1 each
/// way and lie on no path between nodes, so the optimum is the smaller of the network's
/// flow and 1 / the most any endpoint receives.
fn endpoint_cap(net: &Network, demand: &Demand, o: Optimal) -> Result<Optimal, ThroughputError> {
    let Demand::Matrix(rows) = demand else {
        return Ok(o);
    };
    let most = check_matrix(rows, endpoint_nodes(net).len())?
        .into_iter()
        .fold(0.0, f64::max);
    let cap = if most > 0.0 {
        icn_graph::math::tidy(1.0 / most)
    } else {
        f64::INFINITY
    };
    Ok(Optimal {
        lower_bound: o.lower_bound.min(cap),
        upper_bound: o.upper_bound.min(cap),
    })
}

/// [`optimal_with`] before the endpoint cap: the flow program, or beyond it.
fn program(
    net: &Network,
    demand: &Demand,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Optimal, ThroughputError> {
    let t = net.topology();
    let n = t.node_count();
    let channels = Channels::of(t);
    let demands = node_demands(net, demand)?;
    let mut sources: Vec<Node> = demands.iter().map(|d| d.0).collect();
    sources.dedup();
    let variables = sources.len() * channels.len();
    if variables > MAX_LP_VARIABLES {
        let paths = matches!(demand, Demand::Permutation(_));
        return Ok(beyond_the_program(&channels, n, &demands, paths, progress));
    }
    if demands.is_empty() {
        return Ok(Optimal {
            lower_bound: 1.0,
            upper_bound: 1.0,
        });
    }
    let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, &head) in channels.targets.iter().enumerate() {
        incoming[head].push(k);
    }
    let mut lp = Problem::new(OptimizationDirection::Maximize);
    let theta = lp.add_var(1.0, (0.0, 1.0));
    let mut on_channel: Vec<Vec<(Variable, f64)>> = vec![Vec::new(); channels.len()];
    let mut at = 0;
    for &s in &sources {
        let flow: Vec<Variable> = (0..channels.len())
            .map(|_| lp.add_var(0.0, (0.0, f64::INFINITY)))
            .collect();
        for (k, &f) in flow.iter().enumerate() {
            on_channel[k].push((f, 1.0));
        }
        // Net outflow at v = θ · (what s sends, at s; minus what v receives from s).
        let mut need = vec![0.0; n];
        while at < demands.len() && demands[at].0 == s {
            let (_, b, w) = demands[at];
            need[s] += w;
            need[b] -= w;
            at += 1;
        }
        for (v, &nv) in need.iter().enumerate() {
            let mut expr: Vec<(Variable, f64)> = flow[channels.offsets[v]..channels.offsets[v + 1]]
                .iter()
                .map(|&f| (f, 1.0))
                .collect();
            for &k in &incoming[v] {
                expr.push((flow[k], -1.0));
            }
            if nv != 0.0 {
                expr.push((theta, -nv));
            }
            if !expr.is_empty() {
                lp.add_constraint(
                    expr.into_iter().collect::<LinearExpr>(),
                    ComparisonOp::Eq,
                    0.0,
                );
            }
        }
    }
    for terms in on_channel {
        lp.add_constraint(
            terms.into_iter().collect::<LinearExpr>(),
            ComparisonOp::Le,
            1.0,
        );
    }
    // The simplex can fail on a degenerate program: the approximation then certifies.
    let Ok(solution) = lp.solve() else {
        let paths = matches!(demand, Demand::Permutation(_));
        return Ok(beyond_the_program(&channels, n, &demands, paths, progress));
    };
    let value = icn_graph::math::tidy(solution.objective());
    Ok(Optimal {
        lower_bound: value,
        upper_bound: value,
    })
}

/// The bounds where the flow program is too large: column generation over paths for a
/// permutation (exact where it finishes), the multiplicative weights otherwise or where it
/// stops first (the better of both bounds). Progress counts column generation's rounds,
/// then the approximation's phases.
fn beyond_the_program(
    channels: &Channels,
    n: usize,
    demands: &[(Node, Node, f64)],
    paths: bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Optimal {
    let commodities = commodities(demands);
    let most = phase_limit(commodities.len(), n, channels.len());
    let solved = paths.then(|| {
        column_generation(channels, n, &commodities, &mut |round| {
            progress(round, MAX_ROUNDS + most);
        })
    });
    match solved.flatten() {
        Some((o, true)) => o,
        Some((o, false)) => {
            let a = approximate(channels, n, &commodities, &mut |phase, most| {
                progress(MAX_ROUNDS + phase, MAX_ROUNDS + most);
            });
            let lower = o.lower_bound.max(a.lower_bound);
            Optimal {
                lower_bound: lower,
                upper_bound: o.upper_bound.min(a.upper_bound).max(lower),
            }
        }
        None => approximate(channels, n, &commodities, progress),
    }
}

/// [`optimal`] beyond the flow program whatever the size: column generation for a
/// permutation, the multiplicative weights where it stops first or for uniform traffic.
///
/// # Errors
/// The errors of the demand.
pub fn optimal_paths(
    net: &Network,
    demand: &Demand,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Optimal, ThroughputError> {
    let paths = matches!(demand, Demand::Permutation(_));
    let o = beyond(net, demand, paths, progress)?;
    endpoint_cap(net, demand, o)
}

/// The multiplicative-weights approximation of [`optimal`] whatever the size: bounds within
/// 1 % of each other where its work limit allows.
///
/// # Errors
/// The errors of the demand.
pub fn optimal_approximate(
    net: &Network,
    demand: &Demand,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Optimal, ThroughputError> {
    let o = beyond(net, demand, false, progress)?;
    endpoint_cap(net, demand, o)
}

/// [`beyond_the_program`] on `net`, with column generation first where `paths`.
fn beyond(
    net: &Network,
    demand: &Demand,
    paths: bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Optimal, ThroughputError> {
    let t = net.topology();
    let demands = node_demands(net, demand)?;
    let channels = Channels::of(t);
    Ok(beyond_the_program(
        &channels,
        t.node_count(),
        &demands,
        paths,
        progress,
    ))
}

/// The demands grouped by source node.
fn commodities(demands: &[(Node, Node, f64)]) -> Vec<Commodity> {
    let mut out: Vec<Commodity> = Vec::new();
    for &(a, b, w) in demands {
        match out.last_mut() {
            Some(c) if c.source == a => c.sinks.push((b, w)),
            _ => out.push(Commodity {
                source: a,
                sinks: vec![(b, w)],
            }),
        }
    }
    out
}

/// What [`optimal`] costs at most, under any traffic: the linear program's simplex up to
/// [`MAX_LP_VARIABLES`]; beyond, column generation's work limit (for a permutation, one
/// pair per endpoint) and the approximation's phase limit (both bounded by one commodity
/// per terminal node).
pub fn optimal_estimate(net: &Network) -> Estimate {
    let t = net.topology();
    let n = t.node_count() as u64;
    let m = Channels::of(t).len() as u64;
    let mut sources = endpoint_nodes(net);
    sources.dedup();
    let s = sources.len() as u64;
    let variables = s * m;
    if variables <= MAX_LP_VARIABLES as u64 {
        // Dense simplex pivots over the variables and constraints, a few hundred of them.
        Estimate {
            steps: variables.saturating_mul(s * n + m).saturating_mul(4),
            bytes: variables.saturating_mul(s * n + m).saturating_mul(8),
        }
    } else {
        let phases = phase_limit(s as usize, n as usize, m as usize) as u64;
        let pairs = endpoint_nodes(net).len();
        let paths = path_estimate(s as usize, n as usize, m as usize, pairs);
        Estimate {
            steps: phases.saturating_mul(s).saturating_mul(n + m) * 2 + paths.steps,
            bytes: (n + m) * 64 + paths.bytes,
        }
    }
}

/// The permutation of the endpoints that maximises the total shortest-path distance
/// (Jyothi et al.'s near-worst case, `longest`).
pub fn longest(net: &Network) -> Result<Vec<u32>, ThroughputError> {
    let t = net.topology();
    let ends = two_or_more(net)?;
    let e = ends.len();
    let mut nodes = ends.clone();
    nodes.dedup();
    let mut dist = std::collections::BTreeMap::new();
    for &a in &nodes {
        dist.insert(a, bfs(t, a));
    }
    let matrix = Matrix::from_fn(e, e, |(s, d)| {
        i64::from(dist[&ends[s]][ends[d]].min(u32::MAX - 1))
    });
    let (_, chosen) = kuhn_munkres(&matrix);
    Ok(chosen.into_iter().map(|d| d as u32).collect())
}
