//! The views' pieces (the route explorer's, then the walkthrough's `walk_*`). Each reads [`crate::pages::RouteModel`] memos and displays
//! them; none computes anything about networks.

mod d3_panel;
mod diagram_panel;
mod field_error;
mod info_panel;
mod path_list;
mod results;
mod route_fields;
mod topology_fields;
mod walk_analysis;
mod walk_diagram;
mod walk_fields;
mod walk_player;

pub use d3_panel::D3Panel;
pub use diagram_panel::DiagramPanel;
pub use field_error::FieldError;
pub use info_panel::InfoPanel;
pub use path_list::PathList;
pub use results::ResultsPanel;
pub use route_fields::RouteFields;
pub use topology_fields::TopologyFields;
pub use walk_analysis::WalkAnalysis;
pub use walk_diagram::WalkDiagram;
pub use walk_fields::WalkFields;
pub use walk_player::WalkPlayer;
