//! Sub-networks of D3(N, M) (§4, Theorem 1) and Corollary 1's cutset.
//!
//! For κ = {k₀ < … < k_{K−1}} ⊂ {0, …, N−1}, cabinet i of D3(K, M) is cabinet k_i of
//! D3(N, M) and its global port γ is port a = k_{i+γ} − k_i (mod N) there; the paper's
//! table lists, for each i, the ports a_{j,i} = k_j − k_i (mod N) for j = 0 … K−1.
//! The map φ(i, d, p) = (k_i, d, p) is an isomorphism of D3(K, M) onto the sub-network
//! D3(κ, M, N) that κ's cabinets induce.

use serde::Serialize;

use super::{Router, D3};
use icn_graph::error::ParamError;
use icn_graph::Graph;
use icn_graph::{Node, Topology};

/// Theorem 1's port table for one κ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubnetTable {
    /// N, the big network's cabinets.
    pub n: u32,
    /// κ in increasing order.
    pub kappa: Vec<u32>,
    /// One row per cabinet i of D3(K, M).
    pub rows: Vec<SubnetRow>,
}

/// Row i of the port table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubnetRow {
    /// Cabinet i of D3(K, M).
    pub i: u32,
    /// Its cabinet k_i in D3(N, M).
    pub k_i: u32,
    /// a_{j,i} = k_j − k_i mod N, for j = 0 … K−1 (the paper's column order).
    pub ports: Vec<u32>,
    /// The D3(N, M) port for each D3(K, M) port γ = 0 … K−1: k_{i+γ} − k_i mod N.
    pub by_gamma: Vec<u32>,
}

/// Reads and checks κ: distinct cabinets below N, at least one.
///
/// # Errors
/// N zero, κ empty, an entry ≥ N, or an entry repeated.
pub fn subnet_table(n: u32, kappa: &[u32]) -> Result<SubnetTable, ParamError> {
    if n == 0 {
        return Err(ParamError::OutOfRange {
            key: "n".into(),
            value: 0,
            allowed: "N ≥ 1 cabinets".into(),
        });
    }
    if kappa.is_empty() {
        return Err(ParamError::Malformed {
            key: "kappa",
            value: String::new(),
            why: "needs at least one cabinet".into(),
        });
    }
    let mut sorted = kappa.to_vec();
    sorted.sort_unstable();
    for (idx, w) in sorted.windows(2).enumerate() {
        if w[0] == w[1] {
            return Err(ParamError::OutOfRange {
                key: format!("kappa[{}]", idx + 2),
                value: u64::from(w[1]),
                allowed: "the cabinets of κ are distinct".into(),
            });
        }
    }
    if let Some(&big) = sorted.last().filter(|&&x| x >= n) {
        return Err(ParamError::OutOfRange {
            key: "kappa".into(),
            value: u64::from(big),
            allowed: format!("a cabinet of D3({n}, M) is 0 to {}", n - 1),
        });
    }
    let k = sorted.len();
    let rows = (0..k)
        .map(|i| SubnetRow {
            i: i as u32,
            k_i: sorted[i],
            ports: (0..k).map(|j| D3::sub(sorted[j], sorted[i], n)).collect(),
            by_gamma: (0..k)
                .map(|g| D3::sub(sorted[(i + g) % k], sorted[i], n))
                .collect(),
        })
        .collect();
    Ok(SubnetTable {
        n,
        kappa: sorted,
        rows,
    })
}

/// An embedding of a small D3 into a big one, checked edge by edge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EmbeddingCheck {
    /// Routers of the small network.
    pub nodes: usize,
    /// Its links, each found in the big network.
    pub links: u64,
    /// Links of the big network between image routers (equal to `links` for an
    /// isomorphism onto the induced sub-network).
    pub induced_links: u64,
    /// Whether the map is injective and every link maps to a link, and back.
    pub isomorphic: bool,
}

/// Checks that `map` (small node → big node) is an isomorphism of `small` onto the
/// sub-network of `big` its image induces.
pub fn check_embedding(small: &D3, big: &D3, map: &dyn Fn(Node) -> Node) -> EmbeddingCheck {
    let n = small.node_count();
    let image: Vec<Node> = (0..n).map(map).collect();
    let mut inverse = std::collections::HashMap::new();
    let mut injective = true;
    for (v, &w) in image.iter().enumerate() {
        injective &= inverse.insert(w, v).is_none();
    }
    let (mut links, mut induced, mut preserved) = (0u64, 0u64, true);
    let mut buf = Vec::new();
    for v in 0..n {
        buf.clear();
        small.neighbours(v, &mut buf);
        let mut big_nb = Vec::new();
        big.neighbours(image[v], &mut big_nb);
        for &u in &buf {
            links += 1;
            preserved &= big_nb.contains(&image[u]);
        }
        for w in big_nb {
            if let Some(&u) = inverse.get(&w) {
                induced += 1;
                preserved &= buf.contains(&u);
            }
        }
    }
    EmbeddingCheck {
        nodes: n,
        links: links / 2,
        induced_links: induced / 2,
        isomorphic: injective && preserved && links == induced,
    }
}

impl D3 {
    /// Theorem 1's map (i, d, p) → (k_i, d, p) from D3(|κ|, M) into this network.
    pub fn cabinet_embedding<'a>(&'a self, kappa: &'a [u32]) -> impl Fn(Node) -> Node + 'a {
        let m = self.m;
        move |v| {
            let mm = m as usize * m as usize;
            let (i, rest) = (v / mm, v % mm);
            self.node(Router {
                c: kappa[i],
                d: (rest / m as usize) as u32,
                p: (rest % m as usize) as u32,
            })
        }
    }

    /// §4's drawer sub-network: routers (c, d, p) with d, p ∈ λ, relabelled by λ's
    /// order, as a map from D3(K, |λ|) into this network.
    pub fn drawer_embedding<'a>(&'a self, lambda: &'a [u32]) -> impl Fn(Node) -> Node + 'a {
        let l = lambda.len();
        move |v| {
            let (c, rest) = (v / (l * l), v % (l * l));
            self.node(Router {
                c: c as u32,
                d: lambda[rest / l],
                p: lambda[rest % l],
            })
        }
    }
}

/// The smallest number of links whose removal splits the routers into two halves
/// (sizes ⌊N/2⌋ and ⌈N/2⌉), by exhaustive search over the halves containing router 0.
/// Meant for small networks (N ≤ 20).
pub fn min_bisection_links(t: &dyn Topology) -> Option<u64> {
    let n = t.node_count();
    if n > 24 {
        return None;
    }
    let mut adj = vec![0u32; n];
    let mut buf = Vec::new();
    for (v, mask) in adj.iter_mut().enumerate() {
        buf.clear();
        t.neighbours(v, &mut buf);
        for &u in &buf {
            *mask |= 1 << u;
        }
    }
    let half = n / 2;
    let mut best = u64::MAX;
    for set in 0u32..(1u32 << n) {
        if set & 1 == 0 || set.count_ones() as usize != half.max(1) {
            continue;
        }
        let cut: u64 = (0..n)
            .filter(|&v| set & (1 << v) != 0)
            .map(|v| u64::from((adj[v] & !set).count_ones()))
            .sum();
        best = best.min(cut);
    }
    Some(best)
}
