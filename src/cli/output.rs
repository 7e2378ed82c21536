//! Reader diagnostics in the compiler style of [`pdnkit::report::human`].

use pdnkit::finding::Finding;
use pdnkit::reader::Game;
use pdnkit::report::FileInfo;
use pdnkit::report::human::{Headline, Style, write_located_in};
use std::io::{self, Write};
use std::path::Path;

/// Writes `file:line:col: severity[CODE]: message`, then the source line and a caret.
pub fn write_diagnostic(
    out: &mut impl Write,
    style: Style,
    file: &str,
    path: Option<&Path>,
    game: &Game,
    diagnostic: &Finding,
) -> io::Result<()> {
    let file = FileInfo {
        name: file.to_string(),
        path: path.map(Path::to_path_buf),
    };
    let headline = Headline {
        level: diagnostic.level,
        code: diagnostic.code.as_str(),
        message: &diagnostic.message,
        span: game.locate(diagnostic.span),
        context: format!("game {}", game.index),
        encoding: game.encoding,
    };
    write_located_in(out, style, &file, &headline, &game.lines)
}
