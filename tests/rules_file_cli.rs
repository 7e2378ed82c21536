//! `--rules FILE.toml` in every command that takes `--variant`: a house rules file that changes
//! one switch of a built-in row changes what each command finds, draws or counts, as `check`'s
//! does; its base variant is the default variant unless `--variant` names another; a bad file is
//! a usage error (exit 2) that names its line and column, and leaves no output behind.

use crate::support::cli::{assert_code, run, stderr, stdout, temp_dir};
use std::path::Path;

/// A white man on 14 capturing the black man on 18 backwards, to 23: not legal in English (the
/// EDA laws: men capture forwards only), legal where men capture backwards too.
const BACKWARD: &str = "[GameType \"21\"]\n[FEN \"W:W14:B18\"]\n1. 14x23 *\n";

/// `pdnkit rules --variant VARIANT` with one switch changed, written to `dir/name`.
fn house(dir: &Path, name: &str, variant: &str, from: &str, to: &str) -> String {
    let out = run(&["rules", "--variant", variant]);
    assert_code(&out, 0, "rules --variant");
    let text = stdout(&out);
    assert!(
        text.contains(from),
        "{variant}'s rules have no `{from}`:\n{text}"
    );
    let path = dir.join(name);
    std::fs::write(&path, text.replace(from, to)).unwrap();
    path.to_str().unwrap().to_string()
}

/// English whose men capture backwards too.
fn backward_english(dir: &Path) -> String {
    house(
        dir,
        "backward.toml",
        "english",
        "men_capture_backward = false",
        "men_capture_backward = true",
    )
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn convert_replays_under_the_house_rules() {
    let dir = temp_dir("rules-file-convert");
    let rules = backward_english(&dir);
    let record = write(&dir, "game.pdn", BACKWARD);
    let plain = run(&["convert", &record, "--fen-comments"]);
    assert_code(&plain, 1, "the backward capture is illegal in English");
    assert!(
        stderr(&plain).contains("E-ILLEGAL-MOVE"),
        "{}",
        stderr(&plain)
    );
    assert!(stdout(&plain).contains("{pdnkit-unreplayed: 1. 14x23}"));
    let housed = run(&["convert", &record, "--fen-comments", "--rules", &rules]);
    assert_code(&housed, 0, "legal under the house rules");
    assert!(
        stdout(&housed).contains("14x23 {[%fen B:W23:B]}"),
        "the capture is replayed, the black man taken:\n{}",
        stdout(&housed)
    );
    assert!(!stderr(&housed).contains("E-ILLEGAL-MOVE"));
}

#[test]
fn with_variant_too_games_without_a_gametype_take_the_variant_and_the_base_its_house_rules() {
    let dir = temp_dir("rules-file-both");
    let rules = backward_english(&dir);
    // The second game has no GameType: read as --variant when given, else as the base.
    let record = write(
        &dir,
        "games.pdn",
        &format!("{BACKWARD}\n[Event \"no GameType\"]\n*\n"),
    );
    let game_types = |args: &[&str]| {
        let out = run(args);
        assert_code(&out, 0, &format!("{args:?}"));
        stdout(&out)
            .lines()
            .filter(|l| l.starts_with("[GameType"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let base = game_types(&["convert", &record, "--rules", &rules]);
    assert_eq!(base.len(), 2, "{base:?}");
    assert!(
        base.iter().all(|g| g.starts_with("[GameType \"21")),
        "{base:?}"
    );
    let both = game_types(&[
        "convert",
        &record,
        "--rules",
        &rules,
        "--variant",
        "russian",
    ]);
    assert!(both[0].starts_with("[GameType \"21"), "{both:?}");
    assert!(both[1].starts_with("[GameType \"25"), "{both:?}");
    // check agrees: the English game replays under the house rules either way.
    let check = run(&["check", &record, "--rules", &rules, "--variant", "russian"]);
    assert!(
        !stdout(&check).contains("E-ILLEGAL-MOVE"),
        "{}",
        stdout(&check)
    );
}

#[test]
fn show_draws_positions_under_the_house_rules() {
    let dir = temp_dir("rules-file-show");
    let rules = backward_english(&dir);
    let record = write(&dir, "game.pdn", BACKWARD);
    let plain = run(&["show", &record, "--ply", "1", "--svg", "-"]);
    assert_code(&plain, 2, "no position after the illegal move");
    assert!(
        stderr(&plain).contains("no position after 1 ply"),
        "{}",
        stderr(&plain)
    );
    let housed = run(&[
        "show", &record, "--ply", "1", "--svg", "-", "--rules", &rules,
    ]);
    assert_code(&housed, 0, "the capture is replayed");
    assert!(
        stdout(&housed).contains("1 white and 0 black pieces"),
        "{}",
        stdout(&housed)
    );
    // A FEN takes the base variant when --variant is not given; the house rules' legal moves
    // are drawn: two backward captures (their men crossed out) in place of two steps.
    let fen = "W:W14:B17,18";
    let legal = |args: &[&str]| {
        let out = run(&[&["show", "--fen", fen, "--legal", "--svg", "-"], args].concat());
        assert_code(&out, 0, &format!("{args:?}"));
        let svg = stdout(&out);
        (
            svg.matches("class=\"arrow legal\"").count(),
            svg.matches("class=\"captured\"").count(),
        )
    };
    assert_eq!(legal(&["--variant", "english"]), (2, 0));
    assert_eq!(legal(&["--rules", &rules]), (2, 2));
    let neither = run(&["show", "--fen", fen, "--svg", "-"]);
    assert_code(&neither, 2, "--fen needs --variant or --rules");
}

#[test]
fn filter_and_stats_check_games_under_the_house_rules() {
    let dir = temp_dir("rules-file-archive");
    let rules = backward_english(&dir);
    let record = write(&dir, "game.pdn", BACKWARD);
    let filtered = |extra: &[&str]| {
        let out = run(&[&["filter", &record, "--has", "E-ILLEGAL-MOVE"], extra].concat());
        (out.status.code(), stdout(&out))
    };
    let (code, games) = filtered(&[]);
    assert_eq!(code, Some(0));
    assert!(games.contains("14x23"), "{games}");
    let (code, games) = filtered(&["--rules", &rules]);
    assert_eq!(code, Some(1), "nothing matches: {games}");
    assert!(games.is_empty(), "{games}");

    let stats = |extra: &[&str]| {
        let out = run(&[&["stats", &record, "--format", "json"], extra].concat());
        assert_code(&out, 0, &format!("stats {extra:?}"));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let errors = |v: &serde_json::Value| v["findings"]["games_with_errors"].as_u64();
    assert_eq!(errors(&stats(&[])), Some(1));
    assert_eq!(errors(&stats(&["--rules", &rules])), Some(0));
}

#[test]
fn the_house_first_mover_decides_who_won_in_stats_and_filter() {
    let dir = temp_dir("rules-file-first-mover");
    // English with White moving first: `1-0` is then White's win, not Black's.
    let rules = house(
        &dir,
        "white-first.toml",
        "english",
        "first_mover = \"black\"",
        "first_mover = \"white\"",
    );
    let record = write(
        &dir,
        "won.pdn",
        "[GameType \"21\"]\n[White \"Wanda\"]\n[Black \"Bert\"]\n[Result \"1-0\"]\n1-0\n",
    );
    let stats = |extra: &[&str]| {
        let out = run(&[&["stats", &record, "--format", "json"], extra].concat());
        assert_code(&out, 0, &format!("stats {extra:?}"));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            v["variants"][0]["first_mover"].as_str().map(str::to_string),
            v["results"]["white"].as_u64(),
            v["results"]["black"].as_u64(),
        )
    };
    assert_eq!(stats(&[]), (Some("black".into()), Some(0), Some(1)));
    assert_eq!(
        stats(&["--rules", &rules]),
        (Some("white".into()), Some(1), Some(0))
    );
    let winner = |extra: &[&str]| {
        let out = run(&[&["filter", &record, "--winner", "Wanda"], extra].concat());
        out.status.code()
    };
    assert_eq!(winner(&[]), Some(1), "Black (Bert) won in English");
    assert_eq!(winner(&["--rules", &rules]), Some(0), "White (Wanda) won");
}

#[test]
fn parse_dedup_and_split_read_games_without_a_gametype_as_the_base_variant() {
    let dir = temp_dir("rules-file-base");
    // Russian with flying kings made short: its base variant, Russian, is the default.
    let rules = house(
        &dir,
        "short-russian.toml",
        "russian",
        "king_range = \"flying\"",
        "king_range = \"short\"",
    );
    let untyped = "[Event \"x\"]\n1. 11-15 *\n";
    let record = write(
        &dir,
        "games.pdn",
        &format!("[GameType \"25\"]\n{untyped}\n{untyped}"),
    );
    let variants = |extra: &[&str]| {
        let out = run(&[&["parse", &record, "--format", "jsonl"], extra].concat());
        assert_code(&out, 0, &format!("parse {extra:?}"));
        stdout(&out)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["type"] == "game")
            .map(|v| v["game"]["variant"].as_str().unwrap_or("-").to_string())
            .collect::<Vec<_>>()
    };
    let plain = variants(&[]);
    assert_eq!(plain[0], "russian");
    assert_ne!(plain[1], "russian", "inferred from its numbered squares");
    assert_eq!(variants(&["--rules", &rules]), ["russian", "russian"]);
    assert_eq!(
        variants(&["--rules", &rules, "--variant", "pool"]),
        ["russian", "pool"],
        "--variant names the default, as in check"
    );

    // The two games are copies only when they are read in one variant.
    let copies = |extra: &[&str]| {
        let out = run(&[&["dedup", &record], extra].concat());
        out.status.code()
    };
    assert_eq!(copies(&[]), Some(0), "no copies across variants");
    assert_eq!(copies(&["--rules", &rules]), Some(1), "copies found");

    let split = |name: &str, extra: &[&str]| {
        let out_dir = dir.join(name);
        let out_dir = out_dir.to_str().unwrap();
        let out = run(&[&["split", &record, "--by", "variant", "-o", out_dir], extra].concat());
        assert_code(&out, 0, &format!("split {extra:?}"));
        let mut files: Vec<String> = std::fs::read_dir(out_dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        files
    };
    assert_eq!(split("plain", &[]).len(), 2);
    assert_eq!(split("housed", &["--rules", &rules]).len(), 1);
}

#[test]
fn merge_takes_a_rules_file_and_writes_games_as_written() {
    let dir = temp_dir("rules-file-merge");
    let rules = backward_english(&dir);
    let record = write(&dir, "game.pdn", BACKWARD);
    let plain = run(&["merge", &record]);
    let housed = run(&["merge", &record, "--rules", &rules]);
    assert_code(&housed, 0, "merge --rules");
    assert_eq!(stdout(&housed), stdout(&plain));
    assert!(stdout(&housed).contains("1. 14x23"));
}

#[test]
fn a_bad_rules_file_is_a_located_usage_error_in_every_command() {
    let dir = temp_dir("rules-file-bad");
    let bad = house(
        &dir,
        "bad.toml",
        "english",
        "king_range = \"short\"",
        "king_range = \"long\"",
    );
    let text = std::fs::read_to_string(&bad).unwrap();
    let (line, column) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| {
            l.starts_with("king_range")
                .then(|| (i + 1, l.find('"').unwrap() + 1))
        })
        .unwrap();
    let place = format!("bad.toml:{line}:{column}: moves.king_range `long`");
    let record = write(&dir, "game.pdn", BACKWARD);
    let written = dir.join("out");
    let written = written.to_str().unwrap();
    let missing = dir.join("missing.toml");
    let missing = missing.to_str().unwrap();
    let commands: &[&[&str]] = &[
        &["check", &record, "-o", written],
        &["convert", &record, "-o", written],
        &["parse", &record, "-o", written],
        &["filter", &record, "-o", written],
        &["stats", &record, "-o", written],
        &["dedup", &record, "-o", written],
        &["split", &record, "--games", "1", "-o", written],
        &["merge", &record, "-o", written],
        &["show", &record, "--svg", written],
        &["show", "--fen", "W:W14:B18", "--svg", written],
        &["perft", "2"],
    ];
    for command in commands {
        let out = run(&[command, &["--rules", &bad][..]].concat());
        assert_code(&out, 2, &format!("{command:?} --rules bad.toml"));
        assert!(
            stderr(&out).contains(&place),
            "{command:?}: {}",
            stderr(&out)
        );
        assert!(out.stdout.is_empty(), "{command:?}: {}", stdout(&out));
        assert!(!Path::new(written).exists(), "{command:?} wrote its output");

        let out = run(&[command, &["--rules", missing][..]].concat());
        assert_code(&out, 2, &format!("{command:?} --rules missing.toml"));
        assert!(
            stderr(&out).contains(&format!("--rules {missing}: ")),
            "{command:?}: {}",
            stderr(&out)
        );
        assert!(!Path::new(written).exists(), "{command:?} wrote its output");
    }
}

#[test]
fn a_game_read_as_the_default_variant_names_what_gave_it() {
    let dir = temp_dir("rules-default-named");
    let rules = backward_english(&dir);
    let game = write(&dir, "game.pdn", "1. 11-15 23-19 *\n");
    let note = |args: &[&str]| {
        let out = run(&[
            &["check", "--notes", "--color", "never"],
            args,
            &[game.as_str()],
        ]
        .concat());
        stdout(&out)
            .lines()
            .find(|l| l.contains("N-VARIANT-INFERRED"))
            .unwrap_or_default()
            .to_string()
    };
    let from_rules = note(&["--rules", &rules]);
    assert!(
        from_rules.contains("read as english (--rules)"),
        "{from_rules}"
    );
    let from_flag = note(&["--rules", &rules, "--variant", "english"]);
    assert!(
        from_flag.contains("read as english (--variant)"),
        "{from_flag}"
    );
    // The commands that read with the shared options say the same.
    let out = run(&["parse", "--rules", &rules, "--format", "json", &game]);
    assert!(
        stdout(&out).contains("read as english (--rules)"),
        "{}",
        stdout(&out)
    );
}
