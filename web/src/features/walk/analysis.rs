//! The walkthrough's analysis card: both addresses with the region of difference marked,
//! the differences row, and the paper's lengths (the four classes of a completed lens, with
//! buttons to switch between them).

use icn_core::topology::lens::{CompletedRouting, PathChoice, PathClass};
use leptos::prelude::*;

use super::model::{Analysis, WalkModel};
use crate::components::Term;

/// An address split for the digit grid: its digits and its dot position.
fn split_address(text: &str) -> (Vec<char>, usize) {
    let dot = text.find('.').unwrap_or(text.len());
    (text.chars().filter(|&c| c != '.').collect(), dot)
}

/// One row of the digit grid: gap 0, digit 1, gap 1, …, digit n, gap n. `digit(j)` gives
/// digit j's text and whether it is marked; `gap(k)` the text of the gap after digit k.
fn grid_row(
    n: usize,
    digit: impl Fn(usize) -> (String, bool),
    gap: impl Fn(usize) -> Option<&'static str>,
) -> impl IntoView {
    (0..=n)
        .map(|k| {
            let g = gap(k);
            let gap_view = view! {
                <span class="cell gap" class:dot=g == Some(".") data-gap=k>{g.unwrap_or("")}</span>
            };
            let digit_view = (k < n).then(|| {
                let (text, marked) = digit(k + 1);
                view! {
                    <span class="cell digit" class:differs=marked data-digit=k + 1>{text}</span>
                }
            });
            view! { {gap_view}{digit_view} }
        })
        .collect_view()
}

/// Source, destination, the differences (or region) row and the dots, digit under digit
/// as in Figure 2a/2b.
fn digit_grid(
    (src, src_dot): (&str, usize),
    (dst, dst_dot): (&str, usize),
    mask: &str,
    (row_key, row_label): (&'static str, &'static str),
    dots_in_row: bool,
) -> impl IntoView {
    let (sd, sdot) = split_address(src);
    let (dd, ddot) = split_address(dst);
    let n = sd.len();
    let marks: Vec<bool> = mask
        .chars()
        .filter(|&c| c != '.')
        .map(|c| c == '1')
        .collect();
    let address = |digits: Vec<char>, dot: usize| {
        let marks = marks.clone();
        grid_row(
            n,
            move |j| (digits[j - 1].to_string(), marks.get(j - 1) == Some(&true)),
            move |k| (k == dot).then_some("."),
        )
    };
    let (source, destination) = (address(sd, sdot), address(dd, ddot));
    let row = grid_row(
        n,
        move |j| {
            let on = marks.get(j - 1) == Some(&true);
            (if on { "1" } else { "0" }.to_string(), on)
        },
        move |k| (dots_in_row && (k == sdot || k == ddot)).then_some("."),
    );
    let dots = grid_row(
        n,
        |_| (String::new(), false),
        move |k| match (k == sdot, k == ddot) {
            (true, true) => Some("st"),
            (true, false) => Some("s"),
            (false, true) => Some("t"),
            _ => None,
        },
    );
    let columns = format!("grid-template-columns: auto repeat({n}, 0.7ch 1.3ch) 0.7ch;");
    view! {
        <div class="walk-grid mono" style=columns>
            <span class="walk-row-label">"Source"</span>
            <div class="walk-grid-row" data-testid="walk-source">
                {source}
            </div>
            <span class="walk-row-label">"Destination"</span>
            <div class="walk-grid-row" data-testid="walk-destination">
                {destination}
            </div>
            <span class="walk-row-label"><Term key=row_key label=row_label /></span>
            <div class="walk-grid-row" data-testid="walk-differences">{row}</div>
            <span class="walk-row-label"><Term key="lens.dots" /></span>
            <div class="walk-grid-row dots" data-testid="walk-dots">{dots}</div>
        </div>
        <p class="help walk-dot-note">
            {format!("s: the source's dot, after digit {src_dot}; t: the destination's, after digit {dst_dot}.")}
        </p>
    }
}

/// Beside the distance in busses, why it is less than the paper's (pattern B), when it is.
fn differs(paper: u32, busses: u32) -> Option<impl IntoView> {
    (busses < paper).then(|| {
        let fewer = paper - busses;
        let text = format!(
            "{fewer} fewer than the paper's {paper}: pattern B changes a digit in place where the walk turns, and the paper counts pattern A only"
        );
        view! { <span class="walk-differs" data-testid="walk-differs">{text}</span> }
    })
}

/// The region of difference and the paper's numbers.
#[component]
pub fn WalkAnalysis(model: WalkModel) -> impl IntoView {
    let content = move || {
        let ends = model.ends.get()?;
        let analysis = model.analysis.get()?;
        let [(src, src_dot), (dst, dst_dot)] = ends;
        let (mask, row, dots_in_row) = match &analysis {
            Analysis::Completed(c) => (
                c.differences.clone(),
                ("lens.differences", "Differences"),
                true,
            ),
            Analysis::Uncompleted(r) => (
                r.mask.clone(),
                ("lens.region", "Region of difference"),
                false,
            ),
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
                        <div><dt><Term key="lens.region" label="Region" /></dt><dd>{region}</dd></div>
                        <div><dt><Term key="lens.ij" /></dt><dd>{format!("{}, {}", r.i, r.j)}</dd></div>
                        <div><dt>"Dot moving right first"</dt><dd>{format!("2k + j − i = {}", r.length_right_first)}</dd></div>
                        <div><dt>"Dot moving left first"</dt><dd>{format!("2k + i − j = {}", r.length_left_first)}</dd></div>
                        <div><dt><Term key="lens.paper-length" /></dt><dd>{r.paper_length}</dd></div>
                        <div><dt><Term key="lens.bus-distance" /></dt><dd><span data-testid="walk-distance">{r.distance}</span>{differs(r.paper_length, r.distance)}</dd></div>
                    </dl>
                }
                .into_any()
            }
        };
        Some(
            view! {
                {digit_grid((&src, src_dot), (&dst, dst_dot), &mask, row, dots_in_row)}
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
fn completed_numbers(model: WalkModel, c: CompletedRouting) -> impl IntoView {
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
            let current = move || {
                model.choice.with(
                    |c| matches!(c, Ok(PathChoice::Class { class, .. }) if class.number() == number),
                )
            };
            let note = match (minimal, rule) {
                (true, true) => " · minimal · paper's rule",
                (true, false) => " · minimal",
                (false, true) => " · paper's rule",
                (false, false) => "",
            };
            choice_button(
                model,
                ChoiceButton {
                    value,
                    testid: format!("walk-class-{number}"),
                    name: format!("Class {number}"),
                    length: len,
                    detail: format!("{formula}{note}"),
                    minimal,
                },
                current,
            )
        })
        .collect_view();
    view! {
        <dl class="facts walk-facts">
            <div><dt><Term key="lens.abc" /></dt><dd>{format!("{}, {}, {}", c.a, c.b, c.c)}</dd></div>
            <div><dt><Term key="lens.classes" /></dt><dd data-testid="walk-class-lengths">{lengths}</dd></div>
            <div><dt><Term key="lens.paper-distance" /></dt><dd>{c.pattern_a_distance}</dd></div>
            <div><dt><Term key="lens.bus-distance" /></dt><dd><span data-testid="walk-distance">{c.distance}</span>{differs(c.pattern_a_distance, c.distance)}</dd></div>
        </dl>
        <ul class="walk-classes" aria-label="Walk a class">{classes}</ul>
        {region_choices(model, &c, PathClass::One)}
        {region_choices(model, &c, PathClass::Three)}
    }
}

/// Every choice of region B (class 1) or C (class 3), each a button walking the class
/// through that region.
fn region_choices(model: WalkModel, c: &CompletedRouting, class: PathClass) -> impl IntoView {
    let regions = c.region_choices(class);
    let number = class.number();
    let letter = if class == PathClass::One { "B" } else { "C" };
    let title = format!("Region {letter} (class {number})");
    let note = if regions.is_empty() {
        format!(
            "No region {letter}: the addresses differ everywhere {}; class {number} becomes class {}.",
            if class == PathClass::One { "inside A" } else { "outside A" },
            number + 1
        )
    } else {
        format!(
            "Each choice of {letter} gives its own paths, of length {}; green ones are minimal.",
            if class == PathClass::One {
                "n + a − 2b"
            } else {
                "2n − a − 2c"
            }
        )
    };
    let buttons = regions
        .into_iter()
        .map(|r| {
            let k = r.number;
            let value = format!("class{number}:{k}");
            let pressed = move || {
                model.choice.with(|ch| match ch {
                    Ok(PathChoice::Class { class: cl, run }) if *cl == class => match run {
                        Some(i) => *i + 1 == k,
                        None => r.default,
                    },
                    _ => false,
                })
            };
            let digits = r
                .digits
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ");
            let label = format!("{letter}{k} = {{{digits}}}");
            let detail = format!(
                "{} = {}{}",
                if class == PathClass::One { "b" } else { "c" },
                r.run.len,
                if r.minimal { " · minimal" } else { "" }
            );
            choice_button(
                model,
                ChoiceButton {
                    value,
                    testid: format!("walk-region-{number}-{k}"),
                    name: label,
                    length: r.length,
                    detail,
                    minimal: r.minimal,
                },
                pressed,
            )
        })
        .collect_view();
    view! {
        <div class="walk-regions" data-testid=format!("walk-regions-{number}")>
            <h3>{title}</h3>
            <p class="help">{note}</p>
            <ul class="walk-classes" aria-label=format!("Choose region {letter}")>{buttons}</ul>
        </div>
    }
}

/// What a button that walks one class (or one region of a class) shows.
struct ChoiceButton {
    /// The `choice=` value it sets.
    value: String,
    testid: String,
    name: String,
    /// The class's length (with this region).
    length: u32,
    detail: String,
    minimal: bool,
}

/// A toggle that walks `b.value` from step 0; pressed while `pressed()` holds.
fn choice_button(
    model: WalkModel,
    b: ChoiceButton,
    pressed: impl Fn() -> bool + Send + Sync + 'static,
) -> impl IntoView {
    let value = b.value;
    view! {
        <li>
            <button
                type="button"
                class="toggle walk-class"
                class:minimal=b.minimal
                data-testid=b.testid
                data-length=b.length
                aria-pressed=move || if pressed() { "true" } else { "false" }
                on:click=move |_| {
                    let value = value.clone();
                    model.playing.set(false);
                    model.commit(move |f| {
                        f.choice = value;
                        f.step = 0;
                    });
                }
            >
                <span class="walk-class-name">{b.name}</span>
                <span class="walk-class-length">{b.length}</span>
                <span class="help">{b.detail}</span>
            </button>
        </li>
    }
}
