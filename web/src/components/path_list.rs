//! The listed paths: the first few, more on request; clicking one highlights it.

use icn_core::{Node, Route};
use leptos::prelude::*;

use super::PathButton;

/// Paths listed before "show more".
pub const FIRST_PATHS: usize = 8;

/// `<ol data-testid="path-list">` of `path-item` buttons.
#[component]
pub fn PathList(
    /// The route whose paths are listed.
    route: Memo<Option<Route>>,
    /// Each listed path as text.
    path_texts: Memo<Vec<String>>,
    /// The highlighted path.
    selected: Memo<Option<Vec<Node>>>,
    /// Whether every listed path is shown (else the first [`FIRST_PATHS`]).
    show_more: RwSignal<bool>,
    /// A click on a path.
    on_pick: Callback<Vec<Node>>,
) -> impl IntoView {
    let items = move || {
        let shown = if show_more.get() {
            usize::MAX
        } else {
            FIRST_PATHS
        };
        let paths = route.with(|r| r.as_ref().map(|r| r.paths.clone()).unwrap_or_default());
        path_texts.with(|texts| {
            texts
                .iter()
                .zip(paths)
                .take(shown)
                .enumerate()
                .map(|(i, (text, path))| {
                    let this = path.clone();
                    let selected = Memo::new(move |_| selected.with(|s| s.as_ref() == Some(&this)));
                    view! {
                        <li>
                            <PathButton
                                text=text.clone()
                                label=format!("Path {}: {text}", i + 1)
                                selected=selected
                                testid="path-item"
                                on_click=Callback::new(move |()| on_pick.run(path.clone()))
                            />
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let note = move || {
        route.with(|r| {
            let r = r.as_ref()?;
            let listed = r.paths.len();
            let shown = if show_more.get() {
                listed
            } else {
                listed.min(FIRST_PATHS)
            };
            let total = r.path_count.to_string();
            Some(if listed == 0 && !r.truncated {
                "No path.".to_string()
            } else if listed == 1 && !r.truncated {
                "The only path.".to_string()
            } else if !r.truncated && shown == listed {
                format!("All {total} paths.")
            } else {
                format!("Showing {shown} of {total} paths.")
            })
        })
    };
    let more = move || {
        let listed = route.with(|r| r.as_ref().map_or(0, |r| r.paths.len()));
        let open = show_more.get();
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
                    on:click=move |_| show_more.update(|v| *v = !*v)
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
