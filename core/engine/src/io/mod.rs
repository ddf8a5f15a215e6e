//! Networks written out for other tools: an edge list, and BookSim2's `anynet` network
//! file, so that any network here can be simulated in BookSim. Reading them back is the
//! imported-graph family's business (`topology/imported/`).

mod export;

pub use export::{anynet, booksim_config, edge_list, graph_text, node_list, AnynetPlan};
