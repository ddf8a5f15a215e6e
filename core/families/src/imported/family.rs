//! The imported graph as a [`Family`]: its description and its one strategy.

use crate::family::{Family, FamilyInfo, Minimal, ParamInfo, Structure, MINIMAL_OR_UPDOWN};
use icn_graph::error::StrategyError;
use icn_graph::Routing;

use super::Imported;

/// `graph:g=…`.
pub const GRAPH: FamilyInfo = FamilyInfo {
    name: "graph",
    title: "Your own graph",
    summary: "A graph you bring: paste or load an edge list or a BookSim2 anynet file.",
    params: &[ParamInfo {
        key: "g",
        label: "Graph code",
        help: "the graph, encoded; paste or load the text in the page, or use icn --graph FILE",
        example: EXAMPLE_CODE,
    }],
    flags: &[],
    example: EXAMPLE,
    example_route: ("0", "7"),
    strategies: MINIMAL_OR_UPDOWN,
    source: "",
};

/// The Petersen graph's code (the family's example; a test decodes it).
const EXAMPLE_CODE: &str = "AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA";
const EXAMPLE: &str = "graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA";

impl Family for Imported {
    fn info(&self) -> &'static FamilyInfo {
        &GRAPH
    }

    fn spec(&self) -> String {
        format!("graph:g={}", self.code)
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        Minimal::or_up_down(self, name)
    }

    fn structure(&self) -> Structure {
        Structure::Free
    }

    fn concentration(&self) -> u32 {
        self.concentration
    }
}
