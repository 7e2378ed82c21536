//! The integration tests, one module a file, built as one binary: a fresh clone compiles and
//! links them once, not once a file. (`model_drop` and `stress` stay binaries of their own: they
//! measure the allocator and the clock, which tests running beside them would disturb.)
//!
//! Run one file's tests with its module name: `cargo test --test integration cli_safety::`.

mod support;

// The reader: dialects, grammar, encodings, round trips.
mod compressed_cli;
mod fen;
mod fen_grammar;
mod pdn_grammar;
mod reader_dialects;
mod reader_edge_cases;
mod reader_gzip;
mod reader_roundtrip;
mod reader_snapshots;
mod reader_source;
mod record_count;
mod setup;

// The rules: move generation, perft, replay.
mod replay;
mod rules_brainking;
mod rules_canadian;
mod rules_dameo;
mod rules_english;
mod rules_file_cli;
mod rules_frisian;
mod rules_hawaiian;
mod rules_international;
mod rules_italian;
mod rules_parachute;
mod rules_perft;
mod rules_reference;
mod rules_replay;
mod rules_russian;
mod rules_turkish;
mod variant_snapshots;

// Draw rules.
mod draw_repetition;
mod draws_fixtures;
mod draws_official;
mod draws_servers;

// check and its reports.
mod baseline_paths;
mod capture_legs;
mod check_bugs;
mod check_ci_reports;
mod check_concise;
mod check_corpus;
mod check_excerpts;
mod check_fix;
mod check_habits;
mod check_html;
mod check_policy;
mod check_schema;
mod check_snapshots;
mod codes_doc;
mod dialects_check;
mod html_browser;
mod sarif_schema;

// convert, parse, show, explain.
mod convert_cli;
mod convert_fix;
mod convert_roundtrip;
mod convert_snapshots;
mod explain_cli;
mod json_game_regressions;
mod parse_cli;
mod parse_schema;
mod render_svg;
mod show_cli;

// The archive tools.
mod dedup_cli;
mod filter_cli;
mod merge_cli;
mod split_cli;
mod stats_cli;

// The command line as a whole.
mod cli;
mod cli_safety;
mod conventions_cli;
mod floods_cli;
mod readme_commands;
mod walk_cli;
