//! KYKLOS joins (`?view=join`): a network and two L-nodes in; their join, its routes, the
//! diagram and the network's join grid out. `model` holds the chain of memos; the other
//! modules are the view's parts, which only display them.

mod diagram;
mod fields;
mod grid;
mod model;
mod result;

use leptos::prelude::*;

use self::diagram::JoinDiagram;
use self::fields::JoinFields;
use self::grid::JoinGridPanel;
pub use self::model::JoinModel;
use self::result::JoinResult;
use crate::history::Nav;
use crate::url::{Panel, View};

/// The join page.
#[component]
pub fn JoinExplorer(nav: Nav) -> impl IntoView {
    let model = JoinModel::new(nav);
    let panel = nav.panel(View::Join);
    let body = move || {
        model.spec_error.with(Option::is_none).then(|| match panel {
            // The figure-first embeds: the drawing and the join site, or the grid.
            Some(Panel::Table) => view! { <JoinGridPanel model=model /> }.into_any(),
            Some(_) => view! {
                <JoinDiagram model=model />
                <JoinResult model=model />
            }
            .into_any(),
            None => view! {
                <JoinResult model=model />
                <JoinDiagram model=model />
                <JoinGridPanel model=model />
            }
            .into_any(),
        })
    };
    let fields = view! { <JoinFields model=model /> };
    let (before, after) = if panel.is_some() {
        (None, Some(fields))
    } else {
        (Some(fields), None)
    };
    view! {
        <section
            data-testid="view-join"
            class=if panel.is_some() { "join figure-first" } else { "join" }
            data-panel=panel.map(Panel::slug)
            aria-labelledby="join-title"
        >
            <h1 id="join-title" class="visually-hidden">"KYKLOS joins"</h1>
            {before}
            <div class="join-body">{body}</div>
            {after}
        </section>
    }
}
