//! "On this network": links from the view shown to the other views that take its network,
//! each opening with the network and the pair carried
//! ([`crate::url::AppState::related`]): this pair's join site, a schedule on this D3, this
//! Lens in the walkthrough, deadlock and simulation. A network that cannot be built (its
//! field says why) has no links: they would carry the same error into every view.

use leptos::prelude::*;

use crate::history::Nav;
use crate::networks;

/// The links, or nothing when the view shows no one network or its network is not valid.
#[component]
pub fn RelatedLinks(nav: Nav) -> impl IntoView {
    let related = Memo::new(move |_| {
        nav.state.with(|s| match s.context() {
            Some(c) if networks::build(&c.spec).is_ok() => s.related(),
            _ => Vec::new(),
        })
    });
    move || {
        let links = related.get();
        (!links.is_empty()).then(|| {
            let items = links
                .into_iter()
                .map(|(view, label, query)| {
                    let href = nav.href(&query);
                    view! {
                        <li>
                            <a
                                href=href
                                data-testid=format!("related-{}", view.slug())
                                on:click=move |ev| {
                                    if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
                                        return;
                                    }
                                    ev.prevent_default();
                                    nav.open(&query);
                                }
                            >
                                <span class="related-view">{view.title()}</span>
                                ": "
                                {label}
                            </a>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <nav class="card related-links" aria-labelledby="related-title" data-testid="related-links">
                    <h2 id="related-title">"On this network"</h2>
                    <ul>{items}</ul>
                </nav>
            }
        })
    }
}
