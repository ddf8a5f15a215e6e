//! The deadlock view's parts for Duato's condition (Duato 1993): the escape routing and its
//! virtual channels among the fields, and the verdict on the extended dependency graph.

use icn_web::jobs::{DeadlockStudy, EscapeStudy};
use leptos::prelude::*;

use super::model::{DeadlockModel, Troubles};
use super::stepper::stepper;
use crate::components::{unlisted_option, FieldError};
use crate::url::DeadlockForm;

/// The virtual channels an escape scheme takes (Duato's condition needs more than these).
fn escape_vcs(scheme: &str) -> u32 {
    if scheme == "dateline" {
        2
    } else {
        1
    }
}

/// Turns Duato's condition on or off, or changes the escape's scheme: at least one
/// adaptive virtual channel beside the escape's.
fn set_escape(f: &mut DeadlockForm, escape: Option<String>, scheme: Option<String>) {
    if let Some(e) = escape {
        f.escape = e;
    }
    if let Some(s) = scheme {
        f.escape_scheme = s;
    }
    if f.duato() {
        let least = escape_vcs(&f.escape_scheme) + 1;
        if f.vcs.trim().parse::<u32>().is_ok_and(|v| v < least) {
            f.vcs = least.to_string();
        }
    }
}

/// "s" for a count other than one.
fn plural(n: impl Into<u64>) -> &'static str {
    if n.into() == 1 {
        ""
    } else {
        "s"
    }
}

/// The escape routing (none: the plain graph) and its scheme, each with its error.
pub fn escape_fields(m: DeadlockModel) -> impl IntoView {
    let error =
        move |pick: fn(&Troubles) -> Option<String>| Signal::derive(move || m.troubles.with(pick));
    let duato = move || m.form.with(DeadlockForm::duato);
    let escape_options = move || {
        let chosen = m.form.with(|f| f.escape.clone());
        let none = view! { <option value="" selected=chosen.is_empty()>"none: the routing's own dependency graph"</option> };
        let list = m.strategies.get();
        let names = list.iter().map(|s| s.name.as_str());
        let unlisted = unlisted_option(&chosen, std::iter::once("").chain(names));
        let rest = list
            .into_iter()
            .map(|s| {
                let selected = s.name == chosen;
                view! { <option value=s.name.clone() selected=selected>{format!("{} — {}", s.name, s.title)}</option> }
            })
            .collect_view();
        (unlisted, none, rest)
    };
    let escape_scheme_options = move || {
        let chosen = m.form.with(|f| f.escape_scheme.clone());
        let list = [
            ("one", "one — one escape VC"),
            (
                "dateline",
                "dateline — two escape VCs, the second after the wrap-around link",
            ),
        ];
        let unlisted = unlisted_option(&chosen, list.iter().map(|&(value, _)| value));
        let listed = list
            .into_iter()
            .map(|(value, label)| view! { <option value=value selected=chosen == value>{label}</option> })
            .collect_view();
        (unlisted, listed)
    };
    view! {
        <div class="field">
            <label for="deadlock-escape">"Escape routing (Duato's condition)"</label>
            <select id="deadlock-escape" data-testid="deadlock-escape" aria-describedby="deadlock-escape-error deadlock-escape-help"
                aria-invalid=move || error(|t| t.escape.clone()).with(Option::is_some).then_some("true")
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    m.nav.commit_form(|f: &mut DeadlockForm| {
                        set_escape(f, Some(v), None);
                        f.step = "1".into();
                    })
                }>
                {escape_options}
            </select>
            <FieldError error=error(|t| t.escape.clone()) id="deadlock-escape-error" />
            <p class="help" id="deadlock-escape-help">"An adaptive routing may have cycles and still be deadlock-free when an escape routing on virtual channels of its own has an acyclic extended dependency graph (Duato 1993)."</p>
        </div>
        {move || duato().then(|| view! {
        <div class="field">
            <label for="deadlock-escape-scheme">"Escape virtual channels"</label>
            <select id="deadlock-escape-scheme" data-testid="deadlock-escape-scheme" aria-describedby="deadlock-escape-scheme-error"
                aria-invalid=move || error(|t| t.escape_scheme.clone()).with(Option::is_some).then_some("true")
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    m.nav.commit_form(|f: &mut DeadlockForm| {
                        set_escape(f, None, Some(v));
                        f.step = "1".into();
                    })
                }>
                {escape_scheme_options}
            </select>
            <FieldError error=error(|t| t.escape_scheme.clone()) id="deadlock-escape-scheme-error" />
        </div>
        })}
    }
}

/// Duato's verdict: the extended graph's, its size, the adaptive routing's own graph on one
/// VC beside it, and a cycle stepped through.
pub fn duato_verdict(m: DeadlockModel, s: &DeadlockStudy, e: &EscapeStudy) -> AnyView {
    let r = &e.report;
    let (a, ev) = (r.adaptive_vcs, r.escape_vcs);
    let over = format!(
        "{} on {a} adaptive VC{} over the escape routing {} ({}, {ev} VC{})",
        s.routing,
        plural(a),
        e.routing,
        r.escape_scheme,
        plural(ev)
    );
    let (class, headline) = if r.acyclic {
        (
            "dl-verdict ok",
            format!("Deadlock-free by Duato's condition: {over} has an acyclic extended dependency graph."),
        )
    } else {
        (
            "dl-verdict bad",
            format!(
                "Duato's condition does not hold: {over} has a cycle of {} escape dependencies{}.",
                r.cycle.len(),
                if r.shortest { ", a shortest one" } else { "" }
            ),
        )
    };
    let size = format!(
        "{} escape (channel, VC) pairs in use, {} dependencies, {} of them indirect (adaptive hops between the two escape channels).",
        r.graph_nodes, r.graph_edges, r.indirect_edges
    );
    let own = &s.report;
    let own_text = if own.acyclic {
        format!("On its own, {} on one VC is deadlock-free too.", s.routing)
    } else {
        format!(
            "On its own, {} on one VC has a cycle of {} dependencies: Duato's condition does not need its graph acyclic.",
            s.routing,
            own.cycle.len()
        )
    };
    let cycle = (!r.acyclic).then(|| stepper(m, s));
    view! {
        <section class="card results" aria-labelledby="deadlock-verdict-title">
            <h2 id="deadlock-verdict-title">"Verdict"</h2>
            <p class=class data-testid="deadlock-verdict" data-acyclic=r.acyclic.to_string() data-duato="true">{headline}</p>
            <p class="help" data-testid="deadlock-size">{size}</p>
            <p class="help" data-testid="deadlock-own" data-acyclic=own.acyclic.to_string()>{own_text}</p>
            {cycle}
        </section>
    }
    .into_any()
}
