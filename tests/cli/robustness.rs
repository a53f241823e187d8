//! The command line on generated bad and odd inputs (none taken from the project's tests):
//! invalid UTF-8, NUL and other controls, very long lines, near-miss schemes. No command may
//! crash; `check --json` answers every line with a sound record.
#![cfg(feature = "cli")]

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

use crate::common;

/// Odd lines: raw bytes (often not UTF-8), near-miss identifiers, and a few huge ones.
fn odd_lines() -> Vec<Vec<u8>> {
    let head = prop::sample::select(vec![
        &b"urn:"[..],
        b"URN:",
        b"tag:",
        b"TaG:",
        b"urn",
        b"ur:",
        b"",
        b"\xEF\xBB\xBFurn:",
    ]);
    let body = prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(b"aZ09-._~:@!&'+=;/?#%,".to_vec()),
            1 => any::<u8>().prop_filter("no line break", |b| *b != b'\n'),
        ],
        0..48,
    );
    let strategy = (head, body).prop_map(|(head, body)| [head, &body[..]].concat());
    let mut runner = TestRunner::deterministic();
    let mut lines: Vec<Vec<u8>> = (0..5000)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect();
    lines.push([&b"urn:example:"[..], &vec![b'a'; 200_000]].concat());
    lines.push([&b"urn:example:"[..], &vec![b'%'; 100_000]].concat());
    lines.push([&b"tag:"[..], &b"a.".repeat(100_000)[..], b"b,2000:x"].concat());
    lines.push(b"urn:ex:a?+".repeat(20_000));
    // Longer than a record holds before writing out: invalid UTF-8, controls, a character
    // outside ASCII and a bidirectional control, over and over.
    lines.push(b"urn:\xff\x01\xc3\xa9\xe2\x80\xae".repeat(20_000));
    lines.push(vec![0u8; 1000]);
    lines.push(vec![0xFF; 1000]);
    lines
}

/// The line as `check` reads it: without the carriage return of a CRLF ending, and without
/// the byte order mark that opens the input.
fn as_read(line: &[u8], first: bool) -> &[u8] {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    match line.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) if first => rest,
        _ => line,
    }
}

#[test]
fn check_json_answers_every_odd_line_soundly() {
    let lines = odd_lines();
    let stdin: Vec<u8> = lines
        .iter()
        .flat_map(|line| line.iter().copied().chain([b'\n']))
        .collect();
    let output = common::run_cli(&["check", "--json"], &stdin);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{:?}",
        output.status
    );
    let stdout = String::from_utf8(output.stdout).expect("JSON is UTF-8");
    let records: Vec<&str> = stdout.lines().collect();
    // Blank lines are skipped, and counted apart in the summary.
    let read: Vec<&[u8]> = lines
        .iter()
        .enumerate()
        .map(|(at, line)| as_read(line, at == 0))
        .filter(|line| !line.iter().all(u8::is_ascii_whitespace))
        .collect();
    assert_eq!(records.len(), read.len());
    let blank = lines.len() - read.len();
    let summary = String::from_utf8_lossy(&output.stderr);
    assert!(
        summary.ends_with(&format!(", {blank} blank lines skipped\n")),
        "{summary}"
    );
    let reference = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md"))
        .expect("docs/cli.md");
    for (line, record) in read.into_iter().zip(records) {
        let value: serde_json::Value = serde_json::from_str(record).expect("a JSON object");
        let text = String::from_utf8_lossy(line);
        assert_eq!(value["input"], *text, "the record is about its line");
        let lossy = std::str::from_utf8(line).is_err();
        assert_eq!(
            value["input_lossy"].as_bool(),
            lossy.then_some(true),
            "{record}"
        );
        match value["valid"].as_bool().expect("valid is a bool") {
            true => assert!(matches!(value["kind"].as_str(), Some("urn" | "tag"))),
            false => {
                let error = &value["error"];
                let kind = error["kind"].as_str().expect("an error kind");
                assert!(
                    reference.contains(&format!("`{kind}`")),
                    "docs/cli.md documents {kind}"
                );
                let index = error["index"].as_u64().expect("an error index") as usize;
                assert!(index <= line.len(), "{record}");
                if lossy {
                    let valid_up_to = std::str::from_utf8(line).unwrap_err().valid_up_to();
                    assert_eq!(
                        (index, error["kind"].as_str(), error["part"].as_str()),
                        (valid_up_to, Some("invalid_utf8"), None),
                        "{record}"
                    );
                } else {
                    assert!(text.is_char_boundary(index), "{record}");
                    assert!(error["part"].is_string(), "{record}");
                }
                assert!(
                    error["message"]
                        .as_str()
                        .unwrap()
                        .ends_with(&format!("at byte {index}"))
                );
            }
        }
    }
}

#[test]
fn no_command_crashes_on_odd_input() {
    let lines = odd_lines();
    let blob: Vec<u8> = lines
        .iter()
        .flat_map(|line| line.iter().copied().chain([b'\n']))
        .collect();
    for args in [
        &["check"][..],
        &["check", "--quiet"],
        &["check", "--spec", "rfc2141"],
        &["check", "--spec", "rfc2141bis"],
        &["check", "--strict", "--json", "-Hn", "-"],
        &["check", "--namespaces", "--strict"],
        &["find"],
        &["find", "--json", "--keep-punctuation"],
    ] {
        let output = common::run_cli(args, &blob);
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "urn-tag {args:?}: {:?}",
            output.status
        );
    }
    // One-argument commands, on a sample of the lines that are valid UTF-8 and not too long
    // for an argument list.
    for line in lines
        .iter()
        .step_by(97)
        .filter_map(|l| std::str::from_utf8(l).ok())
        .filter(|l| !l.contains('\0') && l.len() < 10_000)
    {
        for args in [
            &["explain", line][..],
            &["normalize", line],
            &["normalize", "--key", line],
            &["eq", line, line],
        ] {
            let output = common::run_cli(args, b"");
            assert!(
                matches!(output.status.code(), Some(0..=2)),
                "urn-tag {args:?}: {:?}",
                output.status
            );
            assert!(
                !String::from_utf8_lossy(&output.stderr).contains("panicked"),
                "urn-tag {args:?}"
            );
        }
    }
}
