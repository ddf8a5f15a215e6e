//! The shell's "Embed" button (every view has it) and the loading of its panel: the panel's
//! code ([`body`]) is a wasm chunk of its own, fetched on the first click (or after the
//! views' chunks, in the background), so that neither the first screen nor a view opened by
//! its address downloads it.

mod body;

use leptos::prelude::*;

use crate::history::Nav;

/// The panel's component with the page's [`Nav`] and whether it is open, once its chunk
/// has loaded.
type BodyCtor = fn(Nav, ReadSignal<bool>) -> AnyView;

/// The split point: everything reachable only from here goes to the `embed` chunk.
mod split {
    use leptos::prelude::*;
    use leptos::wasm_split::{wasm_split, SplitLoaderError};

    use super::body::EmbedBody;
    use super::BodyCtor;
    use crate::history::Nav;

    #[wasm_split(embed, wasm_split_path = ::leptos::wasm_split, fallible)]
    pub fn body() -> Result<BodyCtor, SplitLoaderError> {
        fn build(nav: Nav, open: ReadSignal<bool>) -> AnyView {
            view! { <EmbedBody nav=nav open=open /> }.into_any()
        }
        Ok(build)
    }
}

thread_local! {
    /// The panel's component once its chunk has loaded (single-threaded wasm).
    static LOADED: std::cell::Cell<Option<BodyCtor>> = const { std::cell::Cell::new(None) };
}

/// Loads the panel's chunk (once; later calls return at once). A failed fetch is an error
/// to show, and the next call tries again.
pub(crate) async fn load_embed() -> Result<BodyCtor, String> {
    if let Some(ctor) = LOADED.get() {
        return Ok(ctor);
    }
    let ctor = split::body().await.map_err(|e| e.to_string())?;
    LOADED.set(Some(ctor));
    Ok(ctor)
}

/// The "Embed" button, and under it the panel while open: drawn at once when its chunk is
/// there, else once it has loaded; if it cannot be fetched, the reason and a button to try
/// again.
#[component]
pub fn EmbedPanel(nav: Nav) -> impl IntoView {
    let (open, set_open) = signal(false);
    let body = RwSignal::new(LOADED.get().map(Ok));
    let fetch = move || {
        body.set(None);
        leptos::task::spawn_local(async move { body.set(Some(load_embed().await)) });
    };
    let toggle = move |_| {
        let now = !open.get_untracked();
        set_open.set(now);
        if now && !matches!(body.get_untracked(), Some(Ok(_))) {
            fetch();
        }
    };
    let panel = move || {
        match body.get() {
        Some(Ok(build)) => Some(build(nav, open)),
        Some(Err(reason)) => open.get().then(|| {
            view! {
                <div class="job-crashed" role="alert" data-testid="embed-load-error">
                    <p class="job-crashed-what">"The Embed panel's code could not be loaded: " {reason} "."</p>
                    <p>
                        "The page needs the network once for each part of the site. "
                        <button type="button" on:click=move |_| fetch()>"Retry"</button>
                    </p>
                </div>
            }
            .into_any()
        }),
        None => open.get().then(|| {
            view! { <p class="note view-loading" role="status" data-testid="embed-loading">"Loading the Embed panel…"</p> }
                .into_any()
        }),
    }
    };
    view! {
        <div class="embed-tools">
            <button
                type="button"
                class="embed-toggle"
                data-testid="embed-button"
                aria-expanded=move || if open.get() { "true" } else { "false" }
                aria-controls="embed-panel"
                on:click=toggle
            >
                "Embed"
            </button>
            {panel}
        </div>
    }
}
