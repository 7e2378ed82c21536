//! The ranges `filter` takes: plies (`10..40`) and dates (`1900..1950`), each end optional,
//! and how a partial date (`1841.??.??`) falls in a date range.

use super::FilterError;
use crate::archive::merge::DateKey;
use crate::reader;

/// An inclusive range of numbers: `10..40`, `10..`, `..40` or one number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlyRange {
    pub min: u32,
    pub max: Option<u32>,
}

impl PlyRange {
    pub fn parse(text: &str) -> Result<PlyRange, FilterError> {
        let error = |message: &str| FilterError::Range {
            text: text.to_string(),
            message: message.to_string(),
        };
        let number = |part: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| error("expected MIN..MAX, MIN.., ..MAX or N (whole numbers)"))
        };
        let (min, max) = match text.split_once("..") {
            None => {
                let n = number(text)?;
                (n, Some(n))
            }
            Some((low, high)) => {
                if low.trim().is_empty() && high.trim().is_empty() {
                    return Err(error("give at least one bound"));
                }
                let min = if low.trim().is_empty() {
                    0
                } else {
                    number(low)?
                };
                let max = if high.trim().is_empty() {
                    None
                } else {
                    Some(number(high)?)
                };
                (min, max)
            }
        };
        if max.is_some_and(|max| max < min) {
            return Err(error("the lower bound is above the upper one"));
        }
        Ok(PlyRange { min, max })
    }

    pub(super) fn holds(&self, n: u32) -> bool {
        n >= self.min && self.max.is_none_or(|max| n <= max)
    }
}

/// A day as (year, month, day), compared in that order.
type Day = (u16, u8, u8);

/// A range of dates `FROM..TO`, `FROM..`, `..TO` or one date, each `YYYY`, `YYYY.MM` or
/// `YYYY.MM.DD` (`-` or `/` also separate). A bound names a whole year or month: `..1950` runs to
/// the end of 1950.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    pub from: Option<Day>,
    pub to: Option<Day>,
}

impl DateRange {
    pub fn parse(text: &str) -> Result<DateRange, FilterError> {
        let error = |message: &str| FilterError::Range {
            text: text.to_string(),
            message: message.to_string(),
        };
        let bound = |part: &str| -> Result<Option<DateKey>, FilterError> {
            let part = part.trim();
            if part.is_empty() {
                return Ok(None);
            }
            parse_date_bound(part)
                .map(Some)
                .ok_or_else(|| error("expected dates as YYYY, YYYY.MM or YYYY.MM.DD"))
        };
        let (from, to) = match text.split_once("..") {
            None => {
                let date = bound(text)?.ok_or_else(|| error("no date"))?;
                (Some(date), Some(date))
            }
            Some((low, high)) => (bound(low)?, bound(high)?),
        };
        if from.is_none() && to.is_none() {
            return Err(error("give at least one bound"));
        }
        let range = DateRange {
            from: from.map(|d| earliest(&d)),
            to: to.map(|d| latest(&d)),
        };
        if let (Some(from), Some(to)) = (range.from, range.to)
            && from > to
        {
            return Err(error("the first date is after the second"));
        }
        Ok(range)
    }

    /// Whether every day the game's date may stand for lies in the range: `1841.??.??` is in
    /// `1841..1842` but not in `1841.06..1841.12`. A game without a year is in no range.
    pub(super) fn holds(&self, date: Option<&str>) -> bool {
        let Some(key) = date.and_then(game_date) else {
            return false;
        };
        self.from.is_none_or(|from| earliest(&key) >= from)
            && self.to.is_none_or(|to| latest(&key) <= to)
    }
}

/// A bound of `--date`: digits only (no `?`), month and day in range.
fn parse_date_bound(text: &str) -> Option<DateKey> {
    let parts: Vec<&str> = text.split(['.', '-', '/']).collect();
    if parts.len() > 3 || parts[0].len() != 4 {
        return None;
    }
    let number = |p: &str, max: u16| {
        let n = p.parse::<u16>().ok()?;
        (1..=max).contains(&n).then_some(n)
    };
    if !parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    Some(DateKey {
        year: Some(parts[0].parse().ok()?),
        month: match parts.get(1) {
            Some(p) => Some(number(p, 12)? as u8),
            None => None,
        },
        day: match parts.get(2) {
            Some(p) => Some(number(p, 31)? as u8),
            None => None,
        },
    })
}

/// A game's Date tag read as the merge order reads it (day-first European dates too).
fn game_date(value: &str) -> Option<DateKey> {
    let normal = reader::normalise_date(value);
    let key = DateKey::parse(normal.as_deref().unwrap_or(value))?;
    key.year.is_some().then_some(key)
}

fn earliest(d: &DateKey) -> Day {
    (
        d.year.unwrap_or(0),
        d.month.unwrap_or(1),
        d.day.unwrap_or(1),
    )
}

fn latest(d: &DateKey) -> Day {
    let year = d.year.unwrap_or(u16::MAX);
    let month = d.month.unwrap_or(12);
    (year, month, d.day.unwrap_or_else(|| last_day(year, month)))
}

/// The last day of a month (Gregorian leap years), so `1888.06.??` lies within June.
fn last_day(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_inclusive_and_may_be_open() {
        assert_eq!(
            PlyRange::parse("3..5").unwrap(),
            PlyRange {
                min: 3,
                max: Some(5)
            }
        );
        assert_eq!(
            PlyRange::parse("3..").unwrap(),
            PlyRange { min: 3, max: None }
        );
        assert_eq!(
            PlyRange::parse("..5").unwrap(),
            PlyRange {
                min: 0,
                max: Some(5)
            }
        );
        assert_eq!(
            PlyRange::parse("4").unwrap(),
            PlyRange {
                min: 4,
                max: Some(4)
            }
        );
        for bad in ["5..3", "..", "a..b", "-1..2", ""] {
            assert!(
                matches!(PlyRange::parse(bad), Err(FilterError::Range { .. })),
                "{bad}"
            );
        }
        let r = PlyRange::parse("3..5").unwrap();
        assert!(!r.holds(2) && r.holds(3) && r.holds(5) && !r.holds(6));
    }

    #[test]
    fn partial_dates_are_in_a_range_only_when_wholly_inside_it() {
        let r = |t| DateRange::parse(t).unwrap();
        assert!(r("1900..").holds(Some("1905.??.??")));
        assert!(r("..1905").holds(Some("1905.??.??")));
        assert!(!r("..1904").holds(Some("1905.??.??")));
        assert!(r("1905").holds(Some("1905-03-02")));
        assert!(
            !r("1905.01..1905.06").holds(Some("1905.??.??")),
            "could be December"
        );
        assert!(r("1905.01..1905.06").holds(Some("1905.03.??")));
        assert!(
            r("1905.03.02").holds(Some("02.03.1905")),
            "day-first European date"
        );
        assert!(!r("1900..").holds(Some("????.??.??")));
        assert!(!r("1900..").holds(None));
        for bad in ["1950..1900", "..", "19..", "1900.13", "1900.??", "x"] {
            assert!(
                matches!(DateRange::parse(bad), Err(FilterError::Range { .. })),
                "{bad}"
            );
        }
    }
}
