//! The Embed panel itself, in a wasm chunk of its own (`embed`, cut by scripts/page.sh)
//! that [`super::EmbedPanel`] loads on the first click of its button: a choice of what to
//! embed (the view's figure first and alone, `panel=`, or the whole view), a live preview at
//! the width chosen (the theme reaches it as a message, so only a change of what it shows
//! loads it again), and the snippets of the current state ([`icn_web_model::embed`]): the
//! `embed.js` placeholder first, which fits the reader's width and follows its content
//! (copied to the clipboard when the browser allows it, always shown in a selected read-only
//! box), then a plain `<iframe>` with the height measured at each preview width
//! (docs/embedding.md).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::history::Nav;
use crate::url::{AppState, Panel, Theme, View, ViewChoice};
use icn_web_model::embed::{preview_query, record_height, Snippet};

/// The preview frame's `id=`: the height messages it posts carry it.
const PREVIEW_ID: &str = "icnplay-embed-preview";

/// The widths the preview can take (CSS px): a course page's column, a phone, a wide page.
const PREVIEW_WIDTHS: [(u32, &str); 3] = [
    (700, "700 px (a course page's column)"),
    (390, "390 px (a phone)"),
    (1000, "1000 px (a wide page)"),
];

/// The height of the iframe snippet before the preview has measured it.
const DEFAULT_HEIGHT: u32 = 640;

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
    match &state.view() {
        ViewChoice::Known(v) => format!("icnplay: {}", v.title()),
        ViewChoice::Unknown(_) | ViewChoice::Start => "icnplay".to_string(),
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

/// The plain iframe's snippet, for pages that allow no scripts: the height measured at each
/// preview width, and a button that measures the widths not measured yet (the preview
/// frame is resized, not reloaded: nothing is computed again).
fn iframe_snippet(embed: Embed, set_width: WriteSignal<u32>) -> impl IntoView {
    let iframe = move || embed.snippet(|s| s.iframe());
    let label = move || {
        let heights = embed.heights.get();
        let list = heights
            .iter()
            .map(|(w, h)| format!("{h} px at {w} px wide"))
            .collect::<Vec<_>>()
            .join(", ");
        match heights.len() {
            0 => "Or a plain iframe, where scripts are not allowed: its height is measured in the preview…".to_string(),
            1 => format!("Or a plain iframe, where scripts are not allowed: its height is fixed at {list}"),
            _ => format!("Or a plain iframe, where scripts are not allowed: its height follows its width ({list}; between them, the narrower width's)"),
        }
    };
    // Widths still to visit; the last is the width the sweep started at.
    let sweep = RwSignal::new(Vec::<u32>::new());
    Effect::new(move |_| {
        let here = embed.width.get();
        let measured = embed.heights.with(|m| m.iter().any(|&(w, _)| w == here));
        if !measured || sweep.with_untracked(|todo| todo.first() != Some(&here)) {
            return;
        }
        sweep.update(|todo| {
            todo.remove(0);
        });
        if let Some(next) = sweep.with_untracked(|todo| todo.first().copied()) {
            set_width.set(next);
        }
    });
    let measure_all = move |_| {
        let back = embed.width.get_untracked();
        let others: Vec<u32> = PREVIEW_WIDTHS
            .iter()
            .map(|&(w, _)| w)
            .filter(|&w| w != back)
            .collect();
        // Measured afresh: the content may have changed since.
        embed
            .heights
            .update(|m| m.retain(|(w, _)| !others.contains(w)));
        let mut todo = others;
        todo.push(back);
        let first = todo[0];
        sweep.set(todo);
        set_width.set(first);
    };
    let sweeping = move || sweep.with(|todo| !todo.is_empty());
    view! {
        <label for="embed-snippet">{label}</label>
        <div class="embed-row">
            <button
                type="button"
                data-testid="embed-measure-widths"
                disabled=sweeping
                on:click=measure_all
            >
                {move || if sweeping() { "Measuring…" } else { "Measure at every preview width" }}
            </button>
        </div>
        <textarea
            id="embed-snippet"
            class="snippet"
            data-testid="embed-snippet"
            readonly
            rows="3"
            prop:value=iframe
        ></textarea>
    }
}

/// The panel, made when "Embed" is first opened and kept while its view is shown (what was
/// chosen and measured stays for the next opening): drawn while `open`; each opening takes
/// the page's theme (its switch may have changed it) and copies the snippet, each closing
/// clears the status.
#[component]
pub fn EmbedBody(nav: Nav, open: ReadSignal<bool>) -> impl IntoView {
    let (theme, set_theme) = signal(nav.presentation.with_value(|p| p.theme));
    let (status, set_status) = signal(String::new());
    let snippet_box = NodeRef::<leptos::html::Textarea>::new();
    let choice = chosen_panel(nav);
    let panel = choice.panel;
    let (width, set_width) = signal(PREVIEW_WIDTHS[0].0);
    let heights = preview_heights();
    let embed = Embed {
        nav,
        theme,
        panel,
        width,
        heights,
    };
    let script = move || embed.snippet(|s| s.script());

    let select_snippet = move || {
        if let Some(el) = snippet_box.get_untracked() {
            let _ = el.focus();
            el.select();
        }
    };
    let copy = move || {
        let text = script();
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

    // The snippet copied (or selected) on opening had no measured height yet: copy it again
    // once it has, or select the new text.
    Effect::new(move |_| {
        if embed.measured_here().is_none() {
            return;
        }
        let said = status.get_untracked();
        if said.starts_with("Copied") {
            copy();
        } else if said.starts_with("The clipboard is not available") {
            request_animation_frame(select_snippet);
        }
    });

    Effect::new(move |was: Option<bool>| {
        let now = open.get();
        if was != Some(now) {
            untrack(|| {
                if now {
                    set_theme.set(nav.presentation.with_value(|p| p.theme));
                    copy();
                } else {
                    set_status.set(String::new());
                }
            });
        }
        now
    });

    view! {
            <Show when=move || open.get()>
                <section id="embed-panel" class="card embed-panel" data-testid="embed-panel" aria-labelledby="embed-heading">
                    <div class="embed-controls">
                        <h2 id="embed-heading">"Embed this view"</h2>
                        <p class="help">
                            "Paste this into a web page (course notes, a blog): it shows this view, in its current state, without the site around it. "
                            "Links made today keep working: the URL carries its format version (v=1)."
                        </p>
                        <div class="embed-row">
                            <label for="embed-panel-choice">"Show"</label>
                            {panel_select(choice, set_status)}
                            <label for="embed-theme">"Theme"</label>
                            {theme_select(theme, set_theme, set_status)}
                        </div>
                        <label for="embed-script">"HTML to paste: it fits the reader's width and grows with its content (embed.js)"</label>
                        <textarea
                            id="embed-script"
                            class="snippet"
                            data-testid="embed-script-snippet"
                            readonly
                            rows="3"
                            node_ref=snippet_box
                            prop:value=script
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
                        {iframe_snippet(embed, set_width)}
                    </div>
                    {preview(embed, width, set_width)}
                </section>
            </Show>
    }
}

/// The view shown, the panel to embed (its main figure unless another or "the whole view" is
/// chosen), and the setters of that choice.
fn chosen_panel(nav: Nav) -> PanelChoice {
    let shown = Memo::new(move |_| match nav.state.with(AppState::view) {
        ViewChoice::Known(v) => Some(v),
        ViewChoice::Unknown(_) | ViewChoice::Start => None,
    });
    let (whole, set_whole) = signal(false);
    let (picked, set_picked) = signal(None::<Panel>);
    let panel = Memo::new(move |_| {
        let panels = shown.get().map_or(&[][..], View::panels);
        if whole.get() {
            return None;
        }
        picked
            .get()
            .filter(|p| panels.contains(p))
            .or_else(|| panels.first().copied())
    });
    PanelChoice {
        shown,
        panel,
        set_picked,
        set_whole,
    }
}

/// The view shown, the panel to embed and the setters of that choice. `Copy`.
#[derive(Clone, Copy)]
struct PanelChoice {
    shown: Memo<Option<View>>,
    panel: Memo<Option<Panel>>,
    set_picked: WriteSignal<Option<Panel>>,
    set_whole: WriteSignal<bool>,
}

/// The preview's content height at each width it has been shown at, from the height
/// messages it posts: `(width, height)` by increasing width.
fn preview_heights() -> RwSignal<Vec<(u32, u32)>> {
    let heights = RwSignal::new(Vec::new());
    let listener = window_event_listener(leptos::ev::message, move |ev| {
        if let Some((w, h)) = preview_height(&ev) {
            if PREVIEW_WIDTHS.iter().any(|&(pw, _)| pw == w) {
                heights.update(|m| record_height(m, w, h));
            }
        }
    });
    on_cleanup(move || listener.remove());
    heights
}

/// What the snippets and the preview are made of. `Copy`.
#[derive(Clone, Copy)]
struct Embed {
    nav: Nav,
    theme: ReadSignal<Theme>,
    panel: Memo<Option<Panel>>,
    /// The preview's width.
    width: ReadSignal<u32>,
    /// The preview's content height per width, from its height messages (cleared when
    /// the content is another page, or measured afresh).
    heights: RwSignal<Vec<(u32, u32)>>,
}

impl Embed {
    /// The embed's query: the view's state, `v=`, the theme, `embed=1`, the panel.
    fn query(self) -> String {
        let view_query = self.nav.state.with(AppState::to_query);
        let mut p = self.nav.presentation.get_value();
        p.theme = self.theme.get();
        p.panel = self.panel.get();
        p.embed_query(&view_query)
    }

    /// The preview's height at its width, once measured.
    fn measured_here(self) -> Option<u32> {
        let here = self.width.get();
        self.heights
            .with(|m| m.iter().find(|&&(w, _)| w == here).map(|&(_, h)| h))
    }

    /// The snippets' height: the preview's at its width, else [`DEFAULT_HEIGHT`].
    fn height(self) -> u32 {
        self.measured_here().unwrap_or(DEFAULT_HEIGHT)
    }

    /// The snippet `kind` writes ([`Snippet::script`] or [`Snippet::iframe`]).
    fn snippet(self, kind: fn(&Snippet<'_>) -> String) -> String {
        let (page, folder, query) = (page_base(), site_folder(), self.query());
        let title = self.nav.state.with(title_of);
        let heights = self.heights.get();
        kind(&Snippet {
            page: &page,
            folder: &folder,
            query: &query,
            title: &title,
            height: self.height(),
            heights: &heights,
        })
    }
}

/// The preview, beside the snippets on a wide screen: the width to preview at, and the embed
/// itself in a frame of that width, as tall as its content;
/// scaled down to fit where the panel is narrower (a 700 px preview on a phone), never
/// scrolling sideways.
fn preview(embed: Embed, width: ReadSignal<u32>, set_width: WriteSignal<u32>) -> impl IntoView {
    let room = RwSignal::new(0.0f64);
    let frame_box = NodeRef::<leptos::html::Div>::new();
    let measure = move || {
        if let Some(el) = frame_box.get_untracked() {
            let w = el.client_width() as f64;
            if (room.get_untracked() - w).abs() > 0.5 {
                room.set(w);
            }
        }
    };
    Effect::new(move |_| {
        if frame_box.get().is_some() {
            measure();
        }
    });
    let listener = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || listener.remove());
    // The frame loads again only when what it shows changes: the theme goes to it as a
    // message (static/page.js), so that a change of theme does not re-run its view's job.
    let src = Memo::new(move |_| {
        format!(
            "{}?{}",
            page_base(),
            preview_query(&embed.query(), PREVIEW_ID)
        )
    });
    // A new page in the frame: the heights measured were the old page's.
    Effect::new(move |_| {
        src.track();
        embed.heights.set(Vec::new());
    });
    let frame = NodeRef::<leptos::html::Iframe>::new();
    Effect::new(move |_| send_theme(frame, embed.theme.get()));
    // The scale that fits the chosen width into the room there is (1 when it fits).
    let scale = move || {
        let (w, r) = (f64::from(width.get()), room.get());
        if r > 0.0 && r < w {
            r / w
        } else {
            1.0
        }
    };
    view! {
        <div class="embed-preview-side">
            <div class="embed-row">
                <label for="embed-width">"Preview width"</label>
                {width_select(width, set_width)}
                <p class="help" data-testid="embed-height-note">
                    {move || match embed.measured_here() {
                        Some(h) => format!("Its height at this width: {h} px, the snippet's."),
                        None => "Measuring its height…".to_string(),
                    }}
                    {move || {
                        let s = scale();
                        (s < 1.0).then(|| format!(" Shown at {:.0} % to fit this screen.", 100.0 * s))
                    }}
                </p>
            </div>
            <div class="embed-preview-box" node_ref=frame_box>
                <div
                    class="embed-preview-scaler"
                    style:width=move || format!("{:.0}px", f64::from(width.get()) * scale())
                    style:height=move || format!("{:.0}px", f64::from(embed.height()) * scale())
                >
                    <iframe
                        class="embed-preview"
                        data-testid="embed-preview"
                        title="Preview of the embed"
                        node_ref=frame
                        src=move || src.get()
                        on:load=move |_| send_theme(frame, embed.theme.get_untracked())
                        width=move || width.get().to_string()
                        style:height=move || format!("{}px", embed.height())
                        style:transform=move || format!("scale({:.4})", scale())
                        data-height=move || embed.measured_here().map(|h| h.to_string())
                    ></iframe>
                </div>
            </div>
        </div>
    }
}

/// Tells the preview frame its theme (`{type: "icnplay:theme", theme}`, to this page's own
/// origin); a frame not loaded yet gets it on its `load`.
fn send_theme(frame: NodeRef<leptos::html::Iframe>, theme: Theme) {
    let Some(target) = frame.get_untracked().and_then(|f| f.content_window()) else {
        return;
    };
    let Ok(origin) = window().location().origin() else {
        return;
    };
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &"icnplay:theme".into());
    let _ = js_sys::Reflect::set(&message, &"theme".into(), &theme.slug().into());
    let _ = target.post_message(&message, &origin);
}

/// The width and height a message from the preview frame gives (`{type: "icnplay:height",
/// height, width, id: PREVIEW_ID}` from this page's own origin), if it is one.
fn preview_height(ev: &web_sys::MessageEvent) -> Option<(u32, u32)> {
    let own = window().location().origin().ok()?;
    if ev.origin() != own {
        return None;
    }
    let data = ev.data();
    let get = |key: &str| js_sys::Reflect::get(&data, &JsValue::from_str(key)).ok();
    let kind = get("type")?.as_string()?;
    let id = get("id")?.as_string()?;
    let height = get("height")?.as_f64()?;
    let width = get("width")?.as_f64()?;
    let fine = |x: f64| x.is_finite() && x >= 0.0;
    (kind == "icnplay:height" && id == PREVIEW_ID && fine(height) && fine(width))
        .then(|| (width.min(1e6).round() as u32, height.min(1e6) as u32))
}

/// What to embed: each of the view's figure-first panels, or the whole view.
fn panel_select(choice: PanelChoice, set_status: WriteSignal<String>) -> impl IntoView {
    let PanelChoice {
        shown,
        panel,
        set_picked,
        set_whole,
    } = choice;
    let options = move || {
        let panels = shown.get().map_or(&[][..], View::panels);
        let mut options: Vec<(&'static str, String)> = panels
            .iter()
            .map(|p| (p.slug(), format!("{} first, alone", capitalised(p.label()))))
            .collect();
        options.push(("whole", "the whole view".to_string()));
        options
            .into_iter()
            .map(|(value, label)| {
                let selected = move || panel.get().map_or("whole", Panel::slug) == value;
                view! { <option value=value selected=selected>{label}</option> }
            })
            .collect_view()
    };
    view! {
        <select
            id="embed-panel-choice"
            data-testid="embed-panel-choice"
            on:change=move |ev| {
                let value = event_target_value(&ev);
                set_whole.set(value == "whole");
                set_picked.set(Panel::from_slug(&value));
                set_status.set(String::new());
            }
        >
            {options}
        </select>
    }
}

/// "the diagram" → "The diagram".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The preview's width.
fn width_select(width: ReadSignal<u32>, set_width: WriteSignal<u32>) -> impl IntoView {
    view! {
        <select
            id="embed-width"
            data-testid="embed-width"
            on:change=move |ev| {
                if let Ok(w) = event_target_value(&ev).parse::<u32>() {
                    set_width.set(w);
                }
            }
        >
            {PREVIEW_WIDTHS
                .into_iter()
                .map(|(w, label)| {
                    view! { <option value=w.to_string() selected=move || width.get() == w>{label}</option> }
                })
                .collect_view()}
        </select>
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
