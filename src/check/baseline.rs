//! Baselines: accept today's findings of an archive and fail only on new ones.
//!
//! A finding is known by its file, its game's identity, its code and its ply. The file is named
//! by its path relative to the baseline's own directory (schema `pdnkit-baseline/2`), so a
//! baseline written in one directory matches when `check` runs from another (`cd ci && pdnkit
//! check ../games --baseline known.json` and `pdnkit check games --baseline ci/known.json` name
//! `../games/a.pdn` alike). A baseline of version 1 named files as the command line did: it
//! still reads, and matches those names. A game's identity is a hash of its tags and main-line moves, so it survives games
//! added, removed or edited elsewhere in the file (the game's index would not). Findings are
//! counted, so a game with the same finding twice needs both in the baseline.

use super::GameReport;
use crate::finding::Level;
use crate::notation::Square;
use crate::reader::{Game, MoveKind, MoveRef, read_to_string_limited};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// The schema name written in every baseline file: files named relative to the baseline's
/// directory.
const SCHEMA: &str = "pdnkit-baseline/2";
/// The first schema: files named as on the command line.
const SCHEMA_AS_NAMED: &str = "pdnkit-baseline/1";

/// The longest baseline read (256 MiB: about two million recorded findings). A longer file,
/// or a path such as `/dev/zero`, is an error naming the file and the limit.
pub const MAX_BASELINE_BYTES: u64 = 256 << 20;

/// A stable identity of `game`: FNV-1a over its tags and main-line moves as written (each tag's
/// name and value, each move's canonical text, every one followed by a zero byte).
/// (FNV because its output is fixed by definition: the std hasher's may change between releases,
/// and baselines are kept for years.)
pub fn game_identity(game: &Game) -> u64 {
    let mut hash = Fnv::new();
    for tag in &game.tags {
        hash.write(tag.name.as_bytes());
        hash.write(&[0]);
        hash.write(tag.value.as_bytes());
        hash.write(&[0]);
    }
    for node in game.moves.iter() {
        hash.write_canonical(node);
        hash.write(&[0]);
    }
    hash.0
}

struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// The bytes of [`MoveRef::write_canonical`], hashed as they are made: every game is
    /// hashed, so its moves are not written out as text first (the test
    /// `hashing_a_move_hashes_its_canonical_text` holds the two equal).
    fn write_canonical(&mut self, node: MoveRef<'_>) {
        if node.kind() == MoveKind::Unknown {
            self.write(b"--");
            return;
        }
        let mut sep = [0u8; 4];
        let sep: &[u8] = match node.separator() {
            Some(c) => c.encode_utf8(&mut sep).as_bytes(),
            None => &[],
        };
        for (i, square) in node.squares().iter().enumerate() {
            if i > 0 {
                self.write(sep);
            }
            match *square {
                Square::Num(n) => self.write_decimal(u32::from(n)),
                Square::Alg { file, rank } => {
                    self.write(&[b'a' + file]);
                    self.write_decimal(u32::from(rank) + 1);
                }
            }
        }
    }

    fn write_decimal(&mut self, n: u32) {
        self.write(crate::notation::decimal_digits(n, &mut [0; 10]));
    }
}

/// One kind of finding in one game, and how many times it occurs there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    file: String,
    /// The game's identity in hexadecimal.
    game: String,
    code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ply: Option<u32>,
    count: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineFile {
    schema: String,
    findings: Vec<Entry>,
}

type Key = (String, String, String, Option<u32>);

/// The game's identity as a baseline writes it: `None` for a report checked without one
/// ([`super::CheckOptions::skip_identity`]), whose findings a baseline neither records nor
/// leaves out (so they fail the run, as new findings do).
fn identity(game: &GameReport) -> Option<String> {
    game.identity.map(|i| format!("{i:016x}"))
}

/// Whether a finding belongs in a baseline: the ones that can fail a run.
fn recorded(level: Level) -> bool {
    level >= Level::Warning
}

/// How a baseline names the files of a run: relative to its own directory (each name worked out
/// once), or as named on the command line (version 1).
#[derive(Debug, Default)]
struct FileNames {
    /// The baseline's directory, canonical; `None` for names as given.
    anchor: Option<PathBuf>,
    known: HashMap<String, String>,
}

impl FileNames {
    /// Names relative to the directory of the baseline at `path`.
    fn beside(path: &Path) -> io::Result<FileNames> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        Ok(FileNames {
            anchor: Some(fs::canonicalize(dir)?),
            known: HashMap::new(),
        })
    }

    /// The name of the input named `name` on the command line (`<stdin>` stays so).
    fn of(&mut self, name: &str) -> &str {
        let anchor = &self.anchor;
        self.known
            .entry(name.to_string())
            .or_insert_with(|| match anchor {
                Some(anchor) if name != "<stdin>" => relative_name(anchor, Path::new(name)),
                _ => name.to_string(),
            })
    }
}

/// `path` relative to the directory `anchor` (canonical), with `/` between its parts: through
/// links, as the file system resolves it; a path that cannot be resolved is made absolute as
/// written first.
fn relative_name(anchor: &Path, path: &Path) -> String {
    let resolved = fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf());
    let ours: Vec<Component> = anchor.components().collect();
    let theirs: Vec<Component> = resolved.components().collect();
    let common = ours.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); ours.len() - common];
    parts.extend(
        theirs[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// A baseline being recorded (`--write-baseline`).
#[derive(Debug, Default)]
pub struct BaselineWriter {
    counts: BTreeMap<Key, u64>,
    names: FileNames,
}

impl BaselineWriter {
    /// A baseline to be written at `path`, naming files relative to its directory.
    pub fn at(path: &Path) -> io::Result<BaselineWriter> {
        Ok(BaselineWriter {
            counts: BTreeMap::new(),
            names: FileNames::beside(path)?,
        })
    }

    pub fn add(&mut self, file: &str, game: &GameReport) {
        let Some(identity) = identity(game) else {
            return;
        };
        let file = self.names.of(file).to_string();
        for f in game.findings.iter().filter(|f| recorded(f.level)) {
            let key = (file.clone(), identity.clone(), f.code.to_string(), f.ply);
            *self.counts.entry(key).or_default() += 1;
        }
    }

    /// The baseline as JSON, one finding a line, sorted (so it diffs well under version control).
    pub fn to_json(&self) -> String {
        let mut out = format!("{{\"schema\":\"{SCHEMA}\",\"findings\":[");
        for (i, ((file, game, code, ply), count)) in self.counts.iter().enumerate() {
            let entry = Entry {
                file: file.clone(),
                game: game.clone(),
                code: code.clone(),
                ply: *ply,
                count: *count,
            };
            out.push_str(if i == 0 { "\n" } else { ",\n" });
            out.push_str(&serde_json::to_string(&entry).expect("an entry serialises"));
        }
        out.push_str("\n]}\n");
        out
    }
}

/// A baseline being matched (`--baseline`): what is left of it as the run goes.
#[derive(Debug)]
pub struct Baseline {
    remaining: BTreeMap<Key, u64>,
    names: FileNames,
    /// Whether its files are named relative to its directory (version 2).
    relative: bool,
}

/// A baseline file that cannot be used.
#[derive(Debug)]
pub struct BaselineError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for BaselineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for BaselineError {}

impl Baseline {
    /// Reads the baseline at `path` (at most [`MAX_BASELINE_BYTES`] long).
    pub fn load(path: &Path) -> Result<Baseline, BaselineError> {
        let error = |message: String| BaselineError {
            path: path.to_path_buf(),
            message,
        };
        let text =
            read_to_string_limited(path, MAX_BASELINE_BYTES).map_err(|e| error(e.to_string()))?;
        let mut baseline = Baseline::parse(&text).map_err(error)?;
        if baseline.relative {
            baseline.names = FileNames::beside(path).map_err(|e| error(e.to_string()))?;
        }
        Ok(baseline)
    }

    /// Reads a baseline; the error says where (serde_json's line and column). JSON nested
    /// deeper than serde_json's recursion limit (128, kept here: only the JSON game reader
    /// lifts it, behind its own depth check) is an error, not a stack overflow.
    pub fn parse(text: &str) -> Result<Baseline, String> {
        let file: BaselineFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let relative = match file.schema.as_str() {
            SCHEMA => true,
            SCHEMA_AS_NAMED => false,
            _ => {
                return Err(format!(
                    "schema `{}` is not a pdnkit baseline ({SCHEMA} or {SCHEMA_AS_NAMED})",
                    file.schema
                ));
            }
        };
        let mut remaining = BTreeMap::new();
        for e in file.findings {
            // A baseline written before the renaming of codes (crate::finding::renamed) still matches.
            let code = crate::finding::renamed::renamed(&e.code).map_or(e.code, str::to_string);
            *remaining.entry((e.file, e.game, code, e.ply)).or_default() += e.count;
        }
        // (`load` knows the baseline's directory: parsed from text, names are taken as given.)
        Ok(Baseline {
            remaining,
            names: FileNames::default(),
            relative,
        })
    }

    /// Removes from `game` the findings the baseline knows (each match uses one up) and returns
    /// how many were removed.
    pub fn filter(&mut self, file: &str, game: &mut GameReport) -> u64 {
        let Some(identity) = identity(game) else {
            return 0;
        };
        let mut removed = 0;
        let file = self.names.of(file).to_string();
        let remaining = &mut self.remaining;
        game.findings.retain(|f| {
            if !recorded(f.level) {
                return true;
            }
            let k = (file.clone(), identity.clone(), f.code.to_string(), f.ply);
            match remaining.get_mut(&k) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    removed += 1;
                    false
                }
                _ => true,
            }
        });
        removed
    }

    /// Findings of the baseline that did not occur in this run (fixed, or their game changed).
    pub fn unmatched(&self) -> u64 {
        self.remaining.values().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckOptions, check_game};
    use crate::reader::{ReadOptions, read_str};

    fn reports(text: &str) -> Vec<GameReport> {
        read_str(text, ReadOptions::default())
            .iter()
            .map(|g| check_game(g, &CheckOptions::default()))
            .collect()
    }

    const A: &str =
        "[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 16-21 2. 37-32 11-16 3. 41-37 06-11 *\n";
    const B: &str =
        "[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 16-21 2. 37-32 11-16 3. 41-37 07-11 *\n";

    /// Hashing a move as it is made equals hashing its canonical text, for every kind of token:
    /// numeric and algebraic squares, every separator, unknown moves, long numbers.
    #[test]
    fn hashing_a_move_hashes_its_canonical_text() {
        let text = "[GameType \"20\"]\n1. 32-28 19x10x1 2. - - a3-b4 c3:e5xg7 h2h3 250x9 06-11 *\n\
                    [GameType \"25\"]\n1. c3-d4 f6-g5 2. d4xf6 g7xe5 3. a1-b2 l12-k11 *\n";
        let games = read_str(text, ReadOptions::default());
        let mut tokens = 0;
        for node in games.iter().flat_map(|g| &g.moves) {
            let mut fast = Fnv::new();
            fast.write_canonical(node);
            let mut slow = Fnv::new();
            slow.write(node.canonical().as_bytes());
            assert_eq!(fast.0, slow.0, "{}", node.canonical());
            tokens += 1;
        }
        assert_eq!(tokens, 14, "moves read");
    }

    #[test]
    fn the_identity_follows_the_game_not_its_place() {
        let alone = reports(A);
        let after_another = reports(&format!("{B}\n{A}"));
        assert_eq!(alone[0].identity, after_another[1].identity);
        assert_ne!(after_another[0].identity, after_another[1].identity);
    }

    #[test]
    fn a_baseline_removes_known_findings_and_counts_what_is_gone() {
        let mut writer = BaselineWriter::default();
        for game in reports(A) {
            writer.add("x.pdn", &game);
        }
        let json = writer.to_json();
        assert!(json.contains("W-ZERO-PADDED-SQUARE"), "{json}");
        let mut baseline = Baseline::parse(&json).unwrap();
        // The same game again (now second in its file) and a new one with the same finding.
        let mut games = reports(&format!("{B}\n{A}"));
        assert_eq!(baseline.filter("x.pdn", &mut games[0]), 0, "a new game");
        assert_eq!(baseline.filter("x.pdn", &mut games[1]), 1, "the known game");
        assert!(games[1].findings.iter().all(|f| f.level == Level::Note));
        assert_eq!(games[0].findings.len(), 1);
        assert_eq!(baseline.unmatched(), 0);
        // In another file nothing matches, and the entry is reported as gone.
        let mut baseline = Baseline::parse(&json).unwrap();
        let mut games = reports(A);
        assert_eq!(baseline.filter("y.pdn", &mut games[0]), 0);
        assert_eq!(baseline.unmatched(), 1);
    }

    #[test]
    fn a_bad_baseline_says_what_is_wrong() {
        assert!(Baseline::parse("{").unwrap_err().contains("line 1"));
        assert!(
            Baseline::parse("{\"schema\":\"x\",\"findings\":[]}")
                .unwrap_err()
                .contains("not a pdnkit baseline")
        );
    }
}
