//! What the allocators that look at a whole round share ([`Whole`]): its requests, kept as
//! a list in the order they came (inputs increasing) and as a matrix (BookSim2's sparse and
//! dense request tables), and the matching being built (BookSim2's `_inmatch`,
//! `_outmatch`); each such allocator is a [`Matcher`].

use super::{Allocator, Role, Round, Size};
use crate::packet::config::PointConfig;

/// An allocator that matches a round from all its requests at once.
pub trait Matcher {
    /// Its state over `size` in `role` for `point`.
    fn new(size: Size, role: Role, point: &PointConfig) -> Self;

    /// Matches the round's requests (at least one) into `m`, updating its own state.
    fn matches(&mut self, req: &Requests, m: &mut Matching);
}

/// A [`Matcher`] as an [`Allocator`]: the round's requests gathered, then matched.
#[derive(Debug, Clone)]
pub struct Whole<M> {
    req: Requests,
    matching: Matching,
    matcher: M,
}

impl<M: Matcher> Allocator for Whole<M> {
    fn new(size: Size, role: Role, point: &PointConfig) -> Self {
        Whole {
            req: Requests::new(size),
            matching: Matching::new(size),
            matcher: M::new(size, role, point),
        }
    }

    #[inline]
    fn begin(&mut self, round: Round) {
        self.req.begin(round);
    }

    #[inline]
    fn request(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32)>) {
        self.req.add(input, outputs);
    }

    fn allocate(&mut self, grant: impl FnMut(u32, u32, u32)) {
        if !self.req.list.is_empty() {
            self.matcher.matches(&self.req, &mut self.matching);
        }
        self.matching.grant(&self.req, grant);
    }
}

#[cfg(test)]
impl<M> Whole<M> {
    /// The matcher's state.
    pub(super) fn matcher(&self) -> &M {
        &self.matcher
    }
}

/// No input, output or label.
pub const NONE: u32 = u32::MAX;

/// One round's requests.
#[derive(Debug, Clone)]
pub struct Requests {
    /// The round under way.
    pub round: Round,
    /// (input, output, label), inputs increasing.
    pub list: Vec<(u32, u32, u32)>,
    /// The label of each (input, output) request, row by input (`NONE`: no request).
    labels: Vec<u32>,
    /// A row's length: the most outputs of a round.
    width: usize,
}

impl Requests {
    pub fn new(size: Size) -> Requests {
        let width = size.max_outputs as usize;
        Requests {
            round: Round::default(),
            list: Vec::new(),
            labels: vec![NONE; size.max_inputs as usize * width],
            width,
        }
    }

    /// Starts `round`, the last one's requests forgotten.
    #[inline]
    pub fn begin(&mut self, round: Round) {
        for &(i, o, _) in &self.list {
            self.labels[i as usize * self.width + o as usize] = NONE;
        }
        self.list.clear();
        self.round = round;
    }

    /// Input `input` asks for `outputs` ((output, label) pairs).
    #[inline]
    pub fn add(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32)>) {
        for (o, label) in outputs {
            self.list.push((input, o, label));
            self.labels[input as usize * self.width + o as usize] = label;
        }
    }

    /// The label of `input`'s request for `output`, if it asks for it.
    #[inline]
    pub fn label(&self, input: u32, output: u32) -> Option<u32> {
        let l = self.labels[input as usize * self.width + output as usize];
        (l != NONE).then_some(l)
    }

    /// The list's runs of one input each: (input, its requests' range in the list).
    pub fn by_input(&self) -> impl Iterator<Item = (u32, std::ops::Range<usize>)> + '_ {
        let mut k = 0;
        std::iter::from_fn(move || {
            let &(i, _, _) = self.list.get(k)?;
            let start = k;
            while self.list.get(k).is_some_and(|r| r.0 == i) {
                k += 1;
            }
            Some((i, start..k))
        })
    }
}

/// The matching a round builds: each input's output and each output's input (`NONE`:
/// unmatched), within the round.
#[derive(Debug, Clone)]
pub struct Matching {
    pub input: Vec<u32>,
    pub output: Vec<u32>,
    /// Inputs and outputs set this round, to clear.
    set_inputs: Vec<u32>,
    set_outputs: Vec<u32>,
}

impl Matching {
    pub fn new(size: Size) -> Matching {
        Matching {
            input: vec![NONE; size.max_inputs as usize],
            output: vec![NONE; size.max_outputs as usize],
            set_inputs: Vec::new(),
            set_outputs: Vec::new(),
        }
    }

    /// Matches `input` with `output`.
    #[inline]
    pub fn set(&mut self, input: u32, output: u32) {
        if self.input[input as usize] == NONE {
            self.set_inputs.push(input);
        }
        if self.output[output as usize] == NONE {
            self.set_outputs.push(output);
        }
        self.input[input as usize] = output;
        self.output[output as usize] = input;
    }

    /// Whether `input` and `output` are both unmatched.
    #[inline]
    pub fn free(&self, input: u32, output: u32) -> bool {
        self.input[input as usize] == NONE && self.output[output as usize] == NONE
    }

    /// Calls `grant(input, output, label)` for each input's output (as BookSim2's router
    /// reads the grants: `OutputAssigned`), outputs increasing, and clears the matching.
    pub fn grant(&mut self, req: &Requests, mut grant: impl FnMut(u32, u32, u32)) {
        let input = &self.input;
        self.set_inputs.sort_unstable_by_key(|&i| input[i as usize]);
        for &i in &self.set_inputs {
            let o = self.input[i as usize];
            let label = req.label(i, o).unwrap_or(0);
            grant(i, o, label);
            self.input[i as usize] = NONE;
        }
        for &o in &self.set_outputs {
            self.output[o as usize] = NONE;
        }
        self.set_inputs.clear();
        self.set_outputs.clear();
    }
}
