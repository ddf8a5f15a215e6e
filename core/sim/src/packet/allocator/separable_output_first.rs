//! Separable output-first allocation with round-robin arbiters (BookSim2's
//! `separable_output_first` with `round_robin` arbiters).
//!
//! Each output first picks one of the inputs that ask for it, the first at or after its
//! arbiter's pointer; each input then accepts one of the outputs that picked it, the first
//! at or after its own pointer. A pointer moves past the winner only on a match.

use super::picks::Picks;
use super::{rr_distance, Allocator, Role, Round, Size};
use crate::packet::config::PointConfig;

/// BookSim2's separable output-first allocator with round-robin arbiters, over every
/// router's inputs and outputs.
#[derive(Debug, Clone)]
pub struct SeparableOutputFirst {
    /// Each input's arbiter pointer (an output of its router) and each output's (an input
    /// of its router), by global index.
    in_ptr: Vec<u32>,
    out_ptr: Vec<u32>,
    round: Round,
    /// For each output of the round, the input closest after its pointer among those that
    /// ask, with the request's label.
    output_stage: Picks,
    /// For each input, the output closest after its pointer among those that picked it.
    input_stage: Picks,
}

impl Allocator for SeparableOutputFirst {
    fn new(size: Size, _: Role, _: &PointConfig) -> SeparableOutputFirst {
        SeparableOutputFirst {
            in_ptr: vec![0; size.inputs],
            out_ptr: vec![0; size.outputs],
            round: Round::default(),
            output_stage: Picks::new(size.max_outputs as usize),
            input_stage: Picks::new(size.max_inputs as usize),
        }
    }

    #[inline]
    fn begin(&mut self, round: Round) {
        self.round = round;
    }

    /// Each output's arbiter sees the request.
    #[inline]
    fn request(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32)>) {
        let Round {
            inputs,
            first_output,
            ..
        } = self.round;
        for (o, label) in outputs {
            let d = rr_distance(input, self.out_ptr[(first_output + o) as usize], inputs);
            self.output_stage.offer(o, input, d, label);
        }
    }

    /// Each output offers itself to the input it picked; each input accepts the output
    /// first at or after its pointer; both pointers move past the match.
    fn allocate(&mut self, mut grant: impl FnMut(u32, u32, u32)) {
        let Round {
            first_input,
            inputs,
            first_output,
            outputs,
            ..
        } = self.round;
        let (in_ptr, input_stage) = (&self.in_ptr, &mut self.input_stage);
        self.output_stage.drain(false, |o, i, label| {
            let d = rr_distance(o, in_ptr[(first_input + i) as usize], outputs);
            input_stage.offer(i, o, d, label);
        });
        let (in_ptr, out_ptr) = (&mut self.in_ptr, &mut self.out_ptr);
        self.input_stage.drain(true, |i, o, label| {
            in_ptr[(first_input + i) as usize] = (o + 1) % outputs;
            out_ptr[(first_output + o) as usize] = (i + 1) % inputs;
            grant(i, o, label);
        });
    }
}
