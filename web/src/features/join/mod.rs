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

/// The join page.
#[component]
pub fn JoinExplorer(nav: Nav) -> impl IntoView {
    let model = JoinModel::new(nav);
    let body = move || {
        model.spec_error.with(Option::is_none).then(|| {
            view! {
                <JoinResult model=model />
                <JoinDiagram model=model />
                <JoinGridPanel model=model />
            }
        })
    };
    view! {
        <section data-testid="view-join" class="join" aria-labelledby="join-title">
            <h1 id="join-title" class="visually-hidden">"KYKLOS joins"</h1>
            <JoinFields model=model />
            <div class="join-body">{body}</div>
        </section>
    }
}
