//! A graph typed, pasted or loaded from a file: a text area with a file picker and the
//! text's error (line and column) below. The caller keeps the text, so nothing typed is
//! lost while it does not read.

use leptos::prelude::*;

use super::file_read::read_picked_file;
use super::FieldError;

/// `<div class="field graph-text">`: the text area `graph-text`, the file picker
/// `graph-file` and the error `graph-error`.
#[component]
pub fn GraphText(
    /// The text shown.
    #[prop(into)]
    text: Signal<String>,
    /// What is wrong with it, if anything.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// Called with the text after each keystroke.
    on_input: Callback<String>,
    /// Called with a loaded file's text.
    on_load: Callback<String>,
) -> impl IntoView {
    let on_file = move |ev: leptos::ev::Event| {
        read_picked_file(&ev, move |_, text| on_load.run(text));
    };
    view! {
        <div class="field graph-text">
            <label for="graph-text">"Your graph"</label>
            <textarea
                id="graph-text"
                data-testid="graph-text"
                class="mono"
                rows="8"
                spellcheck="false"
                autocomplete="off"
                autocapitalize="off"
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby="graph-help graph-error"
                prop:value=move || text.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            ></textarea>
            <p class="help" id="graph-help">
                "An edge list (one link 'u v' per line, # comments) or a BookSim2 anynet file "
                "('router 0 node 0 router 1' lines). Type, paste, or "
                <label class="file-pick">
                    "load a file"
                    <input
                        type="file"
                        data-testid="graph-file"
                        accept=".txt,.edges,.edgelist,.anynet,.net,text/plain"
                        on:change=on_file
                    />
                </label>
                ". The graph travels in the page's link."
            </p>
            <FieldError error=error id="graph-error" />
        </div>
    }
}
