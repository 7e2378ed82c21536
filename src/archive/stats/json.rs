//! The statistics as one JSON document (`schema/stats-report.json`, `"pdnkit-stats/1"`).

use super::{GameRef, ResultCounts, Stats};
use crate::report::envelope;
use crate::variant::Variant;
use serde_json::{Value, json};

/// Version of the document's shape.
pub const SCHEMA: &str = "pdnkit-stats/1";

/// What the document says besides the statistics.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub top: usize,
    pub opening_plies: usize,
    /// The inputs' names, by file index.
    pub names: &'a [String],
    pub files: u64,
    pub unreadable_files: u64,
}

fn results(r: &ResultCounts) -> Value {
    json!({
        "white": r.white,
        "black": r.black,
        "draws": r.draws,
        "unfinished": r.unfinished,
        "unknown": r.unknown,
        "missing": r.missing,
    })
}

fn game(g: &GameRef, names: &[String]) -> Value {
    json!({
        "file": names[g.file],
        "game": g.index,
        "plies": g.plies,
        "white": g.white,
        "black": g.black,
        "event": g.event,
    })
}

fn variant(v: Option<Variant>) -> Value {
    v.map_or(Value::Null, |v| json!(v.name()))
}

/// The document.
pub fn document(stats: &Stats, context: Context) -> Value {
    let names = context.names;
    let top = context.top;
    let body = json!({
        "options": { "opening_plies": context.opening_plies, "top": top },
        "totals": {
            "files": context.files,
            "games": stats.games,
            "plies": stats.plies,
            "unreadable_files": context.unreadable_files,
        },
        "variants": stats.variants().iter().map(|(v, s)| json!({
            "variant": variant(*v),
            "games": s.games,
            "plies": s.plies,
            "first_mover": s.first_mover.map(|c| c.to_string()),
            "results": results(&s.results),
        })).collect::<Vec<_>>(),
        "results": results(&stats.results()),
        "lengths": {
            "min": stats.shortest.as_ref().map(|g| g.plies),
            "median": stats.median_length(),
            "max": stats.longest.as_ref().map(|g| g.plies),
            "shortest": stats.shortest.as_ref().map(|g| game(g, names)),
            "longest": stats.longest.as_ref().map(|g| game(g, names)),
            "histogram": stats.histogram().iter().map(|b| json!({
                "from": b.from, "to": b.to, "games": b.games,
            })).collect::<Vec<_>>(),
        },
        "openings": {
            "plies": context.opening_plies,
            "games": stats.with_opening,
            "distinct": stats.openings.len(),
            "top": stats.top_openings(top).iter().map(|(v, moves, s)| json!({
                "variant": variant(*v),
                "moves": moves,
                "name": s.name(),
                "games": s.games,
                "results": results(&s.results),
            })).collect::<Vec<_>>(),
        },
        "draws": stats.draws.iter().map(|(rule, n)| json!({
            "rule": rule.code(), "games": n,
        })).collect::<Vec<_>>(),
        "findings": {
            "games_with_errors": stats.games_with_errors,
            "games_with_warnings": stats.games_with_warnings,
            "by_code": stats.findings_by_count().iter().map(|(code, n)| json!({
                "code": code, "count": n,
            })).collect::<Vec<_>>(),
        },
        "players": {
            "distinct": stats.players.len(),
            "top": stats.top_players(top).iter().map(|(name, p)| json!({
                "name": name,
                "games": p.games,
                "wins": p.wins,
                "draws": p.draws,
                "losses": p.losses,
                "score": p.half_points() as f64 / 2.0,
            })).collect::<Vec<_>>(),
        },
        "events": {
            "distinct": stats.events.len(),
            "top": stats.top_events(top).iter().map(|(name, r)| json!({
                "name": name,
                "games": r.games(),
                "results": results(r),
            })).collect::<Vec<_>>(),
        },
    });
    envelope::whole(SCHEMA, body)
}
