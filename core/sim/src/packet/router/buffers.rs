//! The input-queued router's state: each input VC's record ([`Ivc`]) and each output
//! VC's ([`Ovc`]), in flat arrays over every router's ports indexed by (port, vc), so that
//! a flit's hop touches a few cache lines; the buffers' flits in one pool of slots, each
//! VC's a queue linked through it, so that memory follows the flits in the network, not
//! the buffers' capacity (a large network with deep buffers holds few flits at low load);
//! and the sets of input VCs the allocators visit.

use crate::packet::flit::Flit;
use crate::packet::pool::Pool;

/// An input VC with no packet.
pub(super) const IDLE: u8 = 0;
/// An input VC whose head waits for an output VC.
pub(super) const VC_ALLOC: u8 = 1;
/// An input VC that holds an output VC.
pub(super) const ACTIVE: u8 = 2;

/// No flit slot.
const NIL: u32 = u32::MAX;

/// A slot of the pool: a flit and the next slot of its queue.
#[derive(Debug, Clone, Copy)]
pub(super) struct Slot {
    pub flit: Flit,
    pub next: u32,
}

/// An input VC: its buffer's queue, its state and its route.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::packet) struct Ivc {
    /// The cycle from which the VC bids (VC allocation or switch).
    pub ready: u64,
    /// The buffer: first and last slot in the pool, and its length.
    pub first: u32,
    pub last: u32,
    pub len: u32,
    /// The output port the head was routed to and its VC range.
    pub out_port: u32,
    pub vc_lo: u32,
    pub vc_hi: u32,
    /// The output VC held.
    pub out_vc: u32,
    /// `IDLE`, `VC_ALLOC` or `ACTIVE`.
    pub state: u8,
}

/// An output VC (port·V + vc): credits in use, whether a packet holds it and whether that
/// packet's tail went.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::packet) struct Ovc {
    pub occ: u32,
    pub in_use: bool,
    pub tail_sent: bool,
}

/// Every router's buffers and VC records.
#[derive(Debug, Clone)]
pub(super) struct Buffers {
    /// Input buffers' flits: each (port, vc) buffer a queue linked through the pool.
    pub pool: Pool<Slot>,
    /// Input VCs (port·V + vc).
    pub ivc: Vec<Ivc>,
    /// Output VCs (port·V + vc).
    pub ovc: Vec<Ovc>,
    /// Input VCs of each router that are not idle.
    pub busy: Vec<u32>,
    /// Bit sets over the input VCs: those waiting for an output VC (`VC_ALLOC`), and
    /// those holding one with a flit to send (`ACTIVE`, not empty). The allocators visit
    /// these only, in increasing order as a scan of every VC would.
    pub want_va: Vec<u64>,
    pub want_sw: Vec<u64>,
    /// Under an output set ([`crate::packet::adapt::Adapt::output_sets`]), per input VC
    /// (port·V + vc), the low-priority candidate of its head's route (output port, lowest
    /// and highest VC; port [`NO_PORT`]: none), the [`Ivc`]'s own route being the
    /// high-priority one; empty until a routing gives one.
    pub low: Vec<(u32, u32, u32)>,
}

/// No output port: an input VC's route has no low-priority candidate.
pub(super) const NO_PORT: u32 = u32::MAX;

impl Buffers {
    /// Empty buffers of `routers` routers over `ports` ports and `vcs` VCs.
    pub fn new(routers: usize, ports: usize, vcs: u32) -> Buffers {
        let pv = ports * vcs as usize;
        Buffers {
            pool: Pool::default(),
            ivc: vec![
                Ivc {
                    first: NIL,
                    last: NIL,
                    ..Ivc::default()
                };
                pv
            ],
            ovc: vec![Ovc::default(); pv],
            busy: vec![0; routers],
            want_va: vec![0; pv.div_ceil(64)],
            want_sw: vec![0; pv.div_ceil(64)],
            low: Vec::new(),
        }
    }

    /// Updates input VC `i`'s bits in [`Buffers::want_va`] and [`Buffers::want_sw`] after
    /// its state or length changed.
    #[inline(always)]
    pub fn mark(&mut self, i: usize) {
        let (w, bit) = (i >> 6, 1u64 << (i & 63));
        let x = &self.ivc[i];
        if x.state == VC_ALLOC {
            self.want_va[w] |= bit;
        } else {
            self.want_va[w] &= !bit;
        }
        if x.state == ACTIVE && x.len > 0 {
            self.want_sw[w] |= bit;
        } else {
            self.want_sw[w] &= !bit;
        }
    }

    /// Puts `f` at the back of input VC `i`'s buffer; whether the buffer was empty.
    #[inline]
    pub fn push(&mut self, i: usize, f: Flit) -> bool {
        let slot = self.pool.add(Slot { flit: f, next: NIL });
        let x = &mut self.ivc[i];
        let was_empty = x.len == 0;
        if was_empty {
            x.first = slot;
        } else {
            self.pool.items[x.last as usize].next = slot;
        }
        x.last = slot;
        x.len += 1;
        was_empty
    }

    /// Takes the flit at the front of input VC `i` (not empty).
    #[inline]
    pub fn pop(&mut self, i: usize) -> Flit {
        let x = &mut self.ivc[i];
        let slot = self.pool.items[x.first as usize];
        self.pool.release(x.first);
        x.first = slot.next;
        x.len -= 1;
        slot.flit
    }
}

/// The set bits of a bit set within `lo..hi`, in increasing order; the set is read word by
/// word as the iteration reaches it, so the caller may change it between calls (bits
/// already passed).
#[derive(Debug, Clone, Copy)]
pub(super) struct BitRange {
    word: usize,
    bits: u64,
    lo: usize,
    hi: usize,
    started: bool,
}

impl BitRange {
    pub fn new(lo: usize, hi: usize) -> BitRange {
        BitRange {
            word: lo >> 6,
            bits: 0,
            lo,
            hi,
            started: false,
        }
    }

    /// The next set bit of `set`.
    #[inline]
    pub fn next(&mut self, set: &[u64]) -> Option<usize> {
        loop {
            if self.bits != 0 {
                let i = (self.word << 6) | self.bits.trailing_zeros() as usize;
                self.bits &= self.bits - 1;
                return (i < self.hi).then_some(i);
            }
            if self.started {
                self.word += 1;
            }
            self.started = true;
            if self.word << 6 >= self.hi {
                return None;
            }
            self.bits = set[self.word];
            if self.word == self.lo >> 6 {
                self.bits &= u64::MAX << (self.lo & 63);
            }
        }
    }
}
