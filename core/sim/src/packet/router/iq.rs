//! The input-queued virtual-channel router (BookSim2's `iq`), one cycle of it: route
//! computation ([`super::route`]), VC allocation and switch allocation through two
//! [`Allocator`]s, and switch traversal, with credit-based flow control. The router is
//! generic over its allocators, so each choice is compiled into the cycle loop.
//!
//! Timing, as BookSim2's pipeline with one-cycle stages gives it: a head that reaches the
//! front of an idle VC at cycle h bids for an output VC from h + routing_delay; a VC won at
//! cycle v bids for the switch from v + vc_alloc_delay; a flit that wins the switch at s
//! leaves at s + sw_alloc_delay + st_final_delay − 1, reaches the next router's buffer a
//! channel latency and one cycle later, and frees its buffer slot upstream, whose credit
//! arrives a channel latency, one cycle and `credit_delay` after it left.
//!
//! Under `internal_speedup` s (BookSim2's `Router::Evaluate`) a router adds s to a fraction
//! it keeps each cycle and runs that cycle's allocation and traversal once per whole step:
//! the stages' times are then counted in steps (cycle · ⌈s⌉ + step), so a head may win an
//! output VC in one step and the switch in the next of the same cycle. What comes in and
//! goes out stays one a cycle: flits arrive and credits return at the cycle's start, the
//! flits that cross to one output queue there and leave one a cycle, and an input's
//! credits (one per step that sent flits from it) go upstream one a cycle.

use super::buffers::{BitRange, Buffers, Ivc, ACTIVE, IDLE, NO_PORT};
use super::route::route_front;
use super::RouterKind;
use crate::packet::allocator::{rr_distance, Allocator, Role, Round, SeparableInputFirst, Size};
use crate::packet::channel::{Fabric, Sink};
use crate::packet::config::PointConfig;
use crate::packet::flit::Flit;
use crate::packet::net::Net;
use crate::packet::wheel::Event;

/// Routers whose records are read together before they are stepped
/// ([`IqRouter::touch_routers`]).
const TOUCH_CHUNK: usize = 32;

/// Every input-queued router of the network, with VC allocator `V` and switch allocator
/// `S` (BookSim2's defaults for both: separable input-first, round-robin).
#[derive(Debug, Clone)]
pub(in crate::packet) struct IqRouter<V = SeparableInputFirst, S = SeparableInputFirst> {
    st: Buffers,
    /// The VC allocator: inputs and outputs are every router's input and output VCs
    /// (port·V + vc).
    va: V,
    /// The switch allocator: inputs and outputs are ports; a request's label is the input
    /// VC that asks.
    sw: S,
    /// Per input port, the VC that goes first among its VCs asking for the same output
    /// (BookSim2's `_sw_rr_offset`: one past the last VC to cross the switch).
    sw_rr: Vec<u32>,
    /// Scratch: for one input port, the VC asking for each output (local index), and the
    /// outputs asked for.
    sw_best: Vec<u32>,
    sw_touched: Vec<u32>,
    /// `hold_switch_for_packet`: per input port, the VC that holds its switch connection
    /// ([`NONE`]: none), and per output port whether an input holds it; both empty when
    /// the key is off.
    hold_vc: Vec<u32>,
    hold_out: Vec<bool>,
    /// Switch inputs per input port and outputs per output port (`input_speedup`,
    /// `output_speedup`): input VC `vc` of port `p` is the switch allocator's input
    /// `p·si + vc mod si`; its request for port `o` is for output `o·so + i mod so`, `i`
    /// the input port's index in its router.
    si: u32,
    so: u32,
    /// One switch input's share of `sw_best` (the most switch outputs of a router).
    sw_stride: u32,
    /// Under `output_speedup` or `internal_speedup` above 1, per output port, the first
    /// cycle at which it can send (the flits that crossed to it leave one a cycle, in
    /// order); empty otherwise.
    out_free: Vec<u64>,
    /// `internal_speedup`: steps per cycle on average, the fraction carried to the next
    /// cycle, the most steps of a cycle (1 without a speedup) and the input ports' credit
    /// queues.
    speedup: f64,
    partial: f64,
    ticks: u64,
    credits: CreditQueue,
}

/// Under `internal_speedup`, per input port, the credits waiting to go upstream: each step
/// that sends flits from the port makes one credit (for all its VCs), and one leaves a
/// cycle (BookSim2's `_credit_buffer`). Empty without the speedup: a step a cycle makes at
/// most one credit a cycle.
#[derive(Debug, Clone, Default)]
struct CreditQueue {
    /// The first cycle a credit can leave, the step of the port's last credit and the
    /// cycle that credit leaves.
    free: Vec<u64>,
    step: Vec<u64>,
    leaves: Vec<u64>,
}

impl CreditQueue {
    fn new(ports: usize) -> CreditQueue {
        CreditQueue {
            free: vec![0; ports],
            step: vec![u64::MAX; ports],
            leaves: vec![0; ports],
        }
    }

    /// The cycle at which the credit of a flit that left port `p` at cycle `c`, step
    /// `tick`, goes upstream.
    #[inline]
    fn leave(&mut self, p: usize, c: u64, tick: u64) -> u64 {
        if self.free.is_empty() {
            return c;
        }
        if self.step[p] != tick {
            let t = c.max(self.free[p]);
            self.free[p] = t + 1;
            self.step[p] = tick;
            self.leaves[p] = t;
        }
        self.leaves[p]
    }
}

/// When a flit crosses the switch: the cycle of the switch allocator's update (`c`), the
/// cycle of the step after it, the crossbar's (`st`: the next cycle's first step, or under
/// `internal_speedup` the same cycle's next), the step it crossed in (`tick`, cycle ·
/// steps + step) and the step from which the VC's next flit or head may bid (`next`).
#[derive(Debug, Clone, Copy)]
struct Crossing {
    c: u64,
    st: u64,
    tick: u64,
    next: u64,
}

/// No VC holds the input port's switch connection.
const NONE: u32 = u32::MAX;

impl<V: Allocator, S: Allocator> RouterKind for IqRouter<V, S> {
    fn new(fab: &Fabric, point: &PointConfig) -> Self {
        let (routers, ports, v) = (fab.routers(), fab.ports(), point.router.num_vcs);
        let degree = (0..routers)
            .map(|r| fab.port_start[r + 1] - fab.port_start[r])
            .max()
            .unwrap_or(1);
        let vcs = ports * v as usize;
        let held = if point.router.hold_switch_for_packet {
            ports
        } else {
            0
        };
        let (si, so) = (point.router.input_speedup, point.router.output_speedup);
        let speedup = point.router.internal_speedup;
        let sped = !speedup.is_one();
        IqRouter {
            st: Buffers::new(routers, ports, v),
            va: V::new(
                Size {
                    routers,
                    inputs: vcs,
                    outputs: vcs,
                    max_inputs: degree * v,
                    max_outputs: degree * v,
                },
                Role::Vc,
                point,
            ),
            sw: S::new(
                Size {
                    routers,
                    inputs: ports * si as usize,
                    outputs: ports * so as usize,
                    max_inputs: degree * si,
                    max_outputs: degree * so,
                },
                Role::Switch,
                point,
            ),
            // BookSim2's `_sw_rr_offset` starts at the switch input's index mod si.
            sw_rr: (0..ports * si as usize).map(|e| e as u32 % si).collect(),
            sw_best: vec![u32::MAX; (degree * so * si) as usize],
            sw_touched: Vec::with_capacity((degree * so * si) as usize),
            hold_vc: vec![NONE; held * si as usize],
            hold_out: vec![false; held * so as usize],
            si,
            so,
            sw_stride: degree * so,
            out_free: if so > 1 || sped {
                vec![0; ports]
            } else {
                Vec::new()
            },
            speedup: speedup.0,
            partial: 0.0,
            ticks: speedup.max_steps(),
            credits: if sped {
                CreditQueue::new(ports)
            } else {
                CreditQueue::default()
            },
        }
    }

    fn arrive(&mut self, net: &mut Net<'_>, port: u32, vc: u32, f: Flit) {
        let i = port as usize * net.v as usize + vc as usize;
        let st = &mut self.st;
        debug_assert!(st.ivc[i].len < net.b, "buffer overflow");
        let was_empty = st.push(i, f);
        let x = &mut st.ivc[i];
        let tick = net.now * self.ticks;
        if x.state == IDLE {
            let r = net.fab.port_router[port as usize] as usize;
            st.busy[r] += 1;
            route_front(st, net, i, r, tick);
        } else if x.state == ACTIVE && was_empty {
            x.ready = tick;
            st.mark(i);
        }
    }

    #[inline]
    fn credit(&mut self, net: &Net<'_>, port: u32, vc: u32) {
        let o = &mut self.st.ovc[(port * net.v + vc) as usize];
        o.occ -= 1;
        if net.cfg.wait_for_tail_credit && o.occ == 0 && o.tail_sent {
            o.in_use = false;
        }
    }

    fn step(&mut self, net: &mut Net<'_>) {
        if self.speedup == 1.0 {
            self.internal_step(net, net.now, true);
            return;
        }
        // BookSim2's `Router::Evaluate`: the same floating-point sum, so the same steps.
        self.partial += self.speedup;
        let mut j = 0;
        while self.partial >= 1.0 {
            self.partial -= 1.0;
            let last = self.partial < 1.0;
            self.internal_step(net, net.now * self.ticks + j, last);
            j += 1;
        }
    }

    #[inline]
    fn peek(&self, net: &Net<'_>, e: &Event) -> u32 {
        let v = net.v as usize;
        match *e {
            Event::Arrive(p, vc, f) => {
                let x = self.st.ivc[p as usize * v + vc as usize].len;
                let route = if f.via == u32::MAX {
                    let r = net.fab.port_router[p as usize] as usize;
                    let at = net.fab.router_node[r];
                    net.hops.peek(at, net.fab.endpoint_node[f.dst_ep as usize])
                } else {
                    0
                };
                x.wrapping_add(route)
            }
            Event::Credit(p, vc) => self.st.ovc[p as usize * v + vc as usize].occ,
            Event::Eject(..) | Event::InjectCredit(..) => 0,
        }
    }

    fn buffer_slots(&self) -> usize {
        self.st.pool.high_water()
    }
}

impl<V: Allocator, S: Allocator> IqRouter<V, S> {
    /// One internal step of every router, at step `tick` ([`IqRouter::ticks`] a cycle);
    /// `last`: the cycle's last step (a flit that crosses in it traverses the crossbar in
    /// the next cycle's first step, else in this cycle's next).
    fn internal_step(&mut self, net: &mut Net<'_>, tick: u64, last: bool) {
        let routers = net.fab.routers();
        let mut r = 0;
        while r < routers {
            let end = (r + TOUCH_CHUNK).min(routers);
            self.touch_routers(net, r, end);
            for q in r..end {
                if self.st.busy[q] == 0 {
                    continue;
                }
                let (a, z) = (net.fab.port_start[q], net.fab.port_start[q + 1]);
                self.vc_allocate(net, q, a, z, tick);
                self.sw_allocate(net, q, a, z, (tick, last));
            }
            r = end;
        }
    }

    /// Reads what routers `lo..hi`'s allocators read first (each waiting input VC, the
    /// first output VC it asks for and the VC allocator's state for the pair; each input
    /// VC with a flit to send, its output VC, and, when that has a credit, the buffer slots
    /// of the flit that may leave and of the one behind it, whose head is routed next),
    /// each independent of the others, so that their cache misses overlap instead of
    /// coming one router at a time. Changes nothing.
    fn touch_routers(&self, net: &Net<'_>, lo: usize, hi: usize) {
        let (v, b) = (net.v, net.b);
        let st = &self.st;
        let slots = &st.pool.items;
        let mut sum = 0u32;
        for r in lo..hi {
            if st.busy[r] == 0 {
                continue;
            }
            let (a, z) = (net.fab.port_start[r], net.fab.port_start[r + 1]);
            let mut bits = BitRange::new((a * v) as usize, (z * v) as usize);
            while let Some(i) = bits.next(&st.want_va) {
                let x = &st.ivc[i];
                let first = ((x.out_port * v + x.vc_lo) as usize).min(st.ovc.len() - 1);
                sum = sum.wrapping_add(st.ovc[first].occ);
                sum = sum.wrapping_add(self.va.peek(i, first));
            }
            let mut bits = BitRange::new((a * v) as usize, (z * v) as usize);
            while let Some(i) = bits.next(&st.want_sw) {
                let x = &st.ivc[i];
                let o = &st.ovc[((x.out_port * v + x.out_vc) as usize).min(st.ovc.len() - 1)];
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

    /// VC allocation of router `r`, whose ports are `a..z`: each head that waits asks for
    /// every output VC of its range that no packet holds; a VC won is held from now and
    /// bids for the switch after `vc_alloc_delay` (at step `now`, [`IqRouter::step`]).
    /// Under output sets ([`Buffers::low`]) the heads ask with priorities
    /// ([`IqRouter::vc_allocate_ranked`]).
    fn vc_allocate(&mut self, net: &Net<'_>, r: usize, a: u32, z: u32, now: u64) {
        if !self.st.low.is_empty() {
            self.vc_allocate_ranked(net, r, a, z, now);
            return;
        }
        let v = net.v;
        let IqRouter { st, va, .. } = self;
        va.begin(round_of(r, a, z, v));
        waiting_heads(st, (a, z), v, now, |st, i, x| {
            let out = x.out_port;
            let ovc = &st.ovc;
            // An exclusive range: an inclusive one's iterator costs more.
            let free = (x.vc_lo..x.vc_hi + 1)
                .filter(|&ov| !ovc[(out * v + ov) as usize].in_use)
                .map(|ov| ((out - a) * v + ov, 0));
            va.request(i as u32 - a * v, free);
        });
        let delay = now + u64::from(net.cfg.vc_alloc_delay);
        va.allocate(|input, local, _| {
            take_vc(st, (a * v + input) as usize, a * v + local, v, delay)
        });
    }

    /// [`IqRouter::vc_allocate`] under output sets: a head with a low-priority candidate
    /// ([`Buffers::low`]) asks for its route's free VCs at high priority and the
    /// candidate's at low; one without, for its route's; a VC won sets the head's output
    /// port too. Kept out of line: the one-output allocation is the hot one.
    #[inline(never)]
    fn vc_allocate_ranked(&mut self, net: &Net<'_>, r: usize, a: u32, z: u32, now: u64) {
        let v = net.v;
        let IqRouter { st, va, .. } = self;
        va.begin(round_of(r, a, z, v));
        waiting_heads(st, (a, z), v, now, |st, i, x| {
            let ovc = &st.ovc;
            let free = |p: u32, lo: u32, hi: u32, pri: u8| {
                (lo..hi + 1)
                    .filter(move |&ov| !ovc[(p * v + ov) as usize].in_use)
                    .map(move |ov| ((p - a) * v + ov, 0, pri))
            };
            let (lp, llo, lhi) = st.low[i];
            let high = free(x.out_port, x.vc_lo, x.vc_hi, 1);
            if lp == NO_PORT {
                va.request_ranked(i as u32 - a * v, high);
            } else {
                va.request_ranked(i as u32 - a * v, high.chain(free(lp, llo, lhi, 0)));
            }
        });
        let delay = now + u64::from(net.cfg.vc_alloc_delay);
        va.allocate(|input, local, _| {
            let (i, govc) = ((a * v + input) as usize, a * v + local);
            // The port of the candidate granted (an output set's may be another).
            st.ivc[i].out_port = govc / v;
            take_vc(st, i, govc, v, delay);
        });
    }

    /// Switch allocation and traversal of router `r`, whose ports are `a..z`: each input
    /// VC with a flit to send and a credit downstream asks for its output; of an input
    /// port's VCs asking for the same output, the first at or after the port's round-robin
    /// offset asks (BookSim2's `_SWAllocAddReq`); each grant's flit crosses the switch.
    /// Under a speedup the allocator's inputs and outputs are the switch's ([`IqRouter::si`]).
    /// Under `hold_switch_for_packet`, an input or output whose connection is held takes
    /// no request; the held connections move their flits ([`IqRouter::sw_held`]); a grant
    /// to a flit that is not a tail and has another behind it holds its connection.
    fn sw_allocate(&mut self, net: &mut Net<'_>, r: usize, a: u32, z: u32, at: (u64, bool)) {
        let (tick, last) = at;
        let (v, b) = (net.v, net.b);
        let hold = !self.hold_vc.is_empty();
        let deg = z - a;
        let (si, so) = (self.si, self.so);
        let plain = si == 1 && so == 1;
        self.sw.begin(Round {
            router: r,
            first_input: a * si,
            inputs: deg * si,
            first_output: a * so,
            outputs: deg * so,
        });
        let mut bits = BitRange::new((a * v) as usize, (z * v) as usize);
        let mut port = u32::MAX;
        loop {
            let next = bits.next(&self.st.want_sw);
            let p = next.map_or(u32::MAX, |i| i as u32 / v);
            if p != port {
                if port != u32::MAX {
                    self.sw_request(port - a);
                }
                port = p;
            }
            let Some(i) = next else { break };
            let x = &self.st.ivc[i];
            if x.ready > tick || self.st.ovc[(x.out_port * v + x.out_vc) as usize].occ >= b {
                continue;
            }
            let vc = i as u32 % v;
            // The switch input (global) and output (within the round).
            let (ei, eo) = if plain {
                (p, x.out_port - a)
            } else {
                (p * si + vc % si, (x.out_port - a) * so + (p - a) % so)
            };
            if hold && (self.hold_vc[ei as usize] != NONE || self.hold_out[(a * so + eo) as usize])
            {
                continue;
            }
            let lo = if plain {
                eo as usize
            } else {
                ((ei - p * si) * self.sw_stride + eo) as usize
            };
            let cur = self.sw_best[lo];
            if cur == u32::MAX {
                self.sw_touched.push(lo as u32);
                self.sw_best[lo] = vc;
            } else if rr_distance(vc, self.sw_rr[ei as usize], v)
                < rr_distance(cur, self.sw_rr[ei as usize], v)
            {
                self.sw_best[lo] = vc;
            }
        }
        if hold {
            self.sw_held(net, a, z, at);
        }
        // The update's cycle; the next flit bids from the step after it.
        let delay = u64::from(net.cfg.sw_alloc_delay) - 1;
        let c = net.now + delay;
        let at = Crossing {
            c,
            st: c + u64::from(last),
            tick,
            next: tick + delay * self.ticks + 1,
        };
        let IqRouter {
            st,
            sw,
            sw_rr,
            hold_vc,
            hold_out,
            out_free,
            credits,
            ..
        } = self;
        sw.allocate(|input, output, vc| {
            let p = a + if si == 1 { input } else { input / si };
            let ei = (a * si + input) as usize;
            sw_rr[ei] = (vc + si) % v;
            let (_, tail) = traverse(st, net, p, vc, at, out_free, credits);
            if hold && !tail && st.ivc[(p * v + vc) as usize].len > 0 {
                hold_vc[ei] = vc;
                hold_out[(a * so + output) as usize] = true;
            }
        });
    }

    /// The held switch connections of ports `a..z` (BookSim2's `_SWHoldEvaluate` and
    /// `_SWHoldUpdate`): the held VC's front flit crosses the switch now, without switch
    /// allocation, if its output VC has a credit; the connection ends when that flit is a
    /// tail or the last flit buffered, or when there is no credit (the VC then asks the
    /// switch allocator from the next cycle).
    fn sw_held(&mut self, net: &mut Net<'_>, a: u32, z: u32, (now, last): (u64, bool)) {
        let (v, b, si, so) = (net.v, net.b, self.si, self.so);
        let at = Crossing {
            c: net.now,
            st: net.now + u64::from(last),
            tick: now,
            next: now + 1,
        };
        for ei in a * si..z * si {
            let vc = self.hold_vc[ei as usize];
            if vc == NONE {
                continue;
            }
            let p = ei / si;
            let i = (p * v + vc) as usize;
            let x = &self.st.ivc[i];
            if x.ready > now {
                continue;
            }
            let out = x.out_port;
            let go = self.st.ovc[(out * v + x.out_vc) as usize].occ < b;
            let keep = go && {
                let (_, tail) = traverse(
                    &mut self.st,
                    net,
                    p,
                    vc,
                    at,
                    &mut self.out_free,
                    &mut self.credits,
                );
                !tail && self.st.ivc[i].len > 0
            };
            if !keep {
                self.hold_vc[ei as usize] = NONE;
                self.hold_out[(out * so + (p - a) % so) as usize] = false;
            }
        }
    }

    /// The requests of input port `input` of the round (its VCs' picks,
    /// [`IqRouter::sw_best`]) go to the switch allocator, switch input by switch input.
    #[inline]
    fn sw_request(&mut self, input: u32) {
        if self.sw_touched.is_empty() {
            return;
        }
        let best = &self.sw_best;
        if self.si == 1 {
            let asks = self.sw_touched.iter().map(|&lo| (lo, best[lo as usize]));
            self.sw.request(input, asks);
        } else {
            let stride = self.sw_stride;
            for sub in 0..self.si {
                let mut asks = self
                    .sw_touched
                    .iter()
                    .filter(|&&k| k / stride == sub)
                    .map(|&k| (k - sub * stride, best[k as usize]))
                    .peekable();
                if asks.peek().is_some() {
                    self.sw.request(input * self.si + sub, asks);
                }
            }
        }
        for &lo in &self.sw_touched {
            self.sw_best[lo as usize] = u32::MAX;
        }
        self.sw_touched.clear();
    }
}

/// Calls `ask(st, i, record)` for each input VC `i` of ports `a..z` (over `v` VCs a port)
/// whose head waits for an output VC and bids at step `now`, in increasing order.
#[inline(always)]
fn waiting_heads(
    st: &Buffers,
    (a, z): (u32, u32),
    v: u32,
    now: u64,
    mut ask: impl FnMut(&Buffers, usize, &Ivc),
) {
    let mut bits = BitRange::new((a * v) as usize, (z * v) as usize);
    while let Some(i) = bits.next(&st.want_va) {
        let x = &st.ivc[i];
        if x.ready <= now {
            ask(st, i, x);
        }
    }
}

/// The VC allocator's round of router `r`, whose ports are `a..z`, over `v` VCs a port.
#[inline]
fn round_of(r: usize, a: u32, z: u32, v: u32) -> Round {
    let size = (z - a) * v;
    Round {
        router: r,
        first_input: a * v,
        inputs: size,
        first_output: a * v,
        outputs: size,
    }
}

/// Input VC `i` won output VC `govc` (port·V + vc): the output VC is held from now, and the
/// input VC bids for the switch from step `ready`.
#[inline(always)]
fn take_vc(st: &mut Buffers, i: usize, govc: u32, v: u32, ready: u64) {
    let o = &mut st.ovc[govc as usize];
    o.in_use = true;
    o.tail_sent = false;
    let x = &mut st.ivc[i];
    x.state = ACTIVE;
    x.out_vc = govc % v;
    x.ready = ready;
    st.mark(i);
}

/// The flit at the front of input VC `vc` of port `p` won the switch: at cycle `at.c` (the
/// switch allocator's update cycle) it leaves for its output and its slot's credit goes
/// upstream, and the VC's next head is routed from step `at.next` (or the VC goes idle);
/// under `output_speedup` or `internal_speedup`, it waits at its output behind the flits
/// before it (`out_free`), and under `internal_speedup` its credit behind the port's
/// earlier ones (`credits`). Returns the output port and whether the flit was a tail.
fn traverse(
    st: &mut Buffers,
    net: &mut Net<'_>,
    p: u32,
    vc: u32,
    at: Crossing,
    out_free: &mut [u64],
    credits: &mut CreditQueue,
) -> (u32, bool) {
    let c = at.c;
    let cfg = net.cfg;
    let fab = net.fab;
    let i = p as usize * net.v as usize + vc as usize;
    let mut f = st.pop(i);
    f.hops += 1;
    let back = credits.leave(p as usize, c, at.tick);
    match fab.source[p as usize] {
        Sink::Router(up) => {
            let t = back + u64::from(fab.latency[up as usize]) + 1 + u64::from(cfg.credit_delay);
            net.wheel.at(t, Event::Credit(up, vc));
        }
        Sink::Endpoint(e) => net.wheel.at(back + 2, Event::InjectCredit(e, vc)),
    }
    let (out, ov) = (st.ivc[i].out_port, st.ivc[i].out_vc);
    let o = &mut st.ovc[(out * net.v + ov) as usize];
    o.occ += 1;
    if f.tail() {
        o.tail_sent = true;
        if !cfg.wait_for_tail_credit {
            o.in_use = false;
        }
    }
    let mut depart = at.st + u64::from(cfg.st_final_delay) - 1;
    if let Some(free) = out_free.get_mut(out as usize) {
        depart = depart.max(*free);
        *free = depart + 1;
    }
    match fab.sink[out as usize] {
        Sink::Router(down) => {
            let t = depart + u64::from(fab.latency[out as usize]) + 1;
            net.wheel.at(t, Event::Arrive(down, ov, f));
            if net.measuring() {
                net.stats.channel_flits[out as usize] += 1;
            }
        }
        Sink::Endpoint(e) => net.wheel.at(depart + 2, Event::Eject(e, ov, f)),
    }
    net.last_move = net.now;
    let r = fab.port_router[p as usize] as usize;
    if f.tail() {
        if st.ivc[i].len > 0 {
            route_front(st, net, i, r, at.next);
        } else {
            st.ivc[i].state = IDLE;
            st.mark(i);
            st.busy[r] -= 1;
        }
    } else {
        st.ivc[i].ready = at.next;
        st.mark(i);
    }
    (out, f.tail())
}
