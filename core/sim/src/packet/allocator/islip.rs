//! iSLIP (BookSim2's `islip`, `iSLIP_Sparse`), and the iteration it shares with BookSim2's
//! `select` ([`super::select`]).
//!
//! Each iteration has two steps. Grant: each unmatched output that some unmatched input
//! asks for grants the first such input at or after its grant pointer. Accept: each input
//! accepts, of the outputs that granted it, the first at or after its accept pointer. A
//! pointer moves one past the match, and only for matches of the first iteration; later
//! iterations (`alloc_iters`, or `islip(N)`) add matches between what is left unmatched.

use super::requests::{Matcher, Matching, Requests, Whole, NONE};
use super::{rr_distance, Role, Round, Size};
use crate::packet::config::PointConfig;

/// iSLIP over every router's inputs and outputs.
pub type Islip = Whole<Slip<false>>;

/// The iSLIP iteration over every router's inputs and outputs: `SELECT` is BookSim2's
/// `select` (grants kept across iterations, an input's accept not limited to unmatched
/// inputs), else `islip`. Every request's priority is equal (icnplay's routing and
/// traffic set none), so `select`'s priority comparisons pick as iSLIP's pointers do.
#[derive(Debug, Clone)]
pub struct Slip<const SELECT: bool> {
    iters: u32,
    /// Each output's grant pointer (an input of its router) and each input's accept
    /// pointer (an output), by global index.
    grant_ptr: Vec<u32>,
    accept_ptr: Vec<u32>,
    /// This iteration's grant of each output of the round: (input, its distance past
    /// the pointer); `NONE` for none.
    grants: Vec<(u32, u32)>,
}

impl<const SELECT: bool> Matcher for Slip<SELECT> {
    fn new(size: Size, role: Role, point: &PointConfig) -> Self {
        Slip {
            iters: role.choice(point).iters.max(1),
            grant_ptr: vec![0; size.outputs],
            accept_ptr: vec![0; size.inputs],
            grants: vec![(NONE, NONE); size.max_outputs as usize],
        }
    }

    fn matches(&mut self, req: &Requests, m: &mut Matching) {
        for iter in 0..self.iters {
            self.grant_step(req, m);
            let matched = self.accept_step(req, m, iter == 0);
            if !SELECT {
                self.clear(req);
                if !matched {
                    // Nothing changed: the next iterations would match nothing.
                    break;
                }
            }
        }
        if SELECT {
            self.clear(req);
        }
    }
}

impl<const SELECT: bool> Slip<SELECT> {
    /// Each unmatched output grants the unmatched input that asks for it first at or after
    /// its pointer (`select`: an output with no such input keeps its last grant).
    fn grant_step(&mut self, req: &Requests, m: &Matching) {
        let Round {
            inputs,
            first_output,
            ..
        } = req.round;
        for &(i, o, _) in &req.list {
            if !m.free(i, o) {
                continue;
            }
            let d = rr_distance(i, self.grant_ptr[(first_output + o) as usize], inputs);
            let g = &mut self.grants[o as usize];
            // A grant kept from an earlier iteration (select) names an input matched since
            // (it accepted one of its grants): any fresh grant replaces it.
            if g.1 == NONE || d < g.1 || (SELECT && m.input[g.0 as usize] != NONE) {
                *g = (i, d);
            }
        }
    }

    /// Each input accepts, of the outputs that granted it, the first at or after its
    /// pointer; `first`: the pointers move past the match. Returns whether anything was
    /// matched.
    fn accept_step(&mut self, req: &Requests, m: &mut Matching, first: bool) -> bool {
        let Round {
            first_input,
            inputs,
            first_output,
            outputs,
            ..
        } = req.round;
        let mut matched = false;
        for (i, run) in req.by_input() {
            if !SELECT && m.input[i as usize] != NONE {
                continue;
            }
            let ptr = self.accept_ptr[(first_input + i) as usize];
            let mut best = (NONE, NONE);
            for &(_, o, _) in &req.list[run] {
                if self.grants[o as usize].0 == i {
                    let d = rr_distance(o, ptr, outputs);
                    if d < best.1 {
                        best = (o, d);
                    }
                }
            }
            let o = best.0;
            if o == NONE || m.input[i as usize] == o {
                continue;
            }
            m.set(i, o);
            matched = true;
            if first {
                self.grant_ptr[(first_output + o) as usize] = (i + 1) % inputs;
                self.accept_ptr[(first_input + i) as usize] = (o + 1) % outputs;
            }
        }
        matched
    }

    /// Forgets the round's grants.
    fn clear(&mut self, req: &Requests) {
        for &(_, o, _) in &req.list {
            self.grants[o as usize] = (NONE, NONE);
        }
    }
}

#[cfg(test)]
impl<const SELECT: bool> Slip<SELECT> {
    /// Output `o`'s grant pointer (global index).
    pub(super) fn grant_ptr_of(&self, o: usize) -> u32 {
        self.grant_ptr[o]
    }
}
