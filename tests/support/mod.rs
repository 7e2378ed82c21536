//! What the integration tests share, one module a concern; each test file takes what it uses
//! (`use crate::support::cli;`). A helper may go unused where a file's tests are compiled out.
#![allow(dead_code)]

pub mod cases;
pub mod cli;
pub mod convert;
pub mod corpus;
pub mod draw_game;
pub mod fixtures;
pub mod outline;
pub mod rules;
pub mod schema;
