//! The throughput view's job and the simulation view's bounds, run in the worker: a
//! routing's throughput under a traffic ([`icn_core::analysis::throughput`], as `icn
//! throughput` prints it), its bottleneck channels and, for a permutation, each pair; with
//! `optimal`, the best any routing could do (the maximum concurrent flow).
//!
//! Conventions (the view states them): endpoints inject; every channel carries 1 flit per
//! cycle in each direction; throughput is the largest injection rate per endpoint at which
//! no channel's load exceeds 1.

use icn_core::analysis::throughput::{
    endpoint_nodes, fraction, longest, optimal_with, routed, worst, Channels, Demand, Throughput,
    ThroughputError,
};
use icn_core::routing::registry;
use icn_core::sim::packet::{shape, Pattern, Traffic};
use icn_core::sim::rng::SplitMix64;
use icn_core::{Network, Node};
use icn_web_model::link_loads::ChannelLoad;
use icn_web_model::traffic::{check_traffic, TrafficChoice};
use serde::{Deserialize, Serialize};

/// The most channels whose loads a report lists (the link-load table; `icn throughput
/// --channels` lists any number). About 30 bytes each cross from the worker.
pub const TABLE_CHANNELS: usize = 1 << 16;

/// What to compute.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ThroughputAsk {
    /// The canonical spec.
    pub spec: String,
    /// An oblivious routing of the network.
    pub routing: String,
    /// The traffic, as `icn throughput --traffic` reads it.
    pub traffic: String,
    /// Also the optimal bound.
    pub optimal: bool,
}

/// A channel, its ends and its name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChannelText {
    /// Tail node.
    pub from: Node,
    /// Head node.
    pub to: Node,
    /// `from → to`, as addresses.
    pub text: String,
}

/// One pair of a permutation: source and destination endpoints, their nodes and names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairText {
    /// The source endpoint.
    pub src: u32,
    /// Its destination endpoint.
    pub dst: u32,
    /// The source's node.
    pub src_node: Node,
    /// The destination's node.
    pub dst_node: Node,
    /// The source's address.
    pub from: String,
    /// The destination's address.
    pub to: String,
}

impl PairText {
    /// `source → destination`, as addresses.
    pub fn text(&self) -> String {
        format!("{} → {}", self.from, self.to)
    }
}

/// The best any routing could do, or why it was not computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OptimalReport {
    /// The bounds: equal when the linear program solved it exactly, certified within 1 %
    /// by multiplicative weights beyond it.
    Bounds {
        /// A flow reaching this exists.
        lower_bound: f64,
        /// No routing reaches more.
        upper_bound: f64,
    },
    /// The solver failed.
    Failed {
        /// Why.
        message: String,
    },
}

/// What the worker computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThroughputReport {
    /// What was asked (the page checks it against its fields).
    pub ask: ThroughputAsk,
    /// Endpoints.
    pub endpoints: usize,
    /// min(1, the channel bound), flits per endpoint per cycle.
    pub throughput: f64,
    /// The throughput as p/q, when it is one with q ≤ 10⁶.
    pub fraction: Option<(u64, u64)>,
    /// 1 / the busiest channel's load at rate 1 (`None`: no channel is loaded).
    pub channel_bound: Option<f64>,
    /// The busiest channel's load at rate 1.
    pub max_load: f64,
    /// The channels at that load.
    pub bottleneck: Vec<ChannelText>,
    /// How many channels the network has.
    pub channel_count: usize,
    /// Every channel's load at rate 1, (from, to, load), in `icn throughput --channels`
    /// order, when the network has at most [`TABLE_CHANNELS`] channels (else empty).
    pub channels: Vec<ChannelLoad>,
    /// The permutation (each endpoint's destination), for a permutation traffic.
    pub permutation: Option<Vec<u32>>,
    /// Its pairs, named.
    pub pairs: Vec<PairText>,
    /// The optimal bound, when asked.
    pub optimal: Option<OptimalReport>,
}

impl ThroughputReport {
    /// The bounds in the simulator's terms: the routing's and the optimal (lower, upper).
    /// The simulator's uniform traffic sends to every endpoint the source included (1/E
    /// of it goes nowhere), so a uniform bound reached with rate/(E − 1) to each other
    /// endpoint is reached by the simulator at E/(E − 1) times that rate; at most 1.
    pub fn simulated(&self) -> (Option<f64>, Option<(f64, f64)>) {
        let e = self.endpoints as f64;
        let scale = if self.ask.traffic.trim() == "uniform" && e > 1.0 {
            e / (e - 1.0)
        } else {
            1.0
        };
        let at = |x: f64| icn_core::graph::math::tidy(x * scale).min(1.0);
        let routed = self.channel_bound.map(at);
        let best = match self.optimal {
            Some(OptimalReport::Bounds {
                lower_bound,
                upper_bound,
            }) => Some((at(lower_bound), at(upper_bound))),
            _ => None,
        };
        (routed, best)
    }
}

/// The permutation a pattern gives on `endpoints` endpoints, as the simulator draws it.
fn pattern_permutation(
    net: &Network,
    pattern: &Pattern,
    endpoints: usize,
) -> Result<Vec<u32>, String> {
    if let Pattern::Given(p) = pattern {
        return Ok(p.clone());
    }
    let e = u32::try_from(endpoints).map_err(|_| "too many endpoints".to_string())?;
    let traffic = Traffic::new(pattern, e, shape(net)).map_err(|e| e.to_string())?;
    let mut rng = SplitMix64::stream(1, 2);
    Ok((0..e).map(|s| traffic.dest(s, &mut rng)).collect())
}

/// The throughput `ask` names, with the optimal bound when asked. `progress(done, total,
/// label)` between steps (the worst case's channels); `partial` gets the report without
/// the optimal bound before its linear program is solved (the routing's bound shows
/// while it runs).
///
/// # Errors
/// The fields' errors, or the computation's, for the user.
pub fn throughput_report(
    ask: &ThroughputAsk,
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(ThroughputReport),
) -> Result<ThroughputReport, String> {
    let net: Network = ask
        .spec
        .parse()
        .map_err(|e: icn_core::SpecError| e.to_string())?;
    let routing = registry::build_oblivious(&net, &ask.routing).map_err(|e| e.to_string())?;
    let ends = endpoint_nodes(&net);
    let choice = check_traffic(&ask.traffic, ends.len()).map_err(|e| e.to_string())?;
    let fail = |e: ThroughputError| e.to_string();
    let result: Throughput = match &choice {
        TrafficChoice::Uniform => {
            progress(0, 1, "the channel loads under uniform traffic");
            routed(&net, routing.as_ref(), &Demand::Uniform).map_err(fail)?
        }
        TrafficChoice::Worst => worst(&net, routing.as_ref(), &mut |done, total| {
            progress(done, total, "the worst case, channel by channel");
        })
        .map_err(fail)?,
        TrafficChoice::Longest | TrafficChoice::Pattern(_) => {
            progress(0, 1, "the permutation's loads");
            let p = match &choice {
                TrafficChoice::Pattern(p) => pattern_permutation(&net, p, ends.len())?,
                _ => longest(&net).map_err(fail)?,
            };
            routed(&net, routing.as_ref(), &Demand::Permutation(p)).map_err(fail)?
        }
    };
    let demand = match &result.permutation {
        Some(p) => Demand::Permutation(p.clone()),
        None => Demand::Uniform,
    };
    let mut out = report(&net, ask, &ends, result);
    if ask.optimal {
        partial(out.clone());
        progress(0, 0, "the optimal bound");
        let solved = optimal_with(&net, &demand, &mut |done, most| {
            progress(done, most, "the optimal bound, phase by phase");
        });
        out.optimal = Some(match solved {
            Ok(o) => OptimalReport::Bounds {
                lower_bound: o.lower_bound,
                upper_bound: o.upper_bound,
            },
            Err(e) => OptimalReport::Failed {
                message: e.to_string(),
            },
        });
    }
    Ok(out)
}

/// The report of `result`: channels and pairs named.
fn report(
    net: &Network,
    ask: &ThroughputAsk,
    ends: &[Node],
    result: Throughput,
) -> ThroughputReport {
    let channel = |(from, to): (Node, Node)| ChannelText {
        from,
        to,
        text: format!("{} → {}", net.format_node(from), net.format_node(to)),
    };
    let all = Channels::of(net.topology());
    let channels = if all.len() <= TABLE_CHANNELS {
        (0..all.len())
            .map(|k| (all.tail(k), all.targets[k], result.loads[k]))
            .collect()
    } else {
        Vec::new()
    };
    let pairs = result
        .permutation
        .iter()
        .flatten()
        .enumerate()
        .map(|(s, &d)| {
            let (a, b) = (ends[s], ends[d as usize]);
            PairText {
                src: s as u32,
                dst: d,
                src_node: a,
                dst_node: b,
                from: net.format_node(a),
                to: net.format_node(b),
            }
        })
        .collect();
    ThroughputReport {
        ask: ask.clone(),
        endpoints: ends.len(),
        throughput: result.throughput,
        fraction: fraction(result.throughput),
        channel_bound: result
            .channel_bound
            .is_finite()
            .then_some(result.channel_bound),
        max_load: result.max_load,
        bottleneck: result.bottleneck.iter().map(|&c| channel(c)).collect(),
        channel_count: all.len(),
        channels,
        permutation: result.permutation,
        pairs,
        optimal: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn ignore(_: usize, _: usize, _: &str) {}

    fn report(a: &ThroughputAsk) -> Result<ThroughputReport, String> {
        throughput_report(a, &mut ignore, &mut |_| {})
    }

    fn ask(spec: &str, traffic: &str, optimal: bool) -> ThroughputAsk {
        ThroughputAsk {
            spec: spec.into(),
            routing: "dor".into(),
            traffic: traffic.into(),
            optimal,
        }
    }

    /// The 8-node ring under dimension order (shortest way, ties one way): the worst case
    /// sends four endpoints across one channel, 1/4 (`icn throughput torus:k=8 --routing
    /// dor --traffic worst`, checked against a brute force over all permutations in
    /// core's tests); the optimal routing splits them both ways, 1/2.
    #[wasm_bindgen_test]
    fn the_rings_worst_case_is_a_quarter_and_the_best_a_half() {
        let mut first = None;
        let r = throughput_report(&ask("torus:k=8", "worst", true), &mut ignore, &mut |p| {
            first = Some(p);
        })
        .unwrap();
        // The routing's bound came first, without the optimal one.
        let first = first.expect("a partial report before the linear program");
        assert_eq!((first.throughput, first.optimal.is_none()), (0.25, true));
        assert_eq!(r.throughput, 0.25);
        assert_eq!(r.fraction, Some((1, 4)));
        assert_eq!(r.max_load, 4.0);
        assert_eq!(r.pairs.len(), 8);
        // Every channel listed, in the CLI's order: 16 on the ring, the busiest at 4.
        assert_eq!((r.channel_count, r.channels.len()), (16, 16));
        assert_eq!(r.channels.iter().map(|c| c.2).fold(0.0, f64::max), 4.0);
        assert_eq!(
            r.optimal,
            Some(OptimalReport::Bounds {
                lower_bound: 0.5,
                upper_bound: 0.5
            })
        );
        assert_eq!(r.simulated(), (Some(0.25), Some((0.5, 0.5))));
    }

    /// Uniform traffic on an 8 × 8 mesh: 63/128 with the source excluded, 1/2 in the
    /// simulator's terms (Dally and Towles's 4/k for k = 8; core's `uniform_bound`).
    #[wasm_bindgen_test]
    fn uniform_bounds_are_given_in_the_simulators_terms_too() {
        let r = report(&ask("mesh:k=8x8", "uniform", false)).unwrap();
        assert_eq!(r.fraction, Some((63, 128)));
        assert_eq!(r.simulated().0, Some(0.5));
        assert!(r.permutation.is_none() && r.pairs.is_empty());
    }

    #[wasm_bindgen_test]
    fn a_malformed_permutation_is_a_message_not_a_panic() {
        for bad in [
            "perm:0,1",
            "perm:0,1,2,3,4,5,6,x",
            "perm:0,0,1,2,3,4,5,6",
            "hotspot(0)",
        ] {
            let e = report(&ask("torus:k=8", bad, false)).unwrap_err();
            assert!(
                e.contains("perm") || e.contains("permutation"),
                "{bad}: {e}"
            );
        }
    }
}
