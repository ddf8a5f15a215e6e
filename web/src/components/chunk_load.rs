//! A part of the page whose code is a wasm chunk of its own (a view, the Embed panel): what
//! its loading has come to, and while it is not there, the line saying it loads or that it
//! could not be downloaded, with a button to try again.

use std::future::Future;

use leptos::prelude::*;

/// A chunk's loading, with its part's constructor once loaded.
#[derive(Clone, Copy)]
pub enum Chunk<T> {
    /// Being downloaded.
    Loading,
    /// There: the part's constructor.
    Loaded(T),
    /// The download failed (the loader says no more than that).
    Failed,
}

/// A chunk's loading as a signal.
pub type ChunkState<T> = RwSignal<Chunk<T>>;

/// A loading state, already done when the chunk is there (`loaded`).
pub fn chunk_state<T: Send + Sync + 'static>(loaded: Option<T>) -> ChunkState<T> {
    RwSignal::new(loaded.map_or(Chunk::Loading, Chunk::Loaded))
}

/// Loads (again): the state is [`Chunk::Loading`] until `load` answers.
pub fn fetch_chunk<T, F>(state: ChunkState<T>, load: impl FnOnce() -> F + 'static)
where
    T: Send + Sync + 'static,
    F: Future<Output = Option<T>> + 'static,
{
    state.set(Chunk::Loading);
    leptos::task::spawn_local(async move {
        state.set(load().await.map_or(Chunk::Failed, Chunk::Loaded));
    });
}

/// The line while the chunk loads, or that it could not be downloaded and Retry (`failed`).
/// `part` names it ("This view's code"), `testid` prefixes the test ids (`{testid}-loading`,
/// `{testid}-load-error`, `{testid}-load-retry`).
pub fn chunk_pending(
    part: &'static str,
    testid: &'static str,
    loading: &'static str,
    failed: bool,
    retry: impl Fn() + 'static,
) -> AnyView {
    if failed {
        view! {
            <div class="job-crashed" role="alert" data-testid=format!("{testid}-load-error")>
                <p class="job-crashed-what">{part} " could not be loaded."</p>
                <p>
                    "Each part of the site is downloaded the first time it opens, and this download failed: check the connection, then "
                    <button type="button" data-testid=format!("{testid}-load-retry") on:click=move |_| retry()>
                        "Retry"
                    </button>
                </p>
            </div>
        }
        .into_any()
    } else {
        view! { <p class="note view-loading" role="status" data-testid=format!("{testid}-loading")>{loading}</p> }
            .into_any()
    }
}
