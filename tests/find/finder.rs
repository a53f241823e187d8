//! Finding URNs in free text: prose, Markdown, XML attributes, JSON, and the edges.

use rstest::rstest;
use urn_tag::find::{self, Finder};
use urn_tag::{Syntax, UrnSyntax};

#[track_caller]
fn assert_finds(text: &str, expected: &[&str]) {
    let found: Vec<_> = find::urns(text).collect();
    let texts: Vec<&str> = found.iter().map(|m| &text[m.range()]).collect();
    assert_eq!(texts, expected, "in {text:?}");
    for m in &found {
        assert_eq!(
            m.value().as_str(),
            &text[m.range()],
            "the match is the URN's exact text"
        );
    }
}

/// Prose: sentence punctuation after a URN is not part of it.
#[rstest]
#[case::full_stop("The book is urn:isbn:0451450523.", &["urn:isbn:0451450523"])]
#[case::comma_list("urn:isbn:0451450523, urn:isbn:0060853980, and more", &["urn:isbn:0451450523", "urn:isbn:0060853980"])]
#[case::question("Is it urn:ietf:rfc:8141?", &["urn:ietf:rfc:8141"])]
#[case::exclamation("Use urn:ietf:rfc:8141!", &["urn:ietf:rfc:8141"])]
#[case::colon_and_semicolon("See urn:ietf:rfc:2141: old; urn:ietf:rfc:8141; new", &["urn:ietf:rfc:2141", "urn:ietf:rfc:8141"])]
#[case::parenthesis("(see urn:ietf:rfc:8141)", &["urn:ietf:rfc:8141"])]
#[case::balanced_parenthesis_kept("urn:example:f(x) is a name", &["urn:example:f(x)"])]
#[case::quotes("He wrote 'urn:example:a' and \"urn:example:b\".", &["urn:example:a", "urn:example:b"])]
#[case::upper_case_scheme("URN:ISBN:0451450523 is fine", &["URN:ISBN:0451450523"])]
#[case::components_kept("Resolve urn:example:a?+r?=q#f now.", &["urn:example:a?+r?=q#f"])]
#[case::line_breaks("first urn:example:a\nsecond urn:example:b\r\n", &["urn:example:a", "urn:example:b"])]
#[case::non_ascii_punctuation_ends("urn:ex:a… urn:ex:b—c «urn:ex:d» urn:ex:e。", &["urn:ex:a", "urn:ex:b", "urn:ex:d", "urn:ex:e"])]
#[case::non_breaking_space_ends("urn:ex:a\u{a0}b", &["urn:ex:a"])]
fn prose(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds(text, expected);
}

/// Markdown: links, autolinks, code spans and emphasis.
#[rstest]
#[case::link("[the RFC](urn:ietf:rfc:8141)", &["urn:ietf:rfc:8141"])]
#[case::autolink("<urn:ietf:rfc:8141>", &["urn:ietf:rfc:8141"])]
#[case::code_span("`urn:example:x` in code", &["urn:example:x"])]
#[case::bold("**urn:example:x**", &["urn:example:x"])]
#[case::underscore("_urn:example:x_", &["urn:example:x"])]
#[case::strikethrough("~~urn:example:x~~", &["urn:example:x"])]
#[case::list("- urn:example:a\n- urn:example:b\n", &["urn:example:a", "urn:example:b"])]
#[case::table("| id | urn:example:a |", &["urn:example:a"])]
fn markdown(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds(text, expected);
}

/// XML and HTML: attribute values end at the quote, elements at `<`.
#[rstest]
#[case::xmlns(r#"<feed xmlns="urn:ietf:params:xml:ns:yang:1"/>"#, &["urn:ietf:params:xml:ns:yang:1"])]
#[case::single_quotes("<a id='urn:example:a'/>", &["urn:example:a"])]
#[case::element_text("<id>urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66</id>", &["urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66"])]
#[case::entity_ends("<x>urn:example:a&amp;b</x>", &["urn:example:a"])]
fn xml(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds(text, expected);
}

/// JSON: strings end at the quote; a backslash escape ends the run.
#[rstest]
#[case::value(r#"{"id": "urn:isbn:0451450523", "n": 1}"#, &["urn:isbn:0451450523"])]
#[case::array(r#"["urn:example:a","urn:example:b"]"#, &["urn:example:a", "urn:example:b"])]
#[case::escaped_slash(r#"{"id": "urn:example:a\/b"}"#, &["urn:example:a"])]
fn json(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds(text, expected);
}

/// What is not found.
#[rstest]
#[case::inside_another_scheme("xurn:example:a burn:ab:c", &[])]
#[case::after_slash_in_url("https://n2t.net/urn:example:a", &["urn:example:a"])]
#[case::invalid_nid("urn:a:b urn:-x:y", &[])]
#[case::only_scheme("urn: and urn", &[])]
#[case::punctuation_only_nss("urn:example:...", &[])]
fn edges(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds(text, expected);
}

/// One verdict per token: a token that goes on with what the identifier cannot hold is
/// invalid whole, and is never found as its valid beginning. What `find` reports and what
/// `Finder::invalid` reports are each checked, in the same text.
#[rstest]
#[case::invalid_percent_encoding("urn:example:a%zz", &[], &[("urn:example:a%zz", 14, "invalid percent-encoding in NSS at byte 14")])]
#[case::non_ascii_letters_continue_the_token("see urn:example:日本", &[], &[("urn:example:日本", 12, "non-ASCII character '日' in NSS must be percent-encoded at byte 12")])]
#[case::non_ascii_letter_inside_a_word("urn:example:café.", &[], &[("urn:example:café", 15, "non-ASCII character 'é' in NSS must be percent-encoded at byte 15")])]
#[case::combining_mark_continues_the_token("urn:ex:e\u{301} x", &[], &[("urn:ex:e\u{301}", 8, "non-ASCII character '\\u{301}' in NSS must be percent-encoded at byte 8")])]
#[case::bare_question_mark("urn:example:a?b", &[], &[("urn:example:a?b", 14, "'?' must be followed by '+' or '=' at byte 14")])]
#[case::empty_r_component("urn:example:a?+ next", &[], &[("urn:example:a?+", 15, "empty r-component at byte 15")])]
#[case::empty_r_component_before_a_full_stop("See urn:ex:a?+.", &[], &[("urn:ex:a?+", 10, "empty r-component at byte 10")])]
#[case::a_start_inside_an_invalid_token("urn:a:urn:bb:c", &[], &[("urn:a:urn:bb:c", 5, "NID shorter than 2 characters at byte 5")])]
#[case::a_start_after_punctuation_inside_a_token("urn:!urn:ex:b", &[], &[("urn:!urn:ex:b", 4, "invalid character '!' in NID at byte 4")])]
#[case::tag_invalid_percent_encoding("tag:example.com,2000:a%zz", &[], &[("tag:example.com,2000:a%zz", 23, "invalid percent-encoding in specific at byte 23")])]
#[case::tag_short_percent_encoding("tag:example.com,2000:a%4", &[], &[("tag:example.com,2000:a%4", 24, "invalid percent-encoding in specific at byte 24")])]
#[case::tag_second_hash("tag:example.com,2000:a#b#c", &[], &[("tag:example.com,2000:a#b#c", 24, "invalid character '#' in fragment at byte 24")])]
#[case::tag_keeps_the_colon_of_its_entity("the prefix tag:yaml.org,2002:.", &["tag:yaml.org,2002:"], &[])]
#[case::format_directive_after_hash("$urn:ex:a#%d$ and urn:ex:b#%zz", &["urn:ex:a"], &[("urn:ex:b#%zz", 10, "invalid percent-encoding in f-component at byte 10")])]
#[case::valid_tokens("urn:ex:a. tag:a.org,2000:x, (urn:ex:b)", &["urn:ex:a", "tag:a.org,2000:x", "urn:ex:b"], &[])]
fn one_verdict_per_token(
    #[case] text: &str,
    #[case] found: &[&str],
    #[case] invalid: &[(&str, usize, &str)],
) {
    assert_finds_identifiers(text, found);
    assert_invalid(Syntax::new(), text, invalid);
}

/// The ranges are byte ranges into the text, also after multi-byte characters.
#[test]
fn ranges_are_byte_ranges() {
    let text = "é → urn:example:a";
    let found: Vec<_> = find::urns(text).collect();
    assert_eq!(found[0].range(), 7..20);
}

#[test]
fn rfc2141_and_untrimmed_finders() {
    let text = "urn:foo:a/b, urn:foo:x~y, urn:urn:z.";
    let rfc2141 = Syntax::new().with_urn(UrnSyntax::Rfc2141);
    let found: Vec<String> = Finder::new()
        .syntax(rfc2141)
        .urns(text)
        .map(|m| m.into_value().to_string())
        .collect();
    // "/" is reserved in RFC 2141, so "urn:foo:a/b" is one invalid token; "~" is excluded,
    // which ends the token before it.
    assert_eq!(found, ["urn:foo:x"]);
    assert_invalid(
        rfc2141,
        text,
        &[
            (
                "urn:foo:a/b",
                9,
                "reserved character '/' in NSS must be percent-encoded (RFC 2141 §2.3) at byte 9",
            ),
            (
                "urn:urn:z",
                4,
                "NID \"urn\" is reserved (RFC 2141 §2.1) at byte 4",
            ),
        ],
    );
    let untrimmed: Vec<String> = Finder::new()
        .trim_punctuation(false)
        .urns(text)
        .map(|m| m.into_value().to_string())
        .collect();
    assert_eq!(untrimmed, ["urn:foo:a/b,", "urn:foo:x~y,", "urn:urn:z."]);
}

/// Long, repetitive text is searched in linear time; this input would be quadratic if every
/// inner "urn:" re-scanned the run.
#[test]
fn repetitive_input_stays_linear() {
    let text = "urn:ab:".repeat(20_000) + "%zz";
    assert_eq!(find::urns(&text).count(), 0);
    // The whole run is one token, invalid at its "%zz".
    let invalid: Vec<_> = Finder::new().invalid(&text).collect();
    assert_eq!(invalid.len(), 1);
    assert_eq!(invalid[0].range(), 0..text.len());
    assert_eq!(invalid[0].error().index(), text.len() - 2);
}

#[track_caller]
fn assert_finds_tags(text: &str, expected: &[&str]) {
    let found: Vec<&str> = find::tags(text).map(|m| &text[m.range()]).collect();
    assert_eq!(found, expected, "in {text:?}");
}

/// Tag URIs in the places they appear: Atom ids, YAML, JSON, prose.
#[rstest]
#[case::atom_id("<id>tag:example.com,2005:post-1</id>", &["tag:example.com,2005:post-1"])]
#[case::atom_attribute(r#"<link rel="related" href="tag:diveintomark.org,2004:3.2397"/>"#, &["tag:diveintomark.org,2004:3.2397"])]
#[case::yaml_tag("%TAG ! tag:yaml.org,2002:\n--- !int 3", &["tag:yaml.org,2002:"])]
#[case::json(r#"{"id":"tag:sandro@w3.org,2004-05:Sandro"}"#, &["tag:sandro@w3.org,2004-05:Sandro"])]
#[case::prose_full_stop("Our feed is tag:example.com,2000:feed.", &["tag:example.com,2000:feed"])]
#[case::fragment_kept("See tag:example.com,2000:x#part, then", &["tag:example.com,2000:x#part"])]
#[case::empty_specific("tag:example.com,2000: is a tag", &["tag:example.com,2000:"])]
#[case::no_date("tag:example.com: nothing", &[])]
#[case::bad_month("tag:example.com,2000-13:x", &[])]
#[case::inside_another_scheme("xtag:example.com,2000:x", &[])]
fn tags(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds_tags(text, expected);
}

/// URNs and tags together, in text order, each checked.
#[test]
fn identifiers_in_order() {
    let text = "tag:example.com,2000:a then urn:isbn:0451450523, tag:b.org,1999:c.";
    let found: Vec<(String, &str)> = find::identifiers(text)
        .map(|m| (m.value().scheme().to_string(), &text[m.range()]))
        .collect();
    assert_eq!(
        found,
        [
            ("tag".to_owned(), "tag:example.com,2000:a"),
            ("urn".to_owned(), "urn:isbn:0451450523"),
            ("tag".to_owned(), "tag:b.org,1999:c"),
        ]
    );
}

#[track_caller]
fn assert_finds_identifiers(text: &str, expected: &[&str]) {
    let found: Vec<&str> = find::identifiers(text).map(|m| &text[m.range()]).collect();
    assert_eq!(found, expected, "in {text:?}");
}

/// A character or entity reference ends an identifier in markup.
#[rstest]
#[case::quot_entity("xmlns=&quot;urn:oasis:names:tc:SAML:2.0:protocol&quot;&gt;", &["urn:oasis:names:tc:SAML:2.0:protocol"])]
#[case::lt_entity("&lt;a&gt;urn:ietf:params:oauth:Transport&lt;/saml:a&gt;", &["urn:ietf:params:oauth:Transport"])]
#[case::numeric_reference("'urn:ex:a&#39; and urn:ex:b&#x27;", &["urn:ex:a", "urn:ex:b"])]
#[case::amp_entity("?a=urn:ex:a&amp;b=c", &["urn:ex:a"])]
#[case::not_a_reference("urn:ex:a&b c", &["urn:ex:a&b"])]
fn references_end_identifiers(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds_identifiers(text, expected);
}

/// A closing delimiter that matches the opening one keeps the punctuation before it.
#[rstest]
#[case::double_quotes(r#"<x a="urn:epcglobal:cbv:mda:"/>"#, &["urn:epcglobal:cbv:mda:"])]
#[case::turtle_prefix("@prefix rail: <urn:gs1:epcisapp:rail:> .", &["urn:gs1:epcisapp:rail:"])]
#[case::pattern_in_quotes(r#""urn:epc:idpat:sgtin:4012345.098765.*""#, &["urn:epc:idpat:sgtin:4012345.098765.*"])]
#[case::single_quotes("id='urn:ex:a.'", &["urn:ex:a."])]
#[case::quote_entities("&quot;urn:ex:a:&quot;", &["urn:ex:a:"])]
#[case::curly_quotes("“urn:ex:a.”", &["urn:ex:a."])]
#[case::code_span("`urn:ex:a:`", &["urn:ex:a:"])]
#[case::mismatched(r#""urn:ex:a.>"#, &["urn:ex:a"])]
#[case::closed_elsewhere(r#""see urn:ex:a.""#, &["urn:ex:a"])]
fn matching_delimiters_protect_punctuation(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds_identifiers(text, expected);
}

/// A "," or white space followed by another URI separates a list.
#[rstest]
#[case::dash_profiles(r#"profiles="urn:mpeg:dash:profile:isoff-live:2011,urn:com:dashif:dash264""#, &["urn:mpeg:dash:profile:isoff-live:2011", "urn:com:dashif:dash264"])]
#[case::then_url("urn:mpeg:dash:profile:isoff-live:2011,http://dashif.org/guidelines/", &["urn:mpeg:dash:profile:isoff-live:2011"])]
#[case::then_tag("urn:ex:a,tag:a.org,2000:b", &["urn:ex:a", "tag:a.org,2000:b"])]
#[case::quoted_list_keeps_delimiter(r#""urn:ex:a,urn:ex:b:""#, &["urn:ex:a", "urn:ex:b:"])]
#[case::comma_inside(r#""urn:ex:a,b""#, &["urn:ex:a,b"])]
fn lists(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds_identifiers(text, expected);
}

/// URNs in URLs: a query value ends at the next "&name="; a path segment at the next "/".
#[rstest]
#[case::form_value("grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=eyJ", &["urn:ietf:params:oauth:grant-type:jwt-bearer"])]
#[case::magnet("magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=x", &["urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"])]
#[case::q_component_kept("See urn:example:weather?=op=map&lat=39", &["urn:example:weather?=op=map&lat=39"])]
#[case::path_segment("https://example.org/resolve/urn:nbn:de:1234/metadata", &["urn:nbn:de:1234"])]
#[case::trailing_slash("https://example.org/urn:nbn:de:1234/", &["urn:nbn:de:1234"])]
#[case::whole_query("https://n2t.net/?urn:x-y:a/b", &["urn:x-y:a/b"])]
#[case::not_a_url("/local/urn:ex:a/b", &["urn:ex:a/b"])]
fn urls(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds_identifiers(text, expected);
}

/// An identifier glued after ".", "=", "#" or ":" is found; after a letter or digit it is not.
#[rstest]
#[case::dotted_path("vessels.urn:mrn:imo:mmsi:211234567", &["urn:mrn:imo:mmsi:211234567"])]
#[case::informal_nid("org.3gpp.urn:urn-7:3gpp-service.ims.icsi.mmtel", &["urn:urn-7:3gpp-service.ims.icsi.mmtel"])]
#[case::hash("#compliant#urn:fdc:x:y", &["urn:fdc:x:y"])]
#[case::colon("wsdl:urn:ex:a", &["urn:ex:a"])]
#[case::word(":return:ex:a", &[])]
#[case::punctuation_only_nss("see urn:ietf:_ and urn:ietf:!", &["urn:ietf:_"])]
fn starts(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds_identifiers(text, expected);
}

/// Encoded forms and template patterns are not matches; no part of a pattern is reported.
#[rstest]
#[case::percent_encoded("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer", &[])]
#[case::reference_encoded("urn&#58;ietf&#58;rfc&#58;8141", &[])]
#[case::alternatives("urn:gs1:gdd:(bie|bdt|cl):<assigned-name>", &[])]
#[case::placeholder("urn:x:<id> and urn:ietf:params:xml:ns:yang:<module>", &[])]
#[case::braces("urn:ietf:params:whep:{type}:{name} then urn:ex:a", &["urn:ex:a"])]
#[case::character_class("^urn:uuid:[0-9a-f]{8}$", &[])]
#[case::regex_group(r"\[http:\/\/nbn-resolving.de\/urn:nbn:de:101:(\d)-(\d{10,13}) DNB]", &[])]
#[case::json_escape_is_not_a_pattern(r#""urn:ex:a\/b""#, &["urn:ex:a"])]
#[case::empty_fragment("$urn:mpeg:dash:state:execution-delta#%d$", &["urn:mpeg:dash:state:execution-delta"])]
#[case::markup_is_not_a_placeholder("<p>urn:ex:a</p> urn:ex:b.<br>", &["urn:ex:a", "urn:ex:b"])]
fn not_identifiers(#[case] text: &str, #[case] expected: &[&str]) {
    assert_finds_identifiers(text, expected);
}

/// With namespace checks on, the finder reports a subset of what it reports without them: a
/// URN that breaks its namespace is passed over whole, and no URN inside it is reported in
/// its place.
#[rstest]
#[case::urn_inside_a_broken_isbn("urn:isbn:urn:example:a", &["urn:isbn:urn:example:a"], &[])]
#[case::urn_inside_a_broken_uuid("urn:uuid:x-urn:ietf:rfc:8141 urn:ex:b", &["urn:uuid:x-urn:ietf:rfc:8141", "urn:ex:b"], &["urn:ex:b"])]
fn namespace_checks_only_filter(
    #[case] text: &str,
    #[case] plain: &[&str],
    #[case] namespaced: &[&str],
) {
    let found = |syntax: Syntax| -> Vec<&str> {
        Finder::new()
            .syntax(syntax)
            .urns(text)
            .map(|m| &text[m.range()])
            .collect()
    };
    assert_eq!(found(Syntax::new()), plain);
    assert_eq!(found(Syntax::new().with_namespaces(true)), namespaced);
}

proptest::proptest! {
    /// Whatever the text, checking namespaces removes matches and changes none: the matches
    /// found with the checks are exactly those found without them whose URN follows its
    /// namespace.
    #[test]
    fn namespaced_matches_are_a_subset_of_plain_matches(
        pieces in proptest::collection::vec(proptest::sample::select(&[
            "urn:", "URN:", "isbn:", "uuid:", "issn:", "example:", "ex:", "tag:", "a.org,2000:",
            "0451450523", "1234-1231", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "x", "-", ":",
            ",", ".", " ", "\"", "<", ">", "%41", "?+", "#", "/", "=", "&amp;", "(", ")",
        ][..]), 0..40),
        urn_syntax in proptest::sample::select(&UrnSyntax::ALL[..]),
    ) {
        let text: String = pieces.concat();
        let syntax = Syntax::new().with_urn(urn_syntax);
        let plain: Vec<_> = Finder::new().syntax(syntax).identifiers(&text).collect();
        let namespaced: Vec<_> = Finder::new()
            .syntax(syntax.with_namespaces(true))
            .identifiers(&text)
            .collect();
        let expected: Vec<_> = plain
            .into_iter()
            .filter(|m| match m.value() {
                urn_tag::Identifier::Urn(urn) => {
                    !matches!(urn.check_namespace(), urn_tag::namespace::NamespaceCheck::Invalid(_))
                }
                urn_tag::Identifier::Tag(_) => true,
            })
            .collect();
        proptest::prop_assert_eq!(namespaced, expected, "in {:?}", text);
    }
}

proptest::proptest! {
    /// One verdict per token, whatever the text: no text that `find` reports overlaps text
    /// that `Finder::invalid` reports, under every syntax, with and without namespace checks
    /// and trimming.
    #[test]
    fn no_text_is_both_found_and_invalid(
        pieces in proptest::collection::vec(proptest::sample::select(&[
            "urn:", "URN:", "tag:", "ex:", "isbn:", "a.org,2000:", "0451450523", "x", "-", ":",
            ",", ".", "?", " ", "\"", "'", "<", ">", "%41", "%z", "?+", "?=", "#", "#%d", "/",
            "=", "&amp;", "(", ")", "é", "日", "\u{301}", "…", "”", "“", "_", "*", "{",
            "https://h/",
        ][..]), 0..40),
        urn_syntax in proptest::sample::select(&UrnSyntax::ALL[..]),
        namespaces: bool,
        trim: bool,
    ) {
        let text: String = pieces.concat();
        let finder = Finder::new()
            .syntax(Syntax::new().with_urn(urn_syntax).with_namespaces(namespaces))
            .trim_punctuation(trim);
        let found: Vec<_> = finder.identifiers(&text).map(|m| m.range()).collect();
        for invalid in finder.invalid(&text) {
            let invalid = invalid.range();
            for found in &found {
                proptest::prop_assert!(
                    found.end <= invalid.start || invalid.end <= found.start,
                    "{:?} found and {:?} invalid in {:?}",
                    &text[found.clone()],
                    &text[invalid.clone()],
                    text
                );
            }
        }
    }
}

/// The text that starts like an identifier and is not valid: each candidate with the index and
/// message of the error of parsing it whole.
#[track_caller]
fn assert_invalid(syntax: Syntax, text: &str, expected: &[(&str, usize, &str)]) {
    let found: Vec<(&str, usize, String)> = Finder::new()
        .syntax(syntax)
        .invalid(text)
        .map(|m| (&text[m.range()], m.error().index(), m.error().to_string()))
        .collect();
    let expected: Vec<(&str, usize, String)> = expected
        .iter()
        .map(|&(candidate, index, message)| (candidate, index, message.to_owned()))
        .collect();
    assert_eq!(found, expected, "in {text:?}");
}

/// What `Finder::invalid` reports: a start whose run, without the punctuation a match would
/// drop, is not wholly valid.
#[rstest]
#[case::rfc4151_date_month_13("<id>tag:example.com,2005-13:post</id>", &[("tag:example.com,2005-13:post", 21, "month 13 does not exist (01 to 12) in date at byte 21")])]
#[case::longest_valid_prefix_shorter_than_the_run("see urn:example:a%zz.", &[("urn:example:a%zz", 14, "invalid percent-encoding in NSS at byte 14")])]
#[case::rfc8141_nid_too_short("urn:x:y and urn:ex:a", &[("urn:x:y", 5, "NID shorter than 2 characters at byte 5")])]
#[case::quoted_punctuation_is_kept("\"urn:ex:\"", &[("urn:ex:", 7, "empty NSS at byte 7")])]
#[case::nothing_inside_a_candidate("urn:x:urn:ex:a", &[("urn:x:urn:ex:a", 5, "NID shorter than 2 characters at byte 5")])]
#[case::valid_identifiers_are_not_candidates("urn:ex:a. tag:a.org,2000:x, (urn:ex:b)", &[])]
#[case::a_scheme_alone_is_not_a_candidate("tag: v1, urn: and urn:.", &[])]
#[case::patterns_are_not_candidates("urn:x:{id} and urn:gs1:gdd:(bie|bdt|cl):<name>", &[])]
#[case::not_after_a_letter("return:x and xtag:y", &[])]
fn invalid_candidates(#[case] text: &str, #[case] expected: &[(&str, usize, &str)]) {
    assert_invalid(Syntax::new(), text, expected);
}

/// With namespace checks on, a URN that breaks its namespace is a candidate too.
#[test]
fn invalid_candidates_break_their_namespace() {
    let text = "ISBN urn:isbn:0451450524, ok urn:isbn:0451450523.";
    assert_invalid(Syntax::new(), text, &[]);
    assert_invalid(
        Syntax::new().with_namespaces(true),
        text,
        &[(
            "urn:isbn:0451450524",
            18,
            "ISBN check digit must be 3, not 4 (ISO 2108) at byte 18",
        )],
    );
}
