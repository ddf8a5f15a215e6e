//! The Lens walkthrough's state
//! (`?view=walk&t=SPEC&from=A&to=B&choice=C&step=K&loads=1`).

use super::{Context, NavGroup, NetworkDefaults, Panel, Query, Takes, ViewDef};

/// The Lens walkthrough's fields, as typed
/// (`?view=walk&t=SPEC&from=A&to=B&choice=C&step=K&loads=1`).
/// Nothing here is validated except `step`, a position that only the buttons write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkForm {
    /// The topology spec.
    pub spec: String,
    /// Source processor.
    pub from: String,
    /// Destination processor.
    pub to: String,
    /// Which path: `shortest`, `paper`, `left`, `right`, `class1` … `class4`. Absent:
    /// `class1` (Figure 2's route) on Figure 2's lens and pair, else `shortest`.
    pub choice: String,
    /// How many steps have been played (0: at the source). A value that is not a number
    /// reads as 0; one past the end shows the last step.
    pub step: usize,
    /// Whether the diagram is coloured by load under uniform traffic (`loads=1`).
    pub loads: bool,
}

impl ViewDef for WalkForm {
    const SLUG: &'static str = "walk";
    const TITLE: &'static str = "Lens walkthrough";
    const LABEL: &'static str = "Lens walkthrough";
    const BLURB: &'static str = "The Lens paper's route played bus by bus, with its analysis";
    const GROUP: NavGroup = NavGroup::Papers;
    const PANELS: &'static [Panel] = &[Panel::Player];
    const TAKES: Takes = Takes::Family("lens");
    const PAIR_KEYS: &'static [&'static str] = &["from", "to"];
    const RELATED: &'static str = "this pair in the Lens walkthrough";

    /// Reads `t`, `from`, `to`, `choice`, `step` and `loads`.
    fn from_query(q: &Query, defaults: &dyn NetworkDefaults) -> Self {
        let spec = q.get("t").unwrap_or(WALK_EXAMPLE.0).to_string();
        let example = (spec == WALK_EXAMPLE.0).then_some((WALK_EXAMPLE.1, WALK_EXAMPLE.2));
        // Missing: Figure 2's addresses on Figure 2's lens, else the network's default route.
        let (from, to) = match (q.get("from"), q.get("to"), example) {
            (Some(a), Some(b), _) => (a.to_string(), b.to_string()),
            (a, b, Some(e)) => (a.unwrap_or(e.0).to_string(), b.unwrap_or(e.1).to_string()),
            (a, b, None) => {
                let route = defaults.defaults(&spec).map(|d| (d.from, d.to));
                let (da, db) = route.unwrap_or_default();
                (a.map_or(da, str::to_string), b.map_or(db, str::to_string))
            }
        };
        // Figure 2 is drawn with its class-1 route (docs/specs.md), any other pair its shortest.
        let figure_2 = (spec.as_str(), from.as_str(), to.as_str()) == WALK_EXAMPLE;
        let choice = q
            .get("choice")
            .unwrap_or(if figure_2 { "class1" } else { "shortest" });
        WalkForm {
            spec,
            from,
            to,
            choice: choice.to_string(),
            step: q.get("step").and_then(|k| k.parse().ok()).unwrap_or(0),
            loads: q.get("loads") == Some("1"),
        }
    }

    /// The query string (without `?`) of this form; `step` only when not 0.
    fn to_query(&self) -> String {
        let mut pairs = vec![
            ("view".into(), Self::SLUG.into()),
            ("t".into(), self.spec.clone()),
            ("from".into(), self.from.clone()),
            ("to".into(), self.to.clone()),
            ("choice".into(), self.choice.clone()),
        ];
        if self.step > 0 {
            pairs.push(("step".into(), self.step.to_string()));
        }
        if self.loads {
            pairs.push(("loads".into(), "1".into()));
        }
        Query(pairs).encode()
    }

    fn context(&self) -> Option<Context> {
        Some(Context {
            spec: self.spec.clone(),
            from: Some(self.from.clone()),
            to: Some(self.to.clone()),
        })
    }
}

/// The walkthrough's example: Figure 2 of the Lens paper.
pub const WALK_EXAMPLE: (&str, &str, &str) =
    ("lens:p=4,q=4,n=10,completed", "021.0212012", "0110010.212");

/// The walkthrough of `spec` with the diagram coloured by load.
pub fn walk_loads_href(spec: &str) -> String {
    let query = Query(vec![
        ("view".into(), WalkForm::SLUG.into()),
        ("t".into(), spec.into()),
        ("loads".into(), "1".into()),
    ]);
    format!("?{}", query.encode())
}
