//! The Charts view's state (`?view=charts&chart=NAME&t=SPEC&s=STRATEGY&n=N&seed=S&ticks=T`).

use super::{NavGroup, NetworkDefaults, Panel, Query, ViewDef};

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

/// The Charts view's state: its form and its simulation fields, each a [`ViewForm`]
/// (`Nav::form::<ChartsForm>()`, `Nav::form::<ChartsSimForm>()`).
///
/// [`ViewForm`]: super::ViewForm
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartsState {
    /// The chart, its network and n.
    pub chart: ChartsForm,
    /// The seed and ticks of the simulated chart.
    pub sim: ChartsSimForm,
}

impl ViewDef for ChartsState {
    const SLUG: &'static str = "charts";
    const TITLE: &'static str = "Charts";
    const LABEL: &'static str = "Charts";
    const BLURB: &'static str = "Load, density and distance charts, the papers' figures among them";
    const GROUP: NavGroup = NavGroup::Explore;
    const PANELS: &'static [Panel] = &[Panel::Chart];

    fn from_query(q: &Query, _: &dyn NetworkDefaults) -> Self {
        ChartsState {
            chart: ChartsForm::from_query(q),
            sim: ChartsSimForm::from_query(q),
        }
    }

    fn to_query(&self) -> String {
        self.sim.append_to(self.chart.to_query())
    }
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
    pub(super) fn from_query(q: &Query) -> ChartsSimForm {
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
    pub(super) fn from_query(q: &Query) -> ChartsForm {
        let get = |key: &str, default: &str| q.get(key).unwrap_or(default).to_string();
        let chart = get("chart", CHARTS_DEFAULT.0);
        // Without t, the chart's own default network (a Lens for lens-*, the 4-cube for
        // hc-*, …); the KYKLOS charts keep CHARTS_DEFAULT's.
        let spec_default = icn_core::charts::ChartKind::from_name(&chart)
            .map_or(CHARTS_DEFAULT.1, icn_core::charts::ChartKind::default_spec);
        ChartsForm {
            spec: get("t", spec_default),
            // An empty `s=` is left out when written: it reads as absent.
            strategy: q
                .get("s")
                .filter(|s| !s.is_empty())
                .unwrap_or(CHARTS_DEFAULT.2)
                .to_string(),
            n: q.get("n").map(str::to_string),
            chart,
        }
    }

    /// The query string (without `?`) of this form.
    pub fn to_query(&self) -> String {
        let mut q = vec![
            ("view".into(), ChartsState::SLUG.into()),
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
