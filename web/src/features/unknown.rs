//! What `?view=<something we do not have>` shows: a clear message and the way back.

use leptos::prelude::*;

use crate::history::Nav;
use crate::url::View;

/// The page for an unknown `view=` value.
#[component]
pub fn UnknownView(
    /// The value as given in the URL.
    slug: String,
    nav: Nav,
) -> impl IntoView {
    let target = View::default_view();
    view! {
        <section data-testid="view-unknown" class="card unknown-view" role="alert">
            <h1>"There is no such view"</h1>
            <p>"This link asks for the view “" <code>{slug}</code> "”, which icnplay does not have (yet)."</p>
            <p>
                <a
                    href=format!("?view={}", target.slug())
                    on:click=move |ev| {
                        ev.prevent_default();
                        nav.show(target);
                    }
                >
                    "Open the " {target.title().to_lowercase()}
                </a>
            </p>
        </section>
    }
}
