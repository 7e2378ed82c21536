//! `pdnkit check` under a policy: `--allow`, `--warn`, `--deny`, `--fail-on`, and `pdnkit.toml`
//! found in the current directory or an ancestor, with per-path rules.

use crate::support::corpus;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A legal International game with one zero-padded square: one W-ZERO-PADDED-SQUARE.
const PADDED: &str = "[GameType \"20\"]\n1. 32-28 16-21 2. 37-32 11-16 3. 41-37 06-11 *\n";
/// A legal game whose Result tag and terminator disagree: one E-RESULT-MISMATCH.
const MISMATCH: &str = "[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 16-21 0-2\n";

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pdnkit-policy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn check_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .current_dir(dir)
        .arg("check")
        .args(args)
        .output()
        .expect("run pdnkit")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

fn codes(report: &Value) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for file in report["files"].as_array().unwrap() {
        for game in file["games"].as_array().unwrap() {
            for f in game["findings"].as_array().unwrap() {
                found.push((
                    f["code"].as_str().unwrap().to_string(),
                    f["level"].as_str().unwrap().to_string(),
                ));
            }
        }
    }
    found
}

#[track_caller]
fn assert_exit(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn fail_on_warning_fails_a_run_with_only_warnings() {
    let dir = temp_dir("fail-on");
    std::fs::write(dir.join("a.pdn"), PADDED).unwrap();
    assert_exit(&check_in(&dir, &["a.pdn", "--no-config"]), 0);
    assert_exit(
        &check_in(&dir, &["a.pdn", "--no-config", "--fail-on", "warning"]),
        1,
    );
}

#[test]
fn allow_leaves_a_code_out_and_the_summary_says_how_many() {
    let dir = temp_dir("allow");
    std::fs::write(dir.join("a.pdn"), PADDED).unwrap();
    let args = ["a.pdn", "--no-config", "--fail-on", "warning"];
    let out = check_in(&dir, &[&args[..], &["--allow", "W-ZERO-*"]].concat());
    assert_exit(&out, 0);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("W-ZERO-PADDED-SQUARE"), "{text}");
    assert!(text.contains("1 finding left out by the policy"), "{text}");
    let out = check_in(
        &dir,
        &[&args[..], &["--allow", "style", "--format", "json"]].concat(),
    );
    assert_eq!(json(&out)["totals"]["allowed"], 1);
    assert!(codes(&json(&out)).is_empty());
}

#[test]
fn deny_and_warn_change_the_level() {
    let dir = temp_dir("deny");
    std::fs::write(dir.join("a.pdn"), PADDED).unwrap();
    std::fs::write(dir.join("b.pdn"), MISMATCH).unwrap();
    let denied = check_in(
        &dir,
        &[
            "a.pdn",
            "--no-config",
            "--deny",
            "W-ZERO-PADDED-SQUARE",
            "--format",
            "json",
        ],
    );
    assert_exit(&denied, 1);
    assert_eq!(
        codes(&json(&denied)),
        [("W-ZERO-PADDED-SQUARE".to_string(), "error".to_string())]
    );
    let warned = check_in(
        &dir,
        &[
            "b.pdn",
            "--no-config",
            "--warn",
            "result",
            "--format",
            "json",
        ],
    );
    assert_exit(&warned, 0);
    assert_eq!(
        codes(&json(&warned)),
        [("E-RESULT-MISMATCH".to_string(), "warning".to_string())]
    );
}

#[test]
fn an_unknown_code_is_a_usage_error_with_a_suggestion() {
    let dir = temp_dir("unknown-code");
    std::fs::write(dir.join("a.pdn"), PADDED).unwrap();
    let out = check_in(
        &dir,
        &["a.pdn", "--no-config", "--allow", "W-ZERO-PADED-SQUARE"],
    );
    assert_exit(&out, 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("did you mean `W-ZERO-PADDED-SQUARE`"), "{err}");
}

#[test]
fn pdnkit_toml_is_found_in_an_ancestor_and_the_command_line_overrides_it() {
    let dir = temp_dir("discovery");
    let games = dir.join("archive/games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("a.pdn"), PADDED).unwrap();
    std::fs::write(
        dir.join("archive/pdnkit.toml"),
        "fail-on = \"warning\"\n[codes]\n\"W-ZERO-PADDED-SQUARE\" = \"deny\"\n",
    )
    .unwrap();
    let out = check_in(&games, &["a.pdn", "--format", "json"]);
    assert_exit(&out, 1);
    assert_eq!(codes(&json(&out))[0].1, "error");
    // The command line wins over the file.
    let out = check_in(
        &games,
        &[
            "a.pdn",
            "--format",
            "json",
            "--allow",
            "W-ZERO-PADDED-SQUARE",
        ],
    );
    assert_exit(&out, 0);
    // And --no-config ignores the file.
    let out = check_in(&games, &["a.pdn", "--no-config", "--format", "json"]);
    assert_exit(&out, 0);
    assert_eq!(codes(&json(&out))[0].1, "warning");
}

#[test]
fn per_path_rules_apply_only_under_their_glob() {
    let dir = temp_dir("paths");
    std::fs::create_dir_all(dir.join("historic")).unwrap();
    std::fs::create_dir_all(dir.join("modern")).unwrap();
    std::fs::write(dir.join("historic/a.pdn"), PADDED).unwrap();
    std::fs::write(dir.join("modern/a.pdn"), PADDED).unwrap();
    std::fs::write(
        dir.join("pdnkit.toml"),
        "[[paths]]\nglob = \"historic/**\"\ncodes = { \"W-ZERO-PADDED-SQUARE\" = \"allow\" }\n",
    )
    .unwrap();
    let out = check_in(&dir, &["historic", "modern", "--format", "json"]);
    let report = json(&out);
    let per_file: Vec<usize> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["games"][0]["findings"].as_array().unwrap().len())
        .collect();
    assert_eq!(per_file, [0, 1], "historic/ allows it, modern/ does not");
}

#[test]
fn a_broken_config_is_a_located_usage_error() {
    let dir = temp_dir("broken");
    std::fs::write(dir.join("a.pdn"), PADDED).unwrap();
    std::fs::write(
        dir.join("pdnkit.toml"),
        "[codes]\n\"W-DATE-FORMAT\" = \"allow\"\n\"W-NO-SUCH\" = \"deny\"\n",
    )
    .unwrap();
    let out = check_in(&dir, &["a.pdn"]);
    assert_exit(&out, 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("pdnkit.toml:3:1: unknown code `W-NO-SUCH`"),
        "{err}"
    );
}

#[test]
fn naming_w_not_replayed_accepts_unreplayed_games_but_a_group_does_not() {
    let dir = temp_dir("unreplayed");
    std::fs::write(
        dir.join("a.pdn"),
        "[Variant \"Killer Checkers\"]\n1. c3-d4 f6-e5 *\n",
    )
    .unwrap();
    // (The unknown Variant tag's own warning is allowed, to leave W-NOT-REPLAYED alone.)
    let base = ["a.pdn", "--no-config", "--allow", "W-UNKNOWN-VARIANT-TAG"];
    assert_exit(&check_in(&dir, &base), 1);
    assert_exit(
        &check_in(&dir, &[&base[..], &["--warn", "W-NOT-REPLAYED"]].concat()),
        0,
    );
    assert_exit(
        &check_in(&dir, &[&base[..], &["--warn", "moves"]].concat()),
        1,
    );
}

#[test]
fn a_baseline_accepts_known_findings_and_fails_only_on_new_ones() {
    let dir = temp_dir("baseline");
    let second = "[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 16-21 2. 37-32 11-16 *\n";
    std::fs::write(dir.join("a.pdn"), format!("{PADDED}\n{second}")).unwrap();
    // A file of the user's beside the baseline is left alone (the baseline is written through
    // a temporary file of a fresh name).
    std::fs::write(dir.join("known.json.tmp"), "mine").unwrap();
    let args = ["a.pdn", "--no-config", "--fail-on", "warning"];
    let write = check_in(
        &dir,
        &[&args[..], &["--write-baseline", "known.json"]].concat(),
    );
    assert_exit(&write, 1);
    assert_eq!(
        std::fs::read_to_string(dir.join("known.json.tmp")).unwrap(),
        "mine"
    );
    let recorded = std::fs::read_to_string(dir.join("known.json")).unwrap();
    assert!(recorded.contains("\"W-ZERO-PADDED-SQUARE\""), "{recorded}");

    // Unchanged: everything is known.
    let again = check_in(&dir, &[&args[..], &["--baseline", "known.json"]].concat());
    assert_exit(&again, 0);
    assert!(
        String::from_utf8_lossy(&again.stdout).contains(
            "1 known finding left out by the baseline; 0 of its findings no longer occur"
        )
    );

    // A game added before the known one, and the second game edited to carry a new finding:
    // only the new finding is reported and fails the run.
    let edited =
        "[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 16-21 2. 37-32 11-16 3. 41-37 07-11 *\n";
    let added = "[Event \"new\"]\n[GameType \"20\"]\n1. 32-28 17-21 *\n";
    std::fs::write(dir.join("a.pdn"), format!("{added}\n{PADDED}\n{edited}")).unwrap();
    let out = check_in(
        &dir,
        &[&args[..], &["--baseline", "known.json", "--format", "json"]].concat(),
    );
    assert_exit(&out, 1);
    let report = json(&out);
    let games = report["files"][0]["games"].as_array().unwrap();
    let warned: Vec<u64> = games
        .iter()
        .filter(|g| {
            g["findings"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f["level"] == "warning")
        })
        .map(|g| g["index"].as_u64().unwrap())
        .collect();
    assert_eq!(warned, [3], "only the edited game has a new finding");
    assert_eq!(report["totals"]["baselined"], 1);

    // The known game removed: its entry is reported as no longer occurring.
    std::fs::write(dir.join("a.pdn"), second).unwrap();
    let out = check_in(&dir, &[&args[..], &["--baseline", "known.json"]].concat());
    assert_exit(&out, 0);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1 of its findings no longer occur"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn a_broken_baseline_is_a_usage_error_naming_the_file() {
    let dir = temp_dir("bad-baseline");
    std::fs::write(dir.join("a.pdn"), PADDED).unwrap();
    std::fs::write(dir.join("known.json"), "{\"schema\": 1").unwrap();
    let out = check_in(&dir, &["a.pdn", "--no-config", "--baseline", "known.json"]);
    assert_exit(&out, 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("known.json") && err.contains("line 1"),
        "{err}"
    );
}

/// Codes renamed with schema version 2 (`D-THREEFOLD` is `N-DRAW-THREEFOLD`): a `pdnkit.toml`
/// and a baseline written with the old spelling work as before.
#[test]
fn old_spellings_of_renamed_codes_still_work_in_config_and_baselines() {
    let dir = temp_dir("renamed");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/draws/international.pdn");
    std::fs::copy(fixture, dir.join("a.pdn")).unwrap();
    let warned = |out: &Output| {
        codes(&json(out))
            .into_iter()
            .filter(|(code, level)| code == "N-DRAW-THREEFOLD" && level == "warning")
            .count()
    };
    let new = check_in(
        &dir,
        &[
            "a.pdn",
            "--no-config",
            "--format",
            "json",
            "--warn",
            "N-DRAW-THREEFOLD",
        ],
    );
    let count = warned(&new);
    assert!(count > 0, "the fixture holds threefold repetitions");

    std::fs::write(
        dir.join("pdnkit.toml"),
        "[codes]\n\"D-THREEFOLD\" = \"warn\"\n",
    )
    .unwrap();
    let old = check_in(&dir, &["a.pdn", "--format", "json"]);
    assert_eq!(warned(&old), count, "the old name in pdnkit.toml");
    let prefix = check_in(
        &dir,
        &["a.pdn", "--no-config", "--format", "json", "--warn", "D-*"],
    );
    assert_eq!(warned(&prefix), count, "the old family `D-*`");

    // A baseline of those warnings, written as an older pdnkit wrote it.
    let write = check_in(&dir, &["a.pdn", "--write-baseline", "known.json"]);
    assert_exit(&write, 0);
    let baseline = std::fs::read_to_string(dir.join("known.json")).unwrap();
    assert!(baseline.contains("N-DRAW-THREEFOLD"), "{baseline}");
    let with_baseline = [
        "a.pdn",
        "--fail-on",
        "warning",
        "--baseline",
        "known.json",
        "--format",
        "json",
    ];
    let baselined = json(&check_in(&dir, &with_baseline))["totals"]["baselined"].clone();
    std::fs::write(
        dir.join("known.json"),
        baseline.replace("N-DRAW-THREEFOLD", "D-THREEFOLD"),
    )
    .unwrap();
    let known = check_in(&dir, &with_baseline);
    assert_eq!(warned(&known), 0, "the old baseline still knows them");
    assert_exit(&known, 0);
    assert_eq!(json(&known)["totals"]["baselined"], baselined);
}

/// The closing note's figure: the Open Checkers Archive is clean under a three-line
/// `pdnkit.toml` that accepts its date style, even failing on warnings.
#[test]
#[cfg_attr(
    not(corpus),
    ignore = "needs the public corpus beside the checkout, in ../shared/corpus"
)]
fn oca_is_clean_under_a_three_line_config() {
    let Some(oca) = corpus::corpus("english/OCA_2.0.pdn") else {
        return;
    };
    let dir = temp_dir("oca");
    let config = "fail-on = \"warning\"\n[codes]\n\"W-DATE-FORMAT\" = \"allow\"\n";
    assert_eq!(config.lines().count(), 3);
    std::fs::write(dir.join("pdnkit.toml"), config).unwrap();
    let oca = oca.to_str().unwrap();
    let out = check_in(&dir, &[oca, "--quiet"]);
    assert_exit(&out, 0);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("22621 games"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Without the config the same run fails on the date warnings.
    assert_exit(
        &check_in(&dir, &[oca, "--no-config", "--fail-on", "warning", "-q"]),
        1,
    );
}

#[test]
fn a_game_read_as_the_configs_variant_says_so() {
    let dir = temp_dir("config-variant");
    std::fs::write(dir.join("a.pdn"), "1. 11-15 23-19 *\n").unwrap();
    std::fs::write(dir.join("pdnkit.toml"), "variant = \"english\"\n").unwrap();
    let out = check_in(&dir, &["a.pdn", "--notes", "--color", "never"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("read as english (pdnkit.toml)"), "{text}");
    let out = check_in(
        &dir,
        &[
            "a.pdn",
            "--notes",
            "--color",
            "never",
            "--variant",
            "english",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("read as english (--variant)"), "{text}");
}
