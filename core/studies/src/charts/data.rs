//! [`ChartData`]: one chart's rows, as JSON (tagged by the chart's name) and as CSV.

use serde::{Deserialize, Serialize};

use icn_analyses::{DragonflyLoads, HypercycleLoads};
use icn_sim::SimReport;

use super::{d3, density, hypercycle, kyklos, lens, network};
use super::{
    DensityRow, DistanceRow, HcDistanceRow, LensDistanceRow, LensLoadRow, LevelRow, LoadRow,
    NetDistanceRow, NetLoadRow,
};

/// A chart's data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "chart", rename_all = "lowercase")]
pub enum ChartData {
    /// `density`.
    Density {
        /// Every computed and printed point.
        rows: Vec<DensityRow>,
    },
    /// `levels`.
    Levels {
        /// The network.
        spec: String,
        /// The strategy.
        strategy: String,
        /// Per tree and level.
        rows: Vec<LevelRow>,
    },
    /// `load`.
    Load {
        /// The network.
        spec: String,
        /// The strategy.
        strategy: String,
        /// How joins are placed.
        assignment: String,
        /// Per level, 0 … n.
        rows: Vec<LoadRow>,
    },
    /// `distances`.
    Distances {
        /// n.
        n: u64,
        /// Per rule and distance.
        rows: Vec<DistanceRow>,
    },
    /// `d2h2`.
    D2h2 {
        /// Every computed and printed point.
        rows: Vec<DensityRow>,
    },
    /// `lens-loads`.
    #[serde(rename = "lens-loads")]
    LensLoads {
        /// Load values with their node counts, per lens and kind.
        rows: Vec<LensLoadRow>,
    },
    /// `lens-distances`.
    #[serde(rename = "lens-distances")]
    LensDistances {
        /// Ordered pairs per distance, per lens.
        rows: Vec<LensDistanceRow>,
    },
    /// `hc-distances`.
    #[serde(rename = "hc-distances")]
    HcDistances {
        /// The network.
        spec: String,
        /// Ordered pairs per distance.
        rows: Vec<HcDistanceRow>,
    },
    /// `hc-loads`.
    #[serde(rename = "hc-loads")]
    HcLoads {
        /// E-cube, then random-greedy (per hop).
        results: Vec<HypercycleLoads>,
    },
    /// `hc-sim`.
    #[serde(rename = "hc-sim")]
    HcSim {
        /// The sweep's results and configuration.
        report: Box<SimReport>,
    },
    /// `d3-mdf`.
    #[serde(rename = "d3-mdf")]
    D3Mdf {
        /// Both networks' distances and loads.
        result: Box<DragonflyLoads>,
    },
    /// `net-distances`.
    #[serde(rename = "net-distances")]
    NetDistances {
        /// The network, canonical.
        spec: String,
        /// The unit the paper counts distances in where it is not a link (`bus` for the
        /// Lens: each row's `hops`); absent for the other families.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
        /// Ordered pairs of distinct terminals per distance.
        rows: Vec<NetDistanceRow>,
    },
    /// `net-loads`.
    #[serde(rename = "net-loads")]
    NetLoads {
        /// The network, canonical.
        spec: String,
        /// Per strategy, the load at percentiles 0 … 100 of the channels.
        rows: Vec<NetLoadRow>,
    },
}

impl ChartData {
    /// The data as CSV, one line per row, with a header (docs/charts.md lists the columns).
    pub fn csv(&self) -> String {
        match self {
            ChartData::Density { rows } | ChartData::D2h2 { rows } => density::csv(rows),
            ChartData::Levels { rows, .. } => kyklos::levels_csv(rows),
            ChartData::Load { rows, .. } => kyklos::load_csv(rows),
            ChartData::Distances { rows, .. } => kyklos::distances_csv(rows),
            ChartData::LensLoads { rows } => lens::lens_loads_csv(rows),
            ChartData::LensDistances { rows } => lens::lens_distances_csv(rows),
            ChartData::HcDistances { rows, .. } => hypercycle::hc_distances_csv(rows),
            ChartData::HcLoads { results } => hypercycle::hc_loads_csv(results),
            ChartData::HcSim { report } => hypercycle::sim_csv(report),
            ChartData::D3Mdf { result } => d3::d3_mdf_csv(result),
            ChartData::NetDistances { rows, unit, .. } => {
                network::net_distances_csv(unit.as_deref(), rows)
            }
            ChartData::NetLoads { rows, .. } => network::net_loads_csv(rows),
        }
    }
}
