//! The cycle loop and BookSim2's latency-mode protocol around it: warm-up, sample periods
//! until the averages converge, drain of the measured packets, and the saturation
//! decision; deadlock detection and the cycle bound, so that a run always ends.

use super::channel::Fabric;
use super::config::{PointConfig, RouterConfig, SimError};
use super::injection::Sources;
use super::measurement::{ChannelUse, PointResult, Status};
use super::net::{Net, Phase};
use super::router::{IqRouter, RouterKind};
use super::routing::HopChooser;
use super::traffic::Traffic;
use super::wheel::Event;
use crate::rng::SplitMix64;

/// Cycles between calls of the progress callback.
const PROGRESS_EVERY: u64 = 1024;

/// Events whose records are read together before they are handled ([`Engine::touch`]).
const TOUCH_CHUNK: usize = 32;

/// Deadlock windows a saturated point may settle for ([`Engine::settle`]).
const SETTLE_WINDOWS: u64 = 64;

/// The cycles without a flit moving that make a deadlock, with channels of at most
/// `max_lat` cycles.
pub(super) fn deadlock_window(r: &RouterConfig, max_lat: u32) -> u64 {
    1000 + 8 * (u64::from(max_lat) + u64::from(r.credit_delay) + u64::from(r.routing_delay))
}

/// The most cycles a point runs past its protocol's bound: the settling of a saturated
/// point that may deadlock, on the router's longest channel.
pub(super) fn settle_cycles(r: &RouterConfig) -> u64 {
    let max_lat = r.channel_latency.max(r.global_latency.unwrap_or(0)).max(1);
    SETTLE_WINDOWS * deadlock_window(r, max_lat)
}

/// One point being simulated: the shared state, the routers (of kind `R`, BookSim2's
/// input-queued router unless said) and the sources. The cycle loop composes them: each
/// cycle the events due, then the sources, then the routers.
pub(super) struct Engine<'a, R: RouterKind = IqRouter> {
    pub net: Net<'a>,
    pub routers: R,
    pub sources: Sources<'a>,
    /// Whether the routing and scheme may deadlock (not shown deadlock-free): a saturated
    /// point then settles to tell a deadlock from a saturation.
    pub may_deadlock: bool,
}

/// Why the cycle loop stopped early.
pub(super) enum Stop {
    Deadlock,
    Bound,
    Broken(String),
    Cancelled,
}

impl<'a, R: RouterKind> Engine<'a, R> {
    pub(super) fn new(
        fab: &'a Fabric,
        hops: HopChooser<'a>,
        traffic: &'a Traffic,
        point: &PointConfig,
    ) -> Engine<'a, R> {
        let cfg = point.router;
        let max_lat = fab.latency.iter().copied().max().unwrap_or(1);
        // Under a speedup, flits wait at their output and credits at their input, one
        // leaving a cycle: at most a downstream buffer's worth (each holds its credit).
        let queued = if cfg.output_speedup > 1 || !cfg.internal_speedup.is_one() {
            u64::from(cfg.num_vcs) * u64::from(cfg.vc_buf_size) + 1
        } else {
            0
        };
        let horizon =
            u64::from(cfg.sw_alloc_delay + cfg.st_final_delay + max_lat + cfg.credit_delay)
                + 4
                + queued;
        let mut net = Net::new(fab, cfg, hops, point.seed, horizon);
        let mut sources = Sources::new(
            fab.endpoints(),
            cfg.num_vcs,
            traffic,
            point.rate / f64::from(cfg.packet_size),
            SplitMix64::stream(point.seed, 2),
        );
        if let Some(b) = point.protocol.batch {
            sources.set_batch(b.size, b.max_outstanding);
        }
        if let Some(rw) = point.protocol.read_write {
            sources.set_read_write(&mut net, rw);
        }
        Engine {
            net,
            routers: R::new(fab, point),
            sources,
            may_deadlock: true,
        }
    }

    /// One cycle: events due now, sources, routers.
    fn cycle(&mut self) {
        let due = self.net.wheel.take(self.net.now);
        for chunk in due.chunks(TOUCH_CHUNK) {
            self.touch(chunk);
            for &e in chunk {
                match e {
                    Event::Arrive(p, vc, f) => self.routers.arrive(&mut self.net, p, vc, f),
                    Event::Credit(p, vc) => self.routers.credit(&self.net, p, vc),
                    Event::Eject(ep, vc, f) => self.sources.eject(&mut self.net, ep, vc, f),
                    Event::InjectCredit(ep, vc) => self.sources.inject_credit(&self.net, ep, vc),
                }
            }
        }
        self.net.wheel.recycle(due);
        self.sources.generate(&mut self.net);
        self.sources.inject(&mut self.net);
        self.routers.step(&mut self.net);
        self.net.now += 1;
    }

    /// Reads the records that `events` will update (an input VC and its head's route,
    /// an output VC, a packet), each independent of the others, so that their cache misses
    /// overlap instead of coming one event at a time: a large network's state does not fit
    /// in cache, and an event's own work is too long for the processor to reach the next
    /// one's loads. Changes nothing (wasm has no prefetch instruction; plain loads work
    /// everywhere).
    fn touch(&self, events: &[Event]) {
        let mut sum = 0u32;
        for e in events {
            sum = sum.wrapping_add(match e {
                Event::Eject(_, _, f) => self.sources.peek(f),
                _ => self.routers.peek(&self.net, e),
            });
        }
        std::hint::black_box(sum);
    }

    /// Runs `n` cycles (or until `until` says stop), checking deadlock, the bound, a
    /// broken route and the caller's cancel.
    pub(super) fn run_cycles(
        &mut self,
        n: u64,
        bound: u64,
        window: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
        until: &dyn Fn(&Engine<'_, R>) -> bool,
    ) -> Result<(), Stop> {
        for _ in 0..n {
            if until(self) {
                return Ok(());
            }
            self.cycle();
            let net = &mut self.net;
            if let Some(why) = net.broken.take() {
                return Err(Stop::Broken(why));
            }
            if net.net_flits > 0 && net.now - net.last_move > window {
                return Err(Stop::Deadlock);
            }
            if net.now >= bound {
                return Err(Stop::Bound);
            }
            if net.now % PROGRESS_EVERY == 0 && !progress(net.now, bound) {
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
        self.sources.quiet = true;
        self.sources.settling = true;
        let cycles = SETTLE_WINDOWS * window;
        let empty = |e: &Engine<'_, R>| e.net.net_flits == 0 && e.sources.idle();
        self.run_cycles(
            cycles,
            bound.max(self.net.now) + cycles,
            window,
            progress,
            &empty,
        )
    }

    /// The average latency of the measured packets and of every flit in flight, as
    /// BookSim2's saturation test reads it.
    fn latency_with_inflight(&self) -> f64 {
        let inflight = &self.sources.inflight;
        let f = inflight.flits as f64;
        let age = f * self.net.now as f64 - inflight.ctime_sum;
        let stats = &self.net.stats;
        (stats.plat.sum + age) / (stats.plat.count as f64 + f)
    }

    /// What the point used so far.
    pub(super) fn used(&self) -> PointUse {
        PointUse {
            buffer_slots: self.routers.buffer_slots() as u64,
            packets: self.sources.pk.high_water() as u64,
            router_cycles: self.net.now.saturating_mul(self.net.fab.routers() as u64),
        }
    }

    fn accepted_rate(&self, until: u64) -> f64 {
        let stats = &self.net.stats;
        stats.accepted as f64 / (until - stats.reset_time) as f64 / self.net.fab.endpoints() as f64
    }
}

/// Simulates one point: BookSim2's `_SingleSim` (warm-up, sample periods until three
/// converged ones, drain) and its saturation decision; in its throughput mode
/// ([`super::config::Protocol::throughput`]) without the latency tests, the measured packets
/// drained by stopping the sources.
pub(super) fn run_point<R: RouterKind>(
    mut e: Engine<'_, R>,
    point: &PointConfig,
    channels: bool,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<(PointResult, PointUse), SimError> {
    let p = point.protocol;
    let bound = point.max_cycles();
    let max_lat = e.net.fab.latency.iter().copied().max().unwrap_or(1);
    let window = deadlock_window(&point.router, max_lat);
    let never = |_: &Engine<'_, R>| false;
    let (mut converged, mut total, mut clear_last) = (0u32, 0u32, false);
    let (mut prev_lat, mut prev_acc) = (0.0f64, 0.0f64);
    let mut status = Status::Stable;
    let mut note = None;
    let outcome = (|| -> Result<(), Stop> {
        while total < p.max_samples && (e.net.phase != Phase::Running || converged < 3) {
            if clear_last || (e.net.phase == Phase::WarmingUp && total % 2 == 0) {
                clear_last = false;
                e.net.stats.clear(e.net.now);
            }
            e.run_cycles(p.sample_period, bound, window, progress, &never)?;
            let lat = e.net.stats.plat.average();
            let acc = e.accepted_rate(e.net.now);
            let lat_change = ((lat - prev_lat) / lat).abs();
            let acc_change = ((acc - prev_acc) / acc).abs();
            (prev_lat, prev_acc) = (lat, acc);
            // BookSim2's throughput mode has no latency tests.
            let latency_tests = !p.throughput;
            if latency_tests
                && p.latency_thres >= 0.0
                && e.latency_with_inflight() > p.latency_thres
            {
                converged = 0;
                e.net.phase = Phase::Draining;
                e.net.drain_time = e.net.now;
                return Ok(());
            }
            let (lat_t, acc_t) = if e.net.phase == Phase::WarmingUp {
                (p.warmup_thres, p.acc_warmup_thres)
            } else {
                (p.stopping_thres, p.acc_stopping_thres)
            };
            // A negative threshold disables its test; NaN changes count as calm.
            let exceeds = |thres: f64, change: f64| thres >= 0.0 && change > thres;
            let calm = !(exceeds(acc_t, acc_change) || latency_tests && exceeds(lat_t, lat_change));
            if e.net.phase == Phase::WarmingUp {
                let done = if p.warmup_periods > 0 {
                    total + 1 >= p.warmup_periods
                } else {
                    calm
                };
                if done {
                    clear_last = true;
                    e.net.phase = Phase::Running;
                }
            } else if calm {
                converged += 1;
            } else {
                converged = 0;
            }
            total += 1;
        }
        if e.net.phase == Phase::Running {
            converged += 1;
            e.net.phase = Phase::Draining;
            e.net.drain_time = e.net.now;
            if p.throughput {
                // BookSim2's throughput mode: the sources stop and the network empties; the
                // measured packets' latencies count as they arrive.
                e.sources.quiet = true;
                let arrived = |x: &Engine<'_, R>| x.sources.inflight.measured == 0;
                while !arrived(&e) {
                    e.run_cycles(1000, bound, window, progress, &arrived)?;
                }
                return Ok(());
            }
            loop {
                let outstanding =
                    |x: &Engine<'_, R>| x.sources.inflight.measured == 0 && x.sources.drained();
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
                e.net.net_flits, e.net.now
            ));
        }
        Err(Stop::Broken(why)) => return Err(SimError::Routing(why)),
        Err(Stop::Cancelled) => return Err(SimError::Cancelled),
    }
    Ok((result(&e, point, status, note, channels), e.used()))
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

pub(super) fn result<R: RouterKind>(
    e: &Engine<'_, R>,
    point: &PointConfig,
    status: Status,
    note: Option<String>,
    channels: bool,
) -> PointResult {
    let end = if e.net.phase == Phase::Draining {
        e.net.drain_time
    } else {
        e.net.now
    };
    let span = (end.max(e.net.stats.reset_time + 1) - e.net.stats.reset_time) as f64;
    let n = e.net.fab.endpoints() as f64;
    let s = &e.net.stats;
    let mut list = Vec::new();
    let mut max_use = 0.0f64;
    for (port, &count) in s.channel_flits.iter().enumerate() {
        if let super::channel::Sink::Router(_) = e.net.fab.sink[port] {
            let u = count as f64 / span;
            max_use = max_use.max(u);
            if channels {
                list.push(ChannelUse {
                    from: e.net.fab.router_node[e.net.fab.port_router[port] as usize],
                    to: e.net.fab.peer[port],
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
        cycles: e.net.now,
        router_cycles: e.net.now * e.net.fab.routers() as u64,
        max_channel_utilisation: max_use,
        channels: list,
        note,
        batch: None,
    }
}
