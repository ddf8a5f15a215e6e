//! The D3 schedule view (`?view=schedule`): a collective on D3(K, M) as core simulates it
//! ([`icn_core::topology::d3::D3::schedule`], the same as `icn schedule`), played step by
//! step on the wiring diagram with the channels in use lit, and its totals beside the
//! paper's claim. `model` holds the memos and the player; `parts` the fields and tables.

mod model;
mod parts;

use icn_core::Node;
use leptos::prelude::*;

use self::model::{is_delay, ScheduleModel, SimErrors};
use self::parts::{select_field, text_field, timeline, totals_table, COLLECTIVES, PERMS, RULES};
use crate::components::{too_large, AggregateDiagram, Opened};
use crate::diagram::{DiagramSvg, Drawing, SvgDownload};
use crate::history::Nav;
use crate::url::{ScheduleForm, View};
use icn_core::Addresses;

/// The schedule view.
#[component]
pub fn ScheduleView(nav: Nav) -> impl IntoView {
    let model = ScheduleModel::new(nav);
    let sim = model.sim;
    let totals = move || {
        // An error of the request as a whole; a field's error is under that field.
        let whole = |es: &SimErrors| {
            es.iter()
                .find(|e| e.field.is_none())
                .map(|e| e.message.clone())
        };
        sim.with(|s| match s {
            Err(es) if whole(es).is_some() => view! {
                <p class="field-error" data-testid="schedule-error" id="schedule-error" role="alert">
                    {whole(es)}
                </p>
            }
            .into_any(),
            Err(_) => view! {
                <p class="placeholder" data-testid="schedule-no-totals">
                    "The totals appear once the fields marked above are fixed."
                </p>
            }
            .into_any(),
            Ok(s) => totals_table(&s.schedule).into_any(),
        })
    };
    if nav.panel(View::Schedule).is_some() {
        // The figure-first embed (`panel=player`): the player over the drawing, the fields
        // under them.
        return view! {
            <section data-testid="view-schedule" class="figure-first" data-panel="player" aria-labelledby="schedule-title">
                <h1 id="schedule-title" class="visually-hidden">"D3 schedules"</h1>
                <section class="card diagram-card" aria-label="Step by step">
                    <SchedulePlayer model=model />
                    <ScheduleDiagram model=model />
                </section>
                <section class="card controls figure-controls" aria-label="Collective"><ScheduleFields model=model /></section>
            </section>
        }
        .into_any();
    }
    view! {
        <section data-testid="view-schedule" class="explorer" aria-labelledby="schedule-title">
            <h1 id="schedule-title" class="visually-hidden">"D3 schedules"</h1>
            <div class="column column-main">
                <section class="card controls" aria-label="Collective"><ScheduleFields model=model /></section>
                <section class="card results" aria-labelledby="schedule-totals-title">
                    <h2 id="schedule-totals-title">"Totals"</h2>
                    {totals}
                </section>
            </div>
            <div class="column column-side">
                <section class="card diagram-card" aria-labelledby="schedule-diagram-title">
                    <h2 id="schedule-diagram-title">"Step by step"</h2>
                    <SchedulePlayer model=model />
                    <ScheduleDiagram model=model />
                    {move || {
                        model.drawing.with(|d| matches!(d, Some(Drawing::Layout(_)))).then(|| {
                            view! {
                                <p class="help" data-testid="schedule-click-help">
                                    "A click on a router makes it the source or sink."
                                </p>
                            }
                        })
                    }}
                </section>
            </div>
        </section>
    }
    .into_any()
}

/// Network, collective, root, delay rule (and the permutation and its seed). Each field is
/// made once and applies as it is typed; only the permutation's fields come and go.
#[component]
fn ScheduleFields(model: ScheduleModel) -> impl IntoView {
    let form = model.form;
    let value = move |get: fn(&ScheduleForm) -> &String| {
        Signal::derive(move || form.with(|f| get(f).clone()))
    };
    let permutation = Memo::new(move |_| form.with(|f| f.collective == "permutation"));
    let random =
        Memo::new(move |_| form.with(|f| f.collective == "permutation" && f.perm == "random"));
    view! {
        {text_field(("schedule-spec", "schedule-spec-error"), "Network (d3:k=…,m=…)", value(|f| &f.spec), model.error_of("schedule-spec"), move |v| {
            model.edit("schedule-spec", |s, v| s.spec = v, v)
        })}
        {select_field(("schedule-collective", "schedule-collective-error"), "Collective", COLLECTIVES, value(|f| &f.collective), model.error_of("schedule-collective"), move |v| {
            model.set(|s, v| s.collective = v, v)
        })}
        {text_field(("schedule-root", "schedule-root-error"), "Source or sink", value(|f| &f.root), model.error_of("schedule-root"), move |v| {
            model.edit("schedule-root", |s, v| s.root = v, v)
        })}
        {select_field(("schedule-rule", "schedule-rule-error"), "Delays", RULES, value(|f| &f.rule), model.error_of("schedule-rule"), move |v| {
            model.set(|s, v| s.rule = v, v)
        })}
        {move || permutation.get().then(|| {
            select_field(("schedule-perm", "schedule-perm-error"), "Permutation", PERMS, value(|f| &f.perm), model.error_of("schedule-perm"), move |v| {
                model.set(|s, v| s.perm = v, v)
            })
        })}
        {move || random.get().then(|| {
            text_field(("schedule-seed", "schedule-seed-error"), "Seed", value(|f| &f.seed), model.error_of("schedule-seed"), move |v| {
                model.edit("schedule-seed", |s, v| s.seed = v, v)
            })
        })}
    }
}

/// Previous, Play/Pause, the step, Next; what the step does; the timeline.
///
/// The buttons stay in the page while stepping (only their state changes), so the
/// keyboard focus stays on Play/Pause, Previous or Next.
#[component]
fn SchedulePlayer(model: ScheduleModel) -> impl IntoView {
    let ScheduleModel {
        sim,
        steps,
        step,
        playing,
        ..
    } = model;
    view! {
        <div class="schedule-player" role="group" aria-label="Play the schedule">
            <button
                type="button"
                data-testid="schedule-prev"
                disabled=move || { step.get() <= 1 || steps.get() == 0 }
                on:click=move |_| model.go(step.get_untracked().saturating_sub(1).max(1))
            >
                "Previous"
            </button>
            <button
                type="button"
                data-testid="schedule-play"
                aria-pressed=move || if playing.get() { "true" } else { "false" }
                disabled=move || steps.get() == 0
                on:click=move |_| model.toggle()
            >
                {move || if playing.get() { "Pause" } else { "Play" }}
            </button>
            <span data-testid="schedule-step" aria-live="polite">
                {move || match steps.get() {
                    0 => "no schedule to play".to_string(),
                    n => format!("step {} of {n}", step.get()),
                }}
            </span>
            <button
                type="button"
                data-testid="schedule-next"
                disabled=move || { step.get() >= steps.get() }
                on:click=move |_| model.go(step.get_untracked() + 1)
            >
                "Next"
            </button>
        </div>
        <p class="help" role="status"><StepStatus model=model /></p>
        {move || sim.with(|s| s.as_ref().ok().map(|s| timeline(&s.schedule, step.get())))}
    }
}

/// The step's channels in use, rounds launched, conflicts, and whether it is a delay.
#[component]
fn StepStatus(model: ScheduleModel) -> impl IntoView {
    let (sim, step) = (model.sim, model.step);
    move || {
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
        let Some((channels, launched, conflicts, delay)) = detail else {
            return view! {
                <span data-testid="schedule-nothing">
                    "Nothing to play until the fields describe a schedule."
                </span>
            }
            .into_any();
        };
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
        .into_any()
    }
}

/// The wiring with the step lit; a click on a router makes it the root.
#[component]
fn ScheduleDiagram(model: ScheduleModel) -> impl IntoView {
    let (sim, highlight) = (model.sim, model.highlight);
    let on_node = Callback::new(move |v: Node| {
        let root = sim.with_untracked(|s| s.as_ref().ok().map(|s| s.net.format_node(v)));
        if let Some(root) = root {
            model.set(|s, v| s.root = v, root);
        }
    });
    move || {
        model.drawing.with(|d| match d {
            Some(Drawing::Layout(l)) => view! {
                <div class="diagram-frame">
                    <DiagramSvg layout=l.clone() highlight=highlight on_node=on_node />
                </div>
                <SvgDownload scope=".diagram-card" select="svg.diagram" name="schedule" />
            }
            .into_any(),
            Some(Drawing::Aggregate { hierarchy, .. }) => view! {
                <AggregateDiagram
                    hierarchy=hierarchy.clone()
                    highlight=highlight
                    on_node=on_node
                    caption="The step's channels light the bundles they run in (a bundle \
                             with a link used twice is marked); an aggregate with channels \
                             of the step inside it is ringed (red, dashed: one used twice) \
                             until opened. A click on a router (once opened down to \
                             routers) makes it the root."
                    name="schedule"
                    opened=Opened::of(model.nav)
                />
            }
            .into_any(),
            Some(Drawing::TooLarge { nodes, links }) => {
                too_large(*nodes, *links, "the totals are exact").into_any()
            }
            _ => ().into_any(),
        })
    }
}
