//! The Charts view's drawings: one `draw` per chart, each turning core's chart data
//! (`icn_core::charts::ChartData`, the same rows `icn chart NAME` prints) into a [`Plot`]
//! for the shared plotting routine ([`plot::render`], plotters on a canvas).

mod bars;
pub mod compare;
mod families;
mod network;
pub mod plot;
pub mod sim;
pub mod surface;
pub mod theme;

use icn_core::charts::{
    ChartData, D2h2Chart, D3MdfChart, DensityChart, DensityRow, DistanceRow, DistancesChart,
    HcDistancesChart, HcLoadsChart, HcSimChart, LensDistancesChart, LensLoadsChart, LevelRow,
    LevelsChart, LoadChart, LoadRow, NetDistancesChart, NetLoadsChart, D2_SOURCE, TR_SOURCE,
};
use plotters::style::RGBColor;

pub use plot::{short_number, Dash, LegendEntry, Line, Marks, Plot, Rule, Shape};
pub use surface::{Surface, SvgOut};
pub use theme::Theme;

/// Draws `data` on `canvas` in the page's current colours; returns the legend's entries.
///
/// # Errors
/// When the canvas cannot be drawn on.
pub fn draw(canvas: Surface<'_>, data: &ChartData) -> Result<Vec<LegendEntry>, String> {
    let theme = theme::current();
    let plot = match data {
        ChartData::Density(DensityChart { rows }) => density(rows, &theme),
        ChartData::D2h2(D2h2Chart { rows }) => d2h2(rows, &theme),
        ChartData::Levels(LevelsChart { rows, .. }) => levels(rows, &theme),
        ChartData::Load(LoadChart { rows, .. }) => load(rows, &theme),
        ChartData::Distances(DistancesChart { rows, .. }) => distances(rows, &theme),
        ChartData::LensDistances(LensDistancesChart { rows }) => {
            families::lens_distances(rows, &theme)
        }
        ChartData::HcDistances(HcDistancesChart { rows, .. }) => {
            families::hc_distances(rows, &theme)
        }
        ChartData::HcLoads(HcLoadsChart { results }) => families::hc_loads(results, &theme),
        ChartData::HcSim(HcSimChart { report }) => families::hc_sim(report, &theme),
        ChartData::NetDistances(NetDistancesChart { rows, unit, .. }) => {
            network::net_distances(rows, unit.as_deref(), &theme)
        }
        ChartData::NetLoads(NetLoadsChart { rows, .. }) => network::net_loads(rows, &theme),
        ChartData::LensLoads(LensLoadsChart { rows }) => {
            return plot::render_panels(canvas, &families::lens_loads(rows, &theme), &theme)
        }
        ChartData::D3Mdf(D3MdfChart { result }) => {
            return plot::render_panels(canvas, &families::d3_mdf(result, &theme), &theme)
        }
    };
    plot::render(canvas, &plot, &theme)
}

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

/// Lines through the computed values and markers at the printed ones, x = N.
fn density_lines(rows: &[DensityRow], theme: &Theme, sources: &[(&str, &str, Shape)]) -> Plot {
    let names = series_names(rows, |r| r.series.as_str());
    let color = |s: &str| theme.series[names.iter().position(|n| *n == s).unwrap_or(0) % 7];
    let lines = names
        .iter()
        .map(|&s| Line {
            label: s.to_string(),
            color: color(s),
            points: rows
                .iter()
                .filter(|r| r.series == s)
                .filter_map(|r| Some((r.nodes as f64, r.computed?)))
                .collect(),
        })
        .collect();
    let marks = sources
        .iter()
        .map(|&(source, label, shape)| Marks {
            label: label.to_string(),
            shape,
            points: rows
                .iter()
                .filter(|r| r.source.as_deref() == Some(source))
                .filter_map(|r| Some((r.nodes as f64, r.printed?, color(&r.series))))
                .collect(),
        })
        .filter(|m| !m.points.is_empty())
        .collect();
    Plot {
        x_desc: "N (L-nodes = processors, log)".into(),
        y_desc: "busiest link's traffic (log)".into(),
        x_log: true,
        y_log: true,
        lines,
        marks,
        ..Plot::default()
    }
}

/// Chart (a): maximum link traffic density against N.
pub fn density(rows: &[DensityRow], theme: &Theme) -> Plot {
    density_lines(
        rows,
        theme,
        &[
            (TR_SOURCE, "printed, TR-88-27 Table 3", Shape::Square),
            (D2_SOURCE, "printed, D2 paper", Shape::Cross),
        ],
    )
}

/// Chart (e): D2 against H2 by processor symmetry.
pub fn d2h2(rows: &[DensityRow], theme: &Theme) -> Plot {
    density_lines(
        rows,
        theme,
        &[(D2_SOURCE, "printed, D2 paper", Shape::Cross)],
    )
}

/// Log scale when every value is positive and they span more than `ratio`.
pub(crate) fn wants_log(values: impl Iterator<Item = f64> + Clone, ratio: f64) -> bool {
    let lo = values.clone().fold(f64::INFINITY, f64::min);
    let hi = values.fold(0.0, f64::max);
    lo > 0.0 && hi / lo > ratio
}

/// Chart (b): link traffic per level, busiest and mean link of each tree.
pub fn levels(rows: &[LevelRow], theme: &Theme) -> Plot {
    let trees = rows.iter().map(|r| r.tree).max().map_or(0, |t| t + 1);
    let mut lines = Vec::new();
    for t in 0..trees {
        let of = |f: fn(&LevelRow) -> f64| -> Vec<(f64, f64)> {
            rows.iter()
                .filter(|r| r.tree == t)
                .map(|r| (r.level as f64, f(r)))
                .collect()
        };
        lines.push(Line {
            label: format!("tree {t}, busiest link"),
            color: theme.series[(2 * t) % 7],
            points: of(|r| r.max),
        });
        lines.push(Line {
            label: format!("tree {t}, mean per link"),
            color: theme.series[(2 * t + 1) % 7],
            points: of(|r| r.mean),
        });
    }
    let y_log = wants_log(rows.iter().flat_map(|r| [r.max, r.mean]), 30.0);
    Plot {
        x_desc: "level v (links from level v − 1 to v)".into(),
        y_desc: format!(
            "traffic per link (ordered pairs{})",
            if y_log { ", log" } else { "" }
        ),
        y_log,
        x_integer: true,
        bars: true,
        lines,
        ..Plot::default()
    }
}

/// Chart (c): partial joins per node, per level.
pub fn load(rows: &[LoadRow], theme: &Theme) -> Plot {
    let pts = |f: fn(&LoadRow) -> f64| rows.iter().map(|r| (r.level as f64, f(r))).collect();
    let y_log = wants_log(rows.iter().flat_map(|r| [r.max, r.mean]), 30.0);
    Plot {
        x_desc: "level v (0 = L-nodes)".into(),
        y_desc: format!(
            "partial joins per node{}",
            if y_log { " (log)" } else { "" }
        ),
        y_log,
        x_integer: true,
        bars: true,
        lines: vec![
            Line {
                label: "busiest node".into(),
                color: theme.series[0],
                points: pts(|r| r.max),
            },
            Line {
                label: "mean per node".into(),
                color: theme.series[1],
                points: pts(|r| r.mean),
            },
        ],
        ..Plot::default()
    }
}

/// Chart (d): P(2d) of M2, H2 and D2, averages as dashed rules.
pub fn distances(rows: &[DistanceRow], theme: &Theme) -> Plot {
    let names = series_names(rows, |r| r.rule.as_str());
    let mut lines = Vec::new();
    let mut rules = Vec::new();
    for (i, &rule) in names.iter().enumerate() {
        let color: RGBColor = theme.series[i % 7];
        let mine: Vec<&DistanceRow> = rows.iter().filter(|r| r.rule == rule).collect();
        lines.push(Line {
            label: rule.to_string(),
            color,
            points: mine
                .iter()
                .filter(|r| r.processors > 0)
                .map(|r| (r.distance as f64, r.processors as f64))
                .collect(),
        });
        if let Some(r) = mine.first() {
            rules.push(Rule {
                label: format!("{rule} average {:.2}", r.average),
                x: r.average,
                color,
                dash: Dash::Event,
            });
        }
    }
    let y_log = wants_log(
        rows.iter()
            .filter(|r| r.processors > 0)
            .map(|r| r.processors as f64),
        200.0,
    );
    Plot {
        x_desc: "distance 2d (hops from processor 0)".into(),
        y_desc: format!("processors P(2d){}", if y_log { " (log)" } else { "" }),
        y_log,
        x_integer: true,
        bars: true,
        lines,
        rules,
        ..Plot::default()
    }
}
