//! Opening input: plain PDN or gzip-compressed PDN (`.pdn.gz`), told apart by the gzip magic
//! bytes rather than by the file name, so a renamed or piped archive reads the same.

use flate2::bufread::GzDecoder;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::Path;

/// The two bytes every gzip member starts with.
const GZIP_MAGIC: [u8; 2] = [0x1F, 0x8B];

/// The extensions of compressed files, for telling a game file by its name
/// (`games.pdn.zst`); what a file holds is told by its content.
pub const COMPRESSED_EXTENSIONS: &[&str] = &["gz", "zst", "xz", "bz2"];

/// Whether the file at `path` is compressed, by its first bytes (a file that cannot be read is
/// not).
pub fn is_compressed_file(path: &Path) -> bool {
    let mut head = [0u8; 2];
    File::open(path)
        .and_then(|mut file| file.read_exact(&mut head))
        .is_ok_and(|()| head == GZIP_MAGIC)
}

/// Opens a file for [`Reader`](super::Reader): decompressed on the fly when it is gzip.
pub fn open_path(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    decompressed(File::open(path)?)
}

/// Reads the whole file at `path` as UTF-8 text, refusing one longer than `limit` bytes (for
/// the files read whole: `pdnkit.toml`, baselines), so that a path such as `/dev/zero` or a
/// huge file cannot fill the memory. Reads at most `limit + 1` bytes. A file over the limit is
/// an [`io::ErrorKind::FileTooLarge`] error whose message gives the limit.
pub fn read_to_string_limited(path: &Path, limit: u64) -> io::Result<String> {
    let mut bytes = Vec::new();
    File::open(path)?
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("longer than the limit of {}", human_size(limit)),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

/// `limit` in the unit it is a whole number of (`1 MiB`, `256 MiB`, `100 bytes`).
fn human_size(limit: u64) -> String {
    const MIB: u64 = 1 << 20;
    const KIB: u64 = 1 << 10;
    match limit {
        0 => "0 bytes".to_string(),
        n if n.is_multiple_of(MIB) => format!("{} MiB", n / MIB),
        n if n.is_multiple_of(KIB) => format!("{} KiB", n / KIB),
        n => format!("{n} bytes"),
    }
}

/// Wraps any source (a file, standard input) so that gzip data is decompressed, and anything else
/// passes through unchanged. Concatenated gzip members (`cat a.gz b.gz`) are read as one stream.
/// Corrupt compressed data surfaces as an I/O error from `read`. Bytes after the last member that
/// are not gzip (padding, a truncated copy) end the stream with a [`TrailingData`] error, after
/// every decompressed byte: the reader keeps all the games and reports it as a warning.
pub fn decompressed<R: Read + Send + 'static>(mut source: R) -> io::Result<Box<dyn Read + Send>> {
    // Look at the first two bytes, however few each read gives, then put them back in front.
    let mut head = [0u8; 2];
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
    if head[..got] == GZIP_MAGIC {
        Ok(Box::new(GzMembers {
            decoder: Some(GzDecoder::new(BufReader::new(rejoined))),
        }))
    } else {
        Ok(Box::new(rejoined))
    }
}

/// Bytes after the last gzip member that start no new member: reported by the reader as
/// `W-GZIP-TRAILING-DATA`, once every game before them has been read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrailingData {
    /// How many bytes follow the last member.
    pub bytes: u64,
}

impl fmt::Display for TrailingData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} bytes after the end of the gzip data", self.bytes)
    }
}

impl std::error::Error for TrailingData {}

impl TrailingData {
    /// The trailing-data report inside an I/O error, if that is what it is.
    pub fn from_io(error: &io::Error) -> Option<TrailingData> {
        error.get_ref()?.downcast_ref::<TrailingData>().copied()
    }
}

/// Gzip members one after the other, each decoded by its own decoder over one buffered source:
/// what follows a member is looked at before another decoder is started.
struct GzMembers<R> {
    /// `None` once the stream has ended (and any trailing data was reported).
    decoder: Option<GzDecoder<BufReader<R>>>,
}

impl<R: Read> Read for GzMembers<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(decoder) = &mut self.decoder else {
                return Ok(0);
            };
            let n = decoder.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The member has ended: another one, the end, or trailing bytes.
            let mut source = self.decoder.take().expect("a decoder").into_inner();
            let head = source.fill_buf()?;
            if head.is_empty() {
                return Ok(0);
            }
            // (The first magic byte decides: the second may not be buffered yet. A corrupt
            // member is an error of its decoder.)
            if head[0] == GZIP_MAGIC[0] {
                self.decoder = Some(GzDecoder::new(source));
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
                TrailingData { bytes },
            ));
        }
    }
}
