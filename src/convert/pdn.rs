//! Canonical PDN text of a (converted) game: pdnkit's one PDN writer. It writes any game of the
//! model, converted or as read; the reader's round-trip tests print with it too.
//!
//! Layout: header comments (those after the tags stay after them), one tag per line, a blank line, then the moves wrapped before
//! column 80. A move number stays on the line of its move (`12. 32-28` is one unit), `(` is
//! glued to the first unit of a variation and `)` to the last, so no line starts with `)` or ends
//! with `(`. A unit wider than the line (a long comment) is never broken: it gets a line of its
//! own. `%` comments take a whole line; `;` comments (kept only when their text holds a `}`) end
//! theirs. The game ends with its terminator (`*` where it has none) and a blank line.

use crate::reader::{Annotation, Comment, CommentStyle, Game, Line, Span};
use std::fmt::{self, Write};

/// Lines never exceed this many columns (unless one unit is wider).
pub const WIDTH: usize = 79;

/// A game that PDN cannot hold as it is (only a hand-made one, as JSON, can be like this):
/// written, it would read back differently, so it is not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unwritable {
    pub message: String,
    /// Where in the game's source the part is.
    pub span: Span,
}

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Unwritable {}

/// Appends one game as canonical PDN, or nothing when a part of it cannot be written so that
/// it reads back the same (a tag name that is not a name, a line break in a tag value, a `}`
/// in a comment that also holds a line break, ...).
pub fn write_game(game: &Game, out: &mut String) -> Result<(), Unwritable> {
    check_writable(game)?;
    // Comments before the first tag stay above the tags; those after (an introduction to the
    // moves) stay below them, where every reader attaches them to this game.
    // (A tag the conversion added has an empty span: it was nowhere in the source.)
    let first_tag = game
        .tags
        .iter()
        .filter(|t| t.span.len > 0)
        .map(|t| t.span.offset)
        .min();
    let (above, below): (Vec<&Comment>, Vec<&Comment>) = game
        .header_comments
        .iter()
        .partition(|c| first_tag.is_none_or(|tag| c.span.offset < tag));
    for comment in above {
        write_header_comment(comment, out);
    }
    for tag in &game.tags {
        out.push('[');
        out.push_str(&tag.name);
        out.push_str(" \"");
        for c in tag.value.chars() {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
        out.push_str("\"]\n");
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    for comment in below {
        write_header_comment(comment, out);
    }
    let mut w = Wrapper {
        out,
        column: 0,
        unit: String::new(),
        prefix: String::new(),
        unit_ends_line: false,
    };
    write_line(&game.moves, &mut w);
    match &game.result {
        Some(result) => w.unit(
            result
                .nonstandard
                .as_deref()
                .unwrap_or(result.kind.as_str()),
        ),
        None => w.unit("*"),
    }
    w.flush();
    if w.column > 0 {
        w.out.push('\n');
    }
    w.out.push('\n');
    Ok(())
}

fn write_header_comment(comment: &Comment, out: &mut String) {
    let _ = writeln!(out, "{}", comment_text(comment));
}

/// The comment as PDN, in its own style when its text allows: a `{}` comment holding `}` is
/// written as a `;` comment, and a `;` or `%` comment holding a line break as a `{}` one
/// ([`check_writable`] has made sure one of the two fits).
fn comment_text(comment: &Comment) -> String {
    let text = &comment.text;
    let breaks = text.contains(['\n', '\r']);
    match comment.style {
        CommentStyle::Brace if text.contains('}') => format!(";{text}"),
        CommentStyle::Semicolon if !breaks => format!(";{text}"),
        CommentStyle::Percent if !breaks => format!("%{text}"),
        _ => format!("{{{text}}}"),
    }
}

/// Whether a tag name written as it is reads back as the same name: PDN's letters, digits and
/// `_`, and the `-`, `.` and single inner spaces exporters write (`White-Elo`, `Heure blanche`),
/// which the reader keeps (reported as W-NONSTANDARD-TAG-NAME).
fn tag_name_reads_back(name: &str) -> bool {
    let inner = |c: char| c == '-' || c == '.' || c == ' ';
    name.chars().next().is_some_and(char::is_alphanumeric)
        && !name.ends_with(inner)
        && !name.contains("  ")
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || inner(c))
}

/// Whether every part of `game` can be written as PDN that reads back the same.
fn check_writable(game: &Game) -> Result<(), Unwritable> {
    let refuse = |span: Span, message: String| Err(Unwritable { message, span });
    for tag in &game.tags {
        if !tag_name_reads_back(&tag.name) {
            return refuse(
                tag.span,
                format!(
                    "the tag name {:?} would not read back as written (letters, digits, `_`, and \
                     `-`, `.` or single spaces inside)",
                    tag.name
                ),
            );
        }
        if tag.value.contains(['\n', '\r']) {
            return refuse(
                tag.span,
                format!(
                    "the value of tag {} holds a line break, which a PDN tag cannot",
                    tag.name
                ),
            );
        }
    }
    for comment in &game.header_comments {
        check_comment(comment)?;
    }
    check_line(&game.moves)
}

fn check_comment(comment: &Comment) -> Result<(), Unwritable> {
    let text = &comment.text;
    if text.contains('}') && text.contains(['\n', '\r']) {
        return Err(Unwritable {
            message: "a comment holds both `}` and a line break: no PDN comment can hold it"
                .to_string(),
            span: comment.span,
        });
    }
    Ok(())
}

fn check_line(line: &Line) -> Result<(), Unwritable> {
    let annotations = |list: &[Annotation]| -> Result<(), Unwritable> {
        for a in list {
            match a {
                Annotation::Comment(c) => check_comment(c)?,
                Annotation::Variation(v) => check_line(&v.line)?,
                Annotation::Setup(setup) if setup.fen.contains(['"', '\n', '\r']) => {
                    return Err(Unwritable {
                        message: format!("the setup {:?} holds `\"` or a line break", setup.fen),
                        span: setup.span,
                    });
                }
                _ => {}
            }
        }
        Ok(())
    };
    annotations(&line.before)?;
    for node in line.iter() {
        annotations(node.after())?;
    }
    Ok(())
}

/// Places units on lines. The current unit is held back until the next one starts, so that a
/// closing parenthesis can still join it.
struct Wrapper<'a> {
    out: &'a mut String,
    column: usize,
    /// The unit being built (not yet placed).
    unit: String,
    /// Text to glue before the next unit (`(`).
    prefix: String,
    /// The held unit is a `;` comment: nothing may follow it on its line.
    unit_ends_line: bool,
}

impl Wrapper<'_> {
    fn unit(&mut self, text: &str) {
        self.flush();
        self.unit.push_str(&self.prefix);
        self.prefix.clear();
        self.unit.push_str(text);
    }

    /// A `;` comment: a unit after which the line ends.
    fn line_ending_unit(&mut self, text: &str) {
        self.unit(text);
        self.unit_ends_line = true;
    }

    fn open(&mut self) {
        self.prefix.push('(');
    }

    fn close(&mut self) {
        if !self.prefix.is_empty() {
            // An empty variation.
            let text = format!("{})", std::mem::take(&mut self.prefix));
            self.unit(&text);
        } else if self.unit_ends_line || self.unit.is_empty() {
            self.unit(")");
        } else {
            self.unit.push(')');
        }
    }

    /// Places the held unit.
    fn flush(&mut self) {
        if self.unit.is_empty() {
            return;
        }
        let first_line = self.unit.split('\n').next().unwrap_or("");
        let width = first_line.chars().count();
        if self.column > 0 && self.column + 1 + width > WIDTH {
            self.out.push('\n');
            self.column = 0;
        } else if self.column > 0 {
            self.out.push(' ');
            self.column += 1;
        }
        self.out.push_str(&self.unit);
        self.column = match self.unit.rfind('\n') {
            Some(at) => self.unit[at + 1..].chars().count(),
            None => self.column + width,
        };
        self.unit.clear();
        if self.unit_ends_line {
            self.out.push('\n');
            self.column = 0;
            self.unit_ends_line = false;
        }
    }

    /// A `%` comment: a line of its own.
    fn own_line(&mut self, text: &str) {
        self.flush();
        if !self.prefix.is_empty() {
            self.unit = std::mem::take(&mut self.prefix);
            self.flush();
        }
        if self.column > 0 {
            self.out.push('\n');
        }
        self.out.push_str(text);
        self.out.push('\n');
        self.column = 0;
    }
}

fn write_line(line: &Line, w: &mut Wrapper<'_>) {
    for annotation in &line.before {
        write_annotation(annotation, w);
    }
    let mut text = String::new();
    for node in line.iter() {
        text.clear();
        if let Some(number) = &node.number() {
            number.push_to(&mut text);
            text.push(' ');
        }
        node.write_canonical(&mut text);
        if let Some(strength) = node.strength() {
            text.push_str(&strength.text);
        }
        w.unit(&text);
        for annotation in node.after() {
            write_annotation(annotation, w);
        }
    }
}

fn write_annotation(annotation: &Annotation, w: &mut Wrapper<'_>) {
    match annotation {
        Annotation::Comment(comment) => {
            let text = comment_text(comment);
            match text.as_bytes()[0] {
                b';' => w.line_ending_unit(&text),
                b'%' => w.own_line(&text),
                _ => w.unit(&text),
            }
        }
        Annotation::Nags(nags) => {
            for nag in nags.iter() {
                w.unit(&format!("${}", nag.value));
            }
        }
        Annotation::Variation(variation) => {
            w.open();
            write_line(&variation.line, w);
            w.close();
        }
        Annotation::Setup(setup) => w.unit(&format!("/FEN \"{}\"/", setup.fen)),
        Annotation::Unread(unread) => w.unit(&unread.text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{ReadOptions, read_str};

    #[test]
    fn tag_names_are_written_only_when_they_read_back_the_same() {
        for name in [
            "Event",
            "White-Elo",
            "Heure blanche",
            "Type de jeu",
            "Événement",
            "A.B",
        ] {
            assert!(tag_name_reads_back(name), "{name}");
            let text = format!("[{name} \"x\"]\n[GameType \"20\"]\n1. 32-28 *\n");
            let game = &read_str(&text, ReadOptions::default())[0];
            assert_eq!(game.tags[0].name, name, "read back");
        }
        for name in [
            "",
            " Event",
            "Event ",
            "Two  spaces",
            "Ev\"ent",
            "Ev]ent",
            "-x",
            "x-",
        ] {
            assert!(!tag_name_reads_back(name), "{name:?}");
        }
    }
}
