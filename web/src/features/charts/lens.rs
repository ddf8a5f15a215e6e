//! `lens-loads` and `lens-distances`: a Lens against its completed form, the nodes per
//! load (processors and busses, two panels) and the processor pairs per distance.

use icn_core::charts::{LensDistanceRow, LensDistancesChart, LensLoadRow, LensLoadsChart};
use leptos::prelude::*;

use super::view::{head, num, row, ChartView};
use crate::charts::{
    distance_bars, distance_series, log_note, log_suffix, short_number, wants_log, Line, Plot,
    Theme,
};

impl ChartView for LensLoadsChart {
    const EXPLANATION: &'static str = "The lens you give and the same p, q, n completed (edge processors joined to the central busses, §6): every ordered pair of distinct processors sends one unit, split equally among all minimal paths. A processor's load is the traffic it relays (not what it sends or receives); a bus's, the traffic crossing it. Each panel shows how many nodes carry each load: the completed lens loads its processors uniformly (one point), the uncompleted one does not.";

    const TERMS: &'static [&'static str] = &["chart.relay-load", "lens.bus"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        lens_loads(&self.rows, theme)
    }

    fn table(self) -> AnyView {
        let LensLoadsChart { rows } = self;
        let trs = rows
            .into_iter()
            .map(|r| {
                row(
                    vec![r.lens.clone(), r.kind.clone()],
                    vec![num(r.load), r.nodes.to_string()],
                    format!("{} {}", r.lens, r.kind),
                )
            })
            .collect_view();
        view! { {head(&["Lens", "Kind", "#Load", "#Nodes"])}<tbody>{trs}</tbody> }.into_any()
    }
}

impl ChartView for LensDistancesChart {
    const EXPLANATION: &'static str = "Processor-to-processor distances, in busses traversed (the paper's distance), over ordered pairs of distinct processors, for the lens you give uncompleted and completed. Dashed rules: the mean distances. The diameters are 2n − 1 and ⌊3n/2⌋ − 1, one less than the paper's 2n and ⌊3n/2⌋ (processors may also share a bus through pattern B; the Papers view explains).";

    const TERMS: &'static [&'static str] = &["lens.paper-distance", "lens.bus-distance"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![lens_distances(&self.rows, theme)]
    }

    fn table(self) -> AnyView {
        let LensDistancesChart { rows } = self;
        let trs = rows
            .into_iter()
            .map(|r| {
                row(
                    vec![r.lens.clone()],
                    vec![
                        r.distance.to_string(),
                        r.ordered_pairs.to_string(),
                        short_number(r.average),
                    ],
                    r.lens,
                )
            })
            .collect_view();
        view! {
            {head(&["Lens", "#Distance (busses)", "#Ordered pairs", "#Mean"])}
            <tbody>{trs}</tbody>
        }
        .into_any()
    }
}

/// `lens-distances`: ordered processor pairs per distance (busses), both lenses.
fn lens_distances(rows: &[LensDistanceRow], theme: &Theme) -> Plot {
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
    distance_bars(
        "distance (busses traversed)",
        "ordered processor pairs",
        rows.iter().map(|r| r.ordered_pairs as f64),
        lines,
        rules,
    )
}

/// `lens-loads`: two panels, processors then busses; x the load, y how many nodes carry it.
fn lens_loads(rows: &[LensLoadRow], theme: &Theme) -> Vec<Plot> {
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
