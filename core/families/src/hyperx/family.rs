//! HyperX and the flattened butterfly as a [`Family`]: their descriptions, strategies
//! (the torus's names) and closed forms.

use crate::family::{Family, FamilyInfo, Formula, ParamInfo, StrategyInfo, Structure};
use crate::torus::{GridRouting, Romm, XyYx, XYYX, XYYX_STRATEGY};
use icn_graph::error::StrategyError;
use icn_graph::{Node, Routing};

use super::HyperX;

const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "minimal",
        title: "All minimal paths",
        summary: "Every shortest path: one hop per differing coordinate, in any order (h! paths for h of them).",
    },
    StrategyInfo {
        name: "dor",
        title: "Dimension order",
        summary: "The most significant differing coordinate first, one hop each: one path.",
    },
    XYYX_STRATEGY,
    StrategyInfo {
        name: VALIANT_DIMS,
        title: "Valiant in the differing dimensions",
        summary: "Two phases via a random switch that keeps the coordinates source and destination share and takes any value in the others, dimension order on both legs (BookSim2's flattened-butterfly UGAL draw).",
    },
];

/// The name of Valiant's routing within the differing dimensions.
const VALIANT_DIMS: &str = "valiant-dims";

/// `hyperx:s=…,t=…`.
pub const HYPERX: FamilyInfo = FamilyInfo {
    name: "hyperx",
    title: "HyperX",
    summary: "Switches on a mixed-radix grid, every two in a row or column (of any dimension) linked; T terminals each.",
    params: &[
        ParamInfo {
            key: "s",
            label: "Switches per dimension S",
            help: "sizes separated by x, each 2–256, most significant first",
            example: "4x4x3",
        },
        ParamInfo {
            key: "t",
            label: "Terminals per switch T",
            help: "1–256 (default 1); trunking K = 1",
            example: "2",
        },
    ],
    flags: &[],
    example: "hyperx:s=4x4x3,t=2",
    example_route: ("(0,0,0)", "(3,2,1)"),
    strategies: STRATEGIES,
    source: "Ahn, Binkert, Davis, McLaren and Schreiber, HyperX: topology, routing, and packaging of efficient large-scale networks, SC 2009",
};

/// `flatfly:k=…,n=…`: the HyperX with n − 1 dimensions of k switches and k terminals each.
pub const FLATFLY: FamilyInfo = FamilyInfo {
    name: "flatfly",
    title: "Flattened butterfly (k-ary n-flat)",
    summary: "The k-ary n-fly with each row's routers merged: k^(n−1) routers, all-to-all in each of n − 1 dimensions, k terminals each.",
    params: &[
        ParamInfo {
            key: "k",
            label: "Radix k",
            help: "2–256: routers per dimension and terminals per router",
            example: "4",
        },
        ParamInfo {
            key: "n",
            label: "Stages n",
            help: "at least 2: n − 1 dimensions, k^(n−1) ≤ 2³¹ routers",
            example: "3",
        },
    ],
    flags: &[ParamInfo {
        key: "onchip",
        label: "On chip (BookSim2's flatfly)",
        help: "n = 3 and k a square: routers on a chip of tiles, each serving a √k × √k block, numbered and timed as BookSim2's flatfly",
        example: "",
    }],
    example: "flatfly:k=4,n=3",
    example_route: ("(0,0)", "(3,2)"),
    strategies: STRATEGIES,
    source: "Kim, Dally and Abts, Flattened butterfly: a cost-efficient topology for high-radix networks, ISCA 2007",
};

impl Family for HyperX {
    fn info(&self) -> &'static FamilyInfo {
        if self.flattened().is_some() {
            &FLATFLY
        } else {
            &HYPERX
        }
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        if let Some(why) = self.unavailable(name) {
            return Err(StrategyError::Unavailable {
                name: name.to_string(),
                why,
            });
        }
        match name {
            XYYX => return Ok(Box::new(XyYx::new(self.grid()))),
            VALIANT_DIMS => return Ok(Box::new(Romm::differing_dimensions(self.grid()))),
            _ => {}
        }
        let kind: GridRouting = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(HyperX::routing(self, kind)))
    }

    fn unavailable(&self, name: &str) -> Option<String> {
        (name == XYYX && self.sizes().len() != 2).then(|| {
            format!(
                "XY or YX takes two dimensions; this network has {}",
                self.sizes().len()
            )
        })
    }

    fn structure(&self) -> Structure {
        Structure::Grid {
            radices: self.sizes().to_vec(),
        }
    }

    fn concentration(&self) -> u32 {
        self.terminals_per_switch()
    }

    fn endpoint_number(&self, node: Node, slot: u32) -> Option<u32> {
        self.chip_endpoint(node, slot)
    }

    fn noc_latency(&self, u: Node, v: Node) -> Option<u32> {
        self.chip_tiles(u, v)
    }

    /// On a chip: BookSim2's `flatfly` (n = 2, c = k, x = y = k, xr = yr = √k) under
    /// `ran_min` (`dor`).
    fn booksim_topology(&self) -> Option<Vec<(&'static str, String)>> {
        let r = self.chip_block()?.to_string();
        let k = self.sizes()[0].to_string();
        Some(vec![
            ("topology", "flatfly".to_string()),
            ("k", k.clone()),
            ("n", "2".to_string()),
            ("c", k.clone()),
            ("x", k.clone()),
            ("y", k),
            ("xr", r.clone()),
            ("yr", r),
            ("routing_function", "ran_min".to_string()),
        ])
    }

    fn formulas(&self) -> Vec<Formula> {
        let g = self.grid();
        let switches = g.nodes() as u64;
        let per_node = (g.distance_sum() / u128::from(switches)) as u64;
        let mut out = if self.flattened().is_some() {
            vec![
                Formula::new("routers", "k^(n−1)", switches),
                Formula::new("terminals", "k^n", self.terminal_total()),
                Formula::new("links", "k^(n−1)·(n − 1)(k − 1)/2", g.link_count()),
                Formula::new("degree", "(n − 1)(k − 1)", self.network_degree()),
                Formula::new("radix", "n(k − 1) + 1", self.radix()),
                Formula::new("diameter", "n − 1", g.diameter()),
            ]
        } else {
            vec![
                Formula::new("switches", "Π Sᵢ", switches),
                Formula::new("terminals", "T·Π Sᵢ", self.terminal_total()),
                Formula::new("links", "N·Σ (Sᵢ − 1)/2", g.link_count()),
                Formula::new("degree", "Σ (Sᵢ − 1)", self.network_degree()),
                Formula::new("radix", "T + Σ (Sᵢ − 1)", self.radix()),
                Formula::new("diameter", "L (dimensions)", g.diameter()),
            ]
        };
        let flat = self.flattened().is_some();
        if let Some(b) = g.bisection() {
            let expression = if flat {
                "k^n / 4 (k even)"
            } else {
                "N·S_min/4 (S_min even)"
            };
            out.push(Formula::new("bisection width", expression, b));
        }
        let expression = if flat {
            "(n − 1)(k − 1)·k^(n−2); average = sum / (N − 1)"
        } else {
            "Σ N(Sᵢ − 1)/Sᵢ; average = sum / (N − 1)"
        };
        out.push(Formula::new(
            "distance sum from a switch",
            expression,
            per_node,
        ));
        out
    }
}
