//! The grammar compiler of `build/peg/` against pest itself.
//!
//! build.rs compiles each small grammar of tests/data/peg/ (one construct each, entries and
//! captures named in its header), and `urn.pest` and `tag.pest`, into recognizers. Here every
//! entry runs beside pest_vm on every string up to a length over an alphabet, after a few
//! prefixes, and must agree with it on:
//!
//! * the verdict, and the span of every captured rule (pest's: the last pair of that rule in
//!   the flattened parse);
//! * for a rejected input, its [`Failure`]: the furthest position at which a step of the
//!   grammar failed outside predicates (a predicate that fails counts where it stands), and
//!   the innermost rule, around the first step that failed there, for which pest would produce
//!   a pair. The reference is pest's own run: a second pest_vm runs the grammar with every step
//!   wrapped so that its failure calls a marker rule, and pest_vm's listener sees every rule
//!   called, with its position (markers, rule entries and exits, predicates).
//!
//! pest's error reports another position, `P`: the start of the furthest rule that failed
//! (inside a `!` predicate: that matched), among the non-silent rules outside atomic ones and
//! `EOI`, predicates included. The same listener computes that too, and it must be exactly the
//! position pest reports. So the recognizer's index `F` and `P` relate as follows:
//! a rule that fails has a step failing at or after its start, so `P <= F`, except where a
//! non-silent rule (or `EOI`) is called inside a predicate, whose failures pest counts and the
//! recognizer, by design, does not. The test asserts `P <= F` wherever that exception is absent.
//!
//! Last, each construct the compiler does not support stops it with an error, asserted
//! verbatim.
#![cfg(feature = "grammar-tools")]

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::{Arc, Mutex};

use pest::error::InputLocation;
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use pest_vm::Vm;
use rstest::rstest;

/// The types of the failure reports and the fixed functions that the compiled grammars use,
/// as the library defines them.
use urn_tag::peg_runtime::{report, support};
/// The grammar compiler itself (build/peg/), for the grammars it refuses.
use urn_tag_peg as peg;

/// The recognizers build.rs generated, one module per grammar.
#[allow(dead_code)] // the span accessors are read through `Spans::all`
mod compiled {
    macro_rules! generated {
        ($($module:ident: $file:literal),* $(,)?) => {
            $(pub mod $module {
                include!(concat!(env!("OUT_DIR"), "/", $file));
            })*
        };
    }

    use super::{report, support};

    generated! {
        any_soi_eoi: "peg/any_soi_eoi.rs",
        atomicity: "peg/atomicity.rs",
        backtracking: "peg/backtracking.rs",
        capture_backtrack: "peg/capture_backtrack.rs",
        choice_fails_late: "peg/choice_fails_late.rs",
        choice_order: "peg/choice_order.rs",
        classes: "peg/classes.rs",
        counted: "peg/counted.rs",
        greedy: "peg/greedy.rs",
        insensitive: "peg/insensitive.rs",
        lookahead: "peg/lookahead.rs",
        run_and_back_off: "peg/run_and_back_off.rs",
        silent: "peg/silent.rs",
        skip: "peg/skip.rs",
        urn: "urn_recognizer.rs",
        urn_prefixes: "peg/urn_prefixes.rs",
        tag: "tag_recognizer.rs",
    }
}

/// A verdict with its captures: `None` for a rejection, else each captured rule's span.
type Outcome = Option<Vec<(&'static str, Option<Range<usize>>)>>;

/// Where a rejected input failed: index and rule.
type Failure = (usize, String);

type Recognizer = Box<dyn Fn(&[u8]) -> Outcome>;
type FailureFinder = Box<dyn Fn(&[u8]) -> Failure>;

/// One compiled entry rule.
struct Entry {
    rule: &'static str,
    captures: Vec<&'static str>,
    recognize: Recognizer,
    failure: FailureFinder,
}

/// The entries of a generated module.
macro_rules! entries {
    ($module:ident) => {{
        use compiled::$module as module;
        module::ENTRIES
            .iter()
            .map(|entry| {
                let (recognize, failure) = (entry.recognize, entry.failure);
                Entry {
                    rule: entry.rule,
                    captures: module::Spans::default().all().iter().map(|c| c.0).collect(),
                    recognize: Box::new(move |input| recognize(input).map(|s| s.all().to_vec())),
                    failure: Box::new(move |input| {
                        let failure = failure(input);
                        (failure.index, failure.rule.to_owned())
                    }),
                }
            })
            .collect::<Vec<Entry>>()
    }};
}

/// The names of the marker rules the instrumented grammar calls.
mod marker {
    /// A step failed here.
    pub const FAILED: &str = "marker_failed";
    /// Never matches: follows `FAILED` so that the step still fails.
    pub const NEVER: &str = "marker_never";
    /// The innermost rule matched, or failed.
    pub const MATCHED: &str = "marker_matched";
    pub const ABORTED: &str = "marker_aborted";
    /// `EOI` (which pest runs as a rule) matched, or failed.
    pub const EOI_MATCHED: &str = "marker_eoi_matched";
    pub const EOI_FAILED: &str = "marker_eoi_failed";
    /// A predicate starts, and ends.
    pub const POSITIVE: &str = "marker_positive";
    pub const NEGATIVE: &str = "marker_negative";
    pub const PREDICATE_END: &str = "marker_predicate_end";
}

fn ident(name: &str) -> OptimizedExpr {
    OptimizedExpr::Ident(name.to_owned())
}

fn seq(first: OptimizedExpr, second: OptimizedExpr) -> OptimizedExpr {
    OptimizedExpr::Seq(Box::new(first), Box::new(second))
}

fn choice(first: OptimizedExpr, second: OptimizedExpr) -> OptimizedExpr {
    OptimizedExpr::Choice(Box::new(first), Box::new(second))
}

/// Reports a failed step, and fails.
fn failed() -> OptimizedExpr {
    seq(ident(marker::FAILED), ident(marker::NEVER))
}

/// `expr` with each of its steps reporting its failures, and each predicate its extent.
fn instrument(expr: &OptimizedExpr) -> OptimizedExpr {
    use OptimizedExpr as E;
    match expr {
        E::Str(_) | E::Insens(_) | E::Range(..) => choice(expr.clone(), failed()),
        E::Ident(name) if name == "EOI" => choice(
            seq(expr.clone(), ident(marker::EOI_MATCHED)),
            seq(ident(marker::EOI_FAILED), failed()),
        ),
        E::Ident(name) if name == "ANY" || name == "SOI" || name.starts_with("ASCII") => {
            choice(expr.clone(), failed())
        }
        E::Ident(name) if name == "NEWLINE" => choice(expr.clone(), failed()),
        E::Ident(_) => expr.clone(),
        // Where the skip stopped, `(!(...) ~ ANY)*` failed.
        E::Skip(_) => seq(expr.clone(), E::Opt(Box::new(failed()))),
        E::PosPred(inner) | E::NegPred(inner) => {
            let (start, predicate) = match expr {
                E::PosPred(_) => (marker::POSITIVE, E::PosPred(Box::new(instrument(inner)))),
                _ => (marker::NEGATIVE, E::NegPred(Box::new(instrument(inner)))),
            };
            choice(
                seq(ident(start), seq(predicate, ident(marker::PREDICATE_END))),
                seq(ident(marker::PREDICATE_END), failed()),
            )
        }
        E::Seq(first, second) => seq(instrument(first), instrument(second)),
        E::Choice(first, second) => choice(instrument(first), instrument(second)),
        E::Opt(inner) => E::Opt(Box::new(instrument(inner))),
        E::Rep(inner) => E::Rep(Box::new(instrument(inner))),
        other => panic!("no test grammar uses {other:?}"),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Atomicity {
    Atomic,
    CompoundAtomic,
    NonAtomic,
}

/// pest's lookahead state (`ParserState::lookahead`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lookahead {
    None,
    Positive,
    Negative,
}

/// A grammar loaded twice into pest_vm: as written, and instrumented.
struct Reference {
    vm: Vm,
    instrumented: Vm,
    events: Arc<Mutex<Vec<(String, usize)>>>,
    types: HashMap<String, RuleType>,
    /// Whether a non-silent rule or `EOI` is called inside a predicate.
    rules_in_predicates: bool,
}

/// What pest's run shows about a rejected input.
struct Observed {
    /// The recognizer's failure, as defined.
    failure: Failure,
    /// The position pest should report, from its own rules.
    pest_position: usize,
}

impl Reference {
    fn load(text: &str) -> Self {
        let (_, rules) =
            pest_meta::parse_and_optimize(text).unwrap_or_else(|errors| panic!("{}", errors[0]));
        let types: HashMap<_, _> = rules.iter().map(|r| (r.name.clone(), r.ty)).collect();
        let bodies: HashMap<_, _> = rules.iter().map(|r| (r.name.as_str(), &r.expr)).collect();
        let rules_in_predicates = rules.iter().any(|rule| {
            calls_visible_in_predicate(&rule.expr, false, &bodies, &types, &mut HashSet::new())
        });

        let mut instrumented: Vec<OptimizedRule> = rules
            .iter()
            .map(|rule| OptimizedRule {
                name: rule.name.clone(),
                ty: rule.ty,
                expr: choice(
                    seq(instrument(&rule.expr), ident(marker::MATCHED)),
                    seq(ident(marker::ABORTED), ident(marker::NEVER)),
                ),
            })
            .collect();
        for name in [
            marker::FAILED,
            marker::MATCHED,
            marker::ABORTED,
            marker::EOI_MATCHED,
            marker::EOI_FAILED,
            marker::POSITIVE,
            marker::NEGATIVE,
            marker::PREDICATE_END,
        ] {
            instrumented.push(silent(name, OptimizedExpr::Str(String::new())));
        }
        let never = OptimizedExpr::NegPred(Box::new(OptimizedExpr::Str(String::new())));
        instrumented.push(silent(marker::NEVER, never));

        let events = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&events);
        let listener = Box::new(move |rule: String, position: &pest::Position<'_>| {
            log.lock().unwrap().push((rule, position.pos()));
            false
        });
        Reference {
            vm: Vm::new(rules),
            instrumented: Vm::new_with_listener(instrumented, listener),
            events,
            types,
            rules_in_predicates,
        }
    }

    /// pest's outcome for `rule` on `input`, and the position of its error.
    fn parse(&self, rule: &str, input: &str, captures: &[&'static str]) -> (Outcome, usize) {
        match self.vm.parse(rule, input) {
            Ok(pairs) => {
                let mut outcome: Vec<_> = captures.iter().map(|&c| (c, None)).collect();
                for pair in pairs.flatten() {
                    if let Some(slot) = outcome.iter_mut().find(|(c, _)| *c == pair.as_rule()) {
                        slot.1 = Some(pair.as_span().start()..pair.as_span().end());
                    }
                }
                (Some(outcome), 0)
            }
            Err(error) => match error.location {
                InputLocation::Pos(pos) => (None, pos),
                InputLocation::Span((start, _)) => (None, start),
            },
        }
    }

    /// Runs the instrumented grammar and reads pest's run off the listener's log.
    fn observe(&self, entry: &str, input: &str) -> Observed {
        self.events.lock().unwrap().clear();
        assert!(self.instrumented.parse(entry, input).is_err(), "{input:?}");
        let events = std::mem::take(&mut *self.events.lock().unwrap());

        struct Frame<'a> {
            name: &'a str,
            start: usize,
            produces_pair: bool,
            atomicity: Atomicity,
        }
        let mut frames: Vec<Frame<'_>> = Vec::new();
        let mut lookaheads = vec![Lookahead::None];
        let mut eoi = (0, false);
        let mut furthest: Option<Failure> = None;
        let mut pest_position = 0;
        for (name, pos) in &events {
            let (name, pos) = (name.as_str(), *pos);
            let lookahead = *lookaheads.last().unwrap();
            let atomicity = frames.last().map_or(Atomicity::NonAtomic, |f| f.atomicity);
            // pest's `track`: a failed rule outside `!`, or a matched one inside it.
            let mut track = |start: usize, produces_pair: bool, matched: bool| {
                if produces_pair && matched == (lookahead == Lookahead::Negative) {
                    pest_position = pest_position.max(start);
                }
            };
            match name {
                marker::FAILED if lookahead == Lookahead::None => {
                    if furthest.as_ref().is_none_or(|(index, _)| pos > *index) {
                        let rule = frames
                            .iter()
                            .rev()
                            .find(|frame| frame.produces_pair)
                            .map_or(entry, |frame| frame.name);
                        furthest = Some((pos, rule.to_owned()));
                    }
                }
                marker::MATCHED | marker::ABORTED => {
                    let frame = frames.pop().unwrap();
                    track(frame.start, frame.produces_pair, name == marker::MATCHED);
                }
                "EOI" => eoi = (pos, atomicity != Atomicity::Atomic),
                marker::EOI_MATCHED | marker::EOI_FAILED => {
                    track(eoi.0, eoi.1, name == marker::EOI_MATCHED)
                }
                marker::POSITIVE => lookaheads.push(match lookahead {
                    Lookahead::Negative => Lookahead::Negative,
                    _ => Lookahead::Positive,
                }),
                marker::NEGATIVE => lookaheads.push(match lookahead {
                    Lookahead::Negative => Lookahead::Positive,
                    _ => Lookahead::Negative,
                }),
                marker::PREDICATE_END => {
                    lookaheads.pop();
                }
                name => {
                    let Some(&ty) = self.types.get(name) else {
                        continue; // a built-in rule, or a marker inside a predicate
                    };
                    // pest_vm's wrapping of each kind of rule.
                    let (produces_pair, inner) = match ty {
                        RuleType::Silent => (false, atomicity),
                        RuleType::Normal => (atomicity != Atomicity::Atomic, atomicity),
                        RuleType::Atomic => (atomicity != Atomicity::Atomic, Atomicity::Atomic),
                        RuleType::CompoundAtomic => (true, Atomicity::CompoundAtomic),
                        RuleType::NonAtomic => (true, Atomicity::NonAtomic),
                    };
                    frames.push(Frame {
                        name,
                        start: pos,
                        produces_pair,
                        atomicity: inner,
                    });
                }
            }
        }
        Observed {
            failure: furthest.unwrap_or_else(|| panic!("{entry} rejected {input:?} silently")),
            pest_position,
        }
    }
}

fn silent(name: &str, expr: OptimizedExpr) -> OptimizedRule {
    OptimizedRule {
        name: name.to_owned(),
        ty: RuleType::Silent,
        expr,
    }
}

/// Whether `expr`, or a silent rule it calls, calls a non-silent rule or `EOI` inside a
/// predicate.
fn calls_visible_in_predicate(
    expr: &OptimizedExpr,
    in_predicate: bool,
    bodies: &HashMap<&str, &OptimizedExpr>,
    types: &HashMap<String, RuleType>,
    seen: &mut HashSet<String>,
) -> bool {
    use OptimizedExpr as E;
    match expr {
        E::Ident(name) if in_predicate && name == "EOI" => true,
        E::Ident(name) if in_predicate => match types.get(name) {
            Some(RuleType::Silent) => {
                seen.insert(name.clone())
                    && calls_visible_in_predicate(bodies[name.as_str()], true, bodies, types, seen)
            }
            Some(_) => true,
            None => false,
        },
        E::PosPred(inner) | E::NegPred(inner) => {
            calls_visible_in_predicate(inner, true, bodies, types, seen)
        }
        E::Seq(first, second) | E::Choice(first, second) => {
            calls_visible_in_predicate(first, in_predicate, bodies, types, seen)
                || calls_visible_in_predicate(second, in_predicate, bodies, types, seen)
        }
        E::Opt(inner) | E::Rep(inner) => {
            calls_visible_in_predicate(inner, in_predicate, bodies, types, seen)
        }
        _ => false,
    }
}

/// Calls `check` on every string of up to `max_len` symbols of `alphabet` after `prefix`.
fn for_each_string(prefix: &str, alphabet: &[&str], max_len: usize, check: &mut impl FnMut(&str)) {
    let mut input = String::from(prefix);
    check(&input);
    if max_len == 0 {
        return;
    }
    for symbol in alphabet {
        input.push_str(symbol);
        for_each_string(&input, alphabet, max_len - 1, check);
        input.truncate(prefix.len());
    }
}

/// One byte of each class of bytes the terminals of `urn.pest` and `tag.pest` tell apart past
/// the scheme (as in the unit tests of `src/compiled/mod.rs`).
const URI_ALPHABET: &[&str] = &[
    "b", "B", "x", "X", "0", "!", "&", "(", "+", ",", "=", "-", ".", "_", "~", "%", ":", "@", "/",
    "?", "#", "é",
];

/// The scheme's letters in mixed case, and the rest of a valid identifier as one symbol.
const URN_SCHEME_ALPHABET: &[&str] = &["u", "R", "n", ":", "x-y:z"];
const TAG_SCHEME_ALPHABET: &[&str] = &["t", "A", "g", ":", "a.b,2000:"];

#[rstest]
#[case::any_soi_eoi("tests/data/peg/any_soi_eoi.pest", entries!(any_soi_eoi), &["a", "b", "é", "😀"], 4, &[""])]
#[case::atomicity("tests/data/peg/atomicity.pest", entries!(atomicity), &["a", "b", "c", "d"], 6, &[""])]
#[case::backtracking("tests/data/peg/backtracking.pest", entries!(backtracking), &["a", "b", "c"], 6, &[""])]
#[case::capture_backtrack("tests/data/peg/capture_backtrack.pest", entries!(capture_backtrack), &["a", "b", "!", "?", ","], 5, &[""])]
#[case::choice_fails_late("tests/data/peg/choice_fails_late.pest", entries!(choice_fails_late), &["0", "1", "2", "9", ":", "a", "b", "c"], 7, &[""])]
#[case::choice_order("tests/data/peg/choice_order.pest", entries!(choice_order), &["a", "b", "c", "d", "e", "f"], 5, &[""])]
#[case::classes("tests/data/peg/classes.pest", entries!(classes), &["0", "1", "7", "8", "9", "a", "f", "g", "A", "F", "G", " ", "x", "\n", "\r", "é"], 3, &[""])]
#[case::counted("tests/data/peg/counted.pest", entries!(counted), &["a", "b"], 8, &[""])]
#[case::greedy("tests/data/peg/greedy.pest", entries!(greedy), &["a", "b", "c"], 7, &[""])]
#[case::insensitive("tests/data/peg/insensitive.pest", entries!(insensitive), &["a", "A", "b", "B", "-", "é", "É"], 5, &[""])]
#[case::lookahead("tests/data/peg/lookahead.pest", entries!(lookahead), &["a", "b", "c", "é"], 6, &[""])]
#[case::run_and_back_off("tests/data/peg/run_and_back_off.pest", entries!(run_and_back_off), &["a", "b", "c", "-"], 7, &[""])]
#[case::silent("tests/data/peg/silent.pest", entries!(silent), &["0", "9", "x", "!", ",", "a"], 5, &[""])]
#[case::skip("tests/data/peg/skip.pest", entries!(skip), &["a", "b", "c", "é"], 6, &[""])]
#[case::urn("urn.pest", entries!(urn), URI_ALPHABET, 2, &[
    "", "urn:", "URN:a", "urn:a-", "urn:ab:", "urn:ab:c?", "urn:ab:c?+d", "urn:ab:c?=d", "urn:ab:c#",
])]
#[case::urn_scheme("urn.pest", entries!(urn), URN_SCHEME_ALPHABET, 5, &[""])]
#[case::tag("tag.pest", entries!(tag), URI_ALPHABET, 2, &[
    "", "tag:", "tag:a", "tag:a.b", "tag:a@", "tag:a@b.c,", "tag:a.b,2000", "tag:a.b,2000-01-01:",
])]
#[case::tag_scheme("tag.pest", entries!(tag), TAG_SCHEME_ALPHABET, 5, &[""])]
fn compiled_entries_agree_with_pest(
    #[case] file: &str,
    #[case] entries: Vec<Entry>,
    #[case] alphabet: &[&str],
    #[case] max_len: usize,
    #[case] prefixes: &[&str],
) {
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let reference = Reference::load(&text);
    let (mut accepted, mut rejected) = (0, 0);
    let mut check = |input: &str| {
        for entry in &entries {
            let (expected, pest_position) = reference.parse(entry.rule, input, &entry.captures);
            let outcome = (entry.recognize)(input.as_bytes());
            assert_eq!(outcome, expected, "{file}: {} on {input:?}", entry.rule);
            if outcome.is_some() {
                accepted += 1;
                continue;
            }
            rejected += 1;
            let failure = (entry.failure)(input.as_bytes());
            let observed = reference.observe(entry.rule, input);
            assert_eq!(
                failure, observed.failure,
                "{file}: {} on {input:?}",
                entry.rule
            );
            assert_eq!(
                pest_position, observed.pest_position,
                "{file}: {} on {input:?}: pest's error position",
                entry.rule
            );
            if !reference.rules_in_predicates {
                assert!(
                    pest_position <= failure.0,
                    "{file}: {} on {input:?}: pest at {pest_position}, recognizer {failure:?}",
                    entry.rule
                );
            }
        }
    };
    for prefix in prefixes {
        for_each_string(prefix, alphabet, max_len, &mut check);
    }
    assert!(
        accepted > 0 && rejected > 0,
        "{file}: {accepted} accepted, {rejected} rejected"
    );
}

/// `P <= F` fails only where the test grammars put non-silent rules inside predicates, and
/// the test knows which those are.
#[test]
fn rules_in_predicates_are_found() {
    let with = Reference::load(include_str!("../data/peg/lookahead.pest"));
    let without = Reference::load(include_str!("../data/peg/capture_backtrack.pest"));
    let crate_grammar = Reference::load(include_str!("../../urn.pest"));
    assert!(with.rules_in_predicates);
    // capture_backtrack's `&(item ~ tail)` calls non-silent rules too.
    assert!(without.rules_in_predicates);
    assert!(!crate_grammar.rules_in_predicates);
    assert!(!Reference::load(include_str!("../../tag.pest")).rules_in_predicates);
}

/// Where a non-silent rule is called inside a predicate, pest's error position can lie beyond
/// the recognizer's failure: pest reports the rule, the recognizer only the predicate.
#[rstest]
// `inner` matches "bc" inside `!`, so the predicate fails at 0; pest reports `inner`'s start.
#[case::matched_inside_not("pest_beyond_not", "abc", 1, 0)]
// `word` fails at 1 inside `&`, so the predicate fails at 0; pest reports `word`'s start.
#[case::failed_inside_and("pest_beyond_and", "ab", 1, 0)]
fn pest_reports_rules_inside_predicates(
    #[case] rule: &str,
    #[case] input: &str,
    #[case] pest_position: usize,
    #[case] recognizer_index: usize,
) {
    let reference = Reference::load(include_str!("../data/peg/lookahead.pest"));
    let entries = entries!(lookahead);
    let entry = entries.iter().find(|e| e.rule == rule).unwrap();
    assert_eq!(
        reference.parse(rule, input, &entry.captures),
        (None, pest_position)
    );
    assert_eq!(
        (entry.failure)(input.as_bytes()),
        (recognizer_index, rule.to_owned())
    );
}

fn compile(grammar: &str, entries: &[&str], captures: &[&str]) -> Result<String, String> {
    let config = peg::Config {
        entries,
        captures,
        reports: false,
        prefixes: &[],
    };
    peg::compile("test.pest", grammar, &config).map_err(|error| error.to_string())
}

#[rstest]
#[case::whitespace(
    "WHITESPACE = _{ \" \" }\nmain = { \"a\" ~ \"b\" }",
    "rule `WHITESPACE`: implicit WHITESPACE is not supported: write the separators out"
)]
#[case::comment(
    "COMMENT = _{ \"#\" }\nmain = { \"a\" }",
    "rule `COMMENT`: implicit COMMENT is not supported: write the separators out"
)]
#[case::push(
    "main = { PUSH(\"a\") ~ POP }",
    "rule `main`: `PUSH` is not supported: the recognizer keeps no stack"
)]
#[case::pop(
    "main = { \"a\" ~ POP }",
    "rule `main`: `POP` is not supported: the recognizer keeps no stack"
)]
#[case::peek(
    "main = { PEEK }",
    "rule `main`: `PEEK` is not supported: the recognizer keeps no stack"
)]
#[case::peek_all(
    "main = { PEEK_ALL }",
    "rule `main`: `PEEK_ALL` is not supported: the recognizer keeps no stack"
)]
#[case::pop_all(
    "main = { POP_ALL }",
    "rule `main`: `POP_ALL` is not supported: the recognizer keeps no stack"
)]
#[case::drop(
    "main = { DROP }",
    "rule `main`: `DROP` is not supported: the recognizer keeps no stack"
)]
#[case::peek_slice(
    "main = { PEEK[0..1] }",
    "rule `main`: `PEEK[..]` is not supported: the recognizer keeps no stack"
)]
#[case::push_literal(
    "main = { PUSH_LITERAL(\"a\") }",
    "rule `main`: PUSH_LITERAL requires feature grammar-extras"
)]
#[case::node_tag(
    "main = { #first = \"a\" ~ \"b\" }",
    "rule `main`: the node tag `#first` is not supported"
)]
#[case::non_ascii_range(
    "main = { 'a'..'é' }",
    "rule `main`: the range 'a'..'é' is not supported: only ASCII ranges are"
)]
#[case::unicode_builtin(
    "main = { LETTER+ }",
    "rule `main`: the Unicode property `LETTER` is not supported: only the ASCII built-in rules are"
)]
#[case::recursion(
    "main = { \"(\" ~ inner ~ \")\" }\ninner = { main? }",
    "rule `main`: recursion is not supported (main -> inner -> main): every rule is inlined into its entry"
)]
#[case::left_recursion(
    "main = { main ~ \"a\" | \"a\" }",
    "rule `main`: rule main is left-recursive (main -> main); pest::pratt_parser might be useful in this case"
)]
#[case::unknown_rule(
    "main = { \"a\" ~ other }",
    "rule `main`: `other` is not a rule of the grammar"
)]
#[case::endless_repetition(
    "main = { (\"a\"?)* }",
    "rule `main`: expression inside repetition cannot fail and will repeat infinitely"
)]
#[case::redefined_builtin(
    "ASCII_DIGIT = { \"0\" }\nmain = { ASCII_DIGIT }",
    "rule `ASCII_DIGIT`: a rule may not redefine a built-in rule"
)]
fn unsupported_grammars_stop_the_build(#[case] grammar: &str, #[case] message: &str) {
    assert_eq!(compile(grammar, &["main"], &[]), Err(message.to_owned()));
}

#[rstest]
#[case::entry_missing(&["start"], &[], "rule `start`: is named as an entry, but the grammar has no such rule")]
#[case::capture_missing(&["main"], &["word"], "rule `word`: is named as a capture, but the grammar has no such rule")]
#[case::capture_silent(&["main"], &["letter"], "rule `letter`: is named as a capture, but it is silent and never produces a span")]
#[case::capture_name_taken(&["main"], &["all"], "rule `all`: cannot name generated code: the name is taken")]
#[case::entry_name_taken(&["at"], &[], "rule `at`: cannot name generated code: the name is taken")]
#[case::failure_name_taken(&["main", "main_failure"], &[], "rule `main_failure`: cannot be an entry: `main_failure` is the failure function of `main`")]
fn bad_configurations_stop_the_build(
    #[case] entries: &[&str],
    #[case] captures: &[&str],
    #[case] message: &str,
) {
    let grammar = "main = { letter+ ~ all? ~ at? ~ main_failure? }\nletter = _{ 'a'..'z' }\n\
                   all = { \"*\" }\nat = { \"@\" }\nmain_failure = { \"!\" }";
    assert_eq!(compile(grammar, entries, captures), Err(message.to_owned()));
}

#[test]
fn syntax_errors_are_pests() {
    let error = compile("main = { \"a\" ~ }", &["main"], &[]).unwrap_err();
    assert_eq!(
        error,
        " --> 1:16\n  |\n1 | main = { \"a\" ~ }\n  |                ^---\n  |\n  \
         = expected term"
    );
}

#[test]
fn the_generated_code_names_its_grammar() {
    let source = compile(
        "/// The entry.\nmain = { SOI ~ word ~ EOI }\nword = @{ ASCII_ALPHA+ }",
        &["main"],
        &["word"],
    )
    .unwrap();
    assert!(
        source.starts_with(
            "// Recognizers generated from `test.pest` by the grammar compiler of build/peg/, \
             run by\n// build.rs. Do not edit: change the grammar.\n//\n\
             // Entry rules: `main`.\n// Captured rules: `word`.\n"
        ),
        "{source}"
    );
    assert!(
        source.contains("        // word = @{ ASCII_ALPHA+ }\n"),
        "{source}"
    );
}

#[test]
fn rule_names_that_are_keywords_become_raw_identifiers() {
    let source = compile(
        "type = { match+ }\nmatch = { \"m\" }",
        &["type"],
        &["match"],
    )
    .unwrap();
    for expected in [
        "    r#match: Option<(usize, usize)>,\n",
        "    pub(crate) fn r#match(&self) -> Option<core::ops::Range<usize>> {\n",
        "pub(crate) fn r#type(input: &[u8]) -> Option<Spans> {\n",
        "pub(crate) fn type_failure(input: &[u8]) -> Failure {\n",
        "spans.r#match = Some((rule_start, pos));\n",
    ] {
        assert!(source.contains(expected), "{expected:?} in\n{source}");
    }
}

/// What the JavaScript back end does not write stops it, with the rule at fault: anything
/// beyond ASCII (its recognizers read UTF-16 code units, which match UTF-8 bytes only there),
/// a predicate over more than one step (which no test of the npm package would see written),
/// and names JavaScript reserves or the module defines.
#[rstest]
#[case::non_ascii_literal("main = { \"é\" }", &["main"], "rule `main`: a string beyond ASCII: the JavaScript back end reads UTF-16 code units, which match the grammar's UTF-8 bytes only in ASCII")]
#[case::any("main = { ANY }", &["main"], "rule `main`: `ANY`: the JavaScript back end reads UTF-16 code units, which match the grammar's UTF-8 bytes only in ASCII")]
#[case::skip("main = @{ (!\"a\" ~ ANY)* }", &["main"], "rule `main`: a skip over any character: the JavaScript back end reads UTF-16 code units, which match the grammar's UTF-8 bytes only in ASCII")]
#[case::predicate_of_steps("main = { !(\"a\" ~ \"b\") ~ \"a\" }", &["main"], "rule `main`: a predicate over more than one step: the JavaScript back end writes only what the npm package's tests verify")]
#[case::reserved_word("delete = { \"a\" }", &["delete"], "rule `delete`: cannot name a JavaScript function: the name is taken")]
#[case::generated_name("CLASS_0 = { \"a\" }", &["CLASS_0"], "rule `CLASS_0`: cannot name a JavaScript function: the name is taken")]
fn the_javascript_back_end_refuses_what_it_does_not_write(
    #[case] grammar: &str,
    #[case] entries: &[&str],
    #[case] message: &str,
) {
    let compiled = peg::compile_js("test.pest", grammar, entries, &[]).map_err(|e| e.to_string());
    assert_eq!(compiled, Err(message.to_owned()));
}

#[test]
fn the_generated_javascript_names_its_grammar_and_its_spans() {
    let source = peg::compile_js(
        "test.pest",
        "main = { SOI ~ word ~ (\",\" ~ word)* ~ EOI }\nword = @{ ASCII_ALPHA+ }",
        &["main"],
        &["word"],
    )
    .unwrap();
    for expected in [
        "// Recognizers generated from `test.pest` by the JavaScript back end of the grammar \
         compiler\n// of build/peg/. Do not edit: change the grammar.\n//\n// Entry rules: \
         `main`.\n// Captured rules: `word`.\n",
        "export const CAPTURES = ['word'];\n",
        "export function main(input, spans) {\n",
        "    // word = @{ ASCII_ALPHA+ }\n",
        "spans[0] = rule_start_1; spans[1] = pos;\n",
    ] {
        assert!(source.contains(expected), "{expected:?} in\n{source}");
    }
}

/// Each entry as one regular expression: as the grammar writes it where a regex's
/// backtracking cannot answer otherwise than the PEG, atomic (`(?=(e))\N`) where it can.
#[rstest]
#[case::a_repetition_what_follows_cannot_start_like(
    "main = { SOI ~ \"a\"* ~ \"b\" ~ EOI }",
    "/^a*b$/"
)]
#[case::a_repetition_what_follows_can_start_like(
    "main = { SOI ~ \"a\"* ~ \"a\" ~ EOI }",
    "/^(?=(a*))(?:\\1)a$/"
)]
#[case::an_option_what_follows_can_start_like(
    "main = { SOI ~ \"a\"? ~ \"a\" ~ EOI }",
    "/^(?=(a?))(?:\\1)a$/"
)]
#[case::alternatives_that_start_alike(
    "main = { SOI ~ (\"a\" | \"ab\") ~ \"c\" ~ EOI }",
    "/^(?=((?:a|ab)))(?:\\1)c$/"
)]
#[case::alternatives_that_start_apart(
    "main = { SOI ~ (\"ab\" | \"cd\") ~ \"a\" ~ EOI }",
    "/^(?:ab|cd)a$/"
)]
#[case::a_repeated_choice_as_a_loop_over_its_class(
    "main = { SOI ~ (\"a\" | \"%\" ~ ASCII_DIGIT)* ~ EOI }",
    "/^a*(?:%[0-9]a*)*$/"
)]
#[case::a_predicate(
    "main = { SOI ~ (!\"ab\" ~ ASCII_ALPHA)* ~ EOI }",
    "/^(?:(?!ab)[A-Za-z])*$/"
)]
#[case::options_that_start_with_different_literals(
    "main = { SOI ~ (\"?+\" ~ \"a\")? ~ (\"?=\" ~ \"b\")? ~ EOI }",
    "/^(?:\\x3f\\x2ba)?(?:\\x3f=b)?$/"
)]
#[case::a_repetition_that_refuses_what_follows(
    "main = { SOI ~ (!\"?=\" ~ (\"a\" | \"?\"))* ~ (\"?=\" ~ \"b\")? ~ EOI }",
    "/^(?:(?!\\x3f=)[?a])*(?:\\x3f=b)?$/"
)]
#[case::a_repetition_that_does_not(
    "main = { SOI ~ (\"a\" | \"?\")* ~ (\"?=\" ~ \"b\")? ~ EOI }",
    "/^(?=([?a]*))(?:\\1)(?:\\x3f=b)?$/"
)]
#[case::case_insensitive_and_escaped(
    "main = { SOI ~ ^\"a?\" ~ \"/\" ~ EOI }",
    "/^[aA]\\x3f\\x2f$/"
)]
fn the_generated_javascript_writes_each_entry_as_a_regular_expression(
    #[case] grammar: &str,
    #[case] expected: &str,
) {
    let source = peg::compile_js("test.pest", grammar, &["main"], &[]).unwrap();
    let line = format!("  main: {expected},\n");
    assert!(source.contains(&line), "{line:?} in\n{source}");
}

/// An entry clears only the spans a match may leave unwritten: not those every match writes
/// (`word`, in both alternatives of `main`), nor those of rules it cannot reach.
#[test]
fn the_generated_javascript_clears_only_the_spans_a_match_may_leave_unwritten() {
    let source = peg::compile_js(
        "test.pest",
        "main = { SOI ~ (tagged | word) ~ (\",\" ~ tail)? ~ EOI }\n\
         tagged = { \"@\" ~ word }\n\
         word = @{ ASCII_ALPHA+ }\n\
         tail = @{ ASCII_DIGIT+ }\n\
         digits = { SOI ~ tail ~ EOI }\n\
         letters = { SOI ~ word? ~ EOI }",
        &["main", "digits", "letters"],
        &["word", "tail", "tagged"],
    )
    .unwrap();
    for expected in [
        "export function main(input, spans) {\n  const n = input.length;\n  let pos = 0;\n  \
         let c = 0;\n  spans[2] = -1; spans[3] = -1; spans[4] = -1; spans[5] = -1;\n  reject: {\n",
        "export function digits(input, spans) {\n  const n = input.length;\n  let pos = 0;\n  \
         let c = 0;\n  reject: {\n",
        "export function letters(input, spans) {\n  const n = input.length;\n  let pos = 0;\n  \
         let c = 0;\n  spans[0] = -1; spans[1] = -1;\n  reject: {\n",
    ] {
        assert!(source.contains(expected), "{expected:?} in\n{source}");
    }
}

/// The rules a namespace grammar's recognizer captures are its rules that are not silent.
#[test]
fn visible_rules_are_those_not_silent() {
    let grammar =
        "entry = _{ SOI ~ a ~ b ~ c ~ EOI }\na = { \"a\" }\nb = @{ \"b\" }\nc = _{ \"c\" }\n";
    assert_eq!(peg::visible_rules(grammar).unwrap(), ["a", "b"]);
}

/// Each prefix matcher of `urn.pest` (a URN rule without the end of input) ends where pest's
/// match of the same rule ends, on the short strings of the URN entries' comparison.
#[test]
fn prefix_matchers_end_where_pest_does() {
    let reference = Reference::load(include_str!("../../urn.pest"));
    type PrefixMatcher = fn(&[u8]) -> Option<usize>;
    let matchers: [(&str, PrefixMatcher); 3] = [
        ("namestring", compiled::urn_prefixes::namestring_prefix),
        ("rfc2141_URN", compiled::urn_prefixes::rfc2141_URN_prefix),
        (
            "rfc2141bis_URI",
            compiled::urn_prefixes::rfc2141bis_URI_prefix,
        ),
    ];
    let (mut matched, mut unmatched) = (0, 0);
    let mut check = |input: &str| {
        for (rule, prefix) in matchers {
            let pest = reference
                .vm
                .parse(rule, input)
                .ok()
                .map(|mut pairs| pairs.next().map_or(0, |pair| pair.as_span().end()));
            assert_eq!(prefix(input.as_bytes()), pest, "{rule} on {input:?}");
            if pest.is_some() {
                matched += 1;
            } else {
                unmatched += 1;
            }
        }
    };
    for start in [
        "",
        "urn:",
        "URN:a",
        "urn:a-",
        "urn:ab:",
        "urn:ab:c?",
        "urn:ab:c?+d",
        "urn:ab:c?=d",
        "urn:ab:c#",
    ] {
        for_each_string(start, URI_ALPHABET, 2, &mut check);
    }
    assert!(
        matched > 1_000 && unmatched > 1_000,
        "{matched} matched, {unmatched} unmatched"
    );
}
