//! The dependency graph of explicit routes: for a routing that is no next-hop relation
//! (the Lens's four-step region-of-difference routing picks its path from the source's
//! address as well as the destination's), every route is given whole, and each two
//! consecutive channels of each, with the virtual channels the scheme gives them, are a
//! dependency.

use super::build::{Channels, Deps};
use super::cycle::find_cycle;
use super::{check, step, DeadlockError, DeadlockReport, Dependency, Scheme, Tag};
use crate::graph::{Node, Topology};

/// A (channel, virtual channel) pair.
type Pair = (u32, u32);

/// The channel dependency graph of `routes` (each a walk from its first node to its last)
/// under `scheme` with `vcs` virtual channels, and a cycle if it has one.
///
/// # Errors
/// As [`super::deadlock`].
///
/// # Complexity
/// O(L) over the routes' total length L, plus the cycle search.
pub fn deadlock_of_routes(
    t: &dyn Topology,
    routes: &[Vec<Node>],
    scheme: Scheme,
    vcs: u32,
) -> Result<DeadlockReport, DeadlockError> {
    check(t, scheme, vcs)?;
    let vcs = if scheme == Scheme::One { 1 } else { vcs };
    let ch = Channels::of(t);
    let mut deps = Deps::new(&ch, scheme, vcs);
    // The first route (by index) behind each dependency.
    let mut first: Vec<(Pair, Pair, usize)> = Vec::new();
    for (i, walk) in routes.iter().enumerate() {
        let mut tag: Tag = 0;
        let mut held: Option<Pair> = None;
        for w in walk.windows(2) {
            let Some(c) = ch.id(w[0], w[1]) else {
                held = None;
                continue;
            };
            let (vc, next) = step(t, scheme, vcs, tag, w[0], w[1]);
            tag = next;
            if let Some(h) = held {
                if deps.insert(&ch, h, (c, vc)) {
                    first.push((h, (c, vc), i));
                }
            }
            held = Some((c, vc));
        }
    }
    let edges = deps.edges(&ch);
    let (cycle, shortest) = find_cycle(ch.len() * vcs as usize, &edges);
    let pair = |x: u32| (x / vcs, x % vcs);
    let channel = |(c, vc): Pair| {
        let (u, v) = ch.ends(c);
        (u, v, vc)
    };
    let cycle = cycle
        .windows(2)
        .map(|w| {
            let (a, b) = (pair(w[0]), pair(w[1]));
            let route = first
                .iter()
                .find(|&&(x, y, _)| (x, y) == (a, b))
                .map_or(0, |f| f.2);
            let walk = &routes[route];
            Dependency {
                from: channel(a),
                to: channel(b),
                src: walk.first().copied().unwrap_or(0),
                dst: walk.last().copied().unwrap_or(0),
            }
        })
        .collect::<Vec<_>>();
    Ok(DeadlockReport::of(
        scheme, vcs, &ch, &edges, cycle, shortest,
    ))
}
