//! What an input seems to hold, from its first bytes (decompressed): game records (PDN or FEN),
//! pdnkit's JSON games, or something no command reads as games: pdnkit's positions or reports,
//! other JSON, an image, an archive, binary data. A file of the last kind is not read: one
//! message says what it seems to be and what the command reads, where reading it as PDN would
//! report every line of it.

use crate::reader::Encoding;
use crate::reader::input::TrailingData;
use std::fmt;
use std::io::{self, Read};

/// How many bytes of an input are looked at.
pub const HEAD_BYTES: usize = 4096;

/// What the head of an input seems to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    /// PDN or FEN text (or nothing yet: an empty file is read as one without games).
    Records,
    /// pdnkit's JSON games, a game a line (`convert --format jsonl`).
    JsonGames,
    /// Anything else, said as what it seems to be.
    Other(Seems),
}

/// What an input that holds no game records seems to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seems {
    /// pdnkit's JSON games, for a command that does not read them.
    JsonGames,
    Positions,
    PdnkitReport,
    Sarif,
    /// A JSON object of no kind pdnkit writes.
    Json,
    JsonArray,
    Utf16WithoutBom,
    /// HTML, an SVG image, XML.
    Markup(&'static str),
    Binary(&'static str),
}

impl fmt::Display for Seems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seems::JsonGames => write!(
                f,
                "pdnkit's JSON games (`convert --format jsonl`; `pdnkit convert FILE` turns them back \
                 into PDN)"
            ),
            Seems::Positions => write!(f, "pdnkit's positions (`convert --format positions`)"),
            Seems::PdnkitReport => write!(f, "a pdnkit report in JSON"),
            Seems::Sarif => write!(f, "a SARIF report"),
            Seems::Json => write!(f, "JSON"),
            Seems::JsonArray => write!(f, "a JSON array"),
            Seems::Utf16WithoutBom => write!(
                f,
                "UTF-16 text without a byte order mark (`--encoding utf-16` reads it)"
            ),
            Seems::Binary(what) | Seems::Markup(what) => write!(f, "{what}"),
        }
    }
}

/// Binary formats by their first bytes, and what to call them.
const MAGIC: &[(&[u8], &str)] = &[
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xFF\xD8\xFF", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a zip archive (unpack it first)"),
    (b"7z\xBC\xAF\x27\x1C", "a 7-Zip archive (unpack it first)"),
    (b"Rar!\x1A\x07", "a RAR archive (unpack it first)"),
    (b"\x7FELF", "an executable"),
    (b"SQLite format 3\0", "an SQLite database"),
    (
        b"\x04\x22\x4D\x18",
        "LZ4-compressed data (decompress it first)",
    ),
];

/// Classifies the first bytes of an input (at most [`HEAD_BYTES`]; the whole input when it is
/// shorter). `encoding` is the one the user gave: UTF-16 is text whatever its zero bytes.
pub fn classify(head: &[u8], encoding: Option<Encoding>) -> Content {
    if head.starts_with(b"\xFF\xFE")
        || head.starts_with(b"\xFE\xFF")
        || encoding.is_some_and(|e| e.is_utf16())
    {
        return Content::Records;
    }
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    if let Some((_, what)) = MAGIC.iter().find(|(magic, _)| head.starts_with(magic)) {
        return Content::Other(Seems::Binary(what));
    }
    if head.len() > 262 && &head[257..262] == b"ustar" {
        return Content::Other(Seems::Binary("a tar archive (unpack it first)"));
    }
    if head.contains(&0) && looks_like_utf16(head) {
        return Content::Other(Seems::Utf16WithoutBom);
    }
    if looks_binary(head) {
        return Content::Other(Seems::Binary("binary data"));
    }
    json(head)
        .or_else(|| markup(head))
        .unwrap_or(Content::Records)
}

/// HTML, SVG or other XML (a JUnit report): `<` and a name, `!` or `?` first. (No PDN starts so:
/// its first line is a tag, `[`, a comment, a move or a FEN.)
fn markup(head: &[u8]) -> Option<Content> {
    let text = head.trim_ascii_start();
    let second = *text.strip_prefix(b"<")?.first()?;
    if !(second.is_ascii_alphabetic() || second == b'!' || second == b'?') {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let seems = if contains(&lower, b"<html") || contains(&lower, b"<!doctype html") {
        "HTML"
    } else if contains(&lower, b"<svg") {
        "an SVG image"
    } else if contains(&lower, b"<testsuite") {
        "a JUnit report (XML)"
    } else {
        "XML"
    };
    Some(Content::Other(Seems::Markup(seems)))
}

/// Control bytes (not white space, nor the escape of terminal colours) are at least 8% of the
/// head: random or compressed bytes give 10%, executables and images far more, while text with
/// some binary debris between its games (which the reader reports, `E-BINARY-DATA`) or a stray
/// zero byte gives a few.
fn looks_binary(head: &[u8]) -> bool {
    let controls = head
        .iter()
        .filter(|&&b| {
            (b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | 0x1B)) || b == 0x7F
        })
        .count();
    controls * 100 >= head.len().max(1) * 8
}

/// UTF-16 text without a byte order mark: most of the bytes at even offsets, or at odd ones,
/// are zero (ASCII text in UTF-16), and few of the others are.
fn looks_like_utf16(head: &[u8]) -> bool {
    let pairs = head.len() / 2;
    if pairs < 4 {
        return false;
    }
    let zeros = |parity: usize| {
        head.iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (zeros(0), zeros(1));
    let (most, least) = (even.max(odd), even.min(odd));
    most * 10 >= pairs * 7 && least * 10 <= pairs
}

/// JSON, and which: `{` and a quoted key, or `[` and a value that is not a tag name. (A PDN
/// comment may start with `{"`: only one followed by a key and `:` is taken for JSON.)
fn json(head: &[u8]) -> Option<Content> {
    let text = head.trim_ascii_start();
    match text.first()? {
        b'{' => {
            let key = first_key(&text[1..])?;
            Some(match key {
                b"index" => Content::JsonGames,
                _ if contains(text, b"\"tags\":") && contains(text, b"\"moves\":") => {
                    Content::JsonGames
                }
                b"game" if contains(text, b"\"ply\":") => Content::Other(Seems::Positions),
                b"schema" | b"type" if contains(text, b"\"pdnkit-") => {
                    Content::Other(Seems::PdnkitReport)
                }
                b"$schema" | b"version" if contains(text, b"sarif") => Content::Other(Seems::Sarif),
                _ if contains(text, b"\"schema\": \"pdnkit-")
                    || contains(text, b"\"schema\":\"pdnkit-") =>
                {
                    Content::Other(Seems::PdnkitReport)
                }
                _ => Content::Other(Seems::Json),
            })
        }
        b'[' => {
            let rest = text[1..].trim_ascii_start();
            matches!(rest.first(), Some(b'{' | b'"')).then_some(Content::Other(Seems::JsonArray))
        }
        _ => None,
    }
}

/// The first key of an object whose `{` was just read: `"key"` then `:`.
fn first_key(text: &[u8]) -> Option<&[u8]> {
    let text = text.trim_ascii_start().strip_prefix(b"\"")?;
    let end = memchr::memchr2(b'"', b'\n', text)?;
    if text[end] != b'"' {
        return None;
    }
    text[end + 1..]
        .trim_ascii_start()
        .starts_with(b":")
        .then(|| &text[..end])
}

fn contains(text: &[u8], needle: &[u8]) -> bool {
    memchr::memmem::find(text, needle).is_some()
}

/// The first [`HEAD_BYTES`] of `source` (fewer when it is shorter), and the source
/// whole again. An error after some bytes (a truncated compressed file, bytes after its end)
/// comes back after them, where the reader meets and reports it.
pub fn head_of(mut source: Box<dyn Read + Send>) -> io::Result<(Vec<u8>, Box<dyn Read + Send>)> {
    let mut head = vec![0u8; HEAD_BYTES];
    let mut got = 0;
    let mut pending = None;
    while got < head.len() {
        match source.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if got == 0 && TrailingData::from_io(&e).is_none() => return Err(e),
            Err(e) => {
                pending = Some(e);
                break;
            }
        }
    }
    head.truncate(got);
    let replay = Replay {
        head: io::Cursor::new(head.clone()),
        pending,
        rest: source,
    };
    Ok((head, Box::new(replay)))
}

/// An input's head, then the error met while reading it, if any, then the rest.
struct Replay {
    head: io::Cursor<Vec<u8>>,
    pending: Option<io::Error>,
    rest: Box<dyn Read + Send>,
}

impl Read for Replay {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.head.read(buf)?;
        if n > 0 || buf.is_empty() {
            return Ok(n);
        }
        match self.pending.take() {
            Some(error) => Err(error),
            None => self.rest.read(buf),
        }
    }
}

/// `source` when it holds game records (PDN or FEN); else the error that says what it seems to
/// be. For a command that reads one file by itself (`show`).
pub fn records_only(
    source: Box<dyn Read + Send>,
    encoding: Option<Encoding>,
) -> io::Result<Box<dyn Read + Send>> {
    let (head, source) = head_of(source)?;
    let seems = match classify(&head, encoding) {
        Content::Records => return Ok(source),
        Content::JsonGames => Seems::JsonGames,
        Content::Other(seems) => seems,
    };
    Err(io::Error::new(
        io::ErrorKind::InvalidData,
        NotGameRecords {
            seems,
            json_games: false,
        },
    ))
}

/// An input not read because it holds no game records: said in its place, counted with the
/// inputs that could not be read.
#[derive(Debug)]
pub struct NotGameRecords {
    pub seems: Seems,
    /// Whether the command reads pdnkit's JSON games too.
    pub json_games: bool,
}

impl fmt::Display for NotGameRecords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not read: it seems to be {}; this command reads PDN or FEN{}",
            self.seems,
            if self.json_games {
                " or pdnkit's JSON games"
            } else {
                ""
            }
        )
    }
}

impl std::error::Error for NotGameRecords {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_and_what_is_not() {
        let records = Content::Records;
        for (head, want) in [
            (&b""[..], records),
            (b"[Event \"x\"]\n1. 11-15 *", records),
            (b"{a comment} 1. 11-15 *", records),
            (b"{\"quoted\" comment} 1. 11-15 *", records),
            (b"W:W31-50:B1-20\n", records),
            (b"\xFF\xFE[\0E\0", records),
            (b"{\"index\":1,\"span\":{}}", Content::JsonGames),
            (
                b"{\"game\":\"a.pdn:1\",\"ply\":0}",
                Content::Other(Seems::Positions),
            ),
            (
                b"{\"schema\":\"pdnkit-check/2\"}",
                Content::Other(Seems::PdnkitReport),
            ),
            (
                b"{\n  \"groups\": [],\n  \"schema\": \"pdnkit-dedup/1\"",
                Content::Other(Seems::PdnkitReport),
            ),
            (
                b"{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\"",
                Content::Other(Seems::Sarif),
            ),
            (b"[ {\"a\": 1} ]", Content::Other(Seems::JsonArray)),
            (b"{\"a\": 1}", Content::Other(Seems::Json)),
            (
                b"<!DOCTYPE html>\n<html lang=\"en\">",
                Content::Other(Seems::Markup("HTML")),
            ),
            (
                b"<?xml version=\"1.0\"?>\n<testsuites>",
                Content::Other(Seems::Markup("a JUnit report (XML)")),
            ),
            (
                b"<svg xmlns=\"http://www.w3.org/2000/svg\">",
                Content::Other(Seems::Markup("an SVG image")),
            ),
            (b"< 1. 11-15 *", records),
            (
                b"\x89PNG\r\n\x1a\n\0\0",
                Content::Other(Seems::Binary("a PNG image")),
            ),
            (
                b"\0\x01abc\0def",
                Content::Other(Seems::Binary("binary data")),
            ),
            (b"% a comment\n[Event \"\0\"]\n1. 11-15 *\n", records),
            (b"[\n[Event \"a\"]", records),
            (
                b"[\0E\0v\0e\0n\0t\0 \0\"\0",
                Content::Other(Seems::Utf16WithoutBom),
            ),
        ] {
            assert_eq!(
                classify(head, None),
                want,
                "{}",
                String::from_utf8_lossy(head)
            );
        }
        assert_eq!(
            classify(b"[\0E\0v\0e\0n\0t\0", Some(Encoding::Utf16Le)),
            Content::Records
        );
    }
}
