//! Symmetry for loads: per-dimension class loads of the vertex-transitive products (tori,
//! HyperX), and the reflections of the mesh.

use icn_graph::{Node, Orbits, Split};

use super::product::{Factor, GridRouting, Product};

/// The load of each channel class due to every source's unit bound to node 0, one
/// dimension at a time, for a ring or complete-graph product.
///
/// Both strategies are products: at a node, the steps they allow in dimension i depend on
/// digit i alone and bring it one nearer, so a path is an interleaving of one walk per
/// dimension (in any order, or dimension order), and every dimension-i walk from x to 0
/// lies on the same number of paths. A unit split equally among the paths is therefore
/// split equally among the dimension-i walks, and class (i, offset) carries
/// (N / kᵢ) · Σ over its hops x → x' of g(x) · τ(x'), with τ(x) the walks from x to 0 and
/// g(x) = Σ_z P(z, x) / τ(z) (P(z, x): walks from z through x). O(Σ kᵢ) for any N.
///
/// `None` for a mesh (no translations), and for all minimal paths split per hop (a
/// random walk chooses among all dimensions at once, which is no product). Dimension
/// order offers one next hop, so its two splits agree.
pub(crate) fn product_class_loads(
    grid: &Product,
    kind: GridRouting,
    split: Split,
) -> Option<Vec<f64>> {
    if !grid.vertex_transitive() || (split == Split::PerHop && kind == GridRouting::Minimal) {
        return None;
    }
    let dor = kind == GridRouting::Dor;
    let mut class = vec![0f64; grid.channel_class_count()];
    let mut steps = Vec::new();
    for i in 0..grid.dimensions() {
        let k = grid.radices()[i];
        let q = |x: u32| grid.dim_distance(i, x, 0);
        let hops: Vec<Vec<u32>> = (0..k)
            .map(|x| {
                steps.clear();
                grid.dim_steps(i, x, 0, dor, &mut steps);
                steps.clone()
            })
            .collect();
        let mut order: Vec<u32> = (0..k).collect();
        order.sort_by_key(|&x| q(x));
        let mut tau = vec![0f64; k as usize];
        tau[0] = 1.0;
        for &x in order.iter().skip(1) {
            tau[x as usize] = hops[x as usize].iter().map(|&y| tau[y as usize]).sum();
        }
        let mut g: Vec<f64> = (0..k as usize)
            .map(|x| if x == 0 { 0.0 } else { 1.0 / tau[x] })
            .collect();
        let sources = (grid.nodes() / k as usize) as f64;
        for &x in order.iter().rev() {
            let gx = g[x as usize];
            for &y in &hops[x as usize] {
                g[y as usize] += gx;
                class[grid.dim_class(i, x, y)] += sources * tau[y as usize] * gx;
            }
        }
    }
    Some(class)
}

/// The mesh's reflections x ↦ k − 1 − x, in any set of dimensions (a group of 2^r
/// automorphisms), by its orbits. A node's orbit is given by its reduced digits
/// min(x, k − 1 − x); a channel's by its dimension i, its edge class in dimension i
/// (the step x → x + 1 and its mirror k − 1 − x → k − 2 − x are one class, x) and the
/// other reduced digits.
#[derive(Debug)]
pub(crate) struct MeshOrbits<'a> {
    grid: &'a Product,
    /// ⌈kᵢ/2⌉: the reduced digits of dimension i.
    half: Vec<usize>,
    /// First channel orbit of each dimension.
    offset: Vec<usize>,
}

impl<'a> MeshOrbits<'a> {
    pub(crate) fn new(grid: &'a Product) -> Self {
        let half: Vec<usize> = grid
            .radices()
            .iter()
            .map(|&k| k.div_ceil(2) as usize)
            .collect();
        let mut offset = Vec::with_capacity(half.len());
        let mut acc = 0;
        for (i, &k) in grid.radices().iter().enumerate() {
            offset.push(acc);
            acc += (k as usize - 1) * Self::others(&half, i);
        }
        MeshOrbits { grid, half, offset }
    }

    /// Π ⌈kⱼ/2⌉ over the dimensions j ≠ i.
    fn others(half: &[usize], i: usize) -> usize {
        half.iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &h)| h)
            .product()
    }

    fn reduced(&self, i: usize, x: u32) -> usize {
        let k = self.grid.radices()[i];
        x.min(k - 1 - x) as usize
    }

    /// How many digits reduce to r in dimension i: 2, or 1 for the middle of an odd k.
    fn multiplicity(&self, i: usize, r: usize) -> u64 {
        let k = self.grid.radices()[i] as usize;
        if 2 * r + 1 == k {
            1
        } else {
            2
        }
    }

    /// The mixed-radix index of v's reduced digits over the dimensions other than `skip`.
    fn reduced_index(&self, v: Node, skip: Option<usize>) -> usize {
        (0..self.half.len())
            .filter(|&j| Some(j) != skip)
            .fold(0, |acc, j| {
                acc * self.half[j] + self.reduced(j, self.grid.digit(v, j))
            })
    }

    /// Reduced digits from their index over the dimensions other than `skip`.
    fn decode(&self, mut index: usize, skip: Option<usize>) -> Vec<usize> {
        let mut r = vec![0; self.half.len()];
        for j in (0..self.half.len()).rev().filter(|&j| Some(j) != skip) {
            r[j] = index % self.half[j];
            index /= self.half[j];
        }
        r
    }

    fn size(&self, r: &[usize], skip: Option<usize>) -> u64 {
        (0..r.len())
            .filter(|&j| Some(j) != skip)
            .map(|j| self.multiplicity(j, r[j]))
            .product()
    }
}

impl Orbits for MeshOrbits<'_> {
    fn destinations(&self) -> Vec<(Node, u64)> {
        (0..self.node_orbit_count())
            .map(|o| {
                let r = self.decode(o, None);
                let digits: Vec<u32> = r.iter().map(|&x| x as u32).collect();
                (self.grid.node(&digits), self.size(&r, None))
            })
            .collect()
    }

    /// Every node is a terminal: one destination per node orbit.
    fn destination_count(&self) -> usize {
        self.node_orbit_count()
    }

    fn channel_orbit(&self, u: Node, v: Node) -> usize {
        let g = self.grid;
        let i = (0..g.dimensions())
            .find(|&i| g.digit(u, i) != g.digit(v, i))
            .unwrap_or(0);
        let (x, y) = (g.digit(u, i), g.digit(v, i));
        let edge = if y > x { x } else { g.radices()[i] - 1 - x } as usize;
        self.offset[i] + edge * Self::others(&self.half, i) + self.reduced_index(u, Some(i))
    }

    fn channel_orbit_count(&self) -> usize {
        let i = self.half.len() - 1;
        self.offset[i] + (self.grid.radices()[i] as usize - 1) * Self::others(&self.half, i)
    }

    fn node_orbit(&self, u: Node) -> usize {
        self.reduced_index(u, None)
    }

    fn node_orbit_count(&self) -> usize {
        self.half.iter().product()
    }

    /// Two directed channels per edge class times the other digits' multiplicities.
    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        let mut sizes = Vec::with_capacity(self.channel_orbit_count());
        for (i, &k) in self.grid.radices().iter().enumerate() {
            let rest = Self::others(&self.half, i);
            for _edge in 0..k - 1 {
                for o in 0..rest {
                    sizes.push(2 * self.size(&self.decode(o, Some(i)), Some(i)));
                }
            }
        }
        Some(sizes)
    }

    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        Some(
            (0..self.node_orbit_count())
                .map(|o| self.size(&self.decode(o, None), None))
                .collect(),
        )
    }
}

impl Product {
    /// The mesh's reflections by their orbits (None for rings and complete graphs, which
    /// use their translations).
    pub(crate) fn reflections(&self) -> Option<MeshOrbits<'_>> {
        (self.factor() == Factor::Path).then(|| MeshOrbits::new(self))
    }
}
