//! The input-queued virtual-channel router (BookSim2's `iq`), one cycle of it: route
//! computation, VC allocation, switch allocation and switch traversal, with credit-based
//! flow control. Each input VC's state is one record ([`Ivc`]), each output VC's another
//! ([`Ovc`]), in flat arrays indexed by (port, vc), so that a flit's hop touches a few
//! cache lines; the buffers' flits live in one pool of slots, each VC's a queue linked
//! through it ([`FlitPool`]). A flit carries its head's routing state (destination,
//! intermediate, VC-scheme state) and its hop count, so a hop never reads the packet.
//!
//! Timing, as BookSim2's pipeline with one-cycle stages gives it: a head that reaches the
//! front of an idle VC at cycle h bids for an output VC from h + routing_delay; a VC won at
//! cycle v bids for the switch from v + vc_alloc_delay; a flit that wins the switch at s
//! leaves at s + sw_alloc_delay + st_final_delay − 1, reaches the next router's buffer a
//! channel latency and one cycle later, and frees its buffer slot upstream, whose credit
//! arrives a channel latency, one cycle and `credit_delay` after it left.

use super::allocator::{rr_distance, OutputStage};
use super::channel::Sink;
use super::run::{Engine, Event};

/// An input VC with no packet.
pub(super) const IDLE: u8 = 0;
/// An input VC whose head waits for an output VC.
pub(super) const VC_ALLOC: u8 = 1;
/// An input VC that holds an output VC.
pub(super) const ACTIVE: u8 = 2;

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

/// No flit slot.
const NIL: u32 = u32::MAX;

/// A slot of the pool: a flit and the next slot of its queue.
#[derive(Debug, Clone, Copy)]
struct Slot {
    flit: Flit,
    next: u32,
}

/// The flits held in input buffers, as one pool of slots: each (port, vc) buffer is a
/// queue linked through the pool. Memory follows the flits in the network, not the
/// buffers' capacity (a large network with deep buffers holds few flits at low load), and
/// slots are reused most recently freed first, so the ones in use stay in cache.
#[derive(Debug, Clone, Default)]
pub(super) struct FlitPool {
    slots: Vec<Slot>,
    free: Vec<u32>,
}

impl FlitPool {
    /// The most flits held at once so far (the slots allocated).
    pub fn high_water(&self) -> usize {
        self.slots.len()
    }

    fn take(&mut self, flit: Flit) -> u32 {
        let slot = Slot { flit, next: NIL };
        if let Some(i) = self.free.pop() {
            self.slots[i as usize] = slot;
            i
        } else {
            self.slots.push(slot);
            (self.slots.len() - 1) as u32
        }
    }
}

/// An input VC: its buffer's queue, its state and its route.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Ivc {
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
    /// VC allocator: the input's arbiter pointer and the output it picked this cycle.
    pub va_in_ptr: u32,
    pub va_pick: u32,
    /// `IDLE`, `VC_ALLOC` or `ACTIVE`.
    pub state: u8,
}

/// An output VC (port·V + vc): credits in use, its VC arbiter's pointer, whether a packet
/// holds it and whether that packet's tail went.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Ovc {
    pub occ: u32,
    pub va_out_ptr: u32,
    pub in_use: bool,
    pub tail_sent: bool,
}

/// Every router's state.
#[derive(Debug, Clone)]
pub(super) struct Routers {
    /// Input buffers' flits.
    pub pool: FlitPool,
    /// Input VCs (port·V + vc).
    pub ivc: Vec<Ivc>,
    /// Output VCs (port·V + vc).
    pub ovc: Vec<Ovc>,
    /// Switch allocator: per input port its arbiter pointer, its VC round-robin offset and
    /// its pick (local output, VC); per output port its arbiter pointer.
    pub sw_in_ptr: Vec<u32>,
    pub sw_rr: Vec<u32>,
    pub sw_pick: Vec<(u32, u32)>,
    pub sw_out_ptr: Vec<u32>,
    /// Scratch: the best VC per local output of one input port.
    pub sw_best: Vec<u32>,
    pub sw_touched: Vec<u32>,
    /// Input VCs of each router that are not idle.
    pub busy: Vec<u32>,
    /// Bit sets over the input VCs: those waiting for an output VC (`VC_ALLOC`), and
    /// those holding one with a flit to send (`ACTIVE`, not empty). The allocators visit
    /// these only, in increasing order as a scan of every VC would.
    pub want_va: Vec<u64>,
    pub want_sw: Vec<u64>,
    /// The allocators' output stages, over one router's output VCs and output ports
    /// (indices local to the router: small, so they stay in cache).
    pub va: OutputStage,
    pub sw: OutputStage,
}

impl Routers {
    /// Routers over `ports` ports and `vcs` VCs; `routers` routers of at most `degree`
    /// ports.
    pub fn new(routers: usize, ports: usize, vcs: u32, degree: usize) -> Routers {
        let pv = ports * vcs as usize;
        Routers {
            pool: FlitPool::default(),
            ivc: vec![
                Ivc {
                    first: NIL,
                    last: NIL,
                    ..Ivc::default()
                };
                pv
            ],
            ovc: vec![Ovc::default(); pv],
            sw_in_ptr: vec![0; ports],
            sw_rr: vec![0; ports],
            sw_pick: vec![(0, 0); ports],
            sw_out_ptr: vec![0; ports],
            sw_best: vec![u32::MAX; degree],
            sw_touched: Vec::with_capacity(degree),
            busy: vec![0; routers],
            want_va: vec![0; pv.div_ceil(64)],
            want_sw: vec![0; pv.div_ceil(64)],
            va: OutputStage::new(degree * vcs as usize),
            sw: OutputStage::new(degree),
        }
    }

    /// Input port `p` of the router whose ports start at `a` (of `deg`) picks one of the
    /// outputs its VCs asked for (`sw_best`), the first at or after its pointer, and
    /// offers it to the output stage.
    #[inline]
    fn sw_offer_port(&mut self, p: u32, a: u32, deg: u32) {
        if self.sw_touched.is_empty() {
            return;
        }
        let ptr = self.sw_in_ptr[p as usize];
        let mut pick = (u32::MAX, u32::MAX);
        for &lo in &self.sw_touched {
            let d = rr_distance(lo, ptr, deg);
            if d < pick.1 {
                pick = (lo, d);
            }
        }
        let lo = pick.0;
        self.sw_pick[p as usize] = (lo, self.sw_best[lo as usize]);
        for &t in &self.sw_touched {
            self.sw_best[t as usize] = u32::MAX;
        }
        self.sw_touched.clear();
        self.sw
            .offer(lo, p - a, self.sw_out_ptr[(a + lo) as usize], deg);
    }

    /// Updates input VC `i`'s bits in [`Routers::want_va`] and [`Routers::want_sw`] after
    /// its state or length changed.
    #[inline]
    fn mark(&mut self, i: usize) {
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

    /// Takes the flit at the front of input VC `i` (not empty).
    #[inline]
    fn pop(&mut self, i: usize) -> Flit {
        let x = &mut self.ivc[i];
        let slot = self.pool.slots[x.first as usize];
        self.pool.free.push(x.first);
        x.first = slot.next;
        x.len -= 1;
        slot.flit
    }
}

impl Engine<'_> {
    /// A flit reaches input VC `vc` of port `port` at the current cycle.
    pub(super) fn arrive(&mut self, port: u32, vc: u32, f: Flit) {
        let i = port as usize * self.v as usize + vc as usize;
        let rt = &mut self.rt;
        let slot = rt.pool.take(f);
        let x = &mut rt.ivc[i];
        debug_assert!(x.len < self.b, "buffer overflow");
        let was_empty = x.len == 0;
        if was_empty {
            x.first = slot;
        } else {
            rt.pool.slots[x.last as usize].next = slot;
        }
        x.last = slot;
        x.len += 1;
        if x.state == IDLE {
            let r = self.fab.port_router[port as usize] as usize;
            rt.busy[r] += 1;
            self.route_front(i, r, self.now);
        } else if x.state == ACTIVE && was_empty {
            x.ready = self.now;
            rt.mark(i);
        }
    }

    /// A credit for output VC `vc` of `port` comes back.
    pub(super) fn credit(&mut self, port: u32, vc: u32) {
        let o = &mut self.rt.ovc[(port * self.v + vc) as usize];
        o.occ -= 1;
        if self.cfg.wait_for_tail_credit && o.occ == 0 && o.tail_sent {
            o.in_use = false;
        }
    }

    /// Routes the head at the front of input VC `i` of router `r`, which got there at
    /// cycle `at`: it bids for an output VC from `at + routing_delay`.
    pub(super) fn route_front(&mut self, i: usize, r: usize, at: u64) {
        let slot = self.rt.ivc[i].first as usize;
        let mut f = self.rt.pool.slots[slot].flit;
        let node = self.fab.router_node[r];
        if self.hops.is_ugal() && f.hops == 0 {
            self.ugal_choice(&mut f, r);
        }
        let dst_ep = f.dst_ep as usize;
        let route = if self.fab.endpoint_router[dst_ep] as usize == r && f.via == u32::MAX {
            let (lo, hi) = self.hops.eject_range(f.tag);
            Some((self.fab.endpoint_port[dst_ep], lo, hi))
        } else {
            if f.via as usize == node {
                f.via = u32::MAX;
                f.tag = self.hops.at_intermediate(f.tag);
            }
            let target = if f.via == u32::MAX {
                self.fab.endpoint_node[dst_ep]
            } else {
                f.via as usize
            };
            let hop = self.hops.hop(node, target, f.tag, &mut self.rng_route);
            if let Some(hop) = hop {
                f.tag = hop.tag;
            }
            let port = hop.and_then(|h| Some((self.fab.port_to(r as u32, h.next)?, h)));
            if port.is_none() {
                self.broken_route(node, target);
            }
            port.map(|(port, h)| (port, h.vc_lo, h.vc_hi))
        };
        self.rt.pool.slots[slot].flit = f;
        let Some((port, lo, hi)) = route else { return };
        let x = &mut self.rt.ivc[i];
        x.state = VC_ALLOC;
        x.ready = at + u64::from(self.cfg.routing_delay);
        x.out_port = port;
        x.vc_lo = lo;
        x.vc_hi = hi;
        self.rt.mark(i);
    }

    /// UGAL at the packet's source router `r`: keep Valiant's intermediate only when the
    /// minimal route's first output holds more than twice the flits of the non-minimal
    /// one's, plus the threshold (BookSim2's `ugal_dragonflynew`).
    fn ugal_choice(&mut self, f: &mut Flit, r: usize) {
        if f.via == u32::MAX {
            return;
        }
        let node = self.fab.router_node[r];
        let dst = self.fab.endpoint_node[f.dst_ep as usize];
        let queue = |e: &mut Self, target: usize| -> Option<u32> {
            let next = e.hops.first_hop(node, target)?;
            let port = e.fab.port_to(r as u32, next)? as usize;
            let v = e.v as usize;
            Some(
                e.rt.ovc[port * v..(port + 1) * v]
                    .iter()
                    .map(|o| o.occ)
                    .sum(),
            )
        };
        let q_min = queue(self, dst);
        let q_non = queue(self, f.via as usize);
        let minimal = match (q_min, q_non) {
            (Some(a), Some(b)) => super::valiant::ugal_prefers_minimal(a, b),
            _ => true,
        };
        if minimal {
            f.via = u32::MAX;
            f.tag = self.hops.start_tag(false);
        }
    }

    fn broken_route(&mut self, at: usize, target: usize) {
        if self.broken.is_none() {
            self.broken = Some(format!(
                "the routing has no next hop from node {at} towards node {target}"
            ));
        }
    }

    /// One cycle of router `r`: VC allocation, then switch allocation and traversal.
    pub(super) fn router_step(&mut self, r: usize) {
        if self.rt.busy[r] == 0 {
            return;
        }
        let (a, z) = (self.fab.port_start[r], self.fab.port_start[r + 1]);
        self.vc_allocate(a, z);
        self.sw_allocate(a, z);
    }

    /// Reads what routers `lo..hi`'s allocators read first (each waiting input VC and the
    /// first output VC it asks for; each input VC with a flit to send, its output VC, and,
    /// when that has a credit, the buffer slots of the flit that may leave and of the one
    /// behind it, whose head is routed next): as [`Engine::touch`], so that these cache
    /// misses overlap. Changes nothing.
    pub(super) fn touch_routers(&self, lo: usize, hi: usize) {
        let (v, b) = (self.v, self.b);
        let rt = &self.rt;
        let slots = &rt.pool.slots;
        let mut sum = 0u32;
        for r in lo..hi {
            if rt.busy[r] == 0 {
                continue;
            }
            let (a, z) = (self.fab.port_start[r], self.fab.port_start[r + 1]);
            let mut bits = BitRange::new((a * v) as usize, (z * v) as usize);
            while let Some(i) = bits.next(&rt.want_va) {
                let x = &rt.ivc[i];
                let o = &rt.ovc[((x.out_port * v + x.vc_lo) as usize).min(rt.ovc.len() - 1)];
                sum = sum.wrapping_add(o.occ);
            }
            let mut bits = BitRange::new((a * v) as usize, (z * v) as usize);
            while let Some(i) = bits.next(&rt.want_sw) {
                let x = &rt.ivc[i];
                let o = &rt.ovc[((x.out_port * v + x.out_vc) as usize).min(rt.ovc.len() - 1)];
                if o.occ < b {
                    if let Some(s) = slots.get(x.first as usize) {
                        sum = sum.wrapping_add(s.flit.dst_ep);
                        if let Some(t) = slots.get(s.next as usize) {
                            sum = sum.wrapping_add(t.flit.dst_ep);
                        }
                    }
                }
            }
        }
        std::hint::black_box(sum);
    }

    fn vc_allocate(&mut self, a: u32, z: u32) {
        let (v, now) = (self.v, self.now);
        let size = (z - a) * v;
        let rt = &mut self.rt;
        let mut bits = BitRange::new((a * v) as usize, (z * v) as usize);
        while let Some(i) = bits.next(&rt.want_va) {
            let x = &rt.ivc[i];
            if x.ready > now {
                continue;
            }
            let out = x.out_port;
            let mut best = (u32::MAX, u32::MAX);
            for ov in x.vc_lo..=x.vc_hi {
                if !rt.ovc[(out * v + ov) as usize].in_use {
                    let local = (out - a) * v + ov;
                    let d = rr_distance(local, x.va_in_ptr, size);
                    if d < best.1 {
                        best = (local, d);
                    }
                }
            }
            if best.0 != u32::MAX {
                rt.ivc[i].va_pick = best.0;
                let govc = a * v + best.0;
                let input = i as u32 - a * v;
                rt.va
                    .offer(best.0, input, rt.ovc[govc as usize].va_out_ptr, size);
            }
        }
        let mut stage = std::mem::take(&mut rt.va);
        let delay = u64::from(self.cfg.vc_alloc_delay);
        stage.grant(|local, input| {
            let govc = a * v + local;
            let i = (a * v + input) as usize;
            let o = &mut rt.ovc[govc as usize];
            o.in_use = true;
            o.tail_sent = false;
            o.va_out_ptr = (input + 1) % size;
            let x = &mut rt.ivc[i];
            x.state = ACTIVE;
            x.out_vc = govc % v;
            x.ready = now + delay;
            x.va_in_ptr = (x.va_pick + 1) % size;
            rt.mark(i);
        });
        rt.va = stage;
    }

    fn sw_allocate(&mut self, a: u32, z: u32) {
        let (v, b, now) = (self.v, self.b, self.now);
        let deg = z - a;
        let rt = &mut self.rt;
        let mut bits = BitRange::new((a * v) as usize, (z * v) as usize);
        let mut port = u32::MAX;
        loop {
            let next = bits.next(&rt.want_sw);
            let p = next.map_or(u32::MAX, |i| i as u32 / v);
            if p != port {
                if port != u32::MAX {
                    rt.sw_offer_port(port, a, deg);
                }
                port = p;
            }
            let Some(i) = next else { break };
            let x = &rt.ivc[i];
            if x.ready > now || rt.ovc[(x.out_port * v + x.out_vc) as usize].occ >= b {
                continue;
            }
            let vc = i as u32 % v;
            let lo = (x.out_port - a) as usize;
            let cur = rt.sw_best[lo];
            if cur == u32::MAX {
                rt.sw_touched.push(lo as u32);
                rt.sw_best[lo] = vc;
            } else if rr_distance(vc, rt.sw_rr[p as usize], v)
                < rr_distance(cur, rt.sw_rr[p as usize], v)
            {
                rt.sw_best[lo] = vc;
            }
        }
        let mut stage = std::mem::take(&mut self.rt.sw);
        stage.grant(|lo, input| {
            let (p, out) = (a + input, a + lo);
            let (lo, vc) = self.rt.sw_pick[p as usize];
            self.rt.sw_in_ptr[p as usize] = (lo + 1) % deg;
            self.rt.sw_out_ptr[out as usize] = (input + 1) % deg;
            self.rt.sw_rr[p as usize] = (vc + 1) % v;
            self.traverse(p, vc);
        });
        self.rt.sw = stage;
    }

    /// The flit at the front of input VC `vc` of port `p` won the switch this cycle.
    fn traverse(&mut self, p: u32, vc: u32) {
        let cfg = self.cfg;
        let i = p as usize * self.v as usize + vc as usize;
        let mut f = self.rt.pop(i);
        f.hops += 1;
        // The switch allocator's update cycle: the slot frees and the credit leaves.
        let c = self.now + u64::from(cfg.sw_alloc_delay) - 1;
        match self.fab.source[p as usize] {
            Sink::Router(up) => {
                let t =
                    c + u64::from(self.fab.latency[up as usize]) + 1 + u64::from(cfg.credit_delay);
                self.wheel.at(t, Event::Credit(up, vc));
            }
            Sink::Endpoint(e) => self.wheel.at(c + 2, Event::InjectCredit(e, vc)),
        }
        let (out, ov) = (self.rt.ivc[i].out_port, self.rt.ivc[i].out_vc);
        let o = &mut self.rt.ovc[(out * self.v + ov) as usize];
        o.occ += 1;
        if f.tail() {
            o.tail_sent = true;
            if !cfg.wait_for_tail_credit {
                o.in_use = false;
            }
        }
        let depart = c + u64::from(cfg.st_final_delay);
        match self.fab.sink[out as usize] {
            Sink::Router(down) => {
                let t = depart + u64::from(self.fab.latency[out as usize]) + 1;
                self.wheel.at(t, Event::Arrive(down, ov, f));
                if self.measuring() {
                    self.stats.channel_flits[out as usize] += 1;
                }
            }
            Sink::Endpoint(e) => self.wheel.at(depart + 2, Event::Eject(e, ov, f)),
        }
        self.last_move = self.now;
        let r = self.fab.port_router[p as usize] as usize;
        if f.tail() {
            if self.rt.ivc[i].len > 0 {
                self.route_front(i, r, c + 1);
            } else {
                self.rt.ivc[i].state = IDLE;
                self.rt.mark(i);
                self.rt.busy[r] -= 1;
            }
        } else {
            self.rt.ivc[i].ready = c + 1;
            self.rt.mark(i);
        }
    }
}

/// The set bits of a bit set within `lo..hi`, in increasing order; the set is read word by
/// word as the iteration reaches it, so the caller may change it between calls (bits
/// already passed).
#[derive(Debug, Clone, Copy)]
struct BitRange {
    word: usize,
    bits: u64,
    lo: usize,
    hi: usize,
    started: bool,
}

impl BitRange {
    fn new(lo: usize, hi: usize) -> BitRange {
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
    fn next(&mut self, set: &[u64]) -> Option<usize> {
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
