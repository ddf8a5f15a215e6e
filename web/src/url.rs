//! Typed view state <-> query string.
//!
//! Every view keeps all of its state in the query, so a URL can be reloaded, shared and
//! embedded from any sub-path (no path segments, no routing on the path):
//!
//! ```text
//! ?view=route&t=hypercycle:m=5x4x3,rho=2x1x1&from=000&to=421&s=minimal
//!  ^ View      ^ topology spec (core grammar)  ^ addresses       ^ strategy
//! ```
//!
//! A missing parameter takes the family's example ([`icn_core::FamilyInfo::example`],
//! [`icn_core::FamilyInfo::example_route`]). A present but invalid one is kept as typed: the
//! page shows it in its field with the error beside it, it is never replaced.

use icn_core::{family, FamilyInfo, Network, FAMILIES};

/// The views of the site, in menu order. The navigation is generated from [`View::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// Distance, path counts and paths between two nodes, with a diagram.
    Route,
    /// The Lens walkthrough: a route played step by step, with the paper's analysis.
    Walk,
    /// KYKLOS relational joins: where the partial join of two fragments happens.
    Join,
    /// Every reproduced table of the five papers, printed beside computed.
    Papers,
    /// A D3 collective played step by step (`?view=schedule`).
    Schedule,
    /// D3 sub-networks (Theorem 1 and the maintenance sub-networks, `?view=subnet`).
    Subnet,
    /// Charts of load, density and distance (`?view=charts&chart=NAME`).
    Charts,
    /// Two to four networks side by side (`?view=compare&t1=SPEC&t2=SPEC…`).
    Compare,
}

impl View {
    /// Every view, in menu order; the first is the default.
    pub const ALL: &'static [View] = &[
        View::Route,
        View::Walk,
        View::Join,
        View::Schedule,
        View::Subnet,
        View::Charts,
        View::Compare,
        View::Papers,
    ];

    /// The value of `view=` in the query.
    pub fn slug(self) -> &'static str {
        match self {
            View::Route => "route",
            View::Walk => "walk",
            View::Join => "join",
            View::Papers => "papers",
            View::Schedule => "schedule",
            View::Subnet => "subnet",
            View::Charts => "charts",
            View::Compare => "compare",
        }
    }

    /// The menu title.
    pub fn title(self) -> &'static str {
        match self {
            View::Route => "Route explorer",
            View::Walk => "Lens walkthrough",
            View::Join => "KYKLOS joins",
            View::Papers => "Papers",
            View::Schedule => "D3 schedules",
            View::Subnet => "D3 sub-networks",
            View::Charts => "Charts",
            View::Compare => "Compare",
        }
    }

    /// The view whose slug is `slug`.
    pub fn from_slug(slug: &str) -> Option<View> {
        View::ALL.iter().copied().find(|v| v.slug() == slug)
    }

    /// The view shown when the query names none.
    pub fn default_view() -> View {
        View::ALL[0]
    }
}

/// Which view the query asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViewChoice {
    /// A view the site has.
    Known(View),
    /// `view=` named something else; kept to say so.
    Unknown(String),
}

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
}

/// The whole view state of the site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppState {
    /// The view shown.
    pub view: ViewChoice,
    /// The route explorer's fields.
    pub route: RouteForm,
    /// The Lens walkthrough's fields.
    pub walk: WalkForm,
    /// The join view's fields.
    pub join: JoinForm,
    /// The Papers view's choice (`?view=papers&paper=ID`).
    pub papers: PapersForm,
    /// The D3 schedule view's fields.
    pub schedule: ScheduleForm,
    /// The D3 sub-network view's fields.
    pub subnet: SubnetForm,
    /// The Charts view's fields.
    pub charts: ChartsForm,
    /// The Charts view's simulation fields.
    pub charts_sim: ChartsSimForm,
    /// The compare view's specs.
    pub compare: CompareForm,
}

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

/// The compare view's default pair: a hypercube and a Swapped Dragonfly of similar size.
pub const COMPARE_DEFAULT: [&str; 2] = ["hypercube:n=6", "d3:k=2,m=4"];

/// The most specs the compare view holds (`icn_core::analysis::MAX_COMPARE`).
pub const COMPARE_MAX: usize = 4;

impl CompareForm {
    fn from_query(q: &Query) -> CompareForm {
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
    pub fn to_query(&self) -> String {
        let mut q = vec![("view".into(), View::Compare.slug().into())];
        for (i, spec) in self.specs.iter().take(COMPARE_MAX).enumerate() {
            q.push((format!("t{}", i + 1), spec.clone()));
        }
        Query(q).encode()
    }
}

/// The Charts view's fields, as typed (`?view=charts&chart=NAME&t=SPEC&s=STRATEGY&n=N`):
/// the chart (a name of `icn_core::charts::ChartKind`), the KYKLOS spec and strategy of
/// the per-level charts, and n of the others (absent: the chart's default). Nothing here
/// is validated: the page parses with `icn_core::charts::ChartRequest::new` and shows the
/// error beside the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartsForm {
    /// The chart's name.
    pub chart: String,
    /// The KYKLOS spec (`levels`, `load`).
    pub spec: String,
    /// The strategy (`levels`, `load`).
    pub strategy: String,
    /// n as typed; `None` when absent.
    pub n: Option<String>,
}

/// The Charts view's simulation fields (`hc-sim`: `&seed=S&ticks=T`), as typed; `None`
/// when absent (the chart's default). Beside [`ChartsForm`] so that links built from a
/// `ChartsForm` literal keep compiling.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ChartsSimForm {
    /// The seed.
    pub seed: Option<String>,
    /// Measured ticks.
    pub ticks: Option<String>,
}

impl ChartsSimForm {
    fn from_query(q: &Query) -> ChartsSimForm {
        ChartsSimForm {
            seed: q.get("seed").map(str::to_string),
            ticks: q.get("ticks").map(str::to_string),
        }
    }

    /// `query` (a Charts view's query) with the seed and ticks that are present appended.
    pub fn append_to(&self, query: String) -> String {
        let mut q = Vec::new();
        for (key, value) in [("seed", &self.seed), ("ticks", &self.ticks)] {
            if let Some(v) = value {
                q.push((key.to_string(), v.clone()));
            }
        }
        if q.is_empty() {
            query
        } else {
            format!("{query}&{}", Query(q).encode())
        }
    }
}

/// The Charts view's defaults: the density chart; TR-88-27's KYKLOS-II⟨2,2,6⟩ under Y-2
/// for the per-level charts.
pub const CHARTS_DEFAULT: (&str, &str, &str) =
    ("density", "kyklos2:m=2,r=2,n=6,shuffle=proposed", "y2");

impl ChartsForm {
    fn from_query(q: &Query) -> ChartsForm {
        let get = |key: &str, default: &str| q.get(key).unwrap_or(default).to_string();
        let chart = get("chart", CHARTS_DEFAULT.0);
        // Without t, the chart's own default network (a Lens for lens-*, the 4-cube for
        // hc-*, …); the KYKLOS charts keep CHARTS_DEFAULT's.
        let spec_default = icn_core::charts::ChartKind::from_name(&chart)
            .map_or(CHARTS_DEFAULT.1, icn_core::charts::ChartKind::default_spec);
        ChartsForm {
            spec: get("t", spec_default),
            strategy: get("s", CHARTS_DEFAULT.2),
            n: q.get("n").map(str::to_string),
            chart,
        }
    }

    /// The query string (without `?`) of this form.
    pub fn to_query(&self) -> String {
        let mut q = vec![
            ("view".into(), View::Charts.slug().into()),
            ("chart".into(), self.chart.clone()),
            ("t".into(), self.spec.clone()),
        ];
        // Charts without a strategy (all but the KYKLOS ones) leave it out.
        if !self.strategy.is_empty() {
            q.push(("s".into(), self.strategy.clone()));
        }
        if let Some(n) = &self.n {
            q.push(("n".into(), n.clone()));
        }
        Query(q).encode()
    }
}

/// The Papers view's state: which paper (an id of `icn_core::papers::PAPERS`, kept as
/// typed; the page reports an unknown one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PapersForm {
    /// The paper's id.
    pub paper: String,
}

impl PapersForm {
    fn from_query(q: &Query) -> PapersForm {
        PapersForm {
            paper: q
                .get("paper")
                .unwrap_or(icn_core::papers::PAPERS[0].id)
                .to_string(),
        }
    }

    /// The query string (without `?`) of this form.
    pub fn to_query(&self) -> String {
        Query(vec![
            ("view".into(), View::Papers.slug().into()),
            ("paper".into(), self.paper.clone()),
        ])
        .encode()
    }
}

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

/// The join view's example: TR-88-27's KYKLOS-II⟨2,2,6⟩ (Table 2), S at 42, R at 0
/// (the worked example of docs/topologies/kyklos.md).
pub const JOIN_EXAMPLE: (&str, &str, &str) = ("kyklos2:m=2,r=2,n=6,shuffle=proposed", "42", "0");

impl JoinForm {
    fn from_query(q: &Query) -> JoinForm {
        let spec = q.get("t").unwrap_or(JOIN_EXAMPLE.0).to_string();
        let example = spec == JOIN_EXAMPLE.0;
        let net = spec.parse::<Network>().ok();
        let pick = |key: &str, example_value: &str, last: bool| match q.get(key) {
            Some(v) => v.to_string(),
            None if example => example_value.to_string(),
            None => default_address(net.as_ref(), None, last),
        };
        JoinForm {
            s: pick("s", JOIN_EXAMPLE.1, false),
            r: pick("r", JOIN_EXAMPLE.2, true),
            spec,
        }
    }

    /// The query string (without `?`) of this form.
    pub fn to_query(&self) -> String {
        Query(vec![
            ("view".into(), View::Join.slug().into()),
            ("t".into(), self.spec.clone()),
            ("s".into(), self.s.clone()),
            ("r".into(), self.r.clone()),
        ])
        .encode()
    }
}

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
    /// Which path: `shortest`, `paper`, `left`, `right`, `class1` … `class4`.
    pub choice: String,
    /// How many steps have been played (0: at the source). A value that is not a number
    /// reads as 0; one past the end shows the last step.
    pub step: usize,
    /// Whether the diagram is coloured by load under uniform traffic (`loads=1`).
    pub loads: bool,
}

/// The walkthrough's example: Figure 2 of the Lens paper.
pub const WALK_EXAMPLE: (&str, &str, &str) =
    ("lens:p=4,q=4,n=10,completed", "021.0212012", "0110010.212");

impl WalkForm {
    fn from_query(q: &Query) -> WalkForm {
        let spec = q.get("t").unwrap_or(WALK_EXAMPLE.0).to_string();
        let net = spec.parse::<Network>().ok();
        let example = (spec == WALK_EXAMPLE.0).then_some((WALK_EXAMPLE.1, WALK_EXAMPLE.2));
        // Missing: Figure 2's addresses on Figure 2's lens, else the network's default route.
        let from = match (q.get("from"), example) {
            (Some(a), _) => a.to_string(),
            (None, Some(e)) => e.0.to_string(),
            (None, None) => default_address(net.as_ref(), None, false),
        };
        let to = match (q.get("to"), example) {
            (Some(a), _) => a.to_string(),
            (None, Some(e)) => e.1.to_string(),
            (None, None) => default_address(net.as_ref(), None, true),
        };
        WalkForm {
            spec,
            from,
            to,
            choice: q.get("choice").unwrap_or("shortest").to_string(),
            step: q.get("step").and_then(|k| k.parse().ok()).unwrap_or(0),
            loads: q.get("loads") == Some("1"),
        }
    }

    /// The query string (without `?`) of this form; `step` only when not 0.
    pub fn to_query(&self) -> String {
        let mut pairs = vec![
            ("view".into(), View::Walk.slug().into()),
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
}

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

impl ScheduleForm {
    fn from_query(q: &Query) -> ScheduleForm {
        let get = |key: &str, default: &str| q.get(key).unwrap_or(default).to_string();
        ScheduleForm {
            spec: get("t", "d3:k=3,m=4"),
            collective: get("c", "one-to-all"),
            root: get("root", "(0,0,1)"),
            rule: get("rule", "paper"),
            step: q.get("step").and_then(|k| k.parse().ok()).unwrap_or(1),
            perm: get("perm", "shift"),
            seed: get("seed", "1"),
            play: q.get("play") == Some("1"),
        }
    }

    /// The query string (without `?`) of this form.
    pub fn to_query(&self) -> String {
        let mut q = Query(vec![
            ("view".into(), View::Schedule.slug().into()),
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
}

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
    fn from_query(q: &Query) -> SubnetForm {
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

impl AppState {
    /// Reads a query string (with or without the leading `?`). Never fails: missing values
    /// take defaults, invalid ones are kept for the page to report.
    pub fn from_query(query: &str) -> AppState {
        let q = Query::parse(query);
        let view = match q.get("view") {
            None | Some("") => ViewChoice::Known(View::default_view()),
            Some(slug) => match View::from_slug(slug) {
                Some(v) => ViewChoice::Known(v),
                None => ViewChoice::Unknown(slug.to_string()),
            },
        };
        AppState {
            route: RouteForm::from_query(&q),
            // The explorer's `t`, `from` and `to` are not the walkthrough's.
            walk: match view {
                ViewChoice::Known(View::Walk) => WalkForm::from_query(&q),
                _ => WalkForm::from_query(&Query::default()),
            },
            join: match view {
                ViewChoice::Known(View::Join) => JoinForm::from_query(&q),
                _ => JoinForm::from_query(&Query::default()),
            },
            papers: PapersForm::from_query(&q),
            // `t` and `step` are the walkthrough's too.
            schedule: match view {
                ViewChoice::Known(View::Schedule) => ScheduleForm::from_query(&q),
                _ => ScheduleForm::from_query(&Query::default()),
            },
            subnet: match view {
                ViewChoice::Known(View::Subnet) => SubnetForm::from_query(&q),
                _ => SubnetForm::from_query(&Query::default()),
            },
            // `t` and `s` are the explorer's too.
            charts: match view {
                ViewChoice::Known(View::Charts) => ChartsForm::from_query(&q),
                _ => ChartsForm::from_query(&Query::default()),
            },
            charts_sim: match view {
                ViewChoice::Known(View::Charts) => ChartsSimForm::from_query(&q),
                _ => ChartsSimForm::default(),
            },
            // `t` is every view's spec: only the compare view reads it as its first.
            compare: match view {
                ViewChoice::Known(View::Compare) => CompareForm::from_query(&q),
                _ => CompareForm::from_query(&Query::default()),
            },
            view,
        }
    }

    /// The query string (without `?`) that restores this state.
    pub fn to_query(&self) -> String {
        match &self.view {
            ViewChoice::Known(View::Route) => self.route.to_query(View::Route),
            ViewChoice::Known(View::Walk) => self.walk.to_query(),
            ViewChoice::Known(View::Join) => self.join.to_query(),
            ViewChoice::Known(View::Papers) => self.papers.to_query(),
            ViewChoice::Known(View::Schedule) => self.schedule.to_query(),
            ViewChoice::Known(View::Subnet) => self.subnet.to_query(),
            ViewChoice::Known(View::Charts) => self.charts_sim.append_to(self.charts.to_query()),
            ViewChoice::Known(View::Compare) => self.compare.to_query(),
            ViewChoice::Unknown(slug) => Query(vec![("view".into(), slug.clone())]).encode(),
        }
    }
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
        }
    }

    fn from_query(q: &Query) -> RouteForm {
        let fallback = &FAMILIES[0];
        let spec = q.get("t").unwrap_or(fallback.example);
        let (family_name, items) = split_spec(spec);
        let info = family(&family_name);
        let net = spec.parse::<Network>().ok();
        let example = info.map(|f| f.example_route);
        let from = match q.get("from") {
            Some(a) => a.to_string(),
            None => default_address(net.as_ref(), example.map(|e| e.0), false),
        };
        let to = match q.get("to") {
            Some(a) => a.to_string(),
            None => default_address(net.as_ref(), example.map(|e| e.1), true),
        };
        // Missing: the first strategy these parameters support (the family's first if the
        // spec does not parse).
        let strategy = match q.get("s") {
            Some(s) => s.to_string(),
            None => net
                .as_ref()
                .and_then(|n| n.strategies().first().map(|s| s.name))
                .or_else(|| info.unwrap_or(fallback).strategies.first().map(|s| s.name))
                .unwrap_or("")
                .to_string(),
        };
        RouteForm {
            family: family_name,
            items,
            from,
            to,
            strategy,
        }
    }

    /// The query string (without `?`) of this form under `view`.
    pub fn to_query(&self, view: View) -> String {
        Query(vec![
            ("view".into(), view.slug().into()),
            ("t".into(), self.spec()),
            ("from".into(), self.from.clone()),
            ("to".into(), self.to.clone()),
            ("s".into(), self.strategy.clone()),
        ])
        .encode()
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

/// Splits a spec into its family and items, keeping every character: joining them back with
/// [`RouteForm::spec`] gives the input again. Core's parser judges it later.
fn split_spec(spec: &str) -> (String, Option<Vec<SpecItem>>) {
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

/// The address a missing `from`/`to` takes: core's default route of the network
/// ([`Network::default_route`]); the family's example as is when the spec is invalid.
fn default_address(net: Option<&Network>, example: Option<&str>, last: bool) -> String {
    let Some(net) = net else {
        return example.unwrap_or_default().to_string();
    };
    let (a, b) = net.default_route();
    net.format_node(if last { b } else { a })
}

/// The version of the URL format this build writes and reads (`v=`). A query without `v=`
/// is version 1, the format of the first release; a later release that changes what a
/// parameter means bumps this number and keeps reading every older version
/// (docs/embedding.md, "Versioned URLs").
pub const URL_VERSION: u32 = 1;

/// The page's colour theme (`theme=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Follow the system, or the host page when embedded (the default).
    Auto,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl Theme {
    /// The value of `theme=`.
    pub fn slug(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// How the page is shown, beside the view's own state: `embed=1` (the view alone, no site
/// header, navigation or footer), `theme=`, `id=` (echoed in the height messages an embedded
/// page posts) and `v=` (the URL format). These are the same for every view and are kept in
/// the address bar as the view's state changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// `embed=1`: the view without the site's chrome.
    pub embed: bool,
    /// `theme=`; anything else than `light`, `dark` or `auto` reads as `auto`.
    pub theme: Theme,
    /// `id=`, as given (at most 64 characters are kept).
    pub id: Option<String>,
    /// `v=`, as given; `None` when absent (version 1).
    pub version: Option<String>,
}

impl Presentation {
    /// Reads the presentation parameters of a query (with or without `?`). Never fails.
    pub fn from_query(query: &str) -> Presentation {
        let q = Query::parse(query);
        Presentation {
            embed: matches!(q.get("embed"), Some("1" | "true" | "yes")),
            theme: match q.get("theme") {
                Some("light") => Theme::Light,
                Some("dark") => Theme::Dark,
                _ => Theme::Auto,
            },
            id: q
                .get("id")
                .filter(|id| !id.is_empty())
                .map(|id| id.chars().take(64).collect()),
            version: q.get("v").map(str::to_string),
        }
    }

    /// The parameters to append to a view's query, `&`-prefixed ("" when all are defaults).
    pub fn suffix(&self) -> String {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(v) = &self.version {
            pairs.push(("v".into(), v.clone()));
        }
        if self.theme != Theme::Auto {
            pairs.push(("theme".into(), self.theme.slug().into()));
        }
        if self.embed {
            pairs.push(("embed".into(), "1".into()));
        }
        if let Some(id) = &self.id {
            pairs.push(("id".into(), id.clone()));
        }
        if pairs.is_empty() {
            String::new()
        } else {
            format!("&{}", Query(pairs).encode())
        }
    }

    /// Whether `v=` names a format this build does not know (a newer release's, or not a
    /// number); the page then says so and reads the link as the current format.
    pub fn unknown_version(&self) -> Option<&str> {
        let v = self.version.as_deref()?;
        match v.parse::<u32>() {
            Ok(n) if (1..=URL_VERSION).contains(&n) => None,
            _ => Some(v),
        }
    }

    /// The query of the full site for `view_query` in this presentation: no `embed`, no `id`,
    /// the theme and version kept.
    pub fn full_site_query(&self, view_query: &str) -> String {
        let full = Presentation {
            embed: false,
            id: None,
            ..self.clone()
        };
        format!("{view_query}{}", full.suffix())
    }

    /// The query an embed of `view_query` uses: `v=` (the current format), the theme if one
    /// is chosen, `embed=1`.
    pub fn embed_query(&self, view_query: &str) -> String {
        let embed = Presentation {
            embed: true,
            id: None,
            version: Some(URL_VERSION.to_string()),
            theme: self.theme,
        };
        format!("{view_query}{}", embed.suffix())
    }
}

/// The walkthrough of `spec` with the diagram coloured by load.
pub fn walk_loads_href(spec: &str) -> String {
    let query = Query(vec![
        ("view".into(), View::Walk.slug().into()),
        ("t".into(), spec.into()),
        ("loads".into(), "1".into()),
    ]);
    format!("?{}", query.encode())
}

/// A query string as ordered `key=value` pairs, percent-decoded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Query(pub Vec<(String, String)>);

impl Query {
    /// Reads `a=1&b=2` (a leading `?` is skipped), as `application/x-www-form-urlencoded`:
    /// `+` is a space, `%XX` a byte; a malformed escape is kept literally.
    pub fn parse(query: &str) -> Query {
        let query = query.strip_prefix('?').unwrap_or(query);
        Query(
            query
                .split('&')
                .filter(|p| !p.is_empty())
                .map(|pair| match pair.split_once('=') {
                    Some((k, v)) => (decode(k), decode(v)),
                    None => (decode(pair), String::new()),
                })
                .collect(),
        )
    }

    /// The first value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// `a=1&b=2`, escaping only what would change the meaning, so specs stay readable.
    pub fn encode(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    }
}

/// Characters written as they are: unreserved ones plus the spec's `:`, `,` and `=`
/// (a reader splits each pair at its first `=`, so `=` in a value is safe).
fn is_plain(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b':' | b',' | b'=' | b'/')
}

fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if is_plain(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes.get(i..i + 3) {
            Some([b'%', hi, lo]) => hex_pair(*hi, *lo),
            _ => None,
        };
        match (escaped, bytes[i]) {
            (Some(b), _) => {
                out.push(b);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, b) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_pair(hi: u8, lo: u8) -> Option<u8> {
    let h = (hi as char).to_digit(16)?;
    let l = (lo as char).to_digit(16)?;
    Some((h * 16 + l) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    const EXAMPLE: &str = "view=route&t=hypercycle:m=5x4x3,rho=2x1x1&from=000&to=421&s=minimal";

    #[wasm_bindgen_test]
    fn flags_toggle_and_are_not_extra_items() {
        let mut s = AppState::from_query("?view=route&t=lens:p=3,q=3,n=3,completed");
        assert!(s.route.has_flag("completed"));
        assert!(s.route.extra_items().is_empty());
        s.route.set_flag("completed", false);
        assert_eq!(s.route.spec(), "lens:p=3,q=3,n=3");
        s.route.set_flag("completed", true);
        s.route.set_flag("completed", true);
        assert_eq!(s.route.spec(), "lens:p=3,q=3,n=3,completed");
        // A flag given a value is not a flag: it stays visible as an extra item.
        let odd = AppState::from_query("?view=route&t=lens:p=3,n=3,completed=yes");
        assert!(!odd.route.has_flag("completed"));
        assert_eq!(odd.route.extra_items().len(), 1);
    }

    #[wasm_bindgen_test]
    fn reads_the_documented_example() {
        let s = AppState::from_query(&format!("?{EXAMPLE}"));
        assert_eq!(s.view, ViewChoice::Known(View::Route));
        assert_eq!(s.route.family, "hypercycle");
        assert_eq!(s.route.param("m"), "5x4x3");
        assert_eq!(s.route.param("rho"), "2x1x1");
        assert_eq!(s.route.spec(), "hypercycle:m=5x4x3,rho=2x1x1");
        assert_eq!((s.route.from.as_str(), s.route.to.as_str()), ("000", "421"));
        assert_eq!(s.route.strategy, "minimal");
        assert_eq!(s.to_query(), EXAMPLE);
    }

    #[wasm_bindgen_test]
    fn percent_encoded_and_plain_queries_agree() {
        let encoded = "view=route&t=hypercycle%3Am%3D5x4x3%2Crho%3D2x1x1&from=000&to=421&s=minimal";
        assert_eq!(AppState::from_query(encoded), AppState::from_query(EXAMPLE));
    }

    #[wasm_bindgen_test]
    fn missing_values_take_the_family_example() {
        let s = AppState::from_query("");
        assert_eq!(s.view, ViewChoice::Known(View::Route));
        assert_eq!(s.route, RouteForm::example(&FAMILIES[0]));

        let cube = AppState::from_query("t=hypercube:n=6");
        assert_eq!(
            (cube.route.from.as_str(), cube.route.to.as_str()),
            ("000000", "101101")
        );
        assert_eq!(cube.route.strategy, "minimal");
    }

    #[wasm_bindgen_test]
    fn missing_addresses_fit_the_network_when_the_example_does_not() {
        let s = AppState::from_query("t=hypercube:n=3");
        assert_eq!((s.route.from.as_str(), s.route.to.as_str()), ("000", "111"));
    }

    #[wasm_bindgen_test]
    fn invalid_values_are_kept_as_typed() {
        let q = "view=route&t=hypercycle:m=5xx3,rho=2x1x1,zz&from=0z9&to=&s=fastest";
        let s = AppState::from_query(q);
        assert_eq!(s.route.param("m"), "5xx3");
        assert_eq!(s.route.from, "0z9");
        assert_eq!(s.route.to, "");
        assert_eq!(s.route.strategy, "fastest");
        assert_eq!(s.route.spec(), "hypercycle:m=5xx3,rho=2x1x1,zz");
        assert_eq!(s.to_query(), q);
        let unknown = AppState::from_query("t=torus:k=4");
        assert_eq!(unknown.route.family, "torus");
        assert_eq!(unknown.route.spec(), "torus:k=4");
    }

    #[wasm_bindgen_test]
    fn every_state_round_trips() {
        let specs = [
            "hypercycle:m=5x4x3,rho=2x1x1",
            "hypercube:n=6",
            "hypercycle",
            "hypercycle:",
            "hypercycle:m=3,,",
            "a b:c=d&e=f+g%",
            "hypercycle:rho=1x1,m=6x5,m=7",
            "Üñí:x=ø",
        ];
        for spec in specs {
            for (from, to, s) in [
                ("000", "421", "minimal"),
                ("", "a&b=c", "e cube"),
                ("#1", "%zz", ""),
            ] {
                let state = AppState {
                    view: ViewChoice::Known(View::Route),
                    walk: WalkForm::from_query(&Query::default()),
                    join: JoinForm::from_query(&Query::default()),
                    papers: PapersForm::from_query(&Query::default()),
                    schedule: ScheduleForm::from_query(&Query::default()),
                    subnet: SubnetForm::from_query(&Query::default()),
                    charts: ChartsForm::from_query(&Query::default()),
                    charts_sim: ChartsSimForm::default(),
                    compare: CompareForm::from_query(&Query::default()),
                    route: RouteForm {
                        family: split_spec(spec).0,
                        items: split_spec(spec).1,
                        from: from.into(),
                        to: to.into(),
                        strategy: s.into(),
                    },
                };
                assert_eq!(state.route.spec(), spec);
                assert_eq!(
                    AppState::from_query(&state.to_query()),
                    state,
                    "{spec} {from} {to} {s}"
                );
            }
        }
    }

    #[wasm_bindgen_test]
    fn schedule_state_round_trips_and_defaults_to_one_to_all_on_d3_3_4() {
        let s = AppState::from_query("view=schedule");
        assert_eq!(s.view, ViewChoice::Known(View::Schedule));
        assert_eq!(
            (s.schedule.spec.as_str(), s.schedule.collective.as_str()),
            ("d3:k=3,m=4", "one-to-all")
        );
        let q = "view=schedule&t=d3:k=2,m=3&c=all-to-all&root=(1,2,0)&rule=greedy&step=5";
        let s = AppState::from_query(q);
        assert_eq!(s.schedule.root, "(1,2,0)");
        assert_eq!(s.schedule.step, 5);
        assert_eq!(AppState::from_query(&s.to_query()), s);
        // The walkthrough's `t` and `step` stay the walkthrough's.
        assert_eq!(
            AppState::from_query("view=walk&t=d3:k=2,m=3").schedule.spec,
            "d3:k=3,m=4"
        );
    }

    #[wasm_bindgen_test]
    fn permutation_and_play_round_trip_in_the_schedule_state() {
        let q = "view=schedule&t=d3:k=3,m=4&c=permutation&root=(0,0,1)&rule=paper&step=2&perm=random&seed=7&play=1";
        let s = AppState::from_query(q);
        assert_eq!(
            (s.schedule.perm.as_str(), s.schedule.seed.as_str()),
            ("random", "7")
        );
        assert!(s.schedule.play);
        assert_eq!(AppState::from_query(&s.to_query()), s);
        for part in ["perm=random", "seed=7", "play=1"] {
            assert!(s.to_query().contains(part), "{part} in {}", s.to_query());
        }
        // play is on only for `1`; perm and seed are written only for a permutation.
        assert!(!AppState::from_query("view=schedule&play=yes").schedule.play);
        let other = AppState::from_query("view=schedule&c=all-to-all&perm=swap");
        assert!(!other.to_query().contains("perm"));
    }

    #[wasm_bindgen_test]
    fn subnet_state_round_trips_and_defaults_to_the_papers_kappa() {
        let s = AppState::from_query("view=subnet");
        assert_eq!(s.view, ViewChoice::Known(View::Subnet));
        assert_eq!(
            (
                s.subnet.spec.as_str(),
                s.subnet.kind.as_str(),
                s.subnet.set.as_str()
            ),
            ("d3:k=9,m=3", "cabinets", "1,2,5,8")
        );
        let q = "view=subnet&t=d3:k=5,m=4&kind=drawers&set=0%2C+x%26";
        let s = AppState::from_query(q);
        assert_eq!(s.subnet.set, "0, x&");
        assert_eq!(AppState::from_query(&s.to_query()), s);
        // Another view's `t` is not the sub-network's.
        assert_eq!(
            AppState::from_query("view=schedule&t=d3:k=2,m=3")
                .subnet
                .spec,
            "d3:k=9,m=3"
        );
    }

    #[wasm_bindgen_test]
    fn unknown_views_are_reported_not_replaced() {
        let s = AppState::from_query("view=no-such-view&t=hypercube:n=4");
        assert_eq!(s.view, ViewChoice::Unknown("no-such-view".into()));
        assert_eq!(s.to_query(), "view=no-such-view");
        for v in View::ALL {
            assert_eq!(View::from_slug(v.slug()), Some(*v));
        }
    }

    #[wasm_bindgen_test]
    fn walk_state_round_trips_and_defaults_to_figure_2() {
        let q = "view=walk&t=lens:p=4,q=4,n=10,completed&from=021.0212012&to=0110010.212&choice=class1&step=3";
        let s = AppState::from_query(q);
        assert_eq!(s.view, ViewChoice::Known(View::Walk));
        assert_eq!(s.walk.choice, "class1");
        assert_eq!(s.walk.step, 3);
        assert!(!s.walk.loads);
        assert_eq!(s.to_query(), q);
        let region =
            "view=walk&t=lens:p=3,q=3,n=3,completed&from=0.00&to=1.11&choice=class3:2&loads=1";
        let r = AppState::from_query(region);
        assert_eq!((r.walk.choice.as_str(), r.walk.loads), ("class3:2", true));
        assert_eq!(r.to_query(), region);
        let d = AppState::from_query("view=walk").walk;
        assert_eq!(
            (d.spec.as_str(), d.from.as_str(), d.to.as_str()),
            WALK_EXAMPLE
        );
        assert_eq!((d.choice.as_str(), d.step), ("shortest", 0));
        let small = AppState::from_query("view=walk&t=lens:p=3,q=3,n=3&step=x").walk;
        assert_eq!(small.step, 0);
        assert!(!small.from.is_empty() && !small.to.is_empty());
        let odd = AppState::from_query("view=walk&from=0z.1&to=&choice=sideways");
        assert_eq!(odd.walk.from, "0z.1");
        assert_eq!(odd.walk.to, "");
        assert_eq!(odd.walk.choice, "sideways");
        assert_eq!(AppState::from_query(&odd.to_query()).walk, odd.walk);
    }

    #[wasm_bindgen_test]
    fn join_state_round_trips_and_defaults_to_the_worked_example() {
        let q = "view=join&t=kyklos2:m=2,r=2,n=4,shuffle=proposed&s=3&r=12";
        let s = AppState::from_query(q);
        assert_eq!(s.view, ViewChoice::Known(View::Join));
        assert_eq!((s.join.s.as_str(), s.join.r.as_str()), ("3", "12"));
        assert_eq!(s.to_query(), q);
        let d = AppState::from_query("view=join").join;
        assert_eq!((d.spec.as_str(), d.s.as_str(), d.r.as_str()), JOIN_EXAMPLE);
        // Another network without nodes: its default route's ends.
        let other = AppState::from_query("view=join&t=kyklos2:m=2,r=2,n=4").join;
        assert!(!other.s.is_empty() && !other.r.is_empty());
        // Anything typed is kept as typed, even when it is nothing like a node.
        for bad in [
            "",
            "x",
            "-1",
            "99999999999999999999",
            "<0,1,0>",
            "4 2",
            "%zz",
        ] {
            let st = AppState {
                view: ViewChoice::Known(View::Join),
                join: JoinForm {
                    spec: "kyklos2:m=3,r=2,n=4".into(),
                    s: bad.into(),
                    r: bad.into(),
                },
                ..AppState::from_query("")
            };
            assert_eq!(AppState::from_query(&st.to_query()).join, st.join, "{bad}");
        }
        // The route explorer's `s` (a strategy) is not the join view's `s`.
        let route = AppState::from_query("view=route&t=kyklos2:m=2,r=2,n=6&s=y2");
        assert_eq!(route.join.s, JOIN_EXAMPLE.1);
    }

    #[wasm_bindgen_test]
    fn parameters_are_edited_in_place() {
        let mut f = RouteForm::example(&FAMILIES[0]);
        f.set_param("m", "6x5");
        f.set_param("rho", "");
        assert_eq!(f.spec(), "hypercycle:m=6x5");
        f.set_param("rho", "1x2");
        assert_eq!(f.spec(), "hypercycle:m=6x5,rho=1x2");
        f.set_param("m", "");
        f.set_param("rho", "");
        assert_eq!(f.spec(), "hypercycle");
    }

    #[wasm_bindgen_test]
    fn extra_items_are_listed_and_removable() {
        let mut s = AppState::from_query("t=hypercube:n=4,n=5,x=1,flag").route;
        let extras: Vec<usize> = s.extra_items().iter().map(|(i, _)| *i).collect();
        assert_eq!(extras, vec![1, 2, 3]);
        s.remove_item(2);
        assert_eq!(s.spec(), "hypercube:n=4,n=5,flag");
    }

    #[wasm_bindgen_test]
    fn escapes_only_what_changes_meaning() {
        let q = Query(vec![("t".into(), "a:b=c,d&e+f g%#".into())]);
        assert_eq!(q.encode(), "t=a:b=c,d%26e%2Bf%20g%25%23");
        assert_eq!(Query::parse(&q.encode()), q);
        assert_eq!(Query::parse("a=%zz&b=%4").get("a"), Some("%zz"));
        assert_eq!(Query::parse("a=%zz&b=%4").get("b"), Some("%4"));
        assert_eq!(Query::parse("a=x+y").get("a"), Some("x y"));
    }

    #[wasm_bindgen_test]
    fn presentation_parameters_are_read_and_kept_beside_any_view() {
        let p = Presentation::from_query("view=walk&embed=1&theme=dark&id=fig%202&v=1");
        assert!(p.embed);
        assert_eq!(p.theme, Theme::Dark);
        assert_eq!(p.id.as_deref(), Some("fig 2"));
        assert_eq!(p.unknown_version(), None);
        assert_eq!(p.suffix(), "&v=1&theme=dark&embed=1&id=fig%202");
        // The view's own state does not see them, and they do not change it.
        let with = AppState::from_query("view=walk&embed=1&theme=dark&id=x&v=1");
        assert_eq!(with, AppState::from_query("view=walk"));
        assert_eq!(
            p.full_site_query("view=walk"),
            "view=walk&v=1&theme=dark",
            "the link back to the full site drops embed and id"
        );
        let plain = Presentation::from_query("view=route");
        assert_eq!(
            (plain.embed, plain.theme, plain.suffix()),
            (false, Theme::Auto, String::new())
        );
        assert_eq!(plain.embed_query("view=route"), "view=route&v=1&embed=1");
        for odd in ["theme=blue", "theme=", "theme=DARK"] {
            assert_eq!(Presentation::from_query(odd).theme, Theme::Auto, "{odd}");
        }
        assert!(!Presentation::from_query("embed=0").embed);
        assert_eq!(Presentation::from_query("v=2").unknown_version(), Some("2"));
        assert_eq!(Presentation::from_query("v=x").unknown_version(), Some("x"));
        assert_eq!(Presentation::from_query("v=0").unknown_version(), Some("0"));
        let long = format!("id={}", "a".repeat(500));
        assert_eq!(
            Presentation::from_query(&long).id.map(|i| i.len()),
            Some(64)
        );
    }

    #[wasm_bindgen_test]
    fn charts_view_round_trips_hostile_values() {
        let s = AppState::from_query("view=charts&chart=levels&t=kyklos2:m=2,r=2,n=4&s=hr&n=x%26y");
        assert_eq!(s.view, ViewChoice::Known(View::Charts));
        assert_eq!(s.charts.chart, "levels");
        assert_eq!(s.charts.n.as_deref(), Some("x&y"));
        assert_eq!(AppState::from_query(&s.to_query()), s);
        let d = AppState::from_query("view=charts");
        assert_eq!(d.charts.chart, CHARTS_DEFAULT.0);
        assert_eq!(d.charts.n, None);
        assert_eq!(
            d.to_query(),
            "view=charts&chart=density&t=kyklos2:m=2,r=2,n=6,shuffle=proposed&s=y2"
        );
        // The family charts default to their own network; seed and ticks round-trip.
        let h = AppState::from_query("view=charts&chart=hc-sim&seed=7&ticks=x%26");
        assert_eq!(h.charts.spec, "hypercube:n=4");
        assert_eq!(
            (h.charts_sim.seed.as_deref(), h.charts_sim.ticks.as_deref()),
            (Some("7"), Some("x&"))
        );
        let back = AppState::from_query(&h.to_query());
        assert_eq!((&back.charts, &back.charts_sim), (&h.charts, &h.charts_sim));
        assert_eq!(
            AppState::from_query("view=charts&chart=lens-loads")
                .charts
                .spec,
            "lens:p=3,q=3,n=3"
        );
    }

    #[test]
    fn papers_view_round_trips() {
        let s = AppState::from_query("view=papers&paper=lens");
        assert_eq!(s.view, ViewChoice::Known(View::Papers));
        assert_eq!(s.papers.paper, "lens");
        assert_eq!(s.to_query(), "view=papers&paper=lens");
        assert_eq!(AppState::from_query("view=papers").papers.paper, "kyklos");
    }

    #[wasm_bindgen_test]
    fn compare_view_round_trips_hostile_specs_in_order() {
        let hostile = [
            "hypercycle:m=5x4x3,rho=2x1x1",
            "a&b=c#d",
            "lens:p=3,q=3,n=2,completed",
            "x%y+z",
        ];
        let form = CompareForm {
            specs: hostile.iter().map(|s| s.to_string()).collect(),
        };
        let state = AppState::from_query(&form.to_query());
        assert_eq!(state.view, ViewChoice::Known(View::Compare));
        assert_eq!(state.compare, form);
        assert_eq!(state.to_query(), form.to_query());
        // Specs keep their ':', ',' and '=' readable; '&', '#', '%' and '+' are escaped.
        assert!(form
            .to_query()
            .contains("t1=hypercycle:m=5x4x3,rho=2x1x1&t2=a%26b=c%23d&t3="));
        // Defaults fill up to two; gaps close; `t` stands for a missing `t1`.
        let d = AppState::from_query("view=compare");
        assert_eq!(d.compare.specs, COMPARE_DEFAULT.map(String::from).to_vec());
        let gap = AppState::from_query("view=compare&t3=hypercube:n=3&t1=lens:p=2,q=2,n=2");
        assert_eq!(gap.compare.specs, ["lens:p=2,q=2,n=2", "hypercube:n=3"]);
        let one = AppState::from_query("view=compare&t=mdf:k=2,m=3&t5=hypercube:n=2");
        assert_eq!(one.compare.specs, ["mdf:k=2,m=3", COMPARE_DEFAULT[1]]);
        // Other views' `t` is not the compare view's.
        let route = AppState::from_query("view=route&t=mdf:k=2,m=3");
        assert_eq!(
            route.compare.specs,
            COMPARE_DEFAULT.map(String::from).to_vec()
        );
    }
}
