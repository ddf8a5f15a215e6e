//! An error message beside a form field: present only while there is an error.

use leptos::prelude::*;

/// `<p role="alert">` with the error text, or nothing. The text is rendered as text, never
/// as HTML.
#[component]
pub fn FieldError(
    /// The message, if any.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// Its id (for `aria-describedby`), and its data-testid unless `testid` is given.
    id: &'static str,
    /// Its data-testid, when not its id (a view whose errors share one).
    #[prop(optional)]
    testid: Option<&'static str>,
) -> impl IntoView {
    let testid = testid.unwrap_or(id);
    move || {
        error.get().map(|message| {
            view! {
                <p class="field-error" role="alert" id=id data-testid=testid>
                    {message}
                </p>
            }
        })
    }
}
