//! The PDN and FEN grammars of `grammar/*.md` as nom combinators: the executable specification
//! the fast readers are held to by property tests.
//!
//! Each production of the documents is one function here, its EBNF line quoted in its doc
//! comment. These readers are slow and plain on purpose, as `rules::reference` is beside the
//! move generator: nothing but the tests uses them, so they are compiled for tests only (feature
//! `test-support`, which the tests turn on through the package's dev-dependency on itself).

pub mod fen;
pub mod pdn;
