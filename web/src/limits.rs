//! The page's budgets and pace, shared by several views: when exact metrics are computed
//! here, on the page's thread or in the worker, and how fast step players advance.

use icn_core::PAGE_BUDGET;

/// Exact metrics are computed without asking when core estimates them at most this many
/// steps ([`icn_core::Network::info_cost`]): one breadth-first search of a few million nodes.
pub const INFO_BUDGET: u64 = PAGE_BUDGET.steps;

/// Exact metrics estimated at most this many steps are computed on the page's thread (well
/// under a millisecond: closed forms, small networks); costlier ones run in the worker
/// ([`icn_web::jobs::Job::Metrics`]), so that no task of the page's thread exceeds a few
/// frames.
pub const SYNC_STEPS: u64 = 1 << 16;

/// Milliseconds between two steps while playing (the walkthrough and the schedule).
pub const PLAY_INTERVAL_MS: u64 = 900;
