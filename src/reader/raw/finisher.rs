//! The parallelisable stage: chunks parsed and their games finished, and chunks parsed apart
//! stitched back in order.

use super::*;

/// How a chunk's games would meet comments carried from before it (see [`Stitcher`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// Its first event is a game: carried comments join that game's header.
    Absorbs,
    /// Its first event is comments between games, a skipped game or the end of input: carried
    /// comments become a game of their own before it.
    Releases,
}

/// The parallelisable stage: parses raw chunks in order and finishes their games (tags, variant,
/// numbering, comments between games joined to the next game).
pub struct Finisher {
    strict: bool,
    keep_source: bool,
    default_variant: Option<Variant>,
    default_variant_from: &'static str,
    /// Comments found between two games, for the next game's header.
    carried: Option<Box<Game>>,
    next_index: u64,
    opening: Option<Opening>,
    ready: VecDeque<Box<Game>>,
}

impl Finisher {
    pub fn new(options: &ReadOptions) -> Self {
        Finisher {
            strict: options.strict,
            keep_source: options.keep_source,
            default_variant: options.default_variant,
            default_variant_from: options.default_variant_from,
            carried: None,
            next_index: 1,
            opening: None,
            ready: VecDeque::new(),
        }
    }

    /// The next finished game, in input order.
    pub fn pop(&mut self) -> Option<Box<Game>> {
        self.ready.pop_front()
    }

    /// Parses every piece of `chunk` and queues the finished games.
    pub fn feed(&mut self, chunk: &RawChunk) {
        for piece in &chunk.pieces {
            match piece {
                Piece::Region(region) => self.parse_region(&chunk.bytes, region),
                Piece::TooLarge(game) => {
                    self.opening.get_or_insert(Opening::Releases);
                    if let Some(carried) = self.carried.take() {
                        self.push_ready(carried);
                    }
                    self.push_ready(game.clone());
                }
                Piece::EndOfInput => {
                    self.opening.get_or_insert(Opening::Releases);
                    if let Some(orphan) = self.carried.take() {
                        self.push_ready(orphan);
                    }
                }
            }
        }
    }

    fn parse_region(&mut self, bytes: &[u8], region: &Region) {
        if region.fen_lines {
            let text = &bytes[region.from..region.to];
            let lines = LineIndex::build(
                text,
                region.base,
                (region.line, region.column),
                region.newline,
                region.encoding.is_utf8(),
            );
            let mut games = fen_lines::games(text, region.base, &lines, region.encoding);
            if let Some(first) = games.first_mut() {
                for note in region.notes.iter().cloned() {
                    note.attach_to(first);
                }
            }
            let mut start = 0;
            for mut game in games {
                game.encoding = region.transcoded.unwrap_or(region.encoding);
                if self.keep_source {
                    // A FEN file's game is its line, with the blank space after it (as a PDN
                    // game's).
                    let from = (game.span.offset - region.base) as usize;
                    let end = from + game.span.len as usize;
                    let end = end
                        + text[end..]
                            .iter()
                            .take_while(|&&b| lex::is_space(b))
                            .count();
                    game.source = Some(source_text(&text[start.min(from)..end], region.encoding));
                    start = end;
                }
                self.finish(Box::new(game), SquareSummary::default());
            }
            return;
        }
        let chunk = parse::Chunk {
            bytes: &bytes[region.from..region.to],
            base: region.base,
            first_line: region.line,
            first_column: region.column,
            newline: region.newline,
            encoding: region.encoding,
            at_end_of_input: region.at_end_of_input,
            around: Some((
                &bytes[region.adjacent_from..region.to],
                region.from - region.adjacent_from,
            )),
        };
        let mut games = parse::parse_chunk(&chunk);
        // Each file-level note goes to the game holding its byte (or the last one before it).
        if !games.is_empty() {
            for note in region.notes.iter().cloned() {
                let holder = games
                    .iter()
                    .position(|g| region.base + g.end as u64 > note.at.offset)
                    .unwrap_or(games.len() - 1);
                note.attach_to(&mut games[holder].game);
            }
        }
        let mut start = 0;
        for mut parsed in games {
            parsed.game.encoding = region.transcoded.unwrap_or(region.encoding);
            if self.keep_source {
                // The blank space after a game is its own: the sources of a file's games, in
                // order, are its text.
                let end = parsed.end
                    + chunk.bytes[parsed.end..]
                        .iter()
                        .take_while(|&&b| lex::is_space(b))
                        .count();
                let text = &chunk.bytes[start..end];
                parsed.game.source = Some(source_text(text, region.encoding));
                start = end;
            }
            self.finish(parsed.game, parsed.squares);
        }
    }

    /// Interprets a parsed game and queues it (or holds comments for the next game).
    fn finish(&mut self, mut game: Box<Game>, squares: SquareSummary) {
        let orphan = game.tags.is_empty()
            && game.moves.is_empty()
            && game.result.is_none()
            && game.diagnostics.iter().all(|d| {
                d.code == Code::TextOutsideGame || d.level == Level::Note || d.code.is_file_note()
            });
        let comments = orphan
            && game
                .diagnostics
                .iter()
                .any(|d| d.code == Code::TextOutsideGame);
        if comments || is_stray_text(&game) {
            self.opening.get_or_insert(Opening::Releases);
            // Hold it: if another game follows, these comments open its header.
            if let Some(previous) = self.carried.replace(game) {
                self.push_ready(previous);
            }
            return;
        }
        self.opening.get_or_insert(Opening::Absorbs);
        if let Some(carried) = self.carried.take() {
            join_carried(carried, &mut game);
        }
        tag_values::interpret(&mut game);
        let default = (self.default_variant, self.default_variant_from);
        infer::decide_variant(&mut game, squares, default);
        self.push_ready(game);
    }

    fn push_ready(&mut self, mut game: Box<Game>) {
        game.index = self.next_index;
        self.next_index += 1;
        settle(&mut game, self.strict);
        self.ready.push_back(game);
    }
}

/// A game's text as written, decoded as the reader decoded it (a UTF-8 game with a few bytes
/// that are not UTF-8 gets the same smallest repair).
fn source_text(bytes: &[u8], encoding: Encoding) -> Box<str> {
    let encoding = match encoding {
        Encoding::Utf8 if std::str::from_utf8(bytes).is_err() => Encoding::Utf8Repaired,
        // UTF-16 input is transcoded to UTF-8 before it is split.
        Encoding::Utf16 | Encoding::Utf16Le | Encoding::Utf16Be => Encoding::Utf8,
        other => other,
    };
    encoding.decode(bytes).into()
}

/// Puts comments held from between games at the head of the game that follows them.
fn join_carried(carried: Box<Game>, game: &mut Game) {
    let mut carried = *carried;
    if let (Some(before), Some(source)) = (&carried.source, &game.source) {
        game.source = Some(format!("{before}{source}").into());
    }
    game.lines.merge(carried.lines);
    // Stray text before the tags is noise of this game's: one finding, and the text kept as a
    // comment before its tags, so that nothing written is lost.
    let mut stray: Option<(crate::reader::Span, String)> = None;
    let mut comments = carried.header_comments;
    comments.extend(
        std::mem::take(&mut carried.moves.before)
            .into_iter()
            .filter_map(|a| match a {
                model::Annotation::Comment(c) => Some(*c),
                model::Annotation::Unread(u) => {
                    let (span, text) = stray.get_or_insert((u.span, String::new()));
                    let len = u.span.end().saturating_sub(span.offset);
                    *span = span.stretched_to(usize::try_from(len).unwrap_or(usize::MAX));
                    if !text.is_empty() {
                        text.push(' ');
                    }
                    text.extend(u.text.split_whitespace().flat_map(|w| [w, " "]));
                    text.truncate(text.trim_end().len());
                    Some(model::Comment {
                        style: model::CommentStyle::Brace,
                        text: u.text,
                        commands: Default::default(),
                        span: u.span,
                    })
                }
                _ => None,
            }),
    );
    comments.append(&mut game.header_comments);
    game.header_comments = comments;
    let notes = carried.diagnostics.into_iter().filter(|d| {
        !matches!(
            d.code,
            Code::TextOutsideGame
                | Code::UnreadableText
                | Code::MissingTerminator
                | Code::NoTerminatorAtEnd
        )
    });
    game.diagnostics.splice(0..0, notes);
    if let Some((span, text)) = stray {
        let finding = Finding::new(
            Code::TextBeforeGame,
            span,
            format!(
                "text before the game's tags, neither tags nor moves: `{}`; kept as a comment",
                parse::preview(&text)
            ),
        );
        game.diagnostics.insert(0, finding);
    }
}

/// A "game" of stray text and nothing else (a lone `3` line, a lone `[`, before a tag block): no
/// tags, no moves, no result, only text that could not be read (and comments), with no finding
/// but about that text, the terminator it lacks, or notes. Held, like comments between games, for the
/// next game; at the end of the input it stays a game of its own.
fn is_stray_text(game: &Game) -> bool {
    use model::Annotation;
    game.tags.is_empty()
        && game.moves.is_empty()
        && game.result.is_none()
        && (game
            .moves
            .before
            .iter()
            .any(|a| matches!(a, Annotation::Unread(_)))
            || game
                .diagnostics
                .iter()
                .any(|d| d.code == Code::StrayBracket))
        && game
            .moves
            .before
            .iter()
            .all(|a| matches!(a, Annotation::Unread(_) | Annotation::Comment(_)))
        && game.diagnostics.iter().all(|d| {
            matches!(
                d.code,
                Code::UnreadableText
                    | Code::MissingTerminator
                    | Code::NoTerminatorAtEnd
                    | Code::StrayBracket
            ) || d.level == Level::Note
                || d.code.is_file_note()
        })
}

/// The last touch of every game: strict severities, diagnostics in source order, a habit of
/// the record reported once.
fn settle(game: &mut Game, strict: bool) {
    if strict {
        game.diagnostics.iter_mut().for_each(Finding::make_strict);
    }
    game.diagnostics.sort_by_key(|d| d.span.offset);
    crate::finding::habit::collapse(&mut game.diagnostics);
}

/// One chunk parsed on its own, as if nothing had been carried into it.
#[derive(Debug)]
pub struct ParsedChunk {
    /// Finished games, numbered from 1 within the chunk.
    pub games: Vec<Box<Game>>,
    /// How the chunk opens, `None` when it has no event at all.
    pub opening: Option<Opening>,
    /// Comments after the chunk's last game, waiting for the next game.
    pub carried: Option<Box<Game>>,
}

/// Parses a raw chunk on its own (any thread). A [`Stitcher`] joins the outcomes in order.
pub fn parse_chunk(chunk: &RawChunk, options: &ReadOptions) -> ParsedChunk {
    let mut finisher = Finisher::new(options);
    finisher.feed(chunk);
    ParsedChunk {
        games: finisher.ready.into(),
        opening: finisher.opening,
        carried: finisher.carried,
    }
}

/// Joins independently parsed chunks of one file, in order: carries comments left between games
/// across chunks and numbers games in the file.
pub struct Stitcher {
    strict: bool,
    carried: Option<Box<Game>>,
    games_before: u64,
}

/// What a chunk needs, once its predecessors are known.
#[derive(Debug)]
pub struct Stitch {
    /// A game of comments from earlier chunks, finished, to deliver before the chunk's games.
    pub released: Option<Box<Game>>,
    /// Comments from earlier chunks that join the chunk's first game: pass that game to
    /// [`Stitcher::absorb`] (its report changes).
    pub absorbed: Option<Box<Game>>,
    /// Add this to the index of each of the chunk's games.
    pub index_offset: u64,
}

impl Stitcher {
    pub fn new(options: &ReadOptions) -> Self {
        Stitcher {
            strict: options.strict,
            carried: None,
            games_before: 0,
        }
    }

    /// Takes the next chunk's outcome (its opening, its number of games and what it carries
    /// out, moved from the [`ParsedChunk`]).
    pub fn stitch(
        &mut self,
        opening: Option<Opening>,
        games: usize,
        carried_out: Option<Box<Game>>,
    ) -> Stitch {
        let mut released = None;
        let mut absorbed = None;
        if let Some(carried) = self.carried.take() {
            match opening {
                Some(Opening::Releases) => {
                    let mut game = carried;
                    self.games_before += 1;
                    game.index = self.games_before;
                    settle(&mut game, self.strict);
                    released = Some(game);
                }
                Some(Opening::Absorbs) => absorbed = Some(carried),
                None => self.carried = Some(carried),
            }
        }
        let index_offset = self.games_before;
        self.games_before += games as u64;
        if let Some(out) = carried_out {
            debug_assert!(
                self.carried.is_none(),
                "a chunk that carries out has opened"
            );
            self.carried = Some(out);
        }
        Stitch {
            released,
            absorbed,
            index_offset,
        }
    }

    /// Joins carried comments to a finished game (the first of a chunk that [`Opening::Absorbs`]),
    /// giving the game it would have been had both been parsed together: tags and variant do not
    /// depend on the header comments or diagnostics, so joining after finishing is the same.
    pub fn absorb(&self, carried: Box<Game>, game: &mut Game) {
        join_carried(carried, game);
        settle(game, self.strict);
    }
}
