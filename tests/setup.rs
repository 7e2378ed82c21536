//! How the crate is set up for a new user: the README's first command runs, `cargo install`
//! installs only `pdnkit`, and the toolchain it needs is declared.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `cargo metadata` of this package alone (no dependencies, so no network).
fn metadata() -> Value {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(manifest())
        .output()
        .expect("run cargo metadata");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("metadata is JSON")
}

/// `cargo run -- ...` fails ("could not determine which binary to run") when a package has two
/// binaries and no `default-run`; `cargo install --path .` would install both.
#[test]
fn the_package_has_one_binary_pdnkit() {
    let meta = metadata();
    let package = &meta["packages"][0];
    let bins: Vec<&str> = package["targets"]
        .as_array()
        .expect("targets")
        .iter()
        .filter(|t| {
            t["kind"]
                .as_array()
                .is_some_and(|k| k.iter().any(|k| k == "bin"))
        })
        .map(|t| t["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(bins, ["pdnkit"]);
}

/// The README says what a new user must install: the Rust version the crate declares, and a C
/// compiler (mimalloc is built from C).
#[test]
fn the_readme_says_what_to_install() {
    let meta = metadata();
    let version = meta["packages"][0]["rust_version"]
        .as_str()
        .expect("rust-version is set in Cargo.toml");
    let readme = std::fs::read_to_string(manifest().join("README.md")).expect("README.md");
    let intro = readme.split("## ").next().expect("the introduction");
    assert!(intro.contains(&format!("Rust {version}")), "{intro}");
    assert!(
        intro.contains("C\ncompiler") || intro.contains("C compiler"),
        "{intro}"
    );
    assert!(intro.contains("cargo install --path ."), "{intro}");
}

/// The README's first command, from its first `sh` block.
fn readme_first_command() -> String {
    let readme = std::fs::read_to_string(manifest().join("README.md")).expect("README.md");
    let block = readme.split("```sh\n").nth(1).expect("a sh block");
    block.lines().next().expect("a first line").to_string()
}

/// CI runs the README's first command, so a change that breaks it fails CI.
#[test]
fn ci_runs_the_readme_first_command() {
    let command = readme_first_command();
    assert!(command.starts_with("cargo run"), "{command}");
    let ci = std::fs::read_to_string(manifest().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.lines()
            .any(|l| !l.trim_start().starts_with('#') && l.contains(&command)),
        ".ci/run does not run `{command}`:\n{ci}"
    );
}

/// A test that skips work (the corpus is absent in a fresh clone) says so where `cargo test`
/// shows it: through `support/corpus.rs`'s `skip`, which writes to standard error itself. An
/// `eprintln!` is captured and hidden for a passing test, so the skip went unseen.
#[test]
fn skips_are_said_where_the_harness_shows_them() {
    fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("tests dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    rust_files(&manifest().join("tests"), &mut files);
    let mut hidden = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            // The message may sit on the line after `eprintln!(`.
            let call = line.contains("eprintln!(");
            let next = lines.get(i + 1).copied().unwrap_or("");
            let says_skip = |l: &str| l.to_lowercase().contains("skip");
            if call && (says_skip(line) || (line.trim_end().ends_with('(') && says_skip(next))) {
                hidden.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        hidden.is_empty(),
        "skips the harness hides:\n{}",
        hidden.join("\n")
    );
}
