//! Jobs: computations that can take longer than a frame, run in the Web Worker
//! (`src/worker.rs`) and reported back to the page as JSON messages.
//!
//! The page posts a [`Request`] (a job with an id); the worker answers with
//! [`Reply::Progress`] messages while it works and one [`Reply::Done`] (carrying the job's
//! typed [`JobResult`], serialized once, inside the reply) or [`Reply::Failed`] at the end.
//! The page reads the reply's envelope only and keeps the result as JSON text: a view reads
//! it as the one type its job's kind answers with ([`Answer`]), so that each result's
//! deserializer is linked into the code of the views that draw it, not the first screen's.
//! A job cannot be interrupted inside the worker, so the page cancels by terminating the
//! worker (and starting a fresh one for the next job); replies carry the job id, so a
//! superseded job's late replies are ignored.

mod deadlock;
mod metrics;
mod papers;
mod sim;
mod throughput;
pub mod wire;

use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

pub use deadlock::{
    deadlock_finish_job, deadlock_part_job, deadlock_study, DeadlockStudy, EscapeStudy, PartDone,
    StepText, SPLIT_STEPS,
};
pub use metrics::{
    lens_loads_report, metrics_report, route_report, LensLoadsReport, MetricsReport, RouteReport,
};
pub use papers::{CellReport, ItemReport, PaperReport};
pub use sim::{
    booksim_read, sim_point, sim_rates, BooksimAsk, BooksimRead, SimAsk, SimChecked,
    SimPointReport, SimTroubles, SIM_ASK, SIM_MAX_POINTS, SIM_REFUSE,
};
pub use throughput::{
    throughput_report, ChannelText, OptimalReport, PairText, ThroughputAsk, ThroughputReport,
    TABLE_CHANNELS,
};

/// A worker message read by the page: the reply, its result left as JSON text, or why it
/// cannot be read (for the view that waits on it: the page ends that job at once with this
/// message).
///
/// # Errors
/// The message, naming what serde could not read.
pub fn read_reply(text: &str) -> Result<Reply, String> {
    serde_json::from_str::<Reply>(text)
        .map_err(|e| format!("the computing worker sent a reply this page cannot read ({e})"))
}

/// A computation the worker runs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Job {
    /// Every registered item of one paper (`icn_core::papers`), audited.
    Papers {
        /// The paper's id.
        paper: String,
    },
    /// One chart's data (`icn_core::charts`), validated by the page.
    Chart {
        /// What to chart.
        request: icn_core::charts::ChartRequest,
    },
    /// A network's exact metrics (the explorer's facts; with a strategy, its loads too).
    Metrics {
        /// The network's spec.
        spec: String,
        /// A strategy whose loads to compute as well.
        strategy: Option<String>,
    },
    /// A Lens's processor and bus loads (the walkthrough's loads card).
    LensLoads {
        /// The Lens's spec.
        spec: String,
    },
    /// One route, computed `repeat` times (timed by `make bench-browser`).
    Route {
        /// The network's spec.
        spec: String,
        /// The strategy.
        strategy: String,
        /// Source address.
        from: String,
        /// Destination address.
        to: String,
        /// Paths listed (the explorer lists up to 64).
        limit: usize,
        /// How many times.
        repeat: u32,
    },
    /// The compare rows (`icn_core::analysis::row`) of these specs, in order; each is
    /// checked against the page's budget first.
    Compare {
        /// Canonical specs.
        specs: Vec<String>,
    },
    /// A routing's channel dependency graph and the table of every routing of the network
    /// (the deadlock view).
    Deadlock(DeadlockAsk),
    /// Part `part` of `parts` of [`Job::Deadlock`]'s graph: the dependencies of a range of
    /// destinations, sent back as words beside the reply ([`JobResult::DeadlockPart`]).
    DeadlockPart {
        /// The network's spec.
        spec: String,
        /// The routing strategy.
        routing: String,
        /// The virtual-channel scheme's name.
        scheme: String,
        /// Virtual channels per channel.
        vcs: u32,
        /// Whether the user confirmed a computation over the page's budget.
        confirmed: bool,
        /// The part…
        part: usize,
        /// …of so many.
        parts: usize,
    },
    /// The end of a split [`Job::Deadlock`]: the parts, sent as words beside the request,
    /// merged and finished (cycle search, the cycle's routes, the table); its result is
    /// the whole job's.
    DeadlockFinish {
        /// The network's spec.
        spec: String,
        /// The routing strategy.
        routing: String,
        /// The virtual-channel scheme's name.
        scheme: String,
        /// Virtual channels per channel.
        vcs: u32,
        /// Whether the user confirmed a computation over the page's budget.
        confirmed: bool,
        /// How many parts come with it.
        parts: usize,
    },
    /// One point of a latency–load curve by the packet simulator (the simulation view).
    SimPoint(SimPointAsk),
    /// A BookSim2 configuration pasted into the simulation view, read as its fields.
    Booksim(BooksimAsk),
    /// A routing's throughput under a traffic (the throughput view; the simulation view's
    /// bounds).
    Throughput {
        /// The network, routing, traffic and whether to solve the optimal bound.
        ask: ThroughputAsk,
    },
}

impl Job {
    /// Its kind, as its JSON names it: the kind of result it answers with ([`Answer::KIND`]).
    pub fn kind(&self) -> &'static str {
        match self {
            Job::Papers { .. } => "papers",
            Job::Chart { .. } => "chart",
            Job::Metrics { .. } => "metrics",
            Job::LensLoads { .. } => "lens_loads",
            Job::Route { .. } => "route",
            Job::Compare { .. } => "compare",
            Job::Deadlock(_) | Job::DeadlockFinish { .. } => "deadlock",
            Job::DeadlockPart { .. } => "deadlock_part",
            Job::SimPoint(_) => "sim_point",
            Job::Booksim(_) => "booksim",
            Job::Throughput { .. } => "throughput",
        }
    }

    /// A short description for progress messages.
    pub fn label(&self) -> String {
        match self {
            Job::Papers { paper } => format!("computing the tables of paper '{paper}'"),
            Job::Chart { request } => request.label(),
            Job::Metrics { spec, .. } => format!("computing the exact metrics of {spec}"),
            Job::LensLoads { spec } => format!("computing the loads of {spec}"),
            Job::Route { spec, from, to, .. } => format!("routing {from} → {to} in {spec}"),
            Job::Compare { specs } => format!("comparing {}", specs.join(" · ")),
            Job::Deadlock(DeadlockAsk { spec, routing, .. })
            | Job::DeadlockPart { spec, routing, .. }
            | Job::DeadlockFinish { spec, routing, .. } => {
                format!("building the dependency graphs of {routing} on {spec}")
            }
            Job::SimPoint(SimPointAsk { ask, rate, .. }) => {
                format!("simulating {} at load {rate}", ask.spec)
            }
            Job::Booksim(_) => "reading the BookSim2 configuration".to_string(),
            Job::Throughput { ask } => {
                format!("the throughput of {} on {}", ask.routing, ask.spec)
            }
        }
    }
}

fn one() -> usize {
    1
}

fn is_one(n: &usize) -> bool {
    *n == 1
}

impl Job {
    /// How the page runs a job in parts, one lane each, then their end in lane 0: the parts'
    /// jobs and the finishing job; `None` for a job run whole (every job but a
    /// [`Job::Deadlock`] of more than one part without Duato's condition).
    pub fn split(&self) -> Option<(Vec<Job>, Job)> {
        let Job::Deadlock(DeadlockAsk {
            spec,
            routing,
            scheme,
            vcs,
            confirmed,
            escape: None,
            parts,
        }) = self
        else {
            return None;
        };
        let parts = *parts;
        if parts < 2 {
            return None;
        }
        let part = |part| Job::DeadlockPart {
            spec: spec.clone(),
            routing: routing.clone(),
            scheme: scheme.clone(),
            vcs: *vcs,
            confirmed: *confirmed,
            part,
            parts,
        };
        let finish = Job::DeadlockFinish {
            spec: spec.clone(),
            routing: routing.clone(),
            scheme: scheme.clone(),
            vcs: *vcs,
            confirmed: *confirmed,
            parts,
        };
        Some(((0..parts).map(part).collect(), finish))
    }
}

/// A job with its id, page → worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the page; echoed in every reply.
    pub id: u64,
    /// What to compute.
    pub job: Job,
}

/// What a [`Job`] computed, as the worker builds it: one variant per job kind, each the
/// job's own typed value. Serialized as that value alone, untagged: the page keeps it as
/// JSON text, and a view reads it as the type its job's kind answers with ([`Answer`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum JobResult {
    /// [`Job::Papers`]: the paper's audit.
    Papers(PaperReport),
    /// [`Job::Chart`]: the chart's data.
    Chart(icn_core::charts::ChartData),
    /// [`Job::Metrics`]: the network's exact metrics (and loads); boxed, the largest result.
    Metrics(Box<MetricsReport>),
    /// [`Job::LensLoads`]: the Lens's loads.
    LensLoads(LensLoadsReport),
    /// [`Job::Route`]: the route, timed.
    Route(RouteReport),
    /// [`Job::Compare`]: the rows, in the order of the specs.
    Compare(Vec<icn_core::analysis::CompareRow>),
    /// [`Job::Deadlock`]: the verdict, the cycle and the table; boxed, it is large.
    Deadlock(Box<DeadlockStudy>),
    /// [`Job::SimPoint`]: the point; boxed, it may list every channel.
    SimPoint(Box<SimPointReport>),
    /// [`Job::Booksim`]: the fields read, or why not.
    Booksim(Box<BooksimRead>),
    /// [`Job::DeadlockPart`]: what the part holds; its words travel beside the reply.
    DeadlockPart(PartDone),
    /// [`Job::Throughput`]: the throughput; boxed, it may list every channel's load.
    Throughput(Box<ThroughputReport>),
}

/// A job's result of one kind, paired with the job that asks for it by type: a view runs a
/// [`JobFor<Self>`], which only the job kind [`Answer::KIND`] makes, and reads its result's
/// JSON as `Self` (`compute::use_answer`), so that `Self`'s deserializer is linked where
/// that view is.
pub trait Answer:
    DeserializeOwned + Clone + PartialEq + std::fmt::Debug + Send + Sync + 'static
{
    /// The [`Job`] kind that answers with it, as [`Job::kind`] names it.
    const KIND: &'static str;

    /// Reads the result's JSON text: by default with `Self`'s `Deserialize`.
    ///
    /// # Errors
    /// serde's, when the text is not a `Self`.
    fn from_json(text: &str) -> serde_json::Result<Self> {
        serde_json::from_str(text)
    }
}

/// `Answer` for each result kind: the type, the [`Job`] kind, the [`JobResult`] variant
/// the worker builds (the tests read each kind's JSON back into that variant).
macro_rules! answers {
    ($($t:ty => $kind:literal, $variant:ident $(, read by $read:path)?;)*) => {
        $(
            impl Answer for $t {
                const KIND: &'static str = $kind;

                $(
                    fn from_json(text: &str) -> serde_json::Result<Self> {
                        let mut reader = serde_json::Deserializer::from_str(text);
                        let value = $read(&mut reader)?;
                        reader.end()?;
                        Ok(value)
                    }
                )?
            }
        )*

        /// `text` read as the result of a job of kind `kind`, in its [`JobResult`] variant.
        #[cfg(test)]
        fn read_result(kind: &str, text: &str) -> Result<JobResult, String> {
            match kind {
                $($kind => <$t as Answer>::from_json(text)
                    .map(JobResult::$variant)
                    .map_err(|e| e.to_string()),)*
                _ => Err(format!("no result of kind {kind}")),
            }
        }
    };
}

answers! {
    PaperReport => "papers", Papers;
    // Read tag first, in place: the derived reader of an internally tagged enum buffers the
    // value and is the Charts view's largest function (docs/benchmarks.md).
    icn_core::charts::ChartData => "chart", Chart,
        read by icn_core::charts::ChartData::deserialize_tag_first;
    Box<MetricsReport> => "metrics", Metrics;
    LensLoadsReport => "lens_loads", LensLoads;
    RouteReport => "route", Route;
    Vec<icn_core::analysis::CompareRow> => "compare", Compare;
    Box<DeadlockStudy> => "deadlock", Deadlock;
    Box<SimPointReport> => "sim_point", SimPoint;
    Box<BooksimRead> => "booksim", Booksim;
    PartDone => "deadlock_part", DeadlockPart;
    Box<ThroughputReport> => "throughput", Throughput;
}

/// A job whose result is of type `T` (its [`Answer`]): made only by the constructors here,
/// each of which pairs a job kind with the type its result is read as, so that a view's job
/// and the result it reads agree by type (`compute::use_answer`).
pub struct JobFor<T> {
    job: Job,
    result: PhantomData<fn() -> T>,
}

impl<T> JobFor<T> {
    fn new(job: Job) -> JobFor<T> {
        JobFor {
            job,
            result: PhantomData,
        }
    }

    /// The job.
    pub fn job(&self) -> &Job {
        &self.job
    }

    /// The job, to run.
    pub fn into_job(self) -> Job {
        self.job
    }
}

impl<T> Clone for JobFor<T> {
    fn clone(&self) -> Self {
        JobFor::new(self.job.clone())
    }
}

impl<T> PartialEq for JobFor<T> {
    fn eq(&self, other: &Self) -> bool {
        self.job == other.job
    }
}

impl<T> Eq for JobFor<T> {}

impl<T> std::fmt::Debug for JobFor<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.job.fmt(f)
    }
}

impl JobFor<PaperReport> {
    /// [`Job::Papers`]: every registered item of paper `paper`, audited.
    pub fn papers(paper: String) -> Self {
        JobFor::new(Job::Papers { paper })
    }
}

impl JobFor<icn_core::charts::ChartData> {
    /// [`Job::Chart`]: one chart's data.
    pub fn chart(request: icn_core::charts::ChartRequest) -> Self {
        JobFor::new(Job::Chart { request })
    }
}

impl JobFor<Box<MetricsReport>> {
    /// [`Job::Metrics`]: a network's exact metrics, with `strategy`'s loads.
    pub fn metrics(spec: String, strategy: Option<String>) -> Self {
        JobFor::new(Job::Metrics { spec, strategy })
    }
}

impl JobFor<LensLoadsReport> {
    /// [`Job::LensLoads`]: a Lens's processor and bus loads.
    pub fn lens_loads(spec: String) -> Self {
        JobFor::new(Job::LensLoads { spec })
    }
}

impl JobFor<Vec<icn_core::analysis::CompareRow>> {
    /// [`Job::Compare`]: the compare rows of `specs`, in order.
    pub fn compare(specs: Vec<String>) -> Self {
        JobFor::new(Job::Compare { specs })
    }
}

/// [`Job::Deadlock`]'s question: the network, routing, scheme and virtual channels, whether
/// a computation over the page's budget was confirmed, Duato's escape routing and scheme,
/// and the parts to run it in.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeadlockAsk {
    /// The network's spec.
    pub spec: String,
    /// The routing strategy.
    pub routing: String,
    /// The virtual-channel scheme's name.
    pub scheme: String,
    /// Virtual channels per channel.
    pub vcs: u32,
    /// Whether the user confirmed a computation over the page's budget.
    pub confirmed: bool,
    /// Duato's condition instead: the escape routing and its scheme (`routing` is the
    /// adaptive one, `vcs` the virtual channels of both).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escape: Option<(String, String)>,
    /// In how many parts the page runs the graph, in parallel lanes ([`Job::split`]);
    /// 1, or a worker sent the job whole, builds it in one pass.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub parts: usize,
}

impl JobFor<Box<DeadlockStudy>> {
    /// [`Job::Deadlock`]: a routing's channel dependency graph and the network's table.
    pub fn deadlock(ask: DeadlockAsk) -> Self {
        JobFor::new(Job::Deadlock(ask))
    }
}

/// [`Job::SimPoint`]'s question: one point of a latency–load curve.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SimPointAsk {
    /// The network, routing, traffic and router.
    pub ask: SimAsk,
    /// The offered load, flits per endpoint per cycle, as written in the URL.
    pub rate: String,
    /// Also every channel's utilisation (for the diagram).
    pub channels: bool,
    /// Also the channel-load bound under uniform traffic.
    pub bound: bool,
}

impl SimPointAsk {
    /// Whether `report` answers this point: its curve's fields and its load.
    pub fn answered_by(&self, report: &SimPointReport) -> bool {
        self.ask == report.ask && self.rate.parse::<f64>().ok() == Some(report.rate)
    }
}

impl JobFor<Box<SimPointReport>> {
    /// [`Job::SimPoint`]: one point of a curve.
    pub fn sim_point(ask: SimPointAsk) -> Self {
        JobFor::new(Job::SimPoint(ask))
    }
}

impl JobFor<Box<BooksimRead>> {
    /// [`Job::Booksim`]: a pasted BookSim2 configuration, read as the simulation view's fields.
    pub fn booksim(ask: BooksimAsk) -> Self {
        JobFor::new(Job::Booksim(ask))
    }
}

impl JobFor<Box<ThroughputReport>> {
    /// [`Job::Throughput`]: a routing's throughput under a traffic.
    pub fn throughput(ask: ThroughputAsk) -> Self {
        JobFor::new(Job::Throughput { ask })
    }
}

/// Worker → page: JSON text, one level (the result inside is a value, not text), externally
/// tagged: `"ready"`, `{"progress": {…}}`, `{"done": {"id": …, "result": {…}}}`,
/// `{"failed": {…}}`, `{"panicked": {…}}`. `R` is the result: the worker writes its
/// [`JobResult`], the page reads the result's JSON text, unparsed (`RawValue`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply<R = Box<RawValue>> {
    /// The worker has loaded and takes requests.
    Ready,
    /// `done` of `total` steps finished; `label` says what runs now.
    Progress {
        /// The job.
        id: u64,
        /// Steps finished.
        done: usize,
        /// All steps.
        total: usize,
        /// What is being computed.
        label: String,
    },
    /// The job's result.
    Done {
        /// The job.
        id: u64,
        /// The result (e.g. a [`PaperReport`]).
        result: R,
    },
    /// What a sweep has computed so far (a chart's finished points): shown while it
    /// runs, and kept if the reader stops it. The job's [`Reply::Done`] follows.
    Partial {
        /// The job.
        id: u64,
        /// The partial result, of the job's kind.
        result: R,
    },
    /// The job could not be computed.
    Failed {
        /// The job.
        id: u64,
        /// Why, for the user.
        message: String,
    },
    /// The worker panicked (a bug): the panic's message, sent from its panic hook just
    /// before the trap that stops it, so that the page can say what happened.
    Panicked {
        /// The panic's message and location.
        message: String,
    },
}

/// Runs `job`, calling `progress(done, total, label)` between steps.
///
/// # Errors
/// A message for the user when the job cannot be computed.
pub fn run(job: &Job, progress: &mut dyn FnMut(usize, usize, &str)) -> Result<JobResult, String> {
    run_partial(job, progress, &mut |_| {})
}

/// [`run`], handing `partial` what a sweep has computed so far (a chart's finished
/// points, [`icn_core::charts::build_partial`]); other jobs never call it.
///
/// # Errors
/// As [`run`].
pub fn run_partial(
    job: &Job,
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(JobResult),
) -> Result<JobResult, String> {
    run_attached(job, &[], progress, partial).map(|(result, _)| result)
}

/// [`run_partial`] with the 32-bit words that came beside the request (a split job's
/// parts, for [`Job::DeadlockFinish`]); returns the result and the words to send beside
/// the reply (a [`Job::DeadlockPart`]'s dependencies).
///
/// # Errors
/// As [`run`].
pub fn run_attached(
    job: &Job,
    attached: &[Vec<u32>],
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(JobResult),
) -> Result<(JobResult, Vec<Vec<u32>>), String> {
    match job {
        Job::DeadlockPart {
            spec,
            routing,
            scheme,
            vcs,
            confirmed,
            part,
            parts,
        } => {
            let (done, words) = deadlock_part_job(
                spec,
                routing,
                (scheme, *vcs),
                *confirmed,
                (*part, *parts),
                progress,
            )?;
            return Ok((JobResult::DeadlockPart(done), vec![words]));
        }
        Job::DeadlockFinish {
            spec,
            routing,
            scheme,
            confirmed,
            parts,
            ..
        } => {
            if attached.len() != *parts {
                return Err(format!(
                    "{} of the {parts} parts of the dependency graph arrived",
                    attached.len()
                ));
            }
            let study = deadlock_finish_job(spec, routing, scheme, *confirmed, attached, progress)?;
            return Ok((JobResult::Deadlock(Box::new(study)), Vec::new()));
        }
        _ => {}
    }
    Ok((run_whole(job, progress, partial)?, Vec::new()))
}

/// A job that comes and goes without words.
fn run_whole(
    job: &Job,
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(JobResult),
) -> Result<JobResult, String> {
    Ok(match job {
        Job::Papers { paper } => JobResult::Papers(papers::paper_report(paper, progress)?),
        Job::Chart { request } => JobResult::Chart(
            icn_core::charts::build_partial(request, progress, &mut |d| {
                partial(JobResult::Chart(d.clone()));
            })
            .map_err(|e| e.to_string())?,
        ),
        Job::Metrics { spec, strategy } => JobResult::Metrics(Box::new(metrics_report(
            spec,
            strategy.as_deref(),
            progress,
        )?)),
        Job::LensLoads { spec } => JobResult::LensLoads(lens_loads_report(spec)?),
        Job::Route {
            spec,
            strategy,
            from,
            to,
            limit,
            repeat,
        } => JobResult::Route(route_report(spec, strategy, (from, to), *limit, *repeat)?),
        Job::Compare { specs } => JobResult::Compare(compare_rows(specs, progress)?),
        Job::Deadlock(DeadlockAsk {
            spec,
            routing,
            scheme,
            vcs,
            confirmed,
            escape,
            ..
        }) => JobResult::Deadlock(Box::new(deadlock_study(
            spec,
            routing,
            (scheme, *vcs),
            escape.as_ref().map(|(e, s)| (e.as_str(), s.as_str())),
            *confirmed,
            progress,
        )?)),
        // Handled by `run_attached`, which gives them their words.
        Job::DeadlockPart { .. } | Job::DeadlockFinish { .. } => {
            return Err("a split job's part runs with its words".to_string())
        }
        Job::SimPoint(SimPointAsk {
            ask,
            rate,
            channels,
            bound,
        }) => JobResult::SimPoint(Box::new(sim_point(
            ask,
            rate,
            (*channels, *bound),
            progress,
        )?)),
        Job::Booksim(ask) => JobResult::Booksim(Box::new(booksim_read(ask))),
        Job::Throughput { ask } => {
            JobResult::Throughput(Box::new(throughput_report(ask, progress, &mut |r| {
                partial(JobResult::Throughput(Box::new(r)));
            })?))
        }
    })
}

/// The rows of [`Job::Compare`], one network at a time (progress between them).
fn compare_rows(
    specs: &[String],
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<Vec<icn_core::analysis::CompareRow>, String> {
    use icn_core::analysis::{check_budget, row};
    let mut rows = Vec::with_capacity(specs.len());
    for (i, spec) in specs.iter().enumerate() {
        progress(i, specs.len(), spec);
        let net: icn_core::Network = spec.parse().map_err(|e| format!("{spec}: {e}"))?;
        check_budget(&net, icn_core::PAGE_BUDGET).map_err(|e| e.to_string())?;
        rows.push(row(&net).map_err(|e| e.to_string())?);
    }
    progress(specs.len(), specs.len(), "done");
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn ignore(_: usize, _: usize, _: &str) {}

    /// `job` (as the page's JSON) run, its reply sent as text and read back.
    fn round_trip(job: &str) -> (JobResult, JobResult) {
        let request: Request = serde_json::from_str(&format!(r#"{{"id":7,"job":{job}}}"#))
            .expect("a request the worker reads");
        let result = run(&request.job, &mut ignore).expect("the job runs");
        let reply = Reply::Done {
            id: request.id,
            result: result.clone(),
        };
        let text = serde_json::to_string(&reply).unwrap();
        match read_reply(&text).unwrap() {
            Reply::Done { id: 7, result: raw } => {
                let back = read_result(request.job.kind(), raw.get())
                    .expect("the result reads as its job's kind");
                (result, back)
            }
            other => panic!("not the reply sent: {other:?}"),
        }
    }

    #[wasm_bindgen_test]
    fn every_result_crosses_as_itself_floats_bit_for_bit() {
        let jobs = [
            r#"{"kind":"papers","paper":"kyklos"}"#,
            r#"{"kind":"chart","request":{"kind":"d2h2","spec":"","strategy":"","n":6}}"#,
            r#"{"kind":"metrics","spec":"hypercycle:m=5x7,rho=2x3","strategy":"minimal"}"#,
            r#"{"kind":"lens_loads","spec":"lens:p=3,q=3,n=2,completed"}"#,
            r#"{"kind":"route","spec":"hypercube:n=4","strategy":"minimal","from":"0000","to":"1111","limit":64,"repeat":2}"#,
            r#"{"kind":"compare","specs":["hypercube:n=3","d3:k=2,m=3"]}"#,
            r#"{"kind":"deadlock","spec":"torus:k=4x4","routing":"dor","scheme":"dateline","vcs":1,"confirmed":false}"#,
            r#"{"kind":"deadlock","spec":"torus:k=4x4","routing":"minimal","scheme":"one","vcs":2,"confirmed":false,"escape":["dor","one"]}"#,
            r#"{"kind":"sim_point","ask":{"spec":"mesh:k=3x3","routing":"dor","traffic":"uniform","scheme":"auto","vcs":2,"buf":4,"size":1,"seed":1},"rate":"0.1","channels":true,"bound":true}"#,
            r#"{"kind":"throughput","ask":{"spec":"torus:k=8","routing":"dor","traffic":"worst","optimal":true}}"#,
        ];
        for job in jobs {
            let (sent, read) = round_trip(job);
            assert_eq!(sent, read, "{job}");
        }
    }

    /// A BookSim2 file pasted into the simulation view is read in the worker: its job
    /// crosses as itself, gives the fields `icn sim --config` reads (the network, the seed,
    /// the loads) over the view's, and a key the simulator does not model is the answer's
    /// error, naming its line, with the fields kept.
    #[wasm_bindgen_test]
    fn a_pasted_booksim_file_is_read_in_the_worker() {
        use icn_web_model::defaults::FromNetwork;
        use icn_web_model::url::{AppState, Query, SimForm, View, ViewDef};
        let fresh = AppState::fresh(View::Sim, &FromNetwork);
        let form = fresh.form::<SimForm>().expect("the form").clone();
        let config = "topology = torus;\nk = 4;\nn = 2;\nrouting_function = dim_order;\n\
                      seed = 7;\ninjection_rate = {0.1, 0.2};\n";
        let ask = BooksimAsk {
            config: config.into(),
            network: String::new(),
            form: form.to_query(),
        };
        let job = serde_json::to_string(&Job::Booksim(ask.clone())).unwrap();
        let (sent, read) = round_trip(&job);
        assert_eq!(sent, read);
        let JobResult::Booksim(r) = read else {
            panic!("a BookSim2 read: {read:?}")
        };
        assert_eq!(r.ask, ask);
        let (query, summary) = r.read.expect("the file runs");
        let fields = SimForm::from_query(&Query::parse(&query), &FromNetwork);
        assert_eq!(
            (
                fields.spec.as_str(),
                fields.seed.as_str(),
                fields.rates.as_str()
            ),
            ("torus:k=4x4,lowfirst", "7", "0.1,0.2")
        );
        assert_eq!(fields.pasted, config);
        assert!(summary.contains("torus:k=4x4,lowfirst"), "{summary}");
        let bad = BooksimAsk {
            config: format!("{config}speculative = 1;"),
            ..ask
        };
        let e = booksim_read(&bad).read.expect_err("a key not modelled");
        assert!(e.contains("line 7: speculative = 1: not modelled"), "{e}");
    }

    /// A reply the page cannot read is an error naming why, not a silent drop; a point
    /// that measured no packet (its latencies absent) is read back as itself.
    #[wasm_bindgen_test]
    fn read_reply_reads_absent_latencies_and_names_what_it_cannot_read() {
        let good = serde_json::to_string(&Reply::<JobResult>::Progress {
            id: 3,
            done: 1,
            total: 2,
            label: "x".into(),
        })
        .unwrap();
        assert!(read_reply(&good).is_ok(), "{good}");
        let text = good.replace("\"total\":2", "\"total\":\"many\"");
        assert_ne!(text, good);
        let e = read_reply(&text).expect_err("a count that is not a number");
        assert!(
            e.contains("cannot read") && e.contains("invalid type"),
            "{e}"
        );
        let job = r#"{"kind":"sim_point","ask":{"spec":"torus:k=4x4","routing":"dor","traffic":"uniform","scheme":"one","vcs":1,"buf":2,"size":2,"seed":1},"rate":"0.5","channels":false,"bound":false}"#;
        let (sent, read) = round_trip(job);
        assert_eq!(sent, read);
        let JobResult::SimPoint(p) = read else {
            panic!("a point: {read:?}")
        };
        assert_eq!(p.point.status, icn_core::sim::packet::Status::Deadlocked);
        assert_eq!((p.point.packets, p.point.packet_latency), (0, None));
    }

    /// A split deadlock job, its parts and its finish run as the page's lanes run them
    /// (the parts' words handed on), gives the whole job's study.
    #[wasm_bindgen_test]
    fn a_split_deadlock_job_gives_the_whole_jobs_study() {
        for scheme in ["one", "dateline"] {
            let whole: Job = serde_json::from_str(&format!(
                r#"{{"kind":"deadlock","spec":"torus:k=4x4","routing":"dor","scheme":"{scheme}","vcs":2,"confirmed":false}}"#
            ))
            .unwrap();
            assert!(whole.split().is_none(), "one part: run whole");
            let job: Job = serde_json::from_str(&format!(
                r#"{{"kind":"deadlock","spec":"torus:k=4x4","routing":"dor","scheme":"{scheme}","vcs":2,"confirmed":false,"parts":3}}"#
            ))
            .unwrap();
            let (parts, finish) = job.split().expect("three parts");
            let mut words = Vec::new();
            for p in &parts {
                let (result, mut w) = run_attached(p, &[], &mut ignore, &mut |_| {}).unwrap();
                assert!(matches!(result, JobResult::DeadlockPart(_)));
                words.append(&mut w);
            }
            let (split, _) = run_attached(&finish, &words, &mut ignore, &mut |_| {}).unwrap();
            let one = run(&whole, &mut ignore).unwrap();
            let (JobResult::Deadlock(mut split), JobResult::Deadlock(one)) = (split, one) else {
                panic!("not deadlock studies")
            };
            assert_eq!(split.parts, 3);
            split.parts = 1;
            assert_eq!(split, one, "{scheme}");
            // Parts missing: refused, not a panic.
            let short = run_attached(&finish, &words[..2], &mut ignore, &mut |_| {});
            assert!(short.is_err());
        }
    }

    #[wasm_bindgen_test]
    fn a_chart_read_back_prints_the_same_csv() {
        let (sent, read) = round_trip(
            r#"{"kind":"chart","request":{"kind":"density","spec":"","strategy":"","n":7}}"#,
        );
        match (sent, read) {
            (JobResult::Chart(a), JobResult::Chart(b)) => assert_eq!(a.csv(), b.csv()),
            other => panic!("not a chart: {other:?}"),
        }
    }

    /// The result crosses as its own value inside the reply (not text, not tagged), and the
    /// page reads it as JSON text, unparsed, for the view to read as its kind.
    #[wasm_bindgen_test]
    fn the_result_is_a_value_inside_the_reply_not_text() {
        let (sent, _) = round_trip(
            r#"{"kind":"route","spec":"hypercube:n=4","strategy":"minimal","from":"0000","to":"1111","limit":64,"repeat":1}"#,
        );
        let text = serde_json::to_string(&Reply::Done {
            id: 1,
            result: sent,
        })
        .unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["done"]["id"], 1);
        assert_eq!(value["done"]["result"]["path_count"], "24");
        let Ok(Reply::Done { id: 1, result }) = read_reply(&text) else {
            panic!("not the reply sent: {text}")
        };
        let back: serde_json::Value = serde_json::from_str(result.get()).unwrap();
        assert_eq!(back, value["done"]["result"]);
    }
}
