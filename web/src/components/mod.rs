//! Pieces shared by the views, generic over signals and callbacks: the diagram card, the
//! path list, the cost gate, the chart canvas, a part whose code loads as a wasm chunk, the
//! embed panel, the links from an embed to the full site, the theme switch, the links to
//! this network in other views, text and address fields and their errors, a graph's text
//! area, a job's progress, a long table's pager, a term of the notation with its
//! definition, the room a drawing has, a select's option for a value it does not list. None
//! imports a view ([`crate::features`]); none computes anything about networks.

mod address_field;
mod aggregate_view;
mod chart_canvas;
mod chunk_load;
mod cost_gate;
mod diagram_panel;
mod drawing_room;
mod embed_panel;
mod field_error;
mod file_read;
mod full_view_link;
mod graph_text;
mod job_progress;
mod pager;
mod path_button;
mod path_list;
mod related_links;
mod term;
mod text_field;
mod theme_switch;
mod unlisted;

pub use address_field::AddressField;
pub use aggregate_view::{AggregateDiagram, Opened};
pub use chart_canvas::ChartCanvas;
pub use chunk_load::{chunk_pending, chunk_state, fetch_chunk, Chunk};
pub use cost_gate::{confirm_gate, CostGate, Gate};
pub use diagram_panel::{
    channel_drawing, diagram_frame, focus_note, mode_toggle, picking_drawing, too_large, ClickMode,
    DiagramPanel,
};
pub use drawing_room::drawing_room;
pub(crate) use embed_panel::load_embed;
pub use embed_panel::EmbedPanel;
pub use field_error::FieldError;
pub use file_read::read_picked_file;
pub use full_view_link::FullViewLink;
pub use graph_text::GraphText;
pub use job_progress::{job_card_status, job_crashed, job_crashed_in, job_progress, job_status};
pub use pager::{page_rows, Pager};
pub use path_button::PathButton;
pub use path_list::{PathList, FIRST_PATHS};
pub use related_links::RelatedLinks;
pub use term::{Term, TermList};
pub use text_field::TextField;
pub use theme_switch::ThemeSwitch;
pub use unlisted::unlisted_option;
