//! A chart request, checked once: [`ChartInput`] (the fields as typed) →
//! [`ChartRequest`] (the chart, its canonical parameters, and what the chart's module
//! made of them: the network parsed and costed against
//! [`CHART_BUDGET`](super::CHART_BUDGET)), or the [`ChartError`] of the first field at
//! fault.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::info::{Canonical, ChartError, ChartInput};
use super::registry::{self, ChartKind, Prepared};

/// A validated chart request: the chart and the parameters it uses, in canonical form
/// (so equal requests compare equal, for caching), with the network validation parsed
/// and costed, which [`build`](super::build) uses.
///
/// Made only by [`ChartRequest::new`] and [`ChartRequest::from_input`], or by
/// deserializing, which validates the fields again (a request crosses to the page's
/// worker as its canonical fields). The public fields are for reading; equality and
/// hashing look at them alone.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(into = "RequestFields", try_from = "RequestFields")]
pub struct ChartRequest {
    /// The chart.
    pub kind: ChartKind,
    /// `levels`, `load`: the KYKLOS spec, canonical; empty otherwise.
    pub spec: String,
    /// `levels`, `load`: the strategy name; empty otherwise.
    pub strategy: String,
    /// `density`, `distances`, `d2h2`: n; 0 otherwise.
    pub n: u64,
    /// `hc-sim`: the seed; 0 otherwise.
    pub seed: u64,
    /// `hc-sim`: measured ticks; 0 otherwise.
    pub ticks: u64,
    /// What validation made of the fields.
    prepared: Arc<Prepared>,
}

/// A [`ChartRequest`]'s canonical fields: its serialized form.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RequestFields {
    kind: ChartKind,
    spec: String,
    strategy: String,
    n: u64,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    ticks: u64,
}

impl From<ChartRequest> for RequestFields {
    fn from(r: ChartRequest) -> Self {
        RequestFields {
            kind: r.kind,
            spec: r.spec,
            strategy: r.strategy,
            n: r.n,
            seed: r.seed,
            ticks: r.ticks,
        }
    }
}

impl TryFrom<RequestFields> for ChartRequest {
    type Error = ChartError;

    fn try_from(f: RequestFields) -> Result<Self, ChartError> {
        let (n, seed, ticks) = (f.n.to_string(), f.seed.to_string(), f.ticks.to_string());
        ChartRequest::from_input(&ChartInput {
            chart: f.kind.name(),
            spec: &f.spec,
            strategy: &f.strategy,
            n: Some(&n),
            seed: Some(&seed),
            ticks: Some(&ticks),
        })
    }
}

impl PartialEq for ChartRequest {
    fn eq(&self, other: &Self) -> bool {
        (
            self.kind,
            &self.spec,
            &self.strategy,
            self.n,
            self.seed,
            self.ticks,
        ) == (
            other.kind,
            &other.spec,
            &other.strategy,
            other.n,
            other.seed,
            other.ticks,
        )
    }
}

impl Eq for ChartRequest {}

impl Hash for ChartRequest {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (
            self.kind,
            &self.spec,
            &self.strategy,
            self.n,
            self.seed,
            self.ticks,
        )
            .hash(state);
    }
}

impl ChartRequest {
    /// Validates the parameters of chart `chart`: `spec` and `strategy` for `levels` and
    /// `load`, `n` for the others (`None`: the chart's default). Parameters a chart does
    /// not use are ignored.
    ///
    /// # Errors
    /// The first field at fault, with a message naming the allowed values.
    pub fn new(
        chart: &str,
        spec: &str,
        strategy: &str,
        n: Option<&str>,
    ) -> Result<ChartRequest, ChartError> {
        ChartRequest::from_input(&ChartInput {
            chart,
            spec,
            strategy,
            n,
            ..ChartInput::default()
        })
    }

    /// Validates every field a chart uses (see [`ChartRequest::new`]), the seed and
    /// measured ticks of `hc-sim` included, and the cost of the Lens, Hypercycle and D3
    /// charts against [`CHART_BUDGET`](super::CHART_BUDGET).
    ///
    /// # Errors
    /// The first field at fault, with a message naming the allowed values or the limit.
    pub fn from_input(input: &ChartInput<'_>) -> Result<ChartRequest, ChartError> {
        let chart = input.chart;
        let kind = ChartKind::from_name(chart).ok_or_else(|| ChartError {
            field: "chart",
            message: format!(
                "no chart '{chart}'; charts: {}",
                ChartKind::ALL.map(ChartKind::name).join(", ")
            ),
        })?;
        let (c, prepared) = registry::prepare(kind, input)?;
        Ok(ChartRequest {
            kind,
            spec: c.spec,
            strategy: c.strategy,
            n: c.n,
            seed: c.seed,
            ticks: c.ticks,
            prepared: Arc::new(prepared),
        })
    }

    /// What validation made of the fields.
    pub(super) fn prepared(&self) -> &Prepared {
        &self.prepared
    }

    /// The steps [`build`](super::build) reports (for a progress bar before the first
    /// report).
    pub fn label(&self) -> String {
        let c = Canonical {
            spec: self.spec.clone(),
            strategy: self.strategy.clone(),
            n: self.n,
            seed: self.seed,
            ticks: self.ticks,
        };
        registry::label(self.kind, &c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::SIM_DEFAULT_TICKS;

    #[test]
    fn requests_validate_each_field() {
        assert_eq!(
            ChartRequest::new("nope", "", "", None).map_err(|e| e.field),
            Err("chart")
        );
        assert_eq!(
            ChartRequest::new("density", "", "", Some("13")).map_err(|e| e.field),
            Err("n")
        );
        assert_eq!(
            ChartRequest::new("density", "", "", Some("x")).map_err(|e| e.field),
            Err("n")
        );
        assert_eq!(
            ChartRequest::new("levels", "lens:p=2", "y2", None).map_err(|e| e.field),
            Err("t")
        );
        assert_eq!(
            ChartRequest::new("levels", "kyklos2:m=2,r=2,n=4", "zz", None).map_err(|e| e.field),
            Err("s")
        );
        assert_eq!(
            ChartRequest::new("load", "kyklos2:m=2,r=2,n=12", "y2", None).map_err(|e| e.field),
            Err("t")
        );
        let r = ChartRequest::new("density", "ignored", "ignored", None).expect("valid");
        assert_eq!((r.n, r.spec.as_str()), (10, ""));
    }

    #[test]
    fn family_requests_validate_network_seed_and_ticks() {
        let input = |chart, spec, seed, ticks| ChartInput {
            chart,
            spec,
            seed,
            ticks,
            ..ChartInput::default()
        };
        let field = |i: ChartInput| ChartRequest::from_input(&i).map_err(|e| e.field);
        assert_eq!(
            field(input("lens-loads", "hypercube:n=3", None, None)),
            Err("t")
        );
        assert_eq!(
            field(input("lens-loads", "lens:p=4,q=3,n=3", None, None)),
            Err("t")
        );
        assert_eq!(
            field(input("hc-sim", "hypercube:n=4", Some("x"), None)),
            Err("seed")
        );
        assert_eq!(
            field(input("hc-sim", "hypercube:n=4", None, Some("10"))),
            Err("ticks")
        );
        // Over the simulator's arrival limit: the ticks are at fault.
        assert_eq!(
            field(input("hc-sim", "hypercube:n=10", None, Some("1000000"))),
            Err("ticks")
        );
        let e = ChartRequest::from_input(&input("hc-loads", "hypercube:n=30", None, None))
            .expect_err("too large");
        assert!(e.message.contains("CHART_BUDGET"), "{}", e.message);
        // Canonical specs and defaults, so that equal requests share a cache entry.
        let r = ChartRequest::from_input(&input(
            "lens-distances",
            "lens:p=3,n=3,completed",
            None,
            None,
        ))
        .expect("valid");
        assert_eq!(r.spec, "lens:p=3,q=3,n=3");
        let r =
            ChartRequest::from_input(&input("hc-sim", "hypercube:n=4", None, None)).expect("valid");
        assert_eq!((r.seed, r.ticks), (1, SIM_DEFAULT_TICKS));
        for k in ChartKind::ALL {
            assert!(k.suits(k.default_spec()), "{}", k.name());
            let i = ChartInput {
                strategy: "y2",
                ..input(k.name(), k.default_spec(), None, None)
            };
            assert!(ChartRequest::from_input(&i).is_ok(), "{}", k.name());
        }
        assert!(!ChartKind::HcSim.suits("lens:p=3,q=3,n=3"));
    }

    #[test]
    fn requests_cross_the_worker_boundary_as_their_canonical_fields() {
        let input = ChartInput {
            chart: "hc-sim",
            spec: "hypercube:n=4",
            seed: Some("7"),
            ticks: Some("2000"),
            ..ChartInput::default()
        };
        let r = ChartRequest::from_input(&input).expect("valid");
        let json = serde_json::to_string(&r).expect("serializes");
        assert_eq!(
            json,
            r#"{"kind":"hc-sim","spec":"hypercube:n=4","strategy":"","n":0,"seed":7,"ticks":2000}"#
        );
        let back: ChartRequest = serde_json::from_str(&json).expect("validates again");
        assert_eq!(back, r);
        assert_eq!(back.label(), r.label());
        // Fields that do not validate do not deserialize.
        let bad = json.replace("2000", "10");
        assert!(serde_json::from_str::<ChartRequest>(&bad).is_err());
        let old = r#"{"kind":"density","spec":"","strategy":"","n":8}"#;
        let d: ChartRequest = serde_json::from_str(old).expect("seed and ticks default");
        assert_eq!(
            d,
            ChartRequest::new("density", "", "", Some("8")).expect("valid")
        );
    }
}
