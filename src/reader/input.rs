//! Opening input: plain PDN or gzip-compressed PDN (`.pdn.gz`), told apart by the gzip magic
//! bytes rather than by the file name, so a renamed or piped archive reads the same.

use flate2::read::MultiGzDecoder;
use std::fs::File;
use std::io::{self, Cursor, Read};
use std::path::Path;

/// The two bytes every gzip member starts with.
const GZIP_MAGIC: [u8; 2] = [0x1F, 0x8B];

/// Opens a file for [`Reader`](super::Reader): decompressed on the fly when it is gzip.
pub fn open_path(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    decompressed(File::open(path)?)
}

/// Wraps any source (a file, standard input) so that gzip data is decompressed, and anything else
/// passes through unchanged. Concatenated gzip members (`cat a.gz b.gz`) are read as one stream.
/// Corrupt compressed data surfaces as an I/O error from `read`.
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
        Ok(Box::new(MultiGzDecoder::new(rejoined)))
    } else {
        Ok(Box::new(rejoined))
    }
}
