//! `hc-distances`, `hc-loads` and `hc-sim`: a Hypercycle's distance distribution, its
//! channel loads under e-cube and random-greedy, and the Hypercycles paper's Figure 2
//! (set-up delay against offered load, with the model's assumptions under it).

use icn_core::analysis::HypercycleLoads;
use icn_core::charts::{ChartRequest, HcDistanceRow, HcDistancesChart, HcLoadsChart, HcSimChart};
use icn_core::sim::SimReport;
use leptos::prelude::*;

use super::view::{head, num, row, ChartView};
use crate::charts::{
    distance_bars, distance_series, log_note, short_number, wants_log, Line, Marks, Plot, Shape,
    Theme,
};

impl ChartView for HcDistancesChart {
    const EXPLANATION: &'static str = "Ordered pairs of distinct nodes at each distance (links), from the Hypercycle's closed form (the convolution of its rings' distance counts; breadth-first search agrees). Dashed rule: the mean distance.";

    const TERMS: &'static [&'static str] = &[
        "hypercycle.digits",
        "route.distance",
        "route.average-distance",
    ];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![hc_distances(&self.rows, theme)]
    }

    fn title(&self, request: &ChartRequest) -> String {
        format!("{}: {}", request.kind.title(), self.spec)
    }

    fn table(self) -> AnyView {
        let HcDistancesChart { rows, .. } = self;
        let trs = rows
            .into_iter()
            .map(|r| {
                row(
                    vec![],
                    vec![
                        r.distance.to_string(),
                        r.ordered_pairs.to_string(),
                        short_number(r.average),
                    ],
                    String::new(),
                )
            })
            .collect_view();
        view! { {head(&["#Distance", "#Ordered pairs", "#Mean"])}<tbody>{trs}</tbody> }.into_any()
    }
}

impl ChartView for HcLoadsChart {
    const EXPLANATION: &'static str = "Every ordered pair of distinct nodes sends one unit. E-cube has one path; random-greedy divides the unit equally among the minimal next hops at every node (its expected load, computed exactly). Loads are per directed channel (one direction of a link); by symmetry every channel of a class (dimension, step) carries the same load, and the chart shows each dimension's busiest and least busy class.";

    const TERMS: &'static [&'static str] = &[
        "chart.channel-class",
        "net.link-load",
        "routing.ecube",
        "routing.greedy",
    ];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![hc_loads(&self.results, theme)]
    }

    fn table(self) -> AnyView {
        let HcLoadsChart { results } = self;
        let trs = results
            .into_iter()
            .flat_map(|r| {
                let routing = r.routing.clone();
                r.classes.into_iter().map(move |c| {
                    row(
                        vec![routing.clone()],
                        vec![
                            c.dimension.to_string(),
                            c.step.to_string(),
                            c.channels.to_string(),
                            num(c.load),
                        ],
                        routing.clone(),
                    )
                })
            })
            .collect_view();
        view! {
            {head(&["Routing", "#Dimension", "#Step", "#Channels", "#Load per channel"])}
            <tbody>{trs}</tbody>
        }
        .into_any()
    }
}

/// The Figure 2 model's assumptions (docs/charts.md and `icn_core::sim::circuit` say the
/// same).
const SIM_ASSUMPTIONS: [&str; 7] = [
    "Poisson arrivals at every node; destinations uniform over the other nodes.",
    "A circuit holds every directed channel of its path; nodes have no other limit.",
    "A probe crosses one link per tick; an established circuit transmits for 100 ticks, then releases its channels.",
    "Backtrack-and-retry: at each node take a free channel among the minimal next hops (eq. 3.1.1) at random; with none free, release the partial path, return to the origin and retry after 1–10 ticks.",
    "E-cube: the one dimension-order path; a blocked probe holds its channels and waits for the busy one (only where this cannot deadlock: binary cubes and rings of 3; elsewhere the e-cube path with backtracking).",
    "Offered load ρ = N·λ·100·d̄ / C (C directed channels, d̄ the mean distance); 5,000 warm-up ticks, then the measured window; points that hit 20 million events are cut short (crosses: a lower bound).",
    "Ties between simultaneous events: in the order they were scheduled.",
];

impl ChartView for HcSimChart {
    const EXPLANATION: &'static str = "The Hypercycles paper's Figure 2: a seeded, deterministic discrete-event simulation of circuit set-up, backtrack-to-the-origin-and-retry against e-cube, mean set-up delay (in transmission times) against offered load (normalised to capacity). The same seed gives the same numbers here and in icn. The model's assumptions are listed under the chart.";

    const TERMS: &'static [&'static str] = &["chart.setup-delay", "chart.rho", "routing.ecube"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![hc_sim(&self.report, theme)]
    }

    fn title(&self, request: &ChartRequest) -> String {
        format!(
            "{}: {}, seed {}, {} measured ticks",
            request.kind.title(),
            self.report.spec,
            self.report.config.seed,
            self.report.config.ticks
        )
    }

    /// The model's assumptions.
    fn notes(&self) -> Option<AnyView> {
        let items = SIM_ASSUMPTIONS
            .iter()
            .map(|a| view! { <li>{*a}</li> })
            .collect_view();
        Some(
            view! {
                <div class="chart-assumptions" data-testid="chart-assumptions">
                    <p class="help">"The model's assumptions:"</p>
                    <ul class="help">{items}</ul>
                </div>
            }
            .into_any(),
        )
    }

    fn table(self) -> AnyView {
        let HcSimChart { report } = self;
        let trs = report
            .points
            .into_iter()
            .map(|p| {
                row(
                    vec![p.policy.name().to_string()],
                    vec![
                        num(p.offered_load),
                        short_number(p.carried_load),
                        p.measured.to_string(),
                        p.mean_delay.map_or_else(|| "—".into(), short_number),
                        p.mean_attempts.map_or_else(|| "—".into(), short_number),
                        if p.saturated { "yes" } else { "" }.to_string(),
                    ],
                    p.policy.name().to_string(),
                )
            })
            .collect_view();
        view! {
            {head(&["Policy", "#Offered load", "#Carried load", "#Requests", "#Mean delay (×100 ticks)", "#Attempts", "#Cut short"])}
            <tbody>{trs}</tbody>
        }
        .into_any()
    }
}

/// `hc-distances`: ordered pairs per distance with the average.
fn hc_distances(rows: &[HcDistanceRow], theme: &Theme) -> Plot {
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
    distance_bars(
        "distance (links)",
        "ordered node pairs",
        rows.iter().map(|r| r.ordered_pairs as f64),
        lines,
        rules,
    )
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
fn hc_loads(results: &[HypercycleLoads], theme: &Theme) -> Plot {
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
fn hc_sim(report: &SimReport, theme: &Theme) -> Plot {
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
