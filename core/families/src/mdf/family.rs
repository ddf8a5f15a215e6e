//! The maximal Dragonfly MDF(K, M) as a [`Family`]: its description, its one strategy
//! and the paper's closed forms.

use crate::d3::{DRAGONFLY_PARAMS, SWAPPED_DRAGONFLY_PAPER};
use crate::family::{Family, FamilyInfo, Formula, Minimal, MINIMAL_ONLY};
use icn_graph::error::StrategyError;
use icn_graph::Routing;

use super::Mdf;

/// `mdf:k=…,m=…`.
pub const MDF: FamilyInfo = FamilyInfo {
    name: "mdf",
    title: "Maximal Dragonfly MDF(K, M)",
    summary: "KM+1 groups of M routers, K global ports each, one link between every two groups (consecutive port assignment).",
    params: DRAGONFLY_PARAMS,
    flags: &[],
    example: "mdf:k=3,m=4",
    example_route: ("(0,1)", "(12,3)"),
    strategies: MINIMAL_ONLY,
    source: SWAPPED_DRAGONFLY_PAPER,
};

impl Family for Mdf {
    fn info(&self) -> &'static FamilyInfo {
        &MDF
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        Minimal::routing(self, name)
    }

    fn formulas(&self) -> Vec<Formula> {
        let (k, m) = (u64::from(self.k()), u64::from(self.m()));
        vec![
            Formula::new("routers", "(KM + 1)·M", (k * m + 1) * m),
            Formula::new("groups (drawers)", "KM + 1", k * m + 1),
            Formula::new("diameter", "3", 3),
        ]
    }
}
