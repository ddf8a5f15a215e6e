//! The notation the views use, each term with a short definition and where it comes from
//! (the paper's section, or the reference in docs/). The page shows a term's definition on
//! hover, focus and tap (`components::Term`); a view names a term by its key.

/// One term of the notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    /// How views name it.
    pub key: &'static str,
    /// What the view shows.
    pub label: &'static str,
    /// The definition, one or two sentences.
    pub text: &'static str,
    /// Where it is defined.
    pub source: &'static str,
}

/// Every term, by key.
pub const TERMS: &[Term] = &[
    Term {
        key: "lens.dots",
        label: "Dots",
        text: "A processor's address is n digits with a dot among them, w.v (w in base p − 1, v in base q − 1); s marks where the source's dot sits, t the destination's.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §2",
    },
    Term {
        key: "lens.pattern",
        label: "Pattern",
        text: "Two processors share a bus when their addresses match a pattern. A: wa.u and w.bu (the dot moves one place; the digit it passes may change). B: wa.u and wb.u (the digit before the dot changes; the dot stays).",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4",
    },
    Term {
        key: "lens.step",
        label: "Paper's step",
        text: "The paper's four steps: 1, the dot goes to one end of the region (the digits it passes become ?); 2, back to the destination's dot, setting its digits; 3, on to the other end; 4, back again.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4 and §5",
    },
    Term {
        key: "lens.region",
        label: "Region of difference",
        text: "The smallest run of digit positions outside which the two addresses agree, with both dots inside it or on its border; k is its size.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4",
    },
    Term {
        key: "lens.ij",
        label: "i, j",
        text: "The source's and the destination's dot positions, counted from the left end of the region of difference.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4",
    },
    Term {
        key: "lens.paper-length",
        label: "Paper's length",
        text: "The four steps' length: 2k + j − i when the dot moves right first, 2k + i − j when it moves left first; the paper goes right first exactly when j < i.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4",
    },
    Term {
        key: "lens.differences",
        label: "Differences",
        text: "1 where the source's digit differs from the destination's, 0 where they agree; in the completed lens the digits are read as a circle.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §5",
    },
    Term {
        key: "lens.abc",
        label: "a, b, c",
        text: "The dots cut the circle of digits into two arcs. a: the length of arc A, the longer (2a − n ≥ 0). b: the longest run of agreeing digits inside A (region B). c: the longest run of agreeing digits outside A (region C).",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §5, Figure 2",
    },
    Term {
        key: "lens.classes",
        label: "Class lengths",
        text: "The paper's four ways round the circle, in pattern-A steps: class 1 turns at B's ends (n + a − 2b); 2 goes through A and once more round (n + a); 3 turns at C's ends (2n − a − 2c); 4 goes the other way through A (2n − a).",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §5",
    },
    Term {
        key: "lens.paper-distance",
        label: "Paper's distance",
        text: "The shortest of the four classes: the fewest pattern-A steps. A breadth-first search on the pattern-A graph agrees.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §5",
    },
    Term {
        key: "lens.bus-distance",
        label: "Distance in busses",
        text: "The fewest busses on any path, by breadth-first search on the whole Lens, pattern B included. Where the walk turns, pattern B changes a digit in place and saves a bus, so it can be less than the paper's distance.",
        source: "docs/topologies/lens.md",
    },
    Term {
        key: "lens.bus",
        label: "Bus",
        text: "Bus Bw.av joins the p − 1 processors wi.v (the dot one place to the right, any digit i before it) and the processor w.av of the same label; its name is the processor label of Theorem 2's proof with a leading B.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §2 and Theorem 2",
    },
    Term {
        key: "deadlock.cdg",
        label: "channel dependency graph",
        text: "Its nodes are the (channel, virtual channel) pairs packets use; an edge runs from one to the next when a packet may hold the first while it waits for the second. A routing cannot deadlock when the graph has no cycle.",
        source: "Dally and Seitz, Deadlock-free message routing in multiprocessor interconnection networks, IEEE Trans. Computers, 1987",
    },
    Term {
        key: "deadlock.vc",
        label: "virtual channel",
        text: "One of several buffers sharing a physical channel. A packet holds one at a time, so giving hops different classes of virtual channels can break a cycle of dependencies.",
        source: "Dally, Virtual-channel flow control, IEEE TPDS, 1992",
    },
    Term {
        key: "deadlock.scheme",
        label: "scheme",
        text: "Which virtual channel a hop takes. one: always the first; hops: the hop number (the last class shared by later hops); phases: a new class after each phase boundary (a Dragonfly's global links); dateline: class 1 after a ring's wrap-around link.",
        source: "docs/cli.md, icn deadlock",
    },
    Term {
        key: "deadlock.duato",
        label: "Duato's condition",
        text: "An adaptive routing is deadlock-free when an escape routing on virtual channels of its own is connected and the escape channels' extended dependency graph (direct and indirect dependencies through the adaptive channels) has no cycle.",
        source: "Duato, A necessary and sufficient condition for deadlock-free adaptive routing in wormhole networks, IEEE TPDS, 1995",
    },
];

/// The term named `key`.
pub fn term(key: &str) -> Option<&'static Term> {
    TERMS.iter().find(|t| t.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_every_term_says_where_it_is_from() {
        for (i, t) in TERMS.iter().enumerate() {
            assert!(TERMS[..i].iter().all(|u| u.key != t.key), "{} twice", t.key);
            assert!(!t.label.is_empty() && t.text.len() > 40, "{}", t.key);
            assert!(
                t.source.contains('§')
                    || t.source.starts_with("docs/")
                    || t.source.contains(", 19"),
                "{}: a section, a reference in docs/ or a dated paper",
                t.key
            );
            assert_eq!(term(t.key), Some(t));
        }
        assert_eq!(term("no such term"), None);
    }

    /// The definitions of the class lengths are the formulas the engine computes: Figure 2
    /// (n = 10, a = 6, b = 3, c = 1) gives 10, 16, 12 and 14.
    #[test]
    fn the_class_formulas_are_the_engines() {
        use icn_core::topology::lens::figure2;
        let (n, a, b, c) = (10i64, 6i64, 3i64, 1i64);
        let text = term("lens.classes").map(|t| t.text).unwrap_or_default();
        for f in ["n + a − 2b", "n + a)", "2n − a − 2c", "2n − a)"] {
            assert!(text.contains(f), "{f}");
        }
        let want = [n + a - 2 * b, n + a, 2 * n - a - 2 * c, 2 * n - a];
        let fig = figure2().expect("Figure 2");
        let r = &fig.routing;
        assert_eq!((r.a as i64, r.b as i64, r.c as i64), (a, b, c));
        let got: Vec<i64> = r.class_lengths.iter().map(|&l| l as i64).collect();
        assert_eq!(got, want);
    }
}
