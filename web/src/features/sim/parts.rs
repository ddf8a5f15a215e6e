//! The simulation view's cards: the fields and presets, the run's status (progress and
//! Cancel, or Continue), the curve with its table and downloads, the summary, and the
//! network with the chosen point's channel utilisation.

use icn_core::sim::packet::{Status, CSV_HEADER};
use icn_web::jobs::SimPointReport;
use leptos::prelude::*;

use super::bounds::CurveBounds;
use super::model::{Curve, SimModel, Troubles};
use super::table::points_table;
use super::terms::{routing_help, FIELDS};
use crate::charts::sim::{draw, SimSeries};
use crate::components::{
    channel_drawing, unlisted_option, ChartCanvas, FieldError, FullViewLink, Opened, Term, TermList,
};
use crate::diagram::HEAT_STEPS;
use crate::url::{SimForm, SIM_RATES};

/// A preset: label, spec, routing, scheme, (virtual channels, flits of buffer per VC),
/// comparison (spec, routing). Buffers as BookSim2's users set them: its default 8 flits,
/// and 256 on the Dragonfly, whose 100-cycle global channels need a 203-flit buffer to
/// cover their credit round trip (8 flits saturate it at the lowest load).
type Preset = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    (u32, u32),
    (&'static str, &'static str),
);

/// The presets.
const PRESETS: &[Preset] = &[
    (
        "8×8 mesh, dimension order",
        "mesh:k=8x8",
        "dor",
        "auto",
        (2, 8),
        ("", ""),
    ),
    (
        "8×8 torus against the mesh",
        "torus:k=8x8",
        "dor",
        "auto",
        (2, 8),
        ("mesh:k=8x8", "dor"),
    ),
    (
        "Ring on one VC (deadlocks)",
        "torus:k=8",
        "dor",
        "one",
        (1, 8),
        ("", ""),
    ),
    (
        "Hypercube: e-cube against minimal",
        "hypercube:n=6",
        "ecube",
        "auto",
        (2, 8),
        ("", "minimal"),
    ),
    (
        "Dragonfly, minimal",
        "dragonfly:a=4,p=2,h=2",
        "minimal",
        "auto",
        (2, 256),
        ("", ""),
    ),
];

/// The traffic patterns offered in the field's list (any `icn sim --traffic` works).
const TRAFFIC: &[&str] = &[
    "uniform",
    "transpose",
    "bitcomp",
    "bitrev",
    "shuffle",
    "tornado",
    "neighbor",
    "hotspot(0)",
    "diagonal",
    "asymmetric",
    "bad_dragon",
    "badperm_yarc",
    "randperm(1)",
];

/// A field's error, by field.
type Pick = fn(&Troubles) -> Option<String>;

/// One labelled input of the form, applied at each keystroke as in every view, with its
/// error.
fn input(
    m: SimModel,
    (id, error_id, label, kind): (&'static str, &'static str, String, &'static str),
    get: fn(&SimForm) -> String,
    set: fn(&mut SimForm, String),
    error: Pick,
) -> impl IntoView {
    let trouble = Signal::derive(move || m.troubles.with(error));
    let invalid = move || trouble.with(Option::is_some).to_string();
    let list = (id == "sim-traffic").then_some("sim-traffic-list");
    // A number is a text field with a numeric keyboard: a number input would show blank
    // for an address's `buf=x`, which the message under it quotes.
    let mode = (kind == "number").then_some("numeric");
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input id=id data-testid=id type="text" inputmode=mode
                autocomplete="off" spellcheck="false" list=list
                aria-invalid=invalid aria-describedby=error_id
                prop:value=move || m.form.with(get)
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    m.nav.edit_form(id, |f: &mut SimForm| { set(f, v); f.at.clear(); });
                } />
            <FieldError error=trouble id=error_id />
        </div>
    }
}

/// The network, routing, traffic, router and loads, each with its error; the comparison;
/// presets.
pub fn fields_card(m: SimModel) -> impl IntoView {
    let strategies = Memo::new(move |_| {
        m.network.with(|n| {
            n.as_ref()
                .map(icn_core::routing::registry::routings)
                .unwrap_or_default()
        })
    });
    let routing_options = move || {
        let chosen = m.form.with(|f| f.routing.clone());
        let list = strategies.get();
        let unlisted = unlisted_option(&chosen, list.iter().map(|s| s.name.as_ref()));
        let listed = list
            .into_iter()
            .map(|s| {
                let selected = s.name == chosen;
                let label = format!("{} — {}", s.name, s.title);
                view! { <option value=s.name selected=selected>{label}</option> }
            })
            .collect_view();
        (unlisted, listed)
    };
    let scheme_options = move || {
        let chosen = m.form.with(|f| f.scheme.clone());
        let list = ["auto", "one", "hops", "phases", "dateline"];
        let unlisted = unlisted_option(&chosen, list.into_iter());
        let listed = list
            .into_iter()
            .map(|s| view! { <option value=s selected=chosen == s>{s}</option> })
            .collect_view();
        (unlisted, listed)
    };
    let routing_error = Signal::derive(move || m.troubles.with(|t| t.main.routing.clone()));
    let scheme_error = Signal::derive(move || m.troubles.with(|t| t.main.scheme.clone()));
    let datalist = TRAFFIC
        .iter()
        .map(|t| view! { <option value=*t></option> })
        .collect_view();
    view! {
        <section class="card controls" aria-label="Network, traffic and router">
            <div class="sim-fields">
                <div class="field-wide">
                    {input(m, ("sim-spec", "sim-spec-error", "Network (any spec, e.g. mesh:k=8x8)".into(), "text"),
                        |f| f.spec.clone(), new_spec, |t| t.main.spec.clone())}
                </div>
                <div class="field field-wide">
                    <label for="sim-routing">"Routing"</label>
                    <select id="sim-routing" data-testid="sim-routing" aria-describedby="sim-routing-error"
                        aria-invalid=move || routing_error.with(Option::is_some).then_some("true")
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            m.nav.commit_form(|f: &mut SimForm| { f.routing = v; f.at.clear(); });
                        }>
                        {routing_options}
                    </select>
                    {routing_help(m)}<FieldError error=routing_error id="sim-routing-error" />
                </div>
                {input(m, ("sim-traffic", "sim-traffic-error", "Traffic".into(), "text"), |f| f.traffic.clone(),
                    |f, v| f.traffic = v, |t| t.main.traffic.clone())}
                <datalist id="sim-traffic-list">{datalist}</datalist>
                <div class="field">
                    <label for="sim-scheme">"VC scheme"</label>
                    <select id="sim-scheme" data-testid="sim-scheme" aria-describedby="sim-scheme-error"
                        aria-invalid=move || scheme_error.with(Option::is_some).then_some("true")
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            m.nav.commit_form(|f: &mut SimForm| { f.scheme = v; f.at.clear(); });
                        }>
                        {scheme_options}
                    </select>
                    <FieldError error=scheme_error id="sim-scheme-error" />
                </div>
                {input(m, ("sim-vcs", "sim-vcs-error", "Virtual channels".into(), "number"), |f| f.vcs.clone(),
                    |f, v| f.vcs = v, |t| t.main.vcs.clone())}
                {input(m, ("sim-buf", "sim-buf-error", "Buffer per VC (flits)".into(), "number"), |f| f.buf.clone(),
                    |f, v| f.buf = v, |t| t.main.buf.clone())}
                {input(m, ("sim-size", "sim-size-error", "Packet size (flits)".into(), "number"), |f| f.size.clone(),
                    |f, v| f.size = v, |t| t.main.size.clone())}
                {input(m, ("sim-seed", "sim-seed-error", "Seed".into(), "number"), |f| f.seed.clone(),
                    |f, v| f.seed = v, |t| t.main.seed.clone())}
                <div class="field-wide">
                    {input(m, ("sim-extra", "sim-extra-error", "Other BookSim2 keys (allocators, router delays, protocol; e.g. sw_allocator = islip; credit_delay = 2)".into(), "text"),
                        |f| f.extra.clone(), |f, v| f.extra = v, |t| t.main.extra.clone())}
                </div>
                <div class="field-wide">
                    {input(m, ("sim-rates", "sim-rates-error", format!("Offered loads, FROM:TO:STEP or a list (flits per endpoint per cycle; default {SIM_RATES})"), "text"),
                        |f| f.rates.clone(), |f, v| f.rates = v, |t| t.rates.clone())}
                </div>
                {input(m, ("sim-spec2", "sim-spec2-error", "Compare with network (empty: the same)".into(), "text"),
                    |f| f.spec2.clone(), |f, v| f.spec2 = v, |t| t.spec2.clone())}
                {input(m, ("sim-routing2", "sim-routing2-error", "…and routing (empty: none, or its first)".into(), "text"),
                    |f| f.routing2.clone(), |f, v| f.routing2 = v, |t| t.routing2.clone())}
            </div>
            <p class="help">
                "VC scheme auto: the first of one, dateline, phases, hops that the deadlock analysis finds deadlock-free. \
                 BookSim2's input-queued router: routing, VC and switch allocation one cycle each, \
                 credit flow control, separable input-first allocators, Bernoulli injection; channel \
                 latencies as BookSim2 builds the topology. docs/simulation.md compares it with BookSim2."
            </p>
            <TermList keys=FIELDS />{presets(m)}
        </section>
    }
}

/// A new spec; a routing the new network lacks becomes its first.
fn new_spec(f: &mut SimForm, spec: String) {
    if let Ok(net) = spec.parse::<icn_core::Network>() {
        if icn_core::routing::registry::find(&net, &f.routing).is_err() {
            f.routing = net.default_strategy().to_string();
        }
    }
    f.spec = spec;
}

/// The preset buttons.
fn presets(m: SimModel) -> impl IntoView {
    let buttons = PRESETS
        .iter()
        .map(
            |&(label, spec, routing, scheme, (vcs, buf), (spec2, routing2))| {
                view! {
                    <button type="button" data-testid="sim-preset"
                        on:click=move |_| m.nav.commit_form(|f: &mut SimForm| {
                            *f = SimForm {
                                spec: spec.into(),
                                routing: routing.into(),
                                scheme: scheme.into(),
                                vcs: vcs.to_string(),
                                buf: buf.to_string(),
                                // The rest as BookSim2's defaults, so that the preset draws
                                // its curve whatever the fields held.
                                size: "1".into(),
                                traffic: "uniform".into(),
                                rates: SIM_RATES.into(),
                                extra: String::new(),
                                spec2: spec2.into(),
                                routing2: routing2.into(),
                                at: String::new(),
                                ..f.clone()
                            };
                        })>
                        {label}
                    </button>
                }
            },
        )
        .collect_view();
    view! { <div class="subnet-presets" role="group" aria-label="Examples">{buttons}</div> }
}

/// The summary: zero-load latency, saturation, the bound, the deadlock analysis' word; a
/// deadlocked run said loudly, with the way to the deadlock view.
pub fn summary_card(m: SimModel) -> Option<AnyView> {
    let curves = m.curves.get();
    let first = curves.first()?.clone();
    let p0 = first.points.first()?.clone();
    let facts = curves
        .iter()
        .enumerate()
        .map(|(i, c)| curve_facts(m, i, c))
        .collect_view();
    let deadlock = first
        .end()
        .filter(|e| e.point.status == Status::Deadlocked)
        .map(deadlocked);
    let scheme = format!(
        "{} routers, {} endpoints; VC scheme {} with {} class{} on {} VC{}; the deadlock analysis {}.",
        p0.routers,
        p0.endpoints,
        p0.scheme,
        p0.classes,
        if p0.classes == 1 { "" } else { "es" },
        p0.ask.vcs,
        if p0.ask.vcs == 1 { "" } else { "s" },
        match p0.deadlock_free {
            Some(true) => "finds it deadlock-free",
            Some(false) => "finds a cycle: it can deadlock",
            None => "was not run (too large for the worker)",
        }
    );
    Some(
        view! {
            <section class="card results" aria-labelledby="sim-summary-title">
                <h2 id="sim-summary-title">"Summary"</h2>
                {deadlock}
                <ul class="sim-facts" data-testid="sim-facts">{facts}</ul>
                <p class="help" data-testid="sim-scheme-text">{scheme}</p>
            </section>
        }
        .into_any(),
    )
}

/// A deadlocked point: what happened and where to see why.
fn deadlocked(e: &SimPointReport) -> impl IntoView {
    let href = format!(
        "?{}",
        icn_web_model::url::Query(vec![
            ("view".into(), "deadlock".into()),
            ("t".into(), e.ask.spec.clone()),
            ("s".into(), e.ask.routing.clone()),
            ("scheme".into(), e.scheme.name().into()),
            ("vcs".into(), e.classes.to_string()),
        ])
        .encode()
    );
    let note = e
        .point
        .note
        .as_deref()
        .map_or("flits waited and none moved", |n| {
            n.trim_start_matches("deadlock: ")
        })
        .to_string();
    view! {
        <p class="sim-verdict bad" role="alert" data-testid="sim-deadlock">
            {format!("Deadlock at load {}: {note}. ", e.rate)}
            <a href=href data-testid="sim-deadlock-link">"See the dependency cycle in the deadlock view"</a>
        </p>
    }
}

/// One curve's facts: zero-load latency, saturation throughput, the bounds (a batch-mode
/// run's own facts in their place).
fn curve_facts(m: SimModel, i: usize, c: &Curve) -> AnyView {
    if let Some(facts) = super::batch::batch_facts(c) {
        return facts;
    }
    let zero = c
        .points
        .first()
        .filter(|p| p.point.status == Status::Stable)
        .and_then(|p| Some((p.point.packet_latency?, p.rate)))
        .map_or("—".to_string(), |(latency, rate)| {
            format!("{latency:.2} cycles at load {rate}")
        });
    let saturation = match (c.end(), c.saturation_throughput()) {
        (Some(e), Some(t)) if e.point.status == Status::Saturated => {
            format!("{t:.3} accepted (saturated at load {})", e.rate)
        }
        (Some(e), Some(t)) if e.point.status == Status::Deadlocked => {
            format!(
                "{t:.3} accepted, not saturated before the deadlock at load {}",
                e.rate
            )
        }
        (_, Some(t)) if c.complete && c.ask.checked.throughput_mode => format!(
            "{t:.3} accepted, the most of any load (BookSim2's throughput mode: no load stops \
             as saturated, so past saturation a point gives the rate the network accepts)"
        ),
        (_, Some(t)) if c.complete => format!("{t:.3} accepted, not saturated up to the last load"),
        (_, Some(t)) => format!("at least {t:.3} so far"),
        _ => "—".into(),
    };
    view! {
        <li>
            <p class="sim-curve-name">{c.label()}</p>
            <p>"Lowest-load latency: " <b data-testid="sim-zero-load">{zero}</b></p>
            <p><Term key="sim.saturation" />": " <b data-testid="sim-saturation">{saturation}</b></p>
            {move || bound_facts(m, i)}
        </li>
    }
    .into_any()
}

/// A curve's bounds in words, or their job's progress with its Cancel, or why there are
/// none.
fn bound_facts(m: SimModel, i: usize) -> impl IntoView {
    let b = m.bounds.of(i);
    let (routed, best) = b.values();
    let job = m.bounds.jobs[i];
    let report = match &b {
        CurveBounds::Done(r) | CurveBounds::Running(.., Some(r)) => Some(r.clone()),
        _ => None,
    };
    let routed_text = move |x: Option<f64>| match (&report, x) {
        (Some(r), _) if !r.routed && r.ask.adaptive => "none: the adaptive routing function \
            chooses by its queues, so no channel load is its own"
            .to_string(),
        (Some(r), _) if !r.routed => format!(
            "none for {}: an adaptive routing's shares depend on its queues",
            r.ask.routing
        ),
        (Some(r), Some(x)) if x >= r.endpoint_bound && !r.busiest_endpoints.is_empty() => {
            let ends: Vec<String> = r
                .busiest_endpoints
                .iter()
                .take(3)
                .map(|e| e.endpoint.to_string())
                .collect();
            format!(
                "{x:.4} (the link into endpoint {}{})",
                ends.join(", "),
                if r.busiest_endpoints.len() > 3 {
                    ", …"
                } else {
                    ""
                }
            )
        }
        (_, Some(x)) => format!("{x:.4}"),
        (_, None) => "— (no channel is loaded)".to_string(),
    };
    let (routed_text, best_text) = match &b {
        CurveBounds::Done(_) => (
            routed_text(routed),
            b.optimal_note().unwrap_or_else(|| match best {
                Some((lo, hi)) if lo == hi => format!("{lo:.4}"),
                Some((lo, hi)) => format!("{lo:.4} to {hi:.4}"),
                None => "—".into(),
            }),
        ),
        CurveBounds::Running(done, total, label, known) => {
            let text = if *total == 0 {
                format!("computing: {label}…")
            } else {
                format!("computing: {label}, {done} of {total}…")
            };
            let routed = if known.is_some() {
                routed_text(routed)
            } else {
                text.clone()
            };
            (routed, text)
        }
        CurveBounds::Absent(why) => (why.clone(), why.clone()),
    };
    let running = matches!(b, CurveBounds::Running(..));
    view! {
        <p><Term key="sim.bound" />": " <b data-testid="sim-bound">{routed_text}</b></p>
        <p><Term key="sim.optimal" />": " <b data-testid="sim-optimal">{best_text}</b>
            {running.then(|| view! {
                " " <button type="button" data-testid="sim-bound-cancel" on:click=move |_| job.handle.cancel()>"Cancel"</button>
            })}
        </p>
    }
}

/// The curves drawn, the points as a table, downloads and the command; with `figure` (the
/// figure-first embed) a link to the full view instead of the table and the command.
pub fn curve_card(m: SimModel, figure: bool) -> Option<AnyView> {
    let curves = m.curves.get();
    if curves.iter().all(|c| c.points.is_empty()) {
        return None;
    }
    // Latency means nothing past saturation: with no stable point there is no curve to
    // draw, only the table (a run that deadlocked or saturated at its first load).
    let drawable = curves
        .iter()
        .any(|c| c.points.iter().any(|p| p.point.status == Status::Stable));
    let series: Vec<SimSeries> = curves
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (bound, optimal) = m.bounds.of(i).values();
            SimSeries {
                label: c.label(),
                points: c.points.iter().map(|p| (**p).clone()).collect(),
                bound,
                optimal,
            }
        })
        .collect();
    let title = "Latency and accepted throughput against offered load";
    let csv = csv(&curves);
    // A figure-first embed is the chart alone: its table and command line are one link
    // away, in the full view.
    let command = (!figure).then(|| command(&curves[0]));
    let table = points_table(m, &curves);
    if !drawable {
        return Some(
            view! {
                <section class="card results" aria-label="The points">
                    <p class="help" data-testid="sim-no-curve">
                        "No stable point to draw a curve through: the first load already saturates or deadlocks. Try lower loads."
                    </p>
                    {table}
                </section>
            }
            .into_any(),
        );
    }
    Some(
        view! {
            <section class="card results" aria-label="The curves">
                <ChartCanvas
                    name="sim"
                    title=title.to_string()
                    alt=format!("{title}; every point is in the table below")
                    draw=move |el| draw(el, &series)
                    csv=csv
                    command=command
                    deferred=true
                >
                    {if figure {
                        view! {
                            <p class="figure-more">
                                <FullViewLink nav=m.nav testid="figure-more" text="Every point in a table, and the icn command" />
                            </p>
                        }
                        .into_any()
                    } else {
                        table.into_any()
                    }}
                </ChartCanvas>
            </section>
        }
        .into_any(),
    )
}

/// The CSV of every point computed: `icn sim --format csv`'s columns (the same rows, the
/// simulator being seeded and deterministic); with two curves, a curve column first.
fn csv(curves: &[Curve]) -> String {
    let two = curves.len() > 1;
    let mut out = String::from(if two { "curve," } else { "" });
    out.push_str(CSV_HEADER);
    out.push('\n');
    for c in curves {
        for p in &c.points {
            if two {
                out.push_str(&format!("{},", c.label().replace(',', ";")));
            }
            out.push_str(&p.point.csv_row(p.rate));
            out.push('\n');
        }
    }
    out
}

/// The `icn sim` command that computes the first curve's points (the same numbers: the
/// simulator is seeded and deterministic).
fn command(c: &Curve) -> String {
    let a = &c.ask.ask;
    let list = c
        .ask
        .rates
        .iter()
        .take(c.points.len().max(1))
        .map(|(t, _)| t.as_str())
        .collect::<Vec<_>>()
        .join(",");
    let scheme = if a.scheme == "auto" {
        String::new()
    } else {
        format!(" --scheme {}", a.scheme)
    };
    let keys = if a.extra.is_empty() {
        String::new()
    } else {
        format!(" --keys '{}'", a.extra)
    };
    format!(
        "icn sim '{}' --routing {} --traffic '{}'{scheme} --num-vcs {} --vc-buf-size {} --packet-size {} --seed {}{keys} --rates {list} --format csv",
        a.spec, a.routing, a.traffic, a.vcs, a.buf, a.size, a.seed
    )
}

/// The network with the chosen point's channel utilisation.
pub fn diagram_card(m: SimModel) -> impl IntoView {
    let drawing = channel_drawing(
        m.drawing,
        m.highlight,
        Opened::of(m.nav),
        (
            "sim",
            "A bundle's colour is its busiest link's utilisation (the busiest channel of the \
             links it holds, either way).",
            "the curve and the busiest channel are exact",
        ),
    );
    let caption = move || match m.shown.get() {
        Some(p) => {
            let mut busiest: Vec<_> = p.point.channels.iter().collect();
            busiest.sort_by(|a, b| b.utilisation.total_cmp(&a.utilisation));
            let names = m.network.with(|n| {
                n.as_ref().ok().map(|n| {
                    busiest
                        .iter()
                        .take(3)
                        .map(|c| {
                            format!(
                                "{} → {} {:.0} %",
                                n.format_node(c.from),
                                n.format_node(c.to),
                                100.0 * c.utilisation
                            )
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                })
            });
            format!(
                "At offered load {}: each channel's flits per cycle. Busiest: {}.",
                p.rate,
                names.unwrap_or_default()
            )
        }
        None => "The channels' utilisation shows once a point is computed.".to_string(),
    };
    let legend = (1..=HEAT_STEPS)
        .map(|k| {
            let lo = 100 * (k - 1) / HEAT_STEPS;
            let hi = 100 * k / HEAT_STEPS;
            view! { <li><span class=format!("swatch heat heat-{k}")></span>{format!("{lo}–{hi} %")}</li> }
        })
        .collect_view();
    view! {
        <section class="card diagram-card" aria-labelledby="sim-diagram-title">
            <div class="card-head">
                <h2 id="sim-diagram-title">"Channel utilisation"</h2>
            </div>
            {drawing}
            <p class="help" data-testid="sim-util-caption">{caption}</p>
            <ul class="legend" aria-hidden="true">{legend}</ul>
        </section>
    }
}
