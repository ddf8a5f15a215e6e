//! The listed paths: the first few, more on request; clicking one highlights it.

use leptos::prelude::*;

use super::PathButton;
use crate::pages::{RouteModel, FIRST_PATHS};

/// `<ol data-testid="path-list">` of `path-item` buttons.
#[component]
pub fn PathList(model: RouteModel) -> impl IntoView {
    let items = move || {
        let shown = if model.show_more.get() {
            usize::MAX
        } else {
            FIRST_PATHS
        };
        let paths = model
            .route
            .with(|r| r.as_ref().map(|r| r.paths.clone()).unwrap_or_default());
        model.path_texts.with(|texts| {
            texts
                .iter()
                .zip(paths)
                .take(shown)
                .enumerate()
                .map(|(i, (text, path))| {
                    let this = path.clone();
                    let selected =
                        Memo::new(move |_| model.selected.with(|s| s.as_ref() == Some(&this)));
                    view! {
                        <li>
                            <PathButton
                                text=text.clone()
                                label=format!("Path {}: {text}", i + 1)
                                selected=selected
                                testid="path-item"
                                on_click=Callback::new(move |()| model.picked.set(Some(path.clone())))
                            />
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let note = move || {
        model.route.with(|r| {
            let r = r.as_ref()?;
            let listed = r.paths.len();
            let shown = if model.show_more.get() {
                listed
            } else {
                listed.min(FIRST_PATHS)
            };
            let total = r.path_count.to_string();
            Some(if listed == 1 && !r.truncated {
                "The only path.".to_string()
            } else if !r.truncated && shown == listed {
                format!("All {total} paths.")
            } else {
                format!("Showing {shown} of {total} paths.")
            })
        })
    };
    let more = move || {
        let listed = model
            .route
            .with(|r| r.as_ref().map_or(0, |r| r.paths.len()));
        let open = model.show_more.get();
        (listed > FIRST_PATHS).then(|| {
            let label = if open {
                format!("Show the first {FIRST_PATHS} only")
            } else {
                format!("Show up to {listed}")
            };
            view! {
                <button
                    type="button"
                    class="small"
                    data-testid="show-more"
                    aria-expanded=if open { "true" } else { "false" }
                    on:click=move |_| model.show_more.update(|v| *v = !*v)
                >
                    {label}
                </button>
            }
        })
    };
    view! {
        <section class="card paths-card" aria-labelledby="paths-title">
            <h2 id="paths-title">"Paths"</h2>
            <p class="help">"Click a path to highlight it in the diagram."</p>
            <ol class="path-list" data-testid="path-list">{items}</ol>
            <p class="path-note">{note} " " {more}</p>
        </section>
    }
}
