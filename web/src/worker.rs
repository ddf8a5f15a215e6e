//! `icn-worker`: the Web Worker that runs long computations off the page's thread.
//!
//! Built by Trunk as a classic worker with a loader shim (`icn-worker_loader.js`, see
//! index.html). It answers every [`Request`] with progress messages and one result; the
//! protocol is in `icn_web::jobs`.

use icn_web::jobs::{run_partial, Reply, Request};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    if let Ok(text) = serde_json::to_string(reply) {
        let _ = scope.post_message(&JsValue::from_str(&text));
    }
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
        let Some(text) = event.data().as_string() else {
            return;
        };
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
        let mut progress = |done: usize, total: usize, label: &str| {
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
        let reply = match run_partial(&request.job, &mut progress, &mut partial) {
            Ok(result) => Reply::Done { id, result },
            Err(message) => Reply::Failed { id, message },
        };
        post(&replies, &reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Requests sent before the wasm module loaded are lost: the page waits for this.
    post(&scope, &Reply::Ready);
}
