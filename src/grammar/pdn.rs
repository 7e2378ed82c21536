//! The game grammar of `grammar/pdn.md` as nom combinators: one function per production, each
//! quoting its EBNF line. A slow, plain reading of one UTF-8 chunk of whole games (what
//! `reader::parse::parse_chunk` reads) to [`Outline`]s; the property test `tests/pdn_grammar.rs`
//! holds the fast reader to it.
//!
//! The context-free tokens are in [`tokens`], tags and comments (which look at their line) in
//! [`tags`]; here are the productions that depend on what came before: `game`, `header`, `body`,
//! `body-item`, `variation`, the non-standard terminator. Variations recurse, bounded at
//! [`MAX_VARIATION_DEPTH`] as the spec says (deeper text is one unread item).
//!
//! Not in the executable grammar (the splitter's and the decoder's matters, outside one chunk):
//! the byte order mark, character sets other than UTF-8, UTF-16, gzip, files of one FEN a line,
//! games too large; and the diagnostics (which codes are reported).

pub mod outline;
pub mod tags;
pub mod tokens;

pub use outline::{Item, Outline, What, outline_of_game};

use crate::reader::model::{CommentStyle, MoveKind, ResultKind};
use crate::reader::parse::MAX_VARIATION_DEPTH;
use tags::CommentEnd;
use tokens::{at_line_start, gap, line_end, space_end};

/// Reads every game of `text`: `file = { ws | game } ;` (one chunk of whole games).
pub fn parse(text: &str) -> Vec<Outline> {
    let mut games = Vec::new();
    let mut at = 0;
    while let Some((end, outline)) = game(text, at) {
        games.push(outline);
        at = end;
    }
    games
}

/// How a body (or a variation's) ends.
enum End {
    /// `)`: the variation is closed (the position past it).
    Close(usize),
    /// The terminator (its item, and the position past it).
    Terminator(Item, usize),
    /// **\[ext\]** a `[` (or a bracketless tag line) after move text: the next game (at it).
    NextGame(usize),
    /// The end of the text.
    Exhausted,
}

/// A move number read, waiting for its move.
struct Pending {
    number: u32,
    ellipsis: bool,
    start: usize,
    end: usize,
}

/// Items of a line in groups: a move with its number and strength mark, an annotation, or a
/// whole variation. (A dangling move number is put back among the annotations by its offset.)
struct Group {
    offset: usize,
    items: Vec<Item>,
}

/// A line being read (the main line, or a variation).
#[derive(Default)]
struct Line {
    groups: Vec<Group>,
    /// The group of the line's last move.
    last_move: Option<usize>,
    pending: Option<Pending>,
    /// Just past the last move token, for a `*` glued to it.
    last_move_end: Option<usize>,
    /// Whether the last group is unread text that more adjacent junk extends.
    open_unread: bool,
}

impl Line {
    fn annotate(&mut self, item: Item) {
        if !matches!(item.what, What::Unread { .. }) {
            self.open_unread = false;
        }
        self.last_move_end = None;
        self.groups.push(Group {
            offset: item.offset,
            items: vec![item],
        });
    }

    fn items(self) -> Vec<Item> {
        self.groups.into_iter().flat_map(|g| g.items).collect()
    }

    /// A move number with no move after it is kept as text where it was written.
    fn flush_dangling(&mut self, text: &str) {
        let Some(p) = self.pending.take() else { return };
        let item = Item::new(
            p.start,
            p.end,
            What::Unread {
                text: text[p.start..p.end].to_string(),
            },
        );
        let from = self.last_move.map_or(0, |m| m + 1);
        let at = (from..self.groups.len())
            .find(|&g| self.groups[g].offset > p.start)
            .unwrap_or(self.groups.len());
        self.groups.insert(
            at,
            Group {
                offset: p.start,
                items: vec![item],
            },
        );
    }

    /// Text that cannot be read; `merge`: adjacent junk extends the last unread item.
    fn unread(&mut self, text: &str, start: usize, end: usize, merge: bool) {
        if merge
            && self.open_unread
            && let Some(last) = self.groups.last_mut()
            && let [item] = last.items.as_mut_slice()
            && let What::Unread { text: written } = &mut item.what
        {
            item.len = end - item.offset;
            *written = text[item.offset..end].to_string();
            return;
        }
        self.annotate(Item::new(
            start,
            end,
            What::Unread {
                text: text[start..end].to_string(),
            },
        ));
        self.open_unread = merge;
    }

    /// A strength mark for the line's last move, if it has none yet.
    fn strength(&mut self, start: usize, end: usize, text: &str) -> bool {
        let Some(m) = self.last_move else {
            return false;
        };
        let items = &mut self.groups[m].items;
        if items
            .iter()
            .any(|i| matches!(i.what, What::Strength { .. }))
        {
            return false;
        }
        self.open_unread = false;
        items.push(Item::new(
            start,
            end,
            What::Strength {
                text: text[start..end].to_string(),
            },
        ));
        true
    }

    fn push_move(&mut self, mut items: Vec<Item>, end: usize) {
        if let Some(p) = self.pending.take() {
            items.insert(
                0,
                Item::new(
                    p.start,
                    p.end,
                    What::MoveNumber {
                        number: p.number,
                        ellipsis: p.ellipsis,
                    },
                ),
            );
        }
        self.last_move_end = Some(end);
        self.open_unread = false;
        self.groups.push(Group {
            offset: items[0].offset,
            items,
        });
        self.last_move = Some(self.groups.len() - 1);
    }
}

/// `game = header body [ terminator ] ;` The game at `at` (after whitespace), and where it
/// ends; `None` when only whitespace is left.
fn game(text: &str, at: usize) -> Option<(usize, Outline)> {
    let (rest, leading) = gap(&text[at..]).expect("gap never fails");
    if rest.is_empty() && !leading.contains('\\') {
        return None;
    }
    // A game starts at the literal `\r`/`\n` noise before it.
    let start = leading
        .find('\\')
        .map_or(text.len() - rest.len(), |p| at + p);
    let (body_start, header, next_game_here) = header(text, text.len() - rest.len());
    let declared = header.iter().find_map(|item| match &item.what {
        What::Tag { name, value, .. } if name == "Result" => Some(value.trim().to_string()),
        _ => None,
    });
    let declared = declared.filter(|v| !v.is_empty() && ResultKind::parse(v).is_none());
    let mut main = Line::default();
    let reader = Body {
        text,
        declared: declared.as_deref(),
    };
    let body_end = if next_game_here {
        End::NextGame(body_start)
    } else {
        reader.body(body_start, 0, &mut main)
    };
    let (end, terminator) = match body_end {
        End::Terminator(item, end) => (trailing_escapes(text, end), Some(item)),
        End::NextGame(end) => (end, None),
        End::Close(_) => unreachable!("the main line has no `)`"),
        End::Exhausted => (text.len(), None),
    };
    let outline = Outline {
        offset: start,
        len: end - start,
        header,
        body: main.items(),
        terminator,
    };
    Some((end, outline))
}

/// **\[ext\]** The literal `\r`/`\n` after a terminator (on its line and the blank lines after it)
/// belong to the game it ends.
fn trailing_escapes(text: &str, mut end: usize) -> usize {
    loop {
        let mut at = end;
        while text[at..].starts_with(tokens::is_space) {
            at += 1;
        }
        if !(text[at..].starts_with("\\r") || text[at..].starts_with("\\n")) {
            return end;
        }
        end = at + 2;
    }
}

/// `header = { tag | comment | line-comment } ;` (and **\[ext\]** `;` comments, bracketless tag
/// lines before the tags). It ends at a runaway comment, and before a `[` that repeats the
/// first tag's name after a blank line since the last tag (a game of tags only; the comments
/// after that blank line are the next game's). Returns where the body starts, and whether the
/// next game starts there.
fn header(text: &str, mut at: usize) -> (usize, Vec<Item>, bool) {
    let mut items = Vec::new();
    let mut first_tag: Option<String> = None;
    let mut after_blank: Option<(usize, usize)> = None;
    loop {
        let (rest, skipped) = gap(&text[at..]).expect("gap never fails");
        let blank_line = ["\n\n", "\r\r", "\n\r\n\r", "\r\n\r\n"]
            .iter()
            .any(|b| skipped.contains(b));
        at = text.len() - rest.len();
        if blank_line && first_tag.is_some() && after_blank.is_none() {
            after_blank = Some((at, items.len()));
        }
        match rest.as_bytes().first() {
            Some(b'[') => {
                if let Some((start, kept)) = after_blank
                    && let Some(first) = &first_tag
                    && tag_name_after_bracket(rest) == Some(first.as_str())
                {
                    items.truncate(kept);
                    return (start, items, true);
                }
                at = tag_item(text, at, &mut items, &mut first_tag);
                after_blank = None;
            }
            Some(b'{') => {
                let (end, item, runaway) = comment(text, at);
                items.push(item);
                at = end;
                if runaway {
                    break;
                }
            }
            Some(b';') => (at, _) = semicolon_item(text, at, &mut items),
            Some(b'%') if at_line_start(text, at) => (at, _) = semicolon_item(text, at, &mut items),
            Some(b'A'..=b'Z') if tags::bracketless_tags_before_tags(text, at) => {
                at = tag_item(text, at, &mut items, &mut first_tag);
                after_blank = None;
            }
            _ => break,
        }
    }
    (at, items, false)
}

/// The name run written right after a `[` (letters, digits, `_`, non-ASCII).
fn tag_name_after_bracket(rest: &str) -> Option<&str> {
    let name = &rest[1..];
    let len = name
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b >= 0x80)
        .count();
    (len > 0).then(|| &name[..len])
}

/// A tag, and the literal `\r`/`\n` written after it.
fn tag_item(text: &str, at: usize, items: &mut Vec<Item>, first: &mut Option<String>) -> usize {
    let tag = tags::tag(text, at);
    first.get_or_insert_with(|| tag.name.clone());
    items.push(Item::new(
        at,
        tag.end,
        What::Tag {
            name: tag.name,
            value: tag.value,
            raw: tag.raw,
        },
    ));
    let mut end = tag.end;
    while text[end..].starts_with("\\r") || text[end..].starts_with("\\n") {
        end += 2;
    }
    end
}

/// `comment = "{" { any } "}" ;` as an item; whether it ran away to the next game's tags.
fn comment(text: &str, at: usize) -> (usize, Item, bool) {
    let (text_end, end, runaway) = match tags::comment_end(text, at) {
        CommentEnd::Closed(end) => (end - 1, end, false),
        CommentEnd::Runaway(end) => (end, end, true),
        CommentEnd::Unclosed => (text.len(), text.len(), false),
    };
    let item = Item::new(
        at,
        end,
        What::Comment {
            style: CommentStyle::Brace,
            text: text[at + 1..text_end].to_string(),
        },
    );
    (end, item, runaway)
}

/// `semicolon = ";" { any } line-end ;` and `line-comment = "%" { any } line-end ;`
fn semicolon_item(text: &str, at: usize, items: &mut Vec<Item>) -> (usize, ()) {
    let (rest, body, style) = match tokens::semicolon(&text[at..]) {
        Ok((rest, body)) => (rest, body, CommentStyle::Semicolon),
        Err(_) => {
            let (rest, body) = tokens::line_comment(&text[at..]).expect("a `%` line");
            (rest, body, CommentStyle::Percent)
        }
    };
    let end = text.len() - rest.len();
    items.push(Item::new(
        at,
        end,
        What::Comment {
            style,
            text: body.to_string(),
        },
    ));
    (end, ())
}

/// The move text of one game.
struct Body<'t> {
    text: &'t str,
    /// **\[ext\]** The Result tag's value when it is not a PDN result (`4-6`).
    declared: Option<&'t str>,
}

impl<'t> Body<'t> {
    /// `body = { body-item } ;` read into `line` up to its end: `)` (in a variation), the
    /// terminator, the next game or the end of the text. Every line still open is closed there.
    fn body(&self, mut at: usize, depth: usize, line: &mut Line) -> End {
        let text = self.text;
        loop {
            at = space_end(text, at);
            let end = match self.body_item(at, depth, line) {
                Ok(next) => {
                    at = next;
                    continue;
                }
                Err(end) => end,
            };
            line.flush_dangling(text);
            return end;
        }
    }

    /// `body-item = move-number | move | comment | line-comment | variation | nag | setup |
    /// ellipsis ;` and the strength marks, the unknown move and unreadable text; or how the
    /// line ends. Returns where the next item starts.
    fn body_item(&self, at: usize, depth: usize, line: &mut Line) -> Result<usize, End> {
        let text = self.text;
        let rest = &text[at..];
        let Some(c) = rest.chars().next() else {
            return Err(End::Exhausted);
        };
        match c {
            '[' => return Err(End::NextGame(at)),
            '{' => {
                let (end, item, _) = comment(text, at);
                line.annotate(item);
                return Ok(end);
            }
            ';' => return Ok(self.line_comment(at, line)),
            '%' if at_line_start(text, at) => return Ok(self.line_comment(at, line)),
            '}' => {
                // **[ext]** a stray brace.
                line.unread(text, at, at + 1, false);
                return Ok(at + 1);
            }
            '(' => {
                if let Some(end) = self.strength(at, line) {
                    return Ok(end);
                }
                return self.variation(at, depth, line);
            }
            ')' if depth == 0 => {
                // **[ext]** a stray parenthesis.
                line.unread(text, at, at + 1, false);
                return Ok(at + 1);
            }
            ')' => return Err(End::Close(at + 1)),
            '$' => {
                if let Ok((after, value)) = tokens::nag(rest) {
                    let end = text.len() - after.len();
                    line.annotate(Item::new(at, end, What::Nag { value }));
                    return Ok(end);
                }
            }
            '/' => {
                if let Ok((after, fen)) = tokens::setup(rest) {
                    let end = text.len() - after.len();
                    let fen = fen.to_string();
                    line.annotate(Item::new(at, end, What::Setup { fen }));
                    return Ok(end);
                }
            }
            '*' if line.last_move_end == Some(at) => {
                // **[ext]** `*` glued to a move: the old forced-move mark, its strength.
                line.strength(at, at + 1, text);
                return Ok(at + 1);
            }
            '!' | '?' => {
                if let Some(end) = self.strength(at, line) {
                    return Ok(end);
                }
            }
            '-' => {
                if let Ok((after, _)) = tokens::unknown_move(rest) {
                    let end = text.len() - after.len();
                    let item = Item::new(
                        at,
                        end,
                        What::Move {
                            kind: MoveKind::Unknown,
                            squares: Vec::new(),
                            separator: None,
                        },
                    );
                    line.push_move(vec![item], end);
                    return Ok(end);
                }
            }
            '.' => {
                let (after, ellipsis) = tokens::ellipsis(rest).expect("a dot");
                let end = text.len() - after.len();
                match &mut line.pending {
                    // A lone `...` makes the number the second player's.
                    Some(number) if ellipsis.is_some() => number.ellipsis = true,
                    _ => line.unread(text, at, end, false),
                }
                return Ok(end);
            }
            'A'..='Z' if tags::bracketless_tags_before_tags(text, at) => {
                return Err(End::NextGame(at));
            }
            '*' | '0'..='9' | 'a'..='z' | 'A'..='Z' => {
                if let Ok((after, kind)) = tokens::result(rest) {
                    let end = text.len() - after.len();
                    let item = Item::new(
                        at,
                        end,
                        What::Terminator {
                            kind,
                            nonstandard: None,
                        },
                    );
                    return Err(End::Terminator(item, end));
                }
                if depth == 0
                    && line.pending.is_none()
                    && let Some(end) = self.nonstandard_terminator(at, line)
                {
                    return Err(end);
                }
                if let Ok((after, (number, ellipsis))) = tokens::move_number(rest) {
                    let end = text.len() - after.len();
                    line.flush_dangling(text);
                    line.open_unread = false;
                    line.pending = Some(Pending {
                        number,
                        ellipsis,
                        start: at,
                        end,
                    });
                    return Ok(end);
                }
                if let Ok((after, (written, squares))) = tokens::move_(rest) {
                    let end = text.len() - after.len();
                    line.push_move(vec![move_item(at, end, &written, &squares)], end);
                    return Ok(end);
                }
            }
            _ => {}
        }
        let (after, _) = tokens::unreadable(rest).expect("a character");
        let end = text.len() - after.len();
        line.unread(text, at, end, true);
        Ok(end)
    }

    fn line_comment(&self, at: usize, line: &mut Line) -> usize {
        let mut items = Vec::new();
        let (end, ()) = semicolon_item(self.text, at, &mut items);
        line.annotate(items.pop().expect("a comment"));
        end
    }

    /// `strength` standing apart from its move (`32-28 !`, `32-28 {c} (?)`): the line's last
    /// move's, when it has none yet.
    fn strength(&self, at: usize, line: &mut Line) -> Option<usize> {
        let (after, _) = tokens::strength(&self.text[at..]).ok()?;
        let end = self.text.len() - after.len();
        line.strength(at, end, self.text).then_some(end)
    }

    /// `variation = "(" body ")" ;` Beyond [`MAX_VARIATION_DEPTH`] levels the variation is one
    /// unread item. A variation not closed ends where its game's move text ends.
    fn variation(&self, open: usize, depth: usize, line: &mut Line) -> Result<usize, End> {
        let text = self.text;
        line.flush_dangling(text);
        if depth >= MAX_VARIATION_DEPTH {
            let end = matching_paren(text, open);
            line.unread(text, open, end, true);
            return Ok(end);
        }
        line.open_unread = false;
        line.last_move_end = None;
        let mut inner = Line::default();
        let end = self.body(open + 1, depth + 1, &mut inner);
        let close = match end {
            End::Close(close) | End::Terminator(_, close) | End::NextGame(close) => close,
            End::Exhausted => text.len(),
        };
        let result = match end {
            End::Close(close) => Ok(close),
            end => Err(end),
        };
        let mut items = vec![Item::new(open, close, What::VariationOpen)];
        items.extend(inner.items());
        items.push(Item::new(close, close, What::VariationClose));
        line.annotate(Item::new(open, open, What::VariationOpen));
        line.groups.last_mut().expect("pushed").items = items;
        result
    }

    /// **\[ext\]** The last move token written exactly as the game's non-PDN Result tag (`4-6`),
    /// only comments after it: the terminator. A strength mark glued to it is unread text.
    fn nonstandard_terminator(&self, at: usize, line: &mut Line) -> Option<End> {
        let declared = self.declared?;
        let text = self.text;
        let (after, _) = tokens::move_text(&text[at..]).ok()?;
        let end = text.len() - after.len();
        if &text[at..end] != declared {
            return None;
        }
        let mark_end = match tokens::strength(after) {
            Ok((after_mark, _)) => text.len() - after_mark.len(),
            Err(_) => end,
        };
        if !only_comments_from(text, mark_end) {
            return None;
        }
        if mark_end > end {
            line.unread(text, end, mark_end, false);
        }
        let item = Item::new(
            at,
            end,
            What::Terminator {
                kind: ResultKind::Unknown,
                nonstandard: Some(declared.to_string()),
            },
        );
        Some(End::Terminator(item, mark_end))
    }
}

fn move_item(
    at: usize,
    end: usize,
    written: &tokens::MoveText<'_>,
    squares: &[crate::notation::Square],
) -> Item {
    let seps = &written.separators;
    let capture = seps.iter().any(|s| matches!(s, Some('x' | 'X' | ':')));
    // The separator kept: the first written, or for a capture the first that is not `-`.
    let separator = match seps[0] {
        None => None,
        Some(_) if capture => seps
            .iter()
            .find(|s| **s != Some('-'))
            .map(|s| s.unwrap_or('\0')),
        s => s,
    };
    Item::new(
        at,
        end,
        What::Move {
            kind: if capture {
                MoveKind::Capture
            } else {
                MoveKind::Step
            },
            squares: squares
                .iter()
                .map(|s| {
                    let mut t = String::new();
                    s.push_to(&mut t);
                    t
                })
                .collect(),
            separator,
        },
    )
}

/// Whether only whitespace and comments follow `at`, up to the next game or the end.
fn only_comments_from(text: &str, mut at: usize) -> bool {
    loop {
        at = space_end(text, at);
        match text.as_bytes().get(at) {
            None | Some(b'[') => return true,
            Some(b'{') => match tags::comment_end(text, at) {
                CommentEnd::Closed(end) => at = end,
                CommentEnd::Runaway(_) | CommentEnd::Unclosed => return true,
            },
            Some(b';') => at = line_end(text, at),
            Some(b'%') if at_line_start(text, at) => at = line_end(text, at),
            Some(_) => return false,
        }
    }
}

/// The end of the `(` group at `open` (nested parentheses counted, comments skipped): past its
/// `)`, or at a `[` that starts a line, or the end of the text.
fn matching_paren(text: &str, open: usize) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b'{' => match tags::comment_end(text, i) {
                CommentEnd::Closed(end) | CommentEnd::Runaway(end) => {
                    i = end;
                    continue;
                }
                CommentEnd::Unclosed => return bytes.len(),
            },
            b'[' if at_line_start(text, i) => return i,
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}
