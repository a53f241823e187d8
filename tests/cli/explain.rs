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

/// Runs `urn-tag ARGS` and gives its exit status and standard output.
#[track_caller]
fn run(args: &[&str]) -> (Option<i32>, String) {
    let output = common::run_cli(args, b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.is_empty(), "urn-tag {args:?}: {stderr}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    (output.status.code(), stdout)
}

/// The record of the README's example URN, field by field in order.
#[test]
fn explain_json_urn_record() {
    let (code, record) = run(&["explain", "--json", "urn:example:weather?=op=map#day2"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        record,
        concat!(
            r#"{"input":"urn:example:weather?=op=map#day2","valid":true,"kind":"urn","#,
            r#""spec":"rfc8141","nid":"example","nss":"weather","r_component":null,"#,
            r#""q_component":"op=map","f_component":"day2","parts":["#,
            r#"{"part":"scheme","start":0,"end":3,"text":"urn","rule":"assigned_name"},"#,
            r#"{"part":"nid","start":4,"end":11,"text":"example","rule":"NID"},"#,
            r#"{"part":"nss","start":12,"end":19,"text":"weather","rule":"NSS"},"#,
            r#"{"part":"q_component","start":21,"end":27,"text":"op=map","rule":"q_component"},"#,
            r#"{"part":"f_component","start":28,"end":32,"text":"day2","rule":"f_component"}],"#,
            r#""nid_class":"formal","nid_class_clause":"RFC 8141 §5.1","registered":true,"#,
            r#""registration":"RFC 6963","namespace":{"nid":"example","#,
            r#""grammar_file":"namespaces/example.pest","checked":true,"valid":true,"rules":["#,
            r#"{"rule":"example","start":12,"end":19,"text":"weather"},"#,
            r#"{"rule":"example_NSS","start":12,"end":19,"text":"weather"}]},"#,
            r#""normalized":"urn:example:weather?=op=map#day2","#,
            r#""equivalence_key":"urn:example:weather","#,
            r#""display_form":"urn:example:weather?=op=map#day2","lints":["#,
            r#"{"code":"example-nid","message":"example NID, for documentation and tests only (RFC 6963 §3.6)"}]}"#,
            "\n"
        )
    );
}

/// A tag's record: `check --json`'s fields, its syntax, parts and lints (RFC 4151 §2.1's
/// advice, the byte given where the finding is about one).
#[test]
fn explain_json_tag_record() {
    let (code, record) = run(&["explain", "--json", "tag:Sandro@W3.org,2004-05:x%41"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        record,
        concat!(
            r#"{"input":"tag:Sandro@W3.org,2004-05:x%41","valid":true,"kind":"tag","#,
            r#""tag_syntax":"rfc4151","authority":"Sandro@W3.org","authority_kind":"email","#,
            r#""local_part":"Sandro","domain":"W3.org","date":"2004-05-01","#,
            r#""date_as_written":"2004-05","specific":"x%41","fragment":null,"parts":["#,
            r#"{"part":"scheme","start":0,"end":3,"text":"tag","rule":"tagURI"},"#,
            r#"{"part":"authority","start":4,"end":17,"text":"Sandro@W3.org","rule":"emailAddress"},"#,
            r#"{"part":"date","start":18,"end":25,"text":"2004-05","rule":"date"},"#,
            r#"{"part":"specific","start":26,"end":30,"text":"x%41","rule":"specific"}],"#,
            r#""normalized":"tag:Sandro@W3.org,2004-05:x%41","#,
            r#""equivalence_key":"tag:Sandro@W3.org,2004-05:x%41","lints":["#,
            r#"{"code":"uppercase-domain","message":"upper case in the domain name at byte 11 (RFC 4151 §2.1: lowercase is RECOMMENDED)","index":11},"#,
            r#"{"code":"percent-encoding","message":"percent-encoding at byte 27 (RFC 4151 §2.1: tags SHOULD NOT be minted with percent-encoded parts)","index":27}]}"#,
            "\n"
        )
    );
}

/// A namespace without a grammar (a NID not in the IANA registry) is not checked, which is
/// not valid: `"valid":null`.
#[test]
fn explain_json_namespace_not_checked() {
    let (code, record) = run(&["explain", "--json", "urn:acme:widget-7"]);
    assert_eq!(code, Some(0));
    assert!(
        record.contains(concat!(
            r#","namespace":{"nid":"acme","grammar_file":null,"checked":false,"valid":null,"#,
            r#""rules":[]},"#
        )),
        "{record}"
    );
}

/// A namespace whose registration states no syntax of its own (RFC 8057's `bbf`) is checked,
/// and valid: it has no grammar file and no rules.
#[test]
fn explain_json_rfc8057_no_specific_syntax_is_checked() {
    let (code, record) = run(&["explain", "--json", "urn:bbf:yang:fast"]);
    assert_eq!(code, Some(0));
    assert!(
        record.contains(concat!(
            r#","namespace":{"nid":"bbf","grammar_file":null,"checked":true,"valid":true,"#,
            r#""rules":[]},"#
        )),
        "{record}"
    );
}

/// A namespace error is a lint, and the namespace's verdict; with `--namespaces` it is the
/// record's error, as `check --namespaces` reports it, and the exit status is 1.
#[rstest]
#[case::rfc4122_time_low("urn:uuid:12345", r#""rule":"uuid_time_low"}"#, "")]
#[case::iso3297_check_digit(
    "urn:ISSN:1234-1232",
    r#""rule":null}"#,
    r#"{"rule":"issn","start":9,"end":18,"text":"1234-1232"},{"rule":"issn_issn_urn","start":9,"end":18,"text":"1234-1232"},{"rule":"issn_check","start":17,"end":18,"text":"2"}"#
)]
fn explain_json_namespace_error(#[case] urn: &str, #[case] rule: &str, #[case] rules: &str) {
    let (_, record) = run(&["check", "--json", "--namespaces", urn]);
    // The error's JSON text, as `check` writes it.
    let (_, error) = record.split_once(r#","error":"#).expect("an error");
    let (error, _) = error
        .split_once(r#","namespace_checked""#)
        .expect("its end");
    let checked: serde_json::Value = serde_json::from_str(error).expect("JSON");
    let message = checked["message"].as_str().expect("a message");
    let index = &checked["index"];
    let namespace_error = format!(
        r#""error":{{"index":{index},"message":"{message}","kind":"namespace","part":"nss",{rule}"#
    );
    let rules = format!(r#""rules":[{rules}]}}"#);
    let (code, plain) = run(&["explain", "--json", urn]);
    assert_eq!(code, Some(0));
    assert!(plain.contains(r#""valid":true,"kind":"urn","spec":"rfc8141","nid""#));
    assert!(plain.contains(&format!(
        r#""checked":true,"valid":false,{namespace_error},{rules}"#
    )));
    let lint = format!(r#""lints":[{{"code":"namespace","message":"{message}","index":{index}}}"#);
    assert!(plain.contains(&lint), "{plain}");
    let (code, verdict) = run(&["explain", "--json", "--namespaces", urn]);
    assert_eq!(code, Some(1));
    let head = format!(
        r#"{{"input":"{urn}","valid":false,"kind":"urn","spec":"rfc8141","error":{error},"nid""#
    );
    assert!(verdict.starts_with(&head), "{head} in {verdict}");
    assert!(verdict.contains(&format!(
        r#""checked":true,"valid":false,{namespace_error},{rules}"#
    )));
    assert!(
        !verdict.contains(r#"{"code":"namespace""#),
        "not a lint too: {verdict}"
    );
}

/// An invalid input's record is `check --json`'s, the same bytes for `input`, `input_lossy`
/// and `error`, with the syntax it was read under.
#[rstest]
#[case::rfc3986_percent_encoding(&[], "urn:example:a%zz", r#","spec":"rfc8141""#)]
#[case::rfc8141_bare_question_mark(&[], "urn:example:a?b", r#","spec":"rfc8141""#)]
#[case::rfc2141_reserved_char(&["--spec", "rfc2141"], "urn:ex:a/b", r#","spec":"rfc2141""#)]
#[case::draft_nid_too_short(&["--spec", "rfc2141bis"], "urn:a:b", r#","spec":"rfc2141bis""#)]
#[case::rfc4151_day_out_of_range(&[], "tag:example.com,2001-02-29:x", r#","tag_syntax":"rfc4151""#)]
#[case::erratum1485_missing_date(&["--tag-syntax", "erratum1485"], "tag:a+b@example.com:x", r#","tag_syntax":"erratum1485""#)]
#[case::neither_scheme(&[], "mailto:x@example.com", "")]
#[case::escaped_as_check_escapes(&[], "urn:ex:a\"b\\c\u{1}\té", r#","spec":"rfc8141""#)]
fn explain_json_invalid_record_is_checks(
    #[case] options: &[&str],
    #[case] input: &str,
    #[case] syntax: &str,
) {
    let (_, checked) = run(&[&["check", "--json"], options, &[input]].concat());
    let (code, explained) = run(&[&["explain", "--json"], options, &[input]].concat());
    assert_eq!(code, Some(1));
    let (head, error) = checked.split_once(r#","error":"#).expect("an error");
    let error = error
        .trim_end()
        .strip_suffix('}')
        .expect("the record's end");
    let urn = if input.starts_with("urn:") {
        r#","namespace":null"#
    } else {
        ""
    };
    assert_eq!(
        explained,
        format!("{head}{syntax},\"error\":{error}{urn}}}\n")
    );
}

/// The bytes of an argument that is not UTF-8 are reported as `check` reports them.
#[cfg(unix)]
#[test]
fn explain_json_invalid_utf8_is_lossy() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_urn-tag"))
        .args([
            OsStr::new("explain"),
            OsStr::new("--json"),
            OsStr::from_bytes(b"urn:ex:\xff"),
        ])
        .output()
        .expect("urn-tag runs");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        concat!(
            r#"{"input":"urn:ex:�","input_lossy":true,"valid":false,"kind":"urn","spec":"rfc8141","#,
            r#""error":{"index":7,"message":"invalid UTF-8 at byte 7","kind":"invalid_utf8","part":null},"#,
            r#""namespace":null}"#,
            "\n"
        )
    );
}
