//! The registration check: a namespace registration's ABNF and its example URNs against RFC
//! 8141, with the library's ABNF oracle (`urn_tag::grammar_tools::abnf`), which its ABNF
//! cross-check of the grammar files uses too: the
//! ABNF compiled to a regex, strings generated from it, and RFC 8141's own `NSS` rule
//! (`tests/data/abnf/rfc8141.abnf`) compiled the same way. The library parses each URN too,
//! and says where and why it rejects one.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use urn_tag::Urn;
use urn_tag::grammar_tools::abnf::{
    Failure as AbnfFailure, Grammar, Matcher, Mismatch, Outline, Rng, warnings,
};
use wasm_bindgen::prelude::*;

use crate::{Utf16Offsets, json};

/// RFC 8141 §2's ABNF, as the cross-check reads it.
const RFC8141_ABNF: &str = include_str!("../../../tests/data/abnf/rfc8141.abnf");

/// How many strings are generated from the registration's ABNF, at most.
const GENERATED: usize = 2000;
/// Generated strings longer than this are dropped: nested repetitions can draw long ones.
const LONGEST: usize = 200;
/// How many generated URNs RFC 8141 accepts the report lists.
const LISTED: usize = 25;

#[derive(Serialize)]
struct Example {
    urn: String,
    /// Whether the registration's ABNF accepts it (its NSS, when the top rule is an NSS's).
    abnf: bool,
    /// Whether its NSS follows RFC 8141's ABNF `NSS` rule; `null` when it has no NSS to test.
    rfc8141_nss: Option<bool>,
    /// The library's error under RFC 8141; `null` when it is a valid URN.
    rfc8141: Option<String>,
    /// For an example the ABNF rejects, where it fails (left out otherwise, and for
    /// generated URNs, which the ABNF accepts).
    #[serde(skip_serializing_if = "Option::is_none")]
    abnf_failure: Option<Failure>,
}

/// Where the registration's ABNF fails on an example: the byte of the example (the whole URN,
/// not its NSS), the rules reading there and what the ABNF would have taken there, e.g. `byte
/// 12 ('x'): in rule number (within NSS): expected '0'..'9' or the end`; or, when the
/// automaton cannot tell, why, with no byte.
#[derive(Serialize)]
struct Failure {
    index: Option<usize>,
    message: String,
}

#[derive(Serialize)]
struct Report {
    error: Option<String>,
    examples: Vec<Example>,
    /// How many distinct strings of the ABNF's language were generated and checked.
    generated: usize,
    /// How many generated URNs RFC 8141 rejects in all.
    rejected_count: usize,
    /// What BAP would warn of: rules used but not defined, names written in another case
    /// than their definition, rules defined but not used.
    warnings: Vec<String>,
    /// A sample of the generated URNs that RFC 8141 accepts too, from the shortest to the
    /// longest: what the registration's syntax allows, for the reviewer to read.
    accepted: Vec<String>,
    /// Every generated URN that RFC 8141 rejects, grouped by the reason (the library's
    /// message without its byte), the most frequent reason first.
    reasons: Vec<Reason>,
}

/// The generated URNs that RFC 8141 rejects for one reason.
#[derive(Serialize, Debug, PartialEq)]
struct Reason {
    reason: String,
    /// How many generated URNs it rejects for this reason, URNs that differ only in the case
    /// of their letters counted once: a reviewer reads `a/b` and `A/B` as one finding.
    count: usize,
    /// The shortest of them, at most [`PER_REASON`], one of each case variant.
    urns: Vec<String>,
}

/// How many URNs each reason of the grouped rejects shows.
const PER_REASON: usize = 3;

fn failed(error: String) -> String {
    json(&Report {
        error: Some(error),
        examples: Vec::new(),
        generated: 0,
        rejected_count: 0,
        warnings: Vec::new(),
        accepted: Vec::new(),
        reasons: Vec::new(),
    })
}

/// Checks a namespace registration's ABNF (`abnf`, RFC 5234, core rules built in) and its
/// example URNs (`examples`, one a line) against RFC 8141. `top` is the rule of a whole NSS or,
/// with `whole_urn`, of a whole URN (empty: the first rule of the text); `nid` is the
/// namespace's NID, which makes an NSS into a URN (`urn:NID:NSS`). As JSON: `{error}` when the
/// text cannot be used; otherwise `{examples: [{urn, abnf, rfc8141_nss, rfc8141}], generated,
/// rejected_count, warnings, accepted, reasons: [{reason, count, urns}]}`, where `rfc8141` is
/// the library's error message (`null` for a valid URN).
#[wasm_bindgen]
pub fn check_registration(
    abnf: &str,
    top: &str,
    nid: &str,
    whole_urn: bool,
    examples: &str,
) -> String {
    // RFC 5234 rules end with a line break, which a pasted text may lack; and it writes CRLF,
    // which the `abnf` crate reads as it does LF.
    let text = format!("{}\n", abnf.trim_end());
    let grammar = match Grammar::parse(&text, &[]) {
        Ok(grammar) => grammar,
        Err(error) => return failed(error),
    };
    let top = match top.trim() {
        // The text parsed above, so reading its rule names again does not fail.
        "" => match Grammar::rule_names(&text)
            .unwrap_or_default()
            .into_iter()
            .next()
        {
            Some(first) => first,
            None => return failed("the ABNF defines no rule".to_owned()),
        },
        named => named.to_owned(),
    };
    let matcher = match Matcher::new(&grammar, &top) {
        Ok(matcher) => matcher,
        Err(error) => return failed(error),
    };
    let nid = nid.trim();
    if !whole_urn && nid.is_empty() {
        return failed("give the NID: an NSS becomes a URN as urn:NID:NSS".to_owned());
    }
    // A NID that RFC 8141 refuses would make every URN invalid, and say nothing of the NSS.
    if !whole_urn && let Err(error) = Urn::parse(&format!("urn:{nid}:x")) {
        return failed(format!(
            "the NID {nid:?} is not valid under RFC 8141: {error}"
        ));
    }
    // RFC 8141's ABNF is the repository's own file: it always compiles.
    let rfc8141 = Grammar::parse(RFC8141_ABNF, &[]).and_then(|g| Matcher::new(&g, "NSS"));
    let rfc8141_nss = match rfc8141 {
        Ok(matcher) => matcher,
        Err(error) => return failed(format!("RFC 8141's ABNF: {error}")),
    };
    let judge = |urn: String, abnf: bool| {
        let (nss, rfc8141) = match Urn::parse(&urn) {
            Ok(parsed) => (Some(parsed.nss().to_owned()), None),
            Err(error) => (nss_as_written(&urn, nid), Some(error.to_string())),
        };
        Example {
            rfc8141_nss: nss.map(|nss| rfc8141_nss.accepts(&nss)),
            urn,
            abnf,
            rfc8141,
            abnf_failure: None,
        }
    };

    let examples = examples
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|urn| {
            let tested = if whole_urn {
                Some(urn.to_owned())
            } else {
                Urn::parse(urn)
                    .ok()
                    .map(|parsed| parsed.nss().to_owned())
                    .or_else(|| nss_as_written(urn, nid))
            };
            let abnf = tested
                .as_ref()
                .is_some_and(|tested| matcher.accepts(tested));
            let mut example = judge(urn.to_owned(), abnf);
            if let Some(tested) = tested.filter(|_| !abnf) {
                // The tested text is the URN or its NSS, which follows the URN's second colon.
                let offset = match whole_urn {
                    true => 0,
                    false => urn.match_indices(':').nth(1).map_or(0, |(at, _)| at + 1),
                };
                example.abnf_failure = match matcher.mismatch(&tested) {
                    Ok(Some(mismatch)) => {
                        let index = mismatch.index + offset;
                        let mismatch = Mismatch { index, ..mismatch };
                        // The rules reading at that byte, from the Earley recognizer, which
                        // fails at the same byte (the library's tests hold the two together);
                        // the automaton's byte is the one shown all the same.
                        let message = match grammar.failure(&top, &tested) {
                            Ok(Some(failure)) => AbnfFailure {
                                mismatch,
                                ..failure
                            }
                            .to_string(),
                            Ok(None) => mismatch.to_string(),
                            Err(error) => format!("{mismatch} ({error})"),
                        };
                        Some(Failure {
                            index: Some(index),
                            message,
                        })
                    }
                    Ok(None) => None,
                    Err(error) => Some(Failure {
                        index: None,
                        message: error,
                    }),
                };
            }
            example
        })
        .collect();

    // Strings of the ABNF's language, as the cross-check draws them (the generator also steps
    // just past repetition bounds, so only those the ABNF accepts are kept). Deterministic:
    // the seed is fixed.
    let mut rng = Rng::new(0x5245_4749);
    let mut seen = BTreeSet::new();
    for _ in 0..GENERATED * 4 {
        if seen.len() >= GENERATED {
            break;
        }
        let reading = rng.below(grammar.readings());
        if let Some(text) = grammar.generate(&top, reading, &mut rng, LONGEST)
            && matcher.accepts(&text)
        {
            seen.insert(text);
        }
    }
    let generated = seen.len();
    let (rejected, accepted): (Vec<Example>, Vec<Example>) = seen
        .into_iter()
        .map(|text| {
            let urn = if whole_urn {
                text
            } else {
                format!("urn:{nid}:{text}")
            };
            judge(urn, true)
        })
        .partition(|example| example.rfc8141.is_some() || example.rfc8141_nss == Some(false));
    let rejected_count = rejected.len();
    let reasons = grouped(&rejected);
    let accepted = sample(accepted.into_iter().map(|example| example.urn).collect());
    json(&Report {
        error: None,
        examples,
        generated,
        rejected_count,
        warnings: warnings(&text, &top),
        accepted,
        reasons,
    })
}

/// The library's reason for rejecting `example`, without its byte; for a valid URN whose NSS
/// breaks RFC 8141's NSS rule (which the library leaves to no one), that.
fn reason(example: &Example) -> &str {
    match example.rfc8141.as_deref() {
        Some(message) => message
            .rsplit_once(" at byte ")
            .map_or(message, |(reason, _)| reason),
        None => "its NSS breaks RFC 8141's NSS rule",
    }
}

/// `rejected` grouped by [`reason`], case variants of a URN folded into one: the most frequent
/// reason first (then by reason), each with its shortest URNs.
fn grouped(rejected: &[Example]) -> Vec<Reason> {
    let mut groups: BTreeMap<&str, BTreeMap<String, &str>> = BTreeMap::new();
    for example in rejected {
        // Keyed by the URN in lower case, so `A/B` and `a/b` are one entry; the first
        // spelling met is the one shown.
        groups
            .entry(reason(example))
            .or_default()
            .entry(example.urn.to_ascii_lowercase())
            .or_insert(&example.urn);
    }
    let mut reasons: Vec<Reason> = groups
        .into_iter()
        .map(|(reason, folded)| {
            let mut urns: Vec<&str> = folded.into_values().collect();
            urns.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
            Reason {
                reason: reason.to_owned(),
                count: urns.len(),
                urns: urns
                    .into_iter()
                    .take(PER_REASON)
                    .map(str::to_owned)
                    .collect(),
            }
        })
        .collect();
    reasons.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.reason.cmp(&b.reason)));
    reasons
}

/// At most [`LISTED`] of `urns`, spread evenly from the shortest to the longest.
fn sample(mut urns: Vec<String>) -> Vec<String> {
    urns.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    if urns.len() <= LISTED {
        return urns;
    }
    let last = urns.len() - 1;
    (0..LISTED)
        .map(|i| urns[i * last / (LISTED - 1)].clone())
        .collect()
}

/// The NSS of a text that is no valid URN, as far as it can be told: what follows
/// `urn:NID:` when the text starts so (in any case), up to an r-, q- or f-component.
fn nss_as_written(urn: &str, nid: &str) -> Option<String> {
    let prefix = format!("urn:{nid}:");
    let head = urn.get(..prefix.len())?;
    if nid.is_empty() || !head.eq_ignore_ascii_case(&prefix) {
        return None;
    }
    let rest = &urn[prefix.len()..];
    let end = ["?+", "?=", "#"]
        .iter()
        .filter_map(|delimiter| rest.find(delimiter))
        .min()
        .unwrap_or(rest.len());
    Some(rest[..end].to_owned())
}

/// The rules of a registration's ABNF (`abnf`, as [`check_registration`] takes it), for the
/// rule under the cursor of its text box and its railroad diagram, as JSON: `{error, rules:
/// [{name, incremental, line, last_line, start, end, svg}]}`, one entry for each definition in
/// the order of the text, where `line..=last_line` are its lines (1-based), `start..end` its
/// text in UTF-16 code units (the page's string positions), `incremental` whether it is an
/// `=/`, and `svg` its diagram (see [`Outline::draw`]); `{error, rules: []}` when the text
/// cannot be read, with the registration check's message.
#[wasm_bindgen]
pub fn abnf_outline(abnf: &str) -> String {
    #[derive(Serialize)]
    struct Rule<'a> {
        name: &'a str,
        incremental: bool,
        line: usize,
        last_line: usize,
        start: usize,
        end: usize,
        svg: String,
    }
    #[derive(Serialize)]
    struct Rules<'a> {
        error: Option<String>,
        rules: Vec<Rule<'a>>,
    }
    // As the registration check reads it: the rules end with a line break. Only the end of
    // the text changes, so the places of its rules are those of the text box.
    let text = format!("{}\n", abnf.trim_end());
    let outline = match Outline::read(&text) {
        Ok(outline) => outline,
        Err(error) => {
            return json(&Rules {
                error: Some(error),
                rules: Vec::new(),
            });
        }
    };
    let mut utf16 = Utf16Offsets::new(&text);
    let rules = outline
        .rules()
        .iter()
        .enumerate()
        .map(|(index, rule)| Rule {
            name: &rule.name,
            incremental: rule.incremental,
            line: rule.line,
            last_line: rule.last_line,
            start: utf16.at(rule.span.start),
            end: utf16.at(rule.span.end),
            svg: outline.draw(index).unwrap_or_default(),
        })
        .collect();
    json(&Rules { error: None, rules })
}
