//! Writing a network as an edge list, a BookSim2 `anynet` file or a BookSim2 configuration.
//!
//! BookSim2's anynet format (src/networks/anynet.cpp there) is one line per router:
//! `router R` followed by what it connects to, `node E` (an endpoint, which BookSim lets
//! connect to one router only) or `router S` (a router, both ways). Routers and endpoints
//! are numbered from 0. The file has no comments: BookSim stops at a line that does not
//! start with `router` or `node`.
//!
//! Which of our nodes become routers and which endpoints ([`AnynetPlan`]):
//! - a terminal with a single link, to a node that only forwards (a fat tree's
//!   processor), is an endpoint of that switch;
//! - every other node is a router, and each terminal router gets the network's
//!   concentration of endpoints (1 for the seed families, a Dragonfly's p), numbered
//!   router by router unless the family numbers them as BookSim2's own topology does
//!   (the concentrated mesh's tiles, [`Network::endpoint_number`]).
//!
//! Anynet links run both ways, so a network of one-way channels (a butterfly) has no
//! anynet file; BookSim2 builds it itself from a configuration ([`booksim_config`]).

use std::io::{self, Write};

use crate::network::Network;
use icn_graph::{Node, Topology};

/// How a network's nodes map onto anynet routers and endpoints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnynetPlan {
    /// The router number of each node, or `None` for a node written as an endpoint.
    pub router: Vec<Option<u32>>,
    /// The endpoints of each router, in order.
    pub endpoints: Vec<Vec<u32>>,
}

impl AnynetPlan {
    /// The plan for `net` (see the module documentation).
    pub fn of(net: &Network) -> AnynetPlan {
        let t = net.topology();
        let (n, terminals) = (t.node_count(), t.terminal_count());
        let concentration = net.concentration().max(1);
        let mut buf = Vec::new();
        let attached: Vec<Option<Node>> = (0..n)
            .map(|v| {
                if v >= terminals {
                    return None;
                }
                buf.clear();
                t.neighbours(v, &mut buf);
                match buf.as_slice() {
                    [w] if *w >= terminals => Some(*w),
                    _ => None,
                }
            })
            .collect();
        let mut router = vec![None; n];
        let mut next = 0u32;
        for v in 0..n {
            if attached[v].is_none() {
                router[v] = Some(next);
                next += 1;
            }
        }
        let mut endpoints = vec![Vec::new(); next as usize];
        let mut endpoint = 0u32;
        for v in 0..n {
            match (attached[v], router[v]) {
                (Some(w), _) => {
                    if let Some(r) = router[w] {
                        endpoints[r as usize].push(endpoint);
                        endpoint += 1;
                    }
                }
                (None, Some(r)) if v < terminals => {
                    for slot in 0..concentration {
                        let number = net.endpoint_number(v, slot).unwrap_or(endpoint);
                        endpoints[r as usize].push(number);
                        endpoint += 1;
                    }
                }
                _ => {}
            }
        }
        AnynetPlan { router, endpoints }
    }

    /// The number of endpoints.
    pub fn endpoint_count(&self) -> usize {
        self.endpoints.iter().map(Vec::len).sum()
    }
}

/// Writes `net` as an anynet file: one line per router, its endpoints and then its links
/// to routers of higher number (BookSim adds the reverse direction itself).
///
/// # Errors
/// As `out`; [`io::ErrorKind::InvalidInput`] for a network of one-way channels.
pub fn anynet(net: &Network, out: &mut dyn Write) -> io::Result<()> {
    if net.topology().directed() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "BookSim2's anynet files hold two-way links only; {} has one-way channels: \
                 write a BookSim2 configuration instead (--format booksim)",
                net.spec()
            ),
        ));
    }
    let plan = AnynetPlan::of(net);
    let t = net.topology();
    let mut w = io::BufWriter::new(out);
    let mut buf = Vec::new();
    let mut line = String::new();
    for v in 0..t.node_count() {
        let Some(r) = plan.router[v] else {
            continue;
        };
        line.clear();
        line.push_str(&format!("router {r}"));
        for e in &plan.endpoints[r as usize] {
            line.push_str(&format!(" node {e}"));
        }
        buf.clear();
        t.neighbours(v, &mut buf);
        let mut peers: Vec<u32> = buf
            .iter()
            .filter_map(|&u| plan.router[u])
            .filter(|&s| s > r)
            .collect();
        peers.sort_unstable();
        for s in peers {
            line.push_str(&format!(" router {s}"));
        }
        writeln!(w, "{line}")?;
    }
    w.flush()
}

/// Writes `net` as an edge list: `u v` per undirected link, u < v, node indices; in a
/// network of one-way channels, `u v` per channel from u to v, under a comment that says so.
///
/// # Errors
/// As `out`.
pub fn edge_list(t: &dyn Topology, out: &mut dyn Write) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    if t.directed() {
        writeln!(
            w,
            "# one-way channels: each line u v is a channel from u to v"
        )?;
    }
    for (u, v) in links(t) {
        writeln!(w, "{u} {v}")?;
    }
    w.flush()
}

/// Writes `t` as a node list: `index,address` per node.
///
/// # Errors
/// As `out`.
pub fn node_list(t: &dyn Topology, out: &mut dyn Write) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for u in 0..t.node_count() {
        writeln!(w, "{u},{}", t.format_node(u))?;
    }
    w.flush()
}

/// Every link once as (u, v), u < v, in order; every channel of a directed network.
fn links(t: &dyn Topology) -> impl Iterator<Item = (Node, Node)> + '_ {
    let mut buf = Vec::new();
    let directed = t.directed();
    (0..t.node_count()).flat_map(move |u| {
        buf.clear();
        t.neighbours(u, &mut buf);
        buf.sort_unstable();
        buf.iter()
            .filter(|&&v| directed || v > u)
            .map(|&v| (u, v))
            .collect::<Vec<_>>()
    })
}

/// Writes a BookSim2 configuration for `net`'s topology: BookSim2's own topology where
/// it builds the same network ([`Network::booksim_topology`]: the butterfly's `fly`),
/// and for every other network an `anynet` configuration naming `network_file`, the
/// file [`anynet`] writes. Traffic, router and simulation settings are left to the user.
///
/// # Errors
/// As `out`.
pub fn booksim_config(net: &Network, network_file: &str, out: &mut dyn Write) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    writeln!(
        w,
        "// {}: BookSim2 topology settings written by icn",
        net.spec()
    )?;
    if let Some(settings) = net.booksim_topology() {
        for (key, value) in settings {
            writeln!(w, "{key} = {value};")?;
        }
    } else {
        writeln!(
            w,
            "// write the network file with: icn export '{}' --format anynet > {network_file}",
            net.spec()
        )?;
        writeln!(w, "topology = anynet;")?;
        writeln!(w, "network_file = {network_file};")?;
        writeln!(w, "routing_function = min;")?;
    }
    w.flush()
}

/// The text a person would write for `net`: an edge list by node names (`u v` per link),
/// or, when endpoints matter (a concentration above 1, or nodes that only forward), its
/// anynet file. Reading it back as an imported graph gives the same graph.
pub fn graph_text(net: &Network) -> String {
    let t = net.topology();
    let mut out = Vec::new();
    if net.concentration() > 1 || t.terminal_count() < t.node_count() {
        // Writing to memory cannot fail.
        let _ = anynet(net, &mut out);
        return String::from_utf8_lossy(&out).into_owned();
    }
    links(t)
        .map(|(u, v)| format!("{} {}\n", t.format_node(u), t.format_node(v)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anynet_text(spec: &str) -> String {
        let net: Network = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut out = Vec::new();
        anynet(&net, &mut out).unwrap_or_else(|e| panic!("{e}"));
        String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_direct_network_is_one_router_and_one_endpoint_per_node() {
        // The 2-cube: routers 0..4, each with its own endpoint, links to higher routers.
        assert_eq!(
            anynet_text("hypercube:n=2"),
            "router 0 node 0 router 1 router 2\nrouter 1 node 1 router 3\n\
             router 2 node 2 router 3\nrouter 3 node 3\n"
        );
    }

    #[test]
    fn forwarding_nodes_are_routers_without_endpoints() {
        let net: Network = "kyklos1:n=2".parse().unwrap_or_else(|e| panic!("{e}"));
        let plan = AnynetPlan::of(&net);
        let t = net.topology();
        // Every node is a router (L-nodes have several links); only terminals have endpoints.
        assert!(plan.router.iter().all(Option::is_some));
        assert_eq!(plan.endpoint_count(), t.terminal_count());
        let text = anynet_text("kyklos1:n=2");
        let router_links: usize = text.matches(" router ").count();
        assert_eq!(router_links as u64, t.link_count());
        assert_eq!(text.lines().count(), t.node_count());
    }
}
