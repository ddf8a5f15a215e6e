//! One explorable, not separate forms: the network and the pair a view shows, carried to
//! another view that accepts that network (the navigation's links and the "on this network"
//! links). A view that does not take the network opens as it would on its own.

use super::{AppState, Query, View, ViewChoice};

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
    /// The family name: the spec before `:`.
    pub fn family(&self) -> &str {
        self.spec.split(':').next().unwrap_or_default()
    }
}

/// Whether `view` takes a network of `family` (by name: nothing is built here; the view
/// reports what else it needs, as for any URL).
pub fn accepts(view: View, family: &str) -> bool {
    match view {
        View::Route | View::Deadlock | View::Sim | View::Throughput => !family.is_empty(),
        View::Walk => family == "lens",
        View::Join => family == "kyklos2",
        View::Schedule | View::Subnet => family == "d3",
        View::Charts | View::Compare | View::Papers => false,
    }
}

/// What a link to `view` says it shows of the current network.
pub fn related_label(view: View) -> &'static str {
    match view {
        View::Route => "this pair's routes",
        View::Walk => "this pair in the Lens walkthrough",
        View::Join => "this pair's join site",
        View::Schedule => "a schedule on this network, from this node",
        View::Subnet => "this network's sub-networks",
        View::Deadlock => "whether its routing can deadlock",
        View::Sim => "packets simulated on it",
        View::Throughput => "its routing's throughput and worst case",
        View::Charts | View::Compare | View::Papers => "",
    }
}

impl AppState {
    /// The network and pair the shown view holds; `None` for views without one network.
    pub fn context(&self) -> Option<Context> {
        let pair = |a: &str, b: &str| (Some(a.to_string()), Some(b.to_string()));
        let ViewChoice::Known(view) = self.view else {
            return None;
        };
        let (spec, (from, to)) = match view {
            View::Route => (self.route.spec(), pair(&self.route.from, &self.route.to)),
            View::Walk => (self.walk.spec.clone(), pair(&self.walk.from, &self.walk.to)),
            View::Join => (self.join.spec.clone(), pair(&self.join.s, &self.join.r)),
            View::Schedule => (
                self.schedule.spec.clone(),
                (Some(self.schedule.root.clone()), None),
            ),
            View::Subnet => (self.subnet.spec.clone(), (None, None)),
            View::Deadlock => (self.deadlock.spec.clone(), (None, None)),
            View::Sim => (self.sim.spec.clone(), (None, None)),
            View::Throughput => (self.throughput.spec.clone(), (None, None)),
            View::Charts | View::Compare | View::Papers => return None,
        };
        Some(Context { spec, from, to })
    }

    /// Whether a link to `target` carries this view's network: `target` is another view and
    /// takes it. A link that does not only switches the view, keeping every form as held.
    pub fn carries(&self, target: View) -> bool {
        self.view != ViewChoice::Known(target)
            && self.context().is_some_and(|c| accepts(target, c.family()))
    }

    /// The query (without `?`) of a link to `target`: the current state when it is the view
    /// shown (with the aggregates opened); else the target with this view's network, and its pair where the target has
    /// one, when it accepts that network (its other fields take their defaults for that
    /// network); else the target as its form holds it.
    pub fn carried_query(&self, target: View) -> String {
        let Some(c) = self.context().filter(|_| self.carries(target)) else {
            let mut there = self.clone();
            if there.view != ViewChoice::Known(target) {
                // The aggregates opened are this view's drawing's.
                there.open.clear();
            }
            there.view = ViewChoice::Known(target);
            return there.to_query();
        };
        let mut q: Vec<(String, String)> = vec![("view".into(), target.slug().into())];
        {
            q.push(("t".into(), c.spec.clone()));
            let keys: &[&str] = match target {
                View::Route | View::Walk => &["from", "to"],
                View::Join => &["s", "r"],
                View::Schedule => &["root"],
                _ => &[],
            };
            for (key, value) in keys.iter().zip([c.from, c.to]) {
                if let Some(v) = value {
                    q.push(((*key).into(), v));
                }
            }
        }
        Query(q).encode()
    }

    /// The other views that take the shown view's network: each with its label and query.
    pub fn related(&self) -> Vec<(View, &'static str, String)> {
        let Some(c) = self.context() else {
            return Vec::new();
        };
        View::ALL
            .iter()
            .copied()
            .filter(|&v| self.view != ViewChoice::Known(v) && accepts(v, c.family()))
            .map(|v| (v, related_label(v), self.carried_query(v)))
            .collect()
    }
}
