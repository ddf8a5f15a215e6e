//! Collectives on D3(K, M) as step-by-step schedules (§9 and the Appendix).
//!
//! A schedule is a list of rounds. Each round uses directed channels at fixed offsets
//! from its launch step: a source-vector packet uses its local port δ at offset 0, its
//! global port γ at 1 and its local port π at 2 (holds use nothing); a broadcast uses
//! every local port of the source, then every global port of the source's drawer, then
//! every local port of the routers `(*, *, d)`. Rounds are launched one per step
//! (Protocol 1) except where a delay is inserted. The simulator places the rounds,
//! counts the inserted delays, and counts **link conflicts**: a channel used by two
//! packets in one step. Two delay rules:
//!
//! - `paper`: the delays the paper's algorithm inserts (its `test`, or its Protocol);
//! - `greedy`: each round as early as possible without a conflict with the rounds
//!   already placed (so never a conflict; the delays needed are then counted).

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use thiserror::Error;

use super::header::PortKind;
use super::{Router, SourceVector, D3};
use icn_graph::Graph;
use icn_graph::Node;

/// Which collective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Collective {
    /// Theorem 4: `count` broadcasts from one router.
    Broadcast {
        /// The source.
        source: Node,
        /// How many messages.
        count: u32,
    },
    /// Theorem 5: one router sends a distinct message to every router.
    OneToAll {
        /// The source.
        source: Node,
    },
    /// Theorem 6: every router sends a message to one sink, on request.
    AllToOne {
        /// The sink.
        sink: Node,
    },
    /// Theorem 7: every router sends a distinct message to every router.
    AllToAll,
    /// Theorem 8: every router sends one message, to distinct routers (see
    /// [`D3::permutation_schedule`]; [`D3::schedule`] uses the identity).
    Permutation,
}

/// A collective by name, as typed in `icn schedule` and the schedule view: the one parser of
/// collective names, beside the [`Collective`] it names once its root is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CollectiveName {
    /// `broadcast` (Theorem 4).
    Broadcast,
    /// `one-to-all` (Theorem 5).
    OneToAll,
    /// `all-to-one` (Theorem 6).
    AllToOne,
    /// `all-to-all` (Theorem 7).
    AllToAll,
    /// `permutation` (Theorem 8).
    Permutation,
}

impl CollectiveName {
    /// Every collective, in the order error messages list them.
    pub const ALL: [CollectiveName; 5] = [
        CollectiveName::Broadcast,
        CollectiveName::OneToAll,
        CollectiveName::AllToOne,
        CollectiveName::AllToAll,
        CollectiveName::Permutation,
    ];

    /// The name in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            CollectiveName::Broadcast => "broadcast",
            CollectiveName::OneToAll => "one-to-all",
            CollectiveName::AllToOne => "all-to-one",
            CollectiveName::AllToAll => "all-to-all",
            CollectiveName::Permutation => "permutation",
        }
    }

    /// Whether the collective has a root router (a source or a sink).
    pub fn has_root(self) -> bool {
        !matches!(self, CollectiveName::AllToAll | CollectiveName::Permutation)
    }

    /// The collective rooted at `root` (read only when [`CollectiveName::has_root`]), a
    /// broadcast sending `count` messages.
    pub fn at(self, root: Node, count: u32) -> Collective {
        match self {
            CollectiveName::Broadcast => Collective::Broadcast {
                source: root,
                count,
            },
            CollectiveName::OneToAll => Collective::OneToAll { source: root },
            CollectiveName::AllToOne => Collective::AllToOne { sink: root },
            CollectiveName::AllToAll => Collective::AllToAll,
            CollectiveName::Permutation => Collective::Permutation,
        }
    }
}

impl std::fmt::Display for CollectiveName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A collective name that [`CollectiveName`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown collective '{name}'; choose broadcast, one-to-all, all-to-one, all-to-all or permutation")]
pub struct UnknownCollective {
    /// The name as typed.
    pub name: String,
}

impl std::str::FromStr for CollectiveName {
    type Err = UnknownCollective;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CollectiveName::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| UnknownCollective {
                name: s.to_string(),
            })
    }
}

/// How delays are inserted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DelayRule {
    /// The delays the paper's algorithm inserts.
    Paper,
    /// The earliest conflict-free launch for each round.
    Greedy,
}

/// A directed channel in use at one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChannelUse {
    /// The router it leaves.
    pub from: String,
    /// The router it reaches.
    pub to: String,
    /// Local or global.
    pub kind: PortKind,
    /// The rounds using it (two or more: a conflict).
    pub rounds: Vec<u32>,
}

/// The channels in use at one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepUse {
    /// The time step, from 1.
    pub step: u32,
    /// The rounds launched at this step.
    pub launched: Vec<u32>,
    /// Every channel in use.
    pub channels: Vec<ChannelUse>,
}

/// What the paper claims for this collective and router.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Claim {
    /// Where.
    pub theorem: &'static str,
    /// Rounds.
    pub rounds: u64,
    /// Intra-round delays.
    pub delays: u64,
    /// Link conflicts after the delays (always 0 in the paper).
    pub conflicts: u64,
    /// The claim in words.
    pub text: String,
}

/// A simulated schedule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Schedule {
    /// The network's spec.
    pub spec: String,
    /// The collective.
    pub collective: Collective,
    /// The source or sink, printed.
    pub root: Option<String>,
    /// The delay rule.
    pub rule: DelayRule,
    /// Rounds launched.
    pub rounds: u32,
    /// Idle steps inserted between launches.
    pub delays: u32,
    /// Time steps until the last channel use.
    pub steps: u32,
    /// Channel-steps used by two or more packets.
    pub conflicts: u32,
    /// Messages delivered (source, destination pairs).
    pub deliveries: u64,
    /// Whether every expected (source, destination) pair was delivered exactly once.
    pub complete: bool,
    /// The paper's claim beside the simulated numbers.
    pub claim: Claim,
    /// The launch step of each round.
    pub launches: Vec<u32>,
    /// Per step, the channels in use (empty when not requested).
    pub occupancy: Vec<StepUse>,
}

type Channel = (Node, Node);

/// A permutation that cannot be scheduled ([`D3::permutation_schedule`],
/// [`D3::named_permutation`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScheduleError {
    /// Not one destination per router.
    #[error("a permutation of D3({k},{m}) names {routers} destinations, not {given}")]
    WrongLength {
        /// K.
        k: u32,
        /// M.
        m: u32,
        /// The routers, N.
        routers: usize,
        /// The destinations given.
        given: usize,
    },
    /// A destination that is no router, or one named twice.
    #[error("destination {target} is out of range or repeated")]
    BadDestination {
        /// The destination.
        target: Node,
    },
    /// A permutation name not in [`PERMUTATIONS`].
    #[error("unknown permutation '{name}'; choose {}", PERMUTATIONS.join(", "))]
    UnknownPermutation {
        /// The name as given.
        name: String,
    },
}

/// One round: channel uses at offsets from its launch, and the messages it delivers.
struct Round {
    uses: Vec<(u32, Channel)>,
    deliveries: Vec<(Node, Node)>,
    paper_delay: u32,
}

impl D3 {
    /// The channel uses of a source-vector packet from `s` along `v`, and its end.
    fn packet(&self, s: Router, v: SourceVector, uses: &mut Vec<(u32, Channel)>) -> Node {
        let path = self.apply_vector(s, v);
        for (i, w) in path.windows(2).enumerate() {
            if w[0] != w[1] {
                uses.push((i as u32, (self.node(w[0]), self.node(w[1]))));
            }
        }
        self.node(path[3])
    }

    /// A broadcast from `s`: every local port, every global port of the drawer, then
    /// every local port of `(*, *, d)`; each router gets the message once, at offset 3.
    fn broadcast(&self, s: Router, offset: u32, uses: &mut Vec<(u32, Channel)>) -> Vec<Node> {
        let mut reached = Vec::new();
        for x in 0..self.m {
            let r1 = Router { p: x, ..s };
            if r1 != s {
                uses.push((offset, (self.node(s), self.node(r1))));
            }
            for a in 0..self.k {
                let r2 = self.global_peer(r1, a);
                if r2 != r1 {
                    uses.push((offset + 1, (self.node(r1), self.node(r2))));
                }
                for y in 0..self.m {
                    let r3 = Router { p: y, ..r2 };
                    if r3 != r2 {
                        uses.push((offset + 2, (self.node(r2), self.node(r3))));
                    }
                    reached.push(self.node(r3));
                }
            }
        }
        reached
    }

    /// Theorem 8's rounds: packets grouped by (source drawer, destination drawer), the
    /// only pairs that conflict (Theorem 2); the j-th packet of every group (sources in
    /// router order) goes in round j, so at most M rounds.
    fn permutation_rounds(&self, targets: &[Node]) -> Vec<Round> {
        let mut groups: HashMap<(u32, u32, u32, u32), u32> = HashMap::new();
        let mut rounds: Vec<Round> = Vec::new();
        for (src, &dst) in targets.iter().enumerate() {
            let (a, b) = (self.router(src), self.router(dst));
            let j = groups.entry((a.c, a.d, b.c, b.d)).or_default();
            if rounds.len() <= *j as usize {
                rounds.push(Round {
                    uses: Vec::new(),
                    deliveries: Vec::new(),
                    paper_delay: 0,
                });
            }
            let round = &mut rounds[*j as usize];
            let end = self.packet(a, self.source_vector(a, b), &mut round.uses);
            round.deliveries.push((src, end));
            *j += 1;
        }
        rounds
    }

    /// The rounds of `collective` (the permutation's `targets`) and the paper's claim.
    fn rounds(&self, collective: Collective, targets: &[Node]) -> (Vec<Round>, Claim) {
        match collective {
            Collective::Permutation => self.permutation_claim(targets),
            Collective::AllToAll => self.all_to_all_rounds(),
            Collective::OneToAll { source } => self.one_to_all_rounds(source),
            Collective::Broadcast { source, count } => self.broadcast_rounds(source, count),
            Collective::AllToOne { sink } => self.all_to_one_rounds(sink),
        }
    }

    /// Theorem 8: [`D3::permutation_rounds`] and its claim.
    fn permutation_claim(&self, targets: &[Node]) -> (Vec<Round>, Claim) {
        let m64 = u64::from(self.m);
        let claim = Claim {
            theorem: "Theorem 8",
            rounds: m64,
            delays: 0,
            conflicts: 0,
            text: "A permutation in at most M + 4 hops (§9 item 5 says M hops).".into(),
        };
        (self.permutation_rounds(targets), claim)
    }

    /// Theorem 7: round i sends every router's packet along source vector i (π, δ, γ).
    fn all_to_all_rounds(&self) -> (Vec<Round>, Claim) {
        let (k, m) = (self.k, self.m);
        let (k64, m64) = (u64::from(k), u64::from(m));
        let n = self.node_count();
        let rounds = (0..k * m * m)
            .map(|i| {
                let v = SourceVector {
                    pi: i % m,
                    delta: (i / m) % m,
                    gamma: i / (m * m),
                };
                let mut uses = Vec::new();
                let deliveries = (0..n)
                    .map(|x| (x, self.packet(self.router(x), v, &mut uses)))
                    .collect();
                Round {
                    uses,
                    deliveries,
                    paper_delay: u32::from((v.pi + 2 * m - 2) % m == v.delta),
                }
            })
            .collect();
        let claim = Claim {
            theorem: "Theorem 7",
            rounds: k64 * m64 * m64,
            delays: k64 * m64,
            conflicts: 0,
            text: "An all-to-all exchange in KM² rounds with KM intra-round delays (M ≥ 4).".into(),
        };
        (rounds, claim)
    }

    /// Theorem 5: round i sends M packets from `source` (one per δ) along (γ, π) = i.
    fn one_to_all_rounds(&self, source: Node) -> (Vec<Round>, Claim) {
        let (k, m) = (self.k, self.m);
        let (k64, m64) = (u64::from(k), u64::from(m));
        let s = self.router(source);
        let rounds = (0..k * m)
            .map(|i| {
                let (pi, gamma) = (i % m, i / m);
                let mut uses = Vec::new();
                let deliveries = (0..m)
                    .map(|delta| {
                        let v = SourceVector { gamma, pi, delta };
                        (source, self.packet(s, v, &mut uses))
                    })
                    .collect();
                let paper_delay = u32::from(s.d == s.p && i >= 2 && (i - 2) / m == 0);
                Round {
                    uses,
                    deliveries,
                    paper_delay,
                }
            })
            .collect();
        let diagonal = s.d == s.p;
        let claim = Claim {
            theorem: "Theorem 5",
            rounds: k64 * m64,
            delays: if diagonal { m64 } else { 0 },
            conflicts: 0,
            text: if diagonal {
                "One-to-all from (c,p,p) in KM rounds with M intra-round delays.".into()
            } else {
                "One-to-all from (c,d,p), d ≠ p, in KM rounds.".into()
            },
        };
        (rounds, claim)
    }

    /// Theorem 4: `count` broadcasts from `source`, one a round.
    fn broadcast_rounds(&self, source: Node, count: u32) -> (Vec<Round>, Claim) {
        let s = self.router(source);
        let diagonal = s.d == s.p;
        let rounds = (0..count)
            .map(|i| {
                let mut uses = Vec::new();
                let deliveries = self
                    .broadcast(s, 0, &mut uses)
                    .into_iter()
                    .map(|t| (source, t))
                    .collect();
                // Protocol 3 when d = p: two messages, then two steps without one.
                let paper_delay = if diagonal && i > 0 && i % 2 == 0 {
                    2
                } else {
                    0
                };
                Round {
                    uses,
                    deliveries,
                    paper_delay,
                }
            })
            .collect();
        let c = u64::from(count);
        let claim = Claim {
            theorem: "Theorem 4",
            rounds: c,
            delays: if diagonal { c } else { 0 },
            conflicts: 0,
            text: if diagonal {
                "N broadcasts from (c,p,p) in N rounds with N delays (Protocol 3).".into()
            } else {
                "N broadcasts from (c,d,p), d ≠ p, in N rounds (Protocol 1).".into()
            },
        };
        (rounds, claim)
    }

    /// Theorem 6: round i is `sink`'s request broadcast, then the answers of the M
    /// responders (γ, x, π) = (i / M, x, i mod M).
    fn all_to_one_rounds(&self, sink: Node) -> (Vec<Round>, Claim) {
        let (k, m) = (self.k, self.m);
        let (k64, m64) = (u64::from(k), u64::from(m));
        let t = self.router(sink);
        let rounds = (0..k * m)
            .map(|i| {
                let (pi, gamma) = (i % m, i / m);
                let mut uses = Vec::new();
                // The request: a broadcast (L G L), then the delay D, then the
                // M responders (γ, x, π) answer along l g l.
                let _ = self.broadcast(t, 0, &mut uses);
                let mut responses = Vec::new();
                let mut later = Vec::new();
                for x in 0..m {
                    let r = Router {
                        c: gamma,
                        d: x,
                        p: pi,
                    };
                    let end = self.packet(r, self.source_vector(r, t), &mut later);
                    responses.push((self.node(r), end));
                }
                uses.extend(later.into_iter().map(|(o, ch)| (o + 4, ch)));
                Round {
                    uses,
                    deliveries: responses,
                    paper_delay: 0,
                }
            })
            .collect();
        let claim = Claim {
            theorem: "Theorem 6",
            rounds: k64 * m64,
            delays: 0,
            conflicts: 0,
            text: "All-to-one to (c,d,p), d ≠ p, in KM rounds (time KM + 6).".into(),
        };
        (rounds, claim)
    }

    /// Simulates `collective` under `rule`; `occupancy` asks for the per-step channel
    /// lists (large: every channel use of every step).
    ///
    /// # Complexity
    /// O(total channel uses), times the delay tried per round for `Greedy`.
    pub fn schedule(&self, collective: Collective, rule: DelayRule, occupancy: bool) -> Schedule {
        let identity: Vec<Node> = (0..self.node_count()).collect();
        self.simulate(collective, &identity, rule, occupancy)
    }

    /// Theorem 8: the permutation `targets[v]` (each router's destination) as a schedule.
    ///
    /// # Errors
    /// `targets` has the wrong length, names a router twice, or one out of range.
    pub fn permutation_schedule(
        &self,
        targets: &[Node],
        rule: DelayRule,
        occupancy: bool,
    ) -> Result<Schedule, ScheduleError> {
        let n = self.node_count();
        if targets.len() != n {
            return Err(ScheduleError::WrongLength {
                k: self.k,
                m: self.m,
                routers: n,
                given: targets.len(),
            });
        }
        let mut seen = vec![false; n];
        for &t in targets {
            if t >= n || std::mem::replace(&mut seen[t], true) {
                return Err(ScheduleError::BadDestination { target: t });
            }
        }
        Ok(self.simulate(Collective::Permutation, targets, rule, occupancy))
    }

    fn simulate(
        &self,
        collective: Collective,
        targets: &[Node],
        rule: DelayRule,
        occupancy: bool,
    ) -> Schedule {
        let (rounds, claim) = self.rounds(collective, targets);
        // Every channel use as (step, channel, round), sorted once after placing: a map
        // from (step, channel) to a list of rounds cost an allocation per use (D3(46340,
        // 10)'s one-to-all, 1.4·10⁷ uses, took 13 s natively that way).
        let mut used: Vec<(u32, Channel, u32)> =
            Vec::with_capacity(rounds.iter().map(|r| r.uses.len()).sum());
        // Greedy only: the (step, channel) pairs already taken.
        let mut taken: HashSet<(u32, Channel)> = HashSet::new();
        let mut launches = Vec::with_capacity(rounds.len());
        let mut next = 1u32;
        for (r, round) in rounds.iter().enumerate() {
            let mut at = next
                + match rule {
                    DelayRule::Paper => round.paper_delay,
                    DelayRule::Greedy => 0,
                };
            if rule == DelayRule::Greedy {
                while round
                    .uses
                    .iter()
                    .any(|&(o, ch)| taken.contains(&(at + o, ch)))
                {
                    at += 1;
                }
                taken.extend(round.uses.iter().map(|&(o, ch)| (at + o, ch)));
            }
            used.extend(round.uses.iter().map(|&(o, ch)| (at + o, ch, r as u32)));
            launches.push(at);
            next = at + 1;
        }
        drop(taken);
        used.sort_unstable();
        let delays = launches.windows(2).map(|w| w[1] - w[0] - 1).sum::<u32>()
            + launches.first().map_or(0, |&l| l - 1);
        let steps = used.last().map_or(0, |&(t, _, _)| t);
        let conflicts = used
            .chunk_by(|a, b| (a.0, a.1) == (b.0, b.1))
            .filter(|run| run.len() > 1)
            .count() as u32;
        let mut delivered: Vec<(Node, Node)> = rounds
            .iter()
            .flat_map(|round| round.deliveries.iter().copied())
            .collect();
        drop(rounds);
        delivered.sort_unstable();
        let n = self.node_count();
        let expected = match collective {
            Collective::AllToAll => n * n,
            Collective::Permutation => n,
            Collective::OneToAll { .. } | Collective::AllToOne { .. } => n,
            Collective::Broadcast { count, .. } => usize::from(count > 0) * n,
        };
        // Every broadcast reaches every router once: count messages per pair.
        let each = match collective {
            Collective::Broadcast { count, .. } => count as usize,
            _ => 1,
        };
        let mut pairs = 0usize;
        let mut exactly_once = true;
        for run in delivered.chunk_by(|a, b| a == b) {
            pairs += 1;
            exactly_once &= run.len() == each;
        }
        let complete = pairs == expected && exactly_once;
        let root = match collective {
            Collective::Broadcast { source, .. } | Collective::OneToAll { source } => {
                Some(self.router(source).to_string())
            }
            Collective::AllToOne { sink } => Some(self.router(sink).to_string()),
            Collective::AllToAll | Collective::Permutation => None,
        };
        let occupancy = if occupancy {
            self.occupancy(&used, &launches, steps)
        } else {
            Vec::new()
        };
        Schedule {
            spec: self.spec_string(),
            collective,
            root,
            rule,
            rounds: launches.len() as u32,
            delays,
            steps,
            conflicts,
            deliveries: delivered.len() as u64,
            complete,
            claim,
            launches,
            occupancy,
        }
    }

    /// Per step from 1 to `steps`, the rounds launched and the channels in use, from the
    /// channel uses sorted by (step, channel, round).
    fn occupancy(
        &self,
        used: &[(u32, Channel, u32)],
        launches: &[u32],
        steps: u32,
    ) -> Vec<StepUse> {
        let mut launched: Vec<Vec<u32>> = vec![Vec::new(); steps as usize + 1];
        for (r, &t) in launches.iter().enumerate() {
            if let Some(list) = launched.get_mut(t as usize) {
                list.push(r as u32);
            }
        }
        let mut by_step = used.chunk_by(|a, b| a.0 == b.0).peekable();
        (1..=steps)
            .map(|t| {
                let here = by_step.next_if(|run| run[0].0 == t).unwrap_or(&[]);
                StepUse {
                    step: t,
                    launched: std::mem::take(&mut launched[t as usize]),
                    channels: here
                        .chunk_by(|a, b| a.1 == b.1)
                        .map(|run| {
                            let (u, v) = run[0].1;
                            let (from, to) = (self.router(u), self.router(v));
                            ChannelUse {
                                from: from.to_string(),
                                to: to.to_string(),
                                kind: if from.c == to.c && from.d == to.d {
                                    PortKind::Local
                                } else {
                                    PortKind::Global
                                },
                                rounds: run.iter().map(|&(_, _, r)| r).collect(),
                            }
                        })
                        .collect(),
                }
            })
            .collect()
    }
}

/// The most channel uses a schedule may simulate (`icn schedule --summary` refuses more):
/// D3(9, 16)'s all-to-all, 1.6·10⁷ uses, is about the largest inside it (docs/limits.md).
pub const SCHEDULE_LIMIT: u64 = 1 << 24;

/// The most channel uses a schedule lists step by step (its `occupancy`; `icn schedule`
/// without `--summary` refuses more): about 140 bytes of JSON each, 600 MB at the limit.
pub const OCCUPANCY_LIMIT: u64 = 1 << 22;

impl D3 {
    /// An upper bound on the channel uses `collective` simulates (N routers, K + M
    /// ports): all-to-all 3N², one-to-all and all-to-one 3N (plus a broadcast per
    /// round), `count` broadcasts count·N·(K + M), a permutation 3N. Compare with
    /// [`SCHEDULE_LIMIT`] before simulating.
    pub fn schedule_size(&self, collective: Collective) -> u64 {
        let n = self.node_count() as u64;
        let ports = u64::from(self.k) + u64::from(self.m);
        // Saturating: D3(32767, 255)'s all-to-one overflowed (found by cli/tests/props.rs).
        match collective {
            Collective::AllToAll => n.saturating_mul(n).saturating_mul(3),
            Collective::OneToAll { .. } | Collective::Permutation => 3 * n,
            Collective::AllToOne { .. } => (u64::from(self.k) * u64::from(self.m)).saturating_mul(
                n.saturating_mul(ports)
                    .saturating_add(3 * u64::from(self.m)),
            ),
            Collective::Broadcast { count, .. } => {
                u64::from(count).saturating_mul(n).saturating_mul(ports)
            }
        }
    }
}

/// The permutations `icn schedule … permutation --perm` names.
pub const PERMUTATIONS: &[&str] = &["shift", "swap", "reverse", "random"];

impl D3 {
    /// A named permutation of the routers: `shift` (c, d, p) → (c + 1, d, p), every
    /// drawer to one drawer; `swap` (c, d, p) → (c, p, d); `reverse` v → N − 1 − v;
    /// `random` a pseudo-random one from `seed` (a fixed 64-bit LCG, Fisher–Yates).
    ///
    /// # Errors
    /// An unknown name.
    pub fn named_permutation(&self, name: &str, seed: u64) -> Result<Vec<Node>, ScheduleError> {
        let n = self.node_count();
        Ok(match name {
            "shift" => (0..n)
                .map(|v| {
                    let x = self.router(v);
                    self.node(Router {
                        c: Self::add(x.c, 1, self.k),
                        ..x
                    })
                })
                .collect(),
            "swap" => (0..n)
                .map(|v| {
                    let x = self.router(v);
                    self.node(Router {
                        d: x.p,
                        p: x.d,
                        ..x
                    })
                })
                .collect(),
            "reverse" => (0..n).rev().collect(),
            "random" => {
                let mut state = seed;
                let mut p: Vec<Node> = (0..n).collect();
                for i in (1..n).rev() {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    p.swap(i, (state >> 33) as usize % (i + 1));
                }
                p
            }
            other => {
                return Err(ScheduleError::UnknownPermutation {
                    name: other.to_string(),
                })
            }
        })
    }
}
