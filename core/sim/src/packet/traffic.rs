//! Traffic patterns: where each packet goes, as BookSim2 defines its patterns over the
//! endpoints 0 … N − 1 (a source may draw itself under `uniform`, as in BookSim2).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::config::SimError;
use super::knuth;
use crate::rng::SplitMix64;
use icn_graph::math::check_permutation;

/// A traffic pattern's name and parameters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pattern {
    /// Every endpoint equally likely (the source included).
    Uniform,
    /// Swap the high and low halves of the endpoint's bits (N an even power of two).
    Transpose,
    /// Complement every bit (N a power of two).
    BitComplement,
    /// Reverse the bits (N a power of two).
    BitReverse,
    /// Rotate the bits left by one (N a power of two).
    Shuffle,
    /// Each digit base k moves ⌈k/2⌉ − 1 on (a grid's radix k, n digits).
    Tornado,
    /// Each digit base k moves one on.
    Neighbour,
    /// Every packet to one of these endpoints, each chosen in proportion to its rate
    /// (BookSim2's `hotspot({E,…},{R,…})`; equal rates when none are given).
    Hotspot {
        /// The endpoints that receive all traffic.
        ends: Vec<u32>,
        /// Each one's whole-number share (as many as `ends`).
        rates: Vec<u32>,
    },
    /// Every endpoint but these equally likely (BookSim2's `background({E,…})`).
    Background(Vec<u32>),
    /// To the next endpoint one time in three, else to itself (BookSim2's `diagonal`).
    Diagonal,
    /// To `s mod N/2` or `s mod N/2 + N/2`, equally likely (BookSim2's `asymmetric`).
    Asymmetric,
    /// For 64 endpoints on an 8 × 8 grid: half the time to one of the 3 × 3 around the
    /// source (offsets wrapping mod 64), else to any endpoint (BookSim2's `taper64`).
    Taper64,
    /// To an endpoint of the next group, groups of 2k·k endpoints (BookSim2's
    /// `bad_dragon(k,n)`, the balanced Dragonfly's adversarial traffic); `None`: the
    /// network's own groups.
    BadDragon(Option<(u32, u32)>),
    /// BookSim2's `badperm_yarc(k,n,xr)`: with M = k·xr endpoints to a row, the source's
    /// row number r = ⌊s/M⌋ names a column, and each packet goes to c·M + r for a c drawn
    /// uniformly from 0 … M − 1: a whole row sends to one column. `None`: M is the
    /// network's grid radix. Only M counts; n is kept as BookSim2's files give it.
    BadPermYarc(Option<(u32, u32, u32)>),
    /// BookSim2's random permutation for this seed (`randperm` with its `perm_seed`):
    /// drawn as BookSim2 draws it, with Knuth's generator ([`knuth::permutation`]).
    Permutation(u64),
    /// A permutation given in full: endpoint e sends to `p[e]` (`perm:D0,D1,…`, as `icn
    /// throughput --traffic worst` writes it).
    Given(Vec<u32>),
}

impl Pattern {
    /// Every pattern name, for messages.
    pub const NAMES: &'static str = "uniform, transpose, bitcomp, bitrev, shuffle, tornado, \
                                     neighbor, hotspot(E,…), hotspot({E,…},{R,…}), \
                                     background({E,…}), diagonal, asymmetric, taper64, \
                                     bad_dragon(K,N), badperm_yarc(K,N,XR), randperm(SEED), \
                                     perm:D0,D1,…";

    /// Whether each source sends all its packets to one destination (a permutation or a
    /// digit pattern), so a routing's bound under it is a permutation's.
    pub fn is_permutation(&self) -> bool {
        !matches!(
            self,
            Pattern::Uniform
                | Pattern::Hotspot { .. }
                | Pattern::Background(_)
                | Pattern::Diagonal
                | Pattern::Asymmetric
                | Pattern::Taper64
                | Pattern::BadDragon(_)
                | Pattern::BadPermYarc(_)
        )
    }
}

fn list(xs: &[u32]) -> String {
    xs.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Uniform => f.write_str("uniform"),
            Pattern::Transpose => f.write_str("transpose"),
            Pattern::BitComplement => f.write_str("bitcomp"),
            Pattern::BitReverse => f.write_str("bitrev"),
            Pattern::Shuffle => f.write_str("shuffle"),
            Pattern::Tornado => f.write_str("tornado"),
            Pattern::Neighbour => f.write_str("neighbor"),
            Pattern::Hotspot { ends, rates } if rates.iter().all(|&r| r == rates[0]) => {
                write!(f, "hotspot({})", list(ends))
            }
            Pattern::Hotspot { ends, rates } => {
                write!(f, "hotspot({{{}}},{{{}}})", list(ends), list(rates))
            }
            Pattern::Background(x) => write!(f, "background({{{}}})", list(x)),
            Pattern::Diagonal => f.write_str("diagonal"),
            Pattern::Asymmetric => f.write_str("asymmetric"),
            Pattern::Taper64 => f.write_str("taper64"),
            Pattern::BadDragon(None) => f.write_str("bad_dragon"),
            Pattern::BadDragon(Some((k, n))) => write!(f, "bad_dragon({k},{n})"),
            Pattern::BadPermYarc(None) => f.write_str("badperm_yarc"),
            Pattern::BadPermYarc(Some((k, n, xr))) => write!(f, "badperm_yarc({k},{n},{xr})"),
            Pattern::Permutation(s) => write!(f, "randperm({s})"),
            Pattern::Given(p) => write!(f, "perm:{}", list(p)),
        }
    }
}

/// A word of a permutation's text that is not an endpoint number, and its line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: '{word}' is not an endpoint number")]
pub struct PermutationText {
    /// Its line, from 1.
    pub line: usize,
    /// The word.
    pub word: String,
}

/// The destinations a permutation's text lists (a file given as `perm:@FILE`, or loaded in
/// the page): endpoint numbers in endpoint order, separated by commas, spaces or lines.
/// Whether they form a permutation is checked where the endpoints are known.
///
/// # Errors
/// [`PermutationText`] at the first word that is not a number.
pub fn permutation_text(text: &str) -> Result<Vec<u32>, PermutationText> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for word in line.split(|c: char| c == ',' || c.is_whitespace()) {
            if word.is_empty() {
                continue;
            }
            out.push(word.parse().map_err(|_| PermutationText {
                line: i + 1,
                word: word.chars().take(40).collect(),
            })?);
        }
    }
    Ok(out)
}

/// `x` of traffic `s` as a u32 (endpoints, rates, sizes): a larger number is an error that
/// says it as typed, not clamped.
fn small_number(s: &str, x: u64) -> Result<u32, SimError> {
    u32::try_from(x).map_err(|_| {
        SimError::Traffic(format!(
            "traffic '{s}': {x} is too large (at most {})",
            u32::MAX
        ))
    })
}

impl FromStr for Pattern {
    type Err = SimError;

    /// BookSim2's names (`bitcomp`, `bitrev`, `neighbor`, `randperm`, `hotspot({a,b})`)
    /// and spelled-out ones (`bit-complement`, `neighbour`, `permutation`).
    fn from_str(s: &str) -> Result<Self, SimError> {
        let s = s.trim();
        if let Some(list) = s.strip_prefix("perm:") {
            return list
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|x| !x.is_empty())
                .map(|x| {
                    x.parse::<u32>().map_err(|_| {
                        SimError::Traffic(format!(
                            "traffic perm: '{}' is not an endpoint number",
                            x.chars().take(20).collect::<String>()
                        ))
                    })
                })
                .collect::<Result<Vec<u32>, SimError>>()
                .map(Pattern::Given);
        }
        let (name, args) = match s.find('(') {
            Some(i) if s.ends_with(')') => (&s[..i], Some(&s[i + 1..s.len() - 1])),
            _ => (s, None),
        };
        paired(s, args)?;
        let numbers = |text: Option<&str>| numbers(s, text);
        let one = |x: u64| small_number(s, x);
        let small = |xs: Vec<u64>| xs.into_iter().map(one).collect::<Result<Vec<u32>, _>>();
        let groups = braced(args.unwrap_or(""));
        let plain = |p: Pattern| match args {
            None => Ok(p),
            Some(_) => Err(SimError::Traffic(format!(
                "traffic '{s}' takes no parameters"
            ))),
        };
        match name {
            "uniform" => plain(Pattern::Uniform),
            "transpose" => plain(Pattern::Transpose),
            "bitcomp" | "bit-complement" => plain(Pattern::BitComplement),
            "bitrev" | "bit-reverse" => plain(Pattern::BitReverse),
            "shuffle" => plain(Pattern::Shuffle),
            "tornado" => plain(Pattern::Tornado),
            "neighbor" | "neighbour" => plain(Pattern::Neighbour),
            "diagonal" => plain(Pattern::Diagonal),
            "asymmetric" => plain(Pattern::Asymmetric),
            "taper64" => plain(Pattern::Taper64),
            "hotspot" => {
                // hotspot(E,…) lists endpoints of equal rates; hotspot({E,…},{R,…}) gives
                // them rates, the last repeated for endpoints beyond the list (BookSim2).
                let (ends, rates) = match groups.as_slice() {
                    [ends] => (small(numbers(Some(ends))?)?, Vec::new()),
                    [ends, rates] => (small(numbers(Some(ends))?)?, small(numbers(Some(rates))?)?),
                    _ => (small(numbers(args)?)?, Vec::new()),
                };
                if ends.is_empty() {
                    return Err(SimError::Traffic(format!(
                        "'{s}' names no endpoint: give hotspot(E,…), the endpoints that \
                         receive all traffic, e.g. hotspot(0), or hotspot({{E,…}},{{R,…}}) \
                         with their rates"
                    )));
                }
                if rates.contains(&0) {
                    return Err(SimError::Traffic(format!(
                        "'{s}': a hotspot's rate is a whole number of 1 or more"
                    )));
                }
                let last = rates.last().copied().unwrap_or(1);
                let mut rates = rates;
                rates.resize(ends.len(), last);
                // Rates are shares: equal ones are the flat list's (and print as it).
                if rates.iter().all(|&r| r == rates[0]) {
                    rates.fill(1);
                }
                Ok(Pattern::Hotspot { ends, rates })
            }
            "background" => Ok(Pattern::Background(small(numbers(args)?)?)),
            "bad_dragon" => match numbers(args)?.as_slice() {
                [] => Ok(Pattern::BadDragon(None)),
                &[k, n] if k >= 1 => Ok(Pattern::BadDragon(Some((one(k)?, one(n)?)))),
                _ => Err(SimError::Traffic(format!(
                    "'{s}': give bad_dragon(K,N), BookSim2's dragonflynew k and n (groups of \
                     2K·K endpoints), or bad_dragon alone for the network's own groups"
                ))),
            },
            "badperm_yarc" => {
                let list = small(numbers(args)?)?;
                let (k, n, xr) = match list.as_slice() {
                    [] => return Ok(Pattern::BadPermYarc(None)),
                    &[k] => (k, 1, 1),
                    &[k, n] => (k, n, 1),
                    &[k, n, xr] => (k, n, xr),
                    _ => (0, 0, 0),
                };
                if k == 0 || xr == 0 {
                    return Err(SimError::Traffic(format!(
                        "'{s}': give badperm_yarc(K,N,XR), BookSim2's k, n and xr (rows of \
                         K·XR endpoints, K and XR at least 1), or badperm_yarc alone for the \
                         network's own radix"
                    )));
                }
                Ok(Pattern::BadPermYarc(Some((k, n, xr))))
            }
            "randperm" | "permutation" => {
                let list = numbers(args)?;
                Ok(Pattern::Permutation(list.first().copied().unwrap_or(0)))
            }
            _ => Err(SimError::Traffic(format!(
                "unknown traffic '{s}'; choose one of: {}",
                Pattern::NAMES
            ))),
        }
    }
}

/// The whole numbers of the traffic `s`'s list `text`, separated by commas (braces around
/// it dropped). Empty (`f()`, `{}`) is none; an empty item (`0,,1`, `0,5,`) is a typo, said
/// as such rather than skipped.
fn numbers(s: &str, text: Option<&str>) -> Result<Vec<u64>, SimError> {
    let list = text.unwrap_or("").trim_matches(|c| c == '{' || c == '}');
    if list.trim().is_empty() {
        return Ok(Vec::new());
    }
    if list.split(',').any(|x| x.trim().is_empty()) {
        return Err(SimError::Traffic(format!(
            "traffic '{s}': '{}' has an empty item; separate numbers by one comma, e.g. \
             hotspot(0,5)",
            list.trim()
        )));
    }
    list.split(',')
        .map(|x| {
            x.trim().parse::<u64>().map_err(|_| {
                SimError::Traffic(format!(
                    "traffic '{s}': '{}' is not a whole number of 0 or more",
                    x.trim()
                ))
            })
        })
        .collect()
}

/// `Ok` when the braces of the traffic `s`'s arguments `args` pair up, none inside another
/// (BookSim2's lists: `{0,5},{2,1}`); else the error saying so.
fn paired(s: &str, args: Option<&str>) -> Result<(), SimError> {
    // Depth 0 or 1 after every character, and 0 at the end.
    let mut depth = 0i32;
    let within = args.unwrap_or("").chars().all(|c| {
        depth += match c {
            '{' => 1,
            '}' => -1,
            _ => 0,
        };
        (0..=1).contains(&depth)
    });
    if !within || depth != 0 {
        return Err(SimError::Traffic(format!(
            "traffic '{s}': its braces do not pair up; write a list as {{E,…}}, e.g. \
             hotspot({{0,5}},{{2,1}})"
        )));
    }
    Ok(())
}

/// The top-level comma-separated words of `args` when it has braces (`{0,5},{3,1}` gives
/// `0,5` and `3,1`), else none.
fn braced(args: &str) -> Vec<&str> {
    if !args.contains('{') {
        return Vec::new();
    }
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in args.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(args[start..i].trim().trim_matches(|c| c == '{' || c == '}'));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(args[start..].trim().trim_matches(|c| c == '{' || c == '}'));
    out
}

/// What the patterns read of a network beyond its endpoint count ([`shape`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shape {
    /// The grid's (k, n) where the endpoints are a k-ary n-digit grid (tornado and
    /// neighbor use it; else one ring of N).
    pub digits: Option<(u32, u32)>,
    /// Endpoints per group, where the network's endpoints come in equal groups numbered
    /// together (a Dragonfly's; `bad_dragon` uses it).
    pub group: Option<u32>,
}

/// A pattern bound to a network's N endpoints (and, for the digit patterns, its radix k
/// and n digits): checked once, then every destination is O(1) or O(log N).
#[derive(Debug, Clone)]
pub struct Traffic {
    kind: Kind,
    nodes: u32,
}

#[derive(Debug, Clone)]
enum Kind {
    Uniform,
    Table(Vec<u32>),
    /// The endpoints, and each one's cumulative rate (the last is the total).
    Hotspot(Vec<u32>, Vec<u32>),
    /// The endpoints that may be drawn.
    Among(Vec<u32>),
    Diagonal,
    Asymmetric,
    Taper64,
    /// Endpoints per group.
    NextGroup(u32),
    /// Endpoints per row (`badperm_yarc`).
    RowToColumn(u32),
}

impl Traffic {
    /// `pattern` over `nodes` endpoints of a network of `shape` (its grid digits for the
    /// digit patterns, its groups for `bad_dragon`).
    ///
    /// # Errors
    /// [`SimError::Traffic`] when the pattern needs a node count the network lacks.
    pub fn new(pattern: &Pattern, nodes: u32, shape: Shape) -> Result<Traffic, SimError> {
        let Shape { digits, group } = shape;
        let n = nodes;
        let bits = n.trailing_zeros();
        let power = n.is_power_of_two();
        let need = |what: &str| {
            Err(SimError::Traffic(format!(
                "traffic '{pattern}' needs {what}; this network has {n} endpoints"
            )))
        };
        let table = |f: &dyn Fn(u32) -> u32| Kind::Table((0..n).map(f).collect());
        let mask = n.wrapping_sub(1);
        let kind = match pattern {
            Pattern::Uniform => Kind::Uniform,
            Pattern::BitComplement if power => table(&|s| !s & mask),
            Pattern::BitReverse if power => {
                table(&|s| s.reverse_bits().checked_shr(32 - bits).unwrap_or(0))
            }
            Pattern::Shuffle if power => {
                table(&|s| ((s << 1) & mask) | u32::from((s << 1) & n != 0))
            }
            Pattern::Transpose if power && bits % 2 == 0 => {
                let h = bits / 2;
                let lo = (1u32 << h) - 1;
                table(&|s| ((s >> h) & lo) | ((s << h) & (lo << h)))
            }
            Pattern::BitComplement | Pattern::BitReverse | Pattern::Shuffle => {
                return need("a power-of-two number of endpoints")
            }
            Pattern::Transpose => return need("an even power of two endpoints (a square grid)"),
            Pattern::Tornado | Pattern::Neighbour => {
                let (k, digits) = digits.unwrap_or((n, 1));
                let step = if *pattern == Pattern::Tornado {
                    k.div_ceil(2).saturating_sub(1)
                } else {
                    1
                };
                table(&|s| {
                    let (mut offset, mut out) = (1u32, 0u32);
                    for _ in 0..digits {
                        out += offset * (((s / offset) % k + step) % k);
                        offset = offset.saturating_mul(k);
                    }
                    out
                })
            }
            Pattern::Hotspot { ends, rates } => {
                if let Some(bad) = ends.iter().find(|&&x| x >= n) {
                    return Err(SimError::Traffic(format!(
                        "hotspot endpoint {bad} is not below the {n} endpoints"
                    )));
                }
                let mut total = 0u32;
                let cumulative = rates
                    .iter()
                    .map(|&r| {
                        total = total.saturating_add(r);
                        total
                    })
                    .collect();
                Kind::Hotspot(ends.clone(), cumulative)
            }
            Pattern::Background(excluded) => {
                if let Some(bad) = excluded.iter().find(|&&x| x >= n) {
                    return Err(SimError::Traffic(format!(
                        "background: endpoint {bad} is not below the {n} endpoints"
                    )));
                }
                let among: Vec<u32> = (0..n).filter(|e| !excluded.contains(e)).collect();
                if among.is_empty() {
                    return need("an endpoint that background(…) does not exclude");
                }
                Kind::Among(among)
            }
            Pattern::Diagonal => Kind::Diagonal,
            Pattern::Asymmetric if n >= 2 => Kind::Asymmetric,
            Pattern::Asymmetric => return need("at least 2 endpoints"),
            Pattern::Taper64 if n == 64 => Kind::Taper64,
            Pattern::Taper64 => return need("exactly 64 endpoints (an 8 × 8 grid)"),
            Pattern::BadDragon(given) => {
                let size = match (given, group) {
                    (Some((k, _)), _) => k.saturating_mul(2).saturating_mul(*k),
                    (None, Some(g)) => g,
                    (None, None) => {
                        return need(
                            "groups: give bad_dragon(K,N) (groups of 2K·K endpoints) or \
                             simulate a Dragonfly",
                        )
                    }
                };
                if size == 0 || size >= n || n % size != 0 {
                    return need(&format!(
                        "more than one group of {size} endpoints, a whole number of them"
                    ));
                }
                Kind::NextGroup(size)
            }
            Pattern::BadPermYarc(given) => row_to_column(pattern, *given, digits, n)?,
            Pattern::Permutation(seed) => Kind::Table(knuth::permutation(n, *seed)),
            Pattern::Given(p) => {
                check_permutation(p, n as usize)
                    .map_err(|e| SimError::Traffic(format!("traffic perm: {e}")))?;
                Kind::Table(p.clone())
            }
        };
        Ok(Traffic { kind, nodes })
    }

    /// The destination of a packet from `src`.
    #[inline]
    pub fn dest(&self, src: u32, rng: &mut SplitMix64) -> u32 {
        match &self.kind {
            Kind::Uniform => rng.below(u64::from(self.nodes)) as u32,
            Kind::Table(t) => t[src as usize],
            Kind::Hotspot(ends, cumulative) => match ends.as_slice() {
                [only] => *only,
                _ => {
                    let total = cumulative.last().copied().unwrap_or(1);
                    let x = rng.below(u64::from(total)) as u32;
                    ends[cumulative.partition_point(|&c| c <= x)]
                }
            },
            Kind::Among(among) => among[rng.below(among.len() as u64) as usize],
            Kind::Diagonal => {
                if rng.below(3) == 0 {
                    (src + 1) % self.nodes
                } else {
                    src
                }
            }
            Kind::Asymmetric => {
                let half = self.nodes / 2;
                src % half + if rng.below(2) == 1 { half } else { 0 }
            }
            Kind::Taper64 => {
                if rng.below(2) == 1 {
                    let row = rng.below(3) as u32;
                    let col = rng.below(3) as u32;
                    (64 + src + 8 * row + col - 9) % 64
                } else {
                    rng.below(64) as u32
                }
            }
            Kind::NextGroup(size) => {
                let next = (src / size + 1) * size;
                (next + rng.below(u64::from(*size)) as u32) % self.nodes
            }
            Kind::RowToColumn(row) => rng.below(u64::from(*row)) as u32 * row + src / row,
        }
    }
}

impl Traffic {
    /// The most destinations a source's [`Traffic::distribution`] lists, in O(1).
    pub fn fanout(&self) -> u32 {
        match &self.kind {
            Kind::Uniform => self.nodes,
            Kind::Table(_) => 1,
            Kind::Hotspot(ends, _) => ends.len() as u32,
            Kind::Among(among) => among.len() as u32,
            Kind::Diagonal | Kind::Asymmetric => 2,
            Kind::Taper64 => 64 + 9,
            Kind::NextGroup(size) => *size,
            Kind::RowToColumn(row) => *row,
        }
    }

    /// Every destination a packet from `src` may take and its probability, exactly as
    /// [`Traffic::dest`] draws them (a destination drawn two ways once, its probabilities
    /// added), in increasing order of destination.
    pub fn distribution(&self, src: u32) -> Vec<(u32, f64)> {
        let n = self.nodes;
        let even = |xs: &mut dyn Iterator<Item = u32>, p: f64| xs.map(|d| (d, p)).collect();
        let mut out: Vec<(u32, f64)> = match &self.kind {
            Kind::Uniform => even(&mut (0..n), 1.0 / f64::from(n)),
            Kind::Table(t) => vec![(t[src as usize], 1.0)],
            Kind::Hotspot(ends, cumulative) => {
                let total = f64::from(cumulative.last().copied().unwrap_or(1).max(1));
                let mut before = 0;
                ends.iter()
                    .zip(cumulative)
                    .map(|(&d, &c)| {
                        let p = f64::from(c - before) / total;
                        before = c;
                        (d, p)
                    })
                    .collect()
            }
            Kind::Among(among) => even(&mut among.iter().copied(), 1.0 / among.len() as f64),
            Kind::Diagonal => vec![((src + 1) % n, 1.0 / 3.0), (src, 2.0 / 3.0)],
            Kind::Asymmetric => {
                let half = n / 2;
                vec![(src % half, 0.5), (src % half + half, 0.5)]
            }
            Kind::Taper64 => {
                let near = (0..9).map(|k| ((64 + src + 8 * (k / 3) + k % 3 - 9) % 64, 0.5 / 9.0));
                near.chain((0..64).map(|d| (d, 0.5 / 64.0))).collect()
            }
            Kind::NextGroup(size) => {
                let next = (src / size + 1) * size;
                even(
                    &mut (0..*size).map(|j| (next + j) % n),
                    1.0 / f64::from(*size),
                )
            }
            Kind::RowToColumn(row) => even(
                &mut (0..*row).map(|c| c * row + src / row),
                1.0 / f64::from(*row),
            ),
        };
        out.sort_by_key(|&(d, _)| d);
        out.dedup_by(|x, y| {
            if x.0 == y.0 {
                y.1 += x.1;
                true
            } else {
                false
            }
        });
        out
    }
}

/// `badperm_yarc`'s rows of M endpoints (given, or the grid's radix), checked: every
/// destination c·M + ⌊s/M⌋ must be an endpoint.
fn row_to_column(
    pattern: &Pattern,
    given: Option<(u32, u32, u32)>,
    digits: Option<(u32, u32)>,
    n: u32,
) -> Result<Kind, SimError> {
    let need = |what: &str| {
        Err(SimError::Traffic(format!(
            "traffic '{pattern}' needs {what}; this network has {n} endpoints"
        )))
    };
    let row = match (given, digits) {
        (Some((k, _, xr)), _) => k.saturating_mul(xr),
        (None, Some((k, _))) => k,
        (None, None) => {
            return need(
                "a row length: give badperm_yarc(K,N,XR) (rows of K·XR endpoints) or \
                 simulate a grid",
            )
        }
    };
    if row == 0 {
        return need("rows of at least one endpoint");
    }
    // The largest destination, the last column of the last source's row, is below N
    // exactly when N ≥ M².
    let top = n.saturating_sub(1);
    let last = u64::from(row - 1) * u64::from(row) + u64::from(top / row);
    if last >= u64::from(n) {
        return need(&format!(
            "at least {row}² endpoints (rows of {row}): it may send endpoint {top} to {last}, \
             where BookSim2 stops (\"Incorrect packet destination\")"
        ));
    }
    Ok(Kind::RowToColumn(row))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How often each destination is drawn from `src` over `draws` packets.
    fn counts(t: &Traffic, src: u32, draws: u32) -> Vec<u32> {
        let mut rng = SplitMix64::new(11);
        let mut out = vec![0; t.nodes as usize];
        for _ in 0..draws {
            out[t.dest(src, &mut rng) as usize] += 1;
        }
        out
    }

    /// Within 5 % (plus a little for small counts) of `draws · p`.
    fn near(count: u32, draws: u32, p: f64) -> bool {
        let want = f64::from(draws) * p;
        (f64::from(count) - want).abs() <= 0.05 * want + 30.0
    }

    fn traffic(text: &str, nodes: u32, shape: Shape) -> Traffic {
        let p: Pattern = text.parse().expect("a pattern");
        assert_eq!(
            p.to_string().parse::<Pattern>().expect("again"),
            p,
            "{text}"
        );
        Traffic::new(&p, nodes, shape).expect("the pattern applies")
    }

    /// The exact distribution of every pattern is what its draws give: for each source
    /// checked, every destination's count over 240,000 draws is near its probability, and
    /// nothing is drawn outside the distribution (whose probabilities sum to 1).
    #[test]
    fn each_distribution_is_what_the_draws_give() {
        let draws = 240_000;
        let grid = Shape {
            digits: Some((8, 2)),
            group: Some(8),
        };
        for text in [
            "uniform",
            "transpose",
            "tornado",
            "randperm(3)",
            "hotspot({0,5,5},{1,3,2})",
            "background({1,2,63})",
            "diagonal",
            "asymmetric",
            "taper64",
            "bad_dragon",
            "bad_dragon(2,1)",
            "badperm_yarc",
            "badperm_yarc(4,1,2)",
        ] {
            let t = traffic(text, 64, grid);
            for src in [0, 9, 63] {
                let dist = t.distribution(src);
                let total: f64 = dist.iter().map(|d| d.1).sum();
                assert!((total - 1.0).abs() < 1e-12, "{text} from {src}: {total}");
                let c = counts(&t, src, draws);
                let mut p = vec![0.0; 64];
                for &(d, q) in &dist {
                    p[d as usize] = q;
                }
                for d in 0..64 {
                    // Six standard deviations of the count: a fixed seed, so no flakes;
                    // at 1/64 a probability off by a tenth of itself shows.
                    let (n, q) = (f64::from(draws), p[d]);
                    let spread = 6.0 * (n * q * (1.0 - q)).sqrt() + 1.0;
                    assert!(
                        (f64::from(c[d]) - n * q).abs() <= spread && (q > 0.0 || c[d] == 0),
                        "{text} from {src} to {d}: {} of {draws} against {}",
                        c[d],
                        p[d]
                    );
                }
            }
        }
        // hotspot({0,5,5},{1,3,2}): endpoint 5 listed twice, its rates added.
        let d = traffic("hotspot({0,5,5},{1,3,2})", 64, grid).distribution(7);
        assert_eq!(d.iter().map(|x| x.0).collect::<Vec<_>>(), [0, 5]);
        assert!((d[0].1 - 1.0 / 6.0).abs() < 1e-15 && (d[1].1 - 5.0 / 6.0).abs() < 1e-15);
    }

    /// Each random pattern draws its destinations with BookSim2's probabilities
    /// (traffic.cpp, whose `RandomInt(m)` is uniform on 0 … m).
    #[test]
    fn random_patterns_follow_booksims_definitions() {
        let draws = 60_000;
        let flat = Shape::default();
        // diagonal: the next endpoint with probability 1/3, itself otherwise.
        let c = counts(&traffic("diagonal", 10, flat), 9, draws);
        assert!(
            near(c[0], draws, 1.0 / 3.0) && near(c[9], draws, 2.0 / 3.0),
            "{c:?}"
        );
        // asymmetric: s mod N/2 or that plus N/2, equally (N = 10, s = 7: 2 and 7).
        let c = counts(&traffic("asymmetric", 10, flat), 7, draws);
        assert!(near(c[2], draws, 0.5) && near(c[7], draws, 0.5), "{c:?}");
        // taper64: half over the 3 × 3 around the source mod 64, half over all 64.
        let c = counts(&traffic("taper64", 64, flat), 0, draws);
        for (d, &n) in c.iter().enumerate() {
            let stencil = [55, 56, 57, 63, 0, 1, 7, 8, 9].contains(&d);
            let p = 0.5 / 64.0 + if stencil { 0.5 / 9.0 } else { 0.0 };
            assert!(near(n, draws, p), "taper64 {d}: {n}");
        }
        // bad_dragon(2, 1): groups of 2·2·2 = 8; from group 3 (of 4) to group 0, uniformly.
        let c = counts(&traffic("bad_dragon(2,1)", 32, flat), 27, draws);
        for (d, &n) in c.iter().enumerate() {
            assert!(
                near(n, draws, if d < 8 { 1.0 / 8.0 } else { 0.0 }),
                "{d}: {n}"
            );
        }
        // The same from the network's groups.
        let grouped = Shape {
            digits: None,
            group: Some(8),
        };
        let c = counts(&traffic("bad_dragon", 32, grouped), 5, draws);
        assert!((8..16).all(|d| near(c[d], draws, 1.0 / 8.0)), "{c:?}");
        // badperm_yarc(4,2,1) on 16: rows of M = 4; source 6 is in row ⌊6/4⌋ = 1, so it
        // sends to column 1, c·4 + 1 for c = 0 … 3: 1, 5, 9, 13, a quarter each; source 15
        // (row 3) to 3, 7, 11, 15. xr = 2 with k = 2 is the same M; so is the 4 × 4 grid's
        // own radix.
        let grid = Shape {
            digits: Some((4, 2)),
            group: None,
        };
        for (text, shape) in [
            ("badperm_yarc(4,2,1)", flat),
            ("badperm_yarc(2,2,2)", flat),
            ("badperm_yarc", grid),
        ] {
            let t = traffic(text, 16, shape);
            for (src, column) in [(6, [1, 5, 9, 13]), (15, [3, 7, 11, 15])] {
                let c = counts(&t, src, draws);
                for (d, &n) in c.iter().enumerate() {
                    let p = if column.contains(&(d as u32)) {
                        0.25
                    } else {
                        0.0
                    };
                    assert!(near(n, draws, p), "{text} {src} → {d}: {n}");
                }
            }
        }
        // hotspot with rates 3, 1, 1 (the last rate repeated): 3/5, 1/5, 1/5.
        let c = counts(&traffic("hotspot({4,6,9},{3,1})", 10, flat), 0, draws);
        assert!(near(c[4], draws, 0.6) && near(c[6], draws, 0.2) && near(c[9], draws, 0.2));
        assert_eq!(c.iter().sum::<u32>(), c[4] + c[6] + c[9]);
        // background: every endpoint but the excluded, equally.
        let c = counts(&traffic("background({0,3})", 6, flat), 1, draws);
        assert_eq!((c[0], c[3]), (0, 0));
        assert!(
            [1, 2, 4, 5].iter().all(|&d| near(c[d], draws, 0.25)),
            "{c:?}"
        );
    }

    #[test]
    fn the_grammar_reads_booksims_forms_and_refuses_with_reasons() {
        let p = |s: &str| s.parse::<Pattern>();
        assert_eq!(
            p("hotspot(0,5)").expect("flat"),
            Pattern::Hotspot {
                ends: vec![0, 5],
                rates: vec![1, 1]
            }
        );
        assert_eq!(
            p("hotspot({0,5})").expect("braced").to_string(),
            "hotspot(0,5)"
        );
        // Equal rates print as the flat list; the last rate is repeated.
        assert_eq!(
            p("hotspot({0,5},{2})").expect("rates").to_string(),
            "hotspot(0,5)"
        );
        assert_eq!(
            p("hotspot({0,5},{2})"),
            p("hotspot(0,5)"),
            "equal rates are the same shares"
        );
        assert_eq!(
            p("hotspot({0,5,7},{2,1})").expect("rates").to_string(),
            "hotspot({0,5,7},{2,1,1})"
        );
        // BookSim2's lists pair their braces (a fuzzed input read as rates 13 before), and
        // an empty item is a typo, not skipped.
        let unpaired = "braces do not pair up";
        let empty = "has an empty item";
        for (bad, said) in [
            ("hotspot({0,2,},13}{)", unpaired),
            ("hotspot({{0}})", unpaired),
            ("background(}1,2{)", unpaired),
            ("hotspot({0,5)", unpaired),
            ("hotspot(0,,1)", empty),
            ("hotspot({0,5,},{1})", empty),
            ("background(1,)", empty),
            ("hotspot(,0)", empty),
        ] {
            let e = p(bad).expect_err(bad).to_string();
            assert!(e.contains(said), "{bad}: {e}");
        }
        assert_eq!(p("bad_dragon()"), p("bad_dragon"));
        assert_eq!(
            p("hotspot({0,2},13)")
                .expect("a bare rate list")
                .to_string(),
            "hotspot(0,2)"
        );
        // Rates beyond the endpoints are dropped (BookSim2's resize): one rate left.
        assert_eq!(p("hotspot({0},{2,1})"), p("hotspot(0)"));
        assert!(p("hotspot({0},{0})").is_err());
        assert!(p("bad_dragon(2)").is_err());
        assert!(p("diagonal(1)").is_err());
        assert!(!p("diagonal").expect("diagonal").is_permutation());
        assert!(p("tornado").expect("tornado").is_permutation());
        let need = |s: &str, n: u32| {
            Traffic::new(&p(s).expect("parses"), n, Shape::default())
                .expect_err("refused")
                .to_string()
        };
        assert!(need("taper64", 16).contains("exactly 64"));
        assert!(need("bad_dragon", 32).contains("bad_dragon(K,N)"));
        assert!(need("bad_dragon(2,1)", 12).contains("whole number"));
        assert!(need("background({0,1})", 2).contains("does not exclude"));
        assert!(need("hotspot(7)", 4).contains("not below"));
        // Rows of 4 need 16 endpoints: on 15, endpoint 14 (row 3) could draw 3·4 + 3 = 15.
        assert!(need("badperm_yarc(4,2,1)", 15).contains("at least 4² endpoints"));
        assert!(need("badperm_yarc(4,2,1)", 15).contains("endpoint 14 to 15"));
        assert!(need("badperm_yarc", 16).contains("badperm_yarc(K,N,XR)"));
        assert!(p("badperm_yarc(0,2,1)").is_err());
        assert_eq!(
            p("badperm_yarc(8)").expect("k alone").to_string(),
            "badperm_yarc(8,1,1)"
        );
        assert!(!p("badperm_yarc").expect("plain").is_permutation());
    }
}
