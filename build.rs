//! Tells the tests whether the public corpus (the PDN standard's test files, OCA_2.0, the perft
//! tables) is beside the checkout, in `../shared/corpus`: `cfg(corpus)` when it is. Tests that
//! need it are `#[cfg_attr(not(corpus), ignore = "...")]`, so a clone without it shows them as
//! ignored, with the reason, never as passing.
//!
//! The answer is taken once per build directory; `cargo clean` (or touching this file) asks again
//! after the corpus was added or removed.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(corpus)");
    println!("cargo::rerun-if-changed=build.rs");
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let corpus = std::path::Path::new(&manifest).join("../shared/corpus");
    if corpus.is_dir() {
        println!("cargo::rustc-cfg=corpus");
    }
}
