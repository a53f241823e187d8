//! The command-line contract for tag URIs: `check` output and `mint-tag`, exactly.
#![cfg(feature = "cli")]

use std::process::Output;

use rstest::rstest;

use crate::common;

fn urn_tag(args: &[&str]) -> Output {
    common::run_cli(args, b"")
}

#[track_caller]
fn assert_run(args: &[&str], code: i32, stdout: &str, stderr: &str) {
    common::assert_run(args, b"", code, stdout, stderr);
}

#[rstest]
#[case::dns(
    "tag:yaml.org,2002:int",
    r#"{"input":"tag:yaml.org,2002:int","valid":true,"kind":"tag","authority":"yaml.org","authority_kind":"dns","date":"2002-01-01","date_as_written":"2002","specific":"int","fragment":null,"lints":[]}"#
)]
#[case::email_and_empty_fragment(
    "TAG:sandro@w3.org,2004-05:Sandro#",
    r#"{"input":"TAG:sandro@w3.org,2004-05:Sandro#","valid":true,"kind":"tag","authority":"sandro@w3.org","authority_kind":"email","date":"2004-05-01","date_as_written":"2004-05","specific":"Sandro","fragment":"","lints":[]}"#
)]
#[case::invalid_tag(
    "tag:a+b@example.com,2020:x",
    r#"{"input":"tag:a+b@example.com,2020:x","valid":false,"kind":"tag","error":{"index":5,"message":"invalid character '+' in authority at byte 5","kind":"invalid_char","part":"authority"}}"#
)]
#[case::date_not_in_calendar(
    "tag:example.com,1900-02-29:",
    r#"{"input":"tag:example.com,1900-02-29:","valid":false,"kind":"tag","error":{"index":24,"message":"day 29 does not exist in 1900-02 at byte 24","kind":"day_out_of_range","part":"date"}}"#
)]
#[case::neither_scheme(
    "tAx:1",
    r#"{"input":"tAx:1","valid":false,"kind":null,"error":{"index":2,"message":"expected \"urn:\" or \"tag:\" at byte 2","kind":"expected_scheme","part":"scheme"}}"#
)]
#[case::scheme_cut_short(
    "ur",
    r#"{"input":"ur","valid":false,"kind":null,"error":{"index":2,"message":"expected \"urn:\" or \"tag:\" at byte 2","kind":"expected_scheme","part":"scheme"}}"#
)]
#[case::urn_still_a_urn(
    "urn:example:a%zz",
    r#"{"input":"urn:example:a%zz","valid":false,"kind":"urn","error":{"index":14,"message":"invalid percent-encoding in NSS at byte 14","kind":"invalid_percent_encoding","part":"nss"}}"#
)]
fn check_json(#[case] input: &str, #[case] line: &str) {
    let valid = line.contains(r#""valid":true"#);
    assert_run(
        &["check", "--json", input],
        if valid { 0 } else { 1 },
        &format!("{line}\n"),
        "",
    );
}

#[test]
fn check_human_output() {
    assert_run(
        &["check", "tag:yaml.org,2002:int", "http://x"],
        1,
        "valid   tag:yaml.org,2002:int (tag URI, rfc4151)\n\
         invalid http://x: expected \"urn:\" or \"tag:\" at byte 0\n        http://x\n        ^\n",
        "",
    );
}

/// RFC 4151 §2.1: "software that processes tags MUST NOT reject them on the grounds that
/// they are outside the syntax defined above": `--tag-syntax lenient` accepts another
/// authority and reports it as `opaque`; the erratum 1485 syntax takes RFC 5322 local parts.
#[rstest]
#[case::lenient_opaque(
    "lenient",
    "tag:mac=00-00-5E-00-53-00,2005:x",
    r#"{"input":"tag:mac=00-00-5E-00-53-00,2005:x","valid":true,"kind":"tag","authority":"mac=00-00-5E-00-53-00","authority_kind":"opaque","date":"2005-01-01","date_as_written":"2005","specific":"x","fragment":null,"lints":[]}"#
)]
#[case::lenient_keeps_the_date_strict(
    "lenient",
    "tag:mac=00,2005-13:x",
    r#"{"input":"tag:mac=00,2005-13:x","valid":false,"kind":"tag","error":{"index":16,"message":"month 13 does not exist (01 to 12) in date at byte 16","kind":"month_out_of_range","part":"date"}}"#
)]
#[case::erratum_1485_email(
    "erratum1485",
    "tag:a+b@example.com,2020:x",
    r#"{"input":"tag:a+b@example.com,2020:x","valid":true,"kind":"tag","authority":"a+b@example.com","authority_kind":"email","date":"2020-01-01","date_as_written":"2020","specific":"x","fragment":null,"lints":[]}"#
)]
#[case::erratum_1485_refuses_a_trailing_dot(
    "erratum1485",
    "tag:a.@example.com,2020:x",
    r#"{"input":"tag:a.@example.com,2020:x","valid":false,"kind":"tag","error":{"index":6,"message":"'.' must stand between two atoms in the local part of the authority (RFC 5322 §3.2.3) at byte 6","kind":"misplaced_dot","part":"authority"}}"#
)]
fn check_json_tag_syntax(#[case] syntax: &str, #[case] input: &str, #[case] line: &str) {
    let valid = line.contains(r#""valid":true"#);
    assert_run(
        &["check", "--json", "--tag-syntax", syntax, input],
        if valid { 0 } else { 1 },
        &format!("{line}\n"),
        "",
    );
}

#[test]
fn explain_names_the_tag_syntax_and_its_rules() {
    let output = urn_tag(&["explain", "--tag-syntax", "lenient", "tag:mac=00,2005:x"]);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("valid tag URI under RFC 4151, lenient authority\n"),
        "{text}"
    );
    assert!(
        text.contains("  authority    4..10     \"mac=00\"                opaqueAuthority\n"),
        "{text}"
    );
    let output = urn_tag(&["explain", "--tag-syntax", "lenient", "tag:a+b@x.org,2005:x"]);
    assert!(String::from_utf8_lossy(&output.stdout).contains("erratum1485_emailAddress"));
    assert_run(
        &["check", "--tag-syntax", "rfc5322", "tag:a.org,2000:"],
        2,
        "",
        "error: invalid value 'rfc5322' for '--tag-syntax <SYNTAX>': unknown tag syntax (expected rfc4151, erratum1485 or lenient)\n\nFor more information, try '--help'.\n",
    );
}

#[test]
fn check_reads_tags_from_standard_input() {
    let output = common::run_cli(
        &["check", "--quiet"],
        b"tag:yaml.org,2002:int\r\nurn:isbn:0451450523\n",
    );
    assert!(output.status.success());
}

#[rstest]
#[case::shortest_date(&["--authority", "example.com", "--date", "2001-07-01", "--specific", "web/home"], "tag:example.com,2001-07:web/home\n", "")]
#[case::fragment(&["--authority", "sandro@w3.org", "--date", "2004-05", "--fragment", ""], "tag:sandro@w3.org,2004-05:#\n", "")]
#[case::lints_warn(
    &["--authority", "Example.com", "--date", "2000-01-01", "--specific", "My%20slippers"],
    "tag:Example.com,2000:My%20slippers\n",
    "urn-tag: warning: upper case in the domain name at byte 4 (RFC 4151 §2.1: lowercase is RECOMMENDED)\n\
     urn-tag: warning: percent-encoding at byte 23 (RFC 4151 §2.1: tags SHOULD NOT be minted with percent-encoded parts)\n"
)]
fn mint_tag_prints_the_tag(#[case] args: &[&str], #[case] stdout: &str, #[case] stderr: &str) {
    let args: Vec<&str> = ["mint-tag"].iter().chain(args).copied().collect();
    assert_run(&args, 0, stdout, stderr);
}

#[rstest]
#[case::not_fully_qualified(
    &["--authority", "localhost", "--date", "2001"],
    "urn-tag: cannot mint: the domain name in the authority is not fully qualified (it has no '.'); RFC 4151 §2.1: it MUST be\n"
)]
#[case::bad_authority(
    &["--authority", "a+b@example.com", "--date", "2001"],
    "urn-tag: cannot mint: invalid character '+' in authority (byte 1 of the authority given)\n"
)]
#[case::bad_specific(
    &["--authority", "example.com", "--date", "2001", "--specific", "a b"],
    "urn-tag: cannot mint: invalid character ' ' in specific (byte 1 of the specific given)\n"
)]
#[case::bad_date(
    &["--authority", "example.com", "--date", "2001-02-29"],
    "urn-tag: cannot mint: invalid --date \"2001-02-29\": day 29 does not exist in 2001-02 at byte 8\n"
)]
fn mint_tag_refuses(#[case] args: &[&str], #[case] stderr: &str) {
    let args: Vec<&str> = ["mint-tag"].iter().chain(args).copied().collect();
    assert_run(&args, 1, "", stderr);
}

/// The system clock decides what is in the future; 9999-12-31 always is.
#[test]
fn mint_tag_refuses_a_future_date() {
    let output = urn_tag(&["mint-tag", "--authority", "hp.com", "--date", "9999-12-31"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("urn-tag: cannot mint: date 9999-12-31 is after today ("),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(" UTC); RFC 4151 §2.2: tags MUST NOT be minted under a future date\n"),
        "{stderr}"
    );
}

#[test]
fn mint_tag_usage_error_exits_2() {
    let output = urn_tag(&["mint-tag", "--authority", "example.com"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}
