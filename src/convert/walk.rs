//! The walk over a converted game's model that rewrites each replayed move, in replay order,
//! and keeps the rest of a line that cannot be replayed as one comment.

use super::*;

/// The walk over the model that rewrites it, in replay order.
pub(super) struct Walk<'a> {
    pub(super) records: &'a [Record],
    pub(super) cursor: usize,
    /// The game was replayed: a node without a record was not playable.
    pub(super) replayed: bool,
    pub(super) table: Option<&'a SquareTable>,
    pub(super) rules: Option<&'static Rules>,
    pub(super) in_numbering: Option<Numbering>,
    pub(super) options: &'a Options,
    pub(super) separator: char,
    pub(super) first_mover: Color,
    pub(super) positions: Vec<PositionLine>,
    pub(super) notices: &'a mut Vec<Finding>,
}

impl Walk<'_> {
    /// The record of the move the replay knew as `id` ([`MoveRef::id`]): the next one, as a
    /// rule, or one played out of the written order (a variation written before the first move
    /// it replaces is replayed after that move), searched for when the next one is not it.
    fn record_for(&self, id: usize) -> Option<usize> {
        let at = self.cursor;
        match self.records.get(at) {
            Some(record) if record.node == id => Some(at),
            _ => self.records.iter().position(|r| r.node == id),
        }
    }

    pub(super) fn line(&mut self, line: &mut Line, side: Color, number: u32, depth: u32) {
        self.annotations(&mut line.before, side, number, depth);
        // Every move is rewritten: the walk changes them as nodes, each known by the identity
        // the replay saw, and puts them back.
        let mut ids: Vec<usize> = line.iter().map(|m| m.id()).collect();
        let mut nodes = line.take_nodes();
        self.moves(&mut nodes, &mut ids, &mut line.before, side, number, depth);
        line.put_nodes(nodes);
    }

    fn moves(
        &mut self,
        nodes: &mut Vec<MoveNode>,
        ids: &mut Vec<usize>,
        before: &mut Annotations,
        mut side: Color,
        mut number: u32,
        depth: u32,
    ) {
        let mut need_number = true;
        let mut k = 0;
        while k < nodes.len() {
            let found = self.record_for(ids[k]);
            if let Some(i) = found
                && self.records[i].legs > 0
            {
                join_legs(nodes, ids, k, self.records[i].legs as usize);
            }
            if found.is_none() && self.replayed {
                self.cut(nodes, ids, before, k);
                break;
            }
            let node = &mut nodes[k];
            if let Some(i) = found {
                side = self.records[i].before.to_move();
            }
            let span = node.number.map_or(node.token.span, |n| n.span);
            node.number = if side == self.first_mover || need_number {
                Some(MoveNumber {
                    number,
                    ellipsis: side != self.first_mover,
                    span,
                })
            } else {
                None
            };
            match found {
                Some(i) => {
                    self.cursor += 1;
                    let record = self.records[i];
                    self.rewrite(node, &record);
                }
                None => self.pass_through(node),
            }
            need_number = self.annotations(&mut node.after, side, number, depth);
            if let Some(i) = found
                && self.options.fen_comments
            {
                let after = self.records[i].after;
                self.fen_comment(node, &after);
                need_number = true;
            }
            if side != self.first_mover {
                number += 1;
            }
            side = side.opposite();
            k += 1;
        }
    }

    /// Filters and converts a list of annotations; true when one that interrupts the moves
    /// (anything but a NAG) remains.
    fn annotations(
        &mut self,
        items: &mut Annotations,
        side: Color,
        number: u32,
        depth: u32,
    ) -> bool {
        if items.is_empty() {
            return false;
        }
        let options = self.options;
        let mut interrupts = false;
        items.retain_mut(|a| {
            let keep = match a {
                Annotation::Comment(c) => {
                    let keep = options.comments && !(options.fen_comments && is_fen_comment(c));
                    if keep && c.style == CommentStyle::Semicolon && !c.text.contains(['{', '}']) {
                        c.style = CommentStyle::Brace;
                    }
                    keep
                }
                Annotation::Nags(_) => options.nags,
                Annotation::Variation(v) => {
                    if options.variations {
                        self.line(&mut v.line, side, number, depth + 1);
                        true
                    } else {
                        self.skip_line(&v.line);
                        false
                    }
                }
                Annotation::Setup(s) => {
                    if let (Some(parsed), Some(rules), Some(i), Some(t)) =
                        (&s.parsed, self.rules, self.in_numbering, self.table)
                        && let Some(converted) = convert_setup(parsed, rules, i, t.numbering())
                    {
                        s.fen = converted.to_string();
                        s.parsed = Some(Box::new(converted));
                    }
                    true
                }
                // A lone `.` (W-LONE-DOT) is what `--fix` drops; other text is kept as read.
                Annotation::Unread(u) => !(options.fix && u.text.bytes().all(|b| b == b'.')),
            };
            if keep && !matches!(a, Annotation::Nags(_)) {
                interrupts = true;
            }
            keep
        });
        interrupts
    }

    /// Rewrites a replayed node's token from its legal move.
    fn rewrite(&mut self, node: &mut MoveNode, record: &Record) {
        let Some(table) = self.table else { return };
        let old = if self.options.keep_raw {
            Some(
                node.token
                    .raw
                    .take()
                    .map_or_else(|| node.token.canonical(), |raw| *raw),
            )
        } else {
            node.token.raw = None;
            None
        };
        let mv = &record.mv;
        let token = &mut node.token;
        token.squares.clear();
        token.squares.push(table.square(mv.from));
        if mv.is_capture() {
            token.kind = MoveKind::Capture;
            token.separator = Some(self.separator);
            if record.full {
                token
                    .squares
                    .extend(mv.path().iter().map(|&c| table.square(c)));
            } else {
                token.squares.push(table.square(mv.to));
            }
        } else {
            token.kind = MoveKind::Step;
            token.separator = Some('-');
            token.squares.push(table.square(mv.to));
        }
        if let Some(old) = old {
            let now = token.canonical();
            if old != now {
                token.raw = Some(Box::new(old));
            }
        }
        if self.options.positions && record.depth == 0 {
            let legal = record.legal_count;
            self.positions.push(PositionLine {
                ply: record.ply - 1,
                fen: record
                    .before
                    .to_setup_numbered(table.numbering())
                    .to_string(),
                to_move: record.before.to_move(),
                legal_moves: legal,
                played: Some(node.token.canonical()),
            });
        }
    }

    /// A `{[%fen ...]}` comment after the move (after its NAGs).
    fn fen_comment(&self, node: &mut MoveNode, after: &Position) {
        let Some(table) = self.table else { return };
        let fen = after.to_setup_numbered(table.numbering()).to_string();
        let at = node
            .after
            .iter()
            .position(|a| !matches!(a, Annotation::Nags(_)))
            .unwrap_or(node.after.len());
        node.after.insert(
            at,
            Annotation::from(Comment {
                style: CommentStyle::Brace,
                text: format!("[%fen {fen}]"),
                commands: thin_vec::thin_vec![("fen".into(), fen)],
                span: node.token.span,
            }),
        );
    }

    /// A node of a game that is not replayed: its token as read (a separator added under
    /// `--fix` when it was left out).
    fn pass_through(&mut self, node: &mut MoveNode) {
        let token = &mut node.token;
        // (A move of one square, `d5`, has nothing to separate.)
        if token.separator.is_none() && token.squares.len() > 1 && self.options.fix {
            let sep = match token.kind {
                MoveKind::Capture => self.separator,
                _ => '-',
            };
            token.separator = Some(sep);
            self.notices.push(Finding::at_level(
                Level::Note,
                Code::RepairedSeparator,
                token.span,
                format!("repaired: separator added ({})", token.canonical()),
            ));
        }
        if !self.options.keep_raw {
            token.raw = None;
        }
    }

    /// The moves from `k` on could not be replayed: they go, as written, into one comment.
    fn cut(
        &mut self,
        nodes: &mut Vec<MoveNode>,
        ids: &[usize],
        before: &mut Annotations,
        k: usize,
    ) {
        for (node, &id) in nodes[k..].iter().zip(&ids[k..]) {
            self.skip_node(id, &node.after);
        }
        let span = nodes[k].token.span;
        let mut rest = Rest {
            out: String::from(UNREPLAYED),
            column: UNREPLAYED.len() + 1,
            glue: false,
        };
        for node in &nodes[k..] {
            rest.node(node);
        }
        let text = rest.out;
        nodes.truncate(k);
        let comment = Annotation::from(Comment {
            style: CommentStyle::Brace,
            text,
            commands: thin_vec::ThinVec::new(),
            span,
        });
        match nodes.last_mut() {
            Some(last) => last.after.push(comment),
            None => before.push(comment),
        }
    }

    /// Passes over a move not written out (and its variations).
    fn skip_node(&mut self, id: usize, after: &[Annotation]) {
        if self.record_for(id).is_some() {
            self.cursor += 1;
        }
        for a in after {
            if let Annotation::Variation(v) = a {
                self.skip_line(&v.line);
            }
        }
    }

    fn skip_line(&mut self, line: &Line) {
        for node in line {
            self.skip_node(node.id(), node.after());
        }
    }
}

/// A capture written a leg per move is written as the one move it is: the nodes after `k` that
/// held its other legs go, their annotations after the move's own (the replay read them in that
/// order).
fn join_legs(nodes: &mut Vec<MoveNode>, ids: &mut Vec<usize>, k: usize, legs: usize) {
    let end = (k + 1 + legs).min(nodes.len());
    ids.drain(k + 1..end);
    let taken: Vec<MoveNode> = nodes.drain(k + 1..end).collect();
    for leg in taken {
        nodes[k].after.extend(leg.after);
    }
}

/// A comment that only holds a `[%fen ...]` command (as `--fen-comments` writes them).
fn is_fen_comment(c: &Comment) -> bool {
    let text = c.text.trim();
    c.commands.len() == 1
        && c.commands[0].0 == "fen"
        && text.starts_with("[%fen")
        && text.ends_with(']')
        && text.matches('[').count() == 1
}

/// The unreplayed text, wrapped at about 72 columns: a move number stays with its move, `(`
/// with the next word and `)` with the previous one.
struct Rest {
    out: String,
    column: usize,
    glue: bool,
}

impl Rest {
    fn word(&mut self, word: &str) {
        let width = word.chars().count();
        if self.glue {
            self.glue = false;
        } else if self.column + 1 + width > 72 {
            self.out.push('\n');
            self.column = 0;
        } else {
            self.out.push(' ');
            self.column += 1;
        }
        self.out.push_str(word);
        self.column += width;
    }

    fn open(&mut self) {
        self.word("(");
        self.glue = true;
    }

    fn close(&mut self) {
        self.glue = false;
        self.out.push(')');
        self.column += 1;
    }

    /// The node as written (raw spelling). Comments inside are written `<...>`: a PDN comment
    /// cannot hold braces.
    fn node(&mut self, node: &MoveNode) {
        let mut word = String::new();
        if let Some(n) = node.number {
            n.push_to(&mut word);
            word.push(' ');
        }
        match &node.token.raw {
            Some(raw) => word.push_str(raw),
            None => node.token.write_canonical(&mut word),
        }
        if let Some(s) = &node.strength {
            word.push_str(&s.text);
        }
        self.word(&word);
        for a in &node.after {
            self.annotation(a);
        }
    }

    fn annotation(&mut self, a: &Annotation) {
        match a {
            Annotation::Comment(c) => {
                self.word(&format!("<{}>", c.text.replace(['{', '}'], "")));
            }
            Annotation::Nags(nags) => {
                for n in nags.iter() {
                    self.word(&format!("${}", n.value));
                }
            }
            Annotation::Variation(v) => {
                self.open();
                for b in &v.line.before {
                    self.annotation(b);
                }
                for node in &v.line.to_nodes() {
                    self.node(node);
                }
                self.close();
            }
            Annotation::Setup(s) => self.word(&format!("/FEN \"{}\"/", s.fen)),
            Annotation::Unread(u) => self.word(&u.text.replace(['{', '}'], "")),
        }
    }
}
