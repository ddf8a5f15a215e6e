//! The data behind icnplay's charts: one builder per chart, the same numbers for the web
//! page (each drawn by its `ChartView` in `web/src/features/charts/`) and for
//! `icn chart NAME --format csv|json`.
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
//! Each chart is its data type, in its family's module, implementing `ChartDef`: its
//! facts (`ChartInfo`: name, title, family, `n`, seed), its request's validation into its
//! prepared state, its builder and its CSV. `density` (density, d2h2), `kyklos` (levels,
//! load, distances), `lens`, `hypercycle` (hc-distances, hc-loads, hc-sim), `d3`
//! (d3-mdf), `network` (net-distances, net-loads: any family). `registry` lists the
//! charts once and makes [`ChartKind`] and [`ChartData`] of the list; `request` validates
//! a request through it; `info` is what the chart modules share. Adding a chart: its data
//! type and `ChartDef` in its module, and one line in `registry`.

mod d3;
mod density;
mod hypercycle;
mod info;
mod kyklos;
mod lens;
mod network;
mod registry;
mod request;

pub use d3::D3MdfChart;
pub use density::{D2h2Chart, DensityChart, DensityRow, D2_SOURCE, MAX_D2H2_N, TR_SOURCE};
pub use hypercycle::{
    sim_config, sim_csv, HcDistanceRow, HcDistancesChart, HcLoadsChart, HcSimChart,
    HC_LOAD_ROUTINGS, SIM_DEFAULT_TICKS, SIM_MAX_TICKS, SIM_MIN_TICKS, SIM_STEP_EVENTS,
};
pub use info::{BuildError, ChartError, ChartFamily, ChartInput, CHART_BUDGET};
pub use kyklos::{
    load_assignment, DistanceRow, DistancesChart, LevelRow, LevelsChart, LoadChart, LoadRow,
    LEVELS_MAX_LEAVES, LOAD_MAX_LEAVES,
};
pub use lens::{LensDistanceRow, LensDistancesChart, LensLoadRow, LensLoadsChart};
pub use network::{
    loads_cost, net_distances, net_distances_csv, net_loads, net_loads_csv, NetDistanceRow,
    NetDistancesChart, NetLoadRow, NetLoadsChart, NET_LOAD_POINTS,
};
pub use registry::{ChartData, ChartKind};
pub use request::ChartRequest;

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
    registry::build(req.prepared(), progress, partial)
}
