//! The dependency graph built in parts: the destinations split into ranges, each range's
//! flows run on their own (in another worker or thread), the parts merged, then the
//! graph finished (its edges, the cycle search and the cycle's routes) once.
//!
//! A part keeps its dependencies as the bit set [`Deps`] builds and, for each, the first
//! destination (the smallest, as the flows run in order) whose packets make it. Merging
//! ORs the bits and keeps the smaller of two first destinations, so a merged graph is the
//! one a single pass over every destination builds, and its report is the same to the
//! last field: the cycle's routes are found by running the flows again, with sources, for
//! the first destinations of its dependencies.
//!
//! A part crosses between workers as 32-bit words ([`DeadlockPart::to_words`]); reading
//! them back checks their shape, and finishing checks them against the network.

use std::ops::Range;

use thiserror::Error;

use super::build::{Channels, Deps, Fresh};
use super::cycle::find_cycle;
use super::flow::{each_dependency, flows_to, Buffers, Flow};
use super::{check, DeadlockError, DeadlockReport, Dependency, Scheme};
use icn_graph::{Node, Routing, Topology};

/// Why parts could not be built, read or merged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PartError {
    /// A part number not below the number of parts.
    #[error("part {part} of {parts}: give a part from 0 to the number of parts − 1")]
    OutOfRange {
        /// The part asked for.
        part: usize,
        /// The number of parts.
        parts: usize,
    },
    /// Parts of different graphs (another scheme, virtual channels or network).
    #[error("the parts are of different dependency graphs (scheme, virtual channels or network)")]
    Mismatch,
    /// Two parts hold the same destinations.
    #[error("destination {0} is in two parts")]
    Overlap(u32),
    /// Destinations in no part.
    #[error("destinations {0} to {1} are in no part")]
    Missing(u32, u32),
    /// Words that are no part, or not this network's.
    #[error("a part's data is malformed at word {0}")]
    Malformed(usize),
}

/// The dependencies made by the packets bound for some destinations, each with the first
/// destination that makes it ([`deadlock_part`]); parts merge ([`DeadlockPart::merge`])
/// and a part holding every destination is finished ([`deadlock_finish`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadlockPart {
    scheme: Scheme,
    vcs: u32,
    channels: u32,
    terminals: u32,
    /// The destinations whose flows it holds: sorted, disjoint, not adjacent.
    ranges: Vec<(u32, u32)>,
    /// The dependency bits ([`Deps`]'s layout).
    bits: Vec<u64>,
    /// Per set bit of `bits`, lowest first, the first destination whose packets make it.
    firsts: Vec<u32>,
    /// The dependencies outside the bit set: held pair, pair asked for, first destination;
    /// sorted, one per pair of pairs.
    extra: Vec<(u32, u32, u32)>,
}

/// Marks a part's words (and their version).
const MAGIC: u32 = 0x4344_4701;

/// The destinations of part `part` of `parts` among `terminals`: consecutive ranges as
/// even as can be.
fn range_of(part: usize, parts: usize, terminals: usize) -> Range<Node> {
    let at = |k: usize| (k as u128 * terminals as u128 / parts as u128) as usize;
    at(part)..at(part + 1)
}

/// The dependencies made by the packets bound for part `part` of `parts` of the
/// destinations (consecutive ranges, as even as can be), to be merged with the other parts
/// and finished by [`deadlock_finish`]; `progress(done, total)` between destinations.
///
/// # Errors
/// As [`super::deadlock`], and [`PartError::OutOfRange`].
///
/// # Complexity
/// As [`super::deadlock`]'s graph, over the part's destinations.
pub fn deadlock_part(
    t: &dyn Topology,
    routing: &dyn Routing,
    (scheme, vcs): (Scheme, u32),
    (part, parts): (usize, usize),
    progress: &mut dyn FnMut(usize, usize),
) -> Result<DeadlockPart, DeadlockError> {
    check(t, scheme, vcs)?;
    if part >= parts {
        return Err(PartError::OutOfRange { part, parts }.into());
    }
    let vcs = if scheme == Scheme::One { 1 } else { vcs };
    let ch = Channels::of(t);
    let dsts = range_of(part, parts, t.terminal_count());
    Ok(part_of(t, routing, (scheme, vcs), &ch, dsts, progress))
}

/// [`deadlock_part`] over `ch` for the destinations `dsts`.
pub(super) fn part_of(
    t: &dyn Topology,
    routing: &dyn Routing,
    (scheme, vcs): (Scheme, u32),
    ch: &Channels,
    dsts: Range<Node>,
    progress: &mut dyn FnMut(usize, usize),
) -> DeadlockPart {
    let mut deps = Deps::new(ch, scheme, vcs);
    let mut flow = Flow::new(t, routing, scheme, vcs, ch);
    let mut bit_firsts: Vec<(u64, u32)> = Vec::new();
    let mut extra: Vec<(u32, u32, u32)> = Vec::new();
    let ranges = if dsts.is_empty() {
        Vec::new()
    } else {
        vec![(dsts.start as u32, dsts.end as u32)]
    };
    each_dependency(
        &mut flow,
        dsts,
        &mut |(held, next, _), dst| match deps.insert(held, next) {
            Some(Fresh::Bit(b)) => bit_firsts.push((b, dst as u32)),
            Some(Fresh::Extra(a, b)) => extra.push((a, b, dst as u32)),
            None => {}
        },
        progress,
    );
    // Each bit was new once: its first destination, in the bits' order.
    bit_firsts.sort_unstable();
    extra.sort_unstable();
    DeadlockPart {
        scheme,
        vcs,
        channels: ch.len() as u32,
        terminals: t.terminal_count() as u32,
        ranges,
        bits: deps.bits,
        firsts: bit_firsts.into_iter().map(|(_, d)| d).collect(),
        extra,
    }
}

impl DeadlockPart {
    /// The destinations whose flows it holds, as ranges.
    pub fn ranges(&self) -> impl Iterator<Item = Range<Node>> + '_ {
        self.ranges.iter().map(|&(a, b)| a as Node..b as Node)
    }

    /// The dependencies it holds.
    pub fn dependencies(&self) -> usize {
        self.firsts.len() + self.extra.len()
    }

    /// This part and `other` as one: the dependencies of both, each with the smaller first
    /// destination.
    ///
    /// # Errors
    /// [`PartError::Mismatch`] for parts of different graphs, [`PartError::Overlap`] for
    /// parts that share destinations.
    pub fn merge(self, other: DeadlockPart) -> Result<DeadlockPart, PartError> {
        let same = (
            self.scheme,
            self.vcs,
            self.channels,
            self.terminals,
            self.bits.len(),
        ) == (
            other.scheme,
            other.vcs,
            other.channels,
            other.terminals,
            other.bits.len(),
        );
        if !same {
            return Err(PartError::Mismatch);
        }
        let ranges = union(&self.ranges, &other.ranges)?;
        let mut bits = Vec::with_capacity(self.bits.len());
        let mut firsts = Vec::with_capacity(self.firsts.len().max(other.firsts.len()));
        let (mut a_firsts, mut b_firsts) = (self.firsts.iter(), other.firsts.iter());
        for (&a, &b) in self.bits.iter().zip(&other.bits) {
            let mut both = a | b;
            bits.push(both);
            while both != 0 {
                let bit = both & both.wrapping_neg();
                both &= both - 1;
                // Each set bit has its first destination (the parts' invariant).
                let from_a = (a & bit != 0).then(|| a_firsts.next()).flatten();
                let from_b = (b & bit != 0).then(|| b_firsts.next()).flatten();
                firsts.extend(from_a.into_iter().chain(from_b).copied().min());
            }
        }
        let mut extra = self.extra;
        extra.extend(other.extra);
        extra.sort_unstable();
        extra.dedup_by_key(|&mut (a, b, _)| (a, b));
        Ok(DeadlockPart {
            ranges,
            bits,
            firsts,
            extra,
            ..self
        })
    }

    /// The part as 32-bit words, to cross between workers (read back by
    /// [`DeadlockPart::from_words`]).
    pub fn to_words(&self) -> Vec<u32> {
        let scheme = Scheme::ALL
            .iter()
            .position(|&s| s == self.scheme)
            .unwrap_or(0) as u32;
        let mut w = vec![MAGIC, scheme, self.vcs, self.channels, self.terminals];
        w.push(self.ranges.len() as u32);
        w.extend(self.ranges.iter().flat_map(|&(a, b)| [a, b]));
        w.push(self.bits.len() as u32);
        w.extend(self.bits.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]));
        w.push(self.firsts.len() as u32);
        w.extend(&self.firsts);
        w.push(self.extra.len() as u32);
        w.extend(self.extra.iter().flat_map(|&(a, b, d)| [a, b, d]));
        w
    }

    /// A part from [`DeadlockPart::to_words`]'s words, its shape checked (ranges sorted
    /// and within the destinations, a first destination per dependency, each a
    /// destination).
    ///
    /// # Errors
    /// [`PartError::Malformed`] with the first word that is wrong.
    pub fn from_words(words: &[u32]) -> Result<DeadlockPart, PartError> {
        let mut r = Reader { words, at: 0 };
        if r.next()? != MAGIC {
            return Err(PartError::Malformed(0));
        }
        let scheme = *Scheme::ALL
            .get(r.next()? as usize)
            .ok_or(PartError::Malformed(1))?;
        let (vcs, channels, terminals) = (r.next()?, r.next()?, r.next()?);
        if !(1..=super::MAX_VCS).contains(&vcs) {
            return Err(PartError::Malformed(2));
        }
        let n = r.count(2)?;
        let mut ranges = Vec::with_capacity(n);
        for _ in 0..n {
            let at = r.at;
            let (a, b) = (r.next()?, r.next()?);
            let after = ranges.last().map_or(0, |&(_, end)| end + 1);
            if a < after || a >= b || b > terminals {
                return Err(PartError::Malformed(at));
            }
            ranges.push((a, b));
        }
        let n = r.count(2)?;
        let bits: Vec<u64> = (0..n)
            .map(|_| Ok(u64::from(r.next()?) | (u64::from(r.next()?) << 32)))
            .collect::<Result<_, PartError>>()?;
        let set: u64 = bits.iter().map(|x| u64::from(x.count_ones())).sum();
        let at = r.at;
        let n = r.count(1)?;
        if n as u64 != set {
            return Err(PartError::Malformed(at));
        }
        let firsts = r.take(n)?;
        if let Some(i) = firsts.iter().position(|&d| d >= terminals) {
            return Err(PartError::Malformed(at + 1 + i));
        }
        let n = r.count(3)?;
        let mut extra = Vec::with_capacity(n);
        for _ in 0..n {
            let at = r.at;
            let e = (r.next()?, r.next()?, r.next()?);
            if e.2 >= terminals
                || extra
                    .last()
                    .is_some_and(|l: &(u32, u32, u32)| (l.0, l.1) >= (e.0, e.1))
            {
                return Err(PartError::Malformed(at));
            }
            extra.push(e);
        }
        if r.at != words.len() {
            return Err(PartError::Malformed(r.at));
        }
        Ok(DeadlockPart {
            scheme,
            vcs,
            channels,
            terminals,
            ranges,
            bits,
            firsts,
            extra,
        })
    }

    /// The first destination whose packets make `held → next` (`None`: no such
    /// dependency), `rank[w]` counting the set bits before word `w`.
    fn first_of(
        &self,
        deps: &Deps,
        rank: &[u32],
        held: (u32, u32),
        next: (u32, u32),
    ) -> Option<Node> {
        let d = match deps.bit(held, next) {
            Some(b) => {
                let (word, within) = ((b / 64) as usize, b % 64);
                let w = self.bits[word];
                if w & (1 << within) == 0 {
                    return None;
                }
                let before = (w & ((1u64 << within) - 1)).count_ones();
                self.firsts[(rank[word] + before) as usize]
            }
            None => {
                let key = (deps.pair(held), deps.pair(next));
                let i = self.extra.partition_point(|&(a, b, _)| (a, b) < key);
                self.extra.get(i).filter(|e| (e.0, e.1) == key)?.2
            }
        };
        Some(d as Node)
    }
}

/// Two parts' destination ranges as one (sorted, adjacent ranges joined).
fn union(a: &[(u32, u32)], b: &[(u32, u32)]) -> Result<Vec<(u32, u32)>, PartError> {
    let mut all: Vec<(u32, u32)> = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(all.len());
    for (s, e) in all {
        match out.last_mut() {
            Some(last) if s < last.1 => return Err(PartError::Overlap(s)),
            Some(last) if s == last.1 => last.1 = e,
            _ => out.push((s, e)),
        }
    }
    Ok(out)
}

/// Reads words in turn, saying where they ran out.
struct Reader<'a> {
    words: &'a [u32],
    at: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Result<u32, PartError> {
        let w = *self
            .words
            .get(self.at)
            .ok_or(PartError::Malformed(self.at))?;
        self.at += 1;
        Ok(w)
    }

    /// A count of items `size` words each, which the words left can hold.
    fn count(&mut self, size: usize) -> Result<usize, PartError> {
        let at = self.at;
        let n = self.next()? as usize;
        if n.saturating_mul(size) > self.words.len() - self.at {
            return Err(PartError::Malformed(at));
        }
        Ok(n)
    }

    fn take(&mut self, n: usize) -> Result<Vec<u32>, PartError> {
        let out = self
            .words
            .get(self.at..self.at + n)
            .ok_or(PartError::Malformed(self.at))?
            .to_vec();
        self.at += n;
        Ok(out)
    }
}

/// The report of the graph that `part` (every destination's dependencies, merged) holds:
/// the cycle search, and the cycle's routes found by running the flows of its
/// dependencies' first destinations again; `progress(done, total)` between them.
///
/// # Errors
/// [`PartError::Missing`] when destinations are in no part, [`PartError::Mismatch`] for
/// a part of another network or routing's graph (as far as can be told: its channels,
/// destinations and bits), and as [`super::deadlock`].
///
/// # Complexity
/// The cycle search (see [`super::deadlock`]), the flows of at most one destination per
/// dependency of the cycle, and O(B) over the B words of the bit set.
pub fn deadlock_finish(
    t: &dyn Topology,
    routing: &dyn Routing,
    part: DeadlockPart,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<DeadlockReport, DeadlockError> {
    check(t, part.scheme, part.vcs)?;
    let ch = Channels::of(t);
    finish_of(t, routing, &ch, part, progress)
}

/// [`deadlock_finish`] over `ch`.
pub(super) fn finish_of(
    t: &dyn Topology,
    routing: &dyn Routing,
    ch: &Channels,
    part: DeadlockPart,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<DeadlockReport, DeadlockError> {
    let terminals = t.terminal_count() as u32;
    let (scheme, vcs) = (part.scheme, part.vcs);
    let mut deps = Deps::new(ch, scheme, vcs);
    let pairs = ch.len() * vcs as usize;
    let tail = deps.bit_len() % 64;
    let fits = part.channels as usize == ch.len()
        && part.terminals == terminals
        && part.bits.len() == deps.bits.len()
        && (tail == 0 || part.bits.last().is_none_or(|&w| w >> tail == 0))
        && part
            .extra
            .iter()
            .all(|&(a, b, _)| (a as usize) < pairs && (b as usize) < pairs);
    if !fits {
        return Err(PartError::Mismatch.into());
    }
    let mut covered = 0;
    for &(a, b) in &part.ranges {
        if a > covered {
            return Err(PartError::Missing(covered, a - 1).into());
        }
        covered = b;
    }
    if covered < terminals {
        return Err(PartError::Missing(covered, terminals - 1).into());
    }
    deps.bits.clone_from(&part.bits);
    deps.extra = part.extra.iter().map(|&(a, b, _)| (a, b)).collect();
    let edges = deps.edges(ch);
    let (cycle, shortest) = find_cycle(pairs, &edges);
    let cycle = if cycle.is_empty() {
        Vec::new()
    } else {
        let mut rank = Vec::with_capacity(part.bits.len());
        let mut sum = 0u32;
        for w in &part.bits {
            rank.push(sum);
            sum += w.count_ones();
        }
        let pair = |x: u32| (x / vcs, x % vcs);
        let firsts: Vec<Option<Node>> = cycle
            .windows(2)
            .map(|w| part.first_of(&deps, &rank, pair(w[0]), pair(w[1])))
            .collect();
        let mut flow = Flow::new(t, routing, scheme, vcs, ch);
        routes_of(&mut flow, &cycle, &firsts, progress)
    };
    Ok(DeadlockReport::of(scheme, vcs, ch, &edges, cycle, shortest))
}

/// The cycle's dependencies, each with the first route (in the order the graph was built)
/// that creates it: `firsts` holds each dependency's first destination, whose flows run
/// again, with sources, to find the first source.
fn routes_of(
    flow: &mut Flow<'_>,
    cycle: &[u32],
    firsts: &[Option<Node>],
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Dependency> {
    let (ch, vcs) = (flow.ch, flow.vcs);
    let pair = |x: u32| (x / vcs, x % vcs);
    let steps: Vec<((u32, u32), (u32, u32))> =
        cycle.windows(2).map(|w| (pair(w[0]), pair(w[1]))).collect();
    let mut found: Vec<Option<(Node, Node)>> = vec![None; steps.len()];
    let mut dsts: Vec<Node> = firsts.iter().flatten().copied().collect();
    dsts.sort_unstable();
    dsts.dedup();
    flow.exact = true;
    let mut buffers = Buffers::default();
    for (k, &d) in dsts.iter().enumerate() {
        progress(k, dsts.len());
        // The dependencies first made by packets bound for d (few: a cycle's are spread).
        let mine: Vec<usize> = (0..steps.len()).filter(|&i| firsts[i] == Some(d)).collect();
        flows_to(flow, d, &mut buffers, &mut |(held, next, src), dst| {
            for &i in &mine {
                if found[i].is_none() && steps[i] == (held, next) {
                    found[i] = Some((src, dst));
                }
            }
        });
    }
    progress(dsts.len(), dsts.len());
    flow.exact = false;
    let channel = |(c, vc): (u32, u32)| {
        let (u, v) = ch.ends(c);
        (u, v, vc)
    };
    steps
        .iter()
        .zip(found)
        .map(|(&(a, b), route)| {
            let (src, dst) = route.unwrap_or((0, 0));
            Dependency {
                from: channel(a),
                to: channel(b),
                src,
                dst,
            }
        })
        .collect()
}
