//! The compare view (`?view=compare&t1=SPEC&t2=SPEC[&t3=SPEC&t4=SPEC]`): two to four
//! networks of any families side by side — nodes, links, degree, diameter, average
//! distance, the default strategy's maximum and mean link load — and their distance
//! distributions overlaid on one chart. Rows come from `icn_core::analysis::row` in the
//! worker ([`crate::compute`]: progress, Cancel), cached per spec for the session; the CSV
//! is `icn compare SPEC… --format csv` (`icn_core::analysis::summary_csv`).

use std::cell::RefCell;
use std::collections::HashMap;

use icn_core::analysis::{check_budget, summary_csv, CompareRow};
use icn_core::{Network, FAMILIES, PAGE_BUDGET};
use icn_web::jobs::JobFor;
use leptos::prelude::*;

use crate::charts::{self, short_number};
use crate::components::{job_crashed, job_progress, ChartCanvas, FieldError, TermList};
use crate::compute::{use_answer, Answered, JobState, WhenNone};
use crate::history::Nav;
use crate::url::{CompareForm, View, COMPARE_MAX};

/// The error ids of the spec fields (FieldError takes static ids).
const ERROR_IDS: [&str; COMPARE_MAX] = [
    "compare-spec-error-1",
    "compare-spec-error-2",
    "compare-spec-error-3",
    "compare-spec-error-4",
];

/// The fewest specs the view holds.
const COMPARE_MIN: usize = 2;

thread_local! {
    /// Computed rows by canonical spec, for the session.
    static ROWS: RefCell<HashMap<String, CompareRow>> = RefCell::new(HashMap::new());
}

/// A spec as the page sees it: its canonical form when it parses and fits the page's
/// budget, else the message for its field.
fn check(spec: &str) -> Result<String, String> {
    let net: Network = spec.parse().map_err(|e| format!("{e}"))?;
    check_budget(&net, PAGE_BUDGET).map_err(|e| {
        format!("{e}. The page computes up to its budget; `icn compare` computes it natively (with --force).")
    })?;
    Ok(net.spec())
}

/// The spec a new row starts with: the first family example not yet listed.
fn next_spec(specs: &[String]) -> String {
    FAMILIES
        .iter()
        .map(|f| f.example)
        .find(|e| !specs.iter().any(|s| s == e))
        .unwrap_or(FAMILIES[0].example)
        .to_string()
}

/// The view's state: the specs, their checks, the job computing the missing rows and the
/// rows. `Copy`: hand it to the view's parts.
#[derive(Debug, Clone, Copy)]
struct CompareModel {
    nav: Nav,
    specs: Memo<Vec<String>>,
    /// Each spec's canonical form, or the message for its field.
    checked: Memo<Vec<Result<String, String>>>,
    job: Answered<Vec<CompareRow>>,
    /// The specs of the job in flight (their rows are cached when it answers).
    asked: StoredValue<Vec<String>>,
    /// The rows of the valid specs, once all of them are computed.
    rows: Memo<Option<Vec<CompareRow>>>,
}

impl CompareModel {
    fn new(nav: Nav) -> CompareModel {
        let form = nav.form::<CompareForm>();
        let specs = Memo::new(move |_| form.with(|f| f.specs.clone()));
        let checked =
            Memo::new(move |_| specs.with(|s| s.iter().map(|x| check(x)).collect::<Vec<_>>()));
        // Bumped when rows arrive in the cache.
        let cached = RwSignal::new(0u32);
        let asked = StoredValue::new(Vec::<String>::new());
        // Whenever the specs change, compute the rows not cached yet (none: stop the job).
        let job = use_answer::<Vec<CompareRow>>(
            move || {
                checked.track();
                ask(asked, missing(checked))
            },
            WhenNone::Clear,
        );
        let rows = Memo::new(move |_| {
            cached.track();
            checked.with(|c| {
                let valid: Vec<&String> = c.iter().flatten().collect();
                let rows: Option<Vec<CompareRow>> = valid
                    .iter()
                    .map(|s| ROWS.with_borrow(|r| r.get(*s).cloned()))
                    .collect();
                rows.filter(|r| !r.is_empty())
            })
        });
        let m = CompareModel {
            nav,
            specs,
            checked,
            job,
            asked,
            rows,
        };
        Effect::new(move |_| {
            if let JobState::Done(rows) = job.state.get() {
                let specs = asked.get_value();
                ROWS.with_borrow_mut(|cache| {
                    for (spec, row) in specs.into_iter().zip(rows.iter()) {
                        cache.insert(spec, row.clone());
                    }
                });
                cached.update(|c| *c = c.wrapping_add(1));
            }
        });
        m
    }

    /// Computes the rows not cached yet in the worker (none: stops the job running).
    fn run(self) {
        match ask(self.asked, missing(self.checked)) {
            Some(job) => self.job.start(job),
            None => self.job.handle.cancel(),
        }
    }
}

/// The valid specs of `checked` whose rows are not cached yet, each once.
fn missing(checked: Memo<Vec<Result<String, String>>>) -> Vec<String> {
    checked.with(|c| {
        let mut out: Vec<String> = Vec::new();
        for spec in c.iter().flatten() {
            if !out.contains(spec) && !ROWS.with_borrow(|r| r.contains_key(spec)) {
                out.push(spec.clone());
            }
        }
        out
    })
}

/// The job computing the rows of `specs`, noted in `asked` (none when there are none).
fn ask(asked: StoredValue<Vec<String>>, specs: Vec<String>) -> Option<JobFor<Vec<CompareRow>>> {
    (!specs.is_empty()).then(|| {
        asked.set_value(specs.clone());
        JobFor::compare(specs)
    })
}

/// The view.
#[component]
pub fn CompareView(nav: Nav) -> impl IntoView {
    let m = CompareModel::new(nav);
    let specs = m.specs;
    let fields = move || spec_fields(m);
    let add = move || {
        (specs.with(Vec::len) < COMPARE_MAX).then(|| {
            view! {
                <button
                    type="button"
                    data-testid="compare-add"
                    on:click=move |_| nav.commit_form(|f: &mut CompareForm| {
                        if f.specs.len() < COMPARE_MAX {
                            let spec = next_spec(&f.specs);
                            f.specs.push(spec);
                        }
                    })
                >
                    "Add a network"
                </button>
            }
        })
    };
    // A few examples, not every family's: the route explorer's picker writes any spec.
    let families = ["hypercube", "kyklos2", "torus", "dragonfly"]
        .iter()
        .filter_map(|name| icn_core::family(name).map(|f| f.example))
        .collect::<Vec<_>>()
        .join(", ");
    let result = move || result_view(m);
    if nav.panel(View::Compare).is_some() {
        // The figure-first embed (`panel=chart`): the chart; the specs folded under it.
        return view! {
            <section data-testid="view-compare" class="charts-view compare-view figure-first" data-panel="chart" aria-labelledby="compare-title">
                <h1 id="compare-title" class="visually-hidden">"Compare networks"</h1>
                <div class="card">
                    {result}
                    <details class="figure-settings" data-testid="figure-settings">
                        <summary>"The networks compared"</summary>
                        <div class="compare-fields">{fields}</div>
                        <p class="compare-actions">{add}</p>
                    </details>
                </div>
            </section>
        }
        .into_any();
    }
    view! {
        <section data-testid="view-compare" class="charts-view compare-view" aria-labelledby="compare-title">
            <div class="card">
                <h1 id="compare-title" class="papers-title">"Compare networks"</h1>
                <p class="help">
                    "Two to four networks of any families, typed as specs (e.g. " {families}
                    "; docs/specs.md lists every family), computed in this browser's worker by the same code as "
                    <code>"icn compare"</code> "."
                </p>
                <div class="compare-fields">{fields}</div>
                <p class="compare-actions">{add}</p>
                <details class="chart-how" data-testid="compare-how">
                    <summary>"Conventions"</summary>
                    <ul class="help">
                        <li>"Distances over ordered pairs of distinct terminals (the nodes that send: every Hypercycle node, KYKLOS's L-nodes, the Lens's processors, D3 and MDF routers). The chart shows each network's share of pairs at distance d, the dashed rules its average."</li>
                        <li>"Distances count links; the Lens's paper counts busses (a bus between two processors is two links), shown first in their own rows."</li>
                        <li>"Terminal degree over the terminals; switch degree over the forwarding nodes (busses, IB-nodes, fat-tree switches), where a network has them."</li>
                        <li>"Loads per directed channel (a link is two channels) under each family's default strategy: every ordered terminal pair sends one unit, split equally among the strategy's paths."</li>
                        <li>"Rows are cached for this session per spec; docs/charts.md has the details."</li>
                    </ul>
                </details>
                {result}
            </div>
        </section>
    }
    .into_any()
}

/// One spec field per network, with its error and (above two) its Remove button.
fn spec_fields(m: CompareModel) -> impl IntoView {
    let CompareModel {
        nav,
        specs,
        checked,
        ..
    } = m;
    let count = specs.with(Vec::len);
    (0..count.min(COMPARE_MAX))
        .map(|i| {
            let n = i + 1;
            let input_id = format!("compare-spec-{n}");
            let error = Signal::derive(move || {
                checked.with(|c| c.get(i).and_then(|r| r.as_ref().err().cloned()))
            });
            let remove = (count > COMPARE_MIN).then(|| {
                view! {
                    <button
                        type="button"
                        class="compare-remove"
                        data-testid=format!("compare-remove-{n}")
                        aria-label=format!("Remove network {n}")
                        on:click=move |_| nav.commit_form(|f: &mut CompareForm| {
                            if f.specs.len() > COMPARE_MIN && i < f.specs.len() {
                                f.specs.remove(i);
                            }
                        })
                    >
                        "Remove"
                    </button>
                }
            });
            view! {
                <div class="field compare-field">
                    <label for=input_id.clone()>{format!("Network {n}")}</label>
                    <div class="compare-input">
                        <input
                            id=input_id.clone()
                            data-testid=input_id.clone()
                            class="mono"
                            type="text"
                            autocomplete="off"
                            spellcheck="false"
                            aria-describedby=ERROR_IDS[i]
                            prop:value=move || specs.with(|s| s.get(i).cloned().unwrap_or_default())
                            on:input=move |ev| {
                                let v = event_target_value(&ev);
                                nav.edit_form(ERROR_IDS[i], |f: &mut CompareForm| {
                                    if let Some(spec) = f.specs.get_mut(i) {
                                        *spec = v;
                                    }
                                });
                            }
                        />
                        {remove}
                    </div>
                    <FieldError error=error id=ERROR_IDS[i] />
                </div>
            }
        })
        .collect_view()
}

/// Progress, the error, Compute (when stopped) or the figure.
fn result_view(m: CompareModel) -> AnyView {
    match m.job.state.get() {
        JobState::Running { done, total, label } => job_progress(
            done,
            total,
            label,
            |done, total, label| format!("Network {} of {total}: {label}", (done + 1).min(total)),
            m.job.handle.set_state,
        )
        .into_any(),
        JobState::Crashed(crash) => job_crashed(crash, m.job.handle.set_state),
        JobState::Failed(message) => view! {
            <p class="field-error" role="alert" data-testid="job-error">{message}</p>
        }
        .into_any(),
        JobState::Idle if !missing(m.checked).is_empty() => view! {
            <p class="help">
                "Stopped. "
                <button type="button" data-testid="compare-compute" on:click=move |_| m.run()>
                    "Compute"
                </button>
            </p>
        }
        .into_any(),
        _ => match m.rows.get() {
            Some(rows) => {
                let chart_only = m.nav.panel(View::Compare).is_some();
                view! { <CompareFigure rows=rows chart_only=chart_only /> }.into_any()
            }
            None => ().into_any(),
        },
    }
}

/// The command that prints the same CSV.
fn cli_command(rows: &[CompareRow]) -> String {
    let specs: Vec<&str> = rows.iter().map(|r| r.spec.as_str()).collect();
    format!("icn compare {} --format csv", specs.join(" "))
}

/// The table and the chart; the chart alone in the figure-first embed (`chart_only`).
#[component]
fn CompareFigure(rows: Vec<CompareRow>, chart_only: bool) -> impl IntoView {
    let shared = rows.clone();
    let title = "Distance distributions: share of ordered terminal pairs at each distance";
    let (table, alt) = if chart_only {
        (
            None,
            format!("{title}; the numbers are in the CSV and the full view"),
        )
    } else {
        (
            Some(view! { <CompareTable rows=rows.clone() /> }),
            format!("{title}; the numbers are in the table above"),
        )
    };
    view! {
        {table}
        <ChartCanvas
            name="compare"
            title=title.to_string()
            alt=alt
            draw=move |el| charts::compare::draw(el, &shared)
            csv=summary_csv(&rows)
            command=cli_command(&rows)
        />
    }
}

/// One table row: a metric across the networks.
type Metric = (
    &'static str,
    &'static str,
    fn(&CompareRow) -> (String, String),
);

/// (shown, exact) for a float: four significant figures on the page, every digit in
/// `data-value` (as `icn compare` prints it).
fn float(x: f64) -> (String, String) {
    let shown = if x == x.round() {
        short_number(x)
    } else {
        format!("{:.4}", x)
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    };
    (shown, x.to_string())
}

/// (shown, exact) where a network has no such number.
fn none() -> (String, String) {
    ("—".to_string(), String::new())
}

fn int(x: u64) -> (String, String) {
    (x.to_string(), x.to_string())
}

/// (shown, exact) for a degree range: one number when both ends agree; "—" for none.
fn degrees(lo: Option<u64>, hi: Option<u64>) -> (String, String) {
    match lo.zip(hi) {
        Some((lo, hi)) if lo == hi => (lo.to_string(), format!("{lo}/{hi}")),
        Some((lo, hi)) => (format!("{lo} / {hi}"), format!("{lo}/{hi}")),
        None => none(),
    }
}

/// The notation the table's rows use.
const TERMS: &[&str] = &[
    "net.terminal",
    "route.degree",
    "route.diameter",
    "route.average-distance",
    "net.link-load",
];

const METRICS: [Metric; 13] = [
    ("family", "Family", |r| (r.family.clone(), r.family.clone())),
    ("nodes", "Nodes", |r| int(r.nodes)),
    ("terminals", "Terminals", |r| int(r.terminals)),
    ("links", "Links", |r| int(r.links)),
    ("degree", "Terminal degree (min / max)", |r| {
        degrees(Some(r.min_degree), Some(r.max_degree))
    }),
    ("switch_degree", "Switch degree (min / max)", |r| {
        degrees(r.switch_min_degree, r.switch_max_degree)
    }),
    (
        "hop_diameter",
        "Diameter in the paper's hops (Lens: busses)",
        |r| {
            r.hops
                .as_ref()
                .map_or_else(none, |h| int(u64::from(h.diameter)))
        },
    ),
    (
        "hop_average_distance",
        "Average distance in the paper's hops",
        |r| {
            r.hops
                .as_ref()
                .map_or_else(none, |h| float(h.average_distance))
        },
    ),
    ("diameter", "Diameter (links)", |r| {
        int(u64::from(r.diameter))
    }),
    ("average_distance", "Average distance (links)", |r| {
        float(r.average_distance)
    }),
    ("strategy", "Strategy (loads)", |r| {
        (r.strategy.clone(), r.strategy.clone())
    }),
    ("max_link_load", "Max link load", |r| float(r.max_link_load)),
    ("mean_link_load", "Mean link load", |r| {
        float(r.mean_link_load)
    }),
];

/// `spec` with a line-break opportunity after each `:` and `,` (`<wbr>`, no text), so that a
/// narrow column breaks `hypercube:n=4` after its family's name, not inside `n=4`.
fn breakable(spec: &str) -> impl IntoView {
    spec.split_inclusive([':', ','])
        .map(|part| view! { {part.to_string()} <wbr /> })
        .collect_view()
}

#[component]
fn CompareTable(rows: Vec<CompareRow>) -> impl IntoView {
    let head = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            view! {
                <th scope="col" class="num mono" data-net=(i + 1).to_string()>{breakable(&r.spec)}</th>
            }
        })
        .collect_view();
    let body = METRICS
        .iter()
        .map(|&(key, name, get)| {
            let cells = rows
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let (shown, exact) = get(r);
                    view! {
                        <td class="num" data-metric=key data-net=(i + 1).to_string() data-value=exact>
                            {shown}
                        </td>
                    }
                })
                .collect_view();
            view! { <tr><th scope="row">{name}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="The networks side by side">
            <table class="paper-table compare-table" data-testid="compare-table">
                <thead><tr><th scope="col">"Network"</th>{head}</tr></thead>
                <tbody>{body}</tbody>
            </table>
        </div>
        <TermList keys=TERMS />
    }
}
