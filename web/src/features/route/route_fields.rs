//! Source and destination addresses and the routing strategy, each with its error.

use icn_core::{AddressError, Node};
use leptos::prelude::*;

use super::model::RouteModel;
use crate::components::{AddressField, FieldError, Term};
use crate::url::RouteForm;
use icn_web_model::glossary::routing_term;

/// From, To and Strategy.
#[component]
pub fn RouteFields(model: RouteModel) -> impl IntoView {
    view! {
        <fieldset class="group route-fields">
            <legend>"Route"</legend>
            <div class="param-row">
                {address_field(model, "from", "From", model.from, |f| f.from.clone(), |f, v| f.from = v)}
                {address_field(model, "to", "To", model.to, |f| f.to.clone(), |f, v| f.to = v)}
            </div>
            <StrategySelect model=model />
        </fieldset>
    }
}

/// One address input; `key` is both the URL key and the id prefix (`from-input`, `from-error`).
fn address_field(
    model: RouteModel,
    key: &'static str,
    label: &'static str,
    parsed: Memo<Option<Result<Node, AddressError>>>,
    get: fn(&RouteForm) -> String,
    set: fn(&mut RouteForm, String),
) -> impl IntoView {
    let (input_id, error_id) = match key {
        "from" => ("from-input", "from-error"),
        _ => ("to-input", "to-error"),
    };
    let error = Signal::derive(move || {
        parsed.with(|p| {
            p.as_ref()
                .and_then(|r| r.as_ref().err().map(|e| e.to_string()))
        })
    });
    // Always a placeholder (empty while the spec is invalid): the network's first node.
    let placeholder = Signal::derive(move || {
        model
            .network
            .with(|n| n.as_ref().ok().map(|n| n.format_node(0)))
            .unwrap_or_default()
    });
    view! {
        <AddressField
            id=input_id
            error_id=error_id
            label=label
            value=Signal::derive(move || model.form.with(get))
            error=error
            on_input=Callback::new(move |value: String| model.edit(key, move |f| set(f, value)))
            on_commit=Callback::new(move |()| model.commit(|_| ()))
            placeholder=placeholder
        />
    }
}

/// The strategy select: the network's strategies, with the summary of the chosen one.
#[component]
fn StrategySelect(model: RouteModel) -> impl IntoView {
    let chosen = Memo::new(move |_| model.form.with(|f| f.strategy.clone()));
    let options = move || {
        model
            .strategies
            .get()
            .into_iter()
            .map(|s| {
                view! {
                    <option value=s.name prop:selected=move || chosen.with(|c| c == s.name)>
                        {s.title}
                    </option>
                }
            })
            .collect_view()
    };
    // A name from the URL that is not offered stays selected, as typed, with the error below.
    let unknown_option = move || {
        let known = model.strategies.get();
        chosen.with(|c| {
            (!known.iter().any(|s| s.name == c)).then(|| {
                let label = format!("unknown strategy “{c}”");
                view! {
                    <option value=c.clone() disabled=true prop:selected=true>
                        {label}
                    </option>
                }
            })
        })
    };
    let summary = move || {
        let known = model.strategies.get();
        chosen.with(|c| known.iter().find(|s| s.name == c).map(|s| s.summary))
    };
    // The chosen strategy's term (its definition and source) before its summary.
    let term = move || {
        let family = model
            .network
            .with(|n| n.as_ref().ok().map(|n| n.family().name))?;
        chosen
            .with(|c| routing_term(family, c))
            .map(|t| view! { <Term key=t.key /> ": " })
    };
    let error = Signal::derive(move || model.strategy_error.get());
    view! {
        <div class="field strategy">
            <label for="strategy">"Strategy"</label>
            <select
                id="strategy"
                data-testid="strategy-select"
                aria-describedby="strategy-help strategy-error"
                on:change=move |ev| {
                    let value = event_target_value(&ev);
                    model.commit(move |f| f.strategy = value);
                }
            >
                {options}
                {unknown_option}
            </select>
            <p class="help" id="strategy-help">{term}{summary}</p>
            <FieldError error=error id="strategy-error" />
        </div>
    }
}
