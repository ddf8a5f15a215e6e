//! The charts of any network: `net-distances` (the share of ordered terminal pairs at each
//! distance, the mean as a dashed rule) and `net-loads` (one load profile per strategy,
//! channels sorted heaviest first), from core's rows (`icn chart NAME`).

use icn_core::charts::{NetDistanceRow, NetLoadRow};

use super::{series_names, short_number, wants_log, Dash, Line, Plot, Rule, Theme};

/// A legend's number: two decimals at most below 10⁴ (21.3, 16.47), shortened above.
fn legend_number(v: f64) -> String {
    if v.abs() >= 1e4 {
        return short_number(v);
    }
    format!("{v:.2}")
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

/// `net-distances`: the share (%) of ordered pairs of distinct terminals at each distance,
/// in the paper's unit where it is not a link (the Lens's busses: `hops`), else in links.
pub fn net_distances(rows: &[NetDistanceRow], unit: Option<&str>, theme: &Theme) -> Plot {
    let color = theme.series[0];
    let in_hops = unit.is_some();
    let x = |r: &NetDistanceRow| match r.hops {
        Some(h) if in_hops => f64::from(h),
        _ => f64::from(r.distance),
    };
    let mean = |r: &NetDistanceRow| match r.average_hops {
        Some(m) if in_hops => m,
        _ => r.average,
    };
    let rules = rows
        .first()
        .map(|r| Rule {
            label: format!("mean {}", legend_number(mean(r))),
            x: mean(r),
            color,
            dash: Dash::Event,
        })
        .into_iter()
        .collect();
    let x_desc = match unit {
        // Bus hops: the Lens paper's distance, half the processor–bus links.
        Some(u) => format!("distance ({u} hops, the paper's unit; 1 hop = 2 links)"),
        None => "distance (links)".into(),
    };
    Plot {
        x_desc,
        y_desc: "share of ordered terminal pairs (%)".into(),
        x_integer: true,
        bars: true,
        lines: vec![Line {
            label: "ordered pairs".into(),
            color,
            points: rows.iter().map(|r| (x(r), r.share)).collect(),
        }],
        rules,
        ..Plot::default()
    }
}

/// `net-loads`: per strategy, the load at each percentile of the directed channels
/// (heaviest first), its busiest and mean channel in the legend.
pub fn net_loads(rows: &[NetLoadRow], theme: &Theme) -> Plot {
    let lines = series_names(rows, |r| r.strategy.as_str())
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let mine: Vec<&NetLoadRow> = rows.iter().filter(|r| r.strategy == s).collect();
            let max = mine.first().map_or(0.0, |r| r.load);
            let mean = mine.first().map_or(0.0, |r| r.mean);
            Line {
                label: format!(
                    "{s} (max {}, mean {})",
                    legend_number(max),
                    legend_number(mean)
                ),
                color: theme.series[i % 7],
                points: mine
                    .iter()
                    .map(|r| (f64::from(r.percentile), r.load))
                    .collect(),
            }
        })
        .collect();
    let y_log = wants_log(rows.iter().map(|r| r.load), 30.0);
    Plot {
        x_desc: "share of directed channels, heaviest first (%)".into(),
        y_desc: format!(
            "load per channel (units{})",
            if y_log { ", log" } else { "" }
        ),
        y_log,
        lines,
        plain: true,
        ..Plot::default()
    }
}
