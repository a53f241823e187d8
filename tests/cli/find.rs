//! `urn-tag find`: several files and their names, `--invalid`, namespace checks as a filter,
//! and over-long lines searched without cutting an identifier.
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};

use rstest::rstest;

use crate::common::{self, assert_run};

/// A directory of its own for each test, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("urn-tag-cli-find-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `text` to the file `name` in the directory; returns its path as a string.
    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Like grep: one file alone is not named, several are, `-H` and `--no-filename` decide.
#[rstest]
#[case::one_file(&["one"], "2:5: urn:ex:b\n")]
#[case::one_file_with_filename(&["-H", "one"], "one:2:5: urn:ex:b\n")]
#[case::two_files(&["one", "two"], "one:2:5: urn:ex:b\ntwo:1:1: tag:a.org,2000:x\n")]
#[case::two_files_no_filename(&["--no-filename", "one", "two"], "2:5: urn:ex:b\n1:1: tag:a.org,2000:x\n")]
#[case::the_last_of_the_two_options_wins(&["--no-filename", "-H", "one"], "one:2:5: urn:ex:b\n")]
#[case::standard_input_is_named_as_grep_names_it(&["-H"], "(standard input):1:1: urn:ex:in\n")]
#[case::standard_input_among_files(&["one", "-"], "one:2:5: urn:ex:b\n(standard input):1:1: urn:ex:in\n")]
fn files_are_named_like_grep_names_them(#[case] files: &[&str], #[case] expected: &str) {
    let scratch = Scratch::new(&format!("named-{}", files.join("_")));
    let one = scratch.file("one", "nothing\nsee urn:ex:b.\n");
    let two = scratch.file("two", "tag:a.org,2000:x\n");
    let args: Vec<&str> = std::iter::once("find")
        .chain(files.iter().map(|&file| match file {
            "one" => one.as_str(),
            "two" => two.as_str(),
            other => other,
        }))
        .collect();
    let expected = expected
        .replace("one:", &format!("{one}:"))
        .replace("two:", &format!("{two}:"));
    // Standard input is given only to the runs that read it: the others never take it.
    let reads_stdin = files.iter().all(|file| file.starts_with('-'));
    let stdin: &[u8] = if reads_stdin || files.contains(&"-") {
        b"urn:ex:in\n"
    } else {
        b""
    };
    assert_run(&args, stdin, 0, &expected, "");
}

/// JSON records always name their file: the path as given, or `-` for standard input.
#[test]
fn json_records_always_name_their_file() {
    let scratch = Scratch::new("json");
    let one = scratch.file("one", "see urn:ex:b\n");
    assert_run(
        &["find", "--json", &one],
        b"",
        0,
        &format!(
            "{{\"line\":1,\"column\":5,\"offset\":4,\"kind\":\"urn\",\"text\":\"urn:ex:b\",\"file\":{}}}\n",
            serde_json::to_string(&one).unwrap()
        ),
        "",
    );
    assert_run(
        &["find", "--json"],
        b"urn:ex:a\n",
        0,
        "{\"line\":1,\"column\":1,\"offset\":0,\"kind\":\"urn\",\"text\":\"urn:ex:a\",\"file\":\"-\"}\n",
        "",
    );
}

/// A file that cannot be read is reported, its name escaped; the others are still searched,
/// and the exit status is 2 whatever they hold.
#[test]
fn an_unreadable_file_does_not_stop_the_search() {
    let scratch = Scratch::new("unreadable");
    let one = scratch.file("one", "urn:ex:a\n");
    let missing = scratch.path().join("no\u{1b}[2Jsuch");
    let missing = missing.to_str().unwrap();
    let shown = missing.replace('\u{1b}', "\\x1b");
    assert_run(
        &["find", missing, &one],
        b"",
        2,
        &format!("{one}:1:1: urn:ex:a\n"),
        &format!("urn-tag: {shown}: No such file or directory\n"),
    );
    assert_run(
        &["find", &one, missing],
        b"",
        2,
        &format!("{one}:1:1: urn:ex:a\n"),
        &format!("urn-tag: {shown}: No such file or directory\n"),
    );
}

/// `--invalid` reports each candidate with its error, as check reports it: the index counts
/// from the candidate's start.
#[test]
fn invalid_reports_candidates_with_their_error() {
    let feed = "<feed>\n  <id>tag:example.com,2005-13:post</id>\n  <id>tag:example.com,2005:ok</id>\n</feed>\n";
    assert_run(
        &["find", "--invalid"],
        feed.as_bytes(),
        0,
        "2:7: tag:example.com,2005-13:post: month 13 does not exist (01 to 12) in date at byte 21\n",
        "",
    );
    assert_run(
        &["find", "--invalid", "--json"],
        b"see urn:example:a%zz.\n",
        0,
        concat!(
            r#"{"line":1,"column":5,"offset":4,"kind":"urn","text":"urn:example:a%zz","valid":false,"#,
            r#""error":{"index":14,"message":"invalid percent-encoding in NSS at byte 14","kind":"invalid_percent_encoding","part":"nss"},"file":"-"}"#,
            "\n"
        ),
        "",
    );
    // Nothing to report: exit status 1, like find with nothing found.
    assert_run(&["find", "--invalid"], b"urn:ex:a and tag: v1\n", 1, "", "");
}

/// One verdict per token: the text `find --invalid` reports is what `check` says of that text,
/// message for message, and `find` never reports its valid beginning instead.
#[rstest]
#[case::letters_outside_ascii(
    "see urn:example:日本",
    "1:5: urn:example:日本: non-ASCII character '日' in NSS must be percent-encoded at byte 12\n",
    "urn:example:日本",
    "non-ASCII character '日' in NSS must be percent-encoded at byte 12"
)]
#[case::invalid_percent_encoding(
    "urn:example:a%zz",
    "1:1: urn:example:a%zz: invalid percent-encoding in NSS at byte 14\n",
    "urn:example:a%zz",
    "invalid percent-encoding in NSS at byte 14"
)]
#[case::empty_r_component_before_a_full_stop(
    "urn:ex:a?+.",
    "1:1: urn:ex:a?+: empty r-component at byte 10\n",
    "urn:ex:a?+",
    "empty r-component at byte 10"
)]
fn a_token_gets_one_verdict(
    #[case] text: &str,
    #[case] reported: &str,
    #[case] token: &str,
    #[case] message: &str,
) {
    let input = format!("{text}\n");
    assert_run(&["find"], input.as_bytes(), 1, "", "");
    assert_run(&["find", "--invalid"], input.as_bytes(), 0, reported, "");
    let output = common::run_cli(&["check", token], b"");
    assert_eq!(output.status.code(), Some(1));
    let answer = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        answer.lines().next(),
        Some(format!("invalid {token}: {message}").as_str())
    );
}

/// A tag ends with the ":" of its tagging entity when its specific is empty: `find` reports
/// it whole, and `find --invalid` reports nothing (it once reported `tag:yaml.org,2002` with
/// "expected ':' after date").
#[test]
fn a_tag_with_an_empty_specific_is_one_valid_token() {
    let text = b"the prefix tag:yaml.org,2002:.\n";
    assert_run(&["find"], text, 0, "1:12: tag:yaml.org,2002:\n", "");
    assert_run(&["find", "--invalid"], text, 1, "", "");
}

/// With `--namespaces`, `--invalid` also reports the URNs that break their namespace.
#[test]
fn invalid_with_namespaces_reports_namespace_errors() {
    let text = b"urn:isbn:0451450524 urn:isbn:0451450523\n";
    assert_run(&["find", "--invalid"], text, 1, "", "");
    assert_run(
        &["find", "--invalid", "--namespaces"],
        text,
        0,
        "1:1: urn:isbn:0451450524: ISBN check digit must be 3, not 4 (ISO 2108) at byte 18\n",
        "",
    );
}

/// `find --namespaces` only filters what `find` finds: a URN that breaks its namespace hides
/// nothing inside it.
#[test]
fn namespaces_filter_what_find_finds() {
    let text = b"urn:isbn:urn:example:a\n";
    assert_run(&["find"], text, 0, "1:1: urn:isbn:urn:example:a\n", "");
    assert_run(&["find", "--namespaces"], text, 1, "", "");
}

/// A megabyte of URNs that break their namespace, each holding the next: searched once, not
/// once from each `urn:` inside (which took a minute in a release build).
#[test]
fn namespaces_search_a_megabyte_of_broken_urns() {
    let text = "urn:isbn:".repeat(116_508) + "\n";
    assert_run(&["find", "--namespaces"], text.as_bytes(), 1, "", "");
    // Without the check it is one URN, its final ":" trimmed.
    let plain = common::run_cli(&["find"], text.as_bytes());
    let whole = &text[..text.len() - 2];
    assert!(plain.stdout == format!("1:1: {whole}\n").as_bytes());
}

/// A line longer than --max-line-bytes with no white space is never searched cut: an
/// identifier in a stretch longer than the maximum may be missed, but none is reported cut.
#[rstest]
#[case::identifier_longer_than_the_maximum(&["--max-line-bytes", "16"], b"x,urn:example:item1", 1, "")]
#[case::the_whole_line_fits(&["--max-line-bytes", "19"], b"x,urn:example:item1", 0, "1:3: urn:example:item1\n")]
#[case::cut_after_a_byte_no_identifier_holds(&["--max-line-bytes", "16"], b"urn:ex:a>urn:ex:b|urn:ex:c", 0, "1:1: urn:ex:a\n1:10: urn:ex:b\n1:19: urn:ex:c\n")]
#[case::a_json_array(&["--max-line-bytes", "16"], b"[\"urn:ex:a\",\"urn:ex:b\"]", 0, "1:3: urn:ex:a\n1:14: urn:ex:b\n")]
#[case::found_again_after_the_long_stretch(&["--max-line-bytes", "8"], b"aaaaaaaaaaaa urn:ex:a", 0, "1:14: urn:ex:a\n")]
fn over_long_lines_are_never_cut_inside_an_identifier(
    #[case] options: &[&str],
    #[case] input: &[u8],
    #[case] code: i32,
    #[case] expected: &str,
) {
    let args: Vec<&str> = [&["find"], options].concat();
    assert_run(&args, input, code, expected, "");
}

/// `-c` counts what is found in each file (identifiers, not lines), `-l` names each file with
/// something found, as grep's options do; with `--invalid`, both are about invalid tokens.
#[rstest]
#[case::count_one_file(&["-c", "{one}"], 0, "2\n")]
#[case::count_two_files(&["--count", "{one}", "{two}"], 0, "{one}:2\n{two}:0\n")]
#[case::count_standard_input(&["-c", "-H"], 0, "(standard input):1\n")]
#[case::count_invalid(&["-c", "--invalid", "{one}", "{two}"], 0, "{one}:0\n{two}:1\n")]
#[case::count_nothing(&["-c", "{two}"], 1, "0\n")]
#[case::files_with_matches(&["-l", "{one}", "{two}", "-"], 0, "{one}\n(standard input)\n")]
#[case::files_with_invalid_tokens(&["--files-with-matches", "--invalid", "{one}", "{two}"], 0, "{two}\n")]
#[case::no_file_with_matches(&["-l", "{two}"], 1, "")]
fn count_and_files_with_matches(
    #[case] options: &[&str],
    #[case] code: i32,
    #[case] expected: &str,
) {
    let scratch = Scratch::new(&format!(
        "count-{}",
        options.join("_").replace(['{', '}'], "")
    ));
    let one = scratch.file("one", "urn:ex:a, urn:ex:b\n");
    let two = scratch.file("two", "urn:x:y\n");
    let args: Vec<&str> = std::iter::once("find")
        .chain(options.iter().map(|&option| match option {
            "{one}" => one.as_str(),
            "{two}" => two.as_str(),
            other => other,
        }))
        .collect();
    let expected = expected.replace("{one}", &one).replace("{two}", &two);
    // Standard input is given only to the runs that read it: the others never take it.
    let reads_stdin = options.iter().all(|o| o.starts_with('-')) || options.contains(&"-");
    let stdin: &[u8] = if reads_stdin {
        b"tag:a.org,2000:x\n"
    } else {
        b""
    };
    assert_run(&args, stdin, code, &expected, "");
}

/// `-c` and `-l` replace the JSON records, and each other: together they are a usage error.
#[rstest]
#[case::count_json(&["find", "-c", "--json"])]
#[case::list_json(&["find", "-l", "--json"])]
#[case::count_and_list(&["find", "-c", "-l"])]
fn count_and_files_with_matches_conflict_with_json(#[case] args: &[&str]) {
    let output = common::run_cli(args, b"");
    assert_eq!(output.status.code(), Some(2), "urn-tag {args:?}");
}

/// `-r` walks a directory as grep -r does: every regular file at any depth, in the order of
/// their paths, named as found; symbolic links met on the way are not followed; a file whose
/// first block holds a NUL byte is binary and skipped, as ripgrep skips it, and a NUL byte
/// further on ends the search of its file there. With no FILE, the working directory's files
/// are named without "./".
#[test]
fn recursive_walks_directories() {
    let scratch = Scratch::new("recursive");
    let root = scratch.path();
    std::fs::create_dir_all(root.join("sub/deeper")).unwrap();
    std::fs::create_dir_all(root.join(".hidden")).unwrap();
    scratch.file("a.txt", "see urn:ex:a\n");
    scratch.file("sub/b.txt", "urn:ex:b\n");
    scratch.file("sub/deeper/c.md", "tag:a.org,2000:c\n");
    scratch.file(".hidden/d", "urn:ex:d\n");
    scratch.file("binary.dat", "urn:ex:binary\0\n");
    // A NUL byte past the first 64 KiB: the lines before it are searched, none after it.
    let late = format!("urn:ex:before\n{}\0\nurn:ex:after\n", "x".repeat(70_000));
    scratch.file("late-nul.txt", &late);
    #[cfg(unix)]
    std::os::unix::fs::symlink(root.join("sub"), root.join("z-link")).unwrap();
    let dir = root.to_str().unwrap();
    let expected = [
        ".hidden/d:1:1: urn:ex:d",
        "a.txt:1:5: urn:ex:a",
        "late-nul.txt:1:1: urn:ex:before",
        "sub/b.txt:1:1: urn:ex:b",
        "sub/deeper/c.md:1:1: tag:a.org,2000:c",
    ];
    let named = |prefix: &str| -> String {
        expected
            .iter()
            .map(|line| format!("{prefix}{line}\n"))
            .collect()
    };
    assert_run(&["find", "-r", dir], b"", 0, &named(&format!("{dir}/")), "");
    // A binary file named as FILE is searched as any file.
    let binary = root.join("binary.dat");
    assert_run(
        &["find", "-r", binary.to_str().unwrap()],
        b"",
        0,
        "1:1: urn:ex:binary\n",
        "",
    );
    // The working directory, when no FILE is given.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .args(["find", "-r", "--no-filename", "-c"])
        .current_dir(root)
        .env("NO_COLOR", "1")
        .output()
        .expect("urn-tag runs");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "1\n1\n1\n1\n1\n");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .args(["find", "-r"])
        .current_dir(root)
        .env("NO_COLOR", "1")
        .output()
        .expect("urn-tag runs");
    assert_eq!(String::from_utf8_lossy(&output.stdout), named(""));
    // Without -r, a directory cannot be read as a file.
    let output = common::run_cli(&["find", dir], b"");
    assert_eq!(output.status.code(), Some(2));
}

/// `find --help` says what the output is, how files are named and what `--invalid` reports.
#[test]
fn help_documents_files_and_invalid() {
    let output = common::run_cli(&["find", "--help"], b"");
    let help = String::from_utf8_lossy(&output.stdout);
    for words in [
        "FILE:LINE:COLUMN: TEXT",
        "LINE:COLUMN: TEXT: MESSAGE",
        "\"-\" for standard input",
        "--with-filename",
        "--no-filename",
        "--invalid",
        "none is ever reported cut",
    ] {
        assert!(help.contains(words), "{words:?} in:\n{help}");
    }
}
