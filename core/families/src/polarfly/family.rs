//! PolarFly as a [`Family`]: its description, its one strategy and the paper's closed
//! forms.

use crate::family::{Family, FamilyInfo, Formula, Minimal, ParamInfo, StrategyInfo, Structure};
use icn_graph::error::StrategyError;
use icn_graph::Routing;

use super::PolarFly;

const STRATEGIES: &[StrategyInfo] = &[StrategyInfo {
    name: Minimal::NAME,
    title: "All minimal paths",
    summary: "The one shortest path: the link, or the two hops through the common neighbour x × y.",
}];

/// The defining paper.
pub const POLARFLY_PAPER: &str = "Lakhotia, Besta, Monroe, Isham, Iff, Hoefler and Petrini, PolarFly: a cost-effective and flexible low-diameter topology, SC 2022";

/// `polarfly:q=…,p=…`.
pub const POLARFLY: FamilyInfo = FamilyInfo {
    name: "polarfly",
    title: "PolarFly (polarity graph ER_q)",
    summary: "The q² + q + 1 points of the projective plane over GF(q), linked when orthogonal; diameter 2, network radix q + 1.",
    params: &[
        ParamInfo {
            key: "q",
            label: "Prime power q",
            help: "a prime power ≥ 2 (2, 3, 4, 5, 7, 8, 9, 11, 13, 16, …), at most 46340",
            example: "7",
        },
        ParamInfo {
            key: "p",
            label: "Endpoints per router p",
            help: "1–65536; default ⌊(q + 1)/2⌋, half the network radix",
            example: "4",
        },
    ],
    flags: &[],
    example: "polarfly:q=7,p=4",
    example_route: ("(1,0,0)", "(1,1,1)"),
    strategies: STRATEGIES,
    source: POLARFLY_PAPER,
};

impl Family for PolarFly {
    fn info(&self) -> &'static FamilyInfo {
        &POLARFLY
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        let Minimal = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(self.minimal()))
    }

    fn formulas(&self) -> Vec<Formula> {
        let q = u64::from(self.q());
        let p = u64::from(self.endpoints_per_router());
        let mut out = vec![
            Formula::new("routers", "q² + q + 1", q * q + q + 1),
            Formula::new("network radix", "q + 1", q + 1),
            Formula::new("links", "q(q + 1)²/2", q * (q + 1) * (q + 1) / 2),
            Formula::new("quadrics (degree q)", "q + 1", q + 1),
            Formula::new("diameter", "2", 2),
            Formula::new("Moore bound", "(q + 1)² + 1", (q + 1) * (q + 1) + 1),
            Formula::new("paths between unlinked routers", "1", 1),
            Formula::new("clusters", "q + 1 (W and q fans)", q + 1),
        ];
        if q % 2 == 1 {
            out.extend([
                Formula::new("routers beside two quadrics", "q(q + 1)/2", q * (q + 1) / 2),
                Formula::new("routers beside no quadric", "q(q − 1)/2", q * (q - 1) / 2),
                Formula::new("routers per fan cluster", "q", q),
            ]);
        } else {
            out.push(Formula::new(
                "routers beside one quadric",
                "q² − 1 (all but the nucleus)",
                q * q - 1,
            ));
        }
        out.extend([
            Formula::new("endpoints per router p", "⌊(q + 1)/2⌋ unless given", p),
            Formula::new("endpoints", "(q² + q + 1)·p", (q * q + q + 1) * p),
            Formula::new("router radix", "q + 1 + p", q + 1 + p),
        ]);
        out
    }

    fn structure(&self) -> Structure {
        Structure::Groups {
            name: "cluster",
            groups: self.clusters(),
        }
    }

    fn concentration(&self) -> u32 {
        self.endpoints_per_router()
    }
}
