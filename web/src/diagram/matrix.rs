//! [`MatrixView`]: a network too large to draw node by node, as its binned adjacency matrix
//! on a canvas ([`Matrix`]), with the source's and destination's rows and columns and the
//! selected path's cells marked; hovering a cell names its blocks and its links.

use std::sync::Arc;

use icn_web_model::diagram::matrix::Matrix;
use leptos::prelude::*;
use plotters::style::RGBColor;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use super::Highlight;
use crate::charts::theme::{parse_hex, redraw_ticks};

/// Canvas pixels per side, at most (each cell a whole number of pixels).
const SIDE: usize = 640;

/// A CSS custom property of the page's root (`--fg`), or `fallback`.
fn css_var(name: &str, fallback: &str) -> String {
    web_sys::window()
        .and_then(|w| {
            let root = w.document()?.document_element()?;
            w.get_computed_style(&root).ok().flatten()
        })
        .and_then(|s| s.get_property_value(name).ok())
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| fallback.to_string())
}

/// The matrix with its caption and the hovered cell's description.
#[component]
pub fn MatrixView(
    /// The matrix.
    matrix: Arc<Matrix>,
    /// What to mark: the ends' rows and columns, the path's cells.
    #[prop(into)]
    highlight: Signal<Highlight>,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let tick = redraw_ticks();
    let scale = (SIDE / matrix.bins).max(1);
    let side = matrix.bins * scale;
    let m = matrix.clone();
    Effect::new(move |_| {
        tick.track();
        let Some(el) = canvas.get() else {
            return;
        };
        highlight.with(|h| paint(&el, &m, h, scale));
    });
    let hover = RwSignal::new(None::<String>);
    let m = matrix.clone();
    let on_move = move |ev: web_sys::MouseEvent| {
        let Some(el) = canvas.get_untracked() else {
            return;
        };
        let (w, h) = (f64::from(el.client_width()), f64::from(el.client_height()));
        if w <= 0.0 || h <= 0.0 {
            return;
        }
        let cell = |offset: i32, size: f64| {
            ((f64::from(offset) / size * m.bins as f64) as usize).min(m.bins - 1)
        };
        let (r, c) = (cell(ev.offset_y(), h), cell(ev.offset_x(), w));
        hover.set(Some(m.describe_cell(r, c)));
    };
    let described = matrix.describe();
    let caption = if matrix.directed {
        "Rows send, columns receive. "
    } else {
        ""
    };
    view! {
        <figure class="matrix" data-testid="matrix">
            <canvas
                node_ref=canvas
                width=side
                height=side
                role="img"
                aria-label=described.clone()
                data-bins=matrix.bins
                on:mousemove=on_move
                on:mouseleave=move |_| hover.set(None)
            ></canvas>
            <figcaption>
                <p class="help" data-testid="matrix-caption">
                    {format!(
                        "Too many nodes to draw one by one: the adjacency matrix, nodes ordered {}, \
                         {} blocks a side. {caption}Darker cells link a larger share of their node \
                         pairs; the source's rows and columns are green, the destination's orange, \
                         the selected path's cells blue.",
                        matrix.order, matrix.bins
                    )}
                </p>
                <p class="matrix-hover" data-testid="matrix-hover" aria-live="polite">
                    {move || hover.get().unwrap_or_else(|| "Point at a cell to see its blocks.".to_string())}
                </p>
            </figcaption>
        </figure>
    }
}

/// The cells in the page's text colour, each its opacity ([`Matrix::alphas`]), as a canvas
/// of one pixel a cell.
fn cells_image(m: &Matrix) -> Option<HtmlCanvasElement> {
    let fg = parse_hex(&css_var("--fg", "#1b1f24")).unwrap_or(RGBColor(0x1b, 0x1f, 0x24));
    let mut rgba = Vec::with_capacity(4 * m.bins * m.bins);
    for a in m.alphas() {
        rgba.extend_from_slice(&[fg.0, fg.1, fg.2, a]);
    }
    let side = u32::try_from(m.bins).ok()?;
    let data = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&rgba), side, side).ok()?;
    let canvas: HtmlCanvasElement = document().create_element("canvas").ok()?.dyn_into().ok()?;
    canvas.set_width(side);
    canvas.set_height(side);
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()?
        .dyn_into::<CanvasRenderingContext2d>()
        .ok()?;
    ctx.put_image_data(&data, 0.0, 0.0).ok()?;
    Some(canvas)
}

/// Paints the matrix and its marks.
fn paint(el: &HtmlCanvasElement, m: &Matrix, h: &Highlight, scale: usize) {
    let Some(ctx) = el
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let s = scale as f64;
    let side = (m.bins * scale) as f64;
    ctx.set_global_alpha(1.0);
    ctx.set_fill_style_str(&css_var("--card", "#ffffff"));
    ctx.fill_rect(0.0, 0.0, side, side);
    let band = |ctx: &CanvasRenderingContext2d, bin: usize, color: &str| {
        ctx.set_fill_style_str(color);
        ctx.set_global_alpha(0.28);
        ctx.fill_rect(0.0, bin as f64 * s, side, s);
        ctx.fill_rect(bin as f64 * s, 0.0, s, side);
    };
    if let Some(v) = h.src.filter(|&v| v < m.nodes) {
        band(&ctx, m.bin(v), &css_var("--src", "#1d8a4f"));
    }
    if let Some(v) = h.dst.filter(|&v| v < m.nodes) {
        band(&ctx, m.bin(v), &css_var("--dst", "#c2410c"));
    }
    ctx.set_global_alpha(1.0);
    if let Some(cells) = cells_image(m) {
        // One pixel a cell, scaled up unsmoothed: one call, not one per cell (a dense
        // D3(100,4) is 25,600 cells, each a fillRect call in the keystroke's task).
        ctx.set_image_smoothing_enabled(false);
        let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(&cells, 0.0, 0.0, side, side);
    }
    ctx.set_fill_style_str(&css_var("--border", "#d7dce2"));
    for &b in &m.separators {
        let at = b as f64 * s;
        ctx.fill_rect(at, 0.0, 1.0, side);
        ctx.fill_rect(0.0, at, side, 1.0);
    }
    ctx.set_fill_style_str(&css_var("--accent", "#1f63b8"));
    for w in h
        .path
        .windows(2)
        .filter(|w| w[0] < m.nodes && w[1] < m.nodes)
    {
        let (r, c) = (m.bin(w[0]), m.bin(w[1]));
        let grow = s.max(6.0);
        let centre = |b: usize| b as f64 * s + s / 2.0 - grow / 2.0;
        ctx.fill_rect(centre(c), centre(r), grow, grow);
    }
}
