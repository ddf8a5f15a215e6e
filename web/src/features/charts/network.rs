//! The charts of any network: `net-distances` (the share of ordered terminal pairs at each
//! distance, the mean as a dashed rule) and `net-loads` (one load profile per strategy,
//! channels sorted heaviest first), their tables the CSV's values as printed there.

use icn_core::charts::{NetDistanceRow, NetDistancesChart, NetLoadRow, NetLoadsChart};
use leptos::prelude::*;

use super::view::{head, num, row, ChartView};
use crate::charts::{series_names, short_number, wants_log, Dash, Line, Plot, Rule, Theme};

impl ChartView for NetDistancesChart {
    const EXPLANATION: &'static str = "Any network: how many ordered pairs of distinct terminals (the nodes that send and receive: processors of a fat tree, every router of a torus) lie at each distance in links, and their share; for a Lens, in busses traversed (the paper's unit; a bus is two links, both columns in the table). Computed from the family's closed form or by symmetry where it has one, else by a breadth-first search from every terminal. Dashed rule: the mean distance.";

    const TERMS: &'static [&'static str] =
        &["net.terminal", "route.distance", "route.average-distance"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![net_distances(&self.rows, self.unit.as_deref(), theme)]
    }

    fn table(self) -> AnyView {
        let NetDistancesChart { rows, unit, .. } = self;
        // The paper's unit first where it is not a link (the Lens's busses), as the CSV.
        let in_hops = unit.is_some();
        let trs = rows
            .into_iter()
            .map(|r| {
                let opt = |x: Option<String>| x.unwrap_or_default();
                let cells = if in_hops {
                    vec![
                        opt(r.hops.map(|h| h.to_string())),
                        r.distance.to_string(),
                        r.ordered_pairs.to_string(),
                        num(r.share),
                        opt(r.average_hops.map(num)),
                        num(r.average),
                    ]
                } else {
                    vec![
                        r.distance.to_string(),
                        r.ordered_pairs.to_string(),
                        num(r.share),
                        num(r.average),
                    ]
                };
                row(vec![], cells, String::new())
            })
            .collect_view();
        let cols: &[&'static str] = if in_hops {
            &[
                "#Distance (busses)",
                "#Links",
                "#Ordered pairs",
                "#Share (%)",
                "#Mean (busses)",
                "#Mean (links)",
            ]
        } else {
            &["#Distance", "#Ordered pairs", "#Share (%)", "#Mean"]
        };
        view! {
            {head(cols)}
            <tbody>{trs}</tbody>
        }
        .into_any()
    }
}

impl ChartView for NetLoadsChart {
    const EXPLANATION: &'static str = "Any network, every strategy it offers: each ordered pair of distinct terminals sends one unit, split equally among the strategy's paths (Valiant's: among its intermediates, then their paths). Each line is one strategy's directed channels sorted by load, heaviest first: at x = p %, the load that the heaviest p % of the channels all reach (x = 0: the busiest channel; x = 100: the least busy). A flat line is a perfectly balanced network; the legend gives each strategy's busiest and mean channel. Lines that coincide are drawn over each other; the table has every value.";

    const TERMS: &'static [&'static str] = &["net.link-load", "chart.load-profile", "net.terminal"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![net_loads(&self.rows, theme)]
    }

    fn table(self) -> AnyView {
        let NetLoadsChart { rows, .. } = self;
        let trs = rows
            .into_iter()
            .map(|r| {
                row(
                    vec![r.strategy.clone()],
                    vec![r.percentile.to_string(), num(r.load), num(r.mean)],
                    r.strategy,
                )
            })
            .collect_view();
        view! {
            {head(&["Strategy", "#Percentile (%)", "#Load", "#Mean"])}
            <tbody>{trs}</tbody>
        }
        .into_any()
    }
}

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
fn net_distances(rows: &[NetDistanceRow], unit: Option<&str>, theme: &Theme) -> Plot {
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
fn net_loads(rows: &[NetLoadRow], theme: &Theme) -> Plot {
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
