//! The worst-case permutation of an oblivious routing (Towles and Dally, "Worst-case
//! traffic for oblivious routing functions", SPAA 2002): a channel's load under a
//! permutation π is Σ_s w(s, π(s)), with w(s, d) the channel's share of the pair's
//! traffic, so the permutation that loads it most is a maximum-weight assignment; the
//! worst case is the largest over channels. Channels in one orbit of a symmetry the
//! routing commutes with have the same worst case, so one channel per orbit is solved.
//! Each assignment is the Kuhn–Munkres algorithm of the `pathfinding` crate, on weights
//! scaled to integers; where terminal nodes hold several endpoints (whose weights are
//! alike), a transportation problem over the nodes instead (`transport.rs`). The chosen
//! permutation's loads are then recomputed exactly.

use std::collections::BTreeMap;

use pathfinding::prelude::{kuhn_munkres, Matrix};

use super::shares::{Channels, Towards};
use super::transport::transport;
use super::{endpoint_nodes, finish, pair_shares, two_or_more, Throughput, ThroughputError};
use icn_engine::network::Network;
use icn_engine::Estimate;
use icn_graph::{intermediates, route_orbits, translation_invariant};
use icn_graph::{translations, Node, Routing};

/// Shares are scaled by 2⁴⁰ to integers for the assignment: a sum over 2²² endpoints stays
/// below 2⁶³, and two assignments closer than 2⁻¹⁸ are ties.
const SCALE: f64 = (1u64 << 40) as f64;

/// One channel per orbit of the routing's symmetry (by translation, by its orbits), or
/// every channel. A two-phase routing declares a symmetry only where it also maps each
/// pair's intermediates onto the image pair's ([`RouteSymmetry::orbits`]), so its pair weights
/// are invariant too.
fn representatives(net: &Network, routing: &dyn Routing, channels: &Channels) -> Vec<usize> {
    let t = net.topology();
    let mut first: BTreeMap<usize, usize> = BTreeMap::new();
    let translations = translations(t).filter(|_| translation_invariant(routing));
    let class = |u: Node, v: Node| -> Option<usize> { translations?.channel_class(u, v) };
    let orbits = route_orbits(routing);
    let mut all = Vec::new();
    for k in 0..channels.len() {
        let (u, v) = (channels.tail(k), channels.targets[k]);
        let key = class(u, v).or_else(|| orbits.as_ref().map(|o| o.channel_orbit(u, v)));
        match key {
            Some(c) => {
                first.entry(c).or_insert(k);
            }
            None => all.push(k),
        }
    }
    if all.is_empty() {
        first.into_values().collect()
    } else {
        (0..channels.len()).collect()
    }
}

/// What [`worst`] costs: a DAG pass per destination and channel solved (every node a
/// destination for a two-phase routing, then each pair of terminal nodes' intermediates),
/// then an assignment over the endpoints per channel, O(E³), or over T terminal nodes
/// holding several endpoints each, O(E·T²).
pub fn worst_estimate(net: &Network, routing: &dyn Routing) -> Estimate {
    let t = net.topology();
    let channels = Channels::of(t);
    let reps = representatives(net, routing, &channels).len() as u64;
    let n = t.node_count() as u64;
    let size = n + channels.len() as u64;
    let e = endpoint_nodes(net).len() as u64;
    let dests = if routing.two_phase().is_some() {
        n
    } else {
        e.min(n)
    };
    let pass = dests.saturating_mul(size).saturating_mul(reps);
    let mut nodes = endpoint_nodes(net);
    nodes.dedup();
    let t = nodes.len() as u64;
    // Over the endpoints, O(E³); over T nodes, an augmentation per endpoint at most, each
    // a dense search over the T² pairs.
    let assign = if t == e {
        reps.saturating_mul(e.saturating_pow(3))
    } else {
        reps.saturating_mul(e).saturating_mul(4 * t * t)
    };
    let two_phase = if routing.two_phase().is_some() {
        reps.saturating_mul(t * t).saturating_mul(n)
    } else {
        0
    };
    Estimate {
        steps: pass.saturating_add(assign).saturating_add(two_phase),
        bytes: 8 * (e * e + n * n.min(e.max(1)) + size * 4),
    }
}

/// The one-phase share matrix of channel `k` over `nodes` × `nodes` (row: source, column:
/// destination), indexed by position in `nodes`.
fn share_matrix(
    n: usize,
    channels: &Channels,
    k: usize,
    nodes: &[Node],
    dags: &BTreeMap<Node, Towards>,
) -> Vec<f64> {
    let (u, v) = (channels.tail(k), channels.targets[k]);
    let m = nodes.len();
    let mut out = vec![0.0; m * m];
    let mut sigma = vec![0.0; n];
    for (j, &b) in nodes.iter().enumerate() {
        let dag = &dags[&b];
        if !dag.next(u).contains(&v) || dag.tau[v] == 0.0 {
            continue;
        }
        dag.paths_to(u, &mut sigma);
        for (i, &a) in nodes.iter().enumerate() {
            if a != b && sigma[a] > 0.0 && dag.tau[a] > 0.0 {
                out[i * m + j] = sigma[a] * dag.tau[v] / dag.tau[a];
            }
        }
    }
    out
}

/// The weights of channel `k` between terminal nodes: each pair's share of it, over the
/// distinct terminal `nodes` (row: source, column: destination; a pair of endpoints weighs
/// what its nodes' pair does).
fn node_weights(
    routing: &dyn Routing,
    n: usize,
    channels: &Channels,
    k: usize,
    nodes: &[Node],
    dags: &BTreeMap<Node, Towards>,
) -> Vec<f64> {
    let m = nodes.len();
    if routing.two_phase().is_some() {
        // Two phases: every node may be an intermediate; a pair's weight is the mean over
        // its intermediates of both legs' shares.
        let all: Vec<Node> = (0..n).collect();
        let legs = share_matrix(n, channels, k, &all, dags);
        let mut share = vec![0.0; m * m];
        for (i, &a) in nodes.iter().enumerate() {
            for (j, &b) in nodes.iter().enumerate() {
                if a != b {
                    share[i * m + j] = match intermediates(routing, a, b) {
                        Some(via) if !via.is_empty() => {
                            via.iter()
                                .map(|&x| legs[a * n + x] + legs[x * n + b])
                                .sum::<f64>()
                                / via.len() as f64
                        }
                        _ => legs[a * n + b],
                    };
                }
            }
        }
        share
    } else {
        share_matrix(n, channels, k, nodes, dags)
    }
}

/// The maximum-weight permutation of endpoints grouped by terminal node (`group[s]`, the
/// node of endpoint s, groups in order) under the nodes' weights `w` (T × T): the
/// transportation problem over the groups, each group's endpoints then paired in order.
fn grouped_assignment(w: &[f64], group: &[usize], t: usize) -> Vec<u32> {
    let scaled: Vec<i64> = w.iter().map(|&x| (x * SCALE).round() as i64).collect();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); t];
    for (s, &g) in group.iter().enumerate() {
        members[g].push(s);
    }
    let size: Vec<usize> = members.iter().map(Vec::len).collect();
    let x = transport(&scaled, &size);
    let mut next = vec![0usize; t];
    let mut perm = vec![0u32; group.len()];
    for i in 0..t {
        let mut at = 0;
        for j in 0..t {
            for _ in 0..x[i * t + j] {
                perm[members[i][at]] = members[j][next[j]] as u32;
                at += 1;
                next[j] += 1;
            }
        }
    }
    perm
}

/// The maximum-weight assignment of sources to destinations under `w` (E × E): its
/// permutation (destination of each source).
fn assignment(w: &[f64], e: usize) -> Vec<u32> {
    // Only rows and columns with a positive weight take part; the rest are completed in
    // order afterwards (their pairs weigh nothing on this channel).
    let rows: Vec<usize> = (0..e)
        .filter(|&s| w[s * e..(s + 1) * e].iter().any(|&x| x > 0.0))
        .collect();
    let cols: Vec<usize> = (0..e)
        .filter(|&d| (0..e).any(|s| w[s * e + d] > 0.0))
        .collect();
    let mut perm = vec![u32::MAX; e];
    if !rows.is_empty() {
        let transpose = rows.len() > cols.len();
        let (r, c) = if transpose {
            (&cols, &rows)
        } else {
            (&rows, &cols)
        };
        let weight = |i: usize, j: usize| -> i64 {
            let (s, d) = if transpose {
                (c[j], r[i])
            } else {
                (r[i], c[j])
            };
            (w[s * e + d] * SCALE).round() as i64
        };
        let matrix = Matrix::from_fn(r.len(), c.len(), |(i, j)| weight(i, j));
        let (_, chosen) = kuhn_munkres(&matrix);
        for (i, &j) in chosen.iter().enumerate() {
            let (s, d) = if transpose {
                (c[j], r[i])
            } else {
                (r[i], c[j])
            };
            if w[s * e + d] > 0.0 {
                perm[s] = d as u32;
            }
        }
    }
    let mut taken = vec![false; e];
    for &d in perm.iter().filter(|&&d| d != u32::MAX) {
        taken[d as usize] = true;
    }
    let mut free = (0..e).filter(|&d| !taken[d]);
    for p in perm.iter_mut().filter(|p| **p == u32::MAX) {
        *p = free.next().unwrap_or(0) as u32;
    }
    perm
}

/// The worst-case permutation of `routing` on `net` and its throughput.
///
/// # Errors
/// [`ThroughputError::TooFewEndpoints`].
pub fn worst(
    net: &Network,
    routing: &dyn Routing,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Throughput, ThroughputError> {
    let t = net.topology();
    let ends = two_or_more(net)?;
    let e = ends.len();
    let n = t.node_count();
    let channels = Channels::of(t);
    let reps = representatives(net, routing, &channels);
    // The routing's DAG towards every destination a share matrix reads (every node for a
    // two-phase routing, whose intermediates are destinations too), built once for all
    // channels.
    let destinations: Vec<Node> = if routing.two_phase().is_some() {
        (0..n).collect()
    } else {
        let mut d = ends.clone();
        d.dedup();
        d
    };
    let dags: BTreeMap<Node, Towards> = destinations
        .into_iter()
        .map(|b| (b, Towards::new(routing, n, b)))
        .collect();
    let mut nodes = ends.clone();
    nodes.dedup();
    let t = nodes.len();
    let pos: BTreeMap<Node, usize> = nodes.iter().enumerate().map(|(i, &x)| (x, i)).collect();
    let group: Vec<usize> = ends.iter().map(|a| pos[a]).collect();
    let mut best: Option<(f64, Vec<u32>)> = None;
    for (i, &k) in reps.iter().enumerate() {
        progress(i, reps.len());
        let w = node_weights(routing, n, &channels, k, &nodes, &dags);
        // One endpoint per node: the assignment itself; more: over the nodes.
        let perm = if t == e {
            assignment(&w, e)
        } else {
            grouped_assignment(&w, &group, t)
        };
        let load: f64 = perm
            .iter()
            .enumerate()
            .map(|(s, &d)| w[group[s] * t + group[d as usize]])
            .sum();
        if best.as_ref().is_none_or(|(l, _)| load > *l * (1.0 + 1e-12)) {
            best = Some((load, perm));
        }
    }
    progress(reps.len(), reps.len());
    let perm = best.map(|b| b.1).unwrap_or_else(|| (0..e as u32).collect());
    // The whole network's loads under the chosen permutation, pair by pair.
    let mut loads = vec![0.0; channels.len()];
    for (src, &dst) in perm.iter().enumerate() {
        pair_shares(
            routing,
            n,
            (ends[src], ends[dst as usize]),
            1.0,
            &mut |u, v, s| {
                if let Some(k) = channels.index(u, v) {
                    loads[k] += s;
                }
            },
        );
    }
    Ok(finish(&channels, loads, Some(perm)))
}

#[cfg(test)]
mod tests {
    use super::{assignment, grouped_assignment};

    /// Over groups of 3, 1, 2 and 2 endpoints, the transportation over the groups loads a
    /// channel as much as the Kuhn–Munkres assignment over the endpoints.
    #[test]
    fn grouped_assignment_is_the_assignment() {
        let group = [0usize, 0, 0, 1, 2, 2, 3, 3];
        let (t, e) = (4, group.len());
        let mut r = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..40 {
            let w: Vec<f64> = (0..t * t)
                .map(|_| {
                    r ^= r << 13;
                    r ^= r >> 7;
                    r ^= r << 17;
                    (r % 1000) as f64 / 997.0
                })
                .collect();
            let full: Vec<f64> = (0..e * e)
                .map(|k| w[group[k / e] * t + group[k % e]])
                .collect();
            let load = |p: &[u32]| -> f64 {
                p.iter()
                    .enumerate()
                    .map(|(s, &d)| full[s * e + d as usize])
                    .sum()
            };
            let p = grouped_assignment(&w, &group, t);
            let mut seen = vec![false; e];
            assert!(p
                .iter()
                .all(|&d| !std::mem::replace(&mut seen[d as usize], true)));
            let (a, b) = (load(&p), load(&assignment(&full, e)));
            assert!((a - b).abs() < 1e-9, "{a} against {b}");
        }
    }
}
