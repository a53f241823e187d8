//! The `urn-tag` command line: the JSON contract, exit codes, standard input, `eq`.
#![cfg(feature = "cli")]

use std::process::Output;

use crate::common;

fn urn_tag(args: &[&str], stdin: Option<&str>) -> Output {
    common::run_cli(args, stdin.unwrap_or("").as_bytes())
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn check_json_urn_fields_in_order() {
    let output = urn_tag(&["check", "--json", "URN:Example:a%2c?+r#f"], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        concat!(
            r#"{"input":"URN:Example:a%2c?+r#f","valid":true,"kind":"urn","spec":"rfc8141","#,
            r#""nid":"Example","nss":"a%2c","r_component":"r","q_component":null,"f_component":"f","#,
            r#""nid_class":"formal","registered":true,"normalized":"urn:example:a%2C?+r#f","#,
            r#""equivalence_key":"urn:example:a%2C","lints":["#,
            r#"{"code":"r-component","message":"r-component present; its semantics are not standardized (RFC 8141 §2.3.1)"},"#,
            r#"{"code":"example-nid","message":"example NID, for documentation and tests only (RFC 6963 §3.6)"},"#,
            r#"{"code":"lowercase-hex","message":"lower-case hexadecimal digits in a percent-encoding (RFC 3986 §2.1) at byte 13","index":13}]}"#,
            "\n"
        )
    );
}

#[test]
fn check_json_draft_reports_query_and_fragment() {
    let output = urn_tag(
        &["check", "--spec", "rfc2141bis", "--json", "urn:ab-:c?d"],
        None,
    );
    let line = stdout(&output);
    assert!(line.contains(r#""spec":"rfc2141bis","nid":"ab-","nss":"c","query":"d","fragment":null,"nid_class":"reserved""#), "{line}");
    assert!(!line.contains("r_component"));
}

#[test]
fn check_json_invalid_records() {
    let output = urn_tag(&["check", "--json", "urn:example:a%zz", "http://x"], None);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"input":"urn:example:a%zz","valid":false,"kind":"urn","error":{"index":14,"message":"invalid percent-encoding in NSS at byte 14","kind":"invalid_percent_encoding","part":"nss"}}"#
    );
    assert!(
        lines[1]
            .starts_with(r#"{"input":"http://x","valid":false,"kind":null,"error":{"index":0,"#),
        "{}",
        lines[1]
    );
}

#[test]
fn check_reads_standard_input_line_by_line() {
    let output = urn_tag(&["check", "--json"], Some("urn:ex:a\r\nurn:ex:b\nbad\n"));
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    let inputs: Vec<&str> = out.lines().map(|l| l.split('"').nth(3).unwrap()).collect();
    assert_eq!(inputs, ["urn:ex:a", "urn:ex:b", "bad"]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("3 checked: 2 valid, 1 invalid"));
}

#[test]
fn check_quiet_prints_nothing() {
    let output = urn_tag(&["check", "--quiet", "urn:ex:a"], None);
    assert_eq!(
        (
            output.status.code(),
            output.stdout.len(),
            output.stderr.len()
        ),
        (Some(0), 0, 0)
    );
}

#[test]
fn check_usage_errors_exit_2() {
    assert_eq!(
        urn_tag(&["check", "--spec", "rfc9999", "urn:ex:a"], None)
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        urn_tag(&["check", "--json", "--quiet", "urn:ex:a"], None)
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn eq_prints_and_exits() {
    let same = urn_tag(
        &["eq", "urn:example:a123,z456", "URN:EXAMPLE:a123,z456?+abc"],
        None,
    );
    assert_eq!(
        (same.status.code(), stdout(&same).as_str()),
        (Some(0), "equivalent\n")
    );
    let different = urn_tag(
        &["eq", "urn:example:a123,z456", "urn:example:a123%2Cz456"],
        None,
    );
    assert_eq!(
        (different.status.code(), stdout(&different).as_str()),
        (Some(1), "not equivalent\n")
    );
    let invalid = urn_tag(&["eq", "urn:example:a", "urn:x"], None);
    assert_eq!(invalid.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&invalid.stderr)
            .contains("urn:x: NID shorter than 2 characters at byte 5")
    );
}

#[test]
fn eq_uses_the_spec() {
    let under_rfc8141 = urn_tag(&["eq", "urn:ex:a?=q", "urn:ex:a"], None);
    assert_eq!(under_rfc8141.status.code(), Some(0));
    let under_draft = urn_tag(
        &["eq", "--spec", "rfc2141bis", "urn:ex:a?=q", "urn:ex:a"],
        None,
    );
    assert_eq!(under_draft.status.code(), Some(1));
}

/// The namespace rules apply by default (RFC 2648: an `ietf` URN is case-insensitive);
/// `--rfc-only` compares by RFC 8141 §3 alone.
#[test]
fn eq_applies_namespace_rules_unless_rfc_only() {
    let urns = ["urn:ietf:RFC:2141", "urn:ietf:rfc:2141"];
    let with_rules = urn_tag(&["eq", urns[0], urns[1]], None);
    assert_eq!(
        (with_rules.status.code(), stdout(&with_rules).as_str()),
        (Some(0), "equivalent\n")
    );
    let rfc_only = urn_tag(&["eq", "--rfc-only", urns[0], urns[1]], None);
    assert_eq!(
        (rfc_only.status.code(), stdout(&rfc_only).as_str()),
        (Some(1), "not equivalent\n")
    );
}

#[test]
fn explain_lists_parts_spans_rules_and_class() {
    let output = urn_tag(&["explain", "urn:urn-7:a?=q#f"], None);
    assert_eq!(output.status.code(), Some(0));
    let out = stdout(&output);
    for expected in [
        "valid URN under RFC 8141",
        "NID          4..9      \"urn-7\"                 NID",
        "q-component  13..14    \"q\"                     q_component",
        "f-component  15..16    \"f\"                     f_component",
        "NID class    informal: RFC 8141 §5.2: InformalNamespaceName = \"urn-\" Number; registered with IANA",
        "key          urn:urn-7:a",
    ] {
        assert!(out.contains(expected), "{expected:?} in\n{out}");
    }
}

#[test]
fn explain_draws_the_error() {
    let output = urn_tag(&["explain", "urn:example:a?b"], None);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "urn:example:a?b\n  invalid URN under RFC 8141: '?' must be followed by '+' or '=' at byte 14\n  urn:example:a?b\n                ^\n"
    );
}

#[test]
fn normalize_and_key() {
    let output = urn_tag(&["normalize", "URN:EXAMPLE:a%2c?=Q", "urn:x"], None);
    assert_eq!(
        (output.status.code(), stdout(&output).as_str()),
        (Some(1), "urn:example:a%2C?=Q\n")
    );
    let output = urn_tag(&["normalize", "--key", "URN:EXAMPLE:a%2c?=Q"], None);
    assert_eq!(
        (output.status.code(), stdout(&output).as_str()),
        (Some(0), "urn:example:a%2C\n")
    );
    let nbn = "URN:NBN:DE:Gbv:089-3X%2c";
    let output = urn_tag(&["normalize", "--key", nbn], None);
    assert_eq!(stdout(&output), "urn:nbn:de:gbv:089-3X%2C\n");
    let output = urn_tag(&["normalize", "--key", "--rfc-only", nbn], None);
    assert_eq!(stdout(&output), "urn:nbn:DE:Gbv:089-3X%2C\n");
    let output = urn_tag(&["normalize", "--rfc-only", nbn], None);
    assert_eq!(output.status.code(), Some(2), "--rfc-only needs --key");
}

#[test]
fn find_reports_line_and_column() {
    let text = "Cite urn:isbn:0451450523.\nnothing\né (urn:ietf:rfc:8141)\n";
    let output = urn_tag(&["find"], Some(text));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "1:6: urn:isbn:0451450523\n3:4: urn:ietf:rfc:8141\n"
    );
    let json = urn_tag(&["find", "--json"], Some(text));
    assert_eq!(
        stdout(&json).lines().nth(1).unwrap(),
        r#"{"line":3,"column":4,"offset":38,"kind":"urn","text":"urn:ietf:rfc:8141","file":"-"}"#
    );
    assert_eq!(
        urn_tag(&["find"], Some("no identifiers\n")).status.code(),
        Some(1)
    );
}

#[test]
fn help_mentions_every_subcommand_and_the_exit_codes() {
    let output = urn_tag(&["--help"], None);
    let help = stdout(&output);
    for command in [
        "check",
        "eq",
        "explain",
        "normalize",
        "find",
        "mint-tag",
        "completions",
        "man",
    ] {
        assert!(
            help.contains(&format!("  {command} ")),
            "{command} in\n{help}"
        );
    }
    assert!(help.contains("Exit status:"));
}

#[test]
fn eq_compares_tags_exactly() {
    // RFC 4151 §2.4: equality is exact, so a different date spelling is a different tag.
    let different = urn_tag(
        &["eq", "tag:example.com,2000:", "tag:example.com,2000-01-01:"],
        None,
    );
    assert_eq!(
        (different.status.code(), stdout(&different).as_str()),
        (Some(1), "not equivalent\n")
    );
    let case = urn_tag(
        &["eq", "tag:EXAMPLE.com,2000:x", "tag:example.com,2000:x"],
        None,
    );
    assert_eq!(case.status.code(), Some(1));
    let same = urn_tag(
        &["eq", "tag:example.com,2000:x", "tag:example.com,2000:x"],
        None,
    );
    assert_eq!(
        (same.status.code(), stdout(&same).as_str()),
        (Some(0), "equivalent\n")
    );
    let mixed = urn_tag(&["eq", "tag:example.com,2000:x", "urn:example:x"], None);
    assert_eq!(mixed.status.code(), Some(1));
    let invalid = urn_tag(
        &[
            "eq",
            "tag:example.com,1900-02-29:x",
            "tag:example.com,2000:x",
        ],
        None,
    );
    assert_eq!(invalid.status.code(), Some(2));
}

#[test]
fn explain_a_tag() {
    let output = urn_tag(&["explain", "tag:sandro@w3.org,2004-05:Sandro"], None);
    assert_eq!(output.status.code(), Some(0));
    let out = stdout(&output);
    for expected in [
        "valid tag URI under RFC 4151",
        "authority    4..17     \"sandro@w3.org\"         emailAddress",
        "date         18..25    \"2004-05\"               date",
        "authority    email address: local part \"sandro\", domain \"w3.org\"",
        "date         2004-05-01 (RFC 4151 §2.2: month and day default to 01)",
    ] {
        assert!(out.contains(expected), "{expected:?} in\n{out}");
    }
    let invalid = urn_tag(&["explain", "tag:example.com,2001-02-29:x"], None);
    assert_eq!(invalid.status.code(), Some(1));
    assert!(
        stdout(&invalid).contains(
            "invalid tag URI under RFC 4151: day 29 does not exist in 2001-02 at byte 24"
        )
    );
    let neither = urn_tag(&["explain", "mailto:x@example.com"], None);
    assert_eq!(
        stdout(&neither),
        "mailto:x@example.com\n  invalid: expected \"urn:\" or \"tag:\" at byte 0\n  mailto:x@example.com\n  ^\n"
    );
}

#[test]
fn normalize_prints_tags_unchanged() {
    let output = urn_tag(&["normalize", "TAG:Example.com,2000:X", "URN:EX:a"], None);
    assert_eq!(stdout(&output), "TAG:Example.com,2000:X\nurn:ex:a\n");
}

#[test]
fn find_reports_tags_and_urns() {
    let output = urn_tag(
        &["find", "--json"],
        Some("<id>tag:example.com,2005:post-1</id> urn:ex:y.\n"),
    );
    assert_eq!(
        stdout(&output),
        concat!(
            r#"{"line":1,"column":5,"offset":4,"kind":"tag","text":"tag:example.com,2005:post-1","file":"-"}"#,
            "\n",
            r#"{"line":1,"column":38,"offset":37,"kind":"urn","text":"urn:ex:y","file":"-"}"#,
            "\n"
        )
    );
}
