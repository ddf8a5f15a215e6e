//! What every chart module shares, below them all: a chart's facts ([`ChartInfo`]), the
//! family of its network ([`ChartFamily`]), and the checks its request makes ([`whole`],
//! [`over_budget`]).

use icn_engine::cost::Estimate;

use super::{ChartError, CHART_BUDGET};

/// Which family a chart's network (`t`) belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartFamily {
    /// KYKLOS (`levels`, `load`).
    Kyklos,
    /// The Lens.
    Lens,
    /// Hypercycles and hypercubes.
    Hypercycle,
    /// The Swapped Dragonfly.
    D3,
    /// Any family (`net-distances`, `net-loads`).
    Any,
}

/// A chart's facts, declared beside its builder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ChartInfo {
    /// The name in URLs and on the command line.
    pub name: &'static str,
    /// A short title.
    pub title: &'static str,
    /// The family of its network, if it takes one.
    pub family: Option<ChartFamily>,
    /// The range of its `n`, the default and its meaning, if it takes one.
    pub n_range: Option<(u64, u64, u64, &'static str)>,
}

/// Parses an optional whole number in `lo ..= hi`, naming `field` when it is not.
pub(super) fn whole(
    field: &'static str,
    text: Option<&str>,
    (lo, hi, default): (u64, u64, u64),
    what: &str,
) -> Result<u64, ChartError> {
    match text.map(str::trim) {
        None | Some("") => Ok(default),
        Some(text) => text
            .parse::<u64>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| ChartError {
                field,
                message: format!("'{text}' is not a whole number from {lo} to {hi} ({what})"),
            }),
    }
}

/// Refuses, at the `t` field, a chart whose estimate exceeds [`CHART_BUDGET`].
pub(super) fn over_budget(spec: &str, what: &str, e: Estimate) -> Result<(), ChartError> {
    if e.within(CHART_BUDGET) {
        return Ok(());
    }
    Err(ChartError {
        field: "t",
        message: format!(
            "{spec}: {what} would take about {:.1e} steps and {} MiB; charts compute up to {:.1e} steps and {} MiB (CHART_BUDGET): choose a smaller network",
            e.steps as f64,
            e.bytes >> 20,
            CHART_BUDGET.steps as f64,
            CHART_BUDGET.bytes >> 20
        ),
    })
}
