//! The data behind icnplay's charts: one builder per chart, the same numbers for the web
//! page (drawn by `web/src/charts/`) and for `icn chart NAME --format csv|json`.
//!
//! Every chart is asked for with a [`ChartRequest`] (validated by [`ChartRequest::new`],
//! which names the field at fault) and built by [`build`], which reports progress between
//! steps. The result, a [`ChartData`], prints as CSV with [`ChartData::csv`]; the page's
//! CSV download is that text, byte for byte.
//!
//! | chart | what | computed by |
//! | --- | --- | --- |
//! | `density` | maximum link traffic density against N, K-1, M-2, H-2, P-2, Y-2 and D2, with TR-88-27 Table 3's and the D2 paper's printed values | [`Kyklos::max_link_traffic`], [`density`] |
//! | `levels` | link traffic per tree and level, one network and strategy | [`Kyklos::link_traffic_by_symmetry`] |
//! | `load` | IB-node processing load (partial joins) per level | [`Kyklos::midpoint_join_load`], [`Kyklos::h2_join_load`], [`Kyklos::y2_join_load`] |
//! | `distances` | P(2d) for M2, H2 and D2 from processor 0, with the averages | [`strategy_distances`] |
//! | `d2h2` | D2 against H2 density for n = 3 … max by processor symmetry | [`density`] |
//! | `lens-loads` | processor and bus load distributions, completed against uncompleted | [`Lens::loads`](crate::topology::lens::Lens::loads) |
//! | `lens-distances` | processor distance distributions (busses), completed against uncompleted | [`crate::metrics::distance_distribution`] |
//! | `hc-distances` | a Hypercycle's distance distribution | [`crate::metrics::distance_distribution`] (closed form) |
//! | `hc-loads` | Hypercycle channel loads, e-cube against random-greedy | [`crate::analysis::hypercycle_loads`] |
//! | `hc-sim` | the Hypercycles paper's Figure 2: set-up delay against offered load | [`crate::sim::Sweep`] |
//! | `d3-mdf` | D3(K, M) against the MDF of similar size: distances, local and global loads | [`crate::analysis::d3_vs_mdf`] |
//!
//! Conventions (docs/charts.md): KYKLOS link traffic counts every *ordered* pair of L-nodes
//! once, split equally among its routes, and adds both directions of a link (per link);
//! the Lens, Hypercycle and Dragonfly charts count ordered pairs too, Lens loads per node,
//! Hypercycle and Dragonfly loads per directed channel (per direction).

mod families;

pub use families::{
    sim_csv, HcDistanceRow, LensDistanceRow, LensLoadRow, HC_LOAD_ROUTINGS, SIM_DEFAULT_TICKS,
    SIM_MAX_TICKS, SIM_MIN_TICKS, SIM_STEP_EVENTS,
};

use serde::{Deserialize, Serialize};

use crate::analysis::strategy_distances;
use crate::analysis::{d3_vs_mdf_cost, hypercycle_loads_cost, DragonflyLoads, HypercycleLoads};
use crate::cost::{Budget, Estimate};
use crate::graph::Topology;
use crate::network::Network;
use crate::papers::d2::{D2_PRINTED, H2_PRINTED};
use crate::papers::kyklos_traffic::{DENSITY_COLUMNS, DENSITY_PRINTED};
use crate::sim::SimReport;
use crate::topology::d3::D3;
use crate::topology::hypercycle::Hypercycle;
use crate::topology::kyklos::{density, DensityRule, Kyklos, KyklosRouting, Shuffle};
use crate::topology::lens::Lens;

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
    /// D3(K, M) against the MDF of similar size.
    D3Mdf,
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
}

/// The budget of one chart: what the browser's worker computes (with progress and
/// Cancel), and what `icn chart` computes. Beyond it the request is refused at the `t`
/// field, naming this limit.
pub const CHART_BUDGET: Budget = Budget {
    steps: 1 << 31,
    bytes: 512 << 20,
};

/// The source of TR-88-27's printed values.
pub const TR_SOURCE: &str = "TR-88-27 Table 3";
/// The source of the D2 paper's printed values.
pub const D2_SOURCE: &str = "D2 paper §4";

impl ChartKind {
    /// Every chart, in menu order.
    pub const ALL: [ChartKind; 11] = [
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
    ];

    /// The name in URLs (`chart=`) and on the command line (`icn chart NAME`).
    pub fn name(self) -> &'static str {
        match self {
            ChartKind::Density => "density",
            ChartKind::Levels => "levels",
            ChartKind::Load => "load",
            ChartKind::Distances => "distances",
            ChartKind::D2h2 => "d2h2",
            ChartKind::LensLoads => "lens-loads",
            ChartKind::LensDistances => "lens-distances",
            ChartKind::HcDistances => "hc-distances",
            ChartKind::HcLoads => "hc-loads",
            ChartKind::HcSim => "hc-sim",
            ChartKind::D3Mdf => "d3-mdf",
        }
    }

    /// The chart called `name`.
    pub fn from_name(name: &str) -> Option<ChartKind> {
        ChartKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A short title.
    pub fn title(self) -> &'static str {
        match self {
            ChartKind::Density => "Maximum link traffic density against N",
            ChartKind::Levels => "Link traffic per level",
            ChartKind::Load => "IB-node processing load per level",
            ChartKind::Distances => "Distance distributions P(2d)",
            ChartKind::D2h2 => "D2 against H2 traffic density",
            ChartKind::LensLoads => "Lens loads, completed against uncompleted",
            ChartKind::LensDistances => "Lens distances, completed against uncompleted",
            ChartKind::HcDistances => "Hypercycle distance distribution",
            ChartKind::HcLoads => "Hypercycle link load, e-cube against random-greedy",
            ChartKind::HcSim => "Hypercycles Figure 2: set-up delay against offered load",
            ChartKind::D3Mdf => "D3 against MDF: distances and link loads",
        }
    }

    /// Whether the chart takes a KYKLOS spec and a strategy.
    pub fn takes_network(self) -> bool {
        matches!(self, ChartKind::Levels | ChartKind::Load)
    }

    /// The family of the chart's network (`t`), if it takes one.
    pub fn family(self) -> Option<ChartFamily> {
        match self {
            ChartKind::Levels | ChartKind::Load => Some(ChartFamily::Kyklos),
            ChartKind::LensLoads | ChartKind::LensDistances => Some(ChartFamily::Lens),
            ChartKind::HcDistances | ChartKind::HcLoads | ChartKind::HcSim => {
                Some(ChartFamily::Hypercycle)
            }
            ChartKind::D3Mdf => Some(ChartFamily::D3),
            ChartKind::Density | ChartKind::Distances | ChartKind::D2h2 => None,
        }
    }

    /// Whether the chart takes a seed and a simulation length (`hc-sim`).
    pub fn takes_seed(self) -> bool {
        self == ChartKind::HcSim
    }

    /// The default network (`t`): TR-88-27's KYKLOS-II⟨2,2,6⟩ for the charts without one
    /// (so the default URL keeps its form), the Figure 2 4-cube for the Hypercycle charts.
    pub fn default_spec(self) -> &'static str {
        match self.family() {
            Some(ChartFamily::Lens) => "lens:p=3,q=3,n=3",
            Some(ChartFamily::Hypercycle) => "hypercube:n=4",
            Some(ChartFamily::D3) => "d3:k=3,m=4",
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
        })
    }

    /// The range of `n` (for `density`, `distances`, `d2h2`), its meaning and default.
    pub fn n_range(self) -> Option<(u64, u64, u64, &'static str)> {
        match self {
            ChartKind::Density => Some((
                2,
                12,
                10,
                "largest n (N = 2ⁿ, n even for Table 3's strategies)",
            )),
            ChartKind::Distances => Some((2, 16, 6, "n (N = 2ⁿ processors)")),
            ChartKind::D2h2 => Some((3, MAX_D2H2_N, 20, "largest n (N = 2ⁿ processors)")),
            _ => None,
        }
    }
}

/// The largest n of the `d2h2` chart ([`crate::topology::kyklos::MAX_DENSITY_N`]).
pub const MAX_D2H2_N: u64 = crate::topology::kyklos::MAX_DENSITY_N as u64;

/// At most this many L-nodes for `levels` (the symmetry method costs about
/// r·Σ_v (m^(n−v))² additions: 10⁸ at 4096).
pub const LEVELS_MAX_LEAVES: usize = 4096;

/// At most this many L-nodes for `load` (all N² ordered pairs are assigned).
pub const LOAD_MAX_LEAVES: usize = 1024;

/// A field of a [`ChartRequest`] that is wrong, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartError {
    /// `chart`, `t`, `s`, `n`, `seed` or `ticks` (the URL parameter / CLI argument).
    pub field: &'static str,
    /// For the user.
    pub message: String,
}

impl std::fmt::Display for ChartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for ChartError {}

/// A validated chart request: the chart and the parameters it uses, in canonical form
/// (so equal requests compare equal, for caching).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChartRequest {
    /// The chart.
    pub kind: ChartKind,
    /// `levels`, `load`: the KYKLOS spec, canonical; empty otherwise.
    pub spec: String,
    /// `levels`, `load`: the strategy name; empty otherwise.
    pub strategy: String,
    /// `density`, `distances`, `d2h2`: n; 0 otherwise.
    pub n: u64,
    /// `hc-sim`: the seed; 0 otherwise.
    #[serde(default)]
    pub seed: u64,
    /// `hc-sim`: measured ticks; 0 otherwise.
    #[serde(default)]
    pub ticks: u64,
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

/// Parses an optional whole number in `lo ..= hi`, naming `field` when it is not.
fn whole(
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

/// The strategies the `load` chart assigns joins for, and how.
pub fn load_assignment(kind: KyklosRouting) -> &'static str {
    match kind {
        KyklosRouting::Hr => "H-2 quasi-level assignment",
        KyklosRouting::Y2 => "Y-2 level loading (§VII)",
        _ => "mid-point of each route",
    }
}

impl ChartRequest {
    /// Validates the parameters of chart `chart`: `spec` and `strategy` for `levels` and
    /// `load`, `n` for the others (`None`: the chart's default). Parameters a chart does
    /// not use are ignored.
    ///
    /// # Errors
    /// The first field at fault, with a message naming the allowed values.
    pub fn new(
        chart: &str,
        spec: &str,
        strategy: &str,
        n: Option<&str>,
    ) -> Result<ChartRequest, ChartError> {
        ChartRequest::from_input(&ChartInput {
            chart,
            spec,
            strategy,
            n,
            ..ChartInput::default()
        })
    }

    /// Validates every field a chart uses (see [`ChartRequest::new`]), the seed and
    /// measured ticks of `hc-sim` included, and the cost of the Lens, Hypercycle and D3
    /// charts against [`CHART_BUDGET`].
    ///
    /// # Errors
    /// The first field at fault, with a message naming the allowed values or the limit.
    pub fn from_input(input: &ChartInput<'_>) -> Result<ChartRequest, ChartError> {
        let ChartInput {
            chart,
            spec,
            strategy,
            n,
            seed,
            ticks,
        } = *input;
        let kind = ChartKind::from_name(chart).ok_or_else(|| ChartError {
            field: "chart",
            message: format!(
                "no chart '{chart}'; charts: {}",
                ChartKind::ALL.map(ChartKind::name).join(", ")
            ),
        })?;
        if kind.takes_network() {
            let (k, s) = kyklos_and_strategy(kind, spec, strategy)?;
            return Ok(ChartRequest {
                kind,
                spec: k.spec_string(),
                strategy: s.name().into(),
                n: 0,
                seed: 0,
                ticks: 0,
            });
        }
        if kind.family().is_some() {
            let spec = match families_network(kind, spec)? {
                FamilyNet::Lens(l) => l.spec_string(),
                FamilyNet::Hypercycle(h) => h.spec_string(),
                FamilyNet::D3(d) => d.spec_string(),
            };
            let (seed, ticks) = if kind.takes_seed() {
                let seed = whole("seed", seed, (0, u64::MAX, 1), "the simulation's seed")?;
                let ticks = whole(
                    "ticks",
                    ticks,
                    (SIM_MIN_TICKS, SIM_MAX_TICKS, SIM_DEFAULT_TICKS),
                    "measured ticks; a transmission lasts 100",
                )?;
                (seed, ticks)
            } else {
                (0, 0)
            };
            let req = ChartRequest {
                kind,
                spec,
                strategy: String::new(),
                n: 0,
                seed,
                ticks,
            };
            if kind == ChartKind::HcSim {
                // The simulator's own limits (arrivals per point, channels).
                let FamilyNet::Hypercycle(h) = families_network(kind, &req.spec)? else {
                    unreachable!("hc-sim takes a Hypercycle")
                };
                crate::sim::Sweep::new(&h, &families::sim_config(&h, req.seed, req.ticks))
                    .map_err(|e| ChartError {
                        field: if matches!(e, crate::sim::SimError::TooLarge { .. }) {
                            "ticks"
                        } else {
                            "t"
                        },
                        message: e.to_string(),
                    })?;
            }
            return Ok(req);
        }
        let Some(range) = kind.n_range() else {
            return Err(ChartError {
                field: "chart",
                message: "this chart takes no n".into(),
            });
        };
        let (lo, hi, default, what) = range;
        let n = whole("n", n, (lo, hi, default), what)?;
        Ok(ChartRequest {
            kind,
            spec: String::new(),
            strategy: String::new(),
            n,
            seed: 0,
            ticks: 0,
        })
    }

    /// The steps [`build`] reports (for a progress bar before the first report).
    pub fn label(&self) -> String {
        match self.kind {
            ChartKind::Levels | ChartKind::Load => {
                format!(
                    "{} of {} under {}",
                    self.kind.title(),
                    self.spec,
                    self.strategy
                )
            }
            ChartKind::HcSim => format!(
                "{} of {}, seed {}, {} ticks",
                self.kind.title(),
                self.spec,
                self.seed,
                self.ticks
            ),
            k if k.family().is_some() => format!("{} of {}", k.title(), self.spec),
            _ => format!("{}, n up to {}", self.kind.title(), self.n),
        }
    }
}

/// The network of a Lens, Hypercycle or D3 chart.
enum FamilyNet {
    Lens(Lens),
    Hypercycle(Hypercycle),
    D3(D3),
}

fn over_budget(spec: &str, what: &str, e: Estimate) -> Result<(), ChartError> {
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

/// Parses, checks the family of and costs the network of a Lens, Hypercycle or D3 chart.
fn families_network(kind: ChartKind, spec: &str) -> Result<FamilyNet, ChartError> {
    let net: Network = spec.parse().map_err(|e| ChartError {
        field: "t",
        message: format!("{e}"),
    })?;
    let wrong = |what: &str| ChartError {
        field: "t",
        message: format!(
            "this chart is for {what}; '{}' is a {}",
            net.spec(),
            net.family().name
        ),
    };
    match (kind.family(), net.lens(), net.hypercycle(), net.d3()) {
        (Some(ChartFamily::Lens), Ok(l), _, _) => {
            if l.p() != l.q() || l.n() < 2 {
                return Err(ChartError {
                    field: "t",
                    message: format!(
                        "{} cannot be completed (that needs q = p and n ≥ 2), so there is nothing to compare: e.g. lens:p={},q={},n=3",
                        l.spec_string(),
                        l.p(),
                        l.p()
                    ),
                });
            }
            let lens = Lens::new(u64::from(l.p()), u64::from(l.q()), l.n() as u64, false).map_err(
                |e| ChartError {
                    field: "t",
                    message: e.to_string(),
                },
            )?;
            let nodes = lens.node_count() as u64;
            let walk = nodes.saturating_add(lens.link_formula().saturating_mul(2));
            let cost = if kind == ChartKind::LensLoads {
                // Two lenses; the completed one costs one pass by its symmetry.
                Estimate {
                    steps: lens
                        .loads_cost()
                        .saturating_add(walk.saturating_mul(l.n() as u64)),
                    bytes: walk.saturating_mul(24),
                }
            } else {
                Estimate {
                    steps: (lens.processor_count() as u64)
                        .saturating_mul(walk)
                        .saturating_mul(2),
                    bytes: nodes.saturating_mul(8),
                }
            };
            over_budget(&lens.spec_string(), "both lenses' numbers", cost)?;
            Ok(FamilyNet::Lens(lens))
        }
        (Some(ChartFamily::Hypercycle), _, Ok(h), _) => {
            let cost = match kind {
                ChartKind::HcLoads => {
                    let one = hypercycle_loads_cost(h);
                    Estimate {
                        steps: one.steps.saturating_mul(2),
                        bytes: one.bytes,
                    }
                }
                ChartKind::HcSim => Estimate { steps: 0, bytes: 0 },
                _ => net.cost().info,
            };
            over_budget(&h.spec_string(), "this chart", cost)?;
            Ok(FamilyNet::Hypercycle(h.clone()))
        }
        (Some(ChartFamily::D3), _, _, Ok(d)) => {
            over_budget(&d.spec_string(), "D3 and its MDF", d3_vs_mdf_cost(d))?;
            Ok(FamilyNet::D3(d.clone()))
        }
        (Some(ChartFamily::Lens), ..) => Err(wrong("Lens networks (lens:p=…,q=…,n=…)")),
        (Some(ChartFamily::Hypercycle), ..) => {
            Err(wrong("Hypercycles (hypercube:n=… or hypercycle:m=…,rho=…)"))
        }
        (Some(ChartFamily::D3), ..) => Err(wrong("Swapped Dragonflies (d3:k=…,m=…)")),
        _ => Err(ChartError {
            field: "chart",
            message: "this chart takes no network".into(),
        }),
    }
}

fn kyklos_and_strategy(
    kind: ChartKind,
    spec: &str,
    strategy: &str,
) -> Result<(Kyklos, KyklosRouting), ChartError> {
    let net: Network = spec.parse().map_err(|e| ChartError {
        field: "t",
        message: format!("{e}"),
    })?;
    let Ok(k) = net.kyklos().cloned() else {
        return Err(ChartError {
            field: "t",
            message: "this chart is for KYKLOS networks (kyklos1:… or kyklos2:…)".into(),
        });
    };
    let (limit, why) = match kind {
        ChartKind::Load => (LOAD_MAX_LEAVES, "every ordered pair's join is assigned"),
        _ => (LEVELS_MAX_LEAVES, "the symmetry method's cost grows as N²"),
    };
    if k.leaf_count() > limit {
        return Err(ChartError {
            field: "t",
            message: format!(
                "{} has {} L-nodes; this chart computes up to {limit} ({why})",
                k.spec_string(),
                k.leaf_count()
            ),
        });
    }
    let s = strategy.parse::<KyklosRouting>().map_err(|_| ChartError {
        field: "s",
        message: format!(
            "no strategy '{strategy}'; strategies: {}",
            KyklosRouting::ALL.map(KyklosRouting::name).join(", ")
        ),
    })?;
    if let Some(why) = k.unsupported(s) {
        return Err(ChartError {
            field: "s",
            message: why,
        });
    }
    if kind == ChartKind::Load && s == KyklosRouting::Hr && k.h().is_none() {
        return Err(ChartError {
            field: "s",
            message: "the H-2 join assignment needs the proposed shuffle with n mod r = 0".into(),
        });
    }
    Ok((k, s))
}

/// One point of a density-against-N chart: a computed value, a printed one, or both.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DensityRow {
    /// The series (K-1, M-2, H-2, P-2, Y-2, D2, H2).
    pub series: String,
    /// n.
    pub n: u64,
    /// N = 2ⁿ L-nodes (processors).
    pub nodes: u64,
    /// The computed maximum link traffic (ordered pairs, both directions, per link).
    pub computed: Option<f64>,
    /// The same as an exact fraction, where it is computed exactly.
    pub exact: Option<String>,
    /// The level(s) where the maximum occurs (D2 paper's density), space separated.
    pub levels: Option<String>,
    /// The paper's printed value.
    pub printed: Option<f64>,
    /// Which paper printed it.
    pub source: Option<String>,
}

/// The links between level v − 1 and level v of one tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LevelRow {
    /// The tree.
    pub tree: usize,
    /// The upper level v (1 … n).
    pub level: usize,
    /// Links at this level.
    pub links: usize,
    /// Their total traffic.
    pub total: f64,
    /// The busiest link's traffic.
    pub max: f64,
    /// The mean traffic per link.
    pub mean: f64,
}

/// The nodes of one level and their partial joins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoadRow {
    /// The level v (0: L-nodes, whose own pairs i = j join there).
    pub level: usize,
    /// Nodes at this level (all trees).
    pub nodes: usize,
    /// Partial joins at this level.
    pub total: f64,
    /// The most at one node.
    pub max: f64,
    /// The mean per node.
    pub mean: f64,
}

/// One strategy's count at one distance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DistanceRow {
    /// M2, H2 or D2.
    pub rule: String,
    /// The distance 2d (hops).
    pub distance: usize,
    /// P(2d): processors at that distance from processor 0.
    pub processors: usize,
    /// The rule's average distance, 1/2ⁿ Σ 2d·P(2d) (processor 0 itself included, as the
    /// paper's sums).
    pub average: f64,
    /// The same as an exact fraction (`None` when it is an integer).
    #[serde(default)]
    pub average_exact: Option<String>,
}

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
}

fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn opt<T: ToString>(x: &Option<T>) -> String {
    x.as_ref().map_or(String::new(), ToString::to_string)
}

impl ChartData {
    /// The data as CSV, one line per row, with a header (docs/charts.md lists the columns).
    pub fn csv(&self) -> String {
        let mut out = String::new();
        match self {
            ChartData::Density { rows } | ChartData::D2h2 { rows } => {
                out.push_str("series,n,N,computed,exact,levels,printed,source\n");
                for r in rows {
                    out.push_str(&format!(
                        "{},{},{},{},{},{},{},{}\n",
                        quote(&r.series),
                        r.n,
                        r.nodes,
                        opt(&r.computed),
                        opt(&r.exact),
                        opt(&r.levels),
                        opt(&r.printed),
                        quote(&opt(&r.source)),
                    ));
                }
            }
            ChartData::Levels { rows, .. } => {
                out.push_str("tree,level,links,total,max,mean\n");
                for r in rows {
                    out.push_str(&format!(
                        "{},{},{},{},{},{}\n",
                        r.tree, r.level, r.links, r.total, r.max, r.mean
                    ));
                }
            }
            ChartData::Load { rows, .. } => {
                out.push_str("level,nodes,total,max,mean\n");
                for r in rows {
                    out.push_str(&format!(
                        "{},{},{},{},{}\n",
                        r.level, r.nodes, r.total, r.max, r.mean
                    ));
                }
            }
            ChartData::Distances { rows, .. } => {
                out.push_str("rule,distance,processors,average,average_exact\n");
                for r in rows {
                    out.push_str(&format!(
                        "{},{},{},{},{}\n",
                        r.rule,
                        r.distance,
                        r.processors,
                        r.average,
                        opt(&r.average_exact)
                    ));
                }
            }
            ChartData::LensLoads { rows } => out = families::lens_loads_csv(rows),
            ChartData::LensDistances { rows } => out = families::lens_distances_csv(rows),
            ChartData::HcDistances { rows, .. } => out = families::hc_distances_csv(rows),
            ChartData::HcLoads { results } => out = families::hc_loads_csv(results),
            ChartData::HcSim { report } => out = families::sim_csv(report),
            ChartData::D3Mdf { result } => out = families::d3_mdf_csv(result),
        }
        out
    }
}

fn kyklos(shuffle: Shuffle, n: u64) -> Result<Kyklos, String> {
    Kyklos::new(shuffle, 2, 2, n).map_err(|e| e.to_string())
}

/// Builds the chart's data, calling `progress(done, total, label)` between steps.
///
/// # Errors
/// A message for the user when a strategy is not defined on a network (not for a request
/// that [`ChartRequest::new`] accepted, in practice).
pub fn build(
    req: &ChartRequest,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<ChartData, String> {
    let tidy = crate::metrics::tidy;
    let family_error = |e: ChartError| e.to_string();
    match req.kind {
        ChartKind::LensLoads | ChartKind::LensDistances => {
            let FamilyNet::Lens(lens) =
                families_network(req.kind, &req.spec).map_err(family_error)?
            else {
                return Err("this chart takes a Lens".into());
            };
            let pair = families::lens_pair(&lens)?;
            Ok(if req.kind == ChartKind::LensLoads {
                ChartData::LensLoads {
                    rows: families::lens_loads(&pair, progress),
                }
            } else {
                ChartData::LensDistances {
                    rows: families::lens_distances(&pair, progress),
                }
            })
        }
        ChartKind::HcDistances | ChartKind::HcLoads | ChartKind::HcSim => {
            let FamilyNet::Hypercycle(h) =
                families_network(req.kind, &req.spec).map_err(family_error)?
            else {
                return Err("this chart takes a Hypercycle".into());
            };
            Ok(match req.kind {
                ChartKind::HcDistances => {
                    progress(0, 1, "distance distribution");
                    let rows = families::hc_distances(&h);
                    progress(1, 1, "done");
                    ChartData::HcDistances {
                        spec: h.spec_string(),
                        rows,
                    }
                }
                ChartKind::HcLoads => ChartData::HcLoads {
                    results: families::hc_loads(&h, progress),
                },
                _ => ChartData::HcSim {
                    report: Box::new(families::hc_sim(
                        &h,
                        &families::sim_config(&h, req.seed, req.ticks),
                        progress,
                    )?),
                },
            })
        }
        ChartKind::D3Mdf => {
            let FamilyNet::D3(d) = families_network(req.kind, &req.spec).map_err(family_error)?
            else {
                return Err("this chart takes a D3".into());
            };
            Ok(ChartData::D3Mdf {
                result: Box::new(families::d3_mdf(&d, progress)),
            })
        }
        ChartKind::Density => density_chart(req.n, progress),
        ChartKind::D2h2 => d2h2_chart(req.n, progress),
        ChartKind::Levels => {
            let (k, s) = kyklos_and_strategy(req.kind, &req.spec, &req.strategy)
                .map_err(|e| e.to_string())?;
            progress(0, 1, "link traffic by symmetry");
            let links = k.link_traffic_by_symmetry(s).map_err(|e| e.to_string())?;
            let rows = k
                .level_traffic(&links)
                .into_iter()
                .map(|l| LevelRow {
                    tree: l.tree,
                    level: l.level,
                    links: l.links,
                    total: tidy(l.total),
                    max: tidy(l.max),
                    mean: tidy(l.total / l.links as f64),
                })
                .collect();
            progress(1, 1, "done");
            Ok(ChartData::Levels {
                spec: k.spec_string(),
                strategy: s.name().into(),
                rows,
            })
        }
        ChartKind::Load => {
            let (k, s) = kyklos_and_strategy(req.kind, &req.spec, &req.strategy)
                .map_err(|e| e.to_string())?;
            progress(0, 1, load_assignment(s));
            let load = match s {
                KyklosRouting::Hr => k.h2_join_load().map_err(|e| e.to_string())?,
                KyklosRouting::Y2 => k.y2_join_load().map_err(|e| e.to_string())?,
                _ => k.midpoint_join_load(s).map_err(|e| e.to_string())?,
            };
            let mut rows: Vec<LoadRow> = (0..=k.n())
                .map(|level| LoadRow {
                    level,
                    nodes: 0,
                    total: 0.0,
                    max: 0.0,
                    mean: 0.0,
                })
                .collect();
            for (x, &c) in load.per_node.iter().enumerate() {
                let row = &mut rows[k.level(x)];
                row.nodes += 1;
                row.total += c;
                row.max = row.max.max(c);
            }
            for row in &mut rows {
                row.mean = tidy(row.total / row.nodes.max(1) as f64);
                row.total = tidy(row.total);
                row.max = tidy(row.max);
            }
            progress(1, 1, "done");
            Ok(ChartData::Load {
                spec: k.spec_string(),
                strategy: s.name().into(),
                assignment: load_assignment(s).into(),
                rows,
            })
        }
        ChartKind::Distances => {
            progress(0, 1, "routes from processor 0");
            let k = kyklos(Shuffle::Original, req.n)?;
            let d = strategy_distances(&k).map_err(|e| e.to_string())?;
            let mut rows = Vec::new();
            for (rule, counts) in [("M2", &d.m2), ("H2", &d.h2), ("D2", &d.d2)] {
                let total: usize = counts.iter().enumerate().map(|(i, &c)| 2 * i * c).sum();
                let exact = crate::math::Ratio::new(total as u128, k.leaf_count() as u128);
                let average = tidy(exact.value());
                for (i, &c) in counts.iter().enumerate().skip(1) {
                    rows.push(DistanceRow {
                        rule: rule.into(),
                        distance: 2 * i,
                        processors: c,
                        average,
                        average_exact: exact.fraction(),
                    });
                }
            }
            progress(1, 1, "done");
            Ok(ChartData::Distances { n: req.n, rows })
        }
    }
}

fn density_chart(
    max_n: u64,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<ChartData, String> {
    let evens: Vec<u64> = (2..=max_n).step_by(2).collect();
    let total = evens.len() * DENSITY_COLUMNS.len() + (max_n as usize - 1);
    let mut done = 0;
    let mut rows = Vec::new();
    for (c, (column, k1, kind)) in DENSITY_COLUMNS.into_iter().enumerate() {
        for &n in &evens {
            progress(done, total, &format!("{column}, N = {}", 1u64 << n));
            let k = kyklos(
                if k1 {
                    Shuffle::Identity
                } else {
                    Shuffle::Proposed
                },
                n,
            )?;
            let printed = DENSITY_PRINTED.iter().find(|p| p.0 == n).map(|p| p.1[c]);
            let exact = k.max_link_traffic_exact(kind).map_err(|e| e.to_string())?;
            rows.push(DensityRow {
                series: column.into(),
                n,
                nodes: 1 << n,
                computed: Some(exact.value()),
                exact: exact.fraction(),
                levels: None,
                printed,
                source: printed.map(|_| TR_SOURCE.into()),
            });
            done += 1;
        }
    }
    for n in 2..=max_n {
        progress(done, total, &format!("D2, N = {}", 1u64 << n));
        rows.push(density_row(DensityRule::D2, n)?);
        done += 1;
    }
    progress(total, total, "done");
    Ok(ChartData::Density { rows })
}

fn density_row(rule: DensityRule, n: u64) -> Result<DensityRow, String> {
    let d = density(rule, n as usize).map_err(|e| e.to_string())?;
    let printed_table = match rule {
        DensityRule::D2 => &D2_PRINTED,
        DensityRule::H2 => &H2_PRINTED,
    };
    let printed = printed_table.iter().find(|p| p.0 == n).map(|p| p.1);
    Ok(DensityRow {
        series: rule.name().to_uppercase(),
        n,
        nodes: 1 << n,
        computed: Some(crate::metrics::tidy(d.max.value())),
        exact: Some(d.max.to_string()),
        levels: Some(
            d.max_levels
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        printed,
        source: printed.map(|_| D2_SOURCE.into()),
    })
}

fn d2h2_chart(
    max_n: u64,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<ChartData, String> {
    // Work doubles with n: report progress in units of 2^n sequences.
    let weight = |n: u64| 1usize << n.saturating_sub(3);
    let total: usize = (3..=max_n).map(|n| 2 * weight(n)).sum();
    let mut done = 0;
    let mut rows = Vec::new();
    for n in 3..=max_n {
        for rule in [DensityRule::D2, DensityRule::H2] {
            progress(
                done,
                total,
                &format!("{}, n = {n} (2^{n} sequences)", rule.name().to_uppercase()),
            );
            rows.push(density_row(rule, n)?);
            done += weight(n);
        }
    }
    progress(total, total, "done");
    Ok(ChartData::D2h2 { rows })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet() -> impl FnMut(usize, usize, &str) {
        |_, _, _| {}
    }

    #[test]
    fn requests_validate_each_field() {
        assert_eq!(
            ChartRequest::new("nope", "", "", None).map_err(|e| e.field),
            Err("chart")
        );
        assert_eq!(
            ChartRequest::new("density", "", "", Some("13")).map_err(|e| e.field),
            Err("n")
        );
        assert_eq!(
            ChartRequest::new("density", "", "", Some("x")).map_err(|e| e.field),
            Err("n")
        );
        assert_eq!(
            ChartRequest::new("levels", "lens:p=2", "y2", None).map_err(|e| e.field),
            Err("t")
        );
        assert_eq!(
            ChartRequest::new("levels", "kyklos2:m=2,r=2,n=4", "zz", None).map_err(|e| e.field),
            Err("s")
        );
        assert_eq!(
            ChartRequest::new("load", "kyklos2:m=2,r=2,n=12", "y2", None).map_err(|e| e.field),
            Err("t")
        );
        let r = ChartRequest::new("density", "ignored", "ignored", None).expect("valid");
        assert_eq!((r.n, r.spec.as_str()), (10, ""));
    }

    #[test]
    fn family_requests_validate_network_seed_and_ticks() {
        let input = |chart, spec, seed, ticks| ChartInput {
            chart,
            spec,
            seed,
            ticks,
            ..ChartInput::default()
        };
        let field = |i: ChartInput| ChartRequest::from_input(&i).map_err(|e| e.field);
        assert_eq!(
            field(input("lens-loads", "hypercube:n=3", None, None)),
            Err("t")
        );
        assert_eq!(
            field(input("lens-loads", "lens:p=4,q=3,n=3", None, None)),
            Err("t")
        );
        assert_eq!(
            field(input("hc-sim", "hypercube:n=4", Some("x"), None)),
            Err("seed")
        );
        assert_eq!(
            field(input("hc-sim", "hypercube:n=4", None, Some("10"))),
            Err("ticks")
        );
        // Over the simulator's arrival limit: the ticks are at fault.
        assert_eq!(
            field(input("hc-sim", "hypercube:n=10", None, Some("1000000"))),
            Err("ticks")
        );
        let e = ChartRequest::from_input(&input("hc-loads", "hypercube:n=30", None, None))
            .expect_err("too large");
        assert!(e.message.contains("CHART_BUDGET"), "{}", e.message);
        // Canonical specs and defaults, so that equal requests share a cache entry.
        let r = ChartRequest::from_input(&input(
            "lens-distances",
            "lens:p=3,n=3,completed",
            None,
            None,
        ))
        .expect("valid");
        assert_eq!(r.spec, "lens:p=3,q=3,n=3");
        let r =
            ChartRequest::from_input(&input("hc-sim", "hypercube:n=4", None, None)).expect("valid");
        assert_eq!((r.seed, r.ticks), (1, SIM_DEFAULT_TICKS));
        for k in ChartKind::ALL {
            assert!(k.suits(k.default_spec()), "{}", k.name());
            let i = ChartInput {
                strategy: "y2",
                ..input(k.name(), k.default_spec(), None, None)
            };
            assert!(ChartRequest::from_input(&i).is_ok(), "{}", k.name());
        }
        assert!(!ChartKind::HcSim.suits("lens:p=3,q=3,n=3"));
    }

    #[test]
    fn level_traffic_totals_equal_total_distance() {
        // Σ over links of traffic = Σ over ordered pairs of route length (each hop of each
        // route crosses one link): check against the all-pairs computation.
        let req = ChartRequest::new("levels", "kyklos2:m=2,r=2,n=4", "hr", None).expect("valid");
        let ChartData::Levels { rows, .. } = build(&req, &mut quiet()).expect("builds") else {
            panic!("levels")
        };
        let k = Kyklos::new(Shuffle::Proposed, 2, 2, 4).expect("valid");
        let all = k.traffic(KyklosRouting::Hr).expect("defined");
        let sum: f64 = rows.iter().map(|r| r.total).sum();
        assert!((sum - all.total).abs() < 1e-6, "{sum} vs {}", all.total);
        let max = rows.iter().map(|r| r.max).fold(0.0, f64::max);
        assert_eq!(max, all.max_link);
    }

    #[test]
    fn load_rows_count_every_ordered_pair_once() {
        for s in ["y2", "hr", "pr"] {
            let req = ChartRequest::new("load", "kyklos2:m=2,r=2,n=4", s, None).expect("valid");
            let ChartData::Load { rows, .. } = build(&req, &mut quiet()).expect("builds") else {
                panic!("load")
            };
            let total: f64 = rows.iter().map(|r| r.total).sum();
            assert_eq!(total, 256.0, "{s}");
            assert_eq!(rows[0].nodes, 16);
        }
    }

    #[test]
    fn density_chart_h2_equals_table3_at_printed_sizes() {
        let req = ChartRequest::new("density", "", "", Some("8")).expect("valid");
        let ChartData::Density { rows } = build(&req, &mut quiet()).expect("builds") else {
            panic!("density")
        };
        for n in [4u64, 6, 8] {
            let row = rows
                .iter()
                .find(|r| r.series == "H-2" && r.n == n)
                .expect("row");
            assert_eq!(row.computed, row.printed, "H-2 at n = {n}");
        }
        // D2 rows carry the D2 paper's printed values.
        let d2 = rows
            .iter()
            .find(|r| r.series == "D2" && r.n == 4)
            .expect("row");
        assert_eq!((d2.computed, d2.printed), (Some(24.0), Some(24.0)));
    }

    #[test]
    fn distances_sum_to_n_minus_one_and_match_bfs_for_d2() {
        let req = ChartRequest::new("distances", "", "", Some("6")).expect("valid");
        let data = build(&req, &mut quiet()).expect("builds");
        let ChartData::Distances { rows, .. } = &data else {
            panic!("distances")
        };
        let k = Kyklos::new(Shuffle::Original, 2, 2, 6).expect("valid");
        let dist = crate::metrics::bfs(&k, 0);
        for rule in ["M2", "H2", "D2"] {
            let sum: usize = rows
                .iter()
                .filter(|r| r.rule == rule)
                .map(|r| r.processors)
                .sum();
            assert_eq!(sum, 63, "{rule}");
        }
        for r in rows.iter().filter(|r| r.rule == "D2") {
            let bfs = (1..64).filter(|&b| dist[b] as usize == r.distance).count();
            assert_eq!(r.processors, bfs, "D2 at distance {}", r.distance);
        }
        assert!(data
            .csv()
            .starts_with("rule,distance,processors,average,average_exact\nM2,2,"));
    }

    #[test]
    fn d2h2_reports_exact_values_and_csv_quotes_sources() {
        let req = ChartRequest::new("d2h2", "", "", Some("5")).expect("valid");
        let data = build(&req, &mut quiet()).expect("builds");
        let ChartData::D2h2 { rows } = &data else {
            panic!("d2h2")
        };
        assert_eq!(rows.len(), 6);
        let h2_4 = rows
            .iter()
            .find(|r| r.series == "H2" && r.n == 4)
            .expect("row");
        assert_eq!(h2_4.computed, Some(32.0));
        assert!(data.csv().contains("H2,4,16,32,32,2,32,D2 paper §4\n"));
        // Nodes grow as 2ⁿ.
        let net: Network = "kyklos2:m=2,r=2,n=5,shuffle=original"
            .parse()
            .expect("valid");
        assert_eq!(net.topology().terminal_count() as u64, rows[4].nodes);
    }
}
