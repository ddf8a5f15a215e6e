//! XY or YX on a two-dimensional mesh or HyperX ([`XyYx`]): each route one of the two
//! dimension orders, drawn at the source (BookSim2's `xy_yx_mesh` and `xyyx_flatfly`,
//! after Balfour and Schultz).

use num_bigint::BigUint;

use icn_graph::{Node, Routing, TwoPhase};

use crate::family::StrategyInfo;

use super::product::{GridRouting, Product};

/// The name of XY-or-YX, a strategy of two-dimensional grids only (the mesh, the HyperX).
pub const XYYX: &str = "xyyx";

/// XY-or-YX as a grid family lists it.
pub const XYYX_STRATEGY: StrategyInfo = StrategyInfo {
    name: XYYX,
    title: "XY or YX",
    summary: "Dimension order or its reverse, drawn at the source with equal chance (two dimensions; BookSim2's xy_yx_mesh and xyyx_flatfly).",
};

/// XY or YX: a unit from s to d takes dimension order (the first digit first; the last
/// with the flag `lowfirst`) or the reverse, each with probability ½. As a [`TwoPhase`]
/// the route is dimension order via the corner where it turns: (d₀, s₁) for the first
/// digit first, (s₀, d₁) for the last digit first; its
/// intermediates are those corners other than s and d (a pair in one row or column has
/// none: both orders are one path). [`TwoPhase::intermediates_with_ends`] lists both
/// corners, the first order's first, for a draw that tells the orders apart.
///
/// [`XyYx::over`] builds the same on another network's dimension order and corners (the
/// concentrated mesh's, whose legs may take its edges' express channels).
pub struct XyYx<'a> {
    /// The relation each leg follows: dimension order.
    base: Box<dyn Routing + 'a>,
    /// The first order's corner for (s, d), then the reverse order's.
    corners: Box<dyn Fn(Node, Node) -> [Node; 2] + 'a>,
}

impl std::fmt::Debug for XyYx<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("XyYx")
    }
}

impl<'a> XyYx<'a> {
    /// XY or YX on `grid` (two dimensions).
    pub fn new(grid: &'a Product) -> XyYx<'a> {
        debug_assert_eq!(grid.dimensions(), 2, "XY or YX takes two dimensions");
        let corners = move |s: Node, d: Node| {
            let (s0, s1) = (grid.digit(s, 0), grid.digit(s, 1));
            let (d0, d1) = (grid.digit(d, 0), grid.digit(d, 1));
            let (first, second) = (grid.node(&[d0, s1]), grid.node(&[s0, d1]));
            // XY, the first corner, is dimension order's own turn.
            if grid.low_first() {
                [second, first]
            } else {
                [first, second]
            }
        };
        XyYx::over(Box::new(grid.routing(GridRouting::Dor)), corners)
    }

    /// XY or YX whose legs follow `base` (a dimension order, one path) and turn at
    /// `corners(s, d)`: the first order's corner, then the reverse order's.
    pub fn over(
        base: Box<dyn Routing + 'a>,
        corners: impl Fn(Node, Node) -> [Node; 2] + 'a,
    ) -> XyYx<'a> {
        XyYx {
            base,
            corners: Box::new(corners),
        }
    }

    /// The corners: the first order's turn, then the reverse order's.
    fn corners(&self, s: Node, d: Node) -> [Node; 2] {
        (self.corners)(s, d)
    }
}

impl Routing for XyYx<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        self.base.next_hops(at, dst, out);
    }

    /// Either order is a shortest path where the base's is (on a mesh or HyperX; not on
    /// the concentrated mesh, whose express channels make shorter ones).
    fn is_minimal(&self) -> bool {
        self.base.is_minimal()
    }

    /// One route per corner other than s and d, or dimension order's one path.
    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        let n = self.intermediates(src, dst).map_or(1, |v| v.len());
        Some(BigUint::from(n))
    }

    fn two_phase(&self) -> Option<&dyn TwoPhase> {
        Some(self)
    }
}

impl TwoPhase for XyYx<'_> {
    /// The corners other than s and d, in node order; `None` when both are s or d.
    fn intermediates(&self, src: Node, dst: Node) -> Option<Vec<Node>> {
        if src == dst {
            return None;
        }
        let mut list: Vec<Node> = self
            .corners(src, dst)
            .into_iter()
            .filter(|&v| v != src && v != dst)
            .collect();
        list.sort_unstable();
        (!list.is_empty()).then_some(list)
    }

    /// Both corners, the first order's first (s or d where the pair shares a row or
    /// column).
    fn intermediates_with_ends(&self, src: Node, dst: Node) -> Vec<Node> {
        self.corners(src, dst).to_vec()
    }

    fn pick_with_ends(&self, src: Node, dst: Node, r: u64) -> Node {
        self.corners(src, dst)[(r % 2) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::torus::Torus;

    #[test]
    fn the_two_corners() {
        let m = Torus::mesh(&[4, 4]).expect("a mesh");
        let r = XyYx::new(m.grid());
        // (0,1) to (2,3): turning at (2,1) first order, at (0,3) the reverse.
        let (s, d) = (1, 2 * 4 + 3);
        assert_eq!(r.intermediates_with_ends(s, d), vec![9, 3]);
        assert_eq!(r.intermediates(s, d), Some(vec![3, 9]));
        // One row: both orders are the one path; the draw still tells them apart.
        assert_eq!(r.intermediates(0, 3), None);
        // The first order turns at (d₀, s₁) = s, the reverse at (s₀, d₁) = d.
        assert_eq!(r.intermediates_with_ends(0, 3), vec![0, 3]);
    }

    /// With `lowfirst` XY is BookSim2's (x, the low digit, first): 1 = (0, 1) → 11 = (2, 3)
    /// turns first at (0, 3) = 3, the reverse at (2, 1) = 9.
    #[test]
    fn low_first_turns_at_the_x_corner_first() {
        let m = Torus::mesh(&[4, 4]).expect("a mesh").with_low_first(true);
        let r = XyYx::new(m.grid());
        assert_eq!(r.intermediates_with_ends(1, 2 * 4 + 3), vec![3, 9]);
    }
}
