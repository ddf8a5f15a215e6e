//! Where a chart is drawn: the page's canvas (and a canvas drawn for a PNG download), or SVG
//! text for the SVG download. Both go through the same plotting routine, on one backend type
//! ([`AnyBackend`]), so the download is the chart on screen, as vector text and shapes, and
//! the routine (plotters' charts, series and text, generic over the backend) is compiled
//! once for both.

use std::cell::RefCell;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
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
            &DrawingArea<AnyBackend<'_>, plotters::coord::Shift>,
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
            let root = AnyBackend::Svg(SVGBackend::with_string(&mut doc, size)).into_drawing_area();
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

/// The page's canvas or an SVG document: one type for the charts' drawing, each call passed
/// to the backend inside.
pub enum AnyBackend<'a> {
    /// A canvas (the page's, or a PNG download's).
    Canvas(CanvasBackend),
    /// An SVG document being written.
    Svg(SVGBackend<'a>),
}

/// A drawing call's failure, on either backend, as its text.
#[derive(Debug)]
pub struct BackendError(String);

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BackendError {}

/// A backend's error as [`AnyBackend`]'s.
fn lift<E: std::error::Error + Send + Sync>(
    e: DrawingErrorKind<E>,
) -> DrawingErrorKind<BackendError> {
    match e {
        DrawingErrorKind::DrawingError(e) => {
            DrawingErrorKind::DrawingError(BackendError(e.to_string()))
        }
        DrawingErrorKind::FontError(e) => DrawingErrorKind::FontError(e),
    }
}

/// `$call` on the backend inside `$backend` (bound to `$b`), its error lifted.
macro_rules! each {
    ($backend:expr, $b:ident => $call:expr) => {
        match $backend {
            AnyBackend::Canvas($b) => $call.map_err(lift),
            AnyBackend::Svg($b) => $call.map_err(lift),
        }
    };
}

impl DrawingBackend for AnyBackend<'_> {
    type ErrorType = BackendError;

    fn get_size(&self) -> (u32, u32) {
        match self {
            AnyBackend::Canvas(b) => b.get_size(),
            AnyBackend::Svg(b) => b.get_size(),
        }
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.ensure_prepared())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.present())
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.draw_pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.draw_line(from, to, style))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.draw_rect(upper_left, bottom_right, style, fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.draw_path(path, style))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.draw_circle(center, radius, style, fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.fill_polygon(vert, style))
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.draw_text(text, style, pos))
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<BackendError>> {
        each!(self, b => b.estimate_text_size(text, style))
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<BackendError>> {
        each!(self, b => b.blit_bitmap(pos, size, src))
    }
}
