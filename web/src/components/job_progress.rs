//! A running worker job: its progress bar, what it computes, and a Cancel button
//! (`compute::cancel`). Shared by the views that compute in the worker.

use leptos::prelude::*;

use crate::compute::{self, JobState};

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
