//! The join view (`?view=join`): KYKLOS relational joins (TR-88-27 §I, §II, §VII and
//! Appendix A). The S and R fragment nodes in; the join tree, level and IB-node, the two
//! fragments' routes on the diagram, and the whole network's join grid (Table 2) with its
//! per-level and per-node counts beside the paper's targets out.
//!
//! One-way state, as a chain of memos: URL -> [`JoinForm`] -> [`Network`] -> a KYKLOS
//! network that offers joins -> the two L-nodes -> core's [`Join`] -> views; and, from the
//! network alone, core's [`JoinGrid`] and [`JoinLevelRow`]s.

use icn_core::topology::kyklos::{Join, JoinGrid, JoinLevelRow, Kyklos};
use icn_core::{Network, Node, SpecError};
use leptos::prelude::*;

use crate::diagram::{draw, Drawing, Highlight};
use crate::history::Nav;
use crate::networks;
use crate::url::JoinForm;
use icn_core::Addresses;

/// The grid and the counts need all N² joins: computed up to this many L-nodes.
pub const GRID_MAX_LEAVES: usize = 256;

/// Where a click on a diagram node goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinEnd {
    /// It becomes the S fragment's node.
    S,
    /// It becomes the R fragment's node.
    R,
}

/// One join, as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinFacts {
    /// Appendix A's start tree s.
    pub start_tree: usize,
    /// The join tree (`None`: at the L-node).
    pub tree: Option<usize>,
    /// The join level.
    pub level: usize,
    /// The join site's name (`<t,v,o>`, or the L-node).
    pub site: String,
    /// X = XOR(S node, R node), n bits.
    pub x: String,
    /// Y_s, n bits.
    pub y_s: String,
    /// Its low h bits X_s (Table 2's row).
    pub x_s: String,
    /// Its high h bits X_t' (Table 2's column).
    pub x_t_inv: String,
    /// The grid cell (row X_s, column X_t').
    pub cell: (usize, usize),
    /// The S route, node names.
    pub s_route: Vec<String>,
    /// The R route, node names.
    pub r_route: Vec<String>,
}

/// The whole network's joins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridData {
    /// Table 2 for this network.
    pub grid: JoinGrid,
    /// Per-level counts beside §VII's targets.
    pub rows: Vec<JoinLevelRow>,
    /// Partial joins at each node (by node index) over all N² ordered pairs.
    pub per_node: Vec<usize>,
}

/// Every derived value of the join view, as memos. `Copy`: hand it to components.
#[derive(Debug, Clone, Copy)]
pub struct JoinModel {
    /// Where changes go.
    pub nav: Nav,
    /// The fields, as typed.
    pub form: Memo<JoinForm>,
    /// The network, or why the spec is not one.
    pub network: Memo<Result<Network, SpecError>>,
    /// Why the spec cannot be used here: a parse error, or a network without joins.
    pub spec_error: Memo<Option<String>>,
    /// The S fragment's node, once the network offers joins.
    pub s: Memo<Option<Result<Node, String>>>,
    /// The R fragment's node, likewise.
    pub r: Memo<Option<Result<Node, String>>>,
    /// Core's join of the two, or why there is none.
    pub join: Memo<Option<Result<Join, String>>>,
    /// The join, printed.
    pub facts: Memo<Option<JoinFacts>>,
    /// The grid and counts, or why they are not computed.
    pub grid: Memo<Option<Result<GridData, String>>>,
    /// What the diagram shows.
    pub drawing: Memo<Option<Drawing>>,
    /// The R route (strong), the S route (dashed), the ends and the site.
    pub highlight: Memo<Highlight>,
    /// Where diagram clicks go.
    pub click: RwSignal<JoinEnd>,
    /// The join site's load over all pairs beside §VII's target (when the grid is computed).
    pub site_load: Memo<Option<(usize, usize)>>,
}

/// The KYKLOS network of `net` when it offers joins.
pub fn joinable(net: &Result<Network, SpecError>) -> Option<&Kyklos> {
    match net {
        Ok(net) => net
            .kyklos()
            .ok()
            .filter(|k| k.joins_unsupported().is_none()),
        Err(_) => None,
    }
}

/// Why `net` offers no joins (`None` when it does).
fn why_not(net: &Result<Network, SpecError>) -> Option<String> {
    const WHAT: &str = "Joins are defined for KYKLOS-II⟨2,2,n⟩ with the proposed shuffle (kyklos2:m=2,r=2,n=EVEN,shuffle=proposed)";
    match net.as_ref().map(|n| (n, n.kyklos())) {
        Err(e) => Some(e.to_string()),
        Ok((_, Ok(k))) => k
            .joins_unsupported()
            .map(|why| format!("{WHAT}: {why}; this is {}.", k.spec_string())),
        Ok((other, Err(_))) => Some(format!(
            "{WHAT}; this spec is a {} network.",
            other.family().title
        )),
    }
}

/// Parses an L-node of `k`; an IB-node is refused (fragments live on L-nodes).
fn fragment_node(k: &Kyklos, which: &str, text: &str) -> Result<Node, String> {
    let v = k.parse_node(text).map_err(|e| e.to_string())?;
    if k.is_leaf(v) {
        Ok(v)
    } else {
        Err(format!(
            "{} is an IB-node; the {which} fragment is stored at an L-node 0-{}",
            k.format_node(v),
            k.leaf_count() - 1
        ))
    }
}

fn ok_node(m: Memo<Option<Result<Node, String>>>) -> Option<Node> {
    m.with(|r| r.as_ref().and_then(|r| r.as_ref().ok().copied()))
}

fn bits(x: u64, len: usize) -> String {
    (0..len)
        .rev()
        .map(|g| if x >> g & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// The join printed for the page.
pub fn join_facts(k: &Kyklos, join: &Join) -> JoinFacts {
    let (n, h) = (k.n(), k.n() / k.r());
    let names = |route: &[Node]| route.iter().map(|&x| k.format_node(x)).collect();
    let y_s = bits(join.y_s, n);
    JoinFacts {
        start_tree: join.start_tree,
        tree: join.tree,
        level: join.level,
        site: k.format_node(join.site),
        x: bits(join.x, n),
        x_s: y_s[n - h..].to_string(),
        x_t_inv: y_s[..n - h].to_string(),
        y_s,
        cell: k.grid_position(join),
        s_route: names(&join.s_route),
        r_route: names(&join.r_route),
    }
}

impl JoinModel {
    /// Builds the memo chain on `nav`'s state.
    pub fn new(nav: Nav) -> JoinModel {
        let form = nav.form::<JoinForm>();
        let spec = Memo::new(move |_| form.with(|f| f.spec.clone()));
        let network = Memo::new(move |_| spec.with(|s| networks::build(s)));
        let spec_error = Memo::new(move |_| network.with(why_not));
        let s = Memo::new(move |_| {
            network.with(|n| {
                let k = joinable(n)?;
                Some(form.with(|f| fragment_node(k, "S", &f.s)))
            })
        });
        let r = Memo::new(move |_| {
            network.with(|n| {
                let k = joinable(n)?;
                Some(form.with(|f| fragment_node(k, "R", &f.r)))
            })
        });
        let join = Memo::new(move |_| {
            let (i, j) = (ok_node(s)?, ok_node(r)?);
            network.with(|n| Some(joinable(n)?.join(i, j).map_err(|e| e.to_string())))
        });
        let facts = Memo::new(move |_| {
            network.with(|n| {
                let k = joinable(n)?;
                join.with(|j| Some(join_facts(k, j.as_ref()?.as_ref().ok()?)))
            })
        });
        let grid = Memo::new(move |_| {
            network.with(|n| {
                let k = joinable(n)?;
                if k.leaf_count() > GRID_MAX_LEAVES {
                    return Some(Err(format!(
                        "The grid and the counts need all N² = {} joins; they are computed up to N = {GRID_MAX_LEAVES} L-nodes. §VII's targets for this network: 1 partial join per L-node and N/2 = {} per IB-node.",
                        (k.leaf_count() as u128).pow(2),
                        k.leaf_count() / 2
                    )));
                }
                Some(
                    k.join_grid()
                        .and_then(|grid| {
                            let loads = k.join_loads()?;
                            Ok(GridData {
                                grid,
                                rows: k.join_level_rows(&loads),
                                per_node: loads.per_node,
                            })
                        })
                        .map_err(|e| e.to_string()),
                )
            })
        });
        let drawing = Memo::new(move |_| {
            network.with(|n| {
                joinable(n)?;
                n.as_ref().ok().map(draw)
            })
        });
        let highlight = Memo::new(move |_| {
            join.with(|j| match j {
                Some(Ok(j)) => {
                    let path_text = network.with(|n| match joinable(n) {
                        Some(k) => {
                            let f = join_facts(k, j);
                            format!(
                                "R route {}; S route {}",
                                f.r_route.join(" → "),
                                f.s_route.join(" → ")
                            )
                        }
                        None => String::new(),
                    });
                    Highlight {
                        src: Some(j.s),
                        dst: Some(j.r),
                        path: j.r_route.clone(),
                        second: j.s_route.clone(),
                        site: Some(j.site),
                        path_text,
                        ..Highlight::default()
                    }
                }
                _ => Highlight {
                    src: ok_node(s),
                    dst: ok_node(r),
                    ..Highlight::default()
                },
            })
        });
        let site_load = Memo::new(move |_| {
            let (site, level) = join.with(|j| match j {
                Some(Ok(j)) => Some((j.site, j.level)),
                _ => None,
            })?;
            grid.with(|g| match g {
                Some(Ok(g)) => {
                    let target = g.rows.get(level)?.paper_per_node;
                    Some((*g.per_node.get(site)?, target))
                }
                _ => None,
            })
        });
        JoinModel {
            site_load,
            nav,
            form,
            network,
            spec_error,
            s,
            r,
            join,
            facts,
            grid,
            drawing,
            highlight,
            click: RwSignal::new(JoinEnd::R),
        }
    }

    /// A keystroke in a join field.
    pub fn edit(self, field: &'static str, change: impl FnOnce(&mut JoinForm)) {
        self.nav.edit_form(field, change);
    }

    /// A committed change of the join fields.
    pub fn commit(self, change: impl FnOnce(&mut JoinForm)) {
        self.nav.commit_form(change);
    }

    /// A grid cell was chosen: keep the S node when it has a partner in the cell (else take
    /// the cell's first pair) and make that partner the R node.
    pub fn pick_cell(self, row: usize, col: usize) {
        let choice = self.network.with_untracked(|n| {
            let k = joinable(n)?;
            let i = ok_node(self.s);
            let partner = i.and_then(|i| Some((i, k.partner_in_cell(i, row, col)?)));
            let pair = partner.or_else(|| {
                self.grid.with_untracked(|g| match g {
                    Some(Ok(g)) => g.grid.cells.get(row)?.get(col)?.example,
                    _ => None,
                })
            })?;
            Some((k.format_node(pair.0), k.format_node(pair.1)))
        });
        if let Some((s, r)) = choice {
            self.commit(move |f| {
                f.s = s;
                f.r = r;
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn parse(spec: &str) -> Result<Network, SpecError> {
        spec.parse::<Network>()
    }

    #[wasm_bindgen_test]
    fn only_two_tree_binary_proposed_networks_offer_joins() {
        assert!(joinable(&parse("kyklos2:m=2,r=2,n=6")).is_some());
        assert!(why_not(&parse("kyklos2:m=2,r=2,n=6")).is_none());
        for spec in [
            "kyklos2:m=2,r=3,n=6",
            "kyklos2:m=3,r=2,n=2",
            "kyklos2:m=2,r=2,n=4,shuffle=original",
            "kyklos1:m=2,r=2,n=4",
            "hypercube:n=4",
        ] {
            let why = why_not(&parse(spec)).unwrap_or_default();
            assert!(
                why.starts_with("Joins are defined for KYKLOS-II⟨2,2,n⟩"),
                "{spec}: {why}"
            );
        }
        let bad = why_not(&parse("kyklos2:m=2,r=2,n=5")).unwrap_or_default();
        assert!(bad.contains("n mod r = 0"), "{bad}");
    }

    #[wasm_bindgen_test]
    fn fragments_are_l_nodes_and_errors_say_why() {
        let net = parse("kyklos2:m=2,r=2,n=6");
        let k = joinable(&net).unwrap_or_else(|| panic!("joinable"));
        assert_eq!(fragment_node(k, "S", "42"), Ok(42));
        let ib = fragment_node(k, "S", "<0,1,0>").unwrap_err();
        assert!(ib.contains("is an IB-node") && ib.contains("0-63"), "{ib}");
        for bad in ["", "64", "-1", "x", "99999999999999999999999", "<9,9,9>"] {
            assert!(fragment_node(k, "R", bad).is_err(), "{bad}");
        }
    }

    /// The worked example of docs/topologies/kyklos.md: S at 42, R at 0.
    #[wasm_bindgen_test]
    fn the_worked_example_prints_as_documented() {
        let net = parse("kyklos2:m=2,r=2,n=6");
        let k = joinable(&net).unwrap_or_else(|| panic!("joinable"));
        let j = k.join(42, 0).unwrap_or_else(|e| panic!("{e}"));
        let f = join_facts(k, &j);
        assert_eq!((f.start_tree, f.tree, f.level), (0, Some(0), 2));
        assert_eq!(f.site, "<0,2,10>");
        assert_eq!((f.x.as_str(), f.y_s.as_str()), ("101010", "101010"));
        assert_eq!((f.x_t_inv.as_str(), f.x_s.as_str()), ("101", "010"));
        assert_eq!(f.cell, (0b010, 0b101));
        assert_eq!(f.s_route, vec!["42", "<0,1,21>", "<0,2,10>"]);
        assert_eq!(f.r_route.first().map(String::as_str), Some("0"));
        assert_eq!(f.r_route.last().map(String::as_str), Some("<0,2,10>"));
    }
}
