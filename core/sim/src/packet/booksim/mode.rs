//! The simulation mode of a configuration: `sim_type` (BookSim2's latency mode, or its
//! batch mode with `batch_size`, `batch_count` and `max_outstanding_requests`), its read
//! and write requests with their replies (`use_read_write`), and why the modes icnplay does
//! not model are refused.

use super::{bad, float, int, ranged, ConfigError};
use crate::packet::config::{Batch, ReadWrite, MAX_BATCH_COUNT, MAX_BATCH_SIZE, MAX_PACKET};
use icn_engine::network::Network;

/// The batch mode of `sim_type = batch`, `None` for BookSim2's latency mode (`latency`, its
/// default) and its throughput mode (`throughput`, [`throughput`]); the batch keys are read
/// only in batch mode, as BookSim2 reads them.
///
/// # Errors
/// Another `sim_type`, or a batch key out of range.
pub(super) fn batch<'a>(
    get: &dyn Fn(&str) -> Option<(&'a str, usize)>,
) -> Result<Option<Batch>, ConfigError> {
    match get("sim_type").map(|(v, _)| v) {
        None | Some("latency" | "throughput") => return Ok(None),
        Some("batch") => {}
        Some(_) => {
            return Err(bad(
                get("sim_type"),
                "sim_type",
                "latency, throughput or batch (BookSim2's three)",
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

/// The keys of each kind's size and VCs, in [`ReadWrite`]'s order, with BookSim2's
/// defaults of the VCs.
pub(super) const KINDS: [(&str, &str, &str, i64, i64); 4] = [
    (
        "read_request_size",
        "read_request_begin_vc",
        "read_request_end_vc",
        0,
        5,
    ),
    (
        "write_request_size",
        "write_request_begin_vc",
        "write_request_end_vc",
        2,
        7,
    ),
    (
        "read_reply_size",
        "read_reply_begin_vc",
        "read_reply_end_vc",
        8,
        13,
    ),
    (
        "write_reply_size",
        "write_reply_begin_vc",
        "write_reply_end_vc",
        10,
        15,
    ),
];

/// The read and write requests of `use_read_write = 1` over `vcs` VCs on `net`, `None`
/// for 0 (BookSim2's default; the request keys are then not read, as BookSim2 reads
/// them). A VC key below 0 takes BookSim2's fallback (requests the lower half of the VCs,
/// replies the upper).
///
/// # Errors
/// `use_read_write` other than 0 or 1, a network other than a mesh or a torus (BookSim2's
/// `dim_order_mesh` and `dim_order_torus` are the routing functions modelled with them), a size out of range, a
/// VC range empty or past `num_vcs`, a `write_fraction` outside 0 to 1.
pub(super) fn read_write<'a>(
    get: &dyn Fn(&str) -> Option<(&'a str, usize)>,
    net: &Network,
    vcs: u32,
) -> Result<Option<ReadWrite>, ConfigError> {
    if ranged(get("use_read_write"), "use_read_write", 0, (0, 1))? == 0 {
        return Ok(None);
    }
    if !matches!(net.family().name, "mesh" | "torus") {
        return Err(bad(
            get("use_read_write"),
            "use_read_write",
            "0 here: read and write requests are modelled on a mesh and a torus (BookSim2's \
             dim_order_mesh and dim_order_torus give each kind its VC range on every hop); \
             other networks' routing functions are not",
        ));
    }
    let half = i64::from(vcs / 2);
    let fallback = [
        (0, half - 1),
        (0, half - 1),
        (half, i64::from(vcs) - 1),
        (half, i64::from(vcs) - 1),
    ];
    let mut rw = ReadWrite {
        sizes: [1; 4],
        vcs: [(0, 0); 4],
        write_fraction: float(get("write_fraction"), "write_fraction", 0.5)?,
    };
    if !(0.0..=1.0).contains(&rw.write_fraction) {
        return Err(bad(
            get("write_fraction"),
            "write_fraction",
            "a number from 0 to 1",
        ));
    }
    for (i, (size, begin, end, b0, e0)) in KINDS.into_iter().enumerate() {
        rw.sizes[i] = ranged(get(size), size, 1, (1, MAX_PACKET))?;
        let b = int(get(begin), begin, b0)?;
        let e = int(get(end), end, e0)?;
        let b = if b < 0 { fallback[i].0 } else { b };
        let e = if e < 0 { fallback[i].1 } else { e };
        if !(0 <= b && b <= e && e < i64::from(vcs)) {
            let at = if e >= i64::from(vcs) {
                get(end)
            } else {
                get(begin)
            };
            let key = if e >= i64::from(vcs) { end } else { begin };
            let message = format!(
                "{begin} to {end} = {b} to {e}: give a range of VCs within num_vcs = {vcs} \
                 (BookSim2's defaults, {b0} to {e0}, are for its 16)"
            );
            // A range left at BookSim2's default is named at `use_read_write`'s line.
            return Err(ConfigError {
                line: at.or(get("use_read_write")).map_or(0, |(_, l)| l),
                message: format!("{key}: {message}"),
            });
        }
        // Checked: 0 ≤ b ≤ e < vcs.
        rw.vcs[i] = (b as u32, e as u32);
    }
    Ok(Some(rw))
}

/// The statements that set `rw` ([`read_write`] reads them back): none without it.
pub(super) fn read_write_text(rw: Option<ReadWrite>) -> Vec<String> {
    let Some(rw) = rw else {
        return Vec::new();
    };
    let mut out = vec!["use_read_write=1".to_string()];
    for (i, (size, begin, end, _, _)) in KINDS.into_iter().enumerate() {
        out.push(format!("{size}={}", rw.sizes[i]));
        out.push(format!("{begin}={}", rw.vcs[i].0));
        out.push(format!("{end}={}", rw.vcs[i].1));
    }
    out.push(format!("write_fraction={}", rw.write_fraction));
    out
}

/// Whether `sim_type` is BookSim2's throughput mode ([`crate::packet::config::Protocol::throughput`]).
pub(super) fn throughput<'a>(get: &dyn Fn(&str) -> Option<(&'a str, usize)>) -> bool {
    get("sim_type").is_some_and(|(v, _)| v == "throughput")
}

/// The statements that set `batch` or the throughput mode ([`batch`] and [`throughput`]
/// read them back): none in latency mode.
pub(super) fn batch_text(batch: Option<Batch>, throughput: bool) -> Vec<String> {
    let Some(b) = batch else {
        return if throughput {
            vec!["sim_type=throughput".to_string()]
        } else {
            Vec::new()
        };
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
