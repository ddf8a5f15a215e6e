//! Cartesian products over a mixed radix: the graph the torus and the mesh (this folder)
//! and HyperX and the flattened butterfly (`topology/hyperx/`) share.
//!
//! A node is a tuple of digits `(x₁, …, x_r)`, xᵢ < kᵢ, most significant first; its index
//! is the mixed-radix number they write (the last digit fastest, as
//! [`Structure::Grid`](crate::family::Structure::Grid) reads it):
//!
//! ```text
//!   k = 8 x 8 x 4           index = x₁·(8·4) + x₂·4 + x₃
//!   (3,5,1)          ->     3·32 + 5·4 + 1 = 117
//! ```
//!
//! Two nodes are linked when they differ in exactly one digit i and the two digits are
//! linked in dimension i's [`Factor`]: a ring (the torus), a path (the mesh) or a
//! complete graph (HyperX). Everything a product is — distances, path counts, distance
//! counts, link counts — is a sum or a product of the same facts about its dimensions,
//! which is what this module computes.

use num_bigint::BigUint;

use icn_graph::error::{AddressError, ParamError};
use icn_graph::math::multinomial;
use icn_graph::{Node, MAX_NODES};

use super::address::{format_tuple, parse_tuple};

/// The graph of one dimension: how the nodes along one line (all other digits fixed)
/// are linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Factor {
    /// A cycle: x — x + 1 mod k (a single link when k = 2). The torus.
    Ring,
    /// A path: x — x + 1 for x < k − 1, no wrap-around. The mesh.
    Path,
    /// A complete graph: every two digits linked. HyperX and the flattened butterfly.
    Complete,
}

/// A validated product of one [`Factor`] over radices k₁ × … × k_r.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    factor: Factor,
    pub(super) radices: Vec<u32>,
    /// `weight[i]` = k_{i+1} · … · k_r, the place value of digit i.
    pub(super) weight: Vec<usize>,
    /// First channel class of each dimension (translation orbits; rings and complete
    /// graphs only).
    class_offset: Vec<usize>,
    pub(super) nodes: usize,
    /// Dimension order corrects the least significant differing digit first (BookSim2's
    /// `dim_order`, x first) instead of the most significant.
    low_first: bool,
}

impl Product {
    /// The product of `factor` over `radices`, most significant first.
    ///
    /// # Errors
    /// No radix, a radix outside 2 ..= `max_radix` (named `key[i]`, 1-based), or more than
    /// [`MAX_NODES`] nodes.
    pub fn new(
        factor: Factor,
        radices: &[u64],
        key: &'static str,
        max_radix: u32,
    ) -> Result<Self, ParamError> {
        if radices.is_empty() {
            return Err(ParamError::Malformed {
                key,
                value: String::new(),
                why: "needs at least one radix".into(),
            });
        }
        let mut nodes: u128 = 1;
        for (i, &k) in radices.iter().enumerate() {
            if !(2..=u64::from(max_radix)).contains(&k) {
                return Err(ParamError::OutOfRange {
                    key: format!("{key}[{}]", i + 1),
                    value: k,
                    allowed: format!("a radix is 2 to {max_radix}"),
                });
            }
            nodes = nodes.saturating_mul(u128::from(k));
        }
        if nodes > u128::from(MAX_NODES) {
            return Err(ParamError::TooLarge {
                nodes,
                max: MAX_NODES,
            });
        }
        let radices: Vec<u32> = radices.iter().map(|&k| k as u32).collect();
        let mut weight = vec![1usize; radices.len()];
        for i in (0..radices.len() - 1).rev() {
            weight[i] = weight[i + 1] * radices[i + 1] as usize;
        }
        let mut grid = Product {
            factor,
            radices,
            weight,
            class_offset: Vec::new(),
            nodes: nodes as usize,
            low_first: false,
        };
        let mut acc = 0;
        for i in 0..grid.radices.len() {
            grid.class_offset.push(acc);
            acc += grid.dim_class_count(i);
        }
        Ok(grid)
    }

    /// This product with dimension order from the least significant digit when `on`
    /// (BookSim2's `dim_order`, which corrects x, a node number's low digit, first).
    pub fn with_low_first(mut self, on: bool) -> Self {
        self.low_first = on;
        self
    }

    /// Whether dimension order corrects the least significant differing digit first.
    pub fn low_first(&self) -> bool {
        self.low_first
    }

    /// How each dimension is linked.
    pub fn factor(&self) -> Factor {
        self.factor
    }

    /// The radices k₁ … k_r, most significant first.
    pub fn radices(&self) -> &[u32] {
        &self.radices
    }

    /// The number of dimensions r.
    pub fn dimensions(&self) -> usize {
        self.radices.len()
    }

    /// The number of nodes, Π kᵢ.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// Digit i (0-based, most significant first) of node v.
    pub fn digit(&self, v: Node, i: usize) -> u32 {
        ((v / self.weight[i]) % self.radices[i] as usize) as u32
    }

    /// All digits of v, most significant first.
    pub fn digits(&self, v: Node) -> Vec<u32> {
        (0..self.radices.len()).map(|i| self.digit(v, i)).collect()
    }

    /// The node with these digits (each below its radix, as many as dimensions).
    pub fn node(&self, digits: &[u32]) -> Node {
        digits
            .iter()
            .zip(&self.weight)
            .map(|(&d, &w)| d as usize * w)
            .sum()
    }

    /// v with digit i replaced by d.
    pub fn with_digit(&self, v: Node, i: usize, d: u32) -> Node {
        v - self.digit(v, i) as usize * self.weight[i] + d as usize * self.weight[i]
    }

    fn k(&self, i: usize) -> u32 {
        self.radices[i]
    }

    /// The dimension of link u → v and whether it is the ring's wrap-around link taken
    /// either way (between digit kᵢ − 1 and 0); `None` unless every factor is a ring.
    pub fn dateline(&self, u: Node, v: Node) -> Option<(usize, bool)> {
        if self.factor != Factor::Ring {
            return None;
        }
        let i = (0..self.radices.len()).find(|&i| self.digit(u, i) != self.digit(v, i))?;
        let (x, y, top) = (self.digit(u, i), self.digit(v, i), self.k(i) - 1);
        Some((i, (x == top && y == 0) || (x == 0 && y == top)))
    }

    /// The forward offset (y − x) mod kᵢ.
    fn forward(&self, i: usize, x: u32, y: u32) -> u32 {
        (y + self.k(i) - x) % self.k(i)
    }

    /// Links along one line of dimension i: k (1 when k = 2) on a ring, k − 1 on a
    /// path, k(k − 1)/2 in a complete graph.
    pub fn dim_links(&self, i: usize) -> u64 {
        let k = u64::from(self.k(i));
        match self.factor {
            Factor::Ring if k == 2 => 1,
            Factor::Ring => k,
            Factor::Path => k - 1,
            Factor::Complete => k * (k - 1) / 2,
        }
    }

    /// The degree of digit x in dimension i's factor.
    pub fn dim_degree(&self, i: usize, x: u32) -> u32 {
        let k = self.k(i);
        match self.factor {
            Factor::Ring => k.min(3) - 1,
            Factor::Path => u32::from(x > 0) + u32::from(x + 1 < k),
            Factor::Complete => k - 1,
        }
    }

    /// The diameter of dimension i's factor: ⌊k/2⌋, k − 1 or 1.
    pub fn dim_diameter(&self, i: usize) -> u32 {
        let k = self.k(i);
        match self.factor {
            Factor::Ring => k / 2,
            Factor::Path => k - 1,
            Factor::Complete => 1,
        }
    }

    /// The distance from digit x to digit y inside dimension i.
    pub fn dim_distance(&self, i: usize, x: u32, y: u32) -> u32 {
        match self.factor {
            Factor::Ring => {
                let f = self.forward(i, x, y);
                f.min(self.k(i) - f)
            }
            Factor::Path => x.abs_diff(y),
            Factor::Complete => u32::from(x != y),
        }
    }

    /// Per-dimension distances from a to b.
    pub fn dim_distances(&self, a: Node, b: Node) -> Vec<u64> {
        (0..self.radices.len())
            .map(|i| u64::from(self.dim_distance(i, self.digit(a, i), self.digit(b, i))))
            .collect()
    }

    /// The distance from a to b: the sum over dimensions.
    pub fn distance(&self, a: Node, b: Node) -> u32 {
        (0..self.radices.len())
            .map(|i| self.dim_distance(i, self.digit(a, i), self.digit(b, i)))
            .sum()
    }

    /// Whether going from x to y inside a ring of dimension i is a tie: both directions
    /// are shortest and lead to different neighbours (k even, k > 2, y − x = k/2).
    pub fn is_tie(&self, i: usize, x: u32, y: u32) -> bool {
        let k = self.k(i);
        self.factor == Factor::Ring && k > 2 && 2 * self.forward(i, x, y) == k
    }

    /// The next digits towards y inside dimension i from x ≠ y: every neighbour one step
    /// nearer, or with `dor` only one (on a ring tie, the increasing direction).
    pub fn dim_steps(&self, i: usize, x: u32, y: u32, dor: bool, out: &mut Vec<u32>) {
        let (digits, len) = self.step_digits(i, x, y, dor);
        out.extend_from_slice(&digits[..len]);
    }

    /// [`Product::dim_steps`] without a buffer: the digits and how many (0 to 2).
    pub(super) fn step_digits(&self, i: usize, x: u32, y: u32, dor: bool) -> ([u32; 2], usize) {
        if x == y {
            return ([0; 2], 0);
        }
        let k = self.k(i);
        match self.factor {
            Factor::Ring => {
                // x, y < k: no division.
                let f = if y >= x { y - x } else { y + k - x };
                let up = if x + 1 == k { 0 } else { x + 1 };
                let down = if x == 0 { k - 1 } else { x - 1 };
                match (2 * f <= k, 2 * f > k || (2 * f == k && k > 2 && !dor)) {
                    (true, true) => ([up, down], 2),
                    (true, false) => ([up, 0], 1),
                    (false, _) => ([down, 0], 1),
                }
            }
            Factor::Path => ([if y > x { x + 1 } else { x - 1 }, 0], 1),
            Factor::Complete => ([y, 0], 1),
        }
    }

    /// The neighbours of digit x in dimension i's factor.
    fn dim_neighbours(&self, i: usize, x: u32, out: &mut Vec<u32>) {
        let k = self.k(i);
        match self.factor {
            Factor::Ring => {
                out.push((x + 1) % k);
                if k > 2 {
                    out.push((x + k - 1) % k);
                }
            }
            Factor::Path => {
                if x > 0 {
                    out.push(x - 1);
                }
                if x + 1 < k {
                    out.push(x + 1);
                }
            }
            Factor::Complete => out.extend((0..k).filter(|&y| y != x)),
        }
    }

    /// Appends the neighbours of v, dimension by dimension.
    pub fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let mut digits = Vec::new();
        for i in 0..self.radices.len() {
            digits.clear();
            self.dim_neighbours(i, self.digit(v, i), &mut digits);
            out.extend(digits.iter().map(|&d| self.with_digit(v, i, d)));
        }
    }

    /// The fewest and the most neighbours a node has.
    pub fn degree_range(&self) -> (u64, u64) {
        let (mut min, mut max) = (0u64, 0u64);
        for i in 0..self.radices.len() {
            let k = self.k(i);
            let a = self.dim_degree(i, 0);
            let b = self.dim_degree(i, k / 2);
            min += u64::from(a.min(b));
            max += u64::from(a.max(b));
        }
        (min, max)
    }

    /// Undirected links: Σ (N / kᵢ) · (links along one line of dimension i).
    pub fn link_count(&self) -> u64 {
        (0..self.radices.len())
            .map(|i| (self.nodes / self.k(i) as usize) as u64 * self.dim_links(i))
            .sum()
    }

    /// The diameter: Σ of the dimensions' diameters.
    pub fn diameter(&self) -> u64 {
        (0..self.radices.len())
            .map(|i| u64::from(self.dim_diameter(i)))
            .sum()
    }

    /// Σ d(x, y) over the ordered pairs of digits of dimension i: k·⌊k²/4⌋ on a ring,
    /// (k³ − k)/3 on a path, k(k − 1) in a complete graph.
    pub fn dim_distance_sum(&self, i: usize) -> u128 {
        let k = u128::from(self.k(i));
        match self.factor {
            Factor::Ring => k * (k * k / 4),
            Factor::Path => (k * k * k - k) / 3,
            Factor::Complete => k * (k - 1),
        }
    }

    /// Σ d(s, t) over all ordered pairs of nodes: Σᵢ (N / kᵢ)² · (the dimension's sum),
    /// as the other digits of s and t are free.
    pub fn distance_sum(&self) -> u128 {
        (0..self.radices.len())
            .map(|i| {
                let lines = (self.nodes / self.k(i) as usize) as u128;
                lines * lines * self.dim_distance_sum(i)
            })
            .sum()
    }

    /// The minimal walks inside dimension i from x to y: 2 at a ring tie, else 1.
    pub fn dim_walks(&self, i: usize, x: u32, y: u32) -> u32 {
        if self.is_tie(i, x, y) {
            2
        } else {
            1
        }
    }

    /// The number of shortest paths from a to b: the interleavings of the dimensions'
    /// walks (the multinomial of their lengths) times each dimension's walks.
    pub fn minimal_paths(&self, a: Node, b: Node) -> BigUint {
        let mut count = multinomial(&self.dim_distances(a, b));
        for i in 0..self.radices.len() {
            let w = self.dim_walks(i, self.digit(a, i), self.digit(b, i));
            if w != 1 {
                count *= w;
            }
        }
        count
    }

    /// How many digits of dimension i lie at each distance from x, as runs
    /// (count per digit, first distance, last distance).
    fn dim_distance_runs(&self, i: usize, x: u32) -> Vec<(u64, usize, usize)> {
        let k = self.k(i) as usize;
        let x = x as usize;
        let mut runs = vec![(1, 0, 0)];
        match self.factor {
            Factor::Ring => {
                if k > 2 {
                    runs.push((2, 1, (k - 1) / 2));
                }
                if k % 2 == 0 {
                    runs.push((1, k / 2, k / 2));
                }
            }
            Factor::Path => {
                let (near, far) = (x.min(k - 1 - x), x.max(k - 1 - x));
                if near > 0 {
                    runs.push((2, 1, near));
                }
                if far > near {
                    runs.push((1, near + 1, far));
                }
            }
            Factor::Complete => runs.push((u64::from(self.k(i)) - 1, 1, 1)),
        }
        runs.retain(|&(_, a, b)| a <= b);
        runs
    }

    /// How many nodes lie at each distance from `src`: the convolution of the
    /// dimensions' counts, each a few constant runs, by prefix sums in O(r · diameter).
    pub fn distance_counts(&self, src: Node) -> Vec<u64> {
        let mut acc = vec![1u64];
        for i in 0..self.radices.len() {
            let runs = self.dim_distance_runs(i, self.digit(src, i));
            let reach = runs.iter().map(|r| r.2).max().unwrap_or(0);
            let mut prefix = vec![0u64; acc.len() + 1];
            for (j, &a) in acc.iter().enumerate() {
                prefix[j + 1] = prefix[j] + a;
            }
            let window = |lo: isize, hi: isize| {
                let lo = lo.max(0) as usize;
                let hi = hi.min(acc.len() as isize - 1);
                if hi < lo as isize {
                    0
                } else {
                    prefix[hi as usize + 1] - prefix[lo]
                }
            };
            acc = (0..acc.len() + reach)
                .map(|t| {
                    runs.iter()
                        .map(|&(c, a, b)| {
                            c * window(t as isize - b as isize, t as isize - a as isize)
                        })
                        .sum()
                })
                .collect();
        }
        acc
    }

    /// Whether translations act transitively (rings and complete graphs; not paths).
    pub fn vertex_transitive(&self) -> bool {
        self.factor != Factor::Path
    }

    /// The translation orbits of dimension i's channels: offsets +1 and −1 on a ring
    /// (one when k = 2), every offset 1 … k − 1 in a complete graph, none for a path.
    fn dim_class_count(&self, i: usize) -> usize {
        let k = self.k(i) as usize;
        match self.factor {
            Factor::Ring => k.min(3) - 1,
            Factor::Path => 0,
            Factor::Complete => k - 1,
        }
    }

    /// The class of the channel from digit x to digit y of dimension i.
    pub(crate) fn dim_class(&self, i: usize, x: u32, y: u32) -> usize {
        let f = self.forward(i, x, y) as usize;
        let within = match self.factor {
            Factor::Ring => usize::from(f != 1),
            _ => f - 1,
        };
        self.class_offset[i] + within
    }

    /// The translation orbit of the directed channel u → v (None for a mesh).
    pub fn channel_class(&self, u: Node, v: Node) -> Option<usize> {
        if !self.vertex_transitive() {
            return None;
        }
        let i = (0..self.radices.len()).find(|&i| self.digit(u, i) != self.digit(v, i))?;
        Some(self.dim_class(i, self.digit(u, i), self.digit(v, i)))
    }

    /// The number of channel classes.
    pub fn channel_class_count(&self) -> usize {
        (0..self.radices.len())
            .map(|i| self.dim_class_count(i))
            .sum()
    }

    /// The address `(x₁,…,x_r)`.
    pub fn format_node(&self, v: Node) -> String {
        format_tuple(&self.digits(v))
    }

    /// Reads `(x₁,…,x_r)`, with or without the parentheses.
    ///
    /// # Errors
    /// [`AddressError::Malformed`] naming the character or coordinate at fault and why
    /// (an unpaired parenthesis, a non-digit, the wrong number of coordinates, one out of
    /// range); [`AddressError::Empty`] for blank text.
    pub fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let digits = parse_tuple(text, &self.radices)?;
        Ok(self.node(&digits))
    }
}

/// The routing strategies of every product: all shortest paths, or dimension order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridRouting {
    /// Every shortest path: correct the differing digits in any order, each by a
    /// shortest walk (both ways round a ring at a tie).
    Minimal,
    /// Dimension order: the most significant differing digit first, one shortest walk
    /// each (on a ring tie, the increasing direction): one path.
    Dor,
}

impl Product {
    /// The bisection width (links cut between two halves of the nodes) where a cut
    /// across one dimension is known to be the narrowest: on a ring or path product
    /// whose largest radix k is even, the cut across it (2N/k links on a ring, N/2 when
    /// k = 2; N/k on a path); on a complete-graph product whose smallest radix S is
    /// even, the cut across it, N/S · (S/2)² = NS/4. `None` otherwise (an odd extreme
    /// radix: no closed form here).
    pub fn bisection(&self) -> Option<u64> {
        let n = self.nodes as u64;
        let pick = match self.factor {
            Factor::Complete => self.radices.iter().min(),
            _ => self.radices.iter().max(),
        };
        let k = u64::from(*pick?);
        if k % 2 != 0 {
            return None;
        }
        Some(match self.factor {
            Factor::Ring if k == 2 => n / 2,
            Factor::Ring => 2 * n / k,
            Factor::Path => n / k,
            Factor::Complete => n / k * (k / 2) * (k / 2),
        })
    }
}

/// Implements [`Topology`](icn_graph::Topology), its [`Graph`](icn_graph::Graph) and
/// [`Addresses`](icn_graph::Addresses), and the capabilities a product has, for a family
/// type whose `grid()` is its [`Product`].
macro_rules! product_topology {
    ($ty:ty) => {
        impl ::icn_graph::Graph for $ty {
            fn node_count(&self) -> usize {
                self.grid().nodes()
            }

            fn neighbours(&self, v: ::icn_graph::Node, out: &mut Vec<::icn_graph::Node>) {
                self.grid().neighbours(v, out);
            }

            fn link_count(&self) -> u64 {
                self.grid().link_count()
            }
        }

        impl ::icn_graph::Addresses for $ty {
            fn format_node(&self, v: ::icn_graph::Node) -> String {
                self.grid().format_node(v)
            }

            fn parse_node(
                &self,
                text: &str,
            ) -> Result<::icn_graph::Node, ::icn_graph::error::AddressError> {
                self.grid().parse_node(text)
            }
        }

        impl ::icn_graph::Topology for $ty {
            fn distances(&self) -> Option<&dyn ::icn_graph::Distances> {
                Some(self)
            }

            fn symmetry(&self) -> Option<&dyn ::icn_graph::Symmetry> {
                Some(self)
            }

            fn channel_phases(&self) -> Option<&dyn ::icn_graph::ChannelPhases> {
                Some(self)
            }
        }

        impl ::icn_graph::Distances for $ty {
            fn distance(&self, a: ::icn_graph::Node, b: ::icn_graph::Node) -> Option<u32> {
                Some(self.grid().distance(a, b))
            }

            /// The convolution of the dimensions' counts. A mesh's depend on the source
            /// and are asked for once per source, so they are offered while the
            /// diameter is at most 64 (a few hundred steps a source); beyond, one
            /// breadth-first search per source is what the cost estimates assume.
            fn distance_counts_from(&self, src: ::icn_graph::Node) -> Option<Vec<u64>> {
                let g = self.grid();
                (g.vertex_transitive() || g.diameter() <= 64).then(|| g.distance_counts(src))
            }
        }

        /// A torus's translations; a mesh's (and a torus's) reflections.
        impl ::icn_graph::Symmetry for $ty {
            fn translations(&self) -> Option<&dyn ::icn_graph::Translations> {
                self.grid().vertex_transitive().then_some(self)
            }

            fn automorphisms(&self) -> Option<Box<dyn ::icn_graph::Orbits + '_>> {
                self.grid()
                    .reflections()
                    .map(|o| Box::new(o) as Box<dyn ::icn_graph::Orbits>)
            }
        }

        impl ::icn_graph::Translations for $ty {
            fn channel_class(&self, u: ::icn_graph::Node, v: ::icn_graph::Node) -> Option<usize> {
                self.grid().channel_class(u, v)
            }

            fn channel_class_count(&self) -> usize {
                self.grid().channel_class_count()
            }
        }

        impl ::icn_graph::ChannelPhases for $ty {
            fn dateline(
                &self,
                u: ::icn_graph::Node,
                v: ::icn_graph::Node,
            ) -> Option<(usize, bool)> {
                self.grid().dateline(u, v)
            }
        }
    };
}

pub(crate) use product_topology;
