//! Which layout draws a network ([`draw`], or why none: [`Drawing`]), and what of a
//! [`Layout`] only a family's own layout module knows: its tooltips and its description.

use std::sync::Arc;

use icn_core::Network;

use super::aggregate::{Hierarchy, Open, MAX_ITEMS};
use super::layout::{Arrangement, Layout, LazyTips, MAX_DRAWN_LINKS, MAX_DRAWN_NODES};

/// What the diagram area shows for a network.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawing {
    /// A drawing.
    Layout(Arc<Layout>),
    /// Too many nodes or links to draw legibly (or quickly).
    TooLarge {
        /// Nodes N.
        nodes: u64,
        /// Links.
        links: u64,
    },
    /// Too many nodes to draw one by one, drawn as aggregates ([`super::bundles`]: a D3's
    /// cabinets, a Hypercycle's blocks), opened on request.
    Aggregate {
        /// Nodes N.
        nodes: u64,
        /// Links.
        links: u64,
        /// How its nodes group.
        hierarchy: Arc<Hierarchy>,
    },
    /// A family the diagram does not know how to draw.
    Unsupported,
}

impl Drawing {
    /// The network's nodes and links when it is not drawn node by node (too large, or
    /// drawn as aggregates).
    pub fn past_whole(&self) -> Option<(u64, u64)> {
        match self {
            Drawing::TooLarge { nodes, links } | Drawing::Aggregate { nodes, links, .. } => {
                Some((*nodes, *links))
            }
            _ => None,
        }
    }
}

/// Whether a network of this size is drawn.
pub fn drawable(nodes: u64, links: u64) -> bool {
    nodes <= MAX_DRAWN_NODES && links <= MAX_DRAWN_LINKS
}

/// The drawing of `net`, or why there is none.
pub fn draw(net: &Network) -> Drawing {
    let t = net.topology();
    let (nodes, links) = (t.node_count() as u64, t.link_count());
    if !drawable(nodes, links) {
        return match Hierarchy::of(net).filter(|h| h.frontier(&Open::new(), MAX_ITEMS).is_some()) {
            Some(h) => Drawing::Aggregate {
                nodes,
                links,
                hierarchy: Arc::new(h),
            },
            None => Drawing::TooLarge { nodes, links },
        };
    }
    let layout = if let Ok(h) = net.hypercycle() {
        super::grid::hypercycle(h)
    } else if let Ok(k) = net.kyklos() {
        super::kyklos::kyklos(k)
    } else if let Ok(l) = net.lens() {
        super::lens::lens(l)
    } else if let Ok(d) = net.d3() {
        super::d3::d3(d)
    } else if let Ok(d) = net.mdf() {
        super::d3::mdf(d)
    } else {
        super::structured::structured(net)
    };
    Drawing::Layout(Arc::new(layout))
}

impl Layout {
    /// The longer tooltip of entry `i` (its ports …), `None` for its label alone.
    pub fn tip(&self, i: usize) -> Option<String> {
        match &self.lazy_tips {
            Some(LazyTips::D3(d)) => {
                Some(super::d3::port_tip(d, self.real(i), self.labels.get(i)?))
            }
            None => self.tips.get(i).filter(|t| !t.is_empty()).cloned(),
        }
    }

    /// One sentence describing the arrangement, for screen readers.
    pub fn describe(&self) -> String {
        match self.arrangement.clone() {
            Arrangement::Ring { nodes } => format!(
                "A ring of {nodes} nodes on a circle, in address order clockwise from the top; \
                 links that skip nodes bow inwards."
            ),
            Arrangement::Grid { rows, cols } => format!(
                "A grid of {rows} rows (first digit) by {cols} columns (second digit); \
                 wrap-around and skip links are arcs above rows and left of columns."
            ),
            Arrangement::Blocks { blocks, rows, cols } => format!(
                "{blocks} blocks of {rows} by {cols} nodes: the last two digits give the row and \
                 column inside a block, the other digits place the block; links between blocks \
                 are faint curves."
            ),
            Arrangement::Trees {
                leaves,
                trees,
                levels,
            } => {
                let more = if trees > 2 {
                    " (further trees stacked alternately above and below)"
                } else {
                    ""
                };
                let below = if trees > 1 { ", tree 1 below" } else { "" };
                format!(
                    "{leaves} L-nodes in a row in address order; {trees} trees of {levels} levels, \
                     tree 0 above the row{below}{more}. Each IB-node is drawn at its level over \
                     the middle of the leaves it spans."
                )
            }
            Arrangement::Stages {
                rows,
                busses,
                processors,
                completed,
            } => format!(
                "{rows} rows of exchange groups, from dot position 1 at the top: each group is \
                 {busses} busses (bars, above) fully linked to {processors} processors (circles, \
                 below); each row's processors meet the next row's busses through a perfect \
                 shuffle.{}",
                if completed {
                    " Dotted completion links join the bottom processors to the top busses \
                     around the sides."
                } else {
                    ""
                }
            ),
            Arrangement::Cabinets {
                cabinets,
                drawers,
                columns,
            } => format!(
                "{cabinets} cabinets as panels, {columns} per row, in order; in each cabinet \
                 {drawers} drawers as rows, top to bottom, of {drawers} routers (c,d,p) left to \
                 right. Local links join the routers of a drawer (neighbours straight, others \
                 arcs above the row); global links (c,d,p) to (c+a,p,d) are faint lines that leave \
                 a router downwards and run in the lanes under the drawers, between the \
                 columns and between the cabinets, passing over no other router."
            ),
            Arrangement::Levels { names, sizes } => {
                let rows: Vec<String> = names
                    .iter()
                    .zip(&sizes)
                    .map(|(name, k)| format!("{name} ({k})"))
                    .collect();
                format!(
                    "{} rows, top to bottom: {}. Links between rows are straight lines; \
                     squares are switches, circles terminals.",
                    rows.len(),
                    rows.join(", ")
                )
            }
            Arrangement::Circle { name, sizes } => {
                let same = sizes.windows(2).all(|w| w[0] == w[1]);
                let members = match (same, sizes.first()) {
                    (true, Some(k)) => format!("{k} nodes each"),
                    _ => format!(
                        "{} to {} nodes",
                        sizes.iter().min().unwrap_or(&0),
                        sizes.iter().max().unwrap_or(&0)
                    ),
                };
                format!(
                    "{} {name}s on a circle, clockwise from the top, {members}, each on a small \
                     circle joined by chords; links between {name}s bow towards the centre.",
                    sizes.len()
                )
            }
            Arrangement::Free { nodes, unreachable } => format!(
                "{nodes} nodes placed so that drawn distances follow hop distances (a stress \
                 layout), the graph having no structure to follow.{}",
                if unreachable {
                    " Some nodes cannot reach others: the graph is disconnected."
                } else {
                    ""
                }
            ),
            Arrangement::Fly {
                stages,
                per_stage,
                processors,
            } => format!(
                "{processors} processors on the left send through {stages} stages of \
                 {per_stage} switches, left to right, to the same processors drawn again on \
                 the right; every channel runs one way, left to right."
            ),
            Arrangement::Focus { .. } => super::focus::describe(&self.arrangement),
            Arrangement::Aggregate { .. } => super::bundles::describe(&self.arrangement),
            Arrangement::Groups { groups, routers } => format!(
                "{groups} groups on a circle, clockwise from the top; each group's {routers} \
                 routers (g,r) on a small circle, joined by local links; one global link joins \
                 every two groups."
            ),
        }
    }
}
