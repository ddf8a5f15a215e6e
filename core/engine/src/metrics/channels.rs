//! [`ChannelLoads`], the result every load computation returns (by destination passes in
//! [`super::loads`], by batched sources in [`super::brandes`]), and how both finish it.

use icn_graph::math::tidy;
use icn_graph::Node;

/// The load of every directed channel, in the order of the topology's neighbour lists.
#[derive(Debug, Clone, PartialEq)]
pub struct ChannelLoads {
    /// `targets[offsets[u] .. offsets[u + 1]]` are the neighbours of u.
    pub offsets: Vec<usize>,
    /// Channel heads.
    pub targets: Vec<Node>,
    /// `loads[k]` is the load of channel u → targets[k].
    pub loads: Vec<f64>,
    /// Traffic forwarded by each node (excluding what a terminal sends or receives itself).
    pub node_loads: Vec<f64>,
}

impl ChannelLoads {
    /// Every channel as (from, to, load).
    pub fn iter(&self) -> impl Iterator<Item = (Node, Node, f64)> + '_ {
        (0..self.offsets.len() - 1).flat_map(move |u| {
            (self.offsets[u]..self.offsets[u + 1]).map(move |k| (u, self.targets[k], self.loads[k]))
        })
    }

    /// The load of channel u → v, if it exists.
    pub fn load(&self, u: Node, v: Node) -> Option<f64> {
        (self.offsets[u]..self.offsets[u + 1])
            .find(|&k| self.targets[k] == v)
            .map(|k| self.loads[k])
    }
}

/// The loads as computed, each tidied to the nearest short decimal where it is one.
pub(super) fn finish(
    offsets: Vec<usize>,
    targets: Vec<Node>,
    mut loads: Vec<f64>,
    mut node_loads: Vec<f64>,
) -> ChannelLoads {
    loads.iter_mut().for_each(|l| *l = tidy(*l));
    node_loads.iter_mut().for_each(|l| *l = tidy(*l));
    ChannelLoads {
        offsets,
        targets,
        loads,
        node_loads,
    }
}
