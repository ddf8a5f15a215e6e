//! A chart on a canvas with its title, PNG and CSV downloads and the `icn` command that
//! prints the same CSV; redrawn on resize and on a light/dark switch. Shared by the
//! Charts and compare views; what follows it (a table) is its children.

use leptos::prelude::*;
use web_sys::HtmlCanvasElement;

use super::FieldError;
use crate::charts::theme::redraw_ticks;
use crate::charts::LegendEntry;

/// `<figure data-chart=NAME>`: the title, the canvas `draw` paints (its legend's entries
/// in `data-legend`, `|`-separated), the downloads `icnplay-NAME.png` and `.csv`, then
/// `children`.
#[component]
pub fn ChartCanvas(
    /// The file stem and `data-chart`.
    #[prop(into)]
    name: String,
    /// The caption.
    title: String,
    /// The canvas's text alternative.
    alt: String,
    /// Paints the canvas; returns the legend's entries.
    draw: impl Fn(&HtmlCanvasElement) -> Result<Vec<LegendEntry>, String> + 'static,
    /// The CSV download's text.
    csv: String,
    /// The command printing the same CSV.
    command: String,
    /// What follows the downloads.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let tick = redraw_ticks();
    let (legend, set_legend) = signal(String::new());
    let (png, set_png) = signal(String::new());
    let (draw_error, set_draw_error) = signal(None::<String>);
    let draw = StoredValue::new_local(draw);
    Effect::new(move |_| {
        tick.track();
        let Some(el) = canvas.get() else {
            return;
        };
        match draw.with_value(|d| d(&el)) {
            Ok(entries) => {
                let labels: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
                set_legend.set(labels.join("|"));
                set_png.set(el.to_data_url().unwrap_or_default());
                set_draw_error.set(None);
            }
            Err(e) => set_draw_error.set(Some(e)),
        }
    });
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
                    href=move || png.get()
                >
                    "Download PNG"
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
                <span class="help">"Same CSV: " <code data-testid="chart-cli">{command}</code></span>
            </p>
            {children.map(|c| c())}
        </figure>
    }
}
