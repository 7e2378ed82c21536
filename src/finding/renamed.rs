//! Codes renamed, by their old spelling. A code's prefix is its default level (`E-` error,
//! `W-` warning, `N-` note); the codes below broke that rule until the report
//! schemas' version 2 (`pdnkit-check/2`, `pdnkit-parse/2`), when they were renamed; the draw
//! rules of the `seed` profile (`N-DRAW-SEED-*`) were renamed with the profile, now `servers`
//! (`N-DRAW-SERVER-*`). Wherever a
//! user writes a code (`--allow`, `pdnkit.toml`, baselines, `explain`, JSON games written by an
//! older pdnkit) the old spelling still reads as the new one, so nothing written for it stops
//! working.

/// Old spelling, current spelling.
pub const RENAMED: &[(&str, &str)] = &[
    ("W-UTF16", "N-UTF16"),
    ("W-UTF8-BOM", "N-UTF8-BOM"),
    ("W-SETUP-TAG", "N-SETUP-TAG"),
    ("W-FEN-TRAILING-DOT", "N-FEN-TRAILING-DOT"),
    ("W-FEN-EMPTY-FIELD", "N-FEN-EMPTY-FIELD"),
    ("W-COLON-CAPTURE", "N-COLON-CAPTURE"),
    ("W-LONE-ELLIPSIS", "N-LONE-ELLIPSIS"),
    ("W-ELLIPSIS-WITHOUT-MOVE", "N-ELLIPSIS-WITHOUT-MOVE"),
    ("W-NO-TERMINATOR-AT-END", "N-NO-TERMINATOR-AT-END"),
    ("W-FEN-PER-LINE", "N-FEN-PER-LINE"),
    ("I-VARIANT-INFERRED", "N-VARIANT-INFERRED"),
    ("D-THREEFOLD", "N-DRAW-THREEFOLD"),
    ("D-KING-MOVES-25", "N-DRAW-KING-MOVES-25"),
    ("D-ENDGAME-16", "N-DRAW-ENDGAME-16"),
    ("D-ENDGAME-5", "N-DRAW-ENDGAME-5"),
    ("D-ITALIAN-KINGS-40", "N-DRAW-ITALIAN-KINGS-40"),
    ("D-ENGLISH-40", "N-DRAW-ENGLISH-40"),
    ("D-RUSSIAN-KINGS-15", "N-DRAW-RUSSIAN-KINGS-15"),
    ("D-RUSSIAN-THREE-KINGS-15", "N-DRAW-RUSSIAN-THREE-KINGS-15"),
    (
        "D-RUSSIAN-LONG-DIAGONAL-5",
        "N-DRAW-RUSSIAN-LONG-DIAGONAL-5",
    ),
    ("D-RUSSIAN-ENDGAME-5", "N-DRAW-RUSSIAN-ENDGAME-5"),
    ("D-RUSSIAN-ENDGAME-30", "N-DRAW-RUSSIAN-ENDGAME-30"),
    ("D-RUSSIAN-ENDGAME-60", "N-DRAW-RUSSIAN-ENDGAME-60"),
    ("D-TURKISH-ONE-PIECE", "N-DRAW-TURKISH-ONE-PIECE"),
    ("D-CZECH-KINGS-15", "N-DRAW-CZECH-KINGS-15"),
    ("D-FRISIAN-TWO-KINGS-7", "N-DRAW-FRISIAN-TWO-KINGS-7"),
    ("D-FRISIAN-ONE-KING-2", "N-DRAW-FRISIAN-ONE-KING-2"),
    ("D-SEED-KING-PLIES-80", "N-DRAW-SERVER-KING-PLIES-80"),
    ("D-SEED-KING-PLIES-120", "N-DRAW-SERVER-KING-PLIES-120"),
    (
        "D-SEED-TURKISH-ONE-PIECE",
        "N-DRAW-SERVER-TURKISH-ONE-PIECE",
    ),
    // A result token of the other type is a habit of a whole archive, not a defect of a game: a
    // note since version 2.
    ("W-RESULT-STYLE", "N-RESULT-STYLE"),
    // Trailing bytes are reported for every compression format read, not gzip alone.
    ("W-GZIP-TRAILING-DATA", "W-COMPRESSED-TRAILING-DATA"),
    // The `seed` draw profile is now `servers` (the rules game servers apply).
    ("N-DRAW-SEED-KING-PLIES-80", "N-DRAW-SERVER-KING-PLIES-80"),
    ("N-DRAW-SEED-KING-PLIES-120", "N-DRAW-SERVER-KING-PLIES-120"),
    (
        "N-DRAW-SEED-TURKISH-ONE-PIECE",
        "N-DRAW-SERVER-TURKISH-ONE-PIECE",
    ),
];

/// Prefixes of old spellings that stand for a whole family (`D-*` was every draw rule;
/// `N-DRAW-SEED-*` the rules of the `seed` profile, now `servers`). The first that matches wins.
pub const RENAMED_PREFIXES: &[(&str, &str)] = &[
    ("D-SEED-", "N-DRAW-SERVER-"),
    ("N-DRAW-SEED-", "N-DRAW-SERVER-"),
    ("D-", "N-DRAW-"),
];

/// The current spelling of a code written in its old one (exact, upper case).
pub fn renamed(code: &str) -> Option<&'static str> {
    RENAMED
        .iter()
        .find(|(old, _)| *old == code)
        .map(|&(_, new)| new)
}

/// The current prefix for a prefix of old spellings (`D-RUSSIAN-` is `N-DRAW-RUSSIAN-`), when it
/// matches no current code itself.
pub fn renamed_prefix(prefix: &str) -> Option<String> {
    RENAMED_PREFIXES
        .iter()
        .find_map(|(old, new)| prefix.strip_prefix(old).map(|rest| format!("{new}{rest}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_prefix_maps_its_old_codes_to_their_new_names() {
        for (old, new) in RENAMED {
            assert_ne!(old, new);
            assert_eq!(renamed(old), Some(*new));
            // A renaming made a code a note, or named it for more than it first covered (its
            // level the same).
            assert!(
                crate::finding::Code::from_name(new).is_some(),
                "{new} is no current code"
            );
            assert!(
                new.starts_with("N-") || old[..2] == new[..2],
                "{old} -> {new}: a level changed other than to a note"
            );
            if let Some(mapped) = RENAMED_PREFIXES
                .iter()
                .find(|(p, _)| old.starts_with(p))
                .and_then(|_| renamed_prefix(old))
            {
                assert_eq!(
                    mapped, *new,
                    "the prefix rule and the table disagree on {old}"
                );
            }
        }
        assert_eq!(renamed("W-DATE-FORMAT"), None);
        assert_eq!(
            renamed_prefix("N-DRAW-SEED-").as_deref(),
            Some("N-DRAW-SERVER-")
        );
        assert_eq!(renamed_prefix("D-SEED-").as_deref(), Some("N-DRAW-SERVER-"));
        assert_eq!(
            renamed_prefix("D-RUSSIAN-").as_deref(),
            Some("N-DRAW-RUSSIAN-")
        );
    }
}
