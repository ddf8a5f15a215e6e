//! Every routing of a network against the virtual-channel schemes: whether it is
//! deadlock-free on one virtual channel, and the fewest virtual channels each scheme needs
//! (the deadlock view's table, `icn deadlock --table`).

use std::fmt;

use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::{deadlock_estimate, deadlock_with, schemes, Scheme, MAX_VCS};
use icn_engine::cost::{Budget, Estimate};
use icn_engine::network::Network;

/// The most virtual channels the table tries per scheme.
pub const TABLE_MAX_VCS: u32 = 8;

/// One cell of the table: JSON tagged by its `kind`, first (`{"kind": "least", "vcs": 2}`),
/// and read that way, in place: the derived reader of an internally tagged enum buffers the
/// whole value first, several times the code on the page (docs/benchmarks.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Cell {
    /// The dependency graph has no cycle.
    Acyclic,
    /// It has a cycle.
    Cyclic,
    /// The fewest virtual channels that make the scheme acyclic.
    Least {
        /// How many.
        vcs: u32,
    },
    /// No number up to `max` does.
    NoneUpTo {
        /// The most tried.
        max: u32,
    },
    /// Not computed: over the budget.
    OverBudget {
        /// What it would cost.
        estimate: Estimate,
    },
    /// The routing or the scheme does not apply.
    Unavailable {
        /// Why.
        why: String,
    },
}

/// A [`Cell`]'s `kind`.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum CellKind {
    Acyclic,
    Cyclic,
    Least,
    NoneUpTo,
    OverBudget,
    Unavailable,
}

/// The field `name`, next in `map`.
fn field<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
    name: &'static str,
) -> Result<T, A::Error> {
    match map.next_key::<String>()? {
        Some(key) if key == name => map.next_value(),
        _ => Err(de::Error::missing_field(name)),
    }
}

impl<'de> Deserialize<'de> for Cell {
    /// Reads a cell as its `Serialize` writes it: `kind` first, then the variant's field.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        struct KindFirst;

        impl<'de> Visitor<'de> for KindFirst {
            type Value = Cell;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a table cell, its \"kind\" first")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Cell, A::Error> {
                let cell = match field(&mut map, "kind")? {
                    CellKind::Acyclic => Cell::Acyclic,
                    CellKind::Cyclic => Cell::Cyclic,
                    CellKind::Least => Cell::Least {
                        vcs: field(&mut map, "vcs")?,
                    },
                    CellKind::NoneUpTo => Cell::NoneUpTo {
                        max: field(&mut map, "max")?,
                    },
                    CellKind::OverBudget => Cell::OverBudget {
                        estimate: field(&mut map, "estimate")?,
                    },
                    CellKind::Unavailable => Cell::Unavailable {
                        why: field(&mut map, "why")?,
                    },
                };
                if map.next_key::<IgnoredAny>()?.is_some() {
                    return Err(de::Error::custom("a table cell with a field past its own"));
                }
                Ok(cell)
            }
        }

        deserializer.deserialize_map(KindFirst)
    }
}

/// One routing's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoutingRow {
    /// The strategy's name.
    pub routing: String,
    /// Its title.
    pub title: String,
    /// One virtual channel.
    pub one_vc: Cell,
    /// Per scheme other than [`Scheme::One`] that applies to the network, the fewest
    /// virtual channels it needs.
    pub least: Vec<SchemeLeast>,
}

/// The fewest virtual channels one scheme needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchemeLeast {
    /// The scheme.
    pub scheme: Scheme,
    /// [`Cell::Least`], [`Cell::NoneUpTo`], or why it was not computed.
    pub least: Cell,
}

/// The table of `net`: each routing strategy, on one virtual channel and under every scheme
/// that applies (up to [`TABLE_MAX_VCS`]); a row whose cost is over `budget` is not
/// computed. `progress(done, total, label)` is called between graphs.
pub fn routing_table(
    net: &Network,
    budget: Budget,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Vec<RoutingRow> {
    let t = net.topology();
    let applicable: Vec<Scheme> = schemes(t)
        .into_iter()
        .filter(|&s| s != Scheme::One)
        .collect();
    let strategies = net.strategies();
    let total = strategies.len();
    strategies
        .iter()
        .enumerate()
        .map(|(i, s)| {
            progress(i, total, &format!("the dependency graphs of {}", s.name));
            let mut row = RoutingRow {
                routing: s.name.to_string(),
                title: s.title.to_string(),
                one_vc: Cell::Unavailable { why: String::new() },
                least: Vec::new(),
            };
            let routing = match net.routing(s.name) {
                Ok(r) => r,
                Err(e) => {
                    let why = e.to_string();
                    row.one_vc = Cell::Unavailable { why: why.clone() };
                    row.least = applicable
                        .iter()
                        .map(|&scheme| SchemeLeast {
                            scheme,
                            least: Cell::Unavailable { why: why.clone() },
                        })
                        .collect();
                    return row;
                }
            };
            let one = deadlock_estimate(t, routing.as_ref(), TABLE_MAX_VCS);
            let runs = 1 + u64::from(TABLE_MAX_VCS) * applicable.len() as u64;
            let estimate = Estimate {
                steps: one.steps.saturating_mul(runs),
                bytes: one.bytes,
            };
            if !estimate.within(budget) {
                row.one_vc = Cell::OverBudget { estimate };
                row.least = applicable
                    .iter()
                    .map(|&scheme| SchemeLeast {
                        scheme,
                        least: Cell::OverBudget { estimate },
                    })
                    .collect();
                return row;
            }
            let acyclic = |scheme, vcs| {
                deadlock_with(t, routing.as_ref(), scheme, vcs, &mut |_, _| {})
                    .map(|r| r.acyclic)
                    .map_err(|e| e.to_string())
            };
            row.one_vc = match acyclic(Scheme::One, 1) {
                Ok(true) => Cell::Acyclic,
                Ok(false) => Cell::Cyclic,
                Err(why) => Cell::Unavailable { why },
            };
            row.least = applicable
                .iter()
                .map(|&k| {
                    let max = TABLE_MAX_VCS.min(MAX_VCS);
                    let mut cell = Cell::NoneUpTo { max };
                    for vcs in 1..=max {
                        match acyclic(k, vcs) {
                            Ok(true) => {
                                cell = Cell::Least { vcs };
                                break;
                            }
                            Ok(false) => {}
                            Err(why) => {
                                cell = Cell::Unavailable { why };
                                break;
                            }
                        }
                    }
                    SchemeLeast {
                        scheme: k,
                        least: cell,
                    }
                })
                .collect();
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of cell reads back from the JSON its `Serialize` writes, which the CLI
    /// prints and docs/cli.md documents.
    #[test]
    fn cells_read_back_kind_first() {
        let cells = [
            (Cell::Acyclic, r#"{"kind":"acyclic"}"#),
            (Cell::Cyclic, r#"{"kind":"cyclic"}"#),
            (Cell::Least { vcs: 2 }, r#"{"kind":"least","vcs":2}"#),
            (
                Cell::NoneUpTo { max: 8 },
                r#"{"kind":"none_up_to","max":8}"#,
            ),
            (
                Cell::OverBudget {
                    estimate: Estimate { steps: 7, bytes: 9 },
                },
                r#"{"kind":"over_budget","estimate":{"steps":7,"bytes":9}}"#,
            ),
            (
                Cell::Unavailable {
                    why: "no \"dateline\"".to_string(),
                },
                r#"{"kind":"unavailable","why":"no \"dateline\""}"#,
            ),
        ];
        for (cell, json) in cells {
            assert_eq!(serde_json::to_string(&cell).unwrap(), json);
            assert_eq!(serde_json::from_str::<Cell>(json).unwrap(), cell);
        }
    }

    /// JSON with the kind elsewhere, an unknown kind, a missing or an extra field are refused.
    #[test]
    fn other_cells_are_refused() {
        for json in [
            r#"{"vcs":2,"kind":"least"}"#,
            r#"{"kind":"sideways"}"#,
            r#"{"kind":"least"}"#,
            r#"{"kind":"least","max":2}"#,
            r#"{"kind":"cyclic","vcs":2}"#,
            r#"["least",2]"#,
        ] {
            assert!(serde_json::from_str::<Cell>(json).is_err(), "{json}");
        }
    }
}
