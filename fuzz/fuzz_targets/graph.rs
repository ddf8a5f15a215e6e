//! Any bytes as a graph text (an edge list or a BookSim2 anynet file): it is read or
//! refused with a message; a graph read round-trips through its spec and through an
//! anynet export.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    icn_fuzz::check_graph_text(&String::from_utf8_lossy(data));
});
