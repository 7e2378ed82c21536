//! The PDN and FEN grammars of `grammar/*.md` as nom combinators: the executable specification
//! the fast readers are held to by property tests. Slow and plain on purpose; nothing else should
//! use them.

pub mod fen;
