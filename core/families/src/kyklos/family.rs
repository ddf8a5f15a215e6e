//! KYKLOS-I and KYKLOS-II as a [`Family`]: their descriptions and strategy names.

use std::str::FromStr;

use crate::family::{parse_strategy, Family, FamilyInfo, ParamInfo, StrategyInfo};
use icn_graph::error::{StrategyError, UnknownStrategy};
use icn_graph::Routing;

use super::{Kyklos, KyklosRouting, Shuffle};

const PAPER: &str = "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27; Du et al., Minimal-distance routing for KYKLOS II";

/// In menu order; the first one a network supports is its default.
const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "y2",
        title: "Y-2",
        summary: "TR-88-27 §VI: start in the Appendix A tree, change the XOR string's bits level by level (m = 2, proposed shuffle).",
    },
    StrategyInfo {
        name: "hr",
        title: "H-r (equi-slice)",
        summary: "Tree t changes only the digits of its lowest levels (its slice); the trees in every order.",
    },
    StrategyInfo {
        name: "pr",
        title: "P-r",
        summary: "Minimal paths with the fewest pass-throughs (intermediate L-nodes).",
    },
    StrategyInfo {
        name: "d2",
        title: "D2 (all minimal)",
        summary: "Every minimal path: Du et al.'s longest-run rule for r = 2, breadth-first search in general.",
    },
    StrategyInfo {
        name: "mr",
        title: "M-r (one tree)",
        summary: "The shortest route inside a single tree; ties split among the best trees.",
    },
];

const PARAMS: &[ParamInfo] = &[
    ParamInfo {
        key: "m",
        label: "Branching m",
        help: "children per IB-node, 2–36",
        example: "2",
    },
    ParamInfo {
        key: "r",
        label: "Trees r",
        help: "number of trees, ≥ 1",
        example: "2",
    },
    ParamInfo {
        key: "n",
        label: "Levels n",
        help: "N = mⁿ L-nodes",
        example: "6",
    },
];

/// `kyklos2:m=…,r=…,n=…,shuffle=…`.
pub const KYKLOS2: FamilyInfo = FamilyInfo {
    name: "kyklos2",
    title: "KYKLOS-II multiple trees",
    summary: "r m-ary trees over N = mⁿ L-nodes, each tree's leaves shuffled (proposed: TR-88-27 §IV; original: bit reversal).",
    params: &[
        PARAMS[0],
        PARAMS[1],
        PARAMS[2],
        ParamInfo {
            key: "shuffle",
            label: "Shuffle",
            help: "proposed (n mod r = 0) or original (r = 2)",
            example: "proposed",
        },
    ],
    flags: &[],
    example: "kyklos2:m=2,r=2,n=6,shuffle=proposed",
    example_route: ("24", "62"),
    strategies: STRATEGIES,
    source: PAPER,
};

/// `kyklos1:m=…,r=…,n=…`.
pub const KYKLOS1: FamilyInfo = FamilyInfo {
    name: "kyklos1",
    title: "KYKLOS-I multiple trees",
    summary: "r m-ary trees over N = mⁿ L-nodes, every tree with the same leaf labelling.",
    params: PARAMS,
    flags: &[],
    example: "kyklos1:m=2,r=2,n=6",
    example_route: ("24", "62"),
    strategies: STRATEGIES,
    source: PAPER,
};

impl FromStr for KyklosRouting {
    type Err = UnknownStrategy;

    /// `y2`, `hr`, `pr`, `d2` (also `minimal`) or `mr`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "minimal" {
            return Ok(KyklosRouting::D2);
        }
        parse_strategy(s, &KyklosRouting::ALL, KyklosRouting::name)
    }
}

impl Family for Kyklos {
    fn info(&self) -> &'static FamilyInfo {
        if self.shuffle() == Shuffle::Identity {
            &KYKLOS1
        } else {
            &KYKLOS2
        }
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn unavailable(&self, name: &str) -> Option<String> {
        name.parse().ok().and_then(|kind| self.unsupported(kind))
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        let kind: KyklosRouting = name.parse().map_err(|_| self.unknown_strategy(name))?;
        let routing = Kyklos::routing(self, kind).map_err(|why| StrategyError::Unavailable {
            name: name.to_string(),
            why: why.to_string(),
        })?;
        Ok(Box::new(routing))
    }
}
