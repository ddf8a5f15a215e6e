//! [`Network`]: any family behind one type, built from a [`Spec`].

use std::str::FromStr;

use serde::Serialize;

use crate::error::{AddressError, SpecError, StrategyError};
use crate::metrics::{distance_distribution, DistanceDistribution};
use crate::routing::{route, MinimalRouting, Route};
use crate::spec::Spec;
use crate::topology::hypercycle::{Hypercycle, HypercycleRouting};
use crate::topology::{Node, Routing, Topology};

/// A parameter a family takes, for forms and docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ParamInfo {
    /// The key in the spec.
    pub key: &'static str,
    /// A short label.
    pub label: &'static str,
    /// What values are allowed.
    pub help: &'static str,
    /// A valid example value.
    pub example: &'static str,
}

/// A routing strategy a family offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StrategyInfo {
    /// The name used in URLs and on the command line.
    pub name: &'static str,
    /// A short title.
    pub title: &'static str,
    /// One sentence on what it does.
    pub summary: &'static str,
}

/// A topology family, for forms, docs and error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FamilyInfo {
    /// The family name in specs.
    pub name: &'static str,
    /// A human title.
    pub title: &'static str,
    /// One sentence on the family.
    pub summary: &'static str,
    /// Its parameters.
    pub params: &'static [ParamInfo],
    /// A valid spec, used as the default.
    pub example: &'static str,
    /// The default source and destination addresses of the example.
    pub example_route: (&'static str, &'static str),
    /// Its routing strategies; the first is the default.
    pub strategies: &'static [StrategyInfo],
    /// The paper it comes from.
    pub source: &'static str,
}

const HYPERCYCLE_STRATEGIES: &[StrategyInfo] = &[
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

const HYPERCYCLES_PAPER: &str = "Dimopoulos et al., Hypercycles: a status report";

/// Every family the engine knows, in menu order.
pub const FAMILIES: &[FamilyInfo] = &[
    FamilyInfo {
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
        example: "hypercycle:m=5x4x3,rho=2x1x1",
        example_route: ("000", "421"),
        strategies: HYPERCYCLE_STRATEGIES,
        source: HYPERCYCLES_PAPER,
    },
    FamilyInfo {
        name: "hypercube",
        title: "Binary n-cube",
        summary: "The Hypercycle with every mᵢ = 2 and ρᵢ = 1.",
        params: &[ParamInfo {
            key: "n",
            label: "Dimension n",
            help: "1–31",
            example: "6",
        }],
        example: "hypercube:n=6",
        example_route: ("000000", "101101"),
        strategies: HYPERCYCLE_STRATEGIES,
        source: HYPERCYCLES_PAPER,
    },
];

/// The family called `name`.
pub fn family(name: &str) -> Option<&'static FamilyInfo> {
    FAMILIES.iter().find(|f| f.name == name)
}

/// Any network the engine knows.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Network {
    /// A Hypercycle (or binary n-cube).
    Hypercycle(Hypercycle),
}

/// Summary numbers of a network.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NetworkInfo {
    /// The canonical spec.
    pub spec: String,
    /// The family name.
    pub family: &'static str,
    /// Nodes N.
    pub nodes: u64,
    /// Undirected links.
    pub links: u64,
    /// Smallest degree.
    pub min_degree: u64,
    /// Largest degree.
    pub max_degree: u64,
    /// Diameter (breadth-first search).
    pub diameter: u32,
    /// Mean distance over ordered pairs of distinct nodes.
    pub average_distance: f64,
    /// Whether metrics are computed from a single source by symmetry.
    pub vertex_transitive: bool,
    /// The family's closed forms, where the paper gives them.
    pub formulas: Vec<Formula>,
}

/// A closed-form value from a paper, beside which the computed value is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Formula {
    /// What it is, e.g. `degree`.
    pub name: &'static str,
    /// The formula as the paper writes it.
    pub expression: &'static str,
    /// Its value for this network.
    pub value: u64,
}

impl Network {
    /// Builds a network from a parsed spec.
    ///
    /// # Errors
    /// An unknown family, or parameters the family rejects.
    pub fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        match spec.family.as_str() {
            "hypercycle" | "hypercube" => Ok(Network::Hypercycle(Hypercycle::from_spec(spec)?)),
            other => Err(SpecError::UnknownFamily {
                name: other.to_string(),
                known: FAMILIES
                    .iter()
                    .map(|f| f.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// The canonical spec: it parses back to an equal network.
    pub fn spec(&self) -> String {
        match self {
            Network::Hypercycle(h) => h.spec_string(),
        }
    }

    /// The family's description.
    pub fn family(&self) -> &'static FamilyInfo {
        let name = match self {
            Network::Hypercycle(h) if h.is_hypercube() => "hypercube",
            Network::Hypercycle(_) => "hypercycle",
        };
        family(name).unwrap_or(&FAMILIES[0])
    }

    /// The strategies offered; the first is the default.
    pub fn strategies(&self) -> &'static [StrategyInfo] {
        self.family().strategies
    }

    /// The topology, as a trait object.
    pub fn topology(&self) -> &dyn Topology {
        match self {
            Network::Hypercycle(h) => h,
        }
    }

    /// The routing relation called `name`.
    ///
    /// # Errors
    /// A name the family does not offer.
    pub fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        match self {
            Network::Hypercycle(h) => {
                let kind = match name {
                    "minimal" => HypercycleRouting::Minimal,
                    "eq311" => HypercycleRouting::Equation,
                    "greedy" => HypercycleRouting::Greedy,
                    "ecube" => HypercycleRouting::Ecube,
                    _ => return Err(self.unknown_strategy(name)),
                };
                Ok(Box::new(h.routing(kind)))
            }
        }
    }

    /// Generic minimal routing on this network (breadth-first search decides).
    pub fn minimal_routing(&self) -> MinimalRouting<'_, dyn Topology + '_> {
        MinimalRouting::new(self.topology())
    }

    fn unknown_strategy(&self, name: &str) -> StrategyError {
        StrategyError {
            name: name.to_string(),
            family: self.family().name,
            known: self
                .strategies()
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// Up to `limit` paths from `src` to `dst` under `strategy`, with their count.
    ///
    /// # Errors
    /// A strategy the family does not offer.
    pub fn route(
        &self,
        strategy: &str,
        src: Node,
        dst: Node,
        limit: usize,
    ) -> Result<Route, StrategyError> {
        let routing = self.routing(strategy)?;
        Ok(route(self.topology(), routing.as_ref(), src, dst, limit))
    }

    /// Reads an address of this network.
    ///
    /// # Errors
    /// As the family's address parser.
    pub fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        self.topology().parse_node(text)
    }

    /// Prints an address of this network.
    pub fn format_node(&self, v: Node) -> String {
        self.topology().format_node(v)
    }

    /// The distance distribution over all ordered pairs.
    pub fn distance_distribution(&self) -> DistanceDistribution {
        distance_distribution(self.topology())
    }

    /// The paper's closed forms for this network (cheap at any size).
    pub fn formulas(&self) -> Vec<Formula> {
        match self {
            Network::Hypercycle(h) => vec![
                Formula {
                    name: "degree",
                    expression: "Σ f(mᵢ, ρᵢ); f = 2ρᵢ if 2ρᵢ < mᵢ, else mᵢ − 1",
                    value: h.degree_formula(),
                },
                Formula {
                    name: "diameter",
                    expression: "Σ ⌈⌊mᵢ/2⌋ / ρᵢ⌉",
                    value: h.diameter_formula(),
                },
            ],
        }
    }

    /// A rough count of elementary steps [`Network::info`] takes: a closed-form
    /// distance distribution costs next to nothing, one BFS costs N + E, all-pairs BFS
    /// N·(N + E). Callers compare it with a budget before calling `info`.
    pub fn info_cost(&self) -> u64 {
        let t = self.topology();
        let n = t.node_count() as u64;
        let walk = n.saturating_add(t.link_count().saturating_mul(2));
        if t.vertex_transitive() {
            if t.distance_counts_from(0).is_some() {
                return 1_000;
            }
            return walk;
        }
        n.saturating_mul(walk)
    }

    /// The default pair to route between: the family's example when it names nodes of
    /// this network, else the first and the last node.
    pub fn default_route(&self) -> (Node, Node) {
        let (a, b) = self.family().example_route;
        match (self.parse_node(a), self.parse_node(b)) {
            (Ok(a), Ok(b)) => (a, b),
            _ => (0, self.topology().node_count().saturating_sub(1)),
        }
    }

    /// Summary numbers: counts, degrees, diameter, average distance, formulas.
    ///
    /// # Complexity
    /// One distance distribution (see [`distance_distribution`]) plus O(N·degree).
    pub fn info(&self) -> NetworkInfo {
        let t = self.topology();
        let dd = self.distance_distribution();
        let (mut min_degree, mut max_degree) = (u64::MAX, 0);
        let mut buf = Vec::new();
        let sample = if t.vertex_transitive() {
            1
        } else {
            t.node_count()
        };
        for v in 0..sample {
            buf.clear();
            t.neighbours(v, &mut buf);
            min_degree = min_degree.min(buf.len() as u64);
            max_degree = max_degree.max(buf.len() as u64);
        }
        let formulas = self.formulas();
        NetworkInfo {
            spec: self.spec(),
            family: self.family().name,
            nodes: t.node_count() as u64,
            links: t.link_count(),
            min_degree,
            max_degree,
            diameter: dd.diameter(),
            average_distance: dd.average(),
            vertex_transitive: t.vertex_transitive(),
            formulas,
        }
    }
}

impl FromStr for Network {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Network::from_spec(&s.parse()?)
    }
}
