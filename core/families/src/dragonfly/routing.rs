//! The Dragonfly's routings: every minimal path, Kim et al.'s minimal routing MIN (local,
//! the direct global link, local), and Valiant's two-phase routing through a random router
//! of a random third group (Kim et al. §4.1 route via a random intermediate group).

use std::collections::VecDeque;
use std::str::FromStr;

use num_bigint::BigUint;

use crate::family::parse_strategy;
use icn_graph::error::UnknownStrategy;
use icn_graph::{MinimalRouting, Node, Orbits, Routing};

use super::Dragonfly;
use icn_graph::{Graph, Symmetry};
use icn_graph::{RouteSymmetry, TwoPhase};

/// Above this many steps (N + 2E) Valiant's route count is left to the generic walk.
const VALIANT_COUNT_STEPS: u64 = 1 << 24;

/// The Dragonfly's routing strategies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DragonflyRouting {
    /// Every shortest path (local-global-local and the shortcuts through other groups).
    Minimal,
    /// Kim et al.'s MIN: to a router of the source group with a global link to the
    /// destination group, across it, then to the destination: one path per such link.
    Lgl,
    /// Valiant: minimally to a random router of a random third group, then minimally on.
    Valiant,
    /// Kim et al.'s VAL: Valiant's detour with MIN (l-g-l) halves.
    ValiantMin,
}

impl DragonflyRouting {
    /// Every strategy, in menu order.
    pub const ALL: [DragonflyRouting; 4] = [
        DragonflyRouting::Minimal,
        DragonflyRouting::Lgl,
        DragonflyRouting::Valiant,
        DragonflyRouting::ValiantMin,
    ];

    /// The name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            DragonflyRouting::Minimal => "minimal",
            DragonflyRouting::Lgl => "lgl",
            DragonflyRouting::Valiant => "valiant",
            DragonflyRouting::ValiantMin => "valiant-min",
        }
    }
}

impl FromStr for DragonflyRouting {
    type Err = UnknownStrategy;

    /// `minimal`, `lgl`, `valiant` or `valiant-min`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_strategy(s, &DragonflyRouting::ALL, DragonflyRouting::name)
    }
}

/// Every shortest path, with the closed-form distances and path counts of `paths.rs`.
#[derive(Debug)]
pub struct DragonflyMinimal<'a> {
    net: &'a Dragonfly,
    relation: MinimalRouting<'a, Dragonfly>,
}

impl<'a> DragonflyMinimal<'a> {
    /// Minimal routing on `net`.
    pub fn new(net: &'a Dragonfly) -> Self {
        DragonflyMinimal {
            net,
            relation: MinimalRouting::new(net),
        }
    }
}

impl Routing for DragonflyMinimal<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        self.relation.next_hops(at, dst, out);
    }

    fn next_hops_to(&self, dst: Node, nodes: usize, start: &mut Vec<usize>, out: &mut Vec<Node>) {
        self.relation.next_hops_to(dst, nodes, start, out);
    }

    fn follows_distances(&self) -> bool {
        true
    }

    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        Some(BigUint::from(self.net.min_path_count(src, dst)))
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl RouteSymmetry for DragonflyMinimal<'_> {
    /// Minimal paths depend on distances only: the group rotation of the relative and
    /// circulant arrangements commutes with them.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        self.net.automorphisms()
    }
}

/// Kim et al.'s minimal routing MIN: within a group the one local hop; to another group,
/// a router with global links to the destination group takes one of them; any other
/// router first takes a local hop to such a router (one path per global link between the
/// two groups). Then a local hop to the destination unless the link lands on it. At most
/// three hops, exactly one global; not always a shortest path (a path through a third
/// group may be shorter).
#[derive(Debug, Clone, Copy)]
pub struct LocalGlobalLocal<'a> {
    net: &'a Dragonfly,
}

impl<'a> LocalGlobalLocal<'a> {
    /// MIN on `net`.
    pub fn new(net: &'a Dragonfly) -> Self {
        LocalGlobalLocal { net }
    }

    /// The global links from `at`'s group to `to`: at's own, if it has any, else all.
    fn links_from(&self, at: Node, to: u32) -> Vec<(Node, Node)> {
        let links: Vec<(Node, Node)> = self.net.links_between(self.net.coords(at).0, to).collect();
        if links.iter().any(|&(gateway, _)| gateway == at) {
            links
                .into_iter()
                .filter(|&(gateway, _)| gateway == at)
                .collect()
        } else {
            links
        }
    }
}

impl Routing for LocalGlobalLocal<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        if at == dst {
            return;
        }
        let (ga, gd) = (self.net.coords(at).0, self.net.coords(dst).0);
        if ga == gd {
            out.push(dst);
            return;
        }
        let start = out.len();
        for (gateway, landing) in self.links_from(at, gd) {
            let next = if gateway == at { landing } else { gateway };
            if !out[start..].contains(&next) {
                out.push(next);
            }
        }
    }

    fn is_minimal(&self) -> bool {
        false
    }

    /// One path per global link the source may take: its own to the destination's group,
    /// or every one between the two groups; one within a group.
    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        let (gs, gd) = (self.net.coords(src).0, self.net.coords(dst).0);
        if gs == gd {
            return Some(BigUint::from(1u32));
        }
        Some(BigUint::from(self.links_from(src, gd).len()))
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl RouteSymmetry for LocalGlobalLocal<'_> {
    /// Its rule reads only groups and the global links between them, which the group
    /// rotation of the relative and circulant arrangements maps onto themselves.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        self.net.automorphisms()
    }
}

/// Valiant's routing: a unit from router s to router d of another group goes via a
/// router i of a third group, every such router equally likely (a random group, then a
/// random router in it), along shortest paths from s to i and from i to d. Within a
/// group it routes minimally. The walk may revisit a router (i's group entered at one
/// router and left again through it).
///
/// With MIN halves ([`Valiant::with_min_halves`], Kim et al.'s VAL) each half is l-g-l
/// ([`LocalGlobalLocal`]) instead: exactly two global hops.
#[derive(Debug)]
pub struct Valiant<'a> {
    net: &'a Dragonfly,
    relation: MinimalRouting<'a, Dragonfly>,
    /// MIN halves, when set.
    min: Option<LocalGlobalLocal<'a>>,
}

impl<'a> Valiant<'a> {
    /// Valiant's routing on `net` (with g ≥ 3: a third group to go via).
    pub fn new(net: &'a Dragonfly) -> Self {
        Valiant {
            net,
            relation: MinimalRouting::new(net),
            min: None,
        }
    }

    /// Kim et al.'s VAL: Valiant's intermediates, each half routed by MIN (l-g-l).
    pub fn with_min_halves(net: &'a Dragonfly) -> Self {
        Valiant {
            min: Some(LocalGlobalLocal::new(net)),
            ..Valiant::new(net)
        }
    }

    /// The number of shortest paths from `src` to every router: one breadth-first search.
    fn counts_from(&self, src: Node) -> Vec<u64> {
        let n = self.net.node_count();
        let (mut dist, mut count) = (vec![u32::MAX; n], vec![0u64; n]);
        dist[src] = 0;
        count[src] = 1;
        let mut queue = VecDeque::from([src]);
        let mut buf = Vec::new();
        while let Some(u) = queue.pop_front() {
            buf.clear();
            self.net.neighbours(u, &mut buf);
            for &v in &buf {
                if dist[v] == u32::MAX {
                    dist[v] = dist[u] + 1;
                    queue.push_back(v);
                }
                if dist[v] == dist[u] + 1 {
                    count[v] += count[u];
                }
            }
        }
        count
    }
}

impl Routing for Valiant<'_> {
    /// Each phase's relation: every shortest path towards `dst` (l-g-l with MIN halves).
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        match &self.min {
            Some(min) => min.next_hops(at, dst, out),
            None => self.relation.next_hops(at, dst, out),
        }
    }

    fn next_hops_to(&self, dst: Node, nodes: usize, start: &mut Vec<usize>, out: &mut Vec<Node>) {
        match &self.min {
            Some(min) => min.next_hops_to(dst, nodes, start, out),
            None => self.relation.next_hops_to(dst, nodes, start, out),
        }
    }

    fn is_minimal(&self) -> bool {
        false
    }

    fn follows_distances(&self) -> bool {
        self.min.is_none()
    }

    /// Σ over the intermediates i of paths(src, i) · paths(i, dst), from one
    /// path-counting search from each end (minimal paths run both ways): O(N + E), and
    /// `None` (the generic walk) above 2²⁴ steps.
    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        if let Some(min) = &self.min {
            let Some(via) = self.intermediates(src, dst) else {
                return min.path_count(src, dst);
            };
            let mut total = BigUint::default();
            for i in via {
                total += min.path_count(src, i)? * min.path_count(i, dst)?;
            }
            return Some(total);
        }
        let Some(via) = self.intermediates(src, dst) else {
            return Some(BigUint::from(self.net.min_path_count(src, dst)));
        };
        let steps = (self.net.node_count() as u64).saturating_add(2 * self.net.link_count());
        if steps > VALIANT_COUNT_STEPS {
            return None;
        }
        let (from, to) = (self.counts_from(src), self.counts_from(dst));
        let total: u128 = via
            .iter()
            .map(|&i| u128::from(from[i]) * u128::from(to[i]))
            .sum();
        Some(BigUint::from(total))
    }

    fn two_phase(&self) -> Option<&dyn TwoPhase> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl TwoPhase for Valiant<'_> {
    /// Every router outside the groups of `src` and `dst`, in node order; `None` within a
    /// group.
    fn intermediates(&self, src: Node, dst: Node) -> Option<Vec<Node>> {
        let (gs, gd) = (self.net.coords(src).0, self.net.coords(dst).0);
        if gs == gd {
            return None;
        }
        let n = self.net.node_count();
        Some(
            (0..n)
                .filter(|&v| {
                    let gv = self.net.coords(v).0;
                    gv != gs && gv != gd
                })
                .collect(),
        )
    }

    /// The `r mod len`-th router outside the groups of `src` and `dst`, in node order, as
    /// [`TwoPhase::intermediates`] lists them, without the list.
    fn pick_intermediate(&self, src: Node, dst: Node, r: u64) -> Option<Node> {
        let (gs, gd) = (self.net.coords(src).0, self.net.coords(dst).0);
        if gs == gd || self.net.groups() < 3 {
            return None;
        }
        let (a, g) = (u64::from(self.net.a()), u64::from(self.net.groups()));
        let k = r % ((g - 2) * a);
        let (lo, hi) = (gs.min(gd), gs.max(gd));
        let mut group = (k / a) as u32;
        if group >= lo {
            group += 1;
        }
        if group >= hi {
            group += 1;
        }
        Some(self.net.node(group, (k % a) as u32))
    }

    /// BookSim2's draw (`ugal_dragonflynew`: an endpoint among all, so a router among all):
    /// the source, standing for every router of its group (a draw there routes
    /// minimally), and every router outside it, the destination's group included; within
    /// a group, the source alone (BookSim2 routes minimally without a draw).
    fn intermediates_with_ends(&self, src: Node, dst: Node) -> Vec<Node> {
        let (gs, gd) = (self.net.coords(src).0, self.net.coords(dst).0);
        let mut list = vec![src];
        if gs != gd {
            let n = self.net.node_count();
            list.extend((0..n).filter(|&v| self.net.coords(v).0 != gs));
        }
        list
    }

    /// The `r mod (g·a)`-th router in node order, or the source for one of its group: each
    /// router equally likely, as BookSim2 draws, so the source (the minimal route) with its
    /// group's weight, 1/g.
    fn pick_with_ends(&self, src: Node, dst: Node, r: u64) -> Node {
        let (gs, gd) = (self.net.coords(src).0, self.net.coords(dst).0);
        if gs == gd {
            return src;
        }
        let v = (r % self.net.node_count() as u64) as Node;
        if self.net.coords(v).0 == gs {
            src
        } else {
            v
        }
    }
}

impl RouteSymmetry for Valiant<'_> {
    /// Both phases' relations (minimal, or MIN) commute with the group rotation, and it
    /// maps the routers outside the groups of `s` and `d` onto those outside the groups of
    /// their images: the worst case takes one channel per orbit.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        self.net.automorphisms()
    }
}
