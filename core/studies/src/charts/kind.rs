//! Which chart: [`ChartKind`], with each chart's facts ([`ChartInfo`], kept in the chart's
//! own module).

use serde::{Deserialize, Serialize};

use icn_engine::network::Network;

use super::info::{ChartFamily, ChartInfo};
use super::{d3, density, hypercycle, kyklos, lens, network};

/// Which chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChartKind {
    /// Maximum link traffic density against N (TR-88-27 Table 3 and the D2 paper).
    Density,
    /// Link traffic per level of one network and strategy.
    Levels,
    /// IB-node processing load per level.
    Load,
    /// Distance distributions P(2d) of M2, H2 and D2.
    Distances,
    /// D2 against H2 density by processor symmetry.
    D2h2,
    /// Lens processor and bus loads, completed against uncompleted.
    LensLoads,
    /// Lens processor distances, completed against uncompleted.
    LensDistances,
    /// A Hypercycle's distance distribution.
    HcDistances,
    /// Hypercycle channel loads, e-cube against random-greedy.
    HcLoads,
    /// The Hypercycles paper's Figure 2 simulation.
    HcSim,
    /// D3(K, M) against MDF(K, M) (Table 1's pair).
    D3Mdf,
    /// Any network's distance distribution.
    NetDistances,
    /// Any network's channel-load profile, one line per strategy.
    NetLoads,
}

impl ChartKind {
    /// Every chart, in menu order.
    pub const ALL: [ChartKind; 13] = [
        ChartKind::Density,
        ChartKind::Levels,
        ChartKind::Load,
        ChartKind::Distances,
        ChartKind::D2h2,
        ChartKind::LensLoads,
        ChartKind::LensDistances,
        ChartKind::HcDistances,
        ChartKind::HcLoads,
        ChartKind::HcSim,
        ChartKind::D3Mdf,
        ChartKind::NetDistances,
        ChartKind::NetLoads,
    ];

    /// The chart's facts (its module's `ChartInfo`).
    pub(super) fn info(self) -> &'static ChartInfo {
        match self {
            ChartKind::Density => &density::DENSITY,
            ChartKind::Levels => &kyklos::LEVELS,
            ChartKind::Load => &kyklos::LOAD,
            ChartKind::Distances => &kyklos::DISTANCES,
            ChartKind::D2h2 => &density::D2H2,
            ChartKind::LensLoads => &lens::LOADS,
            ChartKind::LensDistances => &lens::DISTANCES,
            ChartKind::HcDistances => &hypercycle::DISTANCES,
            ChartKind::HcLoads => &hypercycle::LOADS,
            ChartKind::HcSim => &hypercycle::SIM,
            ChartKind::D3Mdf => &d3::D3_MDF,
            ChartKind::NetDistances => &network::DISTANCES,
            ChartKind::NetLoads => &network::LOADS,
        }
    }

    /// The name in URLs (`chart=`) and on the command line (`icn chart NAME`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The chart called `name`.
    pub fn from_name(name: &str) -> Option<ChartKind> {
        ChartKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A short title.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// Whether the chart takes a KYKLOS spec and a strategy.
    pub fn takes_network(self) -> bool {
        self.family() == Some(ChartFamily::Kyklos)
    }

    /// The family of the chart's network (`t`), if it takes one.
    pub fn family(self) -> Option<ChartFamily> {
        self.info().family
    }

    /// Whether the chart takes a seed and a simulation length (`hc-sim`).
    pub fn takes_seed(self) -> bool {
        self == ChartKind::HcSim
    }

    /// The default network (`t`): TR-88-27's KYKLOS-II⟨2,2,6⟩ for the charts without one
    /// (so the default URL keeps its form), the Figure 2 4-cube for the Hypercycle charts,
    /// an 8 × 8 torus for the charts of any network.
    pub fn default_spec(self) -> &'static str {
        match self.family() {
            Some(ChartFamily::Lens) => "lens:p=3,q=3,n=3",
            Some(ChartFamily::Hypercycle) => "hypercube:n=4",
            Some(ChartFamily::D3) => "d3:k=3,m=4",
            Some(ChartFamily::Any) => "torus:k=8x8",
            Some(ChartFamily::Kyklos) | None => "kyklos2:m=2,r=2,n=6,shuffle=proposed",
        }
    }

    /// Whether `spec` is a network of this chart's family (or the chart takes none).
    pub fn suits(self, spec: &str) -> bool {
        let Some(family) = self.family() else {
            return true;
        };
        spec.parse::<Network>().is_ok_and(|net| match family {
            ChartFamily::Kyklos => net.kyklos().is_ok(),
            ChartFamily::Lens => net.lens().is_ok(),
            ChartFamily::Hypercycle => net.hypercycle().is_ok(),
            ChartFamily::D3 => net.d3().is_ok(),
            ChartFamily::Any => true,
        })
    }

    /// The range of `n` (for `density`, `distances`, `d2h2`), its meaning and default.
    pub fn n_range(self) -> Option<(u64, u64, u64, &'static str)> {
        self.info().n_range
    }
}
