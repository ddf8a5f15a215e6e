//! The schedule view's fields, totals table and timeline.

use icn_core::topology::d3::schedule::Schedule;
use leptos::prelude::*;

use crate::components::{unlisted_option, FieldError, TermList};

use super::model::is_delay;

/// The collectives offered: value, title.
pub const COLLECTIVES: &[(&str, &str)] = &[
    ("one-to-all", "one-to-all (Theorem 5)"),
    ("all-to-one", "all-to-one (Theorem 6)"),
    ("broadcast", "broadcast, 4 messages (Theorem 4)"),
    ("all-to-all", "all-to-all (Theorem 7)"),
    ("permutation", "permutation (Theorem 8)"),
];

/// The permutations offered (core's [`icn_core::topology::d3::schedule::PERMUTATIONS`]):
/// value, title.
pub const PERMS: &[(&str, &str)] = &[
    ("shift", "shift: (c,d,p) → (c+1,d,p)"),
    ("swap", "swap: (c,d,p) → (c,p,d)"),
    ("reverse", "reverse: router v → N−1−v"),
    ("random", "random (seeded)"),
];

/// The delay rules offered: value, title.
pub const RULES: &[(&str, &str)] = &[
    ("paper", "the paper's algorithm"),
    ("greedy", "greedy: earliest without conflict"),
];

/// A labelled text input (its id, its error's id) showing `value`: every keystroke goes to
/// `on_input` (applied at once, as in every view); the input is made once, so typing keeps
/// its focus.
pub fn text_field(
    (id, error_id): (&'static str, &'static str),
    label: &'static str,
    value: Signal<String>,
    error: Signal<Option<String>>,
    on_input: impl Fn(String) + 'static,
) -> impl IntoView {
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                type="text"
                autocomplete="off"
                spellcheck="false"
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby=error_id
                prop:value=move || value.get()
                on:input=move |ev| on_input(event_target_value(&ev))
            />
            <FieldError error=error id=error_id testid=ERROR_ID />
        </div>
    }
}

/// The test id of every error shown, under its field or in the Totals card (whose error,
/// of the request as a whole, has it as its id too).
pub const ERROR_ID: &str = "schedule-error";

/// A labelled select (its id, its error's id) of `options` (value, title) showing `selected`;
/// `on_change` gets the chosen value.
pub fn select_field(
    (id, error_id): (&'static str, &'static str),
    label: &'static str,
    options: &'static [(&'static str, &'static str)],
    selected: Signal<String>,
    error: Signal<Option<String>>,
    on_change: impl Fn(String) + 'static,
) -> impl IntoView {
    // The address's value when the list does not offer it, shown beside its error.
    let unlisted =
        move || selected.with(|s| unlisted_option(s, options.iter().map(|&(value, _)| value)));
    let options = options
        .iter()
        .map(|&(value, title)| {
            view! { <option value=value selected=move || selected.with(|s| s == value)>{title}</option> }
        })
        .collect_view();
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <select
                id=id
                data-testid=id
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby=error_id
                prop:value=move || selected.get()
                on:change=move |ev| on_change(event_target_value(&ev))
            >
                {unlisted}
                {options}
            </select>
            <FieldError error=error id=error_id testid=ERROR_ID />
        </div>
    }
}

/// Simulated totals beside the paper's claim.
pub fn totals_table(s: &Schedule) -> impl IntoView {
    let c = &s.claim;
    let row = |name: &'static str, id: &'static str, sim: String, paper: String| {
        view! {
            <tr>
                <th scope="row">{name}</th>
                <td class="num" data-testid=format!("schedule-{id}")>{sim}</td>
                <td class="num" data-testid=format!("schedule-claim-{id}")>{paper}</td>
            </tr>
        }
    };
    view! {
        <table class="schedule-totals">
            <caption>{format!("{} — {}", c.theorem, c.text)}</caption>
            <thead>
                <tr>
                    <th scope="col"></th>
                    <th scope="col" class="num">"Simulated"</th>
                    <th scope="col" class="num">"Paper"</th>
                </tr>
            </thead>
            <tbody>
                {row("rounds", "rounds", s.rounds.to_string(), c.rounds.to_string())}
                {row("delays", "delays", s.delays.to_string(), c.delays.to_string())}
                {row("link conflicts", "conflicts", s.conflicts.to_string(), c.conflicts.to_string())}
                {row("time steps", "steps", s.steps.to_string(), "—".to_string())}
                {row("deliveries", "deliveries", s.deliveries.to_string(), "—".to_string())}
            </tbody>
        </table>
        <TermList keys=&["d3.round", "d3.delay", "d3.conflict", "d3.step", "d3.delivery"] />
        <p class="help" data-testid="schedule-complete">
            {if s.complete {
                "Every expected message is delivered exactly once."
            } else {
                "Some expected message is not delivered exactly once."
            }}
        </p>
    }
}

/// One mark per time step: a launch, an inserted delay, a step with a link conflict, or a
/// step after the last launch (the rounds still in flight); the current step outlined.
pub fn timeline(s: &Schedule, current: u32) -> impl IntoView {
    let marks = s
        .occupancy
        .iter()
        .map(|u| {
            let conflict = u.channels.iter().any(|c| c.rounds.len() > 1);
            let (kind, what) = if conflict {
                ("conflict", "a link conflict")
            } else if is_delay(s, u.step) {
                ("delay", "an inserted delay")
            } else if !u.launched.is_empty() {
                ("launch", "a round launched")
            } else {
                ("drain", "rounds in flight")
            };
            let class = if u.step == current {
                format!("tick {kind} current")
            } else {
                format!("tick {kind}")
            };
            view! {
                <span class=class data-testid="schedule-tick" data-kind=kind title=format!("step {}: {what}", u.step)></span>
            }
        })
        .collect_view();
    view! {
        <div class="schedule-timeline" data-testid="schedule-timeline" aria-hidden="true">{marks}</div>
        <p class="help legend">
            <span class="tick launch"></span> " round launched "
            <span class="tick delay"></span> " inserted delay "
            <span class="tick conflict"></span> " link conflict "
            <span class="tick drain"></span> " in flight"
        </p>
        <TermList keys=&["d3.address", "d3.collective", "d3.header"] />
    }
}
