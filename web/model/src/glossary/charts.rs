//! The Charts view's measures, by key `chart.<name>`: what each chart's axes and lines count
//! beyond the terms other views already define (traffic density, link load, distance).

use super::Term;

/// Every chart measure's term.
pub const CHARTS: &[Term] = &[
    Term {
        key: "chart.level",
        label: "Level v",
        text: "A tree's level, counted from the L-nodes (level 0) up to the root (level n); the links of level v join level v − 1 to level v.",
        source: "Haddix et al., The KYKLOS (n mod r = 0) Routing Algorithm, TR-88-27, 1988, App. B",
    },
    Term {
        key: "chart.p2d",
        label: "P(2d)",
        text: "How many processors lie at distance 2d from processor 0 (a route climbs d levels and comes down d); by symmetry every processor's distribution. The average is 1/2ⁿ Σ 2d·P(2d), processor 0 included.",
        source: "Du, Hwang, Odlyzko and Zhang, Minimal-distance routing for KYKLOS II, §3",
    },
    Term {
        key: "chart.relay-load",
        label: "Processor and bus load",
        text: "Every ordered pair of distinct processors sends one unit split equally over all minimal paths; a processor's load is what it relays for others (not what it sends or receives), a bus's what crosses it. The completed lens loads every processor alike.",
        source: "Finkel and Solomon, The Lens Interconnection Strategy, §6",
    },
    Term {
        key: "chart.channel-class",
        label: "Channel class",
        text: "The directed channels of one dimension and one chord length (step); the Hypercycle's symmetry gives every channel of a class the same load, so a class is one number.",
        source: "docs/charts.md",
    },
    Term {
        key: "chart.setup-delay",
        label: "Set-up delay",
        text: "Ticks from a circuit's request to its path being held end to end, retries included, in transmission times; the paper's Figure 2 plots its mean.",
        source: "Dimopoulos et al., Hypercycles: a status report, §5, Figure 2",
    },
    Term {
        key: "chart.rho",
        label: "Offered load ρ",
        text: "ρ = N·λ·100·d̄ / C: the channel-ticks requested per tick (N nodes, λ requests per node per tick, 100-tick circuits over d̄ links on average) over the C directed channels there are.",
        source: "docs/charts.md",
    },
    Term {
        key: "chart.load-profile",
        label: "Load at p %",
        text: "The channels sorted heaviest first: at x = p %, the load the heaviest p % of the channels all reach. x = 0 is the busiest channel, x = 100 the least busy; a flat line is a balanced network.",
        source: "docs/charts.md",
    },
    Term {
        key: "chart.mdf",
        label: "MDF(K, M)",
        text: "The maximal Dragonfly built from the same drawers of M routers with K global ports each: K·M + 1 groups joined in a complete graph, one more drawer than D3(K, M)'s K·M.",
        source: "Draper, The Swapped Dragonfly, §11, Table 1",
    },
    Term {
        key: "chart.local-global",
        label: "Local, global",
        text: "A local link joins two routers of one drawer (a group); a global link joins two drawers. Their loads are counted apart because they are built differently (short wires against long cables).",
        source: "Draper, The Swapped Dragonfly, §2 and §11",
    },
];
