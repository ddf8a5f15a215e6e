//! The channel dependency graph built in parts (the destinations split, as the page's
//! worker lanes build it) against the graph built in one pass: every field of the report,
//! the cycle's routes included, on every small network of the conformance list.

use crate::conformance::SMALL;
use crate::support::net;
use icn_core::analysis::deadlock::{
    deadlock, deadlock_estimate, deadlock_finish, deadlock_part, schemes, DeadlockError,
    DeadlockPart, PartError, Scheme,
};
use icn_core::{Routing, Topology};

/// Graphs larger than this (the estimate's steps) are left to the known-answer tests: a
/// two-phase routing on the larger Dragonflies runs a flow per intermediate.
const LIMIT: u64 = 2_000_000_000;

fn ignore(_: usize, _: usize) {}

/// Parts `0 .. parts`, each through its words, merged in the order `order` gives, finished.
fn in_parts(
    t: &dyn Topology,
    r: &dyn Routing,
    (scheme, vcs): (Scheme, u32),
    parts: usize,
    order: impl Fn(usize) -> usize,
) -> Result<icn_core::analysis::deadlock::DeadlockReport, DeadlockError> {
    let mut merged: Option<DeadlockPart> = None;
    for k in 0..parts {
        let part = deadlock_part(t, r, (scheme, vcs), (order(k), parts), &mut ignore)?;
        let words = part.to_words();
        let back = DeadlockPart::from_words(&words)?;
        assert_eq!(back, part, "the words read back as the part");
        merged = Some(match merged {
            None => back,
            Some(m) => m.merge(back)?,
        });
    }
    deadlock_finish(t, r, merged.expect("at least one part"), &mut ignore)
}

#[test]
fn parts_merged_report_exactly_what_one_pass_does() {
    let mut compared = 0;
    let mut cyclic = 0;
    for spec in SMALL {
        let n = net(spec);
        let t = n.topology();
        for info in n.strategies() {
            let r = n.routing(info.name).expect("an offered strategy");
            if deadlock_estimate(t, r.as_ref(), 2).steps > LIMIT {
                continue;
            }
            for scheme in schemes(t) {
                for vcs in [1, 2] {
                    let one = deadlock(t, r.as_ref(), scheme, vcs).expect("the one pass");
                    let want = serde_json::to_string(&one).unwrap();
                    for (parts, order) in [(2, 0), (3, 0), (3, 1)] {
                        // In order, and the last part first.
                        let got = in_parts(t, r.as_ref(), (scheme, vcs), parts, |k| {
                            (k + order * (parts - 1)) % parts
                        })
                        .unwrap_or_else(|e| panic!("{spec} {} {scheme}: {e}", info.name));
                        assert_eq!(
                            serde_json::to_string(&got).unwrap(),
                            want,
                            "{spec} {} {scheme} {vcs} VCs in {parts} parts",
                            info.name
                        );
                        compared += 1;
                    }
                    cyclic += usize::from(!one.acyclic);
                }
            }
        }
    }
    // Every family's strategies, and cycles among them (whose routes the parts must find).
    eprintln!("{compared} comparisons, {cyclic} cyclic graphs");
    assert!(compared > 600, "{compared} comparisons");
    assert!(cyclic > 100, "{cyclic} cyclic graphs");
}

#[test]
fn more_parts_than_destinations_leave_some_empty_and_still_merge() {
    let n = net("torus:k=5");
    let t = n.topology();
    let r = n.routing("dor").unwrap();
    let one = deadlock(t, r.as_ref(), Scheme::One, 1).unwrap();
    let got = in_parts(t, r.as_ref(), (Scheme::One, 1), 7, |k| k).unwrap();
    assert_eq!(got, one);
    assert!(!got.acyclic);
}

/// A part of the 4×4 torus's dimension-order graph, `k` of `parts`.
fn torus_part(k: usize, parts: usize, vcs: u32) -> DeadlockPart {
    let n = net("torus:k=4x4");
    let r = n.routing("dor").expect("dimension order");
    deadlock_part(
        n.topology(),
        r.as_ref(),
        (Scheme::Dateline, vcs),
        (k, parts),
        &mut ignore,
    )
    .expect("a part")
}

#[test]
fn parts_that_do_not_make_one_graph_say_why() {
    let n = net("torus:k=4x4");
    let (t, r) = (n.topology(), n.routing("dor").unwrap());
    let finish = |p: DeadlockPart| deadlock_finish(t, r.as_ref(), p, &mut ignore);
    // A part out of range.
    assert_eq!(
        deadlock_part(t, r.as_ref(), (Scheme::One, 1), (3, 3), &mut ignore),
        Err(DeadlockError::Part(PartError::OutOfRange {
            part: 3,
            parts: 3
        }))
    );
    // Destinations missing: 16 terminals in 4 parts of 4.
    let missing = torus_part(0, 4, 2).merge(torus_part(2, 4, 2)).unwrap();
    assert_eq!(
        finish(missing),
        Err(DeadlockError::Part(PartError::Missing(4, 7)))
    );
    let tail = torus_part(0, 2, 2);
    assert_eq!(
        finish(tail),
        Err(DeadlockError::Part(PartError::Missing(8, 15)))
    );
    // The same part twice.
    assert_eq!(
        torus_part(1, 2, 2).merge(torus_part(1, 2, 2)),
        Err(PartError::Overlap(8))
    );
    // Another graph: other virtual channels, another network.
    assert_eq!(
        torus_part(0, 2, 2).merge(torus_part(1, 2, 3)),
        Err(PartError::Mismatch)
    );
    let other = net("torus:k=4x5");
    let whole = deadlock_part(
        other.topology(),
        other.routing("dor").unwrap().as_ref(),
        (Scheme::Dateline, 2),
        (0, 1),
        &mut ignore,
    )
    .unwrap();
    assert_eq!(finish(whole), Err(DeadlockError::Part(PartError::Mismatch)));
}

#[test]
fn words_that_are_no_part_are_refused_where_they_go_wrong() {
    let words = torus_part(1, 3, 2).to_words();
    // Cut anywhere: refused, never a panic.
    for len in 0..words.len() {
        assert!(
            matches!(
                DeadlockPart::from_words(&words[..len]),
                Err(PartError::Malformed(_))
            ),
            "cut at {len}"
        );
    }
    // A word more at the end.
    let mut longer = words.clone();
    longer.push(0);
    assert_eq!(
        DeadlockPart::from_words(&longer),
        Err(PartError::Malformed(words.len()))
    );
    // The magic, the scheme, the virtual channels.
    for (at, value) in [(0, 7), (1, 9), (2, 0), (2, 99)] {
        let mut bad = words.clone();
        bad[at] = value;
        assert_eq!(
            DeadlockPart::from_words(&bad),
            Err(PartError::Malformed(at)),
            "word {at} = {value}"
        );
    }
    // A range past the destinations (word 6 is the first range's start, 7 its end).
    let mut bad = words.clone();
    bad[7] = 17;
    assert_eq!(DeadlockPart::from_words(&bad), Err(PartError::Malformed(6)));
    // A huge count does not allocate: refused at once.
    let mut bad = words.clone();
    bad[5] = u32::MAX;
    assert_eq!(DeadlockPart::from_words(&bad), Err(PartError::Malformed(5)));
    // Every single word changed: read or refused, and what is read finishes or is refused.
    let n = net("torus:k=4x4");
    let r = n.routing("dor").unwrap();
    for at in 0..words.len() {
        let mut changed = words.clone();
        changed[at] ^= 0x8000_0001;
        if let Ok(p) = DeadlockPart::from_words(&changed) {
            let rest = torus_part(0, 3, 2).merge(torus_part(2, 3, 2)).unwrap();
            if let Ok(all) = p.merge(rest) {
                let _ = deadlock_finish(n.topology(), r.as_ref(), all, &mut ignore);
            }
        }
    }
}
