//! Differential runs against the `urn` (0.7) and `urn-rs` (0.9) crates on generated inputs.
//!
//! Every input on which their verdict differs from this crate's RFC 8141 verdict must fall in
//! one of the documented classes of `docs/peer-differences.md`, each decided by an RFC
//! clause; an unclassified difference fails the test.

use std::collections::BTreeMap;
use std::str::FromStr;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use urn_tag::{ParseErrorKind, Urn};

use crate::common;

/// A class of disagreement, as documented in docs/peer-differences.md.
struct Class {
    /// The heading of the class in docs/peer-differences.md.
    name: &'static str,
    /// Whether the class explains this input, given this crate's verdict.
    explains: fn(&str, &Result<Urn, urn_tag::ParseError>) -> bool,
}

/// The class of inputs both accept but whose parts the peer rewrites (see the docs).
const CASE_REWRITTEN: &str = "Case rewritten while parsing";

const CLASSES: &[Class] = &[Class {
    name: "NID ending with a hyphen",
    explains: |_, ours| matches!(ours, Err(e) if e.kind() == ParseErrorKind::NidEndsWithHyphen),
}];

/// Inputs that look like URNs: a scheme, a NID-like run, and a tail over the characters that
/// matter to the grammars.
fn urn_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec!["urn:", "URN:", "urn", "urm:", ""]);
    let nid = "[a-zA-Z0-9-]{0,34}";
    let tail = prop::collection::vec(
        prop::sample::select(
            [
                "a", "Z", "0", "-", ".", "_", "~", ":", "@", "!", "$", "&", "'", "(", "*", "+",
                ",", ";", "=", "/", "?", "?+", "?=", "#", "%", "%2c", "%4G", " ", "é", "[", "\"",
                "\\",
            ]
            .to_vec(),
        ),
        0..12,
    )
    .prop_map(|parts| parts.concat());
    (scheme, nid, prop::option::of(Just(":")), tail).prop_map(|(scheme, nid, colon, tail)| {
        format!("{scheme}{nid}{}{tail}", colon.unwrap_or(""))
    })
}

/// The URN inputs of the test vectors, and each of them with one byte inserted, deleted or
/// replaced.
fn vector_inputs_and_mutations() -> Vec<String> {
    let data = include_str!("../data/peer-urn-vectors.tsv");
    let mut inputs: Vec<String> = common::column(data, 3).map(str::to_owned).collect();
    let alphabet = ["", "-", ":", "/", "?", "+", "=", "#", "%", "~", "&", "a"];
    inputs.extend(common::one_edit_mutations(&inputs, &alphabet));
    inputs
}

#[test]
fn disagreements_with_urn_crates_are_all_classified() {
    // A fixed seed: the same 20 000 inputs on every run.
    let mut runner = TestRunner::deterministic();
    let strategy = urn_like();
    let mut seen: BTreeMap<&str, (usize, String)> = BTreeMap::new();
    let mut unexplained = Vec::new();
    let generated = (0..20_000).map(|_| strategy.new_tree(&mut runner).unwrap().current());
    let inputs: Vec<String> = generated.chain(vector_inputs_and_mutations()).collect();
    assert!(inputs.len() > 150_000, "{}", inputs.len());
    for input in inputs {
        {
            let ours = Urn::parse(&input);
            let theirs = [
                ("urn 0.7", urn::Urn::from_str(&input).is_ok()),
                ("urn-rs 0.9", urn_rs::Urn::from_str(&input).is_ok()),
            ];
            if theirs[0].1 != theirs[1].1 {
                unexplained.push(format!("the peers disagree with each other on {input:?}"));
            }
            if let (Ok(ours), Ok(urn)) = (&ours, urn::Urn::from_str(&input)) {
                let parts =
                    |nid: &str, nss: &str, r: Option<&str>, q: Option<&str>, f: Option<&str>| {
                        format!("{nid}|{nss}|{r:?}|{q:?}|{f:?}")
                    };
                let mine = parts(
                    ours.nid(),
                    ours.nss(),
                    ours.r_component(),
                    ours.q_component(),
                    ours.f_component(),
                );
                let peer = parts(
                    urn.nid(),
                    urn.nss(),
                    urn.r_component(),
                    urn.q_component(),
                    urn.f_component(),
                );
                if mine != peer {
                    // The peer rewrites case while parsing; this crate keeps the text and
                    // offers the same rewrite as normalized().
                    let normal = ours.normalized();
                    let normal = parts(
                        normal.nid(),
                        normal.nss(),
                        normal.r_component(),
                        normal.q_component(),
                        normal.f_component(),
                    );
                    if normal == peer {
                        seen.entry(CASE_REWRITTEN).or_insert((0, input.clone())).0 += 1;
                    } else {
                        unexplained.push(format!(
                            "urn 0.7 parts differ on {input:?}: {mine} vs {peer}"
                        ));
                    }
                }
            }
            for (peer, accepted) in theirs {
                if accepted == ours.is_ok() {
                    continue;
                }
                match CLASSES.iter().find(|class| (class.explains)(&input, &ours)) {
                    Some(class) => {
                        seen.entry(class.name).or_insert((0, input.clone())).0 += 1;
                    }
                    None => unexplained.push(format!(
                        "{peer} {}: {input:?} (ours: {ours:?})",
                        if accepted { "accepts" } else { "rejects" }
                    )),
                }
            }
        }
    }
    unexplained.sort();
    unexplained.dedup();
    assert!(
        unexplained.is_empty(),
        "{} unclassified:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
    let documented = include_str!("../../docs/peer-differences.md");
    let names = CLASSES
        .iter()
        .map(|class| class.name)
        .chain([CASE_REWRITTEN]);
    for name in names {
        assert!(
            documented.contains(&format!("## {name}")),
            "{name} is documented"
        );
        assert!(seen.contains_key(name), "{name} still occurs");
    }
}
