//! The views' pieces (the route explorer's, the walkthrough's `walk_*`, the join view's
//! `join_*`). Each reads [`crate::pages::RouteModel`] memos and displays
//! them; none computes anything about networks.

mod chart_canvas;
mod cost_gate;
mod d3_panel;
mod diagram_panel;
mod embed_panel;
mod field_error;
mod info_panel;
mod job_progress;
mod join_diagram;
mod join_fields;
mod join_grid;
mod join_result;
mod lens_loads;
mod path_button;
mod path_list;
mod results;
mod route_fields;
mod routing_strings;
mod strategy_compare;
mod text_field;
mod topology_fields;
mod walk_analysis;
mod walk_diagram;
mod walk_fields;
mod walk_player;

pub use chart_canvas::ChartCanvas;
pub use cost_gate::CostGate;
pub use d3_panel::D3Panel;
pub use diagram_panel::DiagramPanel;
pub use embed_panel::EmbedPanel;
pub use field_error::FieldError;
pub use info_panel::InfoPanel;
pub use job_progress::{job_progress, job_status};
pub use join_diagram::JoinDiagram;
pub use join_fields::JoinFields;
pub use join_grid::JoinGridPanel;
pub use join_result::JoinResult;
pub use lens_loads::{LensLoadsCard, LensLoadsLink};
pub use path_button::PathButton;
pub use path_list::PathList;
pub use results::ResultsPanel;
pub use route_fields::RouteFields;
pub use routing_strings::RoutingStrings;
pub use strategy_compare::StrategyCompare;
pub use text_field::TextField;
pub use topology_fields::TopologyFields;
pub use walk_analysis::WalkAnalysis;
pub use walk_diagram::WalkDiagram;
pub use walk_fields::WalkFields;
pub use walk_player::WalkPlayer;
