//! What is written between moves: comments, NAGs, variations, setups and text the reader could
//! not interpret, each kept in source order in the list of the move it follows.
//!
//! An item of such a list is 24 bytes: the rare large kinds are boxed, and NAGs written one
//! after another are one item ([`Nags`], 12 bytes a NAG). A game made of nothing but NAGs or
//! variations then takes memory in proportion to its text (`docs/limits.md`). In JSON each NAG
//! is an item of its own, as it is written.

use super::Line;
use crate::fen::FenSetup;
use crate::reader::span::{Locator, SerializeLocated, Span};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use thin_vec::ThinVec;

/// The items written before a line's first move or after a move: a vector one pointer wide
/// that allocates nothing while empty, as it is after almost every move (so a move node stays
/// small, and dropping it is a test rather than a call).
pub type Annotations = ThinVec<Annotation>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Annotation {
    Comment(Box<Comment>),
    /// One or more NAGs written one after another.
    Nags(Nags),
    Variation(Box<Variation>),
    Setup(Box<Setup>),
    /// Text the reader could not interpret (reported as an error), kept verbatim.
    Unread(Box<Unread>),
}

const _: () = assert!(std::mem::size_of::<Annotation>() == 24);

impl Annotation {
    /// Where the item starts in the source.
    pub fn offset(&self) -> u64 {
        match self {
            Annotation::Comment(c) => c.span.offset,
            Annotation::Nags(n) => n.start,
            Annotation::Variation(v) => v.span.offset,
            Annotation::Setup(s) => s.span.offset,
            Annotation::Unread(u) => u.span.offset,
        }
    }
}

impl From<Comment> for Annotation {
    fn from(comment: Comment) -> Annotation {
        Annotation::Comment(Box::new(comment))
    }
}

impl From<Nag> for Annotation {
    fn from(nag: Nag) -> Annotation {
        Annotation::Nags(Nags::new(nag))
    }
}

impl From<Variation> for Annotation {
    fn from(variation: Variation) -> Annotation {
        Annotation::Variation(Box::new(variation))
    }
}

impl From<Setup> for Annotation {
    fn from(setup: Setup) -> Annotation {
        Annotation::Setup(Box::new(setup))
    }
}

impl From<Unread> for Annotation {
    fn from(unread: Unread) -> Annotation {
        Annotation::Unread(Box::new(unread))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CommentStyle {
    /// `{ ... }`
    Brace,
    /// `; ...` to the end of the line
    Semicolon,
    /// `% ...` at the start of a line
    Percent,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Comment {
    pub style: CommentStyle,
    /// The text between the delimiters, as written.
    pub text: String,
    /// Embedded commands such as `[%clk 0:05:00]`, as (name, argument) pairs.
    /// (One pointer wide: most comments have none.)
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    pub commands: ThinVec<(String, String)>,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Nag {
    pub value: u16,
    pub span: Span,
}

/// NAGs written one after another (`$1 $14`), in order: one item of a move's list, each NAG
/// held in 12 bytes (its value, and its span counted from the first NAG's start).
#[derive(Clone, PartialEq, Eq)]
pub struct Nags {
    /// Where the first NAG starts.
    start: u64,
    nags: ThinVec<PackedNag>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct PackedNag {
    /// Bytes from the run's start to this NAG's.
    from_start: u32,
    len: u32,
    value: u16,
}

impl Nags {
    /// A run of one NAG.
    pub fn new(nag: Nag) -> Nags {
        let mut nags = ThinVec::with_capacity(1);
        nags.push(PackedNag {
            from_start: 0,
            len: nag.span.len,
            value: nag.value,
        });
        Nags {
            start: nag.span.offset,
            nags,
        }
    }

    /// Adds `nag` at the end of the run; false (and the run unchanged) when it cannot be held
    /// there: it starts before the last NAG, or too far after the first.
    pub fn push(&mut self, nag: Nag) -> bool {
        let after_last = self
            .last()
            .is_some_and(|last| nag.span.offset >= last.span.offset);
        let from_start = nag
            .span
            .offset
            .checked_sub(self.start)
            .and_then(|d| u32::try_from(d).ok());
        match from_start {
            Some(from_start) if after_last => {
                self.nags.push(PackedNag {
                    from_start,
                    len: nag.span.len,
                    value: nag.value,
                });
                true
            }
            _ => false,
        }
    }

    /// The NAGs, in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Nag> + ExactSizeIterator + '_ {
        self.nags.iter().map(|p| Nag {
            value: p.value,
            span: Span {
                offset: self.start + u64::from(p.from_start),
                len: p.len,
            },
        })
    }

    pub fn len(&self) -> usize {
        self.nags.len()
    }

    /// Always false: a run holds at least one NAG.
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty()
    }

    pub fn last(&self) -> Option<Nag> {
        self.iter().next_back()
    }

    /// Takes out the NAGs that start after `offset` as a run of their own (`None` when there
    /// are none, or when all are: a run is never empty).
    pub fn split_after(&mut self, offset: u64) -> Option<Nags> {
        let at = self.iter().position(|n| n.span.offset > offset)?;
        if at == 0 {
            return None;
        }
        // The rest keeps its NAGs as they are, counted from its own first one.
        let mut nags = self.nags.split_off(at);
        let first = nags[0].from_start;
        nags.iter_mut().for_each(|nag| nag.from_start -= first);
        let rest = Nags {
            start: self.start + u64::from(first),
            nags,
        };
        Some(rest)
    }
}

impl fmt::Debug for Nags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Adds `item` at the end of `list`: a NAG joins the NAGs right before it.
pub(crate) fn push_annotation(list: &mut Annotations, item: Annotation) {
    if let Annotation::Nags(run) = &item
        && run.len() == 1
        && let Some(nag) = run.last()
        && let Some(Annotation::Nags(last)) = list.last_mut()
        && last.push(nag)
    {
        return;
    }
    // Room for half as many again: most lists hold one item, which then takes 40 bytes, not
    // the 112 of a list grown to four; a long list still grows geometrically.
    if list.len() == list.capacity() {
        list.reserve_exact(list.len() / 2 + 1);
    }
    list.push(item);
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Variation {
    pub line: Line,
    pub span: Span,
}

/// `/FEN "..."/` inside the moves.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Setup {
    pub fen: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// (Boxed: rare.)
    pub parsed: Option<Box<FenSetup>>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Unread {
    pub text: String,
    pub span: Span,
}

/// A list of annotations in JSON: each item an object with its `type`, each NAG one item.
pub(crate) mod list {
    use super::*;
    use crate::reader::span::Located;
    use serde::Deserializer;

    #[derive(Serialize)]
    #[serde(tag = "type", rename_all = "lowercase")]
    enum ItemOut<'a> {
        Comment(Located<'a, Comment>),
        Nag(NagOut),
        Variation(Located<'a, Variation>),
        Setup(Located<'a, Setup>),
        Unread(Located<'a, Unread>),
    }

    #[derive(Deserialize)]
    #[serde(tag = "type", rename_all = "lowercase")]
    enum ItemIn {
        Comment(Comment),
        Nag(Nag),
        Variation(Variation),
        Setup(Setup),
        Unread(Unread),
    }

    /// The items of a list, each NAG one: with [`Locator::with`], serialisable.
    pub struct Items<'a>(pub &'a [Annotation]);

    impl SerializeLocated for Items<'_> {
        fn serialize_located<S: Serializer>(
            &self,
            at: &Locator,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(self.0.iter().flat_map(|item| {
                let (nags, other) = match item {
                    Annotation::Nags(run) => (
                        Some(run.iter().map(|nag| ItemOut::Nag(NagOut::of(&nag, at)))),
                        None,
                    ),
                    Annotation::Comment(c) => (None, Some(ItemOut::Comment(at.with(&**c)))),
                    Annotation::Variation(v) => (None, Some(ItemOut::Variation(at.with(&**v)))),
                    Annotation::Setup(s) => (None, Some(ItemOut::Setup(at.with(&**s)))),
                    Annotation::Unread(u) => (None, Some(ItemOut::Unread(at.with(&**u)))),
                };
                nags.into_iter().flatten().chain(other)
            }))
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Annotations, D::Error> {
        let items = Vec::<ItemIn>::deserialize(deserializer)?;
        let mut list = Annotations::with_capacity(items.len());
        for item in items {
            let item = match item {
                ItemIn::Comment(c) => Annotation::from(c),
                ItemIn::Nag(n) => Annotation::from(n),
                ItemIn::Variation(v) => Annotation::from(v),
                ItemIn::Setup(s) => Annotation::from(s),
                ItemIn::Unread(u) => Annotation::from(u),
            };
            push_annotation(&mut list, item);
        }
        Ok(list)
    }
}

// Written with their spans located (the mirrors list every field, so a new one is not left out).

fn none_in<T>(items: &&[T]) -> bool {
    items.is_empty()
}

#[derive(Serialize)]
struct CommentOut<'a> {
    style: CommentStyle,
    text: &'a str,
    #[serde(skip_serializing_if = "none_in")]
    commands: &'a [(String, String)],
    span: crate::reader::Location,
}

impl SerializeLocated for Comment {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let Comment {
            style,
            text,
            commands,
            span,
        } = self;
        CommentOut {
            style: *style,
            text,
            commands,
            span: at.locate(*span),
        }
        .serialize(s)
    }
}

#[derive(Serialize)]
struct NagOut {
    value: u16,
    span: crate::reader::Location,
}

impl NagOut {
    fn of(nag: &Nag, at: &Locator) -> NagOut {
        let Nag { value, span } = nag;
        NagOut {
            value: *value,
            span: at.locate(*span),
        }
    }
}

impl SerializeLocated for Nag {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        NagOut::of(self, at).serialize(s)
    }
}

#[derive(Serialize)]
struct VariationOut<'a> {
    line: crate::reader::span::Located<'a, Line>,
    span: crate::reader::Location,
}

impl SerializeLocated for Variation {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let Variation { line, span } = self;
        VariationOut {
            line: at.with(line),
            span: at.locate(*span),
        }
        .serialize(s)
    }
}

#[derive(Serialize)]
struct SetupOut<'a> {
    fen: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    parsed: Option<&'a FenSetup>,
    span: crate::reader::Location,
}

impl SerializeLocated for Setup {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let Setup { fen, parsed, span } = self;
        SetupOut {
            fen,
            parsed: parsed.as_deref(),
            span: at.locate(*span),
        }
        .serialize(s)
    }
}

#[derive(Serialize)]
struct UnreadOut<'a> {
    text: &'a str,
    span: crate::reader::Location,
}

impl SerializeLocated for Unread {
    fn serialize_located<S: Serializer>(&self, at: &Locator, s: S) -> Result<S::Ok, S::Error> {
        let Unread { text, span } = self;
        UnreadOut {
            text,
            span: at.locate(*span),
        }
        .serialize(s)
    }
}
