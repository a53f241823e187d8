//! Properties of normalization, equivalence and percent-encoding, on generated URNs and text.

use proptest::prelude::*;
use urn_tag::{Part, Urn, UrnSyntax, percent};

use crate::common;

/// One character of an NSS other than a percent-encoding: `pchar` without `%`.
fn pchar() -> impl Strategy<Value = String> {
    prop::sample::select(
        "abcXYZ019-._~!$&'()*+,;=:@"
            .chars()
            .map(String::from)
            .collect::<Vec<_>>(),
    )
}

/// A percent-encoding of any octet, hex digits in either case.
fn pct_encoded() -> impl Strategy<Value = String> {
    (any::<u8>(), any::<bool>()).prop_map(|(octet, upper)| {
        if upper {
            format!("%{octet:02X}")
        } else {
            format!("%{octet:02x}")
        }
    })
}

fn run_of(min: usize, max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop_oneof![3 => pchar(), 1 => pct_encoded()], min..=max)
        .prop_map(|units| units.concat())
}

/// Valid RFC 8141 URNs: any case of `urn`, NIDs from a small set (so that NIDs repeat), NSSs
/// with percent-encodings, and optional components.
fn rfc8141_urn() -> impl Strategy<Value = Urn> {
    let scheme = prop::sample::select(vec!["urn", "URN", "Urn"]);
    let nid = prop::sample::select(vec![
        "example", "EXAMPLE", "isbn", "uuid", "x-test", "urn-7", "ab",
    ]);
    let component = |delimiter: &'static str| {
        prop::option::of(run_of(1, 4))
            .prop_map(move |c| c.map(|c| format!("{delimiter}{c}")).unwrap_or_default())
    };
    (
        scheme,
        nid,
        run_of(1, 6),
        component("?+"),
        component("?="),
        prop::option::of(run_of(0, 3)),
    )
        .prop_map(|(scheme, nid, nss, r, q, f)| {
            // An r-component may not contain "?=": encode such a '?'.
            let r = r.replace("?=", "%3F=");
            let f = f.map(|f| format!("#{f}")).unwrap_or_default();
            Urn::parse(&format!("{scheme}:{nid}:{nss}{r}{q}{f}")).expect("generated URNs are valid")
        })
}

/// The same URN written differently: case of `urn`, of the NID and of hex digits, and
/// different components; all equivalent to it.
fn variant_of(urn: &Urn) -> impl Strategy<Value = Urn> + use<> {
    let text = urn.assigned_name().to_owned();
    // "urn:" NID ":": only these and the hex digits of percent-encodings may change case.
    let nss_start = 4 + urn.nid().len() + 1;
    (
        prop::collection::vec(any::<bool>(), text.len()),
        prop::option::of(run_of(1, 3)),
    )
        .prop_map(move |(flips, q)| {
            let mut out = String::new();
            let mut hex_left = 0;
            for (i, c) in text.chars().enumerate() {
                let flip = flips[i] && (i < nss_start || hex_left > 0);
                if hex_left > 0 {
                    hex_left -= 1;
                }
                if c == '%' {
                    hex_left = 2;
                }
                out.push(if flip { flip_case(c) } else { c });
            }
            if let Some(q) = q {
                out.push_str("?=");
                out.push_str(&q);
            }
            Urn::parse(&out).expect("variants are valid")
        })
}

fn flip_case(c: char) -> char {
    if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

proptest! {
    #![proptest_config(common::keeping_regressions(ProptestConfig::with_cases(512), "properties"))]

    #[test]
    fn normalized_is_idempotent_and_equivalent(urn in rfc8141_urn()) {
        let once = urn.normalized();
        prop_assert_eq!(once.normalized(), once.clone());
        prop_assert!(once.equivalent(&urn));
        prop_assert_eq!(once.as_str().len(), urn.as_str().len());
        prop_assert_eq!(Urn::parse(once.as_str()).unwrap(), once);
    }

    #[test]
    fn equivalence_is_reflexive(urn in rfc8141_urn()) {
        prop_assert!(urn.equivalent(&urn));
    }

    #[test]
    fn equivalent_iff_keys_equal(a in rfc8141_urn(), b in rfc8141_urn()) {
        prop_assert_eq!(a.equivalent(&b), a.equivalence_key() == b.equivalence_key());
        prop_assert_eq!(a.equivalent(&b), b.equivalent(&a), "symmetric");
    }

    #[test]
    fn variants_are_equivalent_symmetric_and_transitive(
        (a, b, c) in rfc8141_urn().prop_flat_map(|urn| (variant_of(&urn), variant_of(&urn), variant_of(&urn)))
    ) {
        prop_assert!(a.equivalent(&b) && b.equivalent(&a));
        prop_assert!(b.equivalent(&c));
        prop_assert!(a.equivalent(&c), "transitive");
        prop_assert_eq!(a.equivalence_key(), c.equivalence_key());
    }

    #[test]
    fn transitive_on_unrelated_triples(a in rfc8141_urn(), b in rfc8141_urn(), c in rfc8141_urn()) {
        if a.equivalent(&b) && b.equivalent(&c) {
            prop_assert!(a.equivalent(&c));
        }
    }

    /// Encoding any text for any part of any spec, then decoding, gives the text back, and
    /// the encoded text is valid in that part.
    #[test]
    fn encode_then_decode_round_trips(
        text in "\\PC{0,12}|[ -~]{0,12}",
        (spec, part) in prop::sample::select(vec![
            (UrnSyntax::Rfc8141, Part::Nss), (UrnSyntax::Rfc8141, Part::RComponent), (UrnSyntax::Rfc8141, Part::QComponent),
            (UrnSyntax::Rfc8141, Part::FComponent), (UrnSyntax::Rfc2141, Part::Nss), (UrnSyntax::Rfc2141bis, Part::Nss),
            (UrnSyntax::Rfc2141bis, Part::Query), (UrnSyntax::Rfc2141bis, Part::Fragment),
        ]),
    ) {
        match urn_tag::urn::encode(&text, spec, part) {
            Ok(encoded) => {
                prop_assert_eq!(&*percent::decode(&encoded), text.as_bytes());
                prop_assert_eq!(percent::decode_utf8(&encoded).unwrap(), text.as_str());
                let builder = Urn::builder("ex").syntax(spec).nss(if part == Part::Nss { &*encoded } else { "n" });
                let built = match part {
                    Part::Nss => builder,
                    Part::RComponent => builder.r_component(&*encoded),
                    Part::QComponent => builder.q_component(&*encoded),
                    Part::FComponent => builder.f_component(&*encoded),
                    Part::Query => builder.query(&*encoded),
                    _ => builder.fragment(&*encoded),
                }.build();
                prop_assert!(built.is_ok() || text.is_empty(), "{:?}", built);
            }
            Err(error) => prop_assert!(spec != UrnSyntax::Rfc8141 && text.contains('\0'), "{}", error),
        }
    }

    /// A builder given text makes a URN whose NSS decodes back to that text.
    #[test]
    fn builder_text_round_trips(text in "[^\u{0}]{1,16}") {
        let urn = Urn::builder("example").nss_text(&*text).build().unwrap();
        prop_assert_eq!(percent::decode_utf8(urn.nss()).unwrap(), text.as_str());
    }
}

/// Pieces of NSS chosen to collide in the display form if anything can: letters and their
/// encodings in both cases, combining marks with and without a base, format, blank,
/// right-to-left, unassigned and non-characters, broken UTF-8.
const DISPLAY_PIECES: [&str; 23] = [
    "a",
    "e",
    ",",
    "%61",
    "%2C",
    "%2c",
    "%C3%A9",
    "%c3%a9",
    "%CC%81",
    "%cc%81",
    "%E2%80%AE",
    "%E2%80%8B",
    "%D7%90",
    "%D8%80",
    "%E2%A0%80",
    "%F0%9D%85%B3",
    "%F4%8F%BF%BF",
    "%CD%B8",
    "%EE%80%80",
    "%E6%97%A5",
    "%C3",
    "%A9",
    "%EF%B8%8F",
];

/// RFC 8141 §4.4: the display form cannot mislead, so two URNs that are not equivalent never
/// display alike. Every NSS of one to three pieces, in both cases of the NID, grouped by
/// display form: each group holds equivalent URNs only.
#[test]
fn urns_that_display_alike_are_equivalent() {
    use std::collections::HashMap;
    let mut by_display: HashMap<String, Vec<Urn>> = HashMap::new();
    let mut nsss: Vec<String> = DISPLAY_PIECES.iter().map(|p| p.to_string()).collect();
    for _ in 1..3 {
        let longer: Vec<String> = nsss
            .iter()
            .filter(|nss| nss.len() < 24)
            .flat_map(|nss| DISPLAY_PIECES.iter().map(move |p| format!("{nss}{p}")))
            .collect();
        nsss.extend(longer);
    }
    for nss in &nsss {
        for nid in ["ex", "EX"] {
            let urn = Urn::parse(&format!("urn:{nid}:{nss}")).unwrap();
            by_display
                .entry(urn.display_form().into_owned())
                .or_default()
                .push(urn);
        }
    }
    let mut shared = 0;
    for (display, urns) in &by_display {
        shared += usize::from(urns.len() > 1);
        let key = urns[0].equivalence_key();
        for urn in urns {
            assert_eq!(urn.equivalence_key(), key, "{urn} displays as {display}");
        }
    }
    // The pieces do make URNs that display alike (hex case, NID case), so the check bites.
    assert!(shared > 1000, "only {shared} displays are shared");
}

proptest! {
    #![proptest_config(common::keeping_regressions(ProptestConfig::default(), "properties"))]

    /// The same on random pairs of longer URNs made of the same pieces.
    #[test]
    fn random_urns_that_display_alike_are_equivalent(
        a in display_candidate(),
        b in display_candidate(),
    ) {
        if a.display_form() == b.display_form() {
            prop_assert!(a.equivalent(&b), "{} and {} both display as {}", a, b, a.display_form());
        }
    }
}

fn display_candidate() -> impl Strategy<Value = Urn> {
    let piece = prop::sample::select(DISPLAY_PIECES.to_vec());
    (
        prop::sample::select(vec!["ex", "EX"]),
        prop::collection::vec(piece, 1..8),
    )
        .prop_map(|(nid, pieces)| {
            Urn::parse(&format!("urn:{nid}:{}", pieces.concat())).expect("a URN")
        })
}
