//! The route explorer's state (`?view=route&t=SPEC&from=A&to=B&s=STRATEGY`, `path=K` when
//! the K-th listed path is the one picked, and `glgl=1` when the Swapped Dragonfly's card
//! shows §10's glgl path): the spec kept item by item as typed, so that each parameter has
//! its field.

use icn_core::{family, FamilyInfo, FAMILIES};

use super::{Context, NavGroup, NetworkDefaults, Panel, Query, Takes, ViewDef};

/// One `key[=value]` item of a topology spec, exactly as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecItem {
    /// The text before the first `=`.
    pub key: String,
    /// The text after it; `None` when there is no `=`.
    pub value: Option<String>,
}

/// The route explorer's fields, as typed. Nothing here is validated: the page parses each
/// field with core's parsers and shows the error beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteForm {
    /// The family name (the part of the spec before `:`).
    pub family: String,
    /// The spec's items in the order typed; `None` when the spec has no `:` at all.
    pub items: Option<Vec<SpecItem>>,
    /// Source address.
    pub from: String,
    /// Destination address.
    pub to: String,
    /// Routing strategy name.
    pub strategy: String,
    /// D3 only: whether §10's glgl path is shown beside the strategy's route (`glgl=1`).
    pub glgl: bool,
    /// The picked path, numbered from 1 in the listed paths (`path=K`); `None` is the first.
    /// A number past the listed paths shows the first.
    pub path: Option<usize>,
}

/// Reads `path=`: a whole number from 1 up, digits only (at most 9, so it fits any `usize`);
/// anything else is no pick.
fn read_path(value: Option<&str>) -> Option<usize> {
    let v = value?;
    if v.is_empty() || v.len() > 9 || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse::<usize>().ok().filter(|&k| k >= 1)
}

impl RouteForm {
    /// The example of `family`: its example spec, example route and default strategy.
    pub fn example(family: &FamilyInfo) -> RouteForm {
        RouteForm {
            family: family.name.to_string(),
            items: split_spec(family.example).1,
            from: family.example_route.0.to_string(),
            to: family.example_route.1.to_string(),
            strategy: family.strategies.first().map_or("", |s| s.name).to_string(),
            glgl: false,
            path: None,
        }
    }

    /// Whether `other` asks for the same route (spec, ends and strategy): a picked path
    /// means something only while it does.
    pub fn same_route(&self, other: &RouteForm) -> bool {
        (self.spec(), &self.from, &self.to, &self.strategy)
            == (other.spec(), &other.from, &other.to, &other.strategy)
    }

    /// The topology spec, `family:key=value,...`, exactly as the fields hold it.
    pub fn spec(&self) -> String {
        let mut out = self.family.clone();
        if let Some(items) = &self.items {
            out.push(':');
            let parts: Vec<String> = items
                .iter()
                .map(|it| match &it.value {
                    Some(v) => format!("{}={v}", it.key),
                    None => it.key.clone(),
                })
                .collect();
            out.push_str(&parts.join(","));
        }
        out
    }

    /// The value typed for parameter `key` ("" when absent).
    pub fn param(&self, key: &str) -> String {
        self.items
            .iter()
            .flatten()
            .find(|it| it.key == key)
            .and_then(|it| it.value.clone())
            .unwrap_or_default()
    }

    /// Sets parameter `key`; an empty value removes it, so core reports it as missing.
    pub fn set_param(&mut self, key: &str, value: &str) {
        let items = self.items.get_or_insert_with(Vec::new);
        let at = items.iter().position(|it| it.key == key);
        match (at, value.is_empty()) {
            (Some(i), true) => {
                items.remove(i);
            }
            (Some(i), false) => items[i].value = Some(value.to_string()),
            (None, true) => {}
            (None, false) => items.push(SpecItem {
                key: key.to_string(),
                value: Some(value.to_string()),
            }),
        }
        if items.is_empty() {
            self.items = None;
        }
    }

    /// Whether flag `key` is in the spec.
    pub fn has_flag(&self, key: &str) -> bool {
        self.items
            .iter()
            .flatten()
            .any(|it| it.key == key && it.value.is_none())
    }

    /// Switches flag `key` on (appended) or off (every occurrence removed).
    pub fn set_flag(&mut self, key: &str, on: bool) {
        let items = self.items.get_or_insert_with(Vec::new);
        items.retain(|it| !(it.key == key && it.value.is_none()));
        if on {
            items.push(SpecItem {
                key: key.to_string(),
                value: None,
            });
        }
        if items.is_empty() {
            self.items = None;
        }
    }

    /// The items that no parameter field or flag checkbox shows: unknown keys, repeats,
    /// flags given a value.
    /// Returned with their index, for [`RouteForm::remove_item`].
    pub fn extra_items(&self) -> Vec<(usize, SpecItem)> {
        let info = family(&self.family);
        let known: &[&str] =
            &info.map_or_else(Vec::new, |f| f.params.iter().map(|p| p.key).collect());
        let flags: &[&str] =
            &info.map_or_else(Vec::new, |f| f.flags.iter().map(|p| p.key).collect());
        let mut shown: Vec<&str> = Vec::new();
        let mut extras = Vec::new();
        for (i, it) in self.items.iter().flatten().enumerate() {
            let is_field = (known.contains(&it.key.as_str()) && it.value.is_some())
                || (flags.contains(&it.key.as_str()) && it.value.is_none());
            if is_field && !shown.contains(&it.key.as_str()) {
                shown.push(it.key.as_str());
            } else {
                extras.push((i, it.clone()));
            }
        }
        extras
    }

    /// Removes the item at `index` (as numbered by [`RouteForm::extra_items`]).
    pub fn remove_item(&mut self, index: usize) {
        if let Some(items) = &mut self.items {
            if index < items.len() {
                items.remove(index);
            }
            if items.is_empty() {
                self.items = None;
            }
        }
    }
}

impl ViewDef for RouteForm {
    const SLUG: &'static str = "route";
    const TITLE: &'static str = "Route explorer";
    const LABEL: &'static str = "Route explorer";
    const BLURB: &'static str =
        "Any network: the distance, every path and the route drawn between two nodes";
    const GROUP: NavGroup = NavGroup::Explore;
    const PANELS: &'static [Panel] = &[Panel::Diagram];
    const DRAWS_AGGREGATES: bool = true;
    const TAKES: Takes = Takes::Any;
    const PAIR_KEYS: &'static [&'static str] = &["from", "to"];
    const RELATED: &'static str = "this pair's routes";

    /// Reads `t`, `from`, `to`, `s`, `path` and `glgl` (on when `1`). A missing address is the end of the network's
    /// default route (the family's example route when the spec does not parse); a missing
    /// strategy is the first these parameters support (the family's first when the spec
    /// does not parse).
    fn from_query(q: &Query, defaults: &dyn NetworkDefaults) -> Self {
        let fallback = &FAMILIES[0];
        let spec = q.get("t").unwrap_or(fallback.example);
        let (family_name, items) = split_spec(spec);
        let info = family(&family_name);
        let net = defaults.defaults(spec);
        let example = info.map(|f| f.example_route);
        let from = match (q.get("from"), &net) {
            (Some(a), _) => a.to_string(),
            (None, Some(d)) => d.from.clone(),
            (None, None) => example.map(|e| e.0).unwrap_or_default().to_string(),
        };
        let to = match (q.get("to"), &net) {
            (Some(a), _) => a.to_string(),
            (None, Some(d)) => d.to.clone(),
            (None, None) => example.map(|e| e.1).unwrap_or_default().to_string(),
        };
        let strategy = match q.get("s") {
            Some(s) => s.to_string(),
            None => net
                .and_then(|d| d.strategy)
                .or_else(|| {
                    let first = info.unwrap_or(fallback).strategies.first();
                    first.map(|s| s.name.to_string())
                })
                .unwrap_or_default(),
        };
        RouteForm {
            family: family_name,
            items,
            from,
            to,
            strategy,
            glgl: q.get("glgl") == Some("1"),
            path: read_path(q.get("path")),
        }
    }

    /// The query string (without `?`) of this form (`glgl=1` only when on).
    fn to_query(&self) -> String {
        let mut q = vec![
            ("view".into(), Self::SLUG.into()),
            ("t".into(), self.spec()),
            ("from".into(), self.from.clone()),
            ("to".into(), self.to.clone()),
            ("s".into(), self.strategy.clone()),
        ];
        if self.glgl {
            q.push(("glgl".into(), "1".into()));
        }
        if let Some(k) = self.path {
            q.push(("path".into(), k.to_string()));
        }
        Query(q).encode()
    }

    fn context(&self) -> Option<Context> {
        Some(Context {
            spec: self.spec(),
            from: Some(self.from.clone()),
            to: Some(self.to.clone()),
        })
    }
}

/// Splits a spec into its family and items, keeping every character: joining them back with
/// [`RouteForm::spec`] gives the input again. Core's parser judges it later.
pub(super) fn split_spec(spec: &str) -> (String, Option<Vec<SpecItem>>) {
    match spec.split_once(':') {
        None => (spec.to_string(), None),
        Some((family, rest)) => {
            let items = rest
                .split(',')
                .map(|raw| match raw.split_once('=') {
                    Some((k, v)) => SpecItem {
                        key: k.to_string(),
                        value: Some(v.to_string()),
                    },
                    None => SpecItem {
                        key: raw.to_string(),
                        value: None,
                    },
                })
                .collect();
            (family.to_string(), Some(items))
        }
    }
}
