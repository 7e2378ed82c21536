//! Every file a run writes, against every file it reads: no input (game files, a directory's
//! files, standard input, `pdnkit.toml`, the baseline) is ever overwritten or appended to; a run
//! that fails leaves its output files as they were; an output keeps what it is (device, FIFO,
//! link, mode); an interrupted run leaves no temporary file behind. Each test compares the files'
//! bytes, modes and types before and after.

use super::cli_support::{assert_code, manifest, pdnkit, stderr, temp_dir};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// What a file is: its bytes, its permission bits and its type (or that it does not exist).
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    bytes: Option<Vec<u8>>,
    mode: Option<u32>,
    kind: &'static str,
}

fn snapshot(path: &Path) -> Snapshot {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Snapshot {
            bytes: None,
            mode: None,
            kind: "missing",
        };
    };
    #[cfg(unix)]
    let mode = {
        use std::os::unix::fs::PermissionsExt;
        Some(meta.permissions().mode() & 0o7777)
    };
    #[cfg(not(unix))]
    let mode = None;
    let kind = if meta.is_symlink() {
        "link"
    } else if meta.is_file() {
        "file"
    } else if meta.is_dir() {
        "dir"
    } else {
        "special"
    };
    Snapshot {
        bytes: meta.is_file().then(|| fs::read(path).unwrap()),
        mode,
        kind,
    }
}

/// A directory with `a.pdn` (one game with a finding), `b.pdn` (clean) and a `pdnkit.toml`.
fn workspace(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    fs::copy(
        manifest().join("fixtures/check/english.pdn"),
        dir.join("a.pdn"),
    )
    .unwrap();
    fs::copy(
        manifest().join("fixtures/check/clean.pdn"),
        dir.join("b.pdn"),
    )
    .unwrap();
    fs::write(
        dir.join("pdnkit.toml"),
        "[codes]\n\"W-DATE-FORMAT\" = \"warn\"\n",
    )
    .unwrap();
    dir
}

/// Runs pdnkit in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    pdnkit().current_dir(dir).args(args).output().unwrap()
}

/// Files whose names say a pdnkit run left them (temporary files of an output).
fn temporaries(dir: &Path) -> Vec<String> {
    let mut left = Vec::new();
    for entry in walkdir(dir) {
        let name = entry.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains(".pdnkit-") && name.ends_with(".partial") {
            left.push(name);
        }
    }
    left
}

fn walkdir(dir: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() && !path.is_symlink() {
            all.extend(walkdir(&path));
        } else {
            all.push(path);
        }
    }
    all
}

#[test]
fn no_output_overwrites_a_file_the_run_reads() {
    let dir = workspace("files-inputs");
    fs::write(dir.join("policy.toml"), "[codes]\n").unwrap();
    let baseline = run_in(&dir, &["check", "a.pdn", "--write-baseline", "bl.json"]);
    assert_code(&baseline, 1, "writing a baseline");
    // Each case: the arguments, and the file the run reads that its output names.
    let cases: &[(&[&str], &str)] = &[
        (&["check", "a.pdn", "--write-baseline", "a.pdn"], "a.pdn"),
        (&["check", ".", "--write-baseline", "b.pdn"], "b.pdn"),
        (
            &["check", "a.pdn", "--baseline", "bl.json", "-o", "bl.json"],
            "bl.json",
        ),
        (
            &[
                "check",
                "a.pdn",
                "--baseline",
                "bl.json",
                "--write-baseline",
                "bl.json",
            ],
            "bl.json",
        ),
        (&["check", "a.pdn", "-o", "pdnkit.toml"], "pdnkit.toml"),
        (
            &["check", "a.pdn", "--write-baseline", "pdnkit.toml"],
            "pdnkit.toml",
        ),
        (
            &[
                "check",
                "a.pdn",
                "--config",
                "policy.toml",
                "-o",
                "policy.toml",
            ],
            "policy.toml",
        ),
        (
            &["check", "a.pdn", "--format", "html", "-o", "a.pdn"],
            "a.pdn",
        ),
        (&["convert", ".", "-o", "a.pdn"], "a.pdn"),
        (&["merge", "a.pdn", "b.pdn", "-o", "b.pdn"], "b.pdn"),
        (&["filter", "a.pdn", "-o", "a.pdn"], "a.pdn"),
        (&["dedup", "a.pdn", "-o", "a.pdn"], "a.pdn"),
        (&["stats", "a.pdn", "-o", "a.pdn"], "a.pdn"),
        (&["show", "a.pdn", "--html", "a.pdn"], "a.pdn"),
        (&["show", "a.pdn", "--svg", "a.pdn"], "a.pdn"),
        // split names its files games-0001.pdn, ...: one of them is an input here.
        (
            &[
                "split",
                ".",
                "--games",
                "1",
                "--out-dir",
                ".",
                "--prefix",
                "a",
                "--force",
            ],
            "a-0001.pdn",
        ),
    ];
    fs::copy(dir.join("b.pdn"), dir.join("a-0001.pdn")).unwrap();
    for (args, read) in cases {
        let names = [
            "a.pdn",
            "b.pdn",
            "bl.json",
            "pdnkit.toml",
            "policy.toml",
            "a-0001.pdn",
        ];
        let before: Vec<Snapshot> = names.iter().map(|n| snapshot(&dir.join(n))).collect();
        let out = run_in(&dir, args);
        assert_code(&out, 2, &args.join(" "));
        assert!(
            stderr(&out).contains(read) && stderr(&out).contains("also an input"),
            "{args:?}: {}",
            stderr(&out)
        );
        let after: Vec<Snapshot> = names.iter().map(|n| snapshot(&dir.join(n))).collect();
        assert_eq!(before, after, "{args:?}: the files read are as they were");
        assert_eq!(temporaries(&dir), Vec::<String>::new(), "{args:?}");
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn two_outputs_of_one_run_are_refused_when_they_name_one_file() {
    let dir = workspace("files-two-outputs");
    for args in [
        &[
            "check",
            "a.pdn",
            "-o",
            "x.json",
            "--write-baseline",
            "x.json",
        ][..],
        &[
            "check",
            "a.pdn",
            "-o",
            "x.json",
            "--write-baseline",
            "./x.json",
        ][..],
        &["show", "a.pdn", "--svg", "x.json", "--html", "x.json"][..],
    ] {
        let out = run_in(&dir, args);
        assert_code(&out, 2, &args.join(" "));
        assert!(
            stderr(&out).contains("already an output"),
            "{}",
            stderr(&out)
        );
        assert_eq!(snapshot(&dir.join("x.json")).kind, "missing", "{args:?}");
    }
    let _ = fs::remove_dir_all(dir);
}

/// `pdnkit merge a.pdn >> a.pdn` would read its own output for ever: refused as GNU `cat`
/// refuses, for every command that reads games, through standard input too.
#[test]
fn standard_output_into_an_input_is_refused() {
    let dir = workspace("files-append");
    let input = dir.join("a.pdn");
    let commands: &[&[&str]] = &[
        &["merge", "-q"],
        &["convert", "-q"],
        &["filter", "-q"],
        &["check", "-q"],
        &["parse"],
        &["dedup", "-q"],
        &["stats", "-q"],
    ];
    for command in commands {
        for through_stdin in [false, true] {
            let before = snapshot(&input);
            let appending = fs::OpenOptions::new().append(true).open(&input).unwrap();
            let mut child = pdnkit();
            child.current_dir(&dir).args(*command).stdout(appending);
            if through_stdin {
                child.arg("-").stdin(fs::File::open(&input).unwrap());
            } else {
                child.arg("a.pdn");
            }
            let out = child.output().unwrap();
            let what = format!("{command:?} (stdin: {through_stdin}) >> a.pdn");
            assert_code(&out, 2, &what);
            assert!(
                stderr(&out).contains("input file is output file"),
                "{what}: {}",
                stderr(&out)
            );
            assert_eq!(snapshot(&input), before, "{what}");
        }
    }
    // Standard output to another file is a success.
    let other = fs::File::create(dir.join("out.pdn")).unwrap();
    let out = pdnkit()
        .current_dir(&dir)
        .args(["merge", "-q", "a.pdn"])
        .stdout(other)
        .output()
        .unwrap();
    assert_code(&out, 0, "merge > out.pdn");
    let _ = fs::remove_dir_all(dir);
}

/// A run that could not read every input (or found no games) leaves each file it would have
/// written as it was, and says so.
#[test]
fn a_failed_run_keeps_the_old_outputs() {
    let dir = workspace("files-failed");
    let cases: &[(&[&str], &str)] = &[
        (&["merge", "a.pdn", "missing.pdn", "-o", "out"], "out"),
        (&["convert", "a.pdn", "missing.pdn", "-o", "out"], "out"),
        (&["filter", "a.pdn", "missing.pdn", "-o", "out"], "out"),
        (&["dedup", "a.pdn", "missing.pdn", "-o", "out"], "out"),
        (&["stats", "a.pdn", "missing.pdn", "-o", "out"], "out"),
        (&["check", "a.pdn", "missing.pdn", "-o", "out"], "out"),
        (&["check", "missing.pdn", "--write-baseline", "out"], "out"),
        (
            &["check", "a.pdn", "missing.pdn", "--write-baseline", "out"],
            "out",
        ),
        (&["merge", "empty.pdn", "-o", "out"], "out"),
        (
            &[
                "split",
                "a.pdn",
                "missing.pdn",
                "--games",
                "1",
                "--out-dir",
                "parts",
                "--force",
            ],
            "parts/games-0001.pdn",
        ),
    ];
    fs::write(dir.join("empty.pdn"), "").unwrap();
    fs::create_dir(dir.join("parts")).unwrap();
    for (args, output) in cases {
        let path = dir.join(output);
        fs::write(&path, "the old output\n").unwrap();
        let before = snapshot(&path);
        let out = run_in(&dir, args);
        assert_code(&out, 2, &args.join(" "));
        assert!(
            stderr(&out).contains("not written") || stderr(&out).contains("no file written"),
            "{args:?} says what it did not write: {}",
            stderr(&out)
        );
        assert_eq!(snapshot(&path), before, "{args:?}: the old output is kept");
        assert_eq!(temporaries(&dir), Vec::<String>::new(), "{args:?}");
    }
    let _ = fs::remove_dir_all(dir);
}

/// Runs `pdnkit ARGS` under `sh` with umask 027.
#[cfg(unix)]
fn run_with_umask(dir: &Path, args: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("umask 027; exec \"$0\" {args}"))
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .current_dir(dir)
        .output()
        .unwrap()
}

/// New files get the mode a plain create gives (the umask applies); a replaced file keeps its
/// mode; every kind of output.
#[cfg(unix)]
#[test]
fn outputs_honour_the_umask_and_keep_an_existing_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = workspace("files-modes");
    let cases: &[(&str, &[&str])] = &[
        ("merge -q a.pdn -o o.pdn", &["o.pdn"]),
        ("check a.pdn --write-baseline o.json", &["o.json"]),
        (
            "split -q a.pdn b.pdn --games 1 --out-dir parts",
            &["parts/games-0001.pdn", "parts/games-0002.pdn"],
        ),
        ("stats -q a.pdn b.pdn --svg charts", &["charts/results.svg"]),
        ("show a.pdn --html page.html", &["page.html"]),
    ];
    for (args, outputs) in cases {
        let out = run_with_umask(&dir, args);
        assert!(out.status.code().unwrap() < 2, "{args}: {}", stderr(&out));
        for output in *outputs {
            assert_eq!(
                snapshot(&dir.join(output)).mode,
                Some(0o640),
                "{args}: a new {output} honours umask 027"
            );
            fs::set_permissions(dir.join(output), fs::Permissions::from_mode(0o604)).unwrap();
        }
        let again = if args.starts_with("split") {
            format!("{args} --force")
        } else {
            args.to_string()
        };
        let out = run_with_umask(&dir, &again);
        assert!(out.status.code().unwrap() < 2, "{again}: {}", stderr(&out));
        for output in *outputs {
            assert_eq!(
                snapshot(&dir.join(output)).mode,
                Some(0o604),
                "{again}: a replaced {output} keeps its mode"
            );
        }
    }
    let _ = fs::remove_dir_all(dir);
}

/// Every output onto a device, a FIFO or a link: the device stays a device, the FIFO gets the
/// bytes, the link stays a link and the file it names is replaced.
#[cfg(unix)]
#[test]
fn outputs_keep_what_the_file_is() {
    use std::os::unix::fs::FileTypeExt;
    let dir = workspace("files-kinds");
    for flag in ["-o", "--write-baseline"] {
        let out = run_in(&dir, &["check", "a.pdn", flag, "/dev/null"]);
        assert_code(&out, 1, &format!("{flag} /dev/null"));
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );

        let fifo = dir.join("fifo");
        let _ = fs::remove_file(&fifo);
        assert!(
            Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        let out = run_in(&dir, &["check", "a.pdn", flag, "fifo"]);
        assert_code(&out, 1, &format!("{flag} FIFO"));
        let got = reader.join().unwrap();
        assert!(!got.is_empty(), "{flag}: the FIFO got the output");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());

        fs::write(dir.join("real"), "old\n").unwrap();
        let _ = fs::remove_file(dir.join("link"));
        std::os::unix::fs::symlink("real", dir.join("link")).unwrap();
        let out = run_in(&dir, &["check", "a.pdn", flag, "link"]);
        assert_code(&out, 1, &format!("{flag} LINK"));
        assert_eq!(
            snapshot(&dir.join("link")).kind,
            "link",
            "{flag}: the link stays"
        );
        assert_ne!(
            fs::read(dir.join("real")).unwrap(),
            b"old\n",
            "{flag}: its file is replaced"
        );
    }
    assert_eq!(temporaries(&dir), Vec::<String>::new());
    let _ = fs::remove_dir_all(dir);
}

/// SIGINT or SIGTERM while outputs are being written: the temporary files are removed, the
/// old files are as they were, and the process ends by the signal. While the run goes on, its
/// temporary file is named after its output.
#[cfg(unix)]
#[test]
fn an_interrupted_run_leaves_no_temporary_files() {
    use std::io::Write;
    use std::os::unix::process::ExitStatusExt;
    let dir = workspace("files-signals");
    fs::create_dir(dir.join("parts")).unwrap();
    fs::write(dir.join("parts/games-0001.pdn"), "old part\n").unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["convert", "-", "-o", "out.pdn"], "out.pdn"),
        (&["check", "-", "--write-baseline", "out.pdn"], "out.pdn"),
        (&["merge", "-", "-o", "out.pdn"], "out.pdn"),
        (
            &[
                "split",
                "-",
                "--games",
                "1",
                "--out-dir",
                "parts",
                "--force",
            ],
            "parts/games-0001.pdn",
        ),
    ];
    for (args, output) in cases {
        for (signal, number) in [("INT", 2), ("TERM", 15)] {
            let path = dir.join(output);
            if !output.starts_with("parts") {
                fs::write(&path, "old\n").unwrap();
            }
            let before = snapshot(&path);
            let mut child = pdnkit()
                .current_dir(&dir)
                .args(*args)
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            // Games until the run has its output open (a split opens a file when a game
            // reaches it), then the input stays open: the run is under way.
            let what = format!("{args:?} SIG{signal}");
            let game = b"[GameType \"21\"]\n1. 11-15 23-19 *\n\n".repeat(100);
            for _ in 0..200 {
                if !temporaries(&dir).is_empty() {
                    break;
                }
                stdin.write_all(&game).unwrap();
                stdin.flush().unwrap();
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            let during = temporaries(&dir);
            let name = Path::new(output)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            assert!(
                during
                    .iter()
                    .any(|t| t.starts_with(&format!(".{name}.pdnkit-"))),
                "{what}: the temporary file is named after its output: {during:?}"
            );
            let killed = Command::new("kill")
                .args([format!("-{signal}"), child.id().to_string()])
                .status()
                .unwrap();
            assert!(killed.success());
            let status = child.wait().unwrap();
            drop(stdin);
            assert_eq!(status.signal(), Some(number), "{what}: ends by the signal");
            assert_eq!(temporaries(&dir), Vec::<String>::new(), "{what}: no litter");
            assert_eq!(snapshot(&path), before, "{what}: the old output is kept");
        }
    }
    let _ = fs::remove_dir_all(dir);
}
