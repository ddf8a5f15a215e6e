//! The shell's "Embed" button and panel (every view has it): a ready `<iframe>` snippet of the
//! current state, copied to the clipboard when the browser allows it and always shown in a
//! selected read-only box; and the `embed.js` form of the same widget (docs/embedding.md).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::history::Nav;
use crate::url::{AppState, Theme, ViewChoice};

/// Escapes text for a double-quoted HTML attribute.
fn attr(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The page's address without its query: `https://host/sub/path/` (or `…/index.html`).
fn page_base() -> String {
    let loc = window().location();
    let origin = loc.origin().unwrap_or_default();
    let path = loc.pathname().unwrap_or_default();
    format!("{origin}{path}")
}

/// The folder of the page, where `embed.js` sits next to index.html.
fn site_folder() -> String {
    let base = page_base();
    match base.rfind('/') {
        Some(i) => base[..=i].to_string(),
        None => base,
    }
}

/// The view's title for the iframe's `title` attribute (screen readers announce it).
fn title_of(state: &AppState) -> String {
    match &state.view {
        ViewChoice::Known(v) => format!("icnplay: {}", v.title()),
        ViewChoice::Unknown(_) => "icnplay".to_string(),
    }
}

/// Copies `text` with `navigator.clipboard.writeText`; `done(true)` once written,
/// `done(false)` when the clipboard API is missing or refuses (no secure context, no
/// permission in an iframe). Never throws.
fn copy_text(text: &str, done: impl Fn(bool) + 'static) {
    let done = std::rc::Rc::new(done);
    let navigator = window().navigator();
    let clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .ok()
        .filter(|c| c.is_object());
    let write = clipboard.as_ref().and_then(|c| {
        js_sys::Reflect::get(c, &JsValue::from_str("writeText"))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    });
    let (Some(clipboard), Some(write)) = (clipboard, write) else {
        done(false);
        return;
    };
    match write.call1(&clipboard, &JsValue::from_str(text)) {
        Ok(promise) => match promise.dyn_into::<js_sys::Promise>() {
            Ok(promise) => {
                let ok = done.clone();
                let on_ok = Closure::<dyn FnMut(JsValue)>::once(move |_: JsValue| ok(true));
                let on_err = Closure::<dyn FnMut(JsValue)>::once(move |_: JsValue| done(false));
                let _ = promise.then2(&on_ok, &on_err);
                // One of them runs once, later; both are small (one per click).
                on_ok.forget();
                on_err.forget();
            }
            Err(_) => done(false),
        },
        Err(_) => done(false),
    }
}

/// The "Embed" button and its panel.
#[component]
pub fn EmbedPanel(nav: Nav) -> impl IntoView {
    let (open, set_open) = signal(false);
    let (theme, set_theme) = signal(nav.presentation.with_value(|p| p.theme));
    let (status, set_status) = signal(String::new());
    let snippet_box = NodeRef::<leptos::html::Textarea>::new();

    let embed_query = move || {
        let view_query = nav.state.with(AppState::to_query);
        let mut p = nav.presentation.get_value();
        p.theme = theme.get();
        p.embed_query(&view_query)
    };
    let iframe = move || {
        format!(
            "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"640\" style=\"border:0\" loading=\"lazy\"></iframe>",
            attr(&format!("{}?{}", page_base(), embed_query())),
            attr(&nav.state.with(title_of)),
        )
    };
    let script = move || {
        // embed.js adds embed=1 and an id itself.
        let query = embed_query().replace("&embed=1", "");
        format!(
            "<div data-icnplay=\"{}\"></div>\n<script src=\"{}embed.js\" async></script>",
            attr(&query),
            attr(&site_folder()),
        )
    };

    let select_snippet = move || {
        if let Some(el) = snippet_box.get_untracked() {
            let _ = el.focus();
            el.select();
        }
    };
    let copy = move || {
        let text = iframe();
        set_status.set("Copying…".into());
        copy_text(&text, move |ok| {
            if ok {
                set_status.set("Copied: paste it into your page's HTML.".into());
            } else {
                // The panel may have just opened: select once it is drawn.
                request_animation_frame(select_snippet);
                set_status.set(
                    "The clipboard is not available here: the snippet is selected, copy it with Ctrl+C (⌘C)."
                        .into(),
                );
            }
        });
    };

    view! {
        <div class="embed-tools">
            <button
                type="button"
                class="embed-toggle"
                data-testid="embed-button"
                aria-expanded=move || if open.get() { "true" } else { "false" }
                aria-controls="embed-panel"
                on:click=move |_| {
                    let now = !open.get_untracked();
                    set_open.set(now);
                    if now {
                        copy();
                    } else {
                        set_status.set(String::new());
                    }
                }
            >
                "Embed"
            </button>
            <Show when=move || open.get()>
                <section id="embed-panel" class="card embed-panel" data-testid="embed-panel" aria-labelledby="embed-heading">
                    <h2 id="embed-heading">"Embed this view"</h2>
                    <p class="help">
                        "Paste this into a web page (course notes, a blog): it shows this view, in its current state, without the site around it. "
                        "Links made today keep working: the URL carries its format version (v=1)."
                    </p>
                    <div class="embed-row">
                        <label for="embed-theme">"Theme"</label>
                        {theme_select(theme, set_theme, set_status)}
                    </div>
                    <label for="embed-snippet">"HTML to paste (an iframe)"</label>
                    <textarea
                        id="embed-snippet"
                        class="snippet"
                        data-testid="embed-snippet"
                        readonly
                        rows="3"
                        node_ref=snippet_box
                        prop:value=iframe
                        on:focus=move |_| select_snippet()
                    ></textarea>
                    <div class="embed-row">
                        <button type="button" data-testid="embed-copy" on:click=move |_| copy()>
                            "Copy"
                        </button>
                        <p class="embed-status" role="status" data-testid="embed-status">
                            {move || status.get()}
                        </p>
                    </div>
                    <label for="embed-script">"Or, sized to its content by embed.js"</label>
                    <textarea
                        id="embed-script"
                        class="snippet"
                        data-testid="embed-script-snippet"
                        readonly
                        rows="3"
                        prop:value=script
                    ></textarea>
                </section>
            </Show>
        </div>
    }
}

/// The theme of the embedded view; a change clears the copy status.
fn theme_select(
    theme: ReadSignal<Theme>,
    set_theme: WriteSignal<Theme>,
    set_status: WriteSignal<String>,
) -> impl IntoView {
    view! {
        <select
            id="embed-theme"
            data-testid="embed-theme"
            on:change=move |ev| {
                set_theme.set(match event_target_value(&ev).as_str() {
                    "light" => Theme::Light,
                    "dark" => Theme::Dark,
                    _ => Theme::Auto,
                });
                set_status.set(String::new());
            }
        >
            {[Theme::Auto, Theme::Light, Theme::Dark]
                .into_iter()
                .map(|t| {
                    let label = match t {
                        Theme::Auto => "auto: follow the reader's system",
                        Theme::Light => "light",
                        Theme::Dark => "dark",
                    };
                    view! {
                        <option value=t.slug() selected=move || theme.get() == t>
                            {label}
                        </option>
                    }
                })
                .collect_view()}
        </select>
    }
}
