//! KYKLOS: every strategy's route for the pair side by side; a click shows one on the
//! diagram (and makes its strategy the explorer's).

use leptos::prelude::*;

use super::kyklos::{Comparison, KyklosPanels};
use crate::components::PathButton;

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
                                    <span class="compare-title">{row.title}</span>
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
    view! {
        <section class="card compare-card" data-testid="compare" aria-labelledby="compare-title">
            <h2 id="compare-title">"Strategies side by side"</h2>
            <p class="help">
                "Every strategy this network offers, for the same pair (hops = 2 × levels climbed). Click a path to draw it."
            </p>
            {rows}
        </section>
    }
}
