//! TR-88-27's Table 3 measures of one KYKLOS network and strategy, in the table's own
//! convention, for `icn metrics` and the explorer beside the generic channel loads (which
//! count ordered pairs of distinct L-nodes per **directed** channel).
//!
//! - Maximum link traffic density: the busiest link's traffic over all N² ordered pairs of
//!   L-nodes, one unit per pair split equally among the strategy's routes, both
//!   directions of a link added ([`Kyklos::max_link_traffic_exact`]).
//! - Maximum IB-node processing load: the most partial joins at one IB-node over all N²
//!   ordered pairs (i = j joins at the L-node): at the middle of the routes for M-r (K-1)
//!   and P-r, by the quasi-level assignment for H-r, by §VII's level assignment for Y-2
//!   ([`Kyklos::midpoint_join_load`], [`Kyklos::h2_join_load`], [`Kyklos::y2_join_load`]).

use serde::{Deserialize, Serialize};

use icn_families::kyklos::{JoinError, Kyklos, KyklosRouting};

/// How Table 3 counts link traffic density.
pub const DENSITY_CONVENTION: &str = "TR-88-27 Table 3: the busiest link's traffic over all N² ordered pairs of L-nodes, one unit per pair split equally among the strategy's routes, both directions of a link added";

/// How Table 3 counts IB-node processing load.
pub const LOAD_CONVENTION: &str = "TR-88-27 Table 3: the most partial joins at one IB-node over all N² ordered pairs (i = j joins at the L-node); at the routes' middle for M-r and P-r, by the quasi-level assignment for H-r, by §VII's level assignment for Y-2";

/// The most L-nodes for which the measures are computed with the metrics (Table 3's
/// largest network, N = 4096).
pub const TABLE3_MAX_LEAVES: usize = 4096;

/// One of the measures: its value (exact fraction beside it) or why there is none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table3Value {
    /// The value, where the strategy defines it here.
    pub value: Option<f64>,
    /// The exact fraction `p/q`, when the value is no integer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    /// Why there is no value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
    /// The counting convention.
    pub convention: String,
}

/// Table 3's two measures for one strategy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table3Measures {
    /// The strategy's name (`y2`, `hr`, …).
    pub strategy: String,
    /// The maximum link traffic density.
    pub max_link_traffic_density: Table3Value,
    /// The maximum IB-node processing load.
    pub max_ib_node_load: Table3Value,
}

fn value<E: std::fmt::Display>(
    result: Result<icn_graph::math::Ratio, E>,
    convention: &str,
) -> Table3Value {
    match result {
        Ok(r) => Table3Value {
            value: Some(r.value()),
            exact: r.fraction(),
            unavailable: None,
            convention: convention.to_string(),
        },
        Err(why) => Table3Value {
            value: None,
            exact: None,
            unavailable: Some(why.to_string()),
            convention: convention.to_string(),
        },
    }
}

/// Table 3's measures of `kind` on `k`; `None` above [`TABLE3_MAX_LEAVES`] L-nodes.
///
/// # Complexity
/// N routes towards L-node 0 for the density (translation symmetry), and as the join
/// loads' own functions for the load.
pub fn table3_measures(k: &Kyklos, kind: KyklosRouting) -> Option<Table3Measures> {
    if k.leaf_count() > TABLE3_MAX_LEAVES {
        return None;
    }
    let density = value(k.max_link_traffic_exact(kind), DENSITY_CONVENTION);
    let load = match kind {
        KyklosRouting::Hr => k.h2_join_load(),
        KyklosRouting::Y2 => k.y2_join_load(),
        KyklosRouting::Mr | KyklosRouting::Pr => k.midpoint_join_load(kind),
        KyklosRouting::D2 => Err(JoinError::Unsupported),
    };
    let load = match (kind, load) {
        (KyklosRouting::D2, _) => Table3Value {
            value: None,
            exact: None,
            unavailable: Some("Table 3 has no join assignment for D2".into()),
            convention: LOAD_CONVENTION.into(),
        },
        (_, load) => value(load.map(|l| l.max_ib_node_exact), LOAD_CONVENTION),
    };
    Some(Table3Measures {
        strategy: kind.name().to_string(),
        max_link_traffic_density: density,
        max_ib_node_load: load,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_engine::network::Network;

    fn kyklos(spec: &str) -> Kyklos {
        let net: Network = spec.parse().unwrap();
        net.kyklos().unwrap().clone()
    }

    #[test]
    fn table_3s_printed_values_at_n_16() {
        // Table 3, N = 16 (proposed KYKLOS-II⟨2,2,4⟩): Y-2's density and load as the
        // kyklos-density and kyklos-load tables compute them.
        let k = kyklos("kyklos2:m=2,r=2,n=4,shuffle=proposed");
        let y2 = table3_measures(&k, KyklosRouting::Y2).unwrap();
        assert_eq!(
            y2.max_link_traffic_density.value,
            Some(k.max_link_traffic(KyklosRouting::Y2).unwrap())
        );
        assert_eq!(
            y2.max_ib_node_load.value,
            Some(k.y2_join_load().unwrap().max_ib_node)
        );
        let d2 = table3_measures(&k, KyklosRouting::D2).unwrap();
        assert!(d2.max_ib_node_load.unavailable.is_some());
        assert!(d2.max_link_traffic_density.value.is_some());
    }
}
