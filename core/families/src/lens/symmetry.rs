//! The completed lens's symmetry (p = q, so every digit has the same radix b = p − 1):
//! the rotations of the cycle of half positions by two, `h -> h + 2` with the digits
//! rotated along (digit j -> digit j + 1, mod n), and one permutation of 0 … b−1 per digit
//! position: the group the paper's Theorem 1 (§6) builds from its operations H (move a
//! digit to the other end) and G (change the digit at the end).
//!
//! Both preserve the links: the link between half positions 2j − 1 and 2j rewrites digit
//! j (any value), the one between 2j and 2j + 1 (and 2n and 1, which closes the cycle)
//! keeps the label; a rotation maps the first kind for j onto the first kind for j + 1,
//! and a permutation of digit j's values maps "any value" onto itself. Rotations are
//! transitive on the n dot positions and permutations on the b^n labels, so the
//! processors are one orbit (the lens is processor-transitive, as a cycle of positions
//! makes every processor alike) and so are the busses. Minimal routing follows
//! distances only, so it commutes with the group.
//!
//! Channel orbits, three each way: a processor's link to the bus on its right (the same
//! label), and to each bus on its left, which rewrites digit j = h/2 of the processor:
//! to the bus carrying the processor's own digit, or another one. The permutations of
//! digit j that fix the processor's digit are transitive on the other b − 1 values, so
//! these are exactly the orbits.

use super::Lens;
use icn_graph::{Node, Orbits};

/// The completed [`Lens`]'s automorphism group as [`Orbits`].
#[derive(Debug, Clone, Copy)]
pub struct LensOrbits<'a> {
    lens: &'a Lens,
}

impl Lens {
    /// The completed lens's rotations and digit relabellings, by their orbits; `None` for
    /// a lens that is not completed (its ends differ from its middle).
    pub fn orbits(&self) -> Option<LensOrbits<'_>> {
        self.completed.then_some(LensOrbits { lens: self })
    }
}

const PROCESSOR_TO_OWN: usize = 0;
const PROCESSOR_TO_SAME_DIGIT: usize = 1;
const PROCESSOR_TO_OTHER_DIGIT: usize = 2;
/// The reverse channels follow, in the same order.
const FROM_BUS: usize = 3;

impl Orbits for LensOrbits<'_> {
    fn destinations(&self) -> Vec<(Node, u64)> {
        vec![(0, self.lens.processor_count() as u64)]
    }

    fn channel_orbit(&self, u: Node, v: Node) -> usize {
        let lens = self.lens;
        let (a, b) = (lens.locate(u), lens.locate(v));
        let ((ph, pr), (bh, br), base) = if a.0 % 2 == 0 {
            (a, b, 0)
        } else {
            (b, a, FROM_BUS)
        };
        // The rewriting link joins 2j − 1 and 2j: the bus just left of the processor.
        let kind = if bh + 1 != ph {
            PROCESSOR_TO_OWN
        } else {
            let j = ph / 2;
            if lens.digit_after(bh, br, j) == lens.digit_after(ph, pr, j) {
                PROCESSOR_TO_SAME_DIGIT
            } else {
                PROCESSOR_TO_OTHER_DIGIT
            }
        };
        base + kind
    }

    fn channel_orbit_count(&self) -> usize {
        2 * FROM_BUS
    }

    fn node_orbit(&self, u: Node) -> usize {
        usize::from(u >= self.lens.processor_count())
    }

    fn node_orbit_count(&self) -> usize {
        2
    }

    /// Every processor has one channel of each kind but the last, which it has b − 1 of.
    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        let procs = self.lens.processor_count() as u64;
        let per = [procs, procs, procs * (u64::from(self.lens.p()) - 2)];
        Some(per.iter().chain(&per).copied().collect())
    }

    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        Some(vec![
            self.lens.processor_count() as u64,
            self.lens.bus_count() as u64,
        ])
    }
}

/// The uncompleted lens's digit relabellings: for each digit position j, one permutation
/// of the p − 1 values it takes before the dot and one of the q − 1 values it takes after
/// it, applied to every node's label (the half position is kept).
///
/// They preserve the links: a link between half positions 2j − 1 and 2j joins the bus
/// `Bw.av` (digit j after its dot, value a) to every processor `wi.v` (digit j before the
/// dot, any value i); the relabelling maps a to σⱼ(a) and the set of all i onto itself, so
/// the image is the link between the images. A link between 2j and 2j + 1 keeps the
/// label, and so do the images. Every half position is one orbit of nodes (each position's
/// permutations are transitive on its values): n orbits of processors, so the distances
/// from n processors give every processor's. The channels between half positions h and
/// h + 1 are one orbit each way: the stabiliser of a processor at 2j keeps its digit j
/// (a value before the dot) but permutes the values after the dot freely, so it is
/// transitive on the q − 1 busses at 2j − 1 that rewrite digit j; the bus at 2j + 1 is
/// unique; and symmetrically for a bus's p − 1 processors on its right. Checked by brute
/// force in `core/tests/lens.rs` (random relabellings map links onto links).
#[derive(Debug, Clone, Copy)]
pub struct LensDigitOrbits<'a> {
    lens: &'a Lens,
}

impl Lens {
    /// The uncompleted lens's digit relabellings, by their orbits; `None` for a completed
    /// lens (its larger group is [`Lens::orbits`]).
    pub fn digit_orbits(&self) -> Option<LensDigitOrbits<'_>> {
        (!self.completed).then_some(LensDigitOrbits { lens: self })
    }
}

impl Orbits for LensDigitOrbits<'_> {
    /// The first processor of each dot position 1 … n.
    fn destinations(&self) -> Vec<(Node, u64)> {
        let lens = self.lens;
        (1..=lens.n)
            .map(|k| (lens.start[2 * k - 1], lens.group_size(2 * k) as u64))
            .collect()
    }

    fn channel_orbit(&self, u: Node, v: Node) -> usize {
        let (hu, hv) = (self.lens.locate(u).0, self.lens.locate(v).0);
        2 * (hu.min(hv) - 1) + usize::from(hu > hv)
    }

    fn channel_orbit_count(&self) -> usize {
        2 * (2 * self.lens.n - 1)
    }

    fn node_orbit(&self, u: Node) -> usize {
        self.lens.locate(u).0 - 1
    }

    fn node_orbit_count(&self) -> usize {
        2 * self.lens.n
    }

    /// Between h and h + 1, one way: the nodes at the odd end times the nodes the link
    /// kind reaches from each (the even end's digit takes every value before the dot).
    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        let lens = self.lens;
        let mut sizes = Vec::with_capacity(self.channel_orbit_count());
        for h in 1..2 * lens.n {
            let (odd, even) = if h % 2 == 1 { (h, h + 1) } else { (h + 1, h) };
            let links = if h % 2 == 1 {
                // Bus at h, processors at h + 1 rewriting digit (h + 1) / 2.
                lens.group_size(odd) as u64 * u64::from(lens.p - 1)
            } else {
                // Processor at h, bus at h + 1 with the same label.
                lens.group_size(even) as u64
            };
            sizes.extend([links, links]);
        }
        Some(sizes)
    }

    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        Some(
            (1..=2 * self.lens.n)
                .map(|h| self.lens.group_size(h) as u64)
                .collect(),
        )
    }
}
