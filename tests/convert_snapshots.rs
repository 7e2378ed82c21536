//! Snapshots of `convert` over every fixture in `fixtures/convert/`: canonical PDN with the
//! notices, `--fix`, the other square notation (8x8; converting back must give the canonical
//! text again), long captures without comments, variations and NAGs, FEN comments and the
//! positions export.
//!
//! Update with `INSTA_UPDATE=always cargo test --test integration convert_snapshots::`, then read every
//! changed `.snap` file before committing it.

use pdnkit::convert::{self, Captures, Converted, Converter, Options, positions};
use pdnkit::reader::{Game, ReadOptions, Reader};
use pdnkit::variant::SquareNotation;
use std::fmt::Write;

fn read(bytes: &[u8]) -> Vec<Game> {
    Reader::new(bytes, ReadOptions::default())
        .collect::<std::io::Result<Vec<_>>>()
        .expect("in memory")
}

/// The output and the notices, as the command writes them (notices without source lines).
fn run(games: Vec<Game>, options: Options) -> (String, String, Vec<Converted>) {
    let mut converter = Converter::new(options);
    let mut out = String::new();
    let mut notices = String::new();
    let mut reports = Vec::new();
    for mut game in games {
        let report = converter.convert(&mut game);
        for n in &report.notices {
            let at = game.locate(n.span);
            let _ = writeln!(
                notices,
                "{}:{}: {}[{}]: {} (game {})",
                at.line, at.column, n.level, n.code, n.message, game.index
            );
        }
        convert::pdn::write_game(&game, &mut out).expect("a game read from PDN is writable");
        reports.push(report);
    }
    (out, notices, reports)
}

fn section(out: &mut String, title: &str, body: &str) {
    let _ = writeln!(out, "===== {title}");
    out.push_str(body);
    if !body.ends_with('\n') {
        out.push('\n');
    }
}

#[test]
fn convert_fixtures() {
    insta::glob!("../fixtures/convert", "*.pdn", |path| {
        let bytes = std::fs::read(path).expect("fixture readable");
        let games = read(&bytes);
        let mut snap = String::new();

        let (canonical, notices, _) = run(games.clone(), Options::default());
        section(&mut snap, "convert", &canonical);
        section(&mut snap, "notices", &notices);

        let (fixed, notices, _) = run(
            games.clone(),
            Options {
                fix: true,
                ..Options::default()
            },
        );
        section(&mut snap, "convert --fix", &fixed);
        section(&mut snap, "notices --fix", &notices);

        // The other notation, for 8x8 boards; converting back gives the canonical text.
        let eight = games.iter().all(|g| {
            pdnkit::replay::replay(g, &mut ())
                .rules
                .is_some_and(|r| r.board.width == 8)
        });
        if eight {
            let standard = pdnkit::replay::replay(&games[0], &mut ())
                .rules
                .map(pdnkit::rules::Numbering::for_rules)
                .expect("replayed")
                .notation;
            let (other, back) = match standard {
                SquareNotation::Numeric => (SquareNotation::Algebraic, "algebraic"),
                SquareNotation::Algebraic => (SquareNotation::Numeric, "numeric"),
            };
            let (converted, _, _) = run(
                games.clone(),
                Options {
                    notation: Some(other),
                    ..Options::default()
                },
            );
            section(&mut snap, &format!("convert --notation {back}"), &converted);
            let (again, _, _) = run(
                read(converted.as_bytes()),
                Options {
                    notation: Some(standard),
                    ..Options::default()
                },
            );
            assert_eq!(again, canonical, "{}: notation round trip", path.display());
        }

        let (long, _, _) = run(
            games.clone(),
            Options {
                captures: Captures::Long,
                comments: false,
                variations: false,
                nags: false,
                ..Options::default()
            },
        );
        section(
            &mut snap,
            "convert --captures long --no-comments --no-variations --no-nags",
            &long,
        );

        let first = vec![games[0].clone()];
        let (fen, _, _) = run(
            first.clone(),
            Options {
                fen_comments: true,
                ..Options::default()
            },
        );
        section(&mut snap, "convert --fen-comments (first game)", &fen);

        let (_, _, reports) = run(
            first,
            Options {
                positions: true,
                ..Options::default()
            },
        );
        let mut rows = String::new();
        positions::rows(
            "*",
            &reports[0].positions[..3.min(reports[0].positions.len())],
            &mut rows,
        );
        let mut lines = Vec::new();
        positions::write_lines(&mut lines, "fixture:1", &rows).unwrap();
        let lines = String::from_utf8(lines).unwrap();
        section(
            &mut snap,
            "convert --to positions (first game, 3 positions)",
            &lines,
        );

        insta::assert_snapshot!("convert", snap);
    });
}
