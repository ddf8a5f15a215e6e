//! The Dragonfly as a [`Family`]: its description, strategies and the paper's closed
//! forms.

use crate::family::{Family, FamilyInfo, Formula, ParamInfo, StrategyInfo, Structure};
use icn_graph::error::StrategyError;
use icn_graph::Routing;

use super::{Dragonfly, DragonflyMinimal, DragonflyRouting, LocalGlobalLocal, Valiant};

const STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "minimal",
        title: "All minimal paths",
        summary: "Every shortest path: local, global, local, and the shortcuts through a third group.",
    },
    StrategyInfo {
        name: "lgl",
        title: "Local-global-local (MIN)",
        summary: "Kim et al.'s minimal routing: to a router with a global link to the destination's group, across it, then local; one global hop, not always a shortest path.",
    },
    StrategyInfo {
        name: "valiant",
        title: "Valiant",
        summary: "Minimally to a random router of a random third group, then minimally to the destination (minimal within a group).",
    },
    StrategyInfo {
        name: "valiant-min",
        title: "Valiant, MIN halves (VAL)",
        summary: "Kim et al.'s VAL: l-g-l to a random router of a random third group, then l-g-l to the destination; two global hops.",
    },
];

/// The paper the family comes from.
const PAPER: &str =
    "Kim, Dally, Scott and Abts, Technology-Driven, Highly-Scalable Dragonfly Topology (ISCA 2008)";

/// `dragonfly:a=…,p=…,h=…[,g=…][,arr=…]`.
pub const DRAGONFLY: FamilyInfo = FamilyInfo {
    name: "dragonfly",
    title: "Dragonfly (a, p, h)",
    summary: "g groups of a fully connected routers, each with p terminals and h global links; the global links arranged absolute, relative or circulant.",
    params: &[
        ParamInfo {
            key: "a",
            label: "Routers per group a",
            help: "1–1024",
            example: "4",
        },
        ParamInfo {
            key: "p",
            label: "Terminals per router p",
            help: "1–1024",
            example: "2",
        },
        ParamInfo {
            key: "h",
            label: "Global links per router h",
            help: "1–256",
            example: "2",
        },
        ParamInfo {
            key: "g",
            label: "Groups g",
            help: "default a·h + 1; fewer when g − 1 divides a·h and is at least h",
            example: "9",
        },
        ParamInfo {
            key: "arr",
            label: "Arrangement",
            help: "absolute (default), relative or circulant",
            example: "absolute",
        },
    ],
    flags: &[],
    example: "dragonfly:a=4,p=2,h=2",
    example_route: ("(0,0)", "(8,3)"),
    strategies: STRATEGIES,
    source: PAPER,
};

impl Family for Dragonfly {
    fn info(&self) -> &'static FamilyInfo {
        &DRAGONFLY
    }

    fn spec(&self) -> String {
        self.spec_string()
    }

    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        let kind: DragonflyRouting = name.parse().map_err(|_| self.unknown_strategy(name))?;
        if let Some(why) = self.unavailable(name) {
            return Err(StrategyError::Unavailable {
                name: name.to_string(),
                why,
            });
        }
        Ok(match kind {
            DragonflyRouting::Minimal => Box::new(DragonflyMinimal::new(self)),
            DragonflyRouting::Lgl => Box::new(LocalGlobalLocal::new(self)),
            DragonflyRouting::Valiant => Box::new(Valiant::new(self)),
            DragonflyRouting::ValiantMin => Box::new(Valiant::with_min_halves(self)),
        })
    }

    fn unavailable(&self, name: &str) -> Option<String> {
        (name.starts_with("valiant") && self.groups() < 3).then(|| {
            "Valiant routes via a third group; this Dragonfly has only 2 groups".to_string()
        })
    }

    fn formulas(&self) -> Vec<Formula> {
        let (a, p, h, g) = (
            u64::from(self.a()),
            u64::from(self.p()),
            u64::from(self.h()),
            u64::from(self.groups()),
        );
        vec![
            Formula::new("routers", "a·g", a * g),
            Formula::new("terminals", "a·p·g", a * p * g),
            Formula::new("router radix", "p + a − 1 + h", p + a - 1 + h),
            Formula::new("local links", "g·a(a − 1)/2", g * a * (a - 1) / 2),
            Formula::new("global links", "g·a·h/2", g * a * h / 2),
            Formula::new(
                "global links between two groups",
                "a·h/(g − 1)",
                a * h / (g - 1),
            ),
            Formula::new("largest group count", "a·h + 1", a * h + 1),
            Formula::new(
                "diameter bound",
                "3: local, global, local (2 when g − 1 = h, 1 when a = 1)",
                self.diameter_bound(),
            ),
        ]
    }

    fn structure(&self) -> Structure {
        Dragonfly::structure(self)
    }

    fn concentration(&self) -> u32 {
        self.p()
    }
}
