//! The endpoints: Bernoulli packet generation with an unbounded source queue, injection
//! into the router (one flit per cycle, a VC per packet, credits), and ejection.
//!
//! As in BookSim2, a source keeps the time of its next Bernoulli trial (`qtime`); while
//! it holds no packet it tries every cycle from `qtime` up to now and makes at most one
//! packet, stamped with the trial's cycle. A source that falls behind is therefore an
//! unbounded queue of packets not yet made, with their creation times kept, at no cost
//! in memory.

use super::router::{flit_id, Flit};
use super::run::{Engine, Event, Phase};

/// No packet.
pub(super) const NONE: u32 = u32::MAX;

/// A packet in flight. Its flits carry its routing state from its source on ([`Flit`]).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Packet {
    /// Its destination endpoint.
    pub dst_ep: u32,
    /// The intermediate node of a two-phase route (`u32::MAX`: none).
    pub via: u32,
    /// Creation cycle (its Bernoulli trial).
    pub ctime: u64,
    /// The head's injection cycle.
    pub itime: u64,
    /// The VC scheme's state at the source.
    pub tag: u16,
    /// Whether it counts in the measurement.
    pub record: bool,
}

/// Packets in flight, in a pool reused as they leave.
#[derive(Debug, Clone, Default)]
pub(super) struct Packets {
    pub list: Vec<Packet>,
    pub free: Vec<u32>,
}

impl Packets {
    fn add(&mut self, p: Packet) -> u32 {
        if let Some(i) = self.free.pop() {
            self.list[i as usize] = p;
            i
        } else {
            self.list.push(p);
            (self.list.len() - 1) as u32
        }
    }
}

/// Every endpoint's source and the router's injection buffer as the source sees it.
#[derive(Debug, Clone)]
pub(super) struct Sources {
    pub qtime: Vec<u64>,
    pub drained: Vec<bool>,
    /// The packet being injected and how many of its flits went.
    pub cur: Vec<u32>,
    pub sent: Vec<u32>,
    pub vc: Vec<u32>,
    pub last_vc: Vec<u32>,
    /// Per (endpoint, vc) of the injection channel: held, credits in use.
    pub in_use: Vec<bool>,
    pub occ: Vec<u32>,
    pub tail_sent: Vec<bool>,
}

impl Sources {
    /// `n` endpoints with `vcs` VCs on their injection channels.
    pub fn new(n: usize, vcs: u32) -> Sources {
        let nv = n * vcs as usize;
        Sources {
            qtime: vec![0; n],
            drained: vec![false; n],
            cur: vec![NONE; n],
            sent: vec![0; n],
            vc: vec![NONE; n],
            last_vc: vec![vcs - 1; n],
            in_use: vec![false; nv],
            occ: vec![0; nv],
            tail_sent: vec![false; nv],
        }
    }
}

/// Flits generated and not yet ejected, and the sum of their creation cycles (for the
/// saturation test's average latency of everything in flight).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct InFlight {
    pub flits: u64,
    pub ctime_sum: f64,
    pub measured: u64,
}

impl Engine<'_> {
    /// Each idle source's Bernoulli trials up to now, at most one packet each.
    pub(super) fn generate(&mut self) {
        if self.quiet {
            return;
        }
        let now = self.now;
        let size = self.cfg.packet_size;
        for e in 0..self.fab.endpoints() {
            if self.src.cur[e] == NONE {
                while self.src.qtime[e] <= now {
                    let t = self.src.qtime[e];
                    self.src.qtime[e] += 1;
                    if self.rng_traffic.unit_open0() <= self.p_packet {
                        self.make_packet(e, t, size);
                        break;
                    }
                }
                if self.phase == Phase::Draining && self.src.qtime[e] > self.drain_time {
                    self.src.drained[e] = true;
                }
            }
        }
    }

    fn make_packet(&mut self, e: usize, t: u64, size: u32) {
        let dst = self.traffic.dest(e as u32, &mut self.rng_traffic);
        let record =
            self.phase == Phase::Running || (self.phase == Phase::Draining && t < self.drain_time);
        let (s_node, d_node) = (
            self.fab.endpoint_node[e],
            self.fab.endpoint_node[dst as usize],
        );
        let via = self
            .hops
            .intermediate(s_node, d_node, &mut self.rng_route)
            .map_or(u32::MAX, |x| x as u32);
        let id = self.pk.add(super::injection::Packet {
            dst_ep: dst,
            via,
            ctime: t,
            itime: 0,
            tag: self.hops.start_tag(via != u32::MAX),
            record,
        });
        self.src.cur[e] = id;
        self.src.sent[e] = 0;
        self.src.vc[e] = NONE;
        self.inflight.flits += u64::from(size);
        self.inflight.ctime_sum += t as f64 * f64::from(size);
        if record {
            self.inflight.measured += u64::from(size);
        }
    }

    /// Each source sends at most one flit into its router's injection port.
    pub(super) fn inject(&mut self) {
        let (v, b, now) = (self.v, self.b, self.now);
        let size = self.cfg.packet_size;
        for e in 0..self.fab.endpoints() {
            let pkt = self.src.cur[e];
            if pkt == NONE {
                continue;
            }
            let base = e * v as usize;
            let sent = self.src.sent[e];
            if sent == 0 && self.src.vc[e] == NONE {
                let last = self.src.last_vc[e];
                let free = (1..=v).map(|i| (last + i) % v).find(|&c| {
                    !self.src.in_use[base + c as usize] && self.src.occ[base + c as usize] < b
                });
                let Some(c) = free else { continue };
                self.src.vc[e] = c;
            }
            let c = self.src.vc[e];
            let k = base + c as usize;
            if self.src.occ[k] >= b {
                continue;
            }
            let (head, tail) = (sent == 0, sent + 1 == size);
            if head {
                self.src.in_use[k] = true;
                self.src.tail_sent[k] = false;
                self.src.last_vc[e] = c;
                self.pk.list[pkt as usize].itime = now;
            }
            self.src.occ[k] += 1;
            if tail {
                self.src.tail_sent[k] = true;
                if !self.cfg.wait_for_tail_credit {
                    self.src.in_use[k] = false;
                }
                self.src.cur[e] = NONE;
            }
            self.src.sent[e] = sent + 1;
            let p = &self.pk.list[pkt as usize];
            let f = Flit {
                id: flit_id(pkt, head, tail),
                dst_ep: p.dst_ep,
                via: p.via,
                hops: 0,
                tag: p.tag,
            };
            self.wheel
                .at(now + 2, Event::Arrive(self.fab.endpoint_port[e], c, f));
            self.net_flits += 1;
            self.last_move = now;
            if self.measuring() {
                self.stats.sent += 1;
            }
        }
    }

    /// A credit for VC `vc` of endpoint `e`'s injection channel comes back.
    pub(super) fn inject_credit(&mut self, e: u32, vc: u32) {
        let k = (e * self.v + vc) as usize;
        self.src.occ[k] -= 1;
        if self.cfg.wait_for_tail_credit && self.src.occ[k] == 0 && self.src.tail_sent[k] {
            self.src.in_use[k] = false;
        }
    }

    /// Endpoint `e` receives flit `f` on VC `vc`: it is retired and its credit returned.
    pub(super) fn eject(&mut self, e: u32, vc: u32, f: Flit) {
        let now = self.now;
        let pkt = f.pkt();
        let port = self.fab.endpoint_port[e as usize];
        self.wheel.at(
            now + 2 + u64::from(self.cfg.credit_delay),
            Event::Credit(port, vc),
        );
        self.net_flits -= 1;
        self.last_move = now;
        if self.measuring() {
            self.stats.accepted += 1;
        }
        let p = self.pk.list[pkt];
        self.inflight.flits -= 1;
        self.inflight.ctime_sum -= p.ctime as f64;
        if p.record {
            self.inflight.measured -= 1;
        }
        if f.tail() {
            if (self.phase == Phase::WarmingUp || p.record) && !self.quiet {
                self.stats
                    .packet(now - p.ctime, now - p.itime, u64::from(f.hops));
            }
            self.pk.free.push(pkt as u32);
        }
    }
}
