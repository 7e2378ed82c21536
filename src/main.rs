//! The `pdnkit` command. All the work is in the library and in `cli`; this only hands over.

mod cli;

// mimalloc: the reader and replay allocate many small strings and vectors per game, on every
// worker thread; glibc's malloc spent about a tenth of the parse in malloc/free.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
