//! The Lens's loads under uniform traffic (§6): processor and bus load, least, mean and
//! greatest, whether each kind is uniform, and the switch that colours the diagram by load.
//! The numbers are core's ([`icn_core::topology::lens::Lens::loads`]); this only shows them.

use icn_core::analysis::{LensLoads, LoadStats};
use icn_core::topology::lens::Lens;
use leptos::prelude::*;

use super::model::{LoadsView, WalkModel};
use crate::components::job_status;
use crate::compute::JobState;
use crate::limits::INFO_BUDGET;
use crate::url::walk_loads_href;
use icn_core::Addresses;
use icn_web_model::format::group;

/// Colour bands of the load colouring (CSS `--load-0` … `--load-4`).
pub const LOAD_LEVELS: usize = 5;

/// A small lens whose loads the page computes, offered when the current one is too large.
const SMALL_LENS: &str = "lens:p=3,q=3,n=3,completed";

/// A load as printed: up to four decimals, trailing zeros dropped.
pub fn load_text(x: f64) -> String {
    let s = format!("{x:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// CSS rules filling every processor and bus of the walkthrough's diagram with its load
/// band (each kind banded over its own range); source and destination keep their colours.
pub fn load_rules(lens: &Lens, loads: &LensLoads) -> String {
    let procs = lens.processor_count();
    let (ps, bs) = (loads.processor_stats(), loads.bus_stats());
    let mut bands: Vec<Vec<String>> = vec![Vec::new(); LOAD_LEVELS];
    let kinds = [
        ("proc", "circle", &loads.processor, ps, 0),
        ("bus", "rect", &loads.bus, bs, procs),
    ];
    for (class, shape, values, stats, first) in kinds {
        for (i, &x) in values.iter().enumerate() {
            let label = lens.format_node(first + i);
            bands[stats.level(x, LOAD_LEVELS)].push(format!(
                ".walk-diagram.by-load .node.{class}:not(.src):not(.dst)[data-addr=\"{label}\"] {shape}"
            ));
        }
    }
    bands
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.is_empty())
        .map(|(k, s)| format!("{} {{ fill: var(--load-{k}); }}", s.join(", ")))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The loads table: one column per kind, one row per statistic; every cell is
/// `loads-{proc|bus}-{count|min|mean|max|uniform}`.
fn stats_table(procs: usize, busses: usize, ps: LoadStats, bs: LoadStats) -> impl IntoView {
    let cell = |kind: &str, what: &str, text: String| {
        view! { <td data-testid=format!("loads-{kind}-{what}")>{text}</td> }
    };
    let yes = |u: bool| if u { "yes" } else { "no" }.to_string();
    let rows = [
        ("count", procs.to_string(), busses.to_string()),
        ("min", load_text(ps.min), load_text(bs.min)),
        ("mean", load_text(ps.mean), load_text(bs.mean)),
        ("max", load_text(ps.max), load_text(bs.max)),
        ("uniform", yes(ps.uniform), yes(bs.uniform)),
    ];
    let names = ["count", "least", "mean", "greatest", "uniform"];
    let body = rows
        .into_iter()
        .zip(names)
        .map(|((what, p, b), name)| {
            view! {
                <tr>
                    <th scope="row">{name}</th>
                    {cell("proc", what, p)}
                    {cell("bus", what, b)}
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="loads-table">
            <thead>
                <tr>
                    <th scope="col">""</th>
                    <th scope="col" data-testid="loads-proc">"Processors"</th>
                    <th scope="col" data-testid="loads-bus">"Busses"</th>
                </tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
}

/// Loads on their way from the worker: its progress and Cancel, or why it stopped.
fn worker_status<R>(model: WalkModel, state: JobState<R>) -> impl IntoView {
    let worker = model.loads_worker;
    job_status(
        state,
        worker.handle.set_state,
        "The loads",
        "loads",
        move || {
            if let Some(job) = model.loads_job.get_untracked() {
                worker.start(job);
            }
        },
    )
}

/// The loads card of the walkthrough.
#[component]
pub fn LensLoadsCard(model: WalkModel) -> impl IntoView {
    let content = move || {
        let loads = model.loads.get()?;
        let (procs, busses, completed) = model.network.with(|n| {
            let l = n.as_ref().ok()?.lens().ok()?;
            Some((l.processor_count(), l.bus_count(), l.is_completed()))
        })?;
        Some(match loads {
            LoadsView::OverBudget { cost } => {
                let href = walk_loads_href(SMALL_LENS);
                view! {
                    <p class="too-large" data-testid="loads-over-budget" role="status">
                        {format!(
                            "Not computed here: about {} steps, over the page's budget of {}. ",
                            group(cost),
                            group(INFO_BUDGET)
                        )}
                        <code>"icn metrics"</code>
                        " computes them on the command line; or "
                        <a href=href>{format!("try {SMALL_LENS}")}</a>
                        "."
                    </p>
                }
                .into_any()
            }
            LoadsView::Worker(state) => worker_status(model, state).into_any(),
            LoadsView::Computed(l) => {
                let (ps, bs) = (l.processor_stats(), l.bus_stats());
                let verdict = match (ps.uniform, bs.uniform, completed) {
                    (true, true, true) => "Uniform: every processor relays the same traffic and every bus carries the same, as Theorem 1 and its corollaries say for the completed lens.".to_string(),
                    (true, true, false) => "Uniform here, although the lens is not completed.".to_string(),
                    _ => format!(
                        "Not uniform: processors relay {} to {}, busses carry {} to {}. Colour the diagram to see where; the completed lens (p = q) loads evenly.",
                        load_text(ps.min), load_text(ps.max), load_text(bs.min), load_text(bs.max)
                    ),
                };
                let uniform = ps.uniform && bs.uniform;
                view! {
                    {stats_table(procs, busses, ps, bs)}
                    <p class="loads-verdict" class:uniform=uniform data-testid="loads-verdict">{verdict}</p>
                    <label class="check">
                        <input
                            type="checkbox"
                            data-testid="loads-colour"
                            prop:checked=move || model.form.with(|f| f.loads)
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                model.commit(move |f| f.loads = on);
                            }
                        />
                        " Colour the diagram by load"
                    </label>
                }
                .into_any()
            }
        })
    };
    view! {
        <section class="card walk-loads" data-testid="lens-loads" aria-labelledby="walk-loads-title">
            <h2 id="walk-loads-title">"Loads under uniform traffic"</h2>
            <p class="help">
                "Every ordered pair of processors sends one unit, split equally over all minimal paths (the paper's regular routing, §6). A processor's load is the traffic it relays; a bus's, the traffic it carries. Divide by P(P − 1) for the paper's probability."
            </p>
            {move || content().unwrap_or_else(|| view! {
                <p class="placeholder">"Type a valid Lens spec to see its loads."</p>
            }.into_any())}
        </section>
    }
}
