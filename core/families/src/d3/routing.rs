//! D3(K, M) routing relations (memoryless next hops) and the deflection paths of §10.
//!
//! - [`D3Routing::Lgl`]: the paper's path (2.2) local–global–local, with the hops that
//!   do not move (local port 0, the diagonal's global port 0) left out. One path.
//!   Within one drawer it takes the direct local hop (the literal header detours through
//!   the drawer's diagonal router and holds there; a memoryless relation cannot tell a
//!   packet that starts in the destination drawer from one that has just arrived).
//! - [`D3Routing::GlglDirect`]: the memoryless relation nearest §10's glgl path: the
//!   global hop to the destination cabinet first when it is another one, then `Lgl`
//!   inside it. One path. It is **not** §10's path in two cases, because that path
//!   depends on where the packet started: §10 takes the first global hop even when
//!   c′ = c (global port 0 swaps drawer and router inside the cabinet), and when that
//!   hop lands in the destination drawer (p = d′) it goes on through the drawer's
//!   diagonal router (local, held global port 0, local) where `Lgl` hops directly.
//!   [`D3::glgl_path`] is §10's path itself.
//! - `minimal` is the generic `MinimalRouting` of the algorithms layer (`routing`) over
//!   the closed-form distance.
//!
//! The deflection paths (§10, counter 5 and 4) depend on where the packet started, so
//! they are listed explicitly by [`D3::deflection_paths`], not as a relation.

use num_bigint::BigUint;

use super::{Router, D3};
use icn_graph::{CostHints, RouteSymmetry};
use icn_graph::{Node, Orbits, Routing};

/// Which D3 routing relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum D3Routing {
    /// The l-g-l path (2.2).
    Lgl,
    /// The glgl path that jumps to the destination cabinet first (§10).
    GlglDirect,
}

impl D3Routing {
    /// The strategy name used in specs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            D3Routing::Lgl => "lgl",
            D3Routing::GlglDirect => "glgl-direct",
        }
    }
}

/// Why `glgl-direct` does not follow §10's glgl path for a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlglCase {
    /// c′ = c: §10 still takes the first global hop (global port 0 swaps drawer and
    /// router); the relation cannot tell a packet at its start from one that has arrived.
    SameCabinet,
    /// p = d′: the first hop lands in the destination drawer; §10 goes on through the
    /// diagonal router (local, a held global port 0, local), the relation hops directly.
    LandsInDestinationDrawer,
}

impl GlglCase {
    /// The case in docs/topologies/dragonfly.md's words.
    pub fn text(self) -> &'static str {
        match self {
            GlglCase::SameCabinet => "c′ = c: §10 still takes the first global hop, on global port 0, which swaps drawer and router inside the cabinet; glgl-direct has no way to tell a packet at its start from one that has arrived, and routes lgl in the cabinet",
            GlglCase::LandsInDestinationDrawer => "p = d′: the first hop lands in the destination drawer, at (c′,d′,d); §10 goes on to the diagonal router (c′,d′,d′), holds, and takes the local hop to p′; glgl-direct takes lgl's direct hop",
        }
    }
}

/// §10's glgl path and the `glgl-direct` relation's path for one pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlglComparison {
    /// §10's path ([`D3::glgl_path`]).
    pub path: Vec<Node>,
    /// The relation's path.
    pub direct: Vec<Node>,
    /// Why they differ; `None` when they are the same path.
    pub case: Option<GlglCase>,
}

/// A D3 routing relation bound to its network.
#[derive(Debug, Clone)]
pub struct D3Router<'a> {
    net: &'a D3,
    kind: D3Routing,
}

impl D3 {
    /// The routing relation `kind` on this network.
    pub fn routing(&self, kind: D3Routing) -> D3Router<'_> {
        D3Router { net: self, kind }
    }

    /// The next router of the (2.2) path from `at` towards `dst` (`at ≠ dst`).
    pub fn lgl_next(&self, at: Router, dst: Router) -> Router {
        if (at.c, at.d) == (dst.c, dst.d) {
            dst
        } else if at.p == dst.d {
            self.global_peer(at, self.global_port(at, dst.c))
        } else {
            Router { p: dst.d, ..at }
        }
    }

    /// The next router of the glgl-direct relation from `at` towards `dst` (`at ≠ dst`):
    /// the global hop to `dst`'s cabinet when `at` is in another, else [`D3::lgl_next`].
    /// Not [`D3::glgl_path`] where c′ = c or the first hop lands in the destination drawer.
    pub fn glgl_direct_next(&self, at: Router, dst: Router) -> Router {
        if at.c != dst.c {
            self.global_peer(at, self.global_port(at, dst.c))
        } else {
            self.lgl_next(at, dst)
        }
    }

    /// §10's deflection paths from `src` to `dst`: counter 5 takes local port D (any of
    /// the M, 0 = stay), counter 4 takes the global port to cabinet C, then the
    /// destination header's three steps (local, global, local). With `cabinet = Some(C)`
    /// the M paths through that cabinet; with `None` all K·M. Each path lists the
    /// routers it visits, holds (port 0, the diagonal's self-loop) left out, and ends
    /// where it first reaches the destination (the literal counter would walk on and
    /// come back), so a path has at most 5 hops; different choices can give the same
    /// router sequence, and each choice is listed (D = 0 … M−1 for each C = 0 … K−1).
    pub fn deflection_paths(&self, src: Node, dst: Node, cabinet: Option<u32>) -> Vec<Vec<Node>> {
        let cabinets: Vec<u32> = match cabinet {
            Some(c) => vec![c % self.k],
            None => (0..self.k).collect(),
        };
        cabinets
            .into_iter()
            .flat_map(|c| (0..self.m).map(move |d| self.deflection_path(src, dst, d, c)))
            .collect()
    }

    /// §10's glgl path from `src` = (c, d, p) to `dst` = (c′, d′, p′): the deflection
    /// header (4; c′, d′, p′) with C = c′ − c, that is
    /// `(c,d,p) →g (c′,p,d) →l (c′,p,d′) →g (c′,d′,p) →l (c′,d′,p′)` (the paper prints the
    /// middle routers as (c′,d,d′) and (c′,d′,d), which are no neighbours of theirs),
    /// holds (local port 0, a diagonal's global port 0) left out. The first hop is global
    /// even when c′ = c. At most four hops; not always minimal.
    pub fn glgl_path(&self, src: Node, dst: Node) -> Vec<Node> {
        let (s, t) = (self.router(src), self.router(dst));
        self.deflection_path(src, dst, s.p, t.c)
    }

    /// The `glgl-direct` relation's one path from `src` to `dst` (its next hops followed).
    pub fn glgl_direct_path(&self, src: Node, dst: Node) -> Vec<Node> {
        let (mut at, t) = (self.router(src), self.router(dst));
        let mut walk = vec![src];
        while at != t && walk.len() <= 5 {
            at = self.glgl_direct_next(at, t);
            walk.push(self.node(at));
        }
        walk
    }

    /// §10's glgl path from `src` to `dst` beside the `glgl-direct` relation's path, and
    /// why they differ when they do (docs/topologies/dragonfly.md's two cases).
    pub fn glgl_comparison(&self, src: Node, dst: Node) -> GlglComparison {
        let (s, t) = (self.router(src), self.router(dst));
        let (path, direct) = (self.glgl_path(src, dst), self.glgl_direct_path(src, dst));
        let case = (path != direct).then_some(if s.c == t.c {
            GlglCase::SameCabinet
        } else {
            GlglCase::LandsInDestinationDrawer
        });
        GlglComparison { path, direct, case }
    }

    /// One deflection path: local port to router `d`, global port to cabinet `c`, then
    /// the destination header's local, global and local steps; holds left out, ending
    /// where it first reaches `dst`.
    fn deflection_path(&self, src: Node, dst: Node, d: u32, c: u32) -> Vec<Node> {
        let (s, t) = (self.router(src), self.router(dst));
        let mut walk = vec![s];
        let r1 = Router { p: d, ..s };
        let r2 = self.global_peer(r1, self.global_port(r1, c));
        let r3 = Router { p: t.d, ..r2 };
        let r4 = self.global_peer(r3, self.global_port(r3, t.c));
        for r in [r1, r2, r3, r4, t] {
            if walk.last() == Some(&t) {
                break;
            }
            if walk.last() != Some(&r) {
                walk.push(r);
            }
        }
        walk.into_iter().map(|r| self.node(r)).collect()
    }
}

impl Routing for D3Router<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        if at == dst {
            return;
        }
        let (a, t) = (self.net.router(at), self.net.router(dst));
        let next = match self.kind {
            D3Routing::Lgl => self.net.lgl_next(a, t),
            D3Routing::GlglDirect => self.net.glgl_direct_next(a, t),
        };
        out.push(self.net.node(next));
    }

    fn is_minimal(&self) -> bool {
        false
    }

    fn path_count(&self, _src: Node, _dst: Node) -> Option<BigUint> {
        Some(BigUint::from(1u32))
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }

    /// One router computed from the two coordinates, no neighbour scanned.
    fn cost_hints(&self) -> CostHints {
        CostHints {
            next_hops_work: Some(1),
            first_use_work: None,
        }
    }
}

impl RouteSymmetry for D3Router<'_> {
    /// Both relations commute with the network's automorphisms ([`super::symmetry`]).
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        Some(Box::new(self.net.orbits()))
    }
}
