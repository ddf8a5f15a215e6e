//! The allocator seam: each cycle, one router's inputs ask for its outputs and an
//! allocator matches them, at most one output to an input and one input to an output
//! (BookSim2's `Allocator`: `AddRequest`, `Allocate`, the grants read back). The router
//! uses two: virtual-channel allocation (input VCs to output VCs) and switch allocation
//! (input ports to output ports).
//!
//! One value of an allocator serves every router of the network: it keeps each router's
//! arbiter state in arrays over the network's inputs and outputs, and a round names the
//! router and where its inputs and outputs begin. A new allocator (BookSim2's islip, pim,
//! wavefront, …) is one file here implementing [`Allocator`]; the router is generic over
//! it, so each is compiled into the cycle loop with no call through a pointer.
//!
//! Implemented, each as BookSim2 defines it (`src/allocators/`): [`SeparableInputFirst`]
//! and [`SeparableOutputFirst`] (round-robin arbiters), [`Islip`] and [`Select`] (with
//! iterations), [`Pim`] (with iterations; its random choices drawn from icnplay's
//! generator), [`Wavefront`] (and `rr_wavefront`), [`MaxSize`], [`Loa`]; [`AnyAllocator`]
//! is any of them, chosen by the router's configuration.

mod any;
mod islip;
mod loa;
mod max_size;
mod picks;
mod pim;
mod requests;
mod select;
mod separable_input_first;
mod separable_output_first;
#[cfg(test)]
mod tests;
mod wavefront;

use super::config::{AllocatorChoice, PointConfig};

pub use self::any::AnyAllocator;
pub use self::islip::Islip;
pub use self::loa::Loa;
pub use self::max_size::MaxSize;
pub use self::pim::Pim;
pub use self::select::Select;
pub use self::separable_input_first::SeparableInputFirst;
pub use self::separable_output_first::SeparableOutputFirst;
pub use self::wavefront::Wavefront;

/// Which of the router's two allocators one is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Virtual-channel allocation (`vc_allocator`).
    Vc,
    /// Switch allocation (`sw_allocator`).
    Switch,
}

impl Role {
    /// The allocator `point` gives this role.
    pub fn choice(self, point: &PointConfig) -> AllocatorChoice {
        match self {
            Role::Vc => point.router.vc_allocator,
            Role::Switch => point.router.sw_allocator,
        }
    }
}

/// How far `x` is past `pointer` going round `size` positions: a round-robin arbiter
/// grants the requester at the smallest distance past its pointer.
#[inline]
pub fn rr_distance(x: u32, pointer: u32, size: u32) -> u32 {
    if x >= pointer {
        x - pointer
    } else {
        x + size - pointer
    }
}

/// What an allocator serves: every router's inputs and outputs together, and the most
/// inputs and outputs one router has (a round's scratch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    /// Routers.
    pub routers: usize,
    /// Inputs of every router together (global indices `0..inputs`).
    pub inputs: usize,
    /// Outputs of every router together.
    pub outputs: usize,
    /// The most inputs one router has.
    pub max_inputs: u32,
    /// The most outputs one router has.
    pub max_outputs: u32,
}

/// One router's allocation in one cycle: the router, its inputs (global indices
/// `first_input..first_input + inputs`) and its outputs. Requests and grants name inputs
/// and outputs by their index within the round (`0..inputs`, `0..outputs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Round {
    /// The router (an allocator with per-router state indexes it by this).
    pub router: usize,
    /// The router's first input, global index.
    pub first_input: u32,
    /// Its inputs.
    pub inputs: u32,
    /// The router's first output, global index.
    pub first_output: u32,
    /// Its outputs.
    pub outputs: u32,
}

/// An allocator: it matches one router's requests per round and keeps every router's
/// arbiter state between rounds.
///
/// A round is [`Allocator::begin`], each input's requests ([`Allocator::request`], once
/// per input that asks, inputs in increasing order), then [`Allocator::allocate`]. A
/// request carries a label that comes back with its grant (the switch's requests: the
/// input VC that asks).
pub trait Allocator {
    /// An allocator over `size`, every arbiter at its start, in `role` for `point` (the
    /// router's parameters, where an allocator's own are read, and the seed, for one that
    /// draws at random).
    fn new(size: Size, role: Role, point: &PointConfig) -> Self;

    /// Starts `round`.
    fn begin(&mut self, round: Round);

    /// Input `input` asks for `outputs`: (output, label) pairs, each output at most once
    /// (indices within the round); an empty list asks for nothing.
    fn request(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32)>);

    /// [`Allocator::request`] with priorities: (output, label, priority) triples, BookSim2's
    /// `in_pri` (a routing function's output set ranks its outputs). The default drops
    /// them, as BookSim2's `islip`, `pim`, `max_size` and `loa` ignore them; separable
    /// input-first reads them ([`SeparableInputFirst`]).
    #[inline]
    fn request_ranked(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32, u8)>) {
        self.request(input, outputs.into_iter().map(|(o, label, _)| (o, label)));
    }

    /// Matches the round's requests, updates the arbiters, and calls
    /// `grant(input, output, label)` for each match, in increasing order of output, with
    /// the label of the granted request. The next round starts with no request.
    fn allocate(&mut self, grant: impl FnMut(u32, u32, u32));

    /// Reads the state a request of `input` for `output` (global indices) will read,
    /// returning something of it, so that the router can overlap these cache misses with
    /// others before its rounds (a large network's arbiters do not fit in cache). Changes
    /// nothing; 0 for an allocator that keeps nothing per input or output.
    #[inline]
    fn peek(&self, input: usize, output: usize) -> u32 {
        let _ = (input, output);
        0
    }
}
