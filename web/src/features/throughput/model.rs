//! The throughput view's model, a chain of memos: URL -> [`ThroughputForm`] -> network,
//! routing and traffic, each checked for its field -> the estimate -> the worker's
//! [`ThroughputReport`] -> the pair of the permutation shown and the link-load table's
//! order and selected channel -> the diagram's highlight (every channel's load, the
//! bottleneck marked, the pair's routes lit, the channel of the row hovered or selected).

use std::sync::Arc;

use icn_core::analysis::throughput::{
    endpoint_nodes, optimal_estimate, pair_shares, permutation_estimate, worst_estimate,
};
use icn_core::metrics::load_estimate;
use icn_core::routing::registry::{self, RoutingInfo};
use icn_core::sim::packet::{pattern_estimate, Pattern};
use icn_core::{Estimate, Network, Node, CONFIRM_LIMIT, PAGE_BUDGET};
use icn_web::jobs::{JobFor, ThroughputAsk, ThroughputReport};
use icn_web_model::link_loads::{order, selected, Sort};
use icn_web_model::traffic::{check_traffic, TrafficChoice};
use leptos::prelude::*;

use crate::compute::{self, use_answer, Answered, JobState, WhenNone};
use crate::diagram::{draw, Drawing, Highlight};
use crate::history::Nav;
use crate::networks;
use crate::url::ThroughputForm;

/// The most nodes the view takes: counting a network's endpoints builds its anynet plan
/// on the page's thread (80 bytes a node, 8 an endpoint: docs/limits.md), and every
/// computation past this many nodes is beyond the page's confirm limit anyway.
const MAX_NODES: usize = 1 << 20;

/// The most channels the diagram colours by load (larger networks are drawn as aggregates
/// at most, whose bundles would sum more than this).
const HEAT_CHANNELS: usize = 8192;

/// What is wrong with the fields, by field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Troubles {
    /// The spec.
    pub spec: Option<String>,
    /// The routing.
    pub routing: Option<String>,
    /// The traffic.
    pub traffic: Option<String>,
}

/// The fields checked: the job's ask and what it costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ask {
    /// What the worker computes.
    pub ask: ThroughputAsk,
    /// Its estimate, the optimal bound's included when asked.
    pub estimate: Estimate,
}

impl Ask {
    /// Whether it runs without asking.
    pub fn within_page(&self) -> bool {
        self.estimate.within(PAGE_BUDGET)
    }

    /// Whether it can run at all in the page (with a confirmation).
    pub fn within_confirm(&self) -> bool {
        self.estimate.within(CONFIRM_LIMIT)
    }
}

/// The view's state. `Copy`: hand it to the parts.
#[derive(Debug, Clone, Copy)]
pub struct ThroughputModel {
    /// Where changes go.
    pub nav: Nav,
    /// The fields, as typed.
    pub form: Memo<ThroughputForm>,
    /// The network's oblivious routings.
    pub strategies: Memo<Vec<RoutingInfo>>,
    /// Each field's error.
    pub troubles: Memo<Troubles>,
    /// What to compute, once every field is valid.
    pub ask: Memo<Option<Ask>>,
    /// The ask the user confirmed over the page's budget (not in the URL: a shared link
    /// never starts a long computation by itself).
    pub confirmed: RwSignal<Option<ThroughputAsk>>,
    /// The worker's job.
    pub job: Answered<Box<ThroughputReport>>,
    /// Its result, once it answers for the fields shown.
    pub report: Memo<Option<Arc<ThroughputReport>>>,
    /// The pair of the permutation shown, from 0 (clamped).
    pub pair: Memo<usize>,
    /// The network, or why the spec is not one.
    pub network: Memo<Result<Network, String>>,
    /// The link-load table's order, and what is wrong with `sort=` (then the default).
    pub sort: Memo<(Sort, Option<String>)>,
    /// The table's rows: channel numbers in that order.
    pub rows: Memo<Vec<usize>>,
    /// The channel selected (`link=`), or what is wrong with it.
    pub link: Memo<Result<Option<usize>, String>>,
    /// The channel of the table's row under the pointer or the focus.
    pub hovered: RwSignal<Option<usize>>,
    /// The drawing of the network.
    pub drawing: Memo<Option<Drawing>>,
    /// What the drawing emphasises.
    pub highlight: Memo<Highlight>,
}

/// Reads and checks the fields.
fn check(form: &ThroughputForm, network: &Result<Network, String>) -> (Troubles, Option<Ask>) {
    let mut troubles = Troubles::default();
    let net = match network {
        Ok(net) => net,
        Err(e) => {
            troubles.spec = Some(e.clone());
            return (troubles, None);
        }
    };
    let nodes = net.topology().node_count();
    if nodes > MAX_NODES {
        troubles.spec = Some(format!(
            "{} has {nodes} nodes; the page computes throughput up to {MAX_NODES} \
             (icn throughput '{}' computes it natively)",
            net.spec(),
            net.spec()
        ));
        return (troubles, None);
    }
    let routing = registry::build_oblivious(net, &form.routing);
    if let Err(e) = &routing {
        troubles.routing = Some(e.to_string());
    }
    let traffic = check_traffic(&form.traffic, endpoint_nodes(net).len());
    if let Err(e) = &traffic {
        troubles.traffic = Some(e.to_string());
    }
    let (Ok(routing), Ok(traffic)) = (routing, traffic) else {
        return (troubles, None);
    };
    let t = net.topology();
    let mut estimate = match traffic {
        TrafficChoice::Uniform => load_estimate(t, routing.as_ref()),
        TrafficChoice::Worst => worst_estimate(net, routing.as_ref()),
        TrafficChoice::Longest | TrafficChoice::Pattern(Pattern::Given(_)) => {
            permutation_estimate(net, routing.as_ref())
        }
        // A pattern that does not fit the network's endpoints is said at the field.
        TrafficChoice::Pattern(p) => match pattern_estimate(net, routing.as_ref(), &p) {
            Ok(e) => e,
            Err(e) => {
                troubles.traffic = Some(e.to_string());
                return (troubles, None);
            }
        },
    };
    if form.optimal {
        estimate = estimate.max(optimal_estimate(net));
    }
    let ask = Ask {
        ask: ThroughputAsk {
            spec: net.spec(),
            routing: form.routing.clone(),
            traffic: form.traffic.trim().to_string(),
            optimal: form.optimal,
            adaptive: false,
        },
        estimate,
    };
    (troubles, Some(ask))
}

impl ThroughputModel {
    /// The model of the view `nav` shows.
    pub fn new(nav: Nav) -> ThroughputModel {
        let form = nav.form::<ThroughputForm>();
        let spec = Memo::new(move |_| form.with(|f| f.spec.clone()));
        let network =
            Memo::new(move |_| spec.with(|s| networks::build(s).map_err(|e| format!("{e}"))));
        let strategies = Memo::new(move |_| {
            network.with(|n| {
                n.as_ref()
                    .map(|n| {
                        registry::routings(n)
                            .into_iter()
                            .filter(|r| !r.kind.adaptive())
                            .collect()
                    })
                    .unwrap_or_default()
            })
        });
        let checked = Memo::new(move |_| form.with(|f| network.with(|n| check(f, n))));
        let troubles = Memo::new(move |_| checked.with(|c| c.0.clone()));
        let ask = Memo::new(move |_| checked.with(|c| c.1.clone()));
        let confirmed = RwSignal::new(None::<ThroughputAsk>);
        let job = use_answer::<Box<ThroughputReport>>(
            move || {
                let a = ask.get()?;
                let allowed = a.within_page()
                    || (a.within_confirm() && confirmed.with(|c| c.as_ref() == Some(&a.ask)));
                allowed.then_some(JobFor::throughput(a.ask))
            },
            WhenNone::Clear,
        );
        // The result, or while the optimal bound's linear program solves, the routing's.
        let report = Memo::new(move |_| {
            let a = ask.get()?;
            let r = match job.state.get() {
                JobState::Done(r) => r,
                JobState::Running { .. } => compute::partial(&JobFor::throughput(a.ask.clone()))?,
                _ => return None,
            };
            (r.ask == a.ask).then(|| Arc::new((**r).clone()))
        });
        let pair = Memo::new(move |_| {
            let n = report.with(|r| r.as_ref().map_or(0, |r| r.pairs.len()));
            let typed = form.with(|f| f.pair.trim().parse::<usize>().unwrap_or(1));
            typed.clamp(1, n.max(1)) - 1
        });
        let sort = Memo::new(move |_| {
            form.with(|f| match f.sort.parse::<Sort>() {
                Ok(s) => (s, None),
                Err(e) => (Sort::default(), Some(e.to_string())),
            })
        });
        let rows = Memo::new(move |_| {
            let s = sort.with(|s| s.0);
            report.with(|r| {
                r.as_ref()
                    .map(|r| order(&r.channels, s))
                    .unwrap_or_default()
            })
        });
        let link = Memo::new(move |_| {
            let Some(count) = report.with(|r| r.as_ref().map(|r| r.channels.len())) else {
                return Ok(None);
            };
            form.with(|f| selected(&f.link, count).map_err(|e| e.to_string()))
        });
        let hovered = RwSignal::new(None::<usize>);
        let drawing = Memo::new(move |_| network.with(|n| n.as_ref().ok().map(draw)));
        let base = Memo::new(move |_| {
            let drawn =
                drawing.with(|d| matches!(d, Some(Drawing::Layout(_) | Drawing::Aggregate { .. })));
            if !drawn {
                return Highlight::default();
            }
            let Some(r) = report.get() else {
                return Highlight::default();
            };
            network.with(|n| match n {
                Ok(net) => lit(net, &r, pair.get()),
                Err(_) => Highlight::default(),
            })
        });
        let highlight = Memo::new(move |_| {
            let mut h = base.get();
            let shown = hovered.get().or_else(|| link.get().ok().flatten());
            let channel = shown.and_then(|k| report.with(|r| r.as_ref()?.channels.get(k).copied()));
            if let Some((from, to, _)) = channel {
                h.path = vec![from, to];
                h.path_text = network.with(|n| match n {
                    Ok(net) => format!(
                        "channel {} → {}",
                        net.format_node(from),
                        net.format_node(to)
                    ),
                    Err(_) => String::new(),
                });
            }
            h
        });
        ThroughputModel {
            nav,
            form,
            strategies,
            troubles,
            ask,
            confirmed,
            job,
            report,
            pair,
            network,
            sort,
            rows,
            link,
            hovered,
            drawing,
            highlight,
        }
    }

    /// Selects channel `k` in the table (`None`: none), lit on the diagram.
    pub fn select_link(self, k: Option<usize>) {
        self.nav.commit_form(|f: &mut ThroughputForm| {
            f.link = k.map(|k| k.to_string()).unwrap_or_default();
        });
    }

    /// Selects, of the channels out of node `v`, the first in the table's order (the
    /// busiest by default); nothing when the table lists none.
    pub fn pick_node(self, v: Node) {
        let first = self.report.with_untracked(|r| {
            let r = r.as_ref()?;
            self.rows
                .with_untracked(|rows| rows.iter().copied().find(|&k| r.channels[k].0 == v))
        });
        if first.is_some() {
            self.select_link(first);
        }
    }

    /// Sorts the table by `sort`.
    pub fn sort_by(self, sort: Sort) {
        self.nav
            .commit_form(|f: &mut ThroughputForm| f.sort = sort.query());
    }

    /// Shows pair `i` (from 0) of the permutation.
    pub fn show_pair(self, i: usize) {
        self.nav
            .commit_form(|f: &mut ThroughputForm| f.pair = (i + 1).to_string());
    }
}

/// Every channel by its load (over the busiest's), the bottleneck marked, and, for a
/// permutation, the pair shown: its ends ringed, the channels its routes use lit; under a
/// matrix whose receiving endpoint's link binds (a hotspot), that endpoint's node ringed.
fn lit(net: &Network, r: &ThroughputReport, pair: usize) -> Highlight {
    let marked: Vec<(Node, Node)> = r.bottleneck.iter().map(|c| (c.from, c.to)).collect();
    let heat = if r.channels.len() <= HEAT_CHANNELS && r.max_load > 0.0 {
        r.channels
            .iter()
            .filter(|c| c.2 > 0.0)
            .map(|&(u, v, load)| (u, v, load / r.max_load))
            .collect()
    } else {
        Vec::new()
    };
    let mut h = Highlight {
        heat,
        marked,
        ..Highlight::default()
    };
    let Some(p) = r.pairs.get(pair) else {
        h.dst = r.binding_endpoint().map(|e| e.at);
        return h;
    };
    h.src = Some(p.src_node);
    h.dst = Some(p.dst_node);
    h.path_text = p.text();
    if let Ok(routing) = registry::build_oblivious(net, &r.ask.routing) {
        let n = net.topology().node_count();
        let mut dag = Vec::new();
        pair_shares(
            routing.as_ref(),
            n,
            (p.src_node, p.dst_node),
            1.0,
            &mut |u, v, share| {
                if share > 0.0 && !dag.contains(&(u, v)) {
                    dag.push((u, v));
                }
            },
        );
        h.dag = dag;
        h.dag_strong = true;
    }
    h
}
