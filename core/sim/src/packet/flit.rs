//! A flit, the unit that buffers hold and channels carry: its packet, whether it is the
//! head and the tail, and the packet's routing state, which it carries so that a hop never
//! reads the packet's record.

/// A flit: its packet and whether it is the head and the tail, with the packet's routing
/// state (read and updated on the head) and the routers it passed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Flit {
    /// The packet's index << 2 | head << 1 | tail.
    pub id: u32,
    /// The destination endpoint.
    pub dst_ep: u32,
    /// The intermediate node of a two-phase route, until reached (`u32::MAX`: none).
    pub via: u32,
    /// Routers this flit passed (every flit of a packet passes the same ones).
    pub hops: u32,
    /// The VC scheme's state.
    pub tag: u16,
}

impl Flit {
    /// The packet's index.
    #[inline]
    pub fn pkt(&self) -> usize {
        (self.id >> 2) as usize
    }

    /// Whether it is the packet's last flit.
    #[inline]
    pub fn tail(&self) -> bool {
        self.id & 1 != 0
    }
}

/// The id of a packet's flit: the packet, and whether it is the head and the tail.
#[inline]
pub(super) fn flit_id(pkt: u32, head: bool, tail: bool) -> u32 {
    (pkt << 2) | (u32::from(head) << 1) | u32::from(tail)
}
