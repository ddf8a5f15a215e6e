//! The simulation view's run status: the running points' progress and Cancel, Continue
//! once stopped, or why a point failed.

use leptos::prelude::*;

use super::model::SimModel;
use crate::components::job_crashed_in;
use crate::compute::JobState;

/// The run: the running points' progress (the lowest load's, and how many more run beside
/// it) and Cancel, Continue once stopped, or why a point failed.
pub fn status(m: SimModel) -> Option<AnyView> {
    let curves = m.curves.get();
    if curves.is_empty() {
        return None;
    }
    if let Some(gate) = super::gate::gate(m) {
        return Some(gate);
    }
    let (done, total) = m.counts();
    let complete = curves.iter().all(|c| c.complete);
    let lanes = m.lanes.get_value();
    for l in &lanes {
        match l.state.get() {
            JobState::Crashed(crash) => {
                return Some(
                    view! { <div class="results">{job_crashed_in(l.index, crash, l.set_state)}</div> }
                        .into_any(),
                );
            }
            JobState::Failed(message) => {
                return Some(
                    view! {
                        <p class="error results" role="alert" data-testid="sim-failed">
                            {format!("This point could not be simulated: {message}")}
                        </p>
                    }
                    .into_any(),
                );
            }
            _ => {}
        }
    }
    let running = m.running();
    if let Some((lane, _)) = running.first() {
        let JobState::Running {
            done: cycles,
            total: bound,
            label,
        } = lane.state.get()
        else {
            return None;
        };
        let more = match running.len() - 1 {
            0 => String::new(),
            1 => " (and 1 more point beside it)".to_string(),
            n => format!(" (and {n} more points beside it)"),
        };
        let text = if bound == 0 {
            format!(
                "Point {} of at most {total}: starting {label}…{more}",
                done + 1
            )
        } else {
            format!(
                "Point {} of at most {total}, {label}: cycle {cycles} of at most {bound}{more}",
                done + 1
            )
        };
        return Some(
            view! {
                <div class="job-progress results" role="status" data-testid="sim-progress">
                    <progress max=bound.max(1) value=cycles aria-label="Progress of this point"></progress>
                    <span>{text}</span>
                    <button type="button" data-testid="job-cancel" on:click=move |_| m.cancel()>"Cancel"</button>
                </div>
            }
            .into_any(),
        );
    }
    Some(if complete {
        view! {
            <p class="help results" data-testid="sim-done">{format!("Done: {done} point{}.", if done == 1 { "" } else { "s" })}</p>
        }
        .into_any()
    } else {
        view! {
            <p class="help results" data-testid="sim-stopped">
                {format!("Stopped after {done} of at most {total} points. ")}
                <button type="button" data-testid="sim-continue" on:click=move |_| m.resume()>"Continue"</button>
            </p>
        }
        .into_any()
    })
}
