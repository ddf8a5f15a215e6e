//! The simulation view's BookSim2 card: a configuration file pasted (with its anynet
//! network file, for `topology = anynet`) becomes the view's fields as it is typed, read by
//! the same code as `icn sim --config` ([`icn_web_model::booksim::form_of_config`]). A file
//! that cannot run says why at the box, naming the key and its line; the fields keep what
//! they held. The text is in the URL (`booksim=`): a link with one opens the card with it,
//! applied.

use icn_web_model::booksim::form_of_config;
use leptos::prelude::*;

use super::model::SimModel;
use crate::components::FieldError;
use crate::url::SimForm;

/// The card, folded until opened.
pub fn booksim_card(m: SimModel) -> impl IntoView {
    let given = m.form.with_untracked(|f| f.pasted.clone());
    let opened = !given.is_empty();
    let config = RwSignal::new(given);
    let network_file = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let read = RwSignal::new(None::<String>);
    // `settle`: the text came with the URL, and applying it replaces that entry.
    let apply = move |settle: bool| {
        let text = config.get_untracked();
        if text.trim().is_empty() {
            error.set(None);
            read.set(None);
            if m.form.with_untracked(|f| !f.pasted.is_empty()) {
                m.nav.commit_form(|f: &mut SimForm| f.pasted.clear());
            }
            return;
        }
        let file = network_file.get_untracked();
        let file = (!file.trim().is_empty()).then_some(file.as_str());
        let form = m.form.get_untracked();
        match form_of_config(&text, file, &form) {
            Ok((fields, summary)) => {
                error.set(None);
                read.set(Some(summary));
                let change = |f: &mut SimForm| *f = fields;
                if settle {
                    m.nav.settle_form(change);
                } else {
                    m.nav.commit_form(change);
                }
            }
            Err(e) => {
                read.set(None);
                // The fields and the URL keep what they held.
                error.set(Some(e));
            }
        }
    };
    if opened {
        apply(true);
    }
    let invalid = move || error.with(Option::is_some).to_string();
    view! {
        <details class="card booksim-card" data-testid="sim-booksim" open=opened>
            <summary>"Paste a BookSim2 configuration"</summary>
            <p class="help">
                "The file you give BookSim2 (mesh, torus, cmesh, fly, fattree, dragonflynew, flatfly or anynet): \
                 its network, routing, router, traffic, seed and injection rates fill the fields, \
                 as " <code>"icn sim --config FILE"</code> " reads it. A key the simulator does \
                 not model is named with its line."
            </p>
            <div class="field">
                <label for="sim-booksim-text">"BookSim2 configuration"</label>
                <textarea id="sim-booksim-text" data-testid="sim-booksim-text" rows="8"
                    spellcheck="false" autocomplete="off"
                    placeholder="topology = mesh;\nk = 8;\nn = 2;\nrouting_function = dor;\n…"
                    aria-invalid=invalid aria-describedby="sim-booksim-error"
                    prop:value=move || config.get()
                    on:input=move |ev| {
                        config.set(event_target_value(&ev));
                        apply(false);
                    }></textarea>
                <FieldError error=Signal::derive(move || error.get()) id="sim-booksim-error" />
            </div>
            <div class="field">
                <label for="sim-booksim-net">"Its anynet network file (topology = anynet only)"</label>
                <textarea id="sim-booksim-net" data-testid="sim-booksim-net" rows="4"
                    spellcheck="false" autocomplete="off"
                    placeholder="router 0 node 0 node 1 router 1 router 2"
                    prop:value=move || network_file.get()
                    on:input=move |ev| {
                        network_file.set(event_target_value(&ev));
                        apply(false);
                    }></textarea>
            </div>
            <p class="help" data-testid="sim-booksim-read" role="status">
                {move || read.get()}
            </p>
        </details>
    }
}
