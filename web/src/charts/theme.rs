//! Chart colours, read from the stylesheet's custom properties (static/style.css: `--card`,
//! `--fg`, `--muted`, `--border`, `--chart-1` … `--chart-7`), so charts follow the light or
//! dark theme the page shows.

use leptos::prelude::*;
use plotters::style::RGBColor;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The colours a chart uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Theme {
    /// Background (the card's).
    pub card: RGBColor,
    /// Text.
    pub fg: RGBColor,
    /// Axes.
    pub muted: RGBColor,
    /// Grid lines.
    pub grid: RGBColor,
    /// Series colours, in order.
    pub series: [RGBColor; 7],
}

/// `#rgb` or `#rrggbb`; anything else is `None`.
pub fn parse_hex(text: &str) -> Option<RGBColor> {
    let hex = text.trim().strip_prefix('#')?;
    let digit = |i: usize, len: usize| u8::from_str_radix(hex.get(i..i + len)?, 16).ok();
    match hex.len() {
        6 => Some(RGBColor(digit(0, 2)?, digit(2, 2)?, digit(4, 2)?)),
        3 => {
            let d = |i| digit(i, 1).map(|v| v * 17);
            Some(RGBColor(d(0)?, d(1)?, d(2)?))
        }
        _ => None,
    }
}

/// The light theme's colours (used for any property the stylesheet does not give).
pub const LIGHT: Theme = Theme {
    card: RGBColor(0xff, 0xff, 0xff),
    fg: RGBColor(0x1b, 0x1f, 0x24),
    muted: RGBColor(0x5b, 0x64, 0x70),
    grid: RGBColor(0xd7, 0xdc, 0xe2),
    series: [
        RGBColor(0x1f, 0x63, 0xb8),
        RGBColor(0xc2, 0x41, 0x0c),
        RGBColor(0x1d, 0x8a, 0x4f),
        RGBColor(0x8e, 0x3b, 0xb8),
        RGBColor(0xb8, 0x86, 0x0b),
        RGBColor(0x3a, 0x3a, 0x3a),
        RGBColor(0xd6, 0x33, 0x8a),
    ],
};

/// The theme the page shows now.
pub fn current() -> Theme {
    let style = web_sys::window().and_then(|w| {
        let root = w.document()?.document_element()?;
        w.get_computed_style(&root).ok().flatten()
    });
    let Some(style) = style else {
        return LIGHT;
    };
    let get = |name: &str, fallback: RGBColor| {
        style
            .get_property_value(name)
            .ok()
            .and_then(|v| parse_hex(&v))
            .unwrap_or(fallback)
    };
    let mut series = LIGHT.series;
    for (i, c) in series.iter_mut().enumerate() {
        *c = get(&format!("--chart-{}", i + 1), *c);
    }
    Theme {
        card: get("--card", LIGHT.card),
        fg: get("--fg", LIGHT.fg),
        muted: get("--muted", LIGHT.muted),
        grid: get("--border", LIGHT.grid),
        series,
    }
}

/// Bumped on window resize and on a light/dark switch: canvases redraw.
pub fn redraw_ticks() -> ReadSignal<u32> {
    let (tick, set_tick) = signal(0u32);
    let bump = move || {
        let _ = set_tick.try_update(|t| *t = t.wrapping_add(1));
    };
    let resize = window_event_listener(leptos::ev::resize, move |_| bump());
    on_cleanup(move || resize.remove());
    let media = window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten();
    if let Some(media) = media {
        let listener = Closure::<dyn Fn()>::new(bump);
        let _ = media.add_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
        // Cleanups run before the owner's values are dropped: the listener is removed while
        // its closure still lives.
        let keep = StoredValue::new_local(Some((media, listener)));
        on_cleanup(move || {
            if let Some(Some((media, listener))) = keep.try_update_value(Option::take) {
                let _ = media.remove_event_listener_with_callback(
                    "change",
                    listener.as_ref().unchecked_ref(),
                );
            }
        });
    }
    tick
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn hex_colours_parse_and_garbage_does_not() {
        assert_eq!(parse_hex(" #1b1f24"), Some(RGBColor(0x1b, 0x1f, 0x24)));
        assert_eq!(parse_hex("#fff"), Some(RGBColor(255, 255, 255)));
        assert_eq!(parse_hex("rgb(1,2,3)"), None);
        assert_eq!(parse_hex("#12345"), None);
        assert_eq!(parse_hex("#ééé"), None);
    }
}
