//! The input-queued virtual-channel router (BookSim2's `iq`), one cycle of it: route
//! computation, VC allocation, switch allocation and switch traversal, with credit-based
//! flow control. State lives in flat arrays indexed by (port, vc); the buffers' flits in
//! one pool of slots, each VC's a queue linked through it ([`FlitPool`]).
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

/// A flit: its packet, and whether it is the head and the tail.
#[inline]
pub(super) fn flit(pkt: u32, head: bool, tail: bool) -> u32 {
    (pkt << 2) | (u32::from(head) << 1) | u32::from(tail)
}

/// No flit slot.
const NIL: u32 = u32::MAX;

/// The flits held in input buffers, as one pool of slots: each (port, vc) buffer is a
/// queue linked through the pool. Memory follows the flits in the network, not the
/// buffers' capacity (a large network with deep buffers holds few flits at low load), and
/// slots are reused most recently freed first, so the ones in use stay in cache.
#[derive(Debug, Clone, Default)]
pub(super) struct FlitPool {
    flit: Vec<u32>,
    next: Vec<u32>,
    free: Vec<u32>,
}

impl FlitPool {
    fn take(&mut self, f: u32) -> u32 {
        if let Some(slot) = self.free.pop() {
            self.flit[slot as usize] = f;
            self.next[slot as usize] = NIL;
            slot
        } else {
            self.flit.push(f);
            self.next.push(NIL);
            (self.flit.len() - 1) as u32
        }
    }
}

/// Every router's state.
#[derive(Debug, Clone)]
pub(super) struct Routers {
    /// Input buffers: (port, vc)'s queue of flits, first and last slot in `pool`.
    pub pool: FlitPool,
    pub first: Vec<u32>,
    pub last: Vec<u32>,
    pub len: Vec<u32>,
    pub state: Vec<u8>,
    /// The cycle from which the VC bids (VC allocation or switch).
    pub ready: Vec<u64>,
    /// The output port the head was routed to and its VC range.
    pub out_port: Vec<u32>,
    pub vc_lo: Vec<u32>,
    pub vc_hi: Vec<u32>,
    /// The output VC held.
    pub out_vc: Vec<u32>,
    /// VC allocator: each input VC's arbiter pointer and the output it picked this cycle.
    pub va_in_ptr: Vec<u32>,
    pub va_pick: Vec<u32>,
    /// Output VCs (port·V + vc): held by a packet, credits in use, tail sent.
    pub in_use: Vec<bool>,
    pub occ: Vec<u32>,
    pub tail_sent: Vec<bool>,
    pub va_out_ptr: Vec<u32>,
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
            first: vec![NIL; pv],
            last: vec![NIL; pv],
            len: vec![0; pv],
            state: vec![IDLE; pv],
            ready: vec![0; pv],
            out_port: vec![0; pv],
            vc_lo: vec![0; pv],
            vc_hi: vec![0; pv],
            out_vc: vec![0; pv],
            va_in_ptr: vec![0; pv],
            va_pick: vec![0; pv],
            in_use: vec![false; pv],
            occ: vec![0; pv],
            tail_sent: vec![false; pv],
            va_out_ptr: vec![0; pv],
            sw_in_ptr: vec![0; ports],
            sw_rr: vec![0; ports],
            sw_pick: vec![(0, 0); ports],
            sw_out_ptr: vec![0; ports],
            sw_best: vec![u32::MAX; degree],
            sw_touched: Vec::with_capacity(degree),
            busy: vec![0; routers],
            va: OutputStage::new(pv),
            sw: OutputStage::new(ports),
        }
    }
}

impl Routers {
    /// The flit at the front of input VC `ivc` (not empty).
    #[inline]
    fn front(&self, ivc: usize) -> u32 {
        self.pool.flit[self.first[ivc] as usize]
    }

    /// Takes the flit at the front of input VC `ivc` (not empty).
    #[inline]
    fn pop(&mut self, ivc: usize) -> u32 {
        let slot = self.first[ivc];
        let f = self.pool.flit[slot as usize];
        self.first[ivc] = self.pool.next[slot as usize];
        self.pool.free.push(slot);
        self.len[ivc] -= 1;
        f
    }
}

impl Engine<'_> {
    /// A flit reaches input VC `vc` of port `port` at the current cycle.
    pub(super) fn arrive(&mut self, port: u32, vc: u32, f: u32) {
        let (v, b) = (self.v as usize, self.b as usize);
        let ivc = port as usize * v + vc as usize;
        let rt = &mut self.rt;
        let was_empty = rt.len[ivc] == 0;
        debug_assert!((rt.len[ivc] as usize) < b, "buffer overflow");
        let slot = rt.pool.take(f);
        if was_empty {
            rt.first[ivc] = slot;
        } else {
            rt.pool.next[rt.last[ivc] as usize] = slot;
        }
        rt.last[ivc] = slot;
        rt.len[ivc] += 1;
        if rt.state[ivc] == IDLE {
            let r = self.fab.port_router[port as usize] as usize;
            self.rt.busy[r] += 1;
            self.route_front(ivc, r, self.now);
        } else if rt.state[ivc] == ACTIVE && was_empty {
            rt.ready[ivc] = self.now;
        }
    }

    /// A credit for output VC `vc` of `port` comes back.
    pub(super) fn credit(&mut self, port: u32, vc: u32) {
        let ovc = (port * self.v + vc) as usize;
        let rt = &mut self.rt;
        rt.occ[ovc] -= 1;
        if self.cfg.wait_for_tail_credit && rt.occ[ovc] == 0 && rt.tail_sent[ovc] {
            rt.in_use[ovc] = false;
        }
    }

    /// Routes the head at the front of input VC `ivc` of router `r`, which got there at
    /// cycle `at`: it bids for an output VC from `at + routing_delay`.
    pub(super) fn route_front(&mut self, ivc: usize, r: usize, at: u64) {
        let f = self.rt.front(ivc);
        let pkt = (f >> 2) as usize;
        let node = self.fab.router_node[r];
        if self.hops.is_ugal() && self.pk.list[pkt].hops == 0 {
            self.ugal_choice(pkt, r);
        }
        let p = &mut self.pk.list[pkt];
        let dst_ep = p.dst_ep as usize;
        let (port, lo, hi) = if self.fab.endpoint_router[dst_ep] as usize == r && p.via == u32::MAX
        {
            let (lo, hi) = self.hops.eject_range(p.tag);
            (self.fab.endpoint_port[dst_ep], lo, hi)
        } else {
            if p.via as usize == node {
                p.via = u32::MAX;
                p.tag = self.hops.at_intermediate(p.tag);
            }
            let target = if p.via == u32::MAX {
                self.fab.endpoint_node[dst_ep]
            } else {
                p.via as usize
            };
            let Some(hop) = self.hops.hop(node, target, p.tag, &mut self.rng_route) else {
                return self.broken_route(node, target);
            };
            p.tag = hop.tag;
            let Some(port) = self.fab.port_to(r as u32, hop.next) else {
                return self.broken_route(node, target);
            };
            (port, hop.vc_lo, hop.vc_hi)
        };
        let rt = &mut self.rt;
        rt.state[ivc] = VC_ALLOC;
        rt.ready[ivc] = at + u64::from(self.cfg.routing_delay);
        rt.out_port[ivc] = port;
        rt.vc_lo[ivc] = lo;
        rt.vc_hi[ivc] = hi;
    }

    /// UGAL at the packet's source router `r`: keep Valiant's intermediate only when the
    /// minimal route's first output holds more than twice the flits of the non-minimal
    /// one's, plus the threshold (BookSim2's `ugal_dragonflynew`).
    fn ugal_choice(&mut self, pkt: usize, r: usize) {
        let p = self.pk.list[pkt];
        if p.via == u32::MAX {
            return;
        }
        let node = self.fab.router_node[r];
        let dst = self.fab.endpoint_node[p.dst_ep as usize];
        let queue = |e: &mut Self, target: usize| -> Option<u32> {
            let next = e.hops.first_hop(node, target)?;
            let port = e.fab.port_to(r as u32, next)? as usize;
            let v = e.v as usize;
            Some(e.rt.occ[port * v..(port + 1) * v].iter().sum())
        };
        let q_min = queue(self, dst);
        let q_non = queue(self, p.via as usize);
        let minimal = match (q_min, q_non) {
            (Some(a), Some(b)) => super::valiant::ugal_prefers_minimal(a, b),
            _ => true,
        };
        if minimal {
            let p = &mut self.pk.list[pkt];
            p.via = u32::MAX;
            p.tag = self.hops.start_tag(false);
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

    fn vc_allocate(&mut self, a: u32, z: u32) {
        let (v, now) = (self.v, self.now);
        let size = (z - a) * v;
        let rt = &mut self.rt;
        for ivc in (a * v) as usize..(z * v) as usize {
            if rt.state[ivc] != VC_ALLOC || rt.ready[ivc] > now {
                continue;
            }
            let out = rt.out_port[ivc];
            let mut best = (u32::MAX, u32::MAX);
            for ov in rt.vc_lo[ivc]..=rt.vc_hi[ivc] {
                if !rt.in_use[(out * v + ov) as usize] {
                    let local = (out - a) * v + ov;
                    let d = rr_distance(local, rt.va_in_ptr[ivc], size);
                    if d < best.1 {
                        best = (local, d);
                    }
                }
            }
            if best.0 != u32::MAX {
                rt.va_pick[ivc] = best.0;
                let govc = a * v + best.0;
                let input = ivc as u32 - a * v;
                rt.va.offer(govc, input, rt.va_out_ptr[govc as usize], size);
            }
        }
        let mut stage = std::mem::take(&mut rt.va);
        let delay = u64::from(self.cfg.vc_alloc_delay);
        stage.grant(|govc, input| {
            let ivc = (a * v + input) as usize;
            let g = govc as usize;
            rt.in_use[g] = true;
            rt.tail_sent[g] = false;
            rt.state[ivc] = ACTIVE;
            rt.out_vc[ivc] = govc % v;
            rt.ready[ivc] = now + delay;
            rt.va_in_ptr[ivc] = (rt.va_pick[ivc] + 1) % size;
            rt.va_out_ptr[g] = (input + 1) % size;
        });
        rt.va = stage;
    }

    fn sw_allocate(&mut self, a: u32, z: u32) {
        let (v, b, now) = (self.v, self.b, self.now);
        let deg = z - a;
        let rt = &mut self.rt;
        for p in a..z {
            for vc in 0..v {
                let ivc = (p * v + vc) as usize;
                if rt.state[ivc] != ACTIVE || rt.len[ivc] == 0 || rt.ready[ivc] > now {
                    continue;
                }
                let out = rt.out_port[ivc];
                if rt.occ[(out * v + rt.out_vc[ivc]) as usize] >= b {
                    continue;
                }
                let lo = (out - a) as usize;
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
            if rt.sw_touched.is_empty() {
                continue;
            }
            let ptr = rt.sw_in_ptr[p as usize];
            let mut pick = (u32::MAX, u32::MAX);
            for &lo in &rt.sw_touched {
                let d = rr_distance(lo, ptr, deg);
                if d < pick.1 {
                    pick = (lo, d);
                }
            }
            let lo = pick.0;
            rt.sw_pick[p as usize] = (lo, rt.sw_best[lo as usize]);
            for &t in &rt.sw_touched {
                rt.sw_best[t as usize] = u32::MAX;
            }
            rt.sw_touched.clear();
            let out = a + lo;
            rt.sw.offer(out, p - a, rt.sw_out_ptr[out as usize], deg);
        }
        let mut stage = std::mem::take(&mut self.rt.sw);
        stage.grant(|out, input| {
            let p = a + input;
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
        let v = self.v as usize;
        let cfg = self.cfg;
        let ivc = p as usize * v + vc as usize;
        let f = self.rt.pop(ivc);
        let (head, tail) = (f & 2 != 0, f & 1 != 0);
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
        let out = self.rt.out_port[ivc];
        let ov = self.rt.out_vc[ivc];
        let g = out as usize * v + ov as usize;
        self.rt.occ[g] += 1;
        if tail {
            self.rt.tail_sent[g] = true;
            if !cfg.wait_for_tail_credit {
                self.rt.in_use[g] = false;
            }
        }
        if head {
            self.pk.list[(f >> 2) as usize].hops += 1;
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
        if tail {
            if self.rt.len[ivc] > 0 {
                self.route_front(ivc, r, c + 1);
            } else {
                self.rt.state[ivc] = IDLE;
                self.rt.busy[r] -= 1;
            }
        } else {
            self.rt.ready[ivc] = c + 1;
        }
    }
}
