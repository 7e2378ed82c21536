//! Inputs built to find quadratic paths in the reader and the checker: each family is
//! checked at a size `n` and at `8n`, where `8n` is the size that took 17-18 s while the path
//! was quadratic. A linear pass takes at most about eight times as long at eight times the size
//! (less, with the process's start-up in both); a quadratic one takes about 64 times as long.
//! The ratio is measured in one run, so a slow or busy machine does not change it much.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use pdnkit::check::{CheckOptions, check_game};
use pdnkit::reader::{ReadOptions, read_str};

/// Eight times the input may take at most this many times as long: three times what a linear
/// pass takes, a third of what a quadratic one takes.
const MAX_GROWTH: f64 = 24.0;

fn write(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("pdnkit-stress-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write");
    path
}

/// Runs `pdnkit check FILE` and returns how long it took; the run must end normally (exit 0
/// or 1), having read one game.
fn check_time(path: &Path) -> Duration {
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["check", "--quiet", "--format", "json", "--jobs", "1"])
        .arg(path)
        .output()
        .expect("run pdnkit");
    let elapsed = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}: exit {:?}: {stderr}",
        path.display(),
        out.status.code()
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(
        doc["totals"]["games"],
        1,
        "{}: one game read",
        path.display()
    );
    elapsed
}

/// The shortest of three checks of `text` (the others may have waited for the machine).
fn best_time(name: &str, text: &str) -> Duration {
    let path = write(name, text);
    let best = (0..3).map(|_| check_time(&path)).min().expect("three runs");
    let _ = std::fs::remove_file(&path);
    best
}

/// Checks `input(n / 8)` and `input(n)`, and fails when the larger took more than
/// [`MAX_GROWTH`] times as long.
#[track_caller]
fn assert_linear(name: &str, n: usize, input: impl Fn(usize) -> String) {
    let _one = one_at_a_time();
    let (small, large) = (input(n / 8), input(n));
    let small_time = best_time(name, &small);
    let large_time = best_time(name, &large);
    let growth = large_time.as_secs_f64() / small_time.as_secs_f64();
    eprintln!(
        "{name}: {} bytes in {small_time:?}, {} bytes in {large_time:?}: {growth:.1}x",
        small.len(),
        large.len()
    );
    assert!(
        growth < MAX_GROWTH,
        "{name}: eight times the input took {growth:.1} times as long \
         ({small_time:?}, then {large_time:?}): a path that is not linear"
    );
}

/// 80,000 tags in one game took 17 s: each name was looked up in a list of the names before it.
#[test]
fn many_tags_are_linear() {
    assert_linear("tags.pdn", 80_000, |n| {
        let mut text = String::with_capacity(n * 16);
        for i in 0..n {
            text.push_str(&format!("[T{i} \"v\"]\n"));
        }
        text.push_str("[GameType \"20\"]\n\n1. 32-28 19-23 *\n");
        text
    });
}

/// 70 nested `(`, then 40,000 `{` never closed, took 18 s: the end of the comment was searched
/// again from every `{`.
#[test]
fn unclosed_comments_in_deep_variations_are_linear() {
    assert_linear("braces.pdn", 40_000, |n| {
        format!(
            "[GameType \"20\"]\n\n1. 32-28 {}{}",
            "(1. 33-29 ".repeat(70),
            "{".repeat(n)
        )
    });
}

/// Closed comments on one line of move text, and on one line inside a deep variation (each `{`
/// found asks what line it is on).
#[test]
fn many_comments_on_one_line_are_linear() {
    assert_linear("comments.pdn", 40_000, |n| {
        format!("[GameType \"20\"]\n\n1. 32-28 {} 19-23 *\n", "{}".repeat(n))
    });
    assert_linear("deep-comments.pdn", 40_000, |n| {
        format!(
            "[GameType \"20\"]\n\n1. 32-28 {}{}{} *\n",
            "(1. 33-29 ".repeat(70),
            "{}".repeat(n),
            ")".repeat(70)
        )
    });
}

/// `(` never closed, and unreadable words.
#[test]
fn open_parentheses_and_junk_are_linear() {
    assert_linear("parens.pdn", 40_000, |n| {
        format!("[GameType \"20\"]\n\n1. 32-28 {}", "(".repeat(n))
    });
    assert_linear("junk.pdn", 40_000, |n| {
        format!("[GameType \"20\"]\n\n1. 32-28 {} *\n", "zz ".repeat(n))
    });
}

/// 100,000 move numbers without moves (`1. ` over and over) took 12.8 s: each was put back in
/// its place by a search of the game's list from the front.
#[test]
fn move_numbers_without_moves_are_linear() {
    let head = "[GameType \"20\"]\n\n1. 32-28 ";
    assert_linear("numbers.pdn", 100_000, |n| {
        format!("{head}{} *\n", "1. ".repeat(n))
    });
    assert_linear("ellipses.pdn", 100_000, |n| {
        format!("{head}{} *\n", "1... ".repeat(n))
    });
    assert_linear("numbers-after-moves.pdn", 100_000, |n| {
        format!("{head}19-23 {} *\n", "2. ".repeat(n))
    });
    // Each number goes back before the comment or NAG read after it (not merged into unread
    // text before it).
    assert_linear("numbers-before-comments.pdn", 100_000, |n| {
        format!("{head}{} *\n", "1. {} ".repeat(n))
    });
    assert_linear("numbers-before-nags.pdn", 100_000, |n| {
        format!("{head}{} *\n", "1. $1 ".repeat(n))
    });
}

/// Bytes allocated and not yet freed in this test binary, and the most there were since the
/// last [`Counting::reset_peak`]: the memory a reading takes, counted exactly (no timing).
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// One test at a time: a measurement of memory counts every allocation of the process, and a
/// measurement of time is steadier alone.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let live = LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed)
                    + (new_size - layout.size());
                PEAK.fetch_max(live, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most memory reading and checking `text` held at once, beyond what was held before
/// (the text itself not counted); and how many findings the reports list.
fn peak_bytes(text: &str) -> (usize, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let mut findings = 0;
    for game in read_str(text, ReadOptions::default()) {
        let report = check_game(&game, &CheckOptions::default());
        findings += report.findings.len();
        drop((report, game));
    }
    (PEAK.load(Ordering::Relaxed) - before, findings)
}

/// Reads and checks one game made of `n` and `2n` copies of `unit`: the memory taken must
/// grow about as the text does (at most `2.5` times for twice the text), and stay within
/// `max_ratio` times the text's size.
#[track_caller]
fn assert_memory_bounded(name: &str, unit: &str, n: usize, max_ratio: f64) {
    let _one = one_at_a_time();
    let game = |n: usize| format!("[GameType \"20\"]\n\n1. 32-28 {} *\n", unit.repeat(n));
    let (small, large) = (game(n), game(2 * n));
    let (small_peak, small_findings) = peak_bytes(&small);
    let (large_peak, large_findings) = peak_bytes(&large);
    let growth = large_peak as f64 / small_peak as f64;
    let ratio = large_peak as f64 / large.len() as f64;
    eprintln!(
        "{name}: {} bytes took {small_peak} bytes ({small_findings} findings), {} bytes took \
         {large_peak} bytes ({large_findings} findings): {growth:.2}x for twice the text, \
         {ratio:.1} bytes a byte",
        small.len(),
        large.len(),
    );
    assert!(
        growth < 2.5,
        "{name}: twice the text took {growth:.2} times the memory: not in proportion"
    );
    assert!(
        ratio < max_ratio,
        "{name}: {ratio:.1} bytes of memory a byte of text (at most {max_ratio})"
    );
}

/// One game of stray `)` took 3.1 GB for 15 MB in `check` (a listed diagnostic, and an
/// unread item, for each): the findings of one code a game are listed up to a limit and the
/// rest counted, and past it the unread text is kept as one item.
#[test]
fn stray_parentheses_take_bounded_memory() {
    assert_memory_bounded("stray-parens", ") ", 300_000, 10.0);
}

/// Unreadable words and move numbers without moves: the same limits.
#[test]
fn junk_and_dangling_numbers_take_bounded_memory() {
    assert_memory_bounded("junk", "zz ", 200_000, 10.0);
    assert_memory_bounded("dangling-numbers", "1. ", 200_000, 10.0);
}

/// 15 MB of `( 23-19 )` took 2.4 GB in `check`: each variation's illegal move was a finding
/// with its position drawn, and each variation's list of moves kept room for four. The
/// findings are listed up to the limit, and a closed variation keeps room for its moves only;
/// each variation is still a line of the game's tree (a list item, the line, its move).
#[test]
fn illegal_variations_take_bounded_memory() {
    assert_memory_bounded("variations", "( 23-19 ) ", 60_000, 22.0);
}

/// 15 MB of NAGs took 1.6 GB: every NAG was an item as large as a parsed FEN setup. NAGs
/// written one after another are now one item, 12 bytes a NAG.
#[test]
fn nags_take_bounded_memory() {
    assert_memory_bounded("nags", "$1 ", 200_000, 14.0);
}

/// The shapes that take the most a byte: an empty comment (an item of its list and a comment,
/// for two bytes of text: 33 bytes a byte), and a move with a NAG after it (a record, and its
/// list of items kept beside the records). Their ceilings are what `docs/limits.md` states.
#[test]
fn comments_and_annotated_moves_take_bounded_memory() {
    assert_memory_bounded("comments", "{} ", 200_000, 38.0);
    assert_memory_bounded("annotated-moves", "23-19 $1 ", 100_000, 22.0);
}

/// A findings list cut at the limit says so: the last finding of the code counts the others.
#[test]
fn findings_left_out_are_counted() {
    let _one = one_at_a_time();
    let text = format!("[GameType \"20\"]\n\n1. 32-28 {} *\n", ") ".repeat(5000));
    let games = read_str(&text, ReadOptions::default());
    let report = check_game(&games[0], &CheckOptions::default());
    let strays: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.code == "E-STRAY-PARENTHESIS")
        .collect();
    assert_eq!(strays.len(), 1001, "1000 listed and one for the rest");
    assert!(
        strays.iter().any(|f| f
            .message
            .starts_with("4000 more like this in this game, left out")),
        "{:?}",
        strays.last()
    );
}

/// `perft 1000` overflowed the stack at about 700 plies: depths past what can finish are
/// refused with a message (exit 2).
#[test]
fn perft_refuses_a_depth_that_cannot_finish() {
    let _one = one_at_a_time();
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["perft", "--variant", "english", "1000"])
        .output()
        .expect("run pdnkit");
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("perft 1000: exit {:?}: {stderr}", out.status.code());
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("0..=64"), "{stderr}");
}

/// Variations nested as deep as the reader takes them (and one level more, kept as text) go
/// through every command that walks the tree, on worker threads too, without overflowing a
/// stack (this binary is built without full optimisation, so its frames are the larger ones).
#[test]
fn deepest_variations_pass_every_command() {
    let _one = one_at_a_time();
    let depth = pdnkit::reader::parse::MAX_VARIATION_DEPTH + 1;
    let text = format!(
        "[GameType \"21\"]\n\n1. 11-15 {{a}} $1 {}24-20 {{b}} $2{} 2. 23-19 *\n",
        "(1. 10-14 {c} $3 ".repeat(depth),
        ")".repeat(depth)
    );
    let path = write("deep.pdn", &text);
    let file = path.to_str().expect("a UTF-8 path");
    let runs: [&[&str]; 10] = [
        &["check", "--jobs", "1", file],
        &["check", "--jobs", "2", "--format", "json", file],
        &["check", "--format", "html", file],
        &["parse", "--format", "json", file],
        &["convert", "--to", "pdn", file],
        &["convert", "--to", "json", "--jobs", "2", file],
        &["convert", "--to", "positions", file],
        &["convert", "--fix", "--to", "pdn", file],
        &["stats", file],
        &["filter", "--plies", "1..", file],
    ];
    for args in runs {
        let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
            .args(args)
            .output()
            .expect("run pdnkit");
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "pdnkit {args:?}: exit {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_file(&path);
}

/// The most memory this process has held (VmHWM, kilobytes): C decoders' buffers too, which the
/// counting allocator does not see.
#[cfg(target_os = "linux")]
fn high_water_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// In a child process of this binary (`PDNKIT_DECOMPRESS` names a file): reads the file
/// decompressed, 64 KiB at a time, and prints how much the high-water mark grew meanwhile.
#[cfg(target_os = "linux")]
fn decompress_in_child(path: &str) {
    use std::io::Read;
    let before = high_water_kb();
    let mut source = pdnkit::reader::open_path(Path::new(path)).expect("opens");
    let mut buf = vec![0u8; 1 << 16];
    let mut total = 0u64;
    loop {
        match source.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => total += n as u64,
            Err(e) => panic!("{path}: {e}"),
        }
    }
    println!("PEAK-GROWTH-KB {} TEXT {total}", high_water_kb() - before);
}

/// Compressed input is read in flat memory: 8 times the text (4 and 32 MiB, each format) takes
/// no more memory than the decoder's window and buffers, measured in a fresh process each.
#[cfg(target_os = "linux")]
#[test]
fn compressed_input_is_read_in_flat_memory() {
    use std::io::Write;
    if let Ok(path) = std::env::var("PDNKIT_DECOMPRESS") {
        decompress_in_child(&path);
        return;
    }
    let _one = one_at_a_time();
    let text = |mib: usize| -> Vec<u8> {
        let mut text = Vec::with_capacity(mib << 20);
        let mut i = 0u64;
        while text.len() < mib << 20 {
            let round = i.wrapping_mul(2_654_435_761) % 100_003;
            write!(
                text,
                "[Event \"{i}\"]\n[Round \"{round}\"]\n[GameType \"21\"]\n1. 11-15 23-19 *\n\n"
            )
            .unwrap();
            i += 1;
        }
        text
    };
    let compress = |format: &str, text: &[u8]| -> Vec<u8> {
        match format {
            "gzip" => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
            "zstd" => zstd::encode_all(text, 1).unwrap(),
            "xz" => {
                let mut e = liblzma::write::XzEncoder::new(Vec::new(), 1);
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
            _ => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
        }
    };
    let dir = std::env::temp_dir().join(format!("pdnkit-stress-flat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (small, large) = (text(4), text(32));
    for format in ["gzip", "zstd", "xz", "bzip2"] {
        let mut growth = Vec::new();
        for (size, text) in [("small", &small), ("large", &large)] {
            let path = dir.join(format!("{size}.{format}"));
            std::fs::write(&path, compress(format, text)).unwrap();
            let out = Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "compressed_input_is_read_in_flat_memory",
                    "--nocapture",
                ])
                .env("PDNKIT_DECOMPRESS", &path)
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&out.stdout);
            let line = said
                .lines()
                .find(|l| l.starts_with("PEAK-GROWTH-KB"))
                .unwrap_or_else(|| {
                    panic!("{format}: {said}{}", String::from_utf8_lossy(&out.stderr))
                });
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(
                fields[3],
                text.len().to_string(),
                "{format}: all the text read"
            );
            growth.push(fields[1].parse::<u64>().unwrap());
        }
        eprintln!(
            "{format}: memory grew {} KB for 4 MiB of text, {} KB for 32 MiB",
            growth[0], growth[1]
        );
        // Flat: eight times the text, at most 4 MiB more (the larger file may fill a decoder's
        // window the smaller one did not), and far less than the text.
        assert!(growth[1] <= growth[0] + 4096, "{format}: {growth:?} KB");
        assert!(
            growth[1] < 16 << 10,
            "{format}: {} KB for 32 MiB of text",
            growth[1]
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
