//! The Charts view (`?view=charts&chart=NAME&t=SPEC&s=STRATEGY&n=N`): KYKLOS traffic
//! density, per-level traffic and join load, and distance distributions, computed in the
//! worker ([`crate::compute`]: progress, Cancel, cached per request) from
//! `icn_core::charts`, drawn on a canvas ([`crate::charts`]), with the numbers in a table
//! under the chart, a PNG and a CSV download (the CSV is `icn chart NAME --format csv`).

use icn_core::charts::{
    ChartData, ChartError, ChartFamily, ChartInput, ChartKind, ChartRequest, D2h2Chart,
    DensityChart, SIM_DEFAULT_TICKS, SIM_MAX_TICKS, SIM_MIN_TICKS,
};
use icn_core::topology::kyklos::KyklosRouting;
use icn_web::jobs::Job;
use leptos::prelude::*;

mod tables;
mod tabs;
mod terms;

use crate::charts::{self, short_number};
use crate::components::{job_crashed, job_progress, ChartCanvas, FieldError, TermList};
use crate::compute::{self, use_answer, Answered, JobState, WhenNone};
use crate::history::Nav;
use crate::url::{ChartsForm, ChartsSimForm};

/// What each chart shows and how it counts (docs/charts.md says more).
fn explanation(kind: ChartKind) -> &'static str {
    match kind {
        ChartKind::Density => "The busiest link's traffic when every ordered pair of L-nodes sends one unit, split equally among the strategy's routes, both directions of a link added (TR-88-27 Table 3's convention). K-1 is KYKLOS-I⟨2,2,n⟩; M-2, H-2, P-2 and Y-2 the proposed KYKLOS-II⟨2,2,n⟩ (n even); D2 the original KYKLOS-II⟨2,2,n⟩ with the D2 paper's method (paths from processor 0, tree T₁, ties split as the paper says). Lines are computed here; hollow markers are the values the papers print.",
        ChartKind::Levels => "Per tree and level v, the traffic of the links between level v − 1 and level v: the busiest link and the mean per link. Every ordered pair of L-nodes sends one unit split equally among the strategy's routes; a link's traffic adds both directions. Computed from the routes towards L-node 0 and the network's translation symmetry.",
        ChartKind::Load => "Partial joins per node and level when every ordered pair (i, j) of L-nodes joins once (i = j at the L-node): mid-point of each route for M-r, P-r and D2 (Table 3's K-1 and P-2 columns), the H-2 quasi-level assignment for H-r, §VII's level loading for Y-2.",
        ChartKind::Distances => "P(2d): how many processors lie at distance 2d from processor 0 of the original KYKLOS-II⟨2,2,n⟩ (processor-symmetric, so this is every source's distribution) under M2 (best single tree), H2 and D2 (= breadth-first distance). Dashed rules: the averages 1/2ⁿ Σ 2d·P(2d), processor 0 included, as the D2 paper sums.",
        ChartKind::D2h2 => "The traffic density max_k T(k) of D2 and H2 on KYKLOS-II⟨2,2,n⟩ by the D2 paper's processor symmetry: only the paths from processor 0 are enumerated (2ⁿ sequences), so n = 20 (a million processors) runs here. Ordered pairs, per link, both directions added. Crosses: the paper's printed values.",
        ChartKind::LensLoads => "The lens you give and the same p, q, n completed (edge processors joined to the central busses, §6): every ordered pair of distinct processors sends one unit, split equally among all minimal paths. A processor's load is the traffic it relays (not what it sends or receives); a bus's, the traffic crossing it. Each panel shows how many nodes carry each load: the completed lens loads its processors uniformly (one point), the uncompleted one does not.",
        ChartKind::LensDistances => "Processor-to-processor distances, in busses traversed (the paper's distance), over ordered pairs of distinct processors, for the lens you give uncompleted and completed. Dashed rules: the mean distances. The diameters are 2n − 1 and ⌊3n/2⌋ − 1, one less than the paper's 2n and ⌊3n/2⌋ (processors may also share a bus through pattern B; the Papers view explains).",
        ChartKind::HcDistances => "Ordered pairs of distinct nodes at each distance (links), from the Hypercycle's closed form (the convolution of its rings' distance counts; breadth-first search agrees). Dashed rule: the mean distance.",
        ChartKind::HcLoads => "Every ordered pair of distinct nodes sends one unit. E-cube has one path; random-greedy divides the unit equally among the minimal next hops at every node (its expected load, computed exactly). Loads are per directed channel (one direction of a link); by symmetry every channel of a class (dimension, step) carries the same load, and the chart shows each dimension's busiest and least busy class.",
        ChartKind::HcSim => "The Hypercycles paper's Figure 2: a seeded, deterministic discrete-event simulation of circuit set-up, backtrack-to-the-origin-and-retry against e-cube, mean set-up delay (in transmission times) against offered load (normalised to capacity). The same seed gives the same numbers here and in icn. The model's assumptions are listed under the chart.",
        ChartKind::NetDistances => "Any network: how many ordered pairs of distinct terminals (the nodes that send and receive: processors of a fat tree, every router of a torus) lie at each distance in links, and their share; for a Lens, in busses traversed (the paper's unit; a bus is two links, both columns in the table). Computed from the family's closed form or by symmetry where it has one, else by a breadth-first search from every terminal. Dashed rule: the mean distance.",
        ChartKind::NetLoads => "Any network, every strategy it offers: each ordered pair of distinct terminals sends one unit, split equally among the strategy's paths (Valiant's: among its intermediates, then their paths). Each line is one strategy's directed channels sorted by load, heaviest first: at x = p %, the load that the heaviest p % of the channels all reach (x = 0: the busiest channel; x = 100: the least busy). A flat line is a perfectly balanced network; the legend gives each strategy's busiest and mean channel. Lines that coincide are drawn over each other; the table has every value.",
        ChartKind::D3Mdf => "D3(K, M) against the maximal Dragonfly MDF(K, M), the pair of the paper's Table 1 (the same drawers of M routers and router radix K + M − 1; K·M + 1 groups against K·M drawers): ordered pairs of distinct routers per distance, and how many directed channels carry each load when every ordered pair sends one unit split equally among its minimal paths, local (inside a drawer or group) and global links apart.",
    }
}

/// The Figure 2 model's assumptions (docs/charts.md and `icn_core::sim::circuit` say the
/// same).
const SIM_ASSUMPTIONS: [&str; 7] = [
    "Poisson arrivals at every node; destinations uniform over the other nodes.",
    "A circuit holds every directed channel of its path; nodes have no other limit.",
    "A probe crosses one link per tick; an established circuit transmits for 100 ticks, then releases its channels.",
    "Backtrack-and-retry: at each node take a free channel among the minimal next hops (eq. 3.1.1) at random; with none free, release the partial path, return to the origin and retry after 1–10 ticks.",
    "E-cube: the one dimension-order path; a blocked probe holds its channels and waits for the busy one (only where this cannot deadlock: binary cubes and rings of 3; elsewhere the e-cube path with backtracking).",
    "Offered load ρ = N·λ·100·d̄ / C (C directed channels, d̄ the mean distance); 5,000 warm-up ticks, then the measured window; points that hit 20 million events are cut short (crosses: a lower bound).",
    "Ties between simultaneous events: in the order they were scheduled.",
];

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
        move || request.get().ok().map(|request| Job::Chart { request }),
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
                    {move || kind.get().map(explanation)}
                </p>
                {move || kind.get().map(|k| view! { <TermList keys=terms::terms(k) /> })}
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
        compute::partial::<ChartData>(&Job::Chart { request })
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
                                        job.handle.start(Job::Chart { request });
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
    let title = match &data {
        ChartData::Levels(d) => format!(
            "{}: {}, {}",
            request.kind.title(),
            d.spec,
            d.strategy.to_uppercase()
        ),
        ChartData::Load(d) => format!(
            "{}: {}, {} ({})",
            request.kind.title(),
            d.spec,
            d.strategy.to_uppercase(),
            d.assignment
        ),
        ChartData::Distances(d) => format!(
            "{}: original KYKLOS-II⟨2,2,{}⟩, N = {}",
            request.kind.title(),
            d.n,
            1u64 << d.n
        ),
        ChartData::HcDistances(d) => format!("{}: {}", request.kind.title(), d.spec),
        ChartData::HcSim(d) => format!(
            "{}: {}, seed {}, {} measured ticks",
            request.kind.title(),
            d.report.spec,
            d.report.config.seed,
            d.report.config.ticks
        ),
        ChartData::D3Mdf(d) => format!(
            "{}: {} against {}",
            request.kind.title(),
            d.result.d3.spec,
            d.result.mdf.spec
        ),
        _ if request.kind.family().is_some() => {
            format!("{}: {}", request.kind.title(), request.spec)
        }
        _ => format!("{}, n up to {}", request.kind.title(), request.n),
    };
    let assumptions = matches!(data, ChartData::HcSim(_)).then(|| {
        let items = SIM_ASSUMPTIONS
            .iter()
            .map(|a| view! { <li>{*a}</li> })
            .collect_view();
        view! {
            <div class="chart-assumptions" data-testid="chart-assumptions">
                <p class="help">"The model's assumptions:"</p>
                <ul class="help">{items}</ul>
            </div>
        }
    });
    let command = cli_command(&request);
    let alt = format!("{title}; the numbers are in the table below");
    view! {
        <ChartCanvas
            name=name
            title=title
            alt=alt
            draw=move |el| charts::draw(el, &shared)
            csv=csv
            command=command
        >
            {assumptions}
            <details class="chart-data" data-testid="chart-data">
                <summary>"The numbers (table)"</summary>
                <DataTable data=data />
            </details>
        </ChartCanvas>
    }
}

fn num(x: f64) -> String {
    x.to_string()
}

#[component]
fn DataTable(data: ChartData) -> impl IntoView {
    let body = match data {
        ChartData::Density(DensityChart { rows }) | ChartData::D2h2(D2h2Chart { rows }) => {
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
        ChartData::Levels(icn_core::charts::LevelsChart { rows, .. }) => {
            let trs = rows
                .into_iter()
                .map(|r| view! {
                    <tr data-tree=r.tree.to_string() data-level=r.level.to_string() data-max=num(r.max)>
                        <td class="num">{r.tree}</td><td class="num">{r.level}</td>
                        <td class="num">{r.links}</td><td class="num">{num(r.total)}</td>
                        <td class="num">{num(r.max)}</td><td class="num">{short_number(r.mean)}</td>
                    </tr>
                })
                .collect_view();
            view! {
                <thead><tr>
                    <th scope="col" class="num">"Tree"</th><th scope="col" class="num">"Level"</th>
                    <th scope="col" class="num">"Links"</th><th scope="col" class="num">"Total"</th>
                    <th scope="col" class="num">"Busiest link"</th><th scope="col" class="num">"Mean per link"</th>
                </tr></thead>
                <tbody>{trs}</tbody>
            }
            .into_any()
        }
        ChartData::Load(icn_core::charts::LoadChart { rows, .. }) => {
            let trs = rows
                .into_iter()
                .map(|r| {
                    view! {
                        <tr data-level=r.level.to_string() data-max=num(r.max)>
                            <td class="num">{r.level}</td><td class="num">{r.nodes}</td>
                            <td class="num">{num(r.total)}</td><td class="num">{num(r.max)}</td>
                            <td class="num">{short_number(r.mean)}</td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <thead><tr>
                    <th scope="col" class="num">"Level"</th><th scope="col" class="num">"Nodes"</th>
                    <th scope="col" class="num">"Joins"</th><th scope="col" class="num">"Busiest node"</th>
                    <th scope="col" class="num">"Mean per node"</th>
                </tr></thead>
                <tbody>{trs}</tbody>
            }
            .into_any()
        }
        ChartData::Distances(icn_core::charts::DistancesChart { rows, .. }) => {
            let trs = rows
                .into_iter()
                .map(|r| {
                    let rule_attr = r.rule.clone();
                    view! {
                    <tr data-rule=rule_attr data-distance=r.distance.to_string()>
                        <td>{r.rule}</td><td class="num">{r.distance}</td>
                        <td class="num">{r.processors}</td>
                        <td class="num">
                            {num(r.average)}
                            {r.average_exact.map(|e| format!(" = {e}"))}
                        </td>
                    </tr>
                    }
                })
                .collect_view();
            view! {
                <thead><tr>
                    <th scope="col">"Rule"</th><th scope="col" class="num">"Distance 2d"</th>
                    <th scope="col" class="num">"P(2d)"</th><th scope="col" class="num">"Average"</th>
                </tr></thead>
                <tbody>{trs}</tbody>
            }
            .into_any()
        }
        other => tables::family_table(other),
    };
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="The chart's numbers">
            <table class="paper-table" data-testid="chart-table">{body}</table>
        </div>
    }
}
