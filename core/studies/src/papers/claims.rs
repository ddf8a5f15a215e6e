//! The papers' statements that docs/paper-notes.md finds wrong, partial or only readable
//! one way, as audit rows: each printed statement evaluated (printed) beside what the
//! graph gives (computed), by breadth-first search or exact counting. A statement that
//! cannot be run as printed (an OCR slip, a loop that never ends) is a row with no
//! computed value and the reading taken; it counts against the paper's score like a
//! differing value.

use super::table::PaperTable;
use super::PaperError;
use icn_analyses::LensLoads;
use icn_engine::metrics::count_minimal_paths;
use icn_families::hypercycle::Hypercycle;
use icn_families::kyklos::{Kyklos, KyklosRouting, Shuffle};
use icn_families::lens::{Lens, StageLinkKind};
use icn_graph::Node;
use icn_graph::{Addresses, Graph};

/// A row whose printed statement cannot be run as printed: the note gives the reading.
pub(super) fn reading(table: &mut PaperTable, group: &str, row: &str, why: &str) {
    table.cell(
        group,
        row.into(),
        "as printed (1 = usable)".into(),
        Some(1.0),
        None,
        Some(why),
    );
}

/// Hypercycles §3.1: eq. 3.1.1 said to give every minimal path.
///
/// # Errors
/// Never in practice.
pub fn hypercycle_claims() -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "hypercycle-claims",
        "Dimopoulos et al., Hypercycles: a status report, §3.1 (eq. 3.1.1)".into(),
        "\"Equation 3.1.1 defines all the minimum-length paths\": printed = the paths eq. 3.1.1 generates (what the statement says all minimal paths are), computed = every minimal path, counted on the graph by breadth-first search.",
    );
    let why = "eq. 3.1.1 misses minimal paths: other splits of the ring distance into ⌈δ/ρ⌉ steps of at most ρ (0 → 2 → 4 in m = 9, ρ = 3), and the other direction when it fits in as many steps (docs/paper-notes.md, Hypercycles)";
    for (m, rho, from, to) in [
        (&[9u64][..], &[3u64][..], "0", "4"),
        (&[11], &[4], "0", "5"),
        (&[6], &[2], "0", "3"),
        (&[5, 4, 3], &[2, 1, 1], "000", "421"),
    ] {
        let h = Hypercycle::new(m, rho)?;
        let (a, b) = (h.parse_node(from)?, h.parse_node(to)?);
        let counts = h.path_counts(a, b);
        table.cell(
            &h.spec_string(),
            format!("{from} → {to}"),
            "minimal paths".into(),
            Some(big(&counts.equation)),
            Some(big(&count_minimal_paths(&h, a, b))),
            Some(why),
        );
    }
    Ok(table.finish())
}

fn big(x: &num_bigint::BigUint) -> f64 {
    x.to_string().parse().unwrap_or(f64::NAN)
}

/// IB-nodes ⟨t, v, o⟩ of tree 0 at level v: the specifiers o that parse.
fn level_width(k: &Kyklos, t: usize, v: usize) -> usize {
    (0..)
        .take_while(|o| k.parse_node(&format!("<{t},{v},{o}>")).is_ok())
        .count()
}

/// TR-88-27's counts and strategy statements that the graph does not bear out as printed.
///
/// # Errors
/// Never in practice.
pub fn kyklos_claims() -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "kyklos-claims",
        "Haddix, Dale, Jenevein, Walton, TR-88-27, §I, §II, §IV-§VI, Appendix C".into(),
        "Printed = the TR's formula or statement evaluated for the network named; computed = the same count on the graph built from the construction (docs/paper-notes.md, KYKLOS).",
    );
    for (m, r, n) in [(3, 1, 2), (2, 2, 4), (3, 2, 2)] {
        let k = Kyklos::new(Shuffle::Identity, m, r, n)?;
        let formula = (r / (m - 1)) * (m.pow(n as u32) - 1);
        table.cell(
            &format!("KYKLOS⟨{m},{r},{n}⟩"),
            "§II: IB-nodes B = ⌊r/(m − 1)⌋(mⁿ − 1)".into(),
            "nodes".into(),
            Some(formula as f64),
            Some((k.node_count() - k.leaf_count()) as f64),
            Some("the floor is wrong: the graph has r(mⁿ − 1)/(m − 1) IB-nodes, as §I writes it"),
        );
    }
    let k3 = Kyklos::new(Shuffle::Identity, 3, 1, 3)?;
    table.cell(
        "KYKLOS⟨3,1,3⟩",
        "§I: specifiers 0 ≤ o < 2^(n−v), v = 1".into(),
        "IB-nodes of a tree".into(),
        Some(4.0),
        Some(level_width(&k3, 0, 1) as f64),
        Some("written for m = 2: the range is 0 ≤ o < m^(n−v)"),
    );
    let k6 = Kyklos::new(Shuffle::Proposed, 2, 2, 6)?;
    for v in [1usize, 2] {
        table.cell(
            "KYKLOS-II⟨2,2,6⟩",
            format!("§II: IB-nodes at level v = r·m^v, v = {v}"),
            "IB-nodes".into(),
            Some((2 * 2usize.pow(v as u32)) as f64),
            Some((0..2).map(|t| level_width(&k6, t, v)).sum::<usize>() as f64),
            Some("levels counted from the root: with the TR's numbering (level 1 next to the L-nodes) it is r·m^(n−v)"),
        );
    }
    let joins_at_1 = (0..k6.leaf_count())
        .filter(|&j| k6.join(0, j).is_ok_and(|x| x.level == 1))
        .count();
    table.cell(
        "KYKLOS-II⟨2,2,6⟩",
        "§II: S fragment assignments per level per L-node = (m − 1)·m^v, v = 1".into(),
        "joins of L-node 0".into(),
        Some(2.0),
        Some(joins_at_1 as f64),
        Some(
            "levels counted from the root: it is (m − 1)·m^(n−v), 32 joins at level 1 as §VII says",
        ),
    );
    let k4 = Kyklos::new(Shuffle::Original, 2, 2, 4)?;
    table.cell(
        "KYKLOS-II⟨2,2,4⟩ (original)",
        "§IV: the lower tree's z = n, n − 1, …, 1, 0".into(),
        "dimensions".into(),
        Some(5.0),
        Some(k4.n() as f64),
        Some("n + 1 values for n dimensions; the spans printed (8, 4, 2, 1) are z = n − 1 … 0"),
    );
    let h2 = Kyklos::new(Shuffle::Proposed, 2, 2, 4)?.max_link_traffic(KyklosRouting::Hr)?;
    table.cell(
        "KYKLOS-II⟨2,2,4⟩",
        "Appendix C: maximum T_h2(h, n) = N·2^h/4, N = 16".into(),
        "H-2 link traffic".into(),
        Some(16.0),
        Some(h2),
        Some("a counting convention: Appendix C counts one direction of a link, Table 3 (32) both; Appendix C also writes the same density over 2^(h+2) and over 2^(h+1)"),
    );
    kyklos_readings(&mut table);
    super::kyklos_rederived::rederived(&mut table)?;
    Ok(table.finish())
}

/// TR-88-27's statements that only run when read one way.
fn kyklos_readings(table: &mut PaperTable) {
    let group = "§VI, Y-2";
    reading(
        table,
        group,
        "step 1: the start tree is in Appendix B",
        "it is in Appendix A; \"j / r\" read as integer division, j the route's destination",
    );
    reading(
        table,
        group,
        "step 5: bit X(t+k)_h of an h-bit slice",
        "an h-bit slice has no bit h: read as its top bit X(t+k)_(h−1), the first bit of X(t+k)′",
    );
    reading(table, group, "steps 4-7: the loop over the trees", "as printed the loop never ends when the last tree qualifies for step 4 with lcv + 1 = r, and step 7's k > 0 never holds: read as k = 1, end of loop");
}

/// The D2 paper's statements that only run when read one way.
///
/// # Errors
/// Never in practice.
pub fn d2_claims() -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "d2-claims",
        "Du, Hwang, Odlyzko, Zhang, Minimal-distance routing for KYKLOS II, abstract, §2, §3, conclusion".into(),
        "Statements of the D2 rule that hold only in one reading, and the average-distance comparisons that hold only as n → ∞: printed = the stated value, computed = the averages from processor 0 (M2 and H2 by their route lengths, D2 by breadth-first search) on the original KYKLOS-II⟨2,2,n⟩ (docs/paper-notes.md, KYKLOS).",
    );
    let k = Kyklos::new(Shuffle::Original, 2, 2, 4)?;
    let (a, b) = (k.parse_node("0")?, k.parse_node("15")?);
    reading(&mut table, "§2, D2 with no agreeing digit", "the longest run when no digit agrees", "the rule needs the empty run at every one of the n + 1 gaps; so read it gives exactly the minimal paths of every leaf pair of ⟨2,2,4⟩, ⟨2,2,6⟩, ⟨3,2,3⟩ (breadth-first search)");
    table.cell(
        "KYKLOS-II⟨2,2,4⟩ (original)",
        "0 → 15: minimal paths (breadth-first search), the reading's evidence".into(),
        "paths".into(),
        None,
        Some(big(&count_minimal_paths(&k, a, b))),
        Some("not reproduced (unexplained)"),
    );
    d2_average_claims(&mut table)?;
    Ok(table.finish())
}

/// The mean of `counts[d]` processors at distance 2d, over the N − 1 others.
fn mean_distance(counts: &[usize]) -> f64 {
    let (sum, pairs) = counts
        .iter()
        .enumerate()
        .skip(1)
        .fold((0usize, 0usize), |(s, p), (d, &c)| (s + 2 * d * c, p + c));
    sum as f64 / pairs as f64
}

/// §3's comparisons of the average distances, which hold only as n → ∞: M2, H2 (the
/// route lengths) and D2 (breadth-first search) from processor 0 of the original
/// KYKLOS-II⟨2,2,n⟩.
fn d2_average_claims(table: &mut PaperTable) -> Result<(), PaperError> {
    let asymptotic_h2 = "holds only as n → ∞: M2's mean exceeds H2's by less than 2/3 at every n, the difference tends to 2/3 from below (0.663 at n = 20 by the same count)";
    let asymptotic_d2 = "the leading term only: Theorem 2's 2(n − log₂ n + 3/2 − γ/ln 2 + …) against H2's 2n − 4 + … differ by 2 log₂ n − 7 + 2γ/ln 2 ≈ 2 log₂ n − 5.3, so D2 gains far less at every size (3.46 at n = 20); the conclusion's 2 ln n is a third value";
    for n in [4u64, 6, 8, 10] {
        let k = Kyklos::new(Shuffle::Original, 2, 2, n)?;
        let d = icn_analyses::strategy_distances(&k)?;
        let (m2, h2, d2) = (
            mean_distance(&d.m2),
            mean_distance(&d.h2),
            mean_distance(&d.d2),
        );
        let group = format!("original KYKLOS-II⟨2,2,{n}⟩");
        table.cell(
            &group,
            "§3: H2's average distance is below M2's only by a constant 2/3".into(),
            "M2 − H2".into(),
            Some(2.0 / 3.0),
            Some(m2 - h2),
            Some(asymptotic_h2),
        );
        let nf = n as f64;
        for (row, printed) in [
            (
                "abstract, §3: D2 is shorter than M2 and H2 by about 2 log₂ n",
                2.0 * nf.log2(),
            ),
            (
                "conclusion: D2 is shorter than H2 by about 2 ln n",
                2.0 * nf.ln(),
            ),
        ] {
            table.cell(
                &group,
                row.into(),
                "min(M2, H2) − D2".into(),
                Some(printed),
                Some(m2.min(h2) - d2),
                Some(asymptotic_d2),
            );
        }
    }
    Ok(())
}

/// The Lens paper's statements against the graph.
///
/// # Errors
/// Never in practice.
pub fn lens_claims() -> Result<PaperTable, PaperError> {
    let mut table = PaperTable::new(
        "lens-claims",
        "Finkel, Solomon, The Lens Interconnection Strategy, §3, §4, §5, §7".into(),
        "Printed = the paper's number or statement (1 = holds) for the lens named; computed = the graph: breadth-first distances in busses, loads under regular routing, the multistage picture's links (docs/paper-notes.md, Lens).",
    );
    // §4's example: "n = 5 and p = 3", but 021.10 has the digit 2 on both sides.
    let p3 = Lens::new(3, 3, 5, false)?;
    let p4 = Lens::new(4, 4, 5, false)?;
    table.cell(
        "§4 example 021.10 → 00.220",
        "p (the text: n = 5 and p = 3)".into(),
        "smallest p with these addresses".into(),
        Some(3.0),
        Some(if p3.parse_node("021.10").is_ok() { 3.0 } else { 4.0 }),
        Some("the digit 2 on both sides of the dot needs p − 1 ≥ 3 and q − 1 ≥ 3: the example is in lens:p=4,q=4,n=5"),
    );
    let (a, b) = (p4.parse_node("021.10")?, p4.parse_node("00.220")?);
    table.cell(
        "§4 example 021.10 → 00.220",
        "the path's length (pattern A)".into(),
        "busses".into(),
        Some(5.0),
        Some(f64::from(p4.processor_distance(a, b))),
        Some("pattern A's length; the real distance is 4, the paper's own path with its pattern-B step"),
    );
    let lens = Lens::new(3, 3, 3, false)?;
    let procs = lens.processor_count();
    let stuck = (0..procs)
        .flat_map(|s| (0..procs).map(move |t| (s, t)))
        .filter(|&(s, t)| s != t && lens.region_of_difference(s, t).needs_dot_zero)
        .count();
    table.cell(
        "lens:p=3,q=3,n=3",
        "§4: the four-step algorithm uses pattern A exclusively".into(),
        "ordered pairs it cannot route".into(),
        Some(0.0),
        Some(stuck as f64),
        Some("when digit 1 differs the region of difference needs dot 0, which no processor has: pattern A alone cannot change digit 1; the real graph turns on bus B.av (a pattern-B step)"),
    );
    for (p, n) in [(3, 2), (3, 3), (4, 3)] {
        let lens = Lens::new(p, p, n, true)?;
        let procs = lens.processor_count();
        let pairs = (0..procs).flat_map(|s| (0..procs).map(move |t| (s, t)));
        let shortest = |(s, t): (Node, Node)| {
            let classes = lens.completed_routing(s, t).class_lengths;
            classes.into_iter().min().unwrap_or(0)
        };
        let wrong = pairs
            .clone()
            .filter(|&(s, t)| s != t && shortest((s, t)) != lens.processor_distance(s, t))
            .count();
        table.cell(
            &lens.spec_string(),
            "§5: the shortest path class gives the distance".into(),
            "ordered pairs where it does not".into(),
            Some(0.0),
            Some(wrong as f64),
            Some("the class formulas count pattern-A walks: on the real graph pattern B saves a bus on these pairs, and walks with a one-link gap between adjacent differing digits or once round the cycle can be shorter; the closed form in walk.rs takes them all and equals breadth-first search"),
        );
    }
    lens_structure_claims(&mut table)?;
    Ok(table.finish())
}

/// §3's thickening and §7's boxes.
fn lens_structure_claims(table: &mut PaperTable) -> Result<(), PaperError> {
    let lens = Lens::new(3, 3, 3, false)?;
    let loads = LensLoads::of(&lens);
    let central = (0..lens.bus_count())
        .filter(|&i| {
            lens.format_node(lens.processor_count() + i)
                .starts_with("B.")
        })
        .map(|i| loads.bus[i])
        .fold(f64::INFINITY, f64::min);
    let busiest = loads.bus.iter().copied().fold(0.0, f64::max);
    table.cell(
        "lens:p=3,q=3,n=3",
        "§3: the central busses B.v carry the most traffic (1 = holds)".into(),
        "regular routing".into(),
        Some(1.0),
        Some(if central >= busiest { 1.0 } else { 0.0 }),
        Some("under regular routing on the real graph the central busses are the least loaded (36 against 84 at dot 1)"),
    );
    // §8 conclusions 2 and 4, stated for every lens, hold for the completed one only.
    for (p, q, n, completed) in [(3, 5, 2, false), (3, 3, 3, false), (3, 3, 3, true)] {
        let lens = Lens::new(p, q, n, completed)?;
        let procs = lens.processor_count();
        let mut buf = Vec::new();
        let fewest = (0..procs)
            .map(|v| {
                buf.clear();
                lens.neighbours(v, &mut buf);
                buf.len()
            })
            .min()
            .unwrap_or(0);
        let group = lens.spec_string();
        let partial = "holds for the completed lens only: in the uncompleted lens (p−1)ⁿ processors have q − 1 busses and (q−1)ⁿ busses p − 1 processors";
        table.cell(
            &group,
            "§8 (2): every processor is connected to q busses".into(),
            "fewest busses of a processor".into(),
            Some(q as f64),
            Some(fewest as f64),
            Some(partial),
        );
        let loads = LensLoads::of(&lens);
        let uniform = |x: &[f64]| {
            x.iter()
                .all(|&l| (l - x[0]).abs() <= 1e-9 * x[0].abs().max(1.0))
        };
        let both = uniform(&loads.processor) && uniform(&loads.bus);
        table.cell(&group, "§8 (4): the traffic load is uniform for all processors and busses (1 = holds)".into(), "regular routing".into(), Some(1.0), Some(if both { 1.0 } else { 0.0 }), Some("holds for the completed lens only (Theorems 1 and 2); the uncompleted lens's loads vary by row (lens:p=3,q=3,n=3: processors 16–61, busses 36–84)"));
    }
    let wide = Lens::new(3, 5, 3, false)?;
    let layout = wide.stage_layout();
    let in_box = |v: Node| {
        let place = layout.places[v];
        (place.row, place.group) == (2, 0)
    };
    let shuffles = layout
        .links
        .iter()
        .filter(|l| l.kind == StageLinkKind::Shuffle);
    let up = shuffles.clone().filter(|l| in_box(l.bus)).count();
    let down = shuffles.filter(|l| in_box(l.processor)).count();
    for (row, printed, computed) in [("upward", 3.0, up), ("downward", 5.0, down)] {
        table.cell(
            "lens:p=3,q=5,n=3, row 2, box 0",
            format!("§7: a box has p connections upward and q downward: {row}"),
            "links".into(),
            Some(printed),
            Some(computed as f64),
            Some("counted on the graph a box has q − 1 links up (one per bus) and p − 1 down (one per processor)"),
        );
    }
    Ok(())
}
