//! `pdnkit explain`: a code's entry, its exit codes, and `--all --markdown` as docs/codes.md.

use pdnkit::check::catalogue;
use std::process::{Command, Output};

fn explain(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .arg("explain")
        .args(args)
        .output()
        .expect("run pdnkit")
}

#[test]
fn a_code_is_explained_with_its_example_and_fix() {
    let out = explain(&["W-DATE-FORMAT"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let entry = catalogue::lookup("W-DATE-FORMAT").unwrap();
    assert!(text.starts_with("W-DATE-FORMAT (warning): "), "{text}");
    assert!(text.contains(entry.summary), "{text}");
    assert!(text.contains("    [Date \"1841-??-??\"]"), "{text}");
    assert!(text.contains("How to fix the record:"), "{text}");
    assert!(text.contains("`1841.??.??`"), "{text}");
}

#[test]
fn codes_are_read_in_any_case() {
    let out = explain(&["e-capture-mandatory"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("E-CAPTURE-MANDATORY (error)"));
}

#[test]
fn an_unknown_code_is_a_usage_error_with_a_suggestion() {
    let out = explain(&["W-DATE-FROMAT"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown code `W-DATE-FROMAT`"), "{err}");
    assert!(err.contains("did you mean `W-DATE-FORMAT`?"), "{err}");

    let out = explain(&["NOTHING-LIKE-IT"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("did you mean"));
}

#[test]
fn no_code_is_a_usage_error() {
    assert_eq!(explain(&[]).status.code(), Some(2));
}

#[test]
fn all_as_markdown_is_the_document() {
    let out = explain(&["--all", "--markdown"]);
    assert_eq!(out.status.code(), Some(0));
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(catalogue::DOC_PATH),
    )
    .unwrap();
    assert!(String::from_utf8(out.stdout).unwrap() == doc);
}

#[test]
fn all_lists_every_code() {
    let out = explain(&["--all"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for entry in catalogue::entries() {
        assert!(
            text.contains(&format!("{} (", entry.code)),
            "{}",
            entry.code
        );
    }
}

/// A code renamed with schema version 2 is explained under its new name, which is said first.
#[test]
fn an_old_spelling_names_the_new_code() {
    for (old, new) in [
        ("d-threefold", "N-DRAW-THREEFOLD"),
        ("W-UTF8-BOM", "N-UTF8-BOM"),
    ] {
        let out = explain(&[old]);
        assert_eq!(out.status.code(), Some(0), "{old}");
        let text = String::from_utf8(out.stdout).unwrap();
        let upper = old.to_ascii_uppercase();
        assert!(
            text.starts_with(&format!("{upper} is now called {new}")),
            "{text}"
        );
        assert!(text.contains(&format!("\n{new} (note): ")), "{text}");
    }
}

/// An unknown code is echoed with its control bytes escaped: an argument never drives the
/// terminal (an escape sequence, a carriage return over the message).
#[test]
fn an_unknown_code_is_echoed_with_its_control_bytes_escaped() {
    let out = explain(&["W-\x1b[31mRED\r\x07"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\x1b'), "{err:?}");
    assert!(!err.contains('\r'), "{err:?}");
    assert!(!err.contains('\x07'), "{err:?}");
    assert!(err.contains("unknown code `W-\\x1b[31mRED"), "{err:?}");
}
