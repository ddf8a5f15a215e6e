//! The application shell: header (the site's name, a link to the first screen; navigation
//! in groups generated from [`View::ALL`], each link carrying the network shown to a view
//! that takes it; the theme switch), the current view, the
//! "Embed" button, the links to this network in the other views, and the footer naming the
//! papers. Also mounting (the panel shown if
//! the app dies: `fatal`).
//!
//! Every view but the first screen is drawn through `Deferred`: each view's code is in its
//! group's wasm chunk (see [`load`]), so the first screen downloads only the shell and
//! itself, and a view its chunk and the code that chunk shares with others besides.
//!
//! Embed mode (`embed=1`, any view) is decided here once for every view: the view alone,
//! with a small link back to the full site; static/page.js sizes and themes the frame.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::{
    chunk_pending, chunk_state, fetch_chunk, Chunk, EmbedPanel, FullViewLink, RelatedLinks,
    ThemeSwitch,
};
use crate::features::{load_view, StartView, UnknownView, ViewCtor};
use crate::history::Nav;
use crate::url::{AppState, NavGroup, View, ViewChoice};

/// Replaces the static "loading" fallback of index.html (`#app`) with the app.
pub fn mount() {
    let target = document()
        .get_element_by_id("app")
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    match target {
        Some(el) => {
            el.set_text_content(None);
            leptos::mount::mount_to(el, App).forget();
        }
        None => leptos::mount::mount_to_body(App),
    }
}

/// The whole site.
#[component]
pub fn App() -> impl IntoView {
    let nav = Nav::install();
    let choice = Memo::new(move |_| nav.state.with(AppState::view));
    let current = move || match choice.get() {
        ViewChoice::Known(v) => view! { <Deferred which=v nav=nav /> }.into_any(),
        ViewChoice::Unknown(slug) => view! { <UnknownView slug=slug nav=nav /> }.into_any(),
        ViewChoice::Start => view! { <StartView nav=nav /> }.into_any(),
    };
    let embedded = nav.presentation.with_value(|p| p.embed);
    if !embedded {
        // Warm the computing worker now, so that its script is loaded while the network is
        // there: views keep working offline after the first load (embeds start it on use).
        crate::compute::warm();
        // And fetch the views' code, which the first screen does not need.
        // (A failure is shown, with a retry, by the first view that needs the chunk.)
        let shown = match choice.get_untracked() {
            ViewChoice::Known(v) => Some(v),
            ViewChoice::Unknown(_) | ViewChoice::Start => None,
        };
        leptos::task::spawn_local(load_all(shown));
    }
    let version_note = nav
        .presentation
        .with_value(|p| p.unknown_version().map(str::to_string))
        .map(|v| view! { <VersionNote version=v /> });
    if embedded {
        // A figure-first embed's panel, for the stylesheet (`panel=`, where the view has it).
        let panel = move || match choice.get() {
            ViewChoice::Known(v) => nav.panel(v).map(|p| p.slug()),
            ViewChoice::Unknown(_) | ViewChoice::Start => None,
        };
        return view! {
            {version_note}
            <main id="main" class="site-main embed-main" data-testid="embed-main" data-panel=panel>{current}</main>
            <EmbedCredit nav=nav />
        }
        .into_any();
    }
    view! {
        <a class="skip-link" href="#main">"Skip to the view"</a>
        <header class="site-header">
            <div class="brand">
                <span class="logo" aria-hidden="true"></span>
                <div>
                    <p class="site-name">
                        <a href=move || nav.href(START_QUERY) data-testid="home-link" title="The first screen: what icnplay is, and where to start"
                            on:click=move |ev| {
                                if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
                                    return;
                                }
                                ev.prevent_default();
                                nav.open(START_QUERY);
                            }>"icnplay"</a>
                    </p>
                    <p class="subtitle">"The Interconnection Network Playground: topologies, routes and exact path counts"</p>
                </div>
            </div>
            <ThemeSwitch nav=nav />
            <SiteNav nav=nav current=choice />
        </header>
        {version_note}
        <main id="main" class="site-main" tabindex="-1">
            {move || (choice.get() != ViewChoice::Start).then(|| view! { <EmbedPanel nav=nav /> })}
            {current}
            <RelatedLinks nav=nav />
        </main>
        <SiteFooter />
    }
    .into_any()
}

/// Embed mode's only chrome: a link to the same state on the full site (new tab), kept in
/// sight at the frame's foot (the stylesheet) when the frame is shorter than its content.
#[component]
fn EmbedCredit(nav: Nav) -> impl IntoView {
    view! {
        <p class="embed-credit">
            <FullViewLink nav=nav testid="open-full" text="Open in icnplay" />
        </p>
    }
}

/// Said when `v=` names a URL format this build does not know.
#[component]
fn VersionNote(version: String) -> impl IntoView {
    view! {
        <p class="version-note" role="note" data-testid="url-version-note">
            "This link is in URL format v=" <code>{version}</code> ", which this version of icnplay does not know; it is read as format v="
            {crate::url::URL_VERSION.to_string()} ". Some settings may differ from what its author saw."
        </p>
    }
}

/// The first screen's query (`view=start`; the bare address opens it too).
const START_QUERY: &str = "view=start";

/// Links to every view, grouped ([`NavGroup`]), generated from [`View::ALL`]; each link's
/// `title` says what its view does. The groups wrap, whole words, on a phone.
#[component]
fn SiteNav(nav: Nav, current: Memo<ViewChoice>) -> impl IntoView {
    let groups = NavGroup::ALL
        .iter()
        .map(|&g| {
            let id = format!(
                "nav-group-{}",
                g.label().split(' ').next().unwrap_or("").to_lowercase()
            );
            let labelled_by = id.clone();
            let links = g.views().map(|v| nav_link(nav, current, v)).collect_view();
            view! {
                <div class="nav-group" role="group" aria-labelledby=labelled_by>
                    <span class="nav-group-label" id=id>{g.label()}</span>
                    <span class="nav-links">{links}</span>
                </div>
            }
        })
        .collect_view();
    view! {
        <nav class="site-nav" aria-label="Views">
            {groups}
        </nav>
    }
}

/// The navigation's link to `v`.
fn nav_link(nav: Nav, current: Memo<ViewChoice>, v: View) -> impl IntoView {
    let is_current = move || current.with(|c| *c == ViewChoice::Known(v));
    // The link carries the network and pair shown to a view that takes them.
    let query = Memo::new(move |_| nav.state.with(|s| s.carried_query(v, &|v| nav.left(v))));
    view! {
        <a
            href=move || nav.href(&query.get())
            class="nav-link"
            title=v.blurb()
            aria-current=move || is_current().then_some("page")
            on:click=move |ev| {
                if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
                    return;
                }
                ev.prevent_default();
                nav.show(v);
            }
        >
            {v.label()}
        </a>
    }
}

/// The papers the families come from, each once, in family order.
#[component]
fn SiteFooter() -> impl IntoView {
    let mut sources: Vec<&str> = Vec::new();
    for f in icn_core::FAMILIES {
        // A family of no paper (the user's own graph) has an empty source.
        if !f.source.is_empty() && !sources.contains(&f.source) {
            sources.push(f.source);
        }
    }
    let papers = sources
        .into_iter()
        .map(|s| view! { <li>{s}</li> })
        .collect_view();
    view! {
        <footer class="site-footer">
            <p>"Networks and formulas from:"</p>
            <ul class="papers">{papers}</ul>
            <p class="fine">"Everything runs in your browser; the URL holds the whole state, so you can share or bookmark it."</p>
        </footer>
    }
}

thread_local! {
    /// The views whose chunk has loaded, with their components (single-threaded wasm).
    static LOADED: std::cell::RefCell<Vec<(View, ViewCtor)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// View `which`'s component, if its chunk has loaded.
fn loaded(which: View) -> Option<ViewCtor> {
    LOADED.with_borrow(|l| l.iter().find(|(v, _)| *v == which).map(|&(_, c)| c))
}

/// Loads view `which`'s wasm chunk (once; later calls return at once). Each view but the
/// first screen is in its group's chunk ([`crate::features::load_view`], split by
/// scripts/page.sh), with the code chunks share in modules of its own, so that a view opened
/// by its address downloads the first screen's module, its chunk and that shared code, not
/// the other chunks. `None` when the fetch failed (the network gone before the chunk came;
/// the loader says no more): the next call tries again.
pub(crate) async fn load(which: View) -> Option<ViewCtor> {
    if let Some(ctor) = loaded(which) {
        return Some(ctor);
    }
    let ctor = load_view(which).await.ok()?;
    LOADED.with_borrow_mut(|l| {
        if !l.iter().any(|(v, _)| *v == which) {
            l.push((which, ctor));
        }
    });
    Some(ctor)
}

/// Fetches every view's chunk, one after another, so that the views open at once and
/// offline later: `shown`'s first (a view opened by its address), so that the others do not
/// share the link with it, then the Embed panel's (its button is on every view), then the
/// others'. Failures are left to the part that needs the chunk (it shows them).
async fn load_all(shown: Option<View>) {
    if let Some(v) = shown {
        let _ = load(v).await;
    }
    let _ = crate::components::load_embed().await;
    for &v in View::ALL {
        let _ = load(v).await;
    }
}

/// A view, drawn at once when its chunk is there, else once it has loaded; if it
/// cannot be fetched, the reason and a button to try again.
#[component]
fn Deferred(which: View, nav: Nav) -> impl IntoView {
    let state = chunk_state(loaded(which));
    let fetch = move || fetch_chunk(state, move || load(which));
    if matches!(state.get_untracked(), Chunk::Loading) {
        fetch();
    }
    move || match state.get() {
        Chunk::Loaded(build) => build(nav),
        pending => chunk_pending(
            "This view's code",
            "view",
            "Loading the view…",
            matches!(pending, Chunk::Failed),
            fetch,
        ),
    }
}
