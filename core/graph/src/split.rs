//! How a routing's choices share a unit of traffic.

use serde::{Deserialize, Serialize};

/// How a unit of traffic is divided among the routing's choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Split {
    /// Equally among the paths from source to destination (every path equally likely).
    #[default]
    PerPath,
    /// Equally among the next hops at every node (a random-greedy walk's expectation).
    PerHop,
}
