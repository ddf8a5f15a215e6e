//! Jellyfish (Singla, Hong, Popa and Godfrey, "Jellyfish: Networking Data Centers
//! Randomly", NSDI 2012): n switches joined as a random r-regular graph, each switch
//! with p servers.
//!
//! The graph is drawn from a seed by the paper's incremental construction
//! (`build.rs`) with a generator of our own (SplitMix64), never a library's, so one spec
//! is one graph on every platform and in every version. A graph that comes out
//! disconnected is thrown away and drawn again from the next stream, deterministically:
//! attempt a = 0, 1, … draws from SplitMix64 started at `mix(seed ^ mix(a))` (mix: the
//! SplitMix64 output function, a bijection), up to [`MAX_ATTEMPTS`]; the spec keeps the seed, and
//! [`Jellyfish::attempt`] says which attempt the graph is.
//!
//! Nodes are the switches, numbered 0 … n − 1 and addressed by their number; every switch
//! is a terminal (a router with p endpoints: [`crate::Family::concentration`]).

mod build;
mod family;

pub use family::JELLYFISH;

use std::fmt;

use icn_graph::error::{AddressError, ParamError};
use icn_graph::spec::{parse_number, Spec};
use icn_graph::{bfs, Node, Topology, UNREACHABLE};
use icn_graph::{Addresses, Graph};

use build::{mix, random_regular, SplitMix64};

/// At most this many switches: the graph is held in memory and drawn at once.
pub const MAX_SWITCHES: u64 = 1 << 16;

/// At most this many links (n·r/2): about 8 MB of adjacency, drawn in well under a
/// second natively.
pub const MAX_LINKS: u64 = 1 << 20;

/// At most this many servers per switch.
pub const MAX_SERVERS: u64 = 1 << 12;

/// Streams tried before giving up on a connected graph.
pub const MAX_ATTEMPTS: u32 = 64;

/// A validated Jellyfish network: its parameters and the graph they give.
#[derive(Clone, PartialEq, Eq)]
pub struct Jellyfish {
    n: u32,
    r: u32,
    p: u32,
    seed: u64,
    attempt: u32,
    /// The neighbours of switch v: `adj[v·r .. (v + 1)·r]`, sorted.
    adj: Vec<u32>,
}

impl fmt::Debug for Jellyfish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Jellyfish")
            .field("spec", &self.spec_string())
            .field("attempt", &self.attempt)
            .finish_non_exhaustive()
    }
}

fn out_of_range(key: &str, value: u64, allowed: String) -> ParamError {
    ParamError::OutOfRange {
        key: key.to_string(),
        value,
        allowed,
    }
}

/// The parameters, checked in the order a reader fixes them.
fn check(n: u64, r: u64, p: u64) -> Result<(), ParamError> {
    if !(2..=MAX_SWITCHES).contains(&n) {
        return Err(out_of_range(
            "n",
            n,
            format!("the number of switches n is 2 to {MAX_SWITCHES}"),
        ));
    }
    if r == 0 || r >= n {
        return Err(out_of_range(
            "r",
            r,
            format!("the network ports per switch r are 1 to n − 1 = {}", n - 1),
        ));
    }
    if r == 1 && n > 2 {
        return Err(out_of_range(
            "r",
            r,
            "r = 1 pairs the switches off (connected only for n = 2); take r ≥ 2".into(),
        ));
    }
    if (n * r) % 2 == 1 {
        return Err(out_of_range(
            "r",
            r,
            format!(
                "n·r must be even (every link uses two ports); n = {n} is odd, so r must be even"
            ),
        ));
    }
    if n * r / 2 > MAX_LINKS {
        return Err(out_of_range(
            "r",
            r,
            format!(
                "n·r/2 = {} links is more than {MAX_LINKS}; at n = {n}, r ≤ {}",
                n * r / 2,
                2 * MAX_LINKS / n
            ),
        ));
    }
    if !(1..=MAX_SERVERS).contains(&p) {
        return Err(out_of_range(
            "p",
            p,
            format!("the servers per switch p are 1 to {MAX_SERVERS}"),
        ));
    }
    Ok(())
}

impl Jellyfish {
    /// The Jellyfish of n switches with r network ports and p servers each, drawn from
    /// `seed`.
    ///
    /// # Errors
    /// n outside 2 ..= [`MAX_SWITCHES`]; r outside 1 ..= n − 1, r = 1 with n > 2, n·r odd,
    /// more than [`MAX_LINKS`] links; p outside 1 ..= [`MAX_SERVERS`]; no connected graph
    /// in [`MAX_ATTEMPTS`] attempts (only likely for r = 2: a random 2-regular graph is
    /// seldom a single cycle).
    pub fn new(n: u64, r: u64, p: u64, seed: u64) -> Result<Self, ParamError> {
        check(n, r, p)?;
        let (nu, ru) = (n as usize, r as usize);
        for attempt in 0..MAX_ATTEMPTS {
            let mut rng = SplitMix64::new(mix(seed ^ mix(u64::from(attempt))));
            let Some(lists) = random_regular(nu, ru, &mut rng) else {
                continue;
            };
            let net = Jellyfish {
                n: n as u32,
                r: r as u32,
                p: p as u32,
                seed,
                attempt,
                adj: lists.concat(),
            };
            if !bfs(&net, 0).contains(&UNREACHABLE) {
                return Ok(net);
            }
        }
        Err(ParamError::Malformed {
            key: "seed",
            value: seed.to_string(),
            why: format!(
                "{MAX_ATTEMPTS} attempts from this seed gave no connected {r}-regular graph on \
                 {n} switches (a random 2-regular graph is seldom one cycle); try another seed \
                 or a larger r"
            ),
        })
    }

    /// Reads `jellyfish:n=…,r=…,p=…,seed=…` (p and seed default to 1).
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        spec.check_keys(
            "jellyfish",
            &["n", "r", "p", "seed"],
            &[],
            "n (switches), r (network ports per switch), p (servers per switch) and seed",
        )?;
        let read = |key: &'static str, help: &'static str, default: Option<u64>| match (
            spec.value(key),
            default,
        ) {
            (Some(text), _) => parse_number(key, text),
            (None, Some(d)) => Ok(d),
            (None, None) => Err(ParamError::Missing {
                family: "jellyfish",
                key,
                help,
            }),
        };
        let n = read("n", "the number of switches, e.g. n=64", None)?;
        let r = read("r", "the network ports per switch, e.g. r=6", None)?;
        let p = read("p", "the servers per switch", Some(1))?;
        let seed = read("seed", "the seed of the random graph", Some(1))?;
        Self::new(n, r, p, seed)
    }

    /// The canonical spec.
    pub fn spec_string(&self) -> String {
        format!(
            "jellyfish:n={},r={},p={},seed={}",
            self.n, self.r, self.p, self.seed
        )
    }

    /// Switches, n.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// Network ports per switch, r (the degree).
    pub fn r(&self) -> u32 {
        self.r
    }

    /// Servers per switch, p.
    pub fn p(&self) -> u32 {
        self.p
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Which attempt (0 = the first stream) gave the connected graph.
    pub fn attempt(&self) -> u32 {
        self.attempt
    }

    /// The neighbours of switch v, sorted.
    pub fn neighbours_of(&self, v: Node) -> &[u32] {
        let r = self.r as usize;
        &self.adj[v * r..(v + 1) * r]
    }

    /// Every link (u, v) with u < v, in order.
    pub fn edges(&self) -> Vec<(u32, u32)> {
        (0..self.n as usize)
            .flat_map(|u| {
                self.neighbours_of(u)
                    .iter()
                    .filter(move |&&v| (u as u32) < v)
                    .map(move |&v| (u as u32, v))
            })
            .collect()
    }

    /// The Moore bound on the diameter: the least D with 1 + r·Σᵢ₌₀^(D−1) (r − 1)ⁱ ≥ n
    /// (no r-regular graph on n nodes reaches them all in fewer steps).
    pub fn moore_diameter(&self) -> u64 {
        self.moore_levels().len() as u64
    }

    /// The Moore bound on the distances from a switch, summed: the r·(r − 1)ⁱ⁻¹ nearest
    /// places at distance i, filled level by level until n − 1 nodes are placed.
    pub fn moore_distance_sum(&self) -> u64 {
        self.moore_levels()
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as u64 + 1) * c)
            .sum()
    }

    /// How many nodes a Moore tree places at distance 1, 2, … until n − 1 are placed.
    fn moore_levels(&self) -> Vec<u64> {
        let (n, r) = (u64::from(self.n), u64::from(self.r));
        let mut left = n - 1;
        let mut width = r;
        let mut out = Vec::new();
        while left > 0 {
            let here = width.min(left);
            out.push(here);
            left -= here;
            width = width.saturating_mul(r - 1).max(1);
        }
        out
    }
}

impl Graph for Jellyfish {
    fn node_count(&self) -> usize {
        self.n as usize
    }

    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        out.extend(self.neighbours_of(v).iter().map(|&u| u as Node));
    }

    fn link_count(&self) -> u64 {
        u64::from(self.n) * u64::from(self.r) / 2
    }
}

impl Addresses for Jellyfish {
    fn format_node(&self, v: Node) -> String {
        v.to_string()
    }

    /// A switch number, 0 … n − 1.
    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AddressError::Empty {
                expected: format!("type a switch number, 0 to {}", self.n - 1),
            });
        }
        let mut v: u64 = 0;
        for (i, ch) in text.chars().enumerate() {
            let d = ch.to_digit(10).ok_or_else(|| AddressError::BadDigit {
                ch,
                position: i + 1,
                radix: 10,
                allowed: "0-9".into(),
            })?;
            v = (v * 10 + u64::from(d)).min(u64::from(u32::MAX));
        }
        if v >= u64::from(self.n) {
            return Err(AddressError::Malformed {
                address: text.to_string(),
                why: format!(
                    "switch {text} is out of range: the switches are 0 to {}",
                    self.n - 1
                ),
            });
        }
        Ok(v as Node)
    }
}

impl Topology for Jellyfish {}
