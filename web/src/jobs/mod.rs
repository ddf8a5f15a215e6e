//! Jobs: computations that can take longer than a frame, run in the Web Worker
//! (`src/worker.rs`) and reported back to the page as JSON messages.
//!
//! The page posts a [`Request`] (a job with an id); the worker answers with
//! [`Reply::Progress`] messages while it works and one [`Reply::Done`] or
//! [`Reply::Failed`] at the end. A job cannot be interrupted inside the worker, so the
//! page cancels by terminating the worker (and starting a fresh one for the next job);
//! replies carry the job id, so a superseded job's late replies are ignored.

mod metrics;
mod papers;

use serde::{Deserialize, Serialize};

pub use metrics::{
    lens_loads_report, metrics_report, route_report, LensLoadsReport, MetricsReport, RouteReport,
};
pub use papers::{CellReport, ItemReport, PaperReport};

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
}

impl Job {
    /// A short description for progress messages.
    pub fn label(&self) -> String {
        match self {
            Job::Papers { paper } => format!("computing the tables of paper '{paper}'"),
            Job::Chart { request } => request.label(),
            Job::Metrics { spec, .. } => format!("computing the exact metrics of {spec}"),
            Job::LensLoads { spec } => format!("computing the loads of {spec}"),
            Job::Route { spec, from, to, .. } => format!("routing {from} → {to} in {spec}"),
            Job::Compare { specs } => format!("comparing {}", specs.join(" · ")),
        }
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

/// Worker → page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reply {
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
    /// The job's result, as the JSON of its result type.
    Done {
        /// The job.
        id: u64,
        /// The result (e.g. a [`PaperReport`]), JSON.
        result: String,
    },
    /// The job could not be computed.
    Failed {
        /// The job.
        id: u64,
        /// Why, for the user.
        message: String,
    },
}

/// Runs `job`, calling `progress(done, total, label)` between steps; returns the result
/// as JSON.
///
/// # Errors
/// A message for the user when the job cannot be computed.
pub fn run(job: &Job, progress: &mut dyn FnMut(usize, usize, &str)) -> Result<String, String> {
    match job {
        Job::Papers { paper } => {
            let report = papers::paper_report(paper, progress)?;
            serde_json::to_string(&report).map_err(|e| e.to_string())
        }
        Job::Chart { request } => {
            let data = icn_core::charts::build(request, progress).map_err(|e| e.to_string())?;
            serde_json::to_string(&data).map_err(|e| e.to_string())
        }
        Job::Metrics { spec, strategy } => {
            let report = metrics_report(spec, strategy.as_deref(), progress)?;
            serde_json::to_string(&report).map_err(|e| e.to_string())
        }
        Job::LensLoads { spec } => {
            let report = lens_loads_report(spec)?;
            serde_json::to_string(&report).map_err(|e| e.to_string())
        }
        Job::Route {
            spec,
            strategy,
            from,
            to,
            limit,
            repeat,
        } => {
            let report = route_report(spec, strategy, (from, to), *limit, *repeat)?;
            serde_json::to_string(&report).map_err(|e| e.to_string())
        }
        Job::Compare { specs } => {
            let rows = compare_rows(specs, progress)?;
            serde_json::to_string(&rows).map_err(|e| e.to_string())
        }
    }
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
