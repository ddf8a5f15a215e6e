//! The KYKLOS join view's state (`?view=join&t=SPEC&s=I&r=J`).

use super::{Context, NavGroup, NetworkDefaults, Panel, Query, Takes, ViewDef};

/// The join view's fields, as typed (`?view=join&t=SPEC&s=I&r=J`): the KYKLOS spec, the
/// L-node holding the S (larger) fragment and the one holding the R (smaller) fragment.
/// Nothing here is validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinForm {
    /// The topology spec.
    pub spec: String,
    /// The S fragment's L-node.
    pub s: String,
    /// The R fragment's L-node.
    pub r: String,
}

impl ViewDef for JoinForm {
    const SLUG: &'static str = "join";
    const TITLE: &'static str = "KYKLOS joins";
    const LABEL: &'static str = "Database joins";
    const BLURB: &'static str = "KYKLOS: where the relational join of two fragments happens";
    const GROUP: NavGroup = NavGroup::Papers;
    const PANELS: &'static [Panel] = &[Panel::Diagram, Panel::Table];
    const TAKES: Takes = Takes::Family("kyklos2");
    const PAIR_KEYS: &'static [&'static str] = &["s", "r"];
    const RELATED: &'static str = "this pair's join site";

    /// Reads `t`, `s` and `r`; missing nodes are the example's on the example's network,
    /// else the ends of the network's default route.
    fn from_query(q: &Query, defaults: &dyn NetworkDefaults) -> Self {
        let spec = q.get("t").unwrap_or(JOIN_EXAMPLE.0).to_string();
        let (s, r) = match (q.get("s"), q.get("r")) {
            (Some(s), Some(r)) => (s.to_string(), r.to_string()),
            (s, r) if spec == JOIN_EXAMPLE.0 => (
                s.unwrap_or(JOIN_EXAMPLE.1).to_string(),
                r.unwrap_or(JOIN_EXAMPLE.2).to_string(),
            ),
            (s, r) => {
                let route = defaults.defaults(&spec).map(|d| (d.from, d.to));
                let (ds, dr) = route.unwrap_or_default();
                (s.map_or(ds, str::to_string), r.map_or(dr, str::to_string))
            }
        };
        JoinForm { spec, s, r }
    }

    /// The query string (without `?`) of this form.
    fn to_query(&self) -> String {
        Query(vec![
            ("view".into(), Self::SLUG.into()),
            ("t".into(), self.spec.clone()),
            ("s".into(), self.s.clone()),
            ("r".into(), self.r.clone()),
        ])
        .encode()
    }

    fn context(&self) -> Option<Context> {
        Some(Context {
            spec: self.spec.clone(),
            from: Some(self.s.clone()),
            to: Some(self.r.clone()),
        })
    }
}

/// The join view's example: TR-88-27's KYKLOS-II⟨2,2,6⟩ (Table 2), S at 42, R at 0
/// (the worked example of docs/topologies/kyklos.md).
pub const JOIN_EXAMPLE: (&str, &str, &str) = ("kyklos2:m=2,r=2,n=6,shuffle=proposed", "42", "0");
