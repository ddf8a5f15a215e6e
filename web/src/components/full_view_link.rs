//! Links from an embed to the same state on the full site (new tab): the embed's credit
//! ("Open in icnplay") and, in a figure-first embed, the link to what the figure leaves out
//! (the tables, the command line). Generic: the text is the caller's.

use leptos::prelude::*;

use crate::history::Nav;
use crate::url::AppState;

/// The full site's address of the state shown: `embed`, `panel` and `id` dropped, the
/// theme and `v=` kept.
pub fn full_view_href(nav: Nav) -> impl Fn() -> String + Copy + 'static {
    move || {
        let view_query = nav.state.with(AppState::to_query);
        format!(
            "?{}",
            nav.presentation
                .with_value(|p| p.full_site_query(&view_query))
        )
    }
}

/// `<a>` to the same state on the full site, in a new tab, saying so to screen readers.
#[component]
pub fn FullViewLink(
    nav: Nav,
    /// The link's `data-testid`.
    testid: &'static str,
    /// The link's text.
    text: &'static str,
) -> impl IntoView {
    view! {
        <a href=full_view_href(nav) target="_blank" rel="noopener" data-testid=testid>
            {text}
            <span class="visually-hidden">" (new tab)"</span>
            <span aria-hidden="true">" ↗"</span>
        </a>
    }
}
