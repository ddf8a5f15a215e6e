//! The Hypercycle (and binary n-cube) as a [`Family`]: its descriptions, strategy
//! names and the paper's closed forms.

use std::str::FromStr;

use crate::family::{parse_strategy, Family, FamilyInfo, Formula, ParamInfo, StrategyInfo};
use icn_graph::error::{StrategyError, UnknownStrategy};
use icn_graph::Routing;

use super::{Hypercycle, HypercycleRouting};

const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "minimal",
        title: "All minimal paths",
        summary: "Every shortest path; breadth-first search decides, eq. 3.1.1 may miss some.",
    },
    StrategyInfo {
        name: "eq311",
        title: "Eq. 3.1.1",
        summary:
            "The paper's routing: maximal steps, with the single shorter step allowed at any point.",
    },
    StrategyInfo {
        name: "greedy",
        title: "Greedy only",
        summary:
            "Maximal steps and the remainder last, in the shorter direction: the multinomial count.",
    },
    StrategyInfo {
        name: "ecube",
        title: "e-cube",
        summary: "Dimension order, last (least significant) digit first, greedy in each: one path.",
    },
];

const PAPER: &str = "Dimopoulos et al., Hypercycles: a status report";

/// `hypercycle:m=…,rho=…`.
pub const HYPERCYCLE: FamilyInfo = FamilyInfo {
    name: "hypercycle",
    title: "Hypercycle G(m, ρ)",
    summary: "Mixed-radix product of circulant rings: each digit moves by up to ±ρᵢ.",
    params: &[
        ParamInfo {
            key: "m",
            label: "Radices m",
            help: "radices separated by x, each 2–36, most significant first",
            example: "5x4x3",
        },
        ParamInfo {
            key: "rho",
            label: "Connectivity ρ",
            help: "one per radix, separated by x, 1 ≤ ρᵢ ≤ ⌊mᵢ/2⌋",
            example: "2x1x1",
        },
    ],
    flags: &[],
    example: "hypercycle:m=5x4x3,rho=2x1x1",
    example_route: ("000", "421"),
    strategies: STRATEGIES,
    source: PAPER,
};

/// `hypercube:n=…`: the Hypercycle with every mᵢ = 2 and ρᵢ = 1.
pub const HYPERCUBE: FamilyInfo = FamilyInfo {
    name: "hypercube",
    title: "Binary n-cube",
    summary: "The Hypercycle with every mᵢ = 2 and ρᵢ = 1.",
    params: &[ParamInfo {
        key: "n",
        label: "Dimension n",
        help: "1–31",
        example: "6",
    }],
    flags: &[],
    example: "hypercube:n=6",
    example_route: ("000000", "101101"),
    strategies: STRATEGIES,
    source: PAPER,
};

impl HypercycleRouting {
    /// Every strategy, in menu order.
    pub const ALL: [HypercycleRouting; 4] = [
        HypercycleRouting::Minimal,
        HypercycleRouting::Equation,
        HypercycleRouting::Greedy,
        HypercycleRouting::Ecube,
    ];

    /// The name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HypercycleRouting::Minimal => "minimal",
            HypercycleRouting::Equation => "eq311",
            HypercycleRouting::Greedy => "greedy",
            HypercycleRouting::Ecube => "ecube",
        }
    }
}

impl FromStr for HypercycleRouting {
    type Err = UnknownStrategy;

    /// `minimal`, `eq311`, `greedy` or `ecube`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_strategy(s, &HypercycleRouting::ALL, HypercycleRouting::name)
    }
}

impl Family for Hypercycle {
    fn info(&self) -> &'static FamilyInfo {
        if self.is_hypercube() {
            &HYPERCUBE
        } else {
            &HYPERCYCLE
        }
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        let kind: HypercycleRouting = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(Hypercycle::routing(self, kind)))
    }

    fn formulas(&self) -> Vec<Formula> {
        vec![
            Formula::new(
                "degree",
                "Σ f(mᵢ, ρᵢ); f = 2ρᵢ if 2ρᵢ < mᵢ, else mᵢ − 1",
                self.degree_formula(),
            ),
            Formula::new("diameter", "Σ ⌈⌊mᵢ/2⌋ / ρᵢ⌉", self.diameter_formula()),
        ]
    }
}
