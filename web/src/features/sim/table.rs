//! The simulation's table of points: one row per point, its curve named by number (the
//! curves' full names listed above the table, so that a long spec takes no column width),
//! its figures each in a cell labelled with its column, which a phone shows stacked as
//! label and value (static/style.css, `.sim-table`).

use icn_core::sim::packet::Status;
use icn_web::jobs::SimPointReport;
use leptos::prelude::*;

use super::model::{Curve, SimModel};
use super::terms::TABLE;
use crate::components::TermList;

/// The figures' columns after the curve and the offered load, in order.
const FIGURES: [&str; 7] = [
    "Accepted",
    "Latency",
    "99th pct",
    "Network lat.",
    "Routers / packet",
    "Busiest channel",
    "Status",
];

/// A point's figures, as the columns of [`FIGURES`] show them.
fn figures(x: &SimPointReport) -> [String; 7] {
    let p = &x.point;
    [
        format!("{:.3}", p.accepted),
        latency(p.packet_latency, p.status),
        latency(p.packet_latency_p99, p.status),
        latency(p.network_latency, p.status),
        p.hops.map_or("—".into(), |h| format!("{h:.2}")),
        format!("{:.0} %", 100.0 * p.max_channel_utilisation),
        p.status.word().to_string(),
    ]
}

/// Every point of every curve; a row's load shows its channels on the diagram.
pub fn points_table(m: SimModel, curves: &[Curve]) -> impl IntoView {
    let shown = m.shown.get().map(|p| p.rate);
    let names = curves
        .iter()
        .enumerate()
        .map(|(i, c)| {
            view! { <li data-testid="sim-curve-name"><b>{format!("Curve {}", i + 1)}</b>": "{c.label()}</li> }
        })
        .collect_view();
    let rows = curves
        .iter()
        .enumerate()
        .flat_map(|(i, c)| c.points.iter().map(move |p| (i, c.label(), p.clone())))
        .map(|(i, label, p)| {
            let x = &p.point;
            let rate_text = p.rate.to_string();
            let current = i == 0 && shown == Some(p.rate);
            let pick = (i == 0 && !x.channels.is_empty()).then(|| {
                let r = rate_text.clone();
                view! {
                    <button type="button" class="text-button" aria-pressed=current.to_string()
                        title="Show this load's channel utilisation on the diagram"
                        on:click=move |_| m.show(&r)>{rate_text.clone()}</button>
                }
                .into_any()
            });
            let rate_cell = pick.unwrap_or_else(|| p.rate.to_string().into_any());
            let cells = FIGURES
                .iter()
                .zip(figures(&p))
                .map(|(label, text)| view! { <td data-label=*label>{text}</td> })
                .collect_view();
            view! {
                <tr data-status=x.status.word() aria-current=current.then_some("true")>
                    <td data-label="Curve" title=label>{(i + 1).to_string()}</td>
                    <td data-label="Offered">{rate_cell}</td>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    let heads = FIGURES
        .iter()
        .map(|h| view! { <th scope="col">{*h}</th> })
        .collect_view();
    view! {
        <ul class="sim-curve-names">{names}</ul>
        <div class="table-scroll" tabindex="0" role="region" aria-label="Every point">
            <table class="paper-table sim-table" data-testid="sim-table">
                <thead><tr>
                    <th scope="col">"Curve"</th><th scope="col">"Offered"</th>{heads}
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <p class="help">"Latencies in cycles; loads and throughput in flits per endpoint per cycle. Past saturation the averages only grow with the run's length."</p>
        <TermList keys=TABLE />
    }
}

/// A latency for the table: past saturation, a lower bound.
fn latency(x: Option<f64>, s: Status) -> String {
    let Some(x) = x else {
        return "—".into();
    };
    if s == Status::Stable {
        format!("{x:.1}")
    } else {
        format!("≥ {x:.0}")
    }
}
