//! Writing the model back as PDN text. The output re-reads to the same model (spans aside): the
//! round-trip property the tests check. Canonical conversion (issue: `convert`) builds on this.

use super::model::*;
use std::fmt::Write;

/// Lines are wrapped before this column.
const WIDTH: usize = 79;

/// Appends one game as PDN text.
pub fn write_game(game: &Game, out: &mut String) {
    for comment in &game.header_comments {
        write_comment(comment, out);
        out.push('\n');
    }
    for tag in &game.tags {
        let _ = writeln!(out, "[{} \"{}\"]", tag.name, escape(&tag.value));
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let mut body = Wrapper { out, column: 0 };
    write_line(&game.moves, &mut body);
    if let Some(result) = &game.result {
        body.token(
            result
                .nonstandard
                .as_deref()
                .unwrap_or(result.kind.as_str()),
        );
    }
    if body.column > 0 {
        body.out.push('\n');
    }
    body.out.push('\n');
}

/// Writes a whole list of games.
pub fn write_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> String {
    let mut out = String::new();
    for game in games {
        write_game(game, &mut out);
    }
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

struct Wrapper<'a> {
    out: &'a mut String,
    column: usize,
}

impl Wrapper<'_> {
    /// Writes a token, separated by a space or a line break.
    fn token(&mut self, text: &str) {
        let width = text.chars().count();
        if self.column > 0 && self.column + 1 + width > WIDTH {
            self.out.push('\n');
            self.column = 0;
        } else if self.column > 0 {
            self.out.push(' ');
            self.column += 1;
        }
        self.out.push_str(text);
        self.column = match text.rfind('\n') {
            Some(at) => text[at + 1..].chars().count(),
            None => self.column + width,
        };
    }

    /// Text glued to the previous token (a strength mark, a closing parenthesis).
    fn glue(&mut self, text: &str) {
        self.out.push_str(text);
        self.column += text.chars().count();
    }

    /// A token that must start a line and end it (`%` and `;` comments).
    fn own_line(&mut self, text: &str) {
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
    for node in line.iter() {
        let mut text = String::new();
        if let Some(number) = &node.number() {
            number.push_to(&mut text);
            w.token(&text);
            text.clear();
        }
        node.write_canonical(&mut text);
        if let Some(strength) = node.strength() {
            text.push_str(&strength.text);
        }
        w.token(&text);
        for annotation in node.after() {
            write_annotation(annotation, w);
        }
    }
}

fn write_annotation(annotation: &Annotation, w: &mut Wrapper<'_>) {
    match annotation {
        Annotation::Comment(comment) => match comment.style {
            CommentStyle::Brace => w.token(&format!("{{{}}}", comment.text)),
            CommentStyle::Semicolon => {
                w.token(&format!(";{}", comment.text));
                w.out.push('\n');
                w.column = 0;
            }
            CommentStyle::Percent => w.own_line(&format!("%{}", comment.text)),
        },
        Annotation::Nags(nags) => {
            for nag in nags.iter() {
                w.token(&format!("${}", nag.value));
            }
        }
        Annotation::Variation(variation) => {
            w.token("(");
            let before = w.out.len();
            write_line(&variation.line, w);
            // `(` is glued to the first token of the variation.
            if w.out.len() > before && w.out.as_bytes()[before] == b' ' {
                w.out.remove(before);
                w.column -= 1;
            }
            w.glue(")");
        }
        Annotation::Setup(setup) => w.token(&format!("/FEN \"{}\"/", setup.fen)),
        Annotation::Unread(unread) => w.token(&unread.text),
    }
}

fn write_comment(comment: &Comment, out: &mut String) {
    match comment.style {
        CommentStyle::Brace => {
            let _ = write!(out, "{{{}}}", comment.text);
        }
        CommentStyle::Semicolon => {
            let _ = write!(out, ";{}", comment.text);
        }
        CommentStyle::Percent => {
            let _ = write!(out, "%{}", comment.text);
        }
    }
}
