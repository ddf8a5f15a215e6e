//! TR-88-27 §V's routing strings of a KYKLOS pair, laid out bit by bit for the route
//! explorer's strings panel.
//!
//! [`strings_view`] is pure: it lays out core's [`RoutingStrings`] and [`TreeDepths`] as
//! rows of bit cells, marking the bits that decide each traversal. It decides nothing
//! itself: every depth comes from core.

use icn_core::topology::kyklos::{Kyklos, RoutingStrings, TreeDepths};
use icn_core::Node;

use icn_web_model::format::{plural, sub};

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

/// The branch names of the paper for m = 2 (0 left, 1 right), the digit otherwise.
fn branch(m: usize, c: char) -> String {
    match (m, c) {
        (2, '0') => "left".into(),
        (2, '1') => "right".into(),
        _ => format!("branch {c}"),
    }
}

/// One pair's strings and the columns they are laid out in.
struct Layout<'a> {
    k: &'a Kyklos,
    strings: RoutingStrings,
    depths: TreeDepths,
    /// Dimension columns n−1 … 0.
    dims: Vec<usize>,
    /// A rule after dimension g when g is a multiple of h.
    dim_rule: Vec<bool>,
    /// Level columns n … 1.
    levels: Vec<usize>,
    /// A rule after level v when v − 1 is a multiple of h.
    level_rule: Vec<bool>,
}

impl<'a> Layout<'a> {
    fn new(k: &'a Kyklos, s: Node, d: Node) -> Layout<'a> {
        let strings: RoutingStrings = k.routing_strings(s, d);
        let depths: TreeDepths = k.tree_depths(s, d);
        let (n, h) = (k.n(), k.h());
        let dims: Vec<usize> = (0..n).rev().collect();
        let dim_rule: Vec<bool> = dims
            .iter()
            .map(|&g| h.is_some_and(|h| g > 0 && g % h == 0))
            .collect();
        let levels: Vec<usize> = (1..=n).rev().collect();
        let level_rule: Vec<bool> = levels
            .iter()
            .map(|&v| h.is_some_and(|h| v > 1 && (v - 1) % h == 0))
            .collect();
        Layout {
            k,
            strings,
            depths,
            dims,
            dim_rule,
            levels,
            level_rule,
        }
    }

    /// S or D by dimension, marking where S and D differ.
    fn digit_row(&self, label: &str, key: &str, text: &str, what: &str) -> BitRow {
        let (k, dims, dim_rule) = (self.k, &self.dims, &self.dim_rule);
        let cells = text
            .chars()
            .zip(self.strings.x.chars())
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
    }

    /// X: the highest 1 of each slice decides H-r's climb in that slice's tree.
    fn x_row(&self) -> BitRow {
        let (strings, depths, h, r) = (&self.strings, &self.depths, self.k.h(), self.k.r());
        let x_cells = strings
            .x
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                let g = self.dims[i];
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
                    boundary: self.dim_rule[i],
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
        BitRow {
            label: "X".into(),
            key: "x".into(),
            text: strings.x.clone(),
            cells: x_cells,
            note: x_note,
        }
    }

    /// The slices X_t and X_t' (`label = text`).
    fn slices(&self) -> Vec<(String, String)> {
        let strings = &self.strings;
        (0..strings.slices.len())
            .map(|t| (format!("X{}", sub(t)), strings.slices[t].clone()))
            .chain(
                (0..strings.slices_inverted.len())
                    .map(|t| (format!("X{}'", sub(t)), strings.slices_inverted[t].clone())),
            )
            .collect()
    }

    /// Y_t: bit v − 1 is X at the dimension of level v of tree t; its highest 1 decides
    /// the single-tree climb.
    fn y_row(&self, t: usize) -> BitRow {
        let (k, h, r) = (self.k, self.k.h(), self.k.r());
        let depth = self.depths.single_tree[t];
        let cells = self.strings.y[t]
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                let v = self.levels[i];
                let decides = v == depth;
                BitCell {
                    ch,
                    boundary: self.level_rule[i],
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
        BitRow {
            label: format!("Y{}", sub(t)),
            key: format!("y{t}"),
            text: self.strings.y[t].clone(),
            cells,
            note,
        }
    }

    /// D_t: the branch taken descending level v.
    fn d_row(&self, t: usize) -> BitRow {
        let k = self.k;
        let depth = self.depths.single_tree[t];
        let text = &self.strings.d_strings[t];
        let cells = text
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                let v = self.levels[i];
                let used = v <= depth;
                BitCell {
                    ch,
                    boundary: self.level_rule[i],
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
            .skip(k.n() - depth)
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
        BitRow {
            label: format!("D{}", sub(t)),
            key: format!("d{t}"),
            text: text.clone(),
            cells,
            note,
        }
    }

    /// Y-2's start tree and levels, in words.
    fn y2(&self) -> Option<String> {
        let r = self.k.r();
        self.depths.y2.as_ref().map(|(start, levels)| {
            let start = *start;
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
        })
    }
}

/// Lays out the strings of `s` → `d` (L-nodes of `k`).
pub fn strings_view(k: &Kyklos, s: Node, d: Node) -> StringsView {
    let l = Layout::new(k, s, d);
    let mut s_row = l.digit_row(&format!("S = {s}"), "s", &l.strings.s, "S");
    s_row.note = format!("{s} in base {}", k.m());
    let mut d_row = l.digit_row(&format!("D = {d}"), "d", &l.strings.d, "D");
    d_row.note = format!("{d} in base {}", k.m());
    let x_row = l.x_row();
    let r = k.r();
    let level_rows = (0..r)
        .map(|t| l.y_row(t))
        .chain((0..r).map(|t| l.d_row(t)))
        .collect();
    let slices = l.slices();
    let y2 = l.y2();
    StringsView {
        digits: BitBlock {
            header: "dimension",
            columns: l.dims,
            boundaries: l.dim_rule,
            rows: vec![s_row, d_row, x_row],
        },
        slices,
        levels: BitBlock {
            header: "level",
            columns: l.levels,
            boundaries: l.level_rule,
            rows: level_rows,
        },
        y2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use icn_core::Network;
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
