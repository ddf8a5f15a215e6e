//! A term of the notation with its definition (`icn_web_model::glossary`): the label is a
//! button; its definition shows on hover and while the label has focus (a tap focuses
//! it); a second tap, Escape or leaving the label hides it.

use std::sync::atomic::{AtomicUsize, Ordering};

use icn_web_model::glossary::term;
use leptos::prelude::*;

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// The label of the term `key` (or `label` in its place), its definition beside it. A key
/// the glossary does not hold shows the plain label.
#[component]
pub fn Term(
    /// The glossary's key.
    key: &'static str,
    /// What to show instead of the glossary's label.
    #[prop(optional)]
    label: Option<&'static str>,
) -> impl IntoView {
    let Some(t) = term(key) else {
        return view! { <span>{label.unwrap_or(key)}</span> }.into_any();
    };
    let id = format!("term-{}", NEXT.fetch_add(1, Ordering::Relaxed));
    let open = RwSignal::new(false);
    // A tap focuses the label, then clicks it: the click after a focus keeps it open.
    let focused_now = RwSignal::new(false);
    view! {
        <span class="term" data-term=key>
            <button type="button" class="term-label" aria-describedby=id.clone()
                aria-expanded=move || open.get().to_string()
                on:focus=move |_| {
                    open.set(true);
                    focused_now.set(true);
                }
                on:click=move |_| {
                    if focused_now.get_untracked() {
                        focused_now.set(false);
                    } else {
                        open.update(|o| *o = !*o);
                    }
                }
                on:blur=move |_| {
                    open.set(false);
                    focused_now.set(false);
                }
                on:keydown=move |ev| if ev.key() == "Escape" { open.set(false) }>
                {label.unwrap_or(t.label)}
            </button>
            <span role="tooltip" id=id class="term-tip" class:open=move || open.get()>
                {t.text}
                <span class="term-source">{t.source}</span>
            </span>
        </span>
    }
    .into_any()
}

/// "Terms: a · b · c": the terms `keys` of a card, each with its definition, on one line.
#[component]
pub fn TermList(
    /// The glossary's keys, in reading order.
    keys: &'static [&'static str],
) -> impl IntoView {
    let items = keys
        .iter()
        .enumerate()
        .map(|(i, &key)| view! { {(i > 0).then_some(" · ")}<Term key=key /> })
        .collect_view();
    view! { <p class="help term-list">"Terms: " {items}</p> }
}
