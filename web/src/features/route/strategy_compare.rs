//! KYKLOS: every strategy's route for the pair side by side; a click shows one on the
//! diagram (and makes its strategy the explorer's).

use leptos::prelude::*;

use icn_core::analysis::{Table3Measures, Table3Value};

use super::kyklos::{Comparison, KyklosPanels};
use crate::components::{PathButton, Term};
use icn_web_model::glossary::routing_term;

/// `<section data-testid="compare">`: one `compare-row` per strategy.
#[component]
pub fn StrategyCompare(panels: KyklosPanels) -> impl IntoView {
    let model = panels.model;
    let rows = move || {
        panels.comparison.with(|c| match c {
            Some(Comparison::Routes(rows)) => {
                let shortest = rows.iter().map(|r| r.length).min().unwrap_or(0);
                let items = rows
                    .iter()
                    .map(|row| {
                        let name = row.name;
                        let current =
                            Memo::new(move |_| model.form.with(|f| f.strategy == name));
                        let listed = row.paths.len();
                        let count = row.count.clone();
                        let count_text = if count == "1" {
                            "1 path".to_string()
                        } else if listed.to_string() == count {
                            format!("{count} paths")
                        } else {
                            format!("{count} paths, first {listed} listed")
                        };
                        let paths = row
                            .paths
                            .iter()
                            .map(|p| {
                                let this = p.nodes.clone();
                                let selected = Memo::new(move |_| {
                                    current.get()
                                        && model.selected.with(|s| s.as_ref() == Some(&this))
                                });
                                let path = p.nodes.clone();
                                view! {
                                    <li>
                                        <PathButton
                                            text=p.text.clone()
                                            selected=selected
                                            testid="compare-path"
                                            on_click=Callback::new(move |()| panels.pick(name, path.clone()))
                                        />
                                        <p class="help legs" data-testid="compare-legs">{p.legs.clone()}</p>
                                    </li>
                                }
                            })
                            .collect_view();
                        let minimal = row.length == shortest;
                        view! {
                            <li
                                class="compare-row"
                                class:current=current
                                class:minimal=minimal
                                data-testid="compare-row"
                                data-strategy=name
                            >
                                <div class="compare-head">
                                    <span class="compare-title">{term(row.name, row.title)}</span>
                                    <span class="compare-length">
                                        <span data-testid="compare-length">{row.length}</span>
                                        " hops"
                                    </span>
                                    <span class="help" data-testid="compare-count">{count_text}</span>
                                </div>
                                <ol class="path-list compact">{paths}</ol>
                            </li>
                        }
                    })
                    .collect_view();
                view! { <ol class="compare-list">{items}</ol> }.into_any()
            }
            Some(Comparison::Note(text)) => {
                view! { <p class="placeholder" data-testid="compare-note">{text.clone()}</p> }
                    .into_any()
            }
            None => view! {
                <p class="placeholder">"The strategies are compared once both addresses are valid."</p>
            }
            .into_any(),
        })
    };
    let table3 = move || {
        panels.table3.with(|t| match t {
            Some(Ok(m)) => Some(table3_view(m).into_any()),
            Some(Err(why)) => Some(
                view! { <p class="help" data-testid="table3-note">{why.clone()}</p> }.into_any(),
            ),
            None => None,
        })
    };
    view! {
        <section class="card compare-card" data-testid="compare" aria-labelledby="compare-title">
            <h2 id="compare-title">"Strategies side by side"</h2>
            <p class="help">
                "Every strategy this network offers, for the same pair (hops = 2 × levels climbed). Click a path to draw it."
            </p>
            {rows}
            {table3}
        </section>
    }
}

/// A KYKLOS strategy's title as its term (both KYKLOS families name their strategies alike).
fn term(name: &'static str, title: &'static str) -> AnyView {
    match routing_term("kyklos2", name) {
        Some(t) => view! { <Term key=t.key label=title /> }.into_any(),
        None => title.into_any(),
    }
}

/// One of Table 3's measures: its value (exact fraction when not whole) or why none.
fn measure_text(v: &Table3Value) -> String {
    match (v.value, &v.exact, &v.unavailable) {
        (Some(_), Some(exact), _) => exact.clone(),
        (Some(x), None, _) => x.to_string(),
        (None, _, Some(why)) => format!("— ({why})"),
        (None, _, None) => "—".to_string(),
    }
}

/// TR-88-27 Table 3's measures of the current strategy, each with its convention.
fn table3_view(m: &Table3Measures) -> impl IntoView {
    let density = &m.max_link_traffic_density;
    let load = &m.max_ib_node_load;
    view! {
        <h3>{format!("TR-88-27 Table 3's measures ({})", m.strategy)}</h3>
        <dl class="facts" data-testid="table3">
            <div title=density.convention.clone()>
                <dt><Term key="kyklos.density" label="Maximum link traffic density" /></dt>
                <dd data-testid="table3-density">{measure_text(density)}</dd>
            </div>
            <div title=load.convention.clone()>
                <dt><Term key="kyklos.ib-load" label="Maximum IB-node processing load" /></dt>
                <dd data-testid="table3-load">{measure_text(load)}</dd>
            </div>
        </dl>
        <p class="help">{format!("Density: {}. Load: {}.", density.convention, load.convention)}</p>
    }
}
