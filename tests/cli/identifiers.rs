//! Every command that reads identifiers (`check`, `normalize`, `explain`) takes them the same
//! way: arguments, `-` among them for the lines of standard input, `--file`, and standard
//! input when nothing else is given and it is not a terminal. A summary of lines is written
//! only once some lines were read.
#![cfg(feature = "cli")]

use std::path::PathBuf;

use rstest::rstest;

use crate::common::{self, assert_run};

/// A directory of its own for a test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "urn-tag-cli-identifiers-{test}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("a directory");
        Scratch(dir)
    }

    /// Writes `text` to the file `name`; returns its path.
    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("a file");
        path.to_str().expect("a UTF-8 path").to_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What each command prints for `URN:EX:a` and `urn:x`, from arguments, from `-`, and from
/// standard input given alone: the same answers, in the same order.
#[rstest]
#[case::check(&["check"], "valid   URN:EX:a (URN, rfc8141)\ninvalid urn:x: NID shorter than 2 characters at byte 5\n        urn:x\n             ^\n")]
#[case::normalize(&["normalize"], "urn:ex:a\n")]
#[case::normalize_key(&["normalize", "--key"], "urn:ex:a\n")]
#[case::explain(&["explain"], concat!(
    "URN:EX:a\n",
    "  valid URN under RFC 8141\n",
    "  part         bytes     text                    grammar rule\n",
    "  scheme       0..3      \"URN\"                   assigned_name\n",
    "  NID          4..6      \"EX\"                    NID\n",
    "  NSS          7..8      \"a\"                     NSS\n",
    "  NID class    reserved: RFC 8141 §5.1 item 3: a formal NID \"MUST be more than two characters long\"; not in the IANA registry\n",
    "  namespace    not checked: no grammar for NID EX\n",
    "  normalized   urn:ex:a\n",
    "  key          urn:ex:a\n",
    "  note         NID of a reserved form (RFC 8141 §5.1)\n",
    "\n",
    "urn:x\n",
    "  invalid URN under RFC 8141: NID shorter than 2 characters at byte 5\n",
    "  urn:x\n",
    "       ^\n",
))]
fn arguments_dash_and_standard_input_give_the_same_answers(
    #[case] command: &[&str],
    #[case] stdout: &str,
) {
    let lines = b"URN:EX:a\nurn:x\n";
    for (extra, stdin) in [
        (&["URN:EX:a", "urn:x"][..], &b""[..]),
        (&["-"][..], &lines[..]),
        (&[][..], &lines[..]),
    ] {
        let args = [command, extra].concat();
        let output = common::run_cli(&args, stdin);
        assert_eq!(
            (
                output.status.code(),
                String::from_utf8_lossy(&output.stdout).as_ref()
            ),
            (Some(1), stdout),
            "urn-tag {args:?}"
        );
    }
}

/// `normalize -` reads standard input: `-` is not an identifier to any command.
#[test]
fn normalize_dash_reads_standard_input() {
    assert_run(
        &["normalize", "URN:EX:b", "-"],
        b"URN:EX:a\n\nTAG:A.org,2000:x\n",
        0,
        "urn:ex:b\nurn:ex:a\nTAG:A.org,2000:x\n",
        "",
    );
}

/// An invalid line is reported with its place, as `check` answers a line: `FILE:LINE:`, and
/// `(standard input)` for standard input.
#[test]
fn normalize_reports_an_invalid_line_with_its_place() {
    let scratch = Scratch::new("normalize");
    let ids = scratch.file("ids.txt", "urn:ex:a\nurn:x\n");
    assert_run(
        &["normalize", "--file", &ids, "-"],
        b"bad\n",
        1,
        "urn:ex:a\n",
        // The arguments first, `-` among them, then each --file, as `check` reads them.
        &format!(
            "urn-tag: (standard input):1: bad: expected \"urn:\" or \"tag:\" at byte 0\n\
             urn-tag: {ids}:2: urn:x: NID shorter than 2 characters at byte 5\n"
        ),
    );
    assert_run(
        &["normalize", "--max-line-bytes", "4"],
        b"urn:ex:a\n",
        1,
        "",
        "urn-tag: (standard input):1: urn:…: line longer than 4 bytes\n",
    );
}

/// `explain` breaks down each line of a file; a breakdown of a line starts with its line
/// number, as `check` answers a line of a file, and consecutive breakdowns are parted by an
/// empty line. In JSON, a record about a line ends with `file` and `line`.
#[test]
fn explain_reads_files() {
    let scratch = Scratch::new("explain");
    let ids = scratch.file("ids.txt", "urn:x\n\nurn:y\n");
    let drawn = |line: u32, nid: &str| {
        format!(
            "{line}: urn:{nid}\n  invalid URN under RFC 8141: NID shorter than 2 characters at byte 5\n  urn:{nid}\n       ^\n"
        )
    };
    assert_run(
        &["explain", "--file", &ids],
        b"",
        1,
        &format!("{}\n{}", drawn(1, "x"), drawn(3, "y")),
        "",
    );
    let output = common::run_cli(&["explain", "--json", "-f", &ids], b"");
    let places: Vec<(String, u64)> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|record| {
            let value: serde_json::Value = serde_json::from_str(record).expect("a record");
            let file = value["file"].as_str().expect("a file").to_owned();
            (file, value["line"].as_u64().expect("a line"))
        })
        .collect();
    assert_eq!(places, [(ids.clone(), 1), (ids.clone(), 3)]);
}

/// A file that cannot be opened is reported alone: no `0 checked` summary follows the error.
/// With a file that can be read, the summary counts that file's lines.
#[test]
fn a_missing_file_gets_no_summary() {
    let scratch = Scratch::new("missing");
    let missing = scratch.0.join("missing.txt");
    let missing = missing.to_str().expect("a UTF-8 path");
    assert_run(
        &["check", "--file", missing],
        b"",
        2,
        "",
        &format!("urn-tag: {missing}: No such file or directory\n"),
    );
    let ids = scratch.file("ids.txt", "urn:ex:a\n");
    assert_run(
        &["check", "--file", missing, "--file", &ids],
        b"",
        2,
        &format!("{ids}:1: valid   urn:ex:a (URN, rfc8141)\n"),
        &format!("urn-tag: {missing}: No such file or directory\n1 checked: 1 valid, 0 invalid\n"),
    );
}
