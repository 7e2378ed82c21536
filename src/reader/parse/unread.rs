//! Text that cannot be read as PDN, kept as written and reported; non-standard terminators.

use super::*;

impl GameParser<'_> {
    /// Reads text no production reads, up to the next whitespace or delimiter (production
    /// `unreadable`), and keeps it as unread.
    pub(super) fn unreadable_token(&mut self) {
        let start = self.pos;
        let end = match grammar::moves::unreadable(self.rest()) {
            Ok((rest, _)) => self.bytes.len() - rest.len(),
            Err(_) => start + 1,
        };
        self.pos = end;
        self.unread(start, end, true);
    }

    /// Keeps `bytes[start..end]` as unread text; with `report`, says so (adjacent junk is merged
    /// into one item and one report).
    pub(super) fn unread(&mut self, start: usize, end: usize, report: bool) {
        let merge = self.open_unread.filter(|_| report);
        if merge.is_none() && self.left_out.any() && self.extend_last_unread(start, end) {
            // Past the limit of listed diagnostics, unread text after unread text (a run of
            // stray `)`) is kept as one item, so the game's memory stays in proportion to its
            // size; the text is all kept.
            if report {
                let span = self.span(start, end);
                let message = format!("cannot read `{}` here", preview(&self.text(start, end)));
                push_capped(
                    &mut self.diagnostics,
                    &mut self.left_out,
                    Finding::new(Code::UnreadableText, span, message),
                );
            }
            return;
        }
        if let Some(index) = merge {
            let line = &mut self.stack.last_mut().expect("line").line;
            let last = if line.is_empty() {
                &mut line.before
            } else {
                &mut line.last_mut().expect("a move").after
            };
            if let Some(Annotation::Unread(unread)) = last.last_mut() {
                let from = unread.span.offset - self.chunk.base;
                let new_len = (end as u64 - from) as u32;
                unread.span.len = new_len;
                // All of it is kept (a game is at most `max_game_bytes`): `convert` writes it back.
                let gap_start = (from as usize + unread.text.len()).min(start);
                let more = self.chunk.encoding.decode(&self.bytes[gap_start..end]);
                unread.text.push_str(&more);
                if let Some(d) = self.diagnostics.get_mut(index) {
                    d.span.len = new_len;
                }
                return;
            }
        }
        let text = self.text(start, end);
        let span = self.span(start, end);
        if report {
            let binary = self.bytes[start..end]
                .iter()
                .any(|b| *b < 0x20 && !lex::is_space(*b));
            let (code, message) = if binary {
                (Code::BinaryData, "binary data, not text".to_string())
            } else {
                (
                    Code::UnreadableText,
                    format!("cannot read `{}` here", preview(&text)),
                )
            };
            let listed = push_capped(
                &mut self.diagnostics,
                &mut self.left_out,
                Finding::new(code, span, message),
            );
            self.annotate(Annotation::from(Unread { text, span }));
            // (A report left out has no span to extend: the text is still merged.)
            self.open_unread = Some(if listed {
                self.diagnostics.len() - 1
            } else {
                usize::MAX
            });
            return;
        }
        self.annotate(Annotation::from(Unread { text, span }));
        self.open_unread = None;
    }

    /// Appends `bytes[start..end]` to the last item of the open list when that is unread text
    /// and only whitespace lies between them. Returns whether it did.
    pub(super) fn extend_last_unread(&mut self, start: usize, end: usize) -> bool {
        let base = self.chunk.base;
        let line = &mut self.stack.last_mut().expect("line").line;
        let last = match line.last_mut() {
            Some(node) => &mut node.after,
            None => &mut line.before,
        };
        let Some(Annotation::Unread(unread)) = last.last_mut() else {
            return false;
        };
        let Some(from) = unread.span.offset.checked_sub(base) else {
            return false;
        };
        let gap_start = from as usize + unread.span.len as usize;
        if gap_start > start
            || !self.bytes[gap_start..start]
                .iter()
                .all(|b| lex::is_space(*b))
        {
            return false;
        }
        let more = self.chunk.encoding.decode(&self.bytes[gap_start..end]);
        unread.text.push_str(&more);
        unread.span.len = (end as u64 - from) as u32;
        true
    }

    /// A move token, last in the game, written exactly as the game's non-PDN Result tag, as in
    /// `... 13-19 4-6` with `[Result "4-6"]`: that token is the terminator. Only comments may
    /// follow it; a strength mark glued to it is kept as unread text.
    pub(super) fn try_nonstandard_terminator(&mut self) -> Option<ResultToken> {
        let declared = self.declared_result.as_deref()?;
        if self.stack.len() > 1 || self.pending_number.is_some() {
            return None;
        }
        let rest = self.rest();
        let (after, _) = grammar::moves::r#move(rest).ok()?;
        let written = &rest[..rest.len() - after.len()];
        if written != declared.as_bytes() {
            return None;
        }
        let start = self.pos;
        let end = start + written.len();
        let mark_end = match grammar::moves::strength(after) {
            Ok((after_mark, _)) => self.bytes.len() - after_mark.len(),
            Err(_) => end,
        };
        if !self.only_comments_from(mark_end) {
            return None;
        }
        let declared = declared.to_string();
        let span = self.span(start, end);
        self.diagnostics.push(Finding::new(
            Code::NonstandardTerminator,
            span,
            format!("`{declared}` ends the game as its Result tag says, but is not a PDN result"),
        ));
        self.pos = mark_end;
        if mark_end > end {
            self.report(
                Code::UnreadableText,
                end,
                mark_end,
                format!("a mark after the terminator `{declared}`; kept as text"),
            );
            self.unread(end, mark_end, false);
        }
        Some(ResultToken {
            kind: ResultKind::Unknown,
            nonstandard: Some(declared),
            span,
        })
    }

    /// A lone `-` last in the game (`... 19-23 -`), the terminator some exporters write for a
    /// result not known: read as `*`, kept as written. Only comments may follow it, as after
    /// any terminator; in a variation, or anywhere else, `-` is not a terminator.
    pub(super) fn try_dash_terminator(&mut self) -> Option<ResultToken> {
        if self.stack.len() > 1 {
            return None;
        }
        let (after, dash) = grammar::moves::dash_terminator(self.rest()).ok()?;
        let start = self.pos;
        let end = self.bytes.len() - after.len();
        if !self.only_comments_from(end) {
            return None;
        }
        self.pos = end;
        self.flush_dangling_number("a move number followed by the result (a forfeited game?)");
        let span = self.span(start, end);
        self.diagnostics.push(Finding::new(
            Code::NonstandardTerminator,
            span,
            "`-` ends the game: read as `*`, the result not known",
        ));
        Some(ResultToken {
            kind: ResultKind::Unknown,
            nonstandard: Some(String::from_utf8_lossy(dash).into_owned()),
            span,
        })
    }

    /// Whether only whitespace and comments follow `from`, up to the next game or the chunk's end.
    fn only_comments_from(&self, from: usize) -> bool {
        let bytes = self.bytes;
        let mut i = from;
        loop {
            i = lex::space_end(bytes, i);
            match bytes.get(i) {
                None | Some(b'[') => return true,
                Some(b'{') => match lex::comment_end(bytes, i) {
                    CommentEnd::Closed { end, .. } => i = end,
                    CommentEnd::Runaway { .. } | CommentEnd::Unclosed => return true,
                },
                Some(b';') => i = lex::line_end(bytes, i),
                Some(b'%') if lex::at_line_start(bytes, i) => i = lex::line_end(bytes, i),
                Some(_) => return false,
            }
        }
    }
}

/// The first 40 characters of `text`, control characters shown as `\u{FFFD}`.
pub(crate) fn preview(text: &str) -> String {
    let printable: String = text
        .chars()
        .take(40)
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    if text.chars().count() > 40 {
        format!("{printable}…")
    } else {
        printable
    }
}
