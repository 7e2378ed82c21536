//! Any bytes as a PDN archive: read, then every game checked (replay, draws, result) and
//! written back as canonical PDN. Nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::check::{CheckOptions, check_game};
use pdnkit::convert::{Converter, Options, pdn};
use pdnkit::reader::{ReadOptions, Reader};

fuzz_target!(|data: &[u8]| {
    let mut converter = Converter::new(Options::default());
    for game in Reader::new(data, ReadOptions::default()) {
        let Ok(mut game) = game else { return };
        let _ = check_game(&game, &CheckOptions::default());
        let _ = converter.convert(&mut game);
        let mut text = String::new();
        let _ = pdn::write_game(&game, &mut text);
    }
});
