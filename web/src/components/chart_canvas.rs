//! A chart on a canvas with its title, PNG, SVG and CSV downloads and the `icn` command
//! that prints the same CSV; redrawn on resize and on a light/dark switch. Shared by the
//! Charts and compare views; what follows it (a table) is its children.

use leptos::prelude::*;
use plotters::style::RGBColor;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::FieldError;
use crate::charts::theme::{self, redraw_ticks};
use crate::charts::{LegendEntry, Surface, SvgOut};

/// How a chart is drawn: on the surface it is given; returns the legend's entries.
type Draw = dyn Fn(Surface<'_>) -> Result<Vec<LegendEntry>, String>;

/// Device pixels per CSS pixel of a downloaded PNG: sharp on a high-density screen and in
/// print, whatever the reader's own screen.
const PNG_SCALE: u32 = 2;

/// The chart drawn again for a download: at [`PNG_SCALE`]×, at least 640 CSS pixels wide,
/// with `title` in a band above it (the figure's caption, which the canvas itself does not
/// hold); `None` when the browser cannot draw it.
fn png_with_title(draw: &Draw, shown: &HtmlCanvasElement, title: &str) -> Option<String> {
    let doc = web_sys::window()?.document()?;
    let new_canvas =
        || -> Option<HtmlCanvasElement> { doc.create_element("canvas").ok()?.dyn_into().ok() };
    let chart = new_canvas()?;
    let css_w = shown.client_width().max(640);
    chart
        .set_attribute("data-export-width", &css_w.to_string())
        .ok()?;
    chart
        .set_attribute("data-export-scale", &PNG_SCALE.to_string())
        .ok()?;
    draw(Surface::Canvas(&chart)).ok()?;
    let band = 40 * PNG_SCALE;
    let out = new_canvas()?;
    out.set_width(chart.width());
    out.set_height(chart.height() + band);
    let ctx: CanvasRenderingContext2d = out.get_context("2d").ok()??.dyn_into().ok()?;
    let colours = theme::current();
    let css = |c: RGBColor| format!("rgb({},{},{})", c.0, c.1, c.2);
    ctx.set_fill_style_str(&css(colours.card));
    ctx.fill_rect(0.0, 0.0, f64::from(out.width()), f64::from(out.height()));
    ctx.set_fill_style_str(&css(colours.fg));
    ctx.set_font(&format!("bold {}px sans-serif", 16 * PNG_SCALE));
    ctx.set_text_baseline("middle");
    let margin = f64::from(12 * PNG_SCALE);
    ctx.fill_text_with_max_width(
        title,
        margin,
        f64::from(band) / 2.0,
        f64::from(out.width()) - 2.0 * margin,
    )
    .ok()?;
    ctx.draw_image_with_html_canvas_element(&chart, 0.0, f64::from(band))
        .ok()?;
    out.to_data_url().ok()
}

/// The chart drawn again as an SVG document (vector shapes and text), as wide as it is
/// shown (at least 640 CSS pixels), with `title` above it; as a `data:` URL.
fn svg_with_title(draw: &Draw, shown: &HtmlCanvasElement, title: &str) -> Option<String> {
    let out = SvgOut {
        width: f64::from(shown.client_width().max(640)),
        title: title.to_string(),
        ..SvgOut::default()
    };
    draw(Surface::Svg(&out)).ok()?;
    let doc = out.text.into_inner();
    Some(format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(&doc))
    ))
}

/// `<figure data-chart=NAME>`: the title, the canvas `draw` paints (its legend's entries
/// in `data-legend`, `|`-separated, and how each key is drawn in `data-legend-styles`), the downloads `icnplay-NAME.png`, `.svg` and `.csv`,
/// then `children`.
#[component]
pub fn ChartCanvas(
    /// The file stem and `data-chart`.
    #[prop(into)]
    name: String,
    /// The caption.
    title: String,
    /// The canvas's text alternative.
    alt: String,
    /// Draws the chart on a surface (the canvas, or a download's); returns the legend's
    /// entries.
    draw: impl Fn(Surface<'_>) -> Result<Vec<LegendEntry>, String> + 'static,
    /// The CSV download's text.
    csv: String,
    /// The command printing the same CSV (none in a figure-first embed, which links to the
    /// full view for it).
    #[prop(into)]
    command: Option<String>,
    /// What follows the downloads.
    #[prop(optional)]
    children: Option<Children>,
    /// Draw in a task of its own, after the update that mounted the chart (the simulation
    /// view's, drawn again as each point arrives, beside its table and summary): two
    /// shorter tasks instead of one long one on the page's thread.
    #[prop(optional)]
    deferred: bool,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let tick = redraw_ticks();
    let (legend, set_legend) = signal(String::new());
    let (styles, set_styles) = signal(String::new());
    let (draw_error, set_draw_error) = signal(None::<String>);
    let draw = StoredValue::new_local(draw);
    // Paints the canvas; a chart unmounted before a deferred paint is left alone.
    let paint = move || {
        let Some(el) = canvas.try_get_untracked().flatten() else {
            return;
        };
        match draw.try_with_value(|d| d(Surface::Canvas(&el))) {
            Some(Ok(entries)) => {
                let labels: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
                set_legend.try_set(labels.join("|"));
                let drawn: Vec<&str> = entries.iter().map(|e| e.style.as_str()).collect();
                set_styles.try_set(drawn.join("|"));
                set_draw_error.try_set(None);
            }
            Some(Err(e)) => {
                set_draw_error.try_set(Some(e));
            }
            None => {}
        }
    };
    Effect::new(move |_| {
        tick.track();
        if canvas.get().is_none() {
            return;
        }
        if deferred {
            set_timeout(paint, std::time::Duration::ZERO);
        } else {
            paint();
        }
    });
    // The PNG and the SVG are drawn when asked for: the click handler sets the link's
    // target before the browser follows it.
    let export = move |ev: leptos::ev::MouseEvent,
                       make: fn(&Draw, &HtmlCanvasElement, &str) -> Option<String>,
                       title: &str| {
        let (Some(el), Some(link)) = (
            canvas.get_untracked(),
            ev.current_target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
        ) else {
            return;
        };
        match draw.with_value(|d| make(d, &el, title)) {
            Some(url) => {
                let _ = link.set_attribute("href", &url);
            }
            None => ev.prevent_default(),
        }
    };
    let png_title = title.clone();
    let make_png = move |ev| export(ev, png_with_title, &png_title);
    let svg_title = title.clone();
    let make_svg = move |ev| export(ev, svg_with_title, &svg_title);
    let csv_href = format!(
        "data:text/csv;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(&csv))
    );
    view! {
        <figure class="chart" data-testid="chart" data-chart=name.clone()>
            <figcaption class="chart-title" data-testid="chart-title">{title}</figcaption>
            <canvas
                node_ref=canvas
                class="chart-canvas"
                data-testid="chart-canvas"
                data-legend=move || legend.get()
                data-legend-styles=move || styles.get()
                role="img"
                aria-label=alt
            ></canvas>
            <FieldError error=Signal::derive(move || draw_error.get()) id="chart-draw-error" />
            <p class="chart-exports">
                <a
                    class="button-link"
                    data-testid="chart-png"
                    rel="noopener"
                    download=format!("icnplay-{name}.png")
                    href="#"
                    on:click=make_png
                >
                    "Download PNG"
                </a>
                <a
                    class="button-link"
                    data-testid="chart-svg"
                    rel="noopener"
                    download=format!("icnplay-{name}.svg")
                    href="#"
                    on:click=make_svg
                >
                    "Download SVG"
                </a>
                <a
                    class="button-link"
                    data-testid="chart-csv"
                    rel="noopener"
                    download=format!("icnplay-{name}.csv")
                    href=csv_href
                >
                    "Download CSV"
                </a>
                {command.map(|command| view! {
                    <span class="help">"Same CSV: " <code data-testid="chart-cli">{command}</code></span>
                })}
            </p>
            {children.map(|c| c())}
        </figure>
    }
}
