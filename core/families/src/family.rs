//! What every family offers beside its graph: the descriptors forms, docs and error
//! messages are generated from ([`FamilyInfo`], [`ParamInfo`], [`StrategyInfo`]), the
//! paper's closed forms ([`Formula`]), and the [`Family`] trait that
//! [`icn_engine::Network`] dispatches to. Each family implements it in its own folder
//! (`topology/<family>/family.rs`).

use std::any::Any;
use std::borrow::Cow;
use std::fmt::Debug;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use icn_graph::error::{StrategyError, UnknownStrategy};
use icn_graph::{MinimalRouting, Node, Routing, Topology};

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
    /// The paper it comes from (empty for the user's own graph).
    pub source: &'static str,
}

/// A closed-form value from a paper, beside which the computed value is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formula {
    /// What it is, e.g. `degree`.
    pub name: Cow<'static, str>,
    /// The formula as the paper writes it.
    pub expression: Cow<'static, str>,
    /// Its value for this network.
    pub value: u64,
}

impl Formula {
    /// The formula `name` = `expression`, worth `value` here.
    pub const fn new(name: &'static str, expression: &'static str, value: u64) -> Formula {
        Formula {
            name: Cow::Borrowed(name),
            expression: Cow::Borrowed(expression),
            value,
        }
    }
}

/// How a family's nodes are organised, for a diagram a person recognises. The web
/// diagram draws each kind its own way; a family without a structure worth showing
/// (a random graph, an imported one) is [`Structure::Free`] and gets a stress layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Structure {
    /// The nodes are the points of a mixed-radix grid: node v has digits
    /// `d₀ … d₍ᵣ₋₁₎` over `radices` (most significant first, the last digit fastest:
    /// v = Σ dᵢ·Πⱼ₍>ᵢ₎ radixⱼ). Rows and columns are drawn as such; links that skip
    /// along a row or column (wrap-around, HyperX's all-to-all) as arcs.
    Grid {
        /// The radix of each digit, most significant first.
        radices: Vec<u32>,
    },
    /// Rows of nodes, top first (a fat tree's roots above its leaves, processors at
    /// the bottom), each row in drawing order.
    Levels {
        /// Each row's name (`level 0`, `processors`), for the legend and screen readers.
        names: Vec<String>,
        /// Each row's nodes, left to right.
        rows: Vec<Vec<usize>>,
    },
    /// An indirect network of one-way channels (a butterfly): columns of switches, left
    /// to right, with the processors drawn twice, sending on the left of the first
    /// column and receiving on the right of the last.
    Stages {
        /// Each column's name (`stage 0`), for the legend and screen readers.
        names: Vec<String>,
        /// Each column's switches, top to bottom.
        stages: Vec<Vec<usize>>,
        /// The processors, top to bottom.
        terminals: Vec<usize>,
    },
    /// Groups placed on a circle, each group's members on a small circle around its
    /// place (a Dragonfly's groups, Slim Fly's and PolarFly's subgroups); links inside a
    /// group are chords, links between groups bundled across.
    Groups {
        /// What a group is called (`group`, `subgraph`, `cluster`).
        name: &'static str,
        /// Each group's nodes, in drawing order.
        groups: Vec<Vec<usize>>,
    },
    /// No structure to show: a stress layout of the graph itself.
    Free,
}

/// The unit a family's paper counts distances in, where it is not a link of the graph:
/// the Lens counts busses, and a bus crossed between two processors is two links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HopUnit {
    /// What one hop crosses, singular (`bus`); JSON fields are named `<name>_hops`.
    pub name: &'static str,
    /// Links per hop (every terminal-to-terminal distance is a multiple of it).
    pub links: u32,
}

/// A family's value seen as its graph and as itself; every [`Topology`] gets it, so a
/// family implements only [`Family`].
pub trait AsGraph: Any {
    /// The graph, as a trait object.
    fn as_topology(&self) -> &dyn Topology;

    /// For typed access to the family's own type.
    fn as_any(&self) -> &dyn Any;
}

impl<T: Topology + Any> AsGraph for T {
    fn as_topology(&self) -> &dyn Topology {
        self
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A validated network of one family: what [`icn_engine::Network`] needs besides the graph.
///
/// Object safe; each family implements it in `topology/<family>/family.rs`, and one
/// registry line in `network.rs` makes it known to specs, forms and the CLI.
pub trait Family: AsGraph + Debug + Send + Sync {
    /// The family's description (for a family with two spellings, the one this
    /// network is written in: `hypercube` or `hypercycle`, `kyklos1` or `kyklos2`).
    fn info(&self) -> &'static FamilyInfo;

    /// The canonical spec: it parses back to an equal network.
    fn spec(&self) -> String;

    /// The routing relation called `name`.
    ///
    /// # Errors
    /// A name the family does not offer ([`Family::unknown_strategy`]), or one it does not
    /// offer for these parameters.
    fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError>;

    /// The paper's closed forms for this network (cheap at any size).
    fn formulas(&self) -> Vec<Formula> {
        Vec::new()
    }

    /// How the nodes are organised, for the diagram (default: no structure).
    fn structure(&self) -> Structure {
        Structure::Free
    }

    /// Whether the graph is vertex-transitive although it declares no
    /// [`Symmetry::translations`](icn_graph::Symmetry::translations) (those also need every
    /// node a terminal, for the metrics' single-source plan): the completed Lens, whose processors and busses a digit-reversing mirror
    /// exchanges.
    fn vertex_transitive_graph(&self) -> bool {
        false
    }

    /// The unit the paper counts distances in, when it is not one link (`None`: links).
    fn hop_unit(&self) -> Option<HopUnit> {
        None
    }

    /// The endpoints (processors) attached to each terminal node: 1 where every
    /// terminal node is itself a processor, p for a network of routers with p
    /// endpoints each (a Dragonfly's p, a HyperX's concentration). Exports to BookSim
    /// attach this many nodes to each terminal router.
    fn concentration(&self) -> u32 {
        1
    }

    /// The number BookSim2 gives the endpoint in `slot` (`0 .. concentration()`) of
    /// terminal router `node`, where its own topology numbers endpoints otherwise than
    /// router by router (the on-chip `cmesh` numbers them row by row across a grid of
    /// terminal tiles, each router's forming a block); `None`: `node · c + slot`, in
    /// router order. Over every router and slot the numbers are `0 .. endpoints`, each once.
    fn endpoint_number(&self, _node: Node, _slot: u32) -> Option<u32> {
        None
    }

    /// The cycles of channel u → v when BookSim2 lays the network out on a chip
    /// (`use_noc_latency = 1`): its length in terminal tiles. `None` where the family has
    /// no floorplan (then the simulator's configured latencies apply).
    fn noc_latency(&self, _u: Node, _v: Node) -> Option<u32> {
        None
    }

    /// The settings of BookSim2's own topology that builds this network with the same
    /// wiring and endpoint numbering (`topology = fly`, `k`, `n`, its routing function),
    /// where BookSim2 has one; otherwise exports go through an anynet file.
    fn booksim_topology(&self) -> Option<Vec<(&'static str, String)>> {
        None
    }

    /// Why the family's strategy `name` is not offered for these parameters (`None`
    /// when it is, or when the family has no strategy of that name).
    fn unavailable(&self, _name: &str) -> Option<String> {
        None
    }

    /// The strategies offered for these parameters, in menu order.
    fn strategies(&self) -> Vec<StrategyInfo> {
        self.info()
            .strategies
            .iter()
            .filter(|s| self.unavailable(s.name).is_none())
            .copied()
            .collect()
    }

    /// The default strategy: the first one offered.
    fn default_strategy(&self) -> &'static str {
        self.strategies().first().map_or("minimal", |s| s.name)
    }

    /// The error for a strategy name this network does not offer, listing those it does.
    fn unknown_strategy(&self, name: &str) -> StrategyError {
        StrategyError::Unknown {
            name: name.to_string(),
            family: self.info().name,
            known: self
                .strategies()
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// Reads a strategy name: the member of `all` whose `name_of` it is.
///
/// # Errors
/// [`UnknownStrategy`] naming it when none is.
pub(crate) fn parse_strategy<T: Copy>(
    name: &str,
    all: &[T],
    name_of: fn(T) -> &'static str,
) -> Result<T, UnknownStrategy> {
    all.iter()
        .copied()
        .find(|&k| name_of(k) == name)
        .ok_or_else(|| UnknownStrategy {
            name: name.to_string(),
        })
}

/// The one strategy of families that only route minimally: every shortest path,
/// breadth-first search deciding (`minimal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Minimal;

impl Minimal {
    /// Its name in URLs and on the command line.
    pub const NAME: &'static str = "minimal";

    /// The routing called `name` of a family that only routes minimally: every shortest
    /// path of `family`, or the family's error for a strategy it does not offer.
    ///
    /// # Errors
    /// Any name but `minimal` ([`Family::unknown_strategy`]).
    pub(crate) fn routing<'a, F: Family + Topology>(
        family: &'a F,
        name: &str,
    ) -> Result<Box<dyn Routing + 'a>, StrategyError> {
        let Minimal = name.parse().map_err(|_| family.unknown_strategy(name))?;
        Ok(Box::new(MinimalRouting::new(family)))
    }
}

/// The strategy menu of a graph without a structure to route by: every shortest path, or
/// up*/down* on a breadth-first spanning tree (deadlock-free with one virtual channel).
pub(crate) const MINIMAL_OR_UPDOWN: &[StrategyInfo] = &[
    StrategyInfo {
        name: Minimal::NAME,
        title: "All minimal paths",
        summary: "Every shortest path (breadth-first search decides).",
    },
    StrategyInfo {
        name: "updown",
        title: "Up*/down*",
        summary: "Links point up a breadth-first tree from node 0; routes climb, then descend (deadlock-free with one virtual channel; not always shortest).",
    },
];

/// The strategy menu of a family that only routes minimally.
pub(crate) const MINIMAL_ONLY: &[StrategyInfo] = &[StrategyInfo {
    name: Minimal::NAME,
    title: "All minimal paths",
    summary: "Every shortest path (breadth-first search decides).",
}];

impl Minimal {
    /// [`MINIMAL_OR_UPDOWN`]'s routing called `name` for `family`.
    ///
    /// # Errors
    /// Any name but `minimal` and `updown` ([`Family::unknown_strategy`]).
    pub(crate) fn or_up_down<'a, F: Family + Topology>(
        family: &'a F,
        name: &str,
    ) -> Result<Box<dyn Routing + 'a>, StrategyError> {
        if name == "updown" {
            return Ok(Box::new(icn_graph::UpDownRouting::new(family)));
        }
        Minimal::routing(family, name)
    }
}

impl FromStr for Minimal {
    type Err = UnknownStrategy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_strategy(s, &[Minimal], |_| Minimal::NAME)
    }
}
