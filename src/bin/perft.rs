//! Perft from the start position (or a FEN once the parser lands), with timing.
//! Usage: `cargo run --release --bin perft -- <variant> <depth> [--divide]`

use pdnkit::rules::{Position, Rules, divide, perft};
use pdnkit::variant::Variant;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(depth)) = (args.first(), args.get(1)) else {
        eprintln!("usage: perft <variant> <depth> [--divide]");
        std::process::exit(2);
    };
    let Some(rules) = name.parse::<Variant>().ok().and_then(Rules::for_variant) else {
        eprintln!("unknown or unsupported variant `{name}`");
        std::process::exit(2);
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("depth `{depth}` is not a number");
        std::process::exit(2);
    };
    let pos = Position::initial(rules);
    if args.iter().any(|a| a == "--divide") {
        for (m, n) in divide(&pos, depth) {
            println!("{}\t{n}", pos.move_full_text(&m));
        }
    }
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = perft(&pos, d);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{} depth {d}: {nodes} leaves, {secs:.3} s, {:.1} M leaves/s",
            rules.variant,
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
}
