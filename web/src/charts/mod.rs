//! Plotters drawing on a canvas and as SVG: the one plotting routine ([`plot::render`],
//! [`plot::render_panels`]), bars, the charts' theme, and the helpers the charts' drawings
//! share. Each chart of the Charts view turns its data into [`Plot`]s in its own module
//! (`crate::features::charts`); `compare` and `sim` draw the Compare and Simulate views'
//! charts.

mod axis;
mod bars;
pub mod compare;
pub mod plot;
pub mod sim;
pub mod surface;
pub mod theme;

use plotters::style::RGBColor;

pub use plot::{short_number, Dash, LegendEntry, Line, Marks, Plot, Rule, Shape};
pub use surface::{Surface, SvgOut};
pub use theme::Theme;

/// The series of `rows`, in first-seen order.
pub(crate) fn series_names<'a, T>(rows: &'a [T], name: impl Fn(&'a T) -> &'a str) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for r in rows {
        let n = name(r);
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

/// Log scale when every value is positive and they span more than `ratio`.
pub(crate) fn wants_log(values: impl Iterator<Item = f64> + Clone, ratio: f64) -> bool {
    let lo = values.clone().fold(f64::INFINITY, f64::min);
    let hi = values.fold(0.0, f64::max);
    lo > 0.0 && hi / lo > ratio
}

/// An axis description's note of a log scale, inside its parentheses.
pub(crate) fn log_note(log: bool) -> &'static str {
    if log {
        ", log"
    } else {
        ""
    }
}

/// An axis description's note of a log scale, in parentheses of its own.
pub(crate) fn log_suffix(log: bool) -> &'static str {
    if log {
        " (log)"
    } else {
        ""
    }
}

/// A distance distribution's bars (`lines`, with their averages as `rules`): integer
/// distances along `x_desc`, counts of `y_what` up the y axis, on a log scale where the
/// positive `counts` span more than 200 times.
pub(crate) fn distance_bars(
    x_desc: &str,
    y_what: &str,
    counts: impl Iterator<Item = f64> + Clone,
    lines: Vec<Line>,
    rules: Vec<Rule>,
) -> Plot {
    let y_log = wants_log(counts.filter(|&c| c > 0.0), 200.0);
    Plot {
        x_desc: x_desc.into(),
        y_desc: format!("{y_what}{}", log_suffix(y_log)),
        y_log,
        x_integer: true,
        bars: true,
        lines,
        rules,
        ..Plot::default()
    }
}

/// A distance distribution line and its average as a dashed rule.
pub(crate) fn distance_series(
    label: &str,
    color: RGBColor,
    points: Vec<(f64, f64)>,
    average: f64,
    lines: &mut Vec<Line>,
    rules: &mut Vec<Rule>,
) {
    lines.push(Line {
        label: label.to_string(),
        color,
        points,
    });
    rules.push(Rule {
        label: format!("{label} average {average:.2}"),
        x: average,
        color,
        dash: Dash::Event,
    });
}
