//! The walkthrough's analysis card: both addresses with the region of difference marked,
//! the differences row, and the paper's lengths (the four classes of a completed lens, with
//! buttons to switch between them).

use leptos::prelude::*;

use crate::pages::{Analysis, WalkModel};

/// Per-digit marks of an address: `mask` holds one `0`/`1` per digit (dots skipped).
pub fn marked_address(text: &str, mask: &str, class_on: &'static str) -> impl IntoView {
    let mut marks = mask.chars().filter(|c| *c != '.');
    text.chars()
        .map(|c| {
            let class = if c == '.' {
                "dot"
            } else if marks.next() == Some('1') {
                class_on
            } else {
                "digit"
            };
            view! { <span class=class>{c.to_string()}</span> }
        })
        .collect_view()
}

/// The region of difference and the paper's numbers.
#[component]
pub fn WalkAnalysis(model: WalkModel) -> impl IntoView {
    let content = move || {
        let ends = model.ends.get()?;
        let analysis = model.analysis.get()?;
        let [(src, src_dot), (dst, dst_dot)] = ends;
        let (mask, row_label, row) = match &analysis {
            Analysis::Completed(c) => (c.differences.clone(), "Differences", c.differences.clone()),
            Analysis::Uncompleted(r) => (r.mask.clone(), "Region of difference", r.mask.clone()),
        };
        let numbers = match analysis {
            Analysis::Completed(c) => completed_numbers(model, c).into_any(),
            Analysis::Uncompleted(r) => {
                let region = if r.k == 0 {
                    "empty: the addresses are equal".to_string()
                } else {
                    format!("digits {}–{}, k = {}", r.first, r.last, r.k)
                };
                view! {
                    <dl class="facts walk-facts">
                        <dt>"Region"</dt><dd>{region}</dd>
                        <dt>"i, j"</dt><dd>{format!("{}, {}", r.i, r.j)}</dd>
                        <dt>"Dot moving right first"</dt><dd>{format!("2k + j − i = {}", r.length_right_first)}</dd>
                        <dt>"Dot moving left first"</dt><dd>{format!("2k + i − j = {}", r.length_left_first)}</dd>
                        <dt>"Paper's length"</dt><dd>{r.paper_length}</dd>
                        <dt>"Distance in busses"</dt><dd data-testid="walk-distance">{r.distance}</dd>
                    </dl>
                }
                .into_any()
            }
        };
        Some(
            view! {
                <div class="walk-rows mono">
                    <span class="walk-row-label">"Source"</span>
                    <span class="walk-address-row" data-testid="walk-source">
                        {marked_address(&src, &mask, "digit differs")}
                    </span>
                    <span class="walk-row-note">{format!("dot after digit {src_dot}")}</span>
                    <span class="walk-row-label">"Destination"</span>
                    <span class="walk-address-row" data-testid="walk-destination">
                        {marked_address(&dst, &mask, "digit differs")}
                    </span>
                    <span class="walk-row-note">{format!("dot after digit {dst_dot}")}</span>
                    <span class="walk-row-label">{row_label}</span>
                    <span class="walk-address-row" data-testid="walk-differences">{row}</span>
                    <span class="walk-row-note"></span>
                </div>
                {numbers}
            }
            .into_any(),
        )
    };
    view! {
        <section class="card walk-analysis" aria-labelledby="walk-analysis-title">
            <h2 id="walk-analysis-title">"Where the addresses differ"</h2>
            {move || content().unwrap_or_else(|| view! {
                <p class="placeholder">"Type a Lens and two processors to see where they differ."</p>
            }.into_any())}
        </section>
    }
}

/// §5: the arcs, the four class lengths (minimal ones marked) and buttons to walk each class.
fn completed_numbers(
    model: WalkModel,
    c: icn_core::topology::lens::CompletedRouting,
) -> impl IntoView {
    let lengths = c
        .class_lengths
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let formulas = ["n + a − 2b", "n + a", "2n − a − 2c", "2n − a"];
    let classes = c
        .class_lengths
        .iter()
        .zip(formulas)
        .enumerate()
        .map(|(i, (&len, formula))| {
            let number = i as u8 + 1;
            let minimal = c.minimal_classes.iter().any(|m| m.number() == number);
            let rule = c.rule_choice.number() == number;
            let value = format!("class{number}");
            let current = {
                let value = value.clone();
                move || model.form.with(|f| f.choice == value)
            };
            let note = match (minimal, rule) {
                (true, true) => " · minimal · paper's rule",
                (true, false) => " · minimal",
                (false, true) => " · paper's rule",
                (false, false) => "",
            };
            view! {
                <li>
                    <button
                        type="button"
                        class="toggle walk-class"
                        class:minimal=minimal
                        data-testid=format!("walk-class-{number}")
                        aria-pressed=move || if current() { "true" } else { "false" }
                        on:click=move |_| {
                            let value = value.clone();
                            model.playing.set(false);
                            model.commit(move |f| {
                                f.choice = value;
                                f.step = 0;
                            });
                        }
                    >
                        <span class="walk-class-name">{format!("Class {number}")}</span>
                        <span class="walk-class-length">{len}</span>
                        <span class="help">{format!("{formula}{note}")}</span>
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <dl class="facts walk-facts">
            <dt>"a, b, c"</dt><dd>{format!("{}, {}, {}", c.a, c.b, c.c)}</dd>
            <dt>"Class lengths"</dt><dd data-testid="walk-class-lengths">{lengths}</dd>
            <dt>"Paper's distance"</dt><dd>{c.pattern_a_distance}</dd>
            <dt>"Distance in busses"</dt><dd data-testid="walk-distance">{c.distance}</dd>
        </dl>
        <ul class="walk-classes" aria-label="Walk a class">{classes}</ul>
    }
}
