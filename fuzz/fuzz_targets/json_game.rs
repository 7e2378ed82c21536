//! Any bytes as one line of pdnkit's JSON game model (what `convert --to json` writes and
//! `convert` reads back): a game that reads is converted (replayed) and written as PDN and as
//! JSON. Nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::convert::{Converter, Options, json, pdn};

fuzz_target!(|data: &[u8]| {
    let Ok(mut game) = json::read_game(data, 1) else { return };
    let mut converter = Converter::new(Options::default());
    let _ = converter.convert(&mut game);
    let mut text = String::new();
    let _ = pdn::write_game(&game, &mut text);
    let _ = serde_json::to_string(&game);
});
