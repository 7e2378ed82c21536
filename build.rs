//! Tells the tests whether the public corpus (the PDN standard's test files, OCA_2.0, the perft
//! tables) is beside the checkout, in `../shared/corpus`: `cfg(corpus)` when it is. Tests that
//! need it are `#[cfg_attr(not(corpus), ignore = "...")]`, so a clone without it shows them as
//! ignored, with the reason, never as passing.
//!
//! The answer is taken once per build directory; `cargo clean` (or touching this file) asks again
//! after the corpus was added or removed.
//!
//! Likewise `cfg(chromium)` when a headless browser is on the `PATH` (the HTML pages' scripts
//! are tested in it); installing one changes a `PATH` directory, which asks again. And
//! `cfg(sarif_multitool)` when Microsoft's SARIF Multitool is (`npm install -g
//! @microsoft/sarif-multitool`, or its path in `SARIF_MULTITOOL`): the SARIF output is validated
//! with it, its path given to the tests as `SARIF_MULTITOOL_PATH`.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(corpus)");
    println!("cargo::rerun-if-changed=build.rs");
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let corpus = std::path::Path::new(&manifest).join("../shared/corpus");
    if corpus.is_dir() {
        println!("cargo::rustc-cfg=corpus");
    }
    println!("cargo::rustc-check-cfg=cfg(chromium)");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<_> = std::env::split_paths(&path).collect();
    let browser = dirs.iter().find_map(|dir| {
        ["chromium", "chromium-browser", "google-chrome"]
            .iter()
            .map(|name| dir.join(name))
            .find(|file| file.is_file())
    });
    println!("cargo::rustc-check-cfg=cfg(sarif_multitool)");
    println!("cargo::rerun-if-env-changed=SARIF_MULTITOOL");
    let multitool = std::env::var_os("SARIF_MULTITOOL")
        .map(std::path::PathBuf::from)
        .filter(|file| file.is_file())
        .or_else(|| {
            dirs.iter()
                .map(|dir| dir.join("sarif-multitool"))
                .find(|file| file.is_file())
        });
    if let Some(file) = multitool {
        println!("cargo::rustc-cfg=sarif_multitool");
        println!("cargo::rustc-env=SARIF_MULTITOOL_PATH={}", file.display());
        println!("cargo::rerun-if-changed={}", file.display());
    }
    match browser {
        Some(file) => {
            println!("cargo::rustc-cfg=chromium");
            println!("cargo::rerun-if-changed={}", file.display());
        }
        None => dirs
            .iter()
            .filter(|dir| dir.is_dir())
            .for_each(|dir| println!("cargo::rerun-if-changed={}", dir.display())),
    }
}
