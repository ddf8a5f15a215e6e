//! One listed path as a toggle button: pressed when it is the one drawn.

use leptos::prelude::*;

/// `<button class="path">` showing `text`.
#[component]
pub fn PathButton(
    /// The path as text.
    text: String,
    /// Its accessible name (the text when absent).
    #[prop(optional)]
    label: Option<String>,
    /// Whether it is the highlighted path.
    #[prop(into)]
    selected: Signal<bool>,
    /// Its data-testid.
    testid: &'static str,
    /// A click.
    on_click: Callback<()>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="path"
            class:selected=move || selected.get()
            aria-pressed=move || if selected.get() { "true" } else { "false" }
            aria-label=label
            data-testid=testid
            on:click=move |_| on_click.run(())
        >
            {text}
        </button>
    }
}
