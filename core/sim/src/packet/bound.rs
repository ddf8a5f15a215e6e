//! The channel-load bound a simulated curve approaches under BookSim2's uniform traffic
//! (each packet to any endpoint, its source included): the largest offered load at which
//! no channel's exact load exceeds 1, from the routing's channel loads split per hop (the
//! simulator picks among next hops at each hop). The simulation view draws it beside the
//! saturation the run found.

use icn_engine::metrics::{load_estimate, load_summary_split};
use icn_engine::network::Network;
use icn_engine::routing::registry;
use icn_engine::Budget;
use icn_graph::Split;

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
