//! `urn-tag explain`: inputs too long to show whole, and the `--json` record.
#![cfg(feature = "cli")]

use rstest::rstest;

use crate::common;

/// A part of 65 532 bytes or more once made the text column too wide for the formatter, whose
/// widths stop at `u16::MAX` ("Formatting argument out of range", exit 101). 131 000 bytes is
/// about the longest one argument may be on Linux (`MAX_ARG_STRLEN`); the breakdown's own test
/// takes a million.
#[rstest]
#[case::width_past_u16_max(65_532)]
#[case::longest_argument(131_000)]
fn explain_shows_a_long_part_in_a_window(#[case] length: usize) {
    let input = format!("urn:example:{}", "a".repeat(length));
    let output = common::run_cli(&["explain", &input], b"");
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).as_ref()
        ),
        (Some(0), "")
    );
    let shown = String::from_utf8(output.stdout).expect("UTF-8");
    let end = 12 + length;
    let window = format!("\"{}…{}\"", "a".repeat(120), "a".repeat(60));
    // The columns widen to the longest byte range and the window (183 characters), and no
    // further.
    let nss = format!("12..{end}");
    let bytes = nss.len() + 2;
    let head: Vec<&str> = shown.lines().take(11).collect();
    assert_eq!(
        head,
        [
            format!("urn:example:{}…", "a".repeat(188)),
            "  valid URN under RFC 8141".to_owned(),
            format!("  part         {:<bytes$}{:<185}grammar rule", "bytes", "text"),
            format!("  scheme       {:<bytes$}{:<185}assigned_name", "0..3", "\"urn\""),
            format!("  NID          {:<bytes$}{:<185}NID", "4..11", "\"example\""),
            format!("  NSS          {nss:<bytes$}{window}  NSS"),
            "  NID class    formal (RFC 8141 §5.1); registered with IANA (RFC 6963)".to_owned(),
            "  namespace    example (namespaces/example.pest): the NSS follows its grammar and prose rules".to_owned(),
            format!("  namespace rule  {:<bytes$}text", "bytes"),
            format!("  example         {nss:<bytes$}{window}"),
            format!("  example_NSS     {nss:<bytes$}{window}"),
        ]
    );
    assert!(shown.contains(&format!(
        "\n  normalized   {input}\n  key          {input}\n"
    )));
}

/// A tag's parts are shown the same way.
#[test]
fn explain_shows_a_long_tag_part_in_a_window() {
    let input = format!("tag:example.com,2000:{}", "s".repeat(65_532));
    let output = common::run_cli(&["explain", &input], b"");
    assert_eq!(output.status.code(), Some(0));
    let shown = String::from_utf8(output.stdout).expect("UTF-8");
    let window = format!("\"{}…{}\"", "s".repeat(120), "s".repeat(60));
    let row = format!("  specific     21..65553  {window}  specific\n");
    assert!(shown.contains(&row), "{row:?} in {shown}");
}
