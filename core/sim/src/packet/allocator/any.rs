//! Any of the allocators, chosen by the router's configuration (`vc_allocator`,
//! `sw_allocator`): one type for the router to be generic over, dispatching each call by
//! a `match` (no call through a pointer). The simulator runs separable input-first on both
//! stages through [`super::SeparableInputFirst`] itself, and every other choice through
//! this.

use super::{
    Allocator, Islip, Loa, MaxSize, Pim, Role, Round, Select, SeparableInputFirst,
    SeparableOutputFirst, Size, Wavefront,
};
use crate::packet::config::{AllocatorKind, PointConfig};

/// One allocator of any kind.
#[derive(Debug, Clone)]
pub enum AnyAllocator {
    /// `separable_input_first`.
    SeparableInputFirst(SeparableInputFirst),
    /// `separable_output_first`.
    SeparableOutputFirst(SeparableOutputFirst),
    /// `islip`.
    Islip(Islip),
    /// `select`.
    Select(Select),
    /// `pim`.
    Pim(Pim),
    /// `wavefront` and `rr_wavefront`.
    Wavefront(Wavefront),
    /// `max_size`.
    MaxSize(MaxSize),
    /// `loa`.
    Loa(Loa),
}

/// `$call` on whichever allocator `$any` holds, as `$a`.
macro_rules! each {
    ($any:expr, $a:ident => $call:expr) => {
        match $any {
            AnyAllocator::SeparableInputFirst($a) => $call,
            AnyAllocator::SeparableOutputFirst($a) => $call,
            AnyAllocator::Islip($a) => $call,
            AnyAllocator::Select($a) => $call,
            AnyAllocator::Pim($a) => $call,
            AnyAllocator::Wavefront($a) => $call,
            AnyAllocator::MaxSize($a) => $call,
            AnyAllocator::Loa($a) => $call,
        }
    };
}

impl Allocator for AnyAllocator {
    fn new(size: Size, role: Role, point: &PointConfig) -> AnyAllocator {
        use AllocatorKind as K;
        match role.choice(point).kind {
            K::SeparableInputFirst => {
                AnyAllocator::SeparableInputFirst(Allocator::new(size, role, point))
            }
            K::SeparableOutputFirst => {
                AnyAllocator::SeparableOutputFirst(Allocator::new(size, role, point))
            }
            K::Islip => AnyAllocator::Islip(Allocator::new(size, role, point)),
            K::Select => AnyAllocator::Select(Allocator::new(size, role, point)),
            K::Pim => AnyAllocator::Pim(Allocator::new(size, role, point)),
            K::Wavefront | K::RrWavefront => {
                AnyAllocator::Wavefront(Allocator::new(size, role, point))
            }
            K::MaxSize => AnyAllocator::MaxSize(Allocator::new(size, role, point)),
            K::Loa => AnyAllocator::Loa(Allocator::new(size, role, point)),
        }
    }

    #[inline]
    fn begin(&mut self, round: Round) {
        each!(self, a => a.begin(round));
    }

    #[inline]
    fn request(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32)>) {
        each!(self, a => a.request(input, outputs));
    }

    #[inline]
    fn request_ranked(&mut self, input: u32, outputs: impl IntoIterator<Item = (u32, u32, u8)>) {
        each!(self, a => a.request_ranked(input, outputs));
    }

    #[inline]
    fn allocate(&mut self, grant: impl FnMut(u32, u32, u32)) {
        each!(self, a => a.allocate(grant));
    }

    #[inline]
    fn peek(&self, input: usize, output: usize) -> u32 {
        each!(self, a => a.peek(input, output))
    }
}
