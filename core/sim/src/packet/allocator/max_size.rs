//! Maximum-size matching (BookSim2's `max_size`, `MaxSizeMatch`): shortest augmenting
//! paths, searched breadth-first from every unmatched input at once, the inputs taken from
//! the router's rotating start; augmented until no path is left.
//!
//! BookSim2 moves the start one input on at every call of its allocator (each cycle its
//! router has a VC waiting for the stage); icnplay moves it at each round with a request
//! (each cycle the router's allocator is asked for something): the start only breaks ties
//! between matchings of the same size.

use super::requests::{Matcher, Matching, Requests, Whole, NONE};
use super::{Role, Round, Size};
use crate::packet::config::PointConfig;

/// The maximum-size allocator over every router's inputs and outputs.
pub type MaxSize = Whole<Augmenting>;

/// The maximum-size allocator's state: each router's start, the search's scratch.
#[derive(Debug, Clone)]
pub struct Augmenting {
    /// Each router's first input.
    start: Vec<u32>,
    /// The search: the input each output was reached from, this level's and the next
    /// level's inputs.
    from: Vec<u32>,
    level: Vec<u32>,
    next: Vec<u32>,
    /// The round's requests (input, output), sorted, and each input's range of them.
    edges: Vec<(u32, u32)>,
    runs: Vec<(u32, u32)>,
}

impl Matcher for Augmenting {
    fn new(size: Size, _: Role, _: &PointConfig) -> Augmenting {
        Augmenting {
            start: vec![0; size.routers],
            from: vec![NONE; size.max_outputs as usize],
            level: Vec::new(),
            next: Vec::new(),
            edges: Vec::new(),
            runs: vec![(0, 0); size.max_inputs as usize],
        }
    }

    fn matches(&mut self, req: &Requests, m: &mut Matching) {
        self.edges.clear();
        self.edges.extend(req.list.iter().map(|&(i, o, _)| (i, o)));
        self.edges.sort_unstable();
        self.runs[..req.round.inputs as usize].fill((0, 0));
        let mut k = 0;
        while k < self.edges.len() {
            let (i, start) = (self.edges[k].0, k);
            while self.edges.get(k).is_some_and(|e| e.0 == i) {
                k += 1;
            }
            self.runs[i as usize] = (start as u32, k as u32);
        }
        while let Some(j) = self.shortest_augmenting(req, m) {
            self.augment(m, j);
        }
        let Round { router, inputs, .. } = req.round;
        self.start[router] = (self.start[router] + 1) % inputs;
    }
}

impl Augmenting {
    /// The free output that ends a shortest augmenting path (with [`Augmenting::from`] set
    /// along it), if there is one.
    fn shortest_augmenting(&mut self, req: &Requests, m: &Matching) -> Option<u32> {
        let Round {
            router,
            inputs,
            outputs,
            ..
        } = req.round;
        self.level.clear();
        let start = self.start[router];
        self.level.extend(
            (0..inputs)
                .map(|k| (k + start) % inputs)
                .filter(|&i| m.input[i as usize] == NONE),
        );
        self.from[..outputs as usize].fill(NONE);
        for _ in 0..inputs {
            self.next.clear();
            for &i in &self.level {
                // Its requests, outputs increasing (BookSim2 tries every output in turn).
                let (a, z) = self.runs[i as usize];
                for &(_, j) in &self.edges[a as usize..z as usize] {
                    if m.input[i as usize] != j && self.from[j as usize] == NONE {
                        self.from[j as usize] = i;
                        if m.output[j as usize] == NONE {
                            return Some(j);
                        }
                        self.next.push(m.output[j as usize]);
                    }
                }
            }
            std::mem::swap(&mut self.level, &mut self.next);
        }
        None
    }

    /// Flips the path ending at free output `j`: each input on it takes the output it
    /// reached the next from.
    fn augment(&self, m: &mut Matching, mut j: u32) {
        loop {
            let i = self.from[j as usize];
            let was = m.input[i as usize];
            m.set(i, j);
            if was == NONE {
                return;
            }
            j = was;
        }
    }
}
