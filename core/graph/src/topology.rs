//! What a network is, in small traits (petgraph's manner): the graph itself ([`Graph`]:
//! nodes, channels, terminals) and its addresses ([`Addresses`]), which every family has,
//! and the capabilities a family offers only when it has them, discovered through
//! [`Topology`]: closed-form distances ([`Distances`]), symmetry ([`Symmetry`], with
//! [`Translations`] and [`Orbits`]) and channel phases ([`ChannelPhases`]: datelines and
//! phase boundaries). An algorithm asks for the smallest trait it needs: a breadth-first
//! search takes a [`Graph`], a listing of addresses a [`Topology`].

use crate::error::AddressError;
use crate::Node;

/// A connected interconnection network with dense node indices: its nodes and channels.
///
/// Most networks are undirected: every link carries traffic both ways, as two channels.
/// A [`Graph::directed`] one (a butterfly) lists its one-way channels instead: `v`'s
/// [`Graph::neighbours`] are the nodes it sends to, its [`Graph::in_neighbours`]
/// those it receives from, and every terminal reaches every other.
///
/// Implementors validate their parameters once at construction, so every method here
/// may assume a well-formed network.
pub trait Graph {
    /// The number of nodes, N.
    fn node_count(&self) -> usize;

    /// Appends the neighbours of `v` to `out`: no duplicates, never `v` itself. In a
    /// directed network, the heads of the channels leaving `v`.
    fn neighbours(&self, v: Node, out: &mut Vec<Node>);

    /// Whether links are one-way channels (see the trait's documentation).
    fn directed(&self) -> bool {
        false
    }

    /// Appends the nodes with a channel into `v`: its neighbours unless
    /// [`Graph::directed`].
    fn in_neighbours(&self, v: Node, out: &mut Vec<Node>) {
        self.neighbours(v, out);
    }

    /// Whether `v` passes traffic on. A node that does not (a butterfly's processor, whose
    /// one channel out is its injection and one channel in its ejection) starts and ends
    /// paths but is never inside one; searches do not expand it.
    fn forwards(&self, _v: Node) -> bool {
        true
    }

    /// Nodes `0 .. terminal_count()` are terminals: the processors or leaves that send
    /// and receive traffic. The others (busses, switches, tree nodes) only forward it.
    /// Distance distributions and loads are over ordered pairs of terminals.
    fn terminal_count(&self) -> usize {
        self.node_count()
    }

    /// The number of links: undirected ones, or the one-way channels of a
    /// [`Graph::directed`] network. The default sums degrees: O(N·degree).
    fn link_count(&self) -> u64 {
        let mut buf = Vec::new();
        let mut sum = 0u64;
        for v in 0..self.node_count() {
            buf.clear();
            self.neighbours(v, &mut buf);
            sum += buf.len() as u64;
        }
        if self.directed() {
            sum
        } else {
            sum / 2
        }
    }

    /// The number of channels: two per undirected link, one per directed one.
    fn channel_count(&self) -> u64 {
        if self.directed() {
            self.link_count()
        } else {
            2 * self.link_count()
        }
    }
}

/// A network's node addresses, as people write them.
pub trait Addresses {
    /// The canonical address of `v`, as [`Addresses::parse_node`] reads it.
    fn format_node(&self, v: Node) -> String;

    /// Reads an address; the error names the offending character and why.
    ///
    /// # Errors
    /// [`AddressError`] when the text is not an address of this network.
    fn parse_node(&self, text: &str) -> Result<Node, AddressError>;
}

/// A network as the engine sees it: a [`Graph`] with [`Addresses`], and the optional
/// capabilities it has, each `None` (the default) where the family has no such thing.
pub trait Topology: Graph + Addresses {
    /// Closed-form distances, where the family knows them.
    fn distances(&self) -> Option<&dyn Distances> {
        None
    }

    /// The symmetry the family declares: translations, automorphisms, or only that its
    /// terminals all look alike.
    fn symmetry(&self) -> Option<&dyn Symmetry> {
        None
    }

    /// Datelines and phase boundaries, where the network has them (deadlock analysis and
    /// the simulator switch virtual channel there).
    fn channel_phases(&self) -> Option<&dyn ChannelPhases> {
        None
    }

    /// A cost hint: the smallest and largest degree of a terminal, where a closed form
    /// gives them (`None`, the default: `Network::info` counts them node by node, or from
    /// terminal 0 alone on a terminal-transitive network).
    fn terminal_degree_range(&self) -> Option<(u64, u64)> {
        None
    }
}

/// Distances in closed form.
pub trait Distances {
    /// The exact distance from `a` to `b` in O(1)-ish time; `None` where `b` cannot be
    /// reached from `a` (a directed network's non-terminals).
    fn distance(&self, a: Node, b: Node) -> Option<u32>;

    /// How many nodes lie at each distance from `src` (index = distance), where a
    /// closed form is known; lets metrics skip the breadth-first search.
    fn distance_counts_from(&self, _src: Node) -> Option<Vec<u64>> {
        None
    }
}

/// The symmetry a family declares. Metrics and loads use the strongest one offered.
pub trait Symmetry {
    /// A group of translations that acts transitively on the nodes and maps channels to
    /// channels (the network is vertex-transitive); metrics then need a single source
    /// (or destination). Every node must then be a terminal.
    fn translations(&self) -> Option<&dyn Translations> {
        None
    }

    /// Whether automorphisms act transitively on the terminals (every terminal sees the same
    /// distances to the terminals, as processor 0 does). Distance distributions then need
    /// the breadth-first search from terminal 0 only. Implied by
    /// [`Symmetry::translations`]; meant for networks whose forwarding nodes break
    /// vertex transitivity (KYKLOS's IB-nodes).
    fn terminal_transitive(&self) -> bool {
        self.translations().is_some()
    }

    /// A group of automorphisms that maps terminals to terminals, by its orbits, for
    /// networks that are not vertex-transitive but have few orbits of terminals (the
    /// Swapped Dragonfly's diagonal and other routers). Every routing that only follows
    /// the graph's distances (minimal routing) commutes with it, and returns it from
    /// `RouteSymmetry::orbits`; loads then need one destination per orbit of terminals.
    fn automorphisms(&self) -> Option<Box<dyn Orbits + '_>> {
        None
    }
}

/// A vertex-transitive network's translation group, by its channel orbits.
pub trait Translations {
    /// The orbit of the directed channel `u -> v` under the translation group: a dense
    /// index below [`Translations::channel_class_count`]; `Some` for every channel. Every
    /// orbit has exactly N channels.
    fn channel_class(&self, u: Node, v: Node) -> Option<usize>;

    /// The number of channel orbits under the translation group.
    fn channel_class_count(&self) -> usize;
}

/// Where a route changes phase, for deadlock analysis and the simulator's virtual
/// channels.
pub trait ChannelPhases {
    /// The dimension of channel u → v and whether it crosses that dimension's dateline
    /// (a ring's wrap-around link), where the network is made of rings (tori); `None`
    /// elsewhere. Deadlock analysis switches virtual channel there.
    fn dateline(&self, _u: Node, _v: Node) -> Option<(usize, bool)> {
        None
    }

    /// Whether crossing channel u → v starts a new phase of a route (a Dragonfly's global
    /// links: l-g-l routes are in phase 0, 0, then 1). Deadlock analysis may give each
    /// phase its own virtual channel.
    fn phase_boundary(&self, _u: Node, _v: Node) -> bool {
        false
    }
}

/// A group G of automorphisms of a network, described by its orbits.
///
/// G maps terminals to terminals and channels to channels. Loads under a routing that
/// commutes with G (next hops of g·u towards g·t are the images of those of u towards t)
/// follow from one destination per orbit of terminals: the load of channel e is
/// Σ_j |O_j| / |orbit(e)| · Σ_{e' ∈ orbit(e)} L_j(e'), with L_j the loads of the traffic
/// bound to O_j's representative (as the loads of the algorithms layer compute them). The orbits must
/// be exactly G's: a union of two orbits would average loads that differ.
pub trait Orbits {
    /// One representative per orbit of terminals, with the orbit's size (the sizes sum
    /// to the terminal count).
    fn destinations(&self) -> Vec<(Node, u64)>;
    /// How many [`Orbits::destinations`] there are, without listing them (estimates and
    /// plans ask this of networks whose orbits are too many to list).
    fn destination_count(&self) -> usize {
        self.destinations().len()
    }
    /// The orbit of the directed channel `u -> v`, below [`Orbits::channel_orbit_count`].
    fn channel_orbit(&self, u: Node, v: Node) -> usize;
    /// The number of channel orbits.
    fn channel_orbit_count(&self) -> usize;
    /// The orbit of node `u`, below [`Orbits::node_orbit_count`].
    fn node_orbit(&self, u: Node) -> usize;
    /// The number of node orbits.
    fn node_orbit_count(&self) -> usize;
    /// Each channel orbit's size, where a closed form is known (else loads count them,
    /// O(E)).
    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        None
    }
    /// Each node orbit's size, where a closed form is known (else loads count them).
    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        None
    }
}

/// The closed-form distance from `a` to `b`, where `topology` offers [`Distances`].
pub fn closed_distance<T: Topology + ?Sized>(topology: &T, a: Node, b: Node) -> Option<u32> {
    topology.distances()?.distance(a, b)
}

/// The closed-form distance counts from `src`, where `topology` offers them.
pub fn closed_distance_counts<T: Topology + ?Sized>(topology: &T, src: Node) -> Option<Vec<u64>> {
    topology.distances()?.distance_counts_from(src)
}

/// The translation group, where `topology` is vertex-transitive by one.
pub fn translations<T: Topology + ?Sized>(topology: &T) -> Option<&dyn Translations> {
    topology.symmetry()?.translations()
}

/// Whether every terminal sees the network alike ([`Symmetry::terminal_transitive`]).
pub fn terminal_transitive<T: Topology + ?Sized>(topology: &T) -> bool {
    topology
        .symmetry()
        .is_some_and(Symmetry::terminal_transitive)
}

/// The automorphism group's orbits, where `topology` declares one
/// ([`Symmetry::automorphisms`]).
pub fn automorphisms<T: Topology + ?Sized>(topology: &T) -> Option<Box<dyn Orbits + '_>> {
    topology.symmetry()?.automorphisms()
}

/// The network's channel phases, or the absence of any (no dateline, no phase boundary)
/// where it declares none.
pub fn channel_phases<T: Topology + ?Sized>(topology: &T) -> &dyn ChannelPhases {
    struct NoPhases;
    impl ChannelPhases for NoPhases {}
    topology.channel_phases().unwrap_or(&NoPhases)
}
