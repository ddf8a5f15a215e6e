//! The adjacency matrix of a network too large to draw node by node: its nodes in an order
//! that shows its structure (levels, groups, stages, grid order; a reverse Cuthill–McKee
//! order for a graph without a declared structure), cut into at most [`MAX_BINS`] blocks
//! of consecutive nodes; a cell counts the links between two blocks. Pure: no Leptos, no
//! web-sys.

use std::collections::VecDeque;

use icn_core::{Network, Node, Structure, Topology};

/// The most blocks per side.
pub const MAX_BINS: usize = 160;
/// Networks with more nodes than this get no matrix (its per-node arrays stay small).
pub const MAX_MATRIX_NODES: u64 = 1 << 20;
/// Networks with more channels than this get no matrix (one pass over them, on the page).
pub const MAX_MATRIX_CHANNELS: u64 = 1 << 22;
/// Separators are drawn only when the parts are at most this many.
const MAX_SEPARATORS: usize = 40;

/// A binned adjacency matrix.
#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    /// Blocks per side.
    pub bins: usize,
    /// `counts[r * bins + c]`: channels from a node of block r to a node of block c.
    pub counts: Vec<u32>,
    /// Nodes in each block.
    pub sizes: Vec<u32>,
    /// Each node's block.
    pub bin_of: Vec<u32>,
    /// The first and the last node of each block, as addresses.
    pub ends: Vec<(String, String)>,
    /// Blocks where a new part (level, group, stage) starts, after the first.
    pub separators: Vec<usize>,
    /// The parts' name (`level`, `group`) and how the nodes are ordered, for the caption.
    pub order: String,
    /// Whether links are one-way channels (rows send, columns receive).
    pub directed: bool,
    /// Nodes N.
    pub nodes: usize,
    /// Links.
    pub links: u64,
}

/// Whether `net` gets a matrix: at most [`MAX_MATRIX_NODES`] nodes and
/// [`MAX_MATRIX_CHANNELS`] channels.
pub fn has_matrix(nodes: u64, channels: u64) -> bool {
    nodes <= MAX_MATRIX_NODES && channels <= MAX_MATRIX_CHANNELS
}

/// The matrix of `net`, or `None` past [`has_matrix`].
///
/// # Complexity
/// O(N + E) (O(E log d) for the Cuthill–McKee order), O(N + bins²) memory.
pub fn matrix(net: &Network) -> Option<Matrix> {
    let t = net.topology();
    let n = t.node_count();
    if !has_matrix(n as u64, t.channel_count()) || n == 0 {
        return None;
    }
    let (order, parts, words) = ordered(net);
    let bins = n.min(MAX_BINS);
    let mut bin_of = vec![0u32; n];
    let mut sizes = vec![0u32; bins];
    let mut ends = vec![(String::new(), String::new()); bins];
    for (pos, &v) in order.iter().enumerate() {
        let b = pos * bins / n;
        bin_of[v] = b as u32;
        if sizes[b] == 0 {
            ends[b].0 = t.format_node(v);
        }
        sizes[b] += 1;
        if pos + 1 == n || (pos + 1) * bins / n != b {
            ends[b].1 = t.format_node(v);
        }
    }
    let mut counts = vec![0u32; bins * bins];
    let mut buf = Vec::new();
    for u in 0..n {
        buf.clear();
        t.neighbours(u, &mut buf);
        let row = bin_of[u] as usize * bins;
        for &v in &buf {
            counts[row + bin_of[v] as usize] += 1;
        }
    }
    let separators = if parts.len() <= MAX_SEPARATORS {
        parts
            .iter()
            .map(|&start| start * bins / n)
            .filter(|&b| b > 0)
            .collect()
    } else {
        Vec::new()
    };
    Some(Matrix {
        bins,
        counts,
        sizes,
        bin_of,
        ends,
        separators,
        order: words,
        directed: t.directed(),
        nodes: n,
        links: t.link_count(),
    })
}

/// The nodes in drawing order, where each part starts (positions), and the caption's words.
fn ordered(net: &Network) -> (Vec<Node>, Vec<usize>, String) {
    let t = net.topology();
    let n = t.node_count();
    let concat = |parts: Vec<Vec<usize>>| {
        let starts = parts
            .iter()
            .scan(0, |at, p| {
                let start = *at;
                *at += p.len();
                Some(start)
            })
            .collect();
        (parts.concat(), starts)
    };
    match net.structure() {
        Structure::Levels { rows, .. } => {
            let (order, starts) = concat(rows);
            (order, starts, "level by level, top row first".to_string())
        }
        Structure::Groups { name, groups } => {
            let (order, starts) = concat(groups);
            (order, starts, format!("{name} by {name}"))
        }
        Structure::Stages {
            stages, terminals, ..
        } => {
            let mut parts = vec![terminals];
            parts.extend(stages);
            let (order, starts) = concat(parts);
            (
                order,
                starts,
                "processors first, then stage by stage".to_string(),
            )
        }
        Structure::Grid { radices } => {
            // Blocks of the most significant digit.
            let outer = radices.first().map_or(1, |&r| r as usize).max(1);
            let starts = (0..outer).map(|i| i * n / outer).collect();
            (
                (0..n).collect(),
                starts,
                "in address order, blocks of the first coordinate".to_string(),
            )
        }
        Structure::Free => (
            cuthill_mckee(t),
            Vec::new(),
            "in reverse Cuthill–McKee order (neighbours close together)".to_string(),
        ),
    }
}

/// The reverse Cuthill–McKee order: breadth-first from a node of least degree, each
/// node's unvisited neighbours by increasing degree, reversed; every component in turn.
fn cuthill_mckee(t: &dyn Topology) -> Vec<Node> {
    let n = t.node_count();
    let mut buf = Vec::new();
    let degree: Vec<usize> = (0..n)
        .map(|v| {
            buf.clear();
            t.neighbours(v, &mut buf);
            buf.len()
        })
        .collect();
    let mut starts: Vec<Node> = (0..n).collect();
    starts.sort_by_key(|&v| degree[v]);
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut queue = VecDeque::new();
    for s in starts {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        queue.push_back(s);
        while let Some(u) = queue.pop_front() {
            order.push(u);
            buf.clear();
            t.neighbours(u, &mut buf);
            buf.retain(|&v| !seen[v]);
            buf.sort_by_key(|&v| degree[v]);
            for &v in &buf {
                seen[v] = true;
                queue.push_back(v);
            }
        }
    }
    order.reverse();
    order
}

impl Matrix {
    /// Channels between blocks r and c.
    pub fn count(&self, r: usize, c: usize) -> u32 {
        self.counts[r * self.bins + c]
    }

    /// The share of the possible channels between blocks r and c that exist (0 … 1).
    pub fn density(&self, r: usize, c: usize) -> f64 {
        let pairs = f64::from(self.sizes[r]) * f64::from(self.sizes[c]);
        if pairs == 0.0 {
            0.0
        } else {
            f64::from(self.count(r, c)) / pairs
        }
    }

    /// Every cell's opacity, row by row (0 … 255): 0 where no channel runs, else darker the
    /// larger its share of the possible channels, from 18 % up (the square root of the
    /// share over the largest, so sparse cells still show). One pixel a cell: the canvas
    /// scales the image up in one call instead of one call per cell.
    pub fn alphas(&self) -> Vec<u8> {
        let n = self.bins;
        let max = (0..n * n)
            .map(|i| self.density(i / n, i % n))
            .fold(0.0, f64::max);
        (0..n * n)
            .map(|i| {
                let d = self.density(i / n, i % n);
                if d > 0.0 {
                    (255.0 * (0.18 + 0.82 * (d / max).sqrt())).round() as u8
                } else {
                    0
                }
            })
            .collect()
    }

    /// The block of node v.
    pub fn bin(&self, v: Node) -> usize {
        self.bin_of[v] as usize
    }

    /// One sentence on cell (r, c), for the hover text.
    pub fn describe_cell(&self, r: usize, c: usize) -> String {
        let range = |b: usize| {
            let (first, last) = &self.ends[b];
            if first == last {
                first.clone()
            } else {
                format!("{first} … {last}")
            }
        };
        let count = self.count(r, c);
        let what = match (self.directed, count) {
            (true, 1) => "channel",
            (true, _) => "channels",
            (false, 1) => "link end",
            (false, _) => "link ends",
        };
        format!(
            "rows {} ({} nodes) × columns {} ({} nodes): {count} {what}",
            range(r),
            self.sizes[r],
            range(c),
            self.sizes[c]
        )
    }

    /// The text alternative.
    pub fn describe(&self) -> String {
        let per = self.nodes.div_ceil(self.bins);
        let links = if self.directed {
            "one-way channels: a row's nodes send, a column's receive"
        } else {
            "links, each in both its cells"
        };
        format!(
            "Adjacency matrix of {} nodes and {} {links}; the nodes are ordered {}, in {} \
             blocks of up to {per} nodes a side; the darker a cell, the larger the share of \
             its node pairs that are linked.",
            self.nodes, self.links, self.order, self.bins
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn net(spec: &str) -> Network {
        spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"))
    }

    #[test]
    fn every_channel_lands_in_one_cell() {
        for spec in [
            "torus:k=32x32",
            "fattree:k=4,n=5",
            "dragonfly:a=8,p=4,h=4",
            "butterfly:k=2,n=9",
            "jellyfish:n=600,r=5,seed=3",
        ] {
            let n = net(spec);
            let m = matrix(&n).expect("small enough");
            let total: u64 = m.counts.iter().map(|&c| u64::from(c)).sum();
            assert_eq!(total, n.topology().channel_count(), "{spec}");
            assert_eq!(
                m.sizes.iter().map(|&s| s as usize).sum::<usize>(),
                n.topology().node_count()
            );
            assert!(m.bins <= MAX_BINS);
            // Undirected: the matrix is symmetric.
            let sym = (0..m.bins).all(|r| (0..m.bins).all(|c| m.count(r, c) == m.count(c, r)));
            assert_eq!(sym, !n.topology().directed(), "{spec}");
            assert!(m
                .describe()
                .contains(&n.topology().node_count().to_string()));
        }
    }

    #[test]
    fn cell_opacities_follow_the_counts() {
        let n = net("torus:k=64x64");
        let m = matrix(&n).expect("small enough");
        let a = m.alphas();
        assert_eq!(a.len(), m.bins * m.bins);
        for r in 0..m.bins {
            for c in 0..m.bins {
                // Empty exactly where no channel runs; the densest cells fully opaque.
                assert_eq!(a[r * m.bins + c] == 0, m.count(r, c) == 0, "({r}, {c})");
                assert!(m.count(r, c) == 0 || a[r * m.bins + c] >= 46);
            }
        }
        assert_eq!(a.iter().max(), Some(&255));
        // Denser is darker.
        let mut cells: Vec<(f64, u8)> = (0..a.len())
            .map(|i| (m.density(i / m.bins, i % m.bins), a[i]))
            .collect();
        cells.sort_by(|x, y| x.0.total_cmp(&y.0));
        assert!(cells.windows(2).all(|w| w[0].1 <= w[1].1));
    }

    #[test]
    fn a_torus_in_address_order_is_banded() {
        // 64 × 64 in 160 blocks: links join nodes 1 or 64 apart (or wrap around).
        let n = net("torus:k=64x64");
        let m = matrix(&n).expect("small enough");
        let far = |r: usize, c: usize| {
            let d = r.abs_diff(c);
            d.min(m.bins - d)
        };
        for r in 0..m.bins {
            for c in 0..m.bins {
                if m.count(r, c) > 0 {
                    assert!(far(r, c) <= 4, "cell {r},{c}");
                }
            }
        }
        // 64 blocks of the first coordinate: too many separators to draw.
        assert!(m.separators.is_empty());
    }

    #[test]
    fn a_fat_tree_puts_its_levels_in_order_with_separators() {
        let n = net("fattree:k=4,n=5");
        let m = matrix(&n).expect("small enough");
        // Levels 0 … 4 of 256 switches, then 1024 processors: five separators.
        assert_eq!(m.separators.len(), 5);
        assert!(m.ends[0].0.starts_with("s0:"));
        assert!(m.ends[m.bins - 1].1.starts_with("p:"));
        let cell = m.describe_cell(0, 1);
        assert!(cell.starts_with("rows s0:"), "{cell}");
    }

    #[test]
    fn cuthill_mckee_visits_every_node_once() {
        let n = net("jellyfish:n=600,r=5,seed=3");
        let order = cuthill_mckee(n.topology());
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..600).collect::<Vec<_>>());
    }

    #[test]
    fn the_limits_refuse_before_any_pass() {
        assert!(!has_matrix(MAX_MATRIX_NODES + 1, 10));
        assert!(!has_matrix(10, MAX_MATRIX_CHANNELS + 1));
        assert!(matrix(&net("hypercube:n=21")).is_none());
    }
}
