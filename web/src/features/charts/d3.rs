//! `d3-mdf`: D3(K, M) against the maximal Dragonfly MDF(K, M), distances and channel loads
//! (two panels).

use icn_core::analysis::DragonflyLoads;
use icn_core::charts::{ChartRequest, D3MdfChart};
use leptos::prelude::*;

use super::view::{head, num, row, ChartView};
use crate::charts::{distance_series, log_suffix, wants_log, Line, Plot, Theme};

impl ChartView for D3MdfChart {
    const EXPLANATION: &'static str = "D3(K, M) against the maximal Dragonfly MDF(K, M), the pair of the paper's Table 1 (the same drawers of M routers and router radix K + M − 1; K·M + 1 groups against K·M drawers): ordered pairs of distinct routers per distance, and how many directed channels carry each load when every ordered pair sends one unit split equally among its minimal paths, local (inside a drawer or group) and global links apart.";

    const TERMS: &'static [&'static str] = &["chart.mdf", "chart.local-global", "net.link-load"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        d3_mdf(&self.result, theme)
    }

    fn title(&self, request: &ChartRequest) -> String {
        format!(
            "{}: {} against {}",
            request.kind.title(),
            self.result.d3.spec,
            self.result.mdf.spec
        )
    }

    fn table(self) -> AnyView {
        let D3MdfChart { result } = self;
        let r = *result;
        let mut trs = Vec::new();
        for (name, s) in [("D3", &r.d3), ("MDF", &r.mdf)] {
            for (d, &c) in s.distance_distribution.iter().enumerate().skip(1) {
                trs.push(row(
                    vec![name.into(), s.spec.clone(), "distance".into()],
                    vec![d.to_string(), c.to_string()],
                    name.into(),
                ));
            }
            for (what, k) in [("local load", &s.local), ("global load", &s.global)] {
                for c in &k.distribution {
                    trs.push(row(
                        vec![name.into(), s.spec.clone(), what.into()],
                        vec![num(c.load), c.channels.to_string()],
                        name.into(),
                    ));
                }
            }
        }
        view! {
            {head(&["Network", "Spec", "Quantity", "#Value", "#Pairs or channels"])}
            <tbody>{trs.collect_view()}</tbody>
        }
        .into_any()
    }
}

/// `d3-mdf`: two panels, distance distributions, then channels per load value by kind.
fn d3_mdf(r: &DragonflyLoads, theme: &Theme) -> Vec<Plot> {
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
