//! Small, specific error types. Each names the offending value and says why.

use thiserror::Error;

/// A topology spec (`family:key=value,...`) that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The spec is empty.
    #[error("the topology spec is empty; expected family:key=value,… (e.g. hypercube:n=6)")]
    Empty,
    /// No family of that name.
    #[error("unknown family '{name}'; known families: {known}")]
    UnknownFamily {
        /// The family as typed.
        name: String,
        /// The known family names, comma separated.
        known: String,
    },
    /// A character that does not belong at this place.
    #[error("unexpected character {ch:?} at position {position} of the spec: {why}")]
    BadCharacter {
        /// The character.
        ch: char,
        /// Its 1-based position in the spec.
        position: usize,
        /// What was expected there.
        why: &'static str,
    },
    /// The same key twice.
    #[error("parameter '{key}' is given twice")]
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// A parameter the family does not take, or a bad value for one it does.
    #[error(transparent)]
    Param(#[from] ParamError),
}

impl SpecError {
    /// The parameter this error is about (`m` for `m[2]`), when it names one; `None` for
    /// errors about the spec as a whole (syntax, family, unknown or repeated keys).
    pub fn param_key(&self) -> Option<&str> {
        match self {
            SpecError::Param(p) => p.param_key(),
            _ => None,
        }
    }
}

impl ParamError {
    /// The parameter this error is about, without a vector index; for a length
    /// mismatch, the second of the two.
    pub fn param_key(&self) -> Option<&str> {
        match self {
            ParamError::Missing { key, .. } | ParamError::Malformed { key, .. } => Some(key),
            ParamError::OutOfRange { key, .. } => Some(key.split('[').next().unwrap_or(key)),
            ParamError::LengthMismatch { b, .. } => Some(b),
            ParamError::Graph(_) => Some("g"),
            ParamError::UnknownKey { .. } | ParamError::TooLarge { .. } => None,
        }
    }
}

/// A node count as [`ParamError::TooLarge`] prints it: exact, or "more than 2^128" where
/// even a `u128` overflowed (the count is saturated there).
fn node_count(nodes: u128) -> String {
    if nodes == u128::MAX {
        "more than 2^128".into()
    } else {
        nodes.to_string()
    }
}

/// Parameters that are out of range or malformed for a family.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParamError {
    /// A parameter the family does not know.
    #[error("{family} has no parameter '{key}'; it takes {allowed}")]
    UnknownKey {
        /// The family.
        family: &'static str,
        /// The key as typed.
        key: String,
        /// The keys it takes.
        allowed: &'static str,
    },
    /// A required parameter is absent.
    #[error("{family} needs parameter '{key}' ({help})")]
    Missing {
        /// The family.
        family: &'static str,
        /// The key.
        key: &'static str,
        /// What it means.
        help: &'static str,
    },
    /// A value that is not a number list of the right form.
    #[error("parameter '{key}' = '{value}': {why}")]
    Malformed {
        /// The key.
        key: &'static str,
        /// The value as typed.
        value: String,
        /// What is wrong.
        why: String,
    },
    /// A number outside its allowed range.
    #[error("parameter {key} = {value} is out of range: {allowed}")]
    OutOfRange {
        /// The key, with an index for vectors (e.g. `rho[2]`).
        key: String,
        /// The value.
        value: u64,
        /// The allowed range, said in words.
        allowed: String,
    },
    /// Two vector parameters of different lengths.
    #[error("'{a}' has {len_a} entries but '{b}' has {len_b}; they must have the same length")]
    LengthMismatch {
        /// First key.
        a: &'static str,
        /// Its length.
        len_a: usize,
        /// Second key.
        b: &'static str,
        /// Its length.
        len_b: usize,
    },
    /// An imported graph that cannot be read or taken.
    #[error(transparent)]
    Graph(#[from] GraphError),
    /// The network would have more nodes than the engine addresses.
    #[error("the network would have {} nodes; at most {max} are supported", node_count(*nodes))]
    TooLarge {
        /// The node count (saturated at u128::MAX when even that overflows).
        nodes: u128,
        /// The limit.
        max: u64,
    },
}

/// A graph that cannot be imported: a text (edge list or BookSim2 anynet file) with an
/// error at a line and column, a graph the engine does not take, or a damaged code.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GraphError {
    /// Something wrong at a place in the text (both 1-based).
    #[error("line {line}, column {column}: {why}")]
    Syntax {
        /// The line.
        line: usize,
        /// The column (in characters).
        column: usize,
        /// What is wrong there.
        why: GraphSyntax,
    },
    /// No links at all.
    #[error("the text has no links: write one link per line, 'u v' (an edge list), or 'router 0 router 1 node 0' lines (a BookSim2 anynet file)")]
    Empty,
    /// Two nodes with no path between them.
    #[error("the graph is not connected: node {a} cannot reach node {b}; every network here is connected")]
    Disconnected {
        /// A node.
        a: String,
        /// A node it cannot reach.
        b: String,
    },
    /// More than the engine imports.
    #[error("the graph has {nodes} nodes and {links} links (counted until one passed its limit); at most {max_nodes} nodes and {max_links} links are imported")]
    TooLarge {
        /// Its nodes.
        nodes: u64,
        /// Its links.
        links: u64,
        /// The node limit.
        max_nodes: u64,
        /// The link limit.
        max_links: u64,
    },
    /// A text longer than the readers take.
    #[error("the text has more than {} MiB ({bytes} bytes read); at most {} MiB is read", max >> 20, max >> 20)]
    TooBig {
        /// The bytes read when it was refused (the file's size, when known first).
        bytes: u64,
        /// The limit.
        max: u64,
    },
    /// A line longer than the readers take.
    #[error("line {line} is longer than {} MiB; is this a text file?", max >> 20)]
    LongLine {
        /// The line.
        line: usize,
        /// The limit.
        max: u64,
    },
    /// A byte that is not UTF-8 text.
    #[error("line {line}, column {column}: the byte 0x{byte:02x} is not UTF-8 text; save the file as UTF-8")]
    NotUtf8 {
        /// The line.
        line: usize,
        /// The column (in characters) of the byte.
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// The text could not be read.
    #[error("reading the text: {0}")]
    Read(String),
    /// An encoded graph (the `g` of a `graph:` spec) that does not decode.
    #[error("the encoded graph is damaged ({why}); paste or load the graph again")]
    Code {
        /// What does not decode.
        why: &'static str,
    },
}

/// What is wrong at one place of a graph text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GraphSyntax {
    /// An edge list line with one node.
    #[error("'{first}' has no second node: an edge list line is a link 'u v'")]
    MissingEnd {
        /// The node given.
        first: String,
    },
    /// An edge list line with more than two nodes.
    #[error("'{token}' after the link: an edge list line holds two nodes (comments start with #)")]
    Extra {
        /// The surplus text.
        token: String,
    },
    /// A link from a node to itself.
    #[error("a link from '{node}' to itself")]
    SelfLoop {
        /// The node.
        node: String,
    },
    /// An anynet word that is neither `router` nor `node`.
    #[error("'{token}' where 'router' or 'node' was expected")]
    Keyword {
        /// The word.
        token: String,
    },
    /// An anynet identifier that is not a whole number.
    #[error("'{token}' is not a router or node number (0, 1, 2, …)")]
    NotNumber {
        /// The text.
        token: String,
    },
    /// `router` or `node` with no number after it.
    #[error("'{word}' needs a number after it")]
    MissingNumber {
        /// The word.
        word: String,
    },
    /// An anynet endpoint attached to two routers.
    #[error("node {node} is attached to router {first} and to router {second}; BookSim2 lets a node attach to one router")]
    TwoRouters {
        /// The endpoint.
        node: u64,
        /// Its first router.
        first: u64,
        /// The other.
        second: u64,
    },
    /// An anynet link between two endpoints.
    #[error("node {a} is linked to node {b}; nodes attach to routers only")]
    NodeToNode {
        /// One endpoint.
        a: u64,
        /// The other.
        b: u64,
    },
    /// An anynet endpoint with no router.
    #[error("node {node} is attached to no router")]
    Unattached {
        /// The endpoint.
        node: u64,
    },
}

/// A node address that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AddressError {
    /// Nothing was typed.
    #[error("the address is empty; {expected}")]
    Empty {
        /// What an address looks like here.
        expected: String,
    },
    /// Too few or too many digits.
    #[error("the address '{address}' has {got} digits; this network needs exactly {want}")]
    WrongLength {
        /// The address as typed.
        address: String,
        /// Digits given.
        got: usize,
        /// Digits needed.
        want: usize,
    },
    /// An address whose shape is wrong (no dot, two dots, a dot out of place, a number
    /// out of range); the reason says which character and why.
    #[error("{why}")]
    Malformed {
        /// The address as typed.
        address: String,
        /// What is wrong, naming the character or part and what is allowed.
        why: String,
    },
    /// A well-formed number outside its range (a KYKLOS L-node beyond the last, a tree
    /// index beyond r − 1).
    #[error("{what} {value} is out of range: {min}-{max}")]
    OutOfRange {
        /// What the number names (`L-node`, `tree t`).
        what: String,
        /// The number as typed.
        value: String,
        /// The smallest allowed.
        min: usize,
        /// The largest allowed.
        max: usize,
    },
    /// A character that is not a digit of its position's radix.
    #[error("character {ch:?} at position {position} is not a digit of radix {radix} (allowed: {allowed})")]
    BadDigit {
        /// The character.
        ch: char,
        /// 1-based position.
        position: usize,
        /// The radix of that position.
        radix: u32,
        /// The allowed characters, e.g. `0-4`.
        allowed: String,
    },
}

/// A routing strategy that is not offered for a network.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StrategyError {
    /// No strategy of that name in the family.
    #[error("unknown strategy '{name}' for {family}; choose one of: {known}")]
    Unknown {
        /// The name as typed.
        name: String,
        /// The family.
        family: &'static str,
        /// The strategies it offers here.
        known: String,
    },
    /// The family has it, but not for these parameters.
    #[error("strategy '{name}' is not available here: {why}")]
    Unavailable {
        /// The name.
        name: String,
        /// Why not.
        why: String,
    },
}

/// A strategy name that none of a family's strategies has.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown strategy '{name}'")]
pub struct UnknownStrategy {
    /// The name as typed.
    pub name: String,
}

/// A network of another family than a family-specific view needs (see the typed
/// accessors such as [`icn_engine::Network::kyklos`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{spec}' is a {actual} network, not {expected}")]
pub struct FamilyMismatch {
    /// The family (or families) the view needs, e.g. `kyklos1 or kyklos2`.
    pub expected: &'static str,
    /// The network's family name.
    pub actual: &'static str,
    /// The network's canonical spec.
    pub spec: String,
}
