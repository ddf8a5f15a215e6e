//! A running worker job: its progress bar, what it computes, and a Cancel button
//! (`compute::cancel`). Shared by the views that compute in the worker.

use leptos::prelude::*;

use crate::compute::{self, Crash, JobState};

/// The progress of a job that reports `done` of `total` steps; `describe(done, total,
/// label)` words it once the total is known (before that: "Starting: label…").
pub fn job_progress(
    done: usize,
    total: usize,
    label: String,
    describe: fn(usize, usize, &str) -> String,
    set_state: WriteSignal<JobState>,
) -> impl IntoView {
    let text = if total == 0 {
        format!("Starting: {label}…")
    } else {
        describe(done, total, &label)
    };
    view! {
        <div class="job-progress" role="status" data-testid="job-progress">
            <progress max=total.max(1) value=done aria-label="Progress"></progress>
            <span>{text}</span>
            <button type="button" data-testid="job-cancel" on:click=move |_| compute::cancel(set_state)>
                "Cancel"
            </button>
        </div>
    }
}

/// A job whose worker died under it ([`JobState::Crashed`]): what happened, that nothing
/// typed is lost, and Retry, which runs the job again in a fresh worker.
pub fn job_crashed(crash: Crash, set_state: WriteSignal<JobState>) -> AnyView {
    job_crashed_in(0, crash, set_state)
}

/// [`job_crashed`] for a job of lane `lane` (`compute::start_in`): Retry runs it there.
pub fn job_crashed_in(lane: usize, crash: Crash, set_state: WriteSignal<JobState>) -> AnyView {
    let Crash { message, job, bug } = crash;
    let advice = if bug {
        "Your inputs are kept. Retry runs it again in a fresh worker; if it stops again, \
         these inputs reproduce the bug."
    } else {
        "Your inputs are kept. Retry, or make the network smaller: the page's worker has the \
         memory the browser grants a tab (a few GB at most), the command line's icn the \
         machine's."
    };
    view! {
        <div class="job-crashed" role="alert" data-testid="job-crashed">
            <p class="job-crashed-what">{format!("The computation stopped: {message}.")}</p>
            <p>
                {advice} " "
                <button
                    type="button"
                    data-testid="job-retry"
                    on:click=move |_| compute::start_in(lane, job.clone(), set_state)
                >
                    "Retry"
                </button>
            </p>
        </div>
    }
    .into_any()
}

/// The progress line of a one- or two-step background computation (the explorer's exact
/// metrics, the walkthrough's loads).
fn background_step(done: usize, total: usize, label: &str) -> String {
    format!(
        "Computing in the background, step {} of {total}: {label}…",
        done + 1
    )
}

/// A background job's status: its progress and Cancel while it runs, why it failed, or a
/// Compute button (`restart`) once stopped. `what` names the result ("The loads"); the test
/// ids are `{key}-failed`, `{key}-stopped` and `{key}-compute`.
pub fn job_status<R>(
    state: JobState<R>,
    set_state: WriteSignal<JobState>,
    what: &'static str,
    key: &'static str,
    restart: impl Fn() + 'static,
) -> AnyView {
    match state {
        JobState::Running { done, total, label } => {
            job_progress(done, total, label, background_step, set_state).into_any()
        }
        JobState::Failed(message) => view! {
            <p class="error" role="alert" data-testid=format!("{key}-failed")>
                {format!("{what} could not be computed: {message}")}
            </p>
        }
        .into_any(),
        JobState::Crashed(crash) => job_crashed(crash, set_state),
        JobState::Idle | JobState::Done(_) => view! {
            <p class="help" data-testid=format!("{key}-stopped")>
                {format!("{what}: stopped. ")}
                <button type="button" data-testid=format!("{key}-compute") on:click=move |_| restart()>
                    "Compute"
                </button>
            </p>
        }
        .into_any(),
    }
}

/// Words a progress step of a view's main job.
fn counted_step(done: usize, total: usize, label: &str) -> String {
    format!("{label}: {done} of {total}…")
}

/// A view's main job while it has no result: its progress and Cancel, its crash with Retry,
/// why it failed (`{what} could not be computed: …`, test id `{key}-failed`), or, idle or
/// done for other fields, `idle()` (the estimate waiting for a confirmation).
pub fn job_card_status<R>(
    state: JobState<R>,
    set_state: WriteSignal<JobState>,
    (what, key): (&'static str, &'static str),
    idle: impl FnOnce() -> AnyView,
) -> AnyView {
    match state {
        JobState::Running { done, total, label } => view! {
            <div class="results">{job_progress(done, total, label, counted_step, set_state)}</div>
        }
        .into_any(),
        JobState::Crashed(crash) => view! {
            <div class="results">{job_crashed(crash, set_state)}</div>
        }
        .into_any(),
        JobState::Failed(message) => view! {
            <p class="error results" role="alert" data-testid=format!("{key}-failed")>
                {format!("{what} could not be computed: {message}")}
            </p>
        }
        .into_any(),
        JobState::Idle | JobState::Done(_) => idle(),
    }
}
