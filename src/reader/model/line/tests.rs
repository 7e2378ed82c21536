use super::*;
use crate::reader::model::{Comment, CommentStyle};
use proptest::prelude::*;

fn span(offset: u64, len: u32) -> Span {
    Span { offset, len }
}

fn node(
    number: Option<(u32, bool, u64, u32)>,
    squares: &[Square],
    separator: Option<char>,
    at: Span,
) -> MoveNode {
    MoveNode {
        number: number.map(|(number, ellipsis, offset, len)| MoveNumber {
            number,
            ellipsis,
            span: span(offset, len),
        }),
        token: MoveToken {
            kind: if squares.is_empty() {
                MoveKind::Unknown
            } else if separator == Some('-') {
                MoveKind::Step
            } else {
                MoveKind::Capture
            },
            squares: SmallVec::from_slice(squares),
            separator,
            raw: None,
            span: at,
        },
        strength: None,
        after: Annotations::new(),
    }
}

fn comment(offset: u64) -> Annotation {
    Annotation::from(Comment {
        style: CommentStyle::Brace,
        text: "c".into(),
        commands: thin_vec::ThinVec::new(),
        span: span(offset, 3),
    })
}

/// Moves of every shape: those a record holds, and each way of not fitting one.
fn shapes() -> Vec<MoveNode> {
    let num = |n: u8| Square::Num(n);
    let plain = node(
        Some((12, false, 100, 3)),
        &[num(32), num(28)],
        Some('-'),
        span(104, 5),
    );
    let mut shapes = vec![
        plain.clone(),
        node(None, &[num(28), num(19)], Some('x'), span(110, 5)),
        node(
            Some((12, true, 90, 5)),
            &[num(19), num(23)],
            Some('-'),
            span(96, 5),
        ),
        node(None, &[], None, span(120, 3)),
        node(
            None,
            &[
                Square::Alg { file: 2, rank: 2 },
                Square::Alg { file: 3, rank: 3 },
            ],
            None,
            span(130, 4),
        ),
        // Four squares fit; five do not.
        node(
            None,
            &[num(1), num(10), num(19), num(28)],
            Some('x'),
            span(140, 10),
        ),
        node(
            None,
            &[num(1), num(10), num(19), num(28), num(37)],
            Some('x'),
            span(160, 13),
        ),
        // A separator that is not ASCII, a token longer than a record's length, a number too
        // large, too long or too far before its move, a number after its move, spans that are
        // nowhere.
        node(None, &[num(1), num(5)], Some('×'), span(180, 6)),
        node(None, &[num(1), num(5)], Some('-'), span(200, 70_000)),
        node(
            Some((70_000, false, 300, 6)),
            &[num(1), num(5)],
            Some('-'),
            span(307, 3),
        ),
        node(
            Some((7, false, 310, 300)),
            &[num(1), num(5)],
            Some('-'),
            span(611, 3),
        ),
        node(
            Some((7, false, 1, 2)),
            &[num(1), num(5)],
            Some('-'),
            span(100_000, 3),
        ),
        node(
            Some((7, false, 500, 2)),
            &[num(1), num(5)],
            Some('-'),
            span(400, 3),
        ),
        node(
            Some((7, false, u64::MAX, 0)),
            &[num(1), num(5)],
            Some('-'),
            span(400, 3),
        ),
        node(None, &[num(1), num(5)], Some('-'), Span::NOWHERE),
    ];
    let mut raw = plain.clone();
    raw.token.raw = Some(Box::new("32 - 28".into()));
    let mut strong = plain.clone();
    strong.strength = Some(Box::new(Strength {
        text: "!?".into(),
        span: span(109, 2),
    }));
    let mut annotated = plain;
    annotated.after.push(comment(112));
    shapes.extend([raw, strong, annotated]);
    shapes
}

#[test]
fn a_record_is_a_third_of_a_node() {
    assert_eq!(std::mem::size_of::<Record>(), 32);
    assert!(std::mem::size_of::<MoveNode>() >= 3 * 32);
}

#[test]
fn every_shape_of_move_reads_back_as_written() {
    let nodes = shapes();
    let line = Line::from_nodes(Annotations::new(), nodes.clone());
    assert_eq!(line.len(), nodes.len());
    assert_eq!(line.to_nodes(), nodes);
    for (view, node) in line.iter().zip(&nodes) {
        assert_eq!(view.number(), node.number);
        assert_eq!(view.kind(), node.token.kind);
        assert_eq!(view.squares(), node.token.squares.as_slice());
        assert_eq!(view.separator(), node.token.separator);
        assert_eq!(view.raw(), node.token.raw.as_deref().map(String::as_str));
        assert_eq!(view.span(), node.token.span);
        assert_eq!(view.strength(), node.strength.as_deref());
        assert_eq!(view.after(), node.after.as_slice());
        assert_eq!(view.token(), node.token);
        assert_eq!(view.canonical(), node.token.canonical());
    }
}

#[test]
fn plain_moves_take_records_and_the_rest_are_kept_whole() {
    let line = Line::from_nodes(Annotations::new(), shapes());
    let compact: Vec<bool> = line.records.iter().map(|r| !r.is_full()).collect();
    // The first six fit a record (the fourth is unknown, the fifth algebraic, the sixth has
    // four squares), a move that is nowhere in the text, and the last, with a comment after
    // it (the comment kept beside the records); none of the others does.
    let mut expected = vec![true; 6];
    expected.resize(line.len(), false);
    expected[14] = true;
    *expected.last_mut().expect("shapes") = true;
    assert_eq!(compact, expected);
    assert_eq!(line.full.len(), line.len() - 8);
    assert_eq!(line.afters.len(), 1);
}

#[test]
fn the_fast_path_writes_what_push_writes() {
    let num = |n: u8| Square::Num(n);
    let squares = [num(26), num(17), num(10), num(1)];
    let mut fast = Line::default();
    let number = PlainNumber::new(31, true, 7, 5).expect("fits");
    fast.push_plain(
        1_000,
        10,
        Some(number),
        MoveKind::Capture,
        || squares,
        4,
        b'x',
    );
    fast.push_plain(1_011, 5, None, MoveKind::Step, || squares, 2, b'-');
    let mut slow = Line::default();
    slow.push(node(
        Some((31, true, 993, 5)),
        &squares,
        Some('x'),
        span(1_000, 10),
    ));
    slow.push(node(None, &squares[..2], Some('-'), span(1_011, 5)));
    assert!(fast.full.is_empty() && slow.full.is_empty());
    assert_eq!(fast, slow);
    assert_eq!(fast.to_nodes(), slow.to_nodes());
    assert!(PlainNumber::new(70_000, false, 3, 3).is_none());
    assert!(PlainNumber::new(1, false, 70_000, 3).is_none());
    assert!(PlainNumber::new(1, false, 3, 300).is_none());
}

#[test]
fn a_move_changed_in_place_is_kept_whole_and_the_rest_is_untouched() {
    let nodes = shapes();
    let mut line = Line::from_nodes(Annotations::new(), nodes.clone());
    let before = line.clone();
    // Taken to change but left as it was, a move is still equal to its record.
    let _ = line.node_mut(0);
    assert!(line.records[0].is_full());
    assert_eq!(line, before);
    line.node_mut(1).after.push(comment(116));
    let last = line.len() - 1;
    line.node_mut(last).strength = None;
    let mut expected = nodes;
    expected[1].after.push(comment(116));
    expected[last].strength = None;
    assert_eq!(line.to_nodes(), expected);
    assert_ne!(line, before);
}

#[test]
fn moves_taken_out_as_nodes_and_put_back_are_the_same_moves() {
    let nodes = shapes();
    let mut line = Line::from_nodes(Annotations::new(), nodes.clone());
    line.node_mut(0).after.push(comment(1));
    let mut expected = nodes;
    expected[0].after.push(comment(1));
    let before = line.clone();
    let mut taken = line.take_nodes();
    assert_eq!(taken, expected);
    assert!(line.is_empty() && line.full.is_empty());
    line.put_nodes(taken.clone());
    assert_eq!(line, before);
    assert!(line.records.iter().all(Record::is_full), "kept whole");
    // Put back changed and fewer, after a move already there.
    let mut other = Line::from_nodes(Annotations::new(), [expected[1].clone()]);
    taken.truncate(3);
    taken[2].strength = None;
    other.put_nodes(taken.clone());
    let mut all = vec![expected[1].clone()];
    all.extend(taken);
    assert_eq!(other.to_nodes(), all);
}

#[test]
fn the_json_is_a_list_of_nodes_as_before() {
    let nodes = shapes();
    let before: Annotations = [comment(0)].into_iter().collect();
    let line = Line::from_nodes(before.clone(), nodes.clone());
    let index = crate::reader::LineIndex::default();
    let at = crate::reader::span::Locator::new(&index);
    let written = serde_json::to_value(at.with(&line)).expect("serialises");
    let Annotation::Comment(first) = &before[0] else {
        unreachable!("a comment")
    };
    let mut first = serde_json::to_value(at.with(&**first)).expect("serialises");
    first["type"] = "comment".into();
    let expected = serde_json::json!({ "before": [first], "moves": at.with(&nodes) });
    assert_eq!(written, expected);
    let read: Line = serde_json::from_value(written).expect("deserialises");
    assert_eq!(read, line);
    // Nothing before the first move: no `before` key, as before.
    let bare = Line::from_nodes(Annotations::new(), nodes);
    let bare = serde_json::to_value(at.with(&bare)).expect("json");
    assert!(bare.get("before").is_none());
    assert!(
        serde_json::from_str::<Line>(r#"{"before": []}"#).is_err(),
        "moves are required"
    );
}

fn arbitrary_node() -> impl Strategy<Value = MoveNode> {
    let square = prop_oneof![
        (1u8..=255).prop_map(Square::Num),
        (0u8..26, 0u8..26).prop_map(|(file, rank)| Square::Alg { file, rank }),
    ];
    (
        proptest::option::of((0u32..100_000, any::<bool>(), 0u64..400, 0u32..400)),
        proptest::collection::vec(square, 0..7),
        proptest::option::of(prop_oneof![Just('-'), Just('x'), Just(':'), Just('×')]),
        (0u64..400, 0u32..80_000),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(number, squares, separator, (offset, len), raw, strong, after)| {
                let mut n = node(number, &squares, separator, span(offset, len));
                if raw {
                    n.token.raw = Some(Box::new("as written".into()));
                }
                if strong {
                    n.strength = Some(Box::new(Strength {
                        text: "!".into(),
                        span: span(offset + 1, 1),
                    }));
                }
                if after {
                    n.after.push(comment(offset + 2));
                }
                n
            },
        )
}

proptest! {
    /// However a line is built and changed, it reads back as the same changes on a list of nodes.
    #[test]
    fn a_line_behaves_as_a_list_of_nodes(
        nodes in proptest::collection::vec(arbitrary_node(), 0..12),
        touched in proptest::collection::vec(0usize..12, 0..4),
        keep in 0usize..13,
        add_to_last in any::<bool>(),
    ) {
        let mut line = Line::from_nodes(Annotations::new(), nodes.clone());
        let mut expected = nodes;
        prop_assert_eq!(line.to_nodes(), expected.clone());
        if add_to_last && let Some(after) = line.last_after_mut() {
            after.push(comment(10));
            expected.last_mut().expect("a move").after.push(comment(10));
        }
        // Each move read by its index (the items after it found in the side list).
        for (k, node) in expected.iter().enumerate() {
            prop_assert_eq!(line.get(k).map(|m| m.to_node()), Some(node.clone()));
        }
        let len = expected.len();
        for &k in touched.iter().filter(|&&k| k < len) {
            line.node_mut(k).after.push(comment(9));
            expected[k].after.push(comment(9));
        }
        prop_assert_eq!(line.to_nodes(), expected.clone());
        let mut taken = line.take_nodes();
        prop_assert_eq!(&taken, &expected);
        taken.truncate(keep);
        expected.truncate(keep);
        line.put_nodes(taken);
        prop_assert_eq!(line.to_nodes(), expected.clone());
        prop_assert_eq!(line.len(), expected.len());
        prop_assert_eq!(&line, &Line::from_nodes(Annotations::new(), expected));
    }
}
