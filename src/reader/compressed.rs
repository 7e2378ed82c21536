//! Compressed input, decompressed as it is read: gzip, zstd (the format of the largest game
//! databases), xz and bzip2, each told by its magic bytes rather than by the file's name, so a
//! renamed or piped archive reads the same. Memory stays flat: each decoder streams, holding
//! at most its window (zstd frames that ask for more than 128 MiB are refused, as the `zstd`
//! tool refuses them without `--long`).
//!
//! Members one after the other (`cat a.gz b.gz`, `zstd` frames, `xz` streams, `bzip2`
//! streams) are read as one text. Bytes after the last member that start no new one
//! (padding, a truncated copy) end the text with a [`TrailingData`] error after every
//! decompressed byte: the reader keeps every game and reports a warning. Corrupt or truncated
//! data is an I/O error that says the format and where: the byte of the file and of the text.

use flate2::bufread::GzDecoder;
use std::fmt;
use std::io::{self, BufRead, BufReader, Cursor, Read};

/// A compression format pdnkit reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Gzip,
    Zstd,
    Xz,
    Bzip2,
}

/// The longest magic of the formats (xz's).
const MAGIC_LEN: usize = 6;

impl Compression {
    pub const ALL: [Compression; 4] = [
        Compression::Gzip,
        Compression::Zstd,
        Compression::Xz,
        Compression::Bzip2,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Xz => "xz",
            Compression::Bzip2 => "bzip2",
        }
    }

    /// The format whose member `head` starts with (the first bytes of an input).
    pub fn of(head: &[u8]) -> Option<Compression> {
        Compression::ALL.into_iter().find(|c| c.starts(head, true))
    }

    /// Whether `head` starts a member of this format; with `whole` false, a head shorter than
    /// the magic that agrees with it so far counts too (what follows a member may not be
    /// buffered yet: a corrupt member is then the decoder's error).
    fn starts(self, head: &[u8], whole: bool) -> bool {
        let agrees = |magic: &[u8]| {
            let n = head.len().min(magic.len());
            head[..n] == magic[..n] && (n == magic.len() || !whole)
        };
        match self {
            Compression::Gzip => agrees(&[0x1F, 0x8B]),
            // A frame, or a skippable frame (`0x184D2A5?`, little-endian).
            Compression::Zstd => {
                agrees(&[0x28, 0xB5, 0x2F, 0xFD])
                    || (head.first().is_some_and(|b| b & 0xF0 == 0x50)
                        && agrees(&[head[0], 0x2A, 0x4D, 0x18]))
            }
            Compression::Xz => agrees(&[0xFD, b'7', b'z', b'X', b'Z', 0x00]),
            // `BZh` and the block size, 1 to 9.
            Compression::Bzip2 => {
                agrees(b"BZh")
                    && match head.get(3) {
                        Some(size) => (b'1'..=b'9').contains(size),
                        None => !whole,
                    }
            }
        }
    }
}

/// Wraps any source (a file, standard input) so that compressed data is decompressed, and
/// anything else passes through unchanged.
pub fn decompressed<R: Read + Send + 'static>(mut source: R) -> io::Result<Box<dyn Read + Send>> {
    // Look at the first bytes, however few each read gives, then put them back in front.
    let mut head = [0u8; MAGIC_LEN];
    let mut got = 0;
    while got < head.len() {
        match source.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    let rejoined = Cursor::new(head[..got].to_vec()).chain(source);
    match Compression::of(&head[..got]) {
        Some(format) => {
            let source = BufReader::with_capacity(1 << 16, Counted::new(rejoined));
            Ok(Box::new(Members {
                format,
                member: Some(Member::new(format, source)?),
                text: 0,
            }))
        }
        None => Ok(Box::new(rejoined)),
    }
}

/// Bytes after the last member of compressed input that start no new member: reported by the
/// reader as `W-COMPRESSED-TRAILING-DATA`, once every game before them has been read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrailingData {
    pub format: Compression,
    /// How many bytes follow the last member.
    pub bytes: u64,
}

impl fmt::Display for TrailingData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} bytes after the end of the {} data",
            self.bytes,
            self.format.name()
        )
    }
}

impl std::error::Error for TrailingData {}

impl TrailingData {
    /// The trailing-data report inside an I/O error, if that is what it is.
    pub fn from_io(error: &io::Error) -> Option<TrailingData> {
        error.get_ref()?.downcast_ref::<TrailingData>().copied()
    }
}

/// A reader that counts the bytes it gives: where in the compressed file a decoder is.
struct Counted<R> {
    inner: R,
    bytes: u64,
}

impl<R> Counted<R> {
    fn new(inner: R) -> Self {
        Counted { inner, bytes: 0 }
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

type Source<R> = BufReader<Counted<R>>;

/// One member's decoder (a gzip member, a zstd frame, an xz or bzip2 stream), over the buffered
/// source it leaves at the member's end.
enum Member<R: Read> {
    Gzip(GzDecoder<Source<R>>),
    Zstd(zstd::stream::read::Decoder<'static, Source<R>>),
    Xz(liblzma::bufread::XzDecoder<Source<R>>),
    Bzip2(bzip2::bufread::BzDecoder<Source<R>>),
}

impl<R: Read> Member<R> {
    fn new(format: Compression, source: Source<R>) -> io::Result<Self> {
        Ok(match format {
            Compression::Gzip => Member::Gzip(GzDecoder::new(source)),
            Compression::Zstd => {
                Member::Zstd(zstd::stream::read::Decoder::with_buffer(source)?.single_frame())
            }
            Compression::Xz => Member::Xz(liblzma::bufread::XzDecoder::new(source)),
            Compression::Bzip2 => Member::Bzip2(bzip2::bufread::BzDecoder::new(source)),
        })
    }

    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Member::Gzip(d) => d.read(buf),
            Member::Zstd(d) => d.read(buf),
            Member::Xz(d) => d.read(buf),
            Member::Bzip2(d) => d.read(buf),
        }
    }

    fn source(&self) -> &Source<R> {
        match self {
            Member::Gzip(d) => d.get_ref(),
            Member::Zstd(d) => d.get_ref(),
            Member::Xz(d) => d.get_ref(),
            Member::Bzip2(d) => d.get_ref(),
        }
    }

    /// The source, at the member's end.
    fn into_source(self) -> Source<R> {
        match self {
            Member::Gzip(d) => d.into_inner(),
            Member::Zstd(d) => d.finish(),
            Member::Xz(d) => d.into_inner(),
            Member::Bzip2(d) => d.into_inner(),
        }
    }
}

/// The members of compressed input one after the other, each decoded by its own decoder over
/// one buffered source: what follows a member is looked at before another decoder starts.
struct Members<R: Read> {
    format: Compression,
    /// `None` once the input has ended (and any trailing data was reported).
    member: Option<Member<R>>,
    /// Bytes of text given so far.
    text: u64,
}

impl<R: Read> Read for Members<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(member) = &mut self.member else {
                return Ok(0);
            };
            let n = match member.read(buf) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.located(e)),
            };
            self.text += n as u64;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The member has ended: another one, the end, or trailing bytes.
            let mut source = self.member.take().expect("a member").into_source();
            if self.format == Compression::Xz {
                skip_stream_padding(&mut source)?;
            }
            let head = source.fill_buf()?;
            if head.is_empty() {
                return Ok(0);
            }
            if self.format.starts(head, false) {
                self.member = Some(Member::new(self.format, source)?);
                continue;
            }
            let mut bytes = 0u64;
            loop {
                let len = source.fill_buf()?.len();
                if len == 0 {
                    break;
                }
                source.consume(len);
                bytes += len as u64;
            }
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                TrailingData {
                    format: self.format,
                    bytes,
                },
            ));
        }
    }
}

impl<R: Read> Members<R> {
    /// A decoder's error, said with the format and where it stopped: the byte of the file (as
    /// far as the decoder had read) and of the text.
    fn located(&mut self, error: io::Error) -> io::Error {
        let at = self.member.as_ref().map_or(0, |m| {
            let source = m.source();
            source.get_ref().bytes - source.buffer().len() as u64
        });
        // Nothing more can be read after a decoder's error.
        self.member = None;
        let kind = match error.kind() {
            io::ErrorKind::UnexpectedEof => io::ErrorKind::UnexpectedEof,
            _ => io::ErrorKind::InvalidData,
        };
        io::Error::new(
            kind,
            format!(
                "corrupt or truncated {} data near byte {at} of the file, after {} bytes of \
                 text: {error}",
                self.format.name(),
                self.text
            ),
        )
    }
}

/// xz allows zero bytes between streams and after the last (padding, in fours).
fn skip_stream_padding(source: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = source.fill_buf()?;
        let zeros = buf.iter().take_while(|&&b| b == 0).count();
        if zeros == 0 {
            return Ok(());
        }
        source.consume(zeros);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const TEXT: &str = "[Event \"e\"]\n1. 11-15 23-19 *\n\n";

    fn compress(format: Compression, text: &[u8]) -> Vec<u8> {
        match format {
            Compression::Gzip => {
                let mut e =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
            Compression::Zstd => zstd::encode_all(text, 3).unwrap(),
            Compression::Xz => {
                let mut e = liblzma::write::XzEncoder::new(Vec::new(), 6);
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
            Compression::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
        }
    }

    fn read_all(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        decompressed(Cursor::new(bytes))?.read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn each_format_is_told_by_its_bytes_and_members_are_joined() {
        for format in Compression::ALL {
            let mut bytes = compress(format, TEXT.as_bytes());
            assert_eq!(Compression::of(&bytes), Some(format));
            bytes.extend(compress(format, TEXT.as_bytes()));
            let out = read_all(bytes).unwrap();
            assert_eq!(out, TEXT.repeat(2).as_bytes(), "{}", format.name());
        }
        assert_eq!(read_all(TEXT.as_bytes().to_vec()).unwrap(), TEXT.as_bytes());
        assert_eq!(Compression::of(b"BZh"), None);
        assert_eq!(Compression::of(b"BZhx1234"), None);
    }

    #[test]
    fn trailing_bytes_come_after_the_text_and_say_their_format() {
        for format in Compression::ALL {
            let mut bytes = compress(format, TEXT.as_bytes());
            bytes.extend(b"debris!");
            let mut out = Vec::new();
            let mut reader = decompressed(Cursor::new(bytes)).unwrap();
            let error = reader.read_to_end(&mut out).unwrap_err();
            assert_eq!(out, TEXT.as_bytes(), "{}", format.name());
            let trailing = TrailingData::from_io(&error).expect("trailing data");
            assert_eq!((trailing.format, trailing.bytes), (format, 7));
        }
    }

    #[test]
    fn truncated_or_corrupt_data_is_a_located_error() {
        let text = TEXT.repeat(2000);
        for format in Compression::ALL {
            let whole = compress(format, text.as_bytes());
            let truncated = whole[..whole.len() / 2].to_vec();
            let error = read_all(truncated).unwrap_err();
            let message = error.to_string();
            assert!(
                message.starts_with(&format!(
                    "corrupt or truncated {} data near byte ",
                    format.name()
                )),
                "{message}"
            );
            // Corrupt bytes: an error that names the format, or (zstd without a checksum, as
            // `zstd` writes by default) other text; never a panic.
            let mut corrupt = whole.clone();
            for b in &mut corrupt[20..40] {
                *b ^= 0x55;
            }
            if let Err(error) = read_all(corrupt) {
                assert!(error.to_string().contains(format.name()), "{error}");
            }
        }
    }
}
