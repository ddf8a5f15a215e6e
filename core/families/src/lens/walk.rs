//! Distances and walks on the half-position line (or cycle) of a Lens.
//!
//! A walk from node s to node t moves a pointer between neighbouring half positions
//! (processor dot k at h = 2k, bus dot k at h = 2k + 1) and must cross the digit link
//! 2j − 1 ↔ 2j of every digit j where s and t differ; the last crossing of a link sets
//! the destination's digit, earlier ones may set anything (the paper's `?`). A minimal
//! walk therefore leaves one *gap* — a run of links it never crosses, free of required
//! links and not passing through s or t — and covers the rest, a path [0, P] in gap
//! coordinates, as s → one end → other end → t. In the uncompleted lens the gap must
//! contain the missing link between h = 2n and h = 1.

use thiserror::Error;

use super::{address, Addr, Lens};
use icn_graph::Addresses;
use icn_graph::Node;

/// A run of `len` links, starting at cyclic half position `g0` (2n is written 0), that
/// the walk does not cross.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Gap {
    pub(crate) g0: usize,
    pub(crate) len: usize,
}

/// Which extreme of the covered path a walk visits first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Direction {
    /// Towards decreasing half positions (the dot moves left).
    Left,
    /// Towards increasing half positions (the dot moves right).
    Right,
}

impl Lens {
    pub(crate) fn m(&self) -> usize {
        2 * self.n
    }

    /// Cyclic coordinate of a half position (2n becomes 0).
    pub(crate) fn cyc(&self, h: usize) -> usize {
        h % self.m()
    }

    /// Half position of a cyclic coordinate.
    pub(crate) fn uncyc(&self, c: usize) -> usize {
        let c = c % self.m();
        if c == 0 {
            self.m()
        } else {
            c
        }
    }
}

/// Whether the link from cyclic position m to m + 1 must be crossed.
fn required(s: &Addr, t: &Addr, m: usize) -> bool {
    m % 2 == 1 && {
        let j = m.div_ceil(2);
        s.d[j - 1] != t.d[j - 1]
    }
}

/// The candidate gaps of the real graph (maximal runs of links that need not be
/// crossed, cut at s and t); in the uncompleted lens only the one holding the missing
/// link.
pub(crate) fn gaps(lens: &Lens, s: &Addr, t: &Addr) -> Vec<Gap> {
    let m = lens.m();
    let (cs, ct) = (lens.cyc(s.h), lens.cyc(t.h));
    let mut out = Vec::new();
    let (mut g0, mut len) = (cs, 0usize);
    for step in 0..m {
        let v = (cs + step) % m;
        if step > 0 && (v == ct || v == cs) {
            if len > 0 {
                out.push(Gap { g0, len });
            }
            (g0, len) = (v, 0);
        }
        if required(s, t, v) {
            if len > 0 {
                out.push(Gap { g0, len });
            }
            (g0, len) = ((v + 1) % m, 0);
        } else {
            len += 1;
        }
    }
    if len > 0 {
        out.push(Gap { g0, len });
    }
    if !lens.completed {
        // The link 0 -> 1 (h = 2n to h = 1) does not exist: the gap must hold it.
        out.retain(|g| (m - g.g0) % m < g.len);
    }
    out
}

/// Coordinates of s and t on the path left by a gap, and its length P.
fn coords(lens: &Lens, gap: Gap, s: usize, t: usize) -> (usize, usize, usize) {
    let m = lens.m();
    let g1 = (gap.g0 + gap.len) % m;
    let p = m - gap.len;
    // The gap's end g1 is coordinate 0, its start g0 coordinate P.
    let c = |h: usize| (lens.cyc(h) + m - g1) % m;
    (c(s), c(t), p)
}

/// The length of the best walk leaving `gap` uncrossed, and the extreme it visits first.
fn gap_walk_length(lens: &Lens, gap: Gap, s: usize, t: usize) -> (u32, Direction) {
    let (cs, ct, p) = coords(lens, gap, s, t);
    let left = cs + p + (p - ct);
    let right = (p - cs) + p + ct;
    if left <= right {
        (left as u32, Direction::Left)
    } else {
        (right as u32, Direction::Right)
    }
}

/// The best walk crossing every link of a completed lens (no gap): on the line that
/// unrolls the cycle it covers a window of exactly 2n links holding s and a copy of t,
/// so its length is 2n + min(d, 2n − d), d the cyclic offset from s to t. Its two legs:
/// out to one end of the window, then back across the whole window to t.
fn full_cover(lens: &Lens, s: &Addr, t: &Addr) -> Option<(u32, [Leg; 2])> {
    if !lens.completed {
        return None;
    }
    let m = lens.m();
    let d = (lens.cyc(t.h) + m - lens.cyc(s.h)) % m;
    let legs = if d >= m - d {
        // t lies d to the right: first left to the window's start, t's other copy.
        [(Direction::Left, m - d), (Direction::Right, m)]
    } else {
        [(Direction::Right, d), (Direction::Left, m)]
    };
    let legs = [
        Leg {
            dir: legs[0].0,
            count: legs[0].1,
            phase: 1,
        },
        Leg {
            dir: legs[1].0,
            count: legs[1].1,
            phase: 2,
        },
    ];
    Some(((m + d.min(m - d)) as u32, legs))
}

/// Links between two nodes of the bipartite graph (closed form, O(n)).
pub(crate) fn half_distance(lens: &Lens, s: &Addr, t: &Addr) -> u32 {
    gaps(lens, s, t)
        .into_iter()
        .map(|g| gap_walk_length(lens, g, s.h, t.h).0)
        .chain(full_cover(lens, s, t).map(|c| c.0))
        .min()
        .unwrap_or(0)
}

/// One leg of a walk: `count` half moves in direction `dir`, part of the paper's step
/// `phase` (1–4).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Leg {
    pub(crate) dir: Direction,
    pub(crate) count: usize,
    pub(crate) phase: u8,
}

/// The four legs of the walk that leaves `gap` uncrossed and visits `first` end first:
/// to that end (step 1), back to the destination's dot (step 2), on to the other end
/// (step 3), back to the destination's dot (step 4).
pub(crate) fn gap_legs(lens: &Lens, gap: Gap, s: usize, t: usize, first: Direction) -> Vec<Leg> {
    let (cs, ct, p) = coords(lens, gap, s, t);
    let leg = |dir, count, phase| Leg { dir, count, phase };
    match first {
        Direction::Left => vec![
            leg(Direction::Left, cs, 1),
            leg(Direction::Right, ct, 2),
            leg(Direction::Right, p - ct, 3),
            leg(Direction::Left, p - ct, 4),
        ],
        Direction::Right => vec![
            leg(Direction::Right, p - cs, 1),
            leg(Direction::Left, p - ct, 2),
            leg(Direction::Left, ct, 3),
            leg(Direction::Right, ct, 4),
        ],
    }
}

/// The shortest walk in the real graph: the best gap and end.
pub(crate) fn shortest_legs(lens: &Lens, s: &Addr, t: &Addr) -> Vec<Leg> {
    let best = gaps(lens, s, t)
        .into_iter()
        .map(|g| (gap_walk_length(lens, g, s.h, t.h), g))
        .min_by_key(|&((len, _), _)| len);
    let cover = full_cover(lens, s, t);
    match best {
        Some(((len, dir), g)) if cover.as_ref().is_none_or(|c| len <= c.0) => {
            gap_legs(lens, g, s.h, t.h, dir)
        }
        _ => cover.map_or_else(Vec::new, |c| c.1.to_vec()),
    }
}

/// The shorter of the two walks leaving `gap` uncrossed.
pub(crate) fn best_gap_legs(lens: &Lens, gap: Gap, s: usize, t: usize) -> Vec<Leg> {
    let (_, dir) = gap_walk_length(lens, gap, s, t);
    gap_legs(lens, gap, s, t, dir)
}

/// What a digit holds at some point of a walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum DigitState {
    /// Still the source's digit, which differs from the destination's.
    Source,
    /// Set to an arbitrary value (the paper's `?`): the dot passes it again later.
    Arbitrary,
    /// Holds the destination's digit.
    Destination,
}

/// How a step uses its bus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Pattern {
    /// Pattern A: `wa.u` ↔ `w.bu`, the dot moves one place.
    A,
    /// Pattern B: `wa.u` ↔ `wb.u`, the digit before the dot changes, the dot stays.
    B,
}

/// One processor-to-processor step of a walkthrough (one bus traversed).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// The processor reached (arbitrary digits keep their old value where its radix
    /// allows, else 0).
    pub node: Node,
    /// Its address with arbitrary digits printed `?`, as in Figure 2g.
    pub address: String,
    /// The dot position after the step (digits before the dot).
    pub dot: usize,
    /// Every digit's state after the step, digit 1 first.
    pub digits: Vec<DigitState>,
    /// The bus traversed.
    pub bus: Node,
    /// Its label, `Bw.v`.
    pub bus_label: String,
    /// Which of the paper's four steps this belongs to (1–4).
    pub phase: u8,
    /// Pattern A or B.
    pub pattern: Pattern,
    /// The digit passed over (A) or changed (B), 1-based.
    pub digit: usize,
    /// One sentence saying what happened.
    pub explanation: String,
}

/// [`WalkError::NoSuchRun`]'s message: the region numbers there are, by name.
fn no_such_run(class: u8, count: usize, number: usize) -> String {
    match count {
        0 => format!("class {class} has no region to choose here; there is no region number {number}: write class{class}"),
        1 => format!("class {class} has one region here (class{class}:1); there is no region number {number}"),
        _ => format!("class {class} has {count} regions here (class{class}:1 to class{class}:{count}); there is no region number {number}"),
    }
}

/// A walk that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WalkError {
    /// A walkthrough goes from processor to processor.
    #[error("{0} is a bus; a walkthrough goes from processor to processor")]
    NotAProcessor(String),
    /// Four-step paths belong to the uncompleted lens, classes to the completed one.
    #[error("{0}")]
    WrongKind(&'static str),
    /// The chosen region B or C does not exist.
    #[error("{}", no_such_run(*class, *count, *number))]
    NoSuchRun {
        /// The class (1 or 3).
        class: u8,
        /// How many regions there are.
        count: usize,
        /// The region number asked for, as typed (1-based).
        number: usize,
    },
}

/// Which path a walkthrough follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathChoice {
    /// Uncompleted lens: the paper's four-step algorithm (pattern A), first moving the
    /// dot towards `Left` or `Right`. Where the region of difference starts at digit 1
    /// the paper's left end would be dot 0, which names no processor; the walk turns
    /// there with pattern B instead (and says so).
    FourStep(Direction),
    /// Completed lens: a path of class 1–4 (pattern A). For classes 1 and 3, `run` picks
    /// the region B (class 1) or C (class 3) from
    /// [`super::CompletedRouting::b_runs`] / `c_runs`; `None` takes a longest one.
    Class {
        /// The class.
        class: super::PathClass,
        /// The region B or C.
        run: Option<usize>,
    },
    /// The paper's single-path rule: the direction rule (uncompleted), or class 1 when
    /// 2b − 2c > 2a − n, else class 3 (completed).
    PaperRule,
    /// A shortest path of the real graph (pattern B where it saves a step).
    Shortest,
}

/// A `PathChoice` name that is not one of `shortest`, `paper`, `left`, `right`,
/// `class1` … `class4`, `class1:K`, `class3:K`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "unknown path '{0}'; choose shortest, paper, left or right (uncompleted lens), or class1 to class4 (completed lens), with class1:K or class3:K for region B or C number K (1, 2, …)"
)]
pub struct UnknownPathChoice(pub String);

impl std::str::FromStr for PathChoice {
    type Err = UnknownPathChoice;

    /// Reads the names used in URLs (`choice=`) and on the command line (`--choice`):
    /// `shortest`, `paper`, `left`, `right`, `class1` … `class4` (the longest region B or
    /// C for classes 1 and 3), and `class1:K` / `class3:K` for region B / C number K
    /// (1-based, [`super::CompletedRouting::region_choices`]).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownPathChoice(text.to_string());
        let (name, region) = match text.split_once(':') {
            Some((name, k)) => match k.parse::<usize>() {
                Ok(i) if i >= 1 && k.bytes().all(|b| b.is_ascii_digit()) => (name, Some(i - 1)),
                _ => return Err(bad()),
            },
            None => (text, None),
        };
        let class = |class| PathChoice::Class { class, run: region };
        let choice = match name {
            "class1" => class(super::PathClass::One),
            "class3" => class(super::PathClass::Three),
            _ if region.is_some() => return Err(bad()),
            "shortest" => PathChoice::Shortest,
            "paper" => PathChoice::PaperRule,
            "left" => PathChoice::FourStep(Direction::Left),
            "right" => PathChoice::FourStep(Direction::Right),
            "class2" => class(super::PathClass::Two),
            "class4" => class(super::PathClass::Four),
            _ => return Err(bad()),
        };
        Ok(choice)
    }
}

impl std::fmt::Display for PathChoice {
    /// The name [`PathChoice::from_str`](std::str::FromStr) reads back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PathChoice::Shortest => f.write_str("shortest"),
            PathChoice::PaperRule => f.write_str("paper"),
            PathChoice::FourStep(Direction::Left) => f.write_str("left"),
            PathChoice::FourStep(Direction::Right) => f.write_str("right"),
            PathChoice::Class { class, run: None } => write!(f, "class{}", class.number()),
            PathChoice::Class {
                class,
                run: Some(i),
            } => write!(f, "class{}:{}", class.number(), i + 1),
        }
    }
}

/// Turns legs into processor steps with digit bookkeeping.
pub(crate) fn steps_from_legs(lens: &Lens, s: &Addr, t: &Addr, legs: &[Leg]) -> Vec<Step> {
    // Half positions and the phase of each half move.
    let mut pos = vec![lens.cyc(s.h)];
    let mut phases = Vec::new();
    let m = lens.m();
    for leg in legs {
        for _ in 0..leg.count {
            let c = pos[pos.len() - 1];
            pos.push(match leg.dir {
                Direction::Right => (c + 1) % m,
                Direction::Left => (c + m - 1) % m,
            });
            phases.push(leg.phase);
        }
    }
    // The digit (if any) crossed by each half move, and each digit's last crossing.
    let crossed: Vec<Option<usize>> = pos
        .windows(2)
        .map(|w| {
            let link = if (w[0] + 1) % m == w[1] { w[0] } else { w[1] };
            (link % 2 == 1).then(|| link.div_ceil(2))
        })
        .collect();
    let mut last = vec![usize::MAX; lens.n + 1];
    for (i, c) in crossed.iter().enumerate() {
        if let Some(j) = c {
            last[*j] = i;
        }
    }
    let mut cur = s.d.clone();
    let mut unknown = vec![false; lens.n];
    let mut steps = Vec::new();
    let mut i = 0;
    while i + 1 < pos.len() {
        let mut digit = 0;
        let mut fixed = false;
        let mut bus = 0;
        let mut bus_label = String::new();
        for k in [i, i + 1] {
            let h = lens.uncyc(pos[k + 1]);
            if let Some(j) = crossed[k] {
                digit = j;
                if last[j] == k {
                    cur[j - 1] = t.d[j - 1];
                    unknown[j - 1] = false;
                    fixed = true;
                } else {
                    unknown[j - 1] = true;
                    if cur[j - 1] >= lens.base(h, j) {
                        cur[j - 1] = 0;
                    }
                }
            }
            if k == i {
                let a = Addr { h, d: cur.clone() };
                bus = lens.encode(h, &cur);
                bus_label = address::format(lens, &a, Some(&unknown));
            }
        }
        let h = lens.uncyc(pos[i + 2]);
        let a = Addr { h, d: cur.clone() };
        let pattern = if pos[i] == pos[i + 2] {
            Pattern::B
        } else {
            Pattern::A
        };
        let phase = phases[i + 1];
        let dir = if (pos[i] + 2) % m == pos[i + 2] {
            "right"
        } else {
            "left"
        };
        let value = address_digit(t.d[digit - 1]);
        let explanation = match pattern {
            Pattern::B => format!(
                "Step {phase}: pattern B through bus {bus_label}: digit {digit}, just before \
                 the dot, takes the destination's value {value} and the dot stays, one step \
                 instead of the two of turning at dot {}.",
                digit - 1
            ),
            Pattern::A if fixed => format!(
                "Step {phase}: the dot moves {dir} over digit {digit} through bus \
                 {bus_label}, setting it to the destination's value {value}."
            ),
            Pattern::A => format!(
                "Step {phase}: the dot moves {dir} over digit {digit} through bus \
                 {bus_label}; digit {digit} becomes arbitrary (?) because the dot passes \
                 it again later."
            ),
        };
        let digits = (0..lens.n)
            .map(|j| {
                if unknown[j] {
                    DigitState::Arbitrary
                } else if cur[j] == t.d[j] {
                    DigitState::Destination
                } else {
                    DigitState::Source
                }
            })
            .collect();
        steps.push(Step {
            node: lens.encode(h, &cur),
            address: address::format(lens, &a, Some(&unknown)),
            dot: h / 2,
            digits,
            bus,
            bus_label,
            phase,
            pattern,
            digit,
            explanation,
        });
        i += 2;
    }
    steps
}

fn address_digit(x: u32) -> char {
    char::from_digit(x, 36).unwrap_or('?')
}

impl Lens {
    /// A step-by-step account of one path from processor `a` to processor `b`: after
    /// each bus, the address (arbitrary digits as `?`), the dot, every digit's state, the
    /// bus, the paper's step (1–4) and a sentence. The last step reaches `b`.
    ///
    /// # Errors
    /// [`WalkError`] when `a` or `b` is a bus, when the choice belongs to the other kind
    /// of lens, or when the chosen region B or C does not exist.
    ///
    /// # Complexity
    /// O(n · length).
    pub fn walkthrough(
        &self,
        a: Node,
        b: Node,
        choice: PathChoice,
    ) -> Result<Vec<Step>, WalkError> {
        for v in [a, b] {
            if !self.is_processor(v) {
                return Err(WalkError::NotAProcessor(self.format_node(v)));
            }
        }
        let (s, t) = (self.decode(a), self.decode(b));
        let legs = match choice {
            PathChoice::Shortest => shortest_legs(self, &s, &t),
            PathChoice::FourStep(dir) => {
                if self.completed {
                    return Err(WalkError::WrongKind(
                        "the four-step algorithm is for the uncompleted lens; choose a class",
                    ));
                }
                let r = self.region_of_difference(a, b);
                self.four_step_legs(&s, &t, &r, dir)
            }
            PathChoice::PaperRule if !self.completed => {
                let r = self.region_of_difference(a, b);
                let dir = r.first_move.unwrap_or(Direction::Left);
                self.four_step_legs(&s, &t, &r, dir)
            }
            PathChoice::PaperRule => {
                let c = self.completed_routing(a, b);
                self.class_legs(&s, &t, &c, c.rule_choice, None)?
            }
            PathChoice::Class { class, run } => {
                if !self.completed {
                    return Err(WalkError::WrongKind(
                        "path classes are for the completed lens; choose shortest, paper, left or right",
                    ));
                }
                let c = self.completed_routing(a, b);
                self.class_legs(&s, &t, &c, class, run)?
            }
        };
        Ok(steps_from_legs(self, &s, &t, &legs))
    }
}
