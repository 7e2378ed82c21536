//! Character sets. PDN 3.0 files are UTF-8; older ones are in a Windows code page. The parser works
//! on bytes (the grammar is ASCII), and only the text of tag values, comments and names is decoded,
//! so spans always point at the original bytes.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    #[default]
    Utf8,
    /// UTF-8 with a few invalid bytes, each read as the Windows-1252 character it would be (the
    /// smallest repair of a game edited in two encodings: `café` stays `café`).
    Utf8Repaired,
    /// Western European (a superset of Latin-1).
    Windows1252,
    /// Cyrillic.
    Windows1251,
    /// UTF-16 of either byte order: a byte order mark says which, else the zero bytes of its
    /// ASCII characters do (high bytes first is big-endian). Transcoded to UTF-8 as it is read
    /// (spans then count UTF-8 bytes).
    Utf16,
    /// UTF-16, little-endian unless a byte order mark says otherwise.
    #[serde(rename = "utf-16le")]
    Utf16Le,
    /// UTF-16, big-endian unless a byte order mark says otherwise.
    #[serde(rename = "utf-16be")]
    Utf16Be,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf8Repaired => "utf-8 (repaired)",
            Encoding::Windows1252 => "windows-1252",
            Encoding::Windows1251 => "windows-1251",
            Encoding::Utf16 => "utf-16",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
        }
    }

    pub fn parse(name: &str) -> Option<Encoding> {
        match name.to_ascii_lowercase().as_str() {
            "utf-8" | "utf8" => Some(Encoding::Utf8),
            "windows-1252" | "cp1252" | "latin-1" | "latin1" | "iso-8859-1" => {
                Some(Encoding::Windows1252)
            }
            "windows-1251" | "cp1251" => Some(Encoding::Windows1251),
            "utf-16" | "utf16" => Some(Encoding::Utf16),
            "utf-16le" | "utf16le" => Some(Encoding::Utf16Le),
            "utf-16be" | "utf16be" => Some(Encoding::Utf16Be),
            _ => None,
        }
    }

    /// Decodes bytes of this encoding. Invalid UTF-8 sequences become U+FFFD (the caller has
    /// already reported the file's encoding problems).
    pub fn decode(self, bytes: &[u8]) -> Cow<'_, str> {
        if self == Encoding::Utf8 {
            // One pass: valid UTF-8 (ASCII included) is borrowed as it is. (`from_utf8` first:
            // its validation is quicker than the lossy decoder's.)
            return match std::str::from_utf8(bytes) {
                Ok(text) => Cow::Borrowed(text),
                Err(_) => String::from_utf8_lossy(bytes),
            };
        }
        if self == Encoding::Utf8Repaired {
            return match std::str::from_utf8(bytes) {
                Ok(text) => Cow::Borrowed(text),
                Err(_) => Cow::Owned(repair(bytes)),
            };
        }
        if !self.is_utf16() && bytes.is_ascii() {
            // ASCII is the same in all three; the common case costs no copy.
            return Cow::Borrowed(std::str::from_utf8(bytes).expect("ascii is utf-8"));
        }
        match self {
            Encoding::Utf8 | Encoding::Utf8Repaired => unreachable!("decoded above"),
            // (The reader transcodes UTF-16 input to UTF-8 before parsing: this is for
            // completeness.)
            Encoding::Utf16 | Encoding::Utf16Le => {
                encoding_rs::UTF_16LE.decode_without_bom_handling(bytes).0
            }
            Encoding::Utf16Be => encoding_rs::UTF_16BE.decode_without_bom_handling(bytes).0,
            Encoding::Windows1252 => {
                encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(bytes)
                    .0
            }
            Encoding::Windows1251 => {
                encoding_rs::WINDOWS_1251
                    .decode_without_bom_handling(bytes)
                    .0
            }
        }
    }

    /// Whether this is UTF-16 (of either or a given byte order).
    pub fn is_utf16(self) -> bool {
        matches!(
            self,
            Encoding::Utf16 | Encoding::Utf16Le | Encoding::Utf16Be
        )
    }

    /// The character set of the text the reader keeps of a game read in this one (its line
    /// index's copy): UTF-16 is transcoded to UTF-8 before it is read.
    pub fn of_kept_text(self) -> Encoding {
        if self.is_utf16() {
            Encoding::Utf8
        } else {
            self
        }
    }

    /// Whether columns count UTF-8 characters (true) or bytes.
    pub fn is_utf8(self) -> bool {
        matches!(self, Encoding::Utf8 | Encoding::Utf8Repaired)
    }
}

/// UTF-8 text with each invalid byte read as its Windows-1252 character.
fn repair(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for &b in chunk.invalid() {
            out.push_str(
                &encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(&[b])
                    .0,
            );
        }
    }
    out
}

/// How text that is not valid UTF-8 is best read: counts of valid multi-byte UTF-8 characters
/// and of invalid bytes. A game with more valid UTF-8 characters than bad bytes was written in
/// UTF-8 and damaged in a few places: it is repaired byte by byte, not decoded as a code page
/// (which would turn every `é` into `Ã©`).
pub fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut valid, mut invalid) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += chunk.invalid().len();
    }
    valid >= invalid
}

/// The first invalid UTF-8 byte of `bytes`, if any, as (offset, byte).
pub fn first_invalid(bytes: &[u8]) -> Option<(usize, u8)> {
    let error = std::str::from_utf8(bytes).err()?;
    Some((error.valid_up_to(), bytes[error.valid_up_to()]))
}

/// Whether UTF-16 text without a byte order mark is big-endian, from where its zero bytes are:
/// an ASCII character is `c 0` little-endian and `0 c` big-endian, so zeros at even offsets
/// outnumbering those at odd ones mean big-endian. Text with no zero byte reads as
/// little-endian (what `--encoding utf-16` assumed before).
pub fn utf16_is_big_endian(bytes: &[u8]) -> bool {
    let (mut even, mut odd) = (0usize, 0usize);
    for pair in bytes.chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    even > odd
}

/// Guesses the single-byte code page of text that is not UTF-8. Cyrillic text in Windows-1251 is
/// mostly runs of bytes 0xC0-0xFF (whole words); Western text in Windows-1252 has isolated accented
/// letters inside ASCII words.
pub fn guess_code_page(bytes: &[u8]) -> Encoding {
    let mut high_in_runs = 0usize;
    let mut high_total = 0usize;
    for window in bytes.windows(3) {
        if window[1] >= 0xC0 {
            high_total += 1;
            if window[0] >= 0xC0 || window[2] >= 0xC0 {
                high_in_runs += 1;
            }
        }
    }
    if high_total > 0 && high_in_runs * 2 > high_total {
        Encoding::Windows1251
    } else {
        Encoding::Windows1252
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_byte_order_is_read_from_the_zero_bytes() {
        let text = "[Event \"Bertè\"]\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert!(!utf16_is_big_endian(&le));
        assert!(utf16_is_big_endian(&be));
        assert_eq!(Encoding::Utf16Be.decode(&be), text);
        assert_eq!(Encoding::Utf16Le.decode(&le), text);
        assert_eq!(Encoding::parse("UTF-16BE"), Some(Encoding::Utf16Be));
        assert_eq!(Encoding::parse("utf-16le"), Some(Encoding::Utf16Le));
        assert_eq!(Encoding::parse("utf-16"), Some(Encoding::Utf16));
    }

    #[test]
    fn decodes_code_pages() {
        assert_eq!(Encoding::Windows1252.decode(b"Bert\xe8"), "Bertè");
        assert_eq!(Encoding::Windows1251.decode(b"\xc0\xe1\xe0"), "Аба");
        assert!(matches!(Encoding::Utf8.decode(b"plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn repairs_bad_bytes_in_utf8() {
        let text = b"caf\xC3\xA9 and Bert\xE8";
        assert!(mostly_utf8(text));
        assert_eq!(Encoding::Utf8Repaired.decode(text), "café and Bertè");
        // Code page text with no UTF-8 in it is no repair.
        assert!(!mostly_utf8(b"Bert\xE8"));
        assert_eq!(first_invalid(b"ab\xE8"), Some((2, 0xE8)));
        assert_eq!(first_invalid("é".as_bytes()), None);
    }

    #[test]
    fn guesses_cyrillic_from_runs() {
        assert_eq!(
            guess_code_page("[White \"Абаулин В.\"]".as_bytes()),
            Encoding::Windows1252
        );
        let cp1251 = encoding_rs::WINDOWS_1251.encode("[White \"Абаулин В.\"]").0;
        assert_eq!(guess_code_page(&cp1251), Encoding::Windows1251);
        let cp1252 = encoding_rs::WINDOWS_1252
            .encode("[White \"Bertè Daniele\"]")
            .0;
        assert_eq!(guess_code_page(&cp1252), Encoding::Windows1252);
    }
}
