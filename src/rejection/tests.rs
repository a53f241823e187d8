//! The explanation follows the grammar: a copy of `urn.pest` with one rule edited, compiled by
//! build.rs with failure reports, explains its rejections by its own rules. (What the shipped
//! grammars say of every kind of rejection is asserted verbatim by the tests of tests/, among
//! them `tests/data/rejections.tsv`.)

use alloc::string::ToString;

use super::urn::explain_rejection;
use crate::compiled::urn::{self, RULES};
/// The report types and the fixed functions, where the compiled grammar below looks for them.
use crate::compiled::{report, support};

/// `tests/data/peg/urn_nss_without_slash.pest`, compiled by build.rs with failure reports.
#[allow(dead_code)] // only the report and its tables are read
mod nss_without_slash {
    include!(concat!(env!("OUT_DIR"), "/peg/urn_nss_without_slash.rs"));
}

/// The explanation follows the grammar: in a copy of urn.pest whose NSS rule no longer allows
/// "/", the "/" of an NSS is an invalid character, with no change to the Rust code.
#[test]
fn an_edited_rule_changes_the_message() {
    let original = include_str!("../../urn.pest");
    let copy = include_str!("../../tests/data/peg/urn_nss_without_slash.pest");
    let rule = "NSS = @{ pchar ~ (pchar | \"/\")* }";
    assert_eq!(original.matches(rule).count(), 1);
    let edited = original.replace(rule, "NSS = @{ pchar ~ pchar* }");
    let header = copy
        .strip_suffix(edited.as_str())
        .expect("urn.pest with the one edit");
    assert!(
        header.lines().all(|line| line.starts_with("// ")),
        "{header}"
    );
    assert_eq!(nss_without_slash::RULES, RULES);

    let input = "urn:example:a/b";
    assert!(urn::rfc8141(input.as_bytes()).is_some());
    let report = nss_without_slash::rfc8141_report(input.as_bytes());
    let error = explain_rejection(input, &report, &nss_without_slash::RULE_BYTES);
    assert_eq!(error.to_string(), "invalid character '/' in NSS at byte 13");
}
