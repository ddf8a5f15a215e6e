//! The Dragonfly of Kim, Dally, Scott and Abts ("Technology-Driven, Highly-Scalable
//! Dragonfly Topology", ISCA 2008), with its global links arranged by name.
//!
//! g groups of a routers; the routers of a group form a complete graph (local links);
//! each router has h global links to other groups and p terminals (endpoints, not nodes
//! of the graph: [`crate::Family::concentration`]). A router is `(G,r)`, group G and
//! router r, node index `G·a + r`.
//!
//! **Global ports.** Group G's a·h global ports are numbered j = r·h + k (port k of router
//! r). With s = g − 1 other groups and m = a·h / s links between every two groups, port
//! j is in round c = j / s at place o = j mod s; each round reaches every other group
//! once, and the arrangement says which group place o reaches (see [`Arrangement`]). The
//! link from (G, j) lands on the port of the same round whose place leads back to G.
//! When g = a·h + 1 (the default, the largest) there is one round: exactly one link
//! between every two groups. Fewer groups need s to divide a·h (every pair of groups
//! gets the same m links) and s ≥ h (a router's links go to h distinct groups, so no two
//! links join the same two routers).

mod family;
mod paths;
mod routing;
mod symmetry;

pub use family::DRAGONFLY;
pub use routing::{DragonflyMinimal, DragonflyRouting, LocalGlobalLocal, Valiant};
pub use symmetry::GroupRotation;

use std::fmt;

use crate::d3::parse_tuple;
use crate::family::Structure;
use icn_graph::error::{AddressError, ParamError};
use icn_graph::spec::{parse_number, Spec};
use icn_graph::{Addresses, ChannelPhases, Distances, Graph, Symmetry};
use icn_graph::{Node, Orbits, Topology};

/// The largest a: routers per group.
pub const MAX_A: u64 = 1024;
/// The largest h: global links per router.
pub const MAX_H: u64 = 256;
/// The largest p: terminals per router.
pub const MAX_P: u64 = 1024;

/// How a group's global ports are spread over the other groups (place o of a round,
/// 0 ≤ o < g − 1, in group G; Hastings et al. 2015 compare these three).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arrangement {
    /// Place o leads to the o-th other group counted in order (skipping G): group o if
    /// o < G, else o + 1. At g = a·h + 1 this is MDF's consecutive arrangement.
    Absolute,
    /// Place o leads o + 1 groups on: group (G + o + 1) mod g (Camarero et al.'s
    /// palm-tree, which counts the other way round).
    Relative,
    /// Places alternate forwards and backwards around the circle of groups: even o = 2k
    /// leads to G + k + 1, odd o = 2k + 1 to G − k − 1 (mod g); for even g the last place
    /// leads halfway round, g/2 on. The groups form a circulant graph.
    Circulant,
}

impl Arrangement {
    /// Every arrangement, in menu order.
    pub const ALL: [Arrangement; 3] = [
        Arrangement::Absolute,
        Arrangement::Relative,
        Arrangement::Circulant,
    ];

    /// Its name in specs (`arr=`).
    pub fn name(self) -> &'static str {
        match self {
            Arrangement::Absolute => "absolute",
            Arrangement::Relative => "relative",
            Arrangement::Circulant => "circulant",
        }
    }

    fn parse(value: &str) -> Result<Self, ParamError> {
        Self::ALL
            .into_iter()
            .find(|a| a.name() == value)
            .ok_or_else(|| ParamError::Malformed {
                key: "arr",
                value: value.to_string(),
                why: "the global-link arrangement is absolute, relative or circulant".into(),
            })
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A validated Dragonfly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dragonfly {
    a: u32,
    p: u32,
    h: u32,
    g: u32,
    arr: Arrangement,
}

fn out_of_range(key: &str, value: u64, allowed: String) -> ParamError {
    ParamError::OutOfRange {
        key: key.into(),
        value,
        allowed,
    }
}

/// The group counts g < a·h + 1 allowed: g − 1 divides a·h and is at least h.
fn allowed_groups(a: u64, h: u64) -> String {
    let ports = a * h;
    let mut ok: Vec<u64> = (h..=ports)
        .filter(|s| ports % s == 0)
        .map(|s| s + 1)
        .collect();
    if ok.len() > 10 {
        let last = ok[ok.len() - 1];
        ok.truncate(8);
        let listed: Vec<String> = ok.iter().map(u64::to_string).collect();
        return format!("{}, … or {last}", listed.join(", "));
    }
    let listed: Vec<String> = ok.iter().map(u64::to_string).collect();
    match listed.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => listed.join(""),
    }
}

impl Dragonfly {
    /// The Dragonfly with a routers per group, p terminals and h global links per router,
    /// g groups (`None`: a·h + 1) and the global links arranged by `arr`.
    ///
    /// # Errors
    /// a, p or h zero or above [`MAX_A`], [`MAX_P`], [`MAX_H`]; g below 2 or above a·h + 1,
    /// or g − 1 not a divisor of a·h at least h.
    pub fn new(
        a: u64,
        p: u64,
        h: u64,
        g: Option<u64>,
        arr: Arrangement,
    ) -> Result<Self, ParamError> {
        for (key, value, max, what) in [
            ("a", a, MAX_A, "routers per group"),
            ("p", p, MAX_P, "terminals per router"),
            ("h", h, MAX_H, "global links per router"),
        ] {
            if value == 0 || value > max {
                return Err(out_of_range(
                    key,
                    value,
                    format!("1 ≤ {key} ≤ {max} ({what})"),
                ));
            }
        }
        let max_g = a * h + 1;
        let g = g.unwrap_or(max_g);
        if g < 2 || g > max_g {
            return Err(out_of_range(
                "g",
                g,
                format!("2 ≤ g ≤ a·h + 1 = {max_g} (groups; every two groups need a global link)"),
            ));
        }
        let s = g - 1;
        if (a * h) % s != 0 || s < h {
            return Err(out_of_range(
                "g",
                g,
                format!(
                    "g − 1 must divide a·h = {} (the same number of links between every two groups) and be at least h = {h} (a router's links reach distinct groups): g = {}",
                    a * h,
                    allowed_groups(a, h)
                ),
            ));
        }
        Ok(Dragonfly {
            a: a as u32,
            p: p as u32,
            h: h as u32,
            g: g as u32,
            arr,
        })
    }

    /// Reads `dragonfly:a=…,p=…,h=…[,g=…][,arr=absolute|relative|circulant]`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        spec.check_keys(
            "dragonfly",
            &["a", "p", "h", "g", "arr"],
            &[],
            "a (routers per group), p (terminals per router), h (global links per router), g (groups) and arr (absolute, relative or circulant)",
        )?;
        let need = |key: &'static str, help: &'static str| {
            let value = spec.value(key).ok_or(ParamError::Missing {
                family: "dragonfly",
                key,
                help,
            })?;
            parse_number(key, value)
        };
        let a = need("a", "routers per group, e.g. a=4")?;
        let p = need("p", "terminals per router, e.g. p=2")?;
        let h = need("h", "global links per router, e.g. h=2")?;
        let g = spec.value("g").map(|v| parse_number("g", v)).transpose()?;
        let arr = spec
            .value("arr")
            .map_or(Ok(Arrangement::Absolute), Arrangement::parse)?;
        Self::new(a, p, h, g, arr)
    }

    /// The canonical spec (every parameter written).
    pub fn spec_string(&self) -> String {
        format!(
            "dragonfly:a={},p={},h={},g={},arr={}",
            self.a, self.p, self.h, self.g, self.arr
        )
    }

    /// Routers per group, a.
    pub fn a(&self) -> u32 {
        self.a
    }

    /// Terminals per router, p.
    pub fn p(&self) -> u32 {
        self.p
    }

    /// Global links per router, h.
    pub fn h(&self) -> u32 {
        self.h
    }

    /// Groups, g.
    pub fn groups(&self) -> u32 {
        self.g
    }

    /// The global-link arrangement.
    pub fn arrangement(&self) -> Arrangement {
        self.arr
    }

    /// Whether g = a·h + 1: one global link between every two groups.
    pub fn is_maximal(&self) -> bool {
        u64::from(self.g) == u64::from(self.a) * u64::from(self.h) + 1
    }

    /// Global links between every two groups, m = a·h / (g − 1).
    pub fn links_per_pair(&self) -> u32 {
        self.a * self.h / (self.g - 1)
    }

    /// `(group, router)` of node `v`.
    pub fn coords(&self, v: Node) -> (u32, u32) {
        let a = self.a as usize;
        ((v / a) as u32, (v % a) as u32)
    }

    /// The node `(group, r)`.
    pub fn node(&self, group: u32, r: u32) -> Node {
        group as usize * self.a as usize + r as usize
    }

    /// Where global port `j` (0 ≤ j < a·h) of group `group` leads: `(group, port)`.
    pub fn global_peer(&self, group: u32, j: u32) -> (u32, u32) {
        let (g, s) = (self.g, self.g - 1);
        let (c, o) = (j / s, j % s);
        let (t, back) = match self.arr {
            Arrangement::Absolute => {
                let t = if o < group { o } else { o + 1 };
                (t, if group < t { group } else { group - 1 })
            }
            Arrangement::Relative => ((group + o + 1) % g, s - 1 - o),
            Arrangement::Circulant => {
                let k = o / 2 + 1;
                if o % 2 == 1 {
                    ((group + g - k) % g, o - 1)
                } else if o + 1 < s {
                    ((group + k) % g, o + 1)
                } else {
                    // Even g: the last place goes halfway round, and comes back by itself.
                    ((group + k) % g, o)
                }
            }
        };
        (t, c * s + back)
    }

    /// The place o (0 ≤ o < g − 1) of group `from`'s rounds that leads to group `to` ≠ `from`.
    fn place_towards(&self, from: u32, to: u32) -> u32 {
        let g = self.g;
        match self.arr {
            Arrangement::Absolute => {
                if to < from {
                    to
                } else {
                    to - 1
                }
            }
            Arrangement::Relative => (to + g - from - 1) % g,
            Arrangement::Circulant => {
                let delta = (to + g - from) % g;
                if 2 * delta <= g {
                    2 * (delta - 1)
                } else {
                    2 * (g - delta) - 1
                }
            }
        }
    }

    /// The global port of router r of group `from` that leads to group `to`, if it has one
    /// (at most one: its h ports sit at h consecutive places).
    pub fn port_towards(&self, from: u32, r: u32, to: u32) -> Option<u32> {
        if from == to {
            return None;
        }
        let s = self.g - 1;
        let first = r * self.h;
        let j = first + (self.place_towards(from, to) + s - first % s) % s;
        (j < first + self.h).then_some(j)
    }

    /// Router `v`'s global neighbour in group `to`, if it has a link there.
    pub fn peer_in(&self, v: Node, to: u32) -> Option<Node> {
        let (group, r) = self.coords(v);
        let j = self.port_towards(group, r, to)?;
        let (t, back) = self.global_peer(group, j);
        Some(self.node(t, back / self.h))
    }

    /// Appends router `v`'s global neighbours, by port.
    pub fn global_peers(&self, v: Node, out: &mut Vec<Node>) {
        let (group, r) = self.coords(v);
        for k in 0..self.h {
            let (t, back) = self.global_peer(group, r * self.h + k);
            out.push(self.node(t, back / self.h));
        }
    }

    /// The global links between groups `x` and `y` ≠ `x`, as `(router in x, router in y)`:
    /// the m ports of x's rounds at the place leading to y.
    pub fn links_between(&self, x: u32, y: u32) -> impl Iterator<Item = (Node, Node)> + '_ {
        let (s, o) = (self.g - 1, self.place_towards(x, y));
        (0..self.links_per_pair()).map(move |c| {
            let j = c * s + o;
            let (t, back) = self.global_peer(x, j);
            (self.node(x, j / self.h), self.node(t, back / self.h))
        })
    }

    /// Each group's routers, for the diagram.
    pub fn structure(&self) -> Structure {
        Structure::Groups {
            name: "group",
            groups: (0..self.g)
                .map(|group| (0..self.a).map(|r| self.node(group, r)).collect())
                .collect(),
        }
    }
}

impl Graph for Dragonfly {
    fn node_count(&self) -> usize {
        self.g as usize * self.a as usize
    }

    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let (group, r) = self.coords(v);
        for x in (0..self.a).filter(|&x| x != r) {
            out.push(self.node(group, x));
        }
        self.global_peers(v, out);
    }

    /// g·a(a−1)/2 local links and g·a·h/2 global ones.
    fn link_count(&self) -> u64 {
        let (a, h, g) = (u64::from(self.a), u64::from(self.h), u64::from(self.g));
        g * a * (a - 1) / 2 + g * a * h / 2
    }
}

impl Addresses for Dragonfly {
    fn format_node(&self, v: Node) -> String {
        let (group, r) = self.coords(v);
        format!("({group},{r})")
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let v = parse_tuple(text, &[("g", self.g, "g"), ("r", self.a, "a")], "(0,1)")?;
        Ok(self.node(v[0], v[1]))
    }
}

impl Topology for Dragonfly {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }

    fn channel_phases(&self) -> Option<&dyn ChannelPhases> {
        Some(self)
    }
}

impl Distances for Dragonfly {
    /// At most 3 (local, global, local): see `paths.rs`.
    fn distance(&self, x: Node, y: Node) -> Option<u32> {
        Some(self.min_distance(x, y))
    }
}

impl Symmetry for Dragonfly {
    /// Rotating the groups (G → G + 1) maps the relative and circulant arrangements to
    /// themselves: one destination per router position.
    fn automorphisms(&self) -> Option<Box<dyn Orbits + '_>> {
        match self.arr {
            Arrangement::Absolute => None,
            Arrangement::Relative | Arrangement::Circulant => {
                Some(Box::new(GroupRotation::new(self)))
            }
        }
    }
}

impl ChannelPhases for Dragonfly {
    /// Local neighbours by router 0 … a−1 (skipping itself), then global ones by port.
    /// Global links start a new phase (l-g-l: 0, 0, 1).
    fn phase_boundary(&self, u: Node, v: Node) -> bool {
        self.coords(u).0 != self.coords(v).0
    }
}
