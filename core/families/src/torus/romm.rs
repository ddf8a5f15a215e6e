//! ROMM on the mesh ([`Romm`]): two phases, via a node of the box the source and the
//! destination span, dimension order on both legs, so every route is a shortest path
//! (Nesson and Johnsson, SPAA 1995; BookSim2's `romm_mesh`); and the same two phases via
//! a node of the rows the pair differs in ([`Romm::differing_dimensions`], BookSim2's
//! flattened-butterfly UGAL draw).

use num_bigint::BigUint;

use icn_graph::{Node, Routing, TwoPhase};

use super::product::{GridRouting, Product};

/// ROMM: each unit from s to d goes via a node m drawn uniformly in the box of s and d
/// (each digit of m between those of s and d), dimension order from s to m and from m to
/// d. As a [`TwoPhase`] its intermediates are the box's nodes other than s and d (via
/// either, the route is dimension order from s to d); BookSim2's draw takes those two
/// as well ([`TwoPhase::intermediates_with_ends`]: the whole box).
///
/// With [`Romm::differing_dimensions`] the box is wider: each digit in which s and d
/// differ takes any value of its dimension (s's and d's included), each they share is
/// kept. On a HyperX (every dimension complete) that is BookSim2's draw for the flattened
/// butterfly's UGAL (`find_ran_intm`); the routes are then not all minimal.
#[derive(Debug, Clone, Copy)]
pub struct Romm<'a> {
    grid: &'a Product,
    /// Each differing digit over its whole dimension, not only between s's and d's.
    whole: bool,
}

impl<'a> Romm<'a> {
    /// ROMM on `grid` (a mesh: the box is the one without wrap-around).
    pub fn new(grid: &'a Product) -> Romm<'a> {
        Romm { grid, whole: false }
    }

    /// Two phases via a node that keeps the digits s and d share and takes any value in
    /// each other dimension, dimension order on both legs.
    pub fn differing_dimensions(grid: &'a Product) -> Romm<'a> {
        Romm { grid, whole: true }
    }

    /// Each dimension's lowest digit and span (the number of digits) in the box of s, d.
    fn spans(&self, s: Node, d: Node) -> Vec<(u32, u32)> {
        (0..self.grid.dimensions())
            .map(|i| {
                let (a, b) = (self.grid.digit(s, i), self.grid.digit(d, i));
                if self.whole && a != b {
                    (0, self.grid.radices()[i])
                } else {
                    (a.min(b), a.max(b) - a.min(b) + 1)
                }
            })
            .collect()
    }

    /// The box's node number `index` (mixed radix over the spans, least significant last).
    fn box_node(&self, spans: &[(u32, u32)], mut index: u64) -> Node {
        let mut digits = vec![0u32; spans.len()];
        for (x, &(lo, span)) in digits.iter_mut().zip(spans).rev() {
            *x = lo + (index % u64::from(span)) as u32;
            index /= u64::from(span);
        }
        self.grid.node(&digits)
    }
}

impl Routing for Romm<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        self.grid.routing(GridRouting::Dor).next_hops(at, dst, out);
    }

    /// Every route stays in the box: a shortest path (not so over whole dimensions).
    fn is_minimal(&self) -> bool {
        !self.whole
    }

    /// One route per intermediate (dimension order on each leg), or dimension order's
    /// one path where the box holds no node between.
    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        let size: u64 = self
            .spans(src, dst)
            .iter()
            .map(|&(_, k)| u64::from(k))
            .product();
        Some(BigUint::from(if size > 2 { size - 2 } else { 1 }))
    }

    fn two_phase(&self) -> Option<&dyn TwoPhase> {
        Some(self)
    }
}

impl TwoPhase for Romm<'_> {
    /// The box's nodes but s and d, in node order; `None` when there are none.
    fn intermediates(&self, src: Node, dst: Node) -> Option<Vec<Node>> {
        if src == dst {
            return None;
        }
        let spans = self.spans(src, dst);
        let size: u64 = spans.iter().map(|&(_, k)| u64::from(k)).product();
        let mut list: Vec<Node> = (0..size)
            .map(|i| self.box_node(&spans, i))
            .filter(|&v| v != src && v != dst)
            .collect();
        list.sort_unstable();
        (!list.is_empty()).then_some(list)
    }

    /// The whole box, s and d included.
    fn intermediates_with_ends(&self, src: Node, dst: Node) -> Vec<Node> {
        let spans = self.spans(src, dst);
        let size: u64 = spans.iter().map(|&(_, k)| u64::from(k)).product();
        (0..size).map(|i| self.box_node(&spans, i)).collect()
    }

    /// Each digit uniformly in its span, without the list.
    fn pick_with_ends(&self, src: Node, dst: Node, r: u64) -> Node {
        let spans = self.spans(src, dst);
        let size: u64 = spans.iter().map(|&(_, k)| u64::from(k)).product();
        self.box_node(&spans, r % size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::torus::Torus;

    #[test]
    fn the_box_without_its_corners() {
        let m = Torus::mesh(&[4, 4]).expect("a mesh");
        let r = Romm::new(m.grid());
        // (0,1) to (2,2): the box rows 0..=2, columns 1..=2, six nodes, four between.
        let (s, d) = (1, 2 * 4 + 2);
        assert_eq!(r.intermediates(s, d), Some(vec![2, 5, 6, 9]));
        let mut all = r.intermediates_with_ends(s, d);
        all.sort_unstable();
        assert_eq!(all, vec![1, 2, 5, 6, 9, 10]);
        let drawn: std::collections::BTreeSet<Node> =
            (0..6).map(|x| r.pick_with_ends(s, d, x)).collect();
        assert_eq!(drawn.len(), 6);
        // Neighbours: no node between.
        assert_eq!(r.intermediates(0, 1), None);
    }

    /// BookSim2's `find_ran_intm` on a 4 × 4 flattened butterfly: the digits the pair
    /// shares kept, every value in the others.
    #[test]
    fn whole_differing_dimensions() {
        let f = crate::hyperx::HyperX::flattened_butterfly(4, 3).expect("a flatfly");
        let r = Romm::differing_dimensions(f.grid());
        // (0,1) to (2,1): row 1 of every column, s and d among them.
        let (s, d) = (1, 2 * 4 + 1);
        assert_eq!(r.intermediates(s, d), Some(vec![5, 13]));
        assert_eq!(r.intermediates_with_ends(s, d), vec![1, 5, 9, 13]);
        // (0,1) to (2,3): all 16 routers.
        let all: std::collections::BTreeSet<Node> =
            (0..16).map(|x| r.pick_with_ends(s, 2 * 4 + 3, x)).collect();
        assert_eq!(all.len(), 16);
        assert!(!r.is_minimal());
    }
}
