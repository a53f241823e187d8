//! The memory `check` holds for the longest line it reads whole: 16 MiB, the default
//! `--max-line-bytes`. Every mode stays under 64 MB: a line is held once, and a `--json`
//! record about it is written out as it is made, never held whole.
//!
//! The measure is the child's peak resident set (`VmHWM`), read while it waits for more
//! input after answering the line, before it exits.
#![cfg(all(feature = "cli", target_os = "linux"))]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rstest::rstest;

/// The default `--max-line-bytes`: the longest line `check` holds.
const LINE_BYTES: usize = 16 * 1024 * 1024;
/// 64 MB, in the KiB of `/proc/PID/status`.
const LIMIT_KIB: u64 = 64_000_000 / 1024;

/// A valid URN of exactly 16 MiB, not in normal form: its record holds the NSS, the
/// normalized form and the equivalence key, each as long as the line.
fn long_urn() -> Vec<u8> {
    let head = b"URN:EXAMPLE:";
    let tail = b"%2c";
    [
        &head[..],
        &vec![b'a'; LINE_BYTES - head.len() - tail.len()],
        tail,
    ]
    .concat()
}

/// An invalid line of exactly 16 MiB that JSON must escape byte by byte (six bytes each).
fn long_controls() -> Vec<u8> {
    let head = b"urn:example:";
    [&head[..], &vec![1u8; LINE_BYTES - head.len()]].concat()
}

/// The field of `/proc/PID/status` named `name`, in KiB.
fn status_kib(pid: u32, name: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("its status");
    let line = status
        .lines()
        .find_map(|line| line.strip_prefix(name))
        .unwrap_or_else(|| panic!("{name} in {status}"));
    let kib = line.trim().trim_end_matches("kB").trim();
    kib.parse().expect("a number of KiB")
}

/// Whether the process sleeps (waits on a read or a write), from `/proc/PID/stat`.
fn sleeping(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("its stat");
    // The state follows the command name, which is in parentheses.
    let after_name = &stat[stat.rfind(')').expect("a command name") + 1..];
    after_name.trim_start().starts_with('S')
}

/// Runs `urn-tag check ARGS` on `line` and gives its peak resident set in KiB, read once it
/// has answered the line (when it prints) and waits for more input.
fn peak_kib(args: &[&str], line: &[u8]) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .arg("check")
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("urn-tag runs");
    let pid = child.id();
    let answered = Arc::new(AtomicBool::new(false));
    let mut stdout = child.stdout.take().expect("a pipe");
    let reader = {
        let answered = Arc::clone(&answered);
        std::thread::spawn(move || {
            let mut chunk = vec![0; 64 * 1024];
            while let Ok(read @ 1..) = stdout.read(&mut chunk) {
                if chunk[..read].contains(&b'\n') {
                    answered.store(true, Ordering::SeqCst);
                }
            }
        })
    };
    let mut stdin = child.stdin.take().expect("a pipe");
    stdin.write_all(line).expect("the line is read");
    stdin.write_all(b"\n").expect("the line is read");
    // All of the input is in the pipe or read: once the answer is out (if it prints) and the
    // program sleeps, it is waiting on the empty pipe for a next line.
    let prints = !args.contains(&"--quiet");
    let deadline = Instant::now() + Duration::from_secs(300);
    while !((answered.load(Ordering::SeqCst) || !prints) && sleeping(pid)) {
        assert!(
            Instant::now() < deadline,
            "urn-tag check {args:?} answers the line"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let peak = status_kib(pid, "VmHWM:");
    drop(stdin);
    let status = child.wait().expect("urn-tag ends");
    reader.join().expect("the output is read");
    assert!(matches!(status.code(), Some(0 | 1)), "{args:?}: {status:?}");
    peak
}

#[rstest]
#[case::text(&[], long_urn())]
#[case::json(&["--json"], long_urn())]
#[case::quiet(&["--quiet"], long_urn())]
#[case::namespaces(&["--namespaces"], long_urn())]
#[case::namespaces_json(&["--namespaces", "--json"], long_urn())]
#[case::namespaces_quiet(&["--namespaces", "--quiet"], long_urn())]
#[case::invalid_text(&[], long_controls())]
#[case::invalid_json(&["--json"], long_controls())]
fn check_holds_a_16_mib_line_in_under_64_mb(#[case] args: &[&str], #[case] line: Vec<u8>) {
    let peak = peak_kib(args, &line);
    assert!(
        peak < LIMIT_KIB,
        "urn-tag check {args:?} peaked at {peak} KiB"
    );
}
