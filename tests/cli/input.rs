//! How the command line reads its input and echoes it: lines, files, byte order marks, blank
//! lines, invalid UTF-8, over-long lines, escapes, and the syntax options of every command.
#![cfg(feature = "cli")]

use rstest::rstest;

use crate::common::{self, assert_run};

/// An argument holding a line feed is one input, shown on one line: it cannot forge a second
/// result. Other controls and invisible characters are escaped too.
#[rstest]
#[case::line_feed_cannot_forge_a_result(
    "urn:ex:a\nvalid   urn:example:forged",
    "invalid urn:ex:a\\nvalid   urn:example:forged: invalid character '\\n' in NSS at byte 8\n        \
     urn:ex:a\\nvalid   urn:example:forged\n                ^\n"
)]
#[case::escape_sequence(
    "urn:ex:\u{1b}[2Jx",
    "invalid urn:ex:\\x1b[2Jx: invalid character '\\u{1b}' in NSS at byte 7\n        \
     urn:ex:\\x1b[2Jx\n               ^\n"
)]
#[case::right_to_left_override(
    "urn:ex:a\u{202e}x",
    "invalid urn:ex:a\\u{202e}x: non-ASCII character '\\u{202e}' in NSS must be percent-encoded at byte 8\n        \
     urn:ex:a\\u{202e}x\n                ^\n"
)]
#[case::carriage_return_and_backslash(
    "urn:ex:\\\r",
    "invalid urn:ex:\\\\\\r: invalid character '\\\\' in NSS at byte 7\n        \
     urn:ex:\\\\\\r\n               ^\n"
)]
fn check_escapes_what_it_echoes(#[case] input: &str, #[case] stdout: &str) {
    assert_run(&["check", input], b"", 1, stdout, "");
}

/// The library says when white space around an identifier is what makes it invalid.
#[rstest]
#[case::leading(
    " urn:ex:a",
    "invalid  urn:ex:a: white space before the identifier at byte 0\n         urn:ex:a\n        ^\n"
)]
#[case::trailing(
    "urn:ex:a\t",
    "invalid urn:ex:a\\t: white space after the NSS at byte 8\n        urn:ex:a\\t\n                ^\n"
)]
fn check_names_surrounding_white_space(#[case] input: &str, #[case] stdout: &str) {
    assert_run(&["check", input], b"", 1, stdout, "");
}

/// Standard input: a leading byte order mark and the carriage return of a CRLF line ending
/// are not part of the line; blank lines are skipped and counted apart; a second carriage
/// return is white space after the identifier.
#[test]
fn check_reads_lines_without_their_ends_and_skips_blank_ones() {
    assert_run(
        &["check"],
        b"\xEF\xBB\xBFurn:ex:a\r\n\n \t\r\nurn:ex:b\r\r\n\ntag:a.org,2000:x",
        1,
        "valid   urn:ex:a (URN, rfc8141)\n\
         invalid urn:ex:b\\r: white space after the NSS at byte 8\n        urn:ex:b\\r\n                ^\n\
         valid   tag:a.org,2000:x (tag URI, rfc4151)\n",
        "3 checked: 2 valid, 1 invalid, 3 blank lines skipped\n",
    );
}

/// Invalid UTF-8 is an error of its own, at its first byte; JSON says the echoed input is
/// not exact, human output shows the bytes.
#[test]
fn check_reports_invalid_utf8_at_its_byte() {
    let stdin = b"urn:ex:a\xFFb\n";
    assert_run(
        &["check", "--json"],
        stdin,
        1,
        concat!(
            r#"{"input":"urn:ex:a�b","input_lossy":true,"valid":false,"kind":"urn","#,
            r#""error":{"index":8,"message":"invalid UTF-8 at byte 8","kind":"invalid_utf8","part":null},"#,
            r#""file":"-","line":1}"#,
            "\n"
        ),
        "1 checked: 0 valid, 1 invalid\n",
    );
    assert_run(
        &["check"],
        stdin,
        1,
        "invalid urn:ex:a\\xffb: invalid UTF-8 at byte 8\n        urn:ex:a\\xffb\n                ^\n",
        "1 checked: 0 valid, 1 invalid\n",
    );
}

/// A line longer than --max-line-bytes is invalid, shown by its first bytes, and checking
/// goes on with the next line.
#[test]
fn check_reports_an_over_long_line_and_goes_on() {
    let stdin = [&b"urn:example:"[..], &[b'a'; 5000], b"\nurn:ex:b\n"].concat();
    assert_run(
        &["check", "--max-line-bytes", "1000", "--json"],
        &stdin,
        1,
        &format!(
            concat!(
                r#"{{"input":"urn:example:{}","input_lossy":true,"valid":false,"kind":"urn","#,
                r#""error":{{"index":1000,"message":"line longer than 1000 bytes","kind":"line_too_long","part":null}},"#,
                r#""file":"-","line":1}}"#,
                "\n",
                r#"{{"input":"urn:ex:b","valid":true,"kind":"urn","spec":"rfc8141","nid":"ex","nss":"b","#,
                r#""r_component":null,"q_component":null,"f_component":null,"nid_class":"reserved","#,
                r#""registered":false,"normalized":"urn:ex:b","equivalence_key":"urn:ex:b","#,
                r#""lints":[{{"code":"reserved-nid","message":"NID of a reserved form (RFC 8141 §5.1)"}}],"#,
                r#""file":"-","line":2}}"#,
                "\n"
            ),
            "a".repeat(256 - 12)
        ),
        "2 checked: 1 valid, 1 invalid\n",
    );
    assert_run(
        &["check", "--max-line-bytes", "1000"],
        &stdin,
        1,
        &format!(
            "invalid urn:example:{}…: line longer than 1000 bytes\nvalid   urn:ex:b (URN, rfc8141)\n",
            "a".repeat(200 - 12)
        ),
        "2 checked: 1 valid, 1 invalid\n",
    );
}

/// The error in a long input is shown in a window around it, not with the whole line.
#[test]
fn check_shows_a_window_around_the_error_of_a_long_line() {
    let line = format!(
        "urn:example:{}%zz{}\n",
        "a".repeat(100_000),
        "b".repeat(100_000)
    );
    let output = common::run_cli(&["check"], line.as_bytes());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout,
        format!(
            "invalid urn:example:{}…: invalid percent-encoding in NSS at byte 100013\n        \
             …{}%zz{}…\n        {}^\n",
            "a".repeat(188),
            "a".repeat(119),
            "b".repeat(59),
            " ".repeat(121)
        )
    );
}

/// `--file` reads lines from files; `-` is standard input; a file that cannot be read is
/// named in the message and makes the status 2, and the other files are still checked.
#[test]
fn check_reads_files_and_names_the_unreadable_one() {
    let dir = std::env::temp_dir().join(format!("urn-tag-cli-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ids.txt");
    std::fs::write(&file, "urn:ex:a\nurn:x\n").unwrap();
    let file = file.to_str().unwrap();
    let missing = dir.join("missing.txt");
    let missing = missing.to_str().unwrap();
    assert_run(
        &["check", "-f", file, "--file", "-", "-f", missing],
        b"tag:a.org,2000:x\n",
        2,
        &format!(
            "{file}:1: valid   urn:ex:a (URN, rfc8141)\n\
             {file}:2: invalid urn:x: NID shorter than 2 characters at byte 5\n        urn:x\n             ^\n\
             (standard input):1: valid   tag:a.org,2000:x (tag URI, rfc4151)\n"
        ),
        &format!("urn-tag: {missing}: No such file or directory\n3 checked: 2 valid, 1 invalid\n"),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[rstest]
#[case::find_missing_file(&["find", "no-such-file.txt"], "urn-tag: no-such-file.txt: No such file or directory\n")]
#[cfg_attr(unix, case::find_a_directory(&["find", "/"], "urn-tag: /: Is a directory\n"))]
fn find_names_the_file_it_cannot_read(#[case] args: &[&str], #[case] stderr: &str) {
    assert_run(args, b"", 2, "", stderr);
}

#[test]
fn find_reads_standard_input_for_dash() {
    assert_run(&["find", "-"], b"see urn:ex:a\n", 0, "1:5: urn:ex:a\n", "");
}

/// Offsets are bytes of the input and columns characters of the line (an invalid UTF-8
/// sequence counts as one), after invalid UTF-8, a byte order mark and non-ASCII text alike.
#[test]
fn find_counts_offsets_and_columns_past_invalid_utf8() {
    assert_run(
        &["find", "--json"],
        b"\xEF\xBB\xBFx \xFF urn:ex:a \xE9t\xC3\xA9 tag:a.org,2000:b\n\xFF\xFEurn:ex:c",
        0,
        concat!(
            r#"{"line":1,"column":5,"offset":7,"kind":"urn","text":"urn:ex:a","file":"-"}"#,
            "\n",
            r#"{"line":1,"column":18,"offset":21,"kind":"tag","text":"tag:a.org,2000:b","file":"-"}"#,
            "\n",
            r#"{"line":2,"column":3,"offset":40,"kind":"urn","text":"urn:ex:c","file":"-"}"#,
            "\n"
        ),
        "",
    );
}

/// Many matches on one long line (minified JSON): every column is right.
#[test]
fn find_counts_columns_on_a_long_line_with_many_matches() {
    let line: String = (0..2000)
        .map(|i| format!("\"é\":\"urn:ex:{i:04}\","))
        .collect();
    let output = common::run_cli(&["find"], line.as_bytes());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let columns: Vec<usize> = stdout
        .lines()
        .map(|l| l.split(':').nth(1).unwrap().parse().unwrap())
        .collect();
    // `"é":"` is five characters, each item eighteen.
    let expected: Vec<usize> = (0..2000).map(|i| i * 18 + 6).collect();
    assert!(columns == expected, "columns {:?}...", &columns[..5]);
}

/// A line longer than --max-line-bytes is searched in pieces cut after white space: matches
/// keep their line, column and offset.
#[test]
fn find_searches_an_over_long_line_in_pieces() {
    let line: String = (0..100).map(|i| format!("x urn:ex:{i:02} ")).collect();
    let output = common::run_cli(
        &["find", "--json", "--max-line-bytes", "40"],
        line.as_bytes(),
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let found: Vec<(u64, u64, u64, String)> = stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let n = |f: &str| v[f].as_u64().unwrap();
            (
                n("line"),
                n("column"),
                n("offset"),
                v["text"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected: Vec<(u64, u64, u64, String)> = (0..100)
        .map(|i| (1, i * 12 + 3, i * 12 + 2, format!("urn:ex:{i:02}")))
        .collect();
    assert_eq!(found, expected);
}

/// Every command that reads identifiers takes --tag-syntax: a tag that only erratum 1485
/// allows (a `+` in the local part) is read by all of them.
#[rstest]
#[case::check(&["check"], "valid   tag:a+b@example.com,2020:x (tag URI, erratum1485)\n")]
#[case::eq(&["eq", "tag:a+b@example.com,2020:x"], "equivalent\n")]
#[case::normalize(&["normalize"], "tag:a+b@example.com,2020:x\n")]
#[case::explain(&["explain"], "tag:a+b@example.com,2020:x\n  valid tag URI under RFC 4151 with erratum 1485\n")]
fn every_command_reads_an_erratum_1485_tag(#[case] command: &[&str], #[case] starts: &str) {
    let tag = "tag:a+b@example.com,2020:x";
    let args: Vec<&str> = [command, &["--tag-syntax", "erratum1485", tag]].concat();
    let output = common::run_cli(&args, b"");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    assert!(stdout.starts_with(starts), "{args:?}: {stdout}");
    // Under RFC 4151 itself the same tag is invalid.
    let rfc: Vec<&str> = [command, &[tag]].concat();
    let code = common::run_cli(&rfc, b"").status.code();
    assert!(matches!(code, Some(1 | 2)), "{rfc:?}: {code:?}");
}

#[test]
fn find_reads_an_erratum_1485_tag() {
    let text = b"id: tag:a+b@example.com,2020:x.\n";
    assert_run(
        &["find", "--tag-syntax", "erratum1485"],
        text,
        0,
        "1:5: tag:a+b@example.com,2020:x\n",
        "",
    );
    assert_run(&["find"], text, 1, "", "");
}

/// An argument that is not UTF-8 is checked like a line, not refused by the argument parser.
#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_reported_at_their_byte() {
    use std::os::unix::ffi::OsStrExt;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .arg("normalize")
        .arg(std::ffi::OsStr::from_bytes(b"urn:ex:\xFF"))
        .output()
        .unwrap();
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).as_ref()
        ),
        (Some(1), "urn-tag: urn:ex:\\xff: invalid UTF-8 at byte 7\n")
    );
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = common::run_cli(&["completions", shell], b"");
        let script = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(0), "{shell}");
        for word in [
            "urn-tag",
            "check",
            "mint-tag",
            "max-line-bytes",
            "tag-syntax",
        ] {
            assert!(script.contains(word), "{word} in the {shell} script");
        }
    }
}

#[test]
fn man_pages_are_generated_from_the_command_definitions() {
    let main = common::run_cli(&["man"], b"");
    let page = String::from_utf8(main.stdout).unwrap();
    assert!(page.contains(".TH urn-tag 1  \"urn-tag 0.1.0\""), "{page}");
    for command in [
        "check",
        "eq",
        "explain",
        "normalize",
        "find",
        "mint\\-tag",
        "completions",
    ] {
        assert!(
            page.contains(&format!("urn\\-tag\\-{command}(1)")),
            "{command} in\n{page}"
        );
    }
    assert!(page.contains("Exit status:"));
    let check = common::run_cli(&["man", "check"], b"");
    let page = String::from_utf8(check.stdout).unwrap();
    assert!(page.contains(".TH urn-tag-check 1"), "{page}");
    assert!(page.contains("\\-\\-max\\-line\\-bytes"), "{page}");
    let nope = common::run_cli(&["man", "nope"], b"");
    let stderr = String::from_utf8(nope.stderr).unwrap();
    assert_eq!(nope.status.code(), Some(2));
    assert!(
        stderr.starts_with(
            "urn-tag: no command \"nope\"; the commands are: check, eq, explain, normalize, \
             find, mint-tag, completions, "
        ),
        "{stderr}"
    );
}

/// Each error kind `check --json` reports, from an input that shows it; docs/cli.md documents
/// every one of them.
#[rstest]
#[case::expected_scheme(&[], b"http://x", "expected_scheme", Some("scheme"))]
#[case::leading_whitespace(&[], b"\turn:ex:a", "leading_whitespace", Some("scheme"))]
#[case::trailing_whitespace(&[], b"urn:ex:a ", "trailing_whitespace", Some("nss"))]
#[case::empty(&[], b"urn:ex:", "empty", Some("nss"))]
#[case::invalid_char(&[], b"urn:e_:a", "invalid_char", Some("nid"))]
#[case::non_ascii(&[], "urn:ex:é".as_bytes(), "non_ascii", Some("nss"))]
#[case::invalid_start(&[], b"urn:-ex:a", "invalid_start", Some("nid"))]
#[case::invalid_percent_encoding(&[], b"urn:ex:a%z", "invalid_percent_encoding", Some("nss"))]
#[case::expected(&[], b"urn:ex", "expected", Some("nid"))]
#[case::nid_too_short(&[], b"urn:e:a", "nid_too_short", Some("nid"))]
#[case::nid_too_long(&[], b"urn:abcdefghijabcdefghijabcdefghijabc:a", "nid_too_long", Some("nid"))]
#[case::nid_ends_with_hyphen(&[], b"urn:ex-:a", "nid_ends_with_hyphen", Some("nid"))]
#[case::bare_question_mark(&[], b"urn:ex:a?b", "bare_question_mark", Some("nss"))]
#[case::reserved_char(&["--spec", "rfc2141"], b"urn:a:b/c", "reserved_char", Some("nss"))]
#[case::reserved_nid(&["--spec", "rfc2141"], b"urn:urn:x", "reserved_nid", Some("nid"))]
#[case::nul_octet(&["--spec", "rfc2141"], b"urn:ab:%00", "nul_octet", Some("nss"))]
#[case::missing_at(&[], b"tag:-a.org,2000:x", "missing_at", Some("authority"))]
#[case::invalid_date(&[], b"tag:a.org,20000:x", "invalid_date", Some("date"))]
#[case::month_out_of_range(&[], b"tag:a.org,2000-13:x", "month_out_of_range", Some("date"))]
#[case::day_out_of_range(&[], b"tag:a.org,2001-02-29:x", "day_out_of_range", Some("date"))]
#[case::namespace(&["--namespaces"], b"urn:uuid:12345", "namespace", Some("nss"))]
#[case::invalid_utf8(&[], b"urn:ex:\xFF", "invalid_utf8", None)]
#[case::line_too_long(&["--max-line-bytes", "8"], b"urn:ex:abc", "line_too_long", None)]
#[case::lint(&["--strict"], b"urn:example:a", "lint", None)]
fn every_error_kind_is_documented(
    #[case] options: &[&str],
    #[case] line: &[u8],
    #[case] kind: &str,
    #[case] part: Option<&str>,
) {
    let args: Vec<&str> = [&["check", "--json"], options].concat();
    let output = common::run_cli(&args, &[line, b"\n"].concat());
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one record");
    assert_eq!(
        (
            record["error"]["kind"].as_str(),
            record["error"]["part"].as_str()
        ),
        (Some(kind), part),
        "{record}"
    );
    let reference = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .expect("docs/cli.md");
    assert!(
        reference.contains(&format!("`{kind}`")),
        "docs/cli.md documents {kind}"
    );
    let help = common::run_cli(&["check", "--help"], b"");
    let help = String::from_utf8(help.stdout).unwrap();
    let mut words = help.split(|c: char| !c.is_ascii_alphanumeric() && c != '_');
    assert!(words.any(|word| word == kind), "check --help lists {kind}");
}

/// The largest --max-line-bytes is taken as "no limit that memory could reach", the smallest
/// still reads every line.
#[rstest]
#[case::check_largest(&["check", "--max-line-bytes", "18446744073709551615"], "valid   urn:ex:a (URN, rfc8141)\n")]
#[case::find_largest(&["find", "--max-line-bytes", "18446744073709551615"], "1:1: urn:ex:a\n")]
#[case::check_smallest(&["check", "--max-line-bytes", "1"], "invalid u…: line longer than 1 byte\n")]
fn extreme_line_limits(#[case] args: &[&str], #[case] stdout: &str) {
    let output = common::run_cli(args, b"urn:ex:a\n");
    assert_eq!(String::from_utf8_lossy(&output.stdout), stdout, "{args:?}");
    assert!(matches!(output.status.code(), Some(0 | 1)), "{args:?}");
}

/// --max-line-bytes limits what a line holds: the carriage return of a CRLF ending and the
/// byte order mark that opens the input are not part of it.
#[rstest]
#[case::crlf_line_of_the_maximum(b"urn:example:a\r\n", 0, "valid   urn:example:a (URN, rfc8141)\n")]
#[case::byte_order_mark_and_crlf(
    b"\xEF\xBB\xBFurn:example:a\r\n",
    0,
    "valid   urn:example:a (URN, rfc8141)\n"
)]
#[case::last_line_without_line_feed(
    b"urn:example:a\r",
    0,
    "valid   urn:example:a (URN, rfc8141)\n"
)]
#[case::one_byte_more(
    b"urn:example:ab\r\n",
    1,
    "invalid urn:example:a…: line longer than 13 bytes\n"
)]
fn the_line_limit_is_on_the_content(#[case] stdin: &[u8], #[case] code: i32, #[case] stdout: &str) {
    let invalid = usize::from(code == 1);
    let summary = format!("1 checked: {} valid, {invalid} invalid\n", 1 - invalid);
    assert_run(
        &["check", "--max-line-bytes", "13"],
        stdin,
        code,
        stdout,
        &summary,
    );
}

/// A file name is escaped where a message names it, as echoed input is: a name holding a
/// terminal's escape sequence cannot retitle the window or forge a line.
#[rstest]
#[case::check_file(&["check", "--file"], "")]
#[case::find(&["find"], "")]
fn file_names_are_escaped_in_messages(#[case] command: &[&str], #[case] summary: &str) {
    let name = "no-such-dir/x\u{1b}]0;pwned\u{7}\nurn-tag: \u{202e}txt";
    let args = [command, &[name]].concat();
    let stderr = format!(
        "urn-tag: no-such-dir/x\\x1b]0;pwned\\x07\\nurn-tag: \\u{{202e}}txt: \
         No such file or directory\n{summary}"
    );
    assert_run(&args, b"", 2, "", &stderr);
}

/// In `--json` strings, the characters that act on a terminal or reorder the text around them
/// are `\uXXXX` escapes: the record shows safely, and decodes to exactly the input.
#[test]
fn check_json_escapes_c1_bidi_and_separator_characters() {
    let input = "urn:ex:a\u{202e}x\u{2028}\u{85}";
    let record = concat!(
        r#"{"input":"urn:ex:a\u202ex\u2028\u0085","valid":false,"kind":"urn","error":{"index":8,"#,
        r#""message":"non-ASCII character '\\u{202e}' in NSS must be percent-encoded at byte 8","#,
        r#""kind":"non_ascii","part":"nss"}}"#,
        "\n"
    );
    assert_run(&["check", "--json", input], b"", 1, record, "");
    let decoded: serde_json::Value = serde_json::from_str(record).expect("JSON");
    assert_eq!(decoded["input"], input);
}
