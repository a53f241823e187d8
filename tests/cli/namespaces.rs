//! `--namespaces` on the command line: `check` (human and JSON, arguments and standard input),
//! `explain`, `find`, `eq` and `normalize`, exactly.
//!
//! The URNs are the registrations' own examples (RFC 4122 §3 for `uuid`, RFC 3044 §2 for
//! `issn`, RFC 3061 §2 for `oid`) and one-character changes to them that break a grammar rule
//! or a prose rule; `acme` is a NID not in the IANA registry, so nothing checks it, and `bbf` a
//! namespace whose registration states no syntax of its own (RFC 8057).
#![cfg(feature = "cli")]

use rstest::rstest;

use crate::common;

/// RFC 4122 §3's example.
const UUID: &str = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6";
/// RFC 3044 §2's example, whose check digit is right.
const ISSN: &str = "urn:ISSN:1234-1231";
/// The same with a wrong check digit: a prose rule (ISO 3297) broken.
const ISSN_WRONG_CHECK_DIGIT: &str = "urn:ISSN:1234-1232";
/// Five digits where RFC 4122's `time-low` has eight: a grammar rule broken.
const UUID_TOO_SHORT: &str = "urn:uuid:12345";
/// RFC 3061 §2's `number` has no leading zero.
const OID_LEADING_ZERO: &str = "urn:oid:1.02.3";
/// A NID not in the IANA registry: every registered namespace has a grammar or states no
/// syntax, so only such a NID goes unchecked.
const UNREGISTERED: &str = "urn:acme:widget-7";
/// RFC 8057 §5's example of `bbf`, whose registration states no syntax beyond RFC 2141's NSS.
const BBF: &str = "urn:bbf:yang:fast";
/// RFC 4151 §2.5's first example.
const TAG: &str = "tag:timothy@hpl.hp.com,2001:web/externalHome";

const UUID_MESSAGE: &str =
    "NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14";
const ISSN_MESSAGE: &str = "ISSN check digit must be 1, not 2 (ISO 3297) at byte 17";
const OID_MESSAGE: &str =
    "NSS breaks rule oid_oid of namespace oid (namespaces/oid.pest) at byte 11";

/// Runs `urn-tag ARGS` with `stdin` and checks its status and both outputs exactly.
#[track_caller]
fn assert_run(args: &[&str], stdin: &str, code: i32, stdout: &str, stderr: &str) {
    common::assert_run(args, stdin.as_bytes(), code, stdout, stderr);
}

/// The record `check --json` writes for a valid RFC 8141 URN without components; `checked` is
/// its `namespace_checked`, absent when `None`. It has no lints.
fn valid_urn_record(input: &str, nid: &str, nss: &str, checked: Option<bool>) -> String {
    let lower = format!("urn:{}:{nss}", nid.to_ascii_lowercase());
    let tail = match checked {
        Some(checked) => format!(r#","namespace_checked":{checked}"#),
        None => String::new(),
    };
    format!(
        r#"{{"input":"{input}","valid":true,"kind":"urn","spec":"rfc8141","nid":"{nid}","nss":"{nss}","r_component":null,"q_component":null,"f_component":null,"nid_class":"formal","registered":true,"normalized":"{lower}","equivalence_key":"{lower}"{tail},"lints":[]}}"#
    )
}

/// The record `check --json` writes for a valid URN of a NID not in the IANA registry.
fn unregistered_urn_record(input: &str, nid: &str, nss: &str, checked: Option<bool>) -> String {
    valid_urn_record(input, nid, nss, checked)
        .replace(r#""registered":true"#, r#""registered":false"#)
        .replace(
            r#""lints":[]"#,
            r#""lints":[{"code":"unregistered-nid","message":"NID not in the IANA registry (RFC 8141 §1)"}]"#,
        )
}

/// `record`, as `check --json` writes it for line `line` of standard input.
fn on_stdin_line(record: String, line: u64) -> String {
    let open = record.strip_suffix('}').expect("a record");
    format!(r#"{open},"file":"-","line":{line}}}"#)
}

/// The record `check --json` writes for an invalid URN.
fn invalid_urn_record(input: &str, index: usize, message: &str, kind: &str, tail: &str) -> String {
    format!(
        r#"{{"input":"{input}","valid":false,"kind":"urn","error":{{"index":{index},"message":"{message}","kind":"{kind}","part":"nss"}}{tail}}}"#
    )
}

/// `check --namespaces INPUT`: the answer, and the exit status it alone gives.
#[rstest]
#[case::rfc4122_example_follows_uuid(
    UUID,
    0,
    "valid   urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (URN, rfc8141, namespace uuid)\n"
)]
#[case::rfc3044_example_follows_issn(
    ISSN,
    0,
    "valid   urn:ISSN:1234-1231 (URN, rfc8141, namespace issn)\n"
)]
#[case::iso3297_check_digit_is_a_prose_rule(
    ISSN_WRONG_CHECK_DIGIT,
    1,
    "invalid urn:ISSN:1234-1232: ISSN check digit must be 1, not 2 (ISO 3297) at byte 17\n        urn:ISSN:1234-1232\n                         ^\n"
)]
#[case::rfc4122_time_low_is_a_grammar_rule(
    UUID_TOO_SHORT,
    1,
    "invalid urn:uuid:12345: NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14\n        urn:uuid:12345\n                      ^\n"
)]
#[case::rfc3061_number_has_no_leading_zero(
    OID_LEADING_ZERO,
    1,
    "invalid urn:oid:1.02.3: NSS breaks rule oid_oid of namespace oid (namespaces/oid.pest) at byte 11\n        urn:oid:1.02.3\n                   ^\n"
)]
#[case::no_grammar_is_not_checked(
    UNREGISTERED,
    0,
    "valid   urn:acme:widget-7 (URN, rfc8141, namespace not checked)\n"
)]
#[case::rfc8057_no_specific_syntax_is_checked(
    BBF,
    0,
    "valid   urn:bbf:yang:fast (URN, rfc8141, namespace bbf: no namespace-specific syntax)\n"
)]
#[case::rfc4151_tag_is_unaffected(
    TAG,
    0,
    "valid   tag:timothy@hpl.hp.com,2001:web/externalHome (tag URI, rfc4151)\n"
)]
#[case::rfc8141_syntax_comes_first(
    "urn:uuid:%zz",
    1,
    "invalid urn:uuid:%zz: invalid percent-encoding in NSS at byte 10\n        urn:uuid:%zz\n                  ^\n"
)]
fn check_namespaces_human(#[case] input: &str, #[case] code: i32, #[case] answer: &str) {
    assert_run(&["check", "--namespaces", input], "", code, answer, "");
}

/// `check --namespaces --json INPUT`: every record of a `urn:` input ends with
/// `namespace_checked`; a namespace error has kind `namespace`, part `nss` and the library's
/// message.
#[rstest]
#[case::rfc4122_example_follows_uuid(
    UUID,
    valid_urn_record(UUID, "uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", Some(true))
)]
#[case::rfc3044_example_follows_issn(ISSN, valid_urn_record(ISSN, "ISSN", "1234-1231", Some(true)))]
#[case::iso3297_check_digit_is_a_prose_rule(
    ISSN_WRONG_CHECK_DIGIT,
    invalid_urn_record(
        ISSN_WRONG_CHECK_DIGIT,
        17,
        ISSN_MESSAGE,
        "namespace",
        r#","namespace_checked":true"#
    )
)]
#[case::rfc4122_time_low_is_a_grammar_rule(
    UUID_TOO_SHORT,
    invalid_urn_record(
        UUID_TOO_SHORT,
        14,
        UUID_MESSAGE,
        "namespace",
        r#","namespace_checked":true"#
    )
)]
#[case::rfc3061_number_has_no_leading_zero(
    OID_LEADING_ZERO,
    invalid_urn_record(
        OID_LEADING_ZERO,
        11,
        OID_MESSAGE,
        "namespace",
        r#","namespace_checked":true"#
    )
)]
#[case::no_grammar_is_not_checked(
    UNREGISTERED,
    unregistered_urn_record(UNREGISTERED, "acme", "widget-7", Some(false))
)]
#[case::rfc8057_no_specific_syntax_is_checked(
    BBF,
    valid_urn_record(BBF, "bbf", "yang:fast", Some(true))
)]
#[case::rfc8141_syntax_comes_first(
    "urn:uuid:%zz",
    invalid_urn_record(
        "urn:uuid:%zz",
        10,
        "invalid percent-encoding in NSS at byte 10",
        "invalid_percent_encoding",
        r#","namespace_checked":false"#
    )
)]
#[case::rfc4151_tag_is_unaffected(
    TAG,
    r#"{"input":"tag:timothy@hpl.hp.com,2001:web/externalHome","valid":true,"kind":"tag","authority":"timothy@hpl.hp.com","authority_kind":"email","date":"2001-01-01","date_as_written":"2001","specific":"web/externalHome","fragment":null,"lints":[]}"#.to_owned()
)]
#[case::neither_scheme_has_no_namespace(
    "isbn:0451450523",
    r#"{"input":"isbn:0451450523","valid":false,"kind":null,"error":{"index":0,"message":"expected \"urn:\" or \"tag:\" at byte 0","kind":"expected_scheme","part":"scheme"}}"#.to_owned()
)]
fn check_namespaces_json(#[case] input: &str, #[case] record: String) {
    let code = if record.contains(r#""valid":true"#) {
        0
    } else {
        1
    };
    assert_run(
        &["check", "--namespaces", "--json", input],
        "",
        code,
        &format!("{record}\n"),
        "",
    );
}

/// Without `--namespaces`, a URN that breaks its namespace is valid, no record has
/// `namespace_checked`, and no namespace is read: its lints are the RFCs' alone (`explain`
/// and `check --namespaces` show what the namespace says).
#[rstest]
#[case::rfc4122_example(
    UUID,
    valid_urn_record(UUID, "uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", None)
)]
#[case::rfc4122_time_low_broken(
    UUID_TOO_SHORT,
    valid_urn_record(UUID_TOO_SHORT, "uuid", "12345", None)
)]
#[case::iso3297_check_digit_wrong(
    ISSN_WRONG_CHECK_DIGIT,
    valid_urn_record(ISSN_WRONG_CHECK_DIGIT, "ISSN", "1234-1232", None)
)]
#[case::no_grammar(
    UNREGISTERED,
    unregistered_urn_record(UNREGISTERED, "acme", "widget-7", None)
)]
#[case::syntax_error(
    "urn:uuid:%zz",
    invalid_urn_record(
        "urn:uuid:%zz",
        10,
        "invalid percent-encoding in NSS at byte 10",
        "invalid_percent_encoding",
        ""
    )
)]
fn check_without_namespaces_is_unchanged(#[case] input: &str, #[case] record: String) {
    let code = if record.contains(r#""valid":true"#) {
        0
    } else {
        1
    };
    assert_run(
        &["check", "--json", input],
        "",
        code,
        &format!("{record}\n"),
        "",
    );
    let human = if code == 0 {
        format!("valid   {input} (URN, rfc8141)\n")
    } else {
        "invalid urn:uuid:%zz: invalid percent-encoding in NSS at byte 10\n        urn:uuid:%zz\n                  ^\n".to_owned()
    };
    assert_run(&["check", input], "", code, &human, "");
}

/// Lines of standard input are answered as arguments are, and counted in the summary.
#[test]
fn check_namespaces_reads_standard_input() {
    let lines = [
        UUID,
        ISSN_WRONG_CHECK_DIGIT,
        "",
        UNREGISTERED,
        TAG,
        UUID_TOO_SHORT,
    ];
    let stdin = lines.join("\n") + "\n";
    let answers = concat!(
        "valid   urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (URN, rfc8141, namespace uuid)\n",
        "invalid urn:ISSN:1234-1232: ISSN check digit must be 1, not 2 (ISO 3297) at byte 17\n",
        "        urn:ISSN:1234-1232\n",
        "                         ^\n",
        "valid   urn:acme:widget-7 (URN, rfc8141, namespace not checked)\n",
        "valid   tag:timothy@hpl.hp.com,2001:web/externalHome (tag URI, rfc4151)\n",
        "invalid urn:uuid:12345: NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14\n",
        "        urn:uuid:12345\n",
        "                      ^\n",
    );
    let summary = "5 checked: 3 valid, 2 invalid, 1 blank line skipped\n";
    assert_run(&["check", "--namespaces"], &stdin, 1, answers, summary);
    let records = [
        on_stdin_line(
            valid_urn_record(UUID, "uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", Some(true)),
            1,
        ),
        on_stdin_line(
            invalid_urn_record(
                ISSN_WRONG_CHECK_DIGIT,
                17,
                ISSN_MESSAGE,
                "namespace",
                r#","namespace_checked":true"#,
            ),
            2,
        ),
        on_stdin_line(unregistered_urn_record(UNREGISTERED, "acme", "widget-7", Some(false)), 4),
        on_stdin_line(
            r#"{"input":"tag:timothy@hpl.hp.com,2001:web/externalHome","valid":true,"kind":"tag","authority":"timothy@hpl.hp.com","authority_kind":"email","date":"2001-01-01","date_as_written":"2001","specific":"web/externalHome","fragment":null,"lints":[]}"#.to_owned(),
            5,
        ),
        on_stdin_line(
            invalid_urn_record(
                UUID_TOO_SHORT,
                14,
                UUID_MESSAGE,
                "namespace",
                r#","namespace_checked":true"#,
            ),
            6,
        ),
    ];
    let json = records.join("\n") + "\n";
    assert_run(
        &["check", "--namespaces", "--json"],
        &stdin,
        1,
        &json,
        summary,
    );
    // Every URN follows its namespace, or has none: exit 0, and --quiet says it alone.
    let valid = [UUID, ISSN, UNREGISTERED, TAG].join("\n");
    assert_run(&["check", "--namespaces", "--quiet"], &valid, 0, "", "");
    assert_run(&["check", "--namespaces", "--quiet"], &stdin, 1, "", "");
}

/// A line cut at `--max-line-bytes` and a line that is not UTF-8 are `urn:` inputs whose
/// namespace was not checked.
#[test]
fn check_namespaces_lines_read_as_bytes() {
    let stdin = b"urn:uuid:\xff\nurn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\n";
    let output = common::run_cli(
        &["check", "--namespaces", "--json", "--max-line-bytes", "20"],
        stdin,
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        concat!(
            r#"{"input":"urn:uuid:�","input_lossy":true,"valid":false,"kind":"urn","error":{"index":9,"message":"invalid UTF-8 at byte 9","kind":"invalid_utf8","part":null},"namespace_checked":false,"file":"-","line":1}"#,
            "\n",
            r#"{"input":"urn:uuid:f81d4fae-7d","input_lossy":true,"valid":false,"kind":"urn","error":{"index":20,"message":"line longer than 20 bytes","kind":"line_too_long","part":null},"namespace_checked":false,"file":"-","line":2}"#,
            "\n"
        )
    );
}

/// `explain` always shows the namespace; `--namespaces` makes its error the verdict.
#[rstest]
#[case::rfc4122_example_follows_uuid(
    &[UUID],
    0,
    concat!(
        "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\n",
        "  valid URN under RFC 8141\n",
        "  part         bytes     text                                    grammar rule\n",
        "  scheme       0..3      \"urn\"                                   assigned_name\n",
        "  NID          4..8      \"uuid\"                                  NID\n",
        "  NSS          9..45     \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"  NSS\n",
        "  NID class    formal (RFC 8141 §5.1); registered with IANA (RFC 9562)\n",
        "  namespace    uuid (namespaces/uuid.pest): the NSS follows its grammar and prose rules\n",
        "  namespace rule               bytes     text\n",
        "  uuid                         9..45     \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"\n",
        "  uuid_UUID                    9..45     \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"\n",
        "  uuid_time_low                9..17     \"f81d4fae\"\n",
        "  uuid_time_mid                18..22    \"7dec\"\n",
        "  uuid_time_high_and_version   23..27    \"11d0\"\n",
        "  uuid_clock_seq_and_reserved  28..30    \"a7\"\n",
        "  uuid_clock_seq_low           30..32    \"65\"\n",
        "  uuid_node                    33..45    \"00a0c91e6bf6\"\n",
        "  normalized   urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\n",
        "  key          urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\n",
    )
)]
#[case::rfc4122_time_low_note(
    &[UUID_TOO_SHORT],
    0,
    concat!(
        "urn:uuid:12345\n",
        "  valid URN under RFC 8141\n",
        "  part         bytes     text                    grammar rule\n",
        "  scheme       0..3      \"urn\"                   assigned_name\n",
        "  NID          4..8      \"uuid\"                  NID\n",
        "  NSS          9..14     \"12345\"                 NSS\n",
        "  NID class    formal (RFC 8141 §5.1); registered with IANA (RFC 9562)\n",
        "  namespace    uuid (namespaces/uuid.pest): the NSS breaks its grammar\n",
        "  normalized   urn:uuid:12345\n",
        "  key          urn:uuid:12345\n",
        "  note         NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14\n",
        "               urn:uuid:12345\n",
        "                             ^\n",
    )
)]
#[case::rfc4122_time_low_verdict(
    &["--namespaces", UUID_TOO_SHORT],
    1,
    concat!(
        "urn:uuid:12345\n",
        "  invalid URN under RFC 8141 and the rules of namespace uuid: NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14\n",
        "  urn:uuid:12345\n",
        "                ^\n",
        "  part         bytes     text                    grammar rule\n",
        "  scheme       0..3      \"urn\"                   assigned_name\n",
        "  NID          4..8      \"uuid\"                  NID\n",
        "  NSS          9..14     \"12345\"                 NSS\n",
        "  NID class    formal (RFC 8141 §5.1); registered with IANA (RFC 9562)\n",
        "  namespace    uuid (namespaces/uuid.pest): the NSS breaks its grammar\n",
        "  normalized   urn:uuid:12345\n",
        "  key          urn:uuid:12345\n",
    )
)]
#[case::iso3297_check_digit_note(
    &[ISSN_WRONG_CHECK_DIGIT],
    0,
    concat!(
        "urn:ISSN:1234-1232\n",
        "  valid URN under RFC 8141\n",
        "  part         bytes     text                    grammar rule\n",
        "  scheme       0..3      \"urn\"                   assigned_name\n",
        "  NID          4..8      \"ISSN\"                  NID\n",
        "  NSS          9..18     \"1234-1232\"             NSS\n",
        "  NID class    formal (RFC 8141 §5.1); registered with IANA (ISSN International Centre <http://www.issn.org>)\n",
        "  namespace    issn (namespaces/issn.pest): the NSS follows its grammar but breaks a prose rule\n",
        "  namespace rule  bytes     text\n",
        "  issn            9..18     \"1234-1232\"\n",
        "  issn_issn_urn   9..18     \"1234-1232\"\n",
        "  issn_check      17..18    \"2\"\n",
        "  normalized   urn:issn:1234-1232\n",
        "  key          urn:issn:1234-1232\n",
        "  note         ISSN check digit must be 1, not 2 (ISO 3297) at byte 17\n",
        "               urn:ISSN:1234-1232\n",
        "                                ^\n",
    )
)]
#[case::iso3297_check_digit_verdict(
    &["--namespaces", ISSN_WRONG_CHECK_DIGIT],
    1,
    concat!(
        "urn:ISSN:1234-1232\n",
        "  invalid URN under RFC 8141 and the rules of namespace issn: ISSN check digit must be 1, not 2 (ISO 3297) at byte 17\n",
        "  urn:ISSN:1234-1232\n",
        "                   ^\n",
        "  part         bytes     text                    grammar rule\n",
        "  scheme       0..3      \"urn\"                   assigned_name\n",
        "  NID          4..8      \"ISSN\"                  NID\n",
        "  NSS          9..18     \"1234-1232\"             NSS\n",
        "  NID class    formal (RFC 8141 §5.1); registered with IANA (ISSN International Centre <http://www.issn.org>)\n",
        "  namespace    issn (namespaces/issn.pest): the NSS follows its grammar but breaks a prose rule\n",
        "  namespace rule  bytes     text\n",
        "  issn            9..18     \"1234-1232\"\n",
        "  issn_issn_urn   9..18     \"1234-1232\"\n",
        "  issn_check      17..18    \"2\"\n",
        "  normalized   urn:issn:1234-1232\n",
        "  key          urn:issn:1234-1232\n",
    )
)]
#[case::rfc3044_example_verdict(
    &["--namespaces", ISSN],
    0,
    concat!(
        "urn:ISSN:1234-1231\n",
        "  valid URN under RFC 8141 and the rules of namespace issn\n",
        "  part         bytes     text                    grammar rule\n",
        "  scheme       0..3      \"urn\"                   assigned_name\n",
        "  NID          4..8      \"ISSN\"                  NID\n",
        "  NSS          9..18     \"1234-1231\"             NSS\n",
        "  NID class    formal (RFC 8141 §5.1); registered with IANA (ISSN International Centre <http://www.issn.org>)\n",
        "  namespace    issn (namespaces/issn.pest): the NSS follows its grammar and prose rules\n",
        "  namespace rule  bytes     text\n",
        "  issn            9..18     \"1234-1231\"\n",
        "  issn_issn_urn   9..18     \"1234-1231\"\n",
        "  issn_check      17..18    \"1\"\n",
        "  normalized   urn:issn:1234-1231\n",
        "  key          urn:issn:1234-1231\n",
    )
)]
#[case::no_grammar_is_not_checked(
    &["--namespaces", UNREGISTERED],
    0,
    concat!(
        "urn:acme:widget-7\n",
        "  valid URN under RFC 8141\n",
        "  part         bytes     text                    grammar rule\n",
        "  scheme       0..3      \"urn\"                   assigned_name\n",
        "  NID          4..8      \"acme\"                  NID\n",
        "  NSS          9..17     \"widget-7\"              NSS\n",
        "  NID class    formal (RFC 8141 §5.1); not in the IANA registry\n",
        "  namespace    not checked: no grammar for NID acme\n",
        "  normalized   urn:acme:widget-7\n",
        "  key          urn:acme:widget-7\n",
        "  note         NID not in the IANA registry (RFC 8141 §1)\n",
    )
)]
#[case::rfc8057_no_specific_syntax_is_checked(
    &["--namespaces", BBF],
    0,
    concat!(
        "urn:bbf:yang:fast\n",
        "  valid URN under RFC 8141\n",
        "  part         bytes     text                    grammar rule\n",
        "  scheme       0..3      \"urn\"                   assigned_name\n",
        "  NID          4..7      \"bbf\"                   NID\n",
        "  NSS          8..17     \"yang:fast\"             NSS\n",
        "  NID class    formal (RFC 8141 §5.1); registered with IANA (RFC 8057)\n",
        "  namespace    bbf: checked: no namespace-specific syntax (RFC 8057, \"bbf Registration\", \"Declaration of syntactic structure\")\n",
        "  normalized   urn:bbf:yang:fast\n",
        "  key          urn:bbf:yang:fast\n",
    )
)]
#[case::rfc8141_syntax_comes_first(
    &["--namespaces", "urn:uuid:%zz"],
    1,
    concat!(
        "urn:uuid:%zz\n",
        "  invalid URN under RFC 8141: invalid percent-encoding in NSS at byte 10\n",
        "  urn:uuid:%zz\n",
        "            ^\n",
    )
)]
fn explain_namespaces(#[case] args: &[&str], #[case] code: i32, #[case] shown: &str) {
    let args: Vec<&str> = [&["explain"], args].concat();
    assert_run(&args, "", code, shown, "");
}

/// What the registration only advises against is a note, never an error, even with
/// `--namespaces`.
#[test]
fn explain_namespace_advice_is_a_note() {
    let output = common::run_cli(&["explain", "--namespaces", "urn:isbn:0451450523"], b"");
    assert_eq!(output.status.code(), Some(0));
    let shown = String::from_utf8_lossy(&output.stdout);
    for line in [
        "  valid URN under RFC 8141 and the rules of namespace isbn\n",
        "  namespace    isbn (namespaces/isbn.pest): the NSS follows its grammar and prose rules\n",
        "  isbn_ISBN10     9..19     \"0451450523\"\n",
        "  note         an ISBN-10 should be converted to a 13 digit number (urn:isbn registration) at byte 9\n",
    ] {
        assert!(shown.contains(line), "{line:?} in\n{shown}");
    }
}

/// A tag has no namespace: `--namespaces` changes nothing in its breakdown.
#[test]
fn explain_tag_is_unaffected() {
    let plain = common::run_cli(&["explain", TAG], b"");
    let namespaces = common::run_cli(&["explain", "--namespaces", TAG], b"");
    assert_eq!(plain.status.code(), Some(0));
    assert_eq!(
        (namespaces.status.code(), namespaces.stdout),
        (plain.status.code(), plain.stdout)
    );
}

/// `find --namespaces` passes over the URNs that break their namespace, and finds the others,
/// those of a namespace without a grammar included.
#[test]
fn find_namespaces_finds_only_urns_that_follow_their_namespace() {
    let text = format!(
        "See {UUID}, {UUID_TOO_SHORT} and {ISSN_WRONG_CHECK_DIGIT}.\n{ISSN} ({UNREGISTERED}); {TAG}\n"
    );
    assert_run(
        &["find", "--namespaces"],
        &text,
        0,
        concat!(
            "1:5: urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\n",
            "2:1: urn:ISSN:1234-1231\n",
            "2:21: urn:acme:widget-7\n",
            "2:41: tag:timothy@hpl.hp.com,2001:web/externalHome\n",
        ),
        "",
    );
    assert_run(
        &["find", "--namespaces"],
        &format!("only {UUID_TOO_SHORT} here\n"),
        1,
        "",
        "",
    );
    // Without the option, every URN is found.
    let output = common::run_cli(&["find"], text.as_bytes());
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 6);
}

/// `eq --namespaces` refuses a URN that breaks its namespace as it refuses any invalid input.
#[test]
fn eq_namespaces_refuses_a_urn_that_breaks_its_namespace() {
    let message = format!("urn-tag: {UUID_TOO_SHORT}: {UUID_MESSAGE}\n");
    assert_run(
        &["eq", "--namespaces", UUID_TOO_SHORT, UUID],
        "",
        2,
        "",
        &message,
    );
    assert_run(
        &["eq", UUID_TOO_SHORT, "URN:UUID:12345"],
        "",
        0,
        "equivalent\n",
        "",
    );
    assert_run(
        &["eq", "--namespaces", ISSN, "urn:issn:12341231"],
        "",
        0,
        "equivalent\n",
        "",
    );
}

/// `normalize --namespaces` reports a URN that breaks its namespace, and goes on.
#[test]
fn normalize_namespaces_reports_a_urn_that_breaks_its_namespace() {
    assert_run(
        &[
            "normalize",
            "--namespaces",
            ISSN_WRONG_CHECK_DIGIT,
            ISSN,
            UNREGISTERED,
        ],
        "",
        1,
        "urn:issn:1234-1231\nurn:acme:widget-7\n",
        &format!("urn-tag: {ISSN_WRONG_CHECK_DIGIT}: {ISSN_MESSAGE}\n"),
    );
}

/// Each command that reads identifiers documents the option in its help.
#[rstest]
#[case::check("check", "(error kind namespace)")]
#[case::explain("explain", "Without it, the breakdown still shows the namespace")]
#[case::find(
    "find",
    "Find only the URNs that also follow the grammar and prose rules"
)]
#[case::eq(
    "eq",
    "Also check each URN against the grammar and prose rules of its namespace"
)]
#[case::normalize(
    "normalize",
    "Also check each URN against the grammar and prose rules of its namespace"
)]
fn help_documents_namespaces(#[case] command: &str, #[case] words: &str) {
    let output = common::run_cli(&[command, "--help"], b"");
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(
        help.contains("--namespaces") && help.contains(words),
        "{command} --help:\n{help}"
    );
}
