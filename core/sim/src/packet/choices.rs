//! The routings the simulator runs on a network, for a form to offer: the network's own
//! strategies, Valiant's routing where the family has none of its own, UGAL where a
//! two-phase routing exists or can be built, and BookSim2 anynet's table on an imported
//! graph. The same rules as [`super::Simulator::new`] applies when it builds the routing
//! (checked against it in tests), without building the fabric.

use super::{SimError, TABLE_ROUTING, UGAL_ROUTING, VALIANT_ROUTING};
use icn_engine::network::Network;
use icn_families::imported;

/// A routing a form offers: its name (as `icn sim --routing` takes it) and a title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimRouting {
    /// The name.
    pub name: String,
    /// What it is, in a few words.
    pub title: String,
}

/// Whether the network has a one-phase routing Valiant's routing can be built on (the
/// simulator's `any_valiant`: dimension order, e-cube, l-g-l, else the first strategy).
fn valiant_base(net: &Network) -> bool {
    ["dor", "ecube", "lgl", net.default_strategy()]
        .into_iter()
        .find_map(|name| net.routing(name).ok())
        .is_some_and(|r| !r.two_phase())
}

/// Whether the network has a two-phase strategy of its own that UGAL takes.
fn own_two_phase(net: &Network) -> bool {
    ["valiant-min", "valiant"]
        .into_iter()
        .filter_map(|name| net.routing(name).ok())
        .any(|r| r.two_phase())
}

/// Every routing the simulator runs on `net`, in the order a form lists them.
pub fn sim_routings(net: &Network) -> Vec<SimRouting> {
    let mut out: Vec<SimRouting> = net
        .strategies()
        .into_iter()
        .map(|s| SimRouting {
            name: s.name.to_string(),
            title: s.title.to_string(),
        })
        .collect();
    let has = |out: &[SimRouting], name: &str| out.iter().any(|r| r.name == name);
    let base = valiant_base(net);
    if base && !has(&out, VALIANT_ROUTING) {
        out.push(SimRouting {
            name: VALIANT_ROUTING.into(),
            title: "Valiant: via a random router, both legs minimal".into(),
        });
    }
    if base || own_two_phase(net) {
        out.push(SimRouting {
            name: UGAL_ROUTING.into(),
            title: "UGAL: minimal or Valiant, chosen at the source by the queues".into(),
        });
    }
    if net.family().name == imported::GRAPH.name {
        out.push(SimRouting {
            name: TABLE_ROUTING.into(),
            title: "table: BookSim2 anynet's minimal routing table".into(),
        });
    }
    out
}

/// Whether the simulator runs `name` on `net`.
///
/// # Errors
/// [`SimError::Routing`] listing the routings it runs there, for the field.
pub fn check_sim_routing(net: &Network, name: &str) -> Result<(), SimError> {
    let all = sim_routings(net);
    if all.iter().any(|r| r.name == name) {
        return Ok(());
    }
    let names: Vec<&str> = all.iter().map(|r| r.name.as_str()).collect();
    Err(SimError::Routing(format!(
        "'{name}' is not a routing the simulator runs on {}: {}",
        net.spec(),
        names.join(", ")
    )))
}
