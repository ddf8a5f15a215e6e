//! What can go wrong on a valid KYKLOS network: a strategy the parameters do not allow,
//! a join that cannot be placed, a density rule on the wrong network.

use thiserror::Error;

use icn_graph::Node;

/// Why a strategy is not defined on this network ([`super::Kyklos::routing`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Unavailable {
    /// H-r routes through slices; KYKLOS-I with r > 1 has none.
    #[error("H-r needs a slice: the trees' lowest levels must change disjoint digits (KYKLOS-II, or r = 1)")]
    HrNeedsSlice,
    /// Y-2 is written for binary digits and the proposed shuffle.
    #[error("Y-2 is defined for m = 2 and the proposed shuffle")]
    Y2NeedsProposedBinary,
}

/// Why a partial join, or a load of partial joins, cannot be placed
/// ([`super::Kyklos::join`], [`super::Kyklos::midpoint_join_load`],
/// [`super::Kyklos::h2_join_site`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum JoinError {
    /// §VII is written for one shape of network only.
    #[error("joins follow TR-88-27 §VII, written for m = 2, r = 2 and the proposed shuffle")]
    Unsupported,
    /// A fragment's node is not an L-node.
    #[error("the {fragment} fragment is stored at an L-node 0-{last}; {node} is not one")]
    NotLeaf {
        /// `S` or `R`.
        fragment: &'static str,
        /// The last L-node.
        last: usize,
        /// The node given.
        node: Node,
    },
    /// The assigned level is above the tree's root (never on a valid network).
    #[error("no level {level} in tree {tree}")]
    NoLevel {
        /// The level.
        level: usize,
        /// The tree.
        tree: usize,
    },
    /// The assigned site is not on R's Y-2 route (never on the networks tested).
    #[error("the join site of S {s}, R {r} is not on the Y-2 route of R")]
    SiteOffRoute {
        /// The S fragment's L-node.
        s: Node,
        /// The R fragment's L-node.
        r: Node,
    },
    /// Y-2 has no mid-point assignment.
    #[error("Y-2 places its joins by §VII's level assignment (the join view)")]
    Y2Midpoint,
    /// The H-2 assignment needs the slice height h.
    #[error("the H-2 level assignment needs the proposed shuffle's slices")]
    H2NeedsSlices,
    /// Two different L-nodes whose slices agree everywhere (impossible on a valid network).
    #[error("two different L-nodes with equal slices")]
    EqualSlices,
    /// No H-2 route of R ends in the join tree.
    #[error("no H-2 route from {r} to {s} ends in tree {tree}")]
    NoH2Route {
        /// The R fragment's L-node.
        r: Node,
        /// The S fragment's L-node.
        s: Node,
        /// The join tree.
        tree: usize,
    },
    /// The assigned level is not on R's H-2 route.
    #[error("level {level} of tree {tree} is not on the H-2 route from {r} to {s}")]
    LevelOffH2Route {
        /// The level.
        level: usize,
        /// The join tree.
        tree: usize,
        /// The R fragment's L-node.
        r: Node,
        /// The S fragment's L-node.
        s: Node,
    },
    /// Climbing to the assigned level left the tree.
    #[error("no such level")]
    NoSuchLevel,
    /// The strategy the assignment routes by is not defined here.
    #[error(transparent)]
    Strategy(#[from] Unavailable),
}

/// The D2 paper's traffic density is defined on one shape of network only
/// ([`super::Kyklos::density_by_pairs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the D2 paper's density is defined on KYKLOS-II ⟨2,2,n⟩ with the original (bit-reversal) shuffle")]
pub struct NotD2Network;
