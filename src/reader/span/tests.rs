use super::*;

fn index(text: &str, base: u64, start: (u64, u32), newline: u8, utf8: bool) -> LineIndex {
    LineIndex::build(text.as_bytes(), base, start, newline, utf8)
}

#[test]
fn lines_and_columns() {
    let text = "ab\ncdé f\r\ng";
    let lines = index(text, 100, (1, 0), b'\n', true);
    assert_eq!(
        lines.locate(Span::new(100, 2)),
        Location {
            offset: 100,
            len: 2,
            line: 1,
            column: 1
        }
    );
    // é is two bytes but one column.
    let f = text.find('f').unwrap() as u64;
    assert_eq!(lines.line_column(100 + f), (2, 5));
    let g = text.find('g').unwrap() as u64;
    assert_eq!(lines.line_column(100 + g), (3, 1));
    // Counted in bytes when the text is not UTF-8.
    let bytewise = index(text, 100, (1, 0), b'\n', false);
    assert_eq!(bytewise.line_column(100 + f), (2, 6));
    assert_eq!(position_after(text.as_bytes(), (1, 0), b'\n', true), (3, 1));
}

#[test]
fn positions_after() {
    assert_eq!(position_after(b"abc", (2, 5), b'\n', true), (2, 8));
    assert_eq!(position_after("aé".as_bytes(), (1, 0), b'\n', true), (1, 2));
    assert_eq!(
        position_after("aé".as_bytes(), (1, 0), b'\n', false),
        (1, 3)
    );
    assert_eq!(position_after(b"a\n", (4, 9), b'\n', true), (5, 0));
    assert_eq!(position_after(b"a\rb\rcd", (1, 0), b'\r', false), (3, 2));
}

#[test]
fn lines_past_four_billion() {
    // A chunk deep in a huge archive: line numbers do not wrap at 2^32.
    let first = u64::from(u32::MAX) - 1;
    let lines = index("a\nb\nc", 0, (first, 0), b'\n', true);
    assert_eq!(lines.line_column(4).0, first + 2);
    assert_eq!(lines.line_column(0).0, first);
}

#[test]
fn text_starting_mid_line() {
    let text = "[Event \"b\"] x\ny";
    let lines = index(text, 15, (1, 15), b'\n', true);
    assert_eq!(lines.line_column(15), (1, 16));
    assert_eq!(lines.line_column(15 + 13), (1, 29));
    assert_eq!(lines.line_column(15 + 14), (2, 1));
}

#[test]
fn carriage_return_files() {
    let lines = index("a\rb\rc", 0, (1, 0), b'\r', false);
    assert_eq!(lines.line_column(4), (3, 1));
}

#[test]
fn an_index_without_marks_is_one_line() {
    assert_eq!(LineIndex::default().line_column(41), (1, 42));
}

#[test]
fn added_and_merged_marks_keep_their_places() {
    // Two stretches of one file, indexed apart (a game and the comments before it), and a
    // note located elsewhere, past both.
    let text = "{a}\n\n[E \"x\"]\n1. 11-15 *\n\n";
    let whole = index(text, 0, (1, 0), b'\n', true);
    let mut late = index(&text[5..], 5, whole_position(&whole, 5), b'\n', true);
    late.merge(index(&text[..5], 0, (1, 0), b'\n', true));
    late.add(Location {
        offset: 500,
        len: 1,
        line: 90,
        column: 3,
    });
    for at in 0..text.len() as u64 {
        assert_eq!(late.line_column(at), whole.line_column(at), "at {at}");
    }
    assert_eq!(late.line_column(501), (90, 4));
}

fn whole_position(index: &LineIndex, at: u64) -> (u64, u32) {
    let (line, column) = index.line_column(at);
    (line, column - 1)
}

#[test]
fn spans_are_written_and_read_with_their_lines() {
    let lines = index("ab\ncd", 0, (7, 0), b'\n', true);
    let span = Span::new(4, 1);
    let json = serde_json::to_string(&Locator::new(&lines).with(&span)).unwrap();
    assert_eq!(json, r#"{"offset":4,"len":1,"line":8,"column":2}"#);
    let read: Span = serde_json::from_str(&json).unwrap();
    assert_eq!(read, span);
    let place: Location = serde_json::from_str(&json).unwrap();
    assert_eq!(LineIndex::of_places([place]).locate(read).line, 8);
    // Places read in any order (a hostile file's) are put in order once; of two for one
    // offset, the later stands.
    let json = r#"[{"offset":9,"len":1,"line":3,"column":1},
        {"offset":2,"len":1,"line":1,"column":3},
        {"offset":9,"len":1,"line":4,"column":2}]"#;
    let places: Vec<Location> = serde_json::from_str(json).unwrap();
    let index = LineIndex::of_places(places);
    assert_eq!(index.line_column(2), (1, 3));
    assert_eq!(index.line_column(9), (4, 2));
    assert_eq!(index.line_column(11), (4, 4));
    // An index that knows nothing (a game built by a program): one line.
    assert_eq!(
        serde_json::to_string(&Locator::new(&LineIndex::default()).with(&span)).unwrap(),
        r#"{"offset":4,"len":1,"line":1,"column":5}"#
    );
}

/// Line and column counted the plain way, from the start.
fn naive(bytes: &[u8], first: (u64, u32), newline: u8, utf8: bool, at: usize) -> (u64, u32) {
    let before = &bytes[..at];
    let breaks = before.iter().filter(|&&b| b == newline).count() as u64;
    let line_start = before.iter().rposition(|&b| b == newline).map(|i| i + 1);
    let column = line_start.map_or(first.1, |_| 0)
        + before[line_start.unwrap_or(0)..]
            .iter()
            .filter(|&&b| !utf8 || (b & 0xC0) != 0x80)
            .count() as u32;
    (first.0 + breaks, column + 1)
}

proptest::proptest! {
    /// Every offset, even one inside a character, is located as counting from the start
    /// locates it.
    #[test]
    fn the_index_answers_like_counting_from_the_start(
        pieces in proptest::collection::vec(0..6usize, 0..300),
        utf8 in proptest::bool::ANY,
        carriage_returns in proptest::bool::ANY,
    ) {
        const PIECES: [&str; 6] = ["a", "é", "\n", "\r\n", " ", "xyz€"];
        let newline = if carriage_returns { b'\r' } else { b'\n' };
        let text: String = pieces.iter().map(|&p| PIECES[p]).collect();
        let bytes = text.as_bytes();
        let first = (3, 7);
        // Counted directly near the start, and through the line breaks once found.
        let counting = LineIndex::build(bytes, 100, first, newline, utf8);
        let searching = LineIndex::build(bytes, 100, first, newline, utf8);
        searching.lines();
        for at in 0..=bytes.len() {
            for lines in [&counting, &searching] {
                proptest::prop_assert_eq!(
                    lines.line_column(100 + at as u64),
                    naive(bytes, first, newline, utf8, at),
                    "at {} of {:?}", at, text
                );
            }
        }
        let (line, column) = position_after(bytes, (first.0, first.1), newline, utf8);
        proptest::prop_assert_eq!(
            (line, column + 1),
            naive(bytes, first, newline, utf8, bytes.len())
        );
    }
}
