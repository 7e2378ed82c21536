//! Opening input: plain or compressed ([`super::compressed`]: gzip, zstd, xz, bzip2, told by
//! their magic bytes rather than by the file name), and reading the small files read whole.

pub use super::compressed::{Compression, TrailingData, decompressed};
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The extensions of compressed files, for telling a game file by its name
/// (`games.pdn.zst`); what a file holds is told by its content.
pub const COMPRESSED_EXTENSIONS: &[&str] = &["gz", "zst", "xz", "bz2"];

/// Whether the file at `path` is compressed, by its first bytes (a file that cannot be read is
/// not).
pub fn is_compressed_file(path: &Path) -> bool {
    let mut head = Vec::new();
    File::open(path)
        .and_then(|file| file.take(8).read_to_end(&mut head))
        .is_ok_and(|_| Compression::of(&head).is_some())
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
