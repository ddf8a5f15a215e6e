//! The throughput view's cards: the fields and presets, the job's status (or the estimate
//! to confirm), the result (throughput, bottleneck, optimal bounds, the permutation stepped
//! through and a link that simulates it) and the network drawn.

use icn_core::sim::packet::{permutation_text, Pattern};
use icn_web::jobs::{OptimalReport, ThroughputReport};
use icn_web_model::traffic::perm_text;
use icn_web_model::url::throughput::sim_href;
use leptos::prelude::*;

use super::model::{Ask, ThroughputModel, Troubles};
use super::stepper::stepper;
use crate::components::{
    confirm_gate, job_card_status, picking_drawing, read_picked_file, unlisted_option, FieldError,
    Opened, TermList,
};
use crate::compute::JobState;
use crate::diagram::HEAT_STEPS;
use crate::url::ThroughputForm;

/// Presets: label, spec, routing, traffic, optimal.
const PRESETS: &[(&str, &str, &str, &str, bool)] = &[
    ("Ring, worst case", "torus:k=8", "dor", "worst", true),
    ("8×8 torus, uniform", "torus:k=8x8", "dor", "uniform", false),
    (
        "4×4 mesh, transpose",
        "mesh:k=4x4",
        "dor",
        "transpose",
        true,
    ),
    (
        "Hypercube, worst case",
        "hypercube:n=4",
        "ecube",
        "worst",
        true,
    ),
    (
        "Dragonfly, minimal, worst",
        "dragonfly:a=4,p=2,h=2",
        "minimal",
        "worst",
        false,
    ),
    (
        "Dragonfly, Valiant, worst",
        "dragonfly:a=4,p=2,h=2",
        "valiant",
        "worst",
        false,
    ),
];

/// The traffic choices offered beside the field (any pattern or `perm:…` may be typed).
const TRAFFICS: &[(&str, &str)] = &[
    ("uniform", "every endpoint to every other, equally"),
    ("worst", "the routing's worst-case permutation"),
    (
        "longest",
        "the permutation of the largest total distance (near-worst for any routing)",
    ),
    ("transpose", "a permutation pattern"),
    ("bitcomp", "a permutation pattern"),
    ("tornado", "a permutation pattern"),
    ("randperm(1)", "a random permutation"),
    (
        "hotspot(0)",
        "every endpoint to endpoint 0 (a traffic matrix)",
    ),
    (
        "diagonal",
        "a third to the next endpoint, the rest to itself (a traffic matrix)",
    ),
];

/// A permutation loaded from a file (destinations in endpoint order, separated by commas,
/// spaces or lines, as `icn throughput --traffic perm:@FILE` reads it): `apply` gets
/// `perm:D0,D1,…`, or `error` the file's name and the line of a word that is not a number.
fn permutation_file(
    error: RwSignal<Option<String>>,
    apply: impl Fn(String) + Copy + 'static,
) -> impl IntoView {
    let on_file = move |ev: leptos::ev::Event| {
        read_picked_file(&ev, move |name, text| match permutation_text(&text) {
            Ok(list) => {
                error.set(None);
                let words: Vec<String> = list.iter().map(u32::to_string).collect();
                apply(format!("perm:{}", words.join(",")));
            }
            Err(e) => error.set(Some(format!("{name}: {e}"))),
        });
    };
    view! {
        <p class="help">
            <label class="file-pick">
                "Load a permutation file"
                <input type="file" data-testid="tput-file" accept=".txt,.perm,.csv,text/plain"
                    aria-describedby="tput-file-error" on:change=on_file />
            </label>
            " (destinations in endpoint order, separated by commas, spaces or lines)."
        </p>
    }
}

/// The network, routing, traffic and the optimal toggle, each with its error, and presets.
pub fn fields_card(m: ThroughputModel) -> impl IntoView {
    let error =
        move |pick: fn(&Troubles) -> Option<String>| Signal::derive(move || m.troubles.with(pick));
    let set = move |change: fn(&mut ThroughputForm, String), value: String| {
        m.nav.commit_form(|f: &mut ThroughputForm| {
            change(f, value);
            f.pair = "1".into();
            f.link.clear();
        })
    };
    let edit =
        move |field: &'static str, change: fn(&mut ThroughputForm, String), value: String| {
            m.nav.edit_form(field, |f: &mut ThroughputForm| {
                change(f, value);
                f.pair = "1".into();
                f.link.clear();
            })
        };
    let routing_options = move || {
        let chosen = m.form.with(|f| f.routing.clone());
        let list = m.strategies.get();
        let unlisted = unlisted_option(&chosen, list.iter().map(|s| s.name.as_str()));
        let listed = list
            .into_iter()
            .map(|s| {
                let selected = s.name == chosen;
                view! { <option value=s.name.clone() selected=selected>{format!("{} — {}", s.name, s.title)}</option> }
            })
            .collect_view();
        (unlisted, listed)
    };
    let file_error = RwSignal::new(None::<String>);
    let traffic_options = TRAFFICS
        .iter()
        .map(|&(name, what)| view! { <option value=name>{what}</option> })
        .collect_view();
    view! {
        <section class="card controls" aria-label="Network, routing and traffic">
            <div class="field">
                <label for="tput-spec">"Network (any spec, e.g. torus:k=8)"</label>
                <input id="tput-spec" data-testid="tput-spec" type="text" autocomplete="off" spellcheck="false"
                    aria-invalid=move || error(|t| t.spec.clone()).with(Option::is_some).to_string()
                    aria-describedby="tput-spec-error"
                    prop:value=move || m.form.with(|f| f.spec.clone())
                    on:input=move |ev| edit("tput-spec", new_spec, event_target_value(&ev)) />
                <FieldError error=error(|t| t.spec.clone()) id="tput-spec-error" />
            </div>
            <div class="field">
                <label for="tput-routing">"Routing (oblivious)"</label>
                <select id="tput-routing" data-testid="tput-routing" aria-describedby="tput-routing-error"
                    aria-invalid=move || error(|t| t.routing.clone()).with(Option::is_some).then_some("true")
                    on:change=move |ev| set(|f, v| f.routing = v, event_target_value(&ev))>
                    {routing_options}
                </select>
                <FieldError error=error(|t| t.routing.clone()) id="tput-routing-error" />
            </div>
            <div class="field">
                <label for="tput-traffic">"Traffic: uniform, worst, longest, a pattern, or perm:D0,D1,… (each endpoint's destination)"</label>
                <input id="tput-traffic" data-testid="tput-traffic" type="text" autocomplete="off" spellcheck="false"
                    list="tput-traffics"
                    aria-invalid=move || error(|t| t.traffic.clone()).with(Option::is_some).to_string()
                    aria-describedby="tput-traffic-error"
                    prop:value=move || m.form.with(|f| f.traffic.clone())
                    on:input=move |ev| {
                        file_error.set(None);
                        edit("tput-traffic", |f, v| f.traffic = v, event_target_value(&ev));
                    } />
                <datalist id="tput-traffics">{traffic_options}</datalist>
                {permutation_file(file_error, move |text| set(|f, v| f.traffic = v, text))}
                <FieldError error=error(|t| t.traffic.clone()) id="tput-traffic-error" />
                <FieldError error=file_error id="tput-file-error" />
            </div>
            <div class="field">
                <label>
                    <input type="checkbox" data-testid="tput-optimal"
                        prop:checked=move || m.form.with(|f| f.optimal)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            m.nav.commit_form(|f: &mut ThroughputForm| f.optimal = on);
                        } />
                    " Also the best any routing could do (the maximum concurrent flow: exact by a linear program on small networks, certified within 1 % beyond)"
                </label>
            </div>
            <TermList keys=FIELD_TERMS />
            {presets(m)}
        </section>
    }
}

/// The fields' terms: the routing's kind and the traffics.
const FIELD_TERMS: &[&str] = &[
    "tput.oblivious",
    "tput.uniform",
    "tput.worst",
    "tput.longest",
    "sim.optimal",
];

/// The result's terms.
const RESULT_TERMS: &[&str] = &[
    "tput.throughput",
    "tput.load",
    "tput.bottleneck",
    "tput.bounds",
];

/// A new spec; a routing the new network lacks becomes its first.
fn new_spec(f: &mut ThroughputForm, spec: String) {
    if let Ok(net) = spec.parse::<icn_core::Network>() {
        if icn_core::routing::registry::build_oblivious(&net, &f.routing).is_err() {
            f.routing = net.default_strategy().to_string();
        }
    }
    f.spec = spec;
}

/// The preset buttons.
fn presets(m: ThroughputModel) -> impl IntoView {
    let buttons = PRESETS
        .iter()
        .map(|&(label, spec, routing, traffic, optimal)| {
            view! {
                <button type="button" data-testid="tput-preset"
                    on:click=move |_| m.nav.commit_form(|f: &mut ThroughputForm| {
                        *f = ThroughputForm {
                            spec: spec.into(),
                            routing: routing.into(),
                            traffic: traffic.into(),
                            optimal,
                            pair: "1".into(),
                            sort: String::new(),
                            link: String::new(),
                        };
                    })>
                    {label}
                </button>
            }
        })
        .collect_view();
    view! { <div class="subnet-presets" role="group" aria-label="Examples">{buttons}</div> }
}

/// The job's progress, its failure, or the estimate waiting for a confirmation.
pub fn status(m: ThroughputModel) -> Option<AnyView> {
    let ask = m.ask.get()?;
    // Done for these fields: the result says it all (while the optimal bound solves, the
    // routing's result shows beside the progress).
    if matches!(m.job.state.get(), JobState::Done(_)) && m.report.with(Option::is_some) {
        return None;
    }
    let what = ("The throughput", "tput");
    Some(job_card_status(
        m.job.state.get(),
        m.job.handle.set_state,
        what,
        || gate(m, &ask).into_any(),
    ))
}

/// The estimate of a computation over the page's budget: a button to compute it anyway,
/// or, beyond the confirm limit, the command that computes it.
fn gate(m: ThroughputModel, ask: &Ask) -> impl IntoView {
    let a = &ask.ask;
    let command = format!(
        "icn throughput '{}' --routing {} --traffic '{}'{} --force",
        a.spec,
        a.routing,
        a.traffic,
        if a.optimal { " --optimal" } else { "" }
    );
    let confirm = a.clone();
    confirm_gate(
        ask.estimate,
        "This computation",
        command,
        "tput",
        move || {
            m.confirmed.set(Some(confirm.clone()));
        },
    )
}

/// A throughput in words: a whole number as itself, a fraction and its decimal, or the
/// decimal.
fn rate_text(x: f64, fraction: Option<(u64, u64)>) -> String {
    match fraction {
        Some((p, 1)) => p.to_string(),
        Some((p, q)) => format!("{p}/{q} ≈ {x:.4}"),
        None => format!("{x:.4}"),
    }
}

/// The optimal bound in words.
fn optimal_text(o: &OptimalReport) -> String {
    match o {
        OptimalReport::Bounds {
            lower_bound,
            upper_bound,
        } if lower_bound == upper_bound => format!(
            "{} (exact: the linear program's optimum)",
            rate_text(*lower_bound, icn_core::analysis::throughput::fraction(*lower_bound))
        ),
        OptimalReport::Bounds {
            lower_bound,
            upper_bound,
        } => format!(
            "between {lower_bound:.4} and {upper_bound:.4} (certified bounds by multiplicative weights: the network is too large for the linear program)"
        ),
        OptimalReport::Failed { message } => format!("not computed: {message}"),
    }
}

/// The bottleneck's heading: the busiest channels, or, where the link into an endpoint
/// binds first (a hotspot), the busiest channels below it.
fn bottleneck_heading(r: &ThroughputReport) -> String {
    let n = r.bottleneck.len();
    let channels = format!("{n} channel{}", if n == 1 { "" } else { "s" });
    let endpoint_first = r.channel_bound.is_some_and(|b| r.endpoint_bound < b);
    match r.binding_endpoint() {
        Some(e) if endpoint_first => format!(
            "Busiest: {channels}, below capacity (the link into endpoint {} binds first)",
            e.endpoint
        ),
        _ => format!("Bottleneck: {channels}"),
    }
}

/// Whether `traffic` names a pattern that is a traffic matrix, not a permutation.
fn traffic_is_matrix(traffic: &str) -> bool {
    traffic
        .parse::<Pattern>()
        .is_ok_and(|p| p != Pattern::Uniform && !p.is_permutation())
}

/// What the traffic is, for the result's heading.
fn traffic_words(r: &ThroughputReport) -> String {
    match r.ask.traffic.as_str() {
        "uniform" => "uniform traffic".into(),
        "worst" => format!(
            "its worst-case permutation (of all {}! permutations)",
            r.endpoints
        ),
        "longest" => "the permutation of the largest total distance (near-worst, not worst)".into(),
        t if t.starts_with("perm:") => "the permutation given".into(),
        t if traffic_is_matrix(t) => format!("the {t} traffic matrix"),
        t => format!("the {t} permutation"),
    }
}

/// The result: conventions, throughput, bound, busiest load, bottleneck, optimal bounds,
/// the permutation stepped through and the link that simulates it.
pub fn result_card(m: ThroughputModel) -> Option<AnyView> {
    let r = m.report.get()?;
    let headline = format!(
        "{} on {} under {}: throughput {} flits per endpoint per cycle.",
        r.ask.routing,
        r.ask.spec,
        traffic_words(&r),
        rate_text(r.throughput, r.fraction)
    );
    let bound = r.channel_bound.map_or_else(
        || "no channel is loaded".to_string(),
        |b| rate_text(b, icn_core::analysis::throughput::fraction(b)),
    );
    let bottleneck = r
        .bottleneck
        .iter()
        .map(|c| view! { <li>{c.text.clone()}</li> })
        .collect_view();
    // Under a matrix such as a hotspot, the link into the busiest receiving endpoint.
    let endpoint = (!r.busiest_endpoints.is_empty()).then(|| {
        let ends: Vec<String> = r
            .busiest_endpoints
            .iter()
            .take(8)
            .map(|e| format!("{} at {}", e.endpoint, e.node))
            .collect();
        let more = r.busiest_endpoints.len().saturating_sub(8);
        let text = format!(
            "{} (endpoint {}{})",
            rate_text(r.endpoint_bound, icn_core::analysis::throughput::fraction(r.endpoint_bound)),
            ends.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() }
        );
        view! { <div><dt>"Endpoint bound (1 / most an endpoint receives)"</dt><dd data-testid="tput-endpoint-bound">{text}</dd></div> }
    });
    let optimal = match (&r.optimal, r.ask.optimal) {
        (Some(o), _) => Some(optimal_text(o)),
        (None, true) => Some("solving its linear program…".to_string()),
        (None, false) => None,
    }
    .map(|text| {
        view! { <p data-testid="tput-optimal-value">"Best any routing could do: " <b>{text}</b></p> }
    });
    // A permutation as the list found (the worst case, the longest), a traffic matrix by
    // its pattern; uniform traffic is the simulator's first choice anyway.
    let sim_traffic = match &r.permutation {
        Some(p) => Some((perm_text(p), "Simulate this permutation")),
        None if traffic_is_matrix(&r.ask.traffic) => {
            Some((r.ask.traffic.clone(), "Simulate this traffic"))
        }
        None => None,
    };
    let simulate = sim_traffic.map(|(traffic, label)| {
        let href = m
            .nav
            .href(sim_href(&r.ask.spec, &r.ask.routing, &traffic).trim_start_matches('?'));
        view! {
            <p><a href=href data-testid="tput-simulate">{label}</a>
            " — the simulator's latency curve beside these bounds."</p>
        }
    });
    let pairs = stepper(m, &r);
    Some(
        view! {
            <section class="card results" aria-labelledby="tput-result-title">
                <h2 id="tput-result-title">"Throughput"</h2>
                <p class="help">"Endpoints inject; every channel carries 1 flit per cycle in each direction. \
                    Throughput is the largest injection rate per endpoint at which no channel's load exceeds 1 \
                    and no endpoint receives more than 1."</p>
                <TermList keys=RESULT_TERMS />
                <p data-testid="tput-headline">{headline}</p>
                <dl class="facts">
                    <div><dt>"Throughput"</dt><dd data-testid="tput-throughput" data-value=r.throughput.to_string()>{rate_text(r.throughput, r.fraction)}</dd></div>
                    <div><dt>"Channel bound (1 / busiest load)"</dt><dd data-testid="tput-bound">{bound}</dd></div>
                    <div><dt>"Busiest channel's load at rate 1"</dt><dd data-testid="tput-max-load">{format!("{}", r.max_load)}</dd></div>
                    {endpoint}
                    <div><dt>"Endpoints"</dt><dd>{r.endpoints.to_string()}</dd></div>
                </dl>
                <h3>{bottleneck_heading(&r)}</h3>
                <ul class="tput-bottleneck" data-testid="tput-bottleneck">{bottleneck}</ul>
                {optimal}
                {simulate}
                {pairs}
            </section>
        }
        .into_any(),
    )
}

/// The network with every channel's load, the bottleneck marked and the pair shown lit.
pub fn diagram_card(m: ThroughputModel) -> impl IntoView {
    let has_pairs = Memo::new(move |_| {
        m.report
            .with(|r| r.as_ref().is_some_and(|r| !r.pairs.is_empty()))
    });
    let hot = Memo::new(move |_| {
        m.report.with(|r| {
            r.as_ref()
                .filter(|r| r.pairs.is_empty())
                .and_then(|r| r.binding_endpoint().map(|e| e.endpoint))
        })
    });
    let drawing = picking_drawing(
        m.drawing,
        m.highlight,
        Opened::of(m.nav),
        (
            "throughput",
            "Loads and the bottleneck are marked on the bundles they run in; open an \
             aggregate to see them router by router.",
            "the throughput and the channels listed are exact",
        ),
        Callback::new(move |v| m.pick_node(v)),
    );
    let heat = (1..=HEAT_STEPS)
        .map(|k| {
            let lo = 100 * (k - 1) / HEAT_STEPS;
            let hi = 100 * k / HEAT_STEPS;
            view! { <li><span class=format!("swatch heat heat-{k}")></span>{format!("{lo}–{hi} %")}</li> }
        })
        .collect_view();
    view! {
        <section class="card diagram-card" aria-labelledby="tput-diagram-title">
            <div class="card-head">
                <h2 id="tput-diagram-title">"Channel loads and the bottleneck"</h2>
            </div>
            {drawing}
            <p class="help">"Each channel's load as a share of the busiest's (click a node: the \
                table selects the busiest channel out of it):"</p>
            <ul class="legend heat-legend" aria-hidden="true">{heat}</ul>
            <ul class="legend" aria-hidden="true">
                <li><span class="swatch cycle"></span>"the bottleneck channels"</li>
                <Show when=move || has_pairs.get()>
                    <li><span class="swatch dag"></span>"the routes of the pair shown"</li>
                    <li><span class="swatch src"></span>"its source"</li>
                    <li><span class="swatch dst"></span>"its destination"</li>
                </Show>
                {move || hot.get().map(|e| view! {
                    <li><span class="swatch dst"></span>{format!("endpoint {e}, whose link binds first")}</li>
                })}
            </ul>
        </section>
    }
}
