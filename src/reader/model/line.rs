//! A line of moves, stored compactly: one 32-byte [`Record`] per move, in order, and the few
//! moves that do not fit one (a comment or variation after them, a strength mark, text kept as
//! written, a capture of more than four squares) as whole [`MoveNode`]s beside the records.
//!
//! A move with comments, NAGs or variations after it and nothing else unusual is still a
//! record: its list of items is kept beside the records, in order (a side list of
//! [`ItemsAfter`]), so an annotated game takes a third of the memory it took as nodes.
//!
//! Most moves of most archives are plain (`12. 32-28`): a record holds everything such a move
//! says, so reading one writes 32 bytes where a node took 96, and dropping a line frees two
//! buffers without looking at its moves (the drop that looked at each node was 3% of reading
//! OCA_2.0). Consumers read moves through [`MoveRef`], which answers the same questions
//! whichever way a move is stored. A move taken to be changed ([`Line::node_mut`]) is kept whole
//! from then on. The JSON form of a line is a list of nodes, as it was.

use super::annotation::list::Items;
use super::{Annotation, Annotations, MoveKind, MoveNode, MoveNumber, MoveToken, Strength};
use crate::notation::Square;
use crate::reader::span::{Located, Locator, SerializeLocated, Span};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;

/// A sequence of moves, with what was written before the first.
#[derive(Clone, Default)]
pub struct Line {
    /// Comments, setups and other items before the first move.
    pub before: Annotations,
    /// One per move, in order.
    records: Vec<Record>,
    /// The moves whose records are [`Record::FULL`], in the order they became full.
    full: Vec<MoveNode>,
    /// What was written after each move whose record has [`Record::AFTER`], in the order of
    /// those records. (One pointer wide: most lines have none.)
    afters: thin_vec::ThinVec<ItemsAfter>,
}

/// The items written after the move `records[record]`, for a move kept as a record.
#[derive(Clone)]
struct ItemsAfter {
    record: u32,
    items: Annotations,
}

/// A move number as a record holds it, for [`Line::push_plain`].
#[derive(Clone, Copy)]
pub(crate) struct PlainNumber {
    number: u16,
    back: u16,
    len: u8,
    flags: u8,
}

impl PlainNumber {
    /// The number `number` (written with `...` or not) that starts `back` bytes before its
    /// move and is `len` bytes long, if a record holds it.
    #[inline(always)]
    pub(crate) fn new(number: u32, ellipsis: bool, back: usize, len: usize) -> Option<PlainNumber> {
        Some(PlainNumber {
            number: u16::try_from(number).ok()?,
            back: u16::try_from(back).ok()?,
            len: u8::try_from(len).ok()?,
            flags: Record::NUMBER | if ellipsis { Record::ELLIPSIS } else { 0 },
        })
    }
}

/// A move as most are written: its squares (up to four), separator, kind, span and number.
/// (32 bytes: a third of a [`MoveNode`].)
#[derive(Clone, Copy, Debug)]
struct Record {
    /// Where the move's token starts; for a full record, the index of its node in `full`.
    offset: u64,
    /// Length of the move's token.
    len: u16,
    /// The move number written before the move, if `flags` has [`Record::NUMBER`].
    number: u16,
    /// How far before the move its number starts, and its length.
    number_back: u16,
    number_len: u8,
    flags: u8,
    /// The separator as an ASCII byte, 0 for none.
    separator: u8,
    kind: MoveKind,
    /// How many of `squares` are the move's.
    count: u8,
    squares: [Square; 4],
}

const _: () = assert!(std::mem::size_of::<Record>() == 32);

impl Record {
    const NUMBER: u8 = 1;
    const ELLIPSIS: u8 = 2;
    /// The move is the node `full[offset]`.
    const FULL: u8 = 4;
    /// Items were written after the move: the next entry of `afters` (never with `FULL`).
    const AFTER: u8 = 8;

    fn is_full(&self) -> bool {
        self.flags & Record::FULL != 0
    }

    fn has_after(&self) -> bool {
        self.flags & Record::AFTER != 0
    }

    /// The record of a move whose parts all fit one, or `None` (the items after the move are
    /// not the record's: see [`Line::push`]).
    #[inline]
    fn pack(node: &MoveNode) -> Option<Record> {
        let MoveNode {
            number,
            token:
                MoveToken {
                    kind,
                    squares,
                    separator,
                    raw,
                    span,
                },
            strength,
            after: _,
        } = node;
        if raw.is_some()
            || strength.is_some()
            || squares.len() > 4
            || span.len > u32::from(u16::MAX)
        {
            return None;
        }
        let separator = match *separator {
            None => 0,
            Some(c) if c.is_ascii() && c != '\0' => c as u8,
            Some(_) => return None,
        };
        let number = match number {
            None => None,
            Some(n) => Some(PlainNumber::new(
                n.number,
                n.ellipsis,
                usize::try_from(span.offset.checked_sub(n.span.offset)?).ok()?,
                n.span.len as usize,
            )?),
        };
        let mut record = Record {
            offset: span.offset,
            len: span.len as u16,
            number: 0,
            number_back: 0,
            number_len: 0,
            flags: 0,
            separator,
            kind: *kind,
            count: squares.len() as u8,
            squares: [Square::Num(0); 4],
        };
        // (A step per square: a copy of a length known only here calls `memcpy`.)
        for (slot, square) in record.squares.iter_mut().zip(squares) {
            *slot = *square;
        }
        if let Some(n) = number {
            (record.number, record.number_back, record.number_len) = (n.number, n.back, n.len);
            record.flags = n.flags;
        }
        Some(record)
    }

    fn span(&self) -> Span {
        Span {
            offset: self.offset,
            len: u32::from(self.len),
        }
    }

    fn number(&self) -> Option<MoveNumber> {
        (self.flags & Record::NUMBER != 0).then(|| MoveNumber {
            number: u32::from(self.number),
            ellipsis: self.flags & Record::ELLIPSIS != 0,
            span: Span {
                offset: self.offset - u64::from(self.number_back),
                len: u32::from(self.number_len),
            },
        })
    }

    /// The record standing for `full[index]`.
    fn full(index: usize) -> Record {
        Record {
            offset: index as u64,
            len: 0,
            number: 0,
            number_back: 0,
            number_len: 0,
            flags: Record::FULL,
            separator: 0,
            kind: MoveKind::Unknown,
            count: 0,
            squares: [Square::Num(0); 4],
        }
    }

    /// The move a record (not a full one) holds, as a node.
    fn to_node(self) -> MoveNode {
        debug_assert!(!self.is_full());
        let token = MoveToken {
            kind: self.kind,
            squares: SmallVec::from_buf_and_len(self.squares, usize::from(self.count)),
            separator: (self.separator != 0).then_some(self.separator as char),
            raw: None,
            span: self.span(),
        };
        MoveNode::new(self.number(), token)
    }
}

impl Line {
    /// A line of these moves.
    pub fn from_nodes(before: Annotations, nodes: impl IntoIterator<Item = MoveNode>) -> Line {
        let mut line = Line {
            before,
            ..Line::default()
        };
        for node in nodes {
            line.push(node);
        }
        line
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    pub fn get(&self, index: usize) -> Option<MoveRef<'_>> {
        (index < self.records.len()).then(|| self.view(index))
    }

    pub fn first(&self) -> Option<MoveRef<'_>> {
        self.get(0)
    }

    pub fn last(&self) -> Option<MoveRef<'_>> {
        self.records
            .len()
            .checked_sub(1)
            .map(|index| self.view(index))
    }

    /// The moves, in order.
    pub fn iter(&self) -> Moves<'_> {
        Moves {
            records: self.records.iter(),
            line: self,
        }
    }

    fn view(&self, index: usize) -> MoveRef<'_> {
        MoveRef {
            record: &self.records[index],
            line: self,
        }
    }

    /// Where in `afters` the items after the record at `index` are (it has [`Record::AFTER`]).
    fn after_entry(&self, index: usize) -> usize {
        self.afters
            .binary_search_by_key(&index, |entry| entry.record as usize)
            .expect("an entry for each record with items after it")
    }

    pub fn reserve(&mut self, additional: usize) {
        self.records.reserve(additional);
    }

    /// Gives back the room reserved for moves not read: a variation of one move then takes one
    /// record, not the four a growing list starts with.
    pub fn shrink_to_fit(&mut self) {
        self.records.shrink_to_fit();
        self.full.shrink_to_fit();
        self.afters.shrink_to_fit();
    }

    /// Adds a move at the end.
    pub fn push(&mut self, node: MoveNode) {
        let index = u32::try_from(self.records.len()).ok();
        match (Record::pack(&node), index) {
            (Some(record), _) if node.after.is_empty() => self.records.push(record),
            (Some(mut record), Some(index)) => {
                record.flags |= Record::AFTER;
                self.records.push(record);
                self.afters.push(ItemsAfter {
                    record: index,
                    items: node.after,
                });
            }
            _ => {
                self.records.push(Record::full(self.full.len()));
                self.full.push(node);
            }
        }
    }

    /// The list of items written after the last move, to add to (`None` when the line has no
    /// move yet). The move stays a record.
    pub(crate) fn last_after_mut(&mut self) -> Option<&mut Annotations> {
        let index = self.records.len().checked_sub(1)?;
        let record = self.records[index];
        if record.is_full() {
            return Some(&mut self.full[record.offset as usize].after);
        }
        if !record.has_after() {
            let Ok(entry) = u32::try_from(index) else {
                return Some(&mut self.node_mut(index).after);
            };
            self.records[index].flags |= Record::AFTER;
            self.afters.push(ItemsAfter {
                record: entry,
                items: Annotations::new(),
            });
        }
        // The entries are in the order of their records: the last record's is the last.
        self.afters.last_mut().map(|entry| &mut entry.items)
    }

    /// Adds a plain move (the reader's fast path): `count` of `squares` joined by `separator`,
    /// `len` bytes at `offset`, with the number written before it.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn push_plain(
        &mut self,
        offset: u64,
        len: usize,
        number: Option<PlainNumber>,
        kind: MoveKind,
        squares: impl FnOnce() -> [Square; 4],
        count: usize,
        separator: u8,
    ) {
        debug_assert!(len <= 16 && count <= 4 && separator.is_ascii() && separator != 0);
        let (number, number_back, number_len, flags) = match number {
            Some(n) => (n.number, n.back, n.len, n.flags),
            None => (0, 0, 0, 0),
        };
        // Built in its slot (see `in_place`), the squares too: written a byte or two at a time
        // and read back whole, they stalled the copy.
        crate::reader::in_place::push_built(&mut self.records, || Record {
            offset,
            len: len as u16,
            number,
            number_back,
            number_len,
            flags,
            separator,
            kind,
            count: count.min(4) as u8,
            squares: squares(),
        });
    }

    /// The move at `index`, to change: it is kept whole from now on.
    ///
    /// # Panics
    /// If there is no move at `index`.
    pub fn node_mut(&mut self, index: usize) -> &mut MoveNode {
        let record = self.records[index];
        let at = if record.is_full() {
            record.offset as usize
        } else {
            let mut node = record.to_node();
            if record.has_after() {
                let entry = self.after_entry(index);
                node.after = self.afters.remove(entry).items;
            }
            self.full.push(node);
            self.records[index] = Record::full(self.full.len() - 1);
            self.full.len() - 1
        };
        &mut self.full[at]
    }

    /// Takes the moves out as nodes, to change them all (`convert`'s walk), leaving the line
    /// without moves: [`Line::put_nodes`] puts them back.
    pub fn take_nodes(&mut self) -> Vec<MoveNode> {
        let mut full = std::mem::take(&mut self.full);
        let mut afters = std::mem::take(&mut self.afters).into_iter();
        std::mem::take(&mut self.records)
            .into_iter()
            .map(|record| match record.is_full() {
                true => {
                    std::mem::replace(&mut full[record.offset as usize], MoveNode::placeholder())
                }
                false => {
                    let mut node = record.to_node();
                    if record.has_after() {
                        node.after = afters.next().expect("an entry for the record").items;
                    }
                    node
                }
            })
            .collect()
    }

    /// Puts these nodes in as the line's moves, after those it has, each kept whole. (A line
    /// whose moves were all changed is about to be written out: packing each into a record
    /// again would cost more than it saves.)
    pub fn put_nodes(&mut self, nodes: Vec<MoveNode>) {
        let first = self.full.len();
        self.records
            .extend((first..first + nodes.len()).map(Record::full));
        if self.full.is_empty() {
            self.full = nodes;
        } else {
            self.full.extend(nodes);
        }
    }

    /// The last move, to change (see [`Line::node_mut`]).
    pub fn last_mut(&mut self) -> Option<&mut MoveNode> {
        let last = self.records.len().checked_sub(1)?;
        Some(self.node_mut(last))
    }

    /// The moves as nodes.
    pub fn to_nodes(&self) -> Vec<MoveNode> {
        self.iter().map(|m| m.to_node()).collect()
    }
}

impl MoveNode {
    /// A node that stands for nothing, left where one was moved out.
    fn placeholder() -> MoveNode {
        let token = MoveToken {
            kind: MoveKind::Unknown,
            squares: SmallVec::new(),
            separator: None,
            raw: None,
            span: Span::NOWHERE,
        };
        MoveNode::new(None, token)
    }
}

/// One move of a [`Line`], however it is stored.
#[derive(Clone, Copy)]
pub struct MoveRef<'a> {
    /// One of `line.records`.
    record: &'a Record,
    /// (For what the record does not hold. Two words in all: the replay passes moves around
    /// by value.)
    line: &'a Line,
}

impl<'a> MoveRef<'a> {
    /// The node, for a move kept whole.
    #[inline]
    fn node(&self) -> Option<&'a MoveNode> {
        let record = self.record;
        record
            .is_full()
            .then(|| &self.line.full[record.offset as usize])
    }

    /// The move number written before the move.
    pub fn number(&self) -> Option<MoveNumber> {
        match self.node() {
            Some(node) => node.number,
            None => self.record.number(),
        }
    }

    pub fn kind(&self) -> MoveKind {
        match self.node() {
            Some(node) => node.token.kind,
            None => self.record.kind,
        }
    }

    /// From, (intermediate,) to. Empty for an unknown move.
    pub fn squares(&self) -> &'a [Square] {
        match self.node() {
            Some(node) => &node.token.squares,
            None => &self.record.squares[..usize::from(self.record.count)],
        }
    }

    /// The separator written (`-`, `x`, `:` or none for `a3b4`).
    pub fn separator(&self) -> Option<char> {
        match self.node() {
            Some(node) => node.token.separator,
            None => (self.record.separator != 0).then_some(self.record.separator as char),
        }
    }

    /// The text as written, when it differs from the canonical rendering.
    pub fn raw(&self) -> Option<&'a str> {
        self.node()
            .and_then(|node| node.token.raw.as_deref().map(String::as_str))
    }

    /// The span of the move's token.
    pub fn span(&self) -> Span {
        match self.node() {
            Some(node) => node.token.span,
            None => self.record.span(),
        }
    }

    /// `!`, `?!`, `(!?)`, ... as written.
    pub fn strength(&self) -> Option<&'a Strength> {
        self.node().and_then(|node| node.strength.as_deref())
    }

    /// Everything after the move up to the next move, in order.
    #[inline]
    pub fn after(&self) -> &'a [Annotation] {
        let (record, line) = (self.record, self.line);
        match record.flags & (Record::FULL | Record::AFTER) {
            0 => &[],
            Record::FULL => &line.full[record.offset as usize].after,
            _ => {
                // The record's index, from where it sits in the line's records.
                let at = (record as *const Record as usize - line.records.as_ptr() as usize)
                    / std::mem::size_of::<Record>();
                &line.afters[line.after_entry(at)].items
            }
        }
    }

    /// The move's token as a value.
    pub fn token(&self) -> MoveToken {
        match self.node() {
            Some(node) => node.token.clone(),
            None => self.record.to_node().token,
        }
    }

    /// The move as a node.
    pub fn to_node(&self) -> MoveNode {
        match self.node() {
            Some(node) => node.clone(),
            None => {
                let mut node = self.record.to_node();
                node.after = self.after().iter().cloned().collect();
                node
            }
        }
    }

    /// Canonical text: squares joined by the written separator.
    pub fn canonical(&self) -> String {
        let mut text = String::new();
        self.write_canonical(&mut text);
        text
    }

    /// Appends the canonical text (no allocation when `out` has room).
    pub fn write_canonical(&self, out: &mut String) {
        super::write_canonical(self.kind(), self.squares(), self.separator(), out);
    }

    /// Identifies this move among the moves of its line while the line is not changed.
    pub fn id(&self) -> usize {
        self.record as *const Record as usize
    }
}

impl PartialEq for MoveRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.number() == other.number()
            && self.kind() == other.kind()
            && self.squares() == other.squares()
            && self.separator() == other.separator()
            && self.raw() == other.raw()
            && self.span() == other.span()
            && self.strength() == other.strength()
            && self.after() == other.after()
    }
}

impl fmt::Debug for MoveRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_node(), f)
    }
}

/// The moves of a line, in order.
#[derive(Clone)]
pub struct Moves<'a> {
    records: std::slice::Iter<'a, Record>,
    line: &'a Line,
}

impl<'a> Iterator for Moves<'a> {
    type Item = MoveRef<'a>;

    #[inline]
    fn next(&mut self) -> Option<MoveRef<'a>> {
        let record = self.records.next()?;
        Some(MoveRef {
            record,
            line: self.line,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.records.size_hint()
    }
}

impl ExactSizeIterator for Moves<'_> {}

impl<'a> IntoIterator for &'a Line {
    type Item = MoveRef<'a>;
    type IntoIter = Moves<'a>;

    fn into_iter(self) -> Moves<'a> {
        self.iter()
    }
}

impl PartialEq for Line {
    fn eq(&self, other: &Line) -> bool {
        self.before == other.before && self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Line {}

impl fmt::Debug for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Line")
            .field("before", &self.before)
            .field("moves", &self.iter().collect::<Vec<_>>())
            .finish()
    }
}

/// The JSON form of a line: what it was when the moves were a list of nodes.
#[derive(Serialize)]
struct LineOut<'a> {
    #[serde(skip_serializing_if = "no_items")]
    before: Located<'a, Items<'a>>,
    moves: Located<'a, MovesOut<'a>>,
}

fn no_items(items: &Located<'_, Items<'_>>) -> bool {
    items.value().0.is_empty()
}

struct MovesOut<'a>(&'a Line);

impl SerializeLocated for MovesOut<'_> {
    fn serialize_located<S: serde::Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for node in self.0.iter() {
            seq.serialize_element(&at.with(&node.to_node()))?;
        }
        seq.end()
    }
}

impl SerializeLocated for Line {
    fn serialize_located<S: serde::Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        LineOut {
            before: at.with(&Items(&self.before)),
            moves: at.with(&MovesOut(self)),
        }
        .serialize(serializer)
    }
}

#[derive(Deserialize)]
#[serde(rename = "Line")]
struct LineIn {
    #[serde(default, deserialize_with = "super::annotation::list::deserialize")]
    before: Annotations,
    moves: Vec<MoveNode>,
}

impl<'de> Deserialize<'de> for Line {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Line, D::Error> {
        let LineIn { before, moves } = LineIn::deserialize(deserializer)?;
        Ok(Line::from_nodes(before, moves))
    }
}

#[cfg(test)]
mod tests;
