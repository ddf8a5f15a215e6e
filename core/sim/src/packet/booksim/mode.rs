//! The simulation mode of a configuration: `sim_type` (BookSim2's latency mode, or its
//! batch mode with `batch_size`, `batch_count` and `max_outstanding_requests`), and why
//! the modes icnplay does not model are refused.

use super::{bad, int, ranged, ConfigError};
use crate::packet::config::{Batch, MAX_BATCH_COUNT, MAX_BATCH_SIZE};

/// The batch mode of `sim_type = batch`, `None` for BookSim2's latency mode (`latency`, its
/// default); the batch keys are read only in batch mode, as BookSim2 reads them.
///
/// # Errors
/// Another `sim_type` (`throughput`, BookSim2's latency mode without its latency tests and
/// drain, is not modelled), or a batch key out of range.
pub(super) fn batch<'a>(
    get: &dyn Fn(&str) -> Option<(&'a str, usize)>,
) -> Result<Option<Batch>, ConfigError> {
    match get("sim_type").map(|(v, _)| v) {
        None | Some("latency") => return Ok(None),
        Some("batch") => {}
        Some(_) => {
            return Err(bad(
                get("sim_type"),
                "sim_type",
                "latency or batch (throughput, BookSim2's latency mode without its latency \
                 threshold, latency convergence test and drain, is not modelled)",
            ))
        }
    }
    let d = Batch::default();
    let size = ranged(
        get("batch_size"),
        "batch_size",
        i64::from(d.size),
        (1, MAX_BATCH_SIZE),
    )?;
    let count = ranged(
        get("batch_count"),
        "batch_count",
        i64::from(d.count),
        (1, MAX_BATCH_COUNT),
    )?;
    // BookSim2 reads 0 and below as no limit.
    let limit = int(
        get("max_outstanding_requests"),
        "max_outstanding_requests",
        0,
    )?;
    let max_outstanding = u32::try_from(limit.max(0)).map_err(|_| {
        bad(
            get("max_outstanding_requests"),
            "max_outstanding_requests",
            "a whole number up to 4294967295 (0 or below: no limit)",
        )
    })?;
    Ok(Some(Batch {
        size,
        count,
        max_outstanding,
    }))
}

/// Why a key held to BookSim2's default may not take another value, where more can be
/// said than that it is not modelled.
pub(super) fn why_default_only(key: &str) -> Option<&'static str> {
    match key {
        "use_read_write" => Some(
            "BookSim2's read and write requests with their replies (request and reply sizes, \
             VC ranges, write_fraction) are not modelled: every packet is one of packet_size \
             flits on any VC its routing allows",
        ),
        _ => None,
    }
}

/// The statements that set `batch` ([`batch`] reads them back): none in latency mode.
pub(super) fn batch_text(batch: Option<Batch>) -> Vec<String> {
    let Some(b) = batch else {
        return Vec::new();
    };
    let mut out = vec![
        "sim_type=batch".to_string(),
        format!("batch_size={}", b.size),
        format!("batch_count={}", b.count),
    ];
    if b.max_outstanding > 0 {
        out.push(format!("max_outstanding_requests={}", b.max_outstanding));
    }
    out
}
