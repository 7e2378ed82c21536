//! Any text as a PDN FEN: parsed, and when it parses, set up on every variant's board and
//! printed again. Nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::rules::{Position, Rules};
use pdnkit::variant::Variant;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(fen) = pdnkit::fen::parse(text) else { return };
    let _ = fen.setup.to_string();
    for variant in Variant::ALL {
        if let Some(rules) = Rules::for_variant(variant)
            && let Ok(position) = Position::from_setup(rules, &fen.setup)
        {
            let _ = position.legal_moves();
        }
    }
});
