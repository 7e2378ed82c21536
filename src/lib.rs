//! pdnkit: read, replay, check and convert draughts game records (PDN).
//!
//! The crate is laid out as the pipeline it implements:
//! - [`finding`]: every code pdnkit reports (its level, group and fix), and the one finding
//!   type that carries a code from the reader to the report;
//! - [`reader`]: bytes to a lossless game model (streaming, dialect-tolerant, located diagnostics);
//! - [`rules`]: variants as data, positions, move generation;
//! - [`replay`]: every recorded move matched to a legal one, illegal moves explained;
//! - [`draw_rules`]: draw rules (repetition, move limits) flagged along a replay;
//! - [`check`]: one game judged (reader, replay, draws, result);
//! - [`pipeline`]: inputs read in chunks of games, worked on by several threads, in input order;
//! - [`fix`]: `check --fix`, the findings' own bytes edited in place, every other byte kept;
//! - [`convert`]: games rewritten losslessly in another notation or format (canonical PDN, JSON);
//! - [`render`]: positions drawn as SVG (reports, `pdnkit show`);
//! - [`report`]: the checked games written for people (human) and machines (JSON, SARIF, ...);
//! - [`archive`]: archive tools (statistics, filters, duplicates, split and merge);
//! - [`ordered`]: work on several threads with results in input order (`convert -j`);
//! - the command-line front end lives in `cli` (binary only).

pub mod archive;
pub mod check;
pub mod convert;
pub mod draw_rules;
pub mod fen;
pub mod finding;
pub mod fix;
pub mod notation;
pub mod ordered;
pub mod pipeline;
pub mod reader;
pub mod render;
pub mod replay;
pub mod report;
pub mod rules;
pub mod variant;
