//! The first screen (the bare address, or `?view=start`): what icnplay is in three lines, a
//! small network drawn and alive ([`live`]), and the gallery of one-click stories
//! ([`gallery`]), whose content is [`icn_web_model::start`].

mod gallery;
mod live;

use leptos::prelude::*;

use crate::history::Nav;
use gallery::Gallery;
use live::LiveFigure;

/// The first screen.
#[component]
pub fn StartView(nav: Nav) -> impl IntoView {
    view! {
        <div class="start-view" data-testid="view-start">
            <section class="start-intro" aria-labelledby="start-title">
                <h1 id="start-title">"Interconnection networks, computed exactly and drawn"</h1>
                <ul class="start-lines" data-testid="start-lines">
                    <li>"Pick a network (a torus, a Dragonfly, a fat tree, the papers' KYKLOS, Lens and Swapped Dragonfly, or your own graph) and see its routes, path counts and channel loads, exact."</li>
                    <li>"Simulate packets on it as BookSim2 does, and check whether its routing can deadlock."</li>
                    <li>"Everything runs in your browser, and the address holds the whole state: share or embed any view."</li>
                </ul>
            </section>
            <LiveFigure nav=nav />
            <Gallery nav=nav />
        </div>
    }
}
