//! The page's side of the computing worker (`icn-worker`, protocol in `icn_web::jobs`).
//!
//! Workers in lanes, each started on first use from `icn-worker_loader.js` (next to
//! index.html, so it resolves under any sub-path). Lane 0 is every view's; a view that has
//! independent jobs (the simulation view's points) also runs them in lanes 1 … [`lanes`]
//! − 1, one worker each, in parallel. In each lane one job runs at a time: starting a job
//! supersedes the previous one (its late replies are dropped by id); [`cancel`] terminates
//! the lane's worker — a running wasm computation cannot be interrupted otherwise — and the
//! next job starts a fresh one. Finished results are cached per job for the session.
//!
//! A job that splits ([`Job::split`]: a large dependency graph) runs its parts in lanes
//! 0 … parts − 1 at once and then its finishing job in lane 0: each part's data comes back
//! as a transferable buffer beside the reply and goes on to lane 0 the same way, so the
//! page never reads it; the view sees one job (the parts' progress summed, one result), and
//! Cancel, a new job or a worker's crash stops every lane it runs in.
//!
//! [`JobState`] is what a view shows: idle, running with progress, done, or failed. The
//! page reads a reply's envelope only: a result stays JSON text ([`RawResult`]), in the
//! lanes and the session's cache, until a view reads it as the one type its job's kind
//! answers with ([`use_answer`], [`partial`]); so each result's deserializer is linked into
//! the views' code, not the first screen's. A result that cannot be read as its type (a
//! bug) is a failure at its view.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, OnceLock};

use icn_web::jobs::{wire, Answer, Job, JobFor, Reply, Request};
use icn_web_model::lanes::{owned_by, Lane, Parts, Results};
use leptos::prelude::*;
use serde_json::value::RawValue;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

/// The worker's start script (`static/icn-worker_loader.js`, copied by Trunk), relative to
/// the page.
const WORKER_URL: &str = "./icn-worker_loader.js";

/// A job's result as the worker sent it: its JSON text, read as the type its job's kind
/// answers with where a view reads it ([`RawResult::read`]); the value read is kept beside
/// the text, so that a result is read once, however often its view reads it.
pub struct RawResult {
    text: Box<RawValue>,
    read: OnceLock<Box<dyn Any + Send + Sync>>,
}

impl RawResult {
    /// The result of JSON text `text`, not read yet.
    pub fn new(text: Box<RawValue>) -> RawResult {
        RawResult {
            text,
            read: OnceLock::new(),
        }
    }

    /// The result as `T` (read at the first call, then kept), or why its text is not a `T`
    /// (a bug: the worker and the page disagree on the result of a `T::KIND` job).
    ///
    /// # Errors
    /// The message for the view, naming what serde could not read.
    pub fn read<T: Answer>(&self) -> Result<Arc<T>, String> {
        let read = || {
            T::from_json(self.text.get()).map(Arc::new).map_err(|e| {
                format!(
                    "the computing worker sent a {} result this page cannot read ({e}). \
                     This is a bug: please report it with the page's address",
                    T::KIND
                )
            })
        };
        let kept = self.read.get_or_init(|| Box::new(read()));
        // A result is read as its job's kind only; were it read as another type, that one
        // is read afresh, not kept.
        kept.downcast_ref::<Result<Arc<T>, String>>()
            .cloned()
            .unwrap_or_else(read)
    }
}

impl PartialEq for RawResult {
    fn eq(&self, other: &RawResult) -> bool {
        std::ptr::eq(self, other) || self.text.get() == other.text.get()
    }
}

impl std::fmt::Debug for RawResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RawResult")
            .field("bytes", &self.text.get().len())
            .field("read", &self.read.get().is_some())
            .finish()
    }
}

/// A job as a view sees it; `R` its result (as JSON text, or as its type: [`use_answer`]).
#[derive(Debug, Clone, PartialEq)]
pub enum JobState<R = Arc<RawResult>> {
    /// Nothing requested (or cancelled).
    Idle,
    /// Running: `done` of `total` steps; `label` says what.
    Running {
        /// Steps finished.
        done: usize,
        /// All steps (0 while unknown).
        total: usize,
        /// What runs now.
        label: String,
    },
    /// Finished: the job's result.
    Done(R),
    /// Failed, with the reason.
    Failed(String),
    /// The worker stopped while it ran the job (out of memory, a trap).
    Crashed(Crash),
}

/// A job whose worker died under it: what happened, and the job, so that the view can offer
/// to run it again (in a fresh worker).
#[derive(Debug, Clone, PartialEq)]
pub struct Crash {
    /// What happened, for the user.
    pub message: String,
    /// The job that was running.
    pub job: Job,
    /// It was a panic (a bug), not a lack of memory or a worker that did not load.
    pub bug: bool,
}

/// A reply and the buffers that came beside it (a split job's part).
type Handler = Rc<dyn Fn(Reply, Vec<JsValue>)>;
type OnMessage = Closure<dyn Fn(MessageEvent)>;
type OnError = Closure<dyn Fn(web_sys::Event)>;

/// A message for a worker: the request's JSON and buffers to move with it (transferred,
/// not copied: a split job's parts).
struct Outgoing {
    text: String,
    buffers: Vec<JsValue>,
}

/// Posts `out` to `w`: the text alone, or `[text, buffers…]` with the buffers transferred.
fn post(w: &Worker, out: Outgoing) {
    let _ = match wire::message(&out.text, &out.buffers) {
        (message, None) => w.post_message(&message),
        (message, Some(transfer)) => w.post_message_with_transfer(&message, &transfer),
    };
}

/// A lane: its bookkeeping ([`Lane`]: current request, busy, whose job) and what the
/// browser holds for it.
#[derive(Default)]
struct Slot {
    lane: Lane<Job, WriteSignal<JobState>>,
    worker: Option<Worker>,
    /// The request held until the worker loads.
    pending: Option<Outgoing>,
    /// Where the current request's replies go.
    handler: Option<Handler>,
    listeners: Vec<OnMessage>,
    errors: Vec<OnError>,
    /// The closures of a worker that died: they may be running (the error handler is one of
    /// them), so they are dropped with the next worker's start rather than at once.
    retired: (Vec<OnMessage>, Vec<OnError>),
}

/// The most lanes (workers) a page runs at once, whatever the machine's cores: each worker
/// holds its own copy of the wasm and of a job's data.
const MAX_LANES: usize = 4;

/// How many lanes there are: the browser's logical processors
/// (`navigator.hardwareConcurrency`), at least 1 and at most [`MAX_LANES`].
pub fn lanes() -> usize {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    (cores as usize).clamp(1, MAX_LANES)
}

/// Runs `f` on lane `lane`'s slot (created on first use).
fn with_lane<R>(lane: usize, f: impl FnOnce(&mut Slot) -> R) -> R {
    SLOTS.with_borrow_mut(|slots| {
        if slots.len() <= lane {
            slots.resize_with(lane + 1, Slot::default);
        }
        f(&mut slots[lane])
    })
}

thread_local! {
    static SLOTS: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
    /// Results computed this session, per job (whichever lane computed them), and what each
    /// unfinished sweep computed before it was stopped or while it runs ([`Reply::Partial`]).
    static RESULTS: ArcRwSignal<Results<Job, Arc<RawResult>>> = ArcRwSignal::new(Results::default());
}

/// What `ask`'s job has computed so far, if it is a sweep that reported points and has not
/// finished (running, or stopped by Cancel: the points stay for the session), read as the
/// type `T` its job's kind answers with. Tracked. None too when it cannot be read as `T`
/// (a bug, logged; the job's result says so at its view).
pub fn partial<T: Answer>(ask: &JobFor<T>) -> Option<Arc<T>> {
    let raw = RESULTS.with(|r| r.with(|m| m.partial(ask.job()).cloned()))?;
    raw.read::<T>()
        .inspect_err(|e| leptos::logging::warn!("{e}"))
        .ok()
}

/// Delivers a reply (and the buffers beside it) to lane `lane`'s current job's handler
/// (outside the borrow, which it may need).
fn deliver(lane: usize, reply: Reply, buffers: Vec<JsValue>) {
    if matches!(reply, Reply::Ready) {
        // How many lanes have loaded (a split job's: the benchmark waits for them).
        let ready = SLOTS.with_borrow(|v| v.iter().filter(|s| s.lane.ready()).count());
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-lanes-ready", &(ready + 1).to_string());
        }
    }
    let handler = with_lane(lane, |s| {
        let current = match &reply {
            Reply::Ready => {
                // For tests and the curious: the worker is loaded (the page works offline).
                if let Some(root) = document().document_element() {
                    let _ = root.set_attribute("data-worker", "ready");
                }
                if s.lane.loaded() {
                    if let (Some(w), Some(out)) = (&s.worker, s.pending.take()) {
                        post(w, out);
                    }
                }
                return None;
            }
            Reply::Panicked { message } => {
                s.lane.panicked(message.clone());
                return None;
            }
            Reply::Progress { id, .. } | Reply::Partial { id, .. } => s.lane.reply(*id, false),
            Reply::Done { id, .. } | Reply::Failed { id, .. } => s.lane.reply(*id, true),
        };
        current.then(|| s.handler.clone()).flatten()
    });
    if let Some(h) = handler {
        h(reply, buffers);
    }
}

fn spawn(lane: usize, s: &mut Slot) -> Result<(), String> {
    s.retired.0.clear();
    s.retired.1.clear();
    let worker =
        Worker::new(WORKER_URL).map_err(|e| format!("the worker could not start: {e:?}"))?;
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        // Text, or `[text, buffers…]` (a split job's part).
        let Some((text, buffers)) = wire::read(event.data()) else {
            return;
        };
        match icn_web::jobs::read_reply(&text) {
            Ok(reply) => deliver(lane, reply, buffers),
            Err(message) => unreadable(lane, &message),
        }
    });
    let on_error =
        Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| died(lane, event));
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    s.listeners.push(on_message);
    s.errors.push(on_error);
    s.worker = Some(worker);
    s.lane.spawned();
    Ok(())
}

/// The worker's `error` event: it failed to load, or died under a job (a trap: out of
/// memory, or a panic it reported first). The worker is terminated (a wasm instance that
/// trapped cannot be trusted, and its memory is freed), the running job's view is told what
/// happened and keeps the job to retry; the next job starts a fresh worker.
fn died(lane: usize, event: web_sys::Event) {
    // An uncaught error in the worker is an `ErrorEvent`; a script that did not load, a
    // plain `Event`. Handled here: not reported again as the page's own error.
    event.prevent_default();
    let reported = event
        .dyn_ref::<web_sys::ErrorEvent>()
        .map_or_else(|| "the script did not load".to_string(), |e| e.message());
    stop_lane(lane, &|loaded, panic| {
        let bug = loaded && panic.is_some();
        (crash_message(loaded, panic, &reported), bug)
    });
}

/// A reply the page cannot read (a bug: the worker and the page disagree on a message):
/// the running job ends at once with the reason, as if its worker had died, instead of
/// waiting for a reply that will never be read.
fn unreadable(lane: usize, message: &str) {
    leptos::logging::warn!("{message}");
    stop_lane(lane, &|_, _| {
        (
            format!("{message}. This is a bug: please report it with the page's address"),
            true,
        )
    });
}

/// Terminates lane `lane`'s worker and tells its running job's view why (`why(loaded,
/// panic)`: the message and whether it is a bug); the next job starts a fresh worker.
fn stop_lane(lane: usize, why: &dyn Fn(bool, Option<String>) -> (String, bool)) {
    let crashed = with_lane(lane, |s| {
        let crashed = s.lane.crashed();
        if let Some(w) = s.worker.take() {
            w.set_onmessage(None);
            w.set_onerror(None);
            w.terminate();
        }
        s.retired.0.append(&mut s.listeners);
        s.retired.1.append(&mut s.errors);
        s.pending = None;
        s.handler = None;
        crashed.map(|c| {
            let (message, bug) = why(c.loaded, c.panic);
            let job = c.job;
            (Crash { message, job, bug }, c.owner)
        })
    });
    match crashed {
        Some((crash, state)) => {
            // The other parts of a split job stop with it.
            release(state, None);
            let _ = state.try_set(JobState::Crashed(crash));
        }
        None => leptos::logging::warn!("the idle computing worker stopped"),
    }
}

/// What a view says when the worker dies: why, in words, with what the browser reported.
fn crash_message(loaded: bool, panic: Option<String>, reported: &str) -> String {
    let reported = reported.trim();
    if !loaded {
        return format!("the computing worker could not start (the browser reported: {reported})");
    }
    match panic {
        Some(panic) => format!(
            "icnplay hit an internal error and its computing worker stopped ({panic}). \
             This is a bug: please report it with the page's address"
        ),
        None => format!(
            "the computing worker stopped, most likely out of memory \
             (the browser reported: {reported})"
        ),
    }
}

/// Starts the worker if none runs, so that its script and wasm are loaded (and a first job
/// starts at once, also after the network has gone).
pub fn warm() {
    warm_lanes(1);
}

/// [`warm`] for lanes 0 … `n` − 1 (a split job's, before it is confirmed).
pub fn warm_lanes(n: usize) {
    for lane in 0..n.min(lanes()) {
        with_lane(lane, |s| {
            if !s.lane.started() {
                if let Err(e) = spawn(lane, s) {
                    leptos::logging::warn!("{e}");
                }
            }
        });
    }
}

/// Starts `job` in lane `lane` (below [`lanes`]), superseding the job running there (and
/// the other lanes of a split job `state` follows); `state` follows it. A cached result is
/// delivered at once. A job that splits ([`Job::split`]) runs in lanes 0 … parts − 1.
pub fn start_in(lane: usize, job: Job, state: WriteSignal<JobState>) {
    release(state, Some(lane));
    // Another view's job in this lane: its other lanes go too (it cannot finish).
    if let Some(other) = with_lane(lane, |s| s.lane.owner()).filter(|&o| o != state) {
        release(other, None);
    }
    let cached = RESULTS.with(|r| r.with_untracked(|m| m.get(&job)));
    if let Some(result) = cached {
        with_lane(lane, |s| s.lane.answered());
        let _ = state.try_set(JobState::Done(result));
        return;
    }
    let _ = state.try_set(JobState::Running {
        done: 0,
        total: 0,
        label: job.label(),
    });
    if let Some((parts, finish)) = job.split() {
        start_split(&job, parts, finish, state);
        return;
    }
    let handler = whole(job.clone(), state);
    if let Some(e) = launch(lane, job.clone(), Vec::new(), job, handler, state) {
        let _ = state.try_set(JobState::Failed(e));
    }
}

/// The handler of a job whose result is `key`'s: progress, partial results, the result
/// (cached under `key`) or the failure, into `state`.
fn whole(key: Job, state: WriteSignal<JobState>) -> Handler {
    Rc::new(move |reply: Reply, _: Vec<JsValue>| match reply {
        Reply::Progress {
            done, total, label, ..
        } => {
            let _ = state.try_set(JobState::Running { done, total, label });
        }
        Reply::Partial { result, .. } => {
            let result = Arc::new(RawResult::new(result));
            RESULTS.with(|r| r.update(|m| m.reported(&key, result)));
        }
        Reply::Done { result, .. } => {
            let result = Arc::new(RawResult::new(result));
            RESULTS.with(|r| r.update(|m| m.finished(&key, result.clone())));
            let _ = state.try_set(JobState::Done(result));
        }
        Reply::Failed { message, .. } => {
            let _ = state.try_set(JobState::Failed(message));
        }
        Reply::Ready | Reply::Panicked { .. } => {}
    })
}

/// Sends `job` (with `buffers`, transferred) to lane `lane`'s worker, started if need be,
/// superseding its job; `running` is what a crash reports and Retry runs. The error when
/// no worker starts.
fn launch(
    lane: usize,
    job: Job,
    buffers: Vec<JsValue>,
    running: Job,
    handler: Handler,
    state: WriteSignal<JobState>,
) -> Option<String> {
    with_lane(lane, |s| {
        let go = s.lane.launch(running, state);
        s.handler = Some(handler);
        if go.restart {
            // The superseded job would hold the worker until it ends: start afresh.
            stop(s);
        }
        if go.spawn {
            if let Err(e) = spawn(lane, s) {
                s.lane.forget();
                s.handler = None;
                return Some(e);
            }
        }
        let text = serde_json::to_string(&Request { id: go.id, job }).unwrap_or_default();
        let out = Outgoing { text, buffers };
        match &s.worker {
            Some(w) if go.post_now => post(w, out),
            _ => s.pending = Some(out),
        }
        None
    })
}

/// Runs `parts` in lanes 0 … parts − 1, then `finish` in lane 0 with their buffers; the
/// result is `job`'s (cached under it).
fn start_split(job: &Job, parts: Vec<Job>, finish: Job, state: WriteSignal<JobState>) {
    let n = parts.len();
    let split = Rc::new(RefCell::new(Parts::<JsValue>::new(n)));
    for (k, part) in parts.into_iter().enumerate() {
        let (split, whole_job, finish) = (split.clone(), job.clone(), finish.clone());
        let handler: Handler =
            Rc::new(move |reply: Reply, mut buffers: Vec<JsValue>| match reply {
                Reply::Progress {
                    done, total, label, ..
                } => {
                    let (done, total) = split.borrow_mut().progress(k, done, total);
                    let _ = state.try_set(JobState::Running { done, total, label });
                }
                Reply::Done { .. } => {
                    let Some(buffer) = buffers.pop() else {
                        release(state, None);
                        let message = format!("part {} of {n} came back without its data", k + 1);
                        let _ = state.try_set(JobState::Failed(message));
                        return;
                    };
                    let all = split.borrow_mut().done(k, buffer);
                    let Some(all) = all else { return };
                    let handler = whole(whole_job.clone(), state);
                    let job = whole_job.clone();
                    if let Some(e) = launch(0, finish.clone(), all, job, handler, state) {
                        release(state, None);
                        let _ = state.try_set(JobState::Failed(e));
                    }
                }
                Reply::Failed { message, .. } => {
                    release(state, None);
                    let _ = state.try_set(JobState::Failed(message));
                }
                Reply::Partial { .. } | Reply::Ready | Reply::Panicked { .. } => {}
            });
        if let Some(e) = launch(k, part, Vec::new(), job.clone(), handler, state) {
            release(state, None);
            let _ = state.try_set(JobState::Failed(e));
            return;
        }
    }
}

/// Stops the lanes whose jobs report into `state` (but `keep`): a busy worker is
/// terminated, and late replies are dropped.
fn release(state: WriteSignal<JobState>, keep: Option<usize>) {
    SLOTS.with_borrow_mut(|slots| {
        for k in owned_by(slots.iter().map(|s| s.lane.owner()), state, keep) {
            forget(&mut slots[k]);
        }
    });
}

/// Stops the lane's job if one runs (terminating its worker) and drops its late replies.
fn forget(s: &mut Slot) {
    if s.lane.forget() {
        stop(s);
    }
    s.handler = None;
}

/// Terminates the worker and forgets its requests.
///
/// The worker's handlers are unset before their closures are dropped: a message the worker
/// posted just before `terminate` may still be dispatched on the page, and must find no
/// handler rather than a dropped closure (which would throw "closure invoked … after being
/// dropped").
fn stop(s: &mut Slot) {
    if let Some(w) = s.worker.take() {
        w.set_onmessage(None);
        w.set_onerror(None);
        w.terminate();
    }
    s.pending = None;
    s.listeners.clear();
    s.errors.clear();
    s.retired.0.clear();
    s.retired.1.clear();
}

/// Stops the job `state` follows, in lane 0 and every lane of a split job: terminates
/// each worker a job runs in (the next job starts a new one); an idle worker is kept, so
/// that later jobs need no download (offline too).
pub fn cancel(state: WriteSignal<JobState>) {
    release(state, None);
    cancel_in(0, state);
}

/// [`cancel`] in lane `lane`.
pub fn cancel_in(lane: usize, state: WriteSignal<JobState>) {
    with_lane(lane, forget);
    let _ = state.try_set(JobState::Idle);
}

/// What [`use_answer`] does when its job function answers `None` (no job wanted now).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhenNone {
    /// Cancel a running job only; a finished or failed one stays shown (the explorer's
    /// metrics, the walkthrough's loads: their view decides whether to show it).
    CancelRunning,
    /// Cancel whatever there is and go back to [`JobState::Idle`] (papers, charts, compare).
    Clear,
}

/// A view's worker job: the state it shows and the writer the job reports into. `Copy`:
/// hand it to the view's parts.
#[derive(Debug, Clone, Copy)]
pub struct JobHandle {
    /// What the view shows.
    pub state: ReadSignal<JobState>,
    /// Where the job reports (what [`start_in`], [`cancel`] and the Cancel button take).
    pub set_state: WriteSignal<JobState>,
    /// The lane it runs in (0 but for [`use_answer_in`]).
    pub lane: usize,
}

impl JobHandle {
    /// Starts `job` (again), superseding any running one.
    pub fn start(self, job: Job) {
        start_in(self.lane, job, self.set_state);
    }

    /// Stops the running job; the state goes back to [`JobState::Idle`].
    pub fn cancel(self) {
        if self.lane == 0 {
            cancel(self.set_state);
        } else {
            release(self.set_state, None);
            let _ = self.set_state.try_set(JobState::Idle);
        }
    }
}

/// A view's worker job whose result is of one kind `T` (an [`Answer`], paired with its
/// job's kind): the handle (start, Cancel, where the job reports) and the state with the
/// result as `T` (derived from the job's state where the view reads it; the result is read
/// as `T` once, [`RawResult::read`]). `Copy`.
#[derive(Debug)]
pub struct Answered<T: Answer> {
    /// The job's handle.
    pub handle: JobHandle,
    /// What the view shows, the result as its kind.
    pub state: Signal<JobState<Arc<T>>>,
}

impl<T: Answer> Clone for Answered<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Answer> Copy for Answered<T> {}

impl<T: Answer> Answered<T> {
    /// Starts `ask` now (the view's Compute button), superseding the job running.
    pub fn start(self, ask: JobFor<T>) {
        self.handle.start(ask.into_job());
    }
}

/// The state `state` with its result read as `T`: a result that is not a `T` (a bug: the
/// worker and the page disagree) is a failure that says so.
fn answer<T: Answer>(state: JobState) -> JobState<Arc<T>> {
    match state {
        JobState::Done(result) => match result.read::<T>() {
            Ok(x) => JobState::Done(x),
            Err(message) => JobState::Failed(message),
        },
        JobState::Idle => JobState::Idle,
        JobState::Running { done, total, label } => JobState::Running { done, total, label },
        JobState::Failed(message) => JobState::Failed(message),
        JobState::Crashed(crash) => JobState::Crashed(crash),
    }
}

/// [`use_job_in`] for a job whose result is of type `T`: `job` gives jobs paired with `T`
/// by type ([`JobFor`]).
pub fn use_answer_in<T: Answer>(
    lane: usize,
    job: impl Fn() -> Option<JobFor<T>> + 'static,
    when_none: WhenNone,
) -> Answered<T> {
    let handle = use_job_in(lane, move || job().map(JobFor::into_job), when_none);
    // Derived, not a memo: read where the view reads it, so that a view reading it beside
    // a memo built on it sees every change.
    let state = Signal::derive(move || answer::<T>(handle.state.get()));
    Answered { handle, state }
}

/// [`use_answer_in`] in lane 0, every view's.
pub fn use_answer<T: Answer>(
    job: impl Fn() -> Option<JobFor<T>> + 'static,
    when_none: WhenNone,
) -> Answered<T> {
    use_answer_in(0, job, when_none)
}

/// How a view runs a worker job (through [`use_answer_in`], which reads its result as its
/// kind): whenever `job` (tracked) changes, its job starts in lane `lane`, superseding the
/// previous one (cached results come back at once); when it answers `None`, `when_none`
/// says what happens to the one there is; when the view goes, its job is cancelled. A lane
/// other than 0 runs a job beside the lanes a view's other jobs run in (the simulation
/// view's bounds, lanes [`lanes`] and on, beside its points in lanes 0 … [`lanes`] − 1, and
/// its BookSim2 reader after them: one more worker each).
fn use_job_in(
    lane: usize,
    job: impl Fn() -> Option<Job> + 'static,
    when_none: WhenNone,
) -> JobHandle {
    let (state, set_state) = signal(JobState::Idle);
    let handle = JobHandle {
        state,
        set_state,
        lane,
    };
    Effect::new(move |_| match job() {
        Some(job) => handle.start(job),
        None => {
            let running = matches!(state.get_untracked(), JobState::Running { .. });
            if when_none == WhenNone::Clear || running {
                handle.cancel();
            }
        }
    });
    on_cleanup(move || handle.cancel());
    handle
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_web::jobs::PartDone;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn raw(text: &str) -> Arc<RawResult> {
        Arc::new(RawResult::new(RawValue::from_string(text.into()).unwrap()))
    }

    /// A result is read as the type its job's kind answers with, once; one that is not of
    /// that type is a failure that names the kind, and the other states pass through.
    #[wasm_bindgen_test]
    fn a_result_is_read_as_its_kind_once_or_fails() {
        let part = PartDone {
            part: 1,
            parts: 2,
            dependencies: 30,
            words: 60,
        };
        let done = JobState::Done(raw(&serde_json::to_string(&part).unwrap()));
        let JobState::Done(first) = answer::<PartDone>(done.clone()) else {
            panic!("not read")
        };
        assert_eq!(*first, part);
        let JobState::Done(again) = answer::<PartDone>(done.clone()) else {
            panic!("not read")
        };
        assert!(Arc::ptr_eq(&first, &again), "read once, then kept");
        let JobState::Failed(message) =
            answer::<icn_core::charts::ChartData>(JobState::Done(raw(r#"{"part":1}"#)))
        else {
            panic!("a part is not a chart")
        };
        assert!(
            message.contains("a chart result this page cannot read")
                && message.contains("This is a bug"),
            "{message}"
        );
        let running = JobState::Running {
            done: 3,
            total: 9,
            label: "x".into(),
        };
        assert_eq!(
            answer::<PartDone>(running),
            JobState::Running {
                done: 3,
                total: 9,
                label: "x".into()
            }
        );
        assert_eq!(answer::<PartDone>(JobState::Idle), JobState::Idle);
        // Each answer's job kind is the kind of result it reads.
        assert_eq!(<PartDone as Answer>::KIND, "deadlock_part");
        assert_eq!(
            Job::Papers {
                paper: "lens".into()
            }
            .kind(),
            <icn_web::jobs::PaperReport as Answer>::KIND
        );
    }
}
