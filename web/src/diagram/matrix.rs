//! [`MatrixView`]: a network too large to draw node by node, as its binned adjacency matrix
//! on a canvas ([`Matrix`]), with the source's and destination's rows and columns and the
//! selected path's cells marked; hovering a cell names its blocks and its links.

use std::sync::Arc;

use icn_web_model::diagram::matrix::Matrix;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::Highlight;
use crate::charts::theme::redraw_ticks;

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
    let max = (0..m.bins)
        .flat_map(|r| (0..m.bins).map(move |c| (r, c)))
        .map(|(r, c)| m.density(r, c))
        .fold(0.0, f64::max);
    ctx.set_fill_style_str(&css_var("--fg", "#1b1f24"));
    for r in 0..m.bins {
        for c in 0..m.bins {
            let d = m.density(r, c);
            if d > 0.0 {
                ctx.set_global_alpha(0.18 + 0.82 * (d / max).sqrt());
                ctx.fill_rect(c as f64 * s, r as f64 * s, s, s);
            }
        }
    }
    ctx.set_global_alpha(1.0);
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
