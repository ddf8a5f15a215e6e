//! `icn join`: KYKLOS-II's relational join site and both fragments' routes.

use std::io::Write;

use clap::Args;
use icn_core::Node;
use serde_json::json;

use crate::output::{json, network, node, Failure};

#[derive(Args, Debug)]
pub struct JoinArgs {
    /// A KYKLOS spec, e.g. kyklos2:m=2,r=2,n=6 (m = 2, r = 2, proposed shuffle).
    spec: String,
    /// The L-node holding the S (larger) fragment.
    #[arg(long)]
    s: String,
    /// The L-node holding the R (smaller) fragment.
    #[arg(long)]
    r: String,
}

/// `icn join SPEC --s S --r R`.
pub fn run(a: &JoinArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (s, r) = (&a.s, &a.r);
    let net = network(&a.spec)?;
    let Ok(k) = net.kyklos() else {
        return Err(Failure(format!(
            "join is for KYKLOS; '{}' is a {}",
            net.spec(),
            net.family().name
        )));
    };
    let (i, j) = (node(&net, "S", s)?, node(&net, "R", r)?);
    for (which, text, x) in [("S", s, i), ("R", r, j)] {
        if !k.is_leaf(x) {
            return Err(Failure(format!(
                "{which} address '{text}' is an IB-node; fragments are stored at L-nodes"
            )));
        }
    }
    let join = k.join(i, j).map_err(|e| Failure(e.to_string()))?;
    let names =
        |route: &[Node]| -> Vec<String> { route.iter().map(|&x| net.format_node(x)).collect() };
    let doc = json!({
        "spec": net.spec(),
        "s": net.format_node(i),
        "r": net.format_node(j),
        "start_tree": join.start_tree,
        "tree": join.tree,
        "level": join.level,
        "ib_node": join.ib.map(|_| net.format_node(join.site)),
        "s_route": names(&join.s_route),
        "r_route": names(&join.r_route),
    });
    json(out, &doc)
}
