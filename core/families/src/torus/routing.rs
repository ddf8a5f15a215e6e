//! The routing relations of every product (tori, meshes, HyperX): [`GridRouter`], a
//! [`GridRouting`] bound to its [`Product`], with the closed forms and symmetries the
//! load engine reads.

use num_bigint::BigUint;
use num_traits::One;

use icn_graph::{Node, Orbits, Routing, Split};

use super::product::{GridRouting, Product};
use super::symmetry::product_class_loads;
use icn_graph::RouteSymmetry;

impl Product {
    /// A routing relation on this product.
    pub fn routing(&self, kind: GridRouting) -> GridRouter<'_> {
        GridRouter { grid: self, kind }
    }
}

/// A [`GridRouting`] bound to its product.
#[derive(Debug, Clone, Copy)]
pub struct GridRouter<'a> {
    grid: &'a Product,
    kind: GridRouting,
}

impl GridRouter<'_> {
    /// The strategy.
    pub fn kind(&self) -> GridRouting {
        self.kind
    }
}

impl Routing for GridRouter<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        let g = self.grid;
        let dor = self.kind == GridRouting::Dor;
        let mut step = |i: usize, x: usize, y: usize| {
            let (digits, len) = g.step_digits(i, x as u32, y as u32, dor);
            let w = g.weight[i];
            let base = at - x * w;
            out.extend(digits[..len].iter().map(|&d| base + d as usize * w));
        };
        if dor && g.low_first() {
            // The least significant differing digit: from the last dimension up.
            let (mut rest_at, mut rest_dst) = (at, dst);
            for (i, &k) in g.radices.iter().enumerate().rev() {
                let k = k as usize;
                let (x, y) = (rest_at % k, rest_dst % k);
                if x != y {
                    return step(i, x, y);
                }
                (rest_at, rest_dst) = (rest_at / k, rest_dst / k);
            }
            return;
        }
        // The digits most significant first, one division each (the deadlock analysis asks
        // every node towards every destination).
        let (mut rest_at, mut rest_dst) = (at, dst);
        for (i, &w) in g.weight.iter().enumerate() {
            let (x, y) = (rest_at / w, rest_dst / w);
            rest_at -= x * w;
            rest_dst -= y * w;
            if x == y {
                continue;
            }
            step(i, x, y);
            if dor {
                break;
            }
        }
    }

    /// The nodes in order with their digits counted up (no division per node), each
    /// node's hops as [`Routing::next_hops`] gives them.
    fn next_hops_to(&self, dst: Node, nodes: usize, start: &mut Vec<usize>, out: &mut Vec<Node>) {
        let g = self.grid;
        let dor = self.kind == GridRouting::Dor;
        start.clear();
        out.clear();
        debug_assert!(nodes <= g.nodes, "more nodes than the product has");
        let goal = g.digits(dst);
        let mut at = vec![0u32; g.radices.len()];
        for u in 0..nodes {
            start.push(out.len());
            let mut differing = at
                .iter()
                .zip(&goal)
                .enumerate()
                .filter(|(_, (x, y))| x != y);
            let step = |(i, (&x, &y)): (usize, (&u32, &u32))| {
                let (digits, len) = g.step_digits(i, x, y, dor);
                let w = g.weight[i];
                let base = u - x as usize * w;
                out.extend(digits[..len].iter().map(|&d| base + d as usize * w));
            };
            match (dor, g.low_first()) {
                (false, _) => differing.for_each(step),
                (true, false) => differing.next().into_iter().for_each(step),
                (true, true) => differing.next_back().into_iter().for_each(step),
            }
            // The next node's digits: the least significant digit up, carrying.
            for (x, &k) in at.iter_mut().zip(&g.radices).rev() {
                *x += 1;
                if *x < k {
                    break;
                }
                *x = 0;
            }
        }
        start.push(out.len());
    }

    fn follows_distances(&self) -> bool {
        self.kind == GridRouting::Minimal
    }

    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        Some(match self.kind {
            GridRouting::Minimal => self.grid.minimal_paths(src, dst),
            GridRouting::Dor => BigUint::one(),
        })
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl RouteSymmetry for GridRouter<'_> {
    fn translation_invariant(&self) -> bool {
        self.grid.vertex_transitive()
    }

    /// The mesh's reflections: both strategies commute with them (a reflection keeps
    /// which digits differ and mirrors the direction towards the target).
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        self.grid
            .reflections()
            .map(|o| Box::new(o) as Box<dyn Orbits + '_>)
    }

    fn class_loads_to_zero(&self, split: Split) -> Option<Vec<f64>> {
        product_class_loads(self.grid, self.kind, split)
    }
}
