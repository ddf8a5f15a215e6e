//! Lonely output allocation (BookSim2's `loa`, `LOA`).
//!
//! Each output counts the inputs that ask for it; each input asks only for its loneliest
//! output (fewest requests; of those, the first at or after its request pointer); each
//! output grants the first input at or after its grant pointer among those that asked for
//! it. A match moves the input's request pointer and the output's grant pointer one on.

use super::picks::Picks;
use super::requests::NONE;
use super::{rr_distance, Allocator, Role, Round, Size};
use crate::packet::config::PointConfig;

/// The lonely output allocator over every router's inputs and outputs.
#[derive(Debug, Clone)]
pub struct Loa {
    /// Each input's request pointer (an output of its router) and each output's grant
    /// pointer (an input), by global index.
    request_ptr: Vec<u32>,
    grant_ptr: Vec<u32>,
    round: Round,
    /// The round's requests, inputs increasing, and each output's count.
    list: Vec<(u32, u32, u32)>,
    count: Vec<u32>,
    /// Per output of the round: the input it grants so far, with the label.
    grants: Picks,
}

impl Allocator for Loa {
    fn new(size: Size, _: Role, _: &PointConfig) -> Loa {
        let n = size.max_outputs as usize;
        Loa {
            request_ptr: vec![0; size.inputs],
            grant_ptr: vec![0; size.outputs],
            round: Round::default(),
            list: Vec::new(),
            count: vec![0; n],
            grants: Picks::new(n),
        }
    }

    #[inline]
    fn begin(&mut self, round: Round) {
        self.round = round;
        self.list.clear();
    }

    #[inline]
    fn request(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32)>) {
        for (o, label) in outputs {
            self.list.push((input, o, label));
            self.count[o as usize] += 1;
        }
    }

    fn allocate(&mut self, mut grant: impl FnMut(u32, u32, u32)) {
        let Round {
            first_input,
            inputs,
            first_output,
            outputs,
            ..
        } = self.round;
        let mut k = 0;
        while k < self.list.len() {
            let i = self.list[k].0;
            let ptr = self.request_ptr[(first_input + i) as usize];
            // The loneliest output: fewest requests, then first at or after the pointer.
            let mut pick = (NONE, NONE, NONE, 0);
            while let Some(&(_, o, label)) = self.list.get(k).filter(|r| r.0 == i) {
                let key = (self.count[o as usize], rr_distance(o, ptr, outputs));
                if key < (pick.0, pick.1) {
                    pick = (key.0, key.1, o, label);
                }
                k += 1;
            }
            let (o, label) = (pick.2, pick.3);
            let d = rr_distance(i, self.grant_ptr[(first_output + o) as usize], inputs);
            self.grants.offer(o, i, d, label);
        }
        for &(_, o, _) in &self.list {
            self.count[o as usize] = 0;
        }
        let (request_ptr, grant_ptr) = (&mut self.request_ptr, &mut self.grant_ptr);
        self.grants.drain(false, |o, i, label| {
            let r = &mut request_ptr[(first_input + i) as usize];
            *r = (*r + 1) % outputs;
            let g = &mut grant_ptr[(first_output + o) as usize];
            *g = (*g + 1) % inputs;
            grant(i, o, label);
        });
    }
}
