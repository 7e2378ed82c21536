//! Baselines name files relative to their own directory (`pdnkit-baseline/2`): one written from
//! one directory matches when `check` runs from another, or names the files another way (a
//! directory walk, `./`, an absolute path, a link). A baseline of version 1, whose files are
//! named as the command line named them, still reads and matches those names.

use crate::support::cli::{assert_code, stdout, temp_dir};
use serde_json::Value;
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// An International game with one zero-padded square: one W-ZERO-PADDED-SQUARE.
const PADDED: &str = "[GameType \"20\"]\n1. 32-28 16-21 2. 37-32 11-16 3. 41-37 06-11 *\n";

fn check_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .current_dir(dir)
        .args(["check", "--no-config", "--fail-on", "warning"])
        .args(args)
        .output()
        .expect("run pdnkit")
}

/// `repo/games/a.pdn`, and `repo/ci/` for the baseline.
fn repository(name: &str) -> std::path::PathBuf {
    let root = temp_dir(name);
    fs::create_dir_all(root.join("games")).unwrap();
    fs::create_dir_all(root.join("ci")).unwrap();
    fs::write(root.join("games/a.pdn"), PADDED).unwrap();
    root
}

#[track_caller]
fn assert_all_known(out: &Output) {
    assert_code(out, 0, "every finding known");
    assert!(
        stdout(out).contains(
            "1 known finding left out by the baseline; 0 of its findings no longer occur"
        ),
        "{}",
        stdout(out)
    );
}

#[test]
fn a_baseline_written_in_one_directory_matches_from_any_other() {
    let root = repository("anywhere");
    let write = check_in(&root, &["games", "--write-baseline", "ci/known.json"]);
    assert_code(&write, 1, "the warning fails the run that records it");
    let text = fs::read_to_string(root.join("ci/known.json")).unwrap();
    let baseline: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(baseline["schema"], "pdnkit-baseline/2");
    assert_eq!(baseline["findings"][0]["file"], "../games/a.pdn", "{text}");

    let absolute_file = root.join("games/a.pdn");
    let absolute_baseline = root.join("ci/known.json");
    let runs: [(&Path, Vec<&str>); 5] = [
        (&root, vec!["games/a.pdn", "--baseline", "ci/known.json"]),
        (&root, vec!["./games/", "--baseline", "./ci/known.json"]),
        (
            &root.join("ci"),
            vec!["../games", "--baseline", "known.json"],
        ),
        (
            &root.join("games"),
            vec!["a.pdn", "--baseline", "../ci/known.json"],
        ),
        (
            Path::new("/"),
            vec![
                absolute_file.to_str().unwrap(),
                "--baseline",
                absolute_baseline.to_str().unwrap(),
            ],
        ),
    ];
    for (dir, args) in runs {
        assert_all_known(&check_in(dir, &args));
    }
    // The repository moved elsewhere: the names inside it still hold.
    let moved = temp_dir("anywhere-moved");
    fs::remove_dir_all(&moved).unwrap();
    fs::rename(&root, &moved).unwrap();
    assert_all_known(&check_in(
        &moved.join("ci"),
        &["../games", "--baseline", "known.json"],
    ));
    // The same game in another file: its finding is not known there.
    fs::write(moved.join("games/b.pdn"), PADDED).unwrap();
    let out = check_in(&moved, &["games", "--baseline", "ci/known.json"]);
    assert_code(&out, 1, "the copy in b.pdn is new");
    let text = stdout(&out);
    assert!(text.contains("b.pdn:2:"), "{text}");
    assert!(
        text.contains("1 known finding left out by the baseline"),
        "{text}"
    );
    fs::remove_dir_all(&moved).ok();
}

#[test]
fn a_link_to_the_file_is_the_file() {
    let root = repository("link");
    let write = check_in(&root, &["games/a.pdn", "--write-baseline", "known.json"]);
    assert_code(&write, 1, "recorded");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(root.join("games"), root.join("linked")).unwrap();
        assert_all_known(&check_in(
            &root,
            &["linked/a.pdn", "--baseline", "known.json"],
        ));
    }
    fs::remove_dir_all(&root).ok();
}

#[test]
fn a_version_1_baseline_matches_the_names_it_holds() {
    let root = repository("version-1");
    let write = check_in(&root, &["games/a.pdn", "--write-baseline", "ci/known.json"]);
    assert_code(&write, 1, "recorded");
    // As an older pdnkit wrote it: schema 1, the file as the command line named it.
    let old = fs::read_to_string(root.join("ci/known.json"))
        .unwrap()
        .replace("pdnkit-baseline/2", "pdnkit-baseline/1")
        .replace("../games/a.pdn", "games/a.pdn");
    fs::write(root.join("ci/known.json"), old).unwrap();
    assert_all_known(&check_in(
        &root,
        &["games/a.pdn", "--baseline", "ci/known.json"],
    ));
    // From elsewhere the name differs, as it did then: nothing matches.
    let out = check_in(
        &root.join("ci"),
        &["../games/a.pdn", "--baseline", "known.json"],
    );
    assert_code(&out, 1, "a version 1 baseline names files as given");
    fs::remove_dir_all(&root).ok();
}
