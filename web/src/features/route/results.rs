//! Distance and path count of the chosen strategy, the paper's three counts, and the
//! per-dimension distances.

use icn_core::topology::hypercycle::PathCounts;
use leptos::prelude::*;

use icn_web_model::format::{count_text, group_digits};

use crate::components::Term;

use super::info_panel::plural;
use super::model::{ok_node, DimRow, RouteModel};

/// The numbers of the current route.
#[component]
pub fn ResultsPanel(model: RouteModel) -> impl IntoView {
    let strategy_title = move || {
        let known = model.strategies.get();
        model
            .form
            .with(|f| known.iter().find(|s| s.name == f.strategy).map(|s| s.title))
            .unwrap_or("")
    };
    let body = move || {
        model.route.with(|r| match r {
            Some(r) if r.paths.is_empty() && r.path_count.bits() == 0 => {
                let why = match (ok_node(model.from), ok_node(model.to)) {
                    (Some(a), Some(b)) => model.network.with(|n| {
                        n.as_ref()
                            .map(|n| n.no_path(&model.form.with(|f| f.strategy.clone()), a, b))
                            .unwrap_or_default()
                    }),
                    _ => String::new(),
                };
                view! {
                    <p class="note" data-testid="no-path">
                        <strong>"No path. "</strong>
                        {why}
                        "."
                    </p>
                }
                .into_any()
            }
            Some(r) => {
                let count = r.path_count.to_string();
                // A two-phase route (Valiant) is no shortest path: say how long its walks are.
                let (label, hops) = if r.via.is_empty() {
                    ("route.distance", r.length.to_string())
                } else {
                    let lengths = r.paths.iter().map(|p| p.len().saturating_sub(1));
                    let (lo, hi) = (lengths.clone().min().unwrap_or(0), lengths.max().unwrap_or(0));
                    let range = if lo == hi { lo.to_string() } else { format!("{lo}–{hi}") };
                    ("route.hops", range)
                };
                // The Lens counts busses: that number first, the links beside it.
                let paper_unit = model.network.with(|n| n.as_ref().ok().and_then(|n| {
                    let t = n.topology().terminal_count();
                    n.hop_unit().filter(|_| r.via.is_empty() && r.src < t && r.dst < t)
                }));
                let unit = if hops == "1" { " hop" } else { " hops" };
                let (unit, first) = match paper_unit {
                    Some(u) => {
                        let count = r.length / u.links;
                        let name = if count == 1 { u.name.to_string() } else { plural(u.name) };
                        let first = view! {
                            <span class="big" data-testid="hop-distance">{count}</span>
                            <span class="unit">{format!(" {name} (")}</span>
                        };
                        (" links)", Some(first))
                    }
                    None => (unit, None),
                };
                view! {
                    <dl class="numbers">
                        <div class="number">
                            <dt><Term key=label /></dt>
                            <dd>
                                {first}
                                <span class=if paper_unit.is_some() { "" } else { "big" } data-testid="distance">{hops}</span>
                                <span class="unit">{unit}</span>
                            </dd>
                        </div>
                        <div class="number">
                            <dt><Term key="route.paths" /></dt>
                            <dd>
                                {count_view(&count)}
                                <span class="unit">{move || format!(" ({})", strategy_title())}</span>
                            </dd>
                        </div>
                    </dl>
                }
                .into_any()
            }
            None if model
                .gate
                .with(|g| g.as_ref().is_some_and(|g| g.route.is_some() && !g.confirmed)) =>
            {
                view! {
                    <p class="placeholder">"This route is over the page's budget: confirm its cost above to compute it."</p>
                }
                .into_any()
            }
            None => view! {
                <p class="placeholder">"Distance and paths appear here once every field is valid."</p>
            }
            .into_any(),
        })
    };
    let counts = move || {
        model
            .path_counts
            .get()
            .map(|c| view! { <CountsTable counts=c model=model /> })
    };
    let dims = move || {
        model
            .dims
            .get()
            .map(|rows| view! { <DimsTable rows=rows model=model /> })
    };
    view! {
        <section class="card results" aria-labelledby="results-title" aria-live="polite">
            <h2 id="results-title">"Result"</h2>
            {body}
            {counts}
            {dims}
        </section>
    }
}

/// A path count: grouped digits, or past [`icn_web_model::format::LONG_COUNT_DIGITS`] digits three significant
/// ones times a power of ten with the exact value a click away. `data-exact` holds the
/// digits as `icn route` prints them.
fn count_view(digits: &str) -> impl IntoView {
    let text = count_text(digits);
    let exact = text.long.then(|| {
        view! {
            <details class="exact-count">
                <summary>"exact"</summary>
                <span class="mono" data-testid="path-count-exact">{text.exact.clone()}</span>
            </details>
        }
    });
    view! {
        <span class="big" data-testid="path-count" data-exact=digits.to_string() title=text.exact>
            {text.shown}
        </span>
        {exact}
    }
}

/// The paper's three readings of "the minimal paths", side by side.
#[component]
fn CountsTable(counts: PathCounts, model: RouteModel) -> impl IntoView {
    let chosen =
        move |name: &'static str| model.form.with(|f| f.strategy == name).then_some("chosen");
    let sentence = explain(&counts);
    view! {
        <table class="counts">
            <caption><Term key="route.minimal-paths" />", three ways (" <Term key="hypercycle.eq311" /> ")"</caption>
            <thead>
                <tr>
                    <th scope="col">"Counting"</th>
                    <th scope="col" class="num">"Paths"</th>
                </tr>
            </thead>
            <tbody>
                <tr class=move || chosen("minimal")>
                    <th scope="row">"All minimal paths " <small>"(breadth-first search)"</small></th>
                    <td class="num">{group_digits(&counts.minimal.to_string())}</td>
                </tr>
                <tr class=move || chosen("eq311")>
                    <th scope="row">"Eq. 3.1.1 " <small>"(one shorter step anywhere)"</small></th>
                    <td class="num">{group_digits(&counts.equation.to_string())}</td>
                </tr>
                <tr class=move || chosen("greedy")>
                    <th scope="row">"Greedy only " <small>"(multinomial I)"</small></th>
                    <td class="num">{group_digits(&counts.greedy.to_string())}</td>
                </tr>
            </tbody>
        </table>
        <p class="explain">{sentence}</p>
    }
}

/// What the difference between the three counts means, in words.
fn explain(c: &PathCounts) -> String {
    if c.minimal == c.equation && c.equation == c.greedy {
        return "Here all three agree: every minimal path takes maximal steps, so greedy routing \
                already finds all of them."
            .to_string();
    }
    let mut parts = Vec::new();
    if c.equation < c.minimal {
        parts.push(format!(
            "Eq. 3.1.1 generates {} of the {} minimal paths: it allows at most one shorter step per \
             dimension, so minimal walks with several shorter steps, or the other way round a ring, \
             are missed.",
            c.equation, c.minimal
        ));
    } else {
        parts.push("Eq. 3.1.1 generates every minimal path here.".to_string());
    }
    if c.greedy < c.equation {
        parts.push(format!(
            "Greedy routing alone (the paper's multinomial I) gives {}: maximal steps with the \
             remainder last, so it only chooses the order of the dimensions.",
            c.greedy
        ));
    }
    parts.join(" ")
}

/// Per-dimension digits and distances q_i; their sum is the distance.
#[component]
fn DimsTable(rows: Vec<DimRow>, model: RouteModel) -> impl IntoView {
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            view! {
                <tr>
                    <th scope="row">{i + 1}</th>
                    <td class="num">{row.radix}</td>
                    <td class="num">{row.rho}</td>
                    <td class="num mono">{row.from.to_string()}</td>
                    <td class="num mono">{row.to.to_string()}</td>
                    <td class="num">{row.q}</td>
                </tr>
            }
        })
        .collect_view();
    let total = move || model.route.with(|r| r.as_ref().map(|r| r.length));
    view! {
        <table class="dims">
            <caption>"Distance per dimension (" <Term key="hypercycle.digits" /> ")"</caption>
            <thead>
                <tr>
                    <th scope="col">"i"</th>
                    <th scope="col" class="num">"mᵢ"</th>
                    <th scope="col" class="num">"ρᵢ"</th>
                    <th scope="col" class="num">"from"</th>
                    <th scope="col" class="num">"to"</th>
                    <th scope="col" class="num">"qᵢ"</th>
                </tr>
            </thead>
            <tbody>{body}</tbody>
            <tfoot>
                <tr>
                    <th scope="row" colspan="5">"distance q = Σ qᵢ"</th>
                    <td class="num">{total}</td>
                </tr>
            </tfoot>
        </table>
    }
}
