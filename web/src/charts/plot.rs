//! The one plotting routine every chart uses: lines with their points, published values as
//! hollow markers, labelled vertical rules, a legend laid out in rows above the plot (so it
//! never covers data, at any width), axes with their units, linear or log scales.
//!
//! Sizes are in CSS pixels times the device pixel ratio; colours come from the page's
//! stylesheet ([`Theme`]).

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_canvas::CanvasBackend;
use web_sys::HtmlCanvasElement;

use super::surface::{AnyBackend, Surface, SVG_TEXT};

use super::axis::Axis;
use super::bars;
use super::theme::Theme;

/// A marker's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A hollow square.
    Square,
    /// A cross (×).
    Cross,
}

/// A computed series: a line through its points, each point a dot.
#[derive(Debug, Clone)]
pub struct Line {
    /// Legend text.
    pub label: String,
    /// Colour.
    pub color: RGBColor,
    /// (x, y), in x order.
    pub points: Vec<(f64, f64)>,
}

/// Printed values: hollow markers, each in its series' colour.
#[derive(Debug, Clone)]
pub struct Marks {
    /// Legend text.
    pub label: String,
    /// Shape.
    pub shape: Shape,
    /// (x, y, colour).
    pub points: Vec<(f64, f64, RGBColor)>,
}

/// A dashed vertical rule (an average).
#[derive(Debug, Clone)]
pub struct Rule {
    /// Legend text.
    pub label: String,
    /// Where.
    pub x: f64,
    /// Colour.
    pub color: RGBColor,
    /// Its pattern: an event (saturation) dashed, a bound dotted, the best possible in
    /// long dashes; they stay apart where they share a colour.
    pub dash: Dash,
}

/// A rule's pattern, in the order rules are drawn: coarsest first, so that rules at one
/// load all show (a routing's bound dotted over the best any routing could do).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Dash {
    /// Long dashes: the best any routing could do.
    Best,
    /// Dashes: an event (a saturation, an average).
    Event,
    /// Dots: a bound (the routing's channel-load bound).
    Bound,
}

impl Dash {
    /// Dash and gap, CSS pixels.
    fn pattern(self) -> (f64, f64) {
        match self {
            Dash::Event => (6.0, 4.0),
            Dash::Bound => (2.0, 3.0),
            Dash::Best => (12.0, 3.0),
        }
    }
}

/// Everything one chart (or one panel of a chart) draws.
#[derive(Debug, Clone, Default)]
pub struct Plot {
    /// A heading above the legend (panels of a chart with several); empty: none.
    pub title: String,
    /// The x axis: quantity and unit.
    pub x_desc: String,
    /// The y axis: quantity and unit.
    pub y_desc: String,
    /// Log scale on x.
    pub x_log: bool,
    /// Log scale on y.
    pub y_log: bool,
    /// Integer ticks only on x (levels, distances).
    pub x_integer: bool,
    /// The lines.
    pub lines: Vec<Line>,
    /// The markers.
    pub marks: Vec<Marks>,
    /// The rules.
    pub rules: Vec<Rule>,
    /// Lines without a dot at each point (dense series: load profiles).
    pub plain: bool,
    /// The lines as bars at whole x, side by side (histograms, categorical axes: a value
    /// per distance or level, nothing in between).
    pub bars: bool,
}

/// One legend entry, for the page's tests and text alternative.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    /// Text.
    pub label: String,
    /// How its key is drawn, in words a test can compare: `line #rrggbb`, `bar #rrggbb`,
    /// `mark square`, `rule #rrggbb 6-4` (a rule's dash and gap, CSS px).
    pub style: String,
}

/// Numbers on axes: 4, 16, 1.5k, 2.4M, 7.1G; fractions with up to 2 decimals.
pub fn short_number(v: f64) -> String {
    let a = v.abs();
    let (div, suffix) = if a >= 1e9 {
        (1e9, "G")
    } else if a >= 1e6 {
        (1e6, "M")
    } else if a >= 1e4 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / div;
    let text = if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round())
    } else if x.abs() >= 10.0 {
        format!("{x:.0}")
    } else {
        format!("{:.2}", x)
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    };
    format!("{text}{suffix}")
}

/// Numbers on an axis's ticks: as [`short_number`], but a tick between whole numbers of 10
/// to 999 keeps one decimal (ticks at 32, 32.5, 33 must not all print as 32 or 33).
fn tick_number(v: f64) -> String {
    let a = v.abs();
    let whole = (v - v.round()).abs() < 1e-9;
    if (10.0..1e4).contains(&a) && !whole {
        format!("{v:.1}")
    } else {
        short_number(v)
    }
}

/// Sizes the canvas's bitmap to its CSS box times the device pixel ratio, `panels` plots
/// high; returns the scale (bitmap pixels per CSS pixel) and the CSS width. A canvas drawn
/// for a download (not on the page) gives both instead: `data-export-width` (CSS pixels)
/// and `data-export-scale`.
fn fit(canvas: &HtmlCanvasElement, panels: usize) -> (f64, f64) {
    let given = |name: &str| {
        canvas
            .get_attribute(name)
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|v| v.is_finite())
    };
    let ratio = given("data-export-scale")
        .unwrap_or_else(|| web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()))
        .clamp(1.0, 3.0);
    let css_w = given("data-export-width")
        .unwrap_or_else(|| f64::from(canvas.client_width()))
        .max(200.0);
    let css_h = css_height(css_w, panels);
    // The CSS box follows the bitmap's aspect ratio (height: auto).
    canvas.set_width((css_w * ratio).round() as u32);
    canvas.set_height((css_h * ratio).round() as u32);
    (ratio, css_w)
}

/// The height of `panels` plots `css_w` CSS pixels wide.
fn css_height(css_w: f64, panels: usize) -> f64 {
    if panels > 1 {
        // Two plots of a 700 px column and their frame fit in 900 px (a figure-first embed).
        (css_w * 0.44).clamp(260.0, 380.0) * panels as f64
    } else {
        // Phones: tall enough that the y axis's description fits beside the plot.
        (css_w * 0.62).clamp(300.0, 440.0)
    }
}

/// The axis range shown for data from `lo` to `hi`, with a margin. Flat data (every value the
/// same, as the hypercube's loads on every dimension) gets an axis from 0 (or around the
/// value, when it is negative) instead of a sliver of rounding noise whose ticks all print
/// the same number.
fn padded(lo: f64, hi: f64, log: bool) -> (f64, f64) {
    if log {
        let lo = lo.max(1e-12);
        let hi = hi.max(lo * 2.0);
        (lo / 1.6, hi * 1.6)
    } else if hi - lo <= 1e-9 * hi.abs().max(lo.abs()).max(1.0) {
        let margin = 0.25 * hi.abs().max(1.0);
        if lo >= 0.0 {
            (0.0, hi + margin)
        } else {
            (lo - margin, hi + margin)
        }
    } else {
        let span = hi - lo;
        let lo = if lo >= 0.0 && lo - 0.06 * span < 0.0 {
            0.0
        } else {
            lo - 0.06 * span
        };
        (lo, hi + 0.08 * span)
    }
}

/// Draws `plot` on `surface`.
///
/// # Errors
/// When the canvas has no 2-D context or a drawing call fails.
pub fn render(
    surface: Surface<'_>,
    plot: &Plot,
    theme: &Theme,
) -> Result<Vec<LegendEntry>, String> {
    render_panels(surface, std::slice::from_ref(plot), theme)
}

/// Draws `plots` on `surface`, one above the other, each with its own heading, legend and
/// axes; returns every legend entry.
///
/// # Errors
/// When the canvas has no 2-D context or a drawing call fails.
pub fn render_panels(
    surface: Surface<'_>,
    plots: &[Plot],
    theme: &Theme,
) -> Result<Vec<LegendEntry>, String> {
    let panels = plots.len().max(1);
    match surface {
        Surface::Canvas(canvas) => {
            let (scale, css_w) = fit(canvas, panels);
            let backend = CanvasBackend::with_canvas_object(canvas.clone())
                .map(AnyBackend::Canvas)
                .ok_or("this browser gives no 2-D canvas context")?;
            let sizes = Sizes {
                scale,
                narrow: css_w < 520.0,
                text: scale,
            };
            draw_panels(&backend.into_drawing_area(), plots, theme, sizes)
        }
        Surface::Svg(out) => {
            let css_w = out.width.max(200.0);
            let sizes = Sizes {
                scale: 1.0,
                narrow: css_w < 520.0,
                text: SVG_TEXT,
            };
            out.draw(css_height(css_w, panels), |root| {
                draw_panels(root, plots, theme, sizes)
            })
        }
    }
}

/// Fills `root` and draws `plots` on it, split evenly from top to bottom.
fn draw_panels<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    plots: &[Plot],
    theme: &Theme,
    sizes: Sizes,
) -> Result<Vec<LegendEntry>, String> {
    root.fill(&theme.card).map_err(failed)?;
    let mut out = Vec::new();
    for (plot, area) in plots.iter().zip(root.split_evenly((plots.len().max(1), 1))) {
        out.extend(render_panel(&area, plot, theme, sizes)?);
    }
    root.present().map_err(failed)?;
    Ok(out)
}

fn render_panel<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    plot: &Plot,
    theme: &Theme,
    sizes: Sizes,
) -> Result<Vec<LegendEntry>, String> {
    let Sizes { scale, narrow, .. } = sizes;
    let font = |size: f64| ("sans-serif", size * sizes.text).into_font();
    let text = font(if narrow { 11.5 } else { 13.0 }).color(&theme.fg);
    let heading = font(if narrow { 12.5 } else { 14.0 })
        .style(FontStyle::Bold)
        .color(&theme.fg);
    let title_h = draw_title(root, plot, &heading, sizes)?;
    let entries = legend_entries(plot);
    let rows = legend_rows(root, &entries, &text, sizes);
    let legend = Legend {
        entries: &entries,
        rows: &rows,
        top: title_h,
        text: &text,
    };
    legend.draw(root, theme, sizes)?;
    let legend_h = title_h + rows.len() as i32 * legend_row_h(sizes) + sizes.px(8.0);
    let (_, area) = root.split_vertically(legend_h);
    let ((x0, x1), (y0, y1)) = data_ranges(plot).ok_or("nothing to plot")?;
    let ctx = Ctx {
        plot,
        theme,
        scale,
        narrow,
        text: &text,
        text_scale: sizes.text,
    };
    ctx.draw(
        &area,
        Axis::new(x0, x1, plot.x_log),
        Axis::new(y0, y1, plot.y_log),
    )?;
    Ok(entries
        .into_iter()
        .map(|(label, kind)| LegendEntry {
            label,
            style: kind.describe(),
        })
        .collect())
}

/// The scale of one panel's drawing: device pixels per CSS pixel, whether the canvas is
/// narrow (smaller text, tighter rows), and the factor of text sizes (the scale, except in
/// SVG, whose text plotters writes smaller than it measures).
#[derive(Debug, Clone, Copy)]
struct Sizes {
    scale: f64,
    narrow: bool,
    text: f64,
}

impl Sizes {
    /// `v` CSS pixels in device pixels.
    fn px(self, v: f64) -> i32 {
        (v * self.scale).round() as i32
    }
}

/// A failed drawing call, as the message the page shows.
fn failed<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> String {
    format!("drawing failed: {e:?}")
}

/// Draws the panel's heading at its top left; returns the height it takes (0 without one).
fn draw_title<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    plot: &Plot,
    heading: &TextStyle,
    sizes: Sizes,
) -> Result<i32, String> {
    if plot.title.is_empty() {
        return Ok(0);
    }
    root.draw(&Text::new(
        plot.title.clone(),
        (sizes.px(8.0), sizes.px(6.0)),
        heading.pos(Pos::new(HPos::Left, VPos::Top)),
    ))
    .map_err(failed)?;
    Ok(sizes.px(if sizes.narrow { 20.0 } else { 22.0 }))
}

/// The legend's entries: the lines, then the marks, then the rules.
fn legend_entries(plot: &Plot) -> Vec<(String, LegendKind)> {
    let lines = plot.lines.iter().map(|l| {
        let kind = if plot.bars {
            LegendKind::Bar(l.color)
        } else {
            LegendKind::Line(l.color)
        };
        (l.label.clone(), kind)
    });
    let marks = plot
        .marks
        .iter()
        .map(|m| (m.label.clone(), LegendKind::Mark(m.shape)));
    let rules = plot
        .rules
        .iter()
        .map(|r| (r.label.clone(), LegendKind::Rule(r.color, r.dash)));
    lines.chain(marks).chain(rules).collect()
}

/// The width of a legend entry's sample (line, mark or rule).
fn legend_sample(sizes: Sizes) -> i32 {
    sizes.px(22.0)
}

/// The height of one row of the legend.
fn legend_row_h(sizes: Sizes) -> i32 {
    sizes.px(if sizes.narrow { 17.0 } else { 19.0 })
}

/// The legend laid out in rows as wide as the panel: each row the x and index of its entries.
fn legend_rows<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    entries: &[(String, LegendKind)],
    text: &TextStyle,
    sizes: Sizes,
) -> Vec<Vec<(i32, usize)>> {
    let px = |v: f64| sizes.px(v);
    let (w, _) = root.dim_in_pixel();
    let w = w as i32;
    let sample = legend_sample(sizes);
    let gap = px(14.0);
    let mut rows: Vec<Vec<(i32, usize)>> = vec![Vec::new()];
    let mut x = px(8.0);
    for (i, (label, _)) in entries.iter().enumerate() {
        let tw = root
            .estimate_text_size(label, text)
            .map_or(label.len() as i32 * px(7.0), |s| s.0 as i32);
        let need = sample + px(6.0) + tw;
        if x + need > w - px(8.0) && x > px(8.0) {
            rows.push(Vec::new());
            x = px(8.0);
        }
        if let Some(row) = rows.last_mut() {
            row.push((x, i));
        }
        x += need + gap;
    }
    rows
}

/// A laid-out legend: its entries, their rows and where the first row starts.
struct Legend<'a> {
    entries: &'a [(String, LegendKind)],
    rows: &'a [Vec<(i32, usize)>],
    top: i32,
    text: &'a TextStyle<'a>,
}

impl Legend<'_> {
    /// Draws every entry: its sample, then its label.
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
        theme: &Theme,
        sizes: Sizes,
    ) -> Result<(), String> {
        let px = |v: f64| sizes.px(v);
        let sample = legend_sample(sizes);
        let row_h = legend_row_h(sizes);
        for (r, row) in self.rows.iter().enumerate() {
            let y = self.top + px(6.0) + r as i32 * row_h + row_h / 2;
            for &(x, i) in row {
                let (label, kind) = &self.entries[i];
                draw_sample(root, *kind, (x, y), theme, sizes)?;
                root.draw(&Text::new(
                    label.clone(),
                    (x + sample + px(6.0), y),
                    self.text.pos(Pos::new(HPos::Left, VPos::Center)),
                ))
                .map_err(failed)?;
            }
        }
        Ok(())
    }
}

/// One legend entry's sample from `x` at height `y`: a line with a dot, a mark, or a
/// vertical rule.
fn draw_sample<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    kind: LegendKind,
    (x, y): (i32, i32),
    theme: &Theme,
    sizes: Sizes,
) -> Result<(), String> {
    let px = |v: f64| sizes.px(v);
    let sample = legend_sample(sizes);
    let cx = x + sample / 2;
    match kind {
        LegendKind::Line(c) => {
            root.draw(&PathElement::new(
                vec![(x, y), (x + sample, y)],
                c.stroke_width(px(2.0) as u32),
            ))
            .map_err(failed)?;
            root.draw(&Circle::new((cx, y), px(3.0), c.filled()))
                .map_err(failed)
        }
        LegendKind::Mark(shape) => {
            draw_mark(root, (cx, y), shape, theme.fg, px(5.0), sizes.scale).map_err(failed)
        }
        LegendKind::Bar(c) => root
            .draw(&Rectangle::new(
                [(cx - px(6.0), y - px(6.0)), (cx + px(6.0), y + px(6.0))],
                c.mix(0.78).filled(),
            ))
            .map_err(failed),
        LegendKind::Rule(c, dash) => {
            // The rule's own pattern.
            let (on, gap) = dash.pattern();
            let mut at: f64 = -7.0;
            while at < 7.0 {
                let to = (at + on).min(7.0);
                root.draw(&PathElement::new(
                    vec![(cx, y + px(at)), (cx, y + px(to))],
                    c.stroke_width(px(2.0) as u32),
                ))
                .map_err(failed)?;
                at += on + gap;
            }
            Ok(())
        }
    }
}

/// The x and y ranges of the plotted values, padded (only positive values on a log axis);
/// `None` when there is nothing finite to plot.
fn data_ranges(plot: &Plot) -> Option<((f64, f64), (f64, f64))> {
    let xs = plot
        .lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.0))
        .chain(plot.marks.iter().flat_map(|m| m.points.iter().map(|p| p.0)))
        .chain(plot.rules.iter().map(|r| r.x));
    let ys = plot
        .lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .chain(plot.marks.iter().flat_map(|m| m.points.iter().map(|p| p.1)));
    let keep = |log: bool| move |v: &f64| v.is_finite() && (!log || *v > 0.0);
    let (x0, x1) = xs
        .filter(keep(plot.x_log))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    let (y0, y1) = ys
        .filter(keep(plot.y_log))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if !(x0.is_finite() && y0.is_finite()) {
        return None;
    }
    if plot.bars && !plot.x_log {
        // Bars stand on 0 (on a linear axis) and are whole at both ends.
        let y0 = if plot.y_log { y0 } else { y0.min(0.0) };
        return Some((bars::x_range(x0, x1), padded(y0, y1, plot.y_log)));
    }
    Some((padded(x0, x1, plot.x_log), padded(y0, y1, plot.y_log)))
}

#[derive(Debug, Clone, Copy)]
enum LegendKind {
    Line(RGBColor),
    Mark(Shape),
    Rule(RGBColor, Dash),
    Bar(RGBColor),
}

impl LegendKind {
    /// [`LegendEntry::style`].
    fn describe(self) -> String {
        let hex = |c: RGBColor| format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2);
        match self {
            LegendKind::Line(c) => format!("line {}", hex(c)),
            LegendKind::Bar(c) => format!("bar {}", hex(c)),
            LegendKind::Mark(Shape::Square) => "mark square".into(),
            LegendKind::Mark(Shape::Cross) => "mark cross".into(),
            LegendKind::Rule(c, dash) => {
                let (on, off) = dash.pattern();
                format!("rule {} {on}-{off}", hex(c))
            }
        }
    }
}

fn draw_mark<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    at: (i32, i32),
    shape: Shape,
    color: RGBColor,
    size: i32,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = color.stroke_width((2.0 * scale).round() as u32);
    match shape {
        Shape::Square => area.draw(&Rectangle::new(
            [(at.0 - size, at.1 - size), (at.0 + size, at.1 + size)],
            style,
        )),
        Shape::Cross => area.draw(&Cross::new(at, size, style)),
    }
}

struct Ctx<'a> {
    plot: &'a Plot,
    theme: &'a Theme,
    scale: f64,
    narrow: bool,
    text: &'a TextStyle<'a>,
    text_scale: f64,
}

impl Ctx<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
        x: Axis,
        y: Axis,
    ) -> Result<(), String> {
        let (plot, theme, scale) = (self.plot, self.theme, self.scale);
        let px = |v: f64| (v * scale).round() as i32;
        let err = |e: DrawingAreaErrorKind<_>| format!("drawing failed: {e:?}");
        let mut chart = ChartBuilder::on(area)
            .margin_right(px(14.0))
            .margin_top(px(6.0))
            .x_label_area_size(px(if self.narrow { 40.0 } else { 46.0 }))
            .y_label_area_size(px(if self.narrow { 52.0 } else { 66.0 }))
            .build_cartesian_2d(x, y)
            .map_err(err)?;
        let label_font = (
            "sans-serif",
            (if self.narrow { 11.0 } else { 12.5 }) * self.text_scale,
        )
            .into_font()
            .color(&theme.fg);
        let x_integer = plot.x_integer;
        let x_fmt = move |v: &f64| {
            if x_integer && (v - v.round()).abs() > 1e-6 {
                String::new()
            } else {
                tick_number(*v)
            }
        };
        let y_fmt = |v: &f64| tick_number(*v);
        chart
            .configure_mesh()
            .x_desc(plot.x_desc.as_str())
            .y_desc(plot.y_desc.as_str())
            .axis_desc_style(self.text.clone())
            .label_style(label_font)
            .x_labels(if self.narrow { 6 } else { 10 })
            .y_labels(if self.narrow { 6 } else { 9 })
            .x_label_formatter(&x_fmt)
            .y_label_formatter(&y_fmt)
            .axis_style(theme.muted.stroke_width(px(1.0).max(1) as u32))
            .bold_line_style(theme.grid.stroke_width(1))
            .light_line_style(theme.card.stroke_width(0))
            .draw()
            .map_err(err)?;
        let (y_lo, y_hi) = (chart.y_range().start, chart.y_range().end);
        let mut rules: Vec<&Rule> = plot.rules.iter().collect();
        rules.sort_by_key(|r| r.dash);
        for r in rules {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(r.x, y_lo), (r.x, y_hi)],
                    px(r.dash.pattern().0),
                    px(r.dash.pattern().1),
                    r.color.stroke_width(px(2.0) as u32),
                ))
                .map_err(err)?;
        }
        if plot.bars {
            let base = if plot.y_log { y_lo } else { 0.0 };
            let series: Vec<_> = plot
                .lines
                .iter()
                .map(|l| (l.color, &l.points[..]))
                .collect();
            bars::draw(&mut chart, &series, base, scale)?;
        }
        for l in plot.lines.iter().filter(|_| !plot.bars) {
            chart
                .draw_series(LineSeries::new(
                    l.points.iter().copied(),
                    l.color.stroke_width(px(2.0) as u32),
                ))
                .map_err(err)?;
            if plot.plain {
                continue;
            }
            chart
                .draw_series(
                    l.points
                        .iter()
                        .map(|&p| Circle::new(p, px(3.0), l.color.filled())),
                )
                .map_err(err)?;
        }
        let (size, width) = (px(6.0), px(2.0) as u32);
        for m in &plot.marks {
            let points = m.points.iter().copied();
            match m.shape {
                Shape::Square => chart.draw_series(points.map(|(x, y, c)| {
                    EmptyElement::at((x, y))
                        + Rectangle::new([(-size, -size), (size, size)], c.stroke_width(width))
                })),
                Shape::Cross => chart.draw_series(points.map(|(x, y, c)| {
                    EmptyElement::at((x, y)) + Cross::new((0, 0), size, c.stroke_width(width))
                })),
            }
            .map_err(err)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{padded, tick_number};
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn ticks_between_whole_numbers_keep_a_decimal() {
        // A latency axis from 32 to 36 in steps of 0.5: every tick reads differently.
        let ticks: Vec<String> = (0..9)
            .map(|i| tick_number(32.0 + 0.5 * f64::from(i)))
            .collect();
        assert_eq!(ticks[..3], ["32", "32.5", "33"]);
        let mut unique = ticks.clone();
        unique.dedup();
        assert_eq!(unique, ticks);
        // Small fractions and large numbers as short_number writes them.
        assert_eq!(
            (tick_number(0.25), tick_number(1500.0), tick_number(2.4e6)),
            ("0.25".into(), "1500".into(), "2.4M".into())
        );
    }

    #[wasm_bindgen_test]
    fn flat_data_gets_a_readable_axis() {
        // Every channel of the 4-cube carries 8 units: the axis runs from 0, past 8.
        assert_eq!(padded(8.0, 8.0, false), (0.0, 10.0));
        assert_eq!(padded(0.0, 0.0, false), (0.0, 0.25));
        assert_eq!(padded(-4.0, -4.0, false), (-5.0, -3.0));
        // Data with a spread keeps its margins: 6 % of the span below (0 when that would
        // cross it), 8 % above.
        let near =
            |(a, b): (f64, f64), (c, d): (f64, f64)| (a - c).abs() < 1e-12 && (b - d).abs() < 1e-12;
        assert!(near(padded(0.2, 10.0, false), (0.0, 10.784)));
        assert!(near(padded(100.0, 110.0, false), (99.4, 110.8)));
    }
}
