//! `filter`'s predicates: which games of an archive to keep. A [`Filter`] is a list of
//! [`Predicate`]s, all of which must hold (each may be negated); it is built once from the
//! command line, where every mistake is a typed [`FilterError`], and then asked about each game
//! on the worker threads.
//!
//! Tags are tested first; the predicates that need the moves replayed (`--position`,
//! `--opening`) or the game checked (`--has`) are tested last and only when the tags passed, and
//! each game is replayed or checked at most once whatever the number of such predicates.

mod range;

pub use range::{DateRange, PlyRange};

use crate::check::{CheckOptions, GameReport, catalogue, check_game};
use crate::fen::{self, FenError, FenSetup};
use crate::finding::{Code, Level};
use crate::notation::Color;
use crate::reader::{self, Game, MoveKind, MoveToken, ReadOptions, ResultKind};
use crate::replay::matcher::{self, Match};
use crate::replay::{self, MoveEvent, Visitor};
use crate::rules::movegen::Relax;
use crate::rules::{Move, Numbering, Position, Rules};
use crate::variant::Variant;
use regex::{Regex, RegexBuilder};
use std::cell::OnceCell;
use std::fmt;

/// Why a predicate given on the command line cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterError {
    /// A `--regex` pattern the regex crate rejects.
    Pattern { text: String, message: String },
    /// A `MIN..MAX` range that is malformed or empty.
    Range { text: String, message: String },
    /// A `--result` that is neither a result token nor a colour.
    Result { text: String },
    /// A `--has` code the checker never reports.
    UnknownCode {
        text: String,
        suggestion: Option<&'static str>,
    },
    /// A `--position` that is not a FEN; `error.offset` locates the problem in `text`.
    Fen { text: String, error: FenError },
    /// A `--position` FEN without the side to move (`?`): positions are compared with it.
    NoSideToMove { text: String },
    /// An `--opening` that is not a list of moves.
    Opening { text: String, message: String },
}

/// The regex crate's error on one line: its reason, and the column its caret points at (the
/// crate draws the pattern and a caret under it over several lines, which a one-line message
/// on the console would show as escaped line breaks).
fn regex_message(error: &regex::Error) -> String {
    let text = error.to_string();
    let lines: Vec<&str> = text.lines().collect();
    let Some(why) = lines
        .iter()
        .rev()
        .find_map(|l| l.trim_start().strip_prefix("error: "))
    else {
        return lines.join(" ");
    };
    // The pattern is drawn indented under the first line, the caret line under it.
    let caret = lines.iter().find_map(|l| {
        let trimmed = l.trim_end();
        (trimmed.ends_with('^') && trimmed.trim_start().chars().all(|c| c == '^' || c == '~'))
            .then(|| trimmed.find(['^', '~']))
            .flatten()
    });
    let indent = lines.get(1).map_or(0, |l| l.len() - l.trim_start().len());
    match caret {
        Some(at) => format!("{why} (at column {})", at.saturating_sub(indent) + 1),
        None => why.to_string(),
    }
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilterError::Pattern { text, message } => {
                write!(f, "bad regex `{text}`: {message}")
            }
            FilterError::Range { text, message } => write!(f, "bad range `{text}`: {message}"),
            FilterError::Result { text } => write!(
                f,
                "bad result `{text}`: expected 1-0, 0-1, 1/2-1/2, *, 2-0, 0-2, 1-1, 0-0, or white, black, draw"
            ),
            FilterError::UnknownCode { text, suggestion } => {
                write!(f, "unknown code `{text}`")?;
                if let Some(near) = suggestion {
                    write!(f, "; did you mean `{near}`?")?;
                }
                write!(f, " (`pdnkit explain --all` lists every code)")
            }
            FilterError::Fen { text, error } => {
                // The FEN, then a caret under the byte the reader stopped at.
                let column = text
                    .get(..error.offset.min(text.len()))
                    .map_or(0, crate::report::human::display_width);
                write!(f, "bad FEN: {error}\n  {text}\n  {}^", " ".repeat(column))
            }
            FilterError::NoSideToMove { text } => write!(
                f,
                "bad FEN `{text}`: the side to move is `?`; --position needs W or B"
            ),
            FilterError::Opening { text, message } => {
                write!(f, "bad opening `{text}`: {message}")
            }
        }
    }
}

impl std::error::Error for FilterError {}

/// A tag (or the two player tags) a text predicate looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// White or Black.
    Player,
    White,
    Black,
    Event,
    Site,
    /// The player of the side that won, by the result recorded (none in a draw, an unfinished
    /// game or one whose first mover is not known).
    Winner,
    /// The player of the side that lost.
    Loser,
}

impl Field {
    /// The tags the field reads in `game`.
    fn tags(self, game: &Game) -> &'static [&'static str] {
        let side = |colour: Option<Color>| -> &'static [&'static str] {
            match colour {
                Some(Color::White) => &["White"],
                Some(Color::Black) => &["Black"],
                None => &[],
            }
        };
        match self {
            Field::Player => &["White", "Black"],
            Field::White => &["White"],
            Field::Black => &["Black"],
            Field::Event => &["Event"],
            Field::Site => &["Site"],
            Field::Winner => side(winner(game)),
            Field::Loser => side(winner(game).map(Color::opposite)),
        }
    }
}

/// The side a win token gives the game to: `1-0` and `2-0` the side that moved first (White in
/// International, Black in English), `0-1` and `0-2` the other; none for other results or when
/// the first mover is not known.
fn winning_side(kind: ResultKind, first_mover: Option<Color>) -> Option<Color> {
    match kind {
        ResultKind::OneZero | ResultKind::TwoZero => first_mover,
        ResultKind::ZeroOne | ResultKind::ZeroTwo => first_mover.map(Color::opposite),
        _ => None,
    }
}

/// The side that won `game`, by the result it records.
fn winner(game: &Game) -> Option<Color> {
    winning_side(
        recorded_result(game)?,
        super::first_mover(game, game.variant),
    )
}

/// What a `--result` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultWanted {
    /// The result exactly as recorded: `1-0`, `2-0`, `1/2-1/2`, `*`, ...
    Token(ResultKind),
    /// A win for a colour: `1-0` or `2-0` when that colour moved first (White in International,
    /// Black in English), `0-1` or `0-2` when it moved second; never in a game whose first
    /// mover is not known.
    Won(Color),
    Draw,
}

impl ResultWanted {
    pub fn parse(text: &str) -> Result<ResultWanted, FilterError> {
        let trimmed = text.trim();
        match trimmed.to_ascii_lowercase().as_str() {
            "white" => return Ok(ResultWanted::Won(Color::White)),
            "black" => return Ok(ResultWanted::Won(Color::Black)),
            "draw" => return Ok(ResultWanted::Draw),
            _ => {}
        }
        ResultKind::parse(trimmed)
            .map(ResultWanted::Token)
            .ok_or_else(|| FilterError::Result {
                text: text.to_string(),
            })
    }

    fn holds(&self, recorded: Option<ResultKind>, first_mover: Option<Color>) -> bool {
        let Some(kind) = recorded else {
            return false;
        };
        match self {
            ResultWanted::Token(wanted) => *wanted == kind,
            ResultWanted::Won(colour) => winning_side(kind, first_mover) == Some(*colour),
            ResultWanted::Draw => matches!(kind, ResultKind::Half | ResultKind::OneOne),
        }
    }
}

/// The result a game records: its Result tag, else its terminator.
fn recorded_result(game: &Game) -> Option<ResultKind> {
    match game.tag("Result").map(str::trim).filter(|v| !v.is_empty()) {
        Some(value) => ResultKind::parse(value),
        None => game.result.as_ref().map(|r| r.kind),
    }
}

/// One kind of test, before negation.
#[derive(Debug, Clone)]
pub enum Test {
    /// A tag (or either player tag) matching a pattern.
    Text {
        field: Field,
        pattern: Regex,
    },
    Date(DateRange),
    Result(ResultWanted),
    /// The variant the game is read in (GameType, Variant tag, `--variant`, or inferred).
    Variant(Variant),
    /// Main-line moves as recorded.
    Plies(PlyRange),
    /// A finding of this code when the game is checked.
    Has(Code),
    /// A position the main line reaches (the start included), side to move included.
    Position(FenSetup),
    /// The first main-line moves, compared as the legal moves they name.
    Opening(Vec<MoveToken>),
}

impl Test {
    /// A text test: with `regex`, `text` is a regular expression; otherwise a substring. Both
    /// ignore case (a pattern can turn that off with `(?-i)`).
    pub fn text(field: Field, text: &str, regex: bool) -> Result<Test, FilterError> {
        let source = if regex {
            text.to_string()
        } else {
            regex::escape(text)
        };
        let pattern = RegexBuilder::new(&source)
            .case_insensitive(true)
            // A pattern is compiled once per run: a cap on its size keeps `a{1000}{1000}` from
            // eating memory; matching is linear in the text whatever the pattern.
            .size_limit(1 << 20)
            .build()
            .map_err(|e| FilterError::Pattern {
                text: text.to_string(),
                message: regex_message(&e),
            })?;
        Ok(Test::Text { field, pattern })
    }

    /// A `--has` test; the code is read in any case and in its old spelling.
    pub fn has(text: &str) -> Result<Test, FilterError> {
        let upper = text.trim().to_ascii_uppercase();
        Code::parse(&upper)
            .filter(|c| c.is_checked())
            .map(Test::Has)
            .ok_or_else(|| FilterError::UnknownCode {
                text: text.to_string(),
                suggestion: catalogue::suggest(text),
            })
    }

    pub fn position(text: &str) -> Result<Test, FilterError> {
        let fen = fen::parse(text).map_err(|error| FilterError::Fen {
            text: text.to_string(),
            error,
        })?;
        if fen.setup.to_move.is_none() {
            return Err(FilterError::NoSideToMove {
                text: text.to_string(),
            });
        }
        Ok(Test::Position(fen.setup))
    }

    /// An `--opening`: move text as PDN writes it (`1. 32-28 19-23`), numbers optional.
    pub fn opening(text: &str) -> Result<Test, FilterError> {
        let error = |message: String| FilterError::Opening {
            text: text.to_string(),
            message,
        };
        let games = reader::read_str(text, ReadOptions::default());
        let [game] = games.as_slice() else {
            return Err(error("expected the moves of one game".into()));
        };
        if let Some(d) = game.diagnostics.iter().find(|d| d.level == Level::Error) {
            return Err(error(d.message.clone()));
        }
        if !game.tags.is_empty() {
            return Err(error("expected moves, not tags".into()));
        }
        let moves: Vec<MoveToken> = game.moves.iter().map(|n| n.token()).collect();
        if moves.is_empty() {
            return Err(error("no moves".into()));
        }
        if moves.iter().any(|m| m.kind == MoveKind::Unknown) {
            return Err(error("an unknown move (`--`) matches nothing".into()));
        }
        Ok(Test::Opening(moves))
    }

    /// Tests that read tags only come first; replays and checks cost far more.
    fn cost(&self) -> u8 {
        match self {
            Test::Text { .. }
            | Test::Date(_)
            | Test::Result(_)
            | Test::Variant(_)
            | Test::Plies(_) => 0,
            Test::Position(_) | Test::Opening(_) => 1,
            Test::Has(_) => 2,
        }
    }

    fn holds(&self, facts: &Facts) -> bool {
        let game = facts.game;
        match self {
            Test::Text { field, pattern } => field
                .tags(game)
                .iter()
                .any(|name| game.tag(name).is_some_and(|v| pattern.is_match(v))),
            Test::Date(range) => range.holds(game.tag("Date")),
            Test::Result(wanted) => wanted.holds(
                recorded_result(game),
                super::first_mover(game, game.variant),
            ),
            Test::Variant(variant) => game.variant == Some(*variant),
            Test::Plies(range) => range.holds(game.moves.len() as u32),
            Test::Has(code) => facts.report().findings.iter().any(|f| f.code == *code),
            Test::Position(setup) => facts.line().reaches(setup),
            Test::Opening(moves) => facts.line().starts_with(moves),
        }
    }
}

/// A test, possibly negated (`--not`).
#[derive(Debug, Clone)]
pub struct Predicate {
    pub test: Test,
    pub negated: bool,
}

/// Every predicate must hold. No predicate: every game matches.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    predicates: Vec<Predicate>,
    check: CheckOptions,
}

impl Filter {
    /// `check` is how games are checked for `--has`.
    pub fn new(mut predicates: Vec<Predicate>, check: CheckOptions) -> Filter {
        // Stable: predicates of one cost keep the command line's order.
        predicates.sort_by_key(|p| p.test.cost());
        Filter { predicates, check }
    }

    pub fn matches(&self, game: &Game) -> bool {
        let facts = Facts {
            game,
            check: &self.check,
            report: OnceCell::new(),
            line: OnceCell::new(),
        };
        self.predicates
            .iter()
            .all(|p| p.test.holds(&facts) != p.negated)
    }
}

/// What the costly tests share, worked out on first use.
struct Facts<'a> {
    game: &'a Game,
    check: &'a CheckOptions,
    report: OnceCell<GameReport>,
    line: OnceCell<MainLine>,
}

impl Facts<'_> {
    fn report(&self) -> &GameReport {
        self.report
            .get_or_init(|| check_game(self.game, self.check))
    }

    fn line(&self) -> &MainLine {
        self.line.get_or_init(|| MainLine::of(self.game))
    }
}

/// The main line as replayed: the positions before each move (and the last one after it), the
/// legal move each recorded move named, and the squares' numbering.
struct MainLine {
    positions: Vec<Position>,
    moves: Vec<Move>,
    numbering: Option<Numbering>,
    rules: Option<&'static Rules>,
}

/// Collects the main line's moves during a replay.
#[derive(Default)]
struct Collector {
    afters: Vec<Position>,
    moves: Vec<Move>,
}

impl Visitor for Collector {
    fn on_move(&mut self, event: &MoveEvent) {
        if event.depth == 0 {
            self.afters.push(*event.after);
            self.moves.push(*event.mv);
        }
    }

    fn restart(&mut self) {
        self.afters.clear();
        self.moves.clear();
    }
}

impl MainLine {
    fn of(game: &Game) -> MainLine {
        let mut collector = Collector::default();
        let replay = replay::replay(game, &mut collector);
        let positions = match replay.start {
            Some(start) => std::iter::once(start).chain(collector.afters).collect(),
            None => Vec::new(),
        };
        MainLine {
            positions,
            moves: collector.moves,
            numbering: replay.numbering,
            rules: replay.rules,
        }
    }

    /// Whether a position of the line is `setup`, read in the game's rules and numbering.
    fn reaches(&self, setup: &FenSetup) -> bool {
        let (Some(rules), Some(numbering)) = (self.rules, self.numbering) else {
            return false;
        };
        let Ok(target) = Position::from_setup_numbered(rules, numbering, setup) else {
            return false;
        };
        self.positions.iter().any(|p| same_position(p, &target))
    }

    /// Whether the line starts with `moves`: each names, in the position it is played from,
    /// the move the game played (a short capture naming several moves, any of them).
    fn starts_with(&self, moves: &[MoveToken]) -> bool {
        let (Some(rules), Some(numbering)) = (self.rules, self.numbering) else {
            return false;
        };
        if moves.len() > self.moves.len() {
            return false;
        }
        moves.iter().enumerate().all(|(i, token)| {
            let cells: Result<Vec<_>, _> = token
                .squares
                .iter()
                .map(|&s| numbering.cell(&rules.board, s))
                .collect();
            let Ok(cells) = cells else {
                return false;
            };
            let played = &self.moves[i];
            match matcher::find(&self.positions[i], Relax::default(), &cells) {
                Match::One(mv, _) => mv == *played,
                Match::Many(candidates) => candidates.contains(played),
                Match::None => false,
            }
        })
    }
}

/// The same pieces on the same squares and the same side to move (a Frisian king's run of
/// moves, which a FEN cannot say, is not compared).
fn same_position(a: &Position, b: &Position) -> bool {
    a.to_move() == b.to_move()
        && [Color::White, Color::Black]
            .iter()
            .all(|&c| a.men(c) == b.men(c) && a.kings(c) == b.kings(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        reader::read_str(text, ReadOptions::default())
            .pop()
            .expect("a game")
    }

    fn filter(tests: Vec<(Test, bool)>) -> Filter {
        let predicates = tests
            .into_iter()
            .map(|(test, negated)| Predicate { test, negated })
            .collect();
        Filter::new(predicates, CheckOptions::default())
    }

    const ENGLISH: &str = "[Event \"Glasgow Open\"]\n[Date \"1905.??.??\"]\n[White \"Jordan, J.\"]\n[Black \"Ferrie, R.\"]\n[Result \"1-0\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 1-0\n";

    #[test]
    fn text_is_a_case_insensitive_substring_or_a_regex() {
        let g = game(ENGLISH);
        let yes = |field, text, regex| {
            filter(vec![(Test::text(field, text, regex).unwrap(), false)]).matches(&g)
        };
        assert!(yes(Field::Player, "ferrie", false));
        assert!(yes(Field::White, "JORDAN", false));
        assert!(!yes(Field::White, "ferrie", false));
        assert!(yes(Field::Event, "^glasgow", true));
        assert!(
            !yes(Field::Event, "^glasgow", false),
            "a substring is not a pattern"
        );
        assert!(
            !yes(Field::Site, "", false),
            "no Site tag: nothing to match"
        );
        assert!(matches!(
            Test::text(Field::Player, "(", true),
            Err(FilterError::Pattern { .. })
        ));
        // Said on one line, with its reason and place.
        let Err(error) = Test::text(Field::Player, "ab(c", true) else {
            panic!("not a regex");
        };
        assert_eq!(
            error.to_string(),
            "bad regex `ab(c`: unclosed group (at column 3)"
        );
    }

    #[test]
    fn results_by_token_or_by_colour() {
        let g = game(ENGLISH);
        let first = crate::archive::first_mover(&g, g.variant);
        assert_eq!(first, Some(Color::Black), "Black moves first in English");
        let holds = |t: &str| {
            ResultWanted::parse(t)
                .unwrap()
                .holds(recorded_result(&g), first)
        };
        // English `1-0`: the first mover, Black, won.
        assert!(holds("1-0") && holds("black") && holds("BLACK"));
        assert!(!holds("2-0") && !holds("white") && !holds("draw") && !holds("*"));
        // Nobody knows who won a `1-0` when nobody knows who moved first.
        assert!(
            !ResultWanted::parse("black")
                .unwrap()
                .holds(recorded_result(&g), None)
        );
        assert!(
            !ResultWanted::parse("white")
                .unwrap()
                .holds(recorded_result(&g), None)
        );
        let intl = game("[GameType \"20\"]\n1. 32-28 19-23 1-1\n");
        let first = crate::archive::first_mover(&intl, intl.variant);
        assert_eq!(
            first,
            Some(Color::White),
            "White moves first in International"
        );
        let holds = |t: &str| {
            ResultWanted::parse(t)
                .unwrap()
                .holds(recorded_result(&intl), first)
        };
        assert!(holds("draw") && holds("1-1") && !holds("white"));
        let won = game("[GameType \"20\"]\n1. 32-28 19-23 2-0\n");
        let first = crate::archive::first_mover(&won, won.variant);
        assert!(
            ResultWanted::parse("white")
                .unwrap()
                .holds(recorded_result(&won), first)
        );
        assert!(
            !ResultWanted::parse("black")
                .unwrap()
                .holds(recorded_result(&won), first)
        );
        assert!(matches!(
            ResultWanted::parse("1:0"),
            Err(FilterError::Result { .. })
        ));
    }

    #[test]
    fn has_takes_known_codes_only() {
        assert!(matches!(
            Test::has("e-illegal-move"),
            Ok(Test::Has(Code::IllegalMove))
        ));
        assert!(matches!(Test::has("W-UTF8-BOM"), Ok(Test::Has(Code::Bom))));
        match Test::has("E-ILLEGAL-MOV") {
            Err(FilterError::UnknownCode { suggestion, .. }) => {
                assert_eq!(suggestion, Some("E-ILLEGAL-MOVE"))
            }
            other => panic!("{other:?}"),
        }
        let bad = game("[GameType \"21\"]\n1. 11-15 24-20 2. 15-11 *\n");
        let f = filter(vec![(Test::has("E-ILLEGAL-MOVE").unwrap(), false)]);
        assert!(!f.matches(&game(ENGLISH)));
        assert!(f.matches(&bad), "15-11: a man moving backwards");
    }

    #[test]
    fn positions_along_the_main_line_with_the_side_to_move() {
        let g = game(ENGLISH);
        // After 1. 11-15: White to move.
        let after_one = "W:W21-32:B1-10,12,15";
        let f = |fen: &str| filter(vec![(Test::position(fen).unwrap(), false)]).matches(&g);
        assert!(f(after_one));
        assert!(!f("B:W21-32:B1-10,12,15"), "the side to move counts");
        assert!(f("B:W21-32:B1-12"), "the start position");
        assert!(!f("W:W50:B1"), "not on this board");
        assert!(matches!(
            Test::position("W:W21-32:B1-1x"),
            Err(FilterError::Fen { .. })
        ));
        assert!(matches!(
            Test::position("?:W21:B1"),
            Err(FilterError::NoSideToMove { .. })
        ));
    }

    #[test]
    fn openings_are_compared_as_moves() {
        let g = game(ENGLISH);
        let f = |moves: &str| filter(vec![(Test::opening(moves).unwrap(), false)]).matches(&g);
        assert!(f("1. 11-15 23-19"));
        assert!(f("11-15 23-19 8-11"));
        assert!(f("1.11-15"));
        assert!(!f("1. 11-15 22-18"));
        assert!(
            !f("1. 11-15 23-19 2. 8-11 22-17 9-13"),
            "longer than the game"
        );
        assert!(matches!(
            Test::opening("[Event \"x\"]"),
            Err(FilterError::Opening { .. })
        ));
        assert!(matches!(
            Test::opening(""),
            Err(FilterError::Opening { .. })
        ));
    }

    #[test]
    fn predicates_combine_with_and_and_may_be_negated() {
        let g = game(ENGLISH);
        let player = |t| Test::text(Field::Player, t, false).unwrap();
        assert!(filter(vec![]).matches(&g));
        assert!(filter(vec![(player("jordan"), false), (player("ferrie"), false)]).matches(&g));
        assert!(!filter(vec![(player("jordan"), false), (player("ferrie"), true)]).matches(&g));
        assert!(filter(vec![(player("nobody"), true)]).matches(&g));
        let plies = Test::Plies(PlyRange::parse("4").unwrap());
        assert!(
            filter(vec![
                (plies, false),
                (Test::Variant(Variant::English), false)
            ])
            .matches(&g)
        );
    }
}
