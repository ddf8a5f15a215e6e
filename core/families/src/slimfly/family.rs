//! Slim Fly as a [`Family`]: its description, its one strategy and the paper's closed
//! forms.

use crate::family::{Family, FamilyInfo, Formula, Minimal, ParamInfo, StrategyInfo, Structure};
use icn_graph::error::StrategyError;
use icn_graph::Routing;

use super::{SlimFly, SlimFlyMinimal};

const STRATEGIES: &[StrategyInfo] = &[StrategyInfo {
    name: Minimal::NAME,
    title: "All minimal paths",
    summary: "Every shortest path (one or two hops); the count is the number of common neighbours.",
}];

/// The defining paper.
pub const SLIM_FLY_PAPER: &str =
    "Besta and Hoefler, Slim Fly: A Cost Effective Low-Diameter Network Topology, SC 2014";

/// `slimfly:q=…,p=…`.
pub const SLIMFLY: FamilyInfo = FamilyInfo {
    name: "slimfly",
    title: "Slim Fly (MMS graph)",
    summary: "2q² routers in two subgraphs of q groups; diameter 2, network radix (3q − δ)/2 for q = 4w + δ.",
    params: &[
        ParamInfo {
            key: "q",
            label: "Prime power q",
            help: "a prime power ≥ 3 (3, 4, 5, 7, 8, 9, 11, 13, 16, …), at most 32768",
            example: "5",
        },
        ParamInfo {
            key: "p",
            label: "Endpoints per router p",
            help: "1–65536; default ⌈k′/2⌉, half the network radix",
            example: "4",
        },
    ],
    flags: &[],
    example: "slimfly:q=5,p=4",
    example_route: ("(0,0,0)", "(1,2,3)"),
    strategies: STRATEGIES,
    source: SLIM_FLY_PAPER,
};

impl Family for SlimFly {
    fn info(&self) -> &'static FamilyInfo {
        &SLIMFLY
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        let Minimal = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(SlimFlyMinimal::new(self)))
    }

    fn formulas(&self) -> Vec<Formula> {
        let q = u64::from(self.q());
        let k = u64::from(self.network_radix());
        let p = u64::from(self.endpoints_per_router());
        let mut out = vec![
            Formula::new("routers", "2q²", 2 * q * q),
            Formula::new("groups", "2q", 2 * q),
            Formula::new("network radix k′", "(3q − δ)/2", k),
            Formula::new("links", "q²(3q − δ)/2", q * q * k),
            Formula::new("diameter", "2", 2),
            Formula::new("Moore bound", "k′² + 1", k * k + 1),
            Formula::new("endpoints per router p", "⌈k′/2⌉ unless given", p),
            Formula::new("endpoints", "2q²·p", 2 * q * q * p),
            Formula::new("router radix", "k′ + p", k + p),
        ];
        if self.delta() == 1 {
            out.push(Formula::new(
                "paths between unlinked routers of a group",
                "(q − 1)/4 (a Paley graph)",
                (q - 1) / 4,
            ));
        }
        out
    }

    fn structure(&self) -> Structure {
        Structure::Groups {
            name: "group",
            groups: self.groups(),
        }
    }

    fn concentration(&self) -> u32 {
        self.endpoints_per_router()
    }
}
