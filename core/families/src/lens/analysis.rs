//! The paper's routing analyses: the region of difference and the four-step algorithm
//! (§4, uncompleted lens), the arcs A, B, C and the four path classes (§5, completed
//! lens), and the worked example of Figure 2.

use serde::Serialize;

use super::walk::{best_gap_legs, gap_legs, half_distance, Direction, Gap, Leg, WalkError};
use super::{Addr, Lens};
use icn_graph::Node;

/// The four path classes of §5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PathClass {
    /// Around the circle except a region B of agreement inside A: n + a − 2b.
    One,
    /// Through A, then a full circuit: n + a.
    Two,
    /// Around the circle except a region C of agreement outside A: 2n − a − 2c.
    Three,
    /// Through the other arc, then a full circuit: 2n − a.
    Four,
}

impl PathClass {
    /// 1, 2, 3 or 4.
    pub fn number(self) -> u8 {
        match self {
            PathClass::One => 1,
            PathClass::Two => 2,
            PathClass::Three => 3,
            PathClass::Four => 4,
        }
    }
}

/// A maximal run of digit positions where source and destination agree: digits
/// `first`, `first + 1`, … (`len` of them, 1-based, wrapping after n).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Run {
    /// The leftmost digit of the run.
    pub first: usize,
    /// Its length.
    pub len: usize,
}

/// One choice of region B (class 1) or C (class 3) and the class's length through it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegionChoice {
    /// Class 1 (a region B) or class 3 (a region C).
    pub class: PathClass,
    /// Its number, 1-based, in the order the dot meets the regions leaving the source:
    /// the `K` of `class1:K` / `class3:K` ([`super::PathChoice`]).
    pub number: usize,
    /// The region.
    pub run: Run,
    /// Its digits, leftmost first (wrapping after n).
    pub digits: Vec<usize>,
    /// n + a − 2b (class 1) or 2n − a − 2c (class 3) with this region's length.
    pub length: u32,
    /// Whether that length is the paper's minimum (pattern A).
    pub minimal: bool,
    /// Whether `class1` / `class3` without a number takes this region (the first
    /// longest one).
    pub default: bool,
}

/// The region `class1` / `class3` takes without a number: the first longest, in the order
/// the dot meets them.
fn default_run(runs: &[Run]) -> Option<usize> {
    (0..runs.len()).rev().max_by_key(|&i| runs[i].len)
}

/// §4: the region of difference between two processors of an uncompleted lens, and the
/// four-step algorithm's lengths. Positions are 1-based digits; dot positions count
/// the digits before the dot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegionOfDifference {
    /// One character per digit: `1` inside the region, `0` outside (the paper's `01110`).
    pub mask: String,
    /// The first and last digit of the region (both 0 when it is empty).
    pub first: usize,
    /// The last digit of the region.
    pub last: usize,
    /// k, the number of positions in the region.
    pub k: usize,
    /// i, the source's dot measured from the region's left end.
    pub i: usize,
    /// j, the destination's dot measured from the region's left end.
    pub j: usize,
    /// 2k + j − i: step 1 moves right.
    pub length_right_first: u32,
    /// 2k + i − j: step 1 moves left.
    pub length_left_first: u32,
    /// The paper's rule: right iff j < i (left when i = j, where both are minimal);
    /// `None` when source and destination are the same.
    pub first_move: Option<Direction>,
    /// The paper's (pattern A) length, 2k − |i − j|.
    pub paper_length: u32,
    /// Whether the region starts at digit 1, so the paper's left end is dot 0 — no
    /// processor has that address, and only pattern B can change digit 1.
    pub needs_dot_zero: bool,
    /// The true distance in busses (breadth-first search agrees): the paper's length
    /// minus one when the walk turns at a digit on the left (pattern B saves a step).
    pub distance: u32,
}

/// §5: the arcs and classes between two processors of a completed lens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompletedRouting {
    /// One character per digit, `1` where source and destination differ, with a dot
    /// after each of the two dot positions (Figure 2a: `010.0101.100`).
    pub differences: String,
    /// A runs from the source's dot in this direction to the destination's dot. A is
    /// the longer arc (the left one on a tie, as in Figure 2), so 2a − n ≥ 0.
    pub a_direction: Direction,
    /// The digits of A, in the order the dot meets them leaving the source.
    pub a_digits: Vec<usize>,
    /// a, the length of A.
    pub a: usize,
    /// b, the length of a longest region of agreement inside A (0 if none).
    pub b: usize,
    /// c, the length of a longest region of agreement outside A (0 if none).
    pub c: usize,
    /// Every choice of B, in the order the dot meets them leaving the source.
    pub b_runs: Vec<Run>,
    /// Every choice of C, likewise.
    pub c_runs: Vec<Run>,
    /// The lengths of classes 1–4 with the longest B and C: n + a − 2b, n + a,
    /// 2n − a − 2c, 2n − a.
    pub class_lengths: [u32; 4],
    /// The paper's minimal distance (pattern A only): the least class length.
    pub pattern_a_distance: u32,
    /// The classes attaining it.
    pub minimal_classes: Vec<PathClass>,
    /// The paper's one-path rule: class 1 when 2b − 2c > 2a − n, else class 3.
    pub rule_choice: PathClass,
    /// The true distance in busses (pattern B allowed; breadth-first search agrees).
    pub distance: u32,
}

impl CompletedRouting {
    /// Every choice of region B (`PathClass::One`) or C (`PathClass::Three`) with the
    /// length of the class's paths through it; empty for classes 2 and 4 and when there
    /// is no such region (the class then falls back to class 2 or 4).
    pub fn region_choices(&self, class: PathClass) -> Vec<RegionChoice> {
        let n = self.differences.chars().filter(|c| *c != '.').count();
        let (runs, base) = match class {
            PathClass::One => (&self.b_runs, n + self.a),
            PathClass::Three => (&self.c_runs, 2 * n - self.a),
            PathClass::Two | PathClass::Four => return Vec::new(),
        };
        let default = default_run(runs);
        runs.iter()
            .enumerate()
            .map(|(i, &run)| {
                let length = (base - 2 * run.len) as u32;
                RegionChoice {
                    class,
                    number: i + 1,
                    run,
                    digits: (0..run.len).map(|k| (run.first - 1 + k) % n + 1).collect(),
                    length,
                    minimal: length == self.pattern_a_distance,
                    default: default == Some(i),
                }
            })
            .collect()
    }
}

/// Figure 2 of the paper, recomputed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Figure2 {
    /// The lens: `lens:p=4,q=4,n=10,completed`.
    pub spec: String,
    /// `021.0212012`.
    pub source: String,
    /// `0110010.212`.
    pub destination: String,
    /// Arcs, regions, class lengths and distances.
    pub routing: CompletedRouting,
    /// The class-1 path of Figure 2g, source first, arbitrary digits as `?`.
    pub class1_path: Vec<String>,
}

/// The example path of §4, three pattern-A steps and one pattern-B step. The paper says
/// n = 5 and p = 3, but its digits go up to 2, so it is a path of `lens:p=4,q=4,n=5`.
pub const SECTION4_EXAMPLE: [&str; 5] = ["021.10", "0210.0", "021.20", "02.220", "00.220"];

/// Figure 2: n = 10, p = q = 4, from 021.0212012 to 0110010.212.
///
/// # Errors
/// Never in practice (the example is valid); a [`WalkError`] would name a broken
/// invariant.
pub fn figure2() -> Result<Figure2, WalkError> {
    let lens = Lens::new(4, 4, 10, true).map_err(|_| WalkError::WrongKind("lens"))?;
    let (s, t) = ("021.0212012", "0110010.212");
    let a = lens
        .parse_address(s)
        .map_err(|_| WalkError::WrongKind("source"))?;
    let b = lens
        .parse_address(t)
        .map_err(|_| WalkError::WrongKind("destination"))?;
    let routing = lens.completed_routing(a, b);
    let steps = lens.walkthrough(
        a,
        b,
        super::PathChoice::Class {
            class: PathClass::One,
            run: None,
        },
    )?;
    let mut class1_path = vec![s.to_string()];
    class1_path.extend(steps.into_iter().map(|st| st.address));
    Ok(Figure2 {
        spec: lens.spec_string(),
        source: s.into(),
        destination: t.into(),
        routing,
        class1_path,
    })
}

/// Maximal runs of agreement among `digits` (in walk order), as rightward runs.
fn runs(s: &Addr, t: &Addr, digits: &[usize], walk_left: bool) -> Vec<Run> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = Vec::new();
    for &j in digits.iter().chain(std::iter::once(&0)) {
        if j != 0 && s.d[j - 1] == t.d[j - 1] {
            cur.push(j);
        } else if !cur.is_empty() {
            let first = if walk_left {
                cur[cur.len() - 1]
            } else {
                cur[0]
            };
            out.push(Run {
                first,
                len: cur.len(),
            });
            cur.clear();
        }
    }
    out
}

impl Lens {
    /// §4's region of difference and four-step lengths between processors `a` and `b`
    /// of an uncompleted lens (for a completed lens the same numbers are computed on the
    /// line, ignoring the completing links; use [`Lens::completed_routing`] there).
    ///
    /// # Complexity
    /// O(n).
    pub fn region_of_difference(&self, a: Node, b: Node) -> RegionOfDifference {
        let (s, t) = (self.decode(a), self.decode(b));
        let (ds, dt) = (s.h / 2, t.h / 2);
        let diff: Vec<usize> = (1..=self.n).filter(|&j| s.d[j - 1] != t.d[j - 1]).collect();
        let left = diff.first().map_or(ds.min(dt), |&j| ds.min(dt).min(j - 1));
        let right = diff.last().map_or(ds.max(dt), |&j| ds.max(dt).max(j));
        let k = right - left;
        let (i, j) = (ds - left, dt - left);
        let mask = (1..=self.n)
            .map(|x| if x > left && x <= right { '1' } else { '0' })
            .collect();
        let (rf, lf) = ((2 * k + j - i) as u32, (2 * k + i - j) as u32);
        RegionOfDifference {
            mask,
            first: if k == 0 { 0 } else { left + 1 },
            last: if k == 0 { 0 } else { right },
            k,
            i,
            j,
            length_right_first: rf,
            length_left_first: lf,
            first_move: (k > 0).then_some(if j < i {
                Direction::Right
            } else {
                Direction::Left
            }),
            paper_length: rf.min(lf),
            needs_dot_zero: k > 0 && left == 0,
            distance: half_distance(self, &s, &t) / 2,
        }
    }

    /// §5's arcs, regions and class lengths between processors `a` and `b` (meant for a
    /// completed lens).
    ///
    /// # Complexity
    /// O(n).
    pub fn completed_routing(&self, a: Node, b: Node) -> CompletedRouting {
        let n = self.n;
        let (s, t) = (self.decode(a), self.decode(b));
        let (ds, dt) = ((s.h / 2) % n, (t.h / 2) % n);
        // The left arc from s to t holds digits ds, ds−1, …, dt+1; the right arc
        // ds+1, …, dt. On the same dot the left arc is the whole circle.
        let left_len = if ds == dt { n } else { (ds + n - dt) % n };
        let wrap = |x: usize| (x + n - 1) % n + 1;
        let left: Vec<usize> = (0..left_len).map(|m| wrap(ds + n - m)).collect();
        let right: Vec<usize> = (0..n - left_len).map(|m| wrap(ds + 1 + m)).collect();
        let a_left = left.len() >= right.len();
        let (a_digits, other) = if a_left { (left, right) } else { (right, left) };
        let b_runs = runs(&s, &t, &a_digits, a_left);
        let c_runs = runs(&s, &t, &other, !a_left);
        let longest = |r: &[Run]| r.iter().map(|r| r.len).max().unwrap_or(0);
        let (av, bv, cv) = (a_digits.len(), longest(&b_runs), longest(&c_runs));
        let class_lengths = [
            (n + av - 2 * bv) as u32,
            (n + av) as u32,
            (2 * n - av - 2 * cv) as u32,
            (2 * n - av) as u32,
        ];
        let best = class_lengths.iter().copied().min().unwrap_or(0);
        let classes = [
            PathClass::One,
            PathClass::Two,
            PathClass::Three,
            PathClass::Four,
        ];
        let mut differences = String::new();
        for j in 1..=n {
            differences.push(if s.d[j - 1] != t.d[j - 1] { '1' } else { '0' });
            if j == ds || j == dt || (j == n && (ds == 0 || dt == 0)) {
                differences.push('.');
            }
        }
        CompletedRouting {
            differences,
            a_direction: if a_left {
                Direction::Left
            } else {
                Direction::Right
            },
            a_digits,
            a: av,
            b: bv,
            c: cv,
            b_runs,
            c_runs,
            class_lengths,
            pattern_a_distance: best,
            minimal_classes: classes
                .iter()
                .zip(class_lengths)
                .filter(|&(_, l)| l == best)
                .map(|(&c, _)| c)
                .collect(),
            rule_choice: if 2 * bv as i64 - 2 * cv as i64 > 2 * av as i64 - n as i64 {
                PathClass::One
            } else {
                PathClass::Three
            },
            distance: half_distance(self, &s, &t) / 2,
        }
    }

    /// The four-step walk of §4 (pattern A; pattern B at dot 0, which names nothing).
    pub(crate) fn four_step_legs(
        &self,
        s: &Addr,
        t: &Addr,
        r: &RegionOfDifference,
        dir: Direction,
    ) -> Vec<Leg> {
        if r.k == 0 {
            return Vec::new();
        }
        let m = self.m();
        let left = r.first - 1;
        let g1 = if left == 0 { 1 } else { 2 * left };
        let g0 = (2 * r.last) % m;
        let gap = Gap {
            g0,
            len: (g1 + m - g0) % m,
        };
        gap_legs(self, gap, s.h, t.h, dir)
    }

    /// A pattern-A walk of the given class.
    pub(crate) fn class_legs(
        &self,
        s: &Addr,
        t: &Addr,
        c: &CompletedRouting,
        class: PathClass,
        run: Option<usize>,
    ) -> Result<Vec<Leg>, WalkError> {
        let m = self.m();
        let (runs, fallback) = match class {
            PathClass::One => (&c.b_runs, PathClass::Two),
            PathClass::Three => (&c.c_runs, PathClass::Four),
            PathClass::Two | PathClass::Four => {
                let through_a = class == PathClass::Two;
                let (dir, arc) = match (through_a, c.a_direction) {
                    (true, d) => (d, c.a),
                    (false, Direction::Left) => (Direction::Right, self.n - c.a),
                    (false, Direction::Right) => (Direction::Left, self.n - c.a),
                };
                return Ok(vec![
                    Leg {
                        dir,
                        count: 2 * arc,
                        phase: 1,
                    },
                    Leg {
                        dir,
                        count: m,
                        phase: 3,
                    },
                ]);
            }
        };
        let chosen = match run {
            Some(i) => Some(*runs.get(i).ok_or(WalkError::NoSuchRun {
                class: class.number(),
                count: runs.len(),
                number: i + 1,
            })?),
            None => default_run(runs).map(|i| runs[i]),
        };
        match chosen {
            // A region of agreement from digit f spans dots f − 1 … f + len − 1.
            Some(r) => {
                let gap = Gap {
                    g0: (2 * (r.first - 1)) % m,
                    len: 2 * r.len,
                };
                Ok(best_gap_legs(self, gap, s.h, t.h))
            }
            None => self.class_legs(s, t, c, fallback, None),
        }
    }
}
