//! The Lens, Hypercycle and Dragonfly charts: core's rows (`icn chart NAME`) as [`Plot`]s.

use icn_core::analysis::{DragonflyLoads, HypercycleLoads};
use icn_core::charts::{HcDistanceRow, LensDistanceRow, LensLoadRow};
use icn_core::sim::SimReport;

use super::{wants_log, Dash, Line, Marks, Plot, Rule, Shape, Theme};

fn log_note(log: bool) -> &'static str {
    if log {
        ", log"
    } else {
        ""
    }
}

fn log_suffix(log: bool) -> &'static str {
    if log {
        " (log)"
    } else {
        ""
    }
}

/// A distance distribution line and its average as a dashed rule.
fn distance_series(
    label: &str,
    color: plotters::style::RGBColor,
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

/// `lens-distances`: ordered processor pairs per distance (busses), both lenses.
pub fn lens_distances(rows: &[LensDistanceRow], theme: &Theme) -> Plot {
    let (mut lines, mut rules) = (Vec::new(), Vec::new());
    for (i, lens) in ["uncompleted", "completed"].into_iter().enumerate() {
        let mine: Vec<&LensDistanceRow> = rows.iter().filter(|r| r.lens == lens).collect();
        let Some(first) = mine.first() else { continue };
        distance_series(
            lens,
            theme.series[i],
            mine.iter()
                .map(|r| (f64::from(r.distance), r.ordered_pairs as f64))
                .collect(),
            first.average,
            &mut lines,
            &mut rules,
        );
    }
    let y_log = wants_log(
        rows.iter()
            .filter(|r| r.ordered_pairs > 0)
            .map(|r| r.ordered_pairs as f64),
        200.0,
    );
    Plot {
        x_desc: "distance (busses traversed)".into(),
        y_desc: format!("ordered processor pairs{}", log_suffix(y_log)),
        y_log,
        x_integer: true,
        bars: true,
        lines,
        rules,
        ..Plot::default()
    }
}

/// `lens-loads`: two panels, processors then busses; x the load, y how many nodes carry it.
pub fn lens_loads(rows: &[LensLoadRow], theme: &Theme) -> Vec<Plot> {
    let panel = |kind: &str, title: &str, y: &str, what: &str| {
        let lines: Vec<Line> = ["uncompleted", "completed"]
            .into_iter()
            .enumerate()
            .map(|(i, lens)| Line {
                label: format!("{what}, {lens}"),
                color: theme.series[i],
                points: rows
                    .iter()
                    .filter(|r| r.lens == lens && r.kind == kind)
                    .map(|r| (r.load, r.nodes as f64))
                    .collect(),
            })
            .collect();
        let ys = rows
            .iter()
            .filter(|r| r.kind == kind)
            .map(|r| r.nodes as f64);
        let y_log = wants_log(ys, 30.0);
        let x_log = wants_log(
            rows.iter().filter(|r| r.kind == kind).map(|r| r.load),
            100.0,
        );
        Plot {
            title: title.into(),
            x_desc: format!("load (units{}; one per ordered pair)", log_note(x_log)),
            y_desc: format!("{y}{}", log_suffix(y_log)),
            x_log,
            y_log,
            lines,
            ..Plot::default()
        }
    };
    vec![
        panel(
            "processor",
            "Processors: traffic relayed",
            "processors",
            "processors",
        ),
        panel("bus", "Busses: traffic carried", "busses", "busses"),
    ]
}

/// `hc-distances`: ordered pairs per distance with the average.
pub fn hc_distances(rows: &[HcDistanceRow], theme: &Theme) -> Plot {
    let (mut lines, mut rules) = (Vec::new(), Vec::new());
    if let Some(first) = rows.first() {
        distance_series(
            "ordered pairs",
            theme.series[0],
            rows.iter()
                .filter(|r| r.ordered_pairs > 0)
                .map(|r| (f64::from(r.distance), r.ordered_pairs as f64))
                .collect(),
            first.average,
            &mut lines,
            &mut rules,
        );
    }
    let y_log = wants_log(
        rows.iter()
            .filter(|r| r.ordered_pairs > 0)
            .map(|r| r.ordered_pairs as f64),
        200.0,
    );
    Plot {
        x_desc: "distance (links)".into(),
        y_desc: format!("ordered node pairs{}", log_suffix(y_log)),
        y_log,
        x_integer: true,
        bars: true,
        lines,
        rules,
        ..Plot::default()
    }
}

fn routing_label(name: &str) -> &str {
    match name {
        "ecube" => "e-cube",
        "greedy" => "random-greedy",
        other => other,
    }
}

/// `hc-loads`: per dimension, the busiest and the least busy channel class of each routing:
/// the first routing (e-cube) as hollow markers over the second's (random-greedy) lines,
/// so that equal loads stay visible.
pub fn hc_loads(results: &[HypercycleLoads], theme: &Theme) -> Plot {
    let (mut lines, mut marks) = (Vec::new(), Vec::new());
    for (i, r) in results.iter().enumerate() {
        let dims = r.classes.iter().map(|c| c.dimension).max().unwrap_or(0);
        let of = |pick: fn(f64, f64) -> f64, start: f64| -> Vec<(f64, f64)> {
            (1..=dims)
                .map(|d| {
                    let v = r
                        .classes
                        .iter()
                        .filter(|c| c.dimension == d)
                        .fold(start, |a, c| pick(a, c.load));
                    (d as f64, v)
                })
                .collect()
        };
        let name = routing_label(&r.routing);
        let series = [
            ("busiest channel", of(f64::max, 0.0), Shape::Square),
            (
                "least busy channel",
                of(f64::min, f64::INFINITY),
                Shape::Cross,
            ),
        ];
        for (j, (what, points, shape)) in series.into_iter().enumerate() {
            let color = theme.series[2 * i + j];
            if i == 0 {
                marks.push(Marks {
                    label: format!("{name}, {what}"),
                    shape,
                    points: points.into_iter().map(|(x, y)| (x, y, color)).collect(),
                });
            } else {
                lines.push(Line {
                    label: format!("{name}, {what}"),
                    color,
                    points,
                });
            }
        }
    }
    let y_log = wants_log(
        results
            .iter()
            .flat_map(|r| r.classes.iter().map(|c| c.load)),
        30.0,
    );
    Plot {
        x_desc: "dimension i (1 = most significant digit)".into(),
        y_desc: format!("load per channel (units{})", log_note(y_log)),
        y_log,
        x_integer: true,
        lines,
        marks,
        ..Plot::default()
    }
}

fn policy_label(name: &str) -> &str {
    match name {
        "backtrack" => "backtrack-to-the-origin-and-retry",
        "ecube" => "e-cube (hold and wait)",
        "ecube-backtrack" => "e-cube path, backtrack and retry",
        other => other,
    }
}

/// `hc-sim`: Figure 2, mean set-up delay (in transmission times) against offered load.
pub fn hc_sim(report: &SimReport, theme: &Theme) -> Plot {
    let lines: Vec<Line> = report
        .config
        .policies
        .iter()
        .enumerate()
        .map(|(i, &p)| Line {
            label: policy_label(p.name()).to_string(),
            color: theme.series[i],
            points: report
                .series(p)
                .iter()
                // A point without a measured request has no delay to draw.
                .filter_map(|q| Some((q.offered_load, q.mean_delay?)))
                .collect(),
        })
        .collect();
    let saturated: Vec<(f64, f64, plotters::style::RGBColor)> = report
        .config
        .policies
        .iter()
        .enumerate()
        .flat_map(|(i, &p)| {
            report
                .series(p)
                .into_iter()
                .filter(|q| q.saturated)
                .filter_map(move |q| Some((q.offered_load, q.mean_delay?, theme.series[i])))
        })
        .collect();
    let marks = if saturated.is_empty() {
        Vec::new()
    } else {
        vec![Marks {
            label: "cut short (saturated): a lower bound".into(),
            shape: Shape::Cross,
            points: saturated,
        }]
    };
    let y_log = wants_log(
        report
            .points
            .iter()
            .filter_map(|p| p.mean_delay)
            .filter(|&d| d > 0.0),
        30.0,
    );
    Plot {
        x_desc: "offered load (fraction of capacity)".into(),
        y_desc: format!("set-up delay (transmission times{})", log_note(y_log)),
        y_log,
        lines,
        marks,
        ..Plot::default()
    }
}

/// `d3-mdf`: two panels, distance distributions, then channels per load value by kind.
pub fn d3_mdf(r: &DragonflyLoads, theme: &Theme) -> Vec<Plot> {
    let sides = [("D3", &r.d3), ("MDF", &r.mdf)];
    let (mut lines, mut rules) = (Vec::new(), Vec::new());
    for (i, (name, s)) in sides.iter().enumerate() {
        distance_series(
            &format!("{name} {}", s.spec.split(':').nth(1).unwrap_or("")),
            theme.series[i],
            s.distance_distribution
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, &c)| c > 0)
                .map(|(d, &c)| (d as f64, c as f64))
                .collect(),
            s.average_distance,
            &mut lines,
            &mut rules,
        );
    }
    let distances = Plot {
        title: "Distances".into(),
        x_desc: "distance (links)".into(),
        y_desc: "ordered router pairs".into(),
        x_integer: true,
        bars: true,
        lines,
        rules,
        ..Plot::default()
    };
    let mut load_lines = Vec::new();
    for (i, (name, s)) in sides.iter().enumerate() {
        for (j, (kind, k)) in [("local", &s.local), ("global", &s.global)]
            .into_iter()
            .enumerate()
        {
            if k.distribution.is_empty() {
                continue;
            }
            load_lines.push(Line {
                label: format!("{name} {kind}"),
                color: theme.series[2 * i + j],
                points: k
                    .distribution
                    .iter()
                    .map(|c| (c.load, c.channels as f64))
                    .collect(),
            });
        }
    }
    let y_log = wants_log(
        load_lines.iter().flat_map(|l| l.points.iter().map(|p| p.1)),
        30.0,
    );
    let loads = Plot {
        title: "Link loads".into(),
        x_desc: "load per directed channel (units; one per ordered pair)".into(),
        y_desc: format!("channels{}", log_suffix(y_log)),
        y_log,
        lines: load_lines,
        ..Plot::default()
    };
    vec![distances, loads]
}
