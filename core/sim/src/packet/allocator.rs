//! Separable input-first allocation with round-robin arbiters (BookSim2's
//! `separable_input_first` with `round_robin` arbiters), for virtual channels and for the
//! switch.
//!
//! Each input first picks one of the outputs it requests, the first at or after its
//! arbiter's pointer; each output then grants one of the inputs that picked it, the first
//! at or after its own pointer. A pointer moves past the winner only on a grant, so an
//! input that lost at the output keeps its turn.

/// How far `x` is past `pointer` going round `size` positions.
#[inline]
pub fn rr_distance(x: u32, pointer: u32, size: u32) -> u32 {
    if x >= pointer {
        x - pointer
    } else {
        x + size - pointer
    }
}

/// The output stage of a separable allocator: for every output asked for, the input
/// closest after its pointer. Reused scratch, no allocation once warm.
#[derive(Debug, Clone, Default)]
pub struct OutputStage {
    /// The best input (local index) and its distance for each output, `u32::MAX` if none.
    best: Vec<(u32, u32)>,
    /// The outputs asked for this round.
    touched: Vec<u32>,
}

impl OutputStage {
    /// A stage over `outputs` outputs (indices local to one router).
    pub fn new(outputs: usize) -> OutputStage {
        OutputStage {
            best: vec![(u32::MAX, u32::MAX); outputs],
            touched: Vec::new(),
        }
    }

    /// Input `input` (its index local to the router, round a `size`) picked output `out`
    /// whose arbiter points at `pointer`.
    #[inline]
    pub fn offer(&mut self, out: u32, input: u32, pointer: u32, size: u32) {
        let d = rr_distance(input, pointer, size);
        let slot = &mut self.best[out as usize];
        if slot.0 == u32::MAX {
            self.touched.push(out);
            *slot = (input, d);
        } else if d < slot.1 {
            *slot = (input, d);
        }
    }

    /// Calls `grant(output, input)` for every output asked for, in increasing order of
    /// output, and clears the stage.
    pub fn grant(&mut self, mut grant: impl FnMut(u32, u32)) {
        self.touched.sort_unstable();
        for &out in &self.touched {
            let (input, _) = self.best[out as usize];
            self.best[out as usize] = (u32::MAX, u32::MAX);
            grant(out, input);
        }
        self.touched.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_after_the_pointer_wins() {
        let mut stage = OutputStage::new(4);
        stage.offer(2, 1, 3, 5);
        stage.offer(2, 4, 3, 5);
        stage.offer(2, 0, 3, 5);
        let mut got = Vec::new();
        stage.grant(|o, i| got.push((o, i)));
        assert_eq!(got, vec![(2, 4)]);
        assert_eq!(rr_distance(0, 3, 5), 2);
    }
}
