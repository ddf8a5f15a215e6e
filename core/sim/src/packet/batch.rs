//! BookSim2's batch mode (`sim_type = batch`, its `BatchTrafficManager::_SingleSim`):
//! batches one after the other, each until every source has made its packets and every
//! packet has arrived, the statistics kept over them all; no warm-up, no convergence test
//! and no saturation decision. The cycle loop is the latency mode's ([`super::run`]).

use super::config::{PointConfig, SimError};
use super::measurement::{BatchResult, PointResult, Status};
use super::net::Phase;
use super::router::RouterKind;
use super::run::{deadlock_window, result, Engine, PointUse, Stop};

/// Simulates `point`'s batches (`point.protocol.batch`, which the caller has checked is
/// set).
///
/// # Errors
/// [`SimError::Routing`] when the routing has no next hop, [`SimError::Cancelled`].
pub(super) fn run_batches<R: RouterKind>(
    mut e: Engine<'_, R>,
    point: &PointConfig,
    channels: bool,
    progress: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<(PointResult, PointUse), SimError> {
    let Some(batch) = point.protocol.batch else {
        return Err(SimError::Network("not a batch-mode point".into()));
    };
    let bound = point.max_cycles();
    let max_lat = e.net.fab.latency.iter().copied().max().unwrap_or(1);
    let window = deadlock_window(&point.router, max_lat);
    // Every packet counts, from cycle 0 (BookSim2 runs its batches in its running state).
    e.net.phase = Phase::Running;
    let mut durations = Vec::new();
    let made = |x: &Engine<'_, R>| x.sources.batch_made();
    let arrived = |x: &Engine<'_, R>| x.sources.inflight.flits == 0;
    let mut made_in = Vec::new();
    let mut outcome = Ok(());
    for _ in 0..batch.count {
        e.sources.start_batch();
        let start = e.net.now;
        outcome = e.run_cycles(u64::MAX, bound, window, progress, &made);
        let made_at = e.net.now;
        outcome = outcome.and_then(|()| e.run_cycles(u64::MAX, bound, window, progress, &arrived));
        if outcome.is_err() {
            break;
        }
        made_in.push(made_at - start);
        durations.push(e.net.now - start);
    }
    e.net.phase = Phase::Draining;
    e.net.drain_time = e.net.now;
    let (status, note) = match outcome {
        Ok(()) => (Status::Stable, None),
        Err(Stop::Bound) => (
            Status::Saturated,
            Some(format!(
                "batch {} of {} did not complete within {bound} cycles",
                durations.len() + 1,
                batch.count
            )),
        ),
        Err(Stop::Deadlock) => (
            Status::Deadlocked,
            Some(format!(
                "deadlock in batch {}: {} flits waited and none moved for {window} cycles (cycle {})",
                durations.len() + 1,
                e.net.net_flits,
                e.net.now
            )),
        ),
        Err(Stop::Broken(why)) => return Err(SimError::Routing(why)),
        Err(Stop::Cancelled) => return Err(SimError::Cancelled),
    };
    let mut r = result(&e, point, status, note, channels);
    r.batch = Some(BatchResult::new(
        batch.size,
        batch.count,
        durations,
        made_in,
    ));
    Ok((r, e.used()))
}
