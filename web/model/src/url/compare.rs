//! The compare view's state (`?view=compare&t1=SPEC&t2=SPEC…`).

use super::{NavGroup, NetworkDefaults, Panel, Query, ViewDef};

/// The compare view's specs, as typed (`?view=compare&t1=SPEC&t2=SPEC[&t3=SPEC&t4=SPEC]`):
/// numbered parameters, so that a spec's own `:`, `,` and `=` need no escaping and the
/// order is explicit. `t1` … `t4` are read in order (a missing one is skipped; a repeated
/// one counts once); fewer than two fill up from [`COMPARE_DEFAULT`]; `t` (the other
/// views' spec) stands for `t1` when `t1` is absent, so an explorer link opens its
/// network beside the default. Nothing is validated here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareForm {
    /// Two to four specs, in order.
    pub specs: Vec<String>,
}

impl ViewDef for CompareForm {
    const SLUG: &'static str = "compare";
    const TITLE: &'static str = "Compare";
    const LABEL: &'static str = "Compare";
    const BLURB: &'static str = "Two to four networks side by side: size, degree, distances, loads";
    const GROUP: NavGroup = NavGroup::Explore;
    const PANELS: &'static [Panel] = &[Panel::Chart];

    fn from_query(q: &Query, _: &dyn NetworkDefaults) -> Self {
        let mut specs: Vec<String> = (1..=COMPARE_MAX)
            .filter_map(|i| {
                let key = format!("t{i}");
                let spec = q
                    .get(&key)
                    .or_else(|| (i == 1).then(|| q.get("t")).flatten());
                spec.map(str::to_string)
            })
            .collect();
        for default in COMPARE_DEFAULT.iter().skip(specs.len()) {
            specs.push((*default).to_string());
        }
        CompareForm { specs }
    }

    /// The query string (without `?`) of this form.
    fn to_query(&self) -> String {
        let mut q = vec![("view".into(), Self::SLUG.into())];
        for (i, spec) in self.specs.iter().take(COMPARE_MAX).enumerate() {
            q.push((format!("t{}", i + 1), spec.clone()));
        }
        Query(q).encode()
    }
}

/// The compare view's default pair: a hypercube and a Swapped Dragonfly of similar size.
pub const COMPARE_DEFAULT: [&str; 2] = ["hypercube:n=6", "d3:k=2,m=4"];

/// The most specs the compare view holds (`icn_core::analysis::MAX_COMPARE`).
pub const COMPARE_MAX: usize = 4;
