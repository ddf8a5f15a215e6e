//! What a point measures: packet and network latency (average, extremes, percentiles),
//! hops, accepted and offered throughput, per-channel utilisation; and the result of a
//! point ([`PointResult`]).

use serde::{Deserialize, Serialize};

/// Latencies up to this many cycles are binned exactly for the percentiles.
const BINS: usize = 1 << 13;

/// A running sum, count and extremes of a sample.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Acc {
    /// Sum of the samples.
    pub sum: f64,
    /// Number of samples.
    pub count: u64,
    /// Smallest sample.
    pub min: u64,
    /// Largest sample.
    pub max: u64,
}

impl Acc {
    /// Adds a sample.
    #[inline]
    pub fn add(&mut self, x: u64) {
        if self.count == 0 || x < self.min {
            self.min = x;
        }
        self.max = self.max.max(x);
        self.sum += x as f64;
        self.count += 1;
    }

    /// The average (NaN without samples, as BookSim2's).
    pub fn average(&self) -> f64 {
        self.sum / self.count as f64
    }

    /// The average, `None` without samples (a point that measured no packet).
    pub fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.average())
    }

    /// The smallest and largest samples, `None` without samples.
    pub fn extremes(&self) -> Option<(f64, f64)> {
        (self.count > 0).then_some((self.min as f64, self.max as f64))
    }
}

/// The statistics of a measurement window (cleared by [`Stats::clear`]).
#[derive(Debug, Clone)]
pub struct Stats {
    /// Packet latency: creation (queueing included) to the tail's ejection.
    pub plat: Acc,
    /// Network latency: the head's injection to the tail's ejection.
    pub nlat: Acc,
    /// Routers each packet passed.
    pub hops: Acc,
    /// Packet latencies binned by cycle (the last bin holds every longer one).
    pub hist: Vec<u64>,
    /// Flits ejected in the window.
    pub accepted: u64,
    /// Flits injected in the window.
    pub sent: u64,
    /// Flits each output port sent in the window.
    pub channel_flits: Vec<u64>,
    /// The cycle the window started.
    pub reset_time: u64,
}

impl Stats {
    /// Empty statistics over `ports` output ports.
    pub fn new(ports: usize) -> Stats {
        Stats {
            plat: Acc::default(),
            nlat: Acc::default(),
            hops: Acc::default(),
            hist: vec![0; BINS],
            accepted: 0,
            sent: 0,
            channel_flits: vec![0; ports],
            reset_time: 0,
        }
    }

    /// Starts a new window at cycle `now`.
    pub fn clear(&mut self, now: u64) {
        self.plat = Acc::default();
        self.nlat = Acc::default();
        self.hops = Acc::default();
        self.hist.iter_mut().for_each(|x| *x = 0);
        self.accepted = 0;
        self.sent = 0;
        self.channel_flits.iter_mut().for_each(|x| *x = 0);
        self.reset_time = now;
    }

    /// Records a packet's latencies and hops.
    #[inline]
    pub fn packet(&mut self, plat: u64, nlat: u64, hops: u64) {
        self.plat.add(plat);
        self.nlat.add(nlat);
        self.hops.add(hops);
        self.hist[(plat as usize).min(BINS - 1)] += 1;
    }

    /// The latency below which a share `q` (0 … 1) of the packets fall; `None` without
    /// packets.
    pub fn percentile(&self, q: f64) -> Option<f64> {
        let n = self.plat.count;
        if n == 0 {
            return None;
        }
        let want = ((q * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0;
        for (i, &c) in self.hist.iter().enumerate() {
            seen += c;
            if seen >= want {
                return Some(if i == BINS - 1 {
                    self.plat.max as f64
                } else {
                    i as f64
                });
            }
        }
        Some(self.plat.max as f64)
    }
}

/// How a point ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The averages converged and every measured packet drained.
    Stable,
    /// Past saturation: the average latency passed `latency_thres`, or the measured
    /// packets did not drain within the cycle bound (BookSim2's "unstable").
    Saturated,
    /// Flits waited in the network and none moved for the deadlock window.
    Deadlocked,
}

impl Status {
    /// The word `icn sim` prints (`stable`, `saturated`, `deadlocked`).
    pub fn word(self) -> &'static str {
        match self {
            Status::Stable => "stable",
            Status::Saturated => "saturated",
            Status::Deadlocked => "deadlocked",
        }
    }
}

/// The columns of a curve's CSV (`icn sim --format csv`, the simulation view's download);
/// [`PointResult::csv_row`] writes a row.
pub const CSV_HEADER: &str = "offered,status,packet_latency,network_latency,accepted,p50,p90,p99,hops,max_channel_utilisation,cycles,error";

/// One channel's utilisation: flits per cycle over the measurement window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChannelUse {
    /// The sending node.
    pub from: usize,
    /// The receiving node.
    pub to: usize,
    /// Flits per cycle (0 … 1).
    pub utilisation: f64,
}

/// One point of a curve. The latencies and hops are `None` (JSON `null`, an empty CSV
/// cell) when the point measured no packet: one that deadlocked or saturated before its
/// first measured packet arrived.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PointResult {
    /// Offered load, flits per endpoint per cycle.
    pub offered: f64,
    /// How the point ended.
    pub status: Status,
    /// Average packet latency in cycles (creation to tail ejection, queueing included).
    pub packet_latency: Option<f64>,
    /// Smallest packet latency.
    pub packet_latency_min: Option<f64>,
    /// Largest packet latency.
    pub packet_latency_max: Option<f64>,
    /// Median packet latency.
    pub packet_latency_p50: Option<f64>,
    /// 90th percentile.
    pub packet_latency_p90: Option<f64>,
    /// 99th percentile.
    pub packet_latency_p99: Option<f64>,
    /// Average network latency (head injection to tail ejection).
    pub network_latency: Option<f64>,
    /// Accepted throughput, flits per endpoint per cycle.
    pub accepted: f64,
    /// Injected throughput, flits per endpoint per cycle.
    pub injected: f64,
    /// Average routers per packet.
    pub hops: Option<f64>,
    /// Packets measured.
    pub packets: u64,
    /// Cycles simulated.
    pub cycles: u64,
    /// Router-cycles simulated (routers × cycles), the speed unit of docs/benchmarks.md.
    pub router_cycles: u64,
    /// The busiest channel's utilisation.
    pub max_channel_utilisation: f64,
    /// Every channel between routers, when asked for.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub channels: Vec<ChannelUse>,
    /// What went wrong, for a point that is not stable.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub note: Option<String>,
    /// The batches of a batch-mode run (BookSim2's `sim_type = batch`); its latencies and
    /// rates above are over every batch, from cycle 0 to the last batch's end.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub batch: Option<BatchResult>,
}

/// What a batch-mode run measured, as BookSim2's batch mode reports it: each batch's
/// duration (its first cycle to the arrival of its last packet) and their extremes and
/// average.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BatchResult {
    /// Packets per endpoint per batch.
    pub size: u32,
    /// The batches asked for.
    pub count: u32,
    /// Each completed batch's duration in cycles, in order.
    pub durations: Vec<u64>,
    /// Each completed batch's cycles until every endpoint had made its packets (BookSim2's
    /// "Batch injected. Time used"), in order.
    pub made_in: Vec<u64>,
    /// The shortest duration (`None`: no batch completed).
    pub min_duration: Option<u64>,
    /// The average duration (BookSim2's "Average batch duration").
    pub average_duration: Option<f64>,
    /// The longest duration.
    pub max_duration: Option<u64>,
}

impl BatchResult {
    /// The result of batches of `size` packets, `count` asked for, that took `durations`,
    /// each made by its endpoints in `made_in`.
    pub fn new(size: u32, count: u32, durations: Vec<u64>, made_in: Vec<u64>) -> BatchResult {
        let n = durations.len();
        BatchResult {
            size,
            count,
            made_in,
            min_duration: durations.iter().copied().min(),
            max_duration: durations.iter().copied().max(),
            average_duration: (n > 0)
                .then(|| durations.iter().map(|&d| d as f64).sum::<f64>() / n as f64),
            durations,
        }
    }
}

/// The columns of a batch-mode run's CSV: [`CSV_HEADER`]'s with the batches' before the
/// error column ([`PointResult::batch_csv_row`]).
pub const BATCH_CSV_HEADER: &str = "offered,status,packet_latency,network_latency,accepted,p50,p90,p99,hops,max_channel_utilisation,cycles,batches,batch_duration_min,batch_duration_average,batch_duration_max,error";

impl PointResult {
    /// The point's row under [`CSV_HEADER`] at offered load `rate` (no newline; the error
    /// column empty).
    pub fn csv_row(&self, rate: f64) -> String {
        // An absent quantity (no packet measured) is an empty cell.
        let cell =
            |x: Option<f64>, digits: usize| x.map_or(String::new(), |x| format!("{x:.digits$}"));
        let plain = |x: Option<f64>| x.map_or(String::new(), |x| x.to_string());
        format!(
            "{},{},{},{},{:.5},{},{},{},{},{:.5},{},",
            rate,
            self.status.word(),
            cell(self.packet_latency, 4),
            cell(self.network_latency, 4),
            self.accepted,
            plain(self.packet_latency_p50),
            plain(self.packet_latency_p90),
            plain(self.packet_latency_p99),
            cell(self.hops, 4),
            self.max_channel_utilisation,
            self.cycles
        )
    }

    /// The point's row under [`BATCH_CSV_HEADER`] (no newline; the error column empty).
    pub fn batch_csv_row(&self, rate: f64) -> String {
        let mut row = self.csv_row(rate);
        row.pop();
        let b = self.batch.as_ref();
        let plain = |x: Option<u64>| x.map_or(String::new(), |x| x.to_string());
        format!(
            "{row},{},{},{},{},",
            b.map_or(0, |b| b.durations.len()),
            plain(b.and_then(|b| b.min_duration)),
            b.and_then(|b| b.average_duration)
                .map_or(String::new(), |x| format!("{x:.4}")),
            plain(b.and_then(|b| b.max_duration)),
        )
    }
}
