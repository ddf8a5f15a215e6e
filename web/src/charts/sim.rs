//! The simulation view's chart: average packet latency against offered load, and accepted
//! against offered throughput, for one curve or two overlaid. A curve's line runs through
//! its stable points; where it stops (saturated, or deadlocked) a dashed rule marks the
//! load (dashes, the curve's colour); the routing's channel-load bound for the traffic
//! simulated is a dotted rule in the curve's colour, and the best any routing could do
//! (the maximum concurrent flow) long dashes in the text's colour, both from the worker's
//! throughput job (`icn_web::jobs::ThroughputReport`, as `icn throughput --optimal`). The
//! points are the worker's (`icn_web::jobs::SimPointReport`, the same as `icn sim`).

use icn_core::sim::packet::Status;
use icn_web::jobs::SimPointReport;

use super::plot::{self, Dash, LegendEntry, Line, Plot, Rule};
use super::surface::Surface;
use super::theme::{self, Theme};

/// One curve as the chart draws it: its label, its points, its throughput bound.
#[derive(Debug, Clone, PartialEq)]
pub struct SimSeries {
    /// Legend text.
    pub label: String,
    /// The points, in load order (the last may be the one past saturation).
    pub points: Vec<SimPointReport>,
    /// The routing's throughput bound for the traffic simulated, flits per endpoint per
    /// cycle.
    pub bound: Option<f64>,
    /// The best any routing could do: (lower, upper), equal when exact.
    pub optimal: Option<(f64, f64)>,
}

/// The two panels: latency, then throughput.
pub fn panels(series: &[SimSeries], theme: &Theme) -> Vec<Plot> {
    let mut latency = Vec::new();
    let mut accepted = Vec::new();
    let mut rules = Vec::new();
    for (i, s) in series.iter().enumerate() {
        let color = theme.series[i % theme.series.len()];
        let stable = || s.points.iter().filter(|p| p.point.status == Status::Stable);
        latency.push(Line {
            label: s.label.clone(),
            color,
            points: stable()
                .filter_map(|p| Some((p.rate, p.point.packet_latency?)))
                .collect(),
        });
        accepted.push(Line {
            label: s.label.clone(),
            color,
            points: s
                .points
                .iter()
                .map(|p| (p.rate, p.point.accepted))
                .collect(),
        });
        if let Some(end) = s.points.iter().find(|p| p.point.status != Status::Stable) {
            let what = match end.point.status {
                Status::Deadlocked => "deadlocked",
                _ => "saturated",
            };
            rules.push(Rule {
                label: format!("{what} at {}", end.rate),
                x: end.rate,
                color,
                dash: Dash::Event,
            });
        }
        if let Some(b) = s.bound {
            rules.push(Rule {
                label: format!("routing's bound {b:.3}"),
                x: b,
                color,
                dash: Dash::Bound,
            });
        }
        if let Some((lo, hi)) = s.optimal {
            let label = if lo == hi {
                format!("best any routing {lo:.3}")
            } else {
                format!("best any routing {lo:.3}–{hi:.3}")
            };
            rules.push(Rule {
                label,
                x: hi,
                color: theme.fg,
                dash: Dash::Best,
            });
        }
    }
    vec![
        Plot {
            title: "Average packet latency".into(),
            x_desc: "offered load (flits per endpoint per cycle)".into(),
            y_desc: "latency (cycles)".into(),
            lines: latency,
            rules: rules.clone(),
            ..Plot::default()
        },
        Plot {
            title: "Accepted throughput".into(),
            x_desc: "offered load (flits per endpoint per cycle)".into(),
            y_desc: "accepted (flits per endpoint per cycle)".into(),
            lines: accepted,
            rules,
            ..Plot::default()
        },
    ]
}

/// Draws `series` on `canvas` in the page's current colours; returns the legend's entries.
///
/// # Errors
/// When the canvas cannot be drawn on.
pub fn draw(canvas: Surface<'_>, series: &[SimSeries]) -> Result<Vec<LegendEntry>, String> {
    let theme = theme::current();
    plot::render_panels(canvas, &panels(series, &theme), &theme)
}
