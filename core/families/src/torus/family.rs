//! The torus and the mesh as a [`Family`]: their descriptions, the strategy names every
//! product shares (HyperX too) and the closed forms.

use std::str::FromStr;

use crate::family::{
    parse_strategy, Family, FamilyInfo, Formula, ParamInfo, StrategyInfo, Structure,
};
use icn_graph::error::{StrategyError, UnknownStrategy};
use icn_graph::Routing;

use super::{GridRouting, Romm, Torus, XyYx, XYYX, XYYX_STRATEGY};

const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "minimal",
        title: "All minimal paths",
        summary: "Every shortest path: the differing coordinates corrected in any order, both ways round a ring at a tie.",
    },
    StrategyInfo {
        name: "dor",
        title: "Dimension order",
        summary: "The most significant differing coordinate first (the least significant with the flag lowfirst), the shorter way round (the increasing one at a tie): one path.",
    },
];

/// The mesh's: the product's, ROMM (BookSim2's `romm_mesh`) and XY or YX (its
/// `xy_yx_mesh`, on two dimensions).
const MESH_STRATEGIES: &[StrategyInfo] = &[
    STRATEGIES[0],
    STRATEGIES[1],
    StrategyInfo {
        name: ROMM,
        title: "ROMM",
        summary: "Two phases via a random node of the box the source and destination span, dimension order on both legs: every route a shortest path (Nesson and Johnsson).",
    },
    XYYX_STRATEGY,
];

/// The name of ROMM, a strategy of the mesh only.
const ROMM: &str = "romm";

/// The flag `lowfirst`.
const FLAGS: &[ParamInfo] = &[ParamInfo {
    key: super::LOW_FIRST,
    label: "Dimension order from the least significant coordinate",
    help: "dor (and ROMM's, Valiant's and XY or YX's legs) corrects the last coordinate first: BookSim2's dim_order, which takes x, a node number's low digit, first",
    example: "",
}];

const PAPER: &str = "Dally, Performance analysis of k-ary n-cube interconnection networks, IEEE Transactions on Computers, 1990";

const RADICES: &[ParamInfo] = &[ParamInfo {
    key: "k",
    label: "Radices k",
    help: "radices separated by x, each 2–65536, most significant first",
    example: "8x8x4",
}];

/// `torus:k=…`.
pub const TORUS: FamilyInfo = FamilyInfo {
    name: "torus",
    title: "Torus (k-ary n-cube)",
    summary: "Mixed-radix grid with wrap-around links: each coordinate moves by ±1 mod kᵢ.",
    params: RADICES,
    flags: FLAGS,
    example: "torus:k=8x8x4",
    example_route: ("(0,0,0)", "(4,5,3)"),
    strategies: STRATEGIES,
    source: PAPER,
};

/// `mesh:k=…`.
pub const MESH: FamilyInfo = FamilyInfo {
    name: "mesh",
    title: "Mesh (k-ary n-mesh)",
    summary: "Mixed-radix grid without wrap-around: each coordinate moves by ±1 inside 0 … kᵢ − 1.",
    params: &[ParamInfo {
        example: "16x16",
        ..RADICES[0]
    }],
    flags: FLAGS,
    example: "mesh:k=16x16",
    example_route: ("(0,0)", "(5,3)"),
    strategies: MESH_STRATEGIES,
    source: PAPER,
};

impl GridRouting {
    /// Every strategy, in menu order.
    pub const ALL: [GridRouting; 2] = [GridRouting::Minimal, GridRouting::Dor];

    /// The name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GridRouting::Minimal => "minimal",
            GridRouting::Dor => "dor",
        }
    }
}

impl FromStr for GridRouting {
    type Err = UnknownStrategy;

    /// `minimal` or `dor`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_strategy(s, &GridRouting::ALL, GridRouting::name)
    }
}

impl Family for Torus {
    fn info(&self) -> &'static FamilyInfo {
        if self.is_mesh() {
            &MESH
        } else {
            &TORUS
        }
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        if name == ROMM && self.is_mesh() {
            return Ok(Box::new(Romm::new(self.grid())));
        }
        if name == XYYX && self.is_mesh() {
            if let Some(why) = self.unavailable(name) {
                return Err(StrategyError::Unavailable {
                    name: name.to_string(),
                    why,
                });
            }
            return Ok(Box::new(XyYx::new(self.grid())));
        }
        let kind: GridRouting = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(Torus::routing(self, kind)))
    }

    fn unavailable(&self, name: &str) -> Option<String> {
        (name == XYYX && self.radices().len() != 2).then(|| {
            format!(
                "XY or YX takes a two-dimensional mesh; this one has {} dimensions",
                self.radices().len()
            )
        })
    }

    fn structure(&self) -> Structure {
        Structure::Grid {
            radices: self.radices().to_vec(),
        }
    }

    fn formulas(&self) -> Vec<Formula> {
        let g = self.grid();
        let (min_degree, max_degree) = g.degree_range();
        let mut out = vec![Formula::new("nodes", "Π kᵢ", g.nodes() as u64)];
        if self.is_mesh() {
            out.extend([
                Formula::new("links", "Σ (N/kᵢ)·(kᵢ − 1)", g.link_count()),
                Formula::new("max degree", "Σ min(2, kᵢ − 1)", max_degree),
                Formula::new("min degree", "n (a corner)", min_degree),
                Formula::new("diameter", "Σ (kᵢ − 1)", g.diameter()),
            ]);
            if let Some(b) = g.bisection() {
                out.push(Formula::new("bisection width", "N / k_max (k_max even)", b));
            }
            if let Ok(sum) = u64::try_from(g.distance_sum()) {
                out.push(Formula::new(
                    "distance sum (ordered pairs)",
                    "Σ (N/kᵢ)²·(kᵢ³ − kᵢ)/3; average = sum / N(N − 1)",
                    sum,
                ));
            }
        } else {
            out.extend([
                Formula::new(
                    "links",
                    "Σ (N/kᵢ)·kᵢ, one link per pair when kᵢ = 2",
                    g.link_count(),
                ),
                Formula::new("degree", "Σ (2, or 1 when kᵢ = 2)", max_degree),
                Formula::new("diameter", "Σ ⌊kᵢ/2⌋", g.diameter()),
            ]);
            if let Some(b) = g.bisection() {
                out.push(Formula::new(
                    "bisection width",
                    "2N / k_max (k_max even; N/2 when k_max = 2)",
                    b,
                ));
            }
            out.push(Formula::new(
                "distance sum from a node",
                "Σ (N/kᵢ)·⌊kᵢ²/4⌋; average = sum / (N − 1)",
                (g.distance_sum() / g.nodes() as u128) as u64,
            ));
        }
        out
    }
}
