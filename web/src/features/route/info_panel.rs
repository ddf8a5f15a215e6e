//! The network's facts beside the paper's closed forms.

use icn_core::{Formula, Network, NetworkInfo, SpecError};
use leptos::prelude::*;

use super::model::{Facts, MetricsState, RouteModel};
use crate::components::{job_status, Term};
use crate::limits::INFO_BUDGET;
use crate::url::walk_loads_href;
use icn_web_model::format::group;

/// Nodes, links, degree, diameter, average distance, symmetry, formulas.
#[component]
pub fn InfoPanel(model: RouteModel) -> impl IntoView {
    let heading = move || {
        model.network.with(|n| {
            n.as_ref().ok().map(|net| {
                let f = net.family();
                view! {
                    <p class="family-title">{f.title}</p>
                    <p class="help">{f.summary}</p>
                    <p class="spec-line">"Canonical spec: " <code>{net.spec()}</code></p>
                }
            })
        })
    };
    let body = move || {
        model.facts.with(|facts| match facts {
            Some(Facts::Exact(info)) => exact(info).into_any(),
            Some(Facts::Worker {
                nodes,
                links,
                state,
            }) => worker(model, *nodes, *links, state.clone()).into_any(),
            Some(Facts::Skipped {
                cost,
                nodes,
                links,
                degree,
                diameter,
            }) => skipped(*cost, *nodes, *links, *degree, *diameter).into_any(),
            None => {
                view! { <p class="placeholder">"No network: fix the spec first."</p> }.into_any()
            }
        })
    };
    view! {
        <section class="card info" aria-labelledby="info-title">
            <h2 id="info-title">"Network"</h2>
            {heading}
            <LensLoadsLink network=model.network />
            {body}
        </section>
    }
}

/// The plural of a hop unit's name (`bus` → `busses`).
pub(crate) fn plural(unit: &str) -> String {
    if unit.ends_with('s') {
        format!("{unit}ses")
    } else {
        format!("{unit}s")
    }
}

/// A degree range as the panel shows it: one number when every node has it.
fn degree_text(lo: u64, hi: u64) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    }
}

fn exact(info: &NetworkInfo) -> impl IntoView {
    let degree = degree_text(info.min_degree, info.max_degree);
    let switch_degree = info
        .switch_min_degree
        .zip(info.switch_max_degree)
        .map(|(lo, hi)| {
            view! {
                <div>
                    <dt><Term key="route.degree" label="Switch degree" /></dt>
                    <dd data-testid="info-switch-degree">{degree_text(lo, hi)}</dd>
                </div>
            }
        });
    // The paper's unit first (the Lens's busses), the links beside it.
    let in_links = if info.hops.is_some() { " (links)" } else { "" };
    let hops = info.hops.as_ref().map(|h| {
        let unit = plural(&h.unit);
        view! {
            <div>
                <dt><Term key="route.diameter" />{format!(" ({unit})")}</dt>
                <dd data-testid="info-hop-diameter">{h.diameter}</dd>
            </div>
            <div>
                <dt><Term key="route.average-distance" />{format!(" ({unit})")}</dt>
                <dd data-testid="info-hop-average">{format!("{:.4}", h.average_distance)}</dd>
            </div>
        }
    });
    let symmetry = if info.vertex_transitive {
        "vertex-transitive"
    } else if info.terminal_transitive {
        "terminal-transitive"
    } else {
        "none used"
    };
    let computed = |name: &str| info.computed(name);
    let formulas = info
        .formulas
        .iter()
        .map(|f| formula_row(f, computed(&f.name)))
        .collect_view();
    let table = (!info.formulas.is_empty()).then(|| {
        view! {
            <table class="formulas">
                <caption>"The paper's formulas beside the computed values"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Formula"</th>
                        <th scope="col" class="num">"Paper"</th>
                        <th scope="col" class="num">"Computed"</th>
                    </tr>
                </thead>
                <tbody>{formulas}</tbody>
            </table>
        }
    });
    view! {
        <dl class="facts">
            <div>
                <dt>"Nodes"</dt>
                <dd data-testid="info-nodes">{group(info.nodes)}</dd>
            </div>
            <div>
                <dt>"Links"</dt>
                <dd data-testid="info-links">{group(info.links)}</dd>
            </div>
            <div>
                <dt><Term key="route.degree" label=if switch_degree.is_some() { "Terminal degree" } else { "Degree" } /></dt>
                <dd data-testid="info-degree">{degree}</dd>
            </div>
            {switch_degree}
            {hops}
            <div>
                <dt><Term key="route.diameter" />{in_links}</dt>
                <dd data-testid="info-diameter">{info.diameter}</dd>
            </div>
            <div>
                <dt><Term key="route.average-distance" />{in_links}</dt>
                <dd data-testid="info-average">{format!("{:.4}", info.average_distance)}</dd>
            </div>
            <div>
                <dt><Term key="route.symmetry" /></dt>
                <dd
                    data-testid="info-symmetry"
                    title="Vertex-transitive: every node looks alike. Terminal-transitive: every terminal (processor, L-node) does. Either way the metrics are measured from one node and multiplied out."
                >
                    {symmetry}
                </dd>
            </div>
            <div>
                <dt>"Distances by"</dt>
                <dd
                    data-testid="info-method"
                    title="With a symmetry group, one breadth-first search per orbit of terminals; without a symmetry or closed form, every terminal's search runs, 256 at a time in one bit-parallel pass."
                >
                    {info.distance_method.describe()}
                </dd>
            </div>
        </dl>
        {table}
    }
}

/// Exact metrics on their way from the worker: counts now, the job's progress and Cancel
/// (or why it stopped, with a button to compute again).
fn worker(model: RouteModel, nodes: u64, links: u64, state: MetricsState) -> impl IntoView {
    let worker = model.metrics_worker;
    let restart = move || {
        if let Some(job) = model.metrics_job.get_untracked() {
            worker.start(job);
        }
    };
    let status = job_status(
        state,
        worker.handle.set_state,
        "The exact metrics",
        "info",
        restart,
    );
    view! {
        <dl class="facts">{counts(nodes, links)}</dl>
        <div data-testid="info-computing">{status}</div>
    }
}

/// The network's node and link counts (known at once, at any size).
fn counts(nodes: u64, links: u64) -> impl IntoView {
    view! {
        <div>
            <dt>"Nodes"</dt>
            <dd data-testid="info-nodes">{group(nodes)}</dd>
        </div>
        <div>
            <dt>"Links"</dt>
            <dd data-testid="info-links">{group(links)}</dd>
        </div>
    }
}

fn formula_row(f: &Formula, computed: Option<u64>) -> impl IntoView {
    let (shown, verdict, class) = match computed {
        Some(c) if c == f.value => (c.to_string(), "agrees", "agree"),
        Some(c) => (c.to_string(), "differs", "differ"),
        None => ("—".to_string(), "", ""),
    };
    view! {
        <tr class=class>
            <th scope="row">{f.name.clone()} <span class="expr">{f.expression.clone()}</span></th>
            <td class="num">{f.value}</td>
            <td class="num">{shown} " " <span class="verdict">{verdict}</span></td>
        </tr>
    }
}

fn skipped(
    cost: u64,
    nodes: u64,
    links: u64,
    degree: Option<u64>,
    diameter: Option<u64>,
) -> impl IntoView {
    view! {
        <dl class="facts">
            {counts(nodes, links)}
            {degree.map(|d| view! {
                <div>
                    <dt><Term key="route.degree" />" " <small>"(paper's formula)"</small></dt>
                    <dd data-testid="info-degree">{d}</dd>
                </div>
            })}
            {diameter.map(|d| view! {
                <div>
                    <dt><Term key="route.diameter" />" " <small>"(paper's formula)"</small></dt>
                    <dd data-testid="info-diameter">{d}</dd>
                </div>
            })}
        </dl>
        <p class="note">
            "Exact metrics (diameter and average distance) are not computed yet (see \"Large network\" above): they would take about "
            {cost.to_string()}
            " steps here, over the budget of "
            {INFO_BUDGET.to_string()}
            ". A degree and diameter shown here are the paper's closed forms."
        </p>
    }
}

/// In the route explorer, for a Lens: a link to its loads in the walkthrough.
#[component]
pub fn LensLoadsLink(network: Memo<Result<Network, SpecError>>) -> impl IntoView {
    move || {
        network.with(|n| match n {
            Ok(net) if net.lens().is_ok() => {
                let href = walk_loads_href(&net.spec());
                Some(view! {
                    <p class="help">
                        "Processor and bus loads under uniform traffic, and routes step by step: "
                        <a href=href data-testid="lens-loads-link">"open this Lens in the walkthrough"</a>
                        "."
                    </p>
                })
            }
            _ => None,
        })
    }
}
