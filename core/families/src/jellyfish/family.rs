//! Jellyfish as a [`Family`]: its description, its one strategy and its closed forms.

use crate::family::{
    Family, FamilyInfo, Formula, Minimal, ParamInfo, Structure, MINIMAL_OR_UPDOWN,
};
use icn_graph::error::StrategyError;
use icn_graph::Routing;

use super::Jellyfish;

/// `jellyfish:n=…,r=…,p=…,seed=…`.
pub const JELLYFISH: FamilyInfo = FamilyInfo {
    name: "jellyfish",
    title: "Jellyfish (random regular graph)",
    summary: "n switches wired as a random r-regular graph drawn from a seed, p servers on each.",
    params: &[
        ParamInfo {
            key: "n",
            label: "Switches n",
            help: "2–65536",
            example: "64",
        },
        ParamInfo {
            key: "r",
            label: "Network ports r",
            help: "2 to n − 1 with n·r even (r = 1 only for n = 2), n·r/2 ≤ 2²⁰ links",
            example: "6",
        },
        ParamInfo {
            key: "p",
            label: "Servers per switch p",
            help: "1–4096 (default 1)",
            example: "2",
        },
        ParamInfo {
            key: "seed",
            label: "Seed",
            help: "any whole number 0 to 2⁶⁴ − 1 (default 1); the same seed, the same graph",
            example: "1",
        },
    ],
    flags: &[],
    example: "jellyfish:n=64,r=6,p=2,seed=1",
    example_route: ("0", "63"),
    strategies: MINIMAL_OR_UPDOWN,
    source:
        "Singla, Hong, Popa and Godfrey, Jellyfish: Networking Data Centers Randomly (NSDI 2012)",
};

impl Family for Jellyfish {
    fn info(&self) -> &'static FamilyInfo {
        &JELLYFISH
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        Minimal::or_up_down(self, name)
    }

    fn formulas(&self) -> Vec<Formula> {
        let (n, r, p) = (
            u64::from(self.n()),
            u64::from(self.r()),
            u64::from(self.p()),
        );
        vec![
            Formula::new("switches", "n", n),
            Formula::new("servers", "n·p", n * p),
            Formula::new("links", "n·r/2", n * r / 2),
            Formula::new("switch degree (network ports)", "r", r),
            Formula::new("switch ports", "r + p", r + p),
            Formula::new(
                "Moore bound on the diameter",
                "least D with 1 + r·Σᵢ₌₀^(D−1) (r − 1)ⁱ ≥ n",
                self.moore_diameter(),
            ),
            Formula::new(
                "Moore bound on the distances from a switch, summed",
                "Σ d·m_d, m_d = r·(r − 1)^(d−1) at distance d until n − 1 are placed",
                self.moore_distance_sum(),
            ),
        ]
    }

    fn structure(&self) -> Structure {
        Structure::Free
    }

    fn concentration(&self) -> u32 {
        self.p()
    }
}
