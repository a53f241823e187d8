//! Where `check`'s answers come from: `FILE:LINE: ` before the answer to a line (as grep
//! writes it), `file` and `line` in its `--json` record, `-` for standard input, and a note
//! when an argument that is not an identifier names a file.
#![cfg(feature = "cli")]

use std::path::PathBuf;

use rstest::rstest;

use crate::common::{self, assert_run};

/// A directory of its own for a test, with `a.txt` (a valid line, a blank one, an invalid
/// one) and `b.txt` (one valid tag); removed when dropped.
struct Files {
    dir: PathBuf,
}

impl Files {
    fn new(test: &str) -> Files {
        let dir =
            std::env::temp_dir().join(format!("urn-tag-cli-sources-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        std::fs::write(dir.join("a.txt"), "urn:ex:a\n\nurn:x\n").expect("a.txt");
        std::fs::write(dir.join("b.txt"), "tag:a.org,2000:x\n").expect("b.txt");
        Files { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir
            .join(name)
            .to_str()
            .expect("a UTF-8 path")
            .to_owned()
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

const INVALID_X: &str =
    "invalid urn:x: NID shorter than 2 characters at byte 5\n        urn:x\n             ^\n";

/// The prefix of each answer to a line of `a.txt`, of `a.txt` and `b.txt`, or of standard
/// input, by the options given. `{a}` and `{b}` stand for the files' paths.
#[rstest]
#[case::one_file_numbers_its_lines(&["-f", "{a}"], "1: ", "3: ", "")]
#[case::two_files_name_them(&["-f", "{a}", "-f", "{b}"], "{a}:1: ", "{a}:3: ", "{b}:1: ")]
#[case::with_filename_on_one_file(&["-H", "-f", "{a}"], "{a}:1: ", "{a}:3: ", "")]
#[case::no_filename_on_two_files(&["--no-filename", "-f", "{a}", "-f", "{b}"], "1: ", "3: ", "1: ")]
#[case::no_line_number(&["--no-line-number", "-f", "{a}", "-f", "{b}"], "{a}: ", "{a}: ", "{b}: ")]
#[case::neither(&["--no-line-number", "--no-filename", "-f", "{a}"], "", "", "")]
#[case::the_last_of_two_opposites_wins(&["--no-filename", "--with-filename", "-f", "{a}"], "{a}:1: ", "{a}:3: ", "")]
fn answers_to_file_lines_say_where_they_are(
    #[case] options: &[&str],
    #[case] first: &str,
    #[case] third: &str,
    #[case] tag: &str,
) {
    let files = Files::new(&format!(
        "prefix-{}",
        options.join("").replace(['-', '{', '}'], "")
    ));
    let (a, b) = (files.path("a.txt"), files.path("b.txt"));
    let fill = |text: &str| text.replace("{a}", &a).replace("{b}", &b);
    let args: Vec<String> = ["check"]
        .iter()
        .chain(options)
        .map(|arg| fill(arg))
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut stdout = format!(
        "{}valid   urn:ex:a (URN, rfc8141)\n{}{INVALID_X}",
        fill(first),
        fill(third)
    );
    let mut summary = "2 checked: 1 valid, 1 invalid, 1 blank line skipped\n";
    if options.contains(&"{b}") {
        stdout += &format!("{}valid   tag:a.org,2000:x (tag URI, rfc4151)\n", fill(tag));
        summary = "3 checked: 2 valid, 1 invalid, 1 blank line skipped\n";
    }
    assert_run(&args, b"", 1, &stdout, summary);
}

/// Standard input alone is answered as it always was, unless -H or -n asks otherwise; `-` as
/// an argument reads it in its place among the arguments.
#[rstest]
#[case::alone(&["check"], "", "")]
#[case::dash_argument(&["check", "-"], "", "")]
#[case::dash_file(&["check", "--file", "-"], "", "")]
#[case::line_number(&["check", "-n"], "1: ", "3: ")]
#[case::with_filename(&["check", "-H"], "(standard input): ", "(standard input): ")]
#[case::both(&["check", "-Hn", "-"], "(standard input):1: ", "(standard input):3: ")]
fn standard_input_is_named_only_when_asked(
    #[case] args: &[&str],
    #[case] first: &str,
    #[case] third: &str,
) {
    let stdout = format!("{first}valid   urn:ex:a (URN, rfc8141)\n{third}{INVALID_X}");
    let summary = "2 checked: 1 valid, 1 invalid, 1 blank line skipped\n";
    assert_run(args, b"urn:ex:a\n\nurn:x\n", 1, &stdout, summary);
}

#[test]
fn dash_reads_standard_input_in_its_place_among_the_arguments() {
    assert_run(
        &["check", "urn:ex:b", "-", "tag:a.org,2000:y"],
        b"urn:ex:a\n",
        0,
        "valid   urn:ex:b (URN, rfc8141)\nvalid   urn:ex:a (URN, rfc8141)\nvalid   tag:a.org,2000:y (tag URI, rfc4151)\n",
        "3 checked: 3 valid, 0 invalid\n",
    );
}

/// `--json`: a record about a line ends with its `file` (as given, `-` for standard input)
/// and `line` (blank lines counted); one about an argument has neither.
#[test]
fn json_records_of_lines_have_file_and_line() {
    let files = Files::new("json");
    let a = files.path("a.txt");
    let output = common::run_cli(
        &["check", "--json", "tag:b.org,2000:x", "-", "--file", &a],
        b"tag:a.org,2000:x\n",
    );
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let places: Vec<(Option<String>, Option<u64>)> = stdout
        .lines()
        .map(|record| {
            let value: serde_json::Value = serde_json::from_str(record).expect("a record");
            let file = value["file"].as_str().map(str::to_owned);
            (file, value["line"].as_u64())
        })
        .collect();
    assert_eq!(
        places,
        [
            (None, None),
            (Some("-".to_owned()), Some(1)),
            (Some(a.clone()), Some(1)),
            (Some(a.clone()), Some(3)),
        ]
    );
    let last = stdout.lines().last().expect("a record");
    let end = format!(r#","part":"nid"}},"file":"{a}","line":3}}"#);
    assert!(last.ends_with(&end), "{last}");
}

/// An argument that is not an identifier but names a file gets a note on standard error; it
/// is still answered as invalid. `--quiet` prints nothing, note included.
#[test]
fn an_argument_naming_a_file_gets_a_note() {
    let files = Files::new("note");
    let a = files.path("a.txt");
    let echoed = a.clone();
    let caret = " ".repeat(8);
    assert_run(
        &["check", &a],
        b"",
        1,
        &format!(
            "invalid {echoed}: expected \"urn:\" or \"tag:\" at byte 0\n        {echoed}\n{caret}^\n"
        ),
        &format!("urn-tag: note: '{a}' is a file; did you mean --file {a}?\n"),
    );
    assert_run(&["check", "--quiet", &a], b"", 1, "", "");
    // A name that is no file, or a valid identifier, gets no note.
    let missing = files.path("missing.txt");
    let output = common::run_cli(&["check", &missing, "urn:ex:a"], b"");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// `--count`: for each source, the number of its invalid lines (what makes the status 1), as
/// grep -c prints its counts: `FILE:COUNT` when files are named. The summary still follows.
#[rstest]
#[case::one_file(&["-c", "-f", "{a}"], "1\n")]
#[case::two_files(&["--count", "-f", "{a}", "-f", "{b}"], "{a}:1\n{b}:0\n")]
#[case::standard_input_and_a_file(&["-c", "-", "-f", "{b}"], "(standard input):1\n{b}:0\n")]
#[case::no_filename(&["-c", "--no-filename", "-f", "{a}", "-f", "{b}"], "1\n0\n")]
fn count_prints_the_invalid_lines_of_each_source(#[case] options: &[&str], #[case] stdout: &str) {
    let files = Files::new(&format!(
        "count-{}",
        options.join("_").replace(['{', '}'], "")
    ));
    let (a, b) = (files.path("a.txt"), files.path("b.txt"));
    let args: Vec<&str> = std::iter::once("check")
        .chain(options.iter().map(|&option| match option {
            "{a}" => a.as_str(),
            "{b}" => b.as_str(),
            other => other,
        }))
        .collect();
    let stdout = stdout.replace("{a}", &a).replace("{b}", &b);
    // Standard input is given only to the runs that read it: the others never take it.
    let stdin: &[u8] = if options.contains(&"-") {
        b"urn:x\n"
    } else {
        b""
    };
    let output = common::run_cli(&args, stdin);
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).as_ref()
        ),
        (Some(1), stdout.as_str()),
        "urn-tag {args:?}"
    );
}

/// `-l`: the name of each source that holds an invalid line, once, as grep -l names the
/// files with a match; no summary, since the rest of such a file is not read.
#[test]
fn files_with_invalid_names_each_file_once() {
    let files = Files::new("files-with-invalid");
    let (a, b) = (files.path("a.txt"), files.path("b.txt"));
    let twice = files.path("twice.txt");
    std::fs::write(&twice, "urn:x\nurn:y\n").expect("twice.txt");
    assert_run(
        &["check", "-l", "-f", &a, "-f", &b, "-f", &twice, "-"],
        b"bad\n",
        1,
        &format!("(standard input)\n{a}\n{twice}\n"),
        "",
    );
    assert_run(&["check", "--files-with-invalid", "-f", &b], b"", 0, "", "");
}

/// `--count` and `-l` are about the lines of sources: identifiers given as arguments are a
/// usage error with them, and so is `--json` or `--quiet`.
#[rstest]
#[case::count_arguments(&["check", "-c", "urn:ex:a"], "urn-tag: --count reads the lines of files: give --file FILE or - for standard input\n")]
#[case::list_arguments(&["check", "-l", "urn:ex:a"], "urn-tag: -l reads the lines of files: give --file FILE or - for standard input\n")]
fn count_and_list_need_lines(#[case] args: &[&str], #[case] stderr: &str) {
    assert_run(args, b"", 2, "", stderr);
    for conflicting in [["-c", "--json"], ["-l", "--quiet"], ["-c", "-l"]] {
        let output = common::run_cli(&[&["check"], &conflicting[..], &["-"]].concat(), b"");
        assert_eq!(output.status.code(), Some(2), "{conflicting:?}");
    }
}
