//! The module's answers, natively: the same functions the page calls, on the host.

use super::*;
use crate::registration::check_registration;

#[test]
fn the_menu_names_only_embedded_grammar_files_and_their_rules() {
    for entry in menu() {
        let source = grammar_text(entry.file);
        assert!(!source.is_empty(), "{} is not embedded", entry.file);
        assert!(
            Grammar::new(source, entry.rule).is_ok(),
            "{} has no rule {}",
            entry.file,
            entry.rule
        );
    }
    assert_eq!(menu().len(), 6 + Namespace::all().count());
}

#[test]
fn check_gives_the_library_message_and_byte() {
    assert_eq!(
        check("urn-rfc8141", "urn:example:a%zz"),
        r#"{"valid":false,"error":{"message":"invalid percent-encoding in NSS at byte 14","index":14,"kind":"invalid_percent_encoding","part":"nss"},"namespace":null,"equivalence_key":null,"nss":null}"#
    );
    assert_eq!(
        check("urn-rfc8141", "URN:EXAMPLE:a?+r#f"),
        r#"{"valid":true,"error":null,"namespace":{"status":"valid","nid":"example","message":null,"index":null},"equivalence_key":"urn:example:a","nss":[12,13]}"#
    );
    assert_eq!(
        check("tag-rfc4151", "tag:example.com,1900-02-29:x"),
        r#"{"valid":false,"error":{"message":"day 29 does not exist in 1900-02 at byte 24","index":24,"kind":"day_out_of_range","part":"date"},"namespace":null,"equivalence_key":null,"nss":null}"#
    );
}

#[test]
fn check_under_a_namespace_grammar_reports_the_namespace_rule() {
    let verdict = check("ns-uuid", "urn:uuid:12345");
    assert!(
        verdict.starts_with(
            r#"{"valid":false,"error":{"message":"NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14","index":14,"kind":"namespace","part":"nss"}"#
        ),
        "{verdict}"
    );
    let verdict = check("ns-uuid", "urn:isbn:0451450523");
    assert!(
        verdict.contains(
            r#""message":"NID \"isbn\" is not \"uuid\", the namespace of this grammar, at byte 4""#
        ),
        "{verdict}"
    );
    assert!(
        check("ns-uuid", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
            .starts_with(r#"{"valid":true"#)
    );
}

#[test]
fn an_unknown_grammar_is_an_error_record_not_a_panic() {
    assert!(check("nope", "x").contains(r#""message":"no grammar \"nope\" in the menu""#));
}

#[test]
fn run_gives_the_parse_tree_with_byte_spans() {
    let grammar = Grammar::new(grammar_text("urn.pest"), "rfc8141").expect("urn.pest compiles");
    assert_eq!(
        grammar.run("urn:ex:a?+r"),
        r#"{"matched":true,"end":11,"tree":[{"rule":"rfc8141","start":0,"end":11,"depth":1},{"rule":"namestring","start":0,"end":11,"depth":2},{"rule":"NID","start":4,"end":6,"depth":3},{"rule":"NSS","start":7,"end":8,"depth":3},{"rule":"r_component","start":10,"end":11,"depth":3},{"rule":"EOI","start":11,"end":11,"depth":2}],"index":null,"message":null}"#
    );
    assert_eq!(
        grammar.run("urn:ex:a?b"),
        r#"{"matched":false,"end":null,"tree":[],"index":8,"message":"expected EOI at byte 8"}"#
    );
}

#[test]
fn an_edited_grammar_changes_the_verdict() {
    let edited = grammar_text("urn.pest").replace(
        r#"unreserved = _{ ALPHA | DIGIT | "-" | "." | "_" | "~" }"#,
        r#"unreserved = _{ ALPHA | DIGIT | "-" | "." | "_" | "~" | "^" }"#,
    );
    assert_ne!(
        edited,
        grammar_text("urn.pest"),
        "the rule to edit is in urn.pest"
    );
    let grammar = Grammar::new(&edited, "rfc8141").expect("the edited grammar compiles");
    assert!(
        grammar
            .run("urn:example:a^b")
            .starts_with(r#"{"matched":true"#)
    );
    assert!(check("urn-rfc8141", "urn:example:a^b").starts_with(r#"{"valid":false"#));
}

#[test]
fn an_unusable_grammar_says_why() {
    let Err(error) = Grammar::new("a = { b }", "a") else {
        panic!("an undefined rule compiled")
    };
    assert!(error.contains("rule b is undefined"), "{error}");
    let Err(error) = Grammar::new("a = { \"x\" }", "c") else {
        panic!("a missing rule was found")
    };
    assert_eq!(error, r#"the grammar has no rule "c"; its rules are: a"#);
}

#[test]
fn outline_gives_rule_spans_in_utf16_units() {
    let source = "/// § 2\na = { \"é\" }\nb = { a }\n";
    assert_eq!(
        outline(source),
        r#"{"rules":[{"name":"a","start":8,"end":19,"line":2,"doc":["§ 2"],"notes":[]},{"name":"b","start":20,"end":29,"line":3,"doc":[],"notes":[]}],"error":null}"#
    );
    assert!(outline("a = {").contains(r#""rules":[],"error":"#));
}

#[test]
fn diagram_draws_the_rule_or_nothing() {
    let svg = diagram(grammar_text("urn.pest"), "NID");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(diagram(grammar_text("urn.pest"), "no_such_rule"), "");
    assert_eq!(diagram("a = {", "a"), "");
}

/// RFC 3061's ABNF of the oid namespace, as the cross-check reads it.
const OID_ABNF: &str = include_str!("../../../tests/data/abnf/namespaces/oid.abnf");

#[test]
fn a_registration_within_rfc8141_passes_with_every_generated_urn() {
    let report = check_registration(OID_ABNF, "", "oid", false, "urn:oid:1.3.6.1\nurn:oid:1.03");
    assert!(
        report.starts_with(
            r#"{"error":null,"examples":[{"urn":"urn:oid:1.3.6.1","abnf":true,"rfc8141_nss":true,"rfc8141":null},{"urn":"urn:oid:1.03","abnf":false,"rfc8141_nss":true,"rfc8141":null}],"generated":"#
        ),
        "{report}"
    );
    assert!(
        report.ends_with(r#""rejected":[],"rejected_count":0}"#),
        "{report}"
    );
    let generated: usize = report
        .split(r#""generated":"#)
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|count| count.parse().ok())
        .expect("a count of generated strings");
    assert!(generated > 500, "{generated} strings generated");
}

#[test]
fn a_registration_wider_than_rfc8141_lists_the_urns_it_would_allow() {
    let abnf = "nss = 1*( DIGIT / \" \" / \"/\" )\n";
    let report = check_registration(abnf, "nss", "x-test", false, "urn:x-test:1 2");
    assert!(
        report.contains(
            r#"{"urn":"urn:x-test:1 2","abnf":true,"rfc8141_nss":false,"rfc8141":"invalid character ' ' in NSS at byte 12"}"#
        ),
        "{report}"
    );
    // The shortest URN for each of the library's reasons comes first.
    assert!(
        report.contains(concat!(
            r#""generated":2000,"rejected":["#,
            r#"{"urn":"urn:x-test: ","abnf":true,"rfc8141_nss":false,"rfc8141":"white space after the NSS at byte 11"},"#,
            r#"{"urn":"urn:x-test:/","abnf":true,"rfc8141_nss":false,"rfc8141":"NSS must not start with '/' at byte 11"},"#,
            r#"{"urn":"urn:x-test: /","abnf":true,"rfc8141_nss":false,"rfc8141":"invalid character ' ' in NSS at byte 11"},"#,
        )),
        "{report}"
    );
    assert!(!report.contains(r#""rejected_count":0"#), "{report}");
}

#[test]
fn a_registration_for_whole_urns_is_checked_as_written() {
    let abnf = "urn = \"urn:demo:\" 1*ALPHA [ \"#\" *ALPHA ]\n";
    let report = check_registration(abnf, "", "", true, "urn:demo:abc#x");
    assert!(
        report.starts_with(
            r#"{"error":null,"examples":[{"urn":"urn:demo:abc#x","abnf":true,"rfc8141_nss":true,"rfc8141":null}]"#
        ),
        "{report}"
    );
    assert!(
        report.ends_with(r#""rejected":[],"rejected_count":0}"#),
        "{report}"
    );
}

#[test]
fn an_unusable_registration_says_why() {
    let error = |abnf: &str, top: &str, nid: &str| check_registration(abnf, top, nid, false, "");
    assert_eq!(
        error("a = b\n", "", "xy"),
        r#"{"error":"rule b is used but not defined","examples":[],"generated":0,"rejected":[],"rejected_count":0}"#
    );
    assert!(
        error("a = \"x\" a\n", "", "xy").contains(r#""error":"rule a refers to itself (a -> a)"#)
    );
    assert!(
        error("a = <some prose>\n", "", "xy")
            .contains(r#""error":"prose value <some prose> cannot be compiled: write it as ABNF""#)
    );
    assert!(
        error("a = \"x\"\na = \"y\"\n", "", "xy").contains(r#""error":"rule a is defined twice""#)
    );
    assert!(
        error("a = \"x\"", "", "")
            .contains(r#""error":"give the NID: an NSS becomes a URN as urn:NID:NSS""#)
    );
    assert!(error("= nothing", "", "xy").starts_with(r#"{"error":"ABNF: "#));
    assert!(error("a = %x5A-41\n", "", "xy").contains("invalid character class range"));
    assert!(error("a = 5*3\"x\"\n", "", "xy").starts_with(r#"{"error":"#));
    assert_eq!(
        error("a = \"x\"\n", "", "x"),
        r#"{"error":"the NID \"x\" is not valid under RFC 8141: NID shorter than 2 characters at byte 5","examples":[],"generated":0,"rejected":[],"rejected_count":0}"#
    );
}

/// The module's regex has no Unicode tables; the ABNF compiler needs none, for non-ASCII
/// characters either.
#[test]
fn a_registration_with_non_ascii_characters_compiles_and_is_checked() {
    let report = check_registration(
        "nss = 1*( ALPHA / %xE9 )\n",
        "",
        "xy",
        false,
        "urn:xy:a\u{e9}",
    );
    assert!(
        report.starts_with(
            r#"{"error":null,"examples":[{"urn":"urn:xy:aé","abnf":true,"rfc8141_nss":false,"rfc8141":"non-ASCII character 'é' in NSS must be percent-encoded at byte 8"}]"#
        ),
        "{report}"
    );
}
