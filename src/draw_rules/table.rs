//! The draw rules of each variant under each profile, as data: one [`Limits`] row per
//! (variant, profile), every constant with the rule text it implements beside it. The tracker
//! ([`super::DrawTracker`]) has one code path per *kind* of rule (repetition, consecutive king
//! moves, endgame balance, one piece each), never one per variant.
//!
//! Counts are in plies: "N moves by each side" is `2 * N` plies. `docs/rules.md` ("Draw
//! profiles") describes every row for users, with its sources.

use super::{DrawProfile, DrawRule};
use crate::variant::Variant;

/// The draw rules that apply to one variant under one profile.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// Same position, same side to move, a third time.
    pub threefold: bool,
    /// Consecutive plies of king moves without capture (any man move or capture restarts the
    /// count).
    pub king_plies: Option<KingPlies>,
    /// Endgame balances with a move limit.
    pub endgames: &'static [Endgame],
    /// What one piece against one piece means.
    pub one_piece_each: Option<OnePieceEach>,
    /// Said when the profile has no (complete) text for the variant.
    pub note: Option<&'static str>,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct KingPlies {
    pub rule: DrawRule,
    pub plies: u32,
}

/// A material balance, as a predicate on a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Balance {
    /// One side has `min..=max` pieces, at least `min_kings` of them kings; the other side has a
    /// lone king and nothing else (standing on the long diagonal if `on_long_diagonal`).
    LoneKing {
        min: u32,
        max: u32,
        min_kings: u32,
        on_long_diagonal: bool,
    },
    /// Both sides have at least one king and the board holds `min..=max` pieces in all.
    KingsEachSide { min: u32, max: u32 },
}

impl Balance {
    /// The most pieces the board can hold while the balance holds.
    pub fn max_pieces(&self) -> u32 {
        match *self {
            Balance::LoneKing { max, .. } => max + 1,
            Balance::KingsEachSide { max, .. } => max,
        }
    }
}

/// When an endgame count starts and when it starts again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Count {
    /// From the ply the balance arose, for as long as the position stays within `lasts`; a capture
    /// or a promotion inside `lasts` does not restart it (FMJD: "when during these 16 moves a
    /// piece is taken, the maximum of 16 moves remains valid").
    FromArising { lasts: Balance },
    /// While the material stays exactly the same: any capture or promotion starts a new count
    /// (FMJD-64: "the balance of forces has not changed, i.e. no capture and no man crowned").
    WhileUnchanged,
}

/// An endgame with a move limit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Endgame {
    pub rule: DrawRule,
    pub arises: Balance,
    pub count: Count,
    pub plies: u32,
}

/// The most pieces on the board for which any of `endgames` can arise or last: with more, none
/// is counting.
pub(crate) fn endgame_pieces(endgames: &[Endgame]) -> u32 {
    let lasts = |e: &Endgame| match e.count {
        Count::FromArising { lasts } => lasts.max_pieces(),
        Count::WhileUnchanged => 0,
    };
    endgames
        .iter()
        .map(|e| e.arises.max_pieces().max(lasts(e)))
        .max()
        .unwrap_or(0)
}

/// One piece against one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OnePieceEach {
    /// A draw, whatever the pieces (TUDAF).
    Draw(DrawRule),
    /// Decided at once: a king beats a man, the same kind is a draw (game servers' Turkish).
    KingBeatsMan(DrawRule),
}

// ---------------------------------------------------------------------------------------------
// official profile

/// Any number of pieces with at least one king against a lone king, as FMJD's 16-move count
/// lasts through the capture that turns it into a 5-move ending.
const FMJD_AGAINST_LONE_KING: Balance = Balance::LoneKing {
    min: 1,
    max: 3,
    min_kings: 1,
    on_long_diagonal: false,
};

/// International, FMJD Annex 1 (Official FMJD Rules for International Draughts), art. 6.2-6.4.
const INTERNATIONAL_OFFICIAL: Limits = Limits {
    threefold: true, // same position, same player to move, third time
    king_plies: Some(KingPlies {
        rule: DrawRule::KingMoves25,
        plies: 2 * 25, // 25 moves each, only kings moved, no man move, no capture
    }),
    endgames: &[
        Endgame {
            rule: DrawRule::Endgame16,
            // three kings, two kings and a man, a king and two men, against a lone king
            arises: Balance::LoneKing {
                min: 3,
                max: 3,
                min_kings: 1,
                on_long_diagonal: false,
            },
            // from the moment the balance arose; a capture does not reset the count
            count: Count::FromArising {
                lasts: FMJD_AGAINST_LONE_KING,
            },
            plies: 2 * 16, // at most 16 moves each
        },
        Endgame {
            rule: DrawRule::Endgame5,
            // two kings, a king and a man, or one king against a lone king
            arises: Balance::LoneKing {
                min: 1,
                max: 2,
                min_kings: 1,
                on_long_diagonal: false,
            },
            count: Count::FromArising {
                lasts: Balance::LoneKing {
                    min: 1,
                    max: 2,
                    min_kings: 1,
                    on_long_diagonal: false,
                },
            },
            plies: 2 * 5, // at most 5 moves each
        },
    ],
    one_piece_each: None,
    note: None,
};

/// Italian, FID (Federazione Italiana Dama) rules, item 1.1.10.
const ITALIAN_OFFICIAL: Limits = Limits {
    threefold: true, // the same position three times
    king_plies: Some(KingPlies {
        rule: DrawRule::ItalianKings40,
        // each side has at least one king and 40 moves each with kings only, no man move, no
        // capture (a side that moves a king has one, so the first condition follows)
        plies: 2 * 40,
    }),
    endgames: &[],
    one_piece_each: None,
    note: None,
};

/// English, EDA laws: threefold; neither player has advanced a man nor has any piece been taken
/// during their own previous 40 moves.
const ENGLISH_OFFICIAL: Limits = Limits {
    threefold: true,
    king_plies: Some(KingPlies {
        rule: DrawRule::English40,
        plies: 2 * 40, // 40 moves each without a man move and without a capture
    }),
    endgames: &[],
    one_piece_each: None,
    note: None,
};

/// Russian, FMJD-64 rules art. 7.2 (the Russian Ministry of Sport's rules, section 7, agree).
const RUSSIAN_OFFICIAL: Limits = Limits {
    threefold: true,
    king_plies: Some(KingPlies {
        rule: DrawRule::RussianKings15,
        plies: 2 * 15, // 15 moves each of kings only, no man move, no capture
    }),
    endgames: &[
        Endgame {
            rule: DrawRule::RussianThreeKings15,
            // three (or more) kings against a lone king: drawn if the 15th move, counted from the
            // moment the balance arose, does not take it
            arises: Balance::LoneKing {
                min: 3,
                max: 12,
                min_kings: 3,
                on_long_diagonal: false,
            },
            count: Count::WhileUnchanged,
            plies: 2 * 15,
        },
        Endgame {
            rule: DrawRule::RussianLongDiagonal5,
            // three pieces (at least one king) against a lone king on the long diagonal (a1-h8)
            arises: Balance::LoneKing {
                min: 3,
                max: 3,
                min_kings: 1,
                on_long_diagonal: true,
            },
            count: Count::WhileUnchanged,
            plies: 2 * 5,
        },
        Endgame {
            rule: DrawRule::RussianEndgame5,
            // two pieces (at least one king) or one king against a lone king
            arises: Balance::LoneKing {
                min: 1,
                max: 2,
                min_kings: 1,
                on_long_diagonal: false,
            },
            count: Count::WhileUnchanged,
            plies: 2 * 5,
        },
        Endgame {
            rule: DrawRule::RussianEndgame30,
            // kings on both sides, 4 or 5 pieces, balance unchanged for 30 moves
            arises: Balance::KingsEachSide { min: 4, max: 5 },
            count: Count::WhileUnchanged,
            plies: 2 * 30,
        },
        Endgame {
            rule: DrawRule::RussianEndgame60,
            // kings on both sides, 6 or 7 pieces, balance unchanged for 60 moves
            arises: Balance::KingsEachSide { min: 6, max: 7 },
            count: Count::WhileUnchanged,
            plies: 2 * 60,
        },
    ],
    one_piece_each: None,
    note: None,
};

/// Turkish, TUDAF (Turkish draughts federation) rules: one piece against one piece is a draw;
/// threefold.
const TURKISH_OFFICIAL: Limits = Limits {
    threefold: true,
    king_plies: None,
    endgames: &[],
    one_piece_each: Some(OnePieceEach::Draw(DrawRule::TurkishOnePiece)),
    note: None,
};

/// Czech (FMJD, "Brief Rules of Czech Draughts"): threefold; no capture and no man move within
/// 15 moves.
const CZECH_OFFICIAL: Limits = Limits {
    threefold: true,
    king_plies: Some(KingPlies {
        rule: DrawRule::CzechKings15,
        plies: 2 * 15,
    }),
    endgames: &[],
    one_piece_each: None,
    note: Some(
        "Czech: only threefold repetition and the 15-move rule (FMJD's brief Czech rules) are \
         checked; no endgame limits were found",
    ),
};

/// Frisian and Frysk! (KNDB Frisian rules; lidraughts): threefold; two kings against
/// one king, 7 moves each; one king against one king, 2 moves each (the KNDB text: drawn at once
/// unless one side wins by force; lidraughts allows the 2 moves).
const FRISIAN_OFFICIAL: Limits = Limits {
    threefold: true,
    king_plies: None,
    endgames: &[
        Endgame {
            rule: DrawRule::FrisianTwoKings7,
            // two kings (and nothing else) against a lone king
            arises: Balance::LoneKing {
                min: 2,
                max: 2,
                min_kings: 2,
                on_long_diagonal: false,
            },
            count: Count::WhileUnchanged,
            plies: 2 * 7, // 7 moves each
        },
        Endgame {
            rule: DrawRule::FrisianOneKing2,
            // one king against one king
            arises: Balance::LoneKing {
                min: 1,
                max: 1,
                min_kings: 1,
                on_long_diagonal: false,
            },
            count: Count::WhileUnchanged,
            plies: 2 * 2, // 2 moves each
        },
    ],
    one_piece_each: None,
    note: None,
};

/// Antidraughts and Breakthrough (lidraughts' rules: threefold repetition), the same under both
/// profiles.
const LIDRAUGHTS_OFFICIAL: Limits = Limits {
    threefold: true,
    king_plies: None,
    endgames: &[],
    one_piece_each: None,
    note: None,
};

/// Dameo, under both profiles: "Draws may occur by mutual impotence or three-fold repetition of
/// moves" (Christian Freeling's rules, copy at http://www.di.fc.ul.pt/~jpn/gv/dameo.htm); mutual
/// impotence is agreed, not computed. No move limit.
const DAMEO: Limits = Limits {
    threefold: true,
    king_plies: None,
    endgames: &[],
    one_piece_each: None,
    note: None,
};

/// Every other variant: no federation draw text was found, and the report says so.
const OTHER_OFFICIAL: Limits = Limits {
    threefold: true,
    king_plies: None,
    endgames: &[],
    one_piece_each: None,
    note: Some(
        "no federation draw text was found for this variant: only threefold repetition is \
         checked, no move limits",
    ),
};

// ---------------------------------------------------------------------------------------------
// servers profile: the rules game servers apply (the server's rules text for English, Russian,
// International and Turkish; the FID rules for Italian)

/// English, game servers: the same position three times, or 80 king actions without a capture.
const ENGLISH_SERVERS: Limits = Limits {
    threefold: true,
    king_plies: Some(KingPlies {
        rule: DrawRule::ServerKingPlies80,
        plies: 80, // 80 consecutive king plies without capture
    }),
    endgames: &[],
    one_piece_each: None,
    note: None,
};

/// Russian and International, game servers: threefold, or 120 king actions without a capture;
/// the servers do not reproduce every federation endgame limit.
const KING_PLIES_120_SERVERS: Limits = Limits {
    threefold: true,
    king_plies: Some(KingPlies {
        rule: DrawRule::ServerKingPlies120,
        plies: 120, // 120 consecutive king plies without capture
    }),
    endgames: &[],
    one_piece_each: None,
    note: None,
};

/// Turkish, game servers: one piece each is decided at once (a king beats a man, the same kind is a
/// draw); threefold, or 120 king actions without a capture.
const TURKISH_SERVERS: Limits = Limits {
    one_piece_each: Some(OnePieceEach::KingBeatsMan(DrawRule::ServerTurkishOnePiece)),
    ..KING_PLIES_120_SERVERS
};

const CZECH_SERVERS: Limits = Limits {
    note: Some(
        "the game servers' rules have no Czech draw text: the official Czech rules (threefold \
         repetition, the 15-move rule) are checked",
    ),
    ..CZECH_OFFICIAL
};

/// The game servers' rules have no Frisian text: the official rules are checked, and the report
/// says so.
const FRISIAN_SERVERS: Limits = Limits {
    note: Some(
        "the game servers' rules have no Frisian draw text: the KNDB / lidraughts rules \
         (threefold, 2 kings \
         against 1 in 7 moves, 1 king each in 2 moves) are checked",
    ),
    ..FRISIAN_OFFICIAL
};

const OTHER_SERVERS: Limits = Limits {
    note: Some(
        "neither the game servers' rules nor a federation text give draw rules for this \
         variant: only threefold repetition is checked, no move limits",
    ),
    ..OTHER_OFFICIAL
};

/// Where a draw rule only entitles a player to *claim* the draw: the game goes on unless one
/// does, so a record that plays on, or ends in a win, is not contradicted by the rule.
const ON_CLAIM: &[(DrawProfile, Variant)] = &[
    // EDA/WCDF laws of the game: threefold repetition and the 40-move count are draws on claim
    // (docs/rules.md, "English")
    (DrawProfile::Official, Variant::English),
];

/// Whether `variant`'s draw rules under `profile` are draws on claim.
pub(crate) fn on_claim(variant: Variant, profile: DrawProfile) -> bool {
    ON_CLAIM.contains(&(profile, variant))
}

/// The row for `variant` under `profile`.
pub(crate) fn limits(variant: Variant, profile: DrawProfile) -> &'static Limits {
    use Variant::*;
    match (profile, variant) {
        // Italian game servers apply the FID rules: both profiles agree.
        (_, Italian) => &ITALIAN_OFFICIAL,
        (DrawProfile::Official, International) => &INTERNATIONAL_OFFICIAL,
        (DrawProfile::Official, English) => &ENGLISH_OFFICIAL,
        (DrawProfile::Official, Russian) => &RUSSIAN_OFFICIAL,
        (DrawProfile::Official, Turkish) => &TURKISH_OFFICIAL,
        (DrawProfile::Official, Czech) => &CZECH_OFFICIAL,
        (DrawProfile::Official, Frisian | Frysk) => &FRISIAN_OFFICIAL,
        (_, Antidraughts | Breakthrough) => &LIDRAUGHTS_OFFICIAL,
        (_, Dameo) => &DAMEO,
        (DrawProfile::Official, _) => &OTHER_OFFICIAL,
        (DrawProfile::Servers, English) => &ENGLISH_SERVERS,
        (DrawProfile::Servers, International | Russian) => &KING_PLIES_120_SERVERS,
        (DrawProfile::Servers, Turkish) => &TURKISH_SERVERS,
        (DrawProfile::Servers, Czech) => &CZECH_SERVERS,
        (DrawProfile::Servers, Frisian | Frysk) => &FRISIAN_SERVERS,
        (DrawProfile::Servers, _) => &OTHER_SERVERS,
    }
}
