//! Comments, `/FEN/` setups and variations.

use super::*;

impl GameParser<'_> {
    /// Adds an item after the last move of the current line (or before its first move).
    pub(super) fn annotate(&mut self, item: Annotation) {
        if !matches!(item, Annotation::Unread(_)) {
            self.open_unread = None;
        }
        self.last_move_end = None;
        let line = &mut self.stack.last_mut().expect("a line is open").line;
        match line.last_after_mut() {
            Some(after) => push_annotation(after, item),
            None => push_annotation(&mut line.before, item),
        }
    }

    pub(super) fn parse_comment(&mut self) -> Comment {
        let start = self.pos;
        let (style, text_start, text_end, end) = match self.bytes[start] {
            b'{' => match lex::comment_end(self.bytes, start) {
                CommentEnd::Closed { end, nested } => {
                    if nested {
                        self.report(
                            Code::NestedComment,
                            start,
                            end,
                            "`{` inside a comment: read as a nested comment",
                        );
                    }
                    (CommentStyle::Brace, start + 1, end - 1, end)
                }
                unclosed => {
                    let end = match unclosed {
                        CommentEnd::Runaway { end } => end,
                        _ => self.bytes.len(),
                    };
                    self.report(
                        Code::UnclosedComment,
                        start,
                        start + 1,
                        "comment is never closed by `}`",
                    );
                    (CommentStyle::Brace, start + 1, end, end)
                }
            },
            b';' => {
                let end = lex::line_end(self.bytes, start);
                self.report(
                    Code::SemicolonComment,
                    start,
                    end,
                    "`;` comment (not PDN 3.0)",
                );
                (CommentStyle::Semicolon, start + 1, end, end)
            }
            _ => {
                let end = lex::line_end(self.bytes, start);
                (CommentStyle::Percent, start + 1, end, end)
            }
        };
        self.report_control_byte(text_start, text_end, "a comment");
        let text = self.text(text_start, text_end);
        let commands = embedded_commands(&text);
        let span = self.span(start, end);
        self.pos = end;
        Comment {
            style,
            text,
            commands,
            span,
        }
    }

    pub(super) fn parse_setup(&mut self) {
        let start = self.pos;
        let Ok((rest, fen)) = tokens::setup(self.rest()) else {
            self.unreadable_token();
            return;
        };
        let end = self.bytes.len() - rest.len();
        let fen_start = fen.as_ptr() as usize - self.bytes.as_ptr() as usize;
        let fen_text = self.text(fen_start, fen_start + fen.len());
        let span = self.span(start, end);
        self.pos = end;
        let parsed = crate::reader::tag_values::read_fen(&fen_text, span, &mut self.diagnostics);
        // A new position: move numbers may start again from anything.
        self.stack.last_mut().expect("a line is open").next_turn = None;
        self.annotate(Annotation::from(Setup {
            fen: fen_text,
            parsed: parsed.map(Box::new),
            span,
        }));
    }

    pub(super) fn open_variation(&mut self) {
        let start = self.pos;
        self.flush_dangling_number("a move number with no move after it");
        if self.stack.len() > MAX_VARIATION_DEPTH {
            // Too deep: keep the whole variation as text.
            let end = matching_paren(self.bytes, start);
            self.report(
                Code::NestingTooDeep,
                start,
                end,
                format!("variations nested deeper than {MAX_VARIATION_DEPTH} levels; kept as text"),
            );
            self.pos = end;
            self.unread(start, end, true);
            return;
        }
        self.pos += 1;
        self.last_move_end = None;
        self.open_unread = None;
        let parent = self.stack.last().expect("a line is open");
        let next_turn = if parent.line.is_empty() {
            parent.next_turn
        } else {
            parent.last_turn
        };
        self.stack.push(Frame::new(start, next_turn));
    }

    pub(super) fn close_variation(&mut self) {
        let start = self.pos;
        self.pos += 1;
        if self.stack.len() == 1 {
            self.report(
                Code::StrayParenthesis,
                start,
                start + 1,
                "`)` with no variation open",
            );
            self.unread(start, start + 1, false);
            return;
        }
        self.flush_dangling_number("a move number with no move after it");
        let mut frame = self.stack.pop().expect("checked above");
        frame.line.shrink_to_fit();
        let span = self.span(frame.open, self.pos);
        self.annotate(Annotation::from(Variation {
            line: frame.line,
            span,
        }));
    }

    pub(super) fn close_open_variations(&mut self) {
        self.flush_dangling_number("a move number with no move after it");
        while self.stack.len() > 1 {
            let mut frame = self.stack.pop().expect("checked");
            frame.line.shrink_to_fit();
            let here = self.pos;
            self.report(
                Code::UnclosedVariation,
                frame.open,
                frame.open + 1,
                "variation is never closed by `)`",
            );
            let span = self.span(frame.open, here);
            self.annotate(Annotation::from(Variation {
                line: frame.line,
                span,
            }));
        }
    }
}

/// The end of a `(` group, counting nested parentheses and skipping comments; the end of the
/// bytes (or the next game's tags) if it is never closed. Linear: each byte is looked at once.
fn matching_paren(bytes: &[u8], open: usize) -> usize {
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
            // A comment that is never closed runs to the end, as `parse_comment` reads it (and
            // its end is not searched for again from every `{` inside it: that was quadratic).
            b'{' => match lex::comment_end(bytes, i) {
                CommentEnd::Closed { end, .. } | CommentEnd::Runaway { end } => {
                    i = end;
                    continue;
                }
                CommentEnd::Unclosed => return bytes.len(),
            },
            b'[' if lex::at_line_start(bytes, i) => return i,
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// `[%clk 0:05:00]` and the like inside a comment.
fn embedded_commands(text: &str) -> thin_vec::ThinVec<(String, String)> {
    let mut commands = thin_vec::ThinVec::new();
    let mut rest = text;
    while let Some(at) = rest.find("[%") {
        let after = &rest[at + 2..];
        let Some(close) = after.find(']') else { break };
        let body = after[..close].trim();
        let (name, argument) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        commands.push((name.to_string(), argument.trim().to_string()));
        rest = &after[close + 1..];
    }
    commands
}
