//! `icn simulate`: the Hypercycles paper's Figure 2, a seeded discrete-event simulation
//! of circuit set-up (docs/cli.md).

use std::io::Write;

use clap::Args;
use icn_core::analysis::hypercycle_loads::routing_from_name;
use icn_core::sim::{sweep_estimate, Policy, SimConfig, Sweep};

use crate::output::{guard_or, json, note, Failure, Format, Progress};

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// A Hypercycle spec, e.g. hypercube:n=4.
    spec: String,
    /// Offered loads normalised to capacity, comma separated, each in (0, 2].
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9"
    )]
    loads: Vec<f64>,
    /// Policies, comma separated: backtrack, ecube (hold and wait), ecube-backtrack.
    #[arg(long, value_delimiter = ',', default_value = "backtrack,ecube")]
    policies: Vec<String>,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Measured ticks (arrivals in this window are measured).
    #[arg(long, default_value_t = 50_000)]
    ticks: u64,
    /// Ticks simulated before measuring.
    #[arg(long, default_value_t = 5_000)]
    warmup: u64,
    /// Transmission time of an established circuit.
    #[arg(long, default_value_t = 100)]
    transmission: u64,
    /// Ticks for a probe or a break to cross one link.
    #[arg(long, default_value_t = 1)]
    hop: u64,
    /// Back-off before a retry: uniform in 1 ..= this many ticks.
    #[arg(long, default_value_t = 10)]
    retry: u64,
    /// Next hops the backtracking probe chooses among: eq311, greedy, minimal.
    #[arg(long, default_value = "eq311")]
    choices: String,
    /// Events per point before it is cut short and flagged saturated.
    #[arg(long, default_value_t = 20_000_000)]
    max_events: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

/// `icn simulate SPEC`.
pub fn run(a: SimulateArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let net = super::loads::hypercycle(&a.spec, "simulate")?;
    let policies = a
        .policies
        .iter()
        .map(|p| {
            Policy::from_name(p).ok_or_else(|| {
                Failure(format!(
                    "unknown policy '{p}'; choose backtrack, ecube or ecube-backtrack"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let choices = routing_from_name(&a.choices).ok_or_else(|| {
        Failure(format!(
            "unknown --choices '{}'; choose eq311, greedy, minimal or ecube",
            a.choices
        ))
    })?;
    let cfg = SimConfig {
        policies,
        loads: a.loads,
        seed: a.seed,
        warmup_ticks: a.warmup,
        ticks: a.ticks,
        transmission_ticks: a.transmission,
        hop_ticks: a.hop,
        retry_ticks: a.retry,
        choices,
        max_events: a.max_events,
    };
    let estimate = sweep_estimate(&net, &cfg);
    guard_or(
        "this simulation (every point run to --max-events)",
        estimate,
        force,
        "give fewer loads or policies, or a smaller --max-events",
    )?;
    let mut sweep = Sweep::new(&net, &cfg)?;
    let mut progress = Progress::new("simulate", Some(estimate));
    loop {
        let p = sweep.step(1 << 16);
        if p.finished {
            break;
        }
        progress.at(
            p.fraction,
            &format!(
                "point {} of {}, {} events",
                p.points_done + 1,
                p.points,
                p.events
            ),
        );
    }
    let report = sweep.report();
    for p in report.points.iter().filter(|p| p.mean_delay.is_none()) {
        note(&format!(
            "icn: simulate: {} at load {:?}: no request was measured{} (its delays are null){}",
            p.policy.name(),
            p.offered_load,
            if p.measured > 0 { " to the end" } else { "" },
            if p.saturated {
                "; the point hit --max-events first"
            } else {
                ""
            }
        ));
    }
    if a.format == Format::Csv {
        write!(out, "{}", icn_core::charts::sim_csv(&report))?;
        return Ok(());
    }
    json(out, &report)
}
