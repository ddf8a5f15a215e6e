//! The sub-network view's model: the form read into a subset of D3(N, M) and everything
//! core computes about it.
//!
//! One-way state: URL -> [`SubnetForm`] -> network, subset -> port table, isomorphism
//! check, lit routers and links -> views.

use icn_core::papers::table::Num;
use icn_core::topology::d3::subnet::{self, EmbeddingCheck, SubnetTable};
use icn_core::topology::d3::D3;
use icn_core::{Network, Node};

use crate::url::SubnetForm;
use icn_core::Graph;

/// The most entries of κ or λ the page lays out as a table.
pub const MAX_SUBSET: usize = 32;

/// The most steps (small routers × big ports × small ports, as `icn table d3-subnetwork`
/// estimates it) of the isomorphism check run in the page: at D3(9, 8) with eight cabinets
/// it is 512 · 17 · 16 ≈ 1.4 · 10⁵, a few milliseconds.
pub const WEB_CHECK_LIMIT: u64 = 1 << 21;

/// The most routers of the big network marked lit or dimmed (the drawing stops before).
const MAX_LIT: usize = 4096;

/// Which elements the subset chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Cabinets (Theorem 1).
    Cabinets,
    /// Drawer and router positions.
    Drawers,
}

/// The paper's printed table beside the computed one, for the κ it prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Printed {
    /// Which of the two printed tables.
    pub title: String,
    /// Row by row, column by column: the printed entry.
    pub entries: Vec<Vec<Option<u32>>>,
}

/// Everything the view shows for a valid form.
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    /// The big network D3(N, M).
    pub big: D3,
    /// Which kind of subset.
    pub kind: Kind,
    /// The port table (Theorem 1's arithmetic over N for cabinets, over M for drawers).
    pub table: SubnetTable,
    /// The small network the subset is isomorphic to.
    pub small: D3,
    /// The edge-by-edge check, unless it is over the page's budget (its estimate then).
    pub check: Result<EmbeddingCheck, u64>,
    /// Per router of the big network: in the sub-network.
    pub lit: Vec<bool>,
    /// Routers in the sub-network.
    pub routers: usize,
    /// The paper's printed table, when it prints one for this κ.
    pub printed: Option<Printed>,
}

/// What went wrong, by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// The spec.
    Spec(String),
    /// The kind.
    Kind(String),
    /// κ or λ.
    Set(String),
}

/// Reads `kind`.
pub fn kind(name: &str) -> Result<Kind, String> {
    match name {
        "cabinets" => Ok(Kind::Cabinets),
        "drawers" => Ok(Kind::Drawers),
        other => Err(format!(
            "unknown kind of sub-network '{other}'; choose cabinets or drawers"
        )),
    }
}

/// Reads κ or λ as typed (`1,2,5,8`, spaces allowed): distinct whole numbers below
/// `bound`, at most [`MAX_SUBSET`]. `what` names an element in the messages.
pub fn parse_set(text: &str, bound: u32, what: &str) -> Result<Vec<u32>, String> {
    let mut set: Vec<u32> = Vec::new();
    if text.trim().is_empty() {
        return Err(format!("choose at least one {what}, e.g. 0,1"));
    }
    for (i, item) in text.split(',').enumerate() {
        let item = item.trim();
        if item.is_empty() {
            return Err(format!("item {} is empty (a comma too many?)", i + 1));
        }
        let x: u32 = item.parse().map_err(|_| {
            format!(
                "'{item}' (item {}) is not a {what} number: write whole numbers separated by commas",
                i + 1
            )
        })?;
        if x >= bound {
            return Err(format!(
                "{x} (item {}) is not a {what}: they are 0 to {}",
                i + 1,
                bound - 1
            ));
        }
        if set.contains(&x) {
            return Err(format!("{x} (item {}) is named twice", i + 1));
        }
        if set.len() == MAX_SUBSET {
            return Err(format!("at most {MAX_SUBSET} {what}s here"));
        }
        set.push(x);
    }
    set.sort_unstable();
    Ok(set)
}

/// The paper's two printed tables (§4), for κ = {1,2,5,8} and {0,3,4,6,7} in D3(9, M).
fn printed(kappa: &[u32]) -> Option<Printed> {
    let k = kappa.len();
    let wanted: &[u32] = match kappa {
        [1, 2, 5, 8] | [0, 3, 4, 6, 7] => kappa,
        _ => return None,
    };
    let table = icn_core::papers::dragonfly::table_subnetworks().ok()?;
    let group = format!("D3({k},M) in D3(9,M), κ = {wanted:?}");
    let cells: Vec<Option<u32>> = table
        .cells
        .iter()
        .filter(|c| c.group == group)
        .map(|c| c.printed.map(|p: Num| p.value() as u32))
        .collect();
    (cells.len() == k * k).then(|| Printed {
        title: format!("the paper's table for D3({k},M) inside D3(9,M) (§4, after Theorem 1)"),
        entries: cells.chunks(k).map(<[Option<u32>]>::to_vec).collect(),
    })
}

/// Everything for the form, or the field at fault.
pub fn analyse(form: &SubnetForm) -> Result<Facts, Trouble> {
    let net: Network = form
        .spec
        .parse()
        .map_err(|e| Trouble::Spec(format!("{e}")))?;
    let Ok(big) = net.d3().cloned() else {
        return Err(Trouble::Spec(format!(
            "sub-networks are of the Swapped Dragonfly (d3:k=…,m=…); '{}' is a {}",
            net.spec(),
            net.family().name
        )));
    };
    let which = kind(&form.kind).map_err(Trouble::Kind)?;
    let (n, m) = (big.k(), big.m());
    let (bound, what) = match which {
        Kind::Cabinets => (n, "cabinet"),
        Kind::Drawers => (m, "drawer"),
    };
    let set = parse_set(&form.set, bound, what).map_err(Trouble::Set)?;
    let table = subnet::subnet_table(bound, &set).map_err(|e| Trouble::Set(format!("{e}")))?;
    let (sk, sm) = match which {
        Kind::Cabinets => (set.len() as u64, u64::from(m)),
        Kind::Drawers => (u64::from(n), set.len() as u64),
    };
    let small = D3::new(sk, sm).map_err(|e| {
        Trouble::Set(format!(
            "the sub-network would be D3({sk},{sm}), which is not a network: {e}"
        ))
    })?;
    let map: Box<dyn Fn(Node) -> Node + '_> = match which {
        Kind::Cabinets => Box::new(big.cabinet_embedding(&set)),
        Kind::Drawers => Box::new(big.drawer_embedding(&set)),
    };
    let cost = (small.node_count() as u64)
        .saturating_mul(u64::from(n + m))
        .saturating_mul(u64::from(small.k() + small.m()));
    // The lit routers are for the drawing, which stops at 512 routers (diagram::draw).
    let lit_ok = big.node_count() <= MAX_LIT;
    let check = if cost <= WEB_CHECK_LIMIT {
        Ok(subnet::check_embedding(&small, &big, &map))
    } else {
        Err(cost)
    };
    let mut lit = vec![false; if lit_ok { big.node_count() } else { 0 }];
    if lit_ok {
        for v in 0..small.node_count() {
            lit[map(v)] = true;
        }
    }
    drop(map);
    let printed = (which == Kind::Cabinets && n == 9)
        .then(|| printed(&set))
        .flatten();
    Ok(Facts {
        routers: small.node_count(),
        big,
        kind: which,
        table,
        small,
        check,
        lit,
        printed,
    })
}

/// The links of `big` with both ends lit (the induced sub-network), each once.
pub fn lit_links(big: &D3, lit: &[bool]) -> Vec<(Node, Node)> {
    let mut links = Vec::new();
    let mut buf = Vec::new();
    for v in (0..lit.len()).filter(|&v| lit[v]) {
        buf.clear();
        big.neighbours(v, &mut buf);
        links.extend(
            buf.iter()
                .filter(|&&u| u > v && lit.get(u) == Some(&true))
                .map(|&u| (v, u)),
        );
    }
    links
}

/// `0,1,…,count−1` without `skip`, as typed in the field.
pub fn all_but(count: u32, skip: u32) -> String {
    (0..count)
        .filter(|&x| x != skip)
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Adds `x` to the typed set, or takes it out; the rest stays as typed when it parses.
pub fn toggle(set: &str, x: u32) -> String {
    let mut items: Vec<u32> = set
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    if let Some(i) = items.iter().position(|&y| y == x) {
        items.remove(i);
    } else {
        items.push(x);
        items.sort_unstable();
    }
    items
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}
