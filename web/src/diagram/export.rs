//! Standalone SVG files of the page's diagrams ("Download SVG").
//!
//! A diagram's look comes from the page's stylesheet (classes and the theme's custom
//! properties), which an SVG file opened on its own does not have. [`standalone`] clones
//! the drawing as it is shown — the highlighted path, lit and dimmed nodes, hidden labels
//! — and writes every element's computed paint and text properties into its `style`
//! attribute (colours resolved for the current light or dark theme), puts the card's
//! background behind it, and serialises it with its `xmlns`. [`SvgDownload`] is the button
//! every diagram uses.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CssStyleDeclaration, Element};

/// The SVG namespace.
pub const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// The properties copied from the computed style, with their initial values and whether
/// they inherit. `display` is written only when it hides the element.
const PROPERTIES: [(&str, &str, bool); 16] = [
    ("fill", "rgb(0, 0, 0)", true),
    ("fill-opacity", "1", true),
    ("stroke", "none", true),
    ("stroke-width", "1px", true),
    ("stroke-opacity", "1", true),
    ("stroke-dasharray", "none", true),
    ("stroke-linecap", "butt", true),
    ("stroke-linejoin", "miter", true),
    ("font-family", "", true),
    ("font-size", "", true),
    ("font-weight", "400", true),
    ("text-anchor", "start", true),
    ("dominant-baseline", "auto", true),
    ("visibility", "visible", true),
    ("opacity", "1", false),
    ("display", "", false),
];

/// Whether `property`'s computed `value` must be written on the element: an inherited
/// property when it differs from the parent's computed value (or, at the root, from its
/// initial value), any other when it differs from its initial value. `display` only when
/// it is `none`.
pub fn must_write(property: &str, value: &str, parent: Option<&str>) -> bool {
    if value.is_empty() {
        return false;
    }
    if property == "display" {
        return value == "none";
    }
    let Some(&(_, initial, inherited)) = PROPERTIES.iter().find(|p| p.0 == property) else {
        return false;
    };
    match (inherited, parent) {
        (true, Some(p)) => value != p,
        _ => value != initial,
    }
}

/// A `style` attribute from `(property, value)` pairs.
pub fn style_text(pairs: &[(&str, String)]) -> String {
    pairs
        .iter()
        .map(|(p, v)| format!("{p}:{v}"))
        .collect::<Vec<_>>()
        .join(";")
}

/// The four numbers of a `viewBox` (`None` when it has not four numbers).
pub fn view_box(text: &str) -> Option<[f64; 4]> {
    let v: Vec<f64> = text
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    v.try_into().ok()
}

/// Copies computed styles from `shown` (in the page) onto `copy` (its clone), recursively.
fn inline(shown: &Element, copy: &Element, parent: Option<&[String]>) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let style: CssStyleDeclaration = window
        .get_computed_style(shown)
        .map_err(|e| format!("{e:?}"))?
        .ok_or("no computed style")?;
    let values: Vec<String> = PROPERTIES
        .iter()
        .map(|p| style.get_property_value(p.0).unwrap_or_default())
        .collect();
    let pairs: Vec<(&str, String)> = PROPERTIES
        .iter()
        .zip(&values)
        .enumerate()
        .filter(|(i, (p, v))| must_write(p.0, v, parent.map(|pv| pv[*i].as_str())))
        .map(|(_, (p, v))| (p.0, v.clone()))
        .collect();
    if pairs.is_empty() {
        let _ = copy.remove_attribute("style");
    } else {
        let _ = copy.set_attribute("style", &style_text(&pairs));
    }
    // Page-only attributes: keyboard focus and the frame's width variable.
    let _ = copy.remove_attribute("tabindex");
    let (a, b) = (shown.children(), copy.children());
    for i in 0..a.length().min(b.length()) {
        if let (Some(x), Some(y)) = (a.item(i), b.item(i)) {
            inline(&x, &y, Some(&values))?;
        }
    }
    Ok(())
}

/// The first opaque background colour from `el` up (the card's), else white.
fn background(el: &Element) -> String {
    let window = web_sys::window();
    let mut at = Some(el.clone());
    while let Some(e) = at {
        let colour = window
            .as_ref()
            .and_then(|w| w.get_computed_style(&e).ok().flatten())
            .and_then(|s| s.get_property_value("background-color").ok())
            .unwrap_or_default();
        if !colour.is_empty() && colour != "transparent" && !colour.starts_with("rgba(0, 0, 0, 0)")
        {
            return colour;
        }
        at = e.parent_element();
    }
    "rgb(255, 255, 255)".into()
}

/// `svg` as a standalone SVG document: computed styles inlined, the background drawn,
/// `xmlns` set.
///
/// # Errors
/// When the browser refuses a DOM call.
pub fn standalone(svg: &Element) -> Result<String, String> {
    let copy: Element = svg
        .clone_node_with_deep(true)
        .map_err(|e| format!("{e:?}"))?
        .dyn_into()
        .map_err(|_| "not an element")?;
    inline(svg, &copy, None)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let [x, y, w, h] = svg
        .get_attribute("viewBox")
        .as_deref()
        .and_then(view_box)
        .ok_or("the diagram has no viewBox")?;
    let back = document
        .create_element_ns(Some(SVG_NS), "rect")
        .map_err(|e| format!("{e:?}"))?;
    for (name, value) in [
        ("class", "export-background".to_string()),
        ("x", x.to_string()),
        ("y", y.to_string()),
        ("width", w.to_string()),
        ("height", h.to_string()),
        ("fill", background(svg)),
    ] {
        let _ = back.set_attribute(name, &value);
    }
    copy.insert_before(&back, copy.first_child().as_ref())
        .map_err(|e| format!("{e:?}"))?;
    let text = web_sys::XmlSerializer::new()
        .and_then(|s| s.serialize_to_string(&copy))
        .map_err(|e| format!("{e:?}"))?;
    let text = if text.contains("xmlns=") {
        text
    } else {
        text.replacen("<svg", &format!("<svg xmlns=\"{SVG_NS}\""), 1)
    };
    Ok(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{text}\n"
    ))
}

/// Saves `text` as `file` (an `<a download>` on a data URL, clicked).
fn save(file: &str, text: &str) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlElement = document
        .create_element("a")
        .map_err(|e| format!("{e:?}"))?
        .dyn_into()
        .map_err(|_| "not an HTML element")?;
    let href = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(text))
    );
    let _ = a.set_attribute("href", &href);
    let _ = a.set_attribute("download", file);
    a.click();
    Ok(())
}

/// "Download SVG": saves the first `select` inside the button's closest `scope` as
/// `icnplay-{name}.svg`.
#[component]
pub fn SvgDownload(
    /// A selector of the ancestor that holds the drawing (e.g. `.diagram-card`).
    scope: &'static str,
    /// The drawing inside it (e.g. `svg.diagram`).
    select: &'static str,
    /// The file's name, without `icnplay-` and `.svg`.
    name: &'static str,
) -> impl IntoView {
    let (error, set_error) = signal(None::<String>);
    let click = move |ev: leptos::ev::MouseEvent| {
        let svg = ev
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|b| b.closest(scope).ok().flatten())
            .and_then(|s| s.query_selector(select).ok().flatten());
        let result = match svg {
            Some(svg) => {
                standalone(&svg).and_then(|text| save(&format!("icnplay-{name}.svg"), &text))
            }
            None => Err("no drawing to save".into()),
        };
        set_error.set(result.err());
    };
    view! {
        <p class="svg-export">
            <button type="button" data-testid=format!("svg-download-{name}") on:click=click>
                "Download SVG"
            </button>
            {move || error.get().map(|e| view! { <span class="field-error" role="alert">{e}</span> })}
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn only_what_differs_from_the_parent_or_the_initial_value_is_written() {
        // Inherited: against the parent's value; at the root, against the initial value.
        assert!(!must_write("fill", "rgb(0, 0, 0)", None));
        assert!(must_write("fill", "rgb(1, 2, 3)", None));
        assert!(!must_write("fill", "rgb(1, 2, 3)", Some("rgb(1, 2, 3)")));
        // Black under a coloured parent is written (it would inherit the colour).
        assert!(must_write("fill", "rgb(0, 0, 0)", Some("rgb(1, 2, 3)")));
        // Not inherited: against the initial value only.
        assert!(must_write("opacity", "0.25", Some("0.25")));
        assert!(!must_write("opacity", "1", Some("0.25")));
        assert!(must_write("display", "none", None));
        assert!(!must_write("display", "inline", None));
        assert!(!must_write("cursor", "pointer", None));
        assert_eq!(
            style_text(&[("fill", "red".into()), ("opacity", "0.5".into())]),
            "fill:red;opacity:0.5"
        );
    }

    #[wasm_bindgen_test]
    fn view_boxes_are_read() {
        assert_eq!(view_box("0 0 400 300.5"), Some([0.0, 0.0, 400.0, 300.5]));
        assert_eq!(view_box("-5,2 10 20"), Some([-5.0, 2.0, 10.0, 20.0]));
        assert_eq!(view_box("0 0 400"), None);
        assert_eq!(view_box("a b c d"), None);
    }
}
