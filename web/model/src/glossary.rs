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

/// Every term, by key.
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
        key: "routing.minimal",
        label: "minimal",
        text: "Every shortest path, chosen hop by hop among the neighbours one step nearer the destination.",
        source: "docs/cli.md, icn route",
    },
    Term {
        key: "routing.dor",
        label: "dor",
        text: "Dimension-order: correct the coordinates one dimension at a time in a fixed order; one path.",
        source: "Dally and Seitz, Deadlock-free message routing in multiprocessor interconnection networks, IEEE Trans. Computers, 1987",
    },
    Term {
        key: "routing.ecube",
        label: "e-cube",
        text: "Dimension order on a Hypercycle: the least significant digit first, greedy in each; one path.",
        source: "Dimopoulos et al., Hypercycles: a status report, §4.0",
    },
    Term {
        key: "routing.lgl",
        label: "lgl",
        text: "Minimal Dragonfly routing: a local hop to the router holding a global link to the destination's group, that global link, a local hop; one global hop.",
        source: "Kim, Dally, Scott and Abts, Technology-driven, highly-scalable Dragonfly topology, ISCA, 2008",
    },
    Term {
        key: "routing.d3.lgl",
        label: "l-g-l",
        text: "A local hop to drawer d′, the global hop to cabinet c′, a local hop to router p′: every path three hops, the header (3; γ, π, δ).",
        source: "Draper, The Swapped Dragonfly, §8",
    },
    Term {
        key: "routing.glgl-direct",
        label: "glgl",
        text: "A global hop first, then l-g-l: the four-hop path that turns drawer-to-drawer traffic into column traffic and so avoids its conflicts.",
        source: "Draper, The Swapped Dragonfly, §8 and §10",
    },
    Term {
        key: "routing.valiant",
        label: "valiant",
        text: "Minimally to a random intermediate router, then minimally to the destination: any traffic pattern becomes two uniform ones, at up to twice the hops.",
        source: "Valiant and Brebner, Universal schemes for parallel communication, STOC, 1981",
    },
    Term {
        key: "routing.valiant-min",
        label: "valiant-min",
        text: "Kim et al.'s VAL: l-g-l to a random router of a random third group, then l-g-l to the destination; two global hops.",
        source: "Kim, Dally, Scott and Abts, Technology-driven, highly-scalable Dragonfly topology, ISCA, 2008",
    },
    Term {
        key: "routing.ugal",
        label: "ugal",
        text: "Universal globally adaptive load balancing: at the source, the minimal route or Valiant's, whichever has the shorter queue times hops.",
        source: "Singh, Adaptive load-balanced routing for interconnection networks, PhD thesis, Stanford, 2005",
    },
    Term {
        key: "routing.table",
        label: "table",
        text: "BookSim2 anynet's routing table: one shortest next hop per destination, found by breadth-first search.",
        source: "docs/simulation.md",
    },
    Term {
        key: "routing.updown",
        label: "updown",
        text: "Up*/down*: every link points up, towards a fat tree's top or node 0 of a breadth-first tree; a route climbs, then descends, never up after down, so one virtual channel cannot deadlock.",
        source: "Schroeder et al., Autonet: a high-speed, self-configuring local area network, IEEE JSAC, 1991",
    },
    Term {
        key: "routing.dmodk",
        label: "dmodk",
        text: "D-mod-k: one path up a fat tree, each up-port picked by the destination's digits, so destinations spread over the roots.",
        source: "docs/topologies/fattree.md",
    },
    Term {
        key: "routing.desttag",
        label: "desttag",
        text: "Destination-tag routing: stage s takes the output its switch names by the destination's digit s; the one path.",
        source: "docs/topologies/butterfly.md",
    },
    Term {
        key: "routing.y2",
        label: "Y-2",
        text: "Start from H-2's routing and move transforms up a tree only where that lowers the maximum link traffic density (m = 2).",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §VI",
    },
    Term {
        key: "routing.hr",
        label: "H-r",
        text: "Each tree corrects only the digits of its lowest h = n/r levels (its equi-slice); the trees taken in every order.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §VI",
    },
    Term {
        key: "routing.mr",
        label: "M-r",
        text: "The shortest path inside one of the r trees.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §VI",
    },
    Term {
        key: "routing.pr",
        label: "P-r",
        text: "A minimal path, ties broken by the fewest pass-throughs (L-nodes other than source and destination).",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, §VI",
    },
    Term {
        key: "routing.d2",
        label: "D2",
        text: "Every minimal path of KYKLOS II: through one tree to the longest run of agreeing bits, then the other; length 2(n − longest run).",
        source: "Du, Hwang, Odlyzko and Zhang, Minimal-distance routing for KYKLOS II, Theorem 1",
    },
    Term {
        key: "routing.eq311",
        label: "eq311",
        text: "The paths eq. 3.1.1 generates: maximal steps, at most one shorter step per dimension.",
        source: "Dimopoulos et al., Hypercycles: a status report, §3.1",
    },
    Term {
        key: "routing.greedy",
        label: "greedy",
        text: "Maximal steps towards the destination in every dimension (parts a and c of eq. 3.1.1).",
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

/// The term named `key`.
pub fn term(key: &str) -> Option<&'static Term> {
    TERMS.iter().find(|t| t.key == key)
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
    TERMS.iter().find(own).or_else(|| {
        TERMS
            .iter()
            .find(|t| t.key.strip_prefix("routing.") == Some(name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_every_term_says_where_it_is_from() {
        for (i, t) in TERMS.iter().enumerate() {
            assert!(TERMS[..i].iter().all(|u| u.key != t.key), "{} twice", t.key);
            assert!(!t.label.is_empty() && t.text.len() > 40, "{}", t.key);
            let dated = t.source.contains(", 19") || t.source.contains(", 20");
            assert!(
                t.source.contains('§')
                    || t.source.starts_with("docs/")
                    || dated
                    || t.source.contains("Theorem"),
                "{}: a section, a reference in docs/ or a dated paper",
                t.key
            );
            assert_eq!(term(t.key), Some(t));
        }
        assert_eq!(term("no such term"), None);
    }

    /// The definitions of the class lengths are the formulas the engine computes: Figure 2
    /// (n = 10, a = 6, b = 3, c = 1) gives 10, 16, 12 and 14.
    #[test]
    fn the_class_formulas_are_the_engines() {
        use icn_core::topology::lens::figure2;
        let (n, a, b, c) = (10i64, 6i64, 3i64, 1i64);
        let text = term("lens.classes").map(|t| t.text).unwrap_or_default();
        for f in ["n + a − 2b", "n + a)", "2n − a − 2c", "2n − a)"] {
            assert!(text.contains(f), "{f}");
        }
        let want = [n + a - 2 * b, n + a, 2 * n - a - 2 * c, 2 * n - a];
        let fig = figure2().expect("Figure 2");
        let r = &fig.routing;
        assert_eq!((r.a as i64, r.b as i64, r.c as i64), (a, b, c));
        let got: Vec<i64> = r.class_lengths.iter().map(|&l| l as i64).collect();
        assert_eq!(got, want);
    }

    /// Every key a view names (`<Term key="…"`) is a term, and every source it cites
    /// in docs/ exists.
    #[test]
    fn every_key_the_page_names_is_a_term() {
        fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
            for e in std::fs::read_dir(dir).expect("web/src") {
                let path = e.expect("entry").path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|x| x == "rs") {
                    let text = std::fs::read_to_string(&path).expect("source");
                    out.push((path.display().to_string(), text));
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        walk(&root.join("../src"), &mut files);
        // A key is a literal `area.name`; areas are the glossary's.
        let areas: Vec<&str> = TERMS
            .iter()
            .filter_map(|t| t.key.split('.').next())
            .collect();
        let is_key = |s: &str| {
            s.split_once('.').is_some_and(|(area, rest)| {
                areas.contains(&area)
                    && !rest.is_empty()
                    && s.chars().all(|c| {
                        c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-'
                    })
            })
        };
        let mut used = std::collections::BTreeSet::new();
        for (path, text) in &files {
            for literal in text.split('"').skip(1).step_by(2).filter(|s| is_key(s)) {
                assert!(term(literal).is_some(), "{path}: no term {literal}");
                used.insert(literal);
            }
        }
        // And every term but a routing's (named by `routing_term`) is shown somewhere.
        for t in TERMS.iter().filter(|t| !t.key.starts_with("routing.")) {
            assert!(used.contains(t.key), "{} is in no view", t.key);
        }
        for t in TERMS {
            if let Some(doc) = t.source.strip_prefix("docs/") {
                let file = doc.split([',', ' ']).next().unwrap_or_default();
                assert!(
                    root.join("../../docs").join(file).is_file(),
                    "{}: {}",
                    t.key,
                    t.source
                );
            }
        }
    }

    /// Every routing of every family, and the generic ones, has its term.
    #[test]
    fn every_routing_has_a_term() {
        use icn_core::{routing::registry::routings, Network, FAMILIES};
        for f in FAMILIES {
            let Ok(net) = f.example.parse::<Network>() else {
                continue;
            };
            for r in routings(&net) {
                let t = routing_term(f.name, &r.name);
                assert!(t.is_some(), "{}: {}", f.name, r.name);
            }
        }
        assert_eq!(
            routing_term("d3", "lgl").map(|t| t.key),
            Some("routing.d3.lgl")
        );
        assert_eq!(
            routing_term("dragonfly", "lgl").map(|t| t.key),
            Some("routing.lgl")
        );
        assert_eq!(routing_term("torus", "no such routing"), None);
    }
}
