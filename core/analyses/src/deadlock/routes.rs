//! The dependency graph of explicit routes: for a routing that is no next-hop relation
//! (the Lens's four-step region-of-difference routing picks its path from the source's
//! address as well as the destination's), every route is given whole, and each two
//! consecutive channels of each, with the virtual channels the scheme gives them, are a
//! dependency.

use super::build::{Channels, Deps};
use super::cycle::find_cycle;
use super::{check, step, DeadlockError, DeadlockReport, Dependency, Scheme, Tag};
use icn_graph::{Node, Topology};

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
    let mut classed = Vec::with_capacity(routes.len());
    for walk in routes {
        let mut tag: Tag = 0;
        let hops = walk
            .windows(2)
            .map(|w| {
                let (vc, next) = step(t, scheme, vcs, tag, w[0], w[1]);
                tag = next;
                vc
            })
            .collect::<Vec<_>>();
        classed.push((walk.clone(), hops));
    }
    graph_of(t, &classed, scheme, scheme, vcs)
}

/// The channel dependency graph of `routes` whose virtual channels are given hop by hop:
/// each route is its walk and the virtual channel of each of its hops (one fewer than
/// nodes), below `vcs`; a cycle if it has one. For an assignment no [`Scheme`] states (the
/// packet simulator's classes for two-phase routes); `scheme` only names it in the report.
///
/// # Errors
/// [`DeadlockError::Vcs`] for `vcs` out of range or a hop's virtual channel not below it.
///
/// # Complexity
/// O(L) over the routes' total length L, plus the cycle search.
pub fn deadlock_of_classed_routes(
    t: &dyn Topology,
    routes: &[(Vec<Node>, Vec<u32>)],
    scheme: Scheme,
    vcs: u32,
) -> Result<DeadlockReport, DeadlockError> {
    let mut graph = ClassedRoutes::new(t, vcs)?;
    for (walk, hops) in routes {
        graph.add(walk, hops)?;
    }
    Ok(graph.report(scheme))
}

/// The graph of classed routes; `layout` is the scheme whose class steps the dependency
/// set stores compactly (any other step is kept aside), `scheme` the report's name.
fn graph_of(
    t: &dyn Topology,
    routes: &[(Vec<Node>, Vec<u32>)],
    scheme: Scheme,
    layout: Scheme,
    vcs: u32,
) -> Result<DeadlockReport, DeadlockError> {
    let mut graph = ClassedRoutes::with_layout(t, layout, vcs);
    for (walk, hops) in routes {
        graph.add(walk, hops)?;
    }
    Ok(graph.report(scheme))
}

/// The channel dependency graph of classed routes given one at a time
/// ([`deadlock_of_classed_routes`] without the list): a caller that makes many routes
/// (every source, intermediate and destination of a two-phase routing) adds each as it is
/// made and keeps none.
pub struct ClassedRoutes {
    ch: Channels,
    deps: Deps,
    vcs: u32,
    /// Each dependency's first route, by its ends.
    first: Vec<(Pair, Pair, Node, Node)>,
}

impl std::fmt::Debug for ClassedRoutes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassedRoutes")
            .field("channels", &self.ch.len())
            .field("vcs", &self.vcs)
            .field("dependencies", &self.first.len())
            .finish()
    }
}

impl ClassedRoutes {
    /// An empty graph over `t`'s channels with `vcs` virtual channels.
    ///
    /// # Errors
    /// [`DeadlockError::Vcs`] for `vcs` out of range.
    pub fn new(t: &dyn Topology, vcs: u32) -> Result<Self, DeadlockError> {
        if !(1..=super::MAX_VCS).contains(&vcs) {
            return Err(DeadlockError::Vcs(vcs));
        }
        Ok(Self::with_layout(t, Scheme::Hops, vcs))
    }

    fn with_layout(t: &dyn Topology, layout: Scheme, vcs: u32) -> Self {
        let ch = Channels::of(t);
        let deps = Deps::new(&ch, layout, vcs);
        ClassedRoutes {
            ch,
            deps,
            vcs,
            first: Vec::new(),
        }
    }

    /// Adds the route `walk` whose hops take the virtual channels `hops` (one fewer than
    /// the walk's nodes): a dependency between each two consecutive channels.
    ///
    /// # Errors
    /// [`DeadlockError::Vcs`] for a hop's virtual channel not below the graph's count.
    pub fn add(&mut self, walk: &[Node], hops: &[u32]) -> Result<(), DeadlockError> {
        if hops.iter().any(|&vc| vc >= self.vcs) {
            return Err(DeadlockError::Vcs(self.vcs));
        }
        let (src, dst) = (
            walk.first().copied().unwrap_or(0),
            walk.last().copied().unwrap_or(0),
        );
        let mut held: Option<Pair> = None;
        for (w, &vc) in walk.windows(2).zip(hops) {
            let Some(c) = self.ch.id(w[0], w[1]) else {
                held = None;
                continue;
            };
            if let Some(h) = held {
                if self.deps.insert(h, (c, vc)).is_some() {
                    self.first.push((h, (c, vc), src, dst));
                }
            }
            held = Some((c, vc));
        }
        Ok(())
    }

    /// The report: the graph's size and a cycle if it has one, named `scheme`.
    pub fn report(self, scheme: Scheme) -> DeadlockReport {
        let (ch, vcs) = (&self.ch, self.vcs);
        let edges = self.deps.edges(ch);
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
                let (src, dst) = self
                    .first
                    .iter()
                    .find(|&&(x, y, _, _)| (x, y) == (a, b))
                    .map_or((0, 0), |f| (f.2, f.3));
                Dependency {
                    from: channel(a),
                    to: channel(b),
                    src,
                    dst,
                }
            })
            .collect::<Vec<_>>();
        DeadlockReport::of(scheme, vcs, ch, &edges, cycle, shortest)
    }
}
