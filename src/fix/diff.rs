//! `check --fix --diff`: the edits of a file as a unified diff (what `diff -u` and `git diff`
//! write, and `patch` applies), three lines of context, the file's bytes as they are.

use super::ByteEdit;
use std::io::{self, Write};

/// Lines of context around each change.
const CONTEXT: usize = 3;

/// What a diff holds: lines taken out and put in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DiffStat {
    pub removed: u64,
    pub added: u64,
}

/// Splits `bytes` into lines, each with its `\n` (the last may have none).
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', bytes) {
        out.push(&bytes[start..=end]);
        start = end + 1;
    }
    if start < bytes.len() {
        out.push(&bytes[start..]);
    }
    out
}

/// The line (0-based) holding byte `offset` of a text whose lines start at `starts`.
fn line_of(starts: &[usize], offset: usize) -> usize {
    starts.partition_point(|&s| s <= offset).saturating_sub(1)
}

/// Writes the diff of `bytes` (the file `name`) made into `new` by `edits` (in file order, as
/// [`super::apply`] made them): each run of changed lines with its context, runs closer than
/// twice the context in one hunk. Nothing when nothing changes.
pub fn write_unified(
    out: &mut dyn Write,
    name: &str,
    bytes: &[u8],
    new: &[u8],
    edits: &[ByteEdit],
) -> io::Result<DiffStat> {
    let mut stat = DiffStat::default();
    if edits.is_empty() || bytes == new {
        return Ok(stat);
    }
    let old_lines = lines(bytes);
    let new_lines = lines(new);
    let starts: Vec<usize> = {
        let mut at = 0;
        old_lines
            .iter()
            .map(|l| {
                let s = at;
                at += l.len();
                s
            })
            .collect()
    };
    // The old lines each edit touches, and how many lines it adds (or takes away).
    let mut changes: Vec<(usize, usize, isize)> = Vec::new();
    for e in edits {
        let start = e.span.offset as usize;
        let end = e.span.end() as usize;
        let first = line_of(&starts, start);
        let last = if end > start {
            line_of(&starts, end - 1)
        } else {
            first
        };
        // An edit at the very end of a file with no last line still touches that end.
        let last = last.max(first).min(old_lines.len().saturating_sub(1));
        let removed_breaks = bytes[start..end].iter().filter(|&&b| b == b'\n').count() as isize;
        let added_breaks = e.text.bytes().filter(|&b| b == b'\n').count() as isize;
        match changes.last_mut() {
            Some((_, l, d)) if first <= *l + 1 => {
                *l = (*l).max(last);
                *d += added_breaks - removed_breaks;
            }
            _ => changes.push((first, last, added_breaks - removed_breaks)),
        }
    }
    writeln!(out, "--- {name}")?;
    writeln!(out, "+++ {name}")?;
    let mut shift: isize = 0;
    let mut k = 0;
    while k < changes.len() {
        // A hunk: changes whose context would touch, joined.
        let mut group_end = k;
        while group_end + 1 < changes.len()
            && changes[group_end + 1].0 <= changes[group_end].1 + 2 * CONTEXT + 1
        {
            group_end += 1;
        }
        let from = changes[k].0.saturating_sub(CONTEXT);
        let to = (changes[group_end].1 + CONTEXT).min(old_lines.len() - 1);
        let new_from = (from as isize + shift) as usize;
        let mut hunk: Vec<u8> = Vec::new();
        let mut old_count = 0;
        let mut new_count = 0;
        let mut at = from;
        let mut new_at = new_from;
        for &(first, last, delta) in &changes[k..=group_end] {
            while at < first {
                push_line(&mut hunk, b' ', old_lines[at]);
                at += 1;
                new_at += 1;
                old_count += 1;
                new_count += 1;
            }
            for line in &old_lines[first..=last] {
                push_line(&mut hunk, b'-', line);
                old_count += 1;
                stat.removed += 1;
            }
            let made = ((last - first + 1) as isize + delta).max(0) as usize;
            for line in new_lines.iter().skip(new_at).take(made) {
                push_line(&mut hunk, b'+', line);
                new_count += 1;
                stat.added += 1;
            }
            at = last + 1;
            new_at += made;
            shift += delta;
        }
        while at <= to {
            push_line(&mut hunk, b' ', old_lines[at]);
            at += 1;
            old_count += 1;
            new_count += 1;
        }
        writeln!(
            out,
            "@@ -{} +{} @@",
            range(from, old_count),
            range(new_from, new_count)
        )?;
        out.write_all(&hunk)?;
        k = group_end + 1;
    }
    Ok(stat)
}

/// A hunk's range: `start,count`, 1-based (a range of no lines starts at the line before it).
fn range(from: usize, count: usize) -> String {
    match count {
        0 => format!("{from},0"),
        1 => format!("{}", from + 1),
        n => format!("{},{n}", from + 1),
    }
}

fn push_line(hunk: &mut Vec<u8>, mark: u8, line: &[u8]) {
    hunk.push(mark);
    hunk.extend_from_slice(line);
    if !line.ends_with(b"\n") {
        hunk.extend_from_slice(b"\n\\ No newline at end of file\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::Span;

    fn diff(bytes: &str, edits: &[ByteEdit]) -> (String, DiffStat) {
        let new = super::super::apply(bytes.as_bytes(), edits).unwrap();
        let mut out = Vec::new();
        let stat = write_unified(&mut out, "a.pdn", bytes.as_bytes(), &new, edits).unwrap();
        (String::from_utf8(out).unwrap(), stat)
    }

    fn edit(bytes: &str, find: &str, text: &str) -> ByteEdit {
        let at = bytes.find(find).unwrap();
        ByteEdit {
            span: Span::new(at as u64, find.len()),
            text: text.to_string(),
            original: find.as_bytes().to_vec(),
        }
    }

    /// The diff `diff -u` writes: changed lines with three of context, far changes in hunks of
    /// their own, a line break added counted as a line.
    #[test]
    fn a_diff_shows_the_changed_lines_in_context() {
        let text: String = (1..=20).map(|n| format!("line {n}\n")).collect();
        let edits = [
            edit(&text, "line 2\n", "line two\n"),
            edit(&text, "line 15\n", "line 15\nline 15b\n"),
        ];
        let (out, stat) = diff(&text, &edits);
        assert_eq!(
            stat,
            DiffStat {
                removed: 2,
                added: 3
            }
        );
        let expected = "--- a.pdn\n+++ a.pdn\n@@ -1,5 +1,5 @@\n line 1\n-line 2\n+line two\n \
                        line 3\n line 4\n line 5\n@@ -12,7 +12,8 @@\n line 12\n line 13\n line 14\n\
                        -line 15\n+line 15\n+line 15b\n line 16\n line 17\n line 18\n";
        assert_eq!(out, expected);
    }

    /// A change on the last line of a file without a final line break says so.
    #[test]
    fn a_last_line_without_its_break_is_marked() {
        let text = "1. 11-15 23-19";
        let (out, stat) = diff(text, &[edit(text, "23-19", "23-19 *")]);
        assert_eq!(
            stat,
            DiffStat {
                removed: 1,
                added: 1
            }
        );
        assert!(
            out.ends_with(
                "@@ -1 +1 @@\n-1. 11-15 23-19\n\\ No newline at end of file\n+1. 11-15 23-19 *\n\\ No newline at end of file\n"
            ),
            "{out}"
        );
    }
}
