//! [`Network`]: any family behind one type, built from a [`Spec`].

use std::str::FromStr;

use serde::Serialize;

use crate::error::{AddressError, SpecError, StrategyError};
use crate::graph::{Node, Routing, Topology};
use crate::metrics::{distance_distribution, DistanceDistribution};
use crate::routing::{route, MinimalRouting, Route};
use crate::spec::Spec;
use crate::topology::d3::{D3Routing, D3};
use crate::topology::hypercycle::{Hypercycle, HypercycleRouting};
use crate::topology::kyklos::{Kyklos, KyklosRouting};
use crate::topology::lens::Lens;
use crate::topology::mdf::Mdf;

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
    /// Its parameters (`key=value`).
    pub params: &'static [ParamInfo],
    /// Its flags (a bare `key` in the spec switches it on); `example` is unused.
    pub flags: &'static [ParamInfo],
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

const KYKLOS_PAPER: &str = "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27; Du et al., Minimal-distance routing for KYKLOS II";

/// In menu order; the first one a network supports is its default.
const KYKLOS_STRATEGIES: &[StrategyInfo] = &[
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

const LENS_STRATEGIES: &[StrategyInfo] = &[StrategyInfo {
    name: "minimal",
    title: "All minimal paths",
    summary: "Every shortest processor–bus–processor path (patterns A and B; breadth-first search decides).",
}];

const KYKLOS_PARAMS: &[ParamInfo] = &[
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

const D3_STRATEGIES: &[StrategyInfo] = &[
    StrategyInfo {
        name: "lgl",
        title: "l-g-l (2.2)",
        summary: "The paper's path: local to router d', global to cabinet c', local to p' (holds left out; one drawer: the direct hop).",
    },
    StrategyInfo {
        name: "minimal",
        title: "All minimal paths",
        summary: "Every shortest path, including the g|g and l|g, g|l cases; the closed-form distance decides.",
    },
    StrategyInfo {
        name: "glgl-direct",
        title: "glgl, destination cabinet first",
        summary: "§10: the global hop to the destination cabinet first, then l-g-l inside it.",
    },
];

const MDF_STRATEGIES: &[StrategyInfo] = &[StrategyInfo {
    name: "minimal",
    title: "All minimal paths",
    summary: "Every shortest path (breadth-first search decides).",
}];

const SWAPPED_DRAGONFLY_PAPER: &str = "Draper, The Swapped Dragonfly";

const DRAGONFLY_PARAMS: &[ParamInfo] = &[
    ParamInfo {
        key: "k",
        label: "Global ports K",
        help: "global ports per router, ≥ 1 (D3: cabinets)",
        example: "3",
    },
    ParamInfo {
        key: "m",
        label: "Routers per drawer M",
        help: "≥ 1 (D3: also drawers per cabinet; D3(1,1) is refused)",
        example: "4",
    },
];

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
        flags: &[],
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
        flags: &[],
        example: "hypercube:n=6",
        example_route: ("000000", "101101"),
        strategies: HYPERCYCLE_STRATEGIES,
        source: HYPERCYCLES_PAPER,
    },
    FamilyInfo {
        name: "kyklos2",
        title: "KYKLOS-II multiple trees",
        summary: "r m-ary trees over N = mⁿ L-nodes, each tree's leaves shuffled (proposed: TR-88-27 §IV; original: bit reversal).",
        params: &[
            KYKLOS_PARAMS[0],
            KYKLOS_PARAMS[1],
            KYKLOS_PARAMS[2],
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
        strategies: KYKLOS_STRATEGIES,
        source: KYKLOS_PAPER,
    },
    FamilyInfo {
        name: "kyklos1",
        title: "KYKLOS-I multiple trees",
        summary: "r m-ary trees over N = mⁿ L-nodes, every tree with the same leaf labelling.",
        params: KYKLOS_PARAMS,
        flags: &[],
        example: "kyklos1:m=2,r=2,n=6",
        example_route: ("24", "62"),
        strategies: KYKLOS_STRATEGIES,
        source: KYKLOS_PAPER,
    },
    FamilyInfo {
        name: "lens",
        title: "Lens",
        summary: "Processors and busses: q busses per processor, p processors per bus, n digits; `completed` (p = q) closes the ends.",
        params: &[
            ParamInfo {
                key: "p",
                label: "Processors per bus p",
                help: "3–37",
                example: "4",
            },
            ParamInfo {
                key: "q",
                label: "Busses per processor q",
                help: "3–37 (default p)",
                example: "4",
            },
            ParamInfo {
                key: "n",
                label: "Level n",
                help: "digits in an address, ≥ 1 (≥ 2 when completed)",
                example: "3",
            },
        ],
        flags: &[ParamInfo {
            key: "completed",
            label: "Completed lens",
            help: "join the two ends of every address (needs p = q and n ≥ 2)",
            example: "",
        }],
        example: "lens:p=4,q=4,n=3",
        example_route: ("02.1", "1.20"),
        strategies: LENS_STRATEGIES,
        source: "Finkel, Solomon, The Lens Interconnection Strategy, TR 387, 1980",
    },
    FamilyInfo {
        name: "d3",
        title: "Swapped Dragonfly D3(K, M)",
        summary: "K cabinets of M drawers of M routers (c,d,p); drawers are complete graphs, global port a joins (c,d,p) to (c+a,p,d): diameter 3.",
        params: DRAGONFLY_PARAMS,
        flags: &[],
        example: "d3:k=3,m=4",
        example_route: ("(0,1,2)", "(2,3,0)"),
        strategies: D3_STRATEGIES,
        source: SWAPPED_DRAGONFLY_PAPER,
    },
    FamilyInfo {
        name: "mdf",
        title: "Maximal Dragonfly MDF(K, M)",
        summary: "KM+1 groups of M routers, K global ports each, one link between every two groups (consecutive port assignment).",
        params: DRAGONFLY_PARAMS,
        flags: &[],
        example: "mdf:k=3,m=4",
        example_route: ("(0,1)", "(12,3)"),
        strategies: MDF_STRATEGIES,
        source: SWAPPED_DRAGONFLY_PAPER,
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
    /// A KYKLOS-I or KYKLOS-II multiple-tree network.
    Kyklos(Kyklos),
    /// A Lens, uncompleted or completed.
    Lens(Lens),
    /// A Swapped Dragonfly D3(K, M).
    D3(D3),
    /// A maximal Dragonfly MDF(K, M).
    Mdf(Mdf),
}

/// Summary numbers of a network.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NetworkInfo {
    /// The canonical spec.
    pub spec: String,
    /// The family name.
    pub family: &'static str,
    /// Nodes N (all of them: terminals and forwarding nodes).
    pub nodes: u64,
    /// Terminals: the nodes that send and receive (processors, L-nodes); the
    /// distance figures are over pairs of these.
    pub terminals: u64,
    /// Undirected links.
    pub links: u64,
    /// Smallest degree (of a terminal).
    pub min_degree: u64,
    /// Largest degree (of a terminal).
    pub max_degree: u64,
    /// Diameter (breadth-first search).
    pub diameter: u32,
    /// Mean distance over ordered pairs of distinct nodes.
    pub average_distance: f64,
    /// Whether metrics are computed from a single source by symmetry.
    pub vertex_transitive: bool,
    /// Whether every terminal looks alike (implied by `vertex_transitive`): the distance
    /// distribution is then measured from one terminal.
    pub terminal_transitive: bool,
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
            "kyklos1" | "kyklos2" => Ok(Network::Kyklos(Kyklos::from_spec(spec)?)),
            "lens" => Ok(Network::Lens(Lens::from_spec(spec)?)),
            "d3" => Ok(Network::D3(D3::from_spec(spec)?)),
            "mdf" => Ok(Network::Mdf(Mdf::from_spec(spec)?)),
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
            Network::Kyklos(k) => k.spec_string(),
            Network::Lens(l) => l.spec_string(),
            Network::D3(d) => d.spec_string(),
            Network::Mdf(d) => d.spec_string(),
        }
    }

    /// The family's description.
    pub fn family(&self) -> &'static FamilyInfo {
        let name = match self {
            Network::Hypercycle(h) if h.is_hypercube() => "hypercube",
            Network::Hypercycle(_) => "hypercycle",
            Network::Kyklos(k) if k.shuffle() == crate::topology::kyklos::Shuffle::Identity => {
                "kyklos1"
            }
            Network::Kyklos(_) => "kyklos2",
            Network::Lens(_) => "lens",
            Network::D3(_) => "d3",
            Network::Mdf(_) => "mdf",
        };
        family(name).unwrap_or(&FAMILIES[0])
    }

    /// The strategies offered for these parameters; the first is the default.
    pub fn strategies(&self) -> Vec<StrategyInfo> {
        self.family()
            .strategies
            .iter()
            .filter(|s| self.unavailable(s.name).is_none())
            .copied()
            .collect()
    }

    /// Why the family's strategy `name` is not offered for these parameters.
    fn unavailable(&self, name: &str) -> Option<String> {
        match self {
            Network::Hypercycle(_) | Network::Lens(_) | Network::D3(_) | Network::Mdf(_) => None,
            Network::Kyklos(k) => {
                KyklosRouting::from_name(name).and_then(|kind| k.unsupported(kind))
            }
        }
    }

    /// The topology, as a trait object.
    pub fn topology(&self) -> &dyn Topology {
        match self {
            Network::Hypercycle(h) => h,
            Network::Kyklos(k) => k,
            Network::Lens(l) => l,
            Network::D3(d) => d,
            Network::Mdf(d) => d,
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
            Network::Kyklos(k) => {
                let kind =
                    KyklosRouting::from_name(name).ok_or_else(|| self.unknown_strategy(name))?;
                let routing = k.routing(kind).map_err(|why| StrategyError::Unavailable {
                    name: name.to_string(),
                    why: why.to_string(),
                })?;
                Ok(Box::new(routing))
            }
            Network::Lens(l) => match name {
                "minimal" => Ok(Box::new(l.routing())),
                _ => Err(self.unknown_strategy(name)),
            },
            Network::D3(d) => match name {
                "minimal" => Ok(Box::new(MinimalRouting::new(d))),
                _ => {
                    let kind =
                        D3Routing::from_name(name).ok_or_else(|| self.unknown_strategy(name))?;
                    Ok(Box::new(d.routing(kind)))
                }
            },
            Network::Mdf(d) => match name {
                "minimal" => Ok(Box::new(MinimalRouting::new(d))),
                _ => Err(self.unknown_strategy(name)),
            },
        }
    }

    /// Generic minimal routing on this network (breadth-first search decides).
    pub fn minimal_routing(&self) -> MinimalRouting<'_, dyn Topology + '_> {
        MinimalRouting::new(self.topology())
    }

    fn unknown_strategy(&self, name: &str) -> StrategyError {
        StrategyError::Unknown {
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
            Network::Kyklos(_) => Vec::new(),
            Network::Lens(l) => vec![Formula {
                name: "pattern-A diameter (busses)",
                expression: if l.is_completed() { "⌊3n/2⌋" } else { "2n" },
                value: u64::from(l.paper_diameter()),
            }],
            Network::D3(d) => {
                let (k, m) = (u64::from(d.k()), u64::from(d.m()));
                vec![
                    Formula {
                        name: "routers",
                        expression: "KM²",
                        value: k * m * m,
                    },
                    Formula {
                        name: "drawers",
                        expression: "KM",
                        value: k * m,
                    },
                    Formula {
                        name: "ports per router",
                        expression: "K global + (M − 1) local",
                        value: k + m - 1,
                    },
                    Formula {
                        name: "diameter",
                        expression: "3",
                        value: 3,
                    },
                    Formula {
                        name: "cutset (Corollary 1, channels)",
                        expression: "min(K²M²/2, KM³/2)",
                        value: (k * k * m * m).min(k * m * m * m) / 2,
                    },
                ]
            }
            Network::Mdf(d) => {
                let (k, m) = (u64::from(d.k()), u64::from(d.m()));
                vec![
                    Formula {
                        name: "routers",
                        expression: "(KM + 1)·M",
                        value: (k * m + 1) * m,
                    },
                    Formula {
                        name: "groups (drawers)",
                        expression: "KM + 1",
                        value: k * m + 1,
                    },
                    Formula {
                        name: "diameter",
                        expression: "3",
                        value: 3,
                    },
                ]
            }
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
        // One breadth-first search from terminal 0 serves every terminal.
        if t.terminal_transitive() {
            return walk;
        }
        // Per-source closed forms (the Swapped Dragonfly), summed over every node.
        if t.terminal_count() == t.node_count() && t.distance_counts_from(0).is_some() {
            return walk.saturating_add(n.saturating_mul(4));
        }
        (t.terminal_count() as u64).saturating_mul(walk)
    }

    /// The default pair to route between: the family's example when it names nodes of
    /// this network, else the first and the last terminal.
    pub fn default_route(&self) -> (Node, Node) {
        let (a, b) = self.family().example_route;
        match (self.parse_node(a), self.parse_node(b)) {
            (Ok(a), Ok(b)) => (a, b),
            _ => (0, self.topology().terminal_count().saturating_sub(1)),
        }
    }

    /// Summary numbers: counts, degrees, diameter, average distance, formulas.
    ///
    /// # Complexity
    /// One distance distribution (see [`distance_distribution`]) plus O(N·degree).
    pub fn info(&self) -> NetworkInfo {
        self.info_from(&self.distance_distribution())
    }

    /// [`Network::info`] from this network's distance distribution `dd`, computed once by
    /// a caller that also wants the distribution itself.
    ///
    /// # Complexity
    /// O(N·degree) (O(degree) when vertex-transitive).
    pub fn info_from(&self, dd: &DistanceDistribution) -> NetworkInfo {
        let t = self.topology();
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
            terminals: t.terminal_count() as u64,
            links: t.link_count(),
            min_degree,
            max_degree,
            diameter: dd.diameter(),
            average_distance: dd.average(),
            vertex_transitive: t.vertex_transitive(),
            terminal_transitive: t.terminal_transitive(),
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
