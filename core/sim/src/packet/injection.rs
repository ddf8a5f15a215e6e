//! The endpoints: Bernoulli packet generation with an unbounded source queue (or batch
//! mode's, BookSim2's `sim_type = batch`), injection into the router (one flit per cycle,
//! a VC per packet, credits), and ejection.
//!
//! As in BookSim2, a source keeps the time of its next Bernoulli trial (`qtime`); while
//! it holds no packet it tries every cycle from `qtime` up to now and makes at most one
//! packet, stamped with the trial's cycle. A source that falls behind is therefore an
//! unbounded queue of packets not yet made, with their creation times kept, at no cost
//! in memory.

use std::collections::VecDeque;

use super::config::ReadWrite;
use super::flit::{flit_id, Flit};
use super::net::{Net, Phase};
use super::pool::Pool;
use super::traffic::Traffic;
use super::wheel::Event;
use crate::rng::SplitMix64;

/// No packet.
const NONE: u32 = u32::MAX;

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
    /// Its source endpoint.
    pub src_ep: u32,
    /// The VC scheme's state at the source.
    pub tag: u16,
    /// Whether it counts in the measurement.
    pub record: bool,
}

/// Flits generated and not yet ejected, and the sum of their creation cycles (for the
/// saturation test's average latency of everything in flight).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct InFlight {
    pub flits: u64,
    pub ctime_sum: f64,
    pub measured: u64,
}

/// A source's trials from `qtime` up to `now`, until one that `makes` a packet: that
/// trial's cycle (`qtime` then the next one's), or `None` with every trial passed.
#[inline(always)]
fn first_trial(qtime: &mut u64, now: u64, mut makes: impl FnMut() -> bool) -> Option<u64> {
    while *qtime <= now {
        let t = *qtime;
        *qtime += 1;
        if makes() {
            return Some(t);
        }
    }
    None
}

/// Packet kinds under read and write requests (0: a packet of the one kind).
const READ_REQUEST: u8 = 1;
const WRITE_REQUEST: u8 = 2;
const READ_REPLY: u8 = 3;
const WRITE_REPLY: u8 = 4;

/// Records packet `id`'s kind where the routers read it.
fn set_kind(net: &mut Net<'_>, id: u32, kind: u8) {
    let i = id as usize;
    if net.kinds.len() <= i {
        net.kinds.resize(i + 1, 0);
    }
    net.kinds[i] = kind;
}

/// A reply a source owes: to whom, from which cycle (its request's arrival), whether its
/// request was measured, and whether it answers a write.
#[derive(Debug, Clone, Copy)]
struct Reply {
    to: u32,
    time: u64,
    record: bool,
    write: bool,
}

/// The sources' state under read and write requests.
#[derive(Debug, Clone)]
struct ReadWriteState {
    sizes: [u32; 4],
    vcs: [(u32, u32); 4],
    write_fraction: f64,
    /// Each source's replies owed, oldest first.
    replies: Vec<VecDeque<Reply>>,
    /// The size of each source's packet being injected.
    size: Vec<u32>,
}

/// Batch mode's state of the sources (BookSim2's packet sequence numbers and outstanding
/// requests).
#[derive(Debug, Clone)]
struct BatchGate {
    size: u32,
    max_outstanding: u32,
    /// Packets each source made in this batch.
    made: Vec<u32>,
    /// Packets of each source in flight.
    outstanding: Vec<u32>,
    /// The sources of the packets that arrived this cycle.
    arrived: Vec<u32>,
}

/// Every endpoint's source, the router's injection buffer as the source sees it, and the
/// packets in flight.
#[derive(Debug, Clone)]
pub(super) struct Sources<'a> {
    /// The destinations, and their random stream (with the Bernoulli trials').
    traffic: &'a Traffic,
    rng: SplitMix64,
    /// The chance of a packet per trial.
    p_packet: f64,
    /// The sources make no more packets (after saturation, to tell a deadlock; at the end of
    /// a point in BookSim2's throughput mode).
    pub quiet: bool,
    /// Arrivals are not counted in the latencies (after saturation, while the network
    /// empties to tell a deadlock).
    pub settling: bool,
    /// The packets in flight.
    pub pk: Pool<Packet>,
    pub inflight: InFlight,
    qtime: Vec<u64>,
    drained: Vec<bool>,
    /// Batch mode's counts, in place of the Bernoulli trials (`None`: latency mode).
    batch: Option<BatchGate>,
    /// Read and write requests with their replies (`None`: packets of one kind).
    rw: Option<ReadWriteState>,
    /// The packet being injected and how many of its flits went.
    cur: Vec<u32>,
    sent: Vec<u32>,
    vc: Vec<u32>,
    last_vc: Vec<u32>,
    /// Per (endpoint, vc) of the injection channel: held, credits in use.
    in_use: Vec<bool>,
    occ: Vec<u32>,
    tail_sent: Vec<bool>,
}

impl<'a> Sources<'a> {
    /// `n` endpoints with `vcs` VCs on their injection channels, sending `traffic` at
    /// `p_packet` packets per cycle, their random stream `rng`.
    pub fn new(
        n: usize,
        vcs: u32,
        traffic: &'a Traffic,
        p_packet: f64,
        rng: SplitMix64,
    ) -> Sources<'a> {
        let nv = n * vcs as usize;
        Sources {
            traffic,
            rng,
            p_packet,
            quiet: false,
            settling: false,
            pk: Pool::default(),
            inflight: InFlight::default(),
            qtime: vec![0; n],
            drained: vec![false; n],
            batch: None,
            rw: None,
            cur: vec![NONE; n],
            sent: vec![0; n],
            vc: vec![NONE; n],
            last_vc: vec![vcs - 1; n],
            in_use: vec![false; nv],
            occ: vec![0; nv],
            tail_sent: vec![false; nv],
        }
    }

    /// Batch mode: each source makes a packet whenever it holds none, at most `size` a
    /// batch and `max_outstanding` in flight (0: no limit), in place of its Bernoulli
    /// trials.
    pub fn set_batch(&mut self, size: u32, max_outstanding: u32) {
        let n = self.qtime.len();
        self.batch = Some(BatchGate {
            size,
            max_outstanding,
            made: vec![0; n],
            outstanding: vec![0; n],
            arrived: Vec::new(),
        });
    }

    /// Read and write requests with their replies ([`ReadWrite`]); in batch mode (set
    /// first) a request is a write with chance 1/2, as BookSim2's batch mode draws it.
    pub fn set_read_write(&mut self, net: &mut Net<'_>, rw: ReadWrite) {
        let n = self.qtime.len();
        net.kind_vcs = Some(rw.vcs);
        self.rw = Some(ReadWriteState {
            sizes: rw.sizes,
            vcs: rw.vcs,
            write_fraction: if self.batch.is_some() {
                0.5
            } else {
                rw.write_fraction
            },
            replies: vec![VecDeque::new(); n],
            size: vec![1; n],
        });
    }

    /// Starts a batch: every source may make its batch's packets again.
    pub fn start_batch(&mut self) {
        if let Some(b) = &mut self.batch {
            b.made.iter_mut().for_each(|m| *m = 0);
        }
    }

    /// Whether every source has made its batch's packets (true in latency mode).
    pub fn batch_made(&self) -> bool {
        self.batch
            .as_ref()
            .is_none_or(|b| b.made.iter().all(|&m| m >= b.size))
    }

    /// Whether no source holds a packet.
    pub fn idle(&self) -> bool {
        self.cur.iter().all(|&c| c == NONE)
    }

    /// Whether every source is past the drain's start (it will make no more measured
    /// packets).
    pub fn drained(&self) -> bool {
        self.drained.iter().all(|&d| d)
    }

    /// Reads the packet record an ejection of `f` will read (the cycle loop's overlap of
    /// cache misses); changes nothing.
    #[inline]
    pub fn peek(&self, f: &Flit) -> u32 {
        self.pk.items[f.pkt()].dst_ep
    }

    /// Each idle source's Bernoulli trials up to now, at most one packet each.
    pub fn generate(&mut self, net: &mut Net<'_>) {
        if self.quiet {
            return;
        }
        if let Some(rw) = self.rw.take() {
            let gate = self.batch.take();
            let (rw, gate) = self.generate_read_write(net, rw, gate);
            (self.rw, self.batch) = (Some(rw), gate);
            return;
        }
        if let Some(b) = self.batch.take() {
            self.batch = Some(self.generate_batch(net, b));
            return;
        }
        let now = net.now;
        let size = net.cfg.packet_size;
        for e in 0..net.fab.endpoints() {
            if self.cur[e] == NONE {
                let (rng, p) = (&mut self.rng, self.p_packet);
                if let Some(t) = first_trial(&mut self.qtime[e], now, || rng.unit_open0() <= p) {
                    self.make_packet(net, e, t, size);
                }
                if net.phase == Phase::Draining && self.qtime[e] > net.drain_time {
                    self.drained[e] = true;
                }
            }
        }
    }

    /// Batch mode's generation (BookSim2's `BatchTrafficManager::_IssuePacket`): as the
    /// Bernoulli trials with every trial a packet while the source's batch and its
    /// packets in flight allow one; a trial that may not make one still passes. The
    /// packets that arrived this cycle free their sources' places afterwards, as
    /// BookSim2 retires them after its sources have issued.
    fn generate_batch(&mut self, net: &mut Net<'_>, mut b: BatchGate) -> BatchGate {
        let now = net.now;
        let size = net.cfg.packet_size;
        for e in 0..net.fab.endpoints() {
            if self.cur[e] == NONE {
                let room = b.max_outstanding == 0 || b.outstanding[e] < b.max_outstanding;
                let may = b.made[e] < b.size && room;
                if let Some(t) = first_trial(&mut self.qtime[e], now, || may) {
                    b.made[e] += 1;
                    b.outstanding[e] += 1;
                    self.make_packet(net, e, t, size);
                }
            }
        }
        for src in b.arrived.drain(..) {
            b.outstanding[src as usize] -= 1;
        }
        b
    }

    /// Read and write generation (BookSim2's `_IssuePacket` under `use_read_write`): a
    /// source with a reply due (its request arrived in an earlier cycle) makes it first,
    /// stamped with the request's arrival, without a trial; otherwise a trial (or batch
    /// mode's gate) makes a read or a write request.
    fn generate_read_write(
        &mut self,
        net: &mut Net<'_>,
        mut rw: ReadWriteState,
        mut gate: Option<BatchGate>,
    ) -> (ReadWriteState, Option<BatchGate>) {
        let now = net.now;
        for e in 0..net.fab.endpoints() {
            if self.cur[e] != NONE {
                continue;
            }
            // A reply owed since this cycle is not seen yet: BookSim2 retires a packet
            // after its sources have issued.
            if let Some(r) = rw.replies[e].front().copied().filter(|r| r.time < now) {
                rw.replies[e].pop_front();
                if let Some(b) = gate.as_mut() {
                    b.made[e] += 1;
                }
                let record = r.record
                    || net.phase == Phase::Running
                    || (net.phase == Phase::Draining && r.time < net.drain_time);
                let kind = if r.write { WRITE_REPLY } else { READ_REPLY };
                let size = rw.sizes[usize::from(kind) - 1];
                rw.size[e] = size;
                let id = self.make_to(net, e, (r.time, size), r.to, record);
                set_kind(net, id, kind);
            } else {
                let made = match gate.as_ref() {
                    Some(b) => {
                        let room = b.max_outstanding == 0 || b.outstanding[e] < b.max_outstanding;
                        let may = b.made[e] < b.size && room;
                        first_trial(&mut self.qtime[e], now, || may)
                    }
                    None => {
                        let (rng, p) = (&mut self.rng, self.p_packet);
                        first_trial(&mut self.qtime[e], now, || rng.unit_open0() <= p)
                    }
                };
                if let Some(t) = made {
                    if let Some(b) = gate.as_mut() {
                        b.made[e] += 1;
                        b.outstanding[e] += 1;
                    }
                    let write = self.rng.unit_open0() < rw.write_fraction;
                    let kind = if write { WRITE_REQUEST } else { READ_REQUEST };
                    let size = rw.sizes[usize::from(kind) - 1];
                    rw.size[e] = size;
                    let dst = self.traffic.dest(e as u32, &mut self.rng);
                    let record = net.phase == Phase::Running
                        || (net.phase == Phase::Draining && t < net.drain_time);
                    let id = self.make_to(net, e, (t, size), dst, record);
                    set_kind(net, id, kind);
                }
            }
            if net.phase == Phase::Draining && self.qtime[e] > net.drain_time {
                self.drained[e] = true;
            }
        }
        if let Some(b) = gate.as_mut() {
            for src in b.arrived.drain(..) {
                b.outstanding[src as usize] -= 1;
            }
        }
        (rw, gate)
    }

    fn make_packet(&mut self, net: &mut Net<'_>, e: usize, t: u64, size: u32) {
        let dst = self.traffic.dest(e as u32, &mut self.rng);
        let record =
            net.phase == Phase::Running || (net.phase == Phase::Draining && t < net.drain_time);
        self.make_to(net, e, (t, size), dst, record);
    }

    /// Makes source `e`'s packet of `size` flits to `dst`, created at `t`: its record's
    /// index.
    #[inline]
    fn make_to(
        &mut self,
        net: &mut Net<'_>,
        e: usize,
        (t, size): (u64, u32),
        dst: u32,
        record: bool,
    ) -> u32 {
        let (s_node, d_node) = (
            net.fab.endpoint_node[e],
            net.fab.endpoint_node[dst as usize],
        );
        let (via, tag) = net.hops.start(s_node, d_node, &mut net.rng_route);
        let id = self.pk.add(Packet {
            dst_ep: dst,
            via,
            ctime: t,
            itime: 0,
            src_ep: e as u32,
            tag,
            record,
        });
        self.cur[e] = id;
        self.sent[e] = 0;
        self.vc[e] = NONE;
        self.inflight.flits += u64::from(size);
        self.inflight.ctime_sum += t as f64 * f64::from(size);
        if record {
            self.inflight.measured += u64::from(size);
        }
        id
    }

    /// Each source sends at most one flit into its router's injection port.
    pub fn inject(&mut self, net: &mut Net<'_>) {
        if self.rw.is_some() {
            self.inject_kinds::<true>(net);
        } else {
            self.inject_kinds::<false>(net);
        }
    }

    /// [`Sources::inject`]; with `KINDS` (read and write requests) each packet has its
    /// kind's size and takes an injection VC of its kind's range, the next after the last
    /// one used when that is in the range, else the range's first (BookSim2's choice).
    fn inject_kinds<const KINDS: bool>(&mut self, net: &mut Net<'_>) {
        let (v, b, now) = (net.v, net.b, net.now);
        let fixed = net.cfg.packet_size;
        for e in 0..net.fab.endpoints() {
            let pkt = self.cur[e];
            if pkt == NONE {
                continue;
            }
            let base = e * v as usize;
            let sent = self.sent[e];
            let mut size = fixed;
            let (mut first, mut count) = (0, v);
            if KINDS {
                if let Some(rw) = &self.rw {
                    size = rw.size[e];
                    let (lo, hi) = rw.vcs[usize::from(net.kinds[pkt as usize]).clamp(1, 4) - 1];
                    (first, count) = (lo, hi - lo + 1);
                }
            }
            if sent == 0 && self.vc[e] == NONE {
                let last = self.last_vc[e];
                let open =
                    |c: &u32| !self.in_use[base + *c as usize] && self.occ[base + *c as usize] < b;
                let free = if KINDS {
                    let outside = last < first || last >= first + count;
                    (1..=count)
                        .map(|i| {
                            if outside {
                                first
                            } else {
                                first + (last - first + i) % count
                            }
                        })
                        .find(open)
                } else {
                    (1..=v).map(|i| (last + i) % v).find(open)
                };
                let Some(c) = free else { continue };
                self.vc[e] = c;
            }
            let c = self.vc[e];
            let k = base + c as usize;
            if self.occ[k] >= b {
                continue;
            }
            let (head, tail) = (sent == 0, sent + 1 == size);
            if head {
                self.in_use[k] = true;
                self.tail_sent[k] = false;
                self.last_vc[e] = c;
                self.pk.items[pkt as usize].itime = now;
            }
            self.occ[k] += 1;
            if tail {
                self.tail_sent[k] = true;
                if !net.cfg.wait_for_tail_credit {
                    self.in_use[k] = false;
                }
                self.cur[e] = NONE;
            }
            self.sent[e] = sent + 1;
            let p = &self.pk.items[pkt as usize];
            let f = Flit {
                id: flit_id(pkt, head, tail),
                dst_ep: p.dst_ep,
                via: p.via,
                hops: 0,
                tag: p.tag,
            };
            net.wheel
                .at(now + 2, Event::Arrive(net.fab.endpoint_port[e], c, f));
            net.net_flits += 1;
            net.last_move = now;
            if net.measuring() {
                net.stats.sent += 1;
            }
        }
    }

    /// What the arrival at endpoint `e` of packet `p` frees or asks for: in batch mode its
    /// source's place among the packets in flight (a reply's requester's, under read and
    /// write requests); a request's reply, due from the next cycle.
    fn retire_kind(&mut self, net: &Net<'_>, e: u32, (pkt, p): (usize, Packet)) {
        let kind = if self.rw.is_some() { net.kinds[pkt] } else { 0 };
        if let Some(b) = &mut self.batch {
            match kind {
                0 => b.arrived.push(p.src_ep),
                READ_REPLY | WRITE_REPLY => b.arrived.push(e),
                _ => {}
            }
        }
        if let Some(rw) = &mut self.rw {
            if kind == READ_REQUEST || kind == WRITE_REQUEST {
                rw.replies[e as usize].push_back(Reply {
                    to: p.src_ep,
                    time: net.now,
                    record: p.record,
                    write: kind == WRITE_REQUEST,
                });
            }
        }
    }

    /// A credit for VC `vc` of endpoint `e`'s injection channel comes back.
    pub fn inject_credit(&mut self, net: &Net<'_>, e: u32, vc: u32) {
        let k = (e * net.v + vc) as usize;
        self.occ[k] -= 1;
        if net.cfg.wait_for_tail_credit && self.occ[k] == 0 && self.tail_sent[k] {
            self.in_use[k] = false;
        }
    }

    /// Endpoint `e` receives flit `f` on VC `vc`: it is retired and its credit returned.
    pub fn eject(&mut self, net: &mut Net<'_>, e: u32, vc: u32, f: Flit) {
        let now = net.now;
        let pkt = f.pkt();
        let port = net.fab.eject_port[e as usize];
        net.wheel.at(
            now + 2 + u64::from(net.cfg.credit_delay),
            Event::Credit(port, vc),
        );
        net.net_flits -= 1;
        net.last_move = now;
        if net.measuring() {
            net.stats.accepted += 1;
        }
        let p = self.pk.items[pkt];
        self.inflight.flits -= 1;
        self.inflight.ctime_sum -= p.ctime as f64;
        if p.record {
            self.inflight.measured -= 1;
        }
        if f.tail() {
            if (net.phase == Phase::WarmingUp || p.record) && !self.settling {
                net.stats
                    .packet(now - p.ctime, now - p.itime, u64::from(f.hops));
            }
            if self.rw.is_some() || self.batch.is_some() {
                self.retire_kind(net, e, (pkt, p));
            }
            self.pk.release(pkt as u32);
        }
    }
}
