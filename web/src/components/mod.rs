//! The route explorer's pieces. Each reads [`crate::pages::RouteModel`] memos and displays
//! them; none computes anything about networks.

mod diagram_panel;
mod field_error;
mod info_panel;
mod path_list;
mod results;
mod route_fields;
mod topology_fields;

pub use diagram_panel::DiagramPanel;
pub use field_error::FieldError;
pub use info_panel::InfoPanel;
pub use path_list::PathList;
pub use results::ResultsPanel;
pub use route_fields::RouteFields;
pub use topology_fields::TopologyFields;
