//! Canonical PDN text of a (converted) game.
//!
//! Layout: header comments, one tag per line, a blank line, then the moves wrapped before
//! column 80. A move number stays on the line of its move (`12. 32-28` is one unit), `(` is
//! glued to the first unit of a variation and `)` to the last, so no line starts with `)` or ends
//! with `(`. A unit wider than the line (a long comment) is never broken: it gets a line of its
//! own. `%` comments take a whole line; `;` comments (kept only when their text holds a `}`) end
//! theirs. The game ends with its terminator and a blank line.

use crate::reader::{Annotation, CommentStyle, Game, Line};
use std::fmt::Write;

/// Lines never exceed this many columns (unless one unit is wider).
pub const WIDTH: usize = 79;

/// Appends one game as canonical PDN.
pub fn write_game(game: &Game, out: &mut String) {
    for comment in &game.header_comments {
        match comment.style {
            CommentStyle::Brace => {
                let _ = writeln!(out, "{{{}}}", comment.text);
            }
            CommentStyle::Semicolon => {
                let _ = writeln!(out, ";{}", comment.text);
            }
            CommentStyle::Percent => {
                let _ = writeln!(out, "%{}", comment.text);
            }
        }
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
    for node in &line.moves {
        text.clear();
        if let Some(number) = &node.number {
            number.push_to(&mut text);
            text.push(' ');
        }
        node.token.write_canonical(&mut text);
        if let Some(strength) = &node.strength {
            text.push_str(&strength.text);
        }
        w.unit(&text);
        for annotation in &node.after {
            write_annotation(annotation, w);
        }
    }
}

fn write_annotation(annotation: &Annotation, w: &mut Wrapper<'_>) {
    match annotation {
        Annotation::Comment(comment) => match comment.style {
            CommentStyle::Brace => w.unit(&format!("{{{}}}", comment.text)),
            CommentStyle::Semicolon => w.line_ending_unit(&format!(";{}", comment.text)),
            CommentStyle::Percent => w.own_line(&format!("%{}", comment.text)),
        },
        Annotation::Nag(nag) => w.unit(&format!("${}", nag.value)),
        Annotation::Variation(variation) => {
            w.open();
            write_line(&variation.line, w);
            w.close();
        }
        Annotation::Setup(setup) => w.unit(&format!("/FEN \"{}\"/", setup.fen)),
        Annotation::Unread(unread) => w.unit(&unread.text),
    }
}
