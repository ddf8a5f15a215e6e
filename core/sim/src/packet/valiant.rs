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
//! cycle ([`deadlock_of_classed_routes`]).

use icn_analyses::deadlock::{deadlock_of_classed_routes, Scheme};
use icn_graph::intermediates;
use icn_graph::{channel_phases, Node, Routing, Topology};

/// The tag bit of a packet past its intermediate, or on a route without one.
pub const LEG_TWO: u16 = 1 << 8;

/// UGAL takes the minimal route when its queue is at most this many times the
/// non-minimal one's, plus [`UGAL_THRESHOLD`] (BookSim2's `ugal_dragonflynew`: 2, the
/// ratio of the routes' global hops).
pub const UGAL_FACTOR: u32 = 2;
/// UGAL's bias towards the minimal route, in flits (BookSim2's 30).
pub const UGAL_THRESHOLD: u32 = 30;

/// The route enumeration for the deadlock check stops past this many hops.
const CHECK_HOPS: usize = 1 << 22;

/// UGAL's choice at the source: the minimal route, whose first output holds `q_min` flits
/// (credits in use), against the non-minimal one's `q_non`.
#[inline]
pub fn ugal_prefers_minimal(q_min: u32, q_non: u32) -> bool {
    q_min <= UGAL_FACTOR * q_non + UGAL_THRESHOLD
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
/// acyclic channel dependency graph; `None` when there are too many routes to list.
///
/// # Complexity
/// Every (source, destination, intermediate) triple's walks: O(N³·L) at most, stopped
/// past 2²² hops.
pub fn legs_deadlock_free(t: &dyn Topology, routing: &dyn Routing, classes: u32) -> Option<bool> {
    let n = t.node_count();
    let mut routes: Vec<(Vec<Node>, Vec<u32>)> = Vec::new();
    let mut hops = 0usize;
    let mut leg1 = Vec::new();
    let mut leg2 = Vec::new();
    for s in 0..n {
        for d in (0..n).filter(|&d| d != s) {
            let vias = intermediates(routing, s, d).unwrap_or_default();
            for via in std::iter::once(None).chain(vias.into_iter().map(Some)) {
                leg1.clear();
                if let Some(m) = via {
                    walks(routing, s, m, &mut vec![s], &mut leg1, CHECK_HOPS)?;
                } else {
                    leg1.push(vec![s]);
                }
                for first in &leg1 {
                    let m = *first.last()?;
                    leg2.clear();
                    walks(routing, m, d, &mut vec![m], &mut leg2, CHECK_HOPS)?;
                    for second in &leg2 {
                        let mut walk = first.clone();
                        walk.extend_from_slice(&second[1..]);
                        let classes_of = classes_along(t, &walk, first.len() - 1, classes);
                        hops += classes_of.len();
                        if hops > CHECK_HOPS {
                            return None;
                        }
                        routes.push((walk, classes_of));
                    }
                }
            }
        }
    }
    deadlock_of_classed_routes(t, &routes, Scheme::Phases, classes)
        .ok()
        .map(|r| r.acyclic)
}

/// The classes of a walk's hops, its first `leg_one` hops towards the intermediate.
fn classes_along(t: &dyn Topology, walk: &[Node], leg_one: usize, classes: u32) -> Vec<u32> {
    let mut tag = if leg_one == 0 { LEG_TWO } else { 0 };
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
