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
