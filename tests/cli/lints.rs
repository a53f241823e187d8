//! Lints visible to programs: every valid `check --json` record lists its lints, and
//! `check --strict` makes an identifier with a lint invalid (error kind `lint`).
#![cfg(feature = "cli")]

use rstest::rstest;

use crate::common;

#[track_caller]
fn assert_run(args: &[&str], code: i32, stdout: &str) {
    let output = common::run_cli(args, b"");
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).as_ref(),
            String::from_utf8_lossy(&output.stderr).as_ref()
        ),
        (Some(code), stdout, ""),
        "urn-tag {args:?}"
    );
}

/// The `lints` field of `check --json INPUT`: the record's last field, `[]` for none, each
/// lint's stable name and message, and its byte when it is about one.
#[track_caller]
fn assert_lints(input: &str, lints: &str) {
    let output = common::run_cli(&["check", "--json", input], b"");
    let record = String::from_utf8(output.stdout).expect("UTF-8");
    let (_, field) = record
        .split_once(r#","lints":"#)
        .unwrap_or_else(|| panic!("no lints in {record}"));
    assert_eq!(field, format!("{lints}}}\n"), "{input}");
    let value: serde_json::Value = serde_json::from_str(&record).expect("a JSON record");
    assert!(value["lints"].is_array());
}

#[rstest]
#[case::rfc8141_none("urn:isbn:9780451450524", "[]")]
#[case::rfc4151_none("tag:yaml.org,2002:int", "[]")]
#[case::rfc6963_example_nid(
    "urn:example:a",
    r#"[{"code":"example-nid","message":"example NID, for documentation and tests only (RFC 6963 §3.6)"}]"#
)]
#[case::rfc8141_r_component_and_reserved_nid(
    "urn:ex:a?+r",
    concat!(
        r#"[{"code":"r-component","message":"r-component present; its semantics are not standardized (RFC 8141 §2.3.1)"},"#,
        r#"{"code":"reserved-nid","message":"NID of a reserved form (RFC 8141 §5.1)"}]"#
    )
)]
#[case::rfc3986_lowercase_hex_has_an_index(
    "urn:doi:10.1000/%3a",
    r#"[{"code":"lowercase-hex","message":"lower-case hexadecimal digits in a percent-encoding (RFC 3986 §2.1) at byte 16","index":16}]"#
)]
#[case::isbn_registration_advice_needs_namespaces("urn:isbn:0451450523", "[]")]
#[case::rfc4151_uppercase_domain_and_percent_encoding(
    "tag:Example.com,2000:a%20b",
    concat!(
        r#"[{"code":"uppercase-domain","message":"upper case in the domain name at byte 4 (RFC 4151 §2.1: lowercase is RECOMMENDED)","index":4},"#,
        r#"{"code":"percent-encoding","message":"percent-encoding at byte 22 (RFC 4151 §2.1: tags SHOULD NOT be minted with percent-encoded parts)","index":22}]"#
    )
)]
#[case::rfc4151_not_fully_qualified(
    "tag:localhost,2000:x",
    r#"[{"code":"not-fully-qualified","message":"the domain name is not fully qualified (RFC 4151 §2.1: it MUST be)"}]"#
)]
fn check_json_lists_the_lints(#[case] input: &str, #[case] lints: &str) {
    assert_lints(input, lints);
}

/// With `--namespaces`, what the namespace's registration advises is a lint too.
#[test]
fn check_namespaces_json_lists_the_namespace_advice() {
    let output = common::run_cli(
        &["check", "--namespaces", "--json", "urn:isbn:0451450523"],
        b"",
    );
    let record = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        record.ends_with(concat!(
            r#","lints":[{"code":"namespace-advice","message":"an ISBN-10 should be converted to a 13 digit number (urn:isbn registration) at byte 9","index":9}]}"#,
            "\n"
        )),
        "{record}"
    );
}

/// `--strict`: the first lint makes the identifier invalid, at its byte, or at 0 for a lint
/// about the whole identifier; one without lints stays valid.
#[rstest]
#[case::rfc4151_uppercase_domain_at_its_byte(
    "tag:Example.com,2000:a%20b",
    r#"{"input":"tag:Example.com,2000:a%20b","valid":false,"kind":"tag","error":{"index":4,"message":"upper case in the domain name at byte 4 (RFC 4151 §2.1: lowercase is RECOMMENDED)","kind":"lint","part":null}}"#,
    "invalid tag:Example.com,2000:a%20b: upper case in the domain name at byte 4 (RFC 4151 §2.1: lowercase is RECOMMENDED)\n        tag:Example.com,2000:a%20b\n            ^\n"
)]
#[case::rfc6963_example_nid_at_0(
    "urn:example:a",
    r#"{"input":"urn:example:a","valid":false,"kind":"urn","error":{"index":0,"message":"example NID, for documentation and tests only (RFC 6963 §3.6)","kind":"lint","part":null}}"#,
    "invalid urn:example:a: example NID, for documentation and tests only (RFC 6963 §3.6)\n        urn:example:a\n        ^\n"
)]
fn strict_makes_a_lint_an_error(#[case] input: &str, #[case] record: &str, #[case] text: &str) {
    assert_run(
        &["check", "--strict", "--json", input],
        1,
        &format!("{record}\n"),
    );
    assert_run(&["check", "--strict", input], 1, text);
    assert_run(&["check", "--strict", "--quiet", input], 1, "");
    // Without --strict, the lint is only listed.
    assert_run(&["check", "--quiet", input], 0, "");
}

#[test]
fn strict_leaves_an_identifier_without_lints_valid() {
    assert_run(
        &[
            "check",
            "--strict",
            "urn:isbn:9780451450524",
            "tag:yaml.org,2002:int",
        ],
        0,
        "valid   urn:isbn:9780451450524 (URN, rfc8141)\nvalid   tag:yaml.org,2002:int (tag URI, rfc4151)\n",
    );
}

/// Under `--namespaces --strict`, a URN refused for a lint of its namespace's registration
/// was checked against that namespace's grammar.
#[test]
fn strict_with_namespaces_says_the_namespace_was_checked() {
    assert_run(
        &[
            "check",
            "--namespaces",
            "--strict",
            "--json",
            "urn:isbn:0451450523",
        ],
        1,
        concat!(
            r#"{"input":"urn:isbn:0451450523","valid":false,"kind":"urn","error":{"index":9,"#,
            r#""message":"an ISBN-10 should be converted to a 13 digit number (urn:isbn registration) at byte 9","#,
            r#""kind":"lint","part":null},"namespace_checked":true}"#,
            "\n"
        ),
    );
}
