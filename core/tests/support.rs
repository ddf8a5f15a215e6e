//! Checks shared by the families' tests.

use icn_core::topology::Orbits;
use icn_core::Topology;

/// An [`Orbits`]' closed-form orbit sizes equal the counts over every node and channel,
/// and its destination orbits cover the terminals.
pub fn assert_orbit_sizes(t: &dyn Topology, orbits: &dyn Orbits, what: &str) {
    let mut channels = vec![0u64; orbits.channel_orbit_count()];
    let mut nodes = vec![0u64; orbits.node_orbit_count()];
    let mut out = Vec::new();
    for u in 0..t.node_count() {
        nodes[orbits.node_orbit(u)] += 1;
        out.clear();
        t.neighbours(u, &mut out);
        for &v in &out {
            channels[orbits.channel_orbit(u, v)] += 1;
        }
    }
    if let Some(sizes) = orbits.channel_orbit_sizes() {
        assert_eq!(sizes, channels, "{what}: channel orbit sizes");
    }
    if let Some(sizes) = orbits.node_orbit_sizes() {
        assert_eq!(sizes, nodes, "{what}: node orbit sizes");
    }
    let covered: u64 = orbits.destinations().iter().map(|&(_, size)| size).sum();
    assert_eq!(
        covered,
        t.terminal_count() as u64,
        "{what}: destination orbits"
    );
}
