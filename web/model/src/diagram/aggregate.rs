//! Aggregates of a network too large to draw router by router: a D3(K, M) as cabinets →
//! drawers → routers, a Hypercycle (a hypercube) as blocks of its low dimensions, each
//! block splitting by the next dimensions. Pure: no Leptos, no web-sys.
//!
//! ```text
//!   level 0          level 1            level 2 …   a node's index is a mixed-radix
//!   cabinet c   →    drawer (c,d,*)  →  (c,d,p)     number of its level values, so an
//!   block 0110* →    block 01101001* → …            item (a prefix) is a range of nodes
//! ```
//!
//! What is drawn is the *frontier* of the items opened (expanded) so far: the top level's
//! items, an opened item replaced by its children, recursively. Every node lies in exactly
//! one item of the frontier. The links between two items are counted in closed form from
//! the family's wiring ([`Hierarchy::links`]), never by visiting the nodes; the tests
//! check the counts against the topology's neighbour lists.

use std::collections::BTreeSet;

use icn_core::{Network, Node};

/// Most children an item has, and most items of a Hypercycle's top level: its digits are
/// grouped so that a level has at most this many values (a single larger radix excepted).
pub const MAX_BRANCH: u64 = 16;
/// Most items a drawing of aggregates shows at once.
pub const MAX_ITEMS: usize = 64;

/// How a family's nodes are grouped.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Scheme {
    /// D3(K, M): levels cabinet (K), drawer (M), router (M).
    D3 { k: u32, m: u32 },
    /// A Hypercycle: `m` and `rho` per digit, most significant first; `groups[l]` digits
    /// make level l.
    Cycle {
        m: Vec<u32>,
        rho: Vec<u32>,
        groups: Vec<usize>,
    },
}

/// A network's nodes as a hierarchy of aggregates (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hierarchy {
    scheme: Scheme,
    /// Values per level (children per item of the level above).
    radix: Vec<u64>,
    /// Nodes in an item at depth d (d levels fixed): `size[d]`; `size[0]` = N.
    size: Vec<u64>,
    /// A hypercube (its blocks are sub-cubes).
    cube: bool,
}

/// An aggregate: the values of its first levels (a cabinet `[c]`, a drawer `[c, d]`, a
/// router `[c, d, p]`). The empty item is the whole network.
pub type Item = Vec<u32>;

/// The items opened, each with its parent (an opened item's ancestors are open).
pub type Open = BTreeSet<Item>;

/// The links between two items of a frontier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bundle {
    /// Index of the first item in the frontier (the smaller).
    pub a: usize,
    /// Index of the second item.
    pub b: usize,
    /// Links between them.
    pub links: u64,
    /// The Hypercycle dimension (1-based, most significant digit first) their links run in.
    pub dimension: Option<usize>,
}

impl Hierarchy {
    /// The hierarchy of `net` when its family has one (D3, Hypercycles and hypercubes).
    pub fn of(net: &Network) -> Option<Hierarchy> {
        if let Ok(d) = net.d3() {
            let (k, m) = (d.k(), d.m());
            return Some(Hierarchy::new(
                Scheme::D3 { k, m },
                vec![u64::from(k), u64::from(m), u64::from(m)],
                false,
            ));
        }
        let h = net.hypercycle().ok()?;
        let (m, rho) = (h.radices().to_vec(), h.rho().to_vec());
        let groups = digit_groups(&m);
        let mut radix = Vec::with_capacity(groups.len());
        let mut at = 0;
        for &g in &groups {
            radix.push(m[at..at + g].iter().map(|&x| u64::from(x)).product());
            at += g;
        }
        Some(Hierarchy::new(
            Scheme::Cycle { m, rho, groups },
            radix,
            h.is_hypercube(),
        ))
    }

    fn new(scheme: Scheme, radix: Vec<u64>, cube: bool) -> Hierarchy {
        let mut size = vec![1u64; radix.len() + 1];
        for d in (0..radix.len()).rev() {
            size[d] = size[d + 1].saturating_mul(radix[d]);
        }
        Hierarchy {
            scheme,
            radix,
            size,
            cube,
        }
    }

    /// Levels below the whole network (3 for a D3).
    pub fn levels(&self) -> usize {
        self.radix.len()
    }

    /// The nodes of the network.
    pub fn nodes(&self) -> u64 {
        self.size[0]
    }

    /// Nodes in `item`.
    pub fn size(&self, item: &[u32]) -> u64 {
        self.size[item.len()]
    }

    /// The first node of `item` (its nodes are the next [`Hierarchy::size`] ones).
    pub fn first(&self, item: &[u32]) -> u64 {
        item.iter()
            .enumerate()
            .map(|(d, &x)| u64::from(x) * self.size[d + 1])
            .sum()
    }

    /// The node a leaf item (every level fixed) is.
    pub fn node(&self, item: &[u32]) -> Option<Node> {
        (item.len() == self.levels()).then(|| self.first(item) as Node)
    }

    /// Whether `item` holds node `v`.
    pub fn contains(&self, item: &[u32], v: Node) -> bool {
        let (first, v) = (self.first(item), v as u64);
        first <= v && v < first + self.size(item)
    }

    /// The item of `depth` levels holding node `v`.
    pub fn item_at(&self, v: Node, depth: usize) -> Item {
        (0..depth.min(self.levels()))
            .map(|d| ((v as u64 / self.size[d + 1]) % self.radix[d]) as u32)
            .collect()
    }

    /// Whether the item can be opened (it is not a single node).
    pub fn openable(&self, item: &[u32]) -> bool {
        item.len() < self.levels()
    }

    /// The items of `open` that this hierarchy can open: each names an item of the network
    /// (every level value within its radix), is not a single node, and has its parents open
    /// (a link written for another network, or by hand, keeps only what is meaningful here).
    pub fn opened(&self, open: &Open) -> Open {
        open.iter()
            .filter(|it| {
                !it.is_empty()
                    && self.openable(it)
                    && it.iter().zip(&self.radix).all(|(&x, &r)| u64::from(x) < r)
                    && (1..it.len()).all(|d| open.contains(&it[..d]))
            })
            .cloned()
            .collect()
    }

    /// The items drawn when `open` are opened: the top level's, each opened one replaced by
    /// its children, in node order. At most `cap` items (then `None`).
    pub fn frontier(&self, open: &Open, cap: usize) -> Option<Vec<Item>> {
        let mut out = Vec::new();
        let mut stack: Vec<Item> = vec![Vec::new()];
        while let Some(item) = stack.pop() {
            if item.is_empty() || (open.contains(&item) && self.openable(&item)) {
                let d = item.len();
                if self.radix[d] > cap as u64 {
                    return None;
                }
                for x in (0..self.radix[d] as u32).rev() {
                    let mut child = item.clone();
                    child.push(x);
                    stack.push(child);
                }
            } else {
                out.push(item);
                if out.len() > cap {
                    return None;
                }
            }
        }
        Some(out)
    }

    /// The index in `frontier` (node order, as [`Hierarchy::frontier`] gives it) of the
    /// item holding `v`.
    pub fn index_in(&self, frontier: &[Item], v: Node) -> Option<usize> {
        let at = frontier.partition_point(|it| self.first(it) <= v as u64);
        let i = at.checked_sub(1)?;
        self.contains(&frontier[i], v).then_some(i)
    }

    /// Every pair of frontier items joined by at least one link, with its count.
    pub fn bundles(&self, frontier: &[Item]) -> Vec<Bundle> {
        let mut out = Vec::new();
        for a in 0..frontier.len() {
            for b in a + 1..frontier.len() {
                let links = self.links(&frontier[a], &frontier[b]);
                if links > 0 {
                    out.push(Bundle {
                        a,
                        b,
                        links,
                        dimension: self.dimension(&frontier[a], &frontier[b]),
                    });
                }
            }
        }
        out
    }

    /// The links between two disjoint items (0 when one holds the other).
    pub fn links(&self, x: &[u32], y: &[u32]) -> u64 {
        let common = x.len().min(y.len());
        if x[..common] == y[..common] {
            return 0;
        }
        match &self.scheme {
            Scheme::D3 { k, m } => d3_links(*k, *m, x, y),
            Scheme::Cycle { m, rho, groups } => {
                let (dx, dy) = (digits(m, groups, x), digits(m, groups, y));
                if one_digit_apart(m, rho, &dx, &dy).is_none() {
                    return 0;
                }
                m[dx.len().max(dy.len())..]
                    .iter()
                    .map(|&r| u64::from(r))
                    .product()
            }
        }
    }

    /// The dimension (1-based) of the links between two Hypercycle items.
    pub fn dimension(&self, x: &[u32], y: &[u32]) -> Option<usize> {
        let Scheme::Cycle { m, rho, groups } = &self.scheme else {
            return None;
        };
        let (dx, dy) = (digits(m, groups, x), digits(m, groups, y));
        one_digit_apart(m, rho, &dx, &dy).map(|j| j + 1)
    }

    /// What an item of `depth` levels is called ("cabinet", "drawer", "router"; "block",
    /// "node").
    pub fn kind(&self, depth: usize) -> &'static str {
        match (&self.scheme, depth) {
            (Scheme::D3 { .. }, 1) => "cabinet",
            (Scheme::D3 { .. }, 2) => "drawer",
            (Scheme::D3 { .. }, _) => "router",
            (Scheme::Cycle { .. }, d) if d == self.levels() => "node",
            _ => "block",
        }
    }

    /// The name of an item: "(3,5,*)" for a drawer, "(3,5,2)" for a router; a Hypercycle
    /// block's fixed digits then `*` ("0110*"), a node its address.
    pub fn name(&self, item: &[u32]) -> String {
        match &self.scheme {
            Scheme::D3 { .. } => match item {
                [c] => format!("{c}"),
                [c, d] => format!("({c},{d},*)"),
                [c, d, p] => format!("({c},{d},{p})"),
                _ => "D3".into(),
            },
            Scheme::Cycle { m, groups, .. } => {
                let digits: String = digits(m, groups, item)
                    .iter()
                    .map(|&x| char::from_digit(x, 36).unwrap_or('?'))
                    .collect();
                if item.len() == self.levels() {
                    digits
                } else {
                    format!("{digits}*")
                }
            }
        }
    }

    /// An item's short label in a drawing, where the brackets of the items opened name its
    /// parents: a cabinet "c3", a drawer "d5", a router "p2"; a Hypercycle block its own
    /// level's digits then `*` ("1001*"), a node its own level's digits.
    pub fn label(&self, item: &[u32]) -> String {
        let Some((&last, parent)) = item.split_last() else {
            return String::new();
        };
        match &self.scheme {
            Scheme::D3 { .. } => {
                let letter = ["c", "d", "p"][parent.len().min(2)];
                format!("{letter}{last}")
            }
            // The parent's name is its digits then `*`.
            Scheme::Cycle { .. } => self
                .name(item)
                .chars()
                .skip(self.name(parent).len().saturating_sub(1))
                .collect(),
        }
    }

    /// An item named with its kind: "cabinet 3", "drawer (3,5,*)", "block 0110*".
    pub fn title(&self, item: &[u32]) -> String {
        match (&self.scheme, item) {
            (Scheme::D3 { .. }, [c]) => format!("cabinet {c}"),
            _ => format!("{} {}", self.kind(item.len()), self.name(item)),
        }
    }

    /// A longer description of an item, for its tooltip.
    pub fn describe(&self, item: &[u32]) -> String {
        let n = self.size(item);
        if n == 1 {
            return self.title(item);
        }
        let what = match &self.scheme {
            Scheme::D3 { m, .. } if item.len() == 1 => {
                format!("{m} drawers of {m} routers ({n} routers)")
            }
            Scheme::D3 { .. } => format!("{n} routers"),
            Scheme::Cycle { m, groups, .. } => {
                let fixed = digits(m, groups, item).len();
                let free = m.len() - fixed;
                let noun = if self.cube { "sub-cube" } else { "sub-network" };
                format!(
                    "a {noun} of dimension{} {}–{} ({n} nodes)",
                    if free == 1 { "" } else { "s" },
                    fixed + 1,
                    m.len()
                )
            }
        };
        format!("{}: {what}", self.title(item))
    }

    /// What a top-level item is called, plural, for captions ("cabinets", "blocks").
    pub fn top_kind(&self) -> &'static str {
        match self.scheme {
            Scheme::D3 { .. } => "cabinets",
            Scheme::Cycle { .. } => "blocks",
        }
    }

    /// Whether bundles are labelled by their dimension (Hypercycles) rather than counts.
    pub fn by_dimension(&self) -> bool {
        matches!(self.scheme, Scheme::Cycle { .. })
    }
}

/// Digits per level of a Hypercycle: the most significant digits first, each level as
/// many digits as keep its values at most [`MAX_BRANCH`] (at least one digit).
fn digit_groups(m: &[u32]) -> Vec<usize> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < m.len() {
        let mut g = 1;
        let mut values = u64::from(m[i]);
        while i + g < m.len() && values * u64::from(m[i + g]) <= MAX_BRANCH {
            values *= u64::from(m[i + g]);
            g += 1;
        }
        groups.push(g);
        i += g;
    }
    groups
}

/// The digits an item of a Hypercycle fixes, most significant first.
fn digits(m: &[u32], groups: &[usize], item: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut at = 0;
    for (&g, &value) in groups.iter().zip(item) {
        let mut v = value;
        let mut level = vec![0; g];
        for i in (0..g).rev() {
            level[i] = v % m[at + i];
            v /= m[at + i];
        }
        out.extend(level);
        at += g;
    }
    out
}

/// The one digit where two Hypercycle items' common fixed digits differ, if they differ
/// in exactly one and by a link's move (at most ρ round the ring).
fn one_digit_apart(m: &[u32], rho: &[u32], x: &[u32], y: &[u32]) -> Option<usize> {
    let common = x.len().min(y.len());
    let mut apart = (0..common).filter(|&i| x[i] != y[i]);
    let j = apart.next()?;
    if apart.next().is_some() {
        return None;
    }
    let d = (x[j] + m[j] - y[j]) % m[j];
    (d.min(m[j] - d) <= rho[j]).then_some(j)
}

/// Links between two disjoint items of D3(K, M): local links `(c,d,p)–(c,d,p')` join two
/// routers of one drawer; a global link `(c,d,p)–(c',p,d)` (any c', not itself). Counting
/// the routers `(c,d,p)` of x whose global peers `(c',p,d)` lie in y: each coordinate
/// free on both sides multiplies, one fixed on either side must agree.
fn d3_links(k: u32, m: u32, x: &[u32], y: &[u32]) -> u64 {
    let local = u64::from(x.len() == 3 && y.len() == 3 && x[..2] == y[..2]);
    // x = (c, d, p); y = (c', d', p') with d' = p and p' = d.
    let (k, m) = (u64::from(k), u64::from(m));
    let c_ways = if x.is_empty() { k } else { 1 } * if y.is_empty() { k } else { 1 };
    let agree = |a: Option<&u32>, b: Option<&u32>| match (a, b) {
        (Some(a), Some(b)) => u64::from(a == b),
        (None, None) => m,
        _ => 1,
    };
    let d_ways = agree(x.get(1), y.get(2));
    let p_ways = agree(x.get(2), y.get(1));
    local + c_ways * d_ways * p_ways
}

#[cfg(test)]
#[path = "aggregate_tests.rs"]
mod tests;
