//! A file picked in an `<input type="file">`, read as text.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{FileReader, HtmlInputElement};

/// Reads the file picked in the `change` event `ev`'s input and calls `done(name, text)`
/// once it is read. The input is cleared, so the same file may be picked again after an
/// edit.
pub fn read_picked_file(ev: &leptos::ev::Event, done: impl FnOnce(String, String) + 'static) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let Ok(reader) = FileReader::new() else {
        return;
    };
    let result = reader.clone();
    let name = file.name();
    let onload = Closure::once_into_js(move || {
        if let Some(text) = result.result().ok().and_then(|r| r.as_string()) {
            done(name, text);
        }
    });
    reader.set_onload(Some(onload.unchecked_ref()));
    let _ = reader.read_as_text(&file);
    input.set_value("");
}
