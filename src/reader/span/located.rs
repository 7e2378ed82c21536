//! Writing spans with their lines and columns. A [`Span`] is only offsets: it has no
//! `Serialize`, so a span cannot be written without the index that locates it (that is a compile
//! error). What holds spans implements [`SerializeLocated`], written given a [`Locator`] over
//! its game's [`LineIndex`]; each span then becomes a [`Location`] (`offset`, `len`, `line`,
//! `column`). A game or a report, which holds its index, is `Serialize` through it.

use super::{LineIndex, Location, Span};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};
use std::cell::Cell;
use thin_vec::ThinVec;

/// Locates the spans of one game as they are written: its line index, and the last place of
/// its text located (spans come mostly in order, and the next is counted on from there).
pub struct Locator<'a> {
    index: &'a LineIndex,
    cursor: Cell<Option<(u64, (u64, u32))>>,
}

impl<'a> Locator<'a> {
    pub fn new(index: &'a LineIndex) -> Self {
        Locator {
            index,
            cursor: Cell::new(None),
        }
    }

    /// `span` with its line and column.
    pub fn locate(&self, span: Span) -> Location {
        let mut cursor = self.cursor.get();
        let location = self.index.locate_from(span, &mut cursor);
        self.cursor.set(cursor);
        location
    }

    /// `value`, serialisable: its spans located here.
    pub fn with<'b, T: ?Sized>(&'b self, value: &'b T) -> Located<'b, T> {
        Located { value, at: self }
    }
}

/// Serialised with each span located by the game's [`Locator`].
pub trait SerializeLocated {
    fn serialize_located<S: Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error>;
}

/// A value and the locator of its spans: what [`Serialize`] takes.
pub struct Located<'b, T: ?Sized> {
    value: &'b T,
    at: &'b Locator<'b>,
}

impl<T: ?Sized> Located<'_, T> {
    pub fn value(&self) -> &T {
        self.value
    }
}

impl<T: SerializeLocated + ?Sized> Serialize for Located<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize_located(self.at, serializer)
    }
}

impl SerializeLocated for Span {
    fn serialize_located<S: Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        at.locate(*self).serialize(serializer)
    }
}

impl<T: SerializeLocated> SerializeLocated for [T] {
    fn serialize_located<S: Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for item in self {
            seq.serialize_element(&at.with(item))?;
        }
        seq.end()
    }
}

impl<T: SerializeLocated> SerializeLocated for Vec<T> {
    fn serialize_located<S: Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize_located(at, serializer)
    }
}

impl<T: SerializeLocated> SerializeLocated for ThinVec<T> {
    fn serialize_located<S: Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize_located(at, serializer)
    }
}

impl<T: SerializeLocated + ?Sized> SerializeLocated for Box<T> {
    fn serialize_located<S: Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        (**self).serialize_located(at, serializer)
    }
}

impl<T: SerializeLocated> SerializeLocated for Option<T> {
    fn serialize_located<S: Serializer>(
        &self,
        at: &Locator,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match self {
            Some(value) => serializer.serialize_some(&at.with(value)),
            None => serializer.serialize_none(),
        }
    }
}
