//! The `.pest` grammars against the RFCs' own ABNF, differentially.
//!
//! For each grammar, the entry rule of the `.pest` file (loaded at run time with pest_meta and
//! run by pest_vm, so this checks the file itself) and a matcher compiled mechanically from the
//! RFC's ABNF (tests/data/abnf/, see `abnf/mod.rs`) judge the same strings: strings generated
//! from the ABNF of every grammar, mutations of them, and every input of the vector files
//! (tests/data/*.tsv). Wherever the two verdicts differ, exactly one entry of [`DEVIATIONS`]
//! must explain it; an entry that explains nothing is stale and fails the test too.
//!
//! Rules that the RFCs state only in prose and that this crate checks in Rust after the parse
//! (the NID "urn" and `%00` under RFC 2141 and the draft) are in neither the ABNF nor the
//! `.pest` file, so they cause no disagreement here.
#![cfg(feature = "grammar-tools")]

mod abnf;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use abnf::{Grammar, Matcher, Rng};
use pest_vm::Vm;

/// How many distinct strings each grammar judges, at least.
const STRINGS_PER_GRAMMAR: usize = 100_000;

/// One grammar of a `.pest` file and the ABNF it transcribes.
struct Pair {
    /// The `.pest` file, at the repository root.
    pest_file: &'static str,
    /// Its entry rule: the whole input must match it.
    entry: &'static str,
    /// The ABNF file in tests/data/abnf/ and its top rule.
    abnf_file: &'static str,
    top: &'static str,
    /// Rules the document defines twice, the second definition narrowing the first.
    restated: &'static [&'static str],
    /// `(rule, target)`: the document superimposes `rule` on `target`.
    superimposed: &'static [(&'static str, &'static str)],
}

const PAIRS: &[Pair] = &[
    Pair {
        pest_file: "urn.pest",
        entry: "rfc8141",
        abnf_file: "rfc8141.abnf",
        top: "namestring",
        restated: &[],
        superimposed: &[],
    },
    Pair {
        pest_file: "urn.pest",
        entry: "rfc2141",
        abnf_file: "rfc2141.abnf",
        top: "URN",
        restated: &[],
        superimposed: &[],
    },
    Pair {
        pest_file: "urn.pest",
        entry: "rfc2141bis",
        abnf_file: "rfc2141bis.abnf",
        top: "URI",
        // Appendix B: "In the case of URNs, the above rules are subject to more specific"
        // ones: `scheme = "urn"` after the generic `scheme`, and `urn-path = NID ":" NSS`,
        // "to be superimposed on <path-rootless>". Reading them as intersections is exact
        // here because where each applies is fixed by delimiters it cannot contain: the
        // scheme ends at the first ":", the path at the first "?" or "#".
        restated: &["scheme"],
        superimposed: &[("urn-path", "path-rootless")],
    },
    Pair {
        pest_file: "tag.pest",
        entry: "rfc4151",
        abnf_file: "rfc4151.abnf",
        top: "tagURI",
        restated: &[],
        superimposed: &[],
    },
];

/// Which side accepts an input the other rejects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// The ABNF accepts, the `.pest` grammar rejects.
    AbnfOnly,
    /// The `.pest` grammar accepts, the ABNF rejects.
    PestOnly,
}

/// A known, intended difference between a `.pest` grammar and the ABNF it transcribes.
struct Deviation {
    name: &'static str,
    /// The entry rules it concerns.
    entries: &'static [&'static str],
    /// The sentence (or ruling) that makes the `.pest` grammar differ, quoted.
    reason: &'static str,
    side: Side,
    /// Rewrites an input that shows the deviation into the nearest input that does not, or
    /// gives `None` when the input does not show it. A disagreement is explained when the
    /// rewrite exists and both grammars accept the rewritten input: the deviation was the only
    /// cause.
    rewrite: fn(&str) -> Option<String>,
}

const DEVIATIONS: &[Deviation] = &[
    Deviation {
        name: "nid-upper-bound-checked-in-rust",
        entries: &["rfc8141", "rfc2141", "rfc2141bis"],
        reason: "RFC 8141 §2 `NID = (alphanum) 0*30(ldh) (alphanum)`, RFC 2141 §2.1 \
                 `[ 1,31<let-num-hyp> ]`, draft Appendix B `1*31( ALPHA / DIGIT / \"-\" )`: \
                 the upper bound of 32 characters is checked in Rust by \
                 `recognize::check_nid_length`, because pest unrolls a counted repetition \
                 into that many optional steps, all of them tried on every NID",
        side: Side::PestOnly,
        rewrite: nid_cut_to_32,
    },
    Deviation {
        name: "r-component-ends-at-question-equals",
        entries: &["rfc8141"],
        reason: "RFC 8141 §2.3.1: \"The r-component ends with a \"?=\" sequence (which begins \
                 a q-component) or a \"#\" character (number sign, which begins an \
                 f-component).\" The ABNF lets an r-component contain \"?=\", so it accepts \
                 `...?+r?=`, `...?+r?=/x` and `...?+r?=?x`; by the prose these have an empty \
                 q-component, or one that does not start with a pchar, and are invalid",
        side: Side::AbnfOnly,
        rewrite: r_component_question_equals_encoded,
    },
    Deviation {
        name: "rfc2141-reserved-left-out-of-trans",
        entries: &["rfc2141"],
        reason: "RFC 2141 §2.2 lists <reserved> (\"%\" | \"/\" | \"?\" | \"#\") in <trans>, \
                 but §2.3.1: \"The presence of an \"%\" character in an URN MUST be followed \
                 by two characters from the <hex> character set.\" and §2.3.2: \"these \
                 characters are RESERVED for future developments.  Namespace developers \
                 SHOULD NOT use these characters in unencoded form\". urn.pest leaves \
                 <reserved> out of <trans> (ruling: a bare \"%\" and unencoded \"/\", \"?\", \
                 \"#\" are errors; RFC 8141 Appendix B.1 also calls them reserved by RFC 2141)",
        side: Side::AbnfOnly,
        rewrite: rfc2141_reserved_encoded,
    },
];

/// The NID of a `urn:` input: from byte 4 to the next ":" (or the end).
fn nid_range(input: &str) -> Option<(usize, usize)> {
    let head = input.get(..4)?;
    if !head.eq_ignore_ascii_case("urn:") {
        return None;
    }
    let end = input[4..].find(':').map_or(input.len(), |i| 4 + i);
    Some((4, end))
}

/// A NID longer than 32 characters cut to 32: its first character and its last 31.
fn nid_cut_to_32(input: &str) -> Option<String> {
    let (start, end) = nid_range(input)?;
    let nid: Vec<char> = input[start..end].chars().collect();
    if nid.len() <= 32 {
        return None;
    }
    let cut: String = nid[..1].iter().chain(&nid[nid.len() - 31..]).collect();
    Some(format!("{}{cut}{}", &input[..start], &input[end..]))
}

/// RFC 8141: when the r-component, read as the prose delimits it (up to the first "?=" or
/// "#"), is followed by a "?=" whose q-component is empty or starts with "/" or "?" (so only
/// the ABNF's reading, with "?=" inside the r-component, accepts the input), that "?=" with
/// its "?" percent-encoded, and so on for the next "?=" of the same kind: the data the ABNF
/// reading sees, in a form both readings share.
fn r_component_question_equals_encoded(input: &str) -> Option<String> {
    let (_, nid_end) = nid_range(input)?;
    let nss_end = nid_end + input.get(nid_end..)?.find(['?', '#'])?;
    let r_start = nss_end + input[nss_end..].strip_prefix("?+").map(|_| 2)?;
    let mut text = input.to_owned();
    let mut from = r_start;
    loop {
        let r_end = text[r_start..]
            .find('#')
            .map_or(text.len(), |i| r_start + i);
        let Some(q_mark) = text[from..r_end].find("?=").map(|i| from + i) else {
            break;
        };
        let q = &text[q_mark + 2..r_end];
        if !(q.is_empty() || q.starts_with(['/', '?'])) {
            break;
        }
        text.replace_range(q_mark..=q_mark, "%3F");
        from = q_mark + 3;
    }
    (text != input).then_some(text)
}

/// RFC 2141: the NSS with its <reserved> characters percent-encoded (a "%" only when it does
/// not start a "%" <hex> <hex> escape), or `None` when it has none.
fn rfc2141_reserved_encoded(input: &str) -> Option<String> {
    let (_, nid_end) = nid_range(input)?;
    let nss = input.get(nid_end + 1..)?;
    let bytes = nss.as_bytes();
    let mut out = String::with_capacity(nss.len() + 8);
    let mut changed = false;
    for (i, ch) in nss.char_indices() {
        let escape = match ch {
            '/' => "%2F",
            '?' => "%3F",
            '#' => "%23",
            '%' if !(bytes.len() > i + 2
                && bytes[i + 1].is_ascii_hexdigit()
                && bytes[i + 2].is_ascii_hexdigit()) =>
            {
                "%25"
            }
            _ => {
                out.push(ch);
                continue;
            }
        };
        out.push_str(escape);
        changed = true;
    }
    changed.then(|| format!("{}{out}", &input[..=nid_end]))
}

/// A `.pest` file loaded with pest_meta, ready to run with pest_vm.
fn load_vm(pest_file: &str) -> Vm {
    let path = format!("{}/{pest_file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (_, rules) = pest_meta::parse_and_optimize(&source)
        .unwrap_or_else(|errors| panic!("{path}: {}", errors[0]));
    Vm::new(rules)
}

/// Every input of the vector files of tests/data/ (the `input` column, or the `a` and `b`
/// columns of a file of pairs), and, for rows whose `run_as` wraps the input (`-nid`,
/// `-nss`), the wrapped URN too.
fn vector_inputs() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "tsv"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vector file in {dir}");
    let mut inputs = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("vector file");
        let mut lines = text.lines().filter(|line| !line.starts_with('#'));
        let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
        let column = |name: &str| header.iter().position(|h| *h == name);
        let input_columns: Vec<usize> = match column("input") {
            Some(input) => vec![input],
            None => ["a", "b"].iter().filter_map(|name| column(name)).collect(),
        };
        assert!(!input_columns.is_empty(), "{file:?}: no input column");
        let run_as = column("run_as");
        for line in lines {
            let fields: Vec<&str> = line.split('\t').collect();
            for &input in &input_columns {
                let text = fields[input];
                inputs.push(text.to_owned());
                match run_as.map(|c| fields[c]) {
                    Some(r) if r.ends_with("-nid") => inputs.push(format!("urn:{text}:x")),
                    Some(r) if r.ends_with("-nss") => inputs.push(format!("urn:example:{text}")),
                    _ => {}
                }
            }
        }
    }
    inputs
}

/// The strings one grammar judges: the vector inputs, then strings generated from the ABNF
/// of every pair (its own most often) and mutations of them, until there are enough distinct
/// ones. Deterministic: the seed is fixed.
fn corpus(own: usize, grammars: &[(Grammar, &str)], vectors: &[String]) -> BTreeSet<String> {
    let mut rng = Rng::new(0x5EED_0000 + own as u64);
    let mut strings: BTreeSet<String> = vectors.iter().cloned().collect();
    let mut recent: Vec<String> = vectors.to_vec();
    let target = strings.len() + STRINGS_PER_GRAMMAR;
    let mut attempts = 0;
    while strings.len() < target {
        attempts += 1;
        assert!(attempts < 20 * target, "the generator repeats itself");
        let string = match rng.below(10) {
            0..=3 => generate(&grammars[own], &mut rng),
            4 | 5 => generate(&grammars[rng.below(grammars.len())], &mut rng),
            _ => abnf::mutate(&recent[rng.below(recent.len())], &mut rng),
        };
        if strings.insert(string.clone()) {
            if recent.len() < 50_000 {
                recent.push(string);
            } else {
                let slot = rng.below(recent.len());
                recent[slot] = string;
            }
        }
    }
    strings
}

fn generate((grammar, top): &(Grammar, &str), rng: &mut Rng) -> String {
    let reading = rng.below(grammar.readings());
    grammar.generate(top, reading, rng)
}

fn load_grammar(pair: &Pair) -> Grammar {
    let mut grammar = Grammar::parse(&abnf::read(pair.abnf_file), pair.restated);
    for (rule, target) in pair.superimposed {
        grammar.superimpose(rule, target);
    }
    grammar
}

#[test]
fn pest_grammars_accept_exactly_the_abnf_languages_but_for_the_listed_deviations() {
    let started = Instant::now();
    let grammars: Vec<(Grammar, &str)> = PAIRS.iter().map(|p| (load_grammar(p), p.top)).collect();
    let vectors = vector_inputs();
    let mut explained: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut report = Vec::new();
    for (index, pair) in PAIRS.iter().enumerate() {
        let vm = load_vm(pair.pest_file);
        let matcher = Matcher::new(&grammars[index].0, pair.top);
        let pest_accepts = |input: &str| vm.parse(pair.entry, input).is_ok();
        let strings = corpus(index, &grammars, &vectors);
        let (mut accepted, mut disagreements) = (0, 0);
        for input in &strings {
            let (by_pest, by_abnf) = (pest_accepts(input), matcher.accepts(input));
            accepted += usize::from(by_pest);
            if by_pest == by_abnf {
                continue;
            }
            disagreements += 1;
            let side = if by_abnf {
                Side::AbnfOnly
            } else {
                Side::PestOnly
            };
            let explaining: Vec<&Deviation> = DEVIATIONS
                .iter()
                .filter(|d| d.side == side && d.entries.contains(&pair.entry))
                .filter(|d| {
                    (d.rewrite)(input)
                        .is_some_and(|fixed| pest_accepts(&fixed) && matcher.accepts(&fixed))
                })
                .collect();
            match explaining[..] {
                [deviation] => *explained.entry((deviation.name, pair.entry)).or_default() += 1,
                _ => failures.push(format!(
                    "{}: {input:?}: ABNF {}, {} {}; explained by {:?}",
                    pair.entry,
                    verdict(by_abnf),
                    pair.pest_file,
                    verdict(by_pest),
                    explaining.iter().map(|d| d.name).collect::<Vec<_>>()
                )),
            }
        }
        report.push(format!(
            "{}: {} strings ({accepted} accepted by {}), {disagreements} disagreements",
            pair.entry,
            strings.len(),
            pair.pest_file
        ));
        assert!(strings.len() >= STRINGS_PER_GRAMMAR);
        assert!(
            accepted > strings.len() / 10,
            "{}: too few valid strings",
            pair.entry
        );
    }
    for deviation in DEVIATIONS {
        for entry in deviation.entries {
            let count = explained
                .get(&(deviation.name, *entry))
                .copied()
                .unwrap_or(0);
            report.push(format!("{}: {} explains {count}", entry, deviation.name));
            if count == 0 {
                failures.push(format!(
                    "{entry}: deviation {} explains no disagreement: remove it, or narrow its \
                     entries ({})",
                    deviation.name, deviation.reason
                ));
            }
        }
    }
    report.push(format!("{:.1?}", started.elapsed()));
    println!("{}", report.join("\n"));
    failures.truncate(40);
    assert!(
        failures.is_empty(),
        "the .pest grammars and the RFC ABNF disagree; fix the .pest file, or (for an intended \
         difference) the deviation list:\n{}",
        failures.join("\n")
    );
}

fn verdict(accepts: bool) -> &'static str {
    if accepts { "accepts" } else { "rejects" }
}

/// The matcher is right about the RFCs' own examples and near misses, for every grammar.
#[test]
fn abnf_matchers_judge_known_inputs() {
    let cases: &[(&str, &str, bool)] = &[
        ("rfc8141", "urn:example:a123,z456", true),
        ("rfc8141", "URN:example:a?+r?=q#f", true),
        ("rfc8141", "urn:example:a?+r?=", true), // the ABNF's reading: r = "r?="
        ("rfc8141", "urn:example:a?", false),
        ("rfc8141", "urn:a:b", false),
        ("rfc8141", &format!("urn:{}:x", "a".repeat(32)), true),
        ("rfc8141", &format!("urn:{}:x", "a".repeat(33)), false),
        ("rfc8141", "urn:ex-:x", false),
        ("rfc8141", "urn:\u{212A}x:x", false),
        ("rfc2141", "urn:a:b/c", true), // <reserved> is in <trans>
        ("rfc2141", "urn:a-:b", true),
        ("rfc2141", "urn:ex:a~b", false),
        ("rfc2141bis", "urn:ex:a~b?q#f", true),
        ("rfc2141bis", "urn:ex:a/b", false), // urn-path superimposed on path-rootless
        ("rfc2141bis", "uri:ex:a", false),   // scheme = "urn"
        ("rfc2141bis", "urn:e:a", false),
    ];
    for (entry, input, expected) in cases {
        let pair = PAIRS.iter().find(|p| p.entry == *entry).expect("pair");
        let matcher = Matcher::new(&load_grammar(pair), pair.top);
        assert_eq!(matcher.accepts(input), *expected, "{entry}: {input:?}");
    }
}

/// RFC 4151 §2.1: the ABNF test data compiles, and its matcher accepts the RFC's examples.
#[test]
fn rfc4151_abnf_accepts_the_rfc_examples() {
    let grammar = Grammar::parse(&abnf::read("rfc4151.abnf"), &[]);
    let matcher = Matcher::new(&grammar, "tagURI");
    for example in [
        "tag:timothy@hpl.hp.com,2001:web/externalHome",
        "tag:sandro@w3.org,2004-05:Sandro",
        "tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19",
        "tag:blogger.com,1999:blog-555",
        "tag:yaml.org,2002:int",
    ] {
        assert!(matcher.accepts(example), "{example}");
    }
    assert!(!matcher.accepts("tag:example.com,20:x"));
    assert!(!matcher.accepts("tag:-example.com,2000:x"));
}

/// Every ABNF file's rules are all reachable from its top rule, but for the RFC 3986 rules
/// that come with the verbatim excerpt (so a typo in a rule name cannot hide a rule).
#[test]
fn abnf_rules_are_reachable() {
    let unused_excerpt = ["query", "reserved", "gen-delims"];
    for pair in PAIRS {
        let text = abnf::read(pair.abnf_file);
        let reachable = load_grammar(pair).reachable(pair.top);
        for rule in abnf_rule_names(&text) {
            assert!(
                reachable.contains(&rule) || unused_excerpt.contains(&rule.as_str()),
                "{}: rule {rule} is not reachable from {}",
                pair.abnf_file,
                pair.top
            );
        }
    }
}

fn abnf_rule_names(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|line| line.split_once('='))
        .map(|(name, _)| name.trim().to_ascii_lowercase())
        .collect()
}
