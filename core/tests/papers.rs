//! The papers registry: every item computes, and the family-independent items (the
//! Hypercycles formulas, the Lens counts and Figure 2) come out as the papers print them.

use std::collections::BTreeSet;

use icn_core::papers::table::Verdict;
use icn_core::papers::{audit_item, item, ITEMS, PAPERS};

#[test]
fn registry_names_are_unique_and_papers_known() {
    let names: BTreeSet<&str> = ITEMS.iter().map(|i| i.name).collect();
    assert_eq!(names.len(), ITEMS.len());
    for i in ITEMS {
        assert!(PAPERS.iter().any(|p| p.id == i.paper), "{}", i.name);
    }
    assert!(item("kyklos-spans").is_some());
    assert!(item("nope").is_none());
}

fn audited(name: &str) -> icn_core::papers::ItemAudit {
    let i = item(name).expect("registered");
    audit_item(i, (i.build)().expect("computes"))
}

#[test]
fn hypercycle_formulas_equal_the_graph() {
    let a = audited("hypercycle-formulas");
    assert_eq!((a.matched, a.explained, a.unexplained), (30, 0, 0));
    // 5×4×3, ρ = 2,1,1: degree 4 + 2 + 2 = 8, diameter 1 + 2 + 1 = 4.
    let cell = |row: &str| {
        a.table
            .cells
            .iter()
            .find(|c| c.group == "hypercycle:m=5x4x3,rho=2x1x1" && c.row.starts_with(row))
            .map(|c| c.computed.map(|n| n.value()))
            .expect("cell")
    };
    assert_eq!(cell("degree"), Some(8.0));
    assert_eq!(cell("diameter"), Some(4.0));
    // The first farthest node from 000 needs q = (1, 2, 1) greedy steps per dimension:
    // 4!/(1! 2! 1!) = 12 interleavings.
    assert_eq!(cell("greedy paths"), Some(12.0));
}

#[test]
fn lens_items_reproduce_figure_2_and_explain_the_diameters() {
    let f = audited("lens-figure2");
    assert_eq!((f.matched, f.unexplained), (16, 0));
    let real = f
        .table
        .cells
        .iter()
        .find(|c| c.row.starts_with("real graph"))
        .and_then(|c| c.computed)
        .map(|n| n.value());
    assert_eq!(real, Some(9.0));
    let c = audited("lens-counts");
    assert_eq!(c.unexplained, 0);
    // Every stated diameter is the pattern-A value, one bus more than the real graph's.
    for cell in c.table.cells.iter().filter(|c| c.row == "diameter") {
        let (p, g) = (
            cell.printed.map(|n| n.value()),
            cell.computed.map(|n| n.value()),
        );
        assert_eq!(cell.verdict, Verdict::Differs);
        assert_eq!(p.zip(g).map(|(p, g)| p - g), Some(1.0), "{}", cell.group);
    }
}

#[test]
fn kyklos_examples_come_out_as_printed() {
    let a = audited("kyklos-examples");
    // Every string and length of Examples 1 and 2; only Example 2's heading ("60") differs.
    assert_eq!((a.matched, a.explained, a.unexplained), (29, 1, 0));
    let differs: Vec<&str> = a
        .table
        .cells
        .iter()
        .filter(|c| c.verdict == Verdict::Differs)
        .map(|c| c.row.as_str())
        .collect();
    assert_eq!(differs, vec!["source node in the heading"]);
}

#[test]
fn dragonfly_items_match_or_explain_every_claim() {
    let e = audited("d3-example");
    assert_eq!((e.matched, e.explained, e.unexplained), (4, 0, 0));
    let s = audited("d3-schedules");
    assert_eq!(s.unexplained, 0);
    // Theorem 7 (all-to-all, M = 4): KM² rounds, KM delays, no conflict, as claimed.
    for c in s
        .table
        .cells
        .iter()
        .filter(|c| c.group.starts_with("D3(3,4) Theorem 7"))
    {
        assert_eq!(c.verdict, Verdict::Match, "{} {}", c.group, c.row);
    }
}
