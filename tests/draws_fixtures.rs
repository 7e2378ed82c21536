//! Draw rules on whole PDN records: `fixtures/draws/*.pdn` are games that walk from a small
//! position, kings shuffling without capture and without ever repeating a position, until a
//! draw rule holds. Each game says what must fire, and at which ply, in a `% expect:` line
//! written from the rule texts (docs/rules.md "Draw profiles"), and the test checks the report of
//! `check_game` against it: the draw flags and the findings about what followed.
//!
//! The games were made by the ignored test `regenerate_draw_fixtures` (a depth-first walk that
//! picks the first legal quiet move, in notation order, leading to an unseen position in which
//! the opponent has no capture); run it again only when a spec below changes.

use pdnkit::check::{CheckOptions, check_game};
use pdnkit::draw_rules::DrawProfile;
use pdnkit::reader::{CommentStyle, ReadOptions, Reader};
use pdnkit::rules::{Move, PieceKind, Position, Rules};
use pdnkit::variant::Variant;
use std::collections::HashSet;
use std::fmt::Write;
use std::path::Path;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/draws");

/// One game to make: where it starts, how many plies, and what must hold.
struct Spec {
    file: &'static str,
    variant: Variant,
    fen: &'static str,
    plies: usize,
    /// Only kings move (the rule counts king moves only).
    kings_only: bool,
    result: &'static str,
    /// Moves written by hand (numbered PDN), instead of a walk.
    moves: &'static str,
    /// `RULE@ply` flags, then findings codes, as the `% expect:` line lists them.
    expect: &'static str,
    why: &'static str,
}

const SPECS: &[Spec] = &[
    Spec {
        file: "international.pdn",
        variant: Variant::International,
        fen: "W:WK46,K50,31,32:BK1,K5,19,20",
        plies: 8,
        kings_only: true,
        moves: "1. 46-37 1-12 2. 37-46 12-1 3. 46-37 1-12 4. 37-46 12-1",
        result: "1-1",
        expect: "N-DRAW-THREEFOLD@8",
        why: "the start position, White to move, comes back after plies 4 and 8: the third time",
    },
    Spec {
        file: "turkish.pdn",
        variant: Variant::Turkish,
        fen: "W:Wd2:Be7",
        plies: 2,
        kings_only: false,
        moves: "1. d2-d3 e7-e6",
        result: "1/2-1/2",
        expect: "N-DRAW-TURKISH-ONE-PIECE@0 W-PLAYED-AFTER-DRAW",
        why: "one piece against one is a draw at once (TUDAF); the record plays on",
    },
    Spec {
        file: "international.pdn",
        variant: Variant::International,
        fen: "W:WK46,K50,31,32:BK1,K5,19,20",
        plies: 50,
        kings_only: true,
        moves: "",
        result: "1-1",
        expect: "N-DRAW-KING-MOVES-25@50",
        why: "25 moves each in which only kings move and nothing is taken (FMJD art. 6): the 50th ply",
    },
    Spec {
        file: "international.pdn",
        variant: Variant::International,
        fen: "W:WK47,K49,45:BK3",
        plies: 32,
        kings_only: false,
        moves: "",
        result: "1-1",
        expect: "N-DRAW-ENDGAME-16@32",
        why: "three pieces, one a king, against a lone king: 16 moves each from the start",
    },
    Spec {
        file: "international.pdn",
        variant: Variant::International,
        fen: "W:WK47,K49:BK3",
        plies: 12,
        kings_only: true,
        moves: "",
        result: "1-1",
        expect: "N-DRAW-ENDGAME-5@10 W-PLAYED-AFTER-DRAW",
        why: "two kings against one: 5 moves each (ply 10); the record goes on for two more plies",
    },
    Spec {
        file: "international.pdn",
        variant: Variant::International,
        fen: "W:WK47,K49:BK3",
        plies: 10,
        kings_only: true,
        moves: "",
        result: "2-0",
        expect: "N-DRAW-ENDGAME-5@10 W-RESULT-NOT-DRAW",
        why: "the same ending stopped at ply 10, but the record declares White's win",
    },
    Spec {
        file: "english.pdn",
        variant: Variant::English,
        fen: "B:WK32,K28,21:BK1,K5,12",
        plies: 80,
        kings_only: true,
        moves: "",
        result: "1/2-1/2",
        expect: "N-DRAW-ENGLISH-40@80",
        why: "40 moves each without a man move or a capture (EDA)",
    },
    Spec {
        file: "english.pdn",
        variant: Variant::English,
        fen: "B:WK32,K28,21:BK1,K5,12",
        plies: 80,
        kings_only: true,
        moves: "",
        result: "0-1",
        expect: "N-DRAW-ENGLISH-40@80",
        why: "the same count, and the record says White won: a draw on claim (EDA), so the result stands",
    },
    Spec {
        file: "english.pdn",
        variant: Variant::English,
        fen: "B:WK32,K28,21:BK1,K5,12",
        plies: 10,
        kings_only: false,
        moves: "1. 1-6 32-27 2. 6-1 27-32 3. 1-6 32-27 4. 6-1 27-32 5. 12-16 21-17",
        result: "1-0",
        expect: "N-DRAW-THREEFOLD@8",
        why: "the start position comes back a third time at ply 8, nobody claims, and the game goes on: no finding",
    },
    Spec {
        file: "italian.pdn",
        variant: Variant::Italian,
        fen: "W:WK29,K30,21:BK1,K4,12",
        plies: 80,
        kings_only: true,
        moves: "",
        result: "1/2-1/2",
        expect: "N-DRAW-ITALIAN-KINGS-40@80",
        why: "each side has a king and 40 moves each are king moves without capture (FID)",
    },
    Spec {
        file: "russian.pdn",
        variant: Variant::Russian,
        fen: "W:WKa1,Kh2,c1,e1:BKh8,Ka7,d8,f8",
        plies: 30,
        kings_only: true,
        moves: "",
        result: "1/2-1/2",
        expect: "N-DRAW-RUSSIAN-KINGS-15@30",
        why: "15 moves each of kings only, 8 pieces on the board (FMJD-64 art. 7.2)",
    },
    Spec {
        file: "russian.pdn",
        variant: Variant::Russian,
        fen: "W:WKb2,Kc1:BKh8",
        plies: 10,
        kings_only: true,
        moves: "",
        result: "1/2-1/2",
        expect: "N-DRAW-RUSSIAN-ENDGAME-5@10",
        why: "two kings against a lone king: 5 moves each",
    },
    Spec {
        file: "czech.pdn",
        variant: Variant::Czech,
        fen: "W:WKa1,Kh2,c1,e1:BKh8,Ka7,d8,f8",
        plies: 30,
        kings_only: true,
        moves: "",
        result: "1/2-1/2",
        expect: "N-DRAW-CZECH-KINGS-15@30",
        why: "15 moves each without capture or man move",
    },
    Spec {
        file: "servers.pdn",
        variant: Variant::English,
        fen: "B:WK32,K28,21:BK1,K5,12",
        plies: 80,
        kings_only: true,
        moves: "",
        result: "1/2-1/2",
        expect: "N-DRAW-SERVER-KING-PLIES-80@80",
        why: "game servers: 80 consecutive king plies without a capture",
    },
    Spec {
        file: "servers.pdn",
        variant: Variant::International,
        fen: "W:WK46,K50,31,32:BK1,K5,19,20",
        plies: 120,
        kings_only: true,
        moves: "",
        result: "1-1",
        expect: "N-DRAW-SERVER-KING-PLIES-120@120",
        why: "game servers: 120 consecutive king plies without a capture",
    },
    Spec {
        file: "frisian.pdn",
        variant: Variant::Frisian,
        fen: "W:WK46,K50:BK1",
        plies: 14,
        kings_only: true,
        moves: "",
        result: "1-1",
        expect: "N-DRAW-FRISIAN-TWO-KINGS-7@14",
        why: "two kings against one king: 7 moves each (KNDB, lidraughts)",
    },
    Spec {
        file: "frisian.pdn",
        variant: Variant::Frisian,
        fen: "W:WK46:BK1",
        plies: 6,
        kings_only: true,
        moves: "",
        result: "1-1",
        expect: "N-DRAW-FRISIAN-ONE-KING-2@4 W-PLAYED-AFTER-DRAW",
        why: "one king each: 2 moves each (KNDB, lidraughts); the record plays on",
    },
];

/// The game type number of a variant (the fixtures write the short form).
fn game_type(v: Variant) -> &'static str {
    match v {
        Variant::International => "20",
        Variant::English => "21",
        Variant::Italian => "22",
        Variant::Russian => "25",
        Variant::Czech => "29",
        Variant::Turkish => "30",
        Variant::Frisian => "40",
        _ => unreachable!("no spec uses {v}"),
    }
}

/// Depth-first walk of `plies` quiet moves to positions never seen, leaving the opponent no
/// capture. Moves are tried in notation order, so the walk is deterministic.
fn walk(
    pos: &Position,
    plies: usize,
    kings_only: bool,
    seen: &mut HashSet<String>,
) -> Option<Vec<Move>> {
    if plies == 0 {
        return Some(Vec::new());
    }

    let mut moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| !m.is_capture() && (!kings_only || m.piece == PieceKind::King) && !m.promotes)
        .collect();
    moves.sort_by_key(|m| pos.move_text(m));
    for m in moves {
        let next = pos.play(&m);
        let key = next.to_setup().to_string();
        let replies = next.legal_moves();
        if seen.contains(&key) || replies.is_empty() || replies.iter().any(Move::is_capture) {
            continue;
        }
        seen.insert(key.clone());
        if let Some(mut rest) = walk(&next, plies - 1, kings_only, seen) {
            rest.insert(0, m);
            return Some(rest);
        }
        seen.remove(&key);
    }
    None
}

fn game_text(spec: &Spec) -> String {
    let rules = Rules::for_variant(spec.variant).unwrap();
    let setup = pdnkit::fen::parse(spec.fen).unwrap().setup;
    let start = Position::from_setup(rules, &setup).unwrap();
    let header = format!(
        "% {}\n% expect: {}\n[Event \"{}\"]\n[GameType \"{}\"]\n[FEN \"{}\"]\n[Result \"{}\"]\n",
        spec.why,
        spec.expect,
        spec.expect.split(' ').next().unwrap(),
        game_type(spec.variant),
        spec.fen,
        spec.result
    );
    if !spec.moves.is_empty() {
        return format!("{header}{} {}\n\n", spec.moves, spec.result);
    }
    let mut seen = HashSet::from([start.to_setup().to_string()]);
    // A move list is kilobytes and the walk is 120 plies deep: give it a large stack.
    let (plies, kings_only) = (spec.plies, spec.kings_only);
    let moves = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || walk(&start, plies, kings_only, &mut seen))
        .unwrap()
        .join()
        .unwrap()
        .unwrap_or_else(|| panic!("no walk of {} plies from {}", spec.plies, spec.fen));
    let mut text = header;
    let mut pos = start;
    let mut line = String::new();
    let second_first = start.to_move() != rules.first_mover;
    for (i, m) in moves.iter().enumerate() {
        let k = i + usize::from(second_first);
        let number = k / 2 + 1;
        if k % 2 == 0 {
            write!(line, "{number}. ").unwrap();
        } else if i == 0 {
            write!(line, "{number}... ").unwrap();
        }
        write!(line, "{} ", pos.move_text(m)).unwrap();
        pos = pos.play(m);
        if line.len() > 70 {
            text.push_str(line.trim_end());
            text.push('\n');
            line.clear();
        }
    }
    line.push_str(spec.result);
    text.push_str(&line);
    text.push_str("\n\n");
    text
}

#[test]
#[ignore = "writes fixtures/draws; run by hand when a spec changes"]
fn regenerate_draw_fixtures() {
    std::fs::create_dir_all(DIR).unwrap();
    let mut files: Vec<&str> = SPECS.iter().map(|s| s.file).collect();
    files.sort();
    files.dedup();
    for file in files {
        let mut text = format!(
            "% Draw-rule games made by tests/draws_fixtures.rs (regenerate_draw_fixtures).\n% Profile: {}.\n\n",
            if file == "servers.pdn" {
                "servers"
            } else {
                "official"
            }
        );
        for spec in SPECS.iter().filter(|s| s.file == file) {
            text.push_str(&game_text(spec));
        }
        std::fs::write(Path::new(DIR).join(file), text).unwrap();
    }
}

#[test]
fn every_fixture_game_fires_what_it_expects() {
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let profile = if path.file_name().unwrap() == "servers.pdn" {
            DrawProfile::Servers
        } else {
            DrawProfile::Official
        };
        let options = CheckOptions {
            draw_profile: profile,
            ..CheckOptions::default()
        };
        let file = std::fs::File::open(&path).unwrap();
        for game in Reader::new(file, ReadOptions::default()) {
            let game = game.unwrap();
            let expect = game
                .header_comments
                .iter()
                .filter(|c| c.style == CommentStyle::Percent)
                .find_map(|c| c.text.trim().strip_prefix("expect:").map(str::trim))
                .unwrap_or_else(|| {
                    panic!("{}: game {} has no expect line", path.display(), game.index)
                })
                .to_string();
            let report = check_game(&game, &options);
            let mut got: Vec<String> = report
                .draws
                .iter()
                .map(|d| format!("{}@{}", d.rule.code(), d.ply))
                .collect();
            got.extend(
                report
                    .findings
                    .iter()
                    .filter(|f| {
                        f.level != pdnkit::finding::Level::Note && f.code != "N-FEN-TRAILING-DOT"
                    })
                    .map(|f| f.code.to_string()),
            );
            assert_eq!(
                got.join(" "),
                expect,
                "{} game {}",
                path.display(),
                game.index
            );
            assert!(report.plies_replayed == report.plies_recorded);
            // English draws are draws on claim (EDA): flagged, never a computed result.
            let claim =
                report.variant == Some(Variant::English) && profile == DrawProfile::Official;
            assert!(report.draws.iter().all(|d| d.on_claim == claim));
            if claim {
                assert_eq!(report.result.computed, None, "{}", game.index);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, SPECS.len());
}
