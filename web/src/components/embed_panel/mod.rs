//! The shell's "Embed" button (every view has it) and the loading of its panel: the panel's
//! code ([`body`]) is a wasm chunk of its own, fetched on the first click (or after the
//! views' chunks, in the background), so that neither the first screen nor a view opened by
//! its address downloads it.

mod body;

use leptos::prelude::*;

use crate::components::{chunk_pending, chunk_state, fetch_chunk, Chunk};
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

/// Loads the panel's chunk (once; later calls return at once). `None` when the fetch failed:
/// the next call tries again.
pub(crate) async fn load_embed() -> Option<BodyCtor> {
    if let Some(ctor) = LOADED.get() {
        return Some(ctor);
    }
    let ctor = split::body().await.ok()?;
    LOADED.set(Some(ctor));
    Some(ctor)
}

/// The "Embed" button, and under it the panel while open: drawn at once when its chunk is
/// there, else once it has loaded; if it cannot be fetched, the reason and a button to try
/// again.
#[component]
pub fn EmbedPanel(nav: Nav) -> impl IntoView {
    let (open, set_open) = signal(false);
    let body = chunk_state(LOADED.get());
    let fetch = move || fetch_chunk(body, load_embed);
    let toggle = move |_| {
        let now = !open.get_untracked();
        set_open.set(now);
        if now && !matches!(body.get_untracked(), Chunk::Loaded(_)) {
            fetch();
        }
    };
    let panel = move || match body.get() {
        Chunk::Loaded(build) => Some(build(nav, open)),
        pending => open.get().then(|| {
            chunk_pending(
                "The Embed panel's code",
                "embed",
                "Loading the Embed panel…",
                matches!(pending, Chunk::Failed),
                fetch,
            )
        }),
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
