//! The values a URL leaves out that come from the network its spec names: the ends of the
//! network's default route and its first routing strategy. The route explorer, the
//! walkthrough and the join view take them (through [`crate::url::NetworkDefaults`]), so
//! that the URL state itself never builds a network.

use icn_core::Network;

use crate::url::{NetworkDefaults, SpecDefaults};

/// [`NetworkDefaults`] answered by core: the spec is parsed into a [`Network`], and its
/// [`Network::default_route`] and [`Network::strategies`] give the missing values.
#[derive(Debug, Clone, Copy, Default)]
pub struct FromNetwork;

impl NetworkDefaults for FromNetwork {
    fn defaults(&self, spec: &str) -> Option<SpecDefaults> {
        let net = spec.parse::<Network>().ok()?;
        let (a, b) = net.default_route();
        Some(SpecDefaults {
            from: net.format_node(a),
            to: net.format_node(b),
            strategy: net.strategies().first().map(|s| s.name.to_string()),
        })
    }
}
