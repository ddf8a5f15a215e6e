//! The data behind icnplay's charts: one builder per chart, the same numbers for the web
//! page (drawn by `web/src/charts/`) and for `icn chart NAME --format csv|json`.
//!
//! Every chart is asked for with a [`ChartRequest`] (validated by [`ChartRequest::new`],
//! which names the field at fault): the request holds the network it parsed and costed
//! against [`CHART_BUDGET`], so [`build`], which takes only a validated request and
//! reports progress between steps, parses nothing again. The result, a [`ChartData`], prints as CSV with [`ChartData::csv`]; the page's
//! CSV download is that text, byte for byte.
//!
//! | chart | what | computed by |
//! | --- | --- | --- |
//! | `density` | maximum link traffic density against N, K-1, M-2, H-2, P-2, Y-2 and D2, with TR-88-27 Table 3's and the D2 paper's printed values | [`Kyklos::max_link_traffic`](icn_families::kyklos::Kyklos::max_link_traffic), [`density`](icn_families::kyklos::density) |
//! | `levels` | link traffic per tree and level, one network and strategy | [`Kyklos::link_traffic_by_symmetry`](icn_families::kyklos::Kyklos::link_traffic_by_symmetry) |
//! | `load` | IB-node processing load (partial joins) per level | [`Kyklos::midpoint_join_load`](icn_families::kyklos::Kyklos::midpoint_join_load), [`Kyklos::h2_join_load`](icn_families::kyklos::Kyklos::h2_join_load), [`Kyklos::y2_join_load`](icn_families::kyklos::Kyklos::y2_join_load) |
//! | `distances` | P(2d) for M2, H2 and D2 from processor 0, with the averages | [`strategy_distances`](icn_families::kyklos::tables::strategy_distances) |
//! | `d2h2` | D2 against H2 density for n = 3 … max by processor symmetry | [`density`](icn_families::kyklos::density) |
//! | `lens-loads` | processor and bus load distributions, completed against uncompleted | [`Lens::loads`](icn_families::lens::Lens::loads) |
//! | `lens-distances` | processor distance distributions (busses), completed against uncompleted | [`icn_engine::metrics::distance_distribution`] |
//! | `hc-distances` | a Hypercycle's distance distribution | [`icn_engine::metrics::distance_distribution`] (closed form) |
//! | `hc-loads` | Hypercycle channel loads, e-cube against random-greedy | [`icn_analyses::hypercycle_loads()`] |
//! | `hc-sim` | the Hypercycles paper's Figure 2: set-up delay against offered load | [`icn_sim::Sweep`] |
//! | `d3-mdf` | D3(K, M) against MDF(K, M), Table 1's pair: distances, local and global loads | [`icn_analyses::d3_vs_mdf`] |
//! | `net-distances` | any network's distance distribution over ordered pairs of terminals | [`icn_engine::metrics::distance_distribution`] |
//! | `net-loads` | any network's channel-load profile under each of its strategies | [`icn_engine::metrics::channel_loads`] |
//!
//! Conventions (docs/charts.md): KYKLOS link traffic counts every *ordered* pair of L-nodes
//! once, split equally among its routes, and adds both directions of a link (per link);
//! the Lens, Hypercycle, Dragonfly and any-network charts count ordered pairs too, Lens
//! loads per node, the others' loads per directed channel (per direction).
//!
//! One module per family of charts, each holding its charts' facts (`ChartInfo`), request
//! checking and costing, builders, rows and CSV: `density` (density, d2h2), `kyklos`
//! (levels, load, distances), `lens`, `hypercycle` (hc-distances, hc-loads, hc-sim), `d3`
//! (d3-mdf), `network` (net-distances, net-loads: any family). `kind` names the charts, `request` validates a request, `data` holds
//! [`ChartData`]. Adding a chart: its module (or a function in its family's), a
//! [`ChartKind`] and a [`ChartData`] variant, and one line in each dispatch below.

mod d3;
mod data;
mod density;
mod hypercycle;
mod info;
mod kind;
mod kyklos;
mod lens;
mod network;
mod request;

pub use data::ChartData;
pub use density::{DensityRow, D2_SOURCE, MAX_D2H2_N, TR_SOURCE};
pub use hypercycle::{
    sim_config, sim_csv, HcDistanceRow, HC_LOAD_ROUTINGS, SIM_DEFAULT_TICKS, SIM_MAX_TICKS,
    SIM_MIN_TICKS, SIM_STEP_EVENTS,
};
pub use info::ChartFamily;
pub use kind::ChartKind;
pub use kyklos::{
    load_assignment, DistanceRow, LevelRow, LoadRow, LEVELS_MAX_LEAVES, LOAD_MAX_LEAVES,
};
pub use lens::{LensDistanceRow, LensLoadRow};
pub use network::{
    loads_cost, net_distances, net_distances_csv, net_loads, net_loads_csv, NetDistanceRow,
    NetLoadRow, NET_LOAD_POINTS,
};
pub use request::{ChartError, ChartInput, ChartRequest};

use icn_engine::cost::Budget;
use icn_engine::network::Network;
use icn_families::d3::D3;
use icn_families::hypercycle::Hypercycle;
use icn_families::lens::Lens;
use icn_graph::error::{ParamError, StrategyError};
use icn_sim::{SimConfig, SimError};

/// The budget of one chart: what the browser's worker computes (with progress and
/// Cancel), and what `icn chart` computes. Beyond it the request is refused at the `t`
/// field, naming this limit.
pub const CHART_BUDGET: Budget = Budget {
    steps: 1 << 31,
    bytes: 512 << 20,
};

/// What a validated request holds: the chart with the network it parsed and costed.
#[derive(Debug, Clone)]
enum Chart {
    Density(u64),
    D2h2(u64),
    Distances(u64),
    Levels(kyklos::KyklosChart),
    Load(kyklos::KyklosChart),
    LensLoads(Lens),
    LensDistances(Lens),
    HcDistances(Hypercycle),
    HcLoads(Hypercycle),
    HcSim(Hypercycle, SimConfig),
    D3Mdf(D3),
    NetDistances(Network),
    NetLoads(Network),
}

/// Why a validated chart could not be built (not for a request that
/// [`ChartRequest::new`] accepted, in practice).
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
    fn kyklos(e: impl ToString) -> BuildError {
        BuildError::Kyklos(e.to_string())
    }
}

/// Builds the chart's data, calling `progress(done, total, label)` between steps.
///
/// # Errors
/// A message for the user when a strategy is not defined on a network (not for a request
/// that [`ChartRequest::new`] accepted, in practice).
pub fn build(
    req: &ChartRequest,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<ChartData, BuildError> {
    build_partial(req, progress, &mut |_| {})
}

/// [`build`], also handing `partial` the chart of the points computed so far each time a
/// sweep finishes one (the `density`, `d2h2` and `hc-sim` charts; the others are computed
/// in one piece and never call it): a reader who stops a long sweep keeps what it computed.
/// Each partial chart is a prefix of the final one's rows, in the same order.
///
/// # Errors
/// As [`build`].
pub fn build_partial(
    req: &ChartRequest,
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(&ChartData),
) -> Result<ChartData, BuildError> {
    match req.chart() {
        Chart::Density(n) => density::density_chart(*n, progress, partial),
        Chart::D2h2(n) => density::d2h2_chart(*n, progress, partial),
        Chart::Distances(n) => kyklos::distances_chart(*n, progress),
        Chart::Levels(c) => c.levels(progress),
        Chart::Load(c) => c.load(progress),
        Chart::LensLoads(l) => lens::loads_chart(l, progress),
        Chart::LensDistances(l) => lens::distances_chart(l, progress),
        Chart::HcDistances(h) => Ok(hypercycle::distances_chart(h, progress)),
        Chart::HcLoads(h) => Ok(hypercycle::loads_chart(h, progress)),
        Chart::HcSim(h, cfg) => hypercycle::sim_chart(h, cfg, progress, partial),
        Chart::D3Mdf(d) => Ok(d3::chart(d, progress)),
        Chart::NetDistances(net) => Ok(network::distances_chart(net, progress)),
        Chart::NetLoads(net) => network::loads_chart(net, progress),
    }
}

/// Quotes a CSV field that holds a comma, a quote or a newline.
fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// An optional CSV value: empty when absent.
fn opt<T: ToString>(x: &Option<T>) -> String {
    x.as_ref().map_or(String::new(), ToString::to_string)
}
