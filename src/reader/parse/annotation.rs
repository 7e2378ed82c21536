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

    /// Productions `comment`, `semicolon` and `line-comment` (whichever starts here).
    pub(super) fn parse_comment(&mut self) -> Comment {
        let start = self.pos;
        let rest = self.rest();
        let (style, read, brace_end) = match rest[0] {
            b'{' => match grammar::comments::comment(rest) {
                Ok((after, (text, end))) => (CommentStyle::Brace, Ok((after, text)), Some(end)),
                Err(error) => (CommentStyle::Brace, Err(error), None),
            },
            b';' => (
                CommentStyle::Semicolon,
                grammar::comments::semicolon(rest),
                None,
            ),
            _ => (
                CommentStyle::Percent,
                grammar::comments::line_comment(rest),
                None,
            ),
        };
        // (The caller saw the comment's first byte: a failure cannot happen, and would read the
        // rest of the line as the comment.)
        let (after, text) = read.unwrap_or_else(|_| {
            let end = lex::line_end(rest, 0);
            (&rest[end..], &rest[1.min(end)..end])
        });
        let end = self.bytes.len() - after.len();
        match (style, brace_end) {
            (_, Some(CommentEnd::Closed { nested: true, .. })) => self.report(
                Code::NestedComment,
                start,
                end,
                "`{` inside a comment: read as a nested comment",
            ),
            (_, Some(CommentEnd::Runaway { .. } | CommentEnd::Unclosed)) => self.report(
                Code::UnclosedComment,
                start,
                start + 1,
                "comment is never closed by `}`",
            ),
            (CommentStyle::Semicolon, _) => self.report(
                Code::SemicolonComment,
                start,
                end,
                "`;` comment (not PDN 3.0)",
            ),
            _ => {}
        }
        let text_start = grammar::offset_in(self.bytes, text);
        let text_end = text_start + text.len();
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

    /// Production `setup`: `/FEN "..."/`, its FEN read as a FEN tag's.
    pub(super) fn parse_setup(&mut self) {
        let start = self.pos;
        let Ok((rest, fen)) = grammar::moves::setup(self.rest()) else {
            self.unreadable_token();
            return;
        };
        let end = self.bytes.len() - rest.len();
        let fen_start = grammar::offset_in(self.bytes, fen);
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

    /// Production `variation`: `"(" body ")"`, its `(` or its `)` here. The lines are kept on
    /// the parser's explicit stack, not the call stack, so depth costs no recursion; past
    /// [`MAX_VARIATION_DEPTH`] levels the variation is kept whole as unread text
    /// (`E-NESTING-TOO-DEEP`, production [`grammar::deep_variation`]).
    pub(super) fn variation(&mut self) {
        if self.bytes[self.pos] == b'(' {
            self.open_variation();
        } else {
            self.close_variation();
        }
    }

    fn open_variation(&mut self) {
        let start = self.pos;
        self.flush_dangling_number("a move number with no move after it");
        if self.stack.len() > MAX_VARIATION_DEPTH {
            // Too deep: keep the whole variation as text.
            let end = match grammar::deep_variation(self.rest()) {
                Ok((rest, _)) => self.bytes.len() - rest.len(),
                Err(_) => self.bytes.len(),
            };
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

    fn close_variation(&mut self) {
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
