//! One explorable, not separate forms: the network and the pair a view shows, carried to
//! another view that accepts that network (the navigation's links and the "on this network"
//! links). A view that does not take the network opens as it would on its own.

use super::{AppState, NoNetwork, Query, View, ViewChoice};

/// The network a view shows and its pair of nodes, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The topology spec.
    pub spec: String,
    /// The first node (the route's From, the join's S, the schedule's root), if the view
    /// has one.
    pub from: Option<String>,
    /// The second node (To, R), if the view has one.
    pub to: Option<String>,
}

impl Context {
    /// The network `spec`, without a pair.
    pub fn network(spec: &str) -> Context {
        Context {
            spec: spec.to_string(),
            from: None,
            to: None,
        }
    }

    /// The family name: the spec before `:`.
    pub fn family(&self) -> &str {
        self.spec.split(':').next().unwrap_or_default()
    }
}

/// Whether `view` takes a network of `family` (its [`ViewDef::TAKES`](super::ViewDef::TAKES)).
pub fn accepts(view: View, family: &str) -> bool {
    view.facts().takes.accepts(family)
}

/// What a link to `view` says it shows of the current network
/// ([`ViewDef::RELATED`](super::ViewDef::RELATED)).
pub fn related_label(view: View) -> &'static str {
    view.facts().related
}

impl AppState {
    /// The network and pair the shown view holds; `None` for views without one network.
    pub fn context(&self) -> Option<Context> {
        self.shown.context()
    }

    /// Whether a link to `target` carries this view's network: `target` is another view and
    /// takes it. A link that does not opens the target as it was left, or fresh.
    pub fn carries(&self, target: View) -> bool {
        self.view() != ViewChoice::Known(target)
            && self.context().is_some_and(|c| accepts(target, c.family()))
    }

    /// The query (without `?`) of a link to `target`: the current state when it is the view
    /// shown (with the aggregates opened); else the target with this view's network, and its
    /// pair where the target has one, when it accepts that network (its other fields take
    /// their defaults for that network); else `left(target)`: the target as the reader left
    /// it earlier, or fresh ([`AppState::fresh`]), without the aggregates opened in it.
    pub fn carried_query(&self, target: View, left: &dyn Fn(View) -> AppState) -> String {
        if self.view() == ViewChoice::Known(target) {
            return self.to_query();
        }
        let Some(c) = self.context().filter(|_| self.carries(target)) else {
            return left(target).shown.to_query();
        };
        let mut q: Vec<(String, String)> = vec![
            ("view".into(), target.slug().into()),
            ("t".into(), c.spec.clone()),
        ];
        for (key, value) in target.facts().pair_keys.iter().zip([c.from, c.to]) {
            if let Some(v) = value {
                q.push(((*key).into(), v));
            }
        }
        Query(q).encode()
    }

    /// The other views that take the shown view's network: each with its label and query.
    pub fn related(&self) -> Vec<(View, &'static str, String)> {
        let shown = self.view();
        let Some(c) = self.context() else {
            return Vec::new();
        };
        View::ALL
            .iter()
            .copied()
            .filter(|&v| shown != ViewChoice::Known(v) && accepts(v, c.family()))
            .map(|v| {
                let unused = |v| AppState::fresh(v, &NoNetwork);
                (v, related_label(v), self.carried_query(v, &unused))
            })
            .collect()
    }
}
