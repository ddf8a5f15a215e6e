//! The event wheel: what happens at a later cycle (a flit or a credit reaching the end of
//! its channel), in a ring of per-cycle buckets longer than any delay.

use super::flit::Flit;

/// Something that happens at a later cycle.
#[derive(Debug, Clone, Copy)]
pub(super) enum Event {
    /// A flit reaches (input port, vc).
    Arrive(u32, u32, Flit),
    /// A credit for (output port, vc) reaches its router.
    Credit(u32, u32),
    /// A flit reaches (endpoint, vc).
    Eject(u32, u32, Flit),
    /// A credit for (endpoint, vc) reaches the source.
    InjectCredit(u32, u32),
}

/// Events by cycle, in a ring of buckets longer than any delay.
#[derive(Debug, Clone)]
pub(super) struct Wheel {
    slots: Vec<Vec<Event>>,
    mask: u64,
    scratch: Vec<Event>,
}

impl Wheel {
    /// A wheel for events at most `horizon` cycles ahead.
    pub fn new(horizon: u64) -> Wheel {
        let size = (horizon + 2).next_power_of_two();
        Wheel {
            slots: vec![Vec::new(); size as usize],
            mask: size - 1,
            scratch: Vec::new(),
        }
    }

    /// Schedules `e` at cycle `t`.
    #[inline]
    pub fn at(&mut self, t: u64, e: Event) {
        self.slots[(t & self.mask) as usize].push(e);
    }

    /// The events due at cycle `now`, in the order they were scheduled, taken out of the
    /// wheel (events scheduled while they are handled go to later buckets); give the list
    /// back with [`Wheel::recycle`].
    #[inline]
    pub fn take(&mut self, now: u64) -> Vec<Event> {
        let slot = (now & self.mask) as usize;
        std::mem::swap(&mut self.slots[slot], &mut self.scratch);
        std::mem::take(&mut self.scratch)
    }

    /// Gives back a list from [`Wheel::take`], emptied, to be reused.
    #[inline]
    pub fn recycle(&mut self, mut due: Vec<Event>) {
        due.clear();
        self.scratch = due;
    }
}
