//! A `Line` keeps plain moves as records and the others (those that own heap memory) whole, beside
//! them. This binary counts the bytes live in its allocator: reading games with every kind of move that
//! does own something (comments and NAGs after it, variations, strength marks, text kept as
//! written, long captures) and dropping them gives every byte back.
//!
//! (One test in its own binary: the count is of the whole process.)

use pdnkit::reader::{ReadOptions, read_str};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size as isize - layout.size() as isize, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Each game has moves of one kind that owns heap memory, among plain ones that do not.
const GAMES: &str = r#"[Event "comment after a move"]
1. 32-28 {a comment} 19-23 2. 28x19 14x23 *

[Event "NAG and variation after a move"]
1. 32-28 $1 (1. 33-28 18-23) 19-23 2. 28x19 14x23 *

[Event "nested variations before the first move"]
(1. 31-27 (1. 33-29 17-21) 16-21) 1. 32-28 19-23 *

[Event "strength marks"]
1. 32-28! 19-23?! 2. 28x19!! 14x23 *

[Event "text kept as written"]
1. 32-28 19-23 2. 37-32 05-10 *

[Event "a long capture"]
[FEN "W:W15,47:B9,10,19,20,29,30,39,40"]
1. 47x36x27x18x7x16x27x38x49 *

[Event "a setup inside the moves"]
1. 32-28 /W:W28:B19/ 19-23 *
"#;

fn live() -> isize {
    LIVE.load(Ordering::SeqCst)
}

#[test]
fn dropping_games_frees_every_move() {
    let options = ReadOptions::default();
    // Once first: what is allocated once per process (lazily built tables) stays.
    drop(read_str(GAMES, options.clone()));

    let before = live();
    let games = read_str(GAMES, options.clone());
    let held = live() - before;
    // The games own heap memory beyond their move lists: the check below can fail.
    assert!(held > 0);
    let owning = games
        .iter()
        .flat_map(|g| g.moves.iter())
        .filter(|n| {
            !n.after().is_empty()
                || n.strength().is_some()
                || n.raw().is_some()
                || n.squares().len() > 4
        })
        .count();
    assert!(
        owning >= 7,
        "the fixture has moves that own memory: {owning}"
    );
    drop(games);
    assert_eq!(
        live(),
        before,
        "bytes still live after the games were dropped (of {held} held)"
    );
}
