//! A message between the page and a worker, as it crosses: JSON text, or `[text, buffer…]`
//! when buffers travel with it (a split job's parts), the buffers transferred, not copied.

use wasm_bindgen::{JsCast, JsValue};

/// The message of `text` with `buffers`, and the list of what to transfer (`None`: plain
/// text, no buffers).
pub fn message(text: &str, buffers: &[JsValue]) -> (JsValue, Option<js_sys::Array>) {
    if buffers.is_empty() {
        return (JsValue::from_str(text), None);
    }
    let message = js_sys::Array::of1(&JsValue::from_str(text));
    let transfer = js_sys::Array::new();
    for b in buffers {
        message.push(b);
        transfer.push(b);
    }
    (message.into(), Some(transfer))
}

/// A message's text and buffers; `None` for anything that is neither text nor
/// `[text, buffer…]`.
pub fn read(data: JsValue) -> Option<(String, Vec<JsValue>)> {
    if let Some(text) = data.as_string() {
        return Some((text, Vec::new()));
    }
    let parts = data.dyn_into::<js_sys::Array>().ok()?;
    let text = parts.get(0).as_string()?;
    Some((text, parts.iter().skip(1).collect()))
}
