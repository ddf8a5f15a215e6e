//! A round-robin stage of a separable allocator, for every arbiter of a round at once: each
//! arbiter (an output choosing among inputs, or an input among outputs) keeps the candidate
//! closest past its pointer among those offered so far.

/// No candidate.
const NONE: u32 = u32::MAX;

/// Each arbiter's pick so far: (candidate, distance past the pointer, label), and the
/// arbiters offered something this round.
#[derive(Debug, Clone)]
pub struct Picks {
    best: Vec<(u32, u32, u32)>,
    offered: Vec<u32>,
}

impl Picks {
    /// Arbiters `0..n`, none offered anything.
    pub fn new(n: usize) -> Picks {
        Picks {
            best: vec![(NONE, NONE, 0); n],
            offered: Vec::with_capacity(n),
        }
    }

    /// Arbiter `at` is offered `candidate` at `distance` past its pointer, with `label`: it
    /// keeps the closest (the first offered of equals).
    #[inline]
    pub fn offer(&mut self, at: u32, candidate: u32, distance: u32, label: u32) {
        let slot = &mut self.best[at as usize];
        if slot.0 == NONE {
            self.offered.push(at);
            *slot = (candidate, distance, label);
        } else if distance < slot.1 {
            *slot = (candidate, distance, label);
        }
    }

    /// Calls `f(arbiter, pick, label)` for each arbiter offered something, arbiters
    /// increasing (`by_pick`: picks increasing), and forgets the round.
    #[inline]
    pub fn drain(&mut self, by_pick: bool, mut f: impl FnMut(u32, u32, u32)) {
        if by_pick {
            let best = &self.best;
            self.offered.sort_unstable_by_key(|&at| best[at as usize].0);
        } else {
            self.offered.sort_unstable();
        }
        for &at in &self.offered {
            let (pick, _, label) = self.best[at as usize];
            self.best[at as usize] = (NONE, NONE, 0);
            f(at, pick, label);
        }
        self.offered.clear();
    }

    /// Whether the round has no offer yet.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.offered.is_empty()
    }
}
