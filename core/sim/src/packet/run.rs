//! The cycle loop and BookSim2's latency-mode protocol around it: warm-up, sample periods
//! until the averages converge, drain of the measured packets, and the saturation
//! decision; deadlock detection and the cycle bound, so that a run always ends.

use super::channel::Fabric;
use super::config::{PointConfig, RouterConfig, SimError};
use super::injection::{InFlight, Packets, Sources, NONE};
use super::measurement::{ChannelUse, PointResult, Stats, Status};
use super::router::{Flit, Routers};
use super::routing::HopChooser;
use super::traffic::Traffic;
use crate::rng::SplitMix64;

/// Cycles between calls of the progress callback.
const PROGRESS_EVERY: u64 = 1024;

/// Events, or routers, whose records are read together before they are handled
/// ([`Engine::touch`], [`Engine::touch_routers`]).
const TOUCH_CHUNK: usize = 32;

/// Deadlock windows a saturated point may settle for ([`Engine::settle`]).
const SETTLE_WINDOWS: u64 = 64;

/// The cycles without a flit moving that make a deadlock, with channels of at most
/// `max_lat` cycles.
fn deadlock_window(r: &RouterConfig, max_lat: u32) -> u64 {
    1000 + 8 * (u64::from(max_lat) + u64::from(r.credit_delay) + u64::from(r.routing_delay))
}

/// The most cycles a point runs past its protocol's bound: the settling of a saturated
/// point that may deadlock, on the router's longest channel.
pub(super) fn settle_cycles(r: &RouterConfig) -> u64 {
    let max_lat = r.channel_latency.max(r.global_latency.unwrap_or(0)).max(1);
    SETTLE_WINDOWS * deadlock_window(r, max_lat)
}

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
    fn new(horizon: u64) -> Wheel {
        let size = (horizon + 2).next_power_of_two();
        Wheel {
            slots: vec![Vec::new(); size as usize],
            mask: size - 1,
            scratch: Vec::new(),
        }
    }

    /// Schedules `e` at cycle `t`.
    #[inline]
    pub(super) fn at(&mut self, t: u64, e: Event) {
        self.slots[(t & self.mask) as usize].push(e);
    }
}

/// BookSim2's simulation states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Phase {
    WarmingUp,
    Running,
    Draining,
}

/// One point being simulated.
pub(super) struct Engine<'a> {
    pub fab: &'a Fabric,
    pub cfg: RouterConfig,
    pub v: u32,
    pub b: u32,
    pub now: u64,
    pub wheel: Wheel,
    pub rt: Routers,
    pub src: Sources,
    pub pk: Packets,
    pub hops: HopChooser<'a>,
    pub traffic: &'a Traffic,
    pub rng_route: SplitMix64,
    pub rng_traffic: SplitMix64,
    pub stats: Stats,
    pub phase: Phase,
    pub drain_time: u64,
    pub last_move: u64,
    pub net_flits: u64,
    pub inflight: InFlight,
    pub broken: Option<String>,
    pub p_packet: f64,
    /// The sources make no more packets (after saturation, to tell a deadlock).
    pub quiet: bool,
    /// Whether the routing and scheme may deadlock (not shown deadlock-free): a saturated
    /// point then settles to tell a deadlock from a saturation.
    pub may_deadlock: bool,
}

/// Why the cycle loop stopped early.
enum Stop {
    Deadlock,
    Bound,
    Broken(String),
    Cancelled,
}

impl<'a> Engine<'a> {
    pub(super) fn new(
        fab: &'a Fabric,
        hops: HopChooser<'a>,
        traffic: &'a Traffic,
        point: &PointConfig,
    ) -> Engine<'a> {
        let cfg = point.router;
        let degree = (0..fab.routers())
            .map(|r| (fab.port_start[r + 1] - fab.port_start[r]) as usize)
            .max()
            .unwrap_or(1);
        let max_lat = fab.latency.iter().copied().max().unwrap_or(1);
        let horizon =
            u64::from(cfg.sw_alloc_delay + cfg.st_final_delay + max_lat + cfg.credit_delay) + 4;
        Engine {
            fab,
            cfg,
            v: cfg.num_vcs,
            b: cfg.vc_buf_size,
            now: 0,
            wheel: Wheel::new(horizon),
            rt: Routers::new(fab.routers(), fab.ports(), cfg.num_vcs, degree),
            src: Sources::new(fab.endpoints(), cfg.num_vcs),
            pk: Packets::default(),
            hops,
            traffic,
            rng_route: SplitMix64::stream(point.seed, 1),
            rng_traffic: SplitMix64::stream(point.seed, 2),
            stats: Stats::new(fab.ports()),
            phase: Phase::WarmingUp,
            drain_time: 0,
            last_move: 0,
            net_flits: 0,
            inflight: InFlight::default(),
            broken: None,
            p_packet: point.rate / f64::from(cfg.packet_size),
            quiet: false,
            may_deadlock: true,
        }
    }

    /// Whether throughput is being counted (BookSim2 counts while warming up and running).
    #[inline]
    pub(super) fn measuring(&self) -> bool {
        self.phase != Phase::Draining
    }

    /// One cycle: events due now, sources, routers.
    fn cycle(&mut self) {
        let slot = (self.now & self.wheel.mask) as usize;
        std::mem::swap(&mut self.wheel.slots[slot], &mut self.wheel.scratch);
        let mut due = std::mem::take(&mut self.wheel.scratch);
        for chunk in due.chunks(TOUCH_CHUNK) {
            self.touch(chunk);
            for &e in chunk {
                match e {
                    Event::Arrive(p, vc, f) => self.arrive(p, vc, f),
                    Event::Credit(p, vc) => self.credit(p, vc),
                    Event::Eject(ep, vc, f) => self.eject(ep, vc, f),
                    Event::InjectCredit(ep, vc) => self.inject_credit(ep, vc),
                }
            }
        }
        due.clear();
        self.wheel.scratch = due;
        self.generate();
        self.inject();
        let routers = self.fab.routers();
        let mut r = 0;
        while r < routers {
            let end = (r + TOUCH_CHUNK).min(routers);
            self.touch_routers(r, end);
            for q in r..end {
                self.router_step(q);
            }
            r = end;
        }
        self.now += 1;
    }

    /// Reads the records that `events` will update (an input VC and its head's route,
    /// an output VC, a packet), each independent of the others, so that their cache misses
    /// overlap instead of coming one event at a time: a large network's state does not fit
    /// in cache, and an event's own work is too long for the processor to reach the next
    /// one's loads. Changes nothing (wasm has no prefetch instruction; plain loads work
    /// everywhere).
    fn touch(&self, events: &[Event]) {
        let v = self.v as usize;
        let mut sum = 0u32;
        for e in events {
            sum = sum.wrapping_add(match *e {
                Event::Arrive(p, vc, f) => {
                    let x = self.rt.ivc[p as usize * v + vc as usize].len;
                    let route = if f.via == u32::MAX {
                        let r = self.fab.port_router[p as usize] as usize;
                        let at = self.fab.router_node[r];
                        self.hops
                            .peek(at, self.fab.endpoint_node[f.dst_ep as usize])
                    } else {
                        0
                    };
                    x.wrapping_add(route)
                }
                Event::Credit(p, vc) => self.rt.ovc[p as usize * v + vc as usize].occ,
                Event::Eject(_, _, f) => self.pk.list[f.pkt()].dst_ep,
                Event::InjectCredit(..) => 0,
            });
        }
        std::hint::black_box(sum);
    }

    /// Runs `n` cycles (or until `until` says stop), checking deadlock, the bound, a
    /// broken route and the caller's cancel.
    fn run_cycles(
        &mut self,
        n: u64,
        bound: u64,
        window: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
        until: &dyn Fn(&Engine<'_>) -> bool,
    ) -> Result<(), Stop> {
        for _ in 0..n {
            if until(self) {
                return Ok(());
            }
            self.cycle();
            if let Some(why) = self.broken.take() {
                return Err(Stop::Broken(why));
            }
            if self.net_flits > 0 && self.now - self.last_move > window {
                return Err(Stop::Deadlock);
            }
            if self.now >= bound {
                return Err(Stop::Bound);
            }
            if self.now % PROGRESS_EVERY == 0 && !progress(self.now, bound) {
                return Err(Stop::Cancelled);
            }
        }
        Ok(())
    }

    /// After a saturated point: the sources stop and the network empties. A network that
    /// cannot (no flit moves for `window` cycles first) was deadlocked: a deadlock that
    /// the saturation test saw before the deadlock test did.
    fn settle(
        &mut self,
        bound: u64,
        window: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(), Stop> {
        self.quiet = true;
        let cycles = SETTLE_WINDOWS * window;
        let empty = |e: &Engine<'_>| e.net_flits == 0 && e.src.cur.iter().all(|&c| c == NONE);
        self.run_cycles(
            cycles,
            bound.max(self.now) + cycles,
            window,
            progress,
            &empty,
        )
    }

    /// The average latency of the measured packets and of every flit in flight, as
    /// BookSim2's saturation test reads it.
    fn latency_with_inflight(&self) -> f64 {
        let f = self.inflight.flits as f64;
        let age = f * self.now as f64 - self.inflight.ctime_sum;
        (self.stats.plat.sum + age) / (self.stats.plat.count as f64 + f)
    }

    fn accepted_rate(&self, until: u64) -> f64 {
        self.stats.accepted as f64
            / (until - self.stats.reset_time) as f64
            / self.fab.endpoints() as f64
    }
}

/// Simulates one point: BookSim2's `_SingleSim` (warm-up, sample periods until three
/// converged ones, drain) and its saturation decision.
pub(super) fn run_point(
    mut e: Engine<'_>,
    point: &PointConfig,
    channels: bool,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<(PointResult, PointUse), SimError> {
    let p = point.protocol;
    let bound = point.max_cycles();
    let max_lat = e.fab.latency.iter().copied().max().unwrap_or(1);
    let window = deadlock_window(&point.router, max_lat);
    let never = |_: &Engine<'_>| false;
    let (mut converged, mut total, mut clear_last) = (0u32, 0u32, false);
    let (mut prev_lat, mut prev_acc) = (0.0f64, 0.0f64);
    let mut status = Status::Stable;
    let mut note = None;
    let outcome = (|| -> Result<(), Stop> {
        while total < p.max_samples && (e.phase != Phase::Running || converged < 3) {
            if clear_last || (e.phase == Phase::WarmingUp && total % 2 == 0) {
                clear_last = false;
                e.stats.clear(e.now);
            }
            e.run_cycles(p.sample_period, bound, window, progress, &never)?;
            let lat = e.stats.plat.average();
            let acc = e.accepted_rate(e.now);
            let lat_change = ((lat - prev_lat) / lat).abs();
            let acc_change = ((acc - prev_acc) / acc).abs();
            (prev_lat, prev_acc) = (lat, acc);
            if p.latency_thres >= 0.0 && e.latency_with_inflight() > p.latency_thres {
                converged = 0;
                e.phase = Phase::Draining;
                e.drain_time = e.now;
                return Ok(());
            }
            let (lat_t, acc_t) = if e.phase == Phase::WarmingUp {
                (p.warmup_thres, p.acc_warmup_thres)
            } else {
                (p.stopping_thres, p.acc_stopping_thres)
            };
            // A negative threshold disables its test; NaN changes count as calm.
            let exceeds = |thres: f64, change: f64| thres >= 0.0 && change > thres;
            let calm = !exceeds(lat_t, lat_change) && !exceeds(acc_t, acc_change);
            if e.phase == Phase::WarmingUp {
                let done = if p.warmup_periods > 0 {
                    total + 1 >= p.warmup_periods
                } else {
                    calm
                };
                if done {
                    clear_last = true;
                    e.phase = Phase::Running;
                }
            } else if calm {
                converged += 1;
            } else {
                converged = 0;
            }
            total += 1;
        }
        if e.phase == Phase::Running {
            converged += 1;
            e.phase = Phase::Draining;
            e.drain_time = e.now;
            loop {
                let outstanding =
                    |x: &Engine<'_>| x.inflight.measured == 0 && x.src.drained.iter().all(|&d| d);
                e.run_cycles(1000, bound, window, progress, &outstanding)?;
                if outstanding(&e) {
                    break;
                }
                if p.latency_thres >= 0.0 && e.latency_with_inflight() > p.latency_thres {
                    converged = 0;
                    break;
                }
            }
        }
        Ok(())
    })();
    let outcome = match outcome {
        Ok(()) if converged == 0 && e.may_deadlock => e.settle(bound, window, progress).and(Ok(())),
        Err(Stop::Bound) if e.may_deadlock => {
            e.settle(bound, window, progress).and(Err(Stop::Bound))
        }
        other => other,
    };
    match outcome {
        Ok(()) if converged > 0 => {}
        Ok(()) => {
            status = Status::Saturated;
            note = Some(format!(
                "average latency passed latency_thres = {}",
                p.latency_thres
            ));
        }
        Err(Stop::Bound) => {
            status = Status::Saturated;
            note = Some(format!(
                "the measured packets did not drain within {bound} cycles"
            ));
        }
        Err(Stop::Deadlock) => {
            status = Status::Deadlocked;
            note = Some(format!(
                "deadlock: {} flits waited and none moved for {window} cycles (cycle {})",
                e.net_flits, e.now
            ));
        }
        Err(Stop::Broken(why)) => return Err(SimError::Routing(why)),
        Err(Stop::Cancelled) => return Err(SimError::Cancelled),
    }
    let used = PointUse {
        buffer_slots: e.rt.pool.high_water() as u64,
        packets: e.pk.list.len() as u64,
        router_cycles: e.now.saturating_mul(e.fab.routers() as u64),
    };
    Ok((result(&e, point, status, note, channels), used))
}

/// What a point used, for holding [`super::sim_estimate`] against it: the most flits its
/// buffers held at once, the most packets in flight, the router-cycles simulated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointUse {
    /// Flit slots allocated in the input buffers (their high-water mark).
    pub buffer_slots: u64,
    /// Packet records allocated.
    pub packets: u64,
    /// Router-cycles simulated.
    pub router_cycles: u64,
}

fn result(
    e: &Engine<'_>,
    point: &PointConfig,
    status: Status,
    note: Option<String>,
    channels: bool,
) -> PointResult {
    let end = if e.phase == Phase::Draining {
        e.drain_time
    } else {
        e.now
    };
    let span = (end.max(e.stats.reset_time + 1) - e.stats.reset_time) as f64;
    let n = e.fab.endpoints() as f64;
    let s = &e.stats;
    let mut list = Vec::new();
    let mut max_use = 0.0f64;
    for (port, &count) in s.channel_flits.iter().enumerate() {
        if let super::channel::Sink::Router(_) = e.fab.sink[port] {
            let u = count as f64 / span;
            max_use = max_use.max(u);
            if channels {
                list.push(ChannelUse {
                    from: e.fab.router_node[e.fab.port_router[port] as usize],
                    to: e.fab.peer[port],
                    utilisation: u,
                });
            }
        }
    }
    PointResult {
        offered: point.rate,
        status,
        packet_latency: s.plat.mean(),
        packet_latency_min: s.plat.extremes().map(|m| m.0),
        packet_latency_max: s.plat.extremes().map(|m| m.1),
        packet_latency_p50: s.percentile(0.5),
        packet_latency_p90: s.percentile(0.9),
        packet_latency_p99: s.percentile(0.99),
        network_latency: s.nlat.mean(),
        accepted: s.accepted as f64 / span / n,
        injected: s.sent as f64 / span / n,
        hops: s.hops.mean(),
        packets: s.plat.count,
        cycles: e.now,
        router_cycles: e.now * e.fab.routers() as u64,
        max_channel_utilisation: max_use,
        channels: list,
        note,
    }
}
