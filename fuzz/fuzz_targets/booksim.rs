//! Any bytes as a BookSim2 configuration file, and after a NUL byte its anynet network
//! file: `icn sim --config` and the simulation view's paste read it or say why not, and
//! what they read the view's fields hold whole.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (config, network) = match text.split_once('\0') {
        Some((c, n)) => (c, Some(n)),
        None => (&*text, None),
    };
    icn_fuzz::check_booksim(config, network);
});
