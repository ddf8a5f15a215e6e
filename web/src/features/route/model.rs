//! The route explorer's model.
//!
//! One-way state, as a chain of memos: URL -> [`RouteForm`] -> spec -> [`Network`] ->
//! addresses and strategy -> [`Route`] -> views. The components only display these memos.

use std::sync::Arc;

use icn_core::topology::hypercycle::PathCounts;
use icn_core::{
    family, path_edges, AddressError, Cost, Estimate, FamilyInfo, Network, NetworkInfo, Node,
    Route, SpecError, StrategyInfo, CONFIRM_LIMIT, PAGE_BUDGET,
};
use icn_web::jobs::{JobFor, MetricsReport};
use icn_web_model::diagram::matrix::{matrix, Matrix};
use leptos::prelude::*;

use crate::components::{drawing_room, ClickMode, Gate, FIRST_PATHS};
use crate::compute::{use_answer, Answered, JobState, WhenNone};
use crate::diagram::layout::Layout;
use crate::diagram::{draw, Drawing, Highlight};
use crate::history::Nav;
use crate::limits::SYNC_STEPS;
use crate::networks;
use crate::url::RouteForm;
use icn_core::Addresses;
use icn_web_model::diagram::focus::{route_focus, MAX_FOCUS_PATHS};

/// The metrics job the explorer runs in the worker, if any.
type MetricsAsk = Memo<Option<JobFor<Box<MetricsReport>>>>;

/// Paths listed after "show more" (and asked of core).
pub const MORE_PATHS: usize = 64;
/// Networks of more nodes get their route one task after the rest of the explorer.
pub const DEFER_NODES: u64 = 1024;

/// The exact metrics' worker job as the explorer shows it.
pub type MetricsState = JobState<std::sync::Arc<Box<MetricsReport>>>;
/// The exact metrics' worker job.
pub type MetricsJob = Answered<Box<MetricsReport>>;

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
        state: MetricsState,
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
    pub metrics_job: MetricsAsk,
    /// That job's handle (its state shows in [`RouteModel::facts`]).
    pub metrics_worker: MetricsJob,
    /// What the diagram shows.
    pub drawing: Memo<Option<Drawing>>,
    /// The adjacency matrix shown instead of a drawing too large to make.
    pub matrix: Memo<Option<Arc<Matrix>>>,
    /// The focused drawing (the route's neighbourhood) of a network too large to draw.
    pub focus: Memo<Option<Arc<Layout>>>,
    /// The selected path (the first one unless the user picked another).
    pub selected: Memo<Option<Vec<Node>>>,
    /// What the diagram emphasises.
    pub highlight: Memo<Highlight>,
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

/// The first links of the chain, which every later step reads.
#[derive(Clone, Copy)]
struct Chain {
    spec: Memo<String>,
    network: Memo<Result<Network, SpecError>>,
    from: Memo<Option<Result<Node, AddressError>>>,
    to: Memo<Option<Result<Node, AddressError>>>,
    strategy: Memo<String>,
}

impl Chain {
    /// The source and the destination, once both are valid.
    fn pair(self) -> Option<(Node, Node)> {
        Some((ok_node(self.from)?, ok_node(self.to)?))
    }
}

/// Whether the route (first) and KYKLOS's comparison (second) of the current pair wait for
/// a later task. On a large network the route and its estimate (up to the page budget: a
/// search of the whole network where no closed form applies) wait one task, so that the
/// view of a newly opened network (fields, facts, panels) is one task and the route
/// another; KYKLOS's comparison of the strategies (five more routes) waits one task more.
fn deferral(c: Chain, net_cost: Memo<Option<Cost>>) -> (Memo<bool>, Memo<bool>) {
    let Chain {
        spec,
        from,
        to,
        strategy,
        ..
    } = c;
    let asked = Memo::new(move |_| (spec.get(), ok_node(from), ok_node(to), strategy.get()));
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
    let deferred =
        Memo::new(move |_| big.get() && asked.with(|a| settled.with(|s| s.as_ref() != Some(a))));
    let deferred_more = Memo::new(move |_| {
        big.get() && asked.with(|a| settled_more.with(|s| s.as_ref() != Some(a)))
    });
    (deferred, deferred_more)
}

/// The gate: what the network's exact metrics and the route would cost, when either is
/// over the page budget.
fn gate_memo(
    network: Memo<Result<Network, SpecError>>,
    net_cost: Memo<Option<Cost>>,
    route_estimate: Memo<Option<Estimate>>,
    confirmed: RwSignal<Option<String>>,
) -> Memo<Option<Gate>> {
    Memo::new(move |_| {
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
    })
}

/// The route's estimate (once per pair: the gate and the route both read it) and the
/// route, when the gate allows it.
fn route_memos(
    c: Chain,
    deferred: Memo<bool>,
    gate_of: impl FnOnce(Memo<Option<Estimate>>) -> Memo<Option<Gate>>,
) -> (Memo<Option<Gate>>, Memo<Option<Route>>) {
    let Chain {
        network, strategy, ..
    } = c;
    let route_estimate = Memo::new(move |_| {
        if deferred.get() {
            return None;
        }
        let (a, b) = c.pair()?;
        network.with(|n| {
            let net = n.as_ref().ok()?;
            Some(strategy.with(|s| net.route_cost(s, a, b, MORE_PATHS)))
        })
    });
    let gate = gate_of(route_estimate);
    let route = Memo::new(move |_| {
        if deferred.get() {
            return None;
        }
        let (a, b) = c.pair()?;
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
    (gate, route)
}

/// `path` as text: its nodes' addresses joined by arrows.
fn path_text(net: &Network, path: &[Node]) -> String {
    path.iter()
        .map(|&v| net.format_node(v))
        .collect::<Vec<_>>()
        .join(" → ")
}

/// Each listed path of `route` as text.
fn path_texts(
    network: Memo<Result<Network, SpecError>>,
    route: Memo<Option<Route>>,
) -> Memo<Vec<String>> {
    Memo::new(move |_| {
        network.with(|n| {
            route.with(|r| match (n, r) {
                (Ok(net), Some(r)) => r
                    .paths
                    .iter()
                    .enumerate()
                    .map(|(k, p)| match r.via.get(k) {
                        // A two-phase route: the intermediate tells equal walks apart.
                        Some(&i) => format!("{}   (via {})", path_text(net, p), net.format_node(i)),
                        None => path_text(net, p),
                    })
                    .collect(),
                _ => Vec::new(),
            })
        })
    })
}

/// The paper's three path counts and the per-dimension table (Hypercycles only).
fn hypercycle_memos(c: Chain) -> (Memo<Option<PathCounts>>, Memo<Option<Vec<DimRow>>>) {
    let network = c.network;
    let path_counts = Memo::new(move |_| {
        let (a, b) = c.pair()?;
        network.with(|n| match n.as_ref().ok()?.hypercycle() {
            Ok(h) => Some(h.path_counts(a, b)),
            Err(_) => None,
        })
    });
    let dims = Memo::new(move |_| {
        let (a, b) = c.pair()?;
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
    (path_counts, dims)
}

/// The network's facts, with the worker job computing them when they are too costly for
/// the page: (facts, job, where the job reports).
fn metrics_memos(
    network: Memo<Result<Network, SpecError>>,
    gate: Memo<Option<Gate>>,
) -> (Memo<Option<Facts>>, MetricsAsk, MetricsJob) {
    let metrics_job = Memo::new(move |_| {
        network.with(|n| {
            let net = n.as_ref().ok()?;
            let e = net.cost().info;
            let run = e.steps > SYNC_STEPS && gate.with(|g| Gate::allows(g.as_ref(), e));
            run.then(|| JobFor::metrics(net.spec(), None))
        })
    });
    // A new job supersedes the previous one (whose late result is dropped); none
    // needed: stop the one running. Results are cached per spec for the session.
    let job = use_answer::<Box<MetricsReport>>(move || metrics_job.get(), WhenNone::CancelRunning);
    let facts = Memo::new(move |_| {
        network.with(|n| {
            let net = n.as_ref().ok()?;
            Some(facts_of(
                net,
                |e| gate.with(|g| Gate::allows(g.as_ref(), e)),
                || job.state.get(),
            ))
        })
    });
    (facts, metrics_job, job)
}

/// The selected path (the picked one while the route lists it, else the first) and what
/// the diagram emphasises: the pair, the strategy's paths (when drawn), the selected path.
fn highlight_memos(
    nav: Nav,
    c: Chain,
    route: Memo<Option<Route>>,
    drawing: Memo<Option<Drawing>>,
    glgl: Memo<bool>,
) -> (Memo<Option<Vec<Node>>>, Memo<Highlight>) {
    let Chain {
        network,
        from,
        to,
        strategy,
        ..
    } = c;
    // `path=K` (from 1) while the route lists that many paths, else the first.
    let form = nav.form::<RouteForm>();
    let picked = Memo::new(move |_| form.with(|f| f.path));
    let selected = Memo::new(move |_| {
        route.with(|r| {
            let r = r.as_ref()?;
            picked
                .get()
                .and_then(|k| r.paths.get(k.checked_sub(1)?).cloned())
                .or_else(|| r.paths.first().cloned())
        })
    });
    let dag = Memo::new(move |_| {
        let drawn = drawing.with(|d| matches!(d, Some(Drawing::Layout(_))));
        let (a, b) = c.pair()?;
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
            Ok(net) => path_text(net, &path),
            Err(_) => String::new(),
        });
        // D3 with `glgl=1`: §10's glgl path, dashed beside the strategy's route.
        let second = c
            .pair()
            .filter(|_| glgl.get())
            .and_then(|(a, b)| network.with(|n| Some(n.as_ref().ok()?.d3().ok()?.glgl_path(a, b))));
        Highlight {
            src: ok_node(from),
            dst: ok_node(to),
            dag: dag.get().unwrap_or_default(),
            path,
            path_text,
            second: second.unwrap_or_default(),
            ..Highlight::default()
        }
    });
    (selected, highlight)
}

/// Past what can be drawn whole, the route's neighbourhood (diagram/focus.rs): its first
/// paths hop by hop around the selected one, and that one's neighbours.
fn focus_memo(
    network: Memo<Result<Network, SpecError>>,
    drawing: Memo<Option<Drawing>>,
    route: Memo<Option<Route>>,
    selected: Memo<Option<Vec<Node>>>,
) -> Memo<Option<Arc<Layout>>> {
    let room = drawing_room();
    Memo::new(move |_| {
        if !drawing.with(|d| d.as_ref().is_some_and(|d| d.past_whole().is_some())) {
            return None;
        }
        let chosen = selected.get().unwrap_or_default();
        let room = room.get();
        route.with(|r| {
            let r = r.as_ref()?;
            network.with(|n| route_focus(n.as_ref().ok()?, &r.paths, &chosen, room).map(Arc::new))
        })
    })
}

/// In a focused drawing, the drawn paths' channels soft (the strategy's other paths), as
/// the whole drawing shows every path of the strategy.
fn with_focus_dag(
    highlight: Memo<Highlight>,
    focus: Memo<Option<Arc<Layout>>>,
    route: Memo<Option<Route>>,
) -> Memo<Highlight> {
    Memo::new(move |_| {
        let mut h = highlight.get();
        if focus.with(Option::is_some) {
            h.dag = route.with(|r| {
                r.iter()
                    .flat_map(|r| r.paths.iter().take(MAX_FOCUS_PATHS))
                    .flat_map(|p| p.windows(2).map(|w| (w[0], w[1])))
                    .collect()
            });
        }
        h
    })
}

impl RouteModel {
    /// Builds the memo chain on `nav`'s state.
    pub fn new(nav: Nav) -> RouteModel {
        let form = nav.form::<RouteForm>();
        let family = Memo::new(move |_| form.with(|f| family(&f.family)));
        let spec = Memo::new(move |_| form.with(RouteForm::spec));
        let network = Memo::new(move |_| spec.with(|s| networks::build(s)));
        let from = Memo::new(move |_| network.with(|n| form.with(|f| address(n, &f.from))));
        let to = Memo::new(move |_| network.with(|n| form.with(|f| address(n, &f.to))));
        let strategy = Memo::new(move |_| form.with(|f| f.strategy.clone()));
        let chain = Chain {
            spec,
            network,
            from,
            to,
            strategy,
        };
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
        let (deferred, deferred_more) = deferral(chain, net_cost);
        let (gate, route) = route_memos(chain, deferred, |estimate| {
            gate_memo(network, net_cost, estimate, confirmed)
        });
        let path_texts = path_texts(network, route);
        let (path_counts, dims) = hypercycle_memos(chain);
        let (facts, metrics_job, metrics_worker) = metrics_memos(network, gate);
        let drawing = Memo::new(move |_| network.with(|n| n.as_ref().ok().map(draw)));
        // Past what can be drawn node by node, the adjacency matrix (within its own limits).
        let matrix = Memo::new(move |_| {
            if !drawing.with(|d| d.as_ref().is_some_and(|d| d.past_whole().is_some())) {
                return None;
            }
            network.with(|n| n.as_ref().ok().and_then(matrix).map(Arc::new))
        });
        let glgl = Memo::new(move |_| form.with(|f| f.glgl));
        let (selected, highlight) = highlight_memos(nav, chain, route, drawing, glgl);
        let focus = focus_memo(network, drawing, route, selected);
        let highlight = with_focus_dag(highlight, focus, route);
        // A path picked past the first few is listed.
        let show_more =
            RwSignal::new(form.with_untracked(|f| f.path.is_some_and(|k| k > FIRST_PATHS)));
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
            metrics_worker,
            drawing,
            matrix,
            focus,
            selected,
            highlight,
            show_more,
            click_mode: RwSignal::new(ClickMode::To),
            deferred_more,
        }
    }

    /// A keystroke in a route field (`from`, `to`, or a parameter key).
    pub fn edit(self, field: &'static str, change: impl FnOnce(&mut RouteForm)) {
        self.nav
            .edit_form(field, |f: &mut RouteForm| change_route(f, change));
    }

    /// Picks `path` of the route listed now: `path=K` in the URL (K from 1). A path the
    /// route does not list is ignored.
    pub fn pick_path(self, path: &[Node]) {
        let at = self
            .route
            .with_untracked(|r| r.as_ref()?.paths.iter().position(|p| p == path));
        if let Some(i) = at {
            if i >= FIRST_PATHS {
                self.show_more.set(true);
            }
            self.nav
                .commit_form(|f: &mut RouteForm| f.path = Some(i + 1));
        }
    }

    /// A click on diagram node `v`: it becomes the source or the destination, as the click
    /// mode says, and the picked path is forgotten.
    pub fn click_node(self, v: Node) {
        let Some(address) = self
            .network
            .with_untracked(|n| n.as_ref().ok().map(|n| n.format_node(v)))
        else {
            return;
        };
        match self.click_mode.get_untracked() {
            ClickMode::From => self.commit(move |f| f.from = address),
            ClickMode::To => self.commit(move |f| f.to = address),
        }
    }

    /// A committed change of the route fields.
    pub fn commit(self, change: impl FnOnce(&mut RouteForm)) {
        self.nav
            .commit_form(|f: &mut RouteForm| change_route(f, change));
    }
}

/// Applies `change` to the route's fields; another route forgets the picked path.
fn change_route(form: &mut RouteForm, change: impl FnOnce(&mut RouteForm)) {
    let before = form.clone();
    change(form);
    if !form.same_route(&before) {
        form.path = None;
    }
}

/// The facts of `net`: exact when `allowed` (within [`INFO_BUDGET`], or confirmed) —
/// here when within [`SYNC_STEPS`], else from the worker's job (`job`) —, counts and
/// formulas otherwise.
fn facts_of(
    net: &Network,
    allowed: impl Fn(Estimate) -> bool,
    job: impl Fn() -> MetricsState,
) -> Facts {
    let estimate = net.cost().info;
    let cost = estimate.steps;
    if allowed(estimate) {
        if cost <= SYNC_STEPS {
            return Facts::Exact(net.info());
        }
        let t = net.topology();
        let state = match job() {
            JobState::Done(r) if r.info.spec == net.spec() => return Facts::Exact(r.info.clone()),
            // A superseded job's result: the current one is about to start.
            JobState::Done(_) => JobState::Running {
                done: 0,
                total: 0,
                label: String::new(),
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
