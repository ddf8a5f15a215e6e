//! The Lens as a [`Family`]: its description, its one strategy and the paper's
//! pattern-A diameter.

use crate::family::{Family, FamilyInfo, Formula, HopUnit, Minimal, ParamInfo, StrategyInfo};
use icn_graph::error::StrategyError;
use icn_graph::Routing;

use super::Lens;

const STRATEGIES: &[StrategyInfo] = &[StrategyInfo {
    name: Minimal::NAME,
    title: "All minimal paths",
    summary: "Every shortest processor–bus–processor path (patterns A and B; breadth-first search decides).",
}];

/// `lens:p=…,q=…,n=…[,completed]`.
pub const LENS: FamilyInfo = FamilyInfo {
    name: "lens",
    title: "Lens",
    summary: "Processors and busses: q busses per processor, p processors per bus, n digits; `completed` (p = q) closes the ends.",
    params: &[
        ParamInfo {
            key: "p",
            label: "Processors per bus p",
            help: "3–37",
            example: "4",
        },
        ParamInfo {
            key: "q",
            label: "Busses per processor q",
            help: "3–37 (default p)",
            example: "4",
        },
        ParamInfo {
            key: "n",
            label: "Level n",
            help: "digits in an address, ≥ 1 (≥ 2 when completed)",
            example: "3",
        },
    ],
    flags: &[ParamInfo {
        key: "completed",
        label: "Completed lens",
        help: "join the two ends of every address (needs p = q and n ≥ 2)",
        example: "",
    }],
    example: "lens:p=4,q=4,n=3",
    example_route: ("02.1", "1.20"),
    strategies: STRATEGIES,
    source: "Finkel, Solomon, The Lens Interconnection Strategy, TR 387, 1980",
};

impl Family for Lens {
    fn info(&self) -> &'static FamilyInfo {
        &LENS
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        let Minimal = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(Lens::routing(self)))
    }

    /// Theorem 1's group is transitive on the processors, and the mirror of the half
    /// positions (h ↔ 2n + 1 − h, the digits reversed) maps processors onto busses: with
    /// p = q every digit has the same radix, so it is an automorphism.
    fn vertex_transitive_graph(&self) -> bool {
        self.is_completed()
    }

    fn hop_unit(&self) -> Option<HopUnit> {
        Some(HopUnit {
            name: "bus",
            links: 2,
        })
    }

    fn formulas(&self) -> Vec<Formula> {
        vec![Formula::new(
            "pattern-A diameter (busses)",
            if self.is_completed() {
                "⌊3n/2⌋"
            } else {
                "2n"
            },
            u64::from(self.paper_diameter()),
        )]
    }
}
