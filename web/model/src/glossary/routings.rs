//! The routings' terms: each family's strategies and the generic ones, by key
//! `routing.<name>` or, where a family's name means something else there,
//! `routing.<family>.<name>` ([`super::routing_term`] picks).

use super::Term;

/// Every routing's term.
pub const ROUTINGS: &[Term] = &[
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
        key: "routing.mesh.romm",
        label: "romm",
        text: "ROMM: each packet via a random node of the box its source and destination span, dimension order on both legs; every route a shortest path. BookSim2's romm_mesh.",
        source: "docs/topologies/torus.md (Nesson and Johnsson, ROMM routing on mesh and torus networks, SPAA 1995; BookSim2's romm_mesh)",
    },
    Term {
        key: "routing.mesh.xyyx",
        label: "xyyx",
        text: "XY or YX: each packet takes dimension order or its reverse, drawn at the source with equal chance; two dimensions. BookSim2's xy_yx_mesh.",
        source: "docs/topologies/torus.md (BookSim2's xy_yx_mesh, after Balfour and Schultz, ICS 2006)",
    },
    Term {
        key: "routing.xyyx",
        label: "xyyx",
        text: "XY or YX on a two-dimensional HyperX or flattened butterfly: each packet takes dimension order or its reverse, drawn at the source with equal chance. BookSim2's xyyx_flatfly.",
        source: "docs/topologies/hyperx.md (BookSim2's xyyx_flatfly)",
    },
    Term {
        key: "routing.valiant-dims",
        label: "valiant-dims",
        text: "Valiant within the differing dimensions: each packet via a random switch that keeps the coordinates its source and destination share and takes any value in the others, dimension order on both legs. The draw of BookSim2's flattened-butterfly UGAL.",
        source: "docs/topologies/hyperx.md (BookSim2's find_ran_intm, ugal_flatfly_onchip)",
    },
    Term {
        key: "routing.cmesh.dor",
        label: "dor",
        text: "Dimension order on a concentrated mesh: x first, then y, along the mesh only (the edges' express channels unused); one path. BookSim2's dor_no_express.",
        source: "docs/topologies/cmesh.md (BookSim2's dor_no_express_cmesh)",
    },
    Term {
        key: "routing.cmesh.xyyx",
        label: "xyyx",
        text: "XY or YX on a concentrated mesh: x then y, or y then x, drawn at the source with equal chance, along the mesh only. BookSim2's xy_yx_no_express.",
        source: "docs/topologies/cmesh.md (BookSim2's xy_yx_no_express_cmesh)",
    },
    Term {
        key: "routing.cmesh.xyyx-express",
        label: "xyyx-express",
        text: "XY or YX on a concentrated mesh, each leg taking the edge's express channel where the way along is at least k/2 (as express does). BookSim2's xy_yx at k = 4.",
        source: "docs/topologies/cmesh.md (BookSim2's xy_yx_cmesh)",
    },
    Term {
        key: "routing.cmesh.express",
        label: "express",
        text: "Dimension order on a concentrated mesh with its express channels: x first, then y; a router on the edge a dimension runs along jumps k/2 by its express channel when the way is at least k/2; one path. BookSim2's dor.",
        source: "docs/topologies/cmesh.md (BookSim2's dor_cmesh)",
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
];
