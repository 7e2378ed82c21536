//! Cutting an archive into files: by a number of games, or by a tag's value, into files named
//! from the values. Names are made safe for every file system the files may be copied to (no
//! separators, no characters Windows refuses, no reserved device names, no leading dot), and two
//! values that would share a name (also on a file system that ignores case) get names of their
//! own.

use crate::reader::Game;
use std::collections::HashMap;

/// What a game's output file is chosen by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitKey {
    Event,
    Round,
    Variant,
    /// The year of the Date tag (`1999.04.01`, `1999.??.??`, `1999-04-01` are 1999).
    DateYear,
}

/// The value of the key for a game, or `None` when the game has none (missing, empty, `?`).
pub fn key_value(game: &Game, key: SplitKey) -> Option<String> {
    let tag = |name: &str| {
        game.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && v.chars().any(|c| c != '?' && c != '-'))
            .map(str::to_string)
    };
    match key {
        SplitKey::Event => tag("Event"),
        SplitKey::Round => tag("Round"),
        SplitKey::Variant => game.variant.map(|v| v.name().to_string()),
        SplitKey::DateYear => {
            let date = tag("Date")?;
            let year: String = date.chars().take_while(char::is_ascii_digit).collect();
            (year.len() == 4).then_some(year)
        }
    }
}

/// The file stem used for games without a value.
pub const UNKNOWN: &str = "unknown";

/// Longest stem kept (in characters), well under every file system's limit of 255 bytes.
const MAX_STEM: usize = 80;

/// A file stem for `value`: letters, digits, `-`, `_` and `.` kept (any script), everything
/// else (separators, quotes, spaces, control characters) made `_`, runs of `_` made one, dots
/// and `_` trimmed from the ends, at most [`MAX_STEM`] characters; Windows' device names get a
/// `_`; nothing left is [`UNKNOWN`].
pub fn safe_stem(value: &str) -> String {
    let mut stem = String::new();
    for c in value.chars() {
        let c = if c.is_alphanumeric() || matches!(c, '-' | '.') {
            c
        } else {
            '_'
        };
        if c == '_' && stem.ends_with('_') {
            continue;
        }
        stem.push(c);
    }
    let stem: String = stem
        .trim_matches(|c| c == '_' || c == '.')
        .chars()
        .take(MAX_STEM)
        .collect();
    let stem = stem.trim_end_matches(['_', '.']).to_string();
    if stem.is_empty() {
        return UNKNOWN.to_string();
    }
    let upper = stem.split('.').next().unwrap_or("").to_ascii_uppercase();
    let reserved = matches!(upper.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || (upper.len() == 4
            && (upper.starts_with("COM") || upper.starts_with("LPT"))
            && upper.as_bytes()[3].is_ascii_digit());
    if reserved { format!("{stem}_") } else { stem }
}

/// Gives each distinct value a file stem of its own, the same one every time it is asked.
#[derive(Debug, Default)]
pub struct Names {
    by_value: HashMap<Option<String>, String>,
    /// Stems taken, lower-cased (a file system that ignores case sees `Open` and `open` as one).
    taken: HashMap<String, ()>,
}

impl Names {
    /// The stem for `value` (`None`: the games without one), and whether it is new.
    pub fn stem(&mut self, value: Option<&str>) -> (&str, bool) {
        let key = value.map(str::to_string);
        let new = !self.by_value.contains_key(&key);
        if new {
            let base = value.map_or_else(|| UNKNOWN.to_string(), safe_stem);
            let mut stem = base.clone();
            let mut n = 2;
            while self.taken.contains_key(&stem.to_lowercase()) {
                stem = format!("{base}-{n}");
                n += 1;
            }
            self.taken.insert(stem.to_lowercase(), ());
            self.by_value.insert(key.clone(), stem);
        }
        (self.by_value[&key].as_str(), new)
    }
}

/// The stem of the `n`th file (1-based) of a split by number of games: `games-0001`.
pub fn numbered_stem(prefix: &str, n: u64) -> String {
    format!("{}-{n:04}", safe_stem(prefix))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{ReadOptions, Reader};

    #[test]
    fn stems_keep_words_and_lose_what_a_file_system_refuses() {
        assert_eq!(
            safe_stem("Club championship 1999"),
            "Club_championship_1999"
        );
        assert_eq!(safe_stem("../../etc/passwd"), "etc_passwd");
        assert_eq!(safe_stem("a/b\\c:d*e?f\"g<h>i|j"), "a_b_c_d_e_f_g_h_i_j");
        assert_eq!(safe_stem("Чемпионат России"), "Чемпионат_России");
        assert_eq!(safe_stem(".hidden"), "hidden");
        assert_eq!(safe_stem("\x1b[31m"), "31m");
        assert_eq!(safe_stem("???"), UNKNOWN);
        assert_eq!(safe_stem("con"), "con_");
        assert_eq!(safe_stem("COM1.txt"), "COM1.txt_");
        assert_eq!(safe_stem("COMET"), "COMET");
        assert_eq!(safe_stem(&"x".repeat(300)).chars().count(), MAX_STEM);
    }

    #[test]
    fn values_that_would_share_a_name_get_their_own() {
        let mut names = Names::default();
        assert_eq!(names.stem(Some("Open")), ("Open", true));
        assert_eq!(names.stem(Some("open")), ("open-2", true));
        assert_eq!(names.stem(Some("Open?")), ("Open-3", true));
        assert_eq!(names.stem(Some("Open")), ("Open", false));
        assert_eq!(names.stem(None), (UNKNOWN, true));
        assert_eq!(names.stem(Some("unknown")), ("unknown-2", true));
    }

    #[test]
    fn key_values_read_the_tags_and_the_variant() {
        let text = "[Event \"Open\"][Round \"3\"][Date \"1999.??.??\"][GameType \"21\"]\n1. 11-15 *\n\n\
                    [Event \"?\"][Date \"????.??.??\"]\n1. 32-28 *\n";
        let games: Vec<Game> = Reader::new(text.as_bytes(), ReadOptions::default())
            .map(|g| g.expect("read"))
            .collect();
        assert_eq!(
            key_value(&games[0], SplitKey::Event).as_deref(),
            Some("Open")
        );
        assert_eq!(key_value(&games[0], SplitKey::Round).as_deref(), Some("3"));
        assert_eq!(
            key_value(&games[0], SplitKey::DateYear).as_deref(),
            Some("1999")
        );
        assert_eq!(
            key_value(&games[0], SplitKey::Variant).as_deref(),
            Some("english")
        );
        assert_eq!(key_value(&games[1], SplitKey::Event), None);
        assert_eq!(key_value(&games[1], SplitKey::DateYear), None);
        assert_eq!(key_value(&games[1], SplitKey::Round), None);
    }

    #[test]
    fn numbered_stems_sort_as_numbers_up_to_9999() {
        assert_eq!(numbered_stem("games", 7), "games-0007");
        assert_eq!(numbered_stem("my/games", 12345), "my_games-12345");
    }
}
