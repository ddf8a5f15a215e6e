//! Parallel iterative matching (BookSim2's `pim`, `PIM`).
//!
//! Each iteration has two steps. Grant: each unmatched output that some unmatched input
//! asks for grants the first such input at or after a position drawn uniformly among its
//! router's inputs. Accept: each input that was granted accepts the first granting output
//! at or after a position drawn uniformly among its router's outputs. Nothing is kept
//! between rounds; later iterations (`alloc_iters`, or `pim(N)`) add matches between what
//! is left unmatched.
//!
//! The choices are BookSim2's (the first at or after a uniform position, not a uniform
//! choice among the candidates), drawn from icnplay's generator (a stream of the point's
//! seed), not BookSim2's: the same seed gives other draws than BookSim2's, with the same
//! distribution. A position is drawn only where it decides something (two candidates or
//! more), where BookSim2 draws one for every output and input in every iteration.

use super::requests::{Matcher, Matching, Requests, Whole, NONE};
use super::{rr_distance, Role, Size};
use crate::packet::config::PointConfig;
use crate::rng::SplitMix64;

/// PIM over every router's inputs and outputs.
pub type Pim = Whole<Random>;

/// PIM's state: its iterations, its generator, its scratch.
#[derive(Debug, Clone)]
pub struct Random {
    iters: u32,
    rng: SplitMix64,
    /// The round's outputs asked for, increasing.
    outs: Vec<u32>,
    /// Per output of the round: its candidates this iteration, the drawn position, and
    /// its grant (input, distance past the position).
    count: Vec<u32>,
    position: Vec<u32>,
    grants: Vec<(u32, u32)>,
}

impl Matcher for Random {
    fn new(size: Size, role: Role, point: &PointConfig) -> Random {
        let stream = match role {
            Role::Vc => 0x7069_6d76,
            Role::Switch => 0x7069_6d73,
        };
        let n = size.max_outputs as usize;
        Random {
            iters: role.choice(point).iters.max(1),
            rng: SplitMix64::stream(point.seed, stream),
            outs: Vec::new(),
            count: vec![0; n],
            position: vec![0; n],
            grants: vec![(NONE, NONE); n],
        }
    }

    fn matches(&mut self, req: &Requests, m: &mut Matching) {
        self.outs.clear();
        self.outs.extend(req.list.iter().map(|r| r.1));
        self.outs.sort_unstable();
        self.outs.dedup();
        for _ in 0..self.iters {
            self.grant_step(req, m);
            let matched = self.accept_step(req, m);
            for &o in &self.outs {
                self.grants[o as usize] = (NONE, NONE);
            }
            if !matched {
                break;
            }
        }
    }
}

impl Random {
    /// Each unmatched output grants the unmatched input that asks for it first at or after
    /// a uniform position (drawn in order of output, where two inputs or more ask).
    fn grant_step(&mut self, req: &Requests, m: &Matching) {
        let inputs = req.round.inputs;
        for &o in &self.outs {
            self.count[o as usize] = 0;
        }
        for &(i, o, _) in &req.list {
            if m.free(i, o) {
                self.count[o as usize] += 1;
                self.grants[o as usize] = (i, 0);
            }
        }
        for &o in &self.outs {
            if self.count[o as usize] > 1 {
                self.position[o as usize] = self.rng.below(u64::from(inputs)) as u32;
                self.grants[o as usize] = (NONE, NONE);
            }
        }
        for &(i, o, _) in &req.list {
            if self.count[o as usize] > 1 && m.free(i, o) {
                let d = rr_distance(i, self.position[o as usize], inputs);
                if d < self.grants[o as usize].1 {
                    self.grants[o as usize] = (i, d);
                }
            }
        }
    }

    /// Each input accepts the granting output first at or after a uniform position (drawn
    /// in order of input, where two outputs or more granted it). Returns whether anything
    /// was matched.
    fn accept_step(&mut self, req: &Requests, m: &mut Matching) -> bool {
        let Random { rng, grants, .. } = self;
        let outputs = req.round.outputs;
        let mut matched = false;
        for (i, run) in req.by_input() {
            let granted = |r: &&(u32, u32, u32)| grants[r.1 as usize].0 == i;
            let mine = &req.list[run];
            let pick = match mine.iter().filter(granted).count() {
                0 => continue,
                1 => mine.iter().find(granted).map(|r| r.1),
                _ => {
                    let at = rng.below(u64::from(outputs)) as u32;
                    mine.iter()
                        .filter(granted)
                        .min_by_key(|r| rr_distance(r.1, at, outputs))
                        .map(|r| r.1)
                }
            };
            if let Some(o) = pick {
                m.set(i, o);
                matched = true;
            }
        }
        matched
    }
}
