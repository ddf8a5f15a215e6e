//! Adaptive choices a router makes at each hop from what it sees of its outputs, after
//! BookSim2's routing functions that read the router: `fattree_anca` (of two up ports drawn
//! at random, the one whose output holds fewer flits) and `min_adapt_mesh` (an output set:
//! an escape VC at low priority beside the other VCs at high priority, the VC allocator
//! choosing among them).
//!
//! A routing that does neither ([`Adapt::None`]) keeps the router's one-output route: a
//! head gets one output and a range of its VCs, and the VC allocator sees its requests
//! with one priority.

use super::config::AllocatorKind;
use serde::{Deserialize, Serialize};

/// How a router chooses among the relation's next hops and VCs at each hop.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Adapt {
    /// One of the relation's next hops uniformly at random, the scheme's VC range.
    #[default]
    None,
    /// BookSim2's `fattree_anca`: where the relation gives several next hops, two of them
    /// drawn uniformly and independently (the same one possibly twice), and the one whose
    /// output holds fewer flits (credits in use over all its VCs) taken, the first drawn
    /// at a tie ([`least_of_two`]).
    LeastOfTwo,
    /// BookSim2's `min_adapt_mesh`: dimension order, and at every router an output set of
    /// two candidates on its output, VC 0 (the escape VC) at low priority and VCs
    /// 1 … V − 1 at high priority; a packet that came in on VC 0 (not from its endpoint)
    /// has VC 0 only ([`MinAdapt`]).
    MinAdapt,
    /// BookSim2's `min_adapt_torus`: at every router but the destination's an output set of
    /// VC 3 at high priority on the first unmatched dimension's minimal way (the
    /// decreasing one at a half-ring tie) and, at low priority, the escape hop (dimension
    /// order on VC 0 or 1 by its ring class, chosen as if the packet entered its dimension
    /// there); a packet that came in on VC 0 or 1 from a router stays on dimension order
    /// with its class. VC 2 is unused (and VCs above 3 but at ejection).
    MinAdaptTorus,
    /// BookSim2's `planar_adapt_mesh` without faults: the relation's hop (dimension order,
    /// x first) on the top third of the VCs, from 2·⌊V/3⌋ (its output set offers the
    /// current plane's productive output there and the next dimension's on a lower third,
    /// at equal priority, and keeps the first, [`planar_floor`]); every VC at ejection.
    Planar,
}

/// The lowest VC of BookSim2's `planar_adapt_mesh` hop among `vcs` VCs: 2·⌊V/3⌋ (0 below 3
/// VCs).
#[inline]
pub fn planar_floor(vcs: u32) -> u32 {
    2 * (vcs / 3)
}

impl Adapt {
    /// Whether the router's VC allocator sees requests of two priorities.
    #[inline]
    pub fn output_sets(self) -> bool {
        matches!(self, Adapt::MinAdapt | Adapt::MinAdaptTorus)
    }
}

/// Why VC allocator `kind` cannot run an output set's priorities as BookSim2's does
/// (`None`: it can): separable input-first reads them in its input arbiters
/// ([`crate::packet::allocator::Allocator::request_ranked`]); islip, pim, max_size and loa
/// ignore them, in BookSim2 as here; BookSim2's separable output-first, select and
/// wavefront read them in ways not modelled.
pub fn unranked(kind: AllocatorKind) -> Option<&'static str> {
    use AllocatorKind as K;
    match kind {
        K::SeparableInputFirst | K::Islip | K::Pim | K::MaxSize | K::Loa => None,
        K::SeparableOutputFirst | K::Select | K::Wavefront | K::RrWavefront => Some(
            "separable_input_first, islip, pim, max_size or loa under min_adapt (BookSim2's \
             separable_output_first, select and wavefront read the output set's priorities \
             in ways not modelled)",
        ),
    }
}

/// Of `n` candidates, two drawn by `draw(n)` (each uniform in `0..n`), the one whose
/// `used` is smaller, the first drawn at a tie (BookSim2's `fattree_anca` compares the
/// two up ports' credits in use and takes the second only when the first's are more).
#[inline]
pub fn least_of_two(
    n: usize,
    mut draw: impl FnMut(u64) -> u64,
    mut used: impl FnMut(usize) -> u32,
) -> usize {
    let a = draw(n as u64) as usize;
    let b = draw(n as u64) as usize;
    if used(a) > used(b) {
        b
    } else {
        a
    }
}

/// The output set of BookSim2's `min_adapt_mesh` at a router that is not the packet's
/// destination's, on the dimension-order output: the high-priority VC range (`None` for a
/// packet on the escape VC) and the low-priority one, VC 0.
///
/// BookSim2 adds a high-priority range for every productive output, but its output set
/// keeps one element per priority (`OutputSet`'s elements compare by priority alone, and
/// a `std::set` drops an element equal to one it holds), so only the first, the lowest
/// dimension's, stays: the dimension-order output. Every hop of a route is therefore
/// dimension order, on VCs 1 … V − 1 or VC 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinAdapt {
    /// VCs `lo..=hi` at high priority, if the packet is not on the escape VC.
    pub high: Option<(u32, u32)>,
    /// VCs `lo..=hi` at low priority: the escape VC.
    pub low: (u32, u32),
}

impl MinAdapt {
    /// The set for a packet that came in on VC `in_vc` (`None`: from its endpoint) with
    /// `vcs` VCs.
    #[inline]
    pub fn at(in_vc: Option<u32>, vcs: u32) -> MinAdapt {
        let escaped = in_vc == Some(0);
        MinAdapt {
            high: (!escaped && vcs > 1).then_some((1, vcs - 1)),
            low: (0, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair of draws of three candidates with loads 5, 2, 2: the draw with fewer
    /// flits wins, the first at a tie; by enumeration, candidate 0 only when drawn twice.
    #[test]
    fn least_of_two_takes_the_emptier_first_at_a_tie() {
        let used = [5u32, 2, 2];
        let mut wins = [0u32; 3];
        for a in 0..3u64 {
            for b in 0..3u64 {
                let mut draws = [a, b].into_iter();
                let got = least_of_two(3, |_| draws.next().unwrap(), |i| used[i]);
                let want = if used[a as usize] > used[b as usize] {
                    b
                } else {
                    a
                };
                assert_eq!(got, want as usize);
                wins[got] += 1;
            }
        }
        // Of 9 ordered pairs: (0, 0) alone for 0; 1 and 2 share the rest, 4 each.
        assert_eq!(wins, [1, 4, 4]);
    }

    #[test]
    fn the_escape_vc_keeps_a_packet() {
        assert_eq!(
            MinAdapt::at(None, 4),
            MinAdapt {
                high: Some((1, 3)),
                low: (0, 0)
            }
        );
        assert_eq!(MinAdapt::at(Some(2), 4).high, Some((1, 3)));
        assert_eq!(MinAdapt::at(Some(0), 4).high, None);
        assert_eq!(MinAdapt::at(None, 1).high, None);
    }
}
