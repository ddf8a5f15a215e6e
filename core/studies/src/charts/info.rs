//! What every chart module shares, below them all: the [`ChartDef`] each chart's data type
//! implements, a chart's facts ([`ChartInfo`]), the family of its network
//! ([`ChartFamily`]), the request's fields as typed ([`ChartInput`]) and in canonical form
//! ([`Canonical`]), the errors ([`ChartError`], [`BuildError`]), the budget
//! ([`CHART_BUDGET`]) and the checks and CSV helpers the charts use.

use std::fmt;

use icn_engine::cost::{Budget, Estimate};
use icn_engine::network::Network;
use icn_graph::error::{ParamError, StrategyError};
use icn_sim::SimError;

/// The budget of one chart: what the browser's worker computes (with progress and
/// Cancel), and what `icn chart` computes. Beyond it the request is refused at the `t`
/// field, naming this limit.
pub const CHART_BUDGET: Budget = Budget {
    steps: 1 << 31,
    bytes: 512 << 20,
};

/// One chart, implemented by its data type in the chart's module and listed once in the
/// registry (`registry.rs`), which makes the chart's [`ChartKind`](super::ChartKind) and
/// [`ChartData`](super::ChartData) variants (named as the chart, `kebab-case`) of it.
pub(super) trait ChartDef: Sized {
    /// The chart's facts.
    const INFO: ChartInfo;
    /// What validating a request makes of its fields (the parsed and costed network).
    type Prepared: fmt::Debug;

    /// Validates the fields the chart uses (those it does not are ignored).
    ///
    /// # Errors
    /// The first field at fault, with a message naming the allowed values or the limit.
    fn prepare(input: &ChartInput<'_>) -> Result<(Canonical, Self::Prepared), ChartError>;

    /// Builds the chart, calling `progress(done, total, label)` between steps and, for a
    /// sweep, `partial` with the chart of the points computed so far (a prefix of the
    /// final rows).
    ///
    /// # Errors
    /// A computation that refused (not for a request [`ChartDef::prepare`] accepted, in
    /// practice).
    fn build(
        prepared: &Self::Prepared,
        progress: &mut dyn FnMut(usize, usize, &str),
        partial: &mut dyn FnMut(Self),
    ) -> Result<Self, BuildError>;

    /// The data as CSV, one line per row, with a header (docs/charts.md lists the columns).
    fn csv(&self) -> String;

    /// The steps [`ChartDef::build`] reports, for a progress bar before the first report.
    fn label(c: &Canonical) -> String {
        match Self::INFO.family {
            Some(_) => format!("{} of {}", Self::INFO.title, c.spec),
            None => format!("{}, n up to {}", Self::INFO.title, c.n),
        }
    }
}

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
    /// Whether it takes a seed and a simulation length.
    pub takes_seed: bool,
}

/// A request's canonical fields, as a chart's [`ChartDef::prepare`] makes them: equal
/// requests have equal fields. A field the chart does not use is empty or 0.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Canonical {
    /// The network, canonical.
    pub spec: String,
    /// The KYKLOS strategy.
    pub strategy: String,
    /// n.
    pub n: u64,
    /// The simulation's seed.
    pub seed: u64,
    /// Measured ticks.
    pub ticks: u64,
}

impl Canonical {
    /// The fields of a chart that takes only a network.
    pub fn spec(spec: String) -> Canonical {
        Canonical {
            spec,
            ..Canonical::default()
        }
    }
}

/// A chart request's fields as typed (URL parameters or CLI arguments); `None` or empty:
/// the chart's default.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChartInput<'a> {
    /// The chart's name.
    pub chart: &'a str,
    /// The network spec (`t`).
    pub spec: &'a str,
    /// The KYKLOS strategy (`s`).
    pub strategy: &'a str,
    /// n.
    pub n: Option<&'a str>,
    /// The seed (`hc-sim`).
    pub seed: Option<&'a str>,
    /// Measured ticks (`hc-sim`).
    pub ticks: Option<&'a str>,
}

/// A field of a [`ChartRequest`](super::ChartRequest) that is wrong, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct ChartError {
    /// `chart`, `t`, `s`, `n`, `seed` or `ticks` (the URL parameter / CLI argument).
    pub field: &'static str,
    /// For the user.
    pub message: String,
}

/// Why a validated chart could not be built (not for a request that
/// [`ChartRequest::new`](super::ChartRequest::new) accepted, in practice).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BuildError {
    /// A KYKLOS computation refused the network or the strategy.
    #[error("{0}")]
    Kyklos(String),
    /// A network of the chart could not be made.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// The simulator refused the configuration.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// A strategy the network lists could not be built.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
}

impl BuildError {
    /// A KYKLOS computation's refusal, with its message.
    pub(super) fn kyklos(e: impl ToString) -> BuildError {
        BuildError::Kyklos(e.to_string())
    }
}

/// The `n` of a chart that takes only `n` (its [`ChartInfo::n_range`]).
pub(super) fn n_only(
    info: &ChartInfo,
    input: &ChartInput<'_>,
) -> Result<(Canonical, u64), ChartError> {
    let Some((lo, hi, default, what)) = info.n_range else {
        return Err(ChartError {
            field: "chart",
            message: "this chart takes no n".into(),
        });
    };
    let n = whole("n", input.n, (lo, hi, default), what)?;
    Ok((
        Canonical {
            n,
            ..Canonical::default()
        },
        n,
    ))
}

/// Parses the network (`t`) of a chart that takes one.
pub(super) fn network(input: &ChartInput<'_>) -> Result<Network, ChartError> {
    input.spec.parse().map_err(|e| ChartError {
        field: "t",
        message: format!("{e}"),
    })
}

/// The refusal of `net` by a chart for `what` (another family).
pub(super) fn wrong_family(net: &Network, what: &str) -> ChartError {
    ChartError {
        field: "t",
        message: format!(
            "this chart is for {what}; '{}' is a {}",
            net.spec(),
            net.family().name
        ),
    }
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

/// Quotes a CSV field that holds a comma, a quote or a newline.
pub(super) fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// An optional CSV value: empty when absent.
pub(super) fn opt<T: ToString>(x: &Option<T>) -> String {
    x.as_ref().map_or(String::new(), ToString::to_string)
}
