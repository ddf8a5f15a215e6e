//! A labelled monospace text input with its error beside it (specs of the walkthrough and
//! the join view; every view's addresses through [`super::AddressField`]).

use leptos::prelude::*;

use super::FieldError;

/// `<div class="field {class}">`: `id` is the input's id and data-testid, `error_id` its
/// error's. `on_input` gets every keystroke's value; a change event calls `on_commit`.
/// A `help` text goes between the input and the error; `children` after the error.
#[component]
pub fn TextField(
    /// The input's id and data-testid.
    id: &'static str,
    /// The error's id and data-testid.
    error_id: &'static str,
    /// The label.
    label: &'static str,
    /// The text shown.
    #[prop(into)]
    value: Signal<String>,
    /// The error, if any.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// A keystroke.
    on_input: Callback<String>,
    /// A committed value.
    on_commit: Callback<()>,
    /// Extra class of the field (`address`, …).
    #[prop(optional)]
    class: &'static str,
    /// Placeholder text; none: no placeholder.
    #[prop(optional, into)]
    placeholder: MaybeProp<String>,
    /// Help shown under the input: (its id, its text).
    #[prop(optional)]
    help: Option<(&'static str, &'static str)>,
    /// Anything after the error (buttons).
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let described = match help {
        Some((help_id, _)) => format!("{help_id} {error_id}"),
        None => error_id.to_string(),
    };
    let help = help.map(|(help_id, text)| view! { <p class="help" id=help_id>{text}</p> });
    view! {
        <div class=format!("field {class}")>
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                type="text"
                autocomplete="off"
                autocapitalize="off"
                spellcheck="false"
                class="mono"
                placeholder=move || placeholder.get()
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby=described
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
                on:change=move |_| on_commit.run(())
            />
            {help}
            <FieldError error=error id=error_id />
            {children.map(|c| c())}
        </div>
    }
}
