//! Tags and `{` comments: productions that look at the line they are on (a tag never spans
//! lines; a runaway comment stops at a tag line after a blank line). Each takes the whole text
//! and the position where it starts, and returns its end and what it read.

use super::tokens::{at_line_start, is_space, line_end, space_end};
use crate::reader::entities;

/// How a tag is delimited: `[ ... ]`, its value's quotes, where it ends.
struct Extent {
    /// Past the `]`, or the line end when the tag is not closed.
    end: usize,
    closed: bool,
    /// The opening and closing `"` of the value.
    quotes: Option<(usize, usize)>,
}

/// The extent of the tag at `open`: the first `"`, `]` or line end after it decides; a quoted
/// value ends at the first `"` (not escaped by `\`) followed, after spaces, by `]`.
fn extent(text: &str, open: usize) -> Extent {
    let bytes = text.as_bytes();
    let eol = line_end(text, open);
    let Some(first) = bytes[open..eol]
        .iter()
        .position(|b| matches!(b, b'"' | b']'))
    else {
        return Extent {
            end: eol,
            closed: false,
            quotes: None,
        };
    };
    let q = open + first;
    if bytes[q] == b']' {
        return Extent {
            end: q + 1,
            closed: true,
            quotes: None,
        };
    }
    let mut j = q + 1;
    while j < eol {
        match bytes[j] {
            b'\\' => j += 2,
            b'"' => {
                let after = bytes[j + 1..eol]
                    .iter()
                    .take_while(|b| matches!(b, b' ' | b'\t'))
                    .count();
                if bytes.get(j + 1 + after) == Some(&b']') && j + 1 + after < eol {
                    return Extent {
                        end: j + after + 2,
                        closed: true,
                        quotes: Some((q, j)),
                    };
                }
                j += 1;
            }
            _ => j += 1,
        }
    }
    Extent {
        end: eol,
        closed: false,
        quotes: None,
    }
}

/// A tag as read.
pub struct TagRead {
    pub end: usize,
    pub name: String,
    pub value: String,
    pub raw: Option<String>,
}

/// `tag = "[" name ws+ value "]" | bracketless-tag ;` with the **\[ext\]** forms: padding after
/// `[`, unquoted values and no value, unescaped quotes, names as exporters write them, a tag not
/// closed on its line (it ends there). `end` is past the tag (literal `\r`/`\n` after it not
/// included).
pub fn tag(text: &str, open: usize) -> TagRead {
    let ext = extent(text, open);
    let inner_end = if ext.closed { ext.end - 1 } else { ext.end };
    let bracketed = text.as_bytes()[open] == b'[';
    let mut i = open + usize::from(bracketed);
    i += text.as_bytes()[i..inner_end]
        .iter()
        .take_while(|b| **b == b' ')
        .count();
    let (name, value, raw) = match ext.quotes {
        Some((q1, q2)) => {
            let name_end = i + text[i..q1].trim_end_matches(is_space).len();
            let (value, raw) = value(&text[q1 + 1..q2]);
            (name(&text[i..name_end]), value, raw)
        }
        None => {
            let name_end = i + name_chars(&text[i..inner_end]);
            let value = text[name_end..inner_end].trim().to_string();
            (name(&text[i..name_end]), value, None)
        }
    };
    TagRead {
        end: ext.end,
        name,
        value,
        raw,
    }
}

/// `name = letter { letter | digit | "_" } ;` and **\[ext\]** any text before a quoted value
/// (`Type de jeu`, `White-Elo`), HTML character references decoded (`R&#x00e9;sultat`).
pub fn name(written: &str) -> String {
    entities::decode(written).unwrap_or_else(|| written.to_string())
}

/// The length of the name at the start of `text` when the value is not quoted: letters and
/// digits of any script, and `_`.
fn name_chars(text: &str) -> usize {
    text.char_indices()
        .find(|&(_, c)| {
            !(c.is_ascii_alphanumeric() || c == '_' || (!c.is_ascii() && c.is_alphanumeric()))
        })
        .map_or(text.len(), |(at, _)| at)
}

/// `value = '"' { char | '\"' | '\\' } '"' ;` The text between the quotes: its decoded value
/// (escapes resolved; **\[ext\]** unescaped quotes kept), and the raw text when that differs.
pub fn value(raw: &str) -> (String, Option<String>) {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    let raw = (out != raw).then(|| raw.to_string());
    (out, raw)
}

/// `bracketless-tag = capital name-char* ws+ value "]" ;` alone on its line (spaces and literal
/// `\r`/`\n` may follow): its end.
fn bracketless_tag(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    if !bytes.get(at)?.is_ascii_uppercase() {
        return None;
    }
    let eol = line_end(text, at);
    let line = &bytes[at..eol];
    let name = line
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b >= 0x80)
        .count();
    let spaces = line[name..]
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    if spaces == 0 || line.get(name + spaces) != Some(&b'"') {
        return None;
    }
    let ext = extent(text, at);
    if ext.quotes.is_none() || !ext.closed {
        return None;
    }
    let mut rest = ext.end;
    loop {
        while matches!(bytes.get(rest), Some(b' ' | b'\t')) {
            rest += 1;
        }
        if !(text[rest..].starts_with("\\r") || text[rest..].starts_with("\\n")) {
            break;
        }
        rest += 2;
    }
    (rest == eol).then_some(ext.end)
}

/// **\[ext\]** A run of bracketless tag lines at `at` (a line start), followed across whitespace
/// by a `[`: they open that header.
pub fn bracketless_tags_before_tags(text: &str, mut at: usize) -> bool {
    if !at_line_start(text, at) {
        return false;
    }
    while let Some(end) = bracketless_tag(text, at) {
        at = space_end(text, end);
        if text[at..].starts_with('[') {
            return true;
        }
        if !at_line_start(text, at) {
            return false;
        }
    }
    false
}

/// How a `{` comment ends.
pub enum CommentEnd {
    /// At its `}` (the position past it).
    Closed(usize),
    /// Never closed, it stops before a tag line after a blank line.
    Runaway(usize),
    /// Never closed: to the end of the text.
    Unclosed,
}

/// `comment = "{" { any } "}" ;` with **\[ext\]** nested comments (`{` opens one, closed by its
/// own `}`), and a comment never closed running to a tag line after a blank line, or the end.
pub fn comment_end(text: &str, open: usize) -> CommentEnd {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    for (at, byte) in bytes.iter().enumerate().skip(open) {
        match byte {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return CommentEnd::Closed(at + 1);
                }
            }
            b'[' if tag_line_after_blank(text, at) => return CommentEnd::Runaway(at),
            _ => {}
        }
    }
    CommentEnd::Unclosed
}

/// A `[` after a blank line that starts a tag pair: `[Name "` (a capital or non-ASCII first).
fn tag_line_after_blank(text: &str, at: usize) -> bool {
    let before = &text[..at];
    if !(before.ends_with("\n\n") || before.ends_with("\r\n\r\n") || before.ends_with("\r\r")) {
        return false;
    }
    let rest = &text.as_bytes()[at + 1..];
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b >= 0x80)
        .count();
    let after = &rest[name..];
    let spaces = after
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    name > 0
        && (rest[0].is_ascii_uppercase() || rest[0] >= 0x80)
        && spaces > 0
        && after.get(spaces) == Some(&b'"')
}
