//! pdnkit: read, replay, check and convert draughts game records (PDN).
//!
//! The crate is laid out as the pipeline it implements:
//! - [`reader`]: bytes to a lossless game model (streaming, dialect-tolerant, located diagnostics);
//! - [`rules`]: variants as data, positions, move generation;
//! - the command-line front end lives in `cli` (binary only).

pub mod draw;
pub mod fen;
pub mod notation;
pub mod reader;
pub mod rules;
pub mod variant;
