//! The router seam: what the cycle loop asks of a kind of router, over every router of the
//! network at once. Implemented: [`IqRouter`], BookSim2's input-queued virtual-channel
//! router, generic over its VC and switch allocators ([`super::allocator`]). The cycle
//! loop ([`super::run`]) is generic over the kind, so the router's work is compiled into
//! it with no call through a pointer.
//!
//! Parts: [`buffers`] (input and output VC records, the flit pool), [`route`] (route
//! computation), [`iq`] (allocation, traversal, the kind itself).

mod buffers;
mod iq;
mod route;

pub(super) use self::buffers::{Ivc, Ovc};
pub(super) use self::iq::IqRouter;

use super::channel::Fabric;
use super::config::PointConfig;
use super::flit::Flit;
use super::net::Net;
use super::wheel::Event;

/// A kind of router: its state for every router of a network, and what it does when a
/// flit or a credit reaches it and in each cycle. It changes the shared state ([`Net`]):
/// schedules events, counts channel use, routes heads.
pub(super) trait RouterKind {
    /// The routers of `fab` for `point` (the router's parameters, the seed), their
    /// buffers empty.
    fn new(fab: &Fabric, point: &PointConfig) -> Self;

    /// A flit reaches input VC `vc` of port `port` at the current cycle.
    fn arrive(&mut self, net: &mut Net<'_>, port: u32, vc: u32, f: Flit);

    /// A credit for output VC `vc` of `port` comes back.
    fn credit(&mut self, net: &Net<'_>, port: u32, vc: u32);

    /// One cycle of every router, after the cycle's events and injection.
    fn step(&mut self, net: &mut Net<'_>);

    /// Reads what `e` will read or update of the routers' state, returning something of
    /// it, so that the cycle loop can overlap the cache misses of a chunk of events
    /// (0 for an event that concerns no router). Changes nothing.
    fn peek(&self, net: &Net<'_>, e: &Event) -> u32;

    /// The most flits the buffers held at once so far.
    fn buffer_slots(&self) -> usize;
}
