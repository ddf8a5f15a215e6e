//! The Papers view's links to live views that reproduce an item's worked example.

use crate::url::{ChartsForm, Query, View};

/// The route explorer on `spec`, `from` → `to` under strategy `s`.
fn route(spec: &str, from: &str, to: &str, s: &str) -> String {
    Query(vec![
        ("view".into(), View::Route.slug().into()),
        ("t".into(), spec.into()),
        ("from".into(), from.into()),
        ("to".into(), to.into()),
        ("s".into(), s.into()),
    ])
    .encode()
}

/// The Charts view on one chart.
fn chart(chart: &str, spec: &str, strategy: &str, n: Option<&str>) -> String {
    ChartsForm {
        chart: chart.into(),
        spec: spec.into(),
        strategy: strategy.into(),
        n: n.map(str::to_string),
    }
    .to_query()
}

/// The proposed KYKLOS-II⟨2,2,6⟩ of the papers' examples.
const KYKLOS6: &str = "kyklos2:m=2,r=2,n=6,shuffle=proposed";

/// The schedule view on D3(3,4) with `collective`.
fn schedule(collective: &str) -> String {
    Query(vec![
        ("view".into(), View::Schedule.slug().into()),
        ("t".into(), "d3:k=3,m=4".into()),
        ("c".into(), collective.into()),
    ])
    .encode()
}

/// Live views that reproduce an item's worked example, as (label, query).
pub fn examples(item: &str) -> Vec<(&'static str, String)> {
    let first = charts_and_d3(item);
    if first.is_empty() {
        routes_and_families(item)
    } else {
        first
    }
}

/// The examples of the KYKLOS charts and of the D3 items.
fn charts_and_d3(item: &str) -> Vec<(&'static str, String)> {
    match item {
        "kyklos-density" => vec![(
            "Table 3 as a chart: maximum link traffic density against N, printed values as markers",
            chart("density", KYKLOS6, "y2", Some("12")),
        )],
        "kyklos-load" => vec![
            (
                "Chart: Y-2's IB-node processing load per level, ⟨2,2,6⟩",
                chart("load", KYKLOS6, "y2", None),
            ),
            (
                "Chart: H-2's quasi-level load per level, ⟨2,2,6⟩",
                chart("load", KYKLOS6, "hr", None),
            ),
        ],
        "kyklos-appendix-c" => vec![
            (
                "Chart: H-2's link traffic per level, ⟨2,2,8⟩",
                chart("levels", "kyklos2:m=2,r=2,n=8,shuffle=proposed", "hr", None),
            ),
            (
                "Chart: Y-2's link traffic per level, ⟨2,2,8⟩",
                chart("levels", "kyklos2:m=2,r=2,n=8,shuffle=proposed", "y2", None),
            ),
        ],
        "d3-schedules" => vec![
            (
                "The all-to-all schedule on D3(3,4), step by step",
                schedule("all-to-all"),
            ),
            (
                "The broadcast schedule on D3(3,4), step by step",
                schedule("broadcast"),
            ),
        ],
        "d3-example" => vec![(
            "(4,5,3) → (2,3,5) in D3(6,6): the global port (4) in the route explorer",
            route("d3:k=6,m=6", "(4,5,3)", "(2,3,5)", "minimal"),
        )],
        "d3-subnetwork" => vec![(
            "κ = {1, 2, 5, 8} in D3(9,3): the port table and the sub-network lit",
            Query(vec![
                ("view".into(), View::Subnet.slug().into()),
                ("t".into(), "d3:k=9,m=3".into()),
                ("kind".into(), "cabinets".into()),
                ("set".into(), "1,2,5,8".into()),
            ])
            .encode(),
        )],
        "lens-figure2" => vec![(
            "Figure 2 in the walkthrough (class 1, Figure 2g)",
            Query(vec![
                ("view".into(), View::Walk.slug().into()),
                ("t".into(), "lens:p=4,q=4,n=10,completed".into()),
                ("from".into(), "021.0212012".into()),
                ("to".into(), "0110010.212".into()),
                ("choice".into(), "class1".into()),
            ])
            .encode(),
        )],
        _ => Vec::new(),
    }
}

/// The examples of the KYKLOS joins, the D2 paper, the Hypercycles and the Lens.
fn routes_and_families(item: &str) -> Vec<(&'static str, String)> {
    match item {
        "kyklos-joins" | "kyklos-spans" => vec![
            (
                "Example 1: 24 → 62, Y-2, in the route explorer",
                route("kyklos2:m=2,r=2,n=6", "24", "62", "y2"),
            ),
            (
                "Example 2: 20 → 14, Y-2, in the route explorer",
                route("kyklos2:m=2,r=2,n=6", "20", "14", "y2"),
            ),
        ],
        "d2-distances" => vec![
            (
                "D2 on KYKLOS-II⟨2,2,6⟩ (bit-reversal shuffle) in the route explorer",
                route("kyklos2:m=2,r=2,n=6,shuffle=original", "0", "63", "d2"),
            ),
            (
                "Chart: P(2d) of M2, H2 and D2 with their averages, n = 6",
                chart("distances", KYKLOS6, "y2", Some("6")),
            ),
        ],
        "d2-density" => vec![
            (
                "D2 on KYKLOS-II⟨2,2,6⟩ (bit-reversal shuffle) in the route explorer",
                route("kyklos2:m=2,r=2,n=6,shuffle=original", "0", "63", "d2"),
            ),
            (
                "Chart: D2 against H2 density, n = 3 … 20, printed values as markers",
                chart("d2h2", KYKLOS6, "y2", Some("20")),
            ),
        ],
        "hypercycle-formulas" => vec![
            (
                "The 5×4×3 Hypercycle, 000 → 422, in the route explorer",
                route("hypercycle:m=5x4x3,rho=2x1x1", "000", "422", "greedy"),
            ),
            (
                "Chart: the 5×4×3 Hypercycle's distance distribution",
                chart("hc-distances", "hypercycle:m=5x4x3,rho=2x1x1", "", None),
            ),
            (
                "Chart: its link loads under e-cube and random-greedy routing",
                chart("hc-loads", "hypercycle:m=5x4x3,rho=2x1x1", "", None),
            ),
        ],
        "hypercycle-figure2" => vec![
            (
                "Figure 2 as a chart: delay against offered load on the 4-cube, seed 1",
                chart("hc-sim", "hypercube:n=4", "", None),
            ),
            (
                "The same experiment on the 5×4×3 Hypercycle",
                chart("hc-sim", "hypercycle:m=5x4x3,rho=2x1x1", "", None),
            ),
        ],
        "lens-counts" => vec![
            (
                "Chart: processor and bus loads, completed against uncompleted lens",
                chart("lens-loads", "lens:p=3,q=3,n=3", "", None),
            ),
            (
                "Chart: distance distributions, completed against uncompleted lens",
                chart("lens-distances", "lens:p=3,q=3,n=3", "", None),
            ),
        ],
        "d3-table1" => vec![(
            "Chart: D3(4,4) against the maximal Dragonfly MDF(4,4) (Table 1's pair), distances and loads",
            chart("d3-mdf", "d3:k=4,m=4", "", None),
        )],
        _ => Vec::new(),
    }
}
