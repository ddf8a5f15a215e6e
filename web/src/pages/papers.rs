//! The Papers view (`?view=papers&paper=ID`): every reproduced table and worked example of
//! one paper, each cell's printed value beside the value computed in this browser, with
//! the reason where they differ. The tables are computed in the worker
//! ([`crate::compute`]), with progress and a Cancel button; results are cached.

use icn_core::papers::PAPERS;
use icn_web::jobs::{CellReport, ItemReport, Job, PaperReport};
use leptos::prelude::*;

use crate::components::job_progress;
use crate::compute::{self, JobState};
use crate::history::Nav;
use crate::url::{ChartsForm, Query, View};

/// Live views that reproduce an item's worked example, as (label, query).
fn examples(item: &str) -> Vec<(&'static str, String)> {
    let route = |spec: &str, from: &str, to: &str, s: &str| {
        Query(vec![
            ("view".into(), View::Route.slug().into()),
            ("t".into(), spec.into()),
            ("from".into(), from.into()),
            ("to".into(), to.into()),
            ("s".into(), s.into()),
        ])
        .encode()
    };
    let chart = |chart: &str, spec: &str, strategy: &str, n: Option<&str>| {
        ChartsForm {
            chart: chart.into(),
            spec: spec.into(),
            strategy: strategy.into(),
            n: n.map(str::to_string),
        }
        .to_query()
    };
    let kyklos6 = "kyklos2:m=2,r=2,n=6,shuffle=proposed";
    let schedule = |collective: &str| {
        Query(vec![
            ("view".into(), View::Schedule.slug().into()),
            ("t".into(), "d3:k=3,m=4".into()),
            ("c".into(), collective.into()),
        ])
        .encode()
    };
    match item {
        "kyklos-density" => vec![(
            "Table 3 as a chart: maximum link traffic density against N, printed values as markers",
            chart("density", kyklos6, "y2", Some("12")),
        )],
        "kyklos-load" => vec![
            (
                "Chart: Y-2's IB-node processing load per level, ⟨2,2,6⟩",
                chart("load", kyklos6, "y2", None),
            ),
            (
                "Chart: H-2's quasi-level load per level, ⟨2,2,6⟩",
                chart("load", kyklos6, "hr", None),
            ),
        ],
        "kyklos-appendix-c" => vec![
            (
                "Chart: H-2's link traffic per level, ⟨2,2,8⟩",
                chart("levels", "kyklos2:m=2,r=2,n=8,shuffle=proposed", "hr", None),
            ),
            (
                "Chart: Y-2's link traffic per level, ⟨2,2,8⟩",
                chart("levels", "kyklos2:m=2,r=2,n=8,shuffle=proposed", "y2", None),
            ),
        ],
        "d3-schedules" => vec![
            (
                "The all-to-all schedule on D3(3,4), step by step",
                schedule("all-to-all"),
            ),
            (
                "The broadcast schedule on D3(3,4), step by step",
                schedule("broadcast"),
            ),
        ],
        "d3-example" => vec![(
            "(4,5,3) → (2,3,5) in D3(6,6): the global port (4) in the route explorer",
            route("d3:k=6,m=6", "(4,5,3)", "(2,3,5)", "minimal"),
        )],
        "d3-subnetwork" => vec![(
            "κ = {1, 2, 5, 8} in D3(9,3): the port table and the sub-network lit",
            Query(vec![
                ("view".into(), View::Subnet.slug().into()),
                ("t".into(), "d3:k=9,m=3".into()),
                ("kind".into(), "cabinets".into()),
                ("set".into(), "1,2,5,8".into()),
            ])
            .encode(),
        )],
        "lens-figure2" => vec![(
            "Figure 2 in the walkthrough (class 1, Figure 2g)",
            Query(vec![
                ("view".into(), View::Walk.slug().into()),
                ("t".into(), "lens:p=4,q=4,n=10,completed".into()),
                ("from".into(), "021.0212012".into()),
                ("to".into(), "0110010.212".into()),
                ("choice".into(), "class1".into()),
            ])
            .encode(),
        )],
        "kyklos-joins" | "kyklos-spans" => vec![
            (
                "Example 1: 24 → 62, Y-2, in the route explorer",
                route("kyklos2:m=2,r=2,n=6", "24", "62", "y2"),
            ),
            (
                "Example 2: 20 → 14, Y-2, in the route explorer",
                route("kyklos2:m=2,r=2,n=6", "20", "14", "y2"),
            ),
        ],
        "d2-distances" => vec![
            (
                "D2 on KYKLOS-II⟨2,2,6⟩ (bit-reversal shuffle) in the route explorer",
                route("kyklos2:m=2,r=2,n=6,shuffle=original", "0", "63", "d2"),
            ),
            (
                "Chart: P(2d) of M2, H2 and D2 with their averages, n = 6",
                chart("distances", kyklos6, "y2", Some("6")),
            ),
        ],
        "d2-density" => vec![
            (
                "D2 on KYKLOS-II⟨2,2,6⟩ (bit-reversal shuffle) in the route explorer",
                route("kyklos2:m=2,r=2,n=6,shuffle=original", "0", "63", "d2"),
            ),
            (
                "Chart: D2 against H2 density, n = 3 … 20, printed values as markers",
                chart("d2h2", kyklos6, "y2", Some("20")),
            ),
        ],
        "hypercycle-formulas" => vec![
            (
                "The 5×4×3 Hypercycle, 000 → 422, in the route explorer",
                route("hypercycle:m=5x4x3,rho=2x1x1", "000", "422", "greedy"),
            ),
            (
                "Chart: the 5×4×3 Hypercycle's distance distribution",
                chart("hc-distances", "hypercycle:m=5x4x3,rho=2x1x1", "", None),
            ),
            (
                "Chart: its link loads under e-cube and random-greedy routing",
                chart("hc-loads", "hypercycle:m=5x4x3,rho=2x1x1", "", None),
            ),
        ],
        "hypercycle-figure2" => vec![
            (
                "Figure 2 as a chart: delay against offered load on the 4-cube, seed 1",
                chart("hc-sim", "hypercube:n=4", "", None),
            ),
            (
                "The same experiment on the 5×4×3 Hypercycle",
                chart("hc-sim", "hypercycle:m=5x4x3,rho=2x1x1", "", None),
            ),
        ],
        "lens-counts" => vec![
            (
                "Chart: processor and bus loads, completed against uncompleted lens",
                chart("lens-loads", "lens:p=3,q=3,n=3", "", None),
            ),
            (
                "Chart: distance distributions, completed against uncompleted lens",
                chart("lens-distances", "lens:p=3,q=3,n=3", "", None),
            ),
        ],
        "d3-cutset" => vec![(
            "Chart: D3(4,4) against the maximal Dragonfly of similar size, distances and loads",
            chart("d3-mdf", "d3:k=4,m=4", "", None),
        )],
        _ => Vec::new(),
    }
}

/// The view.
#[component]
pub fn PapersView(nav: Nav) -> impl IntoView {
    let paper = Memo::new(move |_| nav.state.with(|s| s.papers.paper.clone()));
    let (state, set_state) = signal(JobState::Idle);
    // Compute the chosen paper whenever it changes (cached results come back at once).
    Effect::new(move |_| {
        let id = paper.get();
        if PAPERS.iter().any(|p| p.id == id) {
            compute::start(Job::Papers { paper: id }, set_state);
        } else {
            compute::cancel(set_state);
        }
    });
    on_cleanup(move || compute::cancel(set_state));
    let tabs = PAPERS
        .iter()
        .map(|p| {
            let id = p.id;
            let selected = move || paper.get() == id;
            view! {
                <button
                    type="button"
                    class="paper-tab"
                    class:selected=selected
                    aria-pressed=move || selected().to_string()
                    data-testid=format!("paper-tab-{id}")
                    on:click=move |_| nav.commit(|s| s.papers.paper = id.to_string())
                >
                    {short_title(id)}
                </button>
            }
        })
        .collect_view();
    let body = move || {
        let id = paper.get();
        let Some(p) = PAPERS.iter().find(|p| p.id == id) else {
            let known: Vec<&str> = PAPERS.iter().map(|p| p.id).collect();
            return view! {
                <p class="field-error" role="alert" data-testid="paper-error">
                    {format!("There is no paper '{id}'. Choose one of: {}.", known.join(", "))}
                </p>
            }
            .into_any();
        };
        let citation = p.citation;
        view! {
            <p class="paper-citation" data-testid="paper-citation">{citation}</p>
            <JobPanel state=state set_state=set_state paper=paper />
        }
        .into_any()
    };
    view! {
        <section data-testid="view-papers" class="papers-view" aria-labelledby="papers-title">
            <div class="card">
                <h1 id="papers-title" class="papers-title">"The papers, reproduced"</h1>
                <p class="help">
                    "Every table and worked example of the five papers that icnplay reproduces: "
                    "each printed value beside the value computed now, in this browser, by the same "
                    "code as the explorer and " <code>"icn papers"</code> ". Differences carry their "
                    "explanation; docs/paper-notes.md has the evidence."
                </p>
                <div class="paper-tabs" role="group" aria-label="Paper">{tabs}</div>
                {body}
            </div>
        </section>
    }
}

fn short_title(id: &str) -> &'static str {
    match id {
        "kyklos" => "KYKLOS (TR-88-27)",
        "d2" => "D2 routing (Du et al.)",
        "hypercycles" => "Hypercycles",
        "lens" => "The Lens",
        "dragonfly" => "Swapped Dragonfly",
        _ => "?",
    }
}

#[component]
fn JobPanel(
    state: ReadSignal<JobState>,
    set_state: WriteSignal<JobState>,
    paper: Memo<String>,
) -> impl IntoView {
    move || match state.get() {
        JobState::Idle => view! {
            <p class="help">
                "Stopped. "
                <button
                    type="button"
                    data-testid="papers-compute"
                    on:click=move |_| {
                        compute::start(Job::Papers { paper: paper.get_untracked() }, set_state)
                    }
                >
                    "Compute"
                </button>
            </p>
        }
        .into_any(),
        JobState::Running { done, total, label } => job_progress(
            done,
            total,
            label,
            |done, total, label| format!("{done} of {total} tables: {label}"),
            set_state,
        )
        .into_any(),
        JobState::Failed(message) => view! {
            <p class="field-error" role="alert" data-testid="job-error">{message}</p>
        }
        .into_any(),
        JobState::Done(json) => match serde_json::from_str::<PaperReport>(&json) {
            Ok(report) => view! { <Report report=report /> }.into_any(),
            Err(e) => view! {
                <p class="field-error" role="alert">{format!("unreadable result: {e}")}</p>
            }
            .into_any(),
        },
    }
}

#[component]
fn Report(report: PaperReport) -> impl IntoView {
    let printed = report.matched + report.explained + report.unexplained;
    let score = if printed == 0 {
        "nothing printed is reproduced yet".to_string()
    } else {
        format!(
            "{:.1} % of the printed values reproduced",
            100.0 * report.matched as f64 / printed as f64
        )
    };
    let items = report
        .items
        .into_iter()
        .map(|item| view! { <Item item=item /> })
        .collect_view();
    let empty = (printed == 0).then(|| {
        view! {
            <p class="help" data-testid="paper-empty">
                "No table of this paper is registered yet: the family's tables land with its issue."
            </p>
        }
    });
    view! {
        <p class="paper-score" data-testid="paper-score">
            <strong>{score}</strong>
            {format!(
                ": {} matched, {} differ with an explanation, {} differ without one.",
                report.matched,
                report.explained,
                report.unexplained,
            )}
        </p>
        <span hidden data-testid="paper-counts">
            {format!("{} {} {}", report.matched, report.explained, report.unexplained)}
        </span>
        {empty}
        {items}
    }
}

#[component]
fn Item(item: ItemReport) -> impl IntoView {
    let links = examples(&item.name)
        .into_iter()
        .map(|(label, query)| {
            view! {
                <li>
                    <a href=format!("?{query}") data-testid="paper-example-link">{label}</a>
                </li>
            }
        })
        .collect_view();
    let notes = item
        .notes
        .iter()
        .map(|n| view! { <li>{n.clone()}</li> })
        .collect_view();
    let rows = item
        .cells
        .into_iter()
        .map(|c| view! { <CellRow cell=c /> })
        .collect_view();
    let name = item.name.clone();
    let table_label = format!("{}: printed and computed values", item.title);
    view! {
        <section class="paper-item" data-testid=format!("paper-item-{name}")>
            <h2>{item.title}</h2>
            <p class="help">
                <code>{format!("icn table {name}")}</code>
                {format!(" · {}", item.source)}
            </p>
            <p>{item.description}</p>
            <p class="paper-item-counts" data-testid="paper-item-counts">
                {format!(
                    "{} matched · {} differ (explained) · {} differ (unexplained) · {} computed only",
                    item.matched,
                    item.explained,
                    item.unexplained,
                    item.computed_only,
                )}
            </p>
            <ul class="paper-links">{links}</ul>
            <details>
                <summary>"Conventions and notes"</summary>
                <ul>{notes}</ul>
            </details>
            // Focusable, so that a keyboard can scroll a table wider than the screen.
            <div class="table-scroll" tabindex="0" role="region" aria-label=table_label>
                <table class="paper-table">
                    <thead>
                        <tr>
                            <th scope="col">"Where"</th>
                            <th scope="col">"Row"</th>
                            <th scope="col">"Column"</th>
                            <th scope="col" class="num">"Printed"</th>
                            <th scope="col" class="num">"Computed"</th>
                            <th scope="col">"Verdict"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

#[component]
fn CellRow(cell: CellReport) -> impl IntoView {
    let verdict = match cell.verdict.as_str() {
        "match" => "✓ matches",
        "differs" => "≠ differs",
        "not_printed" => "computed only",
        _ => "not computed",
    };
    let computed = match (&cell.computed, &cell.exact) {
        (Some(c), Some(e)) if e != c => format!("{c} (= {e})"),
        (Some(c), _) => c.clone(),
        (None, _) => "—".into(),
    };
    let note = cell.note.clone().map(|n| {
        view! {
            <details class="cell-note">
                <summary>"why"</summary>
                <p>{n}</p>
            </details>
        }
    });
    view! {
        <tr class=format!("cell-{}", cell.verdict) data-verdict=cell.verdict.clone()>
            <td>{cell.group}</td>
            <td>{cell.row}</td>
            <td>{cell.column}</td>
            <td class="num">{cell.printed.unwrap_or_else(|| "—".into())}</td>
            <td class="num">{computed}</td>
            <td>{verdict} " " {note}</td>
        </tr>
    }
}
