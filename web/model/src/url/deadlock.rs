//! The deadlock view's state
//! (`?view=deadlock&t=SPEC&s=ROUTING&scheme=one|hops|phases|dateline&vcs=N&step=K`, and for
//! Duato's condition `&escape=ROUTING&escheme=one|dateline`: `s` is then the adaptive
//! routing, `vcs` the virtual channels of both).

use super::{routing_of, Context, NavGroup, NetworkDefaults, Panel, Query, Takes, ViewDef};

/// The network the deadlock view opens with: a 4 × 4 torus, whose dimension-order routing
/// deadlocks on one virtual channel and not on two with a dateline.
pub const DEADLOCK_EXAMPLE: &str = "torus:k=4x4";

/// The deadlock view's fields, as typed; nothing is validated here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadlockForm {
    /// The network's spec.
    pub spec: String,
    /// The routing strategy (the network's first when the query names none).
    pub routing: String,
    /// How a packet picks its virtual channel (`one`, `hops`, `phases`, `dateline`).
    pub scheme: String,
    /// Virtual channels per channel, as typed.
    pub vcs: String,
    /// The dependency of the cycle shown, from 1, as typed.
    pub step: String,
    /// Duato's condition: the escape routing (empty: the plain dependency graph).
    pub escape: String,
    /// The escape routing's scheme (`one` or `dateline`), as typed.
    pub escape_scheme: String,
}

impl DeadlockForm {
    /// Whether the form asks for Duato's condition.
    pub fn duato(&self) -> bool {
        !self.escape.is_empty()
    }
}

impl ViewDef for DeadlockForm {
    const SLUG: &'static str = "deadlock";
    const TITLE: &'static str = "Deadlock";
    const LABEL: &'static str = "Deadlock check";
    const BLURB: &'static str =
        "Can this routing deadlock? Its channel dependencies, a cycle drawn";
    const GROUP: NavGroup = NavGroup::Verify;
    const PANELS: &'static [Panel] = &[Panel::Diagram];
    const DRAWS_AGGREGATES: bool = true;
    const TAKES: Takes = Takes::Any;
    const RELATED: &'static str = "whether its routing can deadlock";

    fn from_query(q: &Query, defaults: &dyn NetworkDefaults) -> Self {
        let spec = q.get("t").unwrap_or(DEADLOCK_EXAMPLE).to_string();
        // The example's story: dimension order deadlocks on one virtual channel.
        let routing = routing_of(q, &spec, "dor", defaults);
        let get = |key: &str, default: &str| q.get(key).unwrap_or(default).to_string();
        let escape = get("escape", "");
        // Without an escape routing its scheme means nothing (and is not written back).
        let escape_scheme = if escape.is_empty() {
            "one".to_string()
        } else {
            get("escheme", "one")
        };
        DeadlockForm {
            spec,
            routing,
            scheme: get("scheme", "one"),
            vcs: get("vcs", "1"),
            step: get("step", "1"),
            escape,
            escape_scheme,
        }
    }

    /// The query string (without `?`) of this form.
    fn to_query(&self) -> String {
        let mut q = vec![
            ("view".into(), Self::SLUG.into()),
            ("t".into(), self.spec.clone()),
            ("s".into(), self.routing.clone()),
            ("scheme".into(), self.scheme.clone()),
            ("vcs".into(), self.vcs.clone()),
            ("step".into(), self.step.clone()),
        ];
        // Only Duato's condition writes its keys: the plain graph's links stay as they were.
        if self.duato() {
            q.push(("escape".into(), self.escape.clone()));
            q.push(("escheme".into(), self.escape_scheme.clone()));
        }
        Query(q).encode()
    }

    fn context(&self) -> Option<Context> {
        Some(Context::network(&self.spec))
    }
}
