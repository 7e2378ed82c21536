//! The places a game's JSON gives its spans: every `{"offset", "len", "line", "column"}`
//! object in it, read in a second pass over the game's line (the game itself keeps only each
//! span's offset and length). They become the game's [`LineIndex`], so that a game read back
//! locates its findings where the PDN it came from had them.

use crate::reader::{LineIndex, Location};
use serde::Deserializer;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// The index of the places in one game's JSON (already checked to be a game, and no deeper
/// than [`super::MAX_JSON_DEPTH`]).
pub fn places(text: &[u8]) -> Result<LineIndex, serde_json::Error> {
    let mut found = Vec::new();
    let mut de = serde_json::Deserializer::from_slice(text);
    de.disable_recursion_limit();
    Walk(&mut found).deserialize(&mut de)?;
    Ok(LineIndex::of_places(found))
}

/// Walks any JSON value, collecting the places in it; gives the value when it is a whole
/// number (what a place's fields are).
struct Walk<'a>(&'a mut Vec<Location>);

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = Option<u64>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<u64>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = Option<u64>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_u64<E>(self, n: u64) -> Result<Option<u64>, E> {
        Ok(Some(n))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Option<u64>, E> {
        Ok(None)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Option<u64>, E> {
        Ok(None)
    }
    fn visit_bool<E>(self, _: bool) -> Result<Option<u64>, E> {
        Ok(None)
    }
    fn visit_str<E>(self, _: &str) -> Result<Option<u64>, E> {
        Ok(None)
    }
    fn visit_unit<E>(self) -> Result<Option<u64>, E> {
        Ok(None)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<u64>, A::Error> {
        while seq.next_element_seed(Walk(self.0))?.is_some() {}
        Ok(None)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<u64>, A::Error> {
        // offset, len, line, column; an object with any other key is not a place.
        let mut fields = [None; 4];
        let mut others = false;
        while let Some(key) = map.next_key::<Key>()? {
            let value = map.next_value_seed(Walk(self.0))?;
            match key {
                Key::Field(i) => fields[i] = value,
                Key::Other => others = true,
            }
        }
        if let ([Some(offset), Some(len), Some(line), Some(column)], false) = (fields, others) {
            // Out of range, the game's own reading refused it already.
            if let (Ok(len), Ok(column)) = (u32::try_from(len), u32::try_from(column)) {
                self.0.push(Location {
                    offset,
                    len,
                    line,
                    column,
                });
            }
        }
        Ok(None)
    }
}

/// A key of an object, told apart without copying it.
enum Key {
    /// `offset`, `len`, `line` or `column`, by its place in that list.
    Field(usize),
    Other,
}

impl<'de> de::Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E>(self, name: &str) -> Result<Key, E> {
                Ok(match name {
                    "offset" => Key::Field(0),
                    "len" => Key::Field(1),
                    "line" => Key::Field(2),
                    "column" => Key::Field(3),
                    _ => Key::Other,
                })
            }
        }
        deserializer.deserialize_identifier(Name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::Span;

    /// Places anywhere in the value, nested in lists and objects, in any order: of two for one
    /// offset, the later stands. An object with more keys, or fields that are not whole
    /// numbers, is no place.
    #[test]
    fn every_place_in_a_game_is_read() {
        let json = br#"{"a":[{"offset":9,"len":1,"line":3,"column":1}],
            "b":{"c":{"offset":2,"len":1,"line":1,"column":3}},
            "d":{"offset":9,"len":1,"line":4,"column":2},
            "e":{"offset":20,"len":1,"line":9,"column":1,"x":0},
            "f":{"offset":30,"len":1,"line":"9","column":1},
            "line":[{"offset":40,"len":1,"line":12,"column":1},
                {"offset":50,"len":0,"line":0,"column":0}]}"#;
        let index = places(json).expect("JSON");
        assert_eq!(index.line_column(2), (1, 3));
        assert_eq!(index.line_column(9), (4, 2));
        assert_eq!(index.line_column(11), (4, 4));
        assert_eq!(index.locate(Span::new(20, 1)).line, 4, "no mark at 20");
        assert_eq!(index.locate(Span::new(30, 1)).line, 4, "no mark at 30");
        assert_eq!(
            index.line_column(40),
            (12, 1),
            "a place inside a key named `line`"
        );
        assert_eq!(
            index.locate(Span::new(50, 0)).line,
            12,
            "no mark for nowhere"
        );
    }
}
