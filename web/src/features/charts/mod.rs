//! The Charts view (`?view=charts&chart=NAME&t=SPEC&s=STRATEGY&n=N`): KYKLOS traffic
//! density, per-level traffic and join load, and distance distributions, computed in the
//! worker ([`crate::compute`]: progress, Cancel, cached per request) from
//! `icn_core::charts`, drawn on a canvas ([`crate::charts`]), with the numbers in a table
//! under the chart, a PNG and a CSV download (the CSV is `icn chart NAME --format csv`).
//!
//! What the view shows of each chart (its explanation and terms, drawing, title, notes and
//! table) is the chart's [`view::ChartView`], in the module named as core's (`density`,
//! `kyklos`, `lens`, `hypercycle`, `d3`, `network`); `registry` lists the charts once and
//! hands each to its `ChartView`. Adding a chart: its `ChartView` in a module here, and one
//! line in `registry`.

use icn_core::charts::{
    ChartData, ChartError, ChartFamily, ChartInput, ChartKind, ChartRequest, SIM_DEFAULT_TICKS,
    SIM_MAX_TICKS, SIM_MIN_TICKS,
};
use icn_core::topology::kyklos::KyklosRouting;
use icn_web::jobs::JobFor;
use leptos::prelude::*;

mod d3;
mod density;
mod hypercycle;
mod kyklos;
mod lens;
mod network;
mod registry;
mod tabs;
mod view;

use crate::components::{job_crashed, job_progress, ChartCanvas, FieldError, TermList};
use crate::compute::{self, use_answer, Answered, JobState, WhenNone};
use crate::history::Nav;
use crate::url::{ChartsForm, ChartsSimForm};

/// The network field's label for a family.
fn spec_label(family: ChartFamily) -> &'static str {
    match family {
        ChartFamily::Kyklos => "KYKLOS network",
        ChartFamily::Lens => "Lens (compared with its completed form)",
        ChartFamily::Hypercycle => "Hypercycle or hypercube",
        ChartFamily::D3 => "Swapped Dragonfly D3(K, M)",
        ChartFamily::Any => "Any network (family:parameters)",
    }
}

/// The view's inputs, as memos. `Copy`: hand it to the view's parts.
#[derive(Debug, Clone, Copy)]
struct ChartsModel {
    nav: Nav,
    form: Memo<ChartsForm>,
    sim: Memo<ChartsSimForm>,
    /// The validated request, or the field at fault.
    request: Memo<Result<ChartRequest, ChartError>>,
    /// The chart named by `chart=`, if the site knows it.
    kind: Memo<Option<ChartKind>>,
}

impl ChartsModel {
    fn new(nav: Nav) -> ChartsModel {
        let form = nav.form::<ChartsForm>();
        let sim = nav.form::<ChartsSimForm>();
        let request = Memo::new(move |_| {
            let sim = sim.get();
            form.with(|f| {
                ChartRequest::from_input(&ChartInput {
                    chart: &f.chart,
                    spec: &f.spec,
                    strategy: &f.strategy,
                    n: f.n.as_deref(),
                    seed: sim.seed.as_deref(),
                    ticks: sim.ticks.as_deref(),
                })
            })
        });
        let kind = Memo::new(move |_| form.with(|f| ChartKind::from_name(&f.chart)));
        ChartsModel {
            nav,
            form,
            sim,
            request,
            kind,
        }
    }

    /// The request's error when it is about `field`.
    fn error_of(self, field: &'static str) -> Signal<Option<String>> {
        let request = self.request;
        Signal::derive(move || match request.get() {
            Err(ChartError { field: f, message }) if f == field => Some(message),
            _ => None,
        })
    }
}

/// The Charts view.
#[component]
pub fn ChartsView(nav: Nav) -> impl IntoView {
    let model = ChartsModel::new(nav);
    let ChartsModel { request, kind, .. } = model;
    let job = use_answer::<ChartData>(
        move || request.get().ok().map(JobFor::chart),
        WhenNone::Clear,
    );
    let tabs = tabs::chart_tabs(nav, kind);
    let fields = move || chart_fields(model, kind.get()?);
    let error_of = move |field| model.error_of(field);
    let chart_error = error_of("chart");
    if nav.panel(crate::url::View::Charts).is_some() {
        // The figure-first embed (`panel=chart`): the chart; its fields folded under it.
        return view! {
            <section data-testid="view-charts" class="charts-view figure-first" data-panel="chart" aria-labelledby="charts-title">
                <h1 id="charts-title" class="visually-hidden">"Charts"</h1>
                <div class="card">
                    <JobPanel job=job request=request />
                    <details class="figure-settings" data-testid="figure-settings">
                        <summary>"Settings"</summary>
                        <FieldError error=chart_error id="chart-error" />
                        <div class="chart-fields">{fields}</div>
                    </details>
                </div>
            </section>
        }
        .into_any();
    }
    view! {
        <section data-testid="view-charts" class="charts-view" aria-labelledby="charts-title">
            <div class="card">
                <h1 id="charts-title" class="papers-title">"Charts: density, load, distances and delay"</h1>
                <p class="help">
                    "Computed now, in this browser's worker, by the same code as "
                    <code>"icn chart"</code> " and " <code>"icn table"</code>
                    ", beside the values the papers print."
                </p>
                {tabs}
                <FieldError error=chart_error id="chart-error" />
                <div class="chart-fields">{fields}</div>
                <p class="help chart-explain" data-testid="chart-explain">
                    {move || kind.get().map(registry::explanation)}
                </p>
                {move || kind.get().map(|k| view! { <TermList keys=registry::terms(k) /> })}
                <details class="chart-how" data-testid="chart-how">
                    <summary>"Conventions"</summary>
                    <ul class="help">
                        <li>"KYKLOS traffic: every ordered pair (i, j) of L-nodes, i ≠ j, sends one unit, split equally among its routes; a link's traffic adds both of its directions (per link, not per direction)."</li>
                        <li>"Lens, Hypercycle, Dragonfly and any-network charts: ordered pairs of distinct processors, nodes, routers or terminals; Lens loads per node, the others' loads per directed channel (per direction)."</li>
                        <li>"Distances: from processor 0, which by symmetry is every processor's distribution; averages divide by all 2ⁿ processors, 0 included, as the D2 paper does."</li>
                        <li>"Everything is computed in a worker and cached for this session per chart and parameters; docs/charts.md has the details."</li>
                    </ul>
                </details>
                <JobPanel job=job request=request />
            </div>
        </section>
    }
    .into_any()
}

/// The fields chart `k` reads.
fn chart_fields(m: ChartsModel, k: ChartKind) -> Option<AnyView> {
    Some(match k.family() {
        Some(ChartFamily::Kyklos) => view! {
            {spec_field(m, spec_label(ChartFamily::Kyklos))}
            {strategy_field(m)}
        }
        .into_any(),
        Some(family) if k.takes_seed() => view! {
            {spec_field(m, spec_label(family))}
            {sim_fields(m)}
        }
        .into_any(),
        Some(family) => spec_field(m, spec_label(family)).into_any(),
        None => n_field(m, k).into_any(),
    })
}

/// The network spec (`t=`), written as typed.
fn spec_field(m: ChartsModel, label: &'static str) -> impl IntoView {
    let ChartsModel { nav, form, .. } = m;
    let error_of = move |field| m.error_of(field);
    view! {
        <div class="field">
            <label for="chart-spec">{label}</label>
            <input
                id="chart-spec"
                data-testid="chart-spec"
                class="mono"
                type="text"
                autocomplete="off"
                spellcheck="false"
                aria-describedby="chart-spec-error"
                prop:value=move || form.with(|f| f.spec.clone())
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    nav.edit_form("chart-spec", |f: &mut ChartsForm| f.spec = v);
                }
            />
            <FieldError error=error_of("t") id="chart-spec-error" />
        </div>
    }
}

/// The KYKLOS strategy (`s=`).
fn strategy_field(m: ChartsModel) -> impl IntoView {
    let ChartsModel { nav, form, .. } = m;
    let error_of = move |field| m.error_of(field);
    let options = KyklosRouting::ALL
        .into_iter()
        .map(|s| {
            let name = s.name();
            view! {
                <option value=name selected=move || form.with(|f| f.strategy == name)>
                    {name.to_uppercase()}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="field">
            <label for="chart-strategy">"Strategy"</label>
            <select
                id="chart-strategy"
                data-testid="chart-strategy"
                aria-describedby="chart-strategy-error"
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    nav.commit_form(|f: &mut ChartsForm| f.strategy = v);
                }
            >
                {options}
            </select>
            <FieldError error=error_of("s") id="chart-strategy-error" />
        </div>
    }
}

/// The simulation's seed and measured ticks (`seed=`, `ticks=`).
fn sim_fields(m: ChartsModel) -> impl IntoView {
    let ChartsModel { nav, sim, .. } = m;
    let error_of = move |field| m.error_of(field);
    view! {
        <div class="field">
            <label for="chart-seed">"Seed"</label>
            <input
                id="chart-seed"
                data-testid="chart-seed"
                class="mono"
                type="text"
                inputmode="numeric"
                autocomplete="off"
                aria-describedby="chart-seed-error"
                prop:value=move || sim.with(|f| f.seed.clone().unwrap_or_else(|| "1".into()))
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    nav.edit_form("chart-seed", |f: &mut ChartsSimForm| f.seed = Some(v));
                }
            />
            <FieldError error=error_of("seed") id="chart-seed-error" />
        </div>
        <div class="field">
            <label for="chart-ticks">
                {format!("Measured ticks, {SIM_MIN_TICKS} to {SIM_MAX_TICKS}")}
            </label>
            <input
                id="chart-ticks"
                data-testid="chart-ticks"
                class="mono"
                type="text"
                inputmode="numeric"
                autocomplete="off"
                aria-describedby="chart-ticks-error"
                prop:value=move || {
                    sim.with(|f| f.ticks.clone().unwrap_or_else(|| SIM_DEFAULT_TICKS.to_string()))
                }
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    nav.edit_form("chart-ticks", |f: &mut ChartsSimForm| f.ticks = Some(v));
                }
            />
            <FieldError error=error_of("ticks") id="chart-ticks-error" />
        </div>
    }
}

/// `n=` of the charts over a range of sizes.
fn n_field(m: ChartsModel, k: ChartKind) -> impl IntoView {
    let ChartsModel { nav, form, .. } = m;
    let error_of = move |field| m.error_of(field);
    let (lo, hi, default, what) = k.n_range().unwrap_or((0, 0, 0, ""));
    view! {
        <div class="field">
            <label for="chart-n">{format!("n: {what}, {lo} to {hi}")}</label>
            <input
                id="chart-n"
                data-testid="chart-n"
                class="mono"
                type="text"
                inputmode="numeric"
                autocomplete="off"
                aria-describedby="chart-n-error"
                prop:value=move || {
                    form.with(|f| f.n.clone().unwrap_or_else(|| default.to_string()))
                }
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    nav.edit_form("chart-n", |f: &mut ChartsForm| f.n = Some(v));
                }
            />
            <FieldError error=error_of("n") id="chart-n-error" />
        </div>
    }
}

/// The job's state, and below it the points a sweep has computed so far: while it runs
/// (the chart fills in point by point) and after Cancel (the points stay).
#[component]
fn JobPanel(
    job: Answered<ChartData>,
    request: Memo<Result<ChartRequest, ChartError>>,
) -> impl IntoView {
    let unfinished =
        Memo::new(move |_| matches!(job.state.get(), JobState::Running { .. } | JobState::Idle));
    // Changes when the run stops, not at each progress report.
    let running = Memo::new(move |_| matches!(job.state.get(), JobState::Running { .. }));
    let so_far = Memo::new(move |_| {
        let request = request.get().ok()?;
        compute::partial(&JobFor::chart(request))
    });
    let partial = move || {
        if !unfinished.get() {
            return None;
        }
        let data = so_far.get()?;
        let Ok(req) = request.get_untracked() else {
            return None;
        };
        let note = if running.get() {
            "The points computed so far; the rest follow."
        } else {
            "Stopped: the points computed before Cancel. Compute runs the whole sweep again."
        };
        Some(view! {
            <div class="chart-partial" data-testid="chart-partial">
                <p class="help" role="status">{note}</p>
                <ChartFigure data=(*data).clone() request=req />
            </div>
        })
    };
    view! {
        <JobStatus job=job request=request />
        {partial}
    }
}

#[component]
fn JobStatus(
    job: Answered<ChartData>,
    request: Memo<Result<ChartRequest, ChartError>>,
) -> impl IntoView {
    move || match job.state.get() {
        JobState::Idle => {
            let runnable = request.with(Result::is_ok);
            runnable
                .then(|| {
                    view! {
                        <p class="help">
                            "Stopped. "
                            <button
                                type="button"
                                data-testid="chart-compute"
                                on:click=move |_| {
                                    if let Ok(request) = request.get_untracked() {
                                        job.start(JobFor::chart(request));
                                    }
                                }
                            >
                                "Compute"
                            </button>
                        </p>
                    }
                })
                .into_any()
        }
        JobState::Running { done, total, label } => job_progress(
            done,
            total,
            label,
            |done, total, label| format!("{}%: {label}", 100 * done / total.max(1)),
            job.handle.set_state,
        )
        .into_any(),
        JobState::Crashed(crash) => job_crashed(crash, job.handle.set_state),
        JobState::Failed(message) => view! {
            <p class="field-error" role="alert" data-testid="job-error">{message}</p>
        }
        .into_any(),
        JobState::Done(data) => match request.get_untracked() {
            Ok(req) => view! { <ChartFigure data=(*data).clone() request=req /> }.into_any(),
            Err(_) => ().into_any(),
        },
    }
}

/// The command that prints the same CSV.
fn cli_command(req: &ChartRequest) -> String {
    if req.kind.takes_seed() {
        format!(
            "icn chart {} -t {} --seed {} --ticks {} --format csv",
            req.kind.name(),
            req.spec,
            req.seed,
            req.ticks
        )
    } else if req.kind.family().is_some() && !req.kind.takes_network() {
        format!("icn chart {} -t {} --format csv", req.kind.name(), req.spec)
    } else if req.kind.takes_network() {
        format!(
            "icn chart {} -t {} -s {} --format csv",
            req.kind.name(),
            req.spec,
            req.strategy
        )
    } else {
        format!("icn chart {} -n {} --format csv", req.kind.name(), req.n)
    }
}

#[component]
fn ChartFigure(data: ChartData, request: ChartRequest) -> impl IntoView {
    let shared = data.clone();
    let name = request.kind.name();
    let csv = data.csv();
    let title = registry::title(&data, &request);
    let notes = registry::notes(&data);
    let command = cli_command(&request);
    let alt = format!("{title}; the numbers are in the table below");
    view! {
        <ChartCanvas
            name=name
            title=title
            alt=alt
            draw=move |el| registry::draw(el, &shared)
            csv=csv
            command=command
        >
            {notes}
            <details class="chart-data" data-testid="chart-data">
                <summary>"The numbers (table)"</summary>
                <DataTable data=data />
            </details>
        </ChartCanvas>
    }
}

#[component]
fn DataTable(data: ChartData) -> impl IntoView {
    let body = registry::table(data);
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="The chart's numbers">
            <table class="paper-table" data-testid="chart-table">{body}</table>
        </div>
    }
}
