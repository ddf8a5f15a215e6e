//! The fabric: a network's nodes as routers with numbered ports, the channels between
//! them (with their latencies) and the endpoints, in flat arrays.
//!
//! Which nodes are routers and which endpoints is [`AnynetPlan`]'s answer (what `icn
//! export --format anynet` writes for BookSim2): a terminal with one link to a switch is an
//! endpoint of that switch; every other node is a router, and a terminal router gets the
//! network's concentration of endpoints. Router r's ports are its endpoints' ports first
//! (injection in, ejection out), then one per neighbouring router, in neighbour order;
//! ports are numbered globally, `port_start[r] ..port_start[r + 1]`.
//!
//! A network of one-way channels (a butterfly, BookSim2's `fly`) has routers whose port i
//! takes its input from the router's i-th channel in and its output to its i-th channel
//! out, as BookSim2's `fly` numbers them: a terminal injects at the router its one channel
//! leads to and ejects from the router its one channel comes from, which may differ.

use super::config::SimError;
use icn_engine::io::AnynetPlan;
use icn_engine::network::Network;
use icn_graph::{channel_phases, Node, Topology};

/// The most ports the fabric holds (channels × 2 plus endpoints).
pub const MAX_PORTS: usize = 1 << 24;

/// Where an output port leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sink {
    /// Another router's input port (global index).
    Router(u32),
    /// An endpoint (ejection).
    Endpoint(u32),
}

/// The routers, ports, channels and endpoints of a network.
#[derive(Debug, Clone)]
pub struct Fabric {
    /// Each router's node.
    pub router_node: Vec<Node>,
    /// Each node's router, or `u32::MAX` for a node that is an endpoint.
    pub node_router: Vec<u32>,
    /// Ports of router r: `port_start[r] .. port_start[r + 1]`.
    pub port_start: Vec<u32>,
    /// The router a port belongs to.
    pub port_router: Vec<u32>,
    /// Where each output port leads.
    pub sink: Vec<Sink>,
    /// What feeds each input port: the upstream router's output port, or an endpoint.
    pub source: Vec<Sink>,
    /// The node at the other end of each port (an endpoint's node for endpoint ports).
    pub peer: Vec<Node>,
    /// Latency of the channel leaving each output port (1 for ejection).
    pub latency: Vec<u32>,
    /// Each endpoint's router, where it injects.
    pub endpoint_router: Vec<u32>,
    /// Each endpoint's injection port at its router.
    pub endpoint_port: Vec<u32>,
    /// The router each endpoint ejects from (its `endpoint_router` but on one-way
    /// channels).
    pub eject_router: Vec<u32>,
    /// Each endpoint's ejection port (its `endpoint_port` but on one-way channels).
    pub eject_port: Vec<u32>,
    /// Each endpoint's node: the terminal itself, or its router when the router is the
    /// terminal (several endpoints per router under concentration).
    pub endpoint_node: Vec<Node>,
}

impl Fabric {
    /// The fabric of `net` with `local` cycles on each channel between routers and
    /// `global` on a channel that crosses a phase boundary.
    ///
    /// # Errors
    /// [`SimError::Network`] for no endpoints, too many ports, or one-way channels that
    /// are not a router's equal numbers in and out with each terminal on one channel in
    /// and one out.
    pub fn of(net: &Network, local: u32, global: u32) -> Result<Fabric, SimError> {
        let t = net.topology();
        let ports = t
            .channel_count()
            .saturating_add(t.node_count() as u64 * u64::from(net.concentration().max(1)));
        if ports > MAX_PORTS as u64 {
            return Err(SimError::Network(format!(
                "{} has about {ports} ports; the simulator takes at most {MAX_PORTS}",
                net.spec()
            )));
        }
        let plan = AnynetPlan::of(net);
        let endpoints = plan.endpoint_count();
        if endpoints < 1 {
            return Err(SimError::Network(format!(
                "{} has no endpoints",
                net.spec()
            )));
        }
        if t.directed() {
            return one_way(t, &plan, local).ok_or_else(|| {
                SimError::Network(format!(
                    "{} has one-way channels that the simulator cannot attach: it takes \
                     routers with as many channels in as out and terminals with one channel \
                     each way",
                    net.spec()
                ))
            });
        }
        Ok(build(t, &plan, local, global))
    }

    /// Gives each channel between routers the on-chip latency `net` has for it
    /// ([`Network::noc_latency`], BookSim2's `use_noc_latency`); the others keep theirs.
    pub fn with_noc_latencies(mut self, net: &Network) -> Fabric {
        for p in 0..self.ports() {
            if let Sink::Router(_) = self.sink[p] {
                let u = self.router_node[self.port_router[p] as usize];
                if let Some(l) = net.noc_latency(u, self.peer[p]) {
                    self.latency[p] = l;
                }
            }
        }
        self
    }

    /// The number of routers.
    pub fn routers(&self) -> usize {
        self.router_node.len()
    }

    /// The number of ports.
    pub fn ports(&self) -> usize {
        self.sink.len()
    }

    /// The number of endpoints.
    pub fn endpoints(&self) -> usize {
        self.endpoint_router.len()
    }

    /// The output port of router `r` towards node `v`, if they are linked.
    #[inline]
    pub fn port_to(&self, r: u32, v: Node) -> Option<u32> {
        let (a, b) = (self.port_start[r as usize], self.port_start[r as usize + 1]);
        (a..b).find(|&p| {
            self.peer[p as usize] == v && matches!(self.sink[p as usize], Sink::Router(_))
        })
    }
}

fn build(t: &dyn Topology, plan: &AnynetPlan, local: u32, global: u32) -> Fabric {
    let n = t.node_count();
    let mut node_router = vec![u32::MAX; n];
    let mut router_node = Vec::new();
    for (v, (slot, router)) in node_router.iter_mut().zip(&plan.router).enumerate() {
        if let Some(r) = *router {
            *slot = r;
            debug_assert_eq!(r as usize, router_node.len());
            router_node.push(v);
        }
    }
    let endpoints = plan.endpoint_count();
    let endpoint_node = vec![0; endpoints];
    // An endpoint written as a node of its own keeps that node; the others are their router.
    let mut buf = Vec::new();
    let mut attached: Vec<Vec<Node>> = vec![Vec::new(); router_node.len()];
    for v in 0..n {
        if plan.router[v].is_none() {
            buf.clear();
            t.neighbours(v, &mut buf);
            if let Some(&w) = buf.first() {
                attached[node_router[w] as usize].push(v);
            }
        }
    }
    let mut f = Fabric::empty(router_node, node_router, endpoint_node);
    let phases = channel_phases(t);
    for (r, hosts) in attached.iter().enumerate() {
        let u = f.router_node[r];
        for (i, &e) in plan.endpoints[r].iter().enumerate() {
            let node = hosts.get(i).copied().unwrap_or(u);
            let p = f.sink.len() as u32;
            f.endpoint_router[e as usize] = r as u32;
            f.endpoint_port[e as usize] = p;
            f.endpoint_node[e as usize] = node;
            f.push_port(r, Sink::Endpoint(e), node, 1);
        }
        buf.clear();
        t.neighbours(u, &mut buf);
        for &v in &buf {
            if f.node_router[v] != u32::MAX {
                let lat = if phases.phase_boundary(u, v) {
                    global
                } else {
                    local
                };
                f.push_port(r, Sink::Router(u32::MAX), v, lat);
            }
        }
        f.port_start.push(f.sink.len() as u32);
    }
    // Join each router port to its peer's port back.
    for p in 0..f.ports() {
        if let Sink::Router(_) = f.sink[p] {
            let r = f.port_router[p];
            let peer = f.node_router[f.peer[p]];
            let back = f
                .port_to(peer, f.router_node[r as usize])
                .unwrap_or(u32::MAX);
            f.sink[p] = Sink::Router(back);
            f.source[back as usize] = Sink::Router(p as u32);
        }
    }
    f.eject_router.clone_from(&f.endpoint_router);
    f.eject_port.clone_from(&f.endpoint_port);
    f
}

/// The fabric of a network of one-way channels: router r's port i takes the i-th channel
/// into its node and drives the i-th channel out of it; a terminal (a node that does not
/// forward) is the endpoint of the router it sends to (where it injects) and of the one it
/// receives from (where it ejects). `None` when a router has more channels one way than
/// the other, or a terminal more than one each way.
fn one_way(t: &dyn Topology, plan: &AnynetPlan, local: u32) -> Option<Fabric> {
    let n = t.node_count();
    let mut node_router = vec![u32::MAX; n];
    let mut router_node = Vec::new();
    let mut node_endpoint = vec![u32::MAX; n];
    let mut endpoint_node = Vec::new();
    for v in 0..n {
        if t.forwards(v) {
            node_router[v] = router_node.len() as u32;
            router_node.push(v);
        } else {
            node_endpoint[v] = endpoint_node.len() as u32;
            endpoint_node.push(v);
        }
    }
    if endpoint_node.len() != plan.endpoint_count() {
        return None;
    }
    let mut f = Fabric::empty(router_node, node_router, endpoint_node);
    let (mut ins, mut outs) = (Vec::new(), Vec::new());
    // The input port each (tail node, head router) channel reaches, to join outputs to.
    let mut entry: Vec<(Node, u32, u32)> = Vec::new();
    for r in 0..f.routers() {
        let u = f.router_node[r];
        ins.clear();
        outs.clear();
        t.in_neighbours(u, &mut ins);
        t.neighbours(u, &mut outs);
        if ins.len() != outs.len() {
            return None;
        }
        for (&from, &to) in ins.iter().zip(&outs) {
            let p = f.sink.len() as u32;
            let (source, sink, lat) = (
                match node_endpoint[from] {
                    u32::MAX => Sink::Router(u32::MAX),
                    e => Sink::Endpoint(e),
                },
                match node_endpoint[to] {
                    u32::MAX => Sink::Router(u32::MAX),
                    e => Sink::Endpoint(e),
                },
                if f.node_router[to] == u32::MAX {
                    1
                } else {
                    local
                },
            );
            if let Sink::Endpoint(e) = source {
                let e = e as usize;
                if f.endpoint_port[e] != u32::MAX {
                    return None;
                }
                (f.endpoint_router[e], f.endpoint_port[e]) = (r as u32, p);
            } else {
                entry.push((from, r as u32, p));
            }
            if let Sink::Endpoint(e) = sink {
                let e = e as usize;
                if f.eject_port[e] != u32::MAX {
                    return None;
                }
                (f.eject_router[e], f.eject_port[e]) = (r as u32, p);
            }
            f.push(r, (source, sink), to, lat);
        }
        f.port_start.push(f.sink.len() as u32);
    }
    if f.endpoint_port.contains(&u32::MAX) || f.eject_port.contains(&u32::MAX) {
        return None;
    }
    // Join each output to a router with the input its channel reaches (parallel channels
    // between two routers in order).
    entry.sort_unstable();
    let mut used = vec![false; entry.len()];
    for p in 0..f.ports() {
        if let Sink::Router(_) = f.sink[p] {
            let (tail, head) = (
                f.router_node[f.port_router[p] as usize],
                f.node_router[f.peer[p]],
            );
            let first = entry.partition_point(|&(v, r, _)| (v, r) < (tail, head));
            let i = (first..entry.len())
                .find(|&i| entry[i].0 == tail && entry[i].1 == head && !used[i])?;
            used[i] = true;
            let back = entry[i].2;
            f.sink[p] = Sink::Router(back);
            f.source[back as usize] = Sink::Router(p as u32);
        }
    }
    Some(f)
}

impl Fabric {
    /// The routers and endpoints, with no port yet (every endpoint's ports unset).
    fn empty(router_node: Vec<Node>, node_router: Vec<u32>, endpoint_node: Vec<Node>) -> Fabric {
        let endpoints = endpoint_node.len();
        Fabric {
            router_node,
            node_router,
            port_start: vec![0],
            port_router: Vec::new(),
            sink: Vec::new(),
            source: Vec::new(),
            peer: Vec::new(),
            latency: Vec::new(),
            endpoint_router: vec![u32::MAX; endpoints],
            endpoint_port: vec![u32::MAX; endpoints],
            eject_router: vec![u32::MAX; endpoints],
            eject_port: vec![u32::MAX; endpoints],
            endpoint_node,
        }
    }

    /// A port of router `r`: fed by `source`, leading to `sink` at node `peer`.
    fn push(&mut self, r: usize, (source, sink): (Sink, Sink), peer: Node, latency: u32) {
        self.port_router.push(r as u32);
        self.source.push(source);
        self.sink.push(sink);
        self.peer.push(peer);
        self.latency.push(latency);
    }

    /// A two-way port of router `r`: in from and out to `sink`.
    fn push_port(&mut self, r: usize, sink: Sink, peer: Node, latency: u32) {
        self.push(r, (sink, sink), peer, latency);
    }
}
