//! The charts, listed once: each line names a chart's data type (its module's
//! [`ChartDef`]), and [`ChartKind`], [`ChartData`] and the dispatch from a kind to the
//! chart's module are made of the list. The variant's name, in `kebab-case`, is the
//! chart's name (`chart=` in URLs, `icn chart NAME`, the `chart` tag of its JSON).

use std::fmt;

use serde::de::value::MapAccessDeserializer;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use icn_engine::network::Network;

use super::d3::D3MdfChart;
use super::density::{D2h2Chart, DensityChart};
use super::hypercycle::{HcDistancesChart, HcLoadsChart, HcSimChart};
use super::info::{
    BuildError, Canonical, ChartDef, ChartError, ChartFamily, ChartInfo, ChartInput,
};
use super::kyklos::{DistancesChart, LevelsChart, LoadChart};
use super::lens::{LensDistancesChart, LensLoadsChart};
use super::network::{NetDistancesChart, NetLoadsChart};

/// Makes [`ChartKind`], [`ChartData`] and [`Prepared`] of the list of charts, and the
/// functions that hand a kind, a prepared request or a chart's data to its module.
macro_rules! registry {
    ($($kind:ident => $chart:ty,)*) => {
        /// Which chart.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum ChartKind {
            $(
                #[doc = concat!("[`", stringify!($chart), "`].")]
                $kind,
            )*
        }

        /// How many charts there are.
        const COUNT: usize = [$(stringify!($kind)),*].len();

        impl ChartKind {
            /// Every chart, in menu order.
            pub const ALL: [ChartKind; COUNT] = [$(ChartKind::$kind),*];

            /// The chart's facts (its module's `ChartInfo`).
            fn info(self) -> &'static ChartInfo {
                match self {
                    $(ChartKind::$kind => &<$chart as ChartDef>::INFO,)*
                }
            }
        }

        /// A chart's data: JSON tagged by the chart's name (`"chart": NAME`, beside the
        /// chart's own fields).
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "chart", rename_all = "kebab-case")]
        pub enum ChartData {
            $(
                #[doc = concat!("[`", stringify!($chart), "`].")]
                $kind($chart),
            )*
        }

        impl ChartData {
            /// Which chart this is.
            pub fn kind(&self) -> ChartKind {
                match self {
                    $(ChartData::$kind(_) => ChartKind::$kind,)*
                }
            }

            /// The data as CSV, one line per row, with a header (docs/charts.md lists the
            /// columns).
            pub fn csv(&self) -> String {
                match self {
                    $(ChartData::$kind(d) => d.csv(),)*
                }
            }

            /// Reads a chart's data whose `chart` tag is its first field, as this type's
            /// serializer writes it: the chart's own fields are read in place, not through
            /// the buffered copy of the whole value that the derived reader of an
            /// internally tagged enum makes, which lets the page link a far smaller reader
            /// (docs/benchmarks.md). JSON with the tag elsewhere is refused: read it with
            /// `ChartData`'s `Deserialize`.
            ///
            /// # Errors
            /// The deserializer's error: no `chart` first, an unknown chart, or the chart's
            /// own fields in error.
            pub fn deserialize_tag_first<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<ChartData, D::Error> {
                struct TagFirst;

                impl<'de> Visitor<'de> for TagFirst {
                    type Value = ChartData;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("a chart's data, its \"chart\" tag first")
                    }

                    fn visit_map<A: MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<ChartData, A::Error> {
                        if map.next_key::<String>()?.as_deref() != Some("chart") {
                            return Err(de::Error::missing_field("chart"));
                        }
                        let kind: ChartKind = map.next_value()?;
                        let rest = MapAccessDeserializer::new(map);
                        match kind {
                            $(ChartKind::$kind => {
                                <$chart>::deserialize(rest).map(ChartData::$kind)
                            })*
                        }
                    }
                }

                deserializer.deserialize_map(TagFirst)
            }
        }

        /// What validation made of a request's fields, for the chart's builder.
        #[derive(Debug)]
        pub(super) enum Prepared {
            $(
                #[doc = concat!("[`", stringify!($chart), "`]'s.")]
                $kind(<$chart as ChartDef>::Prepared),
            )*
        }

        /// Validates `input` for chart `kind` (its module's [`ChartDef::prepare`]).
        pub(super) fn prepare(
            kind: ChartKind,
            input: &ChartInput<'_>,
        ) -> Result<(Canonical, Prepared), ChartError> {
            match kind {
                $(ChartKind::$kind => {
                    <$chart as ChartDef>::prepare(input).map(|(c, p)| (c, Prepared::$kind(p)))
                })*
            }
        }

        /// The progress label of chart `kind` with fields `c` (its [`ChartDef::label`]).
        pub(super) fn label(kind: ChartKind, c: &Canonical) -> String {
            match kind {
                $(ChartKind::$kind => <$chart as ChartDef>::label(c),)*
            }
        }

        /// Builds a prepared chart (its module's [`ChartDef::build`]).
        pub(super) fn build(
            prepared: &Prepared,
            progress: &mut dyn FnMut(usize, usize, &str),
            partial: &mut dyn FnMut(&ChartData),
        ) -> Result<ChartData, BuildError> {
            match prepared {
                $(Prepared::$kind(p) => <$chart as ChartDef>::build(p, progress, &mut |d| {
                    partial(&ChartData::$kind(d));
                })
                .map(ChartData::$kind),)*
            }
        }
    };
}

registry! {
    Density => DensityChart,
    Levels => LevelsChart,
    Load => LoadChart,
    Distances => DistancesChart,
    D2h2 => D2h2Chart,
    LensLoads => LensLoadsChart,
    LensDistances => LensDistancesChart,
    HcDistances => HcDistancesChart,
    HcLoads => HcLoadsChart,
    HcSim => HcSimChart,
    D3Mdf => D3MdfChart,
    NetDistances => NetDistancesChart,
    NetLoads => NetLoadsChart,
}

impl ChartKind {
    /// The name in URLs (`chart=`) and on the command line (`icn chart NAME`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The chart called `name`.
    pub fn from_name(name: &str) -> Option<ChartKind> {
        ChartKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A short title.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// Whether the chart takes a KYKLOS spec and a strategy.
    pub fn takes_network(self) -> bool {
        self.family() == Some(ChartFamily::Kyklos)
    }

    /// The family of the chart's network (`t`), if it takes one.
    pub fn family(self) -> Option<ChartFamily> {
        self.info().family
    }

    /// Whether the chart takes a seed and a simulation length (`hc-sim`).
    pub fn takes_seed(self) -> bool {
        self.info().takes_seed
    }

    /// The default network (`t`): TR-88-27's KYKLOS-II⟨2,2,6⟩ for the charts without one
    /// (so the default URL keeps its form), the Figure 2 4-cube for the Hypercycle charts,
    /// an 8 × 8 torus for the charts of any network.
    pub fn default_spec(self) -> &'static str {
        match self.family() {
            Some(ChartFamily::Lens) => "lens:p=3,q=3,n=3",
            Some(ChartFamily::Hypercycle) => "hypercube:n=4",
            Some(ChartFamily::D3) => "d3:k=3,m=4",
            Some(ChartFamily::Any) => "torus:k=8x8",
            Some(ChartFamily::Kyklos) | None => "kyklos2:m=2,r=2,n=6,shuffle=proposed",
        }
    }

    /// Whether `spec` is a network of this chart's family (or the chart takes none).
    pub fn suits(self, spec: &str) -> bool {
        let Some(family) = self.family() else {
            return true;
        };
        spec.parse::<Network>().is_ok_and(|net| match family {
            ChartFamily::Kyklos => net.kyklos().is_ok(),
            ChartFamily::Lens => net.lens().is_ok(),
            ChartFamily::Hypercycle => net.hypercycle().is_ok(),
            ChartFamily::D3 => net.d3().is_ok(),
            ChartFamily::Any => true,
        })
    }

    /// The range of `n` (for `density`, `distances`, `d2h2`), its meaning and default.
    pub fn n_range(self) -> Option<(u64, u64, u64, &'static str)> {
        self.info().n_range
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_charts_name_is_its_variant_in_kebab_case() {
        let names: Vec<&str> = ChartKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(
            names,
            [
                "density",
                "levels",
                "load",
                "distances",
                "d2h2",
                "lens-loads",
                "lens-distances",
                "hc-distances",
                "hc-loads",
                "hc-sim",
                "d3-mdf",
                "net-distances",
                "net-loads"
            ]
        );
        for k in ChartKind::ALL {
            let json = serde_json::to_string(&k).expect("serializes");
            assert_eq!(json, format!("\"{}\"", k.name()));
            assert_eq!(ChartKind::from_name(k.name()), Some(k));
        }
        assert_eq!(
            ChartKind::ALL.map(ChartKind::takes_seed),
            ChartKind::ALL.map(|k| k == ChartKind::HcSim)
        );
    }

    /// Every chart, built small (its default network, its least `n`, 1,000 ticks), read
    /// back tag first: the data built, floats bit for bit. (The derived reader cannot be
    /// the reference: where a crate of the build turns on serde_json's
    /// `arbitrary_precision`, as `icn` does, its buffered copy of a number is a map, and it
    /// refuses the charts with floats.) The tag elsewhere, or no tag, is refused; an
    /// unknown chart names the charts.
    #[test]
    fn charts_read_tag_first_as_built() {
        use super::super::{build, ChartRequest};

        for k in ChartKind::ALL {
            let n = k.n_range().map(|(least, ..)| least.to_string());
            let input = ChartInput {
                chart: k.name(),
                spec: k.default_spec(),
                strategy: "y2",
                n: n.as_deref(),
                seed: None,
                ticks: k.takes_seed().then_some("1000"),
            };
            let request = ChartRequest::from_input(&input).expect("valid");
            let data = build(&request, &mut |_, _, _| {}).expect("builds");
            let json = serde_json::to_string(&data).expect("serializes");
            assert!(
                json.starts_with(&format!("{{\"chart\":\"{}\"", k.name())),
                "{json}"
            );
            let mut reader = serde_json::Deserializer::from_str(&json);
            let tag_first = ChartData::deserialize_tag_first(&mut reader).expect("reads");
            reader.end().expect("nothing after");
            assert_eq!((tag_first.kind(), &tag_first), (k, &data));
        }
        let read = |json: &str| {
            ChartData::deserialize_tag_first(&mut serde_json::Deserializer::from_str(json))
                .map_err(|e| e.to_string())
        };
        let moved = r#"{"spec":"torus:k=8x8","chart":"net-distances","rows":[]}"#;
        assert!(serde_json::from_str::<ChartData>(moved).is_ok());
        assert!(read(moved)
            .expect_err("tag not first")
            .contains("missing field `chart`"));
        assert!(read(r#"{"rows":[]}"#).is_err());
        let unknown = read(r#"{"chart":"pie","rows":[]}"#).expect_err("no such chart");
        assert!(unknown.contains("net-loads"), "{unknown}");
    }
}
