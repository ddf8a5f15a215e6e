//! The D3 sub-network view's state (`?view=subnet&t=SPEC&kind=cabinets|drawers&set=1,2,5,8`).

use super::{Query, View};

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

impl SubnetForm {
    pub(super) fn from_query(q: &Query) -> SubnetForm {
        let get = |key: &str, default: &str| q.get(key).unwrap_or(default).to_string();
        SubnetForm {
            spec: get("t", "d3:k=9,m=3"),
            kind: get("kind", "cabinets"),
            set: get("set", "1,2,5,8"),
        }
    }

    /// The query string (without `?`) of this form.
    pub fn to_query(&self) -> String {
        Query(vec![
            ("view".into(), View::Subnet.slug().into()),
            ("t".into(), self.spec.clone()),
            ("kind".into(), self.kind.clone()),
            ("set".into(), self.set.clone()),
        ])
        .encode()
    }
}
