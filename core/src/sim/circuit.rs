//! Circuit set-up on a Hypercycle: backtrack-to-the-origin-and-retry against e-cube, the
//! experiment of Figure 2 of "Hypercycles: a status report", as a seeded, deterministic
//! discrete-event simulation.
//!
//! # The model (docs/charts.md states the same list)
//!
//! - **Traffic.** Circuit requests arrive as one Poisson process per node (merged: one
//!   network-wide Poisson process of rate N·λ whose source is uniform over the nodes);
//!   the destination is uniform over the other N − 1 nodes.
//! - **Resources.** Every undirected link is two directed channels, one per direction;
//!   a circuit holds the channels of its path. Nodes have no other limit: a node may
//!   source, sink and switch any number of circuits at once.
//! - **Set-up.** A probe leaves the source and advances one channel per `hop_ticks`
//!   (default 1). A channel is taken when the probe leaves its tail. At the destination
//!   the circuit is established; the set-up delay is that time minus the arrival time.
//!   The circuit then transmits for `transmission_ticks` (100, as in the paper) and
//!   releases all its channels at once.
//! - **Backtrack-to-the-origin-and-retry** (the paper's §5): at each node the probe
//!   lists the next hops of the routing (default eq. 3.1.1, as the paper says),
//!   drops those whose channel is busy and takes one of the rest uniformly at random.
//!   With none free, the partial path is released at once (a simplification: the paper's
//!   "break" frees each link as it passes back), the break travels back to the origin
//!   (`hops_taken · hop_ticks`), and a new attempt starts after a further random
//!   back-off, uniform in 1 ..= `retry_ticks` (default 10). Paths are always minimal.
//! - **E-cube** (hold and wait): the single dimension-order path; a blocked probe keeps
//!   the channels it holds and queues (first come, first served) for the busy channel,
//!   taking it the moment it is released. Dimension order makes this deadlock-free when
//!   every dimension is one hop across (binary cubes, as the paper notes, and complete
//!   rings); other Hypercycles are refused for it.
//! - **E-cube with backtrack**: the same single path, but a blocked probe backtracks and
//!   retries as above (works on every Hypercycle).
//! - **Ties.** Events at the same time are handled in the order they were scheduled (the
//!   paper resolves collisions by link priorities; any fixed rule serves).
//! - **Offered load**, normalised to capacity: ρ = N·λ·T·d̄ / C, with T the transmission
//!   time, d̄ the mean distance and C the directed channels — the fraction of all channel
//!   time that the requests would occupy if none ever waited. So λ = ρ·C/(N·T·d̄).
//!   Carried load is the same ratio for the circuits actually established in the window.
//! - **Measurement.** Requests arriving during the first `warmup_ticks` are simulated but
//!   not measured; requests arriving in the next `ticks` are measured; arrivals then stop
//!   and the simulation drains. Delay is reported in ticks and normalised to the
//!   transmission time (the paper's Figure 2 axis).
//! - **Bounds.** A point stops after `max_events` events; measured requests still waiting
//!   then count with the delay they have accrued (a lower bound) and the point is flagged
//!   `saturated`. A request expected to generate more than [`MAX_ARRIVALS`] arrivals per
//!   point is refused before it starts.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::graph::{Node, Routing, Topology};
use crate::metrics::distance_distribution;
use crate::sim::rng::SplitMix64;
use crate::topology::hypercycle::{Hypercycle, HypercycleRouting};

/// At most this many expected arrivals per (policy, load) point.
pub const MAX_ARRIVALS: u64 = 2_000_000;
/// At most this many directed channels.
pub const MAX_CHANNELS: u64 = 1 << 22;
/// At most this many (policy, load) points in one sweep.
pub const MAX_POINTS: usize = 256;
/// The largest offered load accepted (twice the capacity).
pub const MAX_LOAD: f64 = 2.0;

/// How a circuit is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// The paper's backtrack-to-the-origin-and-retry over minimal next hops.
    Backtrack,
    /// E-cube, hold and wait (queue for the busy channel).
    Ecube,
    /// E-cube's single path with backtrack-and-retry on blocking.
    EcubeBacktrack,
}

impl Policy {
    /// Every policy, in display order.
    pub const ALL: [Policy; 3] = [Policy::Backtrack, Policy::Ecube, Policy::EcubeBacktrack];

    /// The name used on the command line and in URLs.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Backtrack => "backtrack",
            Policy::Ecube => "ecube",
            Policy::EcubeBacktrack => "ecube-backtrack",
        }
    }

    /// The policy called `name`.
    pub fn from_name(name: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// What to simulate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimConfig {
    /// Policies, each simulated at every load.
    pub policies: Vec<Policy>,
    /// Offered loads, normalised to capacity, each in (0, [`MAX_LOAD`]].
    pub loads: Vec<f64>,
    /// The seed; the same seed gives the same numbers on every platform.
    pub seed: u64,
    /// Ticks simulated before measuring.
    pub warmup_ticks: u64,
    /// Ticks during which arrivals are measured.
    pub ticks: u64,
    /// How long an established circuit transmits (the paper: 100).
    pub transmission_ticks: u64,
    /// Time for a probe (or a break) to cross one link.
    pub hop_ticks: u64,
    /// Back-off before a retry: uniform in 1 ..= this.
    pub retry_ticks: u64,
    /// The next hops the backtracking probe chooses among (default eq. 3.1.1); printed
    /// by name (`eq311`, `greedy`, `minimal`, `ecube`).
    #[serde(
        serialize_with = "routing_by_name",
        deserialize_with = "routing_from_name"
    )]
    pub choices: HypercycleRouting,
    /// Events per point before it is cut short and flagged saturated.
    pub max_events: u64,
}

fn routing_by_name<S: serde::Serializer>(r: &HypercycleRouting, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(crate::analysis::hypercycle_loads::routing_name(*r))
}

fn routing_from_name<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<HypercycleRouting, D::Error> {
    let name = String::deserialize(d)?;
    crate::analysis::hypercycle_loads::routing_from_name(&name)
        .ok_or_else(|| serde::de::Error::custom(format!("unknown routing '{name}'")))
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            policies: vec![Policy::Backtrack, Policy::Ecube],
            loads: vec![0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
            seed: 1,
            warmup_ticks: 5_000,
            ticks: 50_000,
            transmission_ticks: 100,
            hop_ticks: 1,
            retry_ticks: 10,
            choices: HypercycleRouting::Equation,
            max_events: 20_000_000,
        }
    }
}

/// Why a simulation cannot run.
#[derive(Debug, Clone, PartialEq)]
pub enum SimError {
    /// A load outside (0, [`MAX_LOAD`]].
    Load {
        /// The value given.
        value: f64,
    },
    /// No loads or no policies, or too many points.
    Points {
        /// Points asked for.
        points: usize,
    },
    /// A zero duration.
    Zero {
        /// Which setting.
        what: &'static str,
    },
    /// More expected arrivals per point than [`MAX_ARRIVALS`].
    TooLarge {
        /// Expected arrivals at the highest load.
        arrivals: u64,
    },
    /// More channels than [`MAX_CHANNELS`].
    TooManyChannels {
        /// Directed channels of the network.
        channels: u64,
    },
    /// Hold-and-wait e-cube on a Hypercycle where it can deadlock.
    EcubeDeadlock {
        /// The network's spec.
        spec: String,
    },
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Load { value } => write!(
                f,
                "offered load {value} is outside 0 < load ≤ {MAX_LOAD} (normalised to capacity)"
            ),
            SimError::Points { points } => write!(
                f,
                "{points} (policy, load) points: give 1 to {MAX_POINTS} (at least one load and one policy)"
            ),
            SimError::Zero { what } => write!(f, "{what} must be at least 1"),
            SimError::TooLarge { arrivals } => write!(
                f,
                "about {arrivals} arrivals per point, more than the limit of {MAX_ARRIVALS}: use fewer ticks, a smaller load or a smaller network"
            ),
            SimError::TooManyChannels { channels } => write!(
                f,
                "{channels} channels, more than the simulator's limit of {MAX_CHANNELS}"
            ),
            SimError::EcubeDeadlock { spec } => write!(
                f,
                "e-cube hold-and-wait can deadlock on {spec}: a dimension is more than one hop across (the paper uses e-cube on binary cubes only); use ecube-backtrack"
            ),
        }
    }
}

impl std::error::Error for SimError {}

/// One (policy, load) point of the delay/load curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimPoint {
    /// The policy.
    pub policy: Policy,
    /// Offered load, normalised to capacity.
    pub offered_load: f64,
    /// Requests per node per tick, λ.
    pub arrival_rate: f64,
    /// Requests that arrived in the measurement window.
    pub measured: u64,
    /// Of those, how many were established.
    pub established: u64,
    /// Of those, how many were still waiting when the point was cut short.
    pub censored: u64,
    /// Mean set-up delay in ticks (censored requests count what they have waited).
    pub mean_delay_ticks: f64,
    /// The same, divided by the transmission time (Figure 2's axis).
    pub mean_delay: f64,
    /// The largest set-up delay in ticks.
    pub max_delay_ticks: f64,
    /// Mean set-up attempts per established request (1 = never retried).
    pub mean_attempts: f64,
    /// Carried load: established circuits' channel time / (channels × window).
    pub carried_load: f64,
    /// Events processed.
    pub events: u64,
    /// Whether the point hit `max_events` before draining.
    pub saturated: bool,
}

/// A whole sweep's results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimReport {
    /// The network's canonical spec.
    pub spec: String,
    /// Nodes N.
    pub nodes: u64,
    /// Directed channels C.
    pub channels: u64,
    /// Mean distance d̄ (ordered pairs of distinct nodes).
    pub average_distance: f64,
    /// The configuration simulated.
    pub config: SimConfig,
    /// Points, by policy (in the config's order) then load.
    pub points: Vec<SimPoint>,
}

impl SimReport {
    /// The points of one policy, by load.
    pub fn series(&self, policy: Policy) -> Vec<&SimPoint> {
        self.points.iter().filter(|p| p.policy == policy).collect()
    }
}

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

/// The arrival rate per node for an offered load.
fn arrival_rate(net: &Hypercycle, average_distance: f64, load: f64, transmission: u64) -> f64 {
    load * net.degree_formula() as f64 / (transmission as f64 * average_distance)
}

/// Whether hold-and-wait e-cube is deadlock-free here: every dimension one hop across.
pub fn ecube_wait_safe(net: &Hypercycle) -> bool {
    net.radices()
        .iter()
        .zip(net.rho())
        .all(|(&m, &r)| (m / 2).div_ceil(r) <= 1)
}

fn validate(net: &Hypercycle, cfg: &SimConfig, average_distance: f64) -> Result<(), SimError> {
    let points = cfg.loads.len() * cfg.policies.len();
    if points == 0 || points > MAX_POINTS {
        return Err(SimError::Points { points });
    }
    for &l in &cfg.loads {
        if !(l > 0.0 && l <= MAX_LOAD) {
            return Err(SimError::Load { value: l });
        }
    }
    for (what, v) in [
        ("ticks", cfg.ticks),
        ("transmission ticks", cfg.transmission_ticks),
        ("hop ticks", cfg.hop_ticks),
        ("retry ticks", cfg.retry_ticks),
        ("max events", cfg.max_events),
    ] {
        if v == 0 {
            return Err(SimError::Zero { what });
        }
    }
    let channels = net.node_count() as u64 * net.degree_formula();
    if channels > MAX_CHANNELS {
        return Err(SimError::TooManyChannels { channels });
    }
    if cfg.policies.contains(&Policy::Ecube) && !ecube_wait_safe(net) {
        return Err(SimError::EcubeDeadlock {
            spec: net.spec_string(),
        });
    }
    let top = cfg.loads.iter().copied().fold(0.0, f64::max);
    let per_tick =
        arrival_rate(net, average_distance, top, cfg.transmission_ticks) * net.node_count() as f64;
    let arrivals = per_tick * (cfg.warmup_ticks as f64 + cfg.ticks as f64);
    if arrivals > MAX_ARRIVALS as f64 {
        return Err(SimError::TooLarge {
            arrivals: arrivals.min(u64::MAX as f64) as u64,
        });
    }
    Ok(())
}

impl<'a> CircuitSim<'a> {
    /// One point: `policy` at offered `load`. Its random streams are derived from
    /// (seed, load) for arrivals — the same arrivals for every policy at a load — and
    /// (seed, load, policy) for the random choices, so a point's numbers do not depend
    /// on which other points are simulated.
    ///
    /// # Errors
    /// As [`Sweep::new`].
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

    fn build(
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
        let first = sim.arrivals.exponential(1.0 / sim.rate);
        sim.push(first, Kind::Arrival, usize::MAX);
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
        (self.cfg.warmup_ticks + self.cfg.ticks) as f64
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
                self.hop_time += m.path.len() as f64 * self.cfg.transmission_ticks as f64;
            }
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
        let mean = if counted == 0 {
            0.0
        } else {
            (self.delay_sum + censored_delay) / counted as f64
        };
        let channels = self.targets.len() as f64;
        SimPoint {
            policy: self.policy,
            offered_load: self.load,
            arrival_rate: self.rate / self.net.node_count() as f64,
            measured: self.measured,
            established: self.established,
            censored,
            mean_delay_ticks: mean,
            mean_delay: mean / t,
            max_delay_ticks: max_delay,
            mean_attempts: if self.established == 0 {
                0.0
            } else {
                self.attempts_sum as f64 / self.established as f64
            },
            carried_load: self.hop_time / (channels * self.cfg.ticks as f64),
            events: self.events,
            saturated: self.saturated,
        }
    }
}

/// Progress of a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SweepProgress {
    /// Points finished.
    pub points_done: usize,
    /// Points in all.
    pub points: usize,
    /// Overall fraction done, 0 ..= 1.
    pub fraction: f64,
    /// Events processed so far, all points.
    pub events: u64,
    /// Whether every point is done.
    pub finished: bool,
}

/// Every (policy, load) point of a configuration, simulated in chunks: call
/// [`Sweep::step`] until it reports `finished`, then [`Sweep::report`]. Chunking does not
/// change the numbers.
#[derive(Debug, Clone)]
pub struct Sweep<'a> {
    net: &'a Hypercycle,
    cfg: SimConfig,
    average_distance: f64,
    current: Option<CircuitSim<'a>>,
    next: usize,
    points: Vec<SimPoint>,
    events: u64,
}

impl<'a> Sweep<'a> {
    /// A sweep over `cfg.policies × cfg.loads` on `net`.
    ///
    /// # Errors
    /// Loads outside (0, 2], no or too many points, a zero duration, more than
    /// [`MAX_ARRIVALS`] expected arrivals per point, too many channels, or hold-and-wait
    /// e-cube where it can deadlock.
    pub fn new(net: &'a Hypercycle, cfg: &SimConfig) -> Result<Self, SimError> {
        let average_distance = distance_distribution(net).average();
        validate(net, cfg, average_distance)?;
        Ok(Sweep {
            net,
            cfg: cfg.clone(),
            average_distance,
            current: None,
            next: 0,
            points: Vec::new(),
            events: 0,
        })
    }

    fn total(&self) -> usize {
        self.cfg.policies.len() * self.cfg.loads.len()
    }

    /// Processes up to `budget` events (at least one point's start), then reports.
    pub fn step(&mut self, budget: u64) -> SweepProgress {
        let mut left = budget;
        while left > 0 && self.points.len() < self.total() {
            if self.current.is_none() {
                let i = self.next;
                self.next += 1;
                let policy = self.cfg.policies[i / self.cfg.loads.len()];
                let load_index = i % self.cfg.loads.len();
                self.current = Some(CircuitSim::build(
                    self.net,
                    &self.cfg,
                    policy,
                    self.cfg.loads[load_index],
                    self.average_distance,
                ));
            }
            if let Some(sim) = self.current.as_mut() {
                let done = sim.step(left);
                left -= done;
                self.events += done;
                if sim.finished() {
                    self.points.push(sim.point());
                    self.current = None;
                } else if done == 0 {
                    break;
                }
            }
        }
        self.progress()
    }

    /// Where the sweep stands.
    pub fn progress(&self) -> SweepProgress {
        let total = self.total();
        let partial = self.current.as_ref().map_or(0.0, CircuitSim::fraction);
        SweepProgress {
            points_done: self.points.len(),
            points: total,
            fraction: ((self.points.len() as f64 + partial) / total as f64).min(1.0),
            events: self.events,
            finished: self.points.len() == total,
        }
    }

    /// The results of the points finished so far.
    pub fn report(&self) -> SimReport {
        SimReport {
            spec: self.net.spec_string(),
            nodes: self.net.node_count() as u64,
            channels: self.net.node_count() as u64 * self.net.degree_formula(),
            average_distance: self.average_distance,
            config: self.cfg.clone(),
            points: self.points.clone(),
        }
    }
}

/// Runs a whole sweep at once.
///
/// # Errors
/// As [`Sweep::new`].
pub fn simulate(net: &Hypercycle, cfg: &SimConfig) -> Result<SimReport, SimError> {
    let mut sweep = Sweep::new(net, cfg)?;
    while !sweep.step(1 << 20).finished {}
    Ok(sweep.report())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(n: u64) -> Hypercycle {
        Hypercycle::hypercube(n).unwrap()
    }

    fn small(loads: &[f64], policies: &[Policy]) -> SimConfig {
        SimConfig {
            policies: policies.to_vec(),
            loads: loads.to_vec(),
            warmup_ticks: 2_000,
            ticks: 30_000,
            ..SimConfig::default()
        }
    }

    #[test]
    fn chunking_and_reruns_do_not_change_the_numbers() {
        let net = cube(4);
        let cfg = small(&[0.3, 0.7], &[Policy::Backtrack, Policy::Ecube]);
        let whole = simulate(&net, &cfg).unwrap();
        let mut sweep = Sweep::new(&net, &cfg).unwrap();
        let mut last = 0.0;
        loop {
            let p = sweep.step(997);
            assert!(p.fraction >= last && p.fraction <= 1.0);
            last = p.fraction;
            if p.finished {
                break;
            }
        }
        assert_eq!(sweep.report(), whole);
        assert_eq!(whole.points.len(), 4);
        let other = simulate(&net, &SimConfig { seed: 2, ..cfg }).unwrap();
        assert_ne!(
            other.points[0].mean_delay_ticks,
            whole.points[0].mean_delay_ticks
        );
    }

    #[test]
    fn light_load_delay_is_the_probe_travel_time() {
        // Almost nothing blocks: a set-up takes d̄ hops of one tick; d̄ = 32/15 on the
        // 4-cube. The carried load equals the offered one up to sampling noise.
        let net = cube(4);
        let cfg = SimConfig {
            ticks: 2_000_000,
            ..small(&[0.002], &[Policy::Backtrack, Policy::Ecube])
        };
        let r = simulate(&net, &cfg).unwrap();
        assert!((r.average_distance - 32.0 / 15.0).abs() < 1e-12);
        for p in &r.points {
            assert!(p.measured > 1_000, "{p:?}");
            assert_eq!(p.established, p.measured);
            assert!(p.mean_delay_ticks >= 1.0);
            assert!((p.mean_delay_ticks - 32.0 / 15.0).abs() < 0.35, "{p:?}");
            assert!((p.carried_load - 0.002).abs() < 0.0003, "{p:?}");
        }
    }

    #[test]
    fn one_link_ecube_is_an_m_d_1_queue() {
        // hypercube:n=1: each direction is one channel, held for hop + T = 101 ticks from
        // the moment a probe takes it. Requests per direction: Poisson at λ = load/100
        // (degree 1, d̄ = 1). Pollaczek–Khinchine: W = ρS / (2(1 − ρ)), ρ = λS; the
        // delay adds one hop.
        let net = cube(1);
        let load = 0.5;
        let cfg = SimConfig {
            policies: vec![Policy::Ecube],
            loads: vec![load],
            warmup_ticks: 10_000,
            ticks: 3_000_000,
            ..SimConfig::default()
        };
        let r = simulate(&net, &cfg).unwrap();
        let p = &r.points[0];
        let (lambda, s) = (load / 100.0, 101.0);
        let rho = lambda * s;
        let want = rho * s / (2.0 * (1.0 - rho)) + 1.0;
        assert!((p.arrival_rate - lambda).abs() < 1e-15);
        assert!(
            (p.mean_delay_ticks - want).abs() < 0.08 * want,
            "{} vs {want}",
            p.mean_delay_ticks
        );
    }

    #[test]
    fn backtracking_beats_ecube_on_the_4_cube_as_in_figure_2() {
        let net = cube(4);
        let r = simulate(
            &net,
            &small(&[0.2, 0.6], &[Policy::Backtrack, Policy::Ecube]),
        )
        .unwrap();
        let (bt, ec) = (r.series(Policy::Backtrack), r.series(Policy::Ecube));
        for (b, e) in bt.iter().zip(&ec) {
            assert!(b.mean_delay_ticks < e.mean_delay_ticks, "{b:?} {e:?}");
        }
        // Delay grows with load.
        assert!(bt[1].mean_delay_ticks > bt[0].mean_delay_ticks);
        assert!(ec[1].mean_delay_ticks > ec[0].mean_delay_ticks);
    }

    #[test]
    fn bad_requests_are_refused_with_a_reason() {
        let ring = Hypercycle::new(&[5, 4], &[1, 1]).unwrap();
        let e = Sweep::new(&ring, &small(&[0.5], &[Policy::Ecube])).unwrap_err();
        assert!(matches!(e, SimError::EcubeDeadlock { .. }));
        assert!(e.to_string().contains("ecube-backtrack"));
        // Ring dimensions are fine with backtracking (and with a complete ring, e-cube).
        assert!(Sweep::new(
            &ring,
            &small(&[0.5], &[Policy::Backtrack, Policy::EcubeBacktrack])
        )
        .is_ok());
        let k3 = Hypercycle::new(&[3, 2], &[1, 1]).unwrap();
        assert!(Sweep::new(&k3, &small(&[0.5], &[Policy::Ecube])).is_ok());
        let net = cube(4);
        for bad in [0.0, -1.0, 2.5, f64::NAN] {
            let e = Sweep::new(&net, &small(&[bad], &[Policy::Backtrack])).unwrap_err();
            assert!(matches!(e, SimError::Load { .. }), "{bad}");
        }
        let huge = SimConfig {
            ticks: 1 << 40,
            ..small(&[0.5], &[Policy::Backtrack])
        };
        assert!(matches!(
            Sweep::new(&net, &huge),
            Err(SimError::TooLarge { .. })
        ));
        assert!(matches!(
            Sweep::new(&net, &small(&[], &[Policy::Backtrack])),
            Err(SimError::Points { points: 0 })
        ));
    }

    #[test]
    fn an_event_cap_flags_the_point_saturated() {
        let net = cube(4);
        let cfg = SimConfig {
            max_events: 500,
            ..small(&[0.9], &[Policy::Ecube])
        };
        let r = simulate(&net, &cfg).unwrap();
        let p = &r.points[0];
        assert!(p.saturated);
        assert_eq!(p.events, 500);
        assert!(p.established + p.censored <= p.measured);
    }
}
