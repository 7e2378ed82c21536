//! Archive tools over the same pipeline as `check`: statistics, filters, duplicates, split and
//! merge. Each module computes one thing per game on the workers and folds the results in input
//! order, so the answer is the same for any number of jobs.

pub mod dedup;
pub mod merge;
pub mod source;
pub mod split;
pub mod stats;
