//! The route explorer's KYKLOS panels: every strategy's route for the chosen pair side by
//! side, and TR-88-27 §V's routing strings annotated bit by bit.
//!
//! [`KyklosPanels`] adds memos to a [`RouteModel`]; [`strings_view`] is pure: it lays out
//! core's [`RoutingStrings`] and [`TreeDepths`] as rows of bit cells, marking the bits
//! that decide each traversal. It decides nothing itself: every depth comes from core.

use icn_core::topology::kyklos::{Kyklos, RoutingStrings, TreeDepths};
use icn_core::{Network, Node, Topology};
use leptos::prelude::*;

use super::route::{ok_node, RouteModel};

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

/// How a bit cell is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Nothing special.
    Plain,
    /// S and D differ here (the digit rows).
    Differs,
    /// The highest 1: it decides how many levels a traversal climbs.
    Decides,
    /// A branch taken on the way down (the D_t rows).
    Branch,
}

/// One character of a string, in its column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitCell {
    /// The character.
    pub ch: char,
    /// A slice boundary follows this cell (drawn as a rule on its right).
    pub boundary: bool,
    /// Its mark.
    pub mark: Mark,
    /// What the position is and why it is marked (the cell's tooltip).
    pub title: String,
}

/// One string on one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitRow {
    /// Row label, e.g. `Y_0`.
    pub label: String,
    /// Its data-testid key, e.g. `y0`.
    pub key: String,
    /// The string as the paper prints it.
    pub text: String,
    /// Its cells, most significant first.
    pub cells: Vec<BitCell>,
    /// The explanation beside it.
    pub note: String,
}

/// A block of rows under one column header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitBlock {
    /// What the columns count (`dimension` or `level`).
    pub header: &'static str,
    /// The header numbers, most significant first.
    pub columns: Vec<usize>,
    /// Boundaries after these header positions (indices into `columns`).
    pub boundaries: Vec<bool>,
    /// The rows.
    pub rows: Vec<BitRow>,
}

/// The §V strings of a pair, laid out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringsView {
    /// S, D and X by dimension.
    pub digits: BitBlock,
    /// The slices X_t and X_t' (`label = text`), proposed shuffle only.
    pub slices: Vec<(String, String)>,
    /// Y_t and D_t by level.
    pub levels: BitBlock,
    /// Y-2's start tree and levels, in words.
    pub y2: Option<String>,
}

/// `t` in subscript digits (X₀, Y₁ …).
pub fn sub(t: usize) -> String {
    const DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    t.to_string()
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| DIGITS[d as usize]))
        .collect()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The branch names of the paper for m = 2 (0 left, 1 right), the digit otherwise.
fn branch(m: usize, c: char) -> String {
    match (m, c) {
        (2, '0') => "left".into(),
        (2, '1') => "right".into(),
        _ => format!("branch {c}"),
    }
}

/// Lays out the strings of `s` → `d` (L-nodes of `k`).
pub fn strings_view(k: &Kyklos, s: Node, d: Node) -> StringsView {
    let strings: RoutingStrings = k.routing_strings(s, d);
    let depths: TreeDepths = k.tree_depths(s, d);
    let (n, r, h) = (k.n(), k.r(), k.h());
    // Dimension columns n−1 … 0; a rule after dimension g when g is a multiple of h.
    let dims: Vec<usize> = (0..n).rev().collect();
    let dim_rule: Vec<bool> = dims
        .iter()
        .map(|&g| h.is_some_and(|h| g > 0 && g % h == 0))
        .collect();
    // Level columns n … 1; a rule after level v when v − 1 is a multiple of h.
    let levels: Vec<usize> = (1..=n).rev().collect();
    let level_rule: Vec<bool> = levels
        .iter()
        .map(|&v| h.is_some_and(|h| v > 1 && (v - 1) % h == 0))
        .collect();

    let digit_row = |label: &str, key: &str, text: &str, what: &str| {
        let cells = text
            .chars()
            .zip(strings.x.chars())
            .enumerate()
            .map(|(i, (ch, x))| BitCell {
                ch,
                boundary: dim_rule[i],
                mark: if x == '1' { Mark::Differs } else { Mark::Plain },
                title: format!(
                    "{what} digit {} (place value {}^{}){}",
                    dims[i],
                    k.m(),
                    dims[i],
                    if x == '1' { ": S and D differ" } else { "" }
                ),
            })
            .collect();
        BitRow {
            label: label.into(),
            key: key.into(),
            text: text.into(),
            cells,
            note: String::new(),
        }
    };
    let mut s_row = digit_row(&format!("S = {s}"), "s", &strings.s, "S");
    s_row.note = format!("{s} in base {}", k.m());
    let mut d_row = digit_row(&format!("D = {d}"), "d", &strings.d, "D");
    d_row.note = format!("{d} in base {}", k.m());

    // X: the highest 1 of each slice decides H-r's climb in that slice's tree.
    let x_cells = strings
        .x
        .chars()
        .enumerate()
        .map(|(i, ch)| {
            let g = dims[i];
            let slice = h.map(|h| (g / h, g % h));
            let decides = match slice {
                Some((t, bit)) => depths.slice.get(t).is_some_and(|&l| l == bit + 1),
                None => false,
            };
            let mut title = format!("X dimension {g}");
            if let Some((t, bit)) = slice {
                title.push_str(&format!(" = X{}{}", sub(t), sub(bit)));
                if decides {
                    title.push_str(&format!(
                        ": the highest 1 of X{}, so H-r climbs {} of tree {t}",
                        sub(t),
                        plural(bit + 1, "level", "levels")
                    ));
                }
            }
            BitCell {
                ch,
                boundary: dim_rule[i],
                mark: if decides { Mark::Decides } else { Mark::Plain },
                title,
            }
        })
        .collect();
    let x_note = if h.is_some() {
        let parts: Vec<String> = (0..r).rev().map(|t| format!("X{}", sub(t))).collect();
        format!(
            "XOR(S, D), 1 where the digits differ; slices {} (h = {} bits each)",
            parts.join(" | "),
            h.unwrap_or(0)
        )
    } else {
        "XOR(S, D), 1 where the digits differ".to_string()
    };
    let x_row = BitRow {
        label: "X".into(),
        key: "x".into(),
        text: strings.x.clone(),
        cells: x_cells,
        note: x_note,
    };

    let slices = (0..strings.slices.len())
        .map(|t| (format!("X{}", sub(t)), strings.slices[t].clone()))
        .chain(
            (0..strings.slices_inverted.len())
                .map(|t| (format!("X{}'", sub(t)), strings.slices_inverted[t].clone())),
        )
        .collect();

    // Y_t: bit v − 1 is X at the dimension of level v of tree t; its highest 1 decides the
    // single-tree climb. D_t: the branch taken descending level v.
    let mut level_rows = Vec::new();
    for t in 0..r {
        let depth = depths.single_tree[t];
        let cells = strings.y[t]
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                let v = levels[i];
                let decides = v == depth;
                BitCell {
                    ch,
                    boundary: level_rule[i],
                    mark: if decides { Mark::Decides } else { Mark::Plain },
                    title: format!(
                        "Y{} level {v} (dimension {}){}",
                        sub(t),
                        k.dimension(t, v),
                        if decides {
                            format!(
                                ": the highest 1, so tree {t} alone climbs {}",
                                plural(v, "level", "levels")
                            )
                        } else {
                            String::new()
                        }
                    ),
                }
            })
            .collect();
        let parts: Vec<String> = if h.is_some() {
            (1..r)
                .rev()
                .map(|j| format!("X{}'", sub((t + j) % r)))
                .chain([format!("X{}", sub(t))])
                .collect()
        } else {
            Vec::new()
        };
        let makeup = if parts.is_empty() {
            format!("X in tree {t}'s level order")
        } else {
            parts.join(" cnc ")
        };
        let note = if depth == 0 {
            format!("{makeup}; S = D: no traversal")
        } else {
            format!(
                "{makeup}; tree {t} alone: up {}, {} hops",
                plural(depth, "level", "levels"),
                2 * depth
            )
        };
        level_rows.push(BitRow {
            label: format!("Y{}", sub(t)),
            key: format!("y{t}"),
            text: strings.y[t].clone(),
            cells,
            note,
        });
    }
    for t in 0..r {
        let depth = depths.single_tree[t];
        let text = &strings.d_strings[t];
        let cells = text
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                let v = levels[i];
                let used = v <= depth;
                BitCell {
                    ch,
                    boundary: level_rule[i],
                    mark: if used { Mark::Branch } else { Mark::Plain },
                    title: format!(
                        "D{} level {v}: D's digit {}{}",
                        sub(t),
                        k.dimension(t, v),
                        if used {
                            format!(", the {} taken descending level {v}", branch(k.m(), ch))
                        } else {
                            String::new()
                        }
                    ),
                }
            })
            .collect();
        let taken: Vec<String> = text
            .chars()
            .skip(n - depth)
            .map(|c| branch(k.m(), c))
            .collect();
        let note = if depth == 0 {
            "D in tree order".to_string()
        } else {
            format!(
                "descending tree {t} from level {depth}: {}",
                taken.join(", ")
            )
        };
        level_rows.push(BitRow {
            label: format!("D{}", sub(t)),
            key: format!("d{t}"),
            text: text.clone(),
            cells,
            note,
        });
    }

    let y2 = depths.y2.map(|(start, levels)| {
        let order: Vec<String> = (0..r)
            .map(|j| (start + j) % r)
            .filter(|&t| levels[t] > 0)
            .map(|t| format!("{} of tree {t}", plural(levels[t], "level", "levels")))
            .collect();
        let hops: usize = levels.iter().map(|l| 2 * l).sum();
        if order.is_empty() {
            format!("Y-2: start tree s = {start} (Appendix A); S = D, no traversal.")
        } else {
            format!(
                "Y-2: start tree s = {start} (Appendix A); {}: {hops} hops.",
                order.join(", then ")
            )
        }
    });

    StringsView {
        digits: BitBlock {
            header: "dimension",
            columns: dims,
            boundaries: dim_rule,
            rows: vec![s_row, d_row, x_row],
        },
        slices,
        levels: BitBlock {
            header: "level",
            columns: levels,
            boundaries: level_rule,
            rows: level_rows,
        },
        y2,
    }
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
}

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
        KyklosPanels {
            model,
            active,
            comparison,
            strings,
        }
    }

    /// Shows `path` of strategy `name`: the strategy becomes the explorer's, the path the
    /// highlighted one.
    pub fn pick(self, name: &'static str, path: Vec<Node>) {
        self.model.picked.set(Some(path));
        if self.model.form.with_untracked(|f| f.strategy != name) {
            self.model.commit(|f| f.strategy = name.to_string());
        }
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

    fn row<'a>(block: &'a BitBlock, key: &str) -> &'a BitRow {
        block
            .rows
            .iter()
            .find(|r| r.key == key)
            .unwrap_or_else(|| panic!("no row {key}"))
    }

    fn marked(row: &BitRow, mark: Mark) -> Vec<usize> {
        row.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.mark == mark)
            .map(|(i, _)| i)
            .collect()
    }

    /// TR-88-27 Example 1 (24 → 62): the printed strings, tree 0 climbs 4 levels (its
    /// Y_0's highest 1 at level 4) and descends right, right, right, left.
    #[wasm_bindgen_test]
    fn example_1_is_laid_out_as_printed() {
        let k = net("kyklos2:m=2,r=2,n=6,shuffle=proposed");
        let v = strings_view(&k, 24, 62);
        assert_eq!(v.digits.columns, vec![5, 4, 3, 2, 1, 0]);
        assert_eq!(v.levels.columns, vec![6, 5, 4, 3, 2, 1]);
        // One rule between the slices: after dimension 3 and after level 4.
        assert_eq!(
            v.digits.boundaries,
            vec![false, false, true, false, false, false]
        );
        assert_eq!(
            v.levels.boundaries,
            vec![false, false, true, false, false, false]
        );
        assert_eq!(row(&v.digits, "x").text, "100110");
        assert_eq!(row(&v.levels, "y0").text, "001110");
        assert_eq!(row(&v.levels, "y1").text, "011100");
        assert_eq!(row(&v.levels, "d0").text, "111110");
        assert_eq!(row(&v.levels, "d1").text, "011111");
        let slices: Vec<String> = v.slices.iter().map(|(l, t)| format!("{l}={t}")).collect();
        assert_eq!(slices, vec!["X₀=110", "X₁=100", "X₀'=011", "X₁'=001"]);
        // Y_0's highest 1 is level 4 (index 2), Y_1's level 5 (index 1).
        assert_eq!(marked(row(&v.levels, "y0"), Mark::Decides), vec![2]);
        assert_eq!(marked(row(&v.levels, "y1"), Mark::Decides), vec![1]);
        assert!(row(&v.levels, "y0").note.contains("up 4 levels, 8 hops"));
        assert!(row(&v.levels, "y1").note.contains("up 5 levels, 10 hops"));
        assert!(row(&v.levels, "y0").note.starts_with("X₁' cnc X₀"));
        assert_eq!(marked(row(&v.levels, "d0"), Mark::Branch), vec![2, 3, 4, 5]);
        assert!(row(&v.levels, "d0")
            .note
            .ends_with("from level 4: right, right, right, left"));
        // X's slice tops: X_1 = 100 (dimension 5), X_0 = 110 (dimension 2).
        assert_eq!(marked(row(&v.digits, "x"), Mark::Decides), vec![0, 3]);
        assert_eq!(marked(row(&v.digits, "s"), Mark::Differs), vec![0, 3, 4]);
    }

    /// Example 2 (20 → 14): 12 and 10 hops alone; Y-2 takes two levels of each tree.
    #[wasm_bindgen_test]
    fn example_2_is_laid_out_as_printed() {
        let k = net("kyklos2:m=2,r=2,n=6,shuffle=proposed");
        let v = strings_view(&k, 20, 14);
        assert_eq!(row(&v.digits, "x").text, "011010");
        assert_eq!(row(&v.levels, "y0").text, "110010");
        assert_eq!(row(&v.levels, "y1").text, "010011");
        assert_eq!(row(&v.levels, "d0").text, "100110");
        assert_eq!(row(&v.levels, "d1").text, "011001");
        assert!(row(&v.levels, "y0").note.contains("up 6 levels, 12 hops"));
        assert!(row(&v.levels, "y1").note.contains("up 5 levels, 10 hops"));
        let y2 = v.y2.unwrap_or_default();
        assert!(
            y2.ends_with("2 levels of tree 0, then 2 levels of tree 1: 8 hops."),
            "{y2}"
        );
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

    /// Without slices (KYKLOS-I, m = 3): no rules, no slices, no Y-2; branches are digits.
    #[wasm_bindgen_test]
    fn other_networks_have_no_slices() {
        let k = net("kyklos1:m=3,r=2,n=3");
        let v = strings_view(&k, 0, 26);
        assert!(v.slices.is_empty() && v.y2.is_none());
        assert!(v.digits.boundaries.iter().all(|b| !b));
        assert_eq!(row(&v.levels, "d0").text, "222");
        assert!(row(&v.levels, "d0")
            .note
            .ends_with("branch 2, branch 2, branch 2"));
        let same = strings_view(&k, 5, 5);
        assert!(row(&same.levels, "y0").note.ends_with("no traversal"));
    }
}
