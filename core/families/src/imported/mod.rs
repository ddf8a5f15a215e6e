//! A graph the user brings: an edge list or a BookSim2 anynet file ([`parse`]), carried
//! in its spec as a compact code ([`codec`]) so that a link or an embed shows it.
//! `graph:g=CODE`; the page and `icn --graph FILE` turn a text into that spec.
//!
//! Nodes are named as in the text. Nodes `0..terminals` are terminals; in an anynet file
//! with uneven endpoints per router, the routers after them only forward. No symmetry is
//! assumed: every metric runs the generic engine.

mod codec;
mod family;
mod parse;
mod read;

use std::collections::HashMap;

pub use family::GRAPH;
pub use read::{quoted, read_text, MAX_LINE_BYTES, MAX_TEXT_BYTES};

use icn_graph::error::{AddressError, GraphError, ParamError};
use icn_graph::spec::Spec;
use icn_graph::{bfs, Node, Topology, UNREACHABLE};
use icn_graph::{Addresses, Graph};

/// The most nodes an imported graph may have.
pub const MAX_IMPORT_NODES: u64 = 1 << 20;
/// The most links an imported graph may have.
pub const MAX_IMPORT_LINKS: u64 = 1 << 23;

/// An imported graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    names: Vec<String>,
    index: HashMap<String, Node>,
    terminals: usize,
    concentration: u32,
    /// Neighbours of node v: `targets[offsets[v]..offsets[v + 1]]`, ascending.
    offsets: Vec<usize>,
    targets: Vec<Node>,
    code: String,
}

impl Imported {
    /// Reads an edge list or an anynet file.
    ///
    /// # Errors
    /// The first malformed place (line and column), no links, too large, or disconnected.
    pub fn from_text(text: &str) -> Result<Imported, GraphError> {
        Imported::from_parsed(parse::parse(text)?)
    }

    /// Reads an edge list or an anynet file from `source` line by line, at most
    /// [`MAX_TEXT_BYTES`]: only the graph is kept, never the text.
    ///
    /// # Errors
    /// As [`Imported::from_text`]; a text over the cap, a line over [`MAX_LINE_BYTES`], a
    /// byte that is not UTF-8 (its line and column), or a failed read.
    pub fn from_reader(source: impl std::io::Read) -> Result<Imported, GraphError> {
        let lines = read::Lines::new(std::io::BufReader::new(source), MAX_TEXT_BYTES);
        Imported::from_parsed(parse::parse_lines(lines)?)
    }

    fn from_parsed(parsed: parse::Parsed) -> Result<Imported, GraphError> {
        let links = parsed.links.len() as u64;
        let nodes = parsed.names.len() as u64;
        if nodes > MAX_IMPORT_NODES || links > MAX_IMPORT_LINKS {
            return Err(GraphError::TooLarge {
                nodes,
                links,
                max_nodes: MAX_IMPORT_NODES,
                max_links: MAX_IMPORT_LINKS,
            });
        }
        let code = codec::encode(&parsed);
        Imported::build(parsed, code)
    }

    /// Decodes the `g` of a `graph:` spec.
    ///
    /// # Errors
    /// A damaged code, too large, or a disconnected graph.
    pub fn from_code(code: &str) -> Result<Imported, GraphError> {
        let parsed = codec::decode(code, MAX_IMPORT_NODES, MAX_IMPORT_LINKS)?;
        if parsed.links.is_empty() {
            return Err(GraphError::Empty);
        }
        Imported::build(parsed, code.to_string())
    }

    /// `graph:g=…`.
    ///
    /// # Errors
    /// Unknown keys, a missing `g`, or a code [`Imported::from_code`] refuses.
    pub fn from_spec(spec: &Spec) -> Result<Imported, ParamError> {
        spec.check_keys(GRAPH.name, &["g"], &[], "g")?;
        let code = spec.value("g").ok_or(ParamError::Missing {
            family: GRAPH.name,
            key: "g",
            help: GRAPH.params[0].help,
        })?;
        Ok(Imported::from_code(code)?)
    }

    fn build(p: parse::Parsed, code: String) -> Result<Imported, GraphError> {
        let n = p.names.len();
        let mut degree = vec![0usize; n + 1];
        for &(a, b) in &p.links {
            degree[a + 1] += 1;
            degree[b + 1] += 1;
        }
        for v in 0..n {
            degree[v + 1] += degree[v];
        }
        let offsets = degree;
        let mut fill = offsets.clone();
        let mut targets = vec![0; offsets[n]];
        for &(a, b) in &p.links {
            targets[fill[a]] = b;
            fill[a] += 1;
            targets[fill[b]] = a;
            fill[b] += 1;
        }
        for v in 0..n {
            targets[offsets[v]..offsets[v + 1]].sort_unstable();
        }
        let index: HashMap<String, Node> = p
            .names
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), i))
            .collect();
        if index.len() != n {
            return Err(GraphError::Code {
                why: "two nodes share a name",
            });
        }
        let g = Imported {
            names: p.names,
            index,
            terminals: p.terminals,
            concentration: p.concentration,
            offsets,
            targets,
            code,
        };
        let reach = bfs(&g, 0);
        if let Some(far) = reach.iter().position(|&d| d == UNREACHABLE) {
            return Err(GraphError::Disconnected {
                a: g.names[0].clone(),
                b: g.names[far].clone(),
            });
        }
        Ok(g)
    }

    /// The spec's code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Each node's name.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The most bytes reading this graph held ([`Imported::from_reader`]) and `icn
    /// --graph` holds turning it into its spec and back, whatever the text's size: per node
    /// [`IMPORT_NODE_BYTES`] and its name four times (the list, the index, the code and its
    /// copy in the spec), per link [`IMPORT_LINK_BYTES`], and one line of the text at its
    /// longest ([`MAX_LINE_BYTES`]). `cli/tests/allocations.rs` runs `icn --graph` within
    /// it. At the limits ([`MAX_IMPORT_NODES`], [`MAX_IMPORT_LINKS`], names of seven
    /// characters): 905 MB.
    pub fn read_bytes(&self) -> u64 {
        let names: u64 = self.names.iter().map(|s| s.len() as u64).sum();
        (self.names.len() as u64)
            .saturating_mul(IMPORT_NODE_BYTES)
            .saturating_add(names.saturating_mul(4))
            .saturating_add((self.targets.len() as u64 / 2).saturating_mul(IMPORT_LINK_BYTES))
            .saturating_add(MAX_LINE_BYTES)
    }
}

/// Bytes a node of an imported graph holds while it is read, built, coded into its spec
/// and built again from it, besides its name: measured 165 (`icn --graph` on graphs of
/// 10⁴ to 10⁶ nodes).
pub const IMPORT_NODE_BYTES: u64 = 192;

/// Bytes a link of an imported graph holds while it is read and built (the set of links
/// read, the neighbour arrays, the code): measured 65.
pub const IMPORT_LINK_BYTES: u64 = 80;

impl Graph for Imported {
    fn node_count(&self) -> usize {
        self.names.len()
    }

    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        out.extend_from_slice(&self.targets[self.offsets[v]..self.offsets[v + 1]]);
    }

    fn terminal_count(&self) -> usize {
        self.terminals
    }

    fn link_count(&self) -> u64 {
        self.targets.len() as u64 / 2
    }
}

impl Addresses for Imported {
    fn format_node(&self, v: Node) -> String {
        self.names[v].clone()
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(AddressError::Empty {
                expected: format!("type a node's name, e.g. {}", self.names[0]),
            });
        }
        self.index
            .get(t)
            .copied()
            .ok_or_else(|| AddressError::Malformed {
                address: t.to_string(),
                why: format!(
                    "no node is named '{t}' in this graph (its nodes are named as in the text, e.g. {} … {})",
                    self.names[0],
                    self.names[self.names.len() - 1]
                ),
            })
    }
}

impl Topology for Imported {}
