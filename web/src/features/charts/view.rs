//! A chart's side of the page ([`ChartView`]), implemented for core's chart data type in
//! the chart's module, and the table cells those modules share.

use icn_core::charts::ChartRequest;
use leptos::prelude::*;

use crate::charts::{Plot, Theme};

/// What the Charts view shows of one chart: its explanation and terms (before any data),
/// then, for its data, the drawing, the figure's title, notes under the drawing and the
/// table of its numbers.
pub(super) trait ChartView {
    /// What the chart shows and how it counts (docs/charts.md says more).
    const EXPLANATION: &'static str;

    /// The glossary keys of the chart's measures and strategies, in reading order.
    const TERMS: &'static [&'static str];

    /// The drawing: one plot, or panels one above the other.
    fn plots(&self, theme: &Theme) -> Vec<Plot>;

    /// The figure's title: by default the chart's title and its network, or for a chart
    /// without one, its largest `n`.
    fn title(&self, request: &ChartRequest) -> String {
        if request.kind.family().is_some() {
            format!("{}: {}", request.kind.title(), request.spec)
        } else {
            format!("{}, n up to {}", request.kind.title(), request.n)
        }
    }

    /// What the figure says between the drawing and its table (nothing by default).
    fn notes(&self) -> Option<AnyView> {
        None
    }

    /// The table's head and body: the rows of `icn chart NAME --format csv`, one table row
    /// each.
    fn table(self) -> AnyView;
}

/// A number as the CSV prints it.
pub(super) fn num(x: f64) -> String {
    x.to_string()
}

/// Head cells; a name starting with `#` is numeric (right-aligned).
pub(super) fn head(cols: &[&'static str]) -> impl IntoView {
    let cells = cols
        .iter()
        .map(|c| match c.strip_prefix('#') {
            Some(name) => view! { <th scope="col" class="num">{name}</th> }.into_any(),
            None => view! { <th scope="col">{*c}</th> }.into_any(),
        })
        .collect_view();
    view! { <thead><tr>{cells}</tr></thead> }
}

/// One row: text cells, then numeric ones.
pub(super) fn row(text: Vec<String>, nums: Vec<String>, series: String) -> impl IntoView {
    let t = text
        .into_iter()
        .map(|c| view! { <td>{c}</td> })
        .collect_view();
    let n = nums
        .into_iter()
        .map(|c| view! { <td class="num">{c}</td> })
        .collect_view();
    view! { <tr data-series=series>{t}{n}</tr> }
}
