//! The walkthrough's player: the current address with its dot and `?` digits, the step's
//! bus and explanation, Previous / Next / Play, the list of steps, and the arrow keys.

use std::time::Duration;

use icn_core::topology::lens::{DigitState, Pattern, Step};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::model::WalkModel;
use crate::components::Term;
use crate::limits::PLAY_INTERVAL_MS;

/// The current address, one span per character: digits coloured by their state.
fn current_digits(step: &Step) -> impl IntoView {
    let mut states = step.digits.iter();
    let mut index = 0;
    step.address
        .chars()
        .map(|c| {
            if c == '.' {
                return view! { <span class="dot">"."</span> }.into_any();
            }
            index += 1;
            let mut class = match states.next() {
                Some(DigitState::Source) => "digit differs",
                Some(DigitState::Arbitrary) => "digit unknown",
                _ => "digit settled",
            }
            .to_string();
            if index == step.digit {
                class.push_str(" active");
            }
            view! { <span class=class>{c.to_string()}</span> }.into_any()
        })
        .collect_view()
}

/// Whether a key press belongs to a text field or a select (which use the arrows).
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// The play timer: one step per [`PLAY_INTERVAL_MS`] while playing. `Copy`.
#[derive(Debug, Clone, Copy)]
struct Player {
    model: WalkModel,
    timer: StoredValue<Option<IntervalHandle>>,
}

impl Player {
    /// The timer, stopped whenever the playing stops and when the view goes; and the
    /// arrow keys.
    fn install(model: WalkModel) -> Player {
        let timer = StoredValue::new(None::<IntervalHandle>);
        let player = Player { model, timer };
        // Anything else that stops the playing (a new choice) also stops the timer.
        Effect::new(move |_| {
            if !model.playing.get() {
                if let Some(h) = timer.get_value() {
                    h.clear();
                    timer.set_value(None);
                }
            }
        });
        on_cleanup(move || {
            if let Some(h) = timer.get_value() {
                h.clear();
            }
        });
        let keys = window_event_listener(leptos::ev::keydown, move |ev| {
            if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || typing(&ev) {
                return;
            }
            let k = model.step.get_untracked();
            match ev.key().as_str() {
                "ArrowRight" => {
                    ev.prevent_default();
                    player.stop();
                    model.go(k + 1);
                }
                "ArrowLeft" => {
                    ev.prevent_default();
                    player.stop();
                    model.go(k.saturating_sub(1));
                }
                _ => {}
            }
        });
        on_cleanup(move || keys.remove());
        player
    }

    fn stop(self) {
        if let Some(h) = self.timer.get_value() {
            h.clear();
        }
        self.timer.set_value(None);
        self.model.playing.set(false);
    }

    fn tick(self) {
        let model = self.model;
        let (k, total) = (model.step.get_untracked(), model.total.get_untracked());
        if k >= total {
            self.stop();
        } else {
            model.go(k + 1);
        }
    }

    /// Play or Pause; playing from the last step starts again from the first.
    fn toggle(self) {
        let model = self.model;
        if model.playing.get_untracked() {
            self.stop();
            return;
        }
        if model.total.get_untracked() == 0 {
            return;
        }
        if model.step.get_untracked() >= model.total.get_untracked() {
            model.go(0);
        }
        match set_interval_with_handle(move || self.tick(), Duration::from_millis(PLAY_INTERVAL_MS))
        {
            Ok(h) => {
                self.timer.set_value(Some(h));
                model.playing.set(true);
            }
            Err(e) => leptos::logging::warn!("could not start playing: {e:?}"),
        }
    }
}

/// The current step's bus, the paper's step, its pattern and the dot.
fn step_details(step: Step) -> impl IntoView {
    let pattern = match step.pattern {
        Pattern::A => "A (the dot moves)",
        Pattern::B => "B (the dot stays)",
    };
    view! {
        <dl class="facts walk-step-facts">
            <div><dt><Term key="lens.bus" /></dt><dd class="mono" data-testid="walk-bus">{step.bus_label}</dd></div>
            <div><dt><Term key="lens.step" /></dt><dd>{step.phase}</dd></div>
            <div><dt><Term key="lens.pattern" /></dt><dd>{pattern}</dd></div>
            <div><dt>"Dot after digit"</dt><dd>{step.dot}</dd></div>
        </dl>
    }
}

/// Every address of the walk, each a button that goes to it.
fn step_list(model: WalkModel, player: Player) -> Option<impl IntoView> {
    model.steps.with(|s| {
        let Some(Ok(steps)) = s else { return None };
        let src = model
            .ends
            .with(|e| e.as_ref().map(|[(a, _), _]| a.clone()))
            .unwrap_or_default();
        let first = std::iter::once((0, src, String::new()));
        let rest = steps
            .iter()
            .enumerate()
            .map(|(i, st)| (i + 1, st.address.clone(), st.bus_label.clone()));
        let items = first
            .chain(rest)
            .map(|(k, addr, bus)| {
                let via = (!bus.is_empty()).then(|| format!(" via {bus}"));
                view! {
                    <li>
                        <button
                            type="button"
                            class="walk-list-item mono"
                            aria-current=move || (model.step.get() == k).then_some("step")
                            on:click=move |_| {
                                player.stop();
                                model.go(k);
                            }
                        >
                            {addr}
                            <span class="help">{via}</span>
                        </button>
                    </li>
                }
            })
            .collect_view();
        Some(view! { <ol class="walk-list" start="0" data-testid="walk-steps">{items}</ol> })
    })
}

/// Scrolls the step list (not the page) so that its current step is in sight: the list
/// scrolls inside the card while the walk plays, and the reader keeps their place.
fn scroll_current_step_into_view() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(Some(list)) = doc.query_selector("[data-testid=walk-steps]") else {
        return;
    };
    let Some(item) = list
        .query_selector("[aria-current]")
        .ok()
        .flatten()
        .and_then(|i| i.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    // The list is the items' offset parent (position: relative in the stylesheet).
    let (top, bottom) = (item.offset_top(), item.offset_top() + item.offset_height());
    let (scroll, height) = (list.scroll_top(), list.client_height());
    if top < scroll {
        list.set_scroll_top(top);
    } else if bottom > scroll + height {
        list.set_scroll_top(bottom - height);
    }
}

/// Previous, Next, Play and what the current step did; with `compact` (the figure-first
/// embed) no step's facts and no list of steps, which the full view has.
#[component]
pub fn WalkPlayer(
    model: WalkModel,
    /// The figure-first embed's player: the address, the explanation and the buttons only.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    let player = Player::install(model);
    let current = move || {
        let k = model.step.get();
        model.steps.with(|s| match s {
            Some(Ok(steps)) if k > 0 => steps.get(k - 1).cloned(),
            _ => None,
        })
    };
    let address = move || match current() {
        Some(step) => current_digits(&step).into_any(),
        None => model
            .ends
            .with(|e| e.as_ref().map(|[(src, _), _]| src.clone()))
            .unwrap_or_default()
            .into_any(),
    };
    let explanation = move || match current() {
        Some(step) => step.explanation,
        None => match model.total.get() {
            0 => "No walk to play yet.".to_string(),
            n => format!(
                "At the source. {n} steps to the destination: press Next (or →) to take the first."
            ),
        },
    };
    let details = move || current().filter(|_| !compact).map(step_details);
    let at_start = move || model.step.get() == 0;
    let at_end = move || model.step.get() >= model.total.get();
    let list = move || (!compact).then(|| step_list(model, player)).flatten();
    // The current step stays in sight in the (scrolling) list, after the list has drawn it.
    Effect::new(move |_| {
        model.step.track();
        request_animation_frame(scroll_current_step_into_view);
    });
    view! {
        <section class="card walk-player" aria-labelledby="walk-player-title">
            <div class="card-head">
                <h2 id="walk-player-title">"Step by step"</h2>
                <p class="walk-step-index" data-testid="walk-step-index" aria-live="polite">
                    {move || format!("{} / {}", model.step.get(), model.total.get())}
                </p>
            </div>
            <p class="walk-address mono" data-testid="walk-address">{address}</p>
            <p class="walk-explanation" data-testid="walk-explanation" aria-live="polite">{explanation}</p>
            {details}
            <div class="walk-buttons" role="group" aria-label="Play the walk">
                <button
                    type="button"
                    data-testid="walk-prev"
                    disabled=at_start
                    on:click=move |_| {
                        player.stop();
                        model.go(model.step.get_untracked().saturating_sub(1));
                    }
                >
                    "← Previous"
                </button>
                <button
                    type="button"
                    data-testid="walk-play"
                    aria-pressed=move || if model.playing.get() { "true" } else { "false" }
                    disabled=move || model.total.get() == 0
                    on:click=move |_| player.toggle()
                >
                    {move || if model.playing.get() { "Pause" } else { "Play" }}
                </button>
                <button
                    type="button"
                    data-testid="walk-next"
                    disabled=at_end
                    on:click=move |_| {
                        player.stop();
                        model.go(model.step.get_untracked() + 1);
                    }
                >
                    "Next →"
                </button>
            </div>
            {(!compact).then(|| view! { <p class="help">"The arrow keys ← → step too (outside the text fields)."</p> })}
            {list}
        </section>
    }
}
