//! The route explorer (`?view=route`): a topology, two nodes and a strategy in; distance,
//! path counts, paths, a diagram and the network's facts out.
//!
//! One-way state, as a chain of memos: URL -> [`RouteForm`] -> spec -> [`Network`] ->
//! addresses and strategy -> [`Route`] -> views. The components only display these memos.

use icn_core::topology::hypercycle::PathCounts;
use icn_core::{
    family, path_edges, AddressError, Estimate, FamilyInfo, Network, NetworkInfo, Node, Route,
    SpecError, StrategyInfo, Topology, CONFIRM_LIMIT, PAGE_BUDGET,
};
use icn_web::jobs::{Job, MetricsReport};
use leptos::prelude::*;

use super::route_kyklos::KyklosPanels;
use crate::components::{
    CostGate, D3Panel, DiagramPanel, InfoPanel, PathList, ResultsPanel, RouteFields,
    RoutingStrings, StrategyCompare, TopologyFields,
};
use crate::compute::{self, JobState};
use crate::diagram::{draw, Drawing, Highlight};
use crate::history::Nav;
use crate::url::RouteForm;

/// Paths listed before "show more".
pub const FIRST_PATHS: usize = 8;
/// Paths listed after it (and asked of core).
pub const MORE_PATHS: usize = 64;
/// Exact metrics are computed without asking when core estimates them at most this many
/// steps ([`Network::info_cost`]): one breadth-first search of a few million nodes.
pub const INFO_BUDGET: u64 = PAGE_BUDGET.steps;
/// Exact metrics estimated at most this many steps are computed on the page's thread (well
/// under a millisecond: closed forms, small networks); costlier ones run in the worker
/// ([`Job::Metrics`]), so that no task of the page's thread exceeds a few frames.
pub const SYNC_STEPS: u64 = 1 << 16;

/// Networks of more nodes get their route one task after the rest of the explorer.
pub const DEFER_NODES: u64 = 1024;

/// A network whose exact metrics or route exceed [`PAGE_BUDGET`]: what they would cost,
/// shown before anything is computed (see [`crate::components::CostGate`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gate {
    /// The canonical spec, which the user's confirmation names.
    pub spec: String,
    /// Nodes N.
    pub nodes: u64,
    /// Links.
    pub links: u64,
    /// The exact metrics' estimate, when over the page budget.
    pub info: Option<Estimate>,
    /// The route's estimate, when over the page budget.
    pub route: Option<Estimate>,
    /// Whether the user confirmed this network (its computations then run).
    pub confirmed: bool,
    /// Whether even a confirmation cannot run it here (beyond [`CONFIRM_LIMIT`]).
    pub refused: bool,
}

impl Gate {
    /// Whether a computation estimated at `e` may run now.
    pub fn allows(gate: Option<&Gate>, e: Estimate) -> bool {
        e.within(PAGE_BUDGET)
            || gate.is_some_and(|g| g.confirmed && !g.refused && e.within(CONFIRM_LIMIT))
    }
}

/// Where a click on a diagram node goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClickMode {
    /// It becomes the source.
    From,
    /// It becomes the destination.
    To,
}

/// The network's facts: exact when small enough, counts and formulas otherwise.
#[derive(Debug, Clone, PartialEq)]
pub enum Facts {
    /// Everything, from [`Network::info`] (here, or in the worker).
    Exact(NetworkInfo),
    /// Being computed in the worker (or stopped, or failed there): `state` says which.
    Worker {
        /// Nodes N.
        nodes: u64,
        /// Links.
        links: u64,
        /// The job.
        state: JobState,
    },
    /// Too costly to compute here.
    Skipped {
        /// The estimated cost in steps.
        cost: u64,
        /// Nodes N.
        nodes: u64,
        /// Links.
        links: u64,
        /// The paper's degree formula, where the family has one.
        degree: Option<u64>,
        /// The paper's diameter formula, where the family has one.
        diameter: Option<u64>,
    },
}

/// One row of the per-dimension table of a Hypercycle route.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DimRow {
    /// Radix m_i.
    pub radix: u32,
    /// Connectivity ρ_i.
    pub rho: u32,
    /// Digit i of the source, as printed.
    pub from: char,
    /// Digit i of the destination, as printed.
    pub to: char,
    /// Distance q_i inside dimension i.
    pub q: u64,
}

/// Every derived value of the explorer, as memos. `Copy`: hand it to components.
#[derive(Debug, Clone, Copy)]
pub struct RouteModel {
    /// Where changes go.
    pub nav: Nav,
    /// The fields, as typed.
    pub form: Memo<RouteForm>,
    /// The family named by the form, if the site knows it.
    pub family: Memo<Option<&'static FamilyInfo>>,
    /// The network, or why the spec is not one.
    pub network: Memo<Result<Network, SpecError>>,
    /// The source, once the network is valid.
    pub from: Memo<Option<Result<Node, AddressError>>>,
    /// The destination, once the network is valid.
    pub to: Memo<Option<Result<Node, AddressError>>>,
    /// The strategies offered.
    pub strategies: Memo<Vec<StrategyInfo>>,
    /// Why the strategy is not offered, once the network is valid.
    pub strategy_error: Memo<Option<String>>,
    /// The estimated cost, when it exceeds the page budget.
    pub gate: Memo<Option<Gate>>,
    /// The canonical spec whose over-budget computations the user confirmed. Not in the
    /// URL: a shared link never starts a long computation by itself.
    pub confirmed: RwSignal<Option<String>>,
    /// Distance, count and the first paths.
    pub route: Memo<Option<Route>>,
    /// Each listed path as text.
    pub path_texts: Memo<Vec<String>>,
    /// The paper's three counts (Hypercycles only).
    pub path_counts: Memo<Option<PathCounts>>,
    /// Per-dimension distances (Hypercycles only).
    pub dims: Memo<Option<Vec<DimRow>>>,
    /// Nodes, links, degree, diameter ...
    pub facts: Memo<Option<Facts>>,
    /// The worker job computing the exact metrics, when they are too costly for the page.
    pub metrics_job: Memo<Option<Job>>,
    /// Where that job reports (its state shows in [`RouteModel::facts`]).
    pub set_metrics_state: WriteSignal<JobState>,
    /// What the diagram shows.
    pub drawing: Memo<Option<Drawing>>,
    /// The selected path (the first one unless the user picked another).
    pub selected: Memo<Option<Vec<Node>>>,
    /// What the diagram emphasises.
    pub highlight: Memo<Highlight>,
    /// The path the user picked, if any.
    pub picked: RwSignal<Option<Vec<Node>>>,
    /// Whether up to [`MORE_PATHS`] paths are listed.
    pub show_more: RwSignal<bool>,
    /// Where node clicks go.
    pub click_mode: RwSignal<ClickMode>,
    /// Whether the current pair's further routes (KYKLOS's comparison) wait for a later
    /// task: on a network of over [`DEFER_NODES`] nodes, two tasks after the pair changed.
    pub deferred_more: Memo<bool>,
}

fn address(net: &Result<Network, SpecError>, text: &str) -> Option<Result<Node, AddressError>> {
    net.as_ref().ok().map(|n| n.parse_node(text))
}

pub(crate) fn ok_node(m: Memo<Option<Result<Node, AddressError>>>) -> Option<Node> {
    m.with(|r| r.as_ref().and_then(|r| r.as_ref().ok().copied()))
}

impl RouteModel {
    /// Builds the memo chain on `nav`'s state.
    pub fn new(nav: Nav) -> RouteModel {
        let form = Memo::new(move |_| nav.state.with(|s| s.route.clone()));
        let family = Memo::new(move |_| form.with(|f| family(&f.family)));
        let spec = Memo::new(move |_| form.with(RouteForm::spec));
        let network = Memo::new(move |_| spec.with(|s| s.parse::<Network>()));
        let from = Memo::new(move |_| network.with(|n| form.with(|f| address(n, &f.from))));
        let to = Memo::new(move |_| network.with(|n| form.with(|f| address(n, &f.to))));
        let strategy = Memo::new(move |_| form.with(|f| f.strategy.clone()));
        let strategies =
            Memo::new(
                move |_| match network.with(|n| n.as_ref().ok().map(Network::strategies)) {
                    Some(s) => s,
                    None => family
                        .get()
                        .map_or_else(Vec::new, |f| f.strategies.to_vec()),
                },
            );
        let strategy_error = Memo::new(move |_| {
            network.with(|n| {
                let net = n.as_ref().ok()?;
                strategy.with(|s| net.routing(s).err().map(|e| e.to_string()))
            })
        });
        let confirmed = RwSignal::new(None::<String>);
        // The network's size and costs, once per network (not per route).
        let net_cost = Memo::new(move |_| network.with(|n| n.as_ref().ok().map(Network::cost)));
        // On a large network the route and its estimate (up to the page budget: a search of
        // the whole network where no closed form applies) wait one task, so that the view of
        // a newly opened network (fields, facts, panels) is one task and the route another.
        let asked = Memo::new(move |_| (spec.get(), ok_node(from), ok_node(to), strategy.get()));
        // KYKLOS's comparison of the strategies (five more routes) waits one task more.
        let settled = RwSignal::new(None);
        let settled_more = RwSignal::new(None);
        Effect::new(move |_| {
            let now = asked.get();
            set_timeout(
                // The view may be gone by then (another page, another network): the
                // signals are disposed and nothing is left to do.
                move || {
                    if settled.try_set(Some(now.clone())).is_some() {
                        return;
                    }
                    set_timeout(
                        move || {
                            let _ = settled_more.try_set(Some(now));
                        },
                        std::time::Duration::ZERO,
                    );
                },
                std::time::Duration::ZERO,
            );
        });
        let big = Memo::new(move |_| net_cost.with(|c| c.is_some_and(|c| c.nodes > DEFER_NODES)));
        let deferred = Memo::new(move |_| {
            big.get() && asked.with(|a| settled.with(|s| s.as_ref() != Some(a)))
        });
        let deferred_more = Memo::new(move |_| {
            big.get() && asked.with(|a| settled_more.with(|s| s.as_ref() != Some(a)))
        });
        // The route's estimate, once per pair (the gate and the route both read it).
        let route_estimate = Memo::new(move |_| {
            if deferred.get() {
                return None;
            }
            let (a, b) = (ok_node(from)?, ok_node(to)?);
            network.with(|n| {
                let net = n.as_ref().ok()?;
                Some(strategy.with(|s| net.route_cost(s, a, b, MORE_PATHS)))
            })
        });
        let gate = Memo::new(move |_| {
            network.with(|n| {
                let net = n.as_ref().ok()?;
                let cost = net_cost.get()?;
                let route = route_estimate
                    .get()
                    .unwrap_or(Estimate { steps: 0, bytes: 0 });
                let over = |e: Estimate| (!e.within(PAGE_BUDGET)).then_some(e);
                let (info, route) = (over(cost.info), over(route));
                if info.is_none() && route.is_none() {
                    return None;
                }
                let spec = net.spec();
                let refused = [info, route]
                    .into_iter()
                    .flatten()
                    .any(|e| !e.within(CONFIRM_LIMIT));
                Some(Gate {
                    confirmed: confirmed.with(|c| c.as_deref() == Some(spec.as_str())),
                    spec,
                    nodes: cost.nodes,
                    links: cost.links,
                    info,
                    route,
                    refused,
                })
            })
        });
        let route = Memo::new(move |_| {
            if deferred.get() {
                return None;
            }
            let (a, b) = (ok_node(from)?, ok_node(to)?);
            network.with(|n| {
                strategy.with(|s| {
                    let net = n.as_ref().ok()?;
                    let e = route_estimate.get()?;
                    if !gate.with(|g| Gate::allows(g.as_ref(), e)) {
                        return None;
                    }
                    net.route(s, a, b, MORE_PATHS).ok()
                })
            })
        });
        let path_texts = Memo::new(move |_| {
            network.with(|n| {
                route.with(|r| match (n, r) {
                    (Ok(net), Some(r)) => r
                        .paths
                        .iter()
                        .map(|p| {
                            p.iter()
                                .map(|&v| net.format_node(v))
                                .collect::<Vec<_>>()
                                .join(" → ")
                        })
                        .collect(),
                    _ => Vec::new(),
                })
            })
        });
        let path_counts = Memo::new(move |_| {
            let (a, b) = (ok_node(from)?, ok_node(to)?);
            network.with(|n| match n.as_ref().ok()?.hypercycle() {
                Ok(h) => Some(h.path_counts(a, b)),
                Err(_) => None,
            })
        });
        let dims = Memo::new(move |_| {
            let (a, b) = (ok_node(from)?, ok_node(to)?);
            network.with(|n| match n.as_ref().ok()?.hypercycle() {
                Ok(h) => {
                    let (fa, fb) = (h.format_node(a), h.format_node(b));
                    let rows = h
                        .radices()
                        .iter()
                        .zip(h.rho())
                        .zip(fa.chars().zip(fb.chars()))
                        .zip(h.dim_distances(a, b))
                        .map(|(((&radix, &rho), (from, to)), q)| DimRow {
                            radix,
                            rho,
                            from,
                            to,
                            q,
                        })
                        .collect();
                    Some(rows)
                }
                Err(_) => None,
            })
        });
        let (metrics_state, set_metrics_state) = signal(JobState::Idle);
        let metrics_job = Memo::new(move |_| {
            network.with(|n| {
                let net = n.as_ref().ok()?;
                let e = net.cost().info;
                let run = e.steps > SYNC_STEPS && gate.with(|g| Gate::allows(g.as_ref(), e));
                run.then(|| Job::Metrics {
                    spec: net.spec(),
                    strategy: None,
                })
            })
        });
        // A new job supersedes the previous one (whose late result is dropped); none
        // needed: stop the one running. Results are cached per spec for the session.
        Effect::new(move |_| match metrics_job.get() {
            Some(job) => compute::start(job, set_metrics_state),
            None => {
                if matches!(metrics_state.get_untracked(), JobState::Running { .. }) {
                    compute::cancel(set_metrics_state);
                }
            }
        });
        on_cleanup(move || compute::cancel(set_metrics_state));
        let facts = Memo::new(move |_| {
            network.with(|n| {
                let net = n.as_ref().ok()?;
                Some(facts_of(
                    net,
                    |e| gate.with(|g| Gate::allows(g.as_ref(), e)),
                    || metrics_state.get(),
                ))
            })
        });
        let drawing = Memo::new(move |_| network.with(|n| n.as_ref().ok().map(draw)));
        let picked = RwSignal::new(None::<Vec<Node>>);
        let selected = Memo::new(move |_| {
            route.with(|r| {
                let r = r.as_ref()?;
                picked
                    .get()
                    .filter(|p| r.paths.contains(p))
                    .or_else(|| r.paths.first().cloned())
            })
        });
        let dag = Memo::new(move |_| {
            let drawn = drawing.with(|d| matches!(d, Some(Drawing::Layout(_))));
            let (a, b) = (ok_node(from)?, ok_node(to)?);
            if !drawn {
                return None;
            }
            network.with(|n| {
                let routing = strategy.with(|s| n.as_ref().ok()?.routing(s).ok())?;
                Some(path_edges(routing.as_ref(), a, b))
            })
        });
        let highlight = Memo::new(move |_| {
            let path = selected.get().unwrap_or_default();
            let path_text = network.with(|n| match n {
                Ok(net) => path
                    .iter()
                    .map(|&v| net.format_node(v))
                    .collect::<Vec<_>>()
                    .join(" → "),
                Err(_) => String::new(),
            });
            Highlight {
                src: ok_node(from),
                dst: ok_node(to),
                dag: dag.get().unwrap_or_default(),
                path,
                path_text,
                ..Highlight::default()
            }
        });
        RouteModel {
            nav,
            form,
            family,
            network,
            from,
            to,
            strategies,
            strategy_error,
            gate,
            confirmed,
            route,
            path_texts,
            path_counts,
            dims,
            facts,
            metrics_job,
            set_metrics_state,
            drawing,
            selected,
            highlight,
            picked,
            show_more: RwSignal::new(false),
            click_mode: RwSignal::new(ClickMode::To),
            deferred_more,
        }
    }

    /// A keystroke in a route field (`from`, `to`, or a parameter key).
    pub fn edit(self, field: &'static str, change: impl FnOnce(&mut RouteForm)) {
        self.nav.edit(field, |s| change(&mut s.route));
    }

    /// A committed change of the route fields.
    pub fn commit(self, change: impl FnOnce(&mut RouteForm)) {
        self.nav.commit(|s| change(&mut s.route));
    }
}

/// The facts of `net`: exact when `allowed` (within [`INFO_BUDGET`], or confirmed) —
/// here when within [`SYNC_STEPS`], else from the worker's job (`job`) —, counts and
/// formulas otherwise.
fn facts_of(
    net: &Network,
    allowed: impl Fn(Estimate) -> bool,
    job: impl Fn() -> JobState,
) -> Facts {
    let estimate = net.cost().info;
    let cost = estimate.steps;
    if allowed(estimate) {
        if cost <= SYNC_STEPS {
            return Facts::Exact(net.info());
        }
        let t = net.topology();
        let state = match job() {
            JobState::Done(json) => match serde_json::from_str::<MetricsReport>(&json) {
                Ok(r) if r.spec == net.spec() => return Facts::Exact(info_of(net, r)),
                // A superseded job's result: the current one is about to start.
                Ok(_) => JobState::Running {
                    done: 0,
                    total: 0,
                    label: String::new(),
                },
                Err(e) => JobState::Failed(format!("unreadable result from the worker: {e}")),
            },
            other => other,
        };
        return Facts::Worker {
            nodes: t.node_count() as u64,
            links: t.link_count(),
            state,
        };
    }
    let formulas = net.formulas();
    let formula = |name: &str| formulas.iter().find(|f| f.name == name).map(|f| f.value);
    let t = net.topology();
    Facts::Skipped {
        cost,
        nodes: t.node_count() as u64,
        links: t.link_count(),
        degree: formula("degree"),
        diameter: formula("diameter"),
    }
}

/// The facts of `net` from the worker's report.
fn info_of(net: &Network, r: MetricsReport) -> NetworkInfo {
    let t = net.topology();
    NetworkInfo {
        spec: r.spec,
        family: net.family().name,
        nodes: t.node_count() as u64,
        terminals: t.terminal_count() as u64,
        links: t.link_count(),
        min_degree: r.min_degree,
        max_degree: r.max_degree,
        diameter: r.diameter,
        average_distance: r.average_distance,
        vertex_transitive: t.vertex_transitive(),
        terminal_transitive: t.terminal_transitive(),
        formulas: net.formulas(),
    }
}

/// The route explorer page.
#[component]
pub fn RouteExplorer(nav: Nav) -> impl IntoView {
    let model = RouteModel::new(nav);
    let panels = KyklosPanels::new(model);
    let compare = move || {
        panels
            .active
            .get()
            .then(|| view! { <StrategyCompare panels=panels /> })
    };
    let strings = move || {
        panels
            .active
            .get()
            .then(|| view! { <RoutingStrings panels=panels /> })
    };
    view! {
        <section data-testid="view-route" class="explorer" aria-labelledby="explorer-title">
            <h1 id="explorer-title" class="visually-hidden">"Route explorer"</h1>
            <div class="column column-main">
                <section class="card controls" aria-label="Network and route">
                    <TopologyFields model=model />
                    <RouteFields model=model />
                </section>
                <CostGate model=model />
                <ResultsPanel model=model />
            </div>
            <div class="column column-side">
                <DiagramPanel model=model />
                {compare}
                {strings}
                <PathList model=model />
                <D3Panel model=model />
                <InfoPanel model=model />
            </div>
        </section>
    }
}
