//! The channel-load bound a simulated curve approaches under BookSim2's uniform traffic
//! (each packet to any endpoint, its source included): the largest offered load at which
//! no channel's exact load exceeds 1, from the routing's channel loads split per hop (the
//! simulator picks among next hops at each hop). The simulation view draws it beside the
//! saturation the run found. And any pattern as the throughput analysis reads it
//! ([`pattern_demand`]), for the bounds under every other traffic.

use super::config::SimError;
use super::shape;
use super::traffic::{Pattern, Traffic};
use crate::rng::SplitMix64;
use icn_analyses::throughput::{endpoint_nodes, matrix_estimate, permutation_estimate, Demand};
use icn_engine::metrics::{load_estimate, load_summary_split};
use icn_engine::network::Network;
use icn_engine::routing::registry;
use icn_engine::{Budget, Estimate};
use icn_graph::{Routing, Split};

/// The bound under uniform traffic of the routing `routing` on `net` with `endpoints`
/// endpoints. With T terminals, each of a terminal's E/T endpoints offers r flits per
/// cycle, a share 1/T of it to each terminal: an ordered pair of distinct terminals
/// carries E·r/T² flits per cycle. The busiest channel's exact load is L when every
/// ordered pair sends one unit, so it carries L·E·r/T², and r ≤ T²/(E·L); an endpoint's
/// own channel bounds r by 1. `None` for an adaptive routing (its shares depend on the
/// queues), beyond `budget`, or with no load.
pub fn uniform_bound(
    net: &Network,
    routing: &str,
    endpoints: usize,
    budget: Budget,
) -> Option<f64> {
    let t = net.topology();
    let relation = registry::build_oblivious(net, routing).ok()?;
    if !load_estimate(t, relation.as_ref()).within(budget) {
        return None;
    }
    let summary = load_summary_split(t, relation.as_ref(), Split::PerHop);
    let terminals = t.terminal_count() as f64;
    let l = summary.max_channel_load;
    (l > 0.0 && endpoints > 0).then(|| (terminals * terminals / (endpoints as f64 * l)).min(1.0))
}

/// The traffic `pattern` as the throughput analysis reads it on `net`'s endpoints (the
/// simulator's numbering, [`endpoint_nodes`]): uniform as uniform (the analysis leaves the
/// source out, `icn throughput`'s convention), a permutation given in full as given (the
/// analysis checks it against the endpoints), a permutation pattern as its permutation,
/// every other pattern as its exact traffic matrix ([`Traffic::distribution`]).
///
/// # Errors
/// [`SimError::Traffic`] where the pattern does not fit the network's endpoints.
pub fn pattern_demand(net: &Network, pattern: &Pattern) -> Result<Demand, SimError> {
    if let Pattern::Given(p) = pattern {
        return Ok(Demand::Permutation(p.clone()));
    }
    let e = u32::try_from(endpoint_nodes(net).len())
        .map_err(|_| SimError::Traffic("too many endpoints".into()))?;
    let traffic = Traffic::new(pattern, e, shape(net))?;
    Ok(match pattern {
        Pattern::Uniform => Demand::Uniform,
        p if p.is_permutation() => {
            // A permutation draws nothing: any stream gives its table.
            let mut rng = SplitMix64::stream(1, 2);
            Demand::Permutation((0..e).map(|s| traffic.dest(s, &mut rng)).collect())
        }
        _ => Demand::Matrix((0..e).map(|s| traffic.distribution(s)).collect()),
    })
}

/// What the throughput analysis costs under `pattern` ([`pattern_demand`]) for the
/// routing `routing` on `net`: the loads by symmetry for uniform traffic, a DAG pass per
/// endpoint for a permutation, a DAG per destination and each pair for a matrix.
///
/// # Errors
/// [`SimError::Traffic`] where the pattern does not fit the network's endpoints.
pub fn pattern_estimate(
    net: &Network,
    routing: &dyn Routing,
    pattern: &Pattern,
) -> Result<Estimate, SimError> {
    let e = endpoint_nodes(net).len();
    let ends = u32::try_from(e).map_err(|_| SimError::Traffic("too many endpoints".into()))?;
    let traffic = Traffic::new(pattern, ends, shape(net))?;
    Ok(match pattern {
        Pattern::Uniform => load_estimate(net.topology(), routing),
        p if p.is_permutation() => permutation_estimate(net, routing),
        _ => matrix_estimate(net, routing, e.saturating_mul(traffic.fanout() as usize)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_engine::PAGE_BUDGET;

    /// An 8×8 mesh under dimension order (x first): the channel across the middle of a
    /// row carries the units of the row's 4 nodes on one side to the 4 columns × 8 rows on
    /// the other, 128 of the 64² ordered pairs' units, so r ≤ 64² / (64 · 128) = 1/2:
    /// Dally and Towles's 4/k for k = 8 (traffic including the source itself).
    #[test]
    fn an_8x8_mesh_is_bounded_at_one_half() {
        let net: Network = "mesh:k=8x8".parse().expect("spec");
        assert_eq!(uniform_bound(&net, "dor", 64, PAGE_BUDGET), Some(0.5));
        assert_eq!(uniform_bound(&net, "ugal", 64, PAGE_BUDGET), None);
    }
}
