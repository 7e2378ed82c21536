//! Running the `pdnkit` binary as a user does, for the CLI test files (`use crate::support::cli;`; each
//! uses some of these).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The binary, run from the repository root, with the user's colour settings cleared.
pub fn pdnkit() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_pdnkit"));
    c.current_dir(manifest());
    c.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    c
}

pub fn run(args: &[&str]) -> Output {
    pdnkit().args(args).output().expect("run pdnkit")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh directory under the system temp dir for this test (named after the test file).
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "pdnkit-{}-{}-{name}",
        module_path!().replace("::", "-"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[track_caller]
pub fn assert_code(out: &Output, code: i32, what: &str) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: exit code\nstdout:\n{}\nstderr:\n{}",
        stdout(out),
        stderr(out)
    );
}

/// `pdnkit perft ARGS`, which must succeed: what it prints (the count, or the `--divide` lines).
pub fn perft(args: &[&str]) -> String {
    let out = run(&[&["perft"], args].concat());
    assert_code(&out, 0, &format!("perft {args:?}"));
    stdout(&out).trim().to_string()
}

/// `pdnkit show FIXTURE --ply 6 --legal --svg` into `dir`: exit 0, and the drawing is of
/// `variant`'s board (its name in the drawing's label).
pub fn draws_its_board(fixture: &str, variant: &str, dir: &Path) {
    let svg = dir.join(format!("{variant}.svg"));
    let out = run(&[
        "show",
        fixture,
        "--ply",
        "6",
        "--legal",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_code(&out, 0, &format!("{variant}: show --svg"));
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawing.contains(&format!("{variant} board")),
        "{variant}: {drawing:.300}"
    );
}

/// `pdnkit convert FIXTURE -o DIR/VARIANT.pdn` (exit `code`), then `check` of what it wrote:
/// the converted text and the JSON report of its first game.
pub fn converted(
    fixture: &str,
    variant: &str,
    dir: &Path,
    code: i32,
) -> (String, serde_json::Value) {
    let converted = dir.join(format!("{variant}.pdn"));
    let out = run(&["convert", fixture, "-o", converted.to_str().unwrap()]);
    assert_code(&out, code, &format!("{variant}: convert"));
    let text = std::fs::read_to_string(&converted).unwrap();
    let again = run(&["check", converted.to_str().unwrap(), "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&stdout(&again)).unwrap();
    (text, report["files"][0]["games"][0].clone())
}
