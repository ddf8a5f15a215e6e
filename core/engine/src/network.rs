//! [`Network`]: any family behind one type, built from a [`Spec`]; the registry of
//! families. Everything a family knows lives in its folder under `topology/` (its
//! [`Family`] implementation); this module only dispatches to it.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::metrics::{distance_distribution, DistanceDistribution};
use crate::routing::{route, MinimalRouting, Route};
use icn_families::butterfly::{self, Butterfly};
use icn_families::cmesh::{self, CMesh};
use icn_families::d3::{self, D3};
use icn_families::dragonfly::{self, Dragonfly};
use icn_families::family::{Family, FamilyInfo, Formula, HopUnit, StrategyInfo, Structure};
use icn_families::fattree::{self, FatTree};
use icn_families::hypercycle::{self, Hypercycle};
use icn_families::hyperx::{self, HyperX};
use icn_families::imported::{self, Imported};
use icn_families::jellyfish::{self, Jellyfish};
use icn_families::kyklos::{self, Kyklos};
use icn_families::lens::{self, Lens};
use icn_families::mdf::{self, Mdf};
use icn_families::polarfly::{self, PolarFly};
use icn_families::slimfly::{self, SlimFly};
use icn_families::torus::{self, Torus};
use icn_graph::error::{AddressError, FamilyMismatch, ParamError, SpecError, StrategyError};
use icn_graph::spec::Spec;
use icn_graph::{translations, Node, Routing, Topology};

/// How a family's networks are built from a spec.
type Builder = fn(&Spec) -> Result<Network, ParamError>;

/// One registry line: a family's description and how its networks are built.
#[derive(Clone, Copy)]
struct Entry {
    info: FamilyInfo,
    build: Builder,
}

const fn entry(info: FamilyInfo, build: Builder) -> Entry {
    Entry { info, build }
}

/// The registry: every family the engine knows, in menu order. A new family is its
/// folder under `topology/` plus one line here.
#[rustfmt::skip]
const REGISTRY: &[Entry] = &[
    entry(hypercycle::HYPERCYCLE, |s| Ok(Hypercycle::from_spec(s)?.into())),
    entry(hypercycle::HYPERCUBE, |s| Ok(Hypercycle::from_spec(s)?.into())),
    entry(kyklos::KYKLOS2, |s| Ok(Kyklos::from_spec(s)?.into())),
    entry(kyklos::KYKLOS1, |s| Ok(Kyklos::from_spec(s)?.into())),
    entry(lens::LENS, |s| Ok(Lens::from_spec(s)?.into())),
    entry(d3::D3_FAMILY, |s| Ok(D3::from_spec(s)?.into())),
    entry(mdf::MDF, |s| Ok(Mdf::from_spec(s)?.into())),
    entry(torus::TORUS, |s| Ok(Torus::from_spec(s)?.into())),
    entry(torus::MESH, |s| Ok(Torus::from_spec(s)?.into())),
    entry(cmesh::CMESH, |s| Ok(CMesh::from_spec(s)?.into())),
    entry(hyperx::HYPERX, |s| Ok(HyperX::from_spec(s)?.into())),
    entry(hyperx::FLATFLY, |s| Ok(HyperX::from_spec(s)?.into())),
    entry(dragonfly::DRAGONFLY, |s| Ok(Dragonfly::from_spec(s)?.into())),
    entry(fattree::FATTREE, |s| Ok(FatTree::from_spec(s)?.into())),
    entry(butterfly::BUTTERFLY, |s| Ok(Butterfly::from_spec(s)?.into())),
    entry(slimfly::SLIMFLY, |s| Ok(SlimFly::from_spec(s)?.into())),
    entry(polarfly::POLARFLY, |s| Ok(PolarFly::from_spec(s)?.into())),
    entry(jellyfish::JELLYFISH, |s| Ok(Jellyfish::from_spec(s)?.into())),
    entry(imported::GRAPH, |s| Ok(Imported::from_spec(s)?.into())),
];

const FAMILY_LIST: [FamilyInfo; REGISTRY.len()] = {
    let mut out = [REGISTRY[0].info; REGISTRY.len()];
    let mut i = 1;
    while i < REGISTRY.len() {
        out[i] = REGISTRY[i].info;
        i += 1;
    }
    out
};

/// Every family the engine knows, in menu order.
pub const FAMILIES: &[FamilyInfo] = &FAMILY_LIST;

/// The family called `name`.
pub fn family(name: &str) -> Option<&'static FamilyInfo> {
    FAMILIES.iter().find(|f| f.name == name)
}

/// Any network the engine knows: a validated network of one family, shared.
///
/// Two networks are equal when their canonical specs are. Family-specific views reach
/// their family's type through the typed accessors ([`Network::kyklos`], …); any family's
/// value converts into a `Network` with `From`.
#[derive(Clone)]
pub struct Network(Arc<dyn Family>);

impl<F: Family> From<F> for Network {
    fn from(family: F) -> Network {
        Network(Arc::new(family))
    }
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Network").field(&self.0).finish()
    }
}

impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.spec() == other.spec()
    }
}

impl Eq for Network {}

/// The known family names, comma separated (for error messages).
pub(crate) fn known_families() -> String {
    FAMILIES
        .iter()
        .map(|f| f.name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Network {
    /// Builds a network from a parsed spec.
    ///
    /// # Errors
    /// An unknown family, or parameters the family rejects.
    pub fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        match REGISTRY.iter().find(|e| e.info.name == spec.family) {
            Some(entry) => Ok((entry.build)(spec)?),
            None => Err(SpecError::UnknownFamily {
                name: spec.family.clone(),
                known: known_families(),
            }),
        }
    }

    /// The canonical spec: it parses back to an equal network.
    pub fn spec(&self) -> String {
        self.0.spec()
    }

    /// The family's description.
    pub fn family(&self) -> &'static FamilyInfo {
        self.0.info()
    }

    /// The network as its family's trait object.
    pub fn as_family(&self) -> &dyn Family {
        &*self.0
    }

    /// The strategies offered for these parameters; the first is the default.
    pub fn strategies(&self) -> Vec<StrategyInfo> {
        self.0.strategies()
    }

    /// The default strategy: the first one offered.
    pub fn default_strategy(&self) -> &'static str {
        self.0.default_strategy()
    }

    /// The topology, as a trait object.
    pub fn topology(&self) -> &dyn Topology {
        self.0.as_topology()
    }

    /// The routing relation called `name`.
    ///
    /// # Errors
    /// A name the family does not offer.
    pub fn routing(&self, name: &str) -> Result<Box<dyn Routing + '_>, StrategyError> {
        self.0.routing(name)
    }

    /// Generic minimal routing on this network (breadth-first search decides).
    pub fn minimal_routing(&self) -> MinimalRouting<'_, dyn Topology + '_> {
        MinimalRouting::new(self.topology())
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

    /// Why a [`Network::route`] from `src` to `dst` under `strategy` found no path (its
    /// count is zero, `src` ≠ `dst`): in a network of one-way channels `dst` may be out
    /// of reach; otherwise the strategy offers no path between them (a fat tree's
    /// up*/down* between switches without a common ancestor).
    pub fn no_path(&self, strategy: &str, src: Node, dst: Node) -> String {
        let t = self.topology();
        let (a, b) = (t.format_node(src), t.format_node(dst));
        if t.directed() && icn_graph::bfs(t, src)[dst] == icn_graph::UNREACHABLE {
            format!(
                "{b} cannot be reached from {a}: the channels run one way, and none of the \
                 paths leaving {a} arrives at {b}"
            )
        } else {
            format!("strategy '{strategy}' offers no path from {a} to {b}")
        }
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

    /// [`Network::distance_distribution`], calling `progress(done, passes)` between the
    /// passes of a long one ([`crate::metrics::distance_distribution_with`]).
    pub fn distance_distribution_with(
        &self,
        progress: &mut dyn FnMut(usize, usize),
    ) -> DistanceDistribution {
        crate::metrics::distance_distribution_with(self.topology(), progress)
    }

    /// The paper's closed forms for this network (cheap at any size).
    pub fn formulas(&self) -> Vec<Formula> {
        self.0.formulas()
    }

    /// How the nodes are organised, for the diagram.
    pub fn structure(&self) -> Structure {
        self.0.structure()
    }

    /// Whether the graph is vertex-transitive: the topology's translations, or a family's
    /// own argument (the completed Lens).
    pub fn vertex_transitive_graph(&self) -> bool {
        translations(self.topology()).is_some() || self.0.vertex_transitive_graph()
    }

    /// The unit the paper counts distances in when it is not a link (the Lens's busses).
    pub fn hop_unit(&self) -> Option<HopUnit> {
        self.0.hop_unit()
    }

    /// The endpoints attached to each terminal node (1 unless the family has a
    /// concentration, as a Dragonfly's p).
    pub fn concentration(&self) -> u32 {
        self.0.concentration()
    }

    /// BookSim2's number of the endpoint in `slot` of terminal router `node`, where its
    /// topology numbers endpoints otherwise than router by router
    /// ([`Family::endpoint_number`]).
    pub fn endpoint_number(&self, node: Node, slot: u32) -> Option<u32> {
        self.0.endpoint_number(node, slot)
    }

    /// The on-chip latency of channel u → v ([`Family::noc_latency`]), where the family
    /// has a floorplan.
    pub fn noc_latency(&self, u: Node, v: Node) -> Option<u32> {
        self.0.noc_latency(u, v)
    }

    /// BookSim2's own topology settings for this network, where it has them
    /// ([`Family::booksim_topology`]).
    pub fn booksim_topology(&self) -> Option<Vec<(&'static str, String)>> {
        self.0.booksim_topology()
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

    /// The network as family `F`, or the mismatch naming `expected` and this family.
    fn typed<F: Family>(&self, expected: &'static str) -> Result<&F, FamilyMismatch> {
        self.0
            .as_any()
            .downcast_ref::<F>()
            .ok_or_else(|| FamilyMismatch {
                expected,
                actual: self.family().name,
                spec: self.spec(),
            })
    }

    /// The Hypercycle (or binary n-cube) this network is.
    ///
    /// # Errors
    /// [`FamilyMismatch`] for a network of another family.
    pub fn hypercycle(&self) -> Result<&Hypercycle, FamilyMismatch> {
        self.typed("hypercycle or hypercube")
    }

    /// The KYKLOS-I or KYKLOS-II network this network is.
    ///
    /// # Errors
    /// [`FamilyMismatch`] for a network of another family.
    pub fn kyklos(&self) -> Result<&Kyklos, FamilyMismatch> {
        self.typed("kyklos1 or kyklos2")
    }

    /// The Lens (uncompleted or completed) this network is.
    ///
    /// # Errors
    /// [`FamilyMismatch`] for a network of another family.
    pub fn lens(&self) -> Result<&Lens, FamilyMismatch> {
        self.typed("lens")
    }

    /// The Swapped Dragonfly D3(K, M) this network is.
    ///
    /// # Errors
    /// [`FamilyMismatch`] for a network of another family.
    pub fn d3(&self) -> Result<&D3, FamilyMismatch> {
        self.typed("d3")
    }

    /// The maximal Dragonfly MDF(K, M) this network is.
    ///
    /// # Errors
    /// [`FamilyMismatch`] for a network of another family.
    pub fn mdf(&self) -> Result<&Mdf, FamilyMismatch> {
        self.typed("mdf")
    }
}

impl FromStr for Network {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Network::from_spec(&s.parse()?)
    }
}
