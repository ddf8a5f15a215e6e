//! What one simulated point is: the router's parameters ([`RouterConfig`], BookSim2's
//! names and defaults), the latency-mode protocol ([`Protocol`]), the offered rate and the
//! seed ([`PointConfig`]), and why a point is refused ([`SimError`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most virtual channels per port: the deadlock analysis's bound, so that every
/// assignment simulated can be analysed.
pub const MAX_VCS: u32 = icn_analyses::deadlock::MAX_VCS;
/// The largest buffer per virtual channel, in flits.
pub const MAX_BUF: u32 = 1 << 16;
/// The longest packet, in flits.
pub const MAX_PACKET: u32 = 1 << 12;
/// The largest `input_speedup` and `output_speedup`.
pub const MAX_SPEEDUP: u32 = 16;

fn one() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if takes a reference
fn is_one(x: &u32) -> bool {
    *x == 1
}

/// The longest delay of a pipeline stage or a channel, in cycles.
pub const MAX_DELAY: u32 = 1 << 12;

/// An input-queued virtual-channel router (BookSim2's `iq`), its channels and its packets.
/// Field names are BookSim2's configuration keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouterConfig {
    /// Virtual channels per port (`num_vcs`; BookSim2's default 16).
    pub num_vcs: u32,
    /// Flits of buffer per virtual channel (`vc_buf_size`; 8).
    pub vc_buf_size: u32,
    /// Flits per packet (`packet_size`; 1).
    pub packet_size: u32,
    /// Cycles of route computation (`routing_delay`; 1). At 0 a head is routed in the cycle
    /// it arrives; BookSim2 then routes a hop ahead (look-ahead), the same timing for a
    /// routing that reads no credits (`anca`, which does, refuses 0).
    pub routing_delay: u32,
    /// Cycles of virtual-channel allocation (`vc_alloc_delay`; 1, at least 1).
    pub vc_alloc_delay: u32,
    /// Cycles of switch allocation (`sw_alloc_delay`; 1, at least 1).
    pub sw_alloc_delay: u32,
    /// Cycles of switch traversal (`st_final_delay`; 1, at least 1).
    pub st_final_delay: u32,
    /// Cycles a credit waits in the router that receives it (`credit_delay`; 0).
    pub credit_delay: u32,
    /// Whether an output virtual channel is given to a new packet only once the last
    /// packet's tail credit is back (`wait_for_tail_credit`; 0).
    pub wait_for_tail_credit: bool,
    /// Whether an input that wins the switch for a packet's flit keeps its switch
    /// connection for the packet's next flits, without switch allocation, while they are
    /// buffered and have credits (`hold_switch_for_packet`; 0).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hold_switch_for_packet: bool,
    /// Switch inputs per input port (`input_speedup`; 1): input VC `vc` reaches the switch
    /// through input `vc mod input_speedup` of its port, so that many of a port's VCs may
    /// cross in one cycle.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub input_speedup: u32,
    /// Switch outputs per output port (`output_speedup`; 1): input port `i` of a router
    /// reaches output `i mod output_speedup` of each port; the flits that cross to one port
    /// in a cycle queue at it and leave one a cycle.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub output_speedup: u32,
    /// Internal steps per cycle, on average (`internal_speedup`; 1.0): each cycle a router
    /// adds it to a fraction it keeps and runs its allocation and traversal once per whole
    /// step, so that a VC may win an output VC and the switch within one cycle; the flits
    /// that cross to one output in a cycle queue there and leave one a cycle, and an
    /// input's credits go upstream one a cycle ([`InternalSpeedup`]).
    #[serde(default, skip_serializing_if = "InternalSpeedup::is_one")]
    pub internal_speedup: InternalSpeedup,
    /// Cycles on a channel between routers, each way (BookSim2's networks set it: 1 in a
    /// mesh, fat tree and anynet, 2 in a torus, 10 on dragonflynew's local links).
    pub channel_latency: u32,
    /// Cycles on a channel that crosses a phase boundary (a Dragonfly's global links:
    /// 100 in dragonflynew); `None`: as `channel_latency`.
    pub global_latency: Option<u32>,
    /// Whether a channel between routers takes its on-chip length in cycles where the
    /// family lays the network out on a chip (BookSim2's `use_noc_latency = 1`: the
    /// concentrated mesh's 2-cycle mesh and k-cycle express channels), in place of
    /// `channel_latency`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub noc_latency: bool,
    /// The virtual-channel allocator (`vc_allocator`; icnplay's default
    /// separable_input_first, where BookSim2's is islip: a BookSim2 file that leaves the
    /// key out gets islip, [`super::booksim`]).
    #[serde(default, skip_serializing_if = "AllocatorChoice::is_default")]
    pub vc_allocator: AllocatorChoice,
    /// The switch allocator (`sw_allocator`; as `vc_allocator`).
    #[serde(default, skip_serializing_if = "AllocatorChoice::is_default")]
    pub sw_allocator: AllocatorChoice,
}

/// `internal_speedup`, BookSim2's router speedup: a number from 1 to [`MAX_SPEEDUP`],
/// accumulated each cycle in floating point as BookSim2 accumulates it (so 1.1 gives its
/// steps in the same cycles). Equal when the numbers' bits are.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(transparent)]
pub struct InternalSpeedup(pub f64);

impl InternalSpeedup {
    /// Whether it is BookSim2's default, 1.0 (a step a cycle).
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if takes a reference
    pub fn is_one(&self) -> bool {
        self.0 == 1.0
    }

    /// The most internal steps of one cycle.
    pub fn max_steps(self) -> u64 {
        // Checked to 1..=16 before a point runs.
        self.0.ceil().clamp(1.0, f64::from(MAX_SPEEDUP)) as u64
    }
}

impl Default for InternalSpeedup {
    fn default() -> Self {
        InternalSpeedup(1.0)
    }
}

impl PartialEq for InternalSpeedup {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for InternalSpeedup {}

impl std::fmt::Display for InternalSpeedup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.fract() == 0.0 {
            write!(f, "{:.1}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// BookSim2's allocators (`vc_allocator`, `sw_allocator`), by its names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AllocatorKind {
    /// Separable, input arbiters first, round-robin arbiters.
    #[default]
    SeparableInputFirst,
    /// Separable, output arbiters first, round-robin arbiters.
    SeparableOutputFirst,
    /// iSLIP: round-robin grant and accept, pointers moved in the first iteration.
    Islip,
    /// Parallel iterative matching: random grant and accept.
    Pim,
    /// BookSim2's `select`: iSLIP with priorities, its grants kept across iterations.
    Select,
    /// Wavefront, its first diagonal moving by one each allocation.
    Wavefront,
    /// Wavefront, its first diagonal moving past the first grant's (`rr_wavefront`).
    RrWavefront,
    /// Maximum-size matching by shortest augmenting paths.
    MaxSize,
    /// Lonely output allocation.
    Loa,
}

impl AllocatorKind {
    /// Every kind, in BookSim2's order of `Allocator::NewAllocator`.
    pub const ALL: [AllocatorKind; 9] = [
        AllocatorKind::MaxSize,
        AllocatorKind::Pim,
        AllocatorKind::Islip,
        AllocatorKind::Loa,
        AllocatorKind::Wavefront,
        AllocatorKind::RrWavefront,
        AllocatorKind::Select,
        AllocatorKind::SeparableInputFirst,
        AllocatorKind::SeparableOutputFirst,
    ];

    /// BookSim2's name.
    pub fn name(self) -> &'static str {
        match self {
            AllocatorKind::SeparableInputFirst => "separable_input_first",
            AllocatorKind::SeparableOutputFirst => "separable_output_first",
            AllocatorKind::Islip => "islip",
            AllocatorKind::Pim => "pim",
            AllocatorKind::Select => "select",
            AllocatorKind::Wavefront => "wavefront",
            AllocatorKind::RrWavefront => "rr_wavefront",
            AllocatorKind::MaxSize => "max_size",
            AllocatorKind::Loa => "loa",
        }
    }

    /// Whether it iterates (its parameter: `islip(3)`).
    pub fn iterates(self) -> bool {
        matches!(
            self,
            AllocatorKind::Islip | AllocatorKind::Pim | AllocatorKind::Select
        )
    }

    /// The kind BookSim2 names `name`.
    pub fn from_name(name: &str) -> Option<AllocatorKind> {
        AllocatorKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// An allocator and its iterations (1 for one that does not iterate).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AllocatorChoice {
    /// The allocator.
    pub kind: AllocatorKind,
    /// Its iterations (`alloc_iters`; 1 to [`MAX_ALLOC_ITERS`]).
    pub iters: u32,
}

impl Default for AllocatorChoice {
    fn default() -> Self {
        AllocatorChoice {
            kind: AllocatorKind::SeparableInputFirst,
            iters: 1,
        }
    }
}

impl AllocatorChoice {
    /// Whether it is icnplay's default (separable input-first): left out of what a run
    /// writes.
    pub fn is_default(&self) -> bool {
        *self == AllocatorChoice::default()
    }
}

/// The most iterations of an iterative allocator.
pub const MAX_ALLOC_ITERS: u32 = 64;

impl std::fmt::Display for AllocatorChoice {
    /// BookSim2's spelling: the name, and the iterations in parentheses when not 1.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.kind.iterates() && self.iters != 1 {
            write!(f, "{}({})", self.kind.name(), self.iters)
        } else {
            f.write_str(self.kind.name())
        }
    }
}

impl Default for RouterConfig {
    fn default() -> Self {
        RouterConfig {
            num_vcs: 16,
            vc_buf_size: 8,
            packet_size: 1,
            routing_delay: 1,
            vc_alloc_delay: 1,
            sw_alloc_delay: 1,
            st_final_delay: 1,
            credit_delay: 0,
            wait_for_tail_credit: false,
            hold_switch_for_packet: false,
            input_speedup: 1,
            output_speedup: 1,
            internal_speedup: InternalSpeedup::default(),
            channel_latency: 1,
            global_latency: None,
            noc_latency: false,
            vc_allocator: AllocatorChoice::default(),
            sw_allocator: AllocatorChoice::default(),
        }
    }
}

/// BookSim2's latency-mode protocol: warm-up periods, sample periods until latency and
/// throughput change by less than the thresholds three times in a row, then a drain of
/// the measured packets. Names and defaults are BookSim2's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Protocol {
    /// Cycles per sample period (`sample_period`; 1000).
    pub sample_period: u64,
    /// Sample periods of warm-up (`warmup_periods`; 3; 0: until the changes are small).
    pub warmup_periods: u32,
    /// Sample periods at most, warm-up included (`max_samples`; 10).
    pub max_samples: u32,
    /// Average latency past which the network is saturated (`latency_thres`; 500).
    pub latency_thres: f64,
    /// Largest relative latency change of a warm-up period (`warmup_thres`; 0.05).
    pub warmup_thres: f64,
    /// Largest relative throughput change of a warm-up period (`acc_warmup_thres`; 0.05).
    pub acc_warmup_thres: f64,
    /// Largest relative latency change of a converged period (`stopping_thres`; 0.05).
    pub stopping_thres: f64,
    /// Largest relative throughput change of a converged period (`acc_stopping_thres`;
    /// 0.05).
    pub acc_stopping_thres: f64,
    /// BookSim2's throughput mode (`sim_type = throughput`): the latency mode above without
    /// its latency tests (no `latency_thres`, convergence by the accepted rate alone) and
    /// without its drain of the measured packets under load: once converged, the sources
    /// stop and the network empties, the measured packets' latencies counted as they
    /// arrive. A point that warms up is never saturated; its accepted rate is the network's
    /// throughput at that load.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub throughput: bool,
    /// BookSim2's batch mode (`sim_type = batch`) in place of the latency mode above;
    /// `None`: latency mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch: Option<Batch>,
    /// BookSim2's read and write requests with their replies (`use_read_write = 1`);
    /// `None`: every packet is one of `packet_size` flits on any VC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_write: Option<ReadWrite>,
}

/// BookSim2's request and reply packets (`use_read_write = 1`): a source makes a read or a
/// write request (a write with chance `write_fraction`; in batch mode, as BookSim2, with
/// chance 1/2), its destination answers it with a reply once the request has arrived,
/// before any request of its own, and each kind travels on its own range of VCs on every
/// hop. Kinds are indexed read request, write request, read reply, write reply.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ReadWrite {
    /// Flits of each kind (`read_request_size`, `write_request_size`, `read_reply_size`,
    /// `write_reply_size`; 1 each).
    pub sizes: [u32; 4],
    /// Each kind's VCs, first and last (`read_request_begin_vc` … `write_reply_end_vc`).
    pub vcs: [(u32, u32); 4],
    /// The chance that a request is a write (`write_fraction`; 0.5).
    pub write_fraction: f64,
}

impl ReadWrite {
    /// BookSim2's average packet size of the mode, the sizes' sum halved (rounded down, as
    /// BookSim2's integer division): what the injection rate is divided by.
    pub fn average_size(&self) -> u32 {
        (self.sizes.iter().sum::<u32>() / 2).max(1)
    }
}

/// BookSim2's batch mode (`sim_type = batch`, its `BatchTrafficManager`): `count` batches
/// one after the other; in each, every endpoint makes `size` packets, one whenever it
/// holds none (the injection rate is not read), with at most `max_outstanding` of its
/// packets in flight at once (0: no limit); a batch ends when all its packets have
/// arrived, and its duration runs from its first cycle to that one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Batch {
    /// Packets per endpoint per batch (`batch_size`; BookSim2's default 1000).
    pub size: u32,
    /// Batches (`batch_count`; 1).
    pub count: u32,
    /// Packets of an endpoint in flight at once (`max_outstanding_requests`; 0: no limit).
    pub max_outstanding: u32,
}

impl Default for Batch {
    fn default() -> Self {
        Batch {
            size: 1000,
            count: 1,
            max_outstanding: 0,
        }
    }
}

/// The largest `batch_size`.
pub const MAX_BATCH_SIZE: u32 = 1_000_000;
/// The most batches (`batch_count`).
pub const MAX_BATCH_COUNT: u32 = 10_000;

impl Default for Protocol {
    fn default() -> Self {
        Protocol {
            sample_period: 1000,
            warmup_periods: 3,
            max_samples: 10,
            latency_thres: 500.0,
            warmup_thres: 0.05,
            acc_warmup_thres: 0.05,
            stopping_thres: 0.05,
            acc_stopping_thres: 0.05,
            throughput: false,
            batch: None,
            read_write: None,
        }
    }
}

/// One point of a curve: the router, the protocol, the offered rate and the seed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PointConfig {
    /// The router and its channels.
    pub router: RouterConfig,
    /// The latency-mode protocol.
    pub protocol: Protocol,
    /// Offered load in flits per endpoint per cycle, in (0, 1].
    pub rate: f64,
    /// The seed: the same seed gives the same numbers natively and in wasm.
    pub seed: u64,
}

impl RouterConfig {
    /// Every whole-number field out of its range, in the order [`PointConfig::check`] checks
    /// them (it names the first): a form with a field for each says all of them at once.
    pub fn out_of_range(&self) -> impl Iterator<Item = SimError> {
        let ints: [(&'static str, u32, u32, u32); 11] = [
            ("num_vcs", self.num_vcs, 1, MAX_VCS),
            ("vc_buf_size", self.vc_buf_size, 1, MAX_BUF),
            ("packet_size", self.packet_size, 1, MAX_PACKET),
            ("routing_delay", self.routing_delay, 0, MAX_DELAY),
            ("vc_alloc_delay", self.vc_alloc_delay, 1, MAX_DELAY),
            ("sw_alloc_delay", self.sw_alloc_delay, 1, MAX_DELAY),
            ("st_final_delay", self.st_final_delay, 1, MAX_DELAY),
            ("credit_delay", self.credit_delay, 0, MAX_DELAY),
            ("channel_latency", self.channel_latency, 1, MAX_DELAY),
            ("input_speedup", self.input_speedup, 1, MAX_SPEEDUP),
            ("output_speedup", self.output_speedup, 1, MAX_SPEEDUP),
        ];
        ints.into_iter()
            .filter(|&(_, v, lo, hi)| !(lo..=hi).contains(&v))
            .map(|(name, v, _, _)| SimError::Param {
                name,
                value: v.to_string(),
                range: range_text(name),
            })
    }
}

impl PointConfig {
    /// The cycle bound: warm-up and samples, then as long again to drain, and never more
    /// than this; in batch mode twenty times each batch's injection and 10,000 cycles a
    /// batch.
    pub fn max_cycles(&self) -> u64 {
        let p = &self.protocol;
        if let Some(b) = p.batch {
            // A batch's flits through an endpoint's channel take size × packet_size cycles;
            // twenty times that (and 10,000 more) covers a network loaded far past its
            // saturation, where a batch drains at a twentieth of the injection rate.
            let flits = u64::from(b.size).saturating_mul(u64::from(self.router.packet_size));
            return u64::from(b.count)
                .saturating_mul(flits.saturating_mul(20).saturating_add(10_000));
        }
        // Saturating: the estimate reads unchecked parameters.
        let periods = u64::from(p.max_samples.max(p.warmup_periods)) + 1;
        let run = p.sample_period.saturating_mul(periods);
        run.saturating_mul(3).max(run.saturating_add(50_000))
    }

    /// Checks every field against its range.
    ///
    /// # Errors
    /// [`SimError::Param`] naming the first field out of range.
    pub fn check(&self) -> Result<(), SimError> {
        let r = &self.router;
        let bad = |name: &'static str, value: String, range: &'static str| {
            Err(SimError::Param { name, value, range })
        };
        if let Some(e) = r.out_of_range().next() {
            return Err(e);
        }
        for (name, a) in [
            ("vc_allocator", r.vc_allocator),
            ("sw_allocator", r.sw_allocator),
        ] {
            if !(1..=MAX_ALLOC_ITERS).contains(&a.iters) {
                return bad(name, a.to_string(), "1 to 64 iterations");
            }
        }
        let s = r.internal_speedup;
        if !(s.0 >= 1.0 && s.0 <= f64::from(MAX_SPEEDUP)) {
            return bad("internal_speedup", s.to_string(), "a number from 1 to 16");
        }
        if !s.is_one() && (r.routing_delay > 1 || r.vc_alloc_delay > 1 || r.sw_alloc_delay > 1) {
            return bad(
                "internal_speedup",
                s.to_string(),
                "1.0 unless routing_delay is 0 or 1 and vc_alloc_delay and sw_alloc_delay are 1 \
                 (longer stages under an internal speedup are not modelled)",
            );
        }
        if let Some(g) = r.global_latency {
            if !(1..=MAX_DELAY).contains(&g) {
                return bad("global_latency", g.to_string(), "1 to 4096");
            }
        }
        if !(self.rate > 0.0 && self.rate <= 1.0) {
            return bad("rate", self.rate.to_string(), "above 0, at most 1");
        }
        let p = &self.protocol;
        if !(1..=10_000_000).contains(&p.sample_period) {
            return bad(
                "sample_period",
                p.sample_period.to_string(),
                "1 to 10000000",
            );
        }
        if !(1..=1000).contains(&p.max_samples) {
            return bad("max_samples", p.max_samples.to_string(), "1 to 1000");
        }
        if p.warmup_periods > 1000 {
            return bad("warmup_periods", p.warmup_periods.to_string(), "0 to 1000");
        }
        for (name, t) in [
            ("latency_thres", p.latency_thres),
            ("warmup_thres", p.warmup_thres),
            ("acc_warmup_thres", p.acc_warmup_thres),
            ("stopping_thres", p.stopping_thres),
            ("acc_stopping_thres", p.acc_stopping_thres),
        ] {
            if t.is_nan() {
                return bad(name, t.to_string(), THRESHOLD_RANGE);
            }
        }
        if let Some(rw) = p.read_write {
            if let Some(&s) = rw.sizes.iter().find(|s| !(1..=MAX_PACKET).contains(*s)) {
                return bad(
                    "read_request_size",
                    s.to_string(),
                    "request and reply sizes of 1 to 4096 flits",
                );
            }
            if rw.vcs.iter().any(|&(b, e)| b > e || e >= r.num_vcs) {
                return bad(
                    "read_request_begin_vc",
                    format!("{:?}", rw.vcs),
                    "each kind's VCs first ≤ last < num_vcs",
                );
            }
            if !(0.0..=1.0).contains(&rw.write_fraction) {
                return bad("write_fraction", rw.write_fraction.to_string(), "0 to 1");
            }
        }
        if let Some(b) = p.batch {
            if !(1..=MAX_BATCH_SIZE).contains(&b.size) {
                return bad("batch_size", b.size.to_string(), "1 to 1000000");
            }
            if !(1..=MAX_BATCH_COUNT).contains(&b.count) {
                return bad("batch_count", b.count.to_string(), "1 to 10000");
            }
        }
        Ok(())
    }
}

/// What a protocol threshold (`latency_thres`, `warmup_thres`, `stopping_thres` and their
/// `acc_` twins) may be: any number, as in BookSim2, where a negative one turns its test
/// off. A NaN would turn it off too, unseen (every comparison false): it is refused.
pub const THRESHOLD_RANGE: &str = "a number (a negative one turns its test off, as in BookSim2)";

fn range_text(name: &str) -> &'static str {
    match name {
        "num_vcs" => "1 to 64",
        "vc_buf_size" => "1 to 65536",
        "packet_size" => "1 to 4096",
        "routing_delay" | "credit_delay" => "0 to 4096",
        "input_speedup" | "output_speedup" => "1 to 16",
        _ => "1 to 4096",
    }
}

/// The whole numbers a router or protocol key takes (BookSim2's key names), as
/// [`PointConfig::check`] holds them.
pub fn range_of(key: &str) -> (u32, u32) {
    match key {
        "num_vcs" => (1, MAX_VCS),
        "vc_buf_size" => (1, MAX_BUF),
        "packet_size" => (1, MAX_PACKET),
        "routing_delay" | "credit_delay" => (0, MAX_DELAY),
        "sample_period" => (1, 10_000_000),
        "warmup_periods" => (0, 1000),
        "max_samples" => (1, 1000),
        "batch_size" => (1, MAX_BATCH_SIZE),
        "batch_count" => (1, MAX_BATCH_COUNT),
        "input_speedup" | "output_speedup" => (1, MAX_SPEEDUP),
        _ => (1, MAX_DELAY),
    }
}

/// Why a point was not simulated, or stopped.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SimError {
    /// A parameter out of its range.
    #[error("{name} = {value}: give {range}")]
    Param {
        /// The parameter's name (BookSim2's key).
        name: &'static str,
        /// The value given.
        value: String,
        /// The values allowed.
        range: &'static str,
    },
    /// The network cannot be simulated (one-way channels, no endpoints, too large).
    #[error("{0}")]
    Network(String),
    /// The traffic pattern does not fit the network.
    #[error("{0}")]
    Traffic(String),
    /// The routing or its virtual-channel scheme does not fit.
    #[error("{0}")]
    Routing(String),
    /// The caller's progress callback asked to stop.
    #[error("cancelled")]
    Cancelled,
}

/// The most offered loads one run takes (a curve's points), in either form of
/// [`parse_rates`].
pub const MAX_RATE_POINTS: usize = 1000;

/// Why a text is not a list of offered loads ([`parse_rates`]): the message names it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct RatesError(pub String);

/// The offered loads of `text`, the one grammar of `icn sim --rates` and the simulation
/// view's loads: `FROM:TO:STEP` (TO included, each load rounded to 10⁻⁹) or a comma list,
/// every load in (0, 1], at most [`MAX_RATE_POINTS`] in either form.
///
/// # Errors
/// A message naming what is wrong: a word that is not a number, a load out of range, a
/// range that is empty or steps backwards, or too many points.
pub fn parse_rates(text: &str) -> Result<Vec<f64>, RatesError> {
    let shown = icn_families::imported::quoted(text.trim());
    let grammar = "give FROM:TO:STEP (TO included) or a comma list of loads in (0, 1]";
    let num = |s: &str| {
        s.trim().parse::<f64>().map_err(|_| {
            RatesError(format!(
                "'{}' in '{shown}' is not a number: {grammar}",
                icn_families::imported::quoted(s.trim())
            ))
        })
    };
    let list: Vec<f64> = if text.contains(':') {
        let parts: Vec<f64> = text.split(':').map(num).collect::<Result<_, _>>()?;
        let [from, to, step] = parts[..] else {
            return Err(RatesError(format!(
                "'{shown}' has {} parts: {grammar}",
                parts.len()
            )));
        };
        if !(step > 0.0 && step.is_finite() && to >= from) {
            return Err(RatesError(format!(
                "'{shown}': the step must be above 0 and TO at least FROM; {grammar}"
            )));
        }
        let n = ((to - from) / step + 1e-9).floor();
        if n.is_nan() || n >= MAX_RATE_POINTS as f64 {
            return Err(RatesError(format!(
                "'{shown}' gives more than {MAX_RATE_POINTS} loads; at most {MAX_RATE_POINTS}"
            )));
        }
        (0..=n as usize)
            .map(|i| ((from + step * i as f64) * 1e9).round() / 1e9)
            .collect()
    } else {
        let count = text.split(',').count();
        if count > MAX_RATE_POINTS {
            return Err(RatesError(format!(
                "'{shown}' gives {count} loads; at most {MAX_RATE_POINTS}"
            )));
        }
        text.split(',').map(num).collect::<Result<_, _>>()?
    };
    if let Some(r) = list.iter().find(|&&r| !(r > 0.0 && r <= 1.0)) {
        return Err(RatesError(format!(
            "load {r} in '{shown}' is out of range: {grammar}"
        )));
    }
    Ok(list)
}
