//! How many cases a property test runs: `PROPTEST_CASES` when set (to run long while
//! developing), else the test's own default (short enough for every `cargo test`). `use crate::support::cases;`.

use proptest::test_runner::Config;

pub fn cases(default: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    Config {
        cases,
        ..Config::default()
    }
}
