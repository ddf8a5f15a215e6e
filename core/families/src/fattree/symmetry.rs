//! The fat tree's digit-wise translations, for loads.
//!
//! For c = (c₀ … cₙ₋₁) in Z_kⁿ, the map adds cᵢ (mod k) to digit i of every processor
//! and of every switch word (a switch word has digits 0 … n − 2 only, so cₙ₋₁ moves
//! processors within their leaf). It keeps levels, and it keeps which digits of two words
//! are equal, so it maps the links ⟨w, l⟩ — ⟨w', l + 1⟩ (equal but for digit l) and
//! leaf — processor (equal first n − 1 digits) onto links: an automorphism. Up*/down*
//! and minimal routing compare digits for equality and copy them, so they commute with it.
//!
//! Its orbits, exactly:
//! - nodes: the processors (one orbit of kⁿ: the group acts on them as Z_kⁿ on itself),
//!   and each level of switches (kⁿ⁻¹ each);
//! - channels: processor → leaf and leaf → processor (kⁿ each); between levels l and
//!   l + 1, by direction and by δ = (digit l of the head − digit l of the tail) mod k,
//!   which translations keep and which together with the tail's word fixes the channel
//!   (kⁿ⁻¹ each).

use icn_graph::{Node, Orbits};

use super::FatTree;

/// The digit-wise translations of a [`FatTree`] as [`Orbits`].
#[derive(Debug, Clone, Copy)]
pub struct FatTreeOrbits<'a> {
    tree: &'a FatTree,
}

/// Channel orbits: processor → leaf, leaf → processor, then the switch layers.
const UP_FROM_PROCESSOR: usize = 0;
const DOWN_TO_PROCESSOR: usize = 1;
const LAYERS: usize = 2;

impl<'a> FatTreeOrbits<'a> {
    pub(super) fn new(tree: &'a FatTree) -> Self {
        FatTreeOrbits { tree }
    }
}

impl Orbits for FatTreeOrbits<'_> {
    fn destinations(&self) -> Vec<(Node, u64)> {
        vec![(0, self.tree.processors() as u64)]
    }

    fn channel_orbit(&self, u: Node, v: Node) -> usize {
        let t = self.tree;
        let (a, b) = (t.place(u), t.place(v));
        if a.level == t.n {
            return UP_FROM_PROCESSOR;
        }
        if b.level == t.n {
            return DOWN_TO_PROCESSOR;
        }
        let k = t.k as usize;
        let layer = a.level.min(b.level);
        let (da, db) = (t.switch_digit(a, layer), t.switch_digit(b, layer));
        let delta = (db + t.k - da) as usize % k;
        let up = usize::from(b.level < a.level);
        LAYERS + (layer as usize * 2 + up) * k + delta
    }

    fn channel_orbit_count(&self) -> usize {
        LAYERS + 2 * (self.tree.n as usize - 1) * self.tree.k as usize
    }

    /// 0 for the processors, 1 + l for level l.
    fn node_orbit(&self, u: Node) -> usize {
        let level = self.tree.place(u).level;
        if level == self.tree.n {
            0
        } else {
            1 + level as usize
        }
    }

    fn node_orbit_count(&self) -> usize {
        1 + self.tree.n as usize
    }

    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        let procs = self.tree.processors() as u64;
        let mut sizes = vec![procs, procs];
        sizes.resize(self.channel_orbit_count(), self.tree.per_level() as u64);
        Some(sizes)
    }

    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        let mut sizes = vec![self.tree.processors() as u64];
        sizes.resize(self.node_orbit_count(), self.tree.per_level() as u64);
        Some(sizes)
    }
}
