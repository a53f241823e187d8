//! The command line on a terminal: each answer is shown as soon as it is made (not when the
//! input ends), and coloured unless NO_COLOR is set. The terminal is a pseudo-terminal.
#![cfg(all(feature = "cli", target_os = "linux"))]

use std::fs::File;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};

/// `urn-tag ARGS` with its standard output on a new terminal; the terminal's other end, read
/// on a thread that passes on each chunk it reads.
fn on_terminal(
    args: &[&str],
    env: &[(&str, &str)],
) -> (Child, ChildStdin, mpsc::Receiver<Vec<u8>>) {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("its name");
    let terminal = File::options()
        .read(true)
        .write(true)
        .open(name.to_str().expect("a UTF-8 name"))
        .expect("the terminal");
    let mut command = Command::new(env!("CARGO_BIN_EXE_urn-tag"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE");
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::from(terminal))
        .stderr(Stdio::null())
        .spawn()
        .expect("urn-tag runs");
    let stdin = child.stdin.take().expect("a pipe");
    let (send, receive) = mpsc::channel();
    let mut master = File::from(master);
    std::thread::spawn(move || {
        let mut buffer = [0; 4096];
        // Ends when the terminal is closed (an error, on Linux) or the test is over.
        while let Ok(n @ 1..) = master.read(&mut buffer) {
            if send.send(buffer[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    (child, stdin, receive)
}

/// What the terminal shows until it shows `expected`. The wait only guards against a hang
/// (an answer held back until the end of the input would never come): no time is measured.
#[track_caller]
fn shown_until(receive: &mpsc::Receiver<Vec<u8>>, expected: &str) -> String {
    let mut shown = Vec::new();
    while !String::from_utf8_lossy(&shown).contains(expected) {
        match receive.recv_timeout(Duration::from_secs(120)) {
            Ok(chunk) => shown.extend(chunk),
            Err(_) => panic!(
                "{expected:?} not shown while the input is still open; shown: {:?}",
                String::from_utf8_lossy(&shown)
            ),
        }
    }
    String::from_utf8_lossy(&shown).into_owned()
}

/// As grep does, `check` answers each line on a terminal before the next one comes.
#[test]
fn check_answers_each_line_at_once_on_a_terminal() {
    let (mut child, mut stdin, receive) = on_terminal(&["check"], &[("NO_COLOR", "1")]);
    stdin.write_all(b"urn:ex:a\n").unwrap();
    let first = shown_until(&receive, "\n");
    assert_eq!(first, "valid   urn:ex:a (URN, rfc8141)\r\n");
    stdin.write_all(b"urn:x\n").unwrap();
    let second = shown_until(&receive, "^\r\n");
    assert_eq!(
        second,
        "invalid urn:x: NID shorter than 2 characters at byte 5\r\n        urn:x\r\n             ^\r\n"
    );
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

/// On a terminal the verdicts are coloured, and NO_COLOR turns the colour off.
#[test]
fn colour_on_a_terminal_unless_no_color() {
    let (mut child, stdin, receive) = on_terminal(&["check", "urn:ex:a"], &[("TERM", "xterm")]);
    drop(stdin);
    let shown = shown_until(&receive, "\n");
    assert_eq!(
        shown,
        "\u{1b}[32mvalid  \u{1b}[0m urn:ex:a (URN, rfc8141)\r\n"
    );
    assert_eq!(child.wait().unwrap().code(), Some(0));

    let (mut child, stdin, receive) = on_terminal(
        &["check", "urn:ex:a"],
        &[("TERM", "xterm"), ("NO_COLOR", "1")],
    );
    drop(stdin);
    let shown = shown_until(&receive, "\n");
    assert_eq!(shown, "valid   urn:ex:a (URN, rfc8141)\r\n");
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

/// `urn-tag ARGS` with its standard input on a new terminal (nothing typed), standard output
/// and standard error captured. The wait only guards against a hang (a command that reads the
/// terminal would wait for ever): no time is measured.
fn with_terminal_input(args: &[&str]) -> std::process::Output {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("its name");
    let terminal = File::options()
        .read(true)
        .write(true)
        .open(name.to_str().expect("a UTF-8 name"))
        .expect("the terminal");
    let child = Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::from(terminal))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urn-tag runs");
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || send.send(child.wait_with_output()));
    let output = receive
        .recv_timeout(Duration::from_secs(120))
        .unwrap_or_else(|_| panic!("urn-tag {args:?} waits for the terminal"));
    drop(master);
    output.expect("urn-tag ends")
}

/// With no INPUT and no --file, a command that reads identifiers reads standard input only
/// when it is not a terminal: on a terminal it would wait for typed lines and look hung, so it
/// says what to give instead (exit status 2).
#[rstest::rstest]
#[case::check(&["check"])]
#[case::check_json(&["check", "--json"])]
#[case::normalize(&["normalize"])]
#[case::explain(&["explain"])]
fn a_terminal_is_not_read_unless_asked(#[case] args: &[&str]) {
    let output = with_terminal_input(args);
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).as_ref(),
            String::from_utf8_lossy(&output.stderr).as_ref()
        ),
        (
            Some(2),
            "",
            "urn-tag: no INPUT and no --file, and standard input is a terminal: give identifiers, \
             --file FILE, or - to type them line by line\n"
        )
    );
}
