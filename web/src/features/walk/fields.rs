//! The walkthrough's inputs: the Lens spec, source, destination and path, each with its error.

use icn_core::topology::lens::{PathChoice, PathClass};
use icn_core::{Network, Node};
use leptos::prelude::*;

use super::model::{WalkModel, WALK_CHOICES};
use crate::components::{AddressField, FieldError, TextField};
use crate::url::{WalkForm, WALK_EXAMPLE};

/// Spec, From, To and Path.
#[component]
pub fn WalkFields(model: WalkModel) -> impl IntoView {
    let spec_error = Signal::derive(move || {
        model
            .network
            .with(|n| n.as_ref().err().map(|e| e.to_string()))
    });
    let figure2 = move |_| {
        model.commit(|f| {
            (f.spec, f.from, f.to) = (
                WALK_EXAMPLE.0.into(),
                WALK_EXAMPLE.1.into(),
                WALK_EXAMPLE.2.into(),
            );
            f.choice = "class1".into();
            f.step = 0;
        })
    };
    view! {
        <section class="card controls walk-fields" aria-label="Lens and route">
            <TextField
                class="walk-spec-field"
                id="walk-spec"
                error_id="walk-spec-error"
                label="Lens"
                placeholder="lens:p=3,q=3,n=3,completed"
                value=Signal::derive(move || model.form.with(|f| f.spec.clone()))
                error=spec_error
                on_input=Callback::new(move |value: String| {
                    model.edit("walk-spec", move |f| {
                        f.spec = value;
                        f.step = 0;
                    })
                })
                on_commit=Callback::new(move |()| model.commit(|_| ()))
            >
                <button type="button" class="toggle" on:click=figure2>"Figure 2 of the paper"</button>
            </TextField>
            <div class="param-row">
                {address_field(model, "walk-from", "From", model.from, |f| f.from.clone(), |f, v| f.from = v)}
                {address_field(model, "walk-to", "To", model.to, |f| f.to.clone(), |f, v| f.to = v)}
            </div>
            <ChoiceSelect model=model />
        </section>
    }
}

/// One address input; `id` is the input's id and data-testid, `{id}-error` its error's.
fn address_field(
    model: WalkModel,
    id: &'static str,
    label: &'static str,
    parsed: Memo<Option<Result<Node, String>>>,
    get: fn(&WalkForm) -> String,
    set: fn(&mut WalkForm, String),
) -> impl IntoView {
    let error_id = if id == "walk-from" {
        "walk-from-error"
    } else {
        "walk-to-error"
    };
    let error = Signal::derive(move || parsed.with(|p| p.as_ref().and_then(|r| r.clone().err())));
    let on_input = Callback::new(move |value: String| {
        model.edit(id, move |f| {
            set(f, value);
            f.step = 0;
        })
    });
    view! {
        <AddressField
            id=id
            error_id=error_id
            label=label
            value=Signal::derive(move || model.form.with(get))
            error=error
            on_input=on_input
            on_commit=Callback::new(move |()| model.commit(|_| ()))
        />
    }
}

/// The path select: the choices of this kind of lens; a name from the URL that is not one
/// stays selected, with the error below.
#[component]
fn ChoiceSelect(model: WalkModel) -> impl IntoView {
    let chosen = Memo::new(move |_| model.form.with(|f| f.choice.clone()));
    let completed = Memo::new(move |_| {
        model
            .network
            .with(|n| matches!(n.as_ref().map(Network::lens), Ok(Ok(l)) if l.is_completed()))
    });
    let offered = move || {
        let c = completed.get();
        WALK_CHOICES
            .iter()
            .filter(move |(_, _, _, for_completed)| *for_completed == c)
    };
    let options = move || {
        offered()
            .map(|&(value, label, _, _)| {
                view! {
                    <option value=value prop:selected=move || chosen.with(|c| c == value)>
                        {label}
                    </option>
                }
            })
            .collect_view()
    };
    let unknown_option = move || {
        let known = offered().any(|(v, _, _, _)| chosen.with(|c| c == v));
        (!known).then(|| {
            let c = chosen.get();
            // A region of class 1 or 3 (`class1:K`, from the region buttons) is valid.
            let region = match model.choice.get() {
                Ok(PathChoice::Class {
                    class,
                    run: Some(i),
                }) => Some(format!(
                    "Class {}, region {} number {}",
                    class.number(),
                    if class == PathClass::One { "B" } else { "C" },
                    i + 1
                )),
                _ => None,
            };
            let disabled = region.is_none();
            let label = region.unwrap_or_else(|| format!("“{c}”"));
            view! {
                <option value=c.clone() disabled=disabled prop:selected=true>
                    {label}
                </option>
            }
        })
    };
    let error = Signal::derive(move || match model.choice.get() {
        Err(e) => Some(e),
        Ok(_) => model.steps.with(|s| {
            s.as_ref()
                .and_then(|r| r.as_ref().err().map(|e| e.to_string()))
        }),
    });
    let description = move || {
        offered()
            .find(|(v, _, _, _)| chosen.with(|c| c == v))
            .map(|&(_, _, what, _)| what)
    };
    view! {
        <div class="field strategy">
            <label for="walk-choice">"Path"</label>
            <select
                id="walk-choice"
                data-testid="walk-choice"
                aria-describedby="walk-choice-help walk-choice-error"
                on:change=move |ev| {
                    let value = event_target_value(&ev);
                    model.playing.set(false);
                    model.commit(move |f| {
                        f.choice = value;
                        f.step = 0;
                    });
                }
            >
                {options}
                {unknown_option}
            </select>
            <p class="help" id="walk-choice-help" data-testid="walk-choice-help">{description}</p>
            <FieldError error=error id="walk-choice-error" />
        </div>
    }
}
