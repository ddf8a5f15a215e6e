//! Any bytes as the page's address (its query string): the state it opens writes an
//! address that opens the same state.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    icn_fuzz::check_query(&String::from_utf8_lossy(data));
});
