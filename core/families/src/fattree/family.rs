//! The k-ary n-tree as a [`Family`]: its description, strategy names, closed forms and
//! levels for the diagram.

use std::str::FromStr;

use crate::family::{
    parse_strategy, Family, FamilyInfo, Formula, ParamInfo, StrategyInfo, Structure,
};
use icn_graph::error::{StrategyError, UnknownStrategy};
use icn_graph::Routing;

use super::{FatTree, FatTreeRouting};

const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "updown",
        title: "Up*/down*",
        summary: "Up to any nearest common ancestor, then the one way down.",
    },
    StrategyInfo {
        name: "minimal",
        title: "All minimal paths",
        summary: "Every shortest path; between processors the same paths as up*/down*.",
    },
    StrategyInfo {
        name: "dmodk",
        title: "D-mod-k",
        summary: "One path: each up-port chosen by the destination's digits (d mod k first).",
    },
];

/// `fattree:k=…,n=…`.
pub const FATTREE: FamilyInfo = FamilyInfo {
    name: "fattree",
    title: "k-ary n-tree (fat tree)",
    summary: "kⁿ processors under n levels of kⁿ⁻¹ switches with k up- and k down-links; processors only at the leaves.",
    params: &[
        ParamInfo {
            key: "k",
            label: "Arity k",
            help: "2–36: k processors per leaf switch, k up- and k down-links per switch",
            example: "4",
        },
        ParamInfo {
            key: "n",
            label: "Levels n",
            help: "≥ 1 switch levels; kⁿ + n·kⁿ⁻¹ ≤ 2³¹ nodes",
            example: "3",
        },
    ],
    flags: &[],
    example: "fattree:k=4,n=3",
    example_route: ("p:000", "p:333"),
    strategies: STRATEGIES,
    source: "Petrini and Vanneschi, k-ary n-trees: high performance networks for massively parallel architectures (IPPS 1997)",
};

impl FatTreeRouting {
    /// Every strategy, in menu order.
    pub const ALL: [FatTreeRouting; 3] = [
        FatTreeRouting::UpDown,
        FatTreeRouting::Minimal,
        FatTreeRouting::DModK,
    ];

    /// The name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            FatTreeRouting::UpDown => "updown",
            FatTreeRouting::Minimal => "minimal",
            FatTreeRouting::DModK => "dmodk",
        }
    }
}

impl FromStr for FatTreeRouting {
    type Err = UnknownStrategy;

    /// `updown`, `minimal` or `dmodk`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_strategy(s, &FatTreeRouting::ALL, FatTreeRouting::name)
    }
}

impl FatTree {
    /// The rows of the diagram: the roots on top, each level below, the processors at
    /// the bottom; each row in node order, which keeps every sub-tree (the nodes below a
    /// common prefix of digits) contiguous and a leaf's processors together.
    pub fn levels(&self) -> Structure {
        let (procs, per) = (self.processors(), self.per_level());
        let top = self.n - 1;
        let mut names = Vec::new();
        let mut rows = Vec::new();
        for l in 0..self.n {
            names.push(match (l, top) {
                (0, 0) => "level 0 (root)".to_string(),
                (0, _) => "level 0 (roots)".to_string(),
                (l, t) if l == t => format!("level {l} (leaves)"),
                (l, _) => format!("level {l}"),
            });
            let first = procs + l as usize * per;
            rows.push((first..first + per).collect());
        }
        names.push("processors".to_string());
        rows.push((0..procs).collect());
        Structure::Levels { names, rows }
    }
}

impl Family for FatTree {
    fn info(&self) -> &'static FamilyInfo {
        &FATTREE
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        let kind: FatTreeRouting = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(FatTree::routing(self, kind)))
    }

    fn formulas(&self) -> Vec<Formula> {
        let (k, n) = (u64::from(self.k()), u64::from(self.n()));
        let procs = self.processors() as u64;
        let per = self.per_level() as u64;
        let mut out = vec![
            Formula::new("processors", "kⁿ", procs),
            Formula::new("switches", "n·kⁿ⁻¹", n * per),
            Formula::new("links", "n·kⁿ", self.link_formula()),
            Formula::new("root switch radix", "k", k),
        ];
        if n > 1 {
            out.push(Formula::new("switch radix below the roots", "2k", 2 * k));
        }
        out.extend([
            Formula::new("diameter", "2n", 2 * n),
            Formula::new(
                "shortest paths between processors in different root sub-trees",
                "kⁿ⁻¹",
                per,
            ),
            Formula::new(
                "distances from a processor, summed",
                "2(n·kⁿ⁺¹ − (n + 1)·kⁿ + 1)/(k − 1)",
                self.distance_sum_formula(),
            ),
            Formula::new("bisection width (links)", "⌊kⁿ/2⌋", procs / 2),
        ]);
        out
    }

    fn structure(&self) -> Structure {
        self.levels()
    }
}
