//! Rules engine: variants as data ([`rulebook`]), board geometry ([`board`]), notation squares
//! ([`numbering`]), positions ([`position`]), the bitboard move generator ([`movegen`]) and perft
//! ([`perft`]); any row as a TOML file, read and written ([`house`]). Beside the generator, the slow obvious one it is held equal to by a property test:
//! `reference`, compiled for tests only (feature `test-support`).

pub mod board;
pub mod house;
pub mod konane;
pub mod movegen;
pub mod moves;
pub mod numbering;
pub mod perft;
pub mod position;
#[cfg(feature = "test-support")]
pub mod reference;
pub mod rulebook;
pub mod text_board;
pub mod zobrist;

pub use board::{Bits, Cell, Geometry, Layout};
pub use moves::{Move, MoveList, PieceKind};
pub use numbering::{Numbering, SquareError, SquareMap};
pub use perft::{MAX_PERFT_DEPTH, divide, perft, perft_keep_duplicates};
pub use position::{KingRun, Position, SetupError};
pub use rulebook::{CapturePromotion, Goal, KingRange, Movement, Precedence, Removal, Rules};
