//! `density` and `d2h2`: KYKLOS traffic density against N, drawn as lines through the
//! computed values with the papers' printed values as markers, and tabled row by row.

use icn_core::charts::{D2h2Chart, DensityChart, DensityRow, D2_SOURCE, TR_SOURCE};
use leptos::prelude::*;

use super::view::{num, ChartView};
use crate::charts::{series_names, Line, Marks, Plot, Shape, Theme};

impl ChartView for DensityChart {
    const EXPLANATION: &'static str = "The busiest link's traffic when every ordered pair of L-nodes sends one unit, split equally among the strategy's routes, both directions of a link added (TR-88-27 Table 3's convention). K-1 is KYKLOS-I⟨2,2,n⟩; M-2, H-2, P-2 and Y-2 the proposed KYKLOS-II⟨2,2,n⟩ (n even); D2 the original KYKLOS-II⟨2,2,n⟩ with the D2 paper's method (paths from processor 0, tree T₁, ties split as the paper says). Lines are computed here; hollow markers are the values the papers print.";

    const TERMS: &'static [&'static str] = &[
        "kyklos.density",
        "routing.mr",
        "routing.hr",
        "routing.pr",
        "routing.y2",
        "routing.d2",
    ];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![density(&self.rows, theme)]
    }

    fn table(self) -> AnyView {
        density_table(self.rows)
    }
}

impl ChartView for D2h2Chart {
    const EXPLANATION: &'static str = "The traffic density max_k T(k) of D2 and H2 on KYKLOS-II⟨2,2,n⟩ by the D2 paper's processor symmetry: only the paths from processor 0 are enumerated (2ⁿ sequences), so n = 20 (a million processors) runs here. Ordered pairs, per link, both directions added. Crosses: the paper's printed values.";

    const TERMS: &'static [&'static str] = &["kyklos.density", "routing.d2", "routing.hr"];

    fn plots(&self, theme: &Theme) -> Vec<Plot> {
        vec![d2h2(&self.rows, theme)]
    }

    fn table(self) -> AnyView {
        density_table(self.rows)
    }
}

/// Chart (a): maximum link traffic density against N.
fn density(rows: &[DensityRow], theme: &Theme) -> Plot {
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
fn d2h2(rows: &[DensityRow], theme: &Theme) -> Plot {
    density_lines(
        rows,
        theme,
        &[(D2_SOURCE, "printed, D2 paper", Shape::Cross)],
    )
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

/// The rows of a density chart, with their series, n and values as data attributes.
fn density_table(rows: Vec<DensityRow>) -> AnyView {
    let trs = rows
        .into_iter()
        .map(|r| {
            let computed = r.computed.map(num).unwrap_or_default();
            let printed = r.printed.map(num).unwrap_or_default();
            let (series_attr, computed_attr, printed_attr) =
                (r.series.clone(), computed.clone(), printed.clone());
            view! {
                <tr
                    data-series=series_attr
                    data-n=r.n.to_string()
                    data-computed=computed_attr
                    data-printed=printed_attr
                >
                    <td>{r.series}</td>
                    <td class="num">{r.nodes}</td>
                    <td class="num">{computed}</td>
                    <td class="num">{r.exact.unwrap_or_default()}</td>
                    <td class="num">{r.levels.unwrap_or_default()}</td>
                    <td class="num">{printed}</td>
                    <td>{r.source.unwrap_or_default()}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <thead><tr>
            <th scope="col">"Series"</th><th scope="col" class="num">"N"</th>
            <th scope="col" class="num">"Computed"</th><th scope="col" class="num">"Exact"</th>
            <th scope="col" class="num">"Level"</th><th scope="col" class="num">"Printed"</th>
            <th scope="col">"Source"</th>
        </tr></thead>
        <tbody>{trs}</tbody>
    }
    .into_any()
}
