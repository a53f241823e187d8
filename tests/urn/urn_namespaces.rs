//! NID classes (RFC 8141 §5.1, §5.2, Appendix C; RFC 3406), the IANA registry snapshot, and
//! lints.

use rstest::rstest;
use urn_tag::Urn;
use urn_tag::UrnLint;
use urn_tag::namespace::Namespace;
use urn_tag::urn::registry::{self, NamespaceKind};
use urn_tag::urn::{NidClass, Reservation};

/// RFC 8141 §5.2: "urn-" followed by a Number without leading zeros is informal.
#[rstest]
#[case::urn_7("urn-7", 7)]
#[case::upper_case("URN-12", 12)]
#[case::largest_that_fits(
    "urn-9999999999999999999999999999",
    9_999_999_999_999_999_999_999_999_999
)]
fn s5_2_informal(#[case] nid: &str, #[case] number: u128) {
    assert_eq!(NidClass::of(nid), NidClass::Informal { number });
    assert_eq!(NidClass::of(nid).name(), "informal");
}

/// RFC 3406 §3.1 `X-<NID>`, removed by RFC 8141 Appendix C: experimental.
#[rstest]
#[case::upper("X-test")]
#[case::lower("x-test")]
#[case::bare("x-")]
fn rfc3406_s3_1_experimental(#[case] nid: &str) {
    assert_eq!(NidClass::of(nid), NidClass::Experimental);
}

/// RFC 8141 §5.1 items 2 and 3 and §5.2: reserved forms, with the clause that reserves them.
#[rstest]
#[case::two_characters("ab", Reservation::TooShort)]
#[case::one_character_rfc2141("a", Reservation::TooShort)]
#[case::two_letters_hyphen("de-bib", Reservation::CountryCode)]
#[case::a_label("xn--l8h", Reservation::CountryCode)]
#[case::two_letters_two_hyphens("ab--cd", Reservation::CountryCode)]
#[case::informal_zero("urn-0", Reservation::MalformedInformal)]
#[case::informal_leading_zero("urn-07", Reservation::MalformedInformal)]
#[case::informal_letters("urn-a", Reservation::MalformedInformal)]
#[case::informal_empty("urn-", Reservation::MalformedInformal)]
fn s5_1_reserved(#[case] nid: &str, #[case] reservation: Reservation) {
    let class = NidClass::of(nid);
    assert_eq!(class, NidClass::Reserved(reservation));
    assert_eq!(class.name(), "reserved");
    assert_eq!(class.clause(), Some(reservation.clause()));
}

/// RFC 8141 §5.1: everything else can be formal, including 3-character NIDs, NIDs starting
/// with a digit, and "urn" itself (RFC 8141 reserves it nowhere).
#[rstest]
#[case::three_characters("iso")]
#[case::digit_first("3gpp")]
#[case::hyphens("broadband-forum-org")]
#[case::urn("urn")]
#[case::x_not_first("does-not-start-with-X")]
#[case::digit_letter_hyphen("1a-b")]
fn s5_1_formal(#[case] nid: &str) {
    assert_eq!(NidClass::of(nid), NidClass::Formal);
    assert_eq!(NidClass::of(nid).clause(), None);
}

#[test]
fn clauses_are_quoted() {
    assert_eq!(
        Reservation::CountryCode.clause(),
        "RFC 8141 §5.1 item 3: a formal NID \"MUST NOT start with ALPHA ALPHA \"-\"\""
    );
    assert_eq!(
        NidClass::of("urn-3").clause(),
        Some("RFC 8141 §5.2: InformalNamespaceName = \"urn-\" Number")
    );
    assert_eq!(
        NidClass::Experimental.clause(),
        Some(
            "RFC 3406 §3.1: experimental NIDs take the form X-<NID>; RFC 8141 Appendix C: they \"are not valid URNs\""
        )
    );
}

/// The snapshot: its date, its two sub-registries and their sizes.
#[test]
fn registry_snapshot_contents() {
    assert_eq!(registry::SNAPSHOT_DATE, "2026-07-28");
    let formal = registry::entries()
        .iter()
        .filter(|e| e.kind() == NamespaceKind::Formal)
        .count();
    let informal = registry::entries()
        .iter()
        .filter(|e| e.kind() == NamespaceKind::Informal)
        .count();
    assert_eq!((formal, informal), (97, 8));
    assert!(
        registry::entries()
            .windows(2)
            .all(|w| w[0].nid() < w[1].nid()),
        "sorted"
    );
}

/// Every registered formal NID classifies as formal, every informal one as informal.
#[test]
fn registered_nids_have_their_class() {
    for entry in registry::entries() {
        let class = NidClass::of(entry.nid());
        match entry.kind() {
            NamespaceKind::Formal => assert_eq!(class, NidClass::Formal, "{}", entry.nid()),
            NamespaceKind::Informal => assert_eq!(class.name(), "informal", "{}", entry.nid()),
        }
    }
}

#[rstest]
#[case::lower("isbn", "isbn")]
#[case::upper("ISBN", "isbn")]
#[case::mixed("Broadband-Forum-Org", "broadband-forum-org")]
#[case::newest("GS1", "gs1")]
#[case::informal("URN-8", "urn-8")]
fn registry_lookup_ignores_case(#[case] nid: &str, #[case] listed: &str) {
    assert_eq!(registry::lookup(nid).map(|e| e.nid()), Some(listed));
}

/// The lookup's hash table holds every entry of the registry: each NID is found, as written and
/// in upper case, and finds itself.
#[test]
fn every_registered_nid_is_found() {
    let mut found = 0;
    for entry in registry::entries() {
        for spelling in [entry.nid().to_owned(), entry.nid().to_ascii_uppercase()] {
            assert_eq!(registry::lookup(&spelling), Some(entry), "{spelling}");
        }
        found += 1;
    }
    assert!(found >= 100, "{found} entries");
}

#[rstest]
#[case::unknown("example-org")]
#[case::prefix_of_a_nid("isb")]
#[case::longer_than_a_nid("isbnx")]
#[case::empty("")]
#[case::informal_not_yet_assigned("urn-9")]
fn registry_lookup_misses(#[case] nid: &str) {
    assert_eq!(registry::lookup(nid), None);
}

#[test]
fn registration_details() {
    let uuid = registry::lookup("uuid").unwrap();
    assert_eq!(
        (uuid.registered(), uuid.updated(), uuid.reference()),
        (None, Some("2023-11-17"), "RFC 9562")
    );
    let urn = Urn::parse("urn:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6").unwrap();
    assert_eq!(urn.registration(), Some(uuid));
}

/// RFC 8141 §2 `NID = (alphanum) 0*30(ldh) (alphanum)`, RFC 2141 `<let-num> 1*31<let-num-hyp>`:
/// a string that is no NID under any syntax names no namespace, though it holds a NID with a
/// grammar. Each form is tried around every NID that has one.
#[rstest]
#[case::nul_after(|nid: &str| format!("{nid}\0"))]
#[case::two_nuls_after(|nid: &str| format!("{nid}\0\0"))]
#[case::nul_before(|nid: &str| format!("\0{nid}"))]
#[case::space_inside(|nid: &str| format!("{} {}", &nid[..2], &nid[2..]))]
#[case::space_after(|nid: &str| format!("{nid} "))]
#[case::colon_after(|nid: &str| format!("{nid}:"))]
#[case::empty(|_: &str| String::new())]
#[case::thirty_three_characters(|nid: &str| format!("{nid:a<33}"))]
#[case::non_ascii_after(|nid: &str| format!("{nid}\u{e9}"))]
#[case::non_ascii_inside(|nid: &str| format!("{}\u{212a}{}", &nid[..1], &nid[1..]))]
fn strings_that_are_no_nid_name_no_namespace(#[case] non_nid: fn(&str) -> String) {
    for namespace in Namespace::all() {
        let text = non_nid(namespace.nid());
        assert_eq!(Namespace::of(&text), None, "{text:?}");
    }
}

/// The namespace error of a URN that breaks its namespace.
#[track_caller]
fn namespace_error(input: &str) -> urn_tag::namespace::NamespaceError {
    match Urn::parse(input).unwrap().check_namespace() {
        urn_tag::namespace::NamespaceCheck::Invalid(error) => error,
        verdict => panic!("{input}: {verdict:?}"),
    }
}

/// Each lint, on the smallest URN that shows it, with its message.
#[rstest]
#[case::r_component(
    "urn:isbn:9780451450524?+cc=uk",
    UrnLint::RComponent,
    "r-component present; its semantics are not standardized (RFC 8141 §2.3.1)"
)]
#[case::unregistered(
    "urn:unregistered:x",
    UrnLint::UnregisteredNid,
    "NID not in the IANA registry (RFC 8141 §1)"
)]
#[case::unregistered_informal(
    "urn:urn-99:x",
    UrnLint::UnregisteredNid,
    "NID not in the IANA registry (RFC 8141 §1)"
)]
#[case::experimental(
    "urn:X-private:x",
    UrnLint::ExperimentalNid,
    "experimental X- NID (RFC 8141 Appendix C)"
)]
#[case::reserved(
    "urn:xn--l8h:x",
    UrnLint::ReservedNid(Reservation::CountryCode),
    "NID of a reserved form (RFC 8141 §5.1)"
)]
#[case::reserved_informal(
    "urn:urn-0:x",
    UrnLint::ReservedNid(Reservation::MalformedInformal),
    "NID of a reserved form (RFC 8141 §5.1, §5.2)"
)]
#[case::example(
    "urn:example:x",
    UrnLint::ExampleNid,
    "example NID, for documentation and tests only (RFC 6963 §3.6)"
)]
#[case::unneeded("urn:knx:%30451450523", UrnLint::UnneededPercentEncoding { index: 8 }, "percent-encoding of a character that needs none (RFC 2141 §2.3.1, RFC 3986 §2.3) at byte 8")]
#[case::lowercase_hex("urn:knx:a%2c", UrnLint::LowercaseHex { index: 9 }, "lower-case hexadecimal digits in a percent-encoding (RFC 3986 §2.1) at byte 9")]
#[case::non_ascii("urn:knx:%C3%A9", UrnLint::NonAsciiNss { index: 8 }, "NSS holds characters outside ASCII (RFC 8141 §2.2) at byte 8")]
#[case::namespace_grammar(
    "urn:uuid:12345",
    UrnLint::Namespace(namespace_error("urn:uuid:12345")),
    "NSS breaks rule uuid_time_low of namespace uuid (namespaces/uuid.pest) at byte 14"
)]
#[case::namespace_prose(
    "urn:isbn:978-0-395-36341-7",
    UrnLint::Namespace(namespace_error("urn:isbn:978-0-395-36341-7")),
    "ISBN check digit must be 6, not 7 (ISO 2108) at byte 25"
)]
#[case::namespace_advice("urn:isbn:0451450523", UrnLint::NamespaceAdvice { index: 9, advice: "an ISBN-10 should be converted to a 13 digit number (urn:isbn registration)" }, "an ISBN-10 should be converted to a 13 digit number (urn:isbn registration) at byte 9")]
fn each_lint(#[case] input: &str, #[case] lint: UrnLint, #[case] message: &str) {
    let lints = Urn::parse(input).unwrap().lints();
    assert_eq!(lints, [lint], "{input}");
    assert_eq!(lint.to_string(), message);
}

#[test]
fn lints_are_reported_once_each_in_order() {
    let urn = Urn::parse("urn:example:%41%2c%c3%a9?+r#%2f").unwrap();
    let lints = urn.lints();
    assert_eq!(
        lints,
        [
            UrnLint::RComponent,
            UrnLint::ExampleNid,
            UrnLint::UnneededPercentEncoding { index: 12 },
            UrnLint::LowercaseHex { index: 15 },
            UrnLint::NonAsciiNss { index: 18 },
        ]
    );
    assert!(
        Urn::parse("urn:isbn:9780451450524")
            .unwrap()
            .lints()
            .is_empty()
    );
}

/// `~` needs encoding under RFC 2141 (it is excluded there), so `%7E` is not needless there.
#[test]
fn tilde_encoding_is_needed_only_in_rfc2141() {
    let rfc8141 = Urn::parse("urn:knx:a%7E").unwrap();
    assert_eq!(
        rfc8141.lints(),
        [UrnLint::UnneededPercentEncoding { index: 9 }]
    );
    let rfc2141 = Urn::parse_with("urn:knx:a%7E", urn_tag::UrnSyntax::Rfc2141).unwrap();
    assert!(rfc2141.lints().is_empty());
}
