//! The address field of every view that takes a node (the explorer's From and To, the
//! walkthrough's, the join view's fragment sites): a [`TextField`] of class `address`.

use leptos::prelude::*;

use super::TextField;

/// `<div class="field address">`: `id` is the input's id and data-testid, `error_id` its
/// error's (the input is described by it). `on_input` gets every keystroke's value; a
/// change event calls `on_commit`.
#[component]
pub fn AddressField(
    /// The input's id and data-testid.
    id: &'static str,
    /// The error's id and data-testid.
    error_id: &'static str,
    /// The label.
    label: &'static str,
    /// The address shown.
    #[prop(into)]
    value: Signal<String>,
    /// Why the address is not one, if it is not.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// A keystroke.
    on_input: Callback<String>,
    /// A committed value.
    on_commit: Callback<()>,
    /// Placeholder text (an address of the network, say); none: no placeholder.
    #[prop(optional, into)]
    placeholder: MaybeProp<String>,
) -> impl IntoView {
    view! {
        <TextField
            class="address"
            id=id
            error_id=error_id
            label=label
            value=value
            error=error
            on_input=on_input
            on_commit=on_commit
            placeholder=placeholder
        />
    }
}
