//! `pdnkit parse --quiet`: the whole read, only the summary printed, the same counts and exit code
//! as without it.

use crate::support::cli;

use cli::{run, stdout};

#[test]
fn quiet_prints_only_the_summary_with_the_same_counts_and_exit_code() {
    let full = run(&["parse", "fixtures/"]);
    let quiet = run(&["parse", "--quiet", "fixtures/"]);
    assert_eq!(quiet.status.code(), full.status.code());
    assert_eq!(
        full.status.code(),
        Some(1),
        "the fixtures hold reader errors"
    );
    let summary = |text: &str| -> Vec<String> {
        text.lines()
            .skip_while(|l| !l.starts_with("read "))
            .skip(1) // the timing
            .map(str::to_string)
            .collect()
    };
    let (full, quiet) = (stdout(&full), stdout(&quiet));
    assert!(quiet.starts_with("read "), "{quiet}");
    assert!(!quiet.contains("error["), "{quiet}");
    assert!(full.contains("error["), "the full run lists diagnostics");
    assert_eq!(summary(&quiet), summary(&full));
    assert!(summary(&quiet).len() > 3, "{quiet}");
}
