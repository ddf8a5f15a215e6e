//! An error message beside a form field: present only while there is an error.

use leptos::prelude::*;

/// `<p role="alert">` with the error text, or nothing. The text is rendered as text, never
/// as HTML.
#[component]
pub fn FieldError(
    /// The message, if any.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// Its id (for `aria-describedby`) and data-testid.
    id: &'static str,
) -> impl IntoView {
    move || {
        error.get().map(|message| {
            view! {
                <p class="field-error" role="alert" id=id data-testid=id>
                    {message}
                </p>
            }
        })
    }
}
