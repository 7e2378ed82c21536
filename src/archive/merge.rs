//! Merging archives: the order of games by date and round, and `Round` renumbering.
//!
//! Dates are read as PDN writes them (`1999.04.01`) and as exporters do (`1999-04-01`), with
//! unknown parts (`1999.??.??`): a part that is unknown sorts before the known ones of the same
//! year or month, and a game without a date sorts after every dated one. Rounds sort as numbers
//! (`2` before `10`, `1.2` before `1.10`). Sorting is stable: games that compare equal keep their
//! input order.

use std::cmp::Ordering;

/// A date as far as it is known: year, month, day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DateKey {
    pub year: Option<u16>,
    pub month: Option<u8>,
    pub day: Option<u8>,
}

impl DateKey {
    /// Reads `YYYY.MM.DD` (also with `-` or `/`), any part `??`; `None` without a year.
    pub fn parse(text: &str) -> Option<DateKey> {
        let mut parts = text.trim().split(['.', '-', '/']);
        let year = parts.next()?.parse::<u16>().ok()?;
        let mut part = |max: u8| {
            parts
                .next()
                .and_then(|p| p.parse::<u8>().ok())
                .filter(|n| (1..=max).contains(n))
        };
        let month = part(12);
        let day = month.and(part(31));
        Some(DateKey {
            year: Some(year),
            month,
            day,
        })
    }
}

/// The order of two rounds: numerically part by part (`1.2` < `1.10` < `2`), rounds without a
/// number after those with one, text compared last; an absent round after every other.
pub fn compare_rounds(a: Option<&str>, b: Option<&str>) -> Ordering {
    fn numbers(round: &str) -> Option<Vec<u64>> {
        round
            .trim()
            .split(['.', '-'])
            .map(|p| p.parse::<u64>().ok())
            .collect()
    }
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(a), Some(b)) => match (numbers(a), numbers(b)) {
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => a.cmp(b),
        },
    }
}

/// The order of two dates: unknown parts first within what is known, no date last.
pub fn compare_dates(a: Option<DateKey>, b: Option<DateKey>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        // `Option`'s order puts `None` (unknown) before any known part.
        (Some(a), Some(b)) => a.cmp(&b),
    }
}

/// The seven-tag roster in its PDN order: a tag added goes after the roster tags before it.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// `source` with the value of its tag `name` set to `value`: the tag as written (`[Round
/// "3"]`) gets the new value between its quotes; a game without it gets the tag after the last
/// roster tag that comes before it (`Round` after `Date`, on a line of its own when that tag
/// ends its line), else on a line of its own before its first tag (or first line). `None` when a tag of that name is written in a
/// way this does not recognise (its value is then left alone, and the caller says so).
pub fn set_tag_value(source: &str, name: &str, value: &str) -> Option<String> {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let line_end = if source.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let before: &[&str] = match ROSTER.iter().position(|n| *n == name) {
        Some(i) => &ROSTER[..i],
        None => &[],
    };
    let mut first_tag = None;
    // Just after the `]` of the last roster tag that comes before `name`.
    let mut after_roster = None;
    let mut offset = 0;
    // Tags are read from lines that start with `[` (several may share a line), up to the first
    // line of move text.
    for line in source.split_inclusive('\n') {
        let start = offset + (line.len() - line.trim_start().len());
        offset += line.len();
        let mut at = start;
        while at < offset && source[at..].starts_with('[') {
            first_tag.get_or_insert(at);
            let tag_name: String = source[at + 1..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let after_name = at + 1 + tag_name.len();
            let open = after_name + source[after_name..offset].find('"')?;
            let close = open + 1 + closing_quote(&source[open + 1..offset])?;
            if tag_name == name {
                // Only `[Name "value"]`, closed on its line, is rewritten.
                let closed = source[close + 1..offset].trim_start().starts_with(']');
                if !source[after_name..open].trim().is_empty() || !closed {
                    return None;
                }
                return Some(format!(
                    "{}{escaped}{}",
                    &source[..open + 1],
                    &source[close..]
                ));
            }
            let Some(end) = source[close..offset].find(']') else {
                break;
            };
            at = close + end + 1;
            if before.contains(&tag_name.as_str()) {
                after_roster = Some(at);
            }
            at += source[at..offset].len() - source[at..offset].trim_start().len();
        }
        let text = line.trim_start();
        let header_line = text.is_empty() || text.starts_with(['[', '{', '%', ';']);
        if first_tag.is_some() && !header_line {
            break;
        }
    }
    if let Some(after) = after_roster {
        let line_rest = source[after..]
            .find('\n')
            .map_or(source.len(), |i| after + i);
        if !source[after..line_rest].trim().is_empty() {
            // Other tags follow on the same line: the new one goes between.
            return Some(format!(
                "{} [{name} \"{escaped}\"]{}",
                &source[..after],
                &source[after..]
            ));
        }
        if line_rest < source.len() {
            let next_line = line_rest + 1;
            return Some(format!(
                "{}[{name} \"{escaped}\"]{line_end}{}",
                &source[..next_line],
                &source[next_line..]
            ));
        }
        return Some(format!("{source}{line_end}[{name} \"{escaped}\"]"));
    }
    let at = first_tag.unwrap_or(0);
    Some(format!(
        "{}[{name} \"{escaped}\"]{line_end}{}",
        &source[..at],
        &source[at..]
    ))
}

/// The byte offset of the `"` that closes a tag value (`\"` and `\\` are escapes).
fn closing_quote(value: &str) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in value.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return Some(i),
            '\n' => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_partly_known() {
        let d = |t| DateKey::parse(t);
        assert_eq!(
            d("1999.04.01"),
            Some(DateKey {
                year: Some(1999),
                month: Some(4),
                day: Some(1)
            })
        );
        assert_eq!(d("1999-04-01"), d("1999.04.01"));
        assert_eq!(
            d("1999.??.??"),
            Some(DateKey {
                year: Some(1999),
                month: None,
                day: None
            })
        );
        assert_eq!(d("????.??.??"), None);
        assert_eq!(d(""), None);
        assert_eq!(d("1999.13.01").unwrap().month, None);
    }

    #[test]
    fn dates_sort_unknown_parts_first_and_no_date_last() {
        let mut dates = vec![
            "",
            "1999.04.02",
            "1999.??.??",
            "1841.??.??",
            "1999.04.01",
            "1999.04.??",
        ];
        dates.sort_by(|a, b| compare_dates(DateKey::parse(a), DateKey::parse(b)));
        assert_eq!(
            dates,
            [
                "1841.??.??",
                "1999.??.??",
                "1999.04.??",
                "1999.04.01",
                "1999.04.02",
                ""
            ]
        );
    }

    #[test]
    fn rounds_sort_as_numbers() {
        let mut rounds = vec![
            Some("10"),
            None,
            Some("2"),
            Some("1.10"),
            Some("1.2"),
            Some("final"),
            Some("?"),
        ];
        rounds.sort_by(|a, b| compare_rounds(*a, *b));
        assert_eq!(
            rounds,
            [
                Some("1.2"),
                Some("1.10"),
                Some("2"),
                Some("10"),
                Some("?"),
                Some("final"),
                None
            ]
        );
    }

    #[test]
    fn a_tag_value_is_replaced_where_it_is_written() {
        let game = "{c [x]}\n[Event \"a [b]\"]\n[Round \"7\"]\n1. 11-15 *";
        assert_eq!(
            set_tag_value(game, "Round", "2").as_deref(),
            Some("{c [x]}\n[Event \"a [b]\"]\n[Round \"2\"]\n1. 11-15 *")
        );
        // Escapes in the old value are skipped; the new value is escaped.
        let game = "[Round \"a\\\"b\"]\n*";
        assert_eq!(
            set_tag_value(game, "Round", "x\"y").as_deref(),
            Some("[Round \"x\\\"y\"]\n*")
        );
    }

    #[test]
    fn a_missing_tag_is_added_in_roster_order() {
        let game = "[Event \"a\"]\r\n[Date \"1999\"]\r\n[White \"w\"]\r\n1. 11-15 *";
        assert_eq!(
            set_tag_value(game, "Round", "1").as_deref(),
            Some(
                "[Event \"a\"]\r\n[Date \"1999\"]\r\n[Round \"1\"]\r\n[White \"w\"]\r\n1. 11-15 *"
            )
        );
        // Several tags on one line: between them.
        let game = "[Event \"a\"] [White \"w\"]\n*";
        assert_eq!(
            set_tag_value(game, "Round", "1").as_deref(),
            Some("[Event \"a\"] [Round \"1\"] [White \"w\"]\n*")
        );
        // Only roster tags that come before it count: after White it does not go.
        let game = "[White \"w\"]\n[Event \"a\"]\n*";
        assert_eq!(
            set_tag_value(game, "Round", "1").as_deref(),
            Some("[White \"w\"]\n[Event \"a\"]\n[Round \"1\"]\n*")
        );
    }

    #[test]
    fn without_earlier_roster_tags_it_is_added_before_the_first() {
        let game = "{c}\r\n[White \"a\"]\r\n1. 11-15 *";
        assert_eq!(
            set_tag_value(game, "Round", "1").as_deref(),
            Some("{c}\r\n[Round \"1\"]\r\n[White \"a\"]\r\n1. 11-15 *")
        );
        assert_eq!(
            set_tag_value("1. 11-15 *", "Round", "1").as_deref(),
            Some("[Round \"1\"]\n1. 11-15 *")
        );
        // `[Roundabout` is another tag.
        assert_eq!(
            set_tag_value("[Roundabout \"x\"]\n*", "Round", "1").as_deref(),
            Some("[Round \"1\"]\n[Roundabout \"x\"]\n*")
        );
    }

    proptest::proptest! {
        /// On any text built from the pieces tags are made of: no panic, and when a value is
        /// set, the tag is there with it, and one added takes nothing away.
        #[test]
        fn setting_a_tag_never_panics_and_keeps_the_text(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec![
                    "[", "]", "\"", "\\", "\n", "\r\n", " ", "Round", "Event", "Date",
                    "White", "x", "é", "{", "}", "1. 11-15", "*",
                ]),
                0..24,
            )
        ) {
            let source: String = pieces.concat();
            if let Some(out) = set_tag_value(&source, "Round", "4") {
                // The value is set between the quotes of a tag closed by `]` (written `[Round
                // "4"]`, or as the record spaced it).
                let set = out.match_indices("[Round").any(|(at, _)| {
                    let rest = out[at + "[Round".len()..].trim_start();
                    rest.strip_prefix("\"4\"")
                        .is_some_and(|after| after.trim_start().starts_with(']'))
                });
                proptest::prop_assert!(set, "{out:?}");
                if !source.contains("[Round") {
                    // Nothing to replace: the tag was added and nothing else removed.
                    let tag = "[Round \"4\"]";
                    let restored = [
                        format!("{tag}\n"),
                        format!("{tag}\r\n"),
                        format!(" {tag}"),
                        format!("\n{tag}"),
                        format!("\r\n{tag}"),
                    ]
                    .iter()
                    .any(|added| out.replacen(added.as_str(), "", 1) == source);
                    proptest::prop_assert!(restored, "{source:?} -> {out:?}");
                }
            }
        }
    }

    #[test]
    fn a_tag_written_unlike_pdn_is_left_alone() {
        assert_eq!(set_tag_value("[Round 7]\n*", "Round", "1"), None);
        // Not closed on its line.
        assert_eq!(set_tag_value("[Round \"\"\n*", "Round", "1"), None);
        assert_eq!(set_tag_value("[Round\"\"", "Round", "1"), None);
        assert_eq!(set_tag_value("[Round \"7\" x]\n*", "Round", "1"), None);
    }
}
