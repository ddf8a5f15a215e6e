//! The paper's layout of ER_q into clusters, for the diagram.
//!
//! Fix the first quadric w (by node index). Its q neighbours are the points of its polar
//! line other than w; none is a quadric. Each such neighbour c is the centre of a *fan
//! cluster*: c and the non-quadric points of its own polar line c^⊥. Every non-quadric
//! point v lies in exactly one cluster: the lines v^⊥ and w^⊥ meet in exactly one point
//! c, and c ≠ w unless v is itself on w^⊥ (then v is a centre). With the quadric cluster
//! W these partition the nodes.
//!
//! - Odd q: c^⊥ is a secant through two quadrics, so a fan has c and q − 1 other points,
//!   q in all; the others pair up (u with its conjugate c × u, the one point of c^⊥
//!   orthogonal to u), every pair a triangle with c. So W and q fans of q routers.
//! - q = 2ᵏ: the quadrics all lie on one line, the polar of the nucleus n = (1,1,1),
//!   which lies on every tangent: n is a centre whose polar line is W itself, so its
//!   cluster is n alone; the other q − 1 fans have c and q others (one quadric on c^⊥),
//!   q + 1 routers in pairs as above.
//!
//! Within a fan the drawing order is the centre, then each pair together.

use icn_graph::Node;

use super::PolarFly;
use icn_graph::Graph;

impl PolarFly {
    /// The quadric cluster W first, then one fan cluster per neighbour of the first
    /// quadric, each its centre followed by its conjugate pairs (see the module docs).
    pub fn clusters(&self) -> Vec<Vec<Node>> {
        let quadrics = self.quadrics();
        let mut centres = Vec::new();
        self.neighbours(self.first_quadric(), &mut centres);
        let mut out = Vec::with_capacity(centres.len() + 1);
        out.push(quadrics);
        let mut line = Vec::new();
        for c in centres {
            let mut cluster = vec![c];
            let mut placed = vec![false; self.q() as usize + 1];
            line.clear();
            self.polar_line(self.point(c), &mut line);
            for &u in &line {
                if placed[self.line_position(c, u)] || self.is_quadric(u) {
                    continue;
                }
                let partner = self
                    .node_of_vector(self.cross(self.point(c), self.point(u)))
                    .unwrap_or(u);
                for v in [u, partner] {
                    placed[self.line_position(c, v)] = true;
                    cluster.push(v);
                }
            }
            out.push(cluster);
        }
        out
    }

    /// The centre of the fan cluster of a non-quadric v: the one point of the first
    /// quadric's polar line orthogonal to v (v itself when v is a centre).
    pub fn cluster_centre(&self, v: Node) -> Node {
        let w = self.first_quadric();
        if self.adjacent(w, v) {
            return v;
        }
        self.node_of_vector(self.cross(self.point(w), self.point(v)))
            .unwrap_or(v)
    }
}
