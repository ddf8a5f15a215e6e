//! Closed-form distances and minimal path counts of the Dragonfly.
//!
//! Every two groups are joined by m ≥ 1 global links, so local-global-local reaches any
//! router from any other in at most 3 hops. A shortest path never takes two local hops
//! in a row (a group is a complete graph), so between routers x in group X and y in
//! group Y ≠ X the shortest paths have one of the shapes below (L local, G global):
//!
//! - distance 1: the link x–y (G);
//! - distance 2: LG (an X–Y link landing on y), GL (an X–Y link leaving x), GG (a router z
//!   of a third group linked to both);
//! - distance 3: LGL (every one of the m X–Y links: none touches x or y here), GLG (x's
//!   neighbour z in group C and y's neighbour in C, one local hop apart), LGG (y's
//!   neighbour z with a link into X), GGL (x's neighbour z with a link into Y), GGG
//!   (x's neighbour z₁ linked to y's neighbour z₂).
//!
//! A router has at most one link into any group, which keeps each count O(1) per
//! neighbour: O(h) for the distance and distances 1–2, O(h²) for GGG.

use icn_graph::Node;

use super::Dragonfly;

impl Dragonfly {
    /// The largest distance local-global-local routing needs: 1 when a = 1 (a complete
    /// graph of g = h + 1 routers), 2 when g − 1 = h (every router has a link into every
    /// other group: global then local), else 3. The diameter is at most this; some
    /// arrangements do better (circulant a = 2, h = 2, g = 5 has diameter 2).
    pub fn diameter_bound(&self) -> u64 {
        if self.a() == 1 {
            1
        } else if self.groups() - 1 == self.h() {
            2
        } else {
            3
        }
    }

    /// The distance from `x` to `y` (0 to 3).
    ///
    /// # Complexity
    /// O(h).
    pub fn min_distance(&self, x: Node, y: Node) -> u32 {
        if x == y {
            return 0;
        }
        let ((gx, _), (gy, _)) = (self.coords(x), self.coords(y));
        if gx == gy {
            return 1;
        }
        match self.two_hop(x, y) {
            Reach::Link => 1,
            Reach::TwoHops(_) => 2,
            Reach::Far => 3,
        }
    }

    /// The number of shortest paths from `x` to `y`.
    ///
    /// # Complexity
    /// O(h) below distance 3, O(h²) at distance 3.
    pub fn min_path_count(&self, x: Node, y: Node) -> u64 {
        let ((gx, _), (gy, _)) = (self.coords(x), self.coords(y));
        if x == y || gx == gy {
            return 1;
        }
        match self.two_hop(x, y) {
            Reach::Link => 1,
            Reach::TwoHops(n) => n,
            Reach::Far => self.three_hop_count(x, y),
        }
    }

    /// Between different groups: a link, or the number of two-hop paths, or neither.
    fn two_hop(&self, x: Node, y: Node) -> Reach {
        let ((gx, _), (gy, _)) = (self.coords(x), self.coords(y));
        let out = self.peer_in(x, gy);
        if out == Some(y) {
            return Reach::Link;
        }
        // GL: x's link into Y lands beside y; LG: y's link into X leaves beside x.
        let mut paths = u64::from(out.is_some()) + u64::from(self.peer_in(y, gx).is_some());
        // GG: a neighbour of x whose link into Y lands on y.
        let mut peers = Vec::with_capacity(self.h() as usize);
        self.global_peers(x, &mut peers);
        paths += peers
            .iter()
            .filter(|&&z| self.coords(z).0 != gy && self.peer_in(z, gy) == Some(y))
            .count() as u64;
        if paths == 0 {
            Reach::Far
        } else {
            Reach::TwoHops(paths)
        }
    }

    /// The shortest paths at distance 3 (see the module notes).
    fn three_hop_count(&self, x: Node, y: Node) -> u64 {
        let ((gx, _), (gy, _)) = (self.coords(x), self.coords(y));
        let (mut px, mut py) = (Vec::new(), Vec::new());
        self.global_peers(x, &mut px);
        self.global_peers(y, &mut py);
        let lgl = u64::from(self.links_per_pair());
        // GLG: y has a neighbour in the group of x's neighbour z (not z itself, at
        // distance 3); GGL: z has a link into Y.
        let glg_ggl: u64 = px
            .iter()
            .map(|&z| {
                let c = self.coords(z).0;
                u64::from(self.peer_in(y, c).is_some()) + u64::from(self.peer_in(z, gy).is_some())
            })
            .sum();
        // LGG: y's neighbour z has a link into X.
        let lgg = py
            .iter()
            .filter(|&&z| self.peer_in(z, gx).is_some())
            .count() as u64;
        // GGG: x's neighbour z₁ linked to y's neighbour z₂.
        let ggg = px
            .iter()
            .map(|&z1| {
                py.iter()
                    .filter(|&&z2| self.peer_in(z1, self.coords(z2).0) == Some(z2))
                    .count() as u64
            })
            .sum::<u64>();
        lgl + glg_ggl + lgg + ggg
    }
}

/// How two routers of different groups are joined within two hops.
enum Reach {
    /// One global link.
    Link,
    /// No link; this many two-hop paths.
    TwoHops(u64),
    /// Neither: distance 3.
    Far,
}
