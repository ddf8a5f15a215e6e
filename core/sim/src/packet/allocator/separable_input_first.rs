//! Separable input-first allocation with round-robin arbiters (BookSim2's
//! `separable_input_first` with `round_robin` arbiters).
//!
//! Each input first picks one of the outputs it requests, the first at or after its
//! arbiter's pointer; each output then grants one of the inputs that picked it, the first
//! at or after its own pointer. A pointer moves past the winner only on a grant, so an
//! input that lost at the output keeps its turn.

use super::picks::Picks;
use super::{rr_distance, Allocator, Role, Round, Size};
use crate::packet::config::PointConfig;

/// BookSim2's separable input-first allocator with round-robin arbiters, over every
/// router's inputs and outputs. Its scratch is reused: no allocation once built.
#[derive(Debug, Clone)]
pub struct SeparableInputFirst {
    /// Each input's arbiter pointer (an output of its router) and each output's (an input
    /// of its router), by global index.
    in_ptr: Vec<u32>,
    out_ptr: Vec<u32>,
    /// The round under way.
    round: Round,
    /// The output stage: for each output of the round, the input closest after its
    /// pointer among those that picked it, with the request's label.
    picks: Picks,
}

impl SeparableInputFirst {
    /// Input `input`'s arbiter pointer (an output of the round).
    #[inline]
    fn pointer(&self, input: u32) -> u32 {
        self.in_ptr[(self.round.first_input + input) as usize]
    }

    /// Offers `input`, whose arbiter picked `out` (with the request's `label`), to the
    /// output's arbiter.
    #[inline]
    fn offer(&mut self, input: u32, out: u32, label: u32) {
        let Round {
            inputs,
            first_output,
            ..
        } = self.round;
        let d = rr_distance(input, self.out_ptr[(first_output + out) as usize], inputs);
        self.picks.offer(out, input, d, label);
    }
}

impl Allocator for SeparableInputFirst {
    fn new(size: Size, _: Role, _: &PointConfig) -> SeparableInputFirst {
        SeparableInputFirst {
            in_ptr: vec![0; size.inputs],
            out_ptr: vec![0; size.outputs],
            round: Round::default(),
            picks: Picks::new(size.max_outputs as usize),
        }
    }

    #[inline]
    fn begin(&mut self, round: Round) {
        debug_assert!(self.picks.is_empty());
        self.round = round;
    }

    /// The input's arbiter picks the output first at or after its pointer, and offers the
    /// input to that output's arbiter.
    #[inline]
    fn request(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32)>) {
        let mut outputs = outputs.into_iter();
        let Some((first, label)) = outputs.next() else {
            return;
        };
        let Round {
            first_input,
            inputs,
            first_output,
            outputs: size,
            ..
        } = self.round;
        let pointer = self.in_ptr[(first_input + input) as usize];
        let mut pick = (first, rr_distance(first, pointer, size), label);
        for (out, label) in outputs {
            let d = rr_distance(out, pointer, size);
            if d < pick.1 {
                pick = (out, d, label);
            }
        }
        let (out, _, label) = pick;
        let d = rr_distance(input, self.out_ptr[(first_output + out) as usize], inputs);
        self.picks.offer(out, input, d, label);
    }

    /// The input's arbiter picks, of the outputs of the highest priority, the one first at
    /// or after its pointer (BookSim2's round-robin arbiter: a higher priority supersedes,
    /// the pointer breaks ties), and offers the input to that output's arbiter, whose
    /// requests all have one priority (BookSim2's `out_pri`, the packet's: `priority =
    /// none`).
    #[inline]
    fn request_ranked(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32, u8)>) {
        let (pointer, size) = (self.pointer(input), self.round.outputs);
        // The key: priority first (higher wins), then the distance past the pointer.
        let key = |out: u32, pri: u8| (u32::from(u8::MAX - pri), rr_distance(out, pointer, size));
        if let Some((out, label, _)) = outputs
            .into_iter()
            .min_by_key(|&(out, _, pri)| key(out, pri))
        {
            self.offer(input, out, label);
        }
    }

    /// Each output's arbiter grants the input first at or after its pointer; both
    /// pointers move past the match.
    fn allocate(&mut self, mut grant: impl FnMut(u32, u32, u32)) {
        let Round {
            first_input,
            inputs,
            first_output,
            outputs,
            ..
        } = self.round;
        let (in_ptr, out_ptr) = (&mut self.in_ptr, &mut self.out_ptr);
        self.picks.drain(false, |out, input, label| {
            in_ptr[(first_input + input) as usize] = (out + 1) % outputs;
            out_ptr[(first_output + out) as usize] = (input + 1) % inputs;
            grant(input, out, label);
        });
    }

    #[inline]
    fn peek(&self, input: usize, output: usize) -> u32 {
        let at = |v: &[u32], i: usize| v.get(i).copied().unwrap_or(0);
        at(&self.in_ptr, input).wrapping_add(at(&self.out_ptr, output))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packet::config::{Protocol, RouterConfig};
    use crate::rng::SplitMix64;

    /// A point: the separable allocator reads nothing of it.
    fn point() -> PointConfig {
        PointConfig {
            router: RouterConfig::default(),
            protocol: Protocol::default(),
            rate: 0.1,
            seed: 1,
        }
    }

    /// The allocator as the router wrote it before the seam: each input's pick computed
    /// beside its requests, its pointer kept by the caller, and this output stage.
    #[derive(Default)]
    struct OutputStage {
        best: Vec<(u32, u32)>,
        touched: Vec<u32>,
    }

    impl OutputStage {
        fn offer(&mut self, out: u32, input: u32, pointer: u32, size: u32) {
            let d = rr_distance(input, pointer, size);
            let slot = &mut self.best[out as usize];
            if slot.0 == u32::MAX {
                self.touched.push(out);
                *slot = (input, d);
            } else if d < slot.1 {
                *slot = (input, d);
            }
        }

        fn grant(&mut self, mut grant: impl FnMut(u32, u32)) {
            self.touched.sort_unstable();
            for &out in &self.touched {
                let (input, _) = self.best[out as usize];
                self.best[out as usize] = (u32::MAX, u32::MAX);
                grant(out, input);
            }
            self.touched.clear();
        }
    }

    /// Routers of `n` inputs and outputs each (as a router's VCs or ports), random
    /// requests with labels each round: the allocator grants what the code before it
    /// granted, round after round, its pointers moving the same way.
    #[test]
    fn grants_as_the_allocator_before_the_seam() {
        let mut rng = SplitMix64::new(37);
        for (routers, n) in [(1u32, 1u32), (3, 2), (4, 5), (2, 12), (5, 40)] {
            let total = (routers * n) as usize;
            let size = Size {
                routers: routers as usize,
                inputs: total,
                outputs: total,
                max_inputs: n,
                max_outputs: n,
            };
            let mut alloc = SeparableInputFirst::new(size, Role::Vc, &point());
            let (mut in_ptr, mut out_ptr) = (vec![0u32; total], vec![0u32; total]);
            let mut stage = OutputStage {
                best: vec![(u32::MAX, u32::MAX); n as usize],
                touched: Vec::new(),
            };
            for _ in 0..400 {
                let r = rng.below(u64::from(routers)) as u32;
                let base = r * n;
                let round = Round {
                    router: r as usize,
                    first_input: base,
                    inputs: n,
                    first_output: base,
                    outputs: n,
                };
                alloc.begin(round);
                let mut picks = vec![(u32::MAX, 0u32); n as usize];
                for input in 0..n {
                    let ptr = in_ptr[(base + input) as usize];
                    let mut pick = (u32::MAX, u32::MAX, 0);
                    let mut asks = Vec::new();
                    for out in 0..n {
                        if rng.below(3) == 0 {
                            asks.push((out, rng.below(16) as u32));
                        }
                    }
                    if !asks.is_empty() {
                        alloc.request(input, asks.iter().copied());
                    }
                    for &(out, label) in &asks {
                        let d = rr_distance(out, ptr, n);
                        if d < pick.1 {
                            pick = (out, d, label);
                        }
                    }
                    if pick.0 != u32::MAX {
                        picks[input as usize] = (pick.0, pick.2);
                        stage.offer(pick.0, input, out_ptr[(base + pick.0) as usize], n);
                    }
                }
                let mut before = Vec::new();
                stage.grant(|out, input| {
                    let (pick, label) = picks[input as usize];
                    in_ptr[(base + input) as usize] = (pick + 1) % n;
                    out_ptr[(base + out) as usize] = (input + 1) % n;
                    before.push((input, out, label));
                });
                let mut now = Vec::new();
                alloc.allocate(|input, out, label| now.push((input, out, label)));
                assert_eq!(now, before, "routers {routers}, size {n}");
                assert_eq!(alloc.in_ptr, in_ptr);
                assert_eq!(alloc.out_ptr, out_ptr);
            }
        }
    }

    /// Ranked requests: the input's arbiter takes the higher priority even past its
    /// pointer, and among equal priorities the output first at or after the pointer
    /// (BookSim2's round-robin arbiter's `Supersedes`).
    #[test]
    fn a_higher_priority_supersedes_the_pointer() {
        let round = Round {
            router: 0,
            first_input: 0,
            inputs: 2,
            first_output: 0,
            outputs: 6,
        };
        let mut alloc = SeparableInputFirst::new(size_of(round), Role::Vc, &point());
        alloc.in_ptr[0] = 2;
        let mut grant = |asks: &[(u32, u32, u8)]| {
            alloc.begin(round);
            alloc.request_ranked(0, asks.iter().copied());
            let mut got = Vec::new();
            alloc.allocate(|i, o, _| got.push((i, o)));
            got
        };
        // Output 2 is at the pointer but low; of the high ones, 5 is nearer than 1.
        let asks = [(1, 0, 1), (2, 0, 0), (5, 0, 1)];
        assert_eq!(grant(&asks), vec![(0, 5)]);
        // The pointer moved past 5, to 0: output 1 is now the nearer high one.
        assert_eq!(grant(&asks), vec![(0, 1)]);
        // Alone, the low one is taken.
        assert_eq!(grant(&[(2, 0, 0)]), vec![(0, 2)]);
    }

    /// The size of one router of `round`'s inputs and outputs.
    fn size_of(round: Round) -> Size {
        Size {
            routers: 1,
            inputs: round.inputs as usize,
            outputs: round.outputs as usize,
            max_inputs: round.inputs,
            max_outputs: round.outputs,
        }
    }

    #[test]
    fn the_input_after_the_pointer_wins() {
        let size = Size {
            routers: 1,
            inputs: 5,
            outputs: 4,
            max_inputs: 5,
            max_outputs: 4,
        };
        let mut alloc = SeparableInputFirst::new(size, Role::Vc, &point());
        alloc.out_ptr[2] = 3;
        alloc.begin(Round {
            router: 0,
            first_input: 0,
            inputs: 5,
            first_output: 0,
            outputs: 4,
        });
        alloc.request(0, [(2, 7)]);
        alloc.request(1, [(2, 8), (3, 5)]);
        alloc.request(4, [(2, 9)]);
        let mut got = Vec::new();
        alloc.allocate(|i, o, l| got.push((i, o, l)));
        assert_eq!(got, vec![(4, 2, 9)]);
        // Input 1's pointer is at 0: it picked output 2, not 3.
        assert_eq!(rr_distance(0, 3, 5), 2);
        assert_eq!((alloc.in_ptr[4], alloc.out_ptr[2]), (3, 0));
    }
}
