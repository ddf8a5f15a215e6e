//! The join view's inputs: the KYKLOS spec (with the networks that offer joins one click
//! away), the S and R fragment nodes, each with its error beside it.

use icn_core::Node;
use leptos::prelude::*;

use super::model::JoinModel;
use crate::components::{AddressField, TextField};
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
            <TextField
                id="join-spec"
                error_id="join-spec-error"
                label="KYKLOS network"
                placeholder="kyklos2:m=2,r=2,n=6,shuffle=proposed"
                help=("join-spec-help", "TR-88-27 §VII assigns join sites for two trees, m = 2 and the proposed shuffle: kyklos2:m=2,r=2,n=2, 4, 6, …")
                value=Signal::derive(move || model.form.with(|f| f.spec.clone()))
                error=spec_error
                on_input=Callback::new(move |value: String| model.edit("join-spec", move |f| f.spec = value))
                on_commit=Callback::new(move |()| model.commit(|_| ()))
            >
                <div class="preset-row" role="group" aria-label="Networks with joins">{presets}</div>
            </TextField>
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
        <AddressField
            id=id
            error_id=error_id
            label=label
            value=Signal::derive(move || model.form.with(get))
            error=error
            on_input=Callback::new(move |value: String| model.edit(id, move |f| set(f, value)))
            on_commit=Callback::new(move |()| model.commit(|_| ()))
        />
    }
}
