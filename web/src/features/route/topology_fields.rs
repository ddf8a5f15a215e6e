//! The family select and one input per family parameter, with the spec error beside them.

use icn_core::{family, ParamError, ParamInfo, SpecError, FAMILIES};
use leptos::prelude::*;

use super::graph_field::graph_field;
use super::model::RouteModel;
use crate::components::FieldError;
use crate::url::RouteForm;

/// Family, parameters, leftover spec items and the spec error.
#[component]
pub fn TopologyFields(model: RouteModel) -> impl IntoView {
    let form = model.form;
    let family_name = Memo::new(move |_| form.with(|f| f.family.clone()));
    let options = FAMILIES
        .iter()
        .map(|f| {
            view! {
                <option value=f.name prop:selected=move || family_name.with(|n| n == f.name)>
                    {f.title}
                </option>
            }
        })
        .collect_view();
    // A family the site does not know stays selected, as typed, with the error below.
    let unknown_option = move || {
        family_name.with(|name| {
            family(name).is_none().then(|| {
                let label = format!("unknown family “{name}”");
                view! {
                    <option value=name.clone() disabled=true prop:selected=true>
                        {label}
                    </option>
                }
            })
        })
    };
    let on_family = move |ev: leptos::ev::Event| {
        if let Some(f) = family(&event_target_value(&ev)) {
            model.commit(|form| *form = RouteForm::example(f));
        }
    };
    let params = move || {
        model.family.get().map(|f| {
            f.params
                .iter()
                .map(|p| {
                    // A graph's parameter is the graph itself: a text area, not a field.
                    if f.name == "graph" && p.key == "g" {
                        graph_field(model).into_any()
                    } else {
                        param_field(model, p).into_any()
                    }
                })
                .collect_view()
        })
    };
    let flags = move || {
        model
            .family
            .get()
            .map(|f| f.flags.iter().map(|p| flag_field(model, p)).collect_view())
    };
    let spec_error = Signal::derive(move || {
        model
            .network
            .with(|n| n.as_ref().err().map(|e| e.to_string()))
    });

    view! {
        <fieldset class="group topology">
            <legend>"Network"</legend>
            <div class="field">
                <label for="family">"Family"</label>
                <select id="family" data-testid="family-select" on:change=on_family>
                    {options}
                    {unknown_option}
                </select>
                <p class="help">{move || model.family.get().map(|f| f.summary)}</p>
            </div>
            <div class="param-row">{params}</div>
            {flags}
            <ExtraItems model=model />
            <FieldError error=spec_error id="spec-error" />
        </fieldset>
    }
}

/// One parameter input: label, placeholder = the family's example, help text.
fn param_field(model: RouteModel, p: &'static ParamInfo) -> impl IntoView {
    let id = format!("param-{}", p.key);
    let invalid = move || {
        model
            .network
            .with(|n| n.as_ref().err().is_some_and(|e| blames(e, p.key)))
            .then_some("true")
    };
    view! {
        <div class="field param">
            <label for=id.clone()>{p.label}</label>
            <input
                id=id.clone()
                data-testid=id.clone()
                type="text"
                autocomplete="off"
                autocapitalize="off"
                spellcheck="false"
                placeholder=p.example
                aria-invalid=invalid
                aria-describedby=format!("{id}-help spec-error")
                prop:value=move || model.form.with(|f| f.param(p.key))
                on:input=move |ev| {
                    let value = event_target_value(&ev);
                    model.edit(p.key, move |f| f.set_param(p.key, &value));
                }
                on:change=move |_| model.commit(|_| ())
            />
            <p class="help" id=format!("{id}-help")>{p.help}</p>
        </div>
    }
}

/// One flag: a checkbox that adds or removes the bare key in the spec.
fn flag_field(model: RouteModel, p: &'static ParamInfo) -> impl IntoView {
    let id = format!("flag-{}", p.key);
    view! {
        <div class="field flag">
            <label for=id.clone()>
                <input
                    id=id.clone()
                    data-testid=id.clone()
                    type="checkbox"
                    aria-describedby=format!("{id}-help spec-error")
                    prop:checked=move || model.form.with(|f| f.has_flag(p.key))
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        model.commit(move |f| f.set_flag(p.key, on));
                    }
                />
                " "
                {p.label}
            </label>
            <p class="help" id=format!("{id}-help")>{p.help}</p>
        </div>
    }
}

/// Spec items no field shows (unknown keys, repeats, flags), each removable.
#[component]
fn ExtraItems(model: RouteModel) -> impl IntoView {
    let extras = Memo::new(move |_| model.form.with(RouteForm::extra_items));
    move || {
        let items = extras.get();
        (!items.is_empty()).then(|| {
            let list = items
                .into_iter()
                .map(|(index, item)| {
                    let text = match &item.value {
                        Some(v) => format!("{}={v}", item.key),
                        None => item.key.clone(),
                    };
                    let label = format!("Remove {text} from the spec");
                    view! {
                        <li>
                            <code>{text}</code>
                            <button
                                type="button"
                                class="small"
                                aria-label=label
                                on:click=move |_| model.commit(|f| f.remove_item(index))
                            >
                                "Remove"
                            </button>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <div class="extras">
                    <p class="help">"Other items in the spec (from the URL):"</p>
                    <ul>{list}</ul>
                </div>
            }
        })
    }
}

/// Whether `error` may be about parameter `key` (true when it does not say which one).
fn blames(error: &SpecError, key: &str) -> bool {
    match error {
        SpecError::Param(ParamError::UnknownKey { .. }) | SpecError::DuplicateKey { .. } => false,
        _ => error.param_key().is_none_or(|k| k == key),
    }
}
