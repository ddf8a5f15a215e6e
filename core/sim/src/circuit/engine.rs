//! One (policy, load) point as a discrete-event simulation: [`CircuitSim`], its events,
//! messages and channels.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

use crate::rng::SplitMix64;
use icn_engine::metrics::distance_distribution;
use icn_families::hypercycle::{Hypercycle, HypercycleRouting};
use icn_graph::{Node, Routing};

use super::config::{arrival_rate, validate};
use super::{Policy, SimConfig, SimError, SimPoint};
use icn_graph::Graph;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Arrival,
    Probe,
    Release,
}

#[derive(Debug, Clone, Copy)]
struct Event {
    time: f64,
    seq: u64,
    kind: Kind,
    msg: usize,
}

impl PartialEq for Event {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Event {}
impl PartialOrd for Event {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Event {
    /// Reversed, so that `BinaryHeap` pops the earliest (time, then sequence) first.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .time
            .total_cmp(&self.time)
            .then(other.seq.cmp(&self.seq))
    }
}

#[derive(Debug, Clone, Default)]
struct Message {
    src: Node,
    dst: Node,
    at: Node,
    arrival: f64,
    path: Vec<usize>,
    attempts: u32,
    measured: bool,
    done: bool,
}

/// One (policy, load) point, simulated in chunks.
#[derive(Debug, Clone)]
pub struct CircuitSim<'a> {
    net: &'a Hypercycle,
    policy: Policy,
    load: f64,
    cfg: SimConfig,
    offsets: Vec<usize>,
    targets: Vec<Node>,
    busy: Vec<bool>,
    waiting: Vec<VecDeque<usize>>,
    messages: Vec<Message>,
    free: Vec<usize>,
    queue: BinaryHeap<Event>,
    seq: u64,
    arrivals: SplitMix64,
    choices: SplitMix64,
    rate: f64,
    now: f64,
    events: u64,
    // Statistics over measured requests.
    measured: u64,
    established: u64,
    delay_sum: f64,
    delay_max: f64,
    attempts_sum: u64,
    hop_time: f64,
    finished: bool,
    saturated: bool,
    hops: Vec<Node>,
}

impl<'a> CircuitSim<'a> {
    /// One point: `policy` at offered `load`. Its random streams are derived from
    /// (seed, load) for arrivals — the same arrivals for every policy at a load — and
    /// (seed, load, policy) for the random choices, so a point's numbers do not depend
    /// on which other points are simulated.
    ///
    /// # Errors
    /// As [`Sweep::new`](super::Sweep::new).
    pub fn new(
        net: &'a Hypercycle,
        cfg: &SimConfig,
        policy: Policy,
        load: f64,
    ) -> Result<Self, SimError> {
        let d = distance_distribution(net).average();
        let one = SimConfig {
            policies: vec![policy],
            loads: vec![load],
            ..cfg.clone()
        };
        validate(net, &one, d)?;
        Ok(Self::build(net, cfg, policy, load, d))
    }

    pub(super) fn build(
        net: &'a Hypercycle,
        cfg: &SimConfig,
        policy: Policy,
        load: f64,
        average_distance: f64,
    ) -> Self {
        let n = net.node_count();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for u in 0..n {
            net.neighbours(u, &mut targets);
            offsets.push(targets.len());
        }
        let channels = targets.len();
        let policy_stream = Policy::ALL.iter().position(|&p| p == policy).unwrap_or(0) as u64;
        let mut sim = CircuitSim {
            net,
            policy,
            load,
            cfg: cfg.clone(),
            offsets,
            targets,
            busy: vec![false; channels],
            waiting: vec![VecDeque::new(); if policy == Policy::Ecube { channels } else { 0 }],
            messages: Vec::new(),
            free: Vec::new(),
            queue: BinaryHeap::new(),
            seq: 0,
            arrivals: SplitMix64::stream(cfg.seed, load.to_bits()),
            choices: SplitMix64::stream(cfg.seed ^ (policy_stream + 1), load.to_bits()),
            rate: arrival_rate(net, average_distance, load, cfg.transmission_ticks) * n as f64,
            now: 0.0,
            events: 0,
            measured: 0,
            established: 0,
            delay_sum: 0.0,
            delay_max: 0.0,
            attempts_sum: 0,
            hop_time: 0.0,
            finished: false,
            saturated: false,
            hops: Vec::new(),
        };
        // Arrivals fall in the window only (a first one beyond it, or none at all for a
        // rate so small that its mean gap is not finite, leaves the point empty).
        let first = sim.arrivals.exponential(1.0 / sim.rate);
        if first < sim.window_end() {
            sim.push(first, Kind::Arrival, usize::MAX);
        }
        sim
    }

    fn push(&mut self, time: f64, kind: Kind, msg: usize) {
        self.seq += 1;
        self.queue.push(Event {
            time,
            seq: self.seq,
            kind,
            msg,
        });
    }

    fn channel(&self, u: Node, v: Node) -> usize {
        (self.offsets[u]..self.offsets[u + 1])
            .find(|&k| self.targets[k] == v)
            .unwrap_or(usize::MAX)
    }

    fn window_end(&self) -> f64 {
        self.cfg.warmup_ticks.saturating_add(self.cfg.ticks) as f64
    }

    /// Whether the point has drained (or hit its event cap).
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// How far along the point is, 0 ..= 1 (by simulated time over the arrival window;
    /// draining counts as the last stretch).
    pub fn fraction(&self) -> f64 {
        if self.finished {
            1.0
        } else {
            (self.now / self.window_end()).min(1.0) * 0.99
        }
    }

    /// Processes up to `budget` events; returns how many it processed.
    pub fn step(&mut self, budget: u64) -> u64 {
        let mut done = 0;
        while done < budget && !self.finished {
            if self.events >= self.cfg.max_events {
                self.saturated = true;
                self.finished = true;
                break;
            }
            let Some(ev) = self.queue.pop() else {
                self.finished = true;
                break;
            };
            self.now = ev.time;
            self.events += 1;
            done += 1;
            match ev.kind {
                Kind::Arrival => self.arrival(),
                Kind::Probe => self.probe(ev.msg),
                Kind::Release => self.release(ev.msg),
            }
        }
        done
    }

    /// Runs the point to the end.
    pub fn run(&mut self) {
        while !self.finished {
            self.step(u64::MAX);
        }
    }

    fn arrival(&mut self) {
        let n = self.net.node_count() as u64;
        let src = self.arrivals.below(n) as Node;
        let mut dst = self.arrivals.below(n - 1) as Node;
        if dst >= src {
            dst += 1;
        }
        let measured = self.now >= self.cfg.warmup_ticks as f64;
        let msg = Message {
            src,
            dst,
            at: src,
            arrival: self.now,
            path: Vec::new(),
            attempts: 1,
            measured,
            done: false,
        };
        let id = match self.free.pop() {
            Some(id) => {
                self.messages[id] = msg;
                id
            }
            None => {
                self.messages.push(msg);
                self.messages.len() - 1
            }
        };
        if measured {
            self.measured += 1;
        }
        self.push(self.now, Kind::Probe, id);
        let next = self.now + self.arrivals.exponential(1.0 / self.rate);
        if next < self.window_end() {
            self.push(next, Kind::Arrival, usize::MAX);
        }
    }

    fn probe(&mut self, id: usize) {
        let (at, dst) = (self.messages[id].at, self.messages[id].dst);
        let hop = self.cfg.hop_ticks as f64;
        if at == dst {
            let m = &mut self.messages[id];
            m.done = true;
            if m.measured {
                let delay = self.now - m.arrival;
                self.established += 1;
                self.delay_sum += delay;
                self.delay_max = self.delay_max.max(delay);
                self.attempts_sum += u64::from(m.attempts);
            }
            let channels = m.path.len() as f64;
            // The carried load: the channel time of every circuit inside the window
            // (clipped at both ends, so a channel carries at most the window).
            let (start, end) = (self.cfg.warmup_ticks as f64, self.window_end());
            let until = (self.now + self.cfg.transmission_ticks as f64).min(end);
            self.hop_time += channels * (until - self.now.max(start)).max(0.0);
            self.push(
                self.now + self.cfg.transmission_ticks as f64,
                Kind::Release,
                id,
            );
            return;
        }
        let kind = match self.policy {
            Policy::Backtrack => self.cfg.choices,
            Policy::Ecube | Policy::EcubeBacktrack => HypercycleRouting::Ecube,
        };
        let mut hops = std::mem::take(&mut self.hops);
        hops.clear();
        self.net.routing(kind).next_hops(at, dst, &mut hops);
        // Keep the next hops whose channel is free, as (head, channel), in place.
        let first_channel = hops.first().map(|&v| self.channel(at, v));
        let mut free = 0;
        for i in 0..hops.len() {
            let c = self.channel(at, hops[i]);
            if !self.busy[c] {
                hops[free] = hops[i];
                free += 1;
            }
        }
        let pick = match free {
            0 => None,
            1 => Some(0),
            k => Some(self.choices.below(k as u64) as usize),
        };
        if let Some(pick) = pick {
            let v = hops[pick];
            let c = self.channel(at, v);
            self.busy[c] = true;
            let m = &mut self.messages[id];
            m.path.push(c);
            m.at = v;
            self.push(self.now + hop, Kind::Probe, id);
        } else if let (Policy::Ecube, Some(c)) = (self.policy, first_channel) {
            // Hold and wait: queue on the (single) busy channel.
            self.waiting[c].push_back(id);
        } else {
            // Backtrack: dissolve the partial path, return to the origin, back off, retry.
            let back = self.messages[id].path.len() as f64 * hop;
            let path = std::mem::take(&mut self.messages[id].path);
            for &c in &path {
                self.busy[c] = false;
            }
            let m = &mut self.messages[id];
            m.path = path;
            m.path.clear();
            m.at = m.src;
            m.attempts += 1;
            let backoff = 1 + self.choices.below(self.cfg.retry_ticks);
            self.push(self.now + back + backoff as f64, Kind::Probe, id);
        }
        self.hops = hops;
    }

    fn release(&mut self, id: usize) {
        let path = std::mem::take(&mut self.messages[id].path);
        for &c in &path {
            self.busy[c] = false;
            if self.policy == Policy::Ecube {
                if let Some(w) = self.waiting[c].pop_front() {
                    self.busy[c] = true;
                    let head = self.targets[c];
                    let m = &mut self.messages[w];
                    m.path.push(c);
                    m.at = head;
                    self.push(self.now + self.cfg.hop_ticks as f64, Kind::Probe, w);
                }
            }
        }
        self.free.push(id);
    }

    /// The point's results so far (final once [`CircuitSim::finished`]).
    pub fn point(&self) -> SimPoint {
        let t = self.cfg.transmission_ticks as f64;
        let mut censored = 0;
        let mut censored_delay = 0.0;
        let mut max_delay = self.delay_max;
        if self.saturated {
            let live: std::collections::HashSet<usize> = self.free.iter().copied().collect();
            for (i, m) in self.messages.iter().enumerate() {
                if !live.contains(&i) && m.measured && !m.done {
                    censored += 1;
                    censored_delay += self.now - m.arrival;
                    max_delay = max_delay.max(self.now - m.arrival);
                }
            }
        }
        let counted = self.established + censored;
        let mean = (counted > 0).then(|| (self.delay_sum + censored_delay) / counted as f64);
        let channels = self.targets.len() as f64;
        SimPoint {
            policy: self.policy,
            offered_load: self.load,
            arrival_rate: self.rate / self.net.node_count() as f64,
            measured: self.measured,
            established: self.established,
            censored,
            mean_delay_ticks: mean,
            mean_delay: mean.map(|m| m / t),
            max_delay_ticks: max_delay,
            mean_attempts: (self.established > 0)
                .then(|| self.attempts_sum as f64 / self.established as f64),
            carried_load: self.hop_time / (channels * self.cfg.ticks as f64),
            events: self.events,
            saturated: self.saturated,
        }
    }
}
