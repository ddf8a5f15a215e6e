//! The first screen's gallery: one card per story ([`STORIES`]), each a link that opens a
//! view in a prepared state, with its title, what to look at, and a small drawing of ours.

use icn_web_model::start::{Story, STORIES};
use leptos::prelude::*;

use crate::history::Nav;

/// A small static drawing per story (inline SVG, no download), by its slug; decorative.
fn thumbnail(slug: &str) -> AnyView {
    match slug {
        // Busses in rows, a route across them.
        "lens-figure-2" => view! {
            <svg viewBox="0 0 64 40">
                <g class="t-edge"><path d="M4 8H60M4 20H60M4 32H60"/></g>
                <path class="t-route" d="M8 8L24 20L40 20L56 32"/>
                <circle class="t-src" cx="8" cy="8" r="3.5"/>
                <circle class="t-dst" cx="56" cy="32" r="3.5"/>
            </svg>
        }
        .into_any(),
        // Two latency curves rising to saturation.
        "dragonfly-valiant" => view! {
            <svg viewBox="0 0 64 40">
                <path class="t-edge" d="M6 4V36H62"/>
                <path class="t-route" d="M8 30C20 30 26 29 30 6"/>
                <path class="t-dst-line" d="M8 22C28 22 38 21 46 6"/>
            </svg>
        }
        .into_any(),
        // Four channels waiting on each other.
        "deadlock" => view! {
            <svg viewBox="0 0 64 40">
                <g class="t-edge">
                    <circle cx="16" cy="8" r="3"/>
                    <circle cx="48" cy="8" r="3"/>
                    <circle cx="48" cy="32" r="3"/>
                    <circle cx="16" cy="32" r="3"/>
                </g>
                <path class="t-bad" d="M20 8H44M48 12V28M44 32H20M16 28V12"/>
            </svg>
        }
        .into_any(),
        // A configuration file.
        "booksim" => view! {
            <svg viewBox="0 0 64 40">
                <rect class="t-edge" x="14" y="3" width="36" height="34" rx="3"/>
                <path class="t-route" d="M20 12H42M20 19H36M20 26H44"/>
            </svg>
        }
        .into_any(),
        // The Petersen graph, roughly.
        "graph" => view! {
            <svg viewBox="0 0 64 40">
                <g class="t-edge">
                    <path d="M32 3L52 17L44 37L20 37L12 17Z"/>
                    <path d="M32 3V12M52 17L43 20M44 37L38 29M20 37L26 29M12 17L21 20"/>
                    <path d="M32 12L38 29L21 20L43 20L26 29Z"/>
                </g>
            </svg>
        }
        .into_any(),
        // Steps of a schedule: channels lit in turn.
        "d3-all-to-all" => view! {
            <svg viewBox="0 0 64 40">
                <g class="t-edge"><path d="M6 10H58M6 20H58M6 30H58"/></g>
                <path class="t-route" d="M6 10H22M24 20H40M42 30H58"/>
            </svg>
        }
        .into_any(),
        // Two trees over a row of leaves.
        _ => view! {
            <svg viewBox="0 0 64 40">
                <g class="t-edge">
                    <path d="M32 4L16 18L8 34M16 18L24 34M32 4L48 18L40 34M48 18L56 34"/>
                </g>
                <path class="t-route" d="M8 34L16 18L24 34"/>
                <path class="t-dst-line" d="M24 34L16 18L32 4L48 18L56 34"/>
            </svg>
        }
        .into_any(),
    }
}

/// One card: a link to the story's prepared state.
fn card(nav: Nav, story: &'static Story) -> impl IntoView {
    let href = nav.href(story.query);
    view! {
        <li class="story">
            <a class="story-link" href=href data-testid=format!("story-{}", story.slug)
                title=format!("Opens: {}", story.view.label())
                on:click=move |ev| {
                    if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
                        return;
                    }
                    ev.prevent_default();
                    nav.open(story.query);
                    window().scroll_to_with_x_and_y(0.0, 0.0);
                }>
                <span class="story-thumb" aria-hidden="true">{thumbnail(story.slug)}</span>
                <span class="story-title">{story.title}</span>
                <span class="story-look">{story.look}</span>
                <span class="story-view">{story.view.label()} " →"</span>
            </a>
        </li>
    }
}

/// The gallery of stories.
#[component]
pub fn Gallery(nav: Nav) -> impl IntoView {
    let cards = STORIES.iter().map(|s| card(nav, s)).collect_view();
    view! {
        <section class="start-gallery" aria-labelledby="start-gallery-title" data-testid="start-gallery">
            <h2 id="start-gallery-title">"Start here: one click each"</h2>
            <ul class="stories">{cards}</ul>
        </section>
    }
}
