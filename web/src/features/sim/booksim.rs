//! The simulation view's BookSim2 card: a configuration file pasted (with its anynet
//! network file, for `topology = anynet`) becomes the view's fields as it is typed, read in
//! the worker by the same code as `icn sim --config` ([`Job::Booksim`], in a lane of its own
//! beside the points' and the bounds' lanes: the page does not link the BookSim2 reader). A
//! file that cannot run says why at the box, naming the key and its line; the fields keep
//! what they held. The text is in the URL (`booksim=`): a link with one opens the card with
//! it, applied.
//!
//! [`Job::Booksim`]: icn_web::jobs::Job::Booksim

use icn_web::jobs::{BooksimAsk, BooksimRead, JobFor};
use icn_web_model::defaults::FromNetwork;
use icn_web_model::url::{Query, ViewDef};
use leptos::prelude::*;

use super::bounds::CURVES;
use super::model::SimModel;
use crate::components::FieldError;
use crate::compute::{self, use_answer_in, JobState, WhenNone};
use crate::url::SimForm;

/// The card, folded until opened.
pub fn booksim_card(m: SimModel) -> impl IntoView {
    let given = m.form.with_untracked(|f| f.pasted.clone());
    let opened = !given.is_empty();
    let config = RwSignal::new(given);
    let network_file = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let read = RwSignal::new(None::<String>);
    // The file being read, and whether it came with the URL (its answer then replaces that
    // entry of the history).
    let asked = RwSignal::new(None::<(BooksimAsk, bool)>);
    let job = use_answer_in::<Box<BooksimRead>>(
        compute::lanes() + CURVES,
        move || asked.with(|a| a.as_ref().map(|(a, _)| JobFor::booksim(a.clone()))),
        WhenNone::Clear,
    );
    let apply = move |settle: bool| {
        let text = config.get_untracked();
        if text.trim().is_empty() {
            asked.set(None);
            error.set(None);
            read.set(None);
            if m.form.with_untracked(|f| !f.pasted.is_empty()) {
                m.nav.commit_form(|f: &mut SimForm| f.pasted.clear());
            }
            return;
        }
        let ask = BooksimAsk {
            config: text,
            network: network_file.get_untracked(),
            form: m.form.with_untracked(ViewDef::to_query),
        };
        asked.set(Some((ask, settle)));
    };
    // The worker's answer for the file being read, applied once.
    Effect::new(move |_| {
        let answer = match job.state.get() {
            JobState::Done(r) => Ok(r),
            JobState::Failed(e) => Err(e),
            JobState::Crashed(c) => Err(c.message),
            JobState::Idle | JobState::Running { .. } => return,
        };
        let Some((ask, settle)) = asked.get_untracked() else {
            return;
        };
        if answer.as_ref().is_ok_and(|r| r.ask != ask) {
            return;
        }
        asked.set(None);
        match answer.map(|r| r.read.clone()) {
            Ok(Ok((query, summary))) => {
                let fields = SimForm::from_query(&Query::parse(&query), &FromNetwork);
                error.set(None);
                read.set(Some(summary));
                let change = |f: &mut SimForm| *f = fields;
                if settle {
                    m.nav.settle_form(change);
                } else {
                    m.nav.commit_form(change);
                }
            }
            Ok(Err(e)) | Err(e) => {
                read.set(None);
                // The fields and the URL keep what they held.
                error.set(Some(e));
            }
        }
    });
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
