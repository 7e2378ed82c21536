//! Character sets. PDN 3.0 files are UTF-8; older ones are in a Windows code page. The parser works
//! on bytes (the grammar is ASCII), and only the text of tag values, comments and names is decoded,
//! so spans always point at the original bytes.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    Utf8,
    /// UTF-8 with a few invalid bytes, each read as the Windows-1252 character it would be (the
    /// smallest repair of a game edited in two encodings: `café` stays `café`).
    Utf8Repaired,
    /// Western European (a superset of Latin-1).
    Windows1252,
    /// Cyrillic.
    Windows1251,
    /// UTF-16, little-endian unless a byte order mark says otherwise: transcoded to UTF-8 as it
    /// is read (spans then count UTF-8 bytes).
    Utf16,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf8Repaired => "utf-8 (repaired)",
            Encoding::Windows1252 => "windows-1252",
            Encoding::Windows1251 => "windows-1251",
            Encoding::Utf16 => "utf-16",
        }
    }

    pub fn parse(name: &str) -> Option<Encoding> {
        match name.to_ascii_lowercase().as_str() {
            "utf-8" | "utf8" => Some(Encoding::Utf8),
            "windows-1252" | "cp1252" | "latin-1" | "latin1" | "iso-8859-1" => {
                Some(Encoding::Windows1252)
            }
            "windows-1251" | "cp1251" => Some(Encoding::Windows1251),
            "utf-16" | "utf16" | "utf-16le" | "utf16le" => Some(Encoding::Utf16),
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
        if bytes.is_ascii() {
            // ASCII is the same in all three; the common case costs no copy.
            return Cow::Borrowed(std::str::from_utf8(bytes).expect("ascii is utf-8"));
        }
        match self {
            Encoding::Utf8 | Encoding::Utf8Repaired => unreachable!("decoded above"),
            // (The reader transcodes UTF-16 input to UTF-8 before parsing: this is for
            // completeness.)
            Encoding::Utf16 => encoding_rs::UTF_16LE.decode_without_bom_handling(bytes).0,
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
