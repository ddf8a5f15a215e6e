//! Routes in the simulator: a next-hop relation (any routing of the registry,
//! [`icn_engine::routing::registry`]) and the virtual-channel class of every hop under a
//! deadlock [`Scheme`] (the same assignment `icn deadlock` checks).
//!
//! A head flit at a router asks the relation for the next hops towards its destination
//! and takes one uniformly at random (one where the relation is deterministic); the
//! scheme's class c of that hop, with C classes over V virtual channels, is the range of
//! VCs c·V/C ..= (c+1)·V/C − 1 the head may be allocated downstream.

use super::adapt::{planar_floor, Adapt};
use super::config::SimError;
use super::hops::HopTable;
use super::valiant::{halves, leg_class, leg_step, Legs, LEG_TWO};
use crate::rng::SplitMix64;
use icn_analyses::deadlock::{scheme_step, Scheme};
use icn_graph::{channel_phases, ChannelPhases, Node, Routing, Topology};

/// The route of a head flit at one router: a relation, a scheme, and C classes.
#[allow(missing_debug_implementations)]
pub struct HopChooser<'a> {
    topology: &'a dyn Topology,
    /// The topology's datelines and phase boundaries (none where it has none).
    phases: &'a dyn ChannelPhases,
    routing: &'a dyn Routing,
    scheme: Scheme,
    classes: u32,
    vcs: u32,
    /// A two-phase routing under `phases`: the leg classes of [`super::valiant`].
    legs: bool,
    /// How the legs take VCs: [`Legs::Classes`] unless `legs`.
    rule: Legs,
    /// UGAL: the source router chooses between the route without intermediate and
    /// Valiant's.
    ugal: bool,
    /// How the router chooses among next hops and VCs by what it sees.
    adapt: Adapt,
    /// The relation's next hops, remembered (on networks small enough).
    table: Option<HopTable>,
    /// Ring lengths walked, by (node, dimension) ([`HopChooser::ring_size`]).
    rings: std::collections::HashMap<(Node, usize), usize>,
    buf: Vec<Node>,
}

/// One hop chosen: the next node, the VC range downstream and the packet's state after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hop {
    /// The next node.
    pub next: Node,
    /// The lowest VC the head may take.
    pub vc_lo: u32,
    /// The highest VC the head may take.
    pub vc_hi: u32,
    /// The scheme's state after the hop.
    pub tag: u16,
}

impl<'a> HopChooser<'a> {
    /// Hops of `routing` on `topology`, classes under `scheme` (C of them) over `vcs`
    /// virtual channels.
    ///
    /// # Errors
    /// [`SimError::Routing`] when there are fewer VCs than classes.
    pub fn new(
        topology: &'a dyn Topology,
        routing: &'a dyn Routing,
        scheme: Scheme,
        classes: u32,
        vcs: u32,
    ) -> Result<HopChooser<'a>, SimError> {
        if classes > vcs || classes == 0 {
            return Err(SimError::Routing(format!(
                "the {scheme} scheme here uses {classes} virtual-channel classes; give num_vcs ≥ {classes} (it is {vcs})"
            )));
        }
        Ok(HopChooser {
            topology,
            phases: channel_phases(topology),
            routing,
            scheme,
            classes,
            vcs,
            legs: routing.two_phase().is_some() && scheme == Scheme::Phases,
            rule: Legs::Classes,
            ugal: false,
            adapt: Adapt::None,
            table: HopTable::of(topology, routing),
            rings: std::collections::HashMap::new(),
            buf: Vec::with_capacity(16),
        })
    }

    /// The same, choosing at each packet's source router between the route without
    /// intermediate and Valiant's (UGAL, [`super::valiant::ugal_prefers_minimal`]).
    pub fn with_ugal(mut self, ugal: bool) -> HopChooser<'a> {
        self.ugal = ugal && self.routing.two_phase().is_some();
        self
    }

    /// The same, the legs of a two-phase route under `phases` taking VCs as `legs` says
    /// (BookSim2's flattened-butterfly UGAL, [`Legs::UgalHops`], chooses as UGAL).
    pub fn with_legs(mut self, legs: Legs) -> HopChooser<'a> {
        self.rule = if self.legs { legs } else { Legs::Classes };
        self.ugal |= self.rule == Legs::UgalHops;
        self
    }

    /// Whether a packet ejects at its destination's router in either leg
    /// ([`Legs::HalvesEjecting`]).
    #[inline]
    pub fn ejects_on_arrival(&self) -> bool {
        self.rule == Legs::HalvesEjecting
    }

    /// Whether UGAL weighs each route's queue by its hops ([`Legs::UgalHops`]).
    #[inline]
    pub fn weighs_hops(&self) -> bool {
        self.rule == Legs::UgalHops
    }

    /// The hops of the relation's route from `at` to `dst` (its first next hop each
    /// time); `None` when it has none.
    pub fn route_hops(&mut self, at: Node, dst: Node) -> Option<u32> {
        let (mut u, mut hops) = (at, 0u32);
        while u != dst {
            u = self.first_hop(u, dst)?;
            hops += 1;
            if hops as usize > self.topology.node_count() {
                return None;
            }
        }
        Some(hops)
    }

    /// This chooser with the router choosing by what it sees as `adapt` says.
    pub fn with_adapt(mut self, adapt: Adapt) -> HopChooser<'a> {
        self.adapt = adapt;
        self
    }

    /// How the router chooses by what it sees.
    #[inline]
    pub fn adapt(&self) -> Adapt {
        self.adapt
    }

    /// The VC range of a hop out of the destination's router by a packet that does not
    /// eject there (BookSim2's halves: every VC; `None` otherwise, the hop's own).
    #[inline]
    pub fn through_destination(&self) -> Option<(u32, u32)> {
        (self.rule == Legs::Halves).then_some((0, self.vcs - 1))
    }

    /// Whether the route's order is chosen at the source router by the queues
    /// ([`Legs::AdaptiveOrder`]).
    #[inline]
    pub fn chooses_order(&self) -> bool {
        self.rule == Legs::AdaptiveOrder
    }

    /// The intermediates standing for the orders from `src` to `dst`, the first order's
    /// first ([`icn_graph::TwoPhase::intermediates_with_ends`]).
    pub fn order_corners(&self, src: Node, dst: Node) -> Vec<Node> {
        self.routing
            .two_phase()
            .map(|p| p.intermediates_with_ends(src, dst))
            .unwrap_or_default()
    }

    /// Whether this is UGAL.
    pub fn is_ugal(&self) -> bool {
        self.ugal
    }

    /// The state of a new packet: with an intermediate or without.
    #[inline]
    pub fn start_tag(&self, via: bool) -> u16 {
        if self.legs && !via {
            LEG_TWO
        } else {
            0
        }
    }

    /// A new packet's intermediate (`u32::MAX`: none) and state, from `src` to `dst`:
    /// [`HopChooser::intermediate`] and [`HopChooser::start_tag`]; under BookSim2's
    /// [`Legs::Order`] (and [`Legs::AdaptiveOrder`], until its source router chooses) the
    /// draw's position is the state (the route's VC half).
    #[inline]
    pub fn start(&self, src: Node, dst: Node, rng: &mut SplitMix64) -> (u32, u16) {
        if self.rule.by_order() {
            if let Some(phase) = self.routing.two_phase() {
                let list = phase.intermediates_with_ends(src, dst);
                let k = (rng.next_u64() % list.len() as u64) as usize;
                return (list[k] as u32, u16::from(k > 0));
            }
        }
        if self.rule == Legs::UgalDraw {
            if let Some(phase) = self.routing.two_phase() {
                // Within one group (no intermediate of the family's own): BookSim2's phase
                // 2, the last class, from the start.
                if phase.pick_intermediate(src, dst, 0).is_none() {
                    return (u32::MAX, LEG_TWO | 1);
                }
                let via = phase.pick_with_ends(src, dst, rng.next_u64());
                return if via == src {
                    (u32::MAX, self.start_tag(false))
                } else {
                    (via as u32, self.start_tag(true))
                };
            }
        }
        let via = self
            .intermediate(src, dst, rng)
            .map_or(u32::MAX, |x| x as u32);
        (via, self.start_tag(via != u32::MAX))
    }

    /// The state of a packet at its intermediate, from `tag`.
    #[inline]
    pub fn at_intermediate(&self, tag: u16) -> u16 {
        if self.rule.by_order() {
            return tag;
        }
        if self.legs {
            LEG_TWO
        } else {
            tag
        }
    }

    /// The relation's next hops from `at` towards `dst`, into `buf`: from the table when
    /// there is one, else from the relation.
    #[inline]
    fn next_hops(&mut self, at: Node, dst: Node) {
        self.buf.clear();
        match &mut self.table {
            Some(t) => t.next_hops(self.routing, at, dst, &mut self.buf),
            None => self.routing.next_hops(at, dst, &mut self.buf),
        }
    }

    /// Reads the table's entry for (`at`, `dst`), for [`super::run::Engine`]'s touch of
    /// what the next events use; 0 without a table.
    #[inline]
    pub fn peek(&self, at: Node, dst: Node) -> u32 {
        self.table.as_ref().map_or(0, |t| t.peek(at, dst))
    }

    /// The first next hop of the relation from `at` towards `dst` (UGAL's look at the
    /// queues).
    pub fn first_hop(&mut self, at: Node, dst: Node) -> Option<Node> {
        self.next_hops(at, dst);
        self.buf.first().copied()
    }

    /// The hop from `at` towards `dst` for a packet in state `tag`, one of the relation's
    /// next hops at random; `None` when the relation has none (a broken routing).
    #[inline(always)]
    pub fn hop(&mut self, at: Node, dst: Node, tag: u16, rng: &mut SplitMix64) -> Option<Hop> {
        self.hop_by(at, dst, tag, rng, |next, rng| {
            rng.below(next.len() as u64) as usize
        })
    }

    /// [`HopChooser::hop`], the next hop chosen by `pick` (an index into the relation's
    /// next hops, given with the generator) where there are several.
    #[inline(always)]
    pub fn hop_by(
        &mut self,
        at: Node,
        dst: Node,
        tag: u16,
        rng: &mut SplitMix64,
        pick: impl FnOnce(&[Node], &mut SplitMix64) -> usize,
    ) -> Option<Hop> {
        self.next_hops(at, dst);
        let next = match self.buf.len() {
            0 => return None,
            1 => self.buf[0],
            _ => self.buf[pick(&self.buf, rng)],
        };
        let (next, (class, tag)) = if self.scheme == Scheme::Dateline {
            self.ring_class(at, next, dst, tag, rng)
        } else if self.rule.booksim() {
            let half = if self.rule.by_order() {
                u32::from(tag & 1)
            } else {
                u32::from(tag & LEG_TWO != 0)
            };
            let (vc_lo, vc_hi) = halves(self.vcs, half);
            return Some(Hop {
                next,
                vc_lo,
                vc_hi,
                tag,
            });
        } else if self.legs {
            let boundary = self.phases.phase_boundary(at, next);
            (next, leg_step(self.classes, tag, boundary))
        } else {
            (
                next,
                scheme_step(self.topology, self.scheme, self.classes, tag, at, next),
            )
        };
        let (c, v, k) = (class.min(self.classes - 1), self.vcs, self.classes);
        let (lo, hi) = (c * v / k, (c + 1) * v / k - 1);
        // BookSim2's planar_adapt_mesh: the top third of the class's VCs.
        let lo = if self.adapt == Adapt::Planar {
            planar_floor(v).clamp(lo, hi)
        } else {
            lo
        };
        Some(Hop {
            next,
            vc_lo: lo,
            vc_hi: hi,
            tag,
        })
    }

    /// The VC range of the ejection hop for a packet in state `tag`: under `phases` the
    /// class of the phase the packet is in (BookSim2's dragonflynew ejects on the VC of
    /// the packet's phase); every VC otherwise, and under BookSim2's halves.
    #[inline]
    pub fn eject_range(&self, tag: u16) -> (u32, u32) {
        if self.scheme != Scheme::Phases || self.rule.booksim() {
            return (0, self.vcs - 1);
        }
        let class = if self.legs {
            leg_class(self.classes, tag)
        } else {
            u32::from(tag).min(self.classes - 1)
        };
        let (c, v, k) = (class, self.vcs, self.classes);
        (c * v / k, (c + 1) * v / k - 1)
    }

    /// BookSim2's two classes on rings (its `dim_order_torus`): fixed for a packet's whole
    /// way along one dimension, chosen where it enters the dimension: going up, class 1 if
    /// the way wraps round, else 0; going down, class 0 if it wraps, else 1. Each class
    /// leaves one channel of each ring unused in each direction, so neither closes a
    /// cycle, and the two classes carry similar loads (the dateline scheme that switches
    /// class at the wrap-around link puts most packets in class 0). The state is the
    /// dimension + 1 (bits 1 …) and the class (bit 0).
    ///
    /// Where the way is exactly half a ring (either direction is minimal), it goes either
    /// way with equal chance, as BookSim2's dimension-order routing does.
    fn ring_class(
        &mut self,
        at: Node,
        next: Node,
        dst: Node,
        tag: u16,
        rng: &mut SplitMix64,
    ) -> (Node, (u32, u16)) {
        let Some((dim, crosses)) = self.phases.dateline(at, next) else {
            return (next, (0, 0));
        };
        let here = ((dim as u16) + 1) << 1;
        if tag & !1 == here {
            return (next, (u32::from(tag & 1), tag));
        }
        let (wraps, len) = self.walk_dimension(at, next, dst, dim, crosses);
        let mut way = (next, (next > at) != crosses, wraps);
        if 2 * len == self.ring_size(at, dim) && rng.below(2) == 1 {
            // The other half of the ring: the other neighbour in this dimension.
            self.buf.clear();
            self.topology.neighbours(at, &mut self.buf);
            let other = self.buf.iter().copied().find(|&w| {
                w != next && matches!(self.phases.dateline(at, w), Some((d, _)) if d == dim)
            });
            if let Some(w) = other {
                let c = self.phases.dateline(at, w).is_some_and(|(_, c)| c);
                let (wraps, _) = self.walk_dimension(at, w, dst, dim, c);
                way = (w, (w > at) != c, wraps);
            }
        }
        let (next, up, wraps) = way;
        let class = u16::from(wraps == up);
        (next, (u32::from(class), here | class))
    }

    /// BookSim2's `min_adapt_torus` at `at` (not `dst`), the two hops of its output set:
    /// the escape hop, dimension order with its ring class ([`HopChooser::ring_class`])
    /// chosen as if the packet entered its dimension here, on the VC of its class alone
    /// (0 or 1); and the adaptive hop's next node, the same dimension's minimal way, the
    /// decreasing one where the way is exactly half a ring (where the escape hop draws
    /// either). `None` where the relation has no next hop.
    pub fn torus_adapt(
        &mut self,
        at: Node,
        dst: Node,
        rng: &mut SplitMix64,
    ) -> Option<(Hop, Node)> {
        let first = self.first_hop(at, dst)?;
        let mut adaptive = first;
        if let Some((dim, crosses)) = self.phases.dateline(at, first) {
            let (_, len) = self.walk_dimension(at, first, dst, dim, crosses);
            if 2 * len == self.ring_size(at, dim) {
                self.buf.clear();
                self.topology.neighbours(at, &mut self.buf);
                let phases = self.phases;
                if let Some(&down) = self.buf.iter().find(|&&w| {
                    matches!(phases.dateline(at, w), Some((d, c)) if d == dim && (w > at) == c)
                }) {
                    adaptive = down;
                }
            }
        }
        let mut escape = self.hop(at, dst, 0, rng)?;
        let class = u32::from(escape.tag & 1);
        (escape.vc_lo, escape.vc_hi) = (class, class);
        Some((escape, adaptive))
    }

    /// Follows the relation from hop at → next while it stays in dimension `dim`: whether
    /// the way crosses the dateline, and its hops.
    fn walk_dimension(
        &mut self,
        at: Node,
        next: Node,
        dst: Node,
        dim: usize,
        crosses: bool,
    ) -> (bool, usize) {
        let (mut wraps, mut len) = (crosses, 1);
        let (mut u, mut v) = (at, next);
        while v != dst {
            self.next_hops(v, dst);
            let Some(&w) = self.buf.first() else { break };
            match self.phases.dateline(v, w) {
                Some((d, c)) if d == dim && w != u => {
                    wraps |= c;
                    len += 1;
                    (u, v) = (v, w);
                }
                _ => break,
            }
        }
        (wraps, len)
    }

    /// The length of `at`'s ring in dimension `dim`, walked once and remembered.
    fn ring_size(&mut self, at: Node, dim: usize) -> usize {
        if let Some(&n) = self.rings.get(&(at, dim)) {
            return n;
        }
        let n = self.walk_ring(at, dim);
        self.rings.insert((at, dim), n);
        n
    }

    /// Walks `at`'s ring in dimension `dim`: its length (at most 2²⁰).
    fn walk_ring(&mut self, at: Node, dim: usize) -> usize {
        let (mut prev, mut cur, mut n) = (at, at, 0usize);
        loop {
            self.buf.clear();
            self.topology.neighbours(cur, &mut self.buf);
            let step = self.buf.iter().copied().find(|&w| {
                w != prev && matches!(self.phases.dateline(cur, w), Some((d, _)) if d == dim)
            });
            let Some(w) = step.or_else(|| (n == 0).then_some(cur)) else {
                return n + 1;
            };
            n += 1;
            if w == at || n > 1 << 20 {
                return n;
            }
            (prev, cur) = (cur, w);
        }
    }

    /// The relation's intermediate for a packet from `src` to `dst` (Valiant's), if it
    /// is two-phase: one of them uniformly at random, without a list.
    /// Under BookSim2's halves, one of its draw ([`icn_graph::TwoPhase::pick_with_ends`]).
    pub fn intermediate(&self, src: Node, dst: Node, rng: &mut SplitMix64) -> Option<Node> {
        let phase = self.routing.two_phase()?;
        if matches!(
            self.rule,
            Legs::Halves | Legs::HalvesEjecting | Legs::UgalHops
        ) {
            return Some(phase.pick_with_ends(src, dst, rng.next_u64()));
        }
        phase.pick_intermediate(src, dst, rng.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::HopChooser;
    use crate::rng::SplitMix64;
    use icn_analyses::deadlock::Scheme;
    use icn_engine::network::Network;
    use icn_engine::routing::registry;

    /// BookSim2's `min_adapt_torus` hops on the 8×8 torus in BookSim2's order (x, a node
    /// number's low digit, first), worked by hand from routefunc.cpp: the adaptive hop is
    /// the first unmatched dimension's minimal way, the decreasing one at a half-ring tie;
    /// the escape hop is dimension order on its ring class's VC, the class as BookSim2's
    /// dateline rule gives it from this router (going up, 1 if the way wraps; going down,
    /// 0 if it wraps), either way at a tie.
    #[test]
    fn torus_adapt_follows_booksims_min_adapt_torus() {
        let net: Network = "torus:k=8x8,lowfirst".parse().expect("a torus");
        let dor = registry::build(&net, "dor").expect("dor");
        let mut hops =
            HopChooser::new(net.topology(), dor.as_ref(), Scheme::Dateline, 2, 4).expect("hops");
        let mut rng = SplitMix64::new(7);
        // (from, to, adaptive next, escape nexts, class)
        let cases: [(usize, usize, usize, &[usize], u32); 6] = [
            (1, 3, 2, &[2], 0),    // x up 2, no wrap
            (3, 1, 2, &[2], 1),    // x down 2, no wrap
            (7, 1, 0, &[0], 1),    // x up across the wrap
            (1, 6, 0, &[0], 0),    // x down across the wrap
            (6, 2, 5, &[5, 7], 1), // a tie: down 6→2 stays, up wraps: class 1 both ways
            (0, 24, 8, &[8], 0),   // y only, up 3, no wrap
        ];
        for (from, to, adaptive, escapes, class) in cases {
            let mut seen = vec![false; escapes.len()];
            for _ in 0..64 {
                let (escape, next) = hops.torus_adapt(from, to, &mut rng).expect("a hop");
                assert_eq!(next, adaptive, "{from} → {to}: the adaptive hop");
                let k = escapes.iter().position(|&e| e == escape.next);
                let k = k.unwrap_or_else(|| panic!("{from} → {to}: escape via {}", escape.next));
                seen[k] = true;
                assert_eq!(
                    (escape.vc_lo, escape.vc_hi),
                    (class, class),
                    "{from} → {to}"
                );
                assert_eq!(u32::from(escape.tag & 1), class);
            }
            assert!(
                seen.iter().all(|&s| s),
                "{from} → {to}: every escape way drawn"
            );
        }
    }
}
