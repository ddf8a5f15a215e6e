//! The D3 schedule view's state
//! (`?view=schedule&t=SPEC&c=COLLECTIVE&root=ADDR&rule=RULE&step=K&perm=NAME&seed=S&play=1`).

use super::{Context, NavGroup, NetworkDefaults, Panel, Query, Takes, ViewDef};

/// The permutation the view opens with.
const PERM: &str = "shift";
/// The random permutation's seed the view opens with.
const SEED: &str = "1";

/// The D3 schedule view's fields, as typed
/// (`?view=schedule&t=SPEC&c=COLLECTIVE&root=ADDR&rule=RULE&step=K`, plus
/// `perm=NAME&seed=S` for the permutation and `play=1` while playing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleForm {
    /// The topology spec (a `d3:` one).
    pub spec: String,
    /// `one-to-all`, `all-to-one`, `broadcast` or `all-to-all`.
    pub collective: String,
    /// The source or sink.
    pub root: String,
    /// `paper` or `greedy`.
    pub rule: String,
    /// The step shown, from 1; a value that is not a number reads as 1.
    pub step: u32,
    /// The permutation's name (`shift`, `swap`, `reverse`, `random`).
    pub perm: String,
    /// The seed of the `random` permutation, as typed.
    pub seed: String,
    /// Whether the player is stepping on its own (`play=1`).
    pub play: bool,
}

impl ViewDef for ScheduleForm {
    const SLUG: &'static str = "schedule";
    const TITLE: &'static str = "D3 schedules";
    const LABEL: &'static str = "Collective schedules";
    const BLURB: &'static str =
        "The Swapped Dragonfly's collectives (one-to-all, all-to-all) step by step";
    const GROUP: NavGroup = NavGroup::Papers;
    const PANELS: &'static [Panel] = &[Panel::Player];
    const DRAWS_AGGREGATES: bool = true;
    const TAKES: Takes = Takes::Family("d3");
    const PAIR_KEYS: &'static [&'static str] = &["root"];
    const RELATED: &'static str = "a schedule on this network, from this node";

    /// `perm=` is read for the permutation only and `seed=` for the random one only, as
    /// [`ViewDef::to_query`] writes them: the state an address opens is the state it writes.
    fn from_query(q: &Query, _: &dyn NetworkDefaults) -> Self {
        let get = |key: &str, default: &str| q.get(key).unwrap_or(default).to_string();
        let collective = get("c", "one-to-all");
        let perm = match collective.as_str() {
            "permutation" => get("perm", PERM),
            _ => PERM.to_string(),
        };
        let seed = match perm.as_str() {
            "random" => get("seed", SEED),
            _ => SEED.to_string(),
        };
        ScheduleForm {
            spec: get("t", "d3:k=3,m=4"),
            collective,
            root: get("root", "(0,0,1)"),
            rule: get("rule", "paper"),
            step: q.get("step").and_then(|k| k.parse().ok()).unwrap_or(1),
            perm,
            seed,
            play: q.get("play") == Some("1"),
        }
    }

    /// The query string (without `?`) of this form.
    fn to_query(&self) -> String {
        let mut q = Query(vec![
            ("view".into(), Self::SLUG.into()),
            ("t".into(), self.spec.clone()),
            ("c".into(), self.collective.clone()),
            ("root".into(), self.root.clone()),
            ("rule".into(), self.rule.clone()),
            ("step".into(), self.step.to_string()),
        ]);
        if self.collective == "permutation" {
            q.0.push(("perm".into(), self.perm.clone()));
            if self.perm == "random" {
                q.0.push(("seed".into(), self.seed.clone()));
            }
        }
        if self.play {
            q.0.push(("play".into(), "1".into()));
        }
        q.encode()
    }

    fn context(&self) -> Option<Context> {
        Some(Context {
            from: Some(self.root.clone()),
            ..Context::network(&self.spec)
        })
    }
}
