//! The throughput view's state
//! (`?view=throughput&t=SPEC&s=ROUTING&traffic=T&optimal=1&pair=K&sort=-load&link=C`): the
//! network, an oblivious routing, the traffic (`uniform`, `worst`, `longest`, any pattern of
//! the simulator or `perm:D0,D1,…`), whether to solve the best any routing could do, the pair of
//! the permutation the diagram shows, the link-load table's order and its selected channel.

use super::{routing_of, Context, NavGroup, NetworkDefaults, Panel, Query, Takes, View, ViewDef};

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
    /// The link-load table's order (`load`, `-load`, …; empty: busiest first), as typed.
    pub sort: String,
    /// The channel selected in the link-load table and lit on the diagram, from 0 in `icn
    /// throughput --channels` order, as typed (empty: none).
    pub link: String,
}

impl ViewDef for ThroughputForm {
    const SLUG: &'static str = "throughput";
    const TITLE: &'static str = "Throughput";
    const LABEL: &'static str = "Throughput";
    const BLURB: &'static str =
        "A routing's throughput, its bottleneck and worst-case permutation, the best possible";
    const GROUP: NavGroup = NavGroup::Verify;
    const PANELS: &'static [Panel] = &[Panel::Diagram];
    const DRAWS_AGGREGATES: bool = true;
    const TAKES: Takes = Takes::Any;
    const RELATED: &'static str = "its routing's throughput and worst case";

    fn from_query(q: &Query, defaults: &dyn NetworkDefaults) -> Self {
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
            sort: q.get("sort").unwrap_or("").to_string(),
            link: q.get("link").unwrap_or("").to_string(),
        }
    }

    /// The query string (without `?`) of this form; `optimal`, `sort` and `link` only when
    /// set.
    fn to_query(&self) -> String {
        let mut q = vec![
            ("view".into(), Self::SLUG.into()),
            ("t".into(), self.spec.clone()),
            ("s".into(), self.routing.clone()),
            ("traffic".into(), self.traffic.clone()),
        ];
        if self.optimal {
            q.push(("optimal".into(), "1".into()));
        }
        q.push(("pair".into(), self.pair.clone()));
        for (key, value) in [("sort", &self.sort), ("link", &self.link)] {
            if !value.is_empty() {
                q.push((key.into(), value.clone()));
            }
        }
        Query(q).encode()
    }

    fn context(&self) -> Option<Context> {
        Some(Context::network(&self.spec))
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
