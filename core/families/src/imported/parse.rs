//! Reading a graph a user brings: an edge list or a BookSim2 anynet file, told apart by
//! the first word. Every error names its line and column.
//!
//! Edge list: one link per line, two node names separated by spaces, tabs or a comma;
//! `#` starts a comment; blank lines are skipped; a link given twice counts once. When
//! every name is a whole number, nodes are numbered by value, else in order of first
//! appearance.
//!
//! Anynet (BookSim2's `anynet` network file): lines of `router R` or `node E` followed by
//! `router S` / `node F` entries, each optionally followed by a latency (read and ignored:
//! the engine counts hops). Routers and endpoints are numbered from 0. When every router
//! has the same number c of endpoints, the routers are the graph (terminals, with
//! concentration c); otherwise each endpoint is a terminal node linked to its router.

use std::collections::{BTreeSet, HashMap};

use icn_graph::error::{GraphError, GraphSyntax};

/// A graph read from text, before its checks: nodes, names, links.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// Each node's name (index order). Terminals come first.
    pub names: Vec<String>,
    /// Nodes `0..terminals` send and receive.
    pub terminals: usize,
    /// Endpoints per terminal router (1 for an edge list).
    pub concentration: u32,
    /// Every link once, (smaller, larger).
    pub links: BTreeSet<(usize, usize)>,
}

/// Reads `text`: an anynet file when its first word is `router` or `node`, else an
/// edge list.
///
/// # Errors
/// [`GraphError::Syntax`] at the first malformed place; [`GraphError::Empty`] for no links.
pub fn parse(text: &str) -> Result<Parsed, GraphError> {
    let first = words(text).next().map(|w| w.text);
    let parsed = match first {
        Some("router" | "node") => anynet(text)?,
        _ => edge_list(text)?,
    };
    if parsed.links.is_empty() {
        return Err(GraphError::Empty);
    }
    Ok(parsed)
}

/// A word of the text and where it starts.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

impl Word<'_> {
    fn error(&self, why: GraphSyntax) -> GraphError {
        GraphError::Syntax {
            line: self.line,
            column: self.column,
            why,
        }
    }
}

/// The words of one line (spaces, tabs and commas separate; `#` ends the line).
fn line_words(line: &str, number: usize) -> Vec<Word<'_>> {
    let code = line.split('#').next().unwrap_or("");
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (i, c)) in code.char_indices().enumerate() {
        let sep = c.is_whitespace() || c == ',';
        match (sep, start) {
            (false, None) => start = Some((i, column)),
            (true, Some((s, col))) => {
                out.push(Word {
                    text: &code[s..i],
                    line: number,
                    column: col + 1,
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        out.push(Word {
            text: &code[s..],
            line: number,
            column: col + 1,
        });
    }
    out
}

/// Every word of the text.
fn words(text: &str) -> impl Iterator<Item = Word<'_>> {
    text.lines()
        .enumerate()
        .flat_map(|(i, line)| line_words(line, i + 1))
}

/// An edge list.
fn edge_list(text: &str) -> Result<Parsed, GraphError> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let ws = line_words(line, i + 1);
        match ws.as_slice() {
            [] => {}
            [only] => {
                return Err(only.error(GraphSyntax::MissingEnd {
                    first: only.text.to_string(),
                }))
            }
            [a, b] if a.text == b.text => {
                return Err(a.error(GraphSyntax::SelfLoop {
                    node: a.text.to_string(),
                }))
            }
            [a, b] => pairs.push((a.text, b.text)),
            [_, _, extra, ..] => {
                return Err(extra.error(GraphSyntax::Extra {
                    token: extra.text.to_string(),
                }))
            }
        }
    }
    let numeric = pairs
        .iter()
        .all(|(a, b)| a.parse::<u64>().is_ok() && b.parse::<u64>().is_ok());
    let mut order: Vec<&str> = Vec::new();
    let mut seen = HashMap::new();
    for &(a, b) in &pairs {
        for name in [a, b] {
            if !seen.contains_key(name) {
                seen.insert(name, order.len());
                order.push(name);
            }
        }
    }
    if numeric {
        order.sort_by_key(|s| s.parse::<u64>().unwrap_or(u64::MAX));
        for (i, name) in order.iter().enumerate() {
            seen.insert(name, i);
        }
    }
    let links = pairs
        .iter()
        .map(|(a, b)| {
            let (x, y) = (seen[a], seen[b]);
            (x.min(y), x.max(y))
        })
        .collect();
    Ok(Parsed {
        names: order.iter().map(|s| (*s).to_string()).collect(),
        terminals: order.len(),
        concentration: 1,
        links,
    })
}

/// Router or endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Router,
    Node,
}

/// An anynet file's routers, links between them, and each endpoint's router.
#[derive(Default)]
struct Anynet {
    routers: BTreeSet<u64>,
    links: BTreeSet<(u64, u64)>,
    attached: HashMap<u64, u64>,
    endpoints: BTreeSet<u64>,
}

impl Anynet {
    /// Records `head — body`, checking BookSim's rules.
    fn join(&mut self, head: (Kind, u64), body: (Kind, u64), at: &Word) -> Result<(), GraphError> {
        match (head, body) {
            ((Kind::Router, a), (Kind::Router, b)) => {
                self.routers.extend([a, b]);
                if a == b {
                    return Err(at.error(GraphSyntax::SelfLoop {
                        node: format!("router {a}"),
                    }));
                }
                self.links.insert((a.min(b), a.max(b)));
            }
            ((Kind::Router, r), (Kind::Node, e)) | ((Kind::Node, e), (Kind::Router, r)) => {
                self.routers.insert(r);
                self.endpoints.insert(e);
                match self.attached.insert(e, r) {
                    Some(first) if first != r => {
                        return Err(at.error(GraphSyntax::TwoRouters {
                            node: e,
                            first,
                            second: r,
                        }))
                    }
                    _ => {}
                }
            }
            ((Kind::Node, a), (Kind::Node, b)) => {
                return Err(at.error(GraphSyntax::NodeToNode { a, b }))
            }
        }
        Ok(())
    }
}

/// A `router`/`node` word.
fn kind(w: &Word) -> Result<Kind, GraphError> {
    match w.text {
        "router" => Ok(Kind::Router),
        "node" => Ok(Kind::Node),
        _ => Err(w.error(GraphSyntax::Keyword {
            token: w.text.to_string(),
        })),
    }
}

/// The number after a `router`/`node` word.
fn number(word: &Word, next: Option<&Word>) -> Result<u64, GraphError> {
    let Some(w) = next else {
        return Err(word.error(GraphSyntax::MissingNumber {
            word: word.text.to_string(),
        }));
    };
    w.text.parse().map_err(|_| {
        w.error(GraphSyntax::NotNumber {
            token: w.text.to_string(),
        })
    })
}

/// A BookSim2 anynet file.
fn anynet(text: &str) -> Result<Parsed, GraphError> {
    let mut net = Anynet::default();
    for (i, line) in text.lines().enumerate() {
        let ws = line_words(line, i + 1);
        let Some(first) = ws.first() else {
            continue;
        };
        let head = (kind(first)?, number(first, ws.get(1))?);
        if head.0 == Kind::Router {
            net.routers.insert(head.1);
        } else {
            net.endpoints.insert(head.1);
        }
        let mut k = 2;
        while k < ws.len() {
            let w = &ws[k];
            // A latency after an entry is read and ignored (the engine counts hops).
            if k > 2 && w.text.parse::<u64>().is_ok() {
                k += 1;
                continue;
            }
            let body = (kind(w)?, number(w, ws.get(k + 1))?);
            net.join(head, body, w)?;
            k += 2;
        }
    }
    for &e in &net.endpoints {
        if !net.attached.contains_key(&e) {
            return Err(GraphError::Syntax {
                line: 1,
                column: 1,
                why: GraphSyntax::Unattached { node: e },
            });
        }
    }
    Ok(build(&net))
}

/// The graph of an anynet file (see the module documentation).
fn build(net: &Anynet) -> Parsed {
    let routers: Vec<u64> = net.routers.iter().copied().collect();
    let index: HashMap<u64, usize> = routers.iter().enumerate().map(|(i, &r)| (r, i)).collect();
    let mut per_router = vec![0u32; routers.len()];
    for r in net.attached.values() {
        per_router[index[r]] += 1;
    }
    let uniform = per_router.windows(2).all(|w| w[0] == w[1]);
    let router_links = net.links.iter().map(|(a, b)| (index[a], index[b]));
    if uniform {
        return Parsed {
            names: routers.iter().map(u64::to_string).collect(),
            terminals: routers.len(),
            concentration: per_router.first().copied().unwrap_or(1).max(1),
            links: router_links.collect(),
        };
    }
    let endpoints: Vec<u64> = net.endpoints.iter().copied().collect();
    let e = endpoints.len();
    let mut names: Vec<String> = endpoints.iter().map(|x| format!("n{x}")).collect();
    names.extend(routers.iter().map(|r| format!("r{r}")));
    let mut links: BTreeSet<(usize, usize)> = router_links.map(|(a, b)| (a + e, b + e)).collect();
    for (i, x) in endpoints.iter().enumerate() {
        links.insert((i, e + index[&net.attached[x]]));
    }
    Parsed {
        names,
        terminals: e,
        concentration: 1,
        links,
    }
}
