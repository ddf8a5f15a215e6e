//! A batch-mode run's facts in the summary (BookSim2's `sim_type = batch`, one run whose
//! load the simulator does not read): the batches asked for, their durations, and the
//! latencies and accepted rate over the whole run, in place of a curve's lowest-load
//! latency, saturation and bounds.

use icn_core::sim::packet::Status;
use leptos::prelude::*;

use super::model::Curve;

/// The facts of `c`'s batch-mode run, `None` for a latency-mode curve or before its run
/// is answered.
pub fn batch_facts(c: &Curve) -> Option<AnyView> {
    let p = &c.points.first()?.point;
    let b = p.batch.as_ref()?;
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let asked = format!(
        "{} of {} packets per endpoint (the load is not read: one run)",
        plural(b.count as usize, "batch", "batches"),
        b.size
    );
    let done = b.durations.len();
    let duration = match (b.average_duration, b.min_duration, b.max_duration) {
        (Some(avg), Some(lo), Some(hi)) if lo == hi => {
            format!("{avg:.0} cycles{}", if done > 1 { " each" } else { "" })
        }
        (Some(avg), Some(lo), Some(hi)) => {
            format!("{avg:.1} cycles on average (shortest {lo}, longest {hi})")
        }
        _ => "— (no batch completed)".to_string(),
    };
    let ended = match p.status {
        Status::Stable => String::new(),
        _ => format!(
            "; ended {} after {}",
            p.status.word(),
            plural(done, "batch", "batches")
        ),
    };
    let latency = match (p.packet_latency, p.network_latency) {
        (Some(l), Some(n)) => format!("{l:.2} cycles (network latency {n:.2})"),
        _ => "—".to_string(),
    };
    Some(
        view! {
            <li data-testid="sim-batch">
                <p class="sim-curve-name">{c.label()}</p>
                <p>"Batch mode: " <b data-testid="sim-batch-asked">{format!("{asked}{ended}")}</b></p>
                <p>"Batch duration: " <b data-testid="sim-batch-duration">{duration}</b></p>
                <p>"Packet latency over every batch: " <b data-testid="sim-batch-latency">{latency}</b></p>
                <p>"Accepted: " <b data-testid="sim-batch-accepted">{format!("{:.3} flits per endpoint per cycle over {} cycles", p.accepted, p.cycles)}</b></p>
            </li>
        }
        .into_any(),
    )
}
