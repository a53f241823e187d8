//! Unit tests of the prose rules, lints and equivalence rules, each case named after the
//! rule it pins.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use rstest::rstest;

use super::Decoded;
use super::advice::{self, SpecialUuid};
use super::equivalence;
use super::prose::{self, ProseRule, ProseViolation, RULES, Sentence};

/// The message of the violation `check` finds, with its index.
#[track_caller]
fn violation(nid_prefix: &str, nss: &str) -> (usize, String) {
    let found = prose::check(nid_prefix, nss).expect_err("a violation");
    (found.index, found.to_string())
}

#[rstest]
#[case::isbn10_rfc3187_example("isbn", "0-395-36341-1")]
#[case::isbn10_template_example_1("isbn", "951-0-18435-7")]
#[case::isbn13_template_example_2("isbn", "978-951-0-18435-6")]
#[case::isbn13_without_hyphens("isbn", "9789521039379")]
#[case::isbn10_check_x("isbn", "0-8044-2957-X")]
#[case::issn_template_example_1("issn", "0317-8471")]
#[case::issn_template_example_2("issn", "1050-124X")]
#[case::issn_lower_case_x("issn", "1050-124x")]
#[case::issn_without_hyphen("issn", "10468188")]
#[case::mrn_oid_of_22("mrn", "abcdefghijklmnopqrstuv:x:y")]
#[case::mrn_osnid_of_34("mrn", "imo:abcdefghijklmnopqrstuvwxyz01234567:1")]
#[case::gsma_imeival("gsma", "imei:90420156-025763-0;vers=0")]
#[case::gsma_ext_imei_with_vers("gsma", "imei:1234-5678;vers=1")]
#[case::gsma_future_specifier("gsma", "future:x;a=b")]
#[case::newsml_leap_day("newsml", "iptc.org:20000229:NewsMLv1.0:1")]
#[case::newsml_rfc3085_example("newsml", "reuters.com:20000206:IIMFFH05643:1U")]
#[case::isan_known_isan("isan", "0000-0000-D07A-0090-Q")]
#[case::isan_known_v_isan("isan", "0000-0000-D07A-0090-Q-0000-0000-X")]
#[case::isan_lower_case("isan", "0000-0000-d07a-0090-q-0000-0000-x")]
#[case::no_prose_rules("oid", "1.02")]
#[case::c2pa_template_example_4("c2pa", "F9168C5E-CEB2-4FAA-B6BF-329BF39FA1E4:v2_1")]
#[case::rfc9039_s5_ops_example("dev", "ops:32473-Refrigerator-5002")]
#[case::isni_template_example("isni", "0000000121241960")]
#[case::rfc7972_s2_example("eidr", "10.5240:7791-8534-2C23-9030-8610-5")]
#[case::doi_template_example_4("doi", "10.1000/456%23789")]
#[case::doi_template_unicode("doi", "10.1000/caf%C3%A9")]
#[case::rfc7972_s2_example_lower_case("eidr", "10.5240:7ec7-228a-510a-053e-cbb8-j")]
#[case::rfc7972_s2_other_prefix("eidr", "10.9999:7791-8534-2C23-9030-8610-6")]
#[case::isni_check_x("isni", "000000000000001X")]
#[case::rfc5031_s4_1_top_level_of_27("service", "abcdefghijklmnopqrstuvwxy-1.x")]
#[case::rfc5890_s2_3_1_label_of_63(
    "alert",
    "service:abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk"
)]
fn prose_rules_accept(#[case] nid_prefix: &str, #[case] nss: &str) {
    assert_eq!(prose::check(nid_prefix, nss), Ok(()));
}

#[rstest]
#[case::isbn13_check_digit(
    "isbn",
    "978-951-0-18435-7",
    16,
    "ISBN check digit must be 6, not 7 (ISO 2108)"
)]
#[case::isbn10_check_digit(
    "isbn",
    "0-395-36341-2",
    12,
    "ISBN check digit must be 1, not 2 (ISO 2108)"
)]
#[case::isbn10_check_digit_x(
    "isbn",
    "0-8044-2957-3",
    12,
    "ISBN check digit must be X, not 3 (ISO 2108)"
)]
#[case::isbn13_five_hyphens(
    "isbn",
    "978-9-5-1-018435-6",
    16,
    "an ISBN-13 has at most 4 hyphens, one between each two of its parts (urn:isbn registration)"
)]
#[case::isbn10_four_hyphens(
    "isbn",
    "0-3-95-36341-1",
    12,
    "an ISBN-10 has at most 3 hyphens, one between each two of its parts (urn:isbn registration)"
)]
#[case::issn_check_digit("issn", "0317-8472", 8, "ISSN check digit must be 1, not 2 (ISO 3297)")]
#[case::issn_check_digit_x("issn", "1050-1245", 8, "ISSN check digit must be X, not 5 (ISO 3297)")]
#[case::mrn_oid_of_23(
    "mrn",
    "abcdefghijklmnopqrstuvw:x:y",
    22,
    "MRN OID must be at most 22 characters, not 23 (urn:mrn registration)"
)]
#[case::mrn_osnid_of_35(
    "mrn",
    "imo:abcdefghijklmnopqrstuvwxyz012345678:1",
    38,
    "MRN OSNID must be at most 34 characters, not 35 (urn:mrn registration)"
)]
#[case::gsma_ext_imei_without_vers(
    "gsma",
    "imei:1234-5678",
    5,
    "an IMEI that is not 8-6-1 digits needs a 'vers' parameter other than 0 (RFC 7254 §4.1)"
)]
#[case::gsma_ext_imei_with_vers_0(
    "gsma",
    "imei:1234-5678;svn=42;vers=0",
    5,
    "an IMEI that is not 8-6-1 digits needs a 'vers' parameter other than 0 (RFC 7254 §4.1)"
)]
#[case::newsml_february_30(
    "newsml",
    "iptc.org:20010230:x:1",
    15,
    "NewsML DateId must be a date; 2001-02-30 is none (RFC 3085 §2)"
)]
#[case::newsml_1900_not_leap(
    "newsml",
    "iptc.org:19000229:x:1",
    15,
    "NewsML DateId must be a date; 1900-02-29 is none (RFC 3085 §2)"
)]
#[case::newsml_provider_not_domain(
    "newsml",
    "iptc_org:20000229:x:1",
    4,
    "NewsML ProviderId must be an Internet domain name (RFC 3085 §2)"
)]
#[case::newsml_provider_empty_label(
    "newsml",
    "iptc..org:20000229:x:1",
    5,
    "NewsML ProviderId must be an Internet domain name (RFC 3085 §2)"
)]
#[case::newsml_provider_trailing_hyphen(
    "newsml",
    "iptc-.org:20000229:x:1",
    4,
    "NewsML ProviderId must be an Internet domain name (RFC 3085 §2)"
)]
#[case::isan_rfc4246_example_1(
    "isan",
    "0123-1230-3210-2310-1",
    20,
    "ISAN check character must be J, not 1 (ISO 15706)"
)]
#[case::isan_rfc4246_example_2(
    "isan",
    "1881-66C7-3420-6541-9-9F3A-0245-U",
    20,
    "ISAN check character must be Y, not 9 (ISO 15706)"
)]
#[case::isan_version_check(
    "isan",
    "0000-0000-D07A-0090-Q-0000-0000-Y",
    32,
    "ISAN check character must be X, not Y (ISO 15706)"
)]
#[case::rfc5031_s4_1_top_level_of_28(
    "service",
    "abcdefghijklmnopqrstuvwxy-12.sub",
    27,
    "top-level service name must be at most 27 characters, not 28 (RFC 5031 §4.1)"
)]
#[case::rfc5890_s2_3_1_provider_of_64(
    "alert",
    "service:ring@abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl",
    76,
    "alert-label must be at most 63 octets, not 64 (RFC 7462 §7: a Non-Reserved LDH label of RFC \
     5890 §2.3.1)"
)]
#[case::doi_template_control_character(
    "doi",
    "10.1000/a%7Fb",
    9,
    "a DOI name must be printable UTF-8 text (urn:doi registration): U+007F is a control character"
)]
#[case::doi_template_not_utf8(
    "doi",
    "10.1000/caf%C3",
    11,
    "a DOI name must be printable UTF-8 text (urn:doi registration): the octets from %C3 are not \
     UTF-8"
)]
#[case::rfc7972_s2_example_changed(
    "eidr",
    "10.5240:7791-8534-2C23-9030-8610-6",
    33,
    "EIDR check character must be 5, not 6 (RFC 7972 §2, ISO 7064 MOD 37,36)"
)]
#[case::isni_template_example_changed(
    "isni",
    "0000000121241961",
    15,
    "ISNI check character must be 0, not 1 (ISO 27729, ISO/IEC 7064 MOD 11-2)"
)]
#[case::trivore_template_urn_of_513(
    "trivore",
    &format!("id:{}", "a".repeat(498)),
    500,
    "a trivore URN must be at most 512 characters, not 513 (urn:trivore registration)"
)]
fn prose_rules_reject(
    #[case] nid_prefix: &str,
    #[case] nss: &str,
    #[case] index: usize,
    #[case] message: &str,
) {
    assert_eq!(violation(nid_prefix, nss), (index, message.to_string()));
}

/// Each prose rule has one row in the table, and its name starts with its namespace's entry
/// rule, as the names of grammar rules do.
#[test]
fn every_prose_rule_is_named_after_its_namespace_once() {
    assert!(RULES.len() <= usize::from(u8::MAX));
    for (index, row) in RULES.iter().enumerate() {
        let rule = ProseRule::named(row.name);
        assert_eq!(usize::from(rule.0), index, "{} is named twice", row.name);
        assert_eq!(rule.namespace().nid(), row.nid, "{}", row.name);
        let prefix = format!("{}_", rule.namespace().entry_rule());
        assert!(row.name.starts_with(&prefix), "{}", row.name);
    }
}

/// Every prose rule's sentence takes the kind of violation its family makes and writes what it
/// holds: no message falls back to the subject alone.
#[test]
fn every_prose_rule_has_words_for_its_kind() {
    for (index, row) in RULES.iter().enumerate() {
        let rule = ProseRule(u8::try_from(index).expect("fewer than 256 rules"));
        let (max, len) = (63, 64);
        let (violation, holds) = match row.sentence {
            Sentence::MustBe(..) => {
                let (expected, found) = ('7', '9');
                let violation = ProseViolation::CheckCharacter {
                    rule,
                    expected,
                    found,
                };
                (violation, "must be 7, not 9 (")
            }
            Sentence::AtMost(..) => (ProseViolation::TooLong { rule, max, len }, "at most 63 "),
            Sentence::LongerThan(..) => (
                ProseViolation::TooLong { rule, max, len },
                " longer than 63 ",
            ),
            Sentence::NoDate(..) => {
                let (year, month, day) = (2001, 2, 30);
                let violation = ProseViolation::Date {
                    rule,
                    year,
                    month,
                    day,
                };
                (violation, " must be a date; 2001-02-30 is none (")
            }
            Sentence::Text(..) => {
                let found = Decoded::NotUtf8(0xFF);
                let violation = ProseViolation::Encoding { rule, found };
                (violation, "): the octets from %FF are not UTF-8")
            }
            Sentence::Fixed(message) => (ProseViolation::Structure { rule }, message),
        };
        let message = violation.to_string();
        assert!(message.contains(holds), "{}: {message}", row.name);
    }
}

/// The one check of decoded text, on the parts that ask for it: UTF-8 as RFC 3629 §3 and §4
/// define it, printable where the registration says so, without the characters it excludes;
/// reported at the first byte of the triplet where the text goes wrong.
#[rstest]
#[case::rfc3629_two_octets("nzl", "a:caf%C3%A9", None)]
#[case::rfc3629_four_octets("nzl", "a:%F0%9F%99%82", None)]
#[case::rfc3629_last_scalar_value("nzl", "a:%F4%8F%BF%BF", None)]
#[case::rfc3629_lower_case_hex("nzl", "a:caf%c3%a9", None)]
#[case::nzl_any_character("nzl", "a:%00", None)]
#[case::rfc3629_never_an_octet("nzl", "a:b%FE", Some((3, Decoded::NotUtf8(0xFE))))]
#[case::rfc3629_continuation_alone("nzl", "a:%BF", Some((2, Decoded::NotUtf8(0xBF))))]
#[case::rfc3629_cut_short_by_the_end("nzl", "a:%E2%82", Some((2, Decoded::NotUtf8(0xE2))))]
#[case::rfc3629_cut_short_by_a_character("nzl", "a:%E2%82b", Some((2, Decoded::NotUtf8(0xE2))))]
#[case::rfc3629_overlong("nzl", "a:%E0%80%AF", Some((2, Decoded::NotUtf8(0xE0))))]
#[case::rfc3629_surrogate("nzl", "a:%ED%B0%80", Some((2, Decoded::NotUtf8(0xED))))]
#[case::rfc3629_beyond_u10ffff("nzl", "a:%F5%80%80%80", Some((2, Decoded::NotUtf8(0xF5))))]
#[case::rfc3629_second_character("nzl", "a:%C3%A9%C3", Some((8, Decoded::NotUtf8(0xC3))))]
#[case::doi_template_c1_control("doi", "10.1/a%C2%9F", Some((6, Decoded::NotPrintable('\u{9f}'))))]
#[case::urn_6_template_excluded("urn_6", "en:user:a%7Bb", Some((9, Decoded::Excluded('{'))))]
#[case::urn_6_template_space("urn_6", "en:user:a%20b", Some((9, Decoded::Excluded(' '))))]
#[case::urn_6_template_underscore("urn_6", "en:user:a_b", None)]
fn decoded_text(
    #[case] entry: &str,
    #[case] nss: &str,
    #[case] expected: Option<(usize, Decoded)>,
) {
    let found = prose::check(entry, nss)
        .err()
        .map(|violation| match violation.kind {
            ProseViolation::Encoding { found, .. } => (violation.index, found),
            other => panic!("{other:?}"),
        });
    assert_eq!(found, expected);
}

#[rstest]
#[case::uuid_v1_rfc4122_example("uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", &[])]
#[case::uuid_nil("uuid", "00000000-0000-0000-0000-000000000000", &[])]
#[case::uuid_max("uuid", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", &[])]
#[case::uuid_version_0(
    "uuid",
    "f81d4fae-7dec-01d0-a765-00a0c91e6bf6",
    &[(14, "a UUID version RFC 9562 does not define (RFC 9562 §4.2)")]
)]
#[case::uuid_ncs_variant(
    "uuid",
    "f81d4fae-7dec-11d0-2765-00a0c91e6bf6",
    &[(19, "a UUID variant other than RFC 9562's (RFC 9562 §4.1)")]
)]
#[case::isbn10_should_be_isbn13(
    "isbn",
    "0-395-36341-1",
    &[(0, "an ISBN-10 should be converted to a 13 digit number (urn:isbn registration)")]
)]
#[case::isbn13_unknown_gs1_element(
    "isbn",
    "9770000000000",
    &[(0, "an ISBN-13 GS1 element other than 978 and 979 (urn:isbn registration)")]
)]
#[case::issn_lower_case_x(
    "issn",
    "1050-124x",
    &[(8, "the ISSN check digit \"X\" must be upper-case (urn:issn registration)")]
)]
#[case::ietf_registered_sub_namespace("ietf", "params:xml:ns:yang:ietf-interfaces", &[])]
#[case::ietf_unregistered_sub_namespace(
    "ietf",
    "foo",
    &[(0, "not in the IANA registry of IETF URN sub-namespaces (RFC 6924)")]
)]
#[case::oid_first_arc(
    "oid",
    "3.1",
    &[(0, "an OID's first arc is one of the three pre-assigned top levels, 0, 1 and 2 (RFC 3061 §2)")]
)]
#[case::gsma_spare_digit(
    "gsma",
    "imei:90420156-025763-7",
    &[(21, "the IMEI spare digit is always set to zero in the URN (RFC 7254 §4.2.3)")]
)]
#[case::rfc2141_slash(
    "mpeg",
    "mpeg7:a/b",
    &[(7, "\"/\" SHOULD be percent-encoded in a namespace registered under RFC 2141 (RFC 2141 §2.3.2)")]
)]
#[case::rfc8141_namespace_slash("example", "1/406/47452/2", &[])]
#[case::urn_5_template_26_characters(
    "urn_5",
    "JtTCacwJ1e1N0yqTULRG7C1GLq:4",
    &[(0, "new identifiers should contain at least 27 random characters (urn-5 registration)")]
)]
#[case::urn_5_template_27_characters("urn_5", "JtTCacwJ1e1N0yqTULRG7C1GLq8:4", &[])]
#[case::cdx_template_version_1_uuid(
    "cdx",
    "f81d4fae-7dec-11d0-a765-00a0c91e6bf6/1",
    &[(14, "BOM serial numbers are version 4 UUIDs (urn:cdx registration)")]
)]
#[case::cdx_template_version_4_uuid("cdx", "f81d4fae-7dec-41d0-a765-00a0c91e6bf6/1", &[])]
#[case::doi_template_reserved_character(
    "doi",
    "10.1002/(SICI)1097-4636",
    &[(8, "the urn:doi registration requires characters reserved in URIs (RFC 3986 §2.2) to be percent-encoded")]
)]
#[case::doi_template_example_4_encoded("doi", "10.1000/456%23789", &[])]
#[case::doi_template_slash_in_suffix(
    "doi",
    "10.1093/nar/gkaa1100",
    &[(11, "the urn:doi registration requires characters reserved in URIs (RFC 3986 §2.2) to be percent-encoded")]
)]
#[case::said_template_listed_code("said", "E8wYuBjhslETYaLZcxMkWrhVbMcA8RS1pKYl7nJ77ntA", &[])]
#[case::said_template_listed_two_char_code("said", "0FCNcm3MGi3e", &[])]
#[case::said_template_unlisted_code(
    "said",
    "BKxy2sgzfplyr-tgwIxS19f2OchFHtLwPWD3v4oYimBx",
    &[(0, "a CESR code the urn:said registration does not list: its length is not checked (CESR code table, CESR spec §11.4.2)")]
)]
#[case::said_template_code_in_lower_case(
    "said",
    "e8wYuBjhslETYaLZcxMkWrhVbMcA8RS1pKYl7nJ77ntA",
    &[(0, "a CESR code the urn:said registration does not list: its length is not checked (CESR code table, CESR spec §11.4.2)")]
)]
#[case::rfc5031_s3_lower_case(
    "service",
    "sos.Police",
    &[(4, "labels MUST be specified in all lower-case (RFC 5031 §3)")]
)]
#[case::rfc6050_s4_4_lower_case(
    "urn_7",
    "3GPP-service",
    &[(1, "labels MUST be specified in all lowercase (RFC 6050 §4.4)")]
)]
fn lints_found(
    #[case] nid_prefix: &str,
    #[case] nss: &str,
    #[case] expected: &[(usize, &'static str)],
) {
    assert_eq!(advice::lints(nid_prefix, nss), expected.to_vec());
}

#[rstest]
#[case::nil("00000000-0000-0000-0000-000000000000", Some(SpecialUuid::Nil))]
#[case::max_upper("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", Some(SpecialUuid::Max))]
#[case::max_lower("ffffffff-ffff-ffff-ffff-ffffffffffff", Some(SpecialUuid::Max))]
#[case::ordinary("f81d4fae-7dec-11d0-a765-00a0c91e6bf6", None)]
fn uuid_special_forms(#[case] nss: &str, #[case] expected: Option<SpecialUuid>) {
    assert_eq!(advice::uuid_special(nss), expected);
}

/// The canonical form of `nss` under namespace `nid`'s rule.
#[track_caller]
fn canonical(nid: &str, nss: &str) -> String {
    let rule = equivalence::rule(nid).expect("a rule");
    let mut out = String::new();
    rule(nss, &mut out);
    out
}

#[rstest]
#[case::dvb_nss_case_insensitive("dvb", "cs:ZappingTypeCS:2001", "cs:zappingtypecs:2001")]
#[case::ieee_both_parts("IEEE", "std:802.1Q:yang:X%2C", "std:802.1q:yang:x%2C")]
#[case::isan_nss("isan", "1881-66C7-3420-6541-9", "1881-66c7-3420-6541-9")]
#[case::doi_template_ascii_case("doi", "10.1000/ABC%2Fdef", "10.1000/abc%2Fdef")]
#[case::rfc7972_s2_eidr_whole_urn(
    "eidr",
    "10.5240:7EC7-228A-510A-053E-CBB8-J",
    "10.5240:7ec7-228a-510a-053e-cbb8-j"
)]
#[case::iso_all_elements("iso", "std:ISO:9999:-1:ED-1:EN", "std:iso:9999:-1:ed-1:en")]
#[case::s1000d_identifiers(
    "s1000d",
    "DMC-AE-A-07-04-0101-00A-040A-A",
    "dmc-ae-a-07-04-0101-00a-040a-a"
)]
#[case::mpeg_standard_name("mpeg", "MPEG7:CS:GenreCS:2001", "mpeg7:CS:GenreCS:2001")]
#[case::mpeg_without_colon("mpeg", "MPEG7", "MPEG7")]
#[case::uci_prefix("uci", "G3000+Music-Cii90007:C1", "g3000+music-Cii90007:C1")]
#[case::mrn_oid_and_osnid("mrn", "IMO:MMSI:A211", "imo:mmsi:A211")]
#[case::mrn_not_three_fields("mrn", "IMO:MMSI", "IMO:MMSI")]
#[case::gsma_vers_0_ignored("gsma", "IMEI:90420156-025763-0;vers=0", "imei:90420156-025763-0")]
#[case::gsma_svn_kept(
    "gsma",
    "imei:90420156-025763-0;SVN=42;vers=0",
    "imei:90420156-025763-0;svn=42"
)]
#[case::gsma_other_vers_kept("gsma", "imei:x;vers=1", "imei:x;vers=1")]
#[case::gsma_future_nss("gsma", "Future:X", "Future:X")]
#[case::newsml_update_flag_ignored(
    "newsml",
    "Reuters.com:20000206:IIMF:1U",
    "reuters.com:20000206:iimf:1"
)]
#[case::newsml_without_flag(
    "newsml",
    "iptc.org:20001006:NewsMLv1.0:1",
    "iptc.org:20001006:newsmlv1.0:1"
)]
#[case::newsml_not_newsml_shape("newsml", "A:B", "A:B")]
#[case::rfc6453_s2_10_ogf_snid("ogf", "GFD:136:A", "gfd:136:A")]
#[case::rfc7462_s7_alert_case_insensitive("ALERT", "Service:Call-Waiting", "service:call-waiting")]
#[case::rfc5031_s3_service_case_insensitive("service", "SOS.Police", "sos.police")]
#[case::rfc6050_s4_4_urn_7_case_insensitive("URN-7", "3GPP-Service.X", "3gpp-service.x")]
#[case::isni_template_lower_case_x("isni", "000000000000001x", "000000000000001X")]
#[case::isni_template_not_isni_shape("isni", "x", "x")]
#[case::rfc4617_s2_ivis_case_insensitive("ivis", "000000:DOC-METADATA", "000000:doc-metadata")]
#[case::rfc4195_s2_tva_category("tva", "Metadata:CS:X", "metadata:CS:X")]
#[case::rfc3043_s2_pin_case_insensitive("pin", "MM2136", "mm2136")]
#[case::rfc4152_s2_clei_case_insensitive("CLEI", "D4CE18B7AA", "d4ce18b7aa")]
#[case::rfc5174_s2_ebu_category("ebu", "MetaData-CS:EscortCS", "metadata-cs:EscortCS")]
#[case::rfc4350_s2_nzl_case_insensitive("nzl", "Govt:M%C4%81ori", "govt:m%C4%81ori")]
#[case::urn_3_template_case_insensitive("urn-3", "HUL.OIS:Home", "hul.ois:home")]
#[case::rfc5119_s2_smpte_ul("smpte", "UL:060E2B34.04010103", "ul:060e2b34.04010103")]
#[case::rfc5119_erratum_1324_smpte_other("smpte", "NewNSS:Future", "NewNSS:Future")]
#[case::trivore_template_case_insensitive("trivore", "IAM:Role", "iam:role")]
#[case::stalwart_template_case_insensitive("stalwart", "JMAP:X", "jmap:x")]
#[case::rfc8107_s2_adid_case_insensitive("adid", "ABCD0001000H", "abcd0001000h")]
#[case::meta_template_prefix("meta", "DC:Terms-Title", "dc:terms-Title")]
#[case::nan_template_prefix("nan", "FI:KA:A-X", "fi:ka:a-X")]
#[case::rfc9517_s3_7_ddi_agency("ddi", "US.DDIA1:R-V1:1", "us.ddia1:R-V1:1")]
#[case::gdst_template_pieces("gdst", "Example.com:po:AB.PO-1", "example.com:po:ab.po-1")]
#[case::gs1_template_literals("gs1", "GDD:Bie:TradeItem", "gdd:bie:TradeItem")]
#[case::gs1_template_std("gs1", "STD:genspec:25.0", "std:genspec:25.0")]
#[case::gs1_template_ai_branch("gs1", "10:ABC123", "10:ABC123")]
#[case::pwid_template_case(
    "pwid",
    "Archive.ORG:2016-01-22T10:08:23Z:PAGE:https://www.DR.dk/A",
    "archive.org:2016-01-22t10:08:23z:page:https://www.DR.dk/A"
)]
#[case::urn_6_template_first_character("urn-6", "fr:place:Chine", "fr:place:chine")]
#[case::urn_6_template_rest_of_name("urn-6", "en:place:Paris_TX", "en:place:paris_TX")]
#[case::rfc4198_s3_fdc_provider("fdc", "Example.COM:2002:A572007", "example.com:2002:A572007")]
#[case::rfc7738_s3_10_ccsds_snid("ccsds", "Schema:NDM:AEM", "schema:NDM:AEM")]
#[case::rfc7738_s3_10_ccsds_without_colon("ccsds", "Schema", "Schema")]
fn equivalence_rules(#[case] nid: &str, #[case] nss: &str, #[case] expected: &str) {
    assert_eq!(canonical(nid, nss), expected);
}

#[test]
fn equivalence_rules_keep_rfc_only_namespaces_alone() {
    let without: Vec<&str> = [
        "epc", "oasis", "ogc", "publicid", "lex", "xmpp", "geant", "liberty", "mace", "schac",
    ]
    .into_iter()
    .filter(|nid| equivalence::rule(nid).is_some())
    .collect();
    assert!(without.is_empty(), "{without:?}");
}

#[test]
fn entry_rules_prefix_digit_nids_and_replace_hyphens() {
    let entry = |nid| super::Namespace::of(nid).map(super::Namespace::entry_rule);
    assert_eq!(entry("3GPP"), Some("nid_3gpp"));
    assert_eq!(entry("isbn"), Some("isbn"));
    // `-` cannot be in a rule name.
    assert_eq!(entry("URN-7"), Some("urn_7"));
}

/// `Namespace::all` lists the NIDs sorted; `Namespace::of`, a perfect hash, finds every NID in
/// any case and nothing else: not a NID with one byte changed, cut short or made longer, not
/// one with a control byte that lowering by a bit would turn into a digit or a hyphen, not the
/// empty NID (whose key fills the empty slots).
#[test]
fn namespaces_are_sorted_and_found_in_any_case() {
    let nids: Vec<&str> = super::Namespace::all().map(super::Namespace::nid).collect();
    assert!(nids.windows(2).all(|pair| pair[0] < pair[1]), "{nids:?}");
    let found = |nid: &str| super::Namespace::of(nid).map(super::Namespace::nid);
    for nid in &nids {
        assert!(nid.bytes().all(|b| !b.is_ascii_uppercase()), "{nid}");
        assert_eq!(found(&nid.to_ascii_uppercase()), Some(*nid));
        for (i, b) in nid.bytes().enumerate() {
            for other in [b'a', b'z', b'0', b'-', b'_', b & !0x20, b ^ 1] {
                let mut changed = nid.as_bytes().to_vec();
                changed[i] = other;
                let Ok(changed) = String::from_utf8(changed) else {
                    continue;
                };
                if !nids.iter().any(|nid| nid.eq_ignore_ascii_case(&changed)) {
                    assert_eq!(found(&changed), None, "{changed:?}");
                }
            }
        }
        // `3gpp` is `3gpp2` cut short: a NID of its own.
        let cut = &nid[..nid.len() - 1];
        if !nids.contains(&cut) {
            assert_eq!(found(cut), None, "{nid}");
        }
        assert_eq!(found(&format!("{nid}x")), None, "{nid}");
        assert_eq!(found(&format!("{nid:<16}")), None, "{nid}");
    }
    assert_eq!(found("3gpq"), None);
    assert_eq!(found("\u{13}gpp"), None);
    assert_eq!(found(""), None);
}

/// Every namespace of `namespaces/no-specific-syntax.tsv` is found in any case, by its NID
/// alone and in a URN, long NIDs too (`broadband-forum-org`, which has no key); none has a
/// grammar, and a NID one byte off is neither.
#[test]
fn namespaces_without_syntax_are_checked_and_found_in_any_case() {
    use super::grammars::NO_SPECIFIC_SYNTAX;
    use super::{NamespaceCheck, no_specific_syntax};
    use crate::Urn;

    assert!(
        NO_SPECIFIC_SYNTAX
            .windows(2)
            .all(|pair| pair[0].0 < pair[1].0)
    );
    assert!(NO_SPECIFIC_SYNTAX.iter().any(|(nid, _)| nid.len() >= 16));
    for &(nid, registration) in &NO_SPECIFIC_SYNTAX {
        assert!(
            super::Namespace::of(nid).is_none(),
            "{nid} has a grammar too"
        );
        let upper = nid.to_ascii_uppercase();
        assert_eq!(no_specific_syntax(&upper), Some((nid, registration)));
        let urn = format!("urn:{upper}:any/NSS:%41");
        let urn = Urn::parse(urn.as_str()).expect("an RFC 8141 URN");
        assert_eq!(
            urn.check_namespace(),
            NamespaceCheck::NoSpecificSyntax { nid, registration }
        );
        assert_eq!(no_specific_syntax(&format!("{nid}x")), None, "{nid}");
        assert_eq!(no_specific_syntax(&nid[..nid.len() - 1]), None, "{nid}");
    }
    assert_eq!(no_specific_syntax("uuid"), None);
    let urn = Urn::parse("urn:x-private:a").expect("an RFC 8141 URN");
    assert_eq!(urn.check_namespace(), NamespaceCheck::NotChecked);
}
