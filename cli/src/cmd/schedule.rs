//! `icn schedule`: a D3 collective as a step-by-step schedule.

use std::io::Write;

use clap::{Args, ValueEnum};
use icn_core::topology::d3::schedule::{
    Collective, CollectiveName, DelayRule, OCCUPANCY_LIMIT, SCHEDULE_LIMIT,
};
use icn_core::topology::d3::D3;
use icn_core::Network;

use crate::output::{json, network, node, Failure};

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Rule {
    Paper,
    Greedy,
}

/// The largest broadcast count `icn schedule` simulates.
const MAX_BROADCASTS: u32 = 4096;

#[derive(Args, Debug)]
pub struct ScheduleArgs {
    /// A D3 spec, e.g. d3:k=3,m=4.
    spec: String,
    /// broadcast, one-to-all, all-to-one, all-to-all or permutation.
    collective: String,
    /// The source (broadcast, one-to-all) or sink (all-to-one), e.g. (0,0,1).
    #[arg(long)]
    root: Option<String>,
    /// broadcast: how many messages.
    #[arg(long, default_value_t = 4)]
    count: u32,
    /// permutation: shift, swap, reverse or random.
    #[arg(long, default_value = "shift")]
    perm: String,
    /// permutation random: the seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Delays: `paper` (the paper's algorithm) or `greedy` (earliest conflict-free).
    #[arg(long, value_enum, default_value_t = Rule::Paper)]
    rule: Rule,
    /// Leave out the per-step channel occupancy.
    #[arg(long)]
    summary: bool,
}

/// `icn schedule SPEC COLLECTIVE`.
pub fn run(a: &ScheduleArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let collective = &a.collective;
    let net = network(&a.spec)?;
    let Ok(d) = net.d3() else {
        return Err(Failure(format!(
            "schedule is for d3; '{}' is a {}",
            net.spec(),
            net.family().name
        )));
    };
    let rule = match a.rule {
        Rule::Paper => DelayRule::Paper,
        Rule::Greedy => DelayRule::Greedy,
    };
    if collective == "permutation" {
        too_large(a, d, Collective::Permutation)?;
        let targets = d
            .named_permutation(&a.perm, a.seed)
            .map_err(|e| Failure(e.to_string()))?;
        let schedule = d
            .permutation_schedule(&targets, rule, !a.summary)
            .map_err(|e| Failure(e.to_string()))?;
        return json(out, &schedule);
    }
    let which = self::collective(a, &net)?;
    too_large(a, d, which)?;
    let schedule = d.schedule(which, rule, !a.summary);
    json(out, &schedule)
}

/// The collective named on the command line (not `permutation`), with its root: the name
/// is read by core's [`CollectiveName`], the one parser of collective names.
fn collective(a: &ScheduleArgs, net: &Network) -> Result<Collective, Failure> {
    let name: CollectiveName = a.collective.parse()?;
    let count = a.count;
    if name == CollectiveName::Broadcast && !(1..=MAX_BROADCASTS).contains(&count) {
        return Err(Failure(format!(
            "--count {count}: 1 to {MAX_BROADCASTS} broadcasts"
        )));
    }
    if !name.has_root() {
        return Ok(name.at(0, count));
    }
    let what = if name == CollectiveName::AllToOne {
        "sink"
    } else {
        "source"
    };
    let text = a.root.as_deref().ok_or_else(|| {
        Failure(format!(
            "{name} needs --root (the {what}), e.g. --root '(0,0,1)'"
        ))
    })?;
    Ok(name.at(node(net, "root", text)?, count))
}

/// Refuses a schedule of more than [`SCHEDULE_LIMIT`] channel uses, or listed step by
/// step, of more than [`OCCUPANCY_LIMIT`]: the estimate in the message.
fn too_large(a: &ScheduleArgs, d: &D3, which: Collective) -> Result<(), Failure> {
    let size = d.schedule_size(which);
    let limit = if a.summary {
        SCHEDULE_LIMIT
    } else {
        OCCUPANCY_LIMIT
    };
    if size > limit {
        let e = icn_core::schedule_estimate(d, which, !a.summary);
        let hint = if a.summary {
            "choose a smaller network"
        } else {
            "pass --summary to leave out the per-step channels, or choose a smaller network"
        };
        return Err(Failure(format!(
            "{} on {} would simulate about {size} channel uses (about {:.1e} steps and {} MiB); at most {limit}{}: {hint}",
            a.collective,
            d.spec_string(),
            e.steps as f64,
            e.bytes >> 20,
            if a.summary { "" } else { " listed step by step" },
        )));
    }
    Ok(())
}
