//! The one routing registry: every routing any consumer runs on a network (listing, loads,
//! deadlock analysis, the simulator, throughput), found by name in one place. A network
//! offers its family's strategies (`icn families`) and the generic routings defined once
//! here for any network that can carry them:
//!
//! - `valiant` ([`AnyValiant`]): via a random router, both legs on the family's
//!   dimension-order routing (`dor`, `ecube`), else its `lgl`, else its first strategy;
//!   where the family has no `valiant` of its own.
//! - `ugal`: at each packet's source, the minimal route or Valiant's, chosen by the queues
//!   (adaptive: only the simulator runs the choice). Its relation, which loads and the
//!   deadlock analysis see, is the two-phase routing it chooses within: the family's
//!   `valiant-min` or `valiant` when two-phase, else `valiant` above.
//! - `table` ([`AnynetTable`]): BookSim2 anynet's minimal routing table. Listed on an
//!   imported graph; on any other network it is taken by name too, as BookSim2 routes the
//!   network's anynet export (`icn export --format anynet`).

use super::table::{AnynetTable, TableTooLarge};
use super::valiant::AnyValiant;
use crate::io::AnynetPlan;
use crate::network::Network;
use icn_families::imported;
use icn_graph::{Node, Routing, StrategyError};
use thiserror::Error;

/// The name of BookSim2 anynet's table routing ([`AnynetTable`]).
pub const TABLE: &str = "table";
/// The name of UGAL (adaptive between the minimal route and Valiant's).
pub const UGAL: &str = "ugal";
/// The name of Valiant's routing on any network ([`AnyValiant`]), when the family has
/// no `valiant` of its own.
pub const VALIANT: &str = "valiant";

/// Where a routing comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoutingKind {
    /// One of the family's own strategies.
    Family,
    /// Valiant's routing over the family's one-phase routing ([`AnyValiant`]).
    Valiant,
    /// UGAL: adaptive, at the source, within a two-phase routing.
    Ugal,
    /// BookSim2 anynet's table ([`AnynetTable`]).
    Table,
}

impl RoutingKind {
    /// Whether the routing chooses by the network's state (queues), so that its paths'
    /// shares of a pair's traffic are not fixed: loads and throughput of an oblivious
    /// routing do not apply to it.
    pub fn adaptive(self) -> bool {
        self == RoutingKind::Ugal
    }
}

/// A routing a network offers: its name (as every form and command takes it), a title,
/// and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoutingInfo {
    /// The name.
    pub name: String,
    /// What it is, in a few words.
    pub title: String,
    /// Where it comes from.
    pub kind: RoutingKind,
}

/// Why a routing cannot be built on a network.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RoutingError {
    /// No routing of that name on this network.
    #[error("'{name}' is not a routing of {spec}; choose one of: {offered}")]
    Unknown {
        /// The name as given.
        name: String,
        /// The network.
        spec: String,
        /// The routings it offers, comma-separated.
        offered: String,
    },
    /// The family's own strategy failed to build.
    #[error(transparent)]
    Family(#[from] StrategyError),
    /// The anynet table is too large for the network.
    #[error(transparent)]
    Table(#[from] TableTooLarge),
    /// An adaptive routing has no fixed share of each path.
    #[error("'{name}' chooses its route by the queues, so its channel loads depend on the run: take its minimal or Valiant routing, or simulate it")]
    Adaptive {
        /// The routing's name.
        name: String,
    },
}

/// The one-phase routing Valiant's routing is built on: the family's dimension order
/// (`dor`, `ecube`), else `lgl`, else its first strategy; `None` when that is two-phase.
fn valiant_base(net: &Network) -> Option<Box<dyn Routing + '_>> {
    ["dor", "ecube", "lgl", net.default_strategy()]
        .into_iter()
        .find_map(|name| net.routing(name).ok())
        .filter(|r| r.two_phase().is_none())
}

/// The family's own two-phase strategy UGAL chooses within (`valiant-min`, else
/// `valiant`).
fn own_two_phase(net: &Network) -> Option<Box<dyn Routing + '_>> {
    ["valiant-min", "valiant"]
        .into_iter()
        .filter_map(|name| net.routing(name).ok())
        .find(|r| r.two_phase().is_some())
}

/// The router nodes of `net` (nodes that are not endpoints of their own), in order, and
/// each node's router number (`u32::MAX` for an endpoint node): [`AnynetPlan`]'s reading.
pub fn routers(net: &Network) -> (Vec<Node>, Vec<u32>) {
    let plan = AnynetPlan::of(net);
    let node_router: Vec<u32> = plan.router.iter().map(|r| r.unwrap_or(u32::MAX)).collect();
    let router_node = (0..node_router.len())
        .filter(|&v| node_router[v] != u32::MAX)
        .collect();
    (router_node, node_router)
}

/// Every routing `net` offers, in the order a form lists them: the family's strategies,
/// then `valiant`, `ugal` and `table` where they apply.
pub fn routings(net: &Network) -> Vec<RoutingInfo> {
    let mut out: Vec<RoutingInfo> = net
        .strategies()
        .into_iter()
        .map(|s| RoutingInfo {
            name: s.name.to_string(),
            title: s.title.to_string(),
            kind: RoutingKind::Family,
        })
        .collect();
    let has = |out: &[RoutingInfo], name: &str| out.iter().any(|r| r.name == name);
    let base = valiant_base(net).is_some();
    if base && !has(&out, VALIANT) {
        out.push(RoutingInfo {
            name: VALIANT.into(),
            title: "Valiant: via a random router, both legs minimal".into(),
            kind: RoutingKind::Valiant,
        });
    }
    if !has(&out, UGAL) && (base || own_two_phase(net).is_some()) {
        out.push(RoutingInfo {
            name: UGAL.into(),
            title: "UGAL: minimal or Valiant, chosen at the source by the queues".into(),
            kind: RoutingKind::Ugal,
        });
    }
    if !has(&out, TABLE) && net.family().name == imported::GRAPH.name {
        out.push(table_info());
    }
    out
}

fn table_info() -> RoutingInfo {
    RoutingInfo {
        name: TABLE.into(),
        title: "table: BookSim2 anynet's minimal routing table".into(),
        kind: RoutingKind::Table,
    }
}

/// The routing called `name` on `net`: one [`routings`] lists, or `table` (taken by name
/// on every network).
///
/// # Errors
/// [`RoutingError::Unknown`] listing the routings it offers.
pub fn find(net: &Network, name: &str) -> Result<RoutingInfo, RoutingError> {
    let all = routings(net);
    if let Some(r) = all.iter().find(|r| r.name == name) {
        return Ok(r.clone());
    }
    if name == TABLE {
        return Ok(table_info());
    }
    let offered: Vec<&str> = all.iter().map(|r| r.name.as_str()).collect();
    Err(RoutingError::Unknown {
        name: name.to_string(),
        spec: net.spec(),
        offered: offered.join(", "),
    })
}

/// The routing relation called `name` on `net` (for UGAL, the two-phase relation it
/// chooses within).
///
/// # Errors
/// [`RoutingError`]: a name `net` does not offer, or a table too large.
pub fn build<'a>(net: &'a Network, name: &str) -> Result<Box<dyn Routing + 'a>, RoutingError> {
    match find(net, name)?.kind {
        RoutingKind::Family => Ok(net.routing(name)?),
        RoutingKind::Valiant => any_valiant(net),
        RoutingKind::Ugal => match own_two_phase(net) {
            Some(r) => Ok(r),
            None => any_valiant(net),
        },
        RoutingKind::Table => {
            let (router_node, node_router) = routers(net);
            Ok(Box::new(AnynetTable::new(
                net.topology(),
                &router_node,
                &node_router,
            )?))
        }
    }
}

/// [`build`], refusing an adaptive routing: for loads and throughput, which need each
/// path's fixed share of a pair's traffic.
///
/// # Errors
/// As [`build`], and [`RoutingError::Adaptive`].
pub fn build_oblivious<'a>(
    net: &'a Network,
    name: &str,
) -> Result<Box<dyn Routing + 'a>, RoutingError> {
    if find(net, name)?.kind.adaptive() {
        return Err(RoutingError::Adaptive {
            name: name.to_string(),
        });
    }
    build(net, name)
}

fn any_valiant(net: &Network) -> Result<Box<dyn Routing + '_>, RoutingError> {
    let base = valiant_base(net).ok_or_else(|| RoutingError::Unknown {
        name: VALIANT.to_string(),
        spec: net.spec(),
        offered: routings(net)
            .iter()
            .map(|r| r.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    })?;
    Ok(Box::new(AnyValiant::new(
        base,
        routers(net).0,
        net.topology().node_count(),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_graph::intermediates;
    use icn_graph::Spec;

    fn net(spec: &str) -> Network {
        Network::from_spec(&spec.parse::<Spec>().expect("spec")).expect("network")
    }

    #[test]
    fn a_torus_offers_its_own_and_the_generic_routings() {
        let n = net("torus:k=4x4");
        let names: Vec<String> = routings(&n).into_iter().map(|r| r.name).collect();
        assert!(names.contains(&"dor".to_string()));
        assert!(names.contains(&VALIANT.to_string()));
        assert!(names.contains(&UGAL.to_string()));
        assert!(!names.contains(&TABLE.to_string()));
        // Not listed, but taken by name: BookSim2's table on the torus's anynet export.
        assert!(build(&n, TABLE).expect("table").two_phase().is_none());
        // Valiant on a 16-router torus: 14 intermediates for a pair (all but its ends).
        let v = build(&n, VALIANT).expect("valiant");
        assert!(v.two_phase().is_some());
        assert_eq!(intermediates(v.as_ref(), 0, 5).map(|i| i.len()), Some(14));
        assert!(matches!(
            build_oblivious(&n, UGAL),
            Err(RoutingError::Adaptive { .. })
        ));
    }

    #[test]
    fn an_unknown_name_lists_what_is_offered() {
        let e = build(&net("mesh:k=3x3"), "nonsense")
            .err()
            .expect("refused")
            .to_string();
        assert!(e.contains("'nonsense'") && e.contains("dor") && e.contains("valiant"));
    }

    #[test]
    fn a_dragonfly_ugal_chooses_within_its_own_valiant_min() {
        let n = net("dragonfly:a=4,p=2,h=2");
        let names: Vec<String> = routings(&n).into_iter().map(|r| r.name).collect();
        // The family's own `valiant` comes first; no generic duplicate.
        assert_eq!(names.iter().filter(|x| *x == VALIANT).count(), 1);
        assert!(build(&n, UGAL).expect("ugal").two_phase().is_some());
    }
}
