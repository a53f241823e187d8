//! Robustness: no panic on any input, errors that point inside the input and the part they
//! name, accepted values that are RFC 3986 URIs and re-assemble, thread safety, and huge or
//! hostile inputs.

use proptest::prelude::*;
use urn_tag::{ParseError, Part, Urn, UrnSyntax};

use crate::common;

/// Arbitrary strings, and strings over the characters that matter after a URN-ish prefix.
fn inputs() -> impl Strategy<Value = String> {
    let tail = prop::collection::vec(
        prop::sample::select(
            [
                "a", "Z", "0", "-", ".", "_", "~", ":", "@", "!", "&", "'", "+", "=", ";", "/",
                "?", "#", "%", "%2", "%2c", "%zz", "%00", " ", "é", "\u{0}", "\u{7f}", "[", "\\",
            ]
            .to_vec(),
        ),
        0..24,
    )
    .prop_map(|parts| parts.concat());
    prop_oneof![
        any::<String>(),
        "[ -~]{0,40}",
        ("(urn|URN|uRn|ur|u)(:[a-zA-Z0-9-]{0,34}(:)?)?", tail)
            .prop_map(|(head, tail)| head + &tail),
    ]
}

/// Where each delimiter-introduced part may begin, found independently of the parser: an
/// error naming a part must lie at or after the start of that part.
fn part_lower_bound(input: &str, part: Part) -> usize {
    let after = |needle: &str, from: usize| {
        input
            .get(from..)
            .and_then(|rest| rest.find(needle))
            .map(|i| from + i + needle.len())
    };
    let nss = after(":", 4).unwrap_or(usize::MAX);
    match part {
        Part::Scheme => 0,
        Part::Nid => 4,
        Part::Nss => nss,
        Part::RComponent => after("?+", nss).unwrap_or(usize::MAX),
        Part::QComponent => after("?=", nss).unwrap_or(usize::MAX),
        Part::Query => after("?", nss).unwrap_or(usize::MAX),
        Part::FComponent | Part::Fragment => after("#", nss).unwrap_or(usize::MAX),
        other => panic!("no URN error names {other:?}"),
    }
}

#[track_caller]
fn check_error(input: &str, spec: UrnSyntax, error: ParseError) {
    let index = error.index();
    assert!(
        index <= input.len(),
        "{spec} {input:?}: index {index} past the end"
    );
    assert!(
        input.is_char_boundary(index),
        "{spec} {input:?}: index {index} inside a character"
    );
    let bound = part_lower_bound(input, error.part());
    assert!(
        index >= bound,
        "{spec} {input:?}: {error} names {} which starts at {bound}",
        error.part()
    );
    if error.part() == Part::Scheme {
        assert!(index <= 4);
    }
}

#[track_caller]
fn check_accepted(input: &str, spec: UrnSyntax, urn: &Urn) {
    assert_eq!(urn.as_str(), input);
    assert_eq!(urn.to_string(), input);
    // The parts re-assemble to the input.
    let mut text = String::new();
    let mut end = 0;
    for (part, range) in urn.parts() {
        let delimiter = &input[end..range.start];
        let expected = match part {
            Part::Scheme => "",
            Part::Nid | Part::Nss => ":",
            Part::RComponent => "?+",
            Part::QComponent => "?=",
            Part::Query => "?",
            _ => "#",
        };
        assert_eq!(delimiter, expected, "{input:?}: before {part}");
        text += delimiter;
        text += &input[range.clone()];
        end = range.end;
    }
    assert_eq!(text, input);
    // Owned and borrowed parsing agree.
    assert_eq!(&Urn::parse_owned_with(input.to_owned(), spec).unwrap(), urn);
    // An independent RFC 3986 parser agrees that it is a URI, with the same parts.
    let uri = fluent_uri::Uri::parse(input)
        .unwrap_or_else(|e| panic!("{spec} {input:?} is not a URI: {e}"));
    assert!(uri.scheme().as_str().eq_ignore_ascii_case("urn"));
    assert!(uri.authority().is_none());
    let path_end = input.find(['?', '#']).unwrap_or(input.len());
    assert_eq!(uri.path().as_str(), &input[4..path_end]);
    assert_eq!(
        uri.path().as_str(),
        format!("{}:{}", urn.nid(), &input[urn.nid().len() + 5..path_end])
    );
    let fragment = urn.f_component().or(urn.fragment());
    assert_eq!(uri.fragment().map(|f| f.as_str()), fragment);
    let query = uri.query().map(|q| q.as_str());
    match spec {
        UrnSyntax::Rfc2141bis => assert_eq!(query, urn.query()),
        UrnSyntax::Rfc8141 => {
            let rq = &input
                [urn.assigned_name().len()..input.len() - fragment.map_or(0, |f| f.len() + 1)];
            assert_eq!(query, rq.strip_prefix('?'));
        }
        UrnSyntax::Rfc2141 => assert_eq!(query, None),
    }
}

proptest! {
    #![proptest_config(common::keeping_regressions(ProptestConfig::with_cases(4096), "robustness"))]

    #[test]
    fn any_input_gives_a_value_or_a_sound_error(input in inputs()) {
        for spec in UrnSyntax::ALL {
            match Urn::parse_with(&input, spec) {
                Ok(urn) => check_accepted(&input, spec, &urn),
                Err(error) => check_error(&input, spec, error),
            }
        }
    }

    #[test]
    fn byte_input_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let text = String::from_utf8_lossy(&bytes);
        for spec in UrnSyntax::ALL {
            let _ = Urn::parse_with(&text, spec);
        }
    }
}

/// Every URN of the test vectors that parses is a URI whose parts re-assemble.
#[test]
fn vector_urns_are_uris() {
    let mut accepted = 0;
    for input in common::column(include_str!("../data/peer-urn-vectors.tsv"), 3) {
        for spec in UrnSyntax::ALL {
            match Urn::parse_with(input, spec) {
                Ok(urn) => {
                    check_accepted(input, spec, &urn);
                    accepted += 1;
                }
                Err(error) => check_error(input, spec, error),
            }
        }
    }
    assert!(accepted > 800);
}

/// Values are `Send + Sync`, and parsing from several threads at once gives the results of
/// parsing on one.
#[test]
fn parsing_from_several_threads_agrees() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Urn>();
    send_sync::<ParseError>();
    send_sync::<urn_tag::urn::Equivalence>();
    let inputs: Vec<&str> =
        common::column(include_str!("../data/peer-urn-vectors.tsv"), 3).collect();
    let sequential: Vec<_> = inputs
        .iter()
        .map(|input| Urn::parse(input).map(|u| u.equivalence_key()))
        .collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    inputs
                        .iter()
                        .map(|input| Urn::parse(input).map(|u| u.equivalence_key()))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            assert_eq!(handle.join().unwrap(), sequential);
        }
    });
}

/// Huge and repetitive inputs: each is answered (no stack overflow, no quadratic blow-up; the
/// time is measured in the benchmarks), with an error at the right place.
#[test]
fn huge_and_hostile_inputs() {
    let megabyte_nss = format!("urn:example:{}", "a".repeat(1 << 20));
    assert_eq!(Urn::parse(&megabyte_nss).unwrap().nss().len(), 1 << 20);

    let question_plus = format!("urn:example:a?+{}", "?+".repeat(100_000));
    let error = Urn::parse(&question_plus).unwrap_err();
    assert_eq!((error.part(), error.index()), (Part::RComponent, 15));
    let r_with_question_plus = format!("urn:example:a?+r{}", "?+".repeat(100_000));
    assert_eq!(
        Urn::parse(&r_with_question_plus)
            .unwrap()
            .r_component()
            .unwrap()
            .len(),
        200_001
    );

    let percents = format!("urn:example:{}", "%".repeat(100_000));
    assert_eq!(Urn::parse(&percents).unwrap_err().index(), 13);
    let escapes = format!("urn:example:{}", "%41".repeat(100_000));
    assert!(Urn::parse(&escapes).is_ok());

    let colons = format!("urn:example:{}", ":".repeat(100_000));
    assert_eq!(Urn::parse(&colons).unwrap().nss().len(), 100_000);
    let only_colons = ":".repeat(100_000);
    assert_eq!(Urn::parse(&only_colons).unwrap_err().index(), 0);

    let long_nid = format!("urn:{}:x", "a".repeat(100_000));
    assert_eq!(Urn::parse(&long_nid).unwrap_err().index(), 36);

    for spec in UrnSyntax::ALL {
        let error =
            Urn::parse_with(&format!("urn:ab:{}\u{1}", "b".repeat(1 << 20)), spec).unwrap_err();
        assert_eq!(error.index(), 7 + (1 << 20));
    }
}

// ---- Tag URIs ------------------------------------------------------------------------------

use urn_tag::{TagSyntax, TagUri};

/// Arbitrary strings, and strings shaped like tags over the characters that matter.
fn tag_inputs() -> impl Strategy<Value = String> {
    let piece = |choices: &[&'static str]| prop::sample::select(choices.to_vec());
    let authority = prop::collection::vec(
        piece(&["a", "Z", "9", "-", ".", "_", "@", "+", "%41", ":", "é", " "]),
        0..12,
    )
    .prop_map(|parts| parts.concat());
    let date = piece(&[
        "2000",
        "2000-01",
        "2000-02-29",
        "1900-02-29",
        "2001-13",
        "2001-04-31",
        "200",
        "2000-1",
        "",
    ]);
    let tail = prop::collection::vec(
        piece(&[
            "x", "/", "?", "#", "%", "%2F", "%zz", ":", ",", "@", " ", "é", "\u{0}",
        ]),
        0..10,
    )
    .prop_map(|parts| parts.concat());
    let shaped = (
        piece(&["tag:", "TAG:", "tag", "tog:"]),
        authority,
        prop::option::of(Just(",")),
        date,
        prop::option::of(Just(":")),
        tail,
    )
        .prop_map(|(scheme, authority, comma, date, colon, tail)| {
            format!(
                "{scheme}{authority}{}{date}{}{tail}",
                comma.unwrap_or(""),
                colon.unwrap_or("")
            )
        });
    prop_oneof![any::<String>(), shaped]
}

fn tag_part_lower_bound(input: &str, part: Part) -> usize {
    let after = |needle: char, from: usize| {
        input
            .get(from..)
            .and_then(|rest| rest.find(needle))
            .map(|i| from + i + 1)
    };
    let date = after(',', 4).unwrap_or(usize::MAX);
    match part {
        Part::Scheme => 0,
        Part::Authority => 4,
        Part::Date => date,
        Part::Specific => after(':', date).unwrap_or(usize::MAX),
        Part::Fragment => after('#', date).unwrap_or(usize::MAX),
        other => panic!("no tag error names {other:?}"),
    }
}

proptest! {
    #![proptest_config(common::keeping_regressions(ProptestConfig::with_cases(4096), "robustness"))]

    #[test]
    fn any_input_gives_a_tag_or_a_sound_error(input in tag_inputs()) {
        for syntax in TagSyntax::ALL {
            match TagUri::parse_with(&input, syntax) {
                Ok(tag) => check_tag(&input, &tag),
                Err(error) => {
                    prop_assert!(error.index() <= input.len() && input.is_char_boundary(error.index()));
                    let bound = tag_part_lower_bound(&input, error.part());
                    prop_assert!(error.index() >= bound, "{syntax} {input:?}: {error}");
                }
            }
        }
    }
}

#[track_caller]
fn check_tag(input: &str, tag: &TagUri) {
    assert_eq!(tag.as_str(), input);
    let mut text = String::new();
    let mut end = 0;
    for (part, range) in tag.parts() {
        let delimiter = &input[end..range.start];
        let expected = match part {
            Part::Scheme => "",
            Part::Authority | Part::Specific => ":",
            Part::Date => ",",
            _ => "#",
        };
        assert_eq!(delimiter, expected, "{input:?}: before {part}");
        text += delimiter;
        text += &input[range.clone()];
        end = range.end;
    }
    assert_eq!(text, input);
    let uri =
        fluent_uri::Uri::parse(input).unwrap_or_else(|e| panic!("{input:?} is not a URI: {e}"));
    assert!(uri.scheme().as_str().eq_ignore_ascii_case("tag"));
    let path_end = input.find(['?', '#']).unwrap_or(input.len());
    assert_eq!(uri.path().as_str(), &input[4..path_end]);
    assert_eq!(uri.fragment().map(|f| f.as_str()), tag.fragment());
}

/// Every tag of the test vectors that parses is a URI whose parts re-assemble.
#[test]
fn vector_tags_are_uris() {
    let mut accepted = 0;
    for input in common::column(include_str!("../data/peer-tag-vectors.tsv"), 2) {
        for syntax in TagSyntax::ALL {
            if let Ok(tag) = TagUri::parse_with(input, syntax) {
                check_tag(input, &tag);
                accepted += 1;
            }
        }
    }
    assert!(accepted > 200, "{accepted}");
}

#[test]
fn huge_tags() {
    let long_specific = format!("tag:example.com,2000:{}", "x/".repeat(500_000));
    assert_eq!(
        TagUri::parse(&long_specific).unwrap().specific().len(),
        1_000_000
    );
    let long_authority = format!("tag:{}.com,2000:x", "a".repeat(1 << 20));
    let error = TagUri::parse(&long_authority).unwrap_err();
    assert_eq!(error.part(), Part::Authority);
    let many_dots = format!("tag:{}a,2000:x", "a.".repeat(200_000));
    assert_eq!(
        TagUri::parse(&many_dots).unwrap_err().part(),
        Part::Authority
    );
}
