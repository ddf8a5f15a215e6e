//! The D3 schedule view (`?view=schedule`): a collective on D3(K, M) as core simulates it
//! ([`D3::schedule`], the same as `icn schedule`), played step by step on the wiring
//! diagram with the channels in use lit, and its totals beside the paper's claim.
//!
//! One-way state: URL -> [`ScheduleForm`] -> network, root, collective -> [`Schedule`] ->
//! views.

use icn_core::topology::d3::schedule::{Collective, DelayRule, Schedule};
use icn_core::topology::d3::D3;
use icn_core::{Network, Node, Topology};
use leptos::prelude::*;

use std::time::Duration;

use crate::diagram::{draw, DiagramSvg, Drawing, Highlight, SvgDownload};
use crate::history::Nav;
use crate::pages::PLAY_INTERVAL_MS;
use crate::url::ScheduleForm;

/// The most channel uses ([`D3::schedule_size`]) simulated in the page, with every step's
/// channels kept for the player.
pub const WEB_SCHEDULE_LIMIT: u64 = 1 << 17;

/// The collectives offered: value, title.
const COLLECTIVES: &[(&str, &str)] = &[
    ("one-to-all", "one-to-all (Theorem 5)"),
    ("all-to-one", "all-to-one (Theorem 6)"),
    ("broadcast", "broadcast, 4 messages (Theorem 4)"),
    ("all-to-all", "all-to-all (Theorem 7)"),
    ("permutation", "permutation (Theorem 8)"),
];

/// The permutations offered (core's [`icn_core::topology::d3::schedule::PERMUTATIONS`]):
/// value, title.
const PERMS: &[(&str, &str)] = &[
    ("shift", "shift: (c,d,p) → (c+1,d,p)"),
    ("swap", "swap: (c,d,p) → (c,p,d)"),
    ("reverse", "reverse: router v → N−1−v"),
    ("random", "random (seeded)"),
];

/// The delay rules offered: value, title.
const RULES: &[(&str, &str)] = &[
    ("paper", "the paper's algorithm"),
    ("greedy", "greedy: earliest without conflict"),
];

/// Messages of the broadcast offered here (`icn schedule`'s default `--count`).
const BROADCASTS: u32 = 4;

/// What the page shows: the schedule, or why there is none.
#[derive(Debug, Clone, PartialEq)]
struct Simulated {
    /// The network (a D3).
    net: D3,
    /// The root router, when the collective has one.
    root: Option<Node>,
    /// The simulated schedule with per-step occupancy.
    schedule: Schedule,
}

/// The collective named `name` rooted at `root`.
fn collective(name: &str, root: Node) -> Result<Collective, String> {
    Ok(match name {
        "one-to-all" => Collective::OneToAll { source: root },
        "all-to-one" => Collective::AllToOne { sink: root },
        "broadcast" => Collective::Broadcast {
            source: root,
            count: BROADCASTS,
        },
        "all-to-all" => Collective::AllToAll,
        "permutation" => Collective::Permutation,
        other => {
            return Err(format!(
            "unknown collective '{other}'; choose one-to-all, all-to-one, broadcast, all-to-all or permutation"
        ))
        }
    })
}

/// Simulates the form's collective, or says which field is wrong.
fn simulate(form: &ScheduleForm) -> Result<Simulated, String> {
    let net: Network = form.spec.parse().map_err(|e| format!("{e}"))?;
    let Network::D3(d) = net else {
        return Err(format!(
            "schedules are for the Swapped Dragonfly (d3:k=…,m=…); '{}' is a {}",
            net.spec(),
            net.family().name
        ));
    };
    // All-to-all and permutations have no root: its field is not read.
    let root = if matches!(form.collective.as_str(), "all-to-all" | "permutation") {
        0
    } else {
        d.parse_node(&form.root).map_err(|e| format!("root: {e}"))?
    };
    let which = collective(&form.collective, root)?;
    let rule = match form.rule.as_str() {
        "paper" => DelayRule::Paper,
        "greedy" => DelayRule::Greedy,
        other => {
            return Err(format!(
                "unknown delay rule '{other}'; choose paper or greedy"
            ))
        }
    };
    let size = d.schedule_size(which);
    if size > WEB_SCHEDULE_LIMIT {
        return Err(format!(
            "{} on {} would simulate about {size} channel uses; the page plays at most \
             {WEB_SCHEDULE_LIMIT} (icn schedule goes further)",
            form.collective,
            d.spec_string()
        ));
    }
    let schedule = if which == Collective::Permutation {
        let seed: u64 = form.seed.trim().parse().map_err(|_| {
            format!(
                "seed: '{}' is not a whole number from 0 to {}",
                form.seed,
                u64::MAX
            )
        })?;
        let targets = d
            .named_permutation(&form.perm, seed)
            .map_err(|e| format!("permutation: {e}"))?;
        d.permutation_schedule(&targets, rule, true)
            .map_err(|e| e.to_string())?
    } else {
        d.schedule(which, rule, true)
    };
    let root = (!matches!(which, Collective::AllToAll | Collective::Permutation)).then_some(root);
    Ok(Simulated {
        net: d,
        root,
        schedule,
    })
}

/// The schedule view.
#[component]
pub fn ScheduleView(nav: Nav) -> impl IntoView {
    let form = Memo::new(move |_| nav.state.with(|s| s.schedule.clone()));
    let sim = Memo::new(move |_| form.with(simulate));
    let drawing = Memo::new(move |_| {
        sim.with(|s| s.as_ref().ok().map(|s| draw(&Network::D3(s.net.clone()))))
    });
    let steps = Memo::new(move |_| sim.with(|s| s.as_ref().map_or(0, |s| s.schedule.steps)));
    let step = Memo::new(move |_| form.with(|f| f.step).clamp(1, steps.get().max(1)));
    let set = move |change: fn(&mut ScheduleForm, String), value: String| {
        nav.commit(|s| {
            change(&mut s.schedule, value);
            s.schedule.step = 1;
            s.schedule.play = false;
        })
    };
    let playing = Memo::new(move |_| form.with(|f| f.play));
    let timer = StoredValue::new(None::<IntervalHandle>);
    // One step per tick while `play=1`; at the last step the playing stops (play=0). The
    // ticks replace the history entry the first one pushed.
    let tick = move || {
        let (k, total) = (step.get_untracked(), steps.get_untracked());
        if k >= total {
            nav.edit("schedule-play", |s| s.schedule.play = false);
        } else {
            nav.edit("schedule-play", |s| s.schedule.step = k + 1);
        }
    };
    Effect::new(move |_| {
        let on = playing.get() && steps.get() > 0;
        match (on, timer.get_value()) {
            (true, None) => {
                match set_interval_with_handle(tick, Duration::from_millis(PLAY_INTERVAL_MS)) {
                    Ok(h) => timer.set_value(Some(h)),
                    Err(e) => leptos::logging::warn!("could not start playing: {e:?}"),
                }
            }
            (false, Some(h)) => {
                h.clear();
                timer.set_value(None);
            }
            _ => {}
        }
    });
    on_cleanup(move || {
        if let Some(h) = timer.get_value() {
            h.clear();
        }
    });
    let toggle = move || {
        if playing.get_untracked() {
            nav.commit(|s| s.schedule.play = false);
        } else {
            let restart = step.get_untracked() >= steps.get_untracked();
            nav.commit(|s| {
                if restart {
                    s.schedule.step = 1;
                }
                s.schedule.play = true;
            });
        }
    };
    let go = move |k: u32| {
        nav.commit(|s| {
            s.schedule.step = k;
            s.schedule.play = false;
        })
    };

    let highlight = Memo::new(move |_| {
        let k = step.get();
        sim.with(|s| {
            let Ok(s) = s else {
                return Highlight::default();
            };
            let (mut dag, mut marked) = (Vec::new(), Vec::new());
            if let Some(u) = s.schedule.occupancy.iter().find(|u| u.step == k) {
                for c in &u.channels {
                    let (Ok(a), Ok(b)) = (s.net.parse_node(&c.from), s.net.parse_node(&c.to))
                    else {
                        continue;
                    };
                    dag.push((a, b));
                    if c.rounds.len() > 1 {
                        marked.push((a, b));
                    }
                }
            }
            Highlight {
                src: s.root,
                dag,
                marked,
                ..Highlight::default()
            }
        })
    });

    let fields = move || {
        let f = form.get();
        view! {
            {text_field("schedule-spec", "Network (d3:k=…,m=…)", f.spec, move |v| {
                set(|s, v| s.spec = v, v)
            })}
            {select_field("schedule-collective", "Collective", COLLECTIVES, f.collective.clone(), move |v| {
                set(|s, v| s.collective = v, v)
            })}
            {text_field("schedule-root", "Source or sink", f.root, move |v| {
                set(|s, v| s.root = v, v)
            })}
            {select_field("schedule-rule", "Delays", RULES, f.rule, move |v| {
                set(|s, v| s.rule = v, v)
            })}
            {(f.collective == "permutation").then(|| {
                select_field("schedule-perm", "Permutation", PERMS, f.perm.clone(), move |v| {
                    set(|s, v| s.perm = v, v)
                })
            })}
            {(f.collective == "permutation" && f.perm == "random").then(|| {
                text_field("schedule-seed", "Seed", f.seed.clone(), move |v| {
                    set(|s, v| s.seed = v, v)
                })
            })}
        }
    };

    let totals = move || {
        sim.with(|s| match s {
            Err(e) => view! { <p class="field-error" data-testid="schedule-error" role="alert">{e.clone()}</p> }.into_any(),
            Ok(s) => totals_table(&s.schedule).into_any(),
        })
    };

    // The buttons stay in the page while stepping (only their state changes), so the
    // keyboard focus stays on Play/Pause, Previous or Next.
    let status = move || {
        let k = step.get();
        let detail = sim.with(|s| {
            let s = s.as_ref().ok()?;
            let u = s.schedule.occupancy.iter().find(|u| u.step == k)?;
            let launched = if u.launched.is_empty() {
                "no round launched".to_string()
            } else {
                format!(
                    "round{} {} launched",
                    if u.launched.len() > 1 { "s" } else { "" },
                    u.launched
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            let conflicts = u.channels.iter().filter(|c| c.rounds.len() > 1).count();
            Some((
                u.channels.len(),
                launched,
                conflicts,
                is_delay(&s.schedule, k),
            ))
        });
        let (channels, launched, conflicts, delay) = detail.unwrap_or((0, String::new(), 0, false));
        view! {
            <span data-testid="schedule-channels">{channels}</span>
            " channels in use (lit), " {launched} ", "
            <span data-testid="schedule-step-conflicts">{conflicts}</span>
            " used twice (marked red)."
            {delay.then(|| view! {
                <strong class="schedule-delay" data-testid="schedule-delay-here">
                    " An inserted delay: no round starts at this step."
                </strong>
            })}
        }
    };
    let player = view! {
        <div class="schedule-player" role="group" aria-label="Play the schedule">
            <button
                type="button"
                data-testid="schedule-prev"
                disabled=move || { step.get() <= 1 }
                on:click=move |_| go(step.get_untracked().saturating_sub(1).max(1))
            >
                "Previous"
            </button>
            <button
                type="button"
                data-testid="schedule-play"
                aria-pressed=move || if playing.get() { "true" } else { "false" }
                disabled=move || steps.get() == 0
                on:click=move |_| toggle()
            >
                {move || if playing.get() { "Pause" } else { "Play" }}
            </button>
            <span data-testid="schedule-step" aria-live="polite">
                {move || format!("step {} of {}", step.get(), steps.get())}
            </span>
            <button
                type="button"
                data-testid="schedule-next"
                disabled=move || { step.get() >= steps.get() }
                on:click=move |_| go(step.get_untracked() + 1)
            >
                "Next"
            </button>
        </div>
        <p class="help" role="status">{status}</p>
        {move || sim.with(|s| s.as_ref().ok().map(|s| timeline(&s.schedule, step.get())))}
    };

    let diagram = move || {
        drawing.with(|d| match d {
            Some(Drawing::Layout(l)) => {
                let on_node = Callback::new(move |v: Node| {
                    let root = sim.with_untracked(|s| s.as_ref().ok().map(|s| s.net.format_node(v)));
                    if let Some(root) = root {
                        set(|s, v| s.root = v, root);
                    }
                });
                view! {
                    <div class="diagram-frame">
                        <DiagramSvg layout=l.clone() highlight=highlight on_node=on_node />
                    </div>
                    <SvgDownload scope=".diagram-card" select="svg.diagram" name="schedule" />
                }
                .into_any()
            }
            Some(Drawing::TooLarge { nodes, links }) => view! {
                <p class="too-large" data-testid="diagram-too-large">
                    {format!("Too large to draw ({nodes} nodes, {links} links) — the totals are exact.")}
                </p>
            }
            .into_any(),
            _ => ().into_any(),
        })
    };

    view! {
        <section data-testid="view-schedule" class="explorer" aria-labelledby="schedule-title">
            <h1 id="schedule-title" class="visually-hidden">"D3 schedules"</h1>
            <div class="column column-main">
                <section class="card controls" aria-label="Collective">{fields}</section>
                <section class="card results" aria-labelledby="schedule-totals-title">
                    <h2 id="schedule-totals-title">"Totals"</h2>
                    {totals}
                </section>
            </div>
            <div class="column column-side">
                <section class="card diagram-card" aria-labelledby="schedule-diagram-title">
                    <h2 id="schedule-diagram-title">"Step by step"</h2>
                    {player}
                    {diagram}
                    <p class="help">"A click on a router makes it the source or sink."</p>
                </section>
            </div>
        </section>
    }
}

/// A labelled text input; `on_change` gets the committed value.
fn text_field(
    id: &'static str,
    label: &'static str,
    value: String,
    on_change: impl Fn(String) + 'static,
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
                prop:value=value
                on:change=move |ev| on_change(event_target_value(&ev))
            />
        </div>
    }
}

/// A labelled select of `options` (value, title); `on_change` gets the chosen value.
fn select_field(
    id: &'static str,
    label: &'static str,
    options: &'static [(&'static str, &'static str)],
    selected: String,
    on_change: impl Fn(String) + 'static,
) -> impl IntoView {
    let options = options
        .iter()
        .map(|&(value, title)| view! { <option value=value selected=selected == value>{title}</option> })
        .collect_view();
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <select id=id data-testid=id on:change=move |ev| on_change(event_target_value(&ev))>
                {options}
            </select>
        </div>
    }
}

/// Simulated totals beside the paper's claim.
fn totals_table(s: &Schedule) -> impl IntoView {
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
        <p class="help" data-testid="schedule-complete">
            {if s.complete {
                "Every expected message is delivered exactly once."
            } else {
                "Some expected message is not delivered exactly once."
            }}
        </p>
    }
}

/// Whether step `k` is an inserted delay: no round is launched at `k` although rounds are
/// launched later (the launches skip it).
fn is_delay(s: &Schedule, k: u32) -> bool {
    let last = s.launches.iter().copied().max().unwrap_or(0);
    k < last && !s.launches.contains(&k)
}

/// One mark per time step: a launch, an inserted delay, a step with a link conflict, or a
/// step after the last launch (the rounds still in flight); the current step outlined.
fn timeline(s: &Schedule, current: u32) -> impl IntoView {
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
    }
}
