//! The PDN and FEN grammars of `grammar/*.md` as nom combinators: the executable specification
//! the fast readers are held to by property tests.
//!
//! Each production of the documents is one function here, its EBNF line quoted in its doc
//! comment. These readers are slow and plain on purpose, as `rules::reference` is beside the
//! move generator: nothing but the tests should use them.

pub mod fen;
pub mod pdn;
