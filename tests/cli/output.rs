//! Every command when its output cannot be written: standard output or standard error closed
//! (the reader went away, as with `| head -1`), full (`/dev/full`), or standard output shut
//! before the program started (`>&-`).
//!
//! A closed stream ends the program quietly, with the status of what it had reported; a full
//! one is reported once on standard error, with status 2. Nothing ever panics (status 101).
#![cfg(all(feature = "cli", target_os = "linux"))]

use std::fs::File;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

use rstest::rstest;

/// Where the child's standard output or error goes.
#[derive(Debug, Clone, Copy)]
enum Sink {
    /// A pipe read to the end: the normal run.
    Read,
    /// A pipe whose read end is closed before the child starts.
    Closed,
    /// `/dev/full`: every write fails with "No space left on device".
    Full,
    /// No descriptor at all: the shell's `>&-`, standard output only.
    Shut,
}

impl Sink {
    fn stdio(self) -> Stdio {
        match self {
            Sink::Read => Stdio::piped(),
            Sink::Closed => {
                let (reader, writer) = std::io::pipe().expect("a pipe");
                drop(reader);
                Stdio::from(writer)
            }
            Sink::Full => Stdio::from(
                File::options()
                    .write(true)
                    .open("/dev/full")
                    .expect("/dev/full"),
            ),
            // `run` closes it through the shell.
            Sink::Shut => Stdio::inherit(),
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: &str, stdout: Sink, stderr: Sink) -> Run {
    let program = env!("CARGO_BIN_EXE_urn-tag");
    let mut command = match stdout {
        Sink::Shut => {
            let mut shell = Command::new("sh");
            shell.args(["-c", r#"exec "$0" "$@" >&-"#, program]);
            shell
        }
        _ => Command::new(program),
    };
    let mut child = command
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(stdout.stdio())
        .stderr(stderr.stdio())
        .spawn()
        .expect("urn-tag runs");
    let mut input = child.stdin.take().expect("a pipe");
    let bytes = stdin.as_bytes().to_vec();
    // The child may stop reading early; its input is then of no interest.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let read = |stream: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut stream) = stream {
                stream.read_to_string(&mut text).expect("UTF-8 output");
            }
            text
        })
    };
    let out = read(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let err = read(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let status = child.wait().expect("urn-tag ends").code();
    writer.join().expect("the writer ends");
    Run {
        status,
        stdout: out.join().expect("stdout read"),
        stderr: err.join().expect("stderr read"),
    }
}

const FULL: &str = "urn-tag: standard output: No space left on device\n";
const SHUT: &str = "urn-tag: standard output: Bad file descriptor\n";

/// Each command in a case that writes to standard output, to standard error, or both.
#[rstest]
#[case::check_arguments(&["check", "urn:ex:a", "urn:x"], "")]
#[case::check_json(&["check", "--json", "urn:ex:a", "urn:x"], "")]
#[case::check_lines_with_summary(&["check"], "urn:ex:a\nurn:x\n")]
#[case::check_quiet(&["check", "--quiet"], "urn:ex:a\nurn:x\n")]
#[case::check_strict_json_lines(&["check", "--strict", "--json", "-"], "urn:isbn:9780451450524\nurn:example:a\n")]
#[case::check_numbered_lines_and_a_file_note(&["check", "-Hn", "Cargo.toml", "-"], "urn:ex:a\n")]
#[case::check_namespaces(&["check", "--namespaces"], "urn:uuid:12345\nurn:doi:x\n")]
#[case::check_namespaces_json(&["check", "--namespaces", "--json", "urn:uuid:12345", "urn:doi:x"], "")]
#[case::eq_equivalent(&["eq", "urn:ex:a", "URN:EX:a"], "")]
#[case::eq_not_equivalent(&["eq", "urn:ex:a", "urn:ex:b"], "")]
#[case::eq_invalid(&["eq", "urn:ex:a", "urn:x"], "")]
#[case::explain_valid(&["explain", "urn:example:a"], "")]
#[case::explain_invalid(&["explain", "urn:example:a%zz"], "")]
#[case::explain_namespace_note(&["explain", "urn:uuid:12345"], "")]
#[case::explain_namespace_error(&["explain", "--namespaces", "urn:uuid:12345"], "")]
#[case::normalize_valid_then_invalid(&["normalize", "URN:EX:a", "urn:x", "urn:ex:b"], "")]
#[case::find_found(&["find"], "see urn:ex:a and tag:a.org,2000:x\n")]
#[case::find_json(&["find", "--json"], "see urn:ex:a\n")]
#[case::find_nothing(&["find"], "nothing here\n")]
#[case::find_missing_file(&["find", "no-such-file.txt"], "")]
#[case::mint_tag_with_warnings(&["mint-tag", "--authority", "Example.com", "--date", "2000", "--specific", "a%20b"], "")]
#[case::mint_tag_refused(&["mint-tag", "--authority", "localhost", "--date", "2000"], "")]
#[case::completions(&["completions", "bash"], "")]
#[case::man(&["man"], "")]
#[case::help(&["--help"], "")]
#[case::usage_error(&["check", "--spec", "rfc9999"], "")]
#[cfg_attr(
    feature = "grammar-tools",
    case::grammar_try(&["grammar", "try", "--grammar", concat!(env!("CARGO_MANIFEST_DIR"), "/urn.pest"), "--rule", "NID", "ex", "e_"], "")
)]
#[cfg_attr(
    feature = "grammar-tools",
    case::grammar_try_explain_steps(&["grammar", "try", "--grammar", concat!(env!("CARGO_MANIFEST_DIR"), "/urn.pest"), "--rule", "rfc8141", "--explain", "--steps", "urn:ex:a", "urn:example:a%zz"], "")
)]
fn write_failures(#[case] args: &[&str], #[case] stdin: &str) {
    let normal = run(args, stdin, Sink::Read, Sink::Read);
    assert!(matches!(normal.status, Some(0..=2)), "{args:?}: {normal:?}");

    // The reader of standard output went away: what was found still decides the status.
    let closed = run(args, stdin, Sink::Closed, Sink::Read);
    assert_eq!(closed.status, normal.status, "{args:?} with stdout closed");
    assert!(
        normal.stderr.starts_with(&closed.stderr),
        "{args:?} with stdout closed wrote {:?}",
        closed.stderr
    );

    // Standard output is full, or was shut before the program started: reported once, status
    // 2 (unless nothing was to be written), as a C program reports them.
    for (sink, message) in [(Sink::Full, FULL), (Sink::Shut, SHUT)] {
        let failed = run(args, stdin, sink, Sink::Read);
        if normal.stdout.is_empty() {
            assert_eq!(
                failed.status, normal.status,
                "{args:?} with stdout {sink:?}"
            );
            assert_eq!(
                failed.stderr, normal.stderr,
                "{args:?} with stdout {sink:?}"
            );
        } else {
            assert_eq!(failed.status, Some(2), "{args:?} with stdout {sink:?}");
            let before = failed.stderr.strip_suffix(message).unwrap_or_else(|| {
                panic!("{args:?} with stdout {sink:?} wrote {:?}", failed.stderr);
            });
            assert!(normal.stderr.starts_with(before), "{args:?}: {before:?}");
        }
    }

    // The reader of standard error went away, or standard error is full.
    let closed = run(args, stdin, Sink::Read, Sink::Closed);
    let full = run(args, stdin, Sink::Read, Sink::Full);
    for (sink, got) in [("closed", &closed), ("full", &full)] {
        assert!(
            normal.stdout.starts_with(&got.stdout),
            "{args:?} with stderr {sink} wrote {:?}",
            got.stdout
        );
    }
    if normal.stderr.is_empty() {
        assert_eq!(closed.status, normal.status, "{args:?} with stderr closed");
        assert_eq!(full.status, normal.status, "{args:?} with stderr full");
        assert_eq!(
            (&closed.stdout, &full.stdout),
            (&normal.stdout, &normal.stdout)
        );
    } else {
        assert_eq!(closed.status, normal.status, "{args:?} with stderr closed");
        assert_eq!(full.status, Some(2), "{args:?} with stderr full");
    }
}

/// A `/dev/null` the caller opened is an open output, whether write-only (`>/dev/null`) or
/// read-write (`1<>/dev/null`, as Python's `subprocess.DEVNULL` opens it, and as Rust's runtime
/// opens the one it puts in place of a closed output): the answers go into it, and the status
/// is the verdict's. Only a descriptor that was really closed fails.
#[rstest]
#[case::write_only(">/dev/null")]
#[case::read_write("1<>/dev/null")]
fn an_output_opened_on_dev_null_is_written_to(#[case] redirect: &str) {
    for (input, status) in [("urn:ex:a", 0), ("urn:x", 1)] {
        let run = Command::new("sh")
            .args(["-c", &format!(r#"exec "$0" check "$1" {redirect}"#)])
            .args([env!("CARGO_BIN_EXE_urn-tag"), input])
            .output()
            .expect("sh runs");
        assert_eq!(run.status.code(), Some(status), "{input} {redirect}");
        assert_eq!(
            String::from_utf8_lossy(&run.stderr),
            "",
            "{input} {redirect}"
        );
    }
}

/// `urn-tag check | head -1` on a long input whose first line is invalid: the program stops
/// once its reader is gone, says nothing, and exits 1 for the invalid line it reported.
#[test]
fn check_stops_quietly_with_status_1_when_its_reader_goes_away() {
    let mut input = String::from("urn:x\n");
    for i in 0..200_000 {
        input += &format!("urn:example:{i}\n");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .arg("check")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urn-tag runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().expect("a pipe");
    let mut first = [0; 16];
    stdout.read_exact(&mut first).expect("the first answer");
    assert_eq!(&first, b"invalid urn:x: N");
    drop(stdout);
    let mut stderr = String::new();
    let mut pipe = child.stderr.take().expect("a pipe");
    pipe.read_to_string(&mut stderr).expect("UTF-8");
    let status = child.wait().expect("urn-tag ends");
    writer.join().expect("the writer ends");
    assert_eq!((status.code(), stderr.as_str()), (Some(1), ""));
}

/// Reads from `stdout` on a thread until `expected` bytes have come, or for as long as a
/// bounded wait allows: a program that holds its answers fails the test instead of hanging it.
#[track_caller]
fn first_bytes(stdout: impl Read + Send + 'static, expected: usize) -> Vec<u8> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut got = Vec::new();
        let _ = stdout.take(expected as u64).read_to_end(&mut got);
        let _ = send.send(got);
    });
    receive
        .recv_timeout(std::time::Duration::from_secs(60))
        .unwrap_or_default()
}

/// `(printf 'urn:x\n'; cat /dev/zero) | urn-tag check | cat`: the answer to the first line
/// reaches the pipe while the input is still open (and the next line has no end), not when
/// the output buffer fills or the input ends; and so does what `find` found in it.
#[rstest]
#[case::text(&["check"], "valid   urn:example:a (URN, rfc8141)\n")]
#[case::json(&["check", "--json", "--max-line-bytes", "64"], concat!(
    r#"{"input":"urn:example:a","valid":true,"kind":"urn","spec":"rfc8141","nid":"example","#,
    r#""nss":"a","r_component":null,"q_component":null,"f_component":null,"#,
    r#""nid_class":"formal","registered":true,"normalized":"urn:example:a","#,
    r#""equivalence_key":"urn:example:a","lints":[{"code":"example-nid","#,
    r#""message":"example NID, for documentation and tests only (RFC 6963 §3.6)"}],"#,
    r#""file":"-","line":1}"#, "\n"))]
#[case::find(&["find"], "1:1: urn:example:a\n")]
fn answers_come_before_waiting_for_more_input(#[case] args: &[&str], #[case] first: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("urn-tag runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    // The line, then the start of a line that does not end.
    stdin
        .write_all(&[&b"urn:example:a\n"[..], &[0; 1000]].concat())
        .expect("the input is taken");
    let stdout = child.stdout.take().expect("a pipe");
    let answer = first_bytes(stdout, first.len());
    drop(stdin);
    child.wait().expect("urn-tag ends");
    assert_eq!(String::from_utf8_lossy(&answer), first);
}

/// `--color` decides over the terminal and the environment: `always` colours a pipe even with
/// NO_COLOR set, `never` leaves a forced colour off, `auto` follows NO_COLOR and
/// CLICOLOR_FORCE as before.
#[rstest]
#[case::always_into_a_pipe(&["--color=always"], &[("NO_COLOR", "1")], "\u{1b}[32mvalid  \u{1b}[0m urn:ex:a (URN, rfc8141)\n")]
#[case::always_after_the_command(&["check", "--color", "always"], &[], "\u{1b}[32mvalid  \u{1b}[0m urn:ex:a (URN, rfc8141)\n")]
#[case::never_over_clicolor_force(&["--color=never"], &[("CLICOLOR_FORCE", "1")], "valid   urn:ex:a (URN, rfc8141)\n")]
#[case::auto_with_clicolor_force(&["--color=auto"], &[("CLICOLOR_FORCE", "1")], "\u{1b}[32mvalid  \u{1b}[0m urn:ex:a (URN, rfc8141)\n")]
#[case::auto_into_a_pipe(&[], &[], "valid   urn:ex:a (URN, rfc8141)\n")]
fn color_option_overrides_the_environment(
    #[case] options: &[&str],
    #[case] env: &[(&str, &str)],
    #[case] stdout: &str,
) {
    let mut args: Vec<&str> = options.to_vec();
    if !args.contains(&"check") {
        args.push("check");
    }
    args.push("urn:ex:a");
    let mut command = Command::new(env!("CARGO_BIN_EXE_urn-tag"));
    command
        .args(&args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR");
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().expect("urn-tag runs");
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).as_ref()
        ),
        (Some(0), stdout),
        "urn-tag {args:?}"
    );
}

/// `--line-buffered` writes out each answer as it is made, into a pipe too: `find` answers
/// the first line while the next one is still coming.
#[test]
fn line_buffered_answers_reach_a_pipe_at_once() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .args(["find", "--line-buffered"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("urn-tag runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    stdin
        .write_all(&[&b"see urn:ex:a\n"[..], &[b'x'; 100_000]].concat())
        .expect("the input is taken");
    let expected = "1:5: urn:ex:a\n";
    let answer = first_bytes(child.stdout.take().expect("a pipe"), expected.len());
    drop(stdin);
    child.wait().expect("urn-tag ends");
    assert_eq!(String::from_utf8_lossy(&answer), expected);
}
