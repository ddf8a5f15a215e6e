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

#[cfg(test)]
mod tests {
    use super::*;
    use icn_web::jobs::{sim_point, SimAsk};
    use wasm_bindgen_test::wasm_bindgen_test;

    /// Issue 35: the saturation rule and the routing's bound shared a colour and a dash.
    /// A 4×4 mesh under dimension order, past its bound of 0.5: the curve's end, its bound
    /// and the best any routing could do are three rules, no two drawn alike.
    #[wasm_bindgen_test]
    fn the_end_of_a_curve_and_its_bounds_are_drawn_apart() {
        let ask = SimAsk {
            spec: "mesh:k=4x4".into(),
            routing: "dor".into(),
            traffic: "uniform".into(),
            scheme: "auto".into(),
            vcs: 2,
            buf: 8,
            size: 1,
            seed: 0,
            extra: "sample_period=300;max_samples=4".into(),
        };
        let point =
            |rate| sim_point(&ask, rate, (false, true), &mut |_, _, _| {}).expect("a point");
        let series = SimSeries {
            label: "mesh".into(),
            points: vec![point("0.2"), point("0.9")],
            bound: Some(0.5),
            optimal: Some((0.5, 0.5)),
        };
        assert_eq!(series.points[0].point.status, Status::Stable);
        assert_ne!(series.points[1].point.status, Status::Stable);
        let plots = panels(&[series], &theme::LIGHT);
        let rules = &plots[0].rules;
        let looks: Vec<_> = rules.iter().map(|r| (r.color, r.dash)).collect();
        assert_eq!(
            rules.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(),
            [
                "saturated at 0.9",
                "routing's bound 0.500",
                "best any routing 0.500"
            ]
        );
        for (i, a) in looks.iter().enumerate() {
            for b in &looks[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(looks[0].1, Dash::Event);
        assert_eq!(looks[1].1, Dash::Bound);
        assert_eq!(looks[2].1, Dash::Best);
    }
}
