//! PDN's small tokens under the names the reader has always given them: the productions of
//! [`super::grammar`] (move numbers, results, squares, moves, NAGs, strength marks, setups).

pub use super::grammar::is_delimiter;
pub use super::grammar::moves::{
    RawMove, may_be_result, move_number, plain_move, result, setup, strength, unknown_move,
};
pub use super::grammar::moves::{
    r#move as move_text, square as square_text, square_value as square,
};
pub use super::grammar::tags::tag_name;

/// Production `nag`: `$12`, returning its digits (the value is [`super::grammar::moves::nag`]'s).
pub fn nag(input: &[u8]) -> super::grammar::Res<'_, &[u8]> {
    use nom::Parser;
    nom::sequence::preceded(
        nom::bytes::complete::tag("$"),
        nom::character::complete::digit1,
    )
    .parse(input)
}
