//! The bounds drawn beside each curve: the chosen routing's throughput bound for the
//! traffic simulated (uniform, a permutation, or any other pattern as its traffic matrix)
//! and the best any routing could do (the maximum concurrent flow), one worker job per
//! curve ([`Job::Throughput`], as `icn throughput --optimal`), each in a lane of its own
//! beside the points' lanes (`compute::use_answer_in`), with its progress and Cancel. An
//! adaptive routing (its shares depend on the queues) gets the optimal bound alone, and a
//! batch run none; the summary says why.

use std::sync::Arc;

use icn_core::analysis::throughput::optimal_estimate;
use icn_core::routing::registry;
use icn_core::sim::packet::adapt::Adapt;
use icn_core::sim::packet::{pattern_estimate, Pattern};
use icn_core::{Estimate, Network, CONFIRM_LIMIT};
use icn_web::jobs::{JobFor, OptimalReport, SimAsk, ThroughputAsk, ThroughputReport};
use icn_web_model::traffic::{parse_traffic, TrafficChoice};
use leptos::prelude::*;

use crate::compute::{self, use_answer_in, Answered, JobState, WhenNone};

/// The curves the view overlays at most (each with its bounds' lane, after the points').
pub const CURVES: usize = 2;

/// A curve's bounds, as far as they are known.
#[derive(Debug, Clone, PartialEq)]
pub enum CurveBounds {
    /// Computed.
    Done(Arc<ThroughputReport>),
    /// Computing: done of total, what; the routing's bound once known (the optimal one's
    /// linear program still solving).
    Running(usize, usize, String, Option<Arc<ThroughputReport>>),
    /// Not computed, and why (the traffic, the routing, the size, a failure, Cancel).
    Absent(String),
}

impl CurveBounds {
    /// The routing's bound and the optimal (lower, upper), in the simulator's terms.
    pub fn values(&self) -> (Option<f64>, Option<(f64, f64)>) {
        match self {
            CurveBounds::Done(r) | CurveBounds::Running(.., Some(r)) => r.simulated(),
            _ => (None, None),
        }
    }

    /// Why the optimal bound is not drawn: not asked (beyond the page's limit) or refused.
    pub fn optimal_note(&self) -> Option<String> {
        let CurveBounds::Done(r) = self else {
            return None;
        };
        let Some(optimal) = r.optimal.as_ref() else {
            return Some(
                "not computed in the page: beyond its work limit (icn throughput … --optimal)"
                    .into(),
            );
        };
        match optimal {
            OptimalReport::Bounds { .. } => None,
            OptimalReport::Failed { message } => Some(format!("not computed: {message}")),
        }
    }
}

/// Each curve's bounds job. `Copy`: hand it to the parts.
#[derive(Debug, Clone, Copy)]
pub struct SimBounds {
    /// What each curve's job computes, or why it has none.
    asks: Memo<Vec<Result<ThroughputAsk, String>>>,
    /// The jobs, one per curve.
    pub jobs: [Answered<Box<ThroughputReport>>; CURVES],
}

/// What a curve's bounds job computes, or why there is none: `batch` says the curve is
/// a batch-mode run, whose one run reads no load, so no rate bounds it.
fn ask_of((c, batch): &(SimAsk, bool)) -> Result<ThroughputAsk, String> {
    if *batch {
        return Err("none in batch mode: its one run reads no load, so no rate bounds it".into());
    }
    let net: Network = c.spec.parse().map_err(|e| format!("{e}"))?;
    let pattern = match parse_traffic(&c.traffic) {
        Ok(TrafficChoice::Uniform) => Pattern::Uniform,
        Ok(TrafficChoice::Pattern(p)) => p,
        Ok(_) => return Err(format!("none for {} traffic", c.traffic)),
        Err(e) => return Err(format!("none: {e}")),
    };
    let routing = registry::build(&net, &c.routing).map_err(|e| format!("none: {e}"))?;
    // A BookSim2 file's adaptive routing function (min_adapt, planar_adapt, anca) chooses
    // by its queues over an oblivious relation's hops: no load of its own either.
    let adaptive = c.setup(&net).is_ok_and(|s| s.adapt != Adapt::None);
    let oblivious = registry::build_oblivious(&net, &c.routing).is_ok() && !adaptive;
    let estimate = if oblivious {
        pattern_estimate(&net, routing.as_ref(), &pattern).map_err(|e| format!("none: {e}"))?
    } else {
        Estimate { steps: 0, bytes: 0 }
    };
    if !estimate.within(CONFIRM_LIMIT) {
        return Err(format!(
            "too large to compute in the page: icn throughput '{}' --routing {} --traffic '{}' --optimal",
            c.spec, c.routing, c.traffic
        ));
    }
    // The optimal bound only where it stays within the page's confirmation limit too.
    let optimal = optimal_estimate(&net).within(CONFIRM_LIMIT);
    if !oblivious && !optimal {
        return Err(format!(
            "none in the page: {} chooses by its queues, and the optimal bound is beyond the \
             page's work limit (icn throughput '{}' --traffic '{}' --optimal)",
            c.routing, c.spec, c.traffic
        ));
    }
    Ok(ThroughputAsk {
        spec: c.spec.clone(),
        routing: c.routing.clone(),
        traffic: c.traffic.clone(),
        optimal,
        adaptive,
    })
}

impl SimBounds {
    /// The bounds jobs of the curves whose fields `asks` holds, each with whether it is a
    /// batch-mode run.
    pub fn new(asks: Memo<Vec<(SimAsk, bool)>>) -> SimBounds {
        let asks = Memo::new(move |_| asks.with(|a| a.iter().map(ask_of).collect::<Vec<_>>()));
        let jobs = std::array::from_fn(|i| {
            use_answer_in::<Box<ThroughputReport>>(
                compute::lanes() + i,
                move || {
                    let ask = asks.with(|a| a.get(i).cloned())?.ok()?;
                    Some(JobFor::throughput(ask))
                },
                WhenNone::Clear,
            )
        });
        SimBounds { asks, jobs }
    }

    /// Curve `i`'s bounds.
    pub fn of(self, i: usize) -> CurveBounds {
        let ask = match self.asks.with(|a| a.get(i).cloned()) {
            Some(Ok(a)) => a,
            Some(Err(why)) => return CurveBounds::Absent(why),
            None => return CurveBounds::Absent(String::new()),
        };
        let Some(job) = self.jobs.get(i) else {
            return CurveBounds::Absent(String::new());
        };
        match job.state.get() {
            // A superseded job's result: the current one is about to start.
            JobState::Done(r) if r.ask != ask => {
                CurveBounds::Running(0, 0, "starting".into(), None)
            }
            JobState::Done(r) => CurveBounds::Done(Arc::new((**r).clone())),
            JobState::Running { done, total, label } => {
                let known =
                    compute::partial(&JobFor::throughput(ask)).map(|r| Arc::new((**r).clone()));
                CurveBounds::Running(done, total, label, known)
            }
            JobState::Failed(message) => CurveBounds::Absent(format!("not computed: {message}")),
            JobState::Crashed(c) => CurveBounds::Absent(format!("not computed: {}", c.message)),
            JobState::Idle => CurveBounds::Absent("not computed (cancelled)".into()),
        }
    }
}
