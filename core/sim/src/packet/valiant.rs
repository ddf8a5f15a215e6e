//! Two-phase routes in the simulator: Valiant's routing (a family's two-phase strategy,
//! such as the Dragonfly's `valiant` and `valiant-min`) and UGAL, which chooses at the
//! source router between the minimal route and Valiant's by the queues it sees (BookSim2's
//! `ugal_dragonflynew`, after Kim et al., ISCA 2008, §4.2).
//!
//! **Classes of a two-phase route** (the `phases` scheme on a two-phase routing). With 4
//! classes (4 or more VCs): in the leg towards the intermediate class 0, then 1 once the
//! leg crossed a phase boundary (a global link); from the intermediate on (and on a route
//! without one) class 2, then 3 once that leg crossed one: l-g-l-l-g-l takes 0, 0, 1, 2,
//! 2, 3, which is deadlock-free on the Dragonfly with `valiant-min` and UGAL. With 3 VCs,
//! BookSim2's assignment for UGAL (`ugal_dragonflynew`): class 0 on the whole first leg,
//! then 1, then 2 once the second leg crossed a boundary: 0, 0, 0, 1, 1, 2. That one is
//! not deadlock-free (a global link into a group, the first leg's last local hop, another
//! source's first local hop in that group and its global link close a cycle of class 0),
//! and the simulator says so; BookSim2 does not check. (The deadlock module's own `phases`
//! counts boundaries over the whole route, 0, 0, 1, 1, 1, 2, which leaves cycles among the
//! local channels of the intermediate group.) Assignments are checked by listing every
//! route with its classes ([`legs_deadlock_free`]) and asking the deadlock module for a
//! cycle ([`ClassedRoutes`]).
//!
//! **BookSim2's halves** ([`Legs::Halves`], its `valiant_mesh` and `romm_mesh`): the
//! intermediate is drawn among the routing's intermediates and the pair's own routers
//! ([`icn_graph::TwoPhase::pick_with_ends`]); the first leg takes the lower half of the VCs, the second
//! the upper half ([`halves`]), and at the destination's router, whether the packet ejects
//! there or passes through it in its first leg, every VC.
//!
//! **BookSim2's flattened butterfly** (its `valiant_flatfly`, [`Legs::HalvesEjecting`]):
//! the same halves and draw, but a packet ejects at its destination's router in whichever
//! leg it reaches it (a packet for its own router ejects at once). Its `ugal_flatfly`
//! ([`Legs::UgalHops`]): the draw among the routing's intermediates and the pair's own
//! routers, the choice at the source router weighing each route's first output queue by
//! its hops ([`ugal_hops_prefers_minimal`]), the halves by leg (the minimal route on the
//! upper), kept through the destination's router; every VC at ejection.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use icn_analyses::deadlock::{ClassedRoutes, Scheme};
use icn_graph::intermediates;
use icn_graph::{channel_phases, Node, Routing, Topology};
use serde::{Deserialize, Serialize};

/// How the legs of a two-phase route take virtual channels under the `phases` scheme.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Legs {
    /// The leg classes (3 or 4) of this module: icnplay's, and BookSim2's dragonflynew's
    /// `min`.
    #[default]
    Classes,
    /// BookSim2's `ugal_dragonflynew`: the leg classes, the intermediate from BookSim2's
    /// draw among every router ([`icn_graph::TwoPhase::pick_with_ends`]: one of the
    /// source's group means the minimal route), and a pair within one group in its last
    /// class from the start (BookSim2's phase 2: no global link to cross).
    UgalDraw,
    /// BookSim2's mesh functions: two classes, one per leg, as BookSim2 splits the VCs
    /// ([`halves`]); the intermediate drawn with the pair's own routers; every VC at the
    /// destination's router.
    Halves,
    /// BookSim2's `xy_yx_mesh`: the route's order drawn at the source as its intermediate
    /// among [`icn_graph::TwoPhase::intermediates_with_ends`] (the first order's corner or
    /// the reverse's), the VC half that draw's position (the first: the lower half), kept
    /// for the whole route; every VC at ejection.
    Order,
    /// BookSim2's `adaptive_xy_yx_mesh`: [`Legs::Order`], the order chosen at the source
    /// router instead of drawn: the one whose first output holds fewer flits (credits in
    /// use), either with equal chance at a tie.
    AdaptiveOrder,
    /// BookSim2's `valiant_flatfly`: [`Legs::Halves`], except that a packet ejects at its
    /// destination's router in either leg (a first leg through it ends there).
    HalvesEjecting,
    /// BookSim2's `ugal_flatfly` (`ugal_flatfly_onchip`): at the source router the
    /// minimal route or the one via the drawn intermediate
    /// ([`ugal_hops_prefers_minimal`]), the halves by leg (the minimal route on the
    /// upper), the first leg's half kept through the destination's router; every VC at
    /// ejection.
    UgalHops,
}

impl Legs {
    /// Whether the VC half is the route's order ([`Legs::Order`], [`Legs::AdaptiveOrder`]).
    pub fn by_order(self) -> bool {
        matches!(self, Legs::Order | Legs::AdaptiveOrder)
    }

    /// Whether it is one of BookSim2's mesh rules (its draw with the pair's own routers,
    /// two classes, every VC at ejection).
    pub fn booksim(self) -> bool {
        !matches!(self, Legs::Classes | Legs::UgalDraw)
    }
}

/// BookSim2's halves of `vcs` VCs for leg `leg` (0 or 1): of V, the first V − ⌊V/2⌋ and
/// the last V − ⌊V/2⌋ (with V odd the middle VC is in both).
#[inline]
pub fn halves(vcs: u32, leg: u32) -> (u32, u32) {
    let half = vcs / 2;
    if leg == 0 {
        (0, vcs - 1 - half)
    } else {
        (half, vcs - 1)
    }
}

/// The tag bit of a packet past its intermediate, or on a route without one.
pub const LEG_TWO: u16 = 1 << 8;

/// UGAL takes the minimal route when its queue is at most this many times the
/// non-minimal one's, plus [`UGAL_THRESHOLD`] (BookSim2's `ugal_dragonflynew`: 2, the
/// ratio of the routes' global hops).
pub const UGAL_FACTOR: u32 = 2;
/// UGAL's bias towards the minimal route, in flits (BookSim2's 30).
pub const UGAL_THRESHOLD: u32 = 30;

/// The flattened butterfly's UGAL bias towards the minimal route (BookSim2's
/// `ugal_flatfly_onchip`: 2).
pub const UGAL_HOPS_THRESHOLD: u64 = 2;

/// The route enumeration for the deadlock check stops past this many hops.
const CHECK_HOPS: usize = 1 << 22;

/// UGAL's choice at the source: the minimal route, whose first output holds `q_min` flits
/// (credits in use), against the non-minimal one's `q_non`.
#[inline]
pub fn ugal_prefers_minimal(q_min: u32, q_non: u32) -> bool {
    q_min <= UGAL_FACTOR * q_non + UGAL_THRESHOLD
}

/// BookSim2's flattened-butterfly UGAL choice at the source: the minimal route of
/// `h_min` hops, whose first output holds `q_min` flits (credits in use), against the
/// route via the intermediate of `h_non` hops and `q_non`: minimal when
/// h_min · q_min ≤ h_non · q_non + 2.
#[inline]
pub fn ugal_hops_prefers_minimal(h_min: u32, q_min: u32, h_non: u32, q_non: u32) -> bool {
    u64::from(h_min) * u64::from(q_min) <= u64::from(h_non) * u64::from(q_non) + UGAL_HOPS_THRESHOLD
}

/// The class of a hop for a packet in state `tag` and its state after it, `boundary`
/// saying whether the hop crosses a phase boundary, with `classes` classes (3 or 4).
#[inline]
pub fn leg_step(classes: u32, tag: u16, boundary: bool) -> (u32, u16) {
    let class = leg_class(classes, tag);
    (class, (tag & LEG_TWO) | (tag & 1) | u16::from(boundary))
}

/// The class of a packet in state `tag`, for its next hop and for ejection: with 4
/// classes, 2 × leg + whether it crossed a boundary in this leg; with 3 (BookSim2's), 0 in
/// the first leg, 1 + whether it crossed a boundary in the second.
#[inline]
pub fn leg_class(classes: u32, tag: u16) -> u32 {
    let crossed = u32::from(tag & 1);
    let class = match (classes >= 4, tag & LEG_TWO != 0) {
        (true, leg_two) => 2 * u32::from(leg_two) + crossed,
        (false, false) => 0,
        (false, true) => 1 + crossed,
    };
    class.min(classes - 1)
}

/// Whether every route of the two-phase `routing` (each intermediate it names, and the
/// route without one, which UGAL takes) under the leg classes with `classes` classes has an
/// acyclic channel dependency graph; `None` when there are too many routes to list. Under
/// [`Legs::Halves`] the routes are BookSim2's: via each node of its draw, a packet to its
/// own router among them, and a hop out of the destination's router in the first leg on
/// either class; under [`Legs::HalvesEjecting`] a first leg through the destination's
/// router ends there; under [`Legs::UgalHops`] the draw's (the minimal route among them,
/// via the source).
///
/// # Complexity
/// Every (source, destination, intermediate) triple's walks: O(N³·L) at most, stopped
/// past 2²² hops.
pub fn legs_deadlock_free(
    t: &dyn Topology,
    routing: &dyn Routing,
    legs: Legs,
    classes: u32,
) -> Option<bool> {
    let n = t.node_count();
    let two = routing.two_phase()?;
    // Each route is added to the graph as it is made; each leg's walks are listed once per
    // pair of ends, not once per triple.
    let mut graph = ClassedRoutes::new(t, classes).ok()?;
    let mut legs_of: HashMap<(Node, Node), Vec<Vec<Node>>> = HashMap::new();
    let mut hops = 0usize;
    let mut walk: Vec<Node> = Vec::new();
    let mut classes_of: Vec<u32> = Vec::new();
    for s in 0..n {
        for d in (0..n).filter(|&d| d != s || legs == Legs::Halves) {
            let vias: Vec<Option<Node>> = match legs {
                // The source in BookSim2's draw is the minimal route, listed first.
                Legs::UgalDraw => std::iter::once(None)
                    .chain(
                        two.intermediates_with_ends(s, d)
                            .into_iter()
                            .filter(|&v| v != s)
                            .map(Some),
                    )
                    .collect(),
                Legs::Classes => std::iter::once(None)
                    .chain(
                        intermediates(routing, s, d)
                            .unwrap_or_default()
                            .into_iter()
                            .map(Some),
                    )
                    .collect(),
                Legs::Halves
                | Legs::Order
                | Legs::AdaptiveOrder
                | Legs::HalvesEjecting
                | Legs::UgalHops => two
                    .intermediates_with_ends(s, d)
                    .into_iter()
                    .map(Some)
                    .collect(),
            };
            for (drawn, via) in vias.into_iter().enumerate() {
                let m = via.unwrap_or(s);
                leg_walks(&mut legs_of, routing, s, m)?;
                leg_walks(&mut legs_of, routing, m, d)?;
                for first in &legs_of[&(s, m)] {
                    for second in &legs_of[&(m, d)] {
                        walk.clear();
                        walk.extend_from_slice(first);
                        match first.iter().position(|&v| v == d) {
                            Some(i) if legs == Legs::HalvesEjecting => walk.truncate(i + 1),
                            _ => walk.extend_from_slice(&second[1..]),
                        }
                        if walk.len() < 2 {
                            continue;
                        }
                        let leg_one = (first.len() - 1).min(walk.len() - 1);
                        classes_of.clear();
                        match legs {
                            Legs::Classes => {
                                classes_of.extend(classes_along(t, &walk, leg_one, classes, false))
                            }
                            Legs::UgalDraw => {
                                let one_group = two.pick_intermediate(s, d, 0).is_none();
                                classes_of
                                    .extend(classes_along(t, &walk, leg_one, classes, one_group));
                            }
                            Legs::Halves | Legs::HalvesEjecting | Legs::UgalHops => classes_of
                                .extend((0..walk.len() - 1).map(|i| u32::from(i >= leg_one))),
                            Legs::Order | Legs::AdaptiveOrder => {
                                classes_of.resize(walk.len() - 1, u32::from(drawn > 0));
                            }
                        }
                        hops += classes_of.len();
                        if hops > CHECK_HOPS {
                            return None;
                        }
                        // BookSim2 gives a hop out of the destination's router every VC.
                        if legs == Legs::Halves {
                            for i in (0..leg_one).filter(|&i| walk[i] == d) {
                                let held = std::mem::replace(&mut classes_of[i], 1);
                                graph.add(&walk, &classes_of).ok()?;
                                classes_of[i] = held;
                            }
                        }
                        graph.add(&walk, &classes_of).ok()?;
                    }
                }
            }
        }
    }
    Some(graph.report(Scheme::Phases).acyclic)
}

/// Lists the walks of `routing` from `a` to `b` into `legs` once (`[a]` when they are the
/// same node); `None` past [`CHECK_HOPS`] walks.
fn leg_walks(
    legs: &mut HashMap<(Node, Node), Vec<Vec<Node>>>,
    routing: &dyn Routing,
    a: Node,
    b: Node,
) -> Option<()> {
    if let Entry::Vacant(e) = legs.entry((a, b)) {
        let mut out = Vec::new();
        walks(routing, a, b, &mut vec![a], &mut out, CHECK_HOPS)?;
        e.insert(out);
    }
    Some(())
}

/// The classes of a walk's hops, its first `leg_one` hops towards the intermediate;
/// `crossed`: a route without one that starts in its last class ([`Legs::UgalDraw`]).
fn classes_along(
    t: &dyn Topology,
    walk: &[Node],
    leg_one: usize,
    classes: u32,
    crossed: bool,
) -> Vec<u32> {
    let mut tag = match (leg_one, crossed) {
        (0, true) => LEG_TWO | 1,
        (0, false) => LEG_TWO,
        _ => 0,
    };
    debug_assert!(classes >= 3);
    walk.windows(2)
        .enumerate()
        .map(|(i, w)| {
            if i == leg_one {
                tag = LEG_TWO;
            }
            let (class, next) =
                leg_step(classes, tag, channel_phases(t).phase_boundary(w[0], w[1]));
            tag = next;
            class
        })
        .collect()
}

/// Every walk of the relation from `at` to `dst`, appended to `out` (each starting with
/// `path`); `None` past `budget` walks.
fn walks(
    routing: &dyn Routing,
    at: Node,
    dst: Node,
    path: &mut Vec<Node>,
    out: &mut Vec<Vec<Node>>,
    budget: usize,
) -> Option<()> {
    if at == dst {
        out.push(path.clone());
        return (out.len() <= budget).then_some(());
    }
    let mut next = Vec::new();
    routing.next_hops(at, dst, &mut next);
    for v in next {
        path.push(v);
        walks(routing, v, dst, path, out, budget)?;
        path.pop();
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_engine::network::Network;
    use icn_engine::routing::registry;

    #[test]
    fn halves_split_as_booksim() {
        assert_eq!((halves(4, 0), halves(4, 1)), ((0, 1), (2, 3)));
        assert_eq!((halves(2, 0), halves(2, 1)), ((0, 0), (1, 1)));
        // Odd: the middle VC in both (BookSim2's vcEnd -= V/2, vcBegin += V/2).
        assert_eq!((halves(5, 0), halves(5, 1)), ((0, 2), (2, 4)));
    }

    /// BookSim2's valiant_mesh gives a hop out of the destination's router every VC, even
    /// in the first leg: that hop closes cycles (dimension order in halves alone has none).
    #[test]
    fn booksim_valiant_mesh_is_not_deadlock_free() {
        let net: Network = "mesh:k=3x3".parse().expect("a mesh");
        let r = registry::build(&net, "valiant").expect("valiant");
        assert_eq!(
            legs_deadlock_free(net.topology(), r.as_ref(), Legs::Halves, 2),
            Some(false)
        );
    }

    /// BookSim2's xy_yx_mesh and romm_mesh: each half carries one dimension order, or one
    /// leg of dimension order, and neither passes through the destination's router.
    #[test]
    fn booksim_xy_yx_and_romm_are_deadlock_free() {
        let net: Network = "mesh:k=3x3".parse().expect("a mesh");
        for (name, legs) in [("xyyx", Legs::Order), ("romm", Legs::Halves)] {
            let r = registry::build(&net, name).expect("a mesh routing");
            assert_eq!(
                legs_deadlock_free(net.topology(), r.as_ref(), legs, 2),
                Some(true),
                "{name}"
            );
        }
    }
}
