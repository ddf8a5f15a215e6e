//! The Swapped Dragonfly D3(K, M) as a [`Family`]: its description, strategy names and
//! the paper's closed forms. The description's parameters are shared with the maximal
//! Dragonfly ([`crate::mdf`]).

use std::str::FromStr;

use crate::family::{
    parse_strategy, Family, FamilyInfo, Formula, Minimal, ParamInfo, StrategyInfo,
};
use icn_graph::error::{StrategyError, UnknownStrategy};
use icn_graph::MinimalRouting;
use icn_graph::Routing;

use super::{D3Routing, D3};

/// Where both Dragonflies come from.
pub const SWAPPED_DRAGONFLY_PAPER: &str = "Draper, The Swapped Dragonfly";

/// The parameters of D3(K, M) and MDF(K, M).
pub const DRAGONFLY_PARAMS: &[ParamInfo] = &[
    ParamInfo {
        key: "k",
        label: "Global ports K",
        help: "global ports per router, ≥ 1 (D3: cabinets)",
        example: "3",
    },
    ParamInfo {
        key: "m",
        label: "Routers per drawer M",
        help: "≥ 1 (D3: also drawers per cabinet; D3(1,1) is refused)",
        example: "4",
    },
];

const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "lgl",
        title: "l-g-l (2.2)",
        summary: "The paper's path: local to router d', global to cabinet c', local to p' (holds left out; one drawer: the direct hop).",
    },
    StrategyInfo {
        name: Minimal::NAME,
        title: "All minimal paths",
        summary: "Every shortest path, including the g|g and l|g, g|l cases; the closed-form distance decides.",
    },
    StrategyInfo {
        name: "glgl-direct",
        title: "glgl, destination cabinet first",
        summary: "Near §10's glgl path: the global hop to another destination cabinet first, then l-g-l inside it (icn route --glgl lists §10's own path).",
    },
];

/// `d3:k=…,m=…`.
pub const D3_FAMILY: FamilyInfo = FamilyInfo {
    name: "d3",
    title: "Swapped Dragonfly D3(K, M)",
    summary: "K cabinets of M drawers of M routers (c,d,p); drawers are complete graphs, global port a joins (c,d,p) to (c+a,p,d): diameter 3.",
    params: DRAGONFLY_PARAMS,
    flags: &[],
    example: "d3:k=3,m=4",
    example_route: ("(0,1,2)", "(2,3,0)"),
    strategies: STRATEGIES,
    source: SWAPPED_DRAGONFLY_PAPER,
};

impl D3Routing {
    /// Both path strategies (the third, `minimal`, is [`Minimal`]).
    pub const ALL: [D3Routing; 2] = [D3Routing::Lgl, D3Routing::GlglDirect];
}

impl FromStr for D3Routing {
    type Err = UnknownStrategy;

    /// `lgl` or `glgl-direct`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_strategy(s, &D3Routing::ALL, D3Routing::name)
    }
}

impl Family for D3 {
    fn info(&self) -> &'static FamilyInfo {
        &D3_FAMILY
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        if let Ok(Minimal) = name.parse() {
            return Ok(Box::new(MinimalRouting::new(self)));
        }
        let kind: D3Routing = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(D3::routing(self, kind)))
    }

    fn formulas(&self) -> Vec<Formula> {
        let (k, m) = (u64::from(self.k()), u64::from(self.m()));
        vec![
            Formula::new("routers", "KM²", k * m * m),
            Formula::new("drawers", "KM", k * m),
            Formula::new("ports per router", "K global + (M − 1) local", k + m - 1),
            Formula::new("diameter", "3", 3),
            Formula::new(
                "cutset (Corollary 1, channels)",
                "min(K²M²/2, KM³/2)",
                (k * k * m * m).min(k * m * m * m) / 2,
            ),
        ]
    }
}
