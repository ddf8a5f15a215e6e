//! `icn-worker`: the Web Worker that runs long computations off the page's thread.
//!
//! Built by Trunk as a classic worker (wasm-bindgen's no-modules glue), started by
//! `static/icn-worker_loader.js` (see index.html). It answers every [`Request`] with progress messages and one result; the
//! protocol is in `icn_web::jobs`.

use icn_web::jobs::{run_attached, wire, JobResult, Reply, Request};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The least time between two progress messages of a job, in milliseconds.
const PROGRESS_MS: f64 = 40.0;

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply<JobResult>) {
    post_with(scope, reply, Vec::new());
}

/// Posts `reply`, and `words` beside it as buffers (transferred, not copied):
/// `[text, buffer…]` (a split job's part; the page hands them on to the job that finishes it).
fn post_with(scope: &DedicatedWorkerGlobalScope, reply: &Reply<JobResult>, words: Vec<Vec<u32>>) {
    let Ok(text) = serde_json::to_string(reply) else {
        return;
    };
    let buffers: Vec<JsValue> = words
        .iter()
        .map(|w| js_sys::Uint32Array::from(&w[..]).buffer().into())
        .collect();
    let _ = match wire::message(&text, &buffers) {
        (message, None) => scope.post_message(&message),
        (message, Some(transfer)) => scope.post_message_with_transfer(&message, &transfer),
    };
}

/// Logs a panic to the console, as `console_error_panic_hook` does, and tells the page what
/// it was: the trap that follows stops the worker, and the page says why (see `compute`).
fn report_panics(scope: DedicatedWorkerGlobalScope) {
    std::panic::set_hook(Box::new(move |info| {
        console_error_panic_hook::hook(info);
        post(
            &scope,
            &Reply::Panicked {
                message: info.to_string(),
            },
        );
    }));
}

fn main() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    report_panics(scope.clone());
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        // Text, or `[text, buffer…]`: a split job's parts for the job that finishes it.
        let Some((text, buffers)) = wire::read(event.data()) else {
            return;
        };
        let attached: Vec<Vec<u32>> = buffers
            .iter()
            .map(|b| js_sys::Uint32Array::new(b).to_vec())
            .collect();
        let request: Request = match serde_json::from_str(&text) {
            Ok(r) => r,
            Err(e) => {
                post(
                    &replies,
                    &Reply::Failed {
                        id: 0,
                        message: format!("the page sent a request the worker cannot read: {e}"),
                    },
                );
                return;
            }
        };
        let id = request.id;
        // At most one progress message per PROGRESS_MS (besides the first, the last and a
        // new label's): each costs the page a render, and a split job's lanes share the
        // machine's cores with the page.
        let (mut last, mut last_label) = (f64::NEG_INFINITY, String::new());
        let mut progress = |done: usize, total: usize, label: &str| {
            let now = js_sys::Date::now();
            let due = done == 0 || done >= total || now - last >= PROGRESS_MS;
            if !due && label == last_label {
                return;
            }
            last = now;
            if label != last_label {
                last_label = label.to_string();
            }
            post(
                &replies,
                &Reply::Progress {
                    id,
                    done,
                    total,
                    label: label.to_string(),
                },
            );
        };
        let mut partial = |result| post(&replies, &Reply::Partial { id, result });
        match run_attached(&request.job, &attached, &mut progress, &mut partial) {
            Ok((result, words)) => post_with(&replies, &Reply::Done { id, result }, words),
            Err(message) => post(&replies, &Reply::Failed { id, message }),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Requests sent before the wasm module loaded are lost: the page waits for this.
    post(&scope, &Reply::Ready);
}
