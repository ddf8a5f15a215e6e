//! The page's computing lanes as pure bookkeeping: which request of a lane is current, when
//! its worker is started, restarted or stopped, whose job a crash belongs to, how a split
//! job's parts add up, the results kept for the session, and which of a view's lanes runs
//! which of its points ([`assign`]). `icn-web`'s `compute.rs` holds
//! the workers and the signals, and does what these answer; nothing here touches a browser.
//!
//! A lane runs one request at a time. Starting another supersedes it: its late replies are
//! dropped by id, and a worker still busy with it is terminated (a running wasm computation
//! cannot be interrupted otherwise) and started afresh.

use std::collections::HashMap;
use std::hash::Hash;

/// One lane: its worker's state and its current request. `J` is the job a crash reports
/// (and Retry runs), `O` whoever follows it (a view's state writer).
#[derive(Debug, Clone)]
pub struct Lane<J, O> {
    /// A worker is started (it may still be loading).
    started: bool,
    /// The worker said it is loaded.
    ready: bool,
    /// A request waits for the worker to load.
    pending: bool,
    /// The current request's id (0: none; ids start at 1).
    current: u64,
    next_id: u64,
    /// A request is in the worker and has not answered yet.
    busy: bool,
    /// The current job, until it answers: what a crash reports.
    running: Option<J>,
    /// Who follows the lane's last job, until another job or Cancel: a split job's lanes
    /// are found by it.
    owner: Option<O>,
    /// What the worker's panic hook sent before it stopped.
    panic: Option<String>,
}

impl<J, O> Default for Lane<J, O> {
    fn default() -> Self {
        Lane {
            started: false,
            ready: false,
            pending: false,
            current: 0,
            next_id: 0,
            busy: false,
            running: None,
            owner: None,
            panic: None,
        }
    }
}

/// What the page does to send a request ([`Lane::launch`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Launch {
    /// The request's id.
    pub id: u64,
    /// Terminate the worker first: it is busy with the superseded request.
    pub restart: bool,
    /// Start a worker (none runs, or it was just terminated).
    pub spawn: bool,
    /// Post now (the worker is loaded); else hold it until [`Lane::loaded`] says so.
    pub post_now: bool,
}

/// Why a lane's job stopped under it ([`Lane::crashed`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crashed<J, O> {
    /// The job that was running.
    pub job: J,
    /// Who followed it.
    pub owner: O,
    /// The worker had loaded (else it never started).
    pub loaded: bool,
    /// What its panic hook said, if it panicked.
    pub panic: Option<String>,
}

impl<J, O: Copy + PartialEq> Lane<J, O> {
    /// Whether a worker is started.
    pub fn started(&self) -> bool {
        self.started
    }

    /// Whether the worker is loaded.
    pub fn ready(&self) -> bool {
        self.ready
    }

    /// Who follows the lane's last job.
    pub fn owner(&self) -> Option<O> {
        self.owner
    }

    /// A worker was started for this lane (by [`Lane::launch`]'s `spawn`, or ahead of a job).
    pub fn spawned(&mut self) {
        self.started = true;
        self.ready = false;
    }

    /// Sends `job` for `owner`, superseding the lane's request.
    pub fn launch(&mut self, job: J, owner: O) -> Launch {
        self.next_id += 1;
        self.current = self.next_id;
        self.running = Some(job);
        self.owner = Some(owner);
        let restart = self.busy;
        if restart {
            self.stopped();
        }
        let spawn = !self.started;
        if spawn {
            self.spawned();
        }
        let post_now = self.ready;
        self.pending = !post_now;
        self.busy = true;
        Launch {
            id: self.current,
            restart,
            spawn,
            post_now,
        }
    }

    /// A cached result answers the lane's new job at once: the superseded request's late
    /// replies are dropped (a worker busy with it goes on; the next request restarts it).
    pub fn answered(&mut self) {
        self.current = 0;
    }

    /// The worker says it is loaded: whether a held request is to be posted now.
    pub fn loaded(&mut self) -> bool {
        self.ready = true;
        std::mem::take(&mut self.pending)
    }

    /// The worker's panic hook reported `message` (it stops next).
    pub fn panicked(&mut self, message: String) {
        self.panic = Some(message);
    }

    /// A reply to request `id` (`last`: its result or failure): whether it goes to the
    /// current job (a superseded or cancelled request's does not).
    pub fn reply(&mut self, id: u64, last: bool) -> bool {
        if last {
            self.busy = false;
            if id == self.current {
                self.running = None;
            }
        }
        id != 0 && id == self.current
    }

    /// Cancel, or another job of the same follower elsewhere: the lane drops its job's late
    /// replies; `true` when its worker is busy with it and must be terminated.
    pub fn forget(&mut self) -> bool {
        let busy = self.busy;
        if busy {
            self.stopped();
        }
        self.current = 0;
        self.running = None;
        self.owner = None;
        busy
    }

    /// The worker died (or answered what the page cannot read): it is to be terminated;
    /// the job that was running, if one was, and why.
    pub fn crashed(&mut self) -> Option<Crashed<J, O>> {
        let (loaded, panic, running, owner) = (
            self.ready,
            self.panic.take(),
            self.running.take(),
            self.owner.take(),
        );
        self.stopped();
        self.current = 0;
        let (job, owner) = (running?, owner?);
        Some(Crashed {
            job,
            owner,
            loaded,
            panic,
        })
    }

    /// The worker was terminated: the next request starts a new one.
    fn stopped(&mut self) {
        self.started = false;
        self.ready = false;
        self.busy = false;
        self.pending = false;
        self.panic = None;
    }
}

/// Of the lanes whose followers are `owners` (in lane order, [`Lane::owner`]), those whose
/// last job `owner` follows, but `keep`.
pub fn owned_by<O: Copy + PartialEq>(
    owners: impl IntoIterator<Item = Option<O>>,
    owner: O,
    keep: Option<usize>,
) -> Vec<usize> {
    owners
        .into_iter()
        .enumerate()
        .filter(|&(k, o)| Some(k) != keep && o == Some(owner))
        .map(|(k, _)| k)
        .collect()
}

/// A split job's parts as they come back: each one's progress, summed, and each one's data
/// (`B`), all of it once every part is done.
#[derive(Debug, Clone)]
pub struct Parts<B> {
    progress: Vec<(usize, usize)>,
    data: Vec<Option<B>>,
}

impl<B: Clone> Parts<B> {
    /// `n` parts, none reported.
    pub fn new(n: usize) -> Parts<B> {
        Parts {
            progress: vec![(0, 0); n],
            data: vec![None; n],
        }
    }

    /// Part `k` has done `done` of `total` steps: the whole job's steps done and in all.
    pub fn progress(&mut self, k: usize, done: usize, total: usize) -> (usize, usize) {
        if let Some(p) = self.progress.get_mut(k) {
            *p = (done, total);
        }
        self.progress
            .iter()
            .fold((0, 0), |(d, t), &(a, b)| (d + a, t + b))
    }

    /// Part `k` finished with `data`: every part's data, in order, once all are in.
    pub fn done(&mut self, k: usize, data: B) -> Option<Vec<B>> {
        if let Some(slot) = self.data.get_mut(k) {
            *slot = Some(data);
        }
        self.data.iter().cloned().collect()
    }
}

/// The results computed this session, per job, and what each unfinished sweep has
/// computed so far (its partial result, until its result replaces it).
#[derive(Debug, Clone)]
pub struct Results<J, R> {
    done: HashMap<J, R>,
    partial: HashMap<J, R>,
}

impl<J, R> Default for Results<J, R> {
    fn default() -> Self {
        Results {
            done: HashMap::new(),
            partial: HashMap::new(),
        }
    }
}

impl<J: Eq + Hash + Clone, R: Clone> Results<J, R> {
    /// `job`'s result, if it was computed.
    pub fn get(&self, job: &J) -> Option<R> {
        self.done.get(job).cloned()
    }

    /// What `job` had computed when it last reported, if it has not finished.
    pub fn partial(&self, job: &J) -> Option<&R> {
        self.partial.get(job)
    }

    /// `job` reported what it has computed so far.
    pub fn reported(&mut self, job: &J, so_far: R) {
        self.partial.insert(job.clone(), so_far);
    }

    /// `job` finished with `result`: kept, and its partial result dropped.
    pub fn finished(&mut self, job: &J, result: R) {
        self.partial.remove(job);
        self.done.insert(job.clone(), result);
    }
}

/// What a lane does next ([`assign`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaneAction {
    /// Goes on with its point (or stays free).
    Keep,
    /// Stops its point, which is no longer wanted.
    Stop,
    /// Starts the wanted point of this index.
    Start(usize),
}

/// Which lane does what, for a view that runs many independent points in parallel lanes
/// (the simulation view's curves): a lane whose point is still `wanted` keeps it; one whose point is
/// not is stopped, unless `keep_unwanted` (the fields do not parse now: its point may be
/// wanted again a keystroke later, and is kept for the session when it ends); the wanted
/// points no lane runs go to the free lanes in order. `running[l]`: lane l's point.
pub fn assign<K: PartialEq>(
    wanted: &[K],
    running: &[Option<K>],
    keep_unwanted: bool,
) -> Vec<LaneAction> {
    let mut actions: Vec<LaneAction> = running
        .iter()
        .map(|r| match r {
            Some(k) if !keep_unwanted && !wanted.contains(k) => LaneAction::Stop,
            _ => LaneAction::Keep,
        })
        .collect();
    let mut todo = wanted
        .iter()
        .enumerate()
        .filter(|(_, k)| !running.iter().any(|r| r.as_ref() == Some(*k)))
        .map(|(i, _)| i);
    for (l, r) in running.iter().enumerate() {
        let free = r.is_none() || actions[l] == LaneAction::Stop;
        if free {
            if let Some(i) = todo.next() {
                actions[l] = LaneAction::Start(i);
            }
        }
    }
    actions
}

#[cfg(test)]
mod tests;
