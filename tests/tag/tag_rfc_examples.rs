//! Every tag, tag prefix and date printed in RFC 4151 §2.1, §2.2 and §2.4.

use rstest::rstest;
use urn_tag::{MintError, TagDate, TagSyntax, TagUri};

use crate::common::{TagParts, assert_tag};

const RFC4151: TagSyntax = TagSyntax::Rfc4151;

fn date(year: u16, month: u8, day: u8) -> TagDate {
    TagDate::new(year, month, day).expect("a real day")
}

/// RFC 4151 §2.1: "Examples of tag URIs are: ...", with the day each date denotes.
#[rstest]
#[case::timothy_at_hpl(
    "tag:timothy@hpl.hp.com,2001:web/externalHome",
    TagParts::email("timothy@hpl.hp.com", "2001", "web/externalHome"),
    date(2001, 1, 1)
)]
#[case::sandro_at_w3(
    "tag:sandro@w3.org,2004-05:Sandro",
    TagParts::email("sandro@w3.org", "2004-05", "Sandro"),
    date(2004, 5, 1)
)]
#[case::my_ids(
    "tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19",
    TagParts::dns(
        "my-ids.com",
        "2001-09-15",
        "TimKindberg:presentations:UBath2004-05-19"
    ),
    date(2001, 9, 15)
)]
#[case::blogger(
    "tag:blogger.com,1999:blog-555",
    TagParts::dns("blogger.com", "1999", "blog-555"),
    date(1999, 1, 1)
)]
#[case::yaml(
    "tag:yaml.org,2002:int",
    TagParts::dns("yaml.org", "2002", "int"),
    date(2002, 1, 1)
)]
fn s2_1_examples(#[case] input: &str, #[case] parts: TagParts<'_>, #[case] day: TagDate) {
    let tag = assert_tag(input, RFC4151, parts);
    assert_eq!(tag.date(), day);
    assert_eq!(tag.lints(), []);
}

/// RFC 4151 §2.1: the email examples split into local part and domain.
#[rstest]
#[case::timothy_at_hpl(
    "tag:timothy@hpl.hp.com,2001:web/externalHome",
    "timothy",
    "hpl.hp.com"
)]
#[case::sandro_at_w3("tag:sandro@w3.org,2004-05:Sandro", "sandro", "w3.org")]
fn s2_1_email_examples(#[case] input: &str, #[case] local: &str, #[case] domain: &str) {
    let tag = TagUri::parse(input).unwrap();
    assert_eq!(tag.local_part(), Some(local));
    assert_eq!(tag.domain(), Some(domain));
}

/// RFC 4151 §2.1: "tags beginning "tag:EXAMPLE.com,2000:" are never equal to those beginning
/// "tag:example.com,2000:", even though they refer to the same domain name."
#[test]
fn s2_1_upper_case_authority_is_a_different_tag() {
    let upper = assert_tag(
        "tag:EXAMPLE.com,2000:",
        RFC4151,
        TagParts::dns("EXAMPLE.com", "2000", ""),
    );
    let lower = assert_tag(
        "tag:example.com,2000:",
        RFC4151,
        TagParts::dns("example.com", "2000", ""),
    );
    assert_ne!(upper, lower);
    assert_eq!(upper.date(), lower.date());
}

/// RFC 4151 §2.2: ""2001-07" is the date 2001-07-01 and "2000" is the date 2000-01-01."
#[rstest]
#[case::month_only("2001-07", date(2001, 7, 1))]
#[case::year_only("2000", date(2000, 1, 1))]
fn s2_2_dates_default_to_the_first(#[case] written: &str, #[case] day: TagDate) {
    let tag = TagUri::parse(&format!("tag:example.com,{written}:")).unwrap();
    assert_eq!(tag.date_as_written(), written);
    assert_eq!(tag.date(), day);
    assert_eq!(written.parse::<TagDate>(), Ok(day));
}

/// RFC 4151 §2.2: "tags beginning "tag:example.com,2000:" are never equal to those beginning
/// "tag:example.com,2000-01-01:", even though they refer to the same date".
#[test]
fn s2_2_alternative_date_formulations_are_different_tags() {
    let short = assert_tag(
        "tag:example.com,2000:",
        RFC4151,
        TagParts::dns("example.com", "2000", ""),
    );
    let long = assert_tag(
        "tag:example.com,2000-01-01:",
        RFC4151,
        TagParts::dns("example.com", "2000-01-01", ""),
    );
    assert_eq!(short.date(), long.date());
    assert_ne!(short, long);
}

/// RFC 4151 §2.2: the tag prefixes of the minting examples are syntactically valid; whether
/// the authority was assigned to the minter on that day is beyond any parser.
#[rstest]
#[case::champignon(
    "tag:champignon.net,2001:",
    TagParts::dns("champignon.net", "2001", "")
)]
#[case::hp_in_2999("tag:hp.com,2999:", TagParts::dns("hp.com", "2999", ""))]
#[case::unassigned_period(
    "tag:extremelyunlikelytobeassigned.org,2001-04-01:",
    TagParts::dns("extremelyunlikelytobeassigned.org", "2001-04-01", "")
)]
#[case::delegated_to_fred(
    "tag:example.com,2004:fred:",
    TagParts::dns("example.com", "2004", "fred:")
)]
#[case::delegated_to_bill(
    "tag:example.com,2004:bill:",
    TagParts::dns("example.com", "2004", "bill:")
)]
fn s2_2_minting_examples_parse(#[case] input: &str, #[case] parts: TagParts<'_>) {
    assert_tag(input, RFC4151, parts);
}

/// RFC 4151 §2.2: "It must not mint tags dated in the future, such as "tag:hp.com,2999:"."
#[test]
fn s2_2_hp_must_not_mint_in_2999() {
    let today = date(2005, 10, 1);
    let refused = TagUri::minter("hp.com", date(2999, 1, 1))
        .mint(&today)
        .unwrap_err();
    assert_eq!(
        refused,
        MintError::FutureDate {
            date: date(2999, 1, 1),
            today
        }
    );
    let allowed = TagUri::minter("hp.com", date(2005, 10, 1))
        .mint(&today)
        .unwrap();
    assert_eq!(allowed.as_str(), "tag:hp.com,2005-10:");
}

/// RFC 4151 §2.2: "the assignees of example.com could delegate control over all tags with the
/// prefixes "tag:example.com,2004:fred:" and "tag:example.com,2004:bill:" ... on 2004-01-01":
/// minting on that day writes the date as "2004".
#[rstest]
#[case::fred("fred:", "tag:example.com,2004:fred:")]
#[case::bill("bill:", "tag:example.com,2004:bill:")]
fn s2_2_delegated_prefixes_are_minted_in_the_shortest_form(
    #[case] specific: &str,
    #[case] expected: &str,
) {
    let tag = TagUri::minter("example.com", date(2004, 1, 1))
        .specific(specific)
        .mint(&date(2004, 1, 1))
        .unwrap();
    assert_eq!(tag, expected);
}

/// RFC 4151 §2.4: tags are equal "if and only if they are completely indistinguishable in
/// their machine representations": `Eq` compares the characters, nothing else.
#[rstest]
#[case::same("tag:yaml.org,2002:int", "tag:yaml.org,2002:int", true)]
#[case::scheme_case("TAG:yaml.org,2002:int", "tag:yaml.org,2002:int", false)]
#[case::authority_case("tag:YAML.org,2002:int", "tag:yaml.org,2002:int", false)]
#[case::date_form("tag:yaml.org,2002-01:int", "tag:yaml.org,2002:int", false)]
#[case::percent_encoding("tag:yaml.org,2002:%69nt", "tag:yaml.org,2002:int", false)]
#[case::hex_case("tag:yaml.org,2002:a%2f", "tag:yaml.org,2002:a%2F", false)]
#[case::empty_fragment("tag:yaml.org,2002:int#", "tag:yaml.org,2002:int", false)]
fn s2_4_equality_is_exact(#[case] a: &str, #[case] b: &str, #[case] equal: bool) {
    let (a, b) = (TagUri::parse(a).unwrap(), TagUri::parse(b).unwrap());
    assert_eq!(a == b, equal);
    assert_eq!(a.cmp(&b).is_eq(), equal);
}

/// tests/data/tag-grammar-examples.tsv (the inputs the grammar tools run): the verdict of each
/// row is this crate's, and every entry rule is a syntax.
#[test]
fn grammar_examples_file_states_this_crates_verdicts() {
    let data = include_str!("../data/tag-grammar-examples.tsv");
    let mut lines = data.lines().filter(|line| !line.starts_with('#'));
    assert_eq!(lines.next(), Some("entry\tinput\tvalid\tsource"));
    let mut rows = 0;
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let [entry, input, valid, source] = fields[..] else {
            panic!("four columns: {line:?}");
        };
        let syntax = urn_tag::TagSyntax::ALL
            .into_iter()
            .find(|syntax| syntax.name() == entry)
            .expect("entry names a syntax");
        let ours = if urn_tag::TagUri::parse_with(input, syntax).is_ok() {
            "valid"
        } else {
            "invalid"
        };
        assert_eq!(ours, valid, "{entry}: {input:?} ({source})");
        assert!(!source.is_empty(), "{input:?}: no source");
        rows += 1;
    }
    assert!(rows > 25);
}
