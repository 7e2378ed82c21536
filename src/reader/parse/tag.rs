//! The header: tags, `[Name "value"]` read the fast way when plain and the general way with
//! every deviation reported, and the comments around them.

use super::*;

impl GameParser<'_> {
    /// Production `header`: `{ tag | comment | line-comment }`, and the tags and comments it
    /// reads. It ends at the first other item, or **[ext]** at a repeated first tag after a
    /// blank line (a game of tags only), or after a comment that runs away to the next game.
    /// Returns whether the next game starts where the header stops (the repeated tag).
    pub(super) fn header(
        &mut self,
        tags: &mut Vec<Tag>,
        header_comments: &mut Vec<Comment>,
    ) -> bool {
        // Where the text after the first blank line since the last tag starts (with the
        // comment and finding counts there): the next game's header, if a tag repeats below.
        let mut after_blank: Option<(usize, usize, usize)> = None;
        loop {
            if self.skip_space_across_blank() && !tags.is_empty() && after_blank.is_none() {
                after_blank = Some((self.pos, header_comments.len(), self.diagnostics.len()));
            }
            let Some(b) = self.peek() else { break };
            match b {
                b'[' if self.skip_stray_bracket() => {}
                b'[' => {
                    // A repeated Event after a blank line, with no moves between: the previous
                    // game had tags only and no terminator. The comments after the blank line
                    // stand before the next game's tags, so they are that game's.
                    if let Some((pos, comments, findings)) = after_blank
                        && self.repeats_first_tag(tags)
                    {
                        self.pos = pos;
                        header_comments.truncate(comments);
                        self.diagnostics.truncate(findings);
                        return true;
                    }
                    tags.push(self.parse_tag());
                    after_blank = None;
                }
                b'{' => {
                    let runaway = matches!(
                        lex::comment_end(self.bytes, self.pos),
                        CommentEnd::Runaway { .. }
                    );
                    header_comments.push(self.parse_comment());
                    // A comment that runs away to the next game's tags ends this game there,
                    // where the splitter cuts.
                    if runaway {
                        break;
                    }
                }
                b';' => header_comments.push(self.parse_comment()),
                b'%' if lex::at_line_start(self.bytes, self.pos) => {
                    header_comments.push(self.parse_comment())
                }
                b'A'..=b'Z' if self.at_bracketless_tag() => {
                    tags.push(self.parse_tag());
                    after_blank = None;
                }
                _ => break,
            }
        }
        false
    }

    fn repeats_first_tag(&self, tags: &[Tag]) -> bool {
        let Ok((_, name)) = grammar::tags::tag_name(&self.bytes[self.pos + 1..]) else {
            return false;
        };
        tags[0].name.as_bytes() == name
    }

    /// Whether a tag line that lost its `[` starts here, right before the next tags
    /// ([`lex::bracketless_tag_before_tags`]).
    pub(super) fn at_bracketless_tag(&self) -> bool {
        lex::at_line_start(self.bytes, self.pos)
            && lex::bracketless_tag_before_tags(self.bytes, self.pos)
    }

    /// A `[` at `pos` that opens no tag, reported and skipped: alone on its line (spaces after
    /// it at most), or doubled (`[[Event "x"]`, read from the second `[`). One finding, a
    /// warning, for either: the tags around it are read as written.
    #[inline]
    pub(super) fn skip_stray_bracket(&mut self) -> bool {
        let open = self.pos;
        let rest = &self.bytes[open + 1..];
        // (Asked before every tag: a name's first byte answers at once.)
        if !matches!(
            rest.first(),
            None | Some(b'[' | b' ' | b'\t' | b'\n' | b'\r')
        ) {
            return false;
        }
        let message = if rest.first() == Some(&b'[') {
            "a doubled `[`: the tag is read from the second"
        } else if rest
            .iter()
            .take_while(|&&b| b != b'\n' && b != b'\r')
            .all(|&b| b == b' ' || b == b'\t')
        {
            "a `[` alone on its line, opening no tag: ignored"
        } else {
            return false;
        };
        self.report(Code::StrayBracket, open, open + 1, message);
        self.pos = open + 1;
        true
    }

    /// Production `tag`: `[Name "value"]`, or a `bracketless-tag`, at `pos`; its extent is the
    /// production's, its name (`name`) and value (`value`, escapes resolved) read from it with
    /// every deviation reported.
    pub(super) fn parse_tag(&mut self) -> Tag {
        let open = self.pos;
        // (The short cut reads a tag that starts with `[`, not one that lost it.)
        if self.plain_runs
            && self.bytes[open] == b'['
            && let Some(tag) = self.plain_tag(open)
        {
            return tag;
        }
        let extent = lex::tag_extent(self.bytes, open);
        let inner_end = if extent.closed {
            extent.end - 1
        } else {
            extent.end
        };
        let bracketed = self.bytes[open] == b'[';
        if !bracketed {
            self.report(
                Code::TagMissingBracket,
                open,
                open,
                "tag line without its `[`; read as a tag",
            );
        }
        let mut i = open + usize::from(bracketed);
        let pad = self.bytes[i..inner_end]
            .iter()
            .take_while(|b| **b == b' ')
            .count();
        if pad > 0 {
            self.report(
                Code::TagPadding,
                i,
                i + pad,
                "space between `[` and the tag name",
            );
            i += pad;
        }
        // A quoted value: the name is all the text before it, as exporters write names
        // (`White-Elo`, `Type de jeu`, `R&#x00e9;sultat`). Unquoted: the name ends at the first
        // character no name has.
        let name_end = match extent.quotes {
            Some((q1, _)) => {
                let mut end = q1;
                while end > i && lex::is_space(self.bytes[end - 1]) {
                    end -= 1;
                }
                end
            }
            None => {
                let name = grammar::tags::name(self.chunk.encoding);
                i + name(&self.bytes[i..inner_end]).map_or(0, |(_, name)| name.len())
            }
        };
        let name = self.tag_name(i, name_end);
        if name.is_empty() {
            self.report(
                Code::UnreadableText,
                open,
                extent.end,
                "a tag without a name",
            );
        } else if !name.chars().next().is_some_and(char::is_uppercase) {
            self.report(
                Code::TagNameCase,
                i,
                name_end,
                format!("tag name `{name}` should start with a capital letter"),
            );
        }
        let (value, raw) = match extent.quotes {
            Some((q1, q2)) => {
                let raw_bytes = &self.bytes[q1 + 1..q2];
                let (value, inner_quote) = match grammar::tags::value(raw_bytes) {
                    Ok((_, read)) => read,
                    Err(_) => (std::borrow::Cow::Borrowed(raw_bytes), None),
                };
                if let Some(at) = inner_quote {
                    let at = q1 + 1 + at;
                    self.report(
                        Code::UnescapedQuote,
                        at,
                        at + 1,
                        "a double quote inside a tag value should be written `\\\"`",
                    );
                }
                // Without escapes the value is the raw text itself: no second copy to compare.
                let escaped = matches!(value, std::borrow::Cow::Owned(_));
                let value = self.chunk.encoding.decode(&value).into_owned();
                let raw = if escaped {
                    let raw = self.text(q1 + 1, q2);
                    (raw != value).then_some(raw)
                } else {
                    None
                };
                (value, raw)
            }
            None => {
                let value = self.text(name_end, inner_end).trim().to_string();
                if extent.closed && value.is_empty() && !name.is_empty() {
                    self.report(
                        Code::TagWithoutValue,
                        open,
                        extent.end,
                        format!("tag `{name}` has no value"),
                    );
                } else if extent.closed && !value.is_empty() {
                    self.report(
                        Code::UnquotedTagValue,
                        name_end,
                        inner_end,
                        "tag value should be in double quotes",
                    );
                }
                (value, None)
            }
        };
        if !extent.closed {
            self.report(
                Code::UnclosedTag,
                open,
                extent.end,
                "tag is not closed by `]` on its line",
            );
        }
        self.report_control_byte(open, extent.end, "a tag");
        let span = self.span(open, extent.end);
        self.pos = extent.end;
        // A literal `\r` or `\n` (two characters) written after the tag by some programs.
        let after = lex::skip_literal_escapes(self.bytes, self.pos);
        for at in (self.pos..after).step_by(2) {
            self.note_escape(at);
        }
        self.pos = after;
        Tag {
            name: name.as_str().into(),
            standard_name: None,
            value: value.as_str().into(),
            raw,
            span,
        }
    }

    /// The tag name written in `bytes[start..end]`, HTML references decoded; a name PDN does not
    /// allow (other characters than letters, digits and `_`) is kept whole and reported.
    fn tag_name(&mut self, start: usize, end: usize) -> String {
        let written = self.text(start, end);
        let decoded = entities::decode(&written);
        let name = decoded.as_deref().unwrap_or(&written);
        let pdn_name = name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if decoded.is_some() || !pdn_name {
            let how = if decoded.is_some() {
                format!("written with HTML references, read as `{name}`")
            } else {
                "has characters a PDN tag name cannot have; kept whole".to_string()
            };
            self.report(
                Code::NonstandardTagName,
                start,
                end,
                format!("tag name `{written}` {how}"),
            );
        }
        decoded.unwrap_or(written)
    }

    /// A [`lex::plain_tag`], the shape of nearly every tag, read in one pass with nothing to
    /// report. `None` for anything else: [`parse_tag`](Self::parse_tag) reads it the general way.
    fn plain_tag(&mut self, open: usize) -> Option<Tag> {
        let bytes = self.bytes;
        let tag = lex::plain_tag(bytes, open, self.chunk.encoding.is_utf8())?;
        // (The slices start and end at ASCII bytes: quotes, `[`, the end of a name.)
        let slice = |range: std::ops::Range<usize>| match self.text {
            Some(text) => text.get(range),
            None => std::str::from_utf8(&bytes[range]).ok(),
        };
        let value = slice(tag.value.clone())?;
        let name = slice(open + 1..tag.name_end)?;
        let span = self.span(open, tag.end);
        self.pos = tag.end;
        Some(Tag {
            name: name.into(),
            standard_name: None,
            value: value.into(),
            raw: None,
            span,
        })
    }

    /// Reports the first control byte (other than whitespace) in `bytes[start..end]`, text kept
    /// as written: `W-CONTROL-CHARACTER`.
    pub(super) fn report_control_byte(&mut self, start: usize, end: usize, what: &str) {
        if let Some(at) = self.bytes[start..end].iter().position(|&b| is_control(b)) {
            let at = start + at;
            let byte = self.bytes[at];
            self.report(
                Code::ControlCharacter,
                at,
                at + 1,
                format!("control byte 0x{byte:02X} in {what}"),
            );
        }
    }
}

/// A control byte that is not PDN whitespace (NUL, ESC, DEL, ...).
fn is_control(b: u8) -> bool {
    (b < 0x20 && !lex::is_space(b)) || b == 0x7F
}
