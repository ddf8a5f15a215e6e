//! Deadlock freedom by the channel dependency graph (Dally and Seitz, "Deadlock-free message
//! routing in multiprocessor interconnection networks", IEEE Transactions on Computers,
//! 1987): a routing on virtual channels cannot deadlock when the graph whose nodes are the
//! (channel, virtual channel) pairs, with an edge from one pair to the next whenever a
//! packet may hold the first while it asks for the second, has no cycle.
//!
//! The graph is built from the routing's next-hop relation, one destination at a time: a
//! packet's state (its hops so far, the phase boundaries it crossed, the dateline it
//! crossed in the current dimension) flows from every terminal along the relation towards
//! the destination, and every pair of consecutive channels a packet may take, with the
//! virtual channels the [`Scheme`] gives them, is an edge. Each edge keeps one route that
//! creates it (a source and the destination), to show why a cycle is there.
//!
//! A two-phase routing (Valiant) sends each packet first towards its intermediate, then on
//! to its destination: the packets bound for one destination flow towards each
//! intermediate from the sources that use it, and from there, carrying the channel they
//! arrived on and their state, towards the destination; the step at the intermediate is a
//! dependency like any other.

mod build;
mod cycle;
mod duato;
mod flow;
mod parts;
mod routes;
mod table;

pub use self::duato::{duato, duato_check, duato_estimate, duato_with, DuatoReport};
pub use self::parts::{deadlock_finish, deadlock_part, DeadlockPart, PartError};
pub use self::routes::{deadlock_of_classed_routes, deadlock_of_routes, ClassedRoutes};
pub use self::table::{routing_table, Cell, RoutingRow, SchemeLeast, TABLE_MAX_VCS};

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use self::build::Channels;
use self::parts::{finish_of, part_of};
use icn_engine::cost::Estimate;
use icn_graph::{channel_phases, Node, Routing, Topology};

/// The most virtual channels analysed, the most a port of the packet simulator has
/// (`sim::packet::config::MAX_VCS` is this one): the analysis covers every assignment the
/// simulator can run. The graph's cost grows with it (its flow carries 2 states per
/// virtual channel over each channel, its bit set 2 bits per channel, next channel and
/// virtual channel), which the estimate counts; nothing else bounds it.
pub const MAX_VCS: u32 = 64;

/// How a packet picks its virtual channel on each hop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scheme {
    /// Every hop on virtual channel 0 (the `vcs` are ignored: one).
    One,
    /// The virtual channel is the hop number (0 for the first hop), the last class shared
    /// by every later hop.
    Hops,
    /// The virtual channel counts the phase boundaries crossed before the hop (a
    /// Dragonfly's global links: l-g-l uses classes 0, 0, 1), the last class shared.
    Phases,
    /// Rings and tori: virtual channel 0 in a dimension until the packet crosses that
    /// dimension's dateline (the wrap-around link), 1 after it; back to 0 in a new
    /// dimension.
    Dateline,
}

impl Scheme {
    /// Every scheme, in menu order.
    pub const ALL: [Scheme; 4] = [Scheme::One, Scheme::Hops, Scheme::Phases, Scheme::Dateline];

    /// The name used on the command line and in URLs.
    pub fn name(self) -> &'static str {
        match self {
            Scheme::One => "one",
            Scheme::Hops => "hops",
            Scheme::Phases => "phases",
            Scheme::Dateline => "dateline",
        }
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scheme {
    type Err = DeadlockError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Scheme::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| DeadlockError::UnknownScheme(s.to_string()))
    }
}

/// Why the graph was not built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DeadlockError {
    /// No scheme of that name.
    #[error("unknown virtual-channel scheme '{0}'; choose one of: one, hops, phases, dateline")]
    UnknownScheme(String),
    /// The scheme needs what the network does not have.
    #[error("the {scheme} scheme does not apply here: {why}")]
    Unavailable {
        /// The scheme.
        scheme: Scheme,
        /// What is missing.
        why: String,
    },
    /// Virtual channels out of range.
    #[error("{0} virtual channels: give 1 to {MAX_VCS}")]
    Vcs(u32),
    /// More channel and virtual-channel pairs than the graph numbers.
    #[error("{channels} channels on {vcs} virtual channels each are more than the dependency graph numbers (2^32 pairs); give fewer virtual channels")]
    TooLarge {
        /// The network's channels.
        channels: u64,
        /// The virtual channels asked.
        vcs: u32,
    },
    /// A graph built in parts ([`deadlock_part`]) that cannot be merged or finished.
    #[error(transparent)]
    Part(#[from] PartError),
}

/// One edge of the dependency graph: a packet holding `from` asks for `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dependency {
    /// The channel held (tail, head) and its virtual channel.
    pub from: (Node, Node, u32),
    /// The channel asked for and its virtual channel.
    pub to: (Node, Node, u32),
    /// A route that creates the dependency: its source…
    pub src: Node,
    /// …and its destination.
    pub dst: Node,
}

/// What the dependency graph says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeadlockReport {
    /// The scheme.
    pub scheme: Scheme,
    /// Virtual channels per channel.
    pub vcs: u32,
    /// Channels of the network.
    pub channels: u64,
    /// (channel, virtual channel) pairs some packet uses.
    pub graph_nodes: u64,
    /// Dependencies between them.
    pub graph_edges: u64,
    /// Whether the graph is acyclic: the routing cannot deadlock.
    pub acyclic: bool,
    /// A cycle, each dependency in turn (the last leads back to the first); empty when
    /// acyclic.
    pub cycle: Vec<Dependency>,
    /// Whether `cycle` is a shortest cycle (searched from every pair on a cycle while the
    /// cyclic part is small; otherwise a short one).
    pub shortest: bool,
}

/// A packet's state between hops, as the scheme reads it.
type Tag = u16;

/// The scheme's step: the virtual channel of hop u → v for a packet in state `tag`, and
/// its state after the hop.
fn step(t: &dyn Topology, scheme: Scheme, vcs: u32, tag: Tag, u: Node, v: Node) -> (u32, Tag) {
    step_with(scheme, vcs, tag, hop_facts(t, scheme, u, v))
}

/// The virtual channel (class) of hop u → v under `scheme` with `vcs` classes for a packet
/// in state `tag` (0 at its source), and its state after the hop: the assignment this
/// module analyses, for a simulator to follow hop by hop.
pub fn scheme_step(
    t: &dyn Topology,
    scheme: Scheme,
    vcs: u32,
    tag: u16,
    u: Node,
    v: Node,
) -> (u32, u16) {
    step(t, scheme, vcs.max(1), tag, u, v)
}

/// What the scheme reads of hop u → v, packed: the phase boundary (bit 0) or the dateline's
/// dimension + 1 (bits 2 …) and whether the hop crosses it (bit 0).
fn hop_facts(t: &dyn Topology, scheme: Scheme, u: Node, v: Node) -> Tag {
    match scheme {
        Scheme::One | Scheme::Hops => 0,
        Scheme::Phases => Tag::from(channel_phases(t).phase_boundary(u, v)),
        Scheme::Dateline => {
            let (dim, crosses) = channel_phases(t).dateline(u, v).unwrap_or((0, false));
            ((dim as Tag + 1) << 1) | Tag::from(crosses)
        }
    }
}

/// [`step`] from the hop's [`hop_facts`].
fn step_with(scheme: Scheme, vcs: u32, tag: Tag, facts: Tag) -> (u32, Tag) {
    let cap = (vcs - 1) as Tag;
    match scheme {
        Scheme::One => (0, 0),
        Scheme::Hops => (u32::from(tag), (tag + 1).min(cap)),
        Scheme::Phases => (u32::from(tag), (tag + facts).min(cap)),
        Scheme::Dateline => {
            let here = facts & !1;
            let crossed = if tag & !1 == here { tag & 1 } else { 0 };
            (
                u32::from(crossed).min(vcs - 1),
                here | crossed | (facts & 1),
            )
        }
    }
}

/// Checks that `scheme` applies to `t`, every channel looked at.
fn check(t: &dyn Topology, scheme: Scheme, vcs: u32) -> Result<(), DeadlockError> {
    check_nodes(t, scheme, vcs, t.node_count())
}

/// The nodes [`applies`] looks at: a family has datelines or phase boundaries everywhere or
/// nowhere, and a form must not scan a network of 2³¹ nodes to list its schemes (the
/// analyses themselves check every channel).
const SCHEME_SAMPLE: usize = 1 << 16;

/// [`check`] over the channels of the first `nodes` nodes.
fn check_nodes(
    t: &dyn Topology,
    scheme: Scheme,
    vcs: u32,
    nodes: usize,
) -> Result<(), DeadlockError> {
    if !(1..=MAX_VCS).contains(&vcs) {
        return Err(DeadlockError::Vcs(vcs));
    }
    // A (channel, virtual channel) pair is numbered by a u32.
    if t.channel_count().saturating_mul(u64::from(vcs)) >= u64::from(u32::MAX) {
        return Err(DeadlockError::TooLarge {
            channels: t.channel_count(),
            vcs,
        });
    }
    let mut buf = Vec::new();
    let phases = channel_phases(t);
    let every = |f: &dyn Fn(Node, Node) -> bool, buf: &mut Vec<Node>| {
        (0..nodes.min(t.node_count())).all(|u| {
            buf.clear();
            t.neighbours(u, buf);
            buf.iter().all(|&v| f(u, v))
        })
    };
    let unavailable = |why: &str| DeadlockError::Unavailable {
        scheme,
        why: why.to_string(),
    };
    match scheme {
        Scheme::Dateline if !every(&|u, v| phases.dateline(u, v).is_some(), &mut buf) => {
            Err(unavailable(
                "only rings and tori have datelines (wrap-around links in every dimension)",
            ))
        }
        Scheme::Phases if every(&|u, v| !phases.phase_boundary(u, v), &mut buf) => {
            Err(unavailable(
                "this network has no phase boundaries (a Dragonfly's global links are one)",
            ))
        }
        _ => Ok(()),
    }
}

/// Whether `scheme` applies to `t`, and why not.
///
/// # Errors
/// [`DeadlockError::Unavailable`], saying what the network lacks.
pub fn applies(t: &dyn Topology, scheme: Scheme) -> Result<(), DeadlockError> {
    check_nodes(t, scheme, 1, SCHEME_SAMPLE)
}

/// The schemes that apply to `t` (always [`Scheme::One`] and [`Scheme::Hops`]).
pub fn schemes(t: &dyn Topology) -> Vec<Scheme> {
    Scheme::ALL
        .into_iter()
        .filter(|&s| check_nodes(t, s, 2, SCHEME_SAMPLE).is_ok())
        .collect()
}

/// What [`deadlock`] will cost: every destination's flow (one per intermediate too, for a
/// two-phase routing) over the channels, once per state a packet can be in, and the bit set
/// of dependencies (a bit per channel, next channel out of its head, virtual channel and
/// class step).
pub fn deadlock_estimate(t: &dyn Topology, routing: &dyn Routing, vcs: u32) -> Estimate {
    let terminals = t.terminal_count() as u64;
    let nodes = t.node_count() as u64;
    let channels = t.channel_count();
    let vcs = u64::from(vcs.max(1));
    let states = vcs.max(2) * 2;
    let degree = channels.div_ceil(nodes.max(1)).max(1);
    let per = channels
        .saturating_mul(states)
        .saturating_mul(degree)
        .saturating_add(nodes.saturating_mul(4));
    let passes = if routing.two_phase().is_some() {
        terminals.saturating_mul(terminals)
    } else {
        terminals
    };
    let bits = channels.saturating_mul(degree).saturating_mul(vcs * 2) / 8;
    Estimate {
        steps: passes.saturating_mul(per),
        bytes: bits
            .saturating_add(channels.saturating_mul(states).saturating_mul(24))
            .saturating_add(nodes.saturating_mul(64)),
    }
}

/// The channel dependency graph of `routing` on `t` under `scheme` with `vcs` virtual
/// channels, and a cycle if it has one.
///
/// # Errors
/// A scheme that does not apply, `vcs` outside 1 ..= [`MAX_VCS`].
///
/// # Complexity
/// O(T·C·S·d) for T terminals, C channels, S packet states and degree d (times T for a
/// two-phase routing: a flow towards every intermediate), plus the cycle search (O(P·E)
/// over the cyclic part's P pairs while P ≤ 4096); memory O(C·d·V) bits for V virtual
/// channels.
pub fn deadlock(
    t: &dyn Topology,
    routing: &dyn Routing,
    scheme: Scheme,
    vcs: u32,
) -> Result<DeadlockReport, DeadlockError> {
    deadlock_with(t, routing, scheme, vcs, &mut |_, _| {})
}

/// [`deadlock`], calling `progress(done, total)` between destinations (twice as many
/// steps when a cycle's routes are looked up after the graph): the graph built in one part
/// ([`deadlock_part`]) and finished ([`deadlock_finish`]).
///
/// # Errors
/// As [`deadlock`].
pub fn deadlock_with(
    t: &dyn Topology,
    routing: &dyn Routing,
    scheme: Scheme,
    vcs: u32,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<DeadlockReport, DeadlockError> {
    check(t, scheme, vcs)?;
    let vcs = if scheme == Scheme::One { 1 } else { vcs };
    let ch = Channels::of(t);
    let all = 0..t.terminal_count();
    let part = part_of(t, routing, (scheme, vcs), &ch, all, progress);
    finish_of(t, routing, &ch, part, progress)
}

impl DeadlockReport {
    /// The report of a graph over `ch`'s channels with these edges and this cycle.
    fn of(
        scheme: Scheme,
        vcs: u32,
        ch: &Channels,
        edges: &[(u32, u32)],
        cycle: Vec<Dependency>,
        shortest: bool,
    ) -> DeadlockReport {
        let used: HashSet<u32> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
        DeadlockReport {
            scheme,
            vcs,
            channels: ch.len() as u64,
            graph_nodes: used.len() as u64,
            graph_edges: edges.len() as u64,
            acyclic: cycle.is_empty(),
            cycle,
            shortest,
        }
    }
}

/// The scheme for `vcs` virtual channels when none is named, as the simulator picks:
/// [`Scheme::One`] on one; on more, the first of dateline, phases and hops that applies
/// and makes the graph acyclic on `vcs`, else the first that applies (hops always does).
///
/// # Errors
/// As [`deadlock`].
pub fn scheme_for(
    t: &dyn Topology,
    routing: &dyn Routing,
    vcs: u32,
) -> Result<Scheme, DeadlockError> {
    if vcs <= 1 {
        return Ok(Scheme::One);
    }
    let candidates: Vec<Scheme> = [Scheme::Dateline, Scheme::Phases, Scheme::Hops]
        .into_iter()
        .filter(|&s| applies(t, s).is_ok())
        .collect();
    for &s in &candidates {
        if deadlock(t, routing, s, vcs)?.acyclic {
            return Ok(s);
        }
    }
    Ok(candidates.first().copied().unwrap_or(Scheme::Hops))
}

/// The virtual channels [`min_vcs`] tries at most for `scheme` and `max`: 1 for the
/// one-VC scheme, else `max` up to [`MAX_VCS`] (0 for no search).
pub fn min_vcs_bound(scheme: Scheme, max: u32) -> u32 {
    match (scheme, max) {
        (_, 0) => 0,
        (Scheme::One, _) => 1,
        _ => max.min(MAX_VCS),
    }
}

/// The smallest number of virtual channels, 1 … `max`, for which `scheme` makes the
/// graph acyclic (`None`: none up to `max`; the one-VC scheme tries 1 only).
///
/// # Errors
/// As [`deadlock`].
pub fn min_vcs(
    t: &dyn Topology,
    routing: &dyn Routing,
    scheme: Scheme,
    max: u32,
) -> Result<Option<u32>, DeadlockError> {
    for vcs in 1..=min_vcs_bound(scheme, max) {
        if deadlock(t, routing, scheme, vcs)?.acyclic {
            return Ok(Some(vcs));
        }
    }
    Ok(None)
}
