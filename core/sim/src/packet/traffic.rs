//! Traffic patterns: where each packet goes, as BookSim2 defines its patterns over the
//! endpoints 0 … N − 1 (a source may draw itself under `uniform`, as in BookSim2).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::config::SimError;
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
    /// Every packet to one of these endpoints, equally likely.
    Hotspot(Vec<u32>),
    /// A random permutation drawn from this seed.
    Permutation(u64),
    /// A permutation given in full: endpoint e sends to `p[e]` (`perm:D0,D1,…`, as `icn
    /// throughput --traffic worst` writes it).
    Given(Vec<u32>),
}

impl Pattern {
    /// Every pattern name, for messages.
    pub const NAMES: &'static str = "uniform, transpose, bitcomp, bitrev, shuffle, tornado, \
                                     neighbor, hotspot(E,…), randperm(SEED), perm:D0,D1,…";
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
            Pattern::Hotspot(h) => {
                let list: Vec<String> = h.iter().map(u32::to_string).collect();
                write!(f, "hotspot({})", list.join(","))
            }
            Pattern::Permutation(s) => write!(f, "randperm({s})"),
            Pattern::Given(p) => {
                let list: Vec<String> = p.iter().map(u32::to_string).collect();
                write!(f, "perm:{}", list.join(","))
            }
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
        let numbers = |text: Option<&str>| -> Result<Vec<u64>, SimError> {
            text.unwrap_or("")
                .trim_matches(|c| c == '{' || c == '}')
                .split(',')
                .filter(|x| !x.trim().is_empty())
                .map(|x| {
                    x.trim().parse::<u64>().map_err(|_| {
                        SimError::Traffic(format!("traffic '{s}': '{}' is not a number", x.trim()))
                    })
                })
                .collect()
        };
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
            "hotspot" => {
                let list = numbers(args)?;
                if list.is_empty() {
                    return Err(SimError::Traffic(format!(
                        "'{s}' names no endpoint: give hotspot(E,…), the endpoints that \
                         receive all traffic, e.g. hotspot(0)"
                    )));
                }
                Ok(Pattern::Hotspot(
                    list.into_iter()
                        .map(|x| u32::try_from(x).unwrap_or(u32::MAX))
                        .collect(),
                ))
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
    Hotspot(Vec<u32>),
}

impl Traffic {
    /// `pattern` over `nodes` endpoints; `digits` is the grid's (k, n) where the endpoints
    /// are a k-ary n-digit grid, else (N, 1) is used.
    ///
    /// # Errors
    /// [`SimError::Traffic`] when the pattern needs a node count the network lacks.
    pub fn new(
        pattern: &Pattern,
        nodes: u32,
        digits: Option<(u32, u32)>,
    ) -> Result<Traffic, SimError> {
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
            Pattern::Hotspot(h) => {
                if let Some(bad) = h.iter().find(|&&x| x >= n) {
                    return Err(SimError::Traffic(format!(
                        "hotspot endpoint {bad} is not below the {n} endpoints"
                    )));
                }
                Kind::Hotspot(h.clone())
            }
            Pattern::Permutation(seed) => Kind::Table(permutation(n, *seed)),
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
            Kind::Hotspot(h) => h[rng.below(h.len() as u64) as usize],
        }
    }
}

/// A uniformly random permutation of 0 … n − 1 from `seed` (Fisher–Yates).
fn permutation(n: u32, seed: u64) -> Vec<u32> {
    let mut rng = SplitMix64::stream(seed, 0x7065_726d);
    let mut p: Vec<u32> = (0..n).collect();
    for i in (1..p.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        p.swap(i, j);
    }
    p
}
