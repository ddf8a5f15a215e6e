//! The D3 sub-network view's state (`?view=subnet&t=SPEC&kind=cabinets|drawers&set=1,2,5,8`).

use super::{Context, NavGroup, NetworkDefaults, Panel, Query, Takes, ViewDef};

/// The D3 sub-network view's fields, as typed
/// (`?view=subnet&t=SPEC&kind=cabinets|drawers&set=1,2,5,8`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubnetForm {
    /// The big network's spec (a `d3:` one), D3(N, M).
    pub spec: String,
    /// `cabinets` (κ ⊂ cabinets, Theorem 1: D3(|κ|, M)) or `drawers` (λ ⊂ {0…M−1}:
    /// routers (c, d, p) with d, p ∈ λ, D3(N, |λ|)).
    pub kind: String,
    /// κ or λ, comma separated, as typed.
    pub set: String,
}

impl ViewDef for SubnetForm {
    const SLUG: &'static str = "subnet";
    const TITLE: &'static str = "D3 sub-networks";
    const LABEL: &'static str = "Sub-networks";
    const BLURB: &'static str =
        "The Swapped Dragonfly's sub-networks (Theorem 1) drawn and checked";
    const GROUP: NavGroup = NavGroup::Papers;
    const PANELS: &'static [Panel] = &[Panel::Diagram];
    const DRAWS_AGGREGATES: bool = true;
    const TAKES: Takes = Takes::Family("d3");
    const RELATED: &'static str = "this network's sub-networks";

    fn from_query(q: &Query, _: &dyn NetworkDefaults) -> Self {
        let get = |key: &str, default: &str| q.get(key).unwrap_or(default).to_string();
        SubnetForm {
            spec: get("t", "d3:k=9,m=3"),
            kind: get("kind", "cabinets"),
            set: get("set", "1,2,5,8"),
        }
    }

    /// The query string (without `?`) of this form.
    fn to_query(&self) -> String {
        Query(vec![
            ("view".into(), Self::SLUG.into()),
            ("t".into(), self.spec.clone()),
            ("kind".into(), self.kind.clone()),
            ("set".into(), self.set.clone()),
        ])
        .encode()
    }

    fn context(&self) -> Option<Context> {
        Some(Context::network(&self.spec))
    }
}
