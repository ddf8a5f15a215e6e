//! The throughput view's job and the simulation view's bounds, run in the worker: a
//! routing's throughput under a traffic ([`icn_core::analysis::throughput`], as `icn
//! throughput` prints it: uniform, a permutation, or any other pattern of the simulator as
//! its traffic matrix), its bottleneck channels and, for a permutation, each pair; with
//! `optimal`, the best any routing could do (the maximum concurrent flow). Under an
//! adaptive routing (the simulator's), the optimal bound alone.
//!
//! Conventions (the view states them): endpoints inject; every channel carries 1 flit per
//! cycle in each direction; throughput is the largest injection rate per endpoint at which
//! no channel's load exceeds 1.

use icn_core::analysis::throughput::{
    endpoint_nodes, fraction, longest, optimal_with, routed, unrouted, worst, Channels, Demand,
    Throughput, ThroughputError,
};
use icn_core::routing::registry;
use icn_core::sim::packet::pattern_demand;
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
    /// A routing of the network: oblivious for the routing's bound; an adaptive one (the
    /// simulator's) gets the optimal bound alone.
    pub routing: String,
    /// The traffic, as `icn throughput --traffic` reads it.
    pub traffic: String,
    /// Also the optimal bound.
    pub optimal: bool,
    /// The run chooses by its queues although `routing` is oblivious (a BookSim2 file's
    /// adaptive routing function, `min_adapt`, over its escape routing): the optimal bound
    /// alone, as for an adaptive routing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub adaptive: bool,
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

/// An endpoint, its node and the node's address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EndpointText {
    /// The endpoint.
    pub endpoint: u32,
    /// Its node.
    pub at: Node,
    /// Its node's address.
    pub node: String,
}

/// What the worker computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThroughputReport {
    /// What was asked (the page checks it against its fields).
    pub ask: ThroughputAsk,
    /// Whether the routing's bound was computed: false under an adaptive routing, whose
    /// shares depend on its queues (the optimal bound alone then).
    pub routed: bool,
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
    /// 1 / the most any endpoint receives at rate 1 (its own link carries at most 1): 1
    /// but under a traffic matrix such as a hotspot.
    pub endpoint_bound: f64,
    /// The endpoints receiving that most, where it bounds the throughput below 1.
    pub busiest_endpoints: Vec<EndpointText>,
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
    /// The receiving endpoint whose own link binds the throughput before any channel (the
    /// first, where several receive as much): under a hotspot.
    pub fn binding_endpoint(&self) -> Option<&EndpointText> {
        let first = self.channel_bound.is_none_or(|b| self.endpoint_bound <= b);
        self.busiest_endpoints.first().filter(|_| first)
    }

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
        let at = |x: f64| {
            icn_core::graph::math::tidy(x * scale)
                .min(1.0)
                .min(self.endpoint_bound)
        };
        let routed = self.channel_bound.filter(|_| self.routed).map(at);
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
    let ends = endpoint_nodes(&net);
    let choice = check_traffic(&ask.traffic, ends.len()).map_err(|e| e.to_string())?;
    let fail = |e: ThroughputError| e.to_string();
    let demand = |choice: &TrafficChoice| -> Result<Demand, String> {
        Ok(match choice {
            TrafficChoice::Uniform => Demand::Uniform,
            TrafficChoice::Pattern(p) => pattern_demand(&net, p).map_err(|e| e.to_string())?,
            TrafficChoice::Longest => Demand::Permutation(longest(&net).map_err(fail)?),
            TrafficChoice::Worst => unreachable!("the worst case is its own computation"),
        })
    };
    let routing = match registry::build_oblivious(&net, &ask.routing) {
        Ok(r) if !ask.adaptive => r,
        // An adaptive routing of the simulator: the optimal bound alone.
        _ if registry::build(&net, &ask.routing).is_ok() && choice != TrafficChoice::Worst => {
            let demand = demand(&choice)?;
            let mut out = report(&net, ask, &ends, unrouted(&net, &demand).map_err(fail)?);
            out.routed = false;
            optimal_of(&net, ask, &demand, &mut out, progress, partial);
            return Ok(out);
        }
        Ok(_) => return Err("an adaptive run has no worst case of its own".into()),
        Err(e) => return Err(e.to_string()),
    };
    let (result, demand): (Throughput, Demand) = match &choice {
        TrafficChoice::Worst => {
            let w = worst(&net, routing.as_ref(), &mut |done, total| {
                progress(done, total, "the worst case, channel by channel");
            })
            .map_err(fail)?;
            let p = w.permutation.clone().unwrap_or_default();
            (w, Demand::Permutation(p))
        }
        choice => {
            let label = match choice {
                TrafficChoice::Uniform => "the channel loads under uniform traffic",
                TrafficChoice::Pattern(p) if !p.is_permutation() => "the traffic matrix's loads",
                _ => "the permutation's loads",
            };
            progress(0, 1, label);
            let demand = demand(choice)?;
            (
                routed(&net, routing.as_ref(), &demand).map_err(fail)?,
                demand,
            )
        }
    };
    let mut out = report(&net, ask, &ends, result);
    optimal_of(&net, ask, &demand, &mut out, progress, partial);
    Ok(out)
}

/// The optimal bound into `out` when `ask` asks for it, `partial` getting `out` first.
fn optimal_of(
    net: &Network,
    ask: &ThroughputAsk,
    demand: &Demand,
    out: &mut ThroughputReport,
    progress: &mut dyn FnMut(usize, usize, &str),
    partial: &mut dyn FnMut(ThroughputReport),
) {
    if !ask.optimal {
        return;
    }
    partial(out.clone());
    progress(0, 0, "the optimal bound");
    let solved = optimal_with(net, demand, &mut |done, most| {
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
        routed: true,
        endpoints: ends.len(),
        throughput: result.throughput,
        fraction: fraction(result.throughput),
        channel_bound: result
            .channel_bound
            .is_finite()
            .then_some(result.channel_bound),
        max_load: result.max_load,
        bottleneck: result.bottleneck.iter().map(|&c| channel(c)).collect(),
        endpoint_bound: result.endpoint_bound,
        busiest_endpoints: result
            .busiest_endpoints
            .iter()
            .map(|&d| EndpointText {
                endpoint: d,
                at: ends[d as usize],
                node: net.format_node(ends[d as usize]),
            })
            .collect(),
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
            adaptive: false,
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
        for bad in ["perm:0,1", "perm:0,1,2,3,4,5,6,x", "perm:0,0,1,2,3,4,5,6"] {
            let e = report(&ask("torus:k=8", bad, false)).unwrap_err();
            assert!(
                e.contains("perm") || e.contains("permutation"),
                "{bad}: {e}"
            );
        }
        let e = report(&ask("torus:k=8", "hotspot(9)", false)).unwrap_err();
        assert!(
            e.contains("hotspot endpoint 9 is not below the 8 endpoints"),
            "{e}"
        );
    }

    /// A hotspot as its traffic matrix: on the ring of 8 every endpoint sends to endpoint
    /// 0, whose own link receives 8 times the rate, 1/8 (below the channels' 2/7), and
    /// no routing does better (`icn throughput torus:k=8 --traffic 'hotspot(0)' --optimal`;
    /// core's tests hold the same against the closed form).
    #[wasm_bindgen_test]
    fn a_hotspot_is_bounded_by_the_link_into_it() {
        let mut a = ask("torus:k=8", "hotspot(0)", true);
        a.routing = "minimal".into();
        let r = report(&a).unwrap();
        assert_eq!((r.throughput, r.fraction), (0.125, Some((1, 8))));
        assert_eq!(r.endpoint_bound, 0.125);
        assert_eq!(r.max_load, 3.5);
        let ends: Vec<(u32, &str)> = r
            .busiest_endpoints
            .iter()
            .map(|e| (e.endpoint, e.node.as_str()))
            .collect();
        assert_eq!(ends, [(0, "(0)")]);
        assert!(r.permutation.is_none() && r.pairs.is_empty());
        assert_eq!(r.simulated(), (Some(0.125), Some((0.125, 0.125))));
    }

    /// Under an adaptive routing (the simulator's `ugal`) the optimal bound alone: on the
    /// 6-endpoint Dragonfly under bad_dragon, 3/4, what `icn throughput … --traffic
    /// bad_dragon --optimal` gives under any routing.
    #[wasm_bindgen_test]
    fn an_adaptive_routing_gets_the_optimal_bound_alone() {
        let mut a = ask("dragonfly:a=2,p=1,h=1", "bad_dragon", true);
        a.routing = "ugal".into();
        let r = report(&a).unwrap();
        assert!(!r.routed);
        assert_eq!(r.simulated(), (None, Some((0.75, 0.75))));
        // A run that chooses by its queues over an oblivious routing's hops (a BookSim2
        // file's min_adapt over dimension order): the optimal bound alone too.
        let mut over = ask("dragonfly:a=2,p=1,h=1", "bad_dragon", true);
        over.routing = "minimal".into();
        over.adaptive = true;
        let r = report(&over).unwrap();
        assert!(!r.routed);
        assert_eq!(r.simulated(), (None, Some((0.75, 0.75))));
        // The worst case is a routing's own: none for an adaptive one.
        a.traffic = "worst".into();
        let e = report(&a).unwrap_err();
        assert!(e.contains("chooses its route by the queues"), "{e}");
    }
}
