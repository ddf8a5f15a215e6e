//! `icn walkthrough`: the Lens's step-by-step route.

use std::io::Write;

use clap::Args;
use icn_core::topology::lens::{self, PathChoice};
use serde_json::json;

use crate::output::{json, network, node, Failure};

#[derive(Args, Debug)]
pub struct WalkthroughArgs {
    /// A Lens spec, e.g. lens:p=4,q=4,n=5.
    spec: String,
    /// Source processor (w.v).
    from: String,
    /// Destination processor.
    to: String,
    /// Which path: shortest (default), paper, left, right (uncompleted), class1..class4
    /// (completed; class1:K / class3:K for region B / C number K).
    #[arg(long, short, default_value = "shortest")]
    choice: String,
    /// With --choice class1 or class3: region B or C number K (1, 2, … as listed in
    /// `regions`), instead of a longest one.
    #[arg(long, short)]
    region: Option<usize>,
}

/// `icn walkthrough SPEC FROM TO`.
pub fn run(args: WalkthroughArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let WalkthroughArgs {
        spec,
        from,
        to,
        choice,
        region,
    } = args;
    let net = network(&spec)?;
    let Ok(lens) = net.lens() else {
        return Err(Failure(format!(
            "walkthrough is for the Lens; '{}' is a {}",
            net.spec(),
            net.family().name
        )));
    };
    let (a, b) = (node(&net, "from", &from)?, node(&net, "to", &to)?);
    let choice = match region {
        Some(k) if choice.contains(':') => {
            return Err(Failure(format!(
                "--region {k} and --choice {choice} both name a region; give one"
            )))
        }
        Some(k) => format!("{choice}:{k}"),
        None => choice,
    };
    let choice = choice.parse::<PathChoice>()?;
    let steps = lens.walkthrough(a, b, choice)?;
    let regions = lens.is_completed().then(|| {
        let c = lens.completed_routing(a, b);
        json!({
            "class1": c.region_choices(lens::PathClass::One),
            "class3": c.region_choices(lens::PathClass::Three),
        })
    });
    let doc = json!({
        "spec": net.spec(),
        "from": net.format_node(a),
        "to": net.format_node(b),
        "choice": choice.to_string(),
        "regions": regions,
        "busses": steps.len(),
        "steps": steps,
    });
    json(out, &doc)
}
