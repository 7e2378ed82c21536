//! The PDN grammar of `grammar/pdn.md` as nom combinators: the executable specification the
//! fast reader is held to by property tests. (The FEN grammar is the FEN reader itself:
//! `fen::read`.)
//!
//! Each production of the documents is one function here, its EBNF line quoted in its doc
//! comment. These readers are slow and plain on purpose, as `rules::reference` is beside the
//! move generator: nothing but the tests uses them, so they are compiled for tests only (feature
//! `test-support`, which the tests turn on through the package's dev-dependency on itself).

pub mod pdn;
