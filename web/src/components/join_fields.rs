//! The join view's inputs: the KYKLOS spec (with the networks that offer joins one click
//! away), the S and R fragment nodes, each with its error beside it.

use icn_core::Node;
use leptos::prelude::*;

use super::FieldError;
use crate::pages::JoinModel;
use crate::url::{JoinForm, JOIN_EXAMPLE};

/// Networks offered as buttons: (label, spec, S, R).
const PRESETS: &[(&str, &str, &str, &str)] = &[
    (
        "⟨2,2,6⟩: Table 2",
        JOIN_EXAMPLE.0,
        JOIN_EXAMPLE.1,
        JOIN_EXAMPLE.2,
    ),
    ("⟨2,2,4⟩", "kyklos2:m=2,r=2,n=4,shuffle=proposed", "5", "10"),
    (
        "⟨2,2,8⟩",
        "kyklos2:m=2,r=2,n=8,shuffle=proposed",
        "200",
        "17",
    ),
];

/// Spec, S and R.
#[component]
pub fn JoinFields(model: JoinModel) -> impl IntoView {
    let spec_error = Signal::derive(move || model.spec_error.get());
    let presets = PRESETS
        .iter()
        .map(|&(label, spec, s, r)| {
            let on = move || model.form.with(|f| f.spec == spec);
            view! {
                <button
                    type="button"
                    class="toggle"
                    aria-pressed=move || if on() { "true" } else { "false" }
                    on:click=move |_| {
                        model.commit(|f| {
                            (f.spec, f.s, f.r) = (spec.into(), s.into(), r.into());
                        })
                    }
                >
                    {label}
                </button>
            }
        })
        .collect_view();
    view! {
        <section class="card controls join-fields" aria-label="Network and fragments">
            <div class="field">
                <label for="join-spec">"KYKLOS network"</label>
                <input
                    id="join-spec"
                    data-testid="join-spec"
                    type="text"
                    autocomplete="off"
                    autocapitalize="off"
                    spellcheck="false"
                    class="mono"
                    placeholder="kyklos2:m=2,r=2,n=6,shuffle=proposed"
                    aria-invalid=move || spec_error.with(Option::is_some).then_some("true")
                    aria-describedby="join-spec-help join-spec-error"
                    prop:value=move || model.form.with(|f| f.spec.clone())
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        model.edit("join-spec", move |f| f.spec = value);
                    }
                    on:change=move |_| model.commit(|_| ())
                />
                <p class="help" id="join-spec-help">
                    "TR-88-27 §VII assigns join sites for two trees, m = 2 and the proposed shuffle: kyklos2:m=2,r=2,n=2, 4, 6, …"
                </p>
                <FieldError error=spec_error id="join-spec-error" />
                <div class="preset-row" role="group" aria-label="Networks with joins">{presets}</div>
            </div>
            <div class="param-row">
                {node_field(model, "join-s", "S fragment at (larger relation)", model.s, |f| f.s.clone(), |f, v| f.s = v)}
                {node_field(model, "join-r", "R fragment at (smaller relation)", model.r, |f| f.r.clone(), |f, v| f.r = v)}
            </div>
        </section>
    }
}

/// One L-node input; `id` is the input's id and data-testid, `{id}-error` its error's.
fn node_field(
    model: JoinModel,
    id: &'static str,
    label: &'static str,
    parsed: Memo<Option<Result<Node, String>>>,
    get: fn(&JoinForm) -> String,
    set: fn(&mut JoinForm, String),
) -> impl IntoView {
    let error_id = if id == "join-s" {
        "join-s-error"
    } else {
        "join-r-error"
    };
    let error = Signal::derive(move || parsed.with(|p| p.as_ref().and_then(|r| r.clone().err())));
    view! {
        <div class="field address">
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                type="text"
                inputmode="numeric"
                autocomplete="off"
                spellcheck="false"
                class="mono"
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby=error_id
                prop:value=move || model.form.with(get)
                on:input=move |ev| {
                    let value = event_target_value(&ev);
                    model.edit(id, move |f| set(f, value));
                }
                on:change=move |_| model.commit(|_| ())
            />
            <FieldError error=error id=error_id />
        </div>
    }
}
