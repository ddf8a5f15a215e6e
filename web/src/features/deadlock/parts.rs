//! The deadlock view's cards: the fields and presets, the job's status (or the estimate
//! to confirm), the verdict with the cycle stepped through, the table of every routing,
//! and the diagram.

use icn_core::analysis::deadlock::{Cell, RoutingRow, Scheme, MAX_VCS, TABLE_MAX_VCS};
use icn_web::jobs::DeadlockStudy;
use leptos::prelude::*;

use super::duato::{duato_verdict, escape_fields};
use super::model::{shown_cycle, Ask, DeadlockModel, Troubles};
use super::stepper::stepper;
use crate::components::{
    channel_drawing, confirm_gate, job_card_status, unlisted_option, FieldError, Opened, Term,
};
use crate::url::DeadlockForm;

/// Presets: label, spec, routing, scheme, virtual channels, and Duato's escape routing
/// and its scheme (empty: none).
const PRESETS: &[(&str, &str, &str, &str, u32, &str, &str)] = &[
    ("Ring, one VC", "torus:k=8", "dor", "one", 1, "", ""),
    (
        "Torus, dateline",
        "torus:k=4x4",
        "dor",
        "dateline",
        2,
        "",
        "",
    ),
    (
        "Mesh, dimension order",
        "mesh:k=4x4",
        "dor",
        "one",
        1,
        "",
        "",
    ),
    (
        "Hypercube, e-cube",
        "hypercube:n=4",
        "ecube",
        "one",
        1,
        "",
        "",
    ),
    (
        "Dragonfly, l-g-l",
        "dragonfly:a=4,p=2,h=2",
        "lgl",
        "phases",
        2,
        "",
        "",
    ),
    (
        "Fat tree, up*/down*",
        "fattree:k=2,n=3",
        "updown",
        "one",
        1,
        "",
        "",
    ),
    (
        "Torus, adaptive over an escape (Duato)",
        "torus:k=4x4",
        "minimal",
        "one",
        3,
        "dor",
        "dateline",
    ),
];

/// What each scheme does, for the field's help.
fn scheme_title(s: Scheme) -> &'static str {
    match s {
        Scheme::One => "one virtual channel",
        Scheme::Hops => "hop classes: the VC is the hop number",
        Scheme::Phases => "phase classes: a new VC after each global link",
        Scheme::Dateline => "dateline: VC 1 after the wrap-around link",
    }
}

/// The network, routing, scheme and virtual channels, each with its error, and presets.
pub fn fields_card(m: DeadlockModel) -> impl IntoView {
    let error =
        move |pick: fn(&Troubles) -> Option<String>| Signal::derive(move || m.troubles.with(pick));
    let set = move |change: fn(&mut DeadlockForm, String), value: String| {
        m.nav.commit_form(|f: &mut DeadlockForm| {
            change(f, value);
            f.step = "1".into();
        })
    };
    // Typed fields apply at each keystroke, as in every view.
    let edit = move |field: &'static str, change: fn(&mut DeadlockForm, String), value: String| {
        m.nav.edit_form(field, |f: &mut DeadlockForm| {
            change(f, value);
            f.step = "1".into();
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
    let scheme_options = move || {
        let chosen = m.form.with(|f| f.scheme.clone());
        let usable = m.schemes.get();
        let unlisted = unlisted_option(&chosen, Scheme::ALL.into_iter().map(Scheme::name));
        let listed = Scheme::ALL
            .into_iter()
            .map(|s| {
                // No network yet (an invalid spec): nothing to say about the schemes.
                let label = if usable.is_empty() || usable.contains(&s) {
                    format!("{} — {}", s.name(), scheme_title(s))
                } else {
                    format!("{} — not for this network", s.name())
                };
                view! { <option value=s.name() selected=chosen == s.name()>{label}</option> }
            })
            .collect_view();
        (unlisted, listed)
    };
    let duato = move || m.form.with(DeadlockForm::duato);
    let one = move || m.form.with(|f| f.scheme == "one" && !f.duato());
    let escape_card = escape_fields(m);
    view! {
        <section class="card controls" aria-label="Network and routing">
            <div class="field">
                <label for="deadlock-spec">"Network (any spec, e.g. torus:k=4x4)"</label>
                <input id="deadlock-spec" data-testid="deadlock-spec" type="text" autocomplete="off" spellcheck="false"
                    aria-invalid=move || error(|t| t.spec.clone()).with(Option::is_some).to_string()
                    aria-describedby="deadlock-spec-error"
                    prop:value=move || m.form.with(|f| f.spec.clone())
                    on:input=move |ev| edit("deadlock-spec", new_spec, event_target_value(&ev)) />
                <FieldError error=error(|t| t.spec.clone()) id="deadlock-spec-error" />
            </div>
            <div class="field">
                <label for="deadlock-routing">{move || if duato() { "Adaptive routing" } else { "Routing" }}</label>
                <select id="deadlock-routing" data-testid="deadlock-routing" aria-describedby="deadlock-routing-error"
                    aria-invalid=move || error(|t| t.routing.clone()).with(Option::is_some).then_some("true")
                    on:change=move |ev| set(|f, v| f.routing = v, event_target_value(&ev))>
                    {routing_options}
                </select>
                <FieldError error=error(|t| t.routing.clone()) id="deadlock-routing-error" />
            </div>
            <div class="field">
                <label for="deadlock-scheme">"Virtual-channel scheme"</label>
                <select id="deadlock-scheme" data-testid="deadlock-scheme" aria-describedby="deadlock-scheme-error"
                    aria-invalid=move || error(|t| t.scheme.clone()).with(Option::is_some).then_some("true")
                    disabled=duato
                    on:change=move |ev| set(|f, v| f.scheme = v, event_target_value(&ev))>
                    {scheme_options}
                </select>
                <FieldError error=error(|t| t.scheme.clone()) id="deadlock-scheme-error" />
                <p class="help" hidden=move || !duato()>"Duato's condition: the escape's virtual channels below apply."</p>
            </div>
            <div class="field">
                <label for="deadlock-vcs">{move || if duato() {
                    format!("Virtual channels per channel, escape and adaptive, up to {MAX_VCS}")
                } else {
                    format!("Virtual channels per channel, 1 to {MAX_VCS}")
                }}</label>
                <input id="deadlock-vcs" data-testid="deadlock-vcs" type="text" autocomplete="off"
                    inputmode="numeric" disabled=one
                    aria-invalid=move || error(|t| t.vcs.clone()).with(Option::is_some).to_string()
                    aria-describedby="deadlock-vcs-error"
                    prop:value=move || m.form.with(|f| if f.scheme == "one" && !f.duato() { "1".to_string() } else { f.vcs.clone() })
                    on:input=move |ev| edit("deadlock-vcs", |f, v| f.vcs = v, event_target_value(&ev)) />
                <FieldError error=error(|t| t.vcs.clone()) id="deadlock-vcs-error" />
                <p class="help" hidden=move || !one()>"The one scheme uses a single virtual channel."</p>
            </div>
            {escape_card}
            {presets(m)}
        </section>
    }
}

/// A new spec; a routing or scheme the new network lacks becomes its first.
fn new_spec(f: &mut DeadlockForm, spec: String) {
    if let Ok(net) = spec.parse::<icn_core::Network>() {
        if icn_core::routing::registry::find(&net, &f.routing).is_err() {
            f.routing = net.default_strategy().to_string();
        }
        if f.duato() && icn_core::routing::registry::find(&net, &f.escape).is_err() {
            f.escape.clear();
            f.escape_scheme = "one".into();
        }
        let usable = icn_core::analysis::deadlock::schemes(net.topology());
        if !usable.iter().any(|s| s.name() == f.scheme) {
            f.scheme = Scheme::One.name().to_string();
        }
    }
    f.spec = spec;
}

/// The preset buttons.
fn presets(m: DeadlockModel) -> impl IntoView {
    let buttons = PRESETS
        .iter()
        .map(|&(label, spec, routing, scheme, vcs, escape, escape_scheme)| {
            view! {
                <button type="button" data-testid="deadlock-preset"
                    on:click=move |_| m.nav.commit_form(|f: &mut DeadlockForm| {
                        *f = DeadlockForm {
                            spec: spec.into(),
                            routing: routing.into(),
                            scheme: scheme.into(),
                            vcs: vcs.to_string(),
                            step: "1".into(),
                            escape: escape.into(),
                            escape_scheme: if escape.is_empty() { "one" } else { escape_scheme }.into(),
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
pub fn status(m: DeadlockModel) -> Option<AnyView> {
    let ask = m.ask.get()?;
    if m.study.with(Option::is_some) {
        return None;
    }
    let what = ("The dependency graph", "deadlock");
    Some(job_card_status(
        m.job.state.get(),
        m.job.handle.set_state,
        what,
        || gate(m, &ask).into_any(),
    ))
}

/// The estimate of a graph over the page's budget: a button to compute it anyway, or,
/// beyond the confirm limit, the command that computes it.
fn gate(m: DeadlockModel, ask: &Ask) -> impl IntoView {
    let command = match &ask.escape {
        Some((escape, scheme)) => format!(
            "icn deadlock '{}' --routing {} --escape {escape} --escape-scheme {scheme} --vcs {} --force",
            ask.spec, ask.routing, ask.vcs
        ),
        None => format!(
            "icn deadlock '{}' --routing {} --scheme {} --vcs {} --table --force",
            ask.spec, ask.routing, ask.scheme, ask.vcs
        ),
    };
    let spec = ask.spec.clone();
    confirm_gate(ask.estimate, "This graph", command, "deadlock", move || {
        m.confirmed.set(Some(spec.clone()));
    })
}

/// The verdict, the graph's size and, for a cyclic graph, its cycle stepped through.
pub fn verdict_card(m: DeadlockModel) -> Option<AnyView> {
    let s = m.study.get()?;
    if let Some(e) = &s.escape {
        return Some(duato_verdict(m, &s, e));
    }
    let r = &s.report;
    let size = format!(
        "{} channels × {} virtual channel{}: {} (channel, VC) pairs in use, {} dependencies.",
        r.channels,
        r.vcs,
        if r.vcs == 1 { "" } else { "s" },
        r.graph_nodes,
        r.graph_edges
    );
    let (class, headline) = if r.acyclic {
        (
            "dl-verdict ok",
            format!(
                "Deadlock-free: {} under the {} scheme with {} VC{} has an acyclic channel dependency graph.",
                s.routing,
                r.scheme,
                r.vcs,
                if r.vcs == 1 { "" } else { "s" }
            ),
        )
    } else {
        (
            "dl-verdict bad",
            format!(
                "Can deadlock: {} under the {} scheme with {} VC{} has a cycle of {} dependencies{}.",
                s.routing,
                r.scheme,
                r.vcs,
                if r.vcs == 1 { "" } else { "s" },
                r.cycle.len(),
                if r.shortest { ", a shortest one" } else { "" }
            ),
        )
    };
    let cycle = (!r.acyclic).then(|| stepper(m, &s));
    let fix = fix_hint(m, &s);
    Some(
        view! {
            <section class="card results" aria-labelledby="deadlock-verdict-title">
                <h2 id="deadlock-verdict-title">"Verdict"</h2>
                <p class=class data-testid="deadlock-verdict" data-acyclic=r.acyclic.to_string() data-parts=s.parts.to_string()>{headline}</p>
                <p class="help" data-testid="deadlock-size">{size}</p>
                {fix}
                {cycle}
                {terms()}
            </section>
        }
        .into_any(),
    )
}

/// The terms the verdict uses, each with its definition.
fn terms() -> impl IntoView {
    view! {
        <p class="help dl-terms" data-testid="deadlock-terms">
            "Terms: " <Term key="deadlock.cdg" /> " · " <Term key="deadlock.vc" /> " · "
            <Term key="deadlock.scheme" /> " · " <Term key="deadlock.duato" />
        </p>
    }
}

/// For a cyclic graph, the schemes the table found that make this routing acyclic, as
/// buttons that apply them.
fn fix_hint(m: DeadlockModel, s: &DeadlockStudy) -> Option<impl IntoView> {
    if s.report.acyclic || s.escape.is_some() {
        return None;
    }
    let row = s.table.iter().find(|r| r.routing == s.routing)?;
    let fixes: Vec<(Scheme, u32)> = row
        .least
        .iter()
        .filter_map(|l| match l.least {
            Cell::Least { vcs } => Some((l.scheme, vcs)),
            _ => None,
        })
        .collect();
    // The fewest VCs not searched (over the page's budget): no claim either way.
    let unsearched = row
        .least
        .iter()
        .any(|l| matches!(l.least, Cell::OverBudget { .. }));
    if fixes.is_empty() && unsearched {
        return None;
    }
    if fixes.is_empty() {
        return Some(
            view! {
                <p class="help" data-testid="deadlock-fix">
                    {format!("No scheme here makes {} acyclic with up to {TABLE_MAX_VCS} virtual channels.", s.routing)}
                </p>
            }
            .into_any(),
        );
    }
    let buttons = fixes
        .into_iter()
        .map(|(scheme, vcs)| {
            view! {
                <button type="button" data-testid="deadlock-fix-apply"
                    on:click=move |_| m.nav.commit_form(|f: &mut DeadlockForm| {
                        f.scheme = scheme.name().into();
                        f.vcs = vcs.to_string();
                        f.step = "1".into();
                    })>
                    {format!("{} with {vcs} VCs", scheme.name())}
                </button>
            }
        })
        .collect_view();
    Some(
        view! {
            <p class="help" data-testid="deadlock-fix">"Acyclic with: " {buttons}</p>
        }
        .into_any(),
    )
}

/// A table cell in words.
fn cell_text(c: &Cell) -> String {
    match c {
        Cell::Acyclic => "deadlock-free".into(),
        Cell::Cyclic => "can deadlock".into(),
        Cell::Least { vcs } => format!("{vcs} VC{}", if *vcs == 1 { "" } else { "s" }),
        Cell::NoneUpTo { max } => format!("none ≤ {max}"),
        Cell::OverBudget { .. } => "too large for the page".into(),
        Cell::Unavailable { .. } => "—".into(),
    }
}

/// Every routing of the network against one virtual channel and the fewest each scheme
/// needs; a routing's name selects it.
pub fn table_card(m: DeadlockModel) -> Option<AnyView> {
    let s = m.study.get()?;
    let schemes: Vec<Scheme> = s
        .table
        .first()
        .map(|r| r.least.iter().map(|l| l.scheme).collect())
        .unwrap_or_default();
    let head = schemes
        .iter()
        .map(|k| view! { <th scope="col">{format!("fewest VCs: {}", k.name())}</th> })
        .collect_view();
    let over = s
        .table
        .iter()
        .any(|r| matches!(r.one_vc, Cell::OverBudget { .. }));
    let rows = s
        .table
        .iter()
        .map(|r| table_row(m, r, &s.routing))
        .collect_view();
    Some(
        view! {
            <section class="card info" aria-labelledby="deadlock-table-title">
                <h2 id="deadlock-table-title">"Every routing of this network"</h2>
                <div class="table-scroll" tabindex="0" role="region" aria-label="Routings against virtual channels">
                    <table class="paper-table" data-testid="deadlock-table">
                        <thead><tr><th scope="col">"Routing"</th><th scope="col">"One VC"</th>{head}</tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <p class="help">{format!("Fewest virtual channels tried up to {TABLE_MAX_VCS}; — where a scheme does not apply to a routing.")}</p>
                {over.then(|| view! {
                    <p class="help" data-testid="deadlock-table-over">
                        "Rows too large for the page: " <code>{format!("icn deadlock '{}' --table --force", s.spec)}</code> " computes them."
                    </p>
                })}
            </section>
        }
        .into_any(),
    )
}

/// One routing's row.
fn table_row(m: DeadlockModel, r: &RoutingRow, shown: &str) -> impl IntoView {
    let name = r.routing.clone();
    let title = r.title.clone();
    let cells = r
        .least
        .iter()
        .map(|l| {
            let why = match &l.least {
                Cell::Unavailable { why } => why.clone(),
                _ => String::new(),
            };
            view! { <td title=why data-scheme=l.scheme.name()>{cell_text(&l.least)}</td> }
        })
        .collect_view();
    view! {
        <tr aria-current=(r.routing == shown).then_some("true") data-routing=r.routing.clone()>
            <th scope="row">
                <button type="button" class="text-button" title=title
                    on:click=move |_| {
                        let name = name.clone();
                        m.nav.commit_form(move |f: &mut DeadlockForm| {
                            f.routing = name;
                            f.step = "1".into();
                        })
                    }>
                    {r.routing.clone()}
                </button>
            </th>
            <td data-scheme="one">{cell_text(&r.one_vc)}</td>
            {cells}
        </tr>
    }
}

/// The network with the cycle drawn (its channels marked, the dependency shown strong,
/// the ends of the route behind it).
pub fn diagram_card(m: DeadlockModel) -> impl IntoView {
    // The verdict on what is drawn: Duato's extended graph when an escape is asked.
    let acyclic = Memo::new(move |_| {
        m.study.with(|s| {
            s.as_ref().map(|s| {
                s.escape
                    .as_ref()
                    .map_or(s.report.acyclic, |e| e.report.acyclic)
            })
        })
    });
    let has_cycle = Memo::new(move |_| {
        m.study
            .with(|s| s.as_ref().is_some_and(|s| !shown_cycle(s).0.is_empty()))
    });
    let drawing = channel_drawing(
        m.drawing,
        m.highlight,
        Opened::of(m.nav),
        (
            "deadlock",
            "The cycle's channels are marked on the bundles they run in, the dependency shown \
             strong; open the aggregates it passes to follow it router by router.",
            "the verdict and the cycle listed are exact",
        ),
    );
    view! {
        <section class="card diagram-card" aria-labelledby="deadlock-diagram-title">
            <div class="card-head">
                <h2 id="deadlock-diagram-title">
                    {move || if has_cycle.get() { "The cycle on the network" } else { "The network" }}
                </h2>
            </div>
            {drawing}
            <Show
                when=move || has_cycle.get()
                fallback=move || {
                    view! {
                        <p class="note" data-testid="deadlock-diagram-note">
                            {move || match acyclic.get() {
                                Some(true) => {
                                    "No cycle to draw: the dependency graph is acyclic, so this \
                                     routing cannot deadlock with these virtual channels."
                                }
                                _ => "The cycle, once the graph is built, is drawn here.",
                            }}
                        </p>
                    }
                }
            >
                <ul class="legend" aria-hidden="true">
                    <li><span class="swatch cycle"></span>"channels of the cycle"</li>
                    <li><span class="swatch route"></span>"the dependency shown: held, then asked for"</li>
                    <li><span class="swatch src"></span>"its route's source"</li>
                    <li><span class="swatch dst"></span>"its route's destination"</li>
                </ul>
            </Show>
        </section>
    }
}
