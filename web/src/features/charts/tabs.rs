//! The chart picker: one tab per chart, and on phones the same choice as one select.

use icn_core::charts::ChartKind;
use leptos::prelude::*;

use crate::history::Nav;
use crate::url::ChartsForm;

/// Shows chart `k`; another family's network does not carry over to it.
fn pick(nav: Nav, k: ChartKind) {
    nav.commit_form(|f: &mut ChartsForm| {
        // From a chart without a network field, or to a chart of another family: the
        // chart's own network.
        let shown = ChartKind::from_name(&f.chart).is_some_and(|p| p.family().is_some());
        f.chart = k.name().to_string();
        if !shown || !k.suits(&f.spec) {
            f.spec = k.default_spec().to_string();
        }
    });
}

/// One tab per chart, and the same choice as one select: the stylesheet shows the select
/// on phones, where thirteen pills would fill the screen before the chart.
pub(super) fn chart_tabs(nav: Nav, kind: Memo<Option<ChartKind>>) -> impl IntoView {
    let tabs = ChartKind::ALL
        .into_iter()
        .map(|k| {
            let selected = move || kind.get() == Some(k);
            view! {
                <button
                    type="button"
                    class="paper-tab"
                    class:selected=selected
                    aria-pressed=move || selected().to_string()
                    data-testid=format!("chart-tab-{}", k.name())
                    on:click=move |_| pick(nav, k)
                >
                    {k.title()}
                </button>
            }
        })
        .collect_view();
    let options = ChartKind::ALL
        .into_iter()
        .map(|k| {
            view! {
                <option value=k.name() selected=move || kind.get() == Some(k)>
                    {k.title()}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="paper-tabs chart-tabs" role="group" aria-label="Chart">{tabs}</div>
        <select
            class="chart-select"
            data-testid="chart-select"
            aria-label="Chart"
            prop:value=move || kind.get().map(|k| k.name()).unwrap_or_default()
            on:change=move |ev| {
                if let Some(k) = ChartKind::from_name(&event_target_value(&ev)) {
                    pick(nav, k);
                }
            }
        >
            {options}
        </select>
    }
}
