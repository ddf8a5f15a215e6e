//! The route explorer's KYKLOS panels: every strategy's route for the chosen pair side by
//! side, and TR-88-27 §V's routing strings annotated bit by bit ([`super::strings`]).
//!
//! [`KyklosPanels`] adds memos to a [`RouteModel`].

use icn_core::analysis::{table3_measures, Table3Measures, TABLE3_MAX_LEAVES};
use icn_core::topology::kyklos::{Kyklos, KyklosRouting};
use icn_core::{Network, Node};
use leptos::prelude::*;

use super::model::{ok_node, RouteModel};
use super::strings::{strings_view, StringsView};
use icn_core::Graph;
use icn_web_model::format::plural;

/// Paths listed per strategy in the comparison.
pub const COMPARE_PATHS: usize = 4;
/// Networks with more nodes than this are not compared (five routings each time).
pub const COMPARE_MAX_NODES: usize = 1 << 20;

/// One strategy's route for the pair.
#[derive(Debug, Clone, PartialEq)]
pub struct StrategyRoute {
    /// The strategy's URL name (`y2`, `hr`, …).
    pub name: &'static str,
    /// Its menu title.
    pub title: &'static str,
    /// Hops of its paths.
    pub length: u32,
    /// How many paths it offers, exactly.
    pub count: String,
    /// The first [`COMPARE_PATHS`] paths.
    pub paths: Vec<ComparePath>,
}

/// One listed path of a strategy.
#[derive(Debug, Clone, PartialEq)]
pub struct ComparePath {
    /// Its nodes.
    pub nodes: Vec<Node>,
    /// Its nodes as text.
    pub text: String,
    /// Its tree traversals in the paper's words ("up 2 levels of tree 0 to 22, then …").
    pub legs: String,
}

/// The tree traversals of `path` (between L-nodes), as core splits them.
pub fn legs_text(k: &Kyklos, path: &[Node]) -> String {
    let legs: Vec<String> = k
        .plan_of_path(path)
        .legs
        .iter()
        .map(|l| {
            format!(
                "up {} of tree {} to {}",
                plural(l.levels, "level", "levels"),
                l.tree,
                l.to
            )
        })
        .collect();
    if legs.is_empty() {
        "no traversal".into()
    } else {
        legs.join(", then ")
    }
}

/// What the comparison shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Comparison {
    /// Every strategy the network offers.
    Routes(Vec<StrategyRoute>),
    /// Why there is none (an endpoint is an IB-node, the network is too large).
    Note(String),
}

/// The KYKLOS memos of the explorer. `Copy`: hand it to components.
#[derive(Debug, Clone, Copy)]
pub struct KyklosPanels {
    /// The explorer's model.
    pub model: RouteModel,
    /// Whether the network is KYKLOS (the panels are shown).
    pub active: Memo<bool>,
    /// Every strategy's route, or why there are none.
    pub comparison: Memo<Option<Comparison>>,
    /// The strings of the pair, when both ends are L-nodes.
    pub strings: Memo<Option<StringsView>>,
    /// TR-88-27 Table 3's measures of the current strategy, or why they are not shown.
    pub table3: Memo<Option<Result<Table3Measures, String>>>,
}

/// The most L-nodes for which the page computes Table 3's measures itself.
pub const TABLE3_PAGE_LEAVES: usize = 1024;

fn kyklos(net: &Network) -> Option<&Kyklos> {
    net.kyklos().ok()
}

impl KyklosPanels {
    /// Builds the memos on `model`.
    pub fn new(model: RouteModel) -> KyklosPanels {
        let active = Memo::new(move |_| {
            model
                .network
                .with(|n| n.as_ref().ok().and_then(kyklos).is_some())
        });
        let leaves = move || -> Option<(Node, Node)> {
            let (a, b) = (ok_node(model.from)?, ok_node(model.to)?);
            model.network.with(|n| {
                let k = n.as_ref().ok().and_then(kyklos)?;
                (k.is_leaf(a) && k.is_leaf(b)).then_some((a, b))
            })
        };
        let comparison = Memo::new(move |_| {
            if model.deferred_more.get() {
                return None;
            }
            let (a, b) = (ok_node(model.from)?, ok_node(model.to)?);
            model.network.with(|n| {
                let net = n.as_ref().ok()?;
                let k = kyklos(net)?;
                if !(k.is_leaf(a) && k.is_leaf(b)) {
                    return Some(Comparison::Note(
                        "The strategies route between L-nodes; pick two L-nodes to compare them."
                            .into(),
                    ));
                }
                if k.node_count() > COMPARE_MAX_NODES {
                    return Some(Comparison::Note(format!(
                        "Not compared above {COMPARE_MAX_NODES} nodes; choose one strategy above."
                    )));
                }
                let rows = net
                    .strategies()
                    .into_iter()
                    .filter_map(|s| {
                        let route = net.route(s.name, a, b, COMPARE_PATHS).ok()?;
                        let paths = route
                            .paths
                            .iter()
                            .map(|p| {
                                let text: Vec<String> =
                                    p.iter().map(|&v| net.format_node(v)).collect();
                                ComparePath {
                                    nodes: p.clone(),
                                    text: text.join(" → "),
                                    legs: legs_text(k, p),
                                }
                            })
                            .collect();
                        Some(StrategyRoute {
                            name: s.name,
                            title: s.title,
                            length: route.length,
                            count: route.path_count.to_string(),
                            paths,
                        })
                    })
                    .collect();
                Some(Comparison::Routes(rows))
            })
        });
        let strings = Memo::new(move |_| {
            let (a, b) = leaves()?;
            model
                .network
                .with(|n| Some(strings_view(kyklos(n.as_ref().ok()?)?, a, b)))
        });
        let table3 = Memo::new(move |_| {
            let strategy = model.form.with(|f| f.strategy.clone());
            model.network.with(|n| {
                let k = kyklos(n.as_ref().ok()?)?;
                if k.leaf_count() > TABLE3_PAGE_LEAVES {
                    return Some(Err(format!(
                        "Table 3's measures are computed here up to {TABLE3_PAGE_LEAVES} L-nodes; icn metrics gives them up to {TABLE3_MAX_LEAVES}."
                    )));
                }
                let kind = strategy.parse::<KyklosRouting>().ok()?;
                table3_measures(k, kind).map(Ok)
            })
        });
        KyklosPanels {
            model,
            active,
            comparison,
            strings,
            table3,
        }
    }

    /// Shows `path` of strategy `name`: the strategy becomes the explorer's, the path the
    /// highlighted one.
    pub fn pick(self, name: &'static str, path: Vec<Node>) {
        if self.model.form.with_untracked(|f| f.strategy != name) {
            self.model.commit(|f| f.strategy = name.to_string());
        }
        self.model.pick_path(&path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn net(spec: &str) -> Kyklos {
        match spec.parse::<Network>().map(|n| n.kyklos().cloned()) {
            Ok(Ok(k)) => k,
            other => panic!("{spec}: {other:?}"),
        }
    }

    /// Example 2's two minimal routes in the paper's words: two levels of each tree.
    #[wasm_bindgen_test]
    fn legs_are_told_as_tree_traversals() {
        let k = net("kyklos2:m=2,r=2,n=6,shuffle=proposed");
        let plan = &k
            .plans(icn_core::topology::kyklos::KyklosRouting::D2, 20, 14)
            .unwrap_or_default()[0];
        let path = k.plan_nodes(20, plan);
        let text = legs_text(&k, &path);
        assert!(
            text == "up 2 levels of tree 0 to 22, then up 2 levels of tree 1 to 14"
                || text == "up 2 levels of tree 1 to 12, then up 2 levels of tree 0 to 14",
            "{text}"
        );
        assert_eq!(legs_text(&k, &[5]), "no traversal");
    }
}
