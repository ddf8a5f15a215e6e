//! The width a drawing has on this screen (CSS px), as a memo: a layout that arranges itself
//! to its room (the focused route's hops per row) follows a phone's width and its rotation.

use leptos::prelude::*;

/// Past this window width, every drawing has the room of a wide card.
const WIDE: f64 = 700.0;
/// The page's margins and a card's padding around a drawing on a phone.
const CHROME: f64 = 55.0;

/// The room a card's drawing has: the window's width less the margins, in steps of 10 px,
/// and `None` (room enough) on a wide screen; it changes only when the window crosses a
/// step, not on every resize event. Always `None` in an embed: its figure is held to a
/// height there (docs/embedding.md), which the wide arrangement suits.
pub fn drawing_room() -> Memo<Option<f64>> {
    let embedded = document()
        .document_element()
        .is_some_and(|root| root.has_attribute("data-embed"));
    let width = RwSignal::new(window_width());
    let listener = window_event_listener(leptos::ev::resize, move |_| width.set(window_width()));
    on_cleanup(move || listener.remove());
    Memo::new(move |_| {
        let w = width.get();
        (w < WIDE && !embedded).then(|| ((w - CHROME).max(0.0) / 10.0).floor() * 10.0)
    })
}

fn window_width() -> f64 {
    window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .unwrap_or(WIDE)
}
