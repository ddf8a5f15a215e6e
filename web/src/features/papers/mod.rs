//! The Papers view (`?view=papers&paper=ID`): every reproduced table and worked example of
//! one paper, each cell's printed value beside the value computed in this browser, with
//! the reason where they differ. The tables are computed in the worker
//! ([`crate::compute`]), with progress and a Cancel button; results are cached.

mod examples;
mod grid;

use icn_core::papers::PAPERS;
use icn_web::jobs::{CellReport, ItemReport, JobFor, PaperReport};
use icn_web_model::url::PaperLayout;
use leptos::prelude::*;

use self::examples::examples;
use crate::components::{job_crashed, job_progress, TermList};
use crate::compute::{use_answer, Answered, JobState, WhenNone};
use crate::history::Nav;
use crate::url::PapersForm;

/// The view.
#[component]
pub fn PapersView(nav: Nav) -> impl IntoView {
    let form = nav.form::<PapersForm>();
    let paper = Memo::new(move |_| form.with(|f| f.paper.clone()));
    // Compute the chosen paper whenever it changes (cached results come back at once).
    let job = use_answer::<PaperReport>(
        move || {
            let id = paper.get();
            PAPERS
                .iter()
                .any(|p| p.id == id)
                .then_some(JobFor::papers(id))
        },
        WhenNone::Clear,
    );
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
                    on:click=move |_| nav.commit_form(|f: &mut PapersForm| f.paper = id.to_string())
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
            {grid::controls(nav)}
            <JobPanel job=job paper=paper nav=nav />
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
fn JobPanel(job: Answered<PaperReport>, paper: Memo<String>, nav: Nav) -> impl IntoView {
    move || match job.state.get() {
        JobState::Idle => view! {
            <p class="help">
                "Stopped. "
                <button
                    type="button"
                    data-testid="papers-compute"
                    on:click=move |_| {
                        job.start(JobFor::papers(paper.get_untracked()))
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
            job.handle.set_state,
        )
        .into_any(),
        JobState::Crashed(crash) => job_crashed(crash, job.handle.set_state),
        JobState::Failed(message) => view! {
            <p class="field-error" role="alert" data-testid="job-error">{message}</p>
        }
        .into_any(),
        JobState::Done(report) => view! { <Report report=(*report).clone() nav=nav /> }.into_any(),
    }
}

/// The columns' notation.
const TERMS: &[&str] = &["papers.printed", "papers.computed", "papers.verdict"];

#[component]
fn Report(report: PaperReport, nav: Nav) -> impl IntoView {
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
        .map(|item| view! { <Item item=item nav=nav /> })
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
        <TermList keys=TERMS />
        {empty}
        {items}
    }
}

#[component]
fn Item(item: ItemReport, nav: Nav) -> impl IntoView {
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
    let differs = item.cells.iter().any(grid::is_difference);
    let cells = StoredValue::new(item.cells);
    let form = nav.form::<PapersForm>();
    let only_diff = move || form.with(|f| f.differences_only);
    let layout = move || form.with(|f| f.layout);
    let name = item.name.clone();
    let table_label = format!("{}: printed and computed values", item.title);
    view! {
        <section
            class="paper-item"
            data-testid=format!("paper-item-{name}")
            hidden=move || only_diff() && !differs
        >
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
            {move || match layout() {
                PaperLayout::Paper => cells
                    .with_value(|c| grid::grid_tables(c, only_diff(), &table_label).into_any()),
                PaperLayout::List => cells.with_value(|c| list_table(c, only_diff(), &table_label)),
            }}
        </section>
    }
}

/// One line per cell (with `only_diff`, the cells that differ).
fn list_table(cells: &[CellReport], only_diff: bool, label: &str) -> AnyView {
    let rows = cells
        .iter()
        .filter(|c| !only_diff || grid::is_difference(c))
        .map(|c| view! { <CellRow cell=c.clone() /> })
        .collect_view();
    // Focusable, so that a keyboard can scroll a table wider than the screen.
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=label.to_string()>
            <table class="paper-table" data-testid="paper-list">
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
    }
    .into_any()
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
