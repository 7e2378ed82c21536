//! Appending to a `Vec` with the value built where it is stored.
//!
//! `Vec::push` receives its value before it checks for room, and may call the allocator. So a
//! value of many fields (a move record) is assembled on the stack first, field by
//! field, and then copied 16 bytes at a time. A wide load that reads bytes written by several
//! narrow stores moments before cannot be forwarded from the store buffer, and stalls until they
//! reach the cache. On `parse --quiet` of OCA_2.0, the stall after one such load was a fifth of
//! the time `perf` sampled in the plain-move reader. Making room first and then writing into the
//! spare slot lets the compiler store each field where it belongs.

/// Appends `build()` to `vec`, built in the slot it will occupy. If `build` panics, `vec` is
/// left as it was.
#[inline(always)]
pub(crate) fn push_built<T>(vec: &mut Vec<T>, build: impl FnOnce() -> T) {
    vec.reserve(1);
    let len = vec.len();
    vec.spare_capacity_mut()[0].write(build());
    // SAFETY: `reserve` made room for the element at `len`, and it was written just above;
    // the elements before it were already initialised.
    unsafe { vec.set_len(len + 1) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends_in_order_through_growth() {
        let mut v: Vec<String> = Vec::with_capacity(1);
        for i in 0..100 {
            push_built(&mut v, || i.to_string());
        }
        let expected: Vec<String> = (0..100).map(|i| i.to_string()).collect();
        assert_eq!(v, expected);
    }

    #[test]
    fn a_panicking_build_leaves_the_vec_as_it_was() {
        let mut v = vec![String::from("kept")];
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            push_built(&mut v, || -> String { panic!("no value") })
        }));
        assert!(outcome.is_err());
        assert_eq!(v, ["kept"]);
    }
}
