//! Wavefront allocation (BookSim2's `wavefront`, and `rr_wavefront`: `Wavefront` with its
//! diagonals skipped).
//!
//! The request matrix of a router, squared to its larger side, is swept one diagonal
//! (input + output constant, modulo the side) at a time, starting at the router's priority
//! diagonal; along a diagonal, outputs in increasing order; every request whose input and
//! output are both still free is granted. A lone request is granted at once. After an
//! allocation with requests, the priority diagonal moves one on (`wavefront`), or one past
//! the first diagonal that granted (`rr_wavefront`). Every request's priority is equal
//! (icnplay's routing and traffic set none), so one sweep covers them all.

use super::requests::{Matcher, Matching, Requests, Whole};
use super::{Role, Round, Size};
use crate::packet::config::{AllocatorKind, PointConfig};

/// The wavefront allocator over every router's inputs and outputs.
pub type Wavefront = Whole<Diagonals>;

/// The wavefront allocator's state: each router's priority diagonal.
#[derive(Debug, Clone)]
pub struct Diagonals {
    /// `rr_wavefront`: the priority diagonal moves past the first diagonal that granted.
    skip_diagonals: bool,
    /// Each router's priority diagonal.
    priority: Vec<u32>,
    /// Scratch: the round's requests in the sweep's order (position, input, output).
    order: Vec<(u32, u32, u32)>,
}

impl Matcher for Diagonals {
    fn new(size: Size, role: Role, point: &PointConfig) -> Diagonals {
        Diagonals {
            skip_diagonals: role.choice(point).kind == AllocatorKind::RrWavefront,
            priority: vec![0; size.routers],
            order: Vec::new(),
        }
    }

    fn matches(&mut self, req: &Requests, m: &mut Matching) {
        let Round {
            router,
            inputs,
            outputs,
            ..
        } = req.round;
        let first = match req.list.as_slice() {
            &[(i, o, _)] => {
                m.set(i, o);
                Some(i + o)
            }
            _ => self.sweep(req, m),
        };
        if let Some(first) = first {
            let square = inputs.max(outputs);
            let p = &mut self.priority[router];
            *p = (if self.skip_diagonals { first } else { *p } + 1) % square;
        }
    }
}

impl Diagonals {
    /// Grants along the diagonals from the router's priority one (the requests taken in
    /// the sweep's order: diagonal, then output); returns the first diagonal that granted
    /// (input + output, not reduced).
    fn sweep(&mut self, req: &Requests, m: &mut Matching) -> Option<u32> {
        let Round {
            router,
            inputs,
            outputs,
            ..
        } = req.round;
        let square = inputs.max(outputs);
        let start = self.priority[router];
        self.order.clear();
        self.order.extend(req.list.iter().map(|&(i, o, _)| {
            let diagonal = ((i + o) % square + square - start) % square;
            (diagonal * square + o, i, o)
        }));
        self.order.sort_unstable();
        let mut first = None;
        for &(_, i, o) in &self.order {
            if m.free(i, o) {
                m.set(i, o);
                first.get_or_insert(i + o);
            }
        }
        first
    }
}
