//! The deadlock view (`?view=deadlock&t=SPEC&s=ROUTING&scheme=S&vcs=N&step=K`): whether a
//! routing can deadlock, from its channel dependency graph (Dally and Seitz 1987), computed
//! in the worker by the same code as `icn deadlock --table`
//! ([`icn_core::analysis::deadlock`]).
//!
//! The fields pick a network, a routing, a virtual-channel scheme and the number of
//! virtual channels; the verdict says whether the graph is acyclic; a cyclic one shows its
//! shortest cycle drawn on the network, stepped with Prev and Next, each dependency with
//! a route that creates it; the table sets every routing of the network against one
//! virtual channel and the fewest each scheme needs. `model` holds the memos, `parts` the
//! cards.

mod duato;
mod model;
mod parts;
mod stepper;

use leptos::prelude::*;

use self::model::DeadlockModel;
use self::parts::{diagram_card, fields_card, status, table_card, verdict_card};
use crate::history::Nav;
use crate::url::View;

/// The view.
#[component]
pub fn DeadlockView(nav: Nav) -> impl IntoView {
    let m = DeadlockModel::new(nav);
    if nav.panel(View::Deadlock).is_some() {
        // The figure-first embed (`panel=diagram`): the cycle drawn first, then the verdict
        // (its dependencies stepped on the drawing), the fields under them.
        return view! {
            <section data-testid="view-deadlock" class="figure-first deadlock-view" data-panel="diagram" aria-labelledby="deadlock-title">
                <h1 id="deadlock-title" class="visually-hidden">"Deadlock analysis"</h1>
                <div class="contents">{move || status(m)}</div>
                {diagram_card(m)}
                <div class="contents">{move || verdict_card(m)}</div>
                {fields_card(m)}
            </section>
        }
        .into_any();
    }
    view! {
        <section data-testid="view-deadlock" class="explorer deadlock-view" aria-labelledby="deadlock-title">
            <h1 id="deadlock-title" class="visually-hidden">"Deadlock analysis"</h1>
            <div class="column column-main">
                {fields_card(m)}
                <div class="contents">{move || status(m)}</div>
                <div class="contents">{move || verdict_card(m)}</div>
                <div class="contents">{move || table_card(m)}</div>
            </div>
            <div class="column column-side">{diagram_card(m)}</div>
        </section>
    }
    .into_any()
}
