//! The k-ary n-fly as a [`Family`]: its description, its one strategy, closed forms and
//! stages for the diagram.

use std::str::FromStr;

use crate::family::{
    parse_strategy, Family, FamilyInfo, Formula, ParamInfo, StrategyInfo, Structure,
};
use icn_graph::error::{StrategyError, UnknownStrategy};
use icn_graph::Routing;

use super::Butterfly;

const STRATEGIES: &[StrategyInfo] = &[StrategyInfo {
    name: DestinationTagName::NAME,
    title: "Destination tag",
    summary: "The one path: stage s takes the output named by the destination's digit s.",
}];

/// `butterfly:k=…,n=…`.
pub const BUTTERFLY: FamilyInfo = FamilyInfo {
    name: "butterfly",
    title: "k-ary n-fly (butterfly)",
    summary: "kⁿ processors send through n stages of kⁿ⁻¹ k×k switches over one-way channels; one path per pair.",
    params: &[
        ParamInfo {
            key: "k",
            label: "Switch radix k",
            help: "2–36: each switch has k inputs and k outputs",
            example: "2",
        },
        ParamInfo {
            key: "n",
            label: "Stages n",
            help: "≥ 1 stages; kⁿ + n·kⁿ⁻¹ ≤ 2³¹ nodes",
            example: "3",
        },
    ],
    flags: &[],
    example: "butterfly:k=2,n=3",
    example_route: ("p:000", "p:110"),
    strategies: STRATEGIES,
    source: "Dally and Towles, Principles and Practices of Interconnection Networks (Morgan Kaufmann 2004), chapter 4",
};

/// The name of destination-tag routing, the butterfly's one strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DestinationTagName;

impl DestinationTagName {
    const NAME: &'static str = "desttag";
}

impl FromStr for DestinationTagName {
    type Err = UnknownStrategy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_strategy(s, &[DestinationTagName], |_| DestinationTagName::NAME)
    }
}

impl Butterfly {
    /// The columns of the diagram: the processors (drawn on both sides), then each stage
    /// in word order.
    pub fn stages(&self) -> Structure {
        let (procs, per) = (self.processors(), self.per_stage());
        let names = (0..self.n).map(|s| format!("stage {s}")).collect();
        let stages = (0..self.n as usize)
            .map(|s| (procs + s * per..procs + (s + 1) * per).collect())
            .collect();
        Structure::Stages {
            names,
            stages,
            terminals: (0..procs).collect(),
        }
    }

    /// The busiest channel's load when every processor sends one unit to every other:
    /// a channel between stages carries the kⁿ pairs of its kˢ⁺¹ sources and kⁿ⁻ˢ⁻¹
    /// destinations, none of them a processor to itself when its output digit differs
    /// from the one its word keeps; a processor's own channels carry kⁿ − 1.
    pub fn max_channel_load_formula(&self) -> u64 {
        let procs = self.processors() as u64;
        if self.n == 1 {
            procs - 1
        } else {
            procs
        }
    }
}

impl Family for Butterfly {
    fn info(&self) -> &'static FamilyInfo {
        &BUTTERFLY
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        let DestinationTagName = name.parse().map_err(|_| self.unknown_strategy(name))?;
        Ok(Box::new(Butterfly::routing(self)))
    }

    fn formulas(&self) -> Vec<Formula> {
        let (k, n) = (u64::from(self.k()), u64::from(self.n()));
        let procs = self.processors() as u64;
        vec![
            Formula::new("processors", "kⁿ", procs),
            Formula::new("switches", "n·kⁿ⁻¹", n * self.per_stage() as u64),
            Formula::new(
                "links",
                "(n + 1)·kⁿ one-way channels",
                self.channel_formula(),
            ),
            Formula::new("switch radix", "k inputs, k outputs", k),
            Formula::new("diameter", "n + 1", n + 1),
            Formula::new("paths between two processors", "1", 1),
            Formula::new(
                "distances from a processor, summed",
                "(kⁿ − 1)·(n + 1)",
                (procs - 1) * (n + 1),
            ),
            Formula::new(
                "busiest channel's load, uniform traffic",
                if n == 1 { "kⁿ − 1" } else { "kⁿ" },
                self.max_channel_load_formula(),
            ),
        ]
    }

    fn structure(&self) -> Structure {
        self.stages()
    }

    /// BookSim2's `fly` wires stages and numbers processors as here (module documentation).
    fn booksim_topology(&self) -> Option<Vec<(&'static str, String)>> {
        Some(vec![
            ("topology", "fly".to_string()),
            ("k", self.k().to_string()),
            ("n", self.n().to_string()),
            ("routing_function", "dest_tag".to_string()),
        ])
    }
}
