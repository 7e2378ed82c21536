//! The outline of a game: what the reader with and without its fast paths is compared on first
//! (`tests/pdn_grammar.rs`), for a short report of the first difference. Every item the text
//! holds, with its byte range in the input, in the order of the model (a move's number, token
//! and strength mark together; what follows a move after it; a variation between its open and
//! close marks).

use pdnkit::reader::model::{Annotation, CommentStyle, Game, Line, MoveKind, ResultKind};
use pdnkit::reader::span::Span;

/// One game, as a list of items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outline {
    /// The game's byte range: from its first text (or its first literal `\r`/`\n` noise) to its
    /// end (past the terminator and the noise after it, or up to the next game).
    pub offset: usize,
    pub len: usize,
    /// Tags and header comments, in source order.
    pub header: Vec<Item>,
    /// The move text, in model order.
    pub body: Vec<Item>,
    /// The terminator, if any.
    pub terminator: Option<Item>,
}

/// An item and where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub offset: usize,
    pub len: usize,
    pub what: What,
}

/// What an item is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum What {
    Comment {
        style: CommentStyle,
        text: String,
    },
    /// The name as written (HTML references decoded), the decoded value, and the text between
    /// the quotes when it differs.
    Tag {
        name: String,
        value: String,
        raw: Option<String>,
    },
    MoveNumber {
        number: u32,
        ellipsis: bool,
    },
    /// Squares in canonical text (`6` for `06`).
    Move {
        kind: MoveKind,
        squares: Vec<String>,
        separator: Option<char>,
    },
    Strength {
        text: String,
    },
    Nag {
        value: u16,
    },
    Setup {
        fen: String,
    },
    /// A variation's whole span (to the end of the text read when it is never closed).
    VariationOpen,
    /// Where the variation ends (length 0).
    VariationClose,
    Unread {
        text: String,
    },
    Terminator {
        kind: ResultKind,
        nonstandard: Option<String>,
    },
}

impl Item {
    pub fn new(offset: usize, end: usize, what: What) -> Item {
        Item {
            offset,
            len: end - offset,
            what,
        }
    }

    fn at(span: Span, what: What) -> Item {
        Item {
            offset: span.offset as usize,
            len: span.len as usize,
            what,
        }
    }
}

/// The model of a game reduced to its outline (spans counted from the start of
/// the chunk, which must have `base` 0).
pub fn outline_of_game(game: &Game) -> Outline {
    let mut header: Vec<Item> = game
        .header_comments
        .iter()
        .map(|c| {
            Item::at(
                c.span,
                What::Comment {
                    style: c.style,
                    text: c.text.clone(),
                },
            )
        })
        .chain(game.tags.iter().map(|t| {
            Item::at(
                t.span,
                What::Tag {
                    name: t.name.to_string(),
                    value: t.value.to_string(),
                    raw: t.raw.clone(),
                },
            )
        }))
        .collect();
    header.sort_by_key(|item| item.offset);
    let mut body = Vec::new();
    flatten(&game.moves, &mut body);
    Outline {
        offset: game.span.offset as usize,
        len: game.span.len as usize,
        header,
        body,
        terminator: game.result.as_ref().map(|r| {
            Item::at(
                r.span,
                What::Terminator {
                    kind: r.kind,
                    nonstandard: r.nonstandard.clone(),
                },
            )
        }),
    }
}

fn flatten(line: &Line, out: &mut Vec<Item>) {
    for annotation in &line.before {
        flatten_annotation(annotation, out);
    }
    for node in line.iter() {
        if let Some(number) = node.number() {
            out.push(Item::at(
                number.span,
                What::MoveNumber {
                    number: number.number,
                    ellipsis: number.ellipsis,
                },
            ));
        }
        let token = node.token();
        out.push(Item::at(
            token.span,
            What::Move {
                kind: token.kind,
                squares: token
                    .squares
                    .iter()
                    .map(|s| {
                        let mut text = String::new();
                        s.push_to(&mut text);
                        text
                    })
                    .collect(),
                separator: token.separator,
            },
        ));
        if let Some(strength) = node.strength() {
            out.push(Item::at(
                strength.span,
                What::Strength {
                    text: strength.text.clone(),
                },
            ));
        }
        for annotation in node.after() {
            flatten_annotation(annotation, out);
        }
    }
}

fn flatten_annotation(annotation: &Annotation, out: &mut Vec<Item>) {
    match annotation {
        Annotation::Comment(c) => out.push(Item::at(
            c.span,
            What::Comment {
                style: c.style,
                text: c.text.clone(),
            },
        )),
        Annotation::Nags(nags) => out.extend(
            nags.iter()
                .map(|n| Item::at(n.span, What::Nag { value: n.value })),
        ),
        Annotation::Setup(s) => out.push(Item::at(s.span, What::Setup { fen: s.fen.clone() })),
        Annotation::Unread(u) => out.push(Item::at(
            u.span,
            What::Unread {
                text: u.text.clone(),
            },
        )),
        Annotation::Variation(v) => {
            out.push(Item::at(v.span, What::VariationOpen));
            flatten(&v.line, out);
            let end = v.span.end() as usize;
            out.push(Item::new(end, end, What::VariationClose));
        }
    }
}
