//! The last line of defence: a panic anywhere (or a WebAssembly trap, such as running out
//! of memory) replaces nothing and blanks nothing; it puts an error panel with a way back
//! on top of the page. Built with plain DOM calls and `set_text_content` only (the app may
//! be in any state by then, and the message may quote user input).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsCast;

/// The panel's id; a second failure adds its message to the panel already shown.
const PANEL_ID: &str = "fatal-error";

/// Installs the panic hook (console_error_panic_hook logs the panic, then the panel shows)
/// and a window `error` listener for WebAssembly traps that are not panics.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show(&info.to_string());
    }));
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_error = Closure::<dyn Fn(web_sys::ErrorEvent)>::new(|ev: web_sys::ErrorEvent| {
        // After a panic the trap that aborts it arrives here too: the panel already says it.
        let shown = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(PANEL_ID))
            .is_some();
        if !shown
            && ev
                .error()
                .is_instance_of::<js_sys::WebAssembly::RuntimeError>()
        {
            show(&ev.message());
        }
    });
    let _ = window.add_event_listener_with_callback("error", on_error.as_ref().unchecked_ref());
    on_error.forget();
}

/// Panics on purpose, so the end-to-end suite can check the real panic path (hook, panel,
/// links back). Reachable only from script (`window.wasmBindings.icnplay_test_panic()`),
/// never from a URL or any control: a page that anyone can crash with a link is itself a
/// robustness bug, and every real panic path found so far was fixed rather than kept.
#[wasm_bindgen]
pub fn icnplay_test_panic() {
    panic!("icnplay_test_panic: a deliberate panic to test the error panel");
}

/// Shows the panel (once) with `message`.
pub fn show(message: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = doc.body() else {
        return;
    };
    let make = |tag: &str, text: &str| {
        let el = doc.create_element(tag).ok()?;
        el.set_text_content(Some(text));
        Some(el)
    };
    if let Some(panel) = doc.get_element_by_id(PANEL_ID) {
        if let Some(pre) = make("pre", message) {
            let _ = panel.append_child(&pre);
        }
        return;
    }
    let Ok(panel) = doc.create_element("section") else {
        return;
    };
    panel.set_id(PANEL_ID);
    panel.set_class_name("fatal-error");
    let _ = panel.set_attribute("role", "alert");
    let _ = panel.set_attribute("data-testid", "fatal-error");
    let link = |text: &str, href: &str, testid: &str| {
        let a = make("a", text)?;
        let _ = a.set_attribute("href", href);
        let _ = a.set_attribute("data-testid", testid);
        Some(a)
    };
    let here = doc
        .location()
        .and_then(|l| l.href().ok())
        .unwrap_or_else(|| "?".into());
    let actions = doc.create_element("p").ok();
    if let Some(p) = &actions {
        p.set_class_name("fatal-actions");
        for a in [
            link("Reload this page", &here, "fatal-reload"),
            link("Start over from the first screen", "?", "fatal-home"),
        ]
        .into_iter()
        .flatten()
        {
            let _ = p.append_child(&a);
        }
    }
    let parts = [
        make("h2", "icnplay stopped because of an internal error"),
        make(
            "p",
            "The page no longer reacts to input. Reloading usually helps (the URL keeps your \
             settings); if the same settings fail again, start over and change them.",
        ),
        actions,
        make("pre", message),
    ];
    for el in parts.into_iter().flatten() {
        let _ = panel.append_child(&el);
    }
    let _ = body.insert_before(&panel, body.first_child().as_ref());
    if let Ok(Some(el)) = panel.query_selector("a") {
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
}
