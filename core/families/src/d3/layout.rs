//! The wiring of D3(K, M) as the paper draws it (§2, the D3(3,4) diagrams): cabinets
//! hold drawers, drawers hold routers; every link with the port number at each end.
//!
//! ```text
//!   cabinet c            local link (c,d,p) —π— (c,d,p+π), ports π and −π (mod M)
//!   ├ drawer d           global link (c,d,p) —a— (c+a,p,d), ports a and −a (mod K)
//!   │ └ router p         a "ribbon": all global links from drawer (c,d) on port g reach
//!                        cabinet c+g, router p of the drawer landing in drawer p there
//! ```
//!
//! Pure structure (no positions): a drawing arranges it, the port list explains a router.

use serde::Serialize;

use super::{PortKind, Router, D3};
use icn_graph::Graph;
use icn_graph::Node;

/// One port of a router and the router it leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Port {
    /// Local or global.
    pub kind: PortKind,
    /// The port number at this router (local 1..M, global 0..K).
    pub port: u32,
    /// The router at the other end.
    pub peer: Router,
    /// The port it arrives on at `peer` (−port mod M or K).
    pub arrives_on: u32,
}

/// One link of the wiring, from the lower-numbered router `a` to `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Link {
    /// The lower-numbered end.
    pub a: Node,
    /// The higher-numbered end.
    pub b: Node,
    /// Local or global.
    pub kind: PortKind,
    /// The port number at `a`.
    pub port_a: u32,
    /// The port number at `b`.
    pub port_b: u32,
}

/// Every link of D3(K, M) once, local links drawer by drawer, then global links.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Wiring {
    /// Cabinets K.
    pub cabinets: u32,
    /// Drawers per cabinet (and routers per drawer), M.
    pub drawers: u32,
    /// The links inside drawers (each drawer a complete graph): K·M·M(M−1)/2.
    pub local: Vec<Link>,
    /// The links of the swap network: (K²M² − KM)/2 (the KM diagonal port-0 self-loops
    /// are no links).
    pub global: Vec<Link>,
}

impl PortKind {
    /// `"local"` or `"global"`, as JSON and the web tables spell it.
    pub fn name(self) -> &'static str {
        match self {
            PortKind::Local => "local",
            PortKind::Global => "global",
        }
    }
}

impl D3 {
    /// The ports of router `r` in order: local ports 1..M, then global ports 0..K
    /// (global port 0 of a diagonal router is left out: it leads back to `r`).
    pub fn ports(&self, r: Router) -> Vec<Port> {
        self.ports_in(r, 0..self.port_count(r))
    }

    /// How many ports [`D3::ports`] lists for `r`: M − 1 local, K global (K − 1 on a
    /// diagonal router).
    pub fn port_count(&self, r: Router) -> u32 {
        (self.m - 1) + self.k - u32::from(self.is_diagonal(r))
    }

    /// The ports of `r` at positions `range` of [`D3::ports`]'s order (clipped to
    /// [`D3::port_count`]): a page of a table without listing all K of them.
    pub fn ports_in(&self, r: Router, range: std::ops::Range<u32>) -> Vec<Port> {
        let end = range.end.min(self.port_count(r));
        let locals = self.m - 1;
        // Global ports start at 1 on a diagonal router (its port 0 is a self-loop).
        let first_global = u32::from(self.is_diagonal(r));
        (range.start..end)
            .map(|i| {
                if i < locals {
                    let pi = i + 1;
                    Port {
                        kind: PortKind::Local,
                        port: pi,
                        peer: self.local_peer(r, pi),
                        arrives_on: Self::sub(0, pi, self.m),
                    }
                } else {
                    let a = i - locals + first_global;
                    Port {
                        kind: PortKind::Global,
                        port: a,
                        peer: self.global_peer(r, a),
                        arrives_on: Self::sub(0, a, self.k),
                    }
                }
            })
            .collect()
    }

    /// Every link once (see [`Wiring`]).
    pub fn wiring(&self) -> Wiring {
        let (mut local, mut global) = (Vec::new(), Vec::new());
        for v in 0..self.node_count() {
            let r = self.router(v);
            for port in self.ports(r) {
                let w = self.node(port.peer);
                if w > v {
                    let link = Link {
                        a: v,
                        b: w,
                        kind: port.kind,
                        port_a: port.port,
                        port_b: port.arrives_on,
                    };
                    match port.kind {
                        PortKind::Local => local.push(link),
                        PortKind::Global => global.push(link),
                    }
                }
            }
        }
        Wiring {
            cabinets: self.k,
            drawers: self.m,
            local,
            global,
        }
    }

    /// The global links leaving drawer `(c, d)` (the paper's "global communications from
    /// drawer (c, d)"), as (router p, port g, peer): one per router p and cabinet offset g,
    /// to `(c + g, p, d)`. The diagonal's port 0 is left out.
    pub fn drawer_globals(&self, c: u32, d: u32) -> Vec<(Router, Port)> {
        (0..self.m)
            .flat_map(|p| {
                let r = Router { c, d, p };
                self.ports(r)
                    .into_iter()
                    .filter(|q| q.kind == PortKind::Global)
                    .map(move |q| (r, q))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wiring_lists_every_link_of_the_graph_once() {
        for (k, m) in [(3, 4), (1, 2), (2, 2), (4, 3), (3, 1), (6, 5)] {
            let net = D3::new(k, m).unwrap();
            let w = net.wiring();
            let mut seen = std::collections::HashSet::new();
            for l in w.local.iter().chain(&w.global) {
                assert!(l.a < l.b);
                assert!(seen.insert((l.a, l.b)), "D3({k},{m}) {l:?} twice");
            }
            let mut buf = Vec::new();
            let mut edges = 0;
            for v in 0..net.node_count() {
                buf.clear();
                net.neighbours(v, &mut buf);
                for &u in &buf {
                    assert!(seen.contains(&(v.min(u), v.max(u))), "D3({k},{m}) {v}-{u}");
                }
                edges += buf.len();
            }
            assert_eq!(seen.len() * 2, edges);
            assert_eq!(seen.len() as u64, net.link_count());
            // K drawers' complete graphs of M routers, M per cabinet.
            let mm = u64::from(m as u32);
            assert_eq!(w.local.len() as u64, k * mm * mm * (mm - 1) / 2);
            // K² M² global ports, less the K·M diagonal self-loops, two ports a link.
            assert_eq!(w.global.len() as u64, (k * k * mm * mm - k * mm) / 2);
        }
    }

    #[test]
    fn ports_follow_equation_2_1() {
        // The paper's example in D3(6, M): (4,5,3,(4)) -> (2,3,5,(2)).
        let net = D3::new(6, 7).unwrap();
        let r = Router { c: 4, d: 5, p: 3 };
        let g4 = net
            .ports(r)
            .into_iter()
            .find(|q| q.kind == PortKind::Global && q.port == 4)
            .unwrap();
        assert_eq!(g4.peer, Router { c: 2, d: 3, p: 5 });
        assert_eq!(g4.arrives_on, 2);
        // Non-diagonal: M − 1 local + K global; diagonal: one global fewer.
        assert_eq!(net.ports(r).len(), 6 + 6);
        assert_eq!(net.ports(Router { c: 0, d: 2, p: 2 }).len(), 6 + 5);
        // Every port is a link whose far end's port `arrives_on` leads back.
        for q in net.ports(r) {
            let back = match q.kind {
                PortKind::Local => net.local_peer(q.peer, q.arrives_on),
                PortKind::Global => net.global_peer(q.peer, q.arrives_on),
            };
            assert_eq!(back, r, "{q:?}");
        }
    }

    #[test]
    fn drawer_globals_are_ribbons_to_every_cabinet() {
        // D3(3,4), drawer (0,0): the paper's figure of global communications to cabinets
        // 0, 1 and 2 — router p on port g reaches (g, p, 0).
        let net = D3::new(3, 4).unwrap();
        let links = net.drawer_globals(0, 0);
        assert_eq!(links.len(), 4 * 3 - 1); // (0,0,0) port 0 is the diagonal's self-loop
        for (r, q) in links {
            assert_eq!(
                q.peer,
                Router {
                    c: q.port,
                    d: r.p,
                    p: 0
                }
            );
        }
    }

    #[test]
    fn pages_of_ports_are_the_ports() {
        // Every router of three networks (diagonal and not): the ports are its neighbours
        // in the topology, once each, and pages of any size put back the whole list.
        for (k, m) in [(3, 4), (5, 2), (1, 5)] {
            let net = D3::new(k, m).unwrap();
            for v in 0..net.node_count() {
                let r = net.router(v);
                let all = net.ports(r);
                assert_eq!(all.len() as u32, net.port_count(r));
                let mut peers: Vec<Node> = all.iter().map(|q| net.node(q.peer)).collect();
                let mut nbrs = Vec::new();
                net.neighbours(v, &mut nbrs);
                peers.sort_unstable();
                nbrs.sort_unstable();
                assert_eq!(peers, nbrs, "D3({k},{m}) router {r:?}");
                for size in [1, 3, 7] {
                    let pages: Vec<Port> = (0..all.len() as u32)
                        .step_by(size)
                        .flat_map(|i| net.ports_in(r, i..i + size as u32))
                        .collect();
                    assert_eq!(pages, all);
                }
                assert!(net.ports_in(r, 1000..2000).is_empty());
            }
        }
    }
}
