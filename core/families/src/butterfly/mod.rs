//! The k-ary n-fly butterfly (Dally and Towles, "Principles and Practices of
//! Interconnection Networks", 2004, section 4.1; the indirect network of BookSim2's `fly`).
//!
//! kⁿ processors send into n stages of kⁿ⁻¹ switches with k inputs and k outputs each,
//! and receive from the last stage. Channels are one-way: a packet crosses every stage
//! once, from stage 0 to stage n − 1, and between two processors there is exactly one
//! path, n + 1 channels long. A processor is a word of n base-k digits `p₀ … pₙ₋₁`, a
//! switch a word `w₀ … wₙ₋₂` of n − 1 digits in a stage s. The wiring:
//!
//! - processor p sends into stage-0 switch `p₀ … pₙ₋₂` (its first n − 1 digits) and
//!   receives from the stage-(n − 1) switch of the same word;
//! - output j of stage-s switch w (s < n − 1) leads to the stage-(s + 1) switch whose word
//!   is w with digit s replaced by j;
//! - output j of stage-(n − 1) switch w leads to processor `w j`.
//!
//! Destination-tag routing takes output dₛ at stage s: after stage s the word's digits
//! 0 … s are the destination's, so the last stage holds `d₀ … dₙ₋₂` and its output dₙ₋₁
//! is d. From stage-s switch w, exactly the processors whose first s digits are w's are
//! reachable. This is the wiring BookSim2's `fly` builds (channels between stages s and
//! s + 1 exchange digit s, most significant first), with its processor numbering.
//!
//! ```text
//!   k = 2, n = 3        stage 0   stage 1   stage 2
//!   p:000 p:001  ──▶   s0:00 ──▶ s1:00 ──▶ s2:00   ──▶ p:000 p:001
//!   p:010 p:011  ──▶   s0:01 ──▶ s1:01 ──▶ s2:01   ──▶ p:010 p:011
//!   p:100 p:101  ──▶   s0:10 ──▶ s1:10 ──▶ s2:10   ──▶ p:100 p:101
//!   p:110 p:111  ──▶   s0:11 ──▶ s1:11 ──▶ s2:11   ──▶ p:110 p:111
//!                     (s0 → s1 rewrites digit 0, s1 → s2 digit 1)
//! ```
//!
//! Node indices, as the fat tree's: processor p is the number it spells; switch (s, w) is
//! kⁿ + s·kⁿ⁻¹ + w. Processors are the terminals.

mod family;

pub use family::BUTTERFLY;

use num_bigint::BigUint;

use icn_graph::error::{AddressError, ParamError};
use icn_graph::spec::Spec;
use icn_graph::{Addresses, Distances, Graph, Symmetry};
use icn_graph::{Node, Routing, Topology};

use super::staged::{self, Place, RowNames, Staged};

/// The butterfly's rows, for address messages.
const ROWS: RowNames = RowNames {
    row: "stage",
    first: "the input stage",
    last: "the output stage",
};

/// A validated k-ary n-fly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Butterfly {
    k: u32,
    n: u32,
    /// `pow[j]` = kʲ for j = 0 … n.
    pow: Vec<usize>,
}

impl Butterfly {
    /// The k-ary n-fly.
    ///
    /// # Errors
    /// k outside 2 ..= 36, n zero, or more than [`icn_graph::MAX_NODES`] nodes
    /// (kⁿ + n·kⁿ⁻¹).
    pub fn new(k: u64, n: u64) -> Result<Self, ParamError> {
        let pow = staged::powers(k, n, "stages")?;
        Ok(Butterfly {
            k: k as u32,
            n: n as u32,
            pow,
        })
    }

    /// Reads `butterfly:k=…,n=…`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        spec.check_keys(
            "butterfly",
            &["k", "n"],
            &[],
            "k (the switch radix, e.g. 2) and n (the stages, e.g. 3)",
        )?;
        let read = |key, help| spec.number("butterfly", key, help);
        let k = read("k", "the switch radix: k inputs and k outputs, e.g. k=2")?;
        let n = read("n", "the number of stages, e.g. n=3")?;
        Self::new(k, n)
    }

    /// The canonical spec.
    pub fn spec_string(&self) -> String {
        format!("butterfly:k={},n={}", self.k, self.n)
    }

    /// The switch radix k.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// The number of stages n.
    pub fn n(&self) -> u32 {
        self.n
    }

    fn staged(&self) -> Staged<'_> {
        Staged {
            k: self.k,
            n: self.n,
            pow: &self.pow,
            names: ROWS,
        }
    }

    /// The processors, kⁿ.
    pub fn processors(&self) -> usize {
        self.staged().processors()
    }

    /// The switches of each stage, kⁿ⁻¹.
    pub fn per_stage(&self) -> usize {
        self.staged().per_row()
    }

    /// Where node `v` sits: its stage (n for a processor) and word.
    pub fn place(&self, v: Node) -> Place {
        self.staged().place(v)
    }

    /// The node at `place`.
    pub fn node(&self, place: Place) -> Node {
        self.staged().node(place)
    }

    /// The channels: kⁿ into stage 0, kⁿ between each two stages, kⁿ out of the last.
    pub fn channel_formula(&self) -> u64 {
        (u64::from(self.n) + 1) * self.processors() as u64
    }

    /// Whether `b` can be reached from `a`, and in how many channels: along channels
    /// the stage only grows, and the digits a switch no longer rewrites must agree.
    pub fn place_distance(&self, a: Place, b: Place) -> Option<u32> {
        if a == b {
            return Some(0);
        }
        let n = self.n;
        let t = self.staged();
        // A processor enters the fabric one stage before stage 0, with its switch word.
        let (from, wa) = match a.level {
            l if l == n => (-1i64, a.word / self.k as usize),
            l => (i64::from(l), a.word),
        };
        let (to, wb) = match b.level {
            l if l == n => (i64::from(n), b.word / self.k as usize),
            l => (i64::from(l), b.word),
        };
        if to <= from {
            return None;
        }
        // Digits rewritten on the way: those of stages from + 1 … to − 1 (the channels
        // leaving stages from … to − 1, but a processor's own channel rewrites none).
        let first = (from.max(0)) as u32;
        let last = (to.min(i64::from(n) - 1)) as u32;
        let len = n - 1;
        let agree = (0..len)
            .filter(|i| !(first..last).contains(i))
            .all(|i| t.digit_of(wa, len, i) == t.digit_of(wb, len, i));
        agree.then_some((to - from) as u32)
    }

    /// The one route's next hop from `at` towards `dst`, if `dst` is reachable.
    fn tag_hop(&self, at: Node, dst: Node) -> Option<Node> {
        if at == dst || self.distance_between(at, dst).is_none() {
            return None;
        }
        let (place, target) = (self.place(at), self.place(dst));
        let n = self.n;
        let k = self.k as usize;
        let next = if place.level == n {
            Place {
                level: 0,
                word: place.word / k,
            }
        } else if place.level + 1 == n {
            Place {
                level: n,
                word: place.word * k + target.word % k,
            }
        } else {
            let s = place.level;
            let digit = self.target_digit(target, s);
            Place {
                level: s + 1,
                word: self.staged().with_digit(place.word, n - 1, s, digit),
            }
        };
        Some(self.node(next))
    }

    /// Digit s (0 = most significant, s ≤ n − 2) of the switch word a packet for
    /// `target` must have after stage s.
    fn target_digit(&self, target: Place, s: u32) -> u32 {
        let t = self.staged();
        if target.level == self.n {
            t.digit_of(target.word, self.n, s)
        } else {
            t.digit_of(target.word, self.n - 1, s)
        }
    }

    fn distance_between(&self, a: Node, b: Node) -> Option<u32> {
        self.place_distance(self.place(a), self.place(b))
    }

    /// Destination-tag routing: the one path.
    pub fn routing(&self) -> DestinationTag<'_> {
        DestinationTag { net: self }
    }
}

impl Graph for Butterfly {
    fn node_count(&self) -> usize {
        self.processors() + self.n as usize * self.per_stage()
    }

    fn terminal_count(&self) -> usize {
        self.processors()
    }

    fn directed(&self) -> bool {
        true
    }

    /// The heads of the channels leaving `v`, in output-port order.
    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let at = self.place(v);
        let (n, k) = (self.n, self.k as usize);
        if at.level == n {
            out.push(self.node(Place {
                level: 0,
                word: at.word / k,
            }));
        } else if at.level + 1 == n {
            out.extend((0..k).map(|j| at.word * k + j));
        } else {
            let t = self.staged();
            out.extend((0..self.k).map(|j| {
                self.node(Place {
                    level: at.level + 1,
                    word: t.with_digit(at.word, n - 1, at.level, j),
                })
            }));
        }
    }

    /// The tails of the channels entering `v`, in input-port order.
    fn in_neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let at = self.place(v);
        let (n, k) = (self.n, self.k as usize);
        if at.level == n {
            out.push(self.node(Place {
                level: n - 1,
                word: at.word / k,
            }));
        } else if at.level == 0 {
            out.extend((0..k).map(|j| at.word * k + j));
        } else {
            let t = self.staged();
            out.extend((0..self.k).map(|j| {
                self.node(Place {
                    level: at.level - 1,
                    word: t.with_digit(at.word, n - 1, at.level - 1, j),
                })
            }));
        }
    }

    /// Processors inject and eject; only switches pass packets on.
    fn forwards(&self, v: Node) -> bool {
        v >= self.processors()
    }

    fn link_count(&self) -> u64 {
        self.channel_formula()
    }
}

impl Addresses for Butterfly {
    fn format_node(&self, v: Node) -> String {
        staged::format(&self.staged(), self.place(v))
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        staged::parse(&self.staged(), text).map(|p| self.node(p))
    }
}

impl Topology for Butterfly {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }
}

impl Distances for Butterfly {
    /// Only reachable pairs have a closed form here; the others are left to a search,
    /// which finds them unreachable.
    fn distance(&self, a: Node, b: Node) -> Option<u32> {
        self.distance_between(a, b)
    }
}

impl Symmetry for Butterfly {
    /// Digit-wise translations (adding a constant to one digit, mod k) rewire the stages
    /// onto themselves, so every processor looks alike.
    fn terminal_transitive(&self) -> bool {
        true
    }
}

/// Destination-tag routing on a [`Butterfly`]: the one path between any two nodes that
/// reach each other.
#[derive(Debug, Clone, Copy)]
pub struct DestinationTag<'a> {
    net: &'a Butterfly,
}

impl Routing for DestinationTag<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        out.extend(self.net.tag_hop(at, dst));
    }

    fn follows_distances(&self) -> bool {
        true
    }

    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        let reachable = self.net.distance_between(src, dst).is_some();
        Some(BigUint::from(u32::from(reachable)))
    }
}
