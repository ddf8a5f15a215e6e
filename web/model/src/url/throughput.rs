//! The throughput view's state
//! (`?view=throughput&t=SPEC&s=ROUTING&traffic=T&optimal=1&pair=K`): the network, an
//! oblivious routing, the traffic (`uniform`, `worst`, `longest`, a permutation pattern or
//! `perm:D0,D1,…`), whether to solve the best any routing could do, and the pair of the
//! permutation the diagram shows.

use super::{routing_of, NetworkDefaults, Query, View};

/// The network the throughput view opens with: an 8-node ring under dimension order, whose
/// worst case (1/4) is a quarter of its uniform bound's reach (7/10).
pub const THROUGHPUT_EXAMPLE: &str = "torus:k=8";

/// The throughput view's fields, as typed; nothing is validated here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThroughputForm {
    /// The network's spec.
    pub spec: String,
    /// The routing (the network's first when the query names none).
    pub routing: String,
    /// The traffic, as `icn throughput --traffic` reads it.
    pub traffic: String,
    /// Also the optimal bound (the maximum concurrent flow, by a linear program).
    pub optimal: bool,
    /// The pair of the permutation shown, from 1, as typed.
    pub pair: String,
}

impl ThroughputForm {
    pub(super) fn from_query(q: &Query, defaults: &dyn NetworkDefaults) -> ThroughputForm {
        let spec = q.get("t").unwrap_or(THROUGHPUT_EXAMPLE).to_string();
        let routing = routing_of(q, &spec, "dor", defaults);
        let traffic = match (q.get("traffic"), q.get("t")) {
            (Some(t), _) => t.to_string(),
            // The example's story: the ring's worst case.
            (None, None) => "worst".to_string(),
            (None, Some(_)) => "uniform".to_string(),
        };
        ThroughputForm {
            spec,
            routing,
            traffic,
            optimal: q.get("optimal") == Some("1"),
            pair: q.get("pair").unwrap_or("1").to_string(),
        }
    }

    /// The query string (without `?`) of this form; `optimal` only when set.
    pub fn to_query(&self) -> String {
        let mut q = vec![
            ("view".into(), View::Throughput.slug().into()),
            ("t".into(), self.spec.clone()),
            ("s".into(), self.routing.clone()),
            ("traffic".into(), self.traffic.clone()),
        ];
        if self.optimal {
            q.push(("optimal".into(), "1".into()));
        }
        q.push(("pair".into(), self.pair.clone()));
        Query(q).encode()
    }
}

/// The simulation view's query for `spec` under `routing` with `traffic` (the throughput
/// view's one click to simulate the permutation it shows; the simulator's other fields take
/// their defaults).
pub fn sim_href(spec: &str, routing: &str, traffic: &str) -> String {
    let q = Query(vec![
        ("view".into(), View::Sim.slug().into()),
        ("t".into(), spec.into()),
        ("s".into(), routing.into()),
        ("traffic".into(), traffic.into()),
    ]);
    format!("?{}", q.encode())
}
