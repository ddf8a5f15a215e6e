//! `levels`, `load` and `distances`: one KYKLOS network's link traffic per level, its
//! partial joins per level, and P(2d) of the original KYKLOS-II, drawn as bars and tabled
//! row by row.

use icn_core::charts::{
    ChartRequest, DistanceRow, DistancesChart, LevelRow, LevelsChart, LoadChart, LoadRow,
};
use leptos::prelude::*;
use plotters::style::RGBColor;

use super::view::{num, ChartView};
use crate::charts::{
    distance_bars, distance_series, series_names, short_number, wants_log, Line, Plot, Theme,
};

impl ChartView for LevelsChart {
    const EXPLANATION: &'static str = "Per tree and level v, the traffic of the links between level v − 1 and level v: the busiest link and the mean per link. Every ordered pair of L-nodes sends one unit split equally among the strategy's routes; a link's traffic adds both directions. Computed from the routes towards L-node 0 and the network's translation symmetry.";

    const TERMS: &'static [&'static str] = &["chart.level", "kyklos.density", "routing.y2"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![levels(&self.rows, theme)]
    }

    fn title(&self, request: &ChartRequest) -> String {
        format!(
            "{}: {}, {}",
            request.kind.title(),
            self.spec,
            self.strategy.to_uppercase()
        )
    }

    fn table(self) -> AnyView {
        let trs = self
            .rows
            .into_iter()
            .map(|r| view! {
                <tr data-tree=r.tree.to_string() data-level=r.level.to_string() data-max=num(r.max)>
                    <td class="num">{r.tree}</td><td class="num">{r.level}</td>
                    <td class="num">{r.links}</td><td class="num">{num(r.total)}</td>
                    <td class="num">{num(r.max)}</td><td class="num">{short_number(r.mean)}</td>
                </tr>
            })
            .collect_view();
        view! {
            <thead><tr>
                <th scope="col" class="num">"Tree"</th><th scope="col" class="num">"Level"</th>
                <th scope="col" class="num">"Links"</th><th scope="col" class="num">"Total"</th>
                <th scope="col" class="num">"Busiest link"</th><th scope="col" class="num">"Mean per link"</th>
            </tr></thead>
            <tbody>{trs}</tbody>
        }
        .into_any()
    }
}

impl ChartView for LoadChart {
    const EXPLANATION: &'static str = "Partial joins per node and level when every ordered pair (i, j) of L-nodes joins once (i = j at the L-node): mid-point of each route for M-r, P-r and D2 (Table 3's K-1 and P-2 columns), the H-2 quasi-level assignment for H-r, §VII's level loading for Y-2.";

    const TERMS: &'static [&'static str] =
        &["kyklos.partial-join", "kyklos.ib-load", "kyklos.join-level"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![load(&self.rows, theme)]
    }

    fn title(&self, request: &ChartRequest) -> String {
        format!(
            "{}: {}, {} ({})",
            request.kind.title(),
            self.spec,
            self.strategy.to_uppercase(),
            self.assignment
        )
    }

    fn table(self) -> AnyView {
        let trs = self
            .rows
            .into_iter()
            .map(|r| {
                view! {
                    <tr data-level=r.level.to_string() data-max=num(r.max)>
                        <td class="num">{r.level}</td><td class="num">{r.nodes}</td>
                        <td class="num">{num(r.total)}</td><td class="num">{num(r.max)}</td>
                        <td class="num">{short_number(r.mean)}</td>
                    </tr>
                }
            })
            .collect_view();
        view! {
            <thead><tr>
                <th scope="col" class="num">"Level"</th><th scope="col" class="num">"Nodes"</th>
                <th scope="col" class="num">"Joins"</th><th scope="col" class="num">"Busiest node"</th>
                <th scope="col" class="num">"Mean per node"</th>
            </tr></thead>
            <tbody>{trs}</tbody>
        }
        .into_any()
    }
}

impl ChartView for DistancesChart {
    const EXPLANATION: &'static str = "P(2d): how many processors lie at distance 2d from processor 0 of the original KYKLOS-II⟨2,2,n⟩ (processor-symmetric, so this is every source's distribution) under M2 (best single tree), H2 and D2 (= breadth-first distance). Dashed rules: the averages 1/2ⁿ Σ 2d·P(2d), processor 0 included, as the D2 paper sums.";

    const TERMS: &'static [&'static str] = &["chart.p2d", "routing.mr", "routing.hr", "routing.d2"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![distances(&self.rows, theme)]
    }

    fn title(&self, request: &ChartRequest) -> String {
        format!(
            "{}: original KYKLOS-II⟨2,2,{}⟩, N = {}",
            request.kind.title(),
            self.n,
            1u64 << self.n
        )
    }

    fn table(self) -> AnyView {
        let trs = self
            .rows
            .into_iter()
            .map(|r| {
                let rule_attr = r.rule.clone();
                view! {
                <tr data-rule=rule_attr data-distance=r.distance.to_string()>
                    <td>{r.rule}</td><td class="num">{r.distance}</td>
                    <td class="num">{r.processors}</td>
                    <td class="num">
                        {num(r.average)}
                        {r.average_exact.map(|e| format!(" = {e}"))}
                    </td>
                </tr>
                }
            })
            .collect_view();
        view! {
            <thead><tr>
                <th scope="col">"Rule"</th><th scope="col" class="num">"Distance 2d"</th>
                <th scope="col" class="num">"P(2d)"</th><th scope="col" class="num">"Average"</th>
            </tr></thead>
            <tbody>{trs}</tbody>
        }
        .into_any()
    }
}

/// Chart (b): link traffic per level, busiest and mean link of each tree.
fn levels(rows: &[LevelRow], theme: &Theme) -> Plot {
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
fn load(rows: &[LoadRow], theme: &Theme) -> Plot {
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
fn distances(rows: &[DistanceRow], theme: &Theme) -> Plot {
    let names = series_names(rows, |r| r.rule.as_str());
    let mut lines = Vec::new();
    let mut rules = Vec::new();
    for (i, &rule) in names.iter().enumerate() {
        let color: RGBColor = theme.series[i % 7];
        let mine: Vec<&DistanceRow> = rows.iter().filter(|r| r.rule == rule).collect();
        let Some(first) = mine.first() else { continue };
        distance_series(
            rule,
            color,
            mine.iter()
                .filter(|r| r.processors > 0)
                .map(|r| (r.distance as f64, r.processors as f64))
                .collect(),
            first.average,
            &mut lines,
            &mut rules,
        );
    }
    distance_bars(
        "distance 2d (hops from processor 0)",
        "processors P(2d)",
        rows.iter().map(|r| r.processors as f64),
        lines,
        rules,
    )
}
