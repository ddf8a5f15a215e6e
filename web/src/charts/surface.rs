//! Where a chart is drawn: the page's canvas (and a canvas drawn for a PNG download), or SVG
//! text for the SVG download. Both go through the same plotting routine, so the download
//! is the chart on screen, as vector text and shapes.

use std::cell::RefCell;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use web_sys::HtmlCanvasElement;

use super::{theme, LegendEntry};

/// Plotters writes SVG text at its size divided by this (and measures it at its size): text
/// sizes in SVG are multiplied by it, so the file's text is as large as the canvas's.
pub const SVG_TEXT: f64 = 1.24;

/// The height, in CSS pixels, of the band above an SVG chart that holds its title.
const TITLE_BAND: u32 = 40;

/// What a chart is drawn on.
#[derive(Clone, Copy)]
pub enum Surface<'a> {
    /// A canvas: sized to its CSS box (or its export attributes) and drawn.
    Canvas(&'a HtmlCanvasElement),
    /// An SVG document, written into the [`SvgOut`].
    Svg(&'a SvgOut),
}

/// An SVG drawing of a chart: its width in CSS pixels, its title (drawn in a band above
/// it, as the PNG download has it), and, once drawn, the document.
#[derive(Debug, Default)]
pub struct SvgOut {
    /// The width in CSS pixels (the chart's height follows from it, as on the page).
    pub width: f64,
    /// The caption drawn above the chart.
    pub title: String,
    /// The document, once drawn.
    pub text: RefCell<String>,
}

impl SvgOut {
    /// Draws the title band and, below it, `chart` on an area `height` CSS pixels high;
    /// keeps the document in [`SvgOut::text`].
    ///
    /// # Errors
    /// When a drawing call fails (or `chart` does).
    pub fn draw(
        &self,
        height: f64,
        chart: impl FnOnce(
            &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
        ) -> Result<Vec<LegendEntry>, String>,
    ) -> Result<Vec<LegendEntry>, String> {
        let failed = |e: DrawingAreaErrorKind<_>| format!("drawing failed: {e:?}");
        let colours = theme::current();
        let size = (
            self.width.round() as u32,
            height.round() as u32 + TITLE_BAND,
        );
        let mut doc = String::new();
        let entries = {
            let root = SVGBackend::with_string(&mut doc, size).into_drawing_area();
            root.fill(&colours.card).map_err(failed)?;
            let (band, below) = root.split_vertically(TITLE_BAND);
            let heading = ("sans-serif", 16.0 * SVG_TEXT)
                .into_font()
                .style(FontStyle::Bold)
                .color(&colours.fg)
                .pos(Pos::new(HPos::Left, VPos::Center));
            band.draw(&Text::new(
                self.title.clone(),
                (12, (TITLE_BAND / 2) as i32),
                heading,
            ))
            .map_err(failed)?;
            let entries = chart(&below)?;
            root.present().map_err(failed)?;
            entries
        };
        *self.text.borrow_mut() = doc;
        Ok(entries)
    }
}
