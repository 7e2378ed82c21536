//! Any text as the move text of a game of some variant (the first byte picks it): read,
//! replayed and checked. Nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::check::{CheckOptions, check_game};
use pdnkit::convert::{Converter, Options};
use pdnkit::reader::{ReadOptions, read_str};
use pdnkit::variant::Variant;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, moves)) = data.split_first() else { return };
    let variant = Variant::ALL[pick as usize % Variant::ALL.len()];
    let Ok(moves) = std::str::from_utf8(moves) else { return };
    let text = format!("{}\n\n{moves}", variant.header_tag());
    let mut converter = Converter::new(Options::default());
    for mut game in read_str(&text, ReadOptions::default()) {
        let _ = check_game(&game, &CheckOptions::default());
        let _ = converter.convert(&mut game);
    }
});
