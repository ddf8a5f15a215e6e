//! The group rotation G → G + 1 (mod g) of the relative and circulant arrangements.
//!
//! Under both, the group a port leads to is the port's group plus an offset that depends
//! on the port alone, and the far port too depends on the port alone; so moving every
//! router (G, r) to (G + 1, r) maps global port j of (G, r) to global port j of
//! (G + 1, r), and links to links. Its orbits: one per router position r (g routers
//! each), one per ordered pair of positions for local channels, one per global port j
//! for global channels (g channels each). The absolute arrangement has no such rotation.

use icn_graph::{Node, Orbits};

use super::Dragonfly;

/// The rotation group of a relative or circulant Dragonfly, by its orbits.
#[derive(Debug)]
pub struct GroupRotation<'a> {
    net: &'a Dragonfly,
}

impl<'a> GroupRotation<'a> {
    /// The rotation of `net` (relative or circulant arrangement).
    pub fn new(net: &'a Dragonfly) -> Self {
        GroupRotation { net }
    }

    fn local_orbits(&self) -> usize {
        let a = self.net.a() as usize;
        a * a
    }
}

impl Orbits for GroupRotation<'_> {
    /// Router r of group 0, g times, for each r.
    fn destinations(&self) -> Vec<(Node, u64)> {
        (0..self.net.a())
            .map(|r| (self.net.node(0, r), u64::from(self.net.groups())))
            .collect()
    }

    fn destination_count(&self) -> usize {
        self.net.a() as usize
    }

    /// Local channel r → r': r·a + r' (the diagonal stays empty); global channel through
    /// port j: a² + j.
    fn channel_orbit(&self, u: Node, v: Node) -> usize {
        let ((gu, ru), (gv, rv)) = (self.net.coords(u), self.net.coords(v));
        if gu == gv {
            return ru as usize * self.net.a() as usize + rv as usize;
        }
        let j = self.net.port_towards(gu, ru, gv).unwrap_or(0);
        self.local_orbits() + j as usize
    }

    fn channel_orbit_count(&self) -> usize {
        self.local_orbits() + (self.net.a() * self.net.h()) as usize
    }

    fn node_orbit(&self, u: Node) -> usize {
        self.net.coords(u).1 as usize
    }

    fn node_orbit_count(&self) -> usize {
        self.net.a() as usize
    }

    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        let a = self.net.a() as usize;
        let g = u64::from(self.net.groups());
        let mut sizes: Vec<u64> = (0..self.local_orbits())
            .map(|c| if c / a == c % a { 0 } else { g })
            .collect();
        sizes.extend(std::iter::repeat_n(
            g,
            (self.net.a() * self.net.h()) as usize,
        ));
        Some(sizes)
    }

    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        Some(vec![u64::from(self.net.groups()); self.net.a() as usize])
    }
}
