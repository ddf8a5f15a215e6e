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
use std::io::BufRead;

use super::read::{quoted, Lines};
use super::{MAX_IMPORT_LINKS, MAX_IMPORT_NODES};
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
    parse_lines(Lines::new(text.as_bytes(), u64::MAX))
}

/// Reads the lines of `lines` as [`parse`] reads a text, one line at a time: what is
/// kept is the graph (names and links), never the text; past [`MAX_IMPORT_NODES`] or
/// [`MAX_IMPORT_LINKS`] it stops.
///
/// # Errors
/// As [`parse`], and [`Lines::next_line`]'s; [`GraphError::TooLarge`].
pub fn parse_lines<R: BufRead>(mut lines: Lines<R>) -> Result<Parsed, GraphError> {
    let mut reader: Option<Reader> = None;
    while let Some((number, line)) = lines.next_line()? {
        let ws = line_words(line, number);
        let Some(first) = ws.first() else {
            continue;
        };
        let r = reader.get_or_insert_with(|| match first.text {
            "router" | "node" => Reader::Anynet(Anynet::default()),
            _ => Reader::EdgeList(EdgeList::default()),
        });
        match r {
            Reader::Anynet(a) => a.line(&ws)?,
            Reader::EdgeList(e) => e.line(&ws)?,
        }
    }
    let parsed = match reader {
        None => return Err(GraphError::Empty),
        Some(Reader::Anynet(a)) => a.finish()?,
        Some(Reader::EdgeList(e)) => e.finish(),
    };
    if parsed.links.is_empty() {
        return Err(GraphError::Empty);
    }
    Ok(parsed)
}

/// The reader the first word chose.
enum Reader {
    Anynet(Anynet),
    EdgeList(EdgeList),
}

/// [`GraphError::TooLarge`] once `nodes` or `links` passes the limits.
fn within(nodes: usize, links: usize) -> Result<(), GraphError> {
    let (nodes, links) = (nodes as u64, links as u64);
    if nodes > MAX_IMPORT_NODES || links > MAX_IMPORT_LINKS {
        return Err(GraphError::TooLarge {
            nodes,
            links,
            max_nodes: MAX_IMPORT_NODES,
            max_links: MAX_IMPORT_LINKS,
        });
    }
    Ok(())
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

/// An edge list read so far: names in order of first appearance, links between them.
#[derive(Default)]
struct EdgeList {
    index: HashMap<String, usize>,
    order: Vec<String>,
    links: BTreeSet<(usize, usize)>,
    /// Whether every name so far is a whole number.
    named: bool,
}

impl EdgeList {
    fn node(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.named |= name.parse::<u64>().is_err();
        let i = self.order.len();
        self.index.insert(name.to_string(), i);
        self.order.push(name.to_string());
        i
    }

    /// One line's words.
    fn line(&mut self, ws: &[Word]) -> Result<(), GraphError> {
        match ws {
            [] => {}
            [only] => {
                return Err(only.error(GraphSyntax::MissingEnd {
                    first: quoted(only.text),
                }))
            }
            [a, b] if a.text == b.text => {
                return Err(a.error(GraphSyntax::SelfLoop {
                    node: quoted(a.text),
                }))
            }
            [a, b] => {
                let (x, y) = (self.node(a.text), self.node(b.text));
                self.links.insert((x.min(y), x.max(y)));
                within(self.order.len(), self.links.len())?;
            }
            [_, _, extra, ..] => {
                return Err(extra.error(GraphSyntax::Extra {
                    token: quoted(extra.text),
                }))
            }
        }
        Ok(())
    }

    /// The graph: when every name is a whole number, nodes numbered by value.
    fn finish(self) -> Parsed {
        let EdgeList {
            mut order,
            links,
            named,
            ..
        } = self;
        let n = order.len();
        if named {
            return Parsed {
                names: order,
                terminals: n,
                concentration: 1,
                links,
            };
        }
        let mut by_value: Vec<usize> = (0..n).collect();
        by_value.sort_by_key(|&i| order[i].parse::<u64>().unwrap_or(u64::MAX));
        let mut place = vec![0; n];
        for (new, &old) in by_value.iter().enumerate() {
            place[old] = new;
        }
        let links = links
            .into_iter()
            .map(|(a, b)| {
                let (x, y) = (place[a], place[b]);
                (x.min(y), x.max(y))
            })
            .collect();
        let mut names = vec![String::new(); n];
        for (old, name) in order.drain(..).enumerate() {
            names[place[old]] = name;
        }
        Parsed {
            names,
            terminals: n,
            concentration: 1,
            links,
        }
    }
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
    /// Where each endpoint is first named (line, column).
    named_at: HashMap<u64, (usize, usize)>,
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
            token: quoted(w.text),
        })),
    }
}

/// The number after a `router`/`node` word.
fn number(word: &Word, next: Option<&Word>) -> Result<u64, GraphError> {
    let Some(w) = next else {
        return Err(word.error(GraphSyntax::MissingNumber {
            word: quoted(word.text),
        }));
    };
    w.text.parse().map_err(|_| {
        w.error(GraphSyntax::NotNumber {
            token: quoted(w.text),
        })
    })
}

impl Anynet {
    /// One line's words: `router R` or `node E`, then entries.
    fn line(&mut self, ws: &[Word]) -> Result<(), GraphError> {
        let Some(first) = ws.first() else {
            return Ok(());
        };
        let head = (kind(first)?, number(first, ws.get(1))?);
        if head.0 == Kind::Router {
            self.routers.insert(head.1);
        } else {
            self.endpoint(head.1, first);
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
            if body.0 == Kind::Node {
                self.endpoint(body.1, w);
            }
            self.join(head, body, w)?;
            k += 2;
        }
        within(
            self.routers.len() + self.endpoints.len(),
            self.links.len() + self.attached.len(),
        )
    }

    fn endpoint(&mut self, e: u64, at: &Word) {
        self.endpoints.insert(e);
        self.named_at.entry(e).or_insert((at.line, at.column));
    }

    /// The graph, once every endpoint is attached.
    fn finish(self) -> Result<Parsed, GraphError> {
        if let Some(&e) = self
            .endpoints
            .iter()
            .find(|e| !self.attached.contains_key(e))
        {
            let (line, column) = self.named_at.get(&e).copied().unwrap_or((1, 1));
            return Err(GraphError::Syntax {
                line,
                column,
                why: GraphSyntax::Unattached { node: e },
            });
        }
        Ok(build(&self))
    }
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
