//! The glossary's checks: keys, sources, and that every term the page names exists.

use super::*;

#[test]
fn keys_are_unique_and_every_term_says_where_it_is_from() {
    let every: Vec<&Term> = all().collect();
    for (i, t) in every.iter().enumerate() {
        assert!(every[..i].iter().all(|u| u.key != t.key), "{} twice", t.key);
        assert!(!t.label.is_empty() && t.text.len() > 40, "{}", t.key);
        let dated = t.source.contains(", 19") || t.source.contains(", 20");
        assert!(
            t.source.contains('§')
                || t.source.starts_with("docs/")
                || dated
                || t.source.contains("Theorem"),
            "{}: a section, a reference in docs/ or a dated paper",
            t.key
        );
        assert_eq!(term(t.key), Some(*t));
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

/// Every key a view names (`<Term key="…"`) is a term, and every source it cites
/// in docs/ exists.
#[test]
fn every_key_the_page_names_is_a_term() {
    fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for e in std::fs::read_dir(dir).expect("web/src") {
            let path = e.expect("entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&path).expect("source");
                out.push((path.display().to_string(), text));
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("../src"), &mut files);
    // A key is a literal `area.name`; areas are the glossary's.
    let areas: Vec<&str> = all().filter_map(|t| t.key.split('.').next()).collect();
    let is_key = |s: &str| {
        s.split_once('.').is_some_and(|(area, rest)| {
            areas.contains(&area)
                && !rest.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
        })
    };
    let mut used = std::collections::BTreeSet::new();
    for (path, text) in &files {
        for literal in text.split('"').skip(1).step_by(2).filter(|s| is_key(s)) {
            assert!(term(literal).is_some(), "{path}: no term {literal}");
            used.insert(literal);
        }
    }
    // And every term but a routing's (named by `routing_term`) is shown somewhere.
    for t in TERMS.iter().chain(CHARTS) {
        assert!(used.contains(t.key), "{} is in no view", t.key);
    }
    for t in all() {
        if let Some(doc) = t.source.strip_prefix("docs/") {
            let file = doc.split([',', ' ']).next().unwrap_or_default();
            assert!(
                root.join("../../docs").join(file).is_file(),
                "{}: {}",
                t.key,
                t.source
            );
        }
    }
}

/// Every routing of every family, and the generic ones, has its term.
#[test]
fn every_routing_has_a_term() {
    use icn_core::{routing::registry::routings, Network, FAMILIES};
    for f in FAMILIES {
        let Ok(net) = f.example.parse::<Network>() else {
            continue;
        };
        for r in routings(&net) {
            let t = routing_term(f.name, &r.name);
            assert!(t.is_some(), "{}: {}", f.name, r.name);
        }
    }
    assert_eq!(
        routing_term("d3", "lgl").map(|t| t.key),
        Some("routing.d3.lgl")
    );
    assert_eq!(
        routing_term("dragonfly", "lgl").map(|t| t.key),
        Some("routing.lgl")
    );
    assert_eq!(routing_term("torus", "no such routing"), None);
}
