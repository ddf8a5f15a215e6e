//! The notation the views use, each term with a short definition and where it comes from
//! (the paper's section, or the reference in docs/). The page shows a term's definition on
//! hover, focus and tap (`components::Term`); a view names a term by its key.

/// One term of the notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    /// How views name it.
    pub key: &'static str,
    /// What the view shows.
    pub label: &'static str,
    /// The definition, one or two sentences.
    pub text: &'static str,
    /// Where it is defined.
    pub source: &'static str,
}

/// Every term but the charts' ([`CHARTS`]) and the routings' ([`ROUTINGS`]), by key.
pub const TERMS: &[Term] = &[
    Term {
        key: "lens.dots",
        label: "Dots",
        text: "A processor's address is n digits with a dot among them, w.v (w in base p − 1, v in base q − 1); s marks where the source's dot sits, t the destination's.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §2",
    },
    Term {
        key: "lens.pattern",
        label: "Pattern",
        text: "Two processors share a bus when their addresses match a pattern. A: wa.u and w.bu (the dot moves one place; the digit it passes may change). B: wa.u and wb.u (the digit before the dot changes; the dot stays).",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4",
    },
    Term {
        key: "lens.step",
        label: "Paper's step",
        text: "The paper's four steps: 1, the dot goes to one end of the region (the digits it passes become ?); 2, back to the destination's dot, setting its digits; 3, on to the other end; 4, back again.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4 and §5",
    },
    Term {
        key: "lens.region",
        label: "Region of difference",
        text: "The smallest run of digit positions outside which the two addresses agree, with both dots inside it or on its border; k is its size.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4",
    },
    Term {
        key: "lens.ij",
        label: "i, j",
        text: "The source's and the destination's dot positions, counted from the left end of the region of difference.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4",
    },
    Term {
        key: "lens.paper-length",
        label: "Paper's length",
        text: "The four steps' length: 2k + j − i when the dot moves right first, 2k + i − j when it moves left first; the paper goes right first exactly when j < i.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §4",
    },
    Term {
        key: "lens.differences",
        label: "Differences",
        text: "1 where the source's digit differs from the destination's, 0 where they agree; in the completed lens the digits are read as a circle.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §5",
    },
    Term {
        key: "lens.abc",
        label: "a, b, c",
        text: "The dots cut the circle of digits into two arcs. a: the length of arc A, the longer (2a − n ≥ 0). b: the longest run of agreeing digits inside A (region B). c: the longest run of agreeing digits outside A (region C).",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §5, Figure 2",
    },
    Term {
        key: "lens.classes",
        label: "Class lengths",
        text: "The paper's four ways round the circle, in pattern-A steps: class 1 turns at B's ends (n + a − 2b); 2 goes through A and once more round (n + a); 3 turns at C's ends (2n − a − 2c); 4 goes the other way through A (2n − a).",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §5",
    },
    Term {
        key: "lens.paper-distance",
        label: "Paper's distance",
        text: "The shortest of the four classes: the fewest pattern-A steps. A breadth-first search on the pattern-A graph agrees.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §5",
    },
    Term {
        key: "lens.bus-distance",
        label: "Distance in busses",
        text: "The fewest busses on any path, by breadth-first search on the whole Lens, pattern B included. Where the walk turns, pattern B changes a digit in place and saves a bus, so it can be less than the paper's distance.",
        source: "docs/topologies/lens.md",
    },
    Term {
        key: "lens.bus",
        label: "Bus",
        text: "Bus Bw.av joins the p − 1 processors wi.v (the dot one place to the right, any digit i before it) and the processor w.av of the same label; its name is the processor label of Theorem 2's proof with a leading B.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §2 and Theorem 2",
    },
    Term {
        key: "deadlock.cdg",
        label: "channel dependency graph",
        text: "Its nodes are the (channel, virtual channel) pairs packets use; an edge runs from one to the next when a packet may hold the first while it waits for the second. A routing cannot deadlock when the graph has no cycle.",
        source: "Dally and Seitz, Deadlock-free message routing in multiprocessor interconnection networks, IEEE Trans. Computers, 1987",
    },
    Term {
        key: "deadlock.vc",
        label: "virtual channel",
        text: "One of several buffers sharing a physical channel. A packet holds one at a time, so giving hops different classes of virtual channels can break a cycle of dependencies.",
        source: "Dally, Virtual-channel flow control, IEEE TPDS, 1992",
    },
    Term {
        key: "deadlock.scheme",
        label: "scheme",
        text: "Which virtual channel a hop takes. one: always the first; hops: the hop number (the last class shared by later hops); phases: a new class after each phase boundary (a Dragonfly's global links); dateline: class 1 after a ring's wrap-around link.",
        source: "docs/cli.md, icn deadlock",
    },
    Term {
        key: "deadlock.duato",
        label: "Duato's condition",
        text: "An adaptive routing is deadlock-free when an escape routing on virtual channels of its own is connected and the escape channels' extended dependency graph (direct and indirect dependencies through the adaptive channels) has no cycle.",
        source: "Duato, A necessary and sufficient condition for deadlock-free adaptive routing in wormhole networks, IEEE TPDS, 1995",
    },
    Term {
        key: "route.distance",
        label: "Distance",
        text: "The fewest links on any path between the two nodes, by breadth-first search; a minimal path has exactly this many.",
        source: "docs/cli.md, icn route",
    },
    Term {
        key: "route.hops",
        label: "Hops (listed routes)",
        text: "Links crossed by the listed routes. A two-phase route goes minimally to an intermediate, then minimally on, so it can be longer than the distance.",
        source: "docs/cli.md, icn route",
    },
    Term {
        key: "route.paths",
        label: "Paths of this strategy",
        text: "How many distinct paths the strategy may take between the two nodes, counted exactly (not only those listed).",
        source: "docs/cli.md, icn route",
    },
    Term {
        key: "route.minimal-paths",
        label: "Minimal paths",
        text: "Paths no longer than the distance: no shorter path exists between the two nodes.",
        source: "docs/cli.md, icn route",
    },
    Term {
        key: "route.degree",
        label: "Degree",
        text: "Links at a node. Where busses or switches forward traffic, the terminal degree counts a processor's links and the switch degree a forwarding node's.",
        source: "docs/cli.md, icn info",
    },
    Term {
        key: "route.diameter",
        label: "Diameter",
        text: "The largest distance between two terminals, in links.",
        source: "docs/cli.md, icn info",
    },
    Term {
        key: "route.average-distance",
        label: "Average distance",
        text: "The mean distance over all ordered pairs of distinct terminals.",
        source: "docs/cli.md, icn info",
    },
    Term {
        key: "route.symmetry",
        label: "Symmetry",
        text: "Vertex-transitive: every node looks alike; terminal-transitive: every terminal does. The metrics are then measured from one node per orbit and multiplied out.",
        source: "docs/cli.md, icn info",
    },
    Term {
        key: "kyklos.density",
        label: "Link traffic density",
        text: "Messages crossing a link when every L-node sends one to every other; Table 3 gives the largest over all links.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §VIII and App. C",
    },
    Term {
        key: "kyklos.ib-load",
        label: "IB-node processing load",
        text: "Partial joins an internal (IB-) node performs when each pair's join is placed on its route; balanced, (m − 1)·N/r per IB-node.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §II and §VII",
    },
    Term {
        key: "hypercycle.eq311",
        label: "Eq. 3.1.1",
        text: "The paper's rule for the minimal paths in one dimension: maximal steps towards the destination, with at most one shorter step anywhere.",
        source: "Dimopoulos et al., Hypercycles: a status report, §3.1",
    },
    Term {
        key: "hypercycle.digits",
        label: "mᵢ, ρᵢ, qᵢ",
        text: "Dimension i is a ring of mᵢ nodes with chords of length up to ρᵢ; qᵢ is the fewest steps between the two digits in it, and the distance q is their sum.",
        source: "Dimopoulos et al., Hypercycles: a status report, §3.1",
    },
    Term {
        key: "sim.offered",
        label: "Offered load",
        text: "Flits each endpoint's source creates per cycle on average (BookSim2's injection_rate).",
        source: "docs/simulation.md, Model",
    },
    Term {
        key: "sim.accepted",
        label: "Accepted",
        text: "Flits each endpoint receives per cycle over the measurement window; equal to the offered load until saturation.",
        source: "docs/simulation.md, Protocol",
    },
    Term {
        key: "sim.flit",
        label: "flit",
        text: "The unit of flow control: a packet is size flits, a channel carries one flit a cycle, a buffer slot holds one.",
        source: "Dally and Towles, Principles and Practices of Interconnection Networks, 2004, §12.1",
    },
    Term {
        key: "sim.latency",
        label: "Packet latency",
        text: "Cycles from a packet's creation to its tail flit's ejection, time in the source queue included.",
        source: "docs/simulation.md, Protocol",
    },
    Term {
        key: "sim.network-latency",
        label: "Network latency",
        text: "Cycles from the head flit entering the network to the tail's ejection: packet latency without the source queue.",
        source: "docs/simulation.md, Protocol",
    },
    Term {
        key: "sim.p99",
        label: "99th pct",
        text: "The packet latency 99 % of measured packets do not exceed.",
        source: "docs/simulation.md, Protocol",
    },
    Term {
        key: "sim.hops",
        label: "Routers / packet",
        text: "Routers a measured packet crossed, on average.",
        source: "docs/simulation.md, Protocol",
    },
    Term {
        key: "sim.busiest",
        label: "Busiest channel",
        text: "The largest fraction of cycles any channel carried a flit at this load.",
        source: "docs/simulation.md, Protocol",
    },
    Term {
        key: "sim.status",
        label: "Status",
        text: "stable: the averages converged and the measured packets drained; saturated: the average latency passed latency_thres, or they did not drain; deadlocked: flits waited and none moved.",
        source: "docs/simulation.md, Protocol",
    },
    Term {
        key: "sim.saturation",
        label: "Saturation throughput",
        text: "The largest accepted throughput of a stable point, and the offered load where the curve saturated.",
        source: "docs/simulation.md, In the page",
    },
    Term {
        key: "sim.bound",
        label: "Routing's throughput bound",
        text: "The load at which this routing's busiest channel would carry a flit every cycle under this traffic: no simulation of it can accept more.",
        source: "docs/throughput.md",
    },
    Term {
        key: "sim.optimal",
        label: "Best any routing could do",
        text: "The maximum concurrent flow of this traffic over the network's channels (a linear program): a bound no routing can pass.",
        source: "docs/throughput.md",
    },
    Term {
        key: "sim.buffer",
        label: "Buffer per VC",
        text: "Flit slots at each virtual channel's input (vc_buf_size). Shorter than the credit round trip, a single packet cannot keep its channel busy.",
        source: "docs/simulation.md, Model",
    },
    Term {
        key: "sim.credit",
        label: "Credit round trip",
        text: "Cycles from a flit leaving a buffer slot until the upstream router may reuse it: the channel's latency both ways, credit_delay and the router's stages.",
        source: "Dally and Towles, Principles and Practices of Interconnection Networks, 2004, §13.3",
    },
    Term {
        key: "sim.booksim-keys",
        label: "BookSim2 keys",
        text: "key = value; lines read as in a BookSim2 configuration file (allocators, router delays, protocol); the page shows the whole file it runs.",
        source: "docs/simulation.md, BookSim2 configuration files",
    },
    Term {
        key: "sim.traffic",
        label: "Traffic",
        text: "Where each packet goes: uniform (any endpoint), a permutation (transpose, bitcomp, shuffle, …; one destination per source) or hotspot.",
        source: "docs/simulation.md, Model",
    },
    Term {
        key: "papers.printed",
        label: "Printed",
        text: "The value as the paper prints it, read from the copy in shared/papers (OCR typos included).",
        source: "docs/paper-notes.md",
    },
    Term {
        key: "papers.computed",
        label: "Computed",
        text: "The engine's value for the same cell: breadth-first searches, exact loads and path counts, or the paper's closed form evaluated.",
        source: "docs/paper-notes.md",
    },
    Term {
        key: "papers.verdict",
        label: "Verdict",
        text: "matches: equal within 10⁻⁹ relative; differs: the note says why (a typo, another convention, or the graph disagrees with a formula: a breadth-first search decides); computed only: nothing printed there.",
        source: "docs/paper-notes.md",
    },
    Term {
        key: "net.terminal",
        label: "Terminals",
        text: "The nodes traffic starts and ends at: every router of a direct network; the processors of an indirect one (a fat tree's leaves, KYKLOS's L-nodes, the Lens's processors).",
        source: "docs/cli.md, icn info",
    },
    Term {
        key: "net.link-load",
        label: "Link load",
        text: "What a directed channel carries when every ordered pair of terminals sends one unit, split equally over the strategy's paths; the maximum is the busiest channel's.",
        source: "docs/cli.md, icn metrics",
    },
    Term {
        key: "tput.throughput",
        label: "Throughput",
        text: "The largest injection rate per endpoint, in flits per cycle, at which no channel's load exceeds 1, each pair's traffic split equally over the routing's paths.",
        source: "docs/throughput.md, Conventions",
    },
    Term {
        key: "tput.load",
        label: "Channel load",
        text: "Flits per cycle a channel carries when every endpoint injects 1 flit per cycle under this traffic; the busiest sets the throughput, 1 / its load.",
        source: "docs/throughput.md",
    },
    Term {
        key: "tput.bottleneck",
        label: "Bottleneck",
        text: "The channels at the busiest load: the first to saturate as the injection rate grows.",
        source: "docs/throughput.md",
    },
    Term {
        key: "tput.oblivious",
        label: "Oblivious routing",
        text: "A routing whose paths for a pair do not depend on the traffic or the network's state, so each channel carries a fixed share of each pair's traffic.",
        source: "Towles and Dally, Worst-case traffic for oblivious routing functions, 2002 (SPAA)",
    },
    Term {
        key: "tput.uniform",
        label: "uniform",
        text: "Each endpoint sends rate/(T − 1) to every other of the T endpoints.",
        source: "docs/throughput.md",
    },
    Term {
        key: "tput.worst",
        label: "worst",
        text: "The permutation that loads one channel of an oblivious routing most: a maximum-weight assignment of sources to destinations per channel, the largest over channels.",
        source: "Towles and Dally, Worst-case traffic for oblivious routing functions, 2002 (SPAA)",
    },
    Term {
        key: "tput.longest",
        label: "longest",
        text: "The permutation with the largest total shortest-path distance: near-worst for any routing, not the worst.",
        source: "Jyothi et al., Measuring and understanding throughput of network topologies, 2016 (SC)",
    },
    Term {
        key: "tput.bounds",
        label: "Lower and upper bound",
        text: "A flow reaching the lower bound exists and no routing passes the upper; equal when the linear program solves it, within 1 % (multiplicative weights) beyond.",
        source: "docs/throughput.md",
    },
    Term {
        key: "d3.subnet",
        label: "Sub-network",
        text: "The routers of some cabinets (or of some drawers and router positions) with the links among them: a smaller D3 of its own, so it runs alone or grows into the whole without rewiring.",
        source: "Draper, The Swapped Dragonfly, §4",
    },
    Term {
        key: "d3.kappa",
        label: "κ",
        text: "The cabinets kept, k_0 … k_(K−1) of the N; D3(κ, M, N), their sub-network, is isomorphic to D3(K, M).",
        source: "Draper, The Swapped Dragonfly, §4, Theorem 1",
    },
    Term {
        key: "d3.lambda",
        label: "λ",
        text: "The drawers and router positions kept, λ_0 … of the M: each cabinet keeps those drawers and those routers in each, a D3(N, |λ|).",
        source: "Draper, The Swapped Dragonfly, §4",
    },
    Term {
        key: "d3.port-table",
        label: "Port table",
        text: "a_(j,i) = k_j − k_i mod N: the global port by which cabinet k_i reaches cabinet k_j; renaming ports by it carries D3(K, M)'s routes onto the sub-network.",
        source: "Draper, The Swapped Dragonfly, §4, Theorem 1",
    },
    Term {
        key: "d3.address",
        label: "(c, d, p)",
        text: "A router's coordinates in D3(K, M): cabinet c of K, drawer d and router p of M each. A global link swaps d and p between cabinets.",
        source: "Draper, The Swapped Dragonfly, §2",
    },
    Term {
        key: "d3.header",
        label: "Source-vector header",
        text: "(b; γ, π, δ): a counter b, a global port γ and local ports π, δ. From (c, d, p) to (c′, d′, p′) it is (3; c′ − c, p′ − d, d′ − p); each hop lowers b, and at 0 the packet has arrived.",
        source: "Draper, The Swapped Dragonfly, §8",
    },
    Term {
        key: "d3.delivery",
        label: "Deliveries",
        text: "Packets that reached a router they were for; the collective is complete when each expected one arrives exactly once.",
        source: "Draper, The Swapped Dragonfly, §9",
    },
    Term {
        key: "d3.round",
        label: "Round",
        text: "A set of packets launched at one step, each on a synchronized three-hop path. Pipelined rounds can meet on a link; a delay resolves it.",
        source: "Draper, The Swapped Dragonfly, §9",
    },
    Term {
        key: "d3.step",
        label: "Time step",
        text: "The schedule's clock: each step a round may launch and every packet in flight crosses one link. The paper counts rounds + delays; the steps here add the last rounds' hops.",
        source: "Draper, The Swapped Dragonfly, §9",
    },
    Term {
        key: "d3.delay",
        label: "Delay",
        text: "A step in which no round starts, inserted so that pipelined rounds do not meet on a link.",
        source: "Draper, The Swapped Dragonfly, §9",
    },
    Term {
        key: "d3.conflict",
        label: "Link conflict",
        text: "Two packets on one link at one time step.",
        source: "Draper, The Swapped Dragonfly, §5 and §9",
    },
    Term {
        key: "d3.collective",
        label: "Collective",
        text: "One-to-all: one router sends a packet to each; all-to-one: each sends to one; broadcast: one packet to all; all-to-all: every ordered pair; permutation: each router sends to one other.",
        source: "Draper, The Swapped Dragonfly, §9, Theorems 4–8",
    },
    Term {
        key: "kyklos.partial-join",
        label: "Partial join",
        text: "The join of one S fragment with one R fragment, done at an IB-node on the route between their L-nodes, nearer S's.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §I",
    },
    Term {
        key: "kyklos.xor",
        label: "X = XOR(S, R)",
        text: "The routing string: the digits where the two L-nodes' addresses differ, cut into one slice Xₜ per tree.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §V and App. A",
    },
    Term {
        key: "kyklos.start-tree",
        label: "Start tree s",
        text: "(n·N − bitcount(j) − j/r) mod r for the pair's R node j: where the Y-2 route starts and the join is placed first.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, App. A",
    },
    Term {
        key: "kyklos.join-tree",
        label: "Join tree",
        text: "The start tree when its slice Xₛ is non-zero, else the next tree whose slice is; the L-node itself when X = 0.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, App. A",
    },
    Term {
        key: "kyklos.join-level",
        label: "Join level v",
        text: "The level of the join site, from §VII's grid (Table 2) indexed by Xₛ and Xₜ′; level 0 is the L-nodes.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §VII, Table 2",
    },
    Term {
        key: "kyklos.join-site",
        label: "Join site",
        text: "The IB-node ⟨tree, level, node⟩ performing the join: the ancestor of S's L-node in the join tree at the join level.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §VII",
    },
    Term {
        key: "kyklos.strings",
        label: "Xₛ, Xₜ′",
        text: "Xₛ: the H-2 routing string of the start tree; Xₜ′: the other tree's, inverted. Xₜ′ cnc Xₛ (concatenated) is Y-2's string Yₛ.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §VII, Table 2",
    },
    Term {
        key: "kyklos.routes",
        label: "S route, R route",
        text: "S moves only up the join tree to the site (the larger fragment, moved least); R follows Y-2 and stops at the site.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §I and §VII",
    },
];

/// Every term: the views', the charts' and the routings'.
pub fn all() -> impl Iterator<Item = &'static Term> {
    TERMS.iter().chain(CHARTS).chain(ROUTINGS)
}

/// The term named `key`.
pub fn term(key: &str) -> Option<&'static Term> {
    all().find(|t| t.key == key)
}

/// The term of routing `name` in family `family`: the family's own (`routing.d3.lgl`) where
/// the name means something else there, else the name's (`routing.valiant`).
pub fn routing_term(family: &str, name: &str) -> Option<&'static Term> {
    let own = |t: &&Term| {
        t.key
            .strip_prefix("routing.")
            .and_then(|k| k.split_once('.'))
            == Some((family, name))
    };
    ROUTINGS.iter().find(own).or_else(|| {
        ROUTINGS
            .iter()
            .find(|t| t.key.strip_prefix("routing.") == Some(name))
    })
}

mod charts;
mod routings;

pub use charts::CHARTS;
pub use routings::ROUTINGS;

#[cfg(test)]
mod tests;
