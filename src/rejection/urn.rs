//! Why `urn.pest` rejected a URN, said from the grammar's failure report.
//!
//! The label table below says, for every rule of `urn.pest`, what a failure inside it means:
//! which part of the URN it belongs to, or that it is a percent-encoding, a delimiter, or a
//! helper of the part around it. What the grammar says of each rule's bytes (the bytes it
//! starts with, holds, ends with, and that follow it) tells the reasons apart.
//!
//! One rule stays in Rust: the NID's bound of 32 characters, which `urn.pest` leaves out
//! (a counted repetition would be unrolled into that many optional steps, all tried).

use alloc::format;

use super::bit_of;

use crate::chars::{self, ByteSet};
use crate::compiled::report::{Report, RuleBytes};
use crate::compiled::urn::{self, RULE_BYTES, RULES};
use crate::error::{ParseError, ParseErrorKind, Part};
use crate::syntax::{NID_MAX_LEN, SCHEME_LEN, UrnSyntax};

/// What a failure inside a rule of `urn.pest` means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    /// A character class or another helper: its failures are those of the part around it.
    Helper,
    /// A part of the URN. A byte of `reserved` that stands where the part does not allow it
    /// is a reserved character rather than an invalid one (RFC 2141 §2.3).
    Part { part: Part, reserved: ByteSet },
    /// A percent-encoding, or a choice that holds one: a failure after its `%` is a bad
    /// percent-encoding.
    PercentEncoding,
    /// The scheme, the delimiters between the parts, and the end of the input.
    Delimiters,
    /// RFC 8141's `?+` and `?=`: a `?` after the NSS that opens neither (RFC 8141 §2).
    ComponentDelimiters,
}

const fn part(part: Part) -> Label {
    Label::Part {
        part,
        reserved: ByteSet::from_bytes(b""),
    }
}

/// Every rule of `urn.pest` with its label. Where a failure lies within two parts (an RFC 8141
/// f-component holds a `fragment`), the part listed first is the one named.
const LABELS: [(&str, Label); 36] = [
    // RFC 8141.
    ("rfc8141", Label::Delimiters),
    ("namestring", Label::Delimiters),
    ("assigned_name", Label::Delimiters),
    ("rq_components", Label::ComponentDelimiters),
    ("NID", part(Part::Nid)),
    ("NSS", part(Part::Nss)),
    ("r_component", part(Part::RComponent)),
    ("q_component", part(Part::QComponent)),
    ("f_component", part(Part::FComponent)),
    // RFC 2141.
    ("rfc2141", Label::Delimiters),
    ("rfc2141_URN", Label::Delimiters),
    ("rfc2141_NID", part(Part::Nid)),
    (
        "rfc2141_NSS",
        Label::Part {
            part: Part::Nss,
            reserved: chars::RFC2141_RESERVED,
        },
    ),
    ("rfc2141_URN_chars", Label::PercentEncoding),
    ("rfc2141_let_num_hyp", Label::Helper),
    ("rfc2141_let_num", Label::Helper),
    ("rfc2141_upper", Label::Helper),
    ("rfc2141_lower", Label::Helper),
    ("rfc2141_number", Label::Helper),
    ("rfc2141_trans", Label::Helper),
    ("rfc2141_hex", Label::Helper),
    ("rfc2141_other", Label::Helper),
    // draft-ietf-urnbis-rfc2141bis-urn-01.
    ("rfc2141bis", Label::Delimiters),
    ("rfc2141bis_URI", Label::Delimiters),
    ("rfc2141bis_NID", part(Part::Nid)),
    ("rfc2141bis_NSS", part(Part::Nss)),
    ("query", part(Part::Query)),
    ("fragment", part(Part::Fragment)),
    // Shared building blocks.
    ("pct_encoded", Label::PercentEncoding),
    ("ALPHA", Label::Helper),
    ("DIGIT", Label::Helper),
    ("HEXDIG", Label::Helper),
    ("alphanum", Label::Helper),
    ("pchar", Label::Helper),
    ("unreserved", Label::Helper),
    ("sub_delims", Label::Helper),
];

/// Each label of [`LABELS`], in the same order, with the bit of its rule in a report's masks.
const LABELED: [(u64, Label); LABELS.len()] = bits(&LABELS);

/// The rules of each kind of label, as masks.
const PERCENT_ENCODINGS: u64 = mask_of(Kind::PercentEncoding);
const DELIMITERS: u64 = mask_of(Kind::Delimiters);
const COMPONENT_DELIMITERS: u64 = mask_of(Kind::ComponentDelimiters);
/// The NID rules of all three syntaxes; an entry calls one of them.
const NID_RULES: u64 = mask_of(Kind::Nid);

/// The kinds of label a mask gathers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    PercentEncoding,
    Delimiters,
    ComponentDelimiters,
    Nid,
}

/// The bit of `name` in a report's masks; stops the build if `urn.pest` has no such rule.
const fn bit(name: &str) -> u64 {
    bit_of(&RULES, name)
}

/// The labels with their bits; stops the build unless every rule of `urn.pest` has a label.
const fn bits(labels: &[(&str, Label); LABELS.len()]) -> [(u64, Label); LABELS.len()] {
    let mut out = [(0, Label::Helper); LABELS.len()];
    let mut covered = 0;
    let mut i = 0;
    while i < labels.len() {
        let bit = bit(labels[i].0);
        assert!(
            covered & bit == 0,
            "src/rejection/urn.rs labels a rule twice"
        );
        covered |= bit;
        out[i] = (bit, labels[i].1);
        i += 1;
    }
    assert!(
        covered.count_ones() as usize == RULES.len(),
        "a rule of urn.pest has no label in src/rejection/urn.rs"
    );
    out
}

/// The rules whose labels are of `kind`.
const fn mask_of(kind: Kind) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < LABELS.len() {
        let of_kind = match LABELS[i].1 {
            Label::PercentEncoding => matches!(kind, Kind::PercentEncoding),
            Label::Delimiters => matches!(kind, Kind::Delimiters),
            Label::ComponentDelimiters => matches!(kind, Kind::ComponentDelimiters),
            Label::Part {
                part: Part::Nid, ..
            } => matches!(kind, Kind::Nid),
            Label::Part { .. } | Label::Helper => false,
        };
        if of_kind {
            mask |= bit(LABELS[i].0);
        }
        i += 1;
    }
    mask
}

/// The first part (in the order of [`LABELS`]) among the rules of `mask`, with its bit.
fn part_in(mask: u64) -> Option<(u64, Part, ByteSet)> {
    // A report names a part or two: look only at those, rather than down the table.
    let mut parts = mask & PART_RULES;
    let mut first: Option<(usize, u64, Part, ByteSet)> = None;
    while parts != 0 {
        let bit = parts & parts.wrapping_neg();
        parts ^= bit;
        let (order, label) = BY_RULE[bit.trailing_zeros() as usize];
        if let Label::Part { part, reserved } = label
            && first.is_none_or(|(earlier, ..)| order < earlier)
        {
            first = Some((order, bit, part, reserved));
        }
    }
    first.map(|(_, bit, part, reserved)| (bit, part, reserved))
}

/// The rules labeled as parts.
const PART_RULES: u64 = {
    let mut mask = 0;
    let mut i = 0;
    while i < LABELS.len() {
        if let Label::Part { .. } = LABELS[i].1 {
            mask |= bit(LABELS[i].0);
        }
        i += 1;
    }
    mask
};

/// Each rule's label, by the rule's index in `RULES`, with the label's place in [`LABELS`].
static BY_RULE: [(usize, Label); RULES.len()] = {
    let mut by_rule = [(0, Label::Helper); RULES.len()];
    let mut i = 0;
    while i < LABELED.len() {
        let (bit, label) = LABELED[i];
        by_rule[bit.trailing_zeros() as usize] = (i, label);
        i += 1;
    }
    by_rule
};

/// What the grammar says of the bytes of the rule of `bit`.
fn bytes_of(rule_bytes: &[RuleBytes], bit: u64) -> &RuleBytes {
    &rule_bytes[bit.trailing_zeros() as usize]
}

/// The failure report of the entry rule of `syntax` on `input`.
fn report(input: &str, syntax: UrnSyntax) -> Report {
    let bytes = input.as_bytes();
    match syntax {
        UrnSyntax::Rfc8141 => urn::rfc8141_report(bytes),
        UrnSyntax::Rfc2141 => urn::rfc2141_report(bytes),
        UrnSyntax::Rfc2141bis => urn::rfc2141bis_report(bytes),
    }
}

/// The error for an input that `urn.pest` rejected under `syntax`: its first syntax error,
/// its kind, byte and part, from the grammar's failure report.
#[cold]
pub(crate) fn urn_error(input: &str, syntax: UrnSyntax) -> ParseError {
    explain_rejection(input, &report(input, syntax), &RULE_BYTES)
}

/// The error `report` describes, with `rule_bytes` the grammar's [`RuleBytes`] of `RULES`.
pub(super) fn explain_rejection(
    input: &str,
    report: &Report,
    rule_bytes: &[RuleBytes],
) -> ParseError {
    let after_scheme = report.index >= SCHEME_LEN;
    let error = match nid_bound(input, report, rule_bytes, after_scheme) {
        Some(error) => error,
        None => explain(input, report, rule_bytes),
    };
    error.explain_whitespace(input)
}

/// Why `text` cannot be the whole part `part` of a URN under `syntax`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PartError {
    /// The grammar's error, with its index into `text`.
    Syntax(ParseError),
    /// The part is valid up to `index`, where `delimiter` (`?`, `?=` or `#`) would end it in
    /// a URN: the part cannot hold it.
    Delimiter {
        index: usize,
        delimiter: &'static str,
    },
}

/// The first syntax error in `text` read as the whole part `part` of a URN under `syntax`: the
/// grammar's verdict on it where it stands in a URN (after `urn:ab:`, and the delimiter that
/// opens it). `None` if it is valid there, or if the syntax has no such part. The prose rules
/// (`%00`) are the caller's.
pub(crate) fn urn_part_error(text: &str, syntax: UrnSyntax, part: Part) -> Option<PartError> {
    let (before, ends): (&str, &[&'static str]) = match (syntax, part) {
        (UrnSyntax::Rfc8141, Part::Nss) => ("urn:ab:", &["?", "#"]),
        (UrnSyntax::Rfc8141, Part::RComponent) => ("urn:ab:c?+", &["?=", "#"]),
        (UrnSyntax::Rfc8141, Part::QComponent) => ("urn:ab:c?=", &["#"]),
        (UrnSyntax::Rfc8141, Part::FComponent) => ("urn:ab:c#", &[]),
        (UrnSyntax::Rfc2141, Part::Nss) => ("urn:ab:", &[]),
        (UrnSyntax::Rfc2141bis, Part::Nss) => ("urn:ab:", &["?", "#"]),
        (UrnSyntax::Rfc2141bis, Part::Query) => ("urn:ab:c?", &["#"]),
        (UrnSyntax::Rfc2141bis, Part::Fragment) => ("urn:ab:c#", &[]),
        _ => return None,
    };
    // The first delimiter that would end the part where it stands.
    let end = ends
        .iter()
        .filter_map(|&delimiter| Some((text.find(delimiter)?, delimiter)))
        .min();
    let valid = end.map_or(text, |(index, _)| &text[..index]);
    let urn = format!("{before}{valid}");
    let bytes = urn.as_bytes();
    let accepted = match syntax {
        UrnSyntax::Rfc8141 => urn::rfc8141(bytes).is_some(),
        UrnSyntax::Rfc2141 => urn::rfc2141(bytes).is_some(),
        UrnSyntax::Rfc2141bis => urn::rfc2141bis(bytes).is_some(),
    };
    let error = (!accepted).then(|| explain(&urn, &report(&urn, syntax), &RULE_BYTES));
    match (error, end) {
        (None, None) => None,
        // Valid up to the delimiter, or empty before it: the part cannot hold the delimiter.
        (None, Some((index, delimiter))) => Some(PartError::Delimiter { index, delimiter }),
        (Some(error), Some((index, delimiter)))
            if matches!(error.kind(), ParseErrorKind::Empty(_)) =>
        {
            // First in the part, the delimiter's character may be one the part holds later
            // but cannot start with (a "?" in an r-component): the grammar says so.
            let first = format!("{before}{}", &delimiter[..1]);
            let start = explain(&first, &report(&first, syntax), &RULE_BYTES);
            if matches!(start.kind(), ParseErrorKind::InvalidStart { .. }) {
                return Some(PartError::Syntax(ParseError::new(start.kind(), 0)));
            }
            Some(PartError::Delimiter { index, delimiter })
        }
        (Some(error), _) => {
            let index = error.index() - before.len();
            Some(PartError::Syntax(ParseError::new(error.kind(), index)))
        }
    }
}

/// The error for a URN that `urn.pest` accepted under `syntax` but whose NID is longer than
/// the bound.
#[cold]
pub(crate) fn nid_too_long(input: &str, syntax: UrnSyntax) -> ParseError {
    nid_bound(input, &report(input, syntax), &RULE_BYTES, true).unwrap_or(ParseError::new(
        ParseErrorKind::NidTooLong,
        SCHEME_LEN + NID_MAX_LEN,
    ))
}

/// The NID's bound of 32 characters (RFC 8141 `0*30(ldh)` between two alphanums, RFC 2141
/// `[ 1,31<let-num-hyp> ]`, the draft's `1*31(...)`), when the NID after a valid scheme
/// breaks it: at the 33rd character, or at the 32nd when the NID may not end with it (no
/// valid NID continues it then).
fn nid_bound(
    input: &str,
    report: &Report,
    rule_bytes: &[RuleBytes],
    after_scheme: bool,
) -> Option<ParseError> {
    let nid_rule = report.rules & NID_RULES;
    if nid_rule.count_ones() != 1 {
        return None;
    }
    let nid = bytes_of(rule_bytes, nid_rule);
    let rest = input
        .as_bytes()
        .get(SCHEME_LEN..)
        .filter(|_| after_scheme)?;
    if !nid.first.contains(*rest.first()?) {
        return None;
    }
    let run = rest
        .iter()
        .take(NID_MAX_LEN + 1)
        .take_while(|&&b| nid.alphabet.contains(b))
        .count();
    let (kind, index) = if run >= NID_MAX_LEN && !nid.last.contains(rest[NID_MAX_LEN - 1]) {
        let kind = if run > NID_MAX_LEN {
            ParseErrorKind::NidTooLong
        } else {
            ParseErrorKind::NidEndsWithHyphen
        };
        (kind, NID_MAX_LEN - 1)
    } else if run > NID_MAX_LEN {
        (ParseErrorKind::NidTooLong, NID_MAX_LEN)
    } else {
        return None;
    };
    Some(ParseError::new(kind, SCHEME_LEN + index))
}

/// The error the report describes, by the labels of the rules that failed at its byte.
fn explain(input: &str, report: &Report, rule_bytes: &[RuleBytes]) -> ParseError {
    let index = report.index;
    let bytes = input.as_bytes();
    let byte = bytes.get(index).copied();
    // Every step before `index` matched ASCII, so `index` is a char boundary.
    let ch = input.get(index..).and_then(|rest| rest.chars().next());
    let Some((part_bit, part, reserved)) = part_in(report.within) else {
        // No part failed here: the scheme, or a delimiter between two parts.
        let kind = if report.innermost & report.entered & COMPONENT_DELIMITERS != 0 {
            ParseErrorKind::BareQuestionMark
        } else {
            ParseErrorKind::ExpectedUrnScheme
        };
        return ParseError::new(kind, index);
    };
    if report.entered & PERCENT_ENCODINGS != 0 {
        return ParseError::new(ParseErrorKind::InvalidPercentEncoding(part), index);
    }
    let rule = bytes_of(rule_bytes, part_bit);
    let rest = bytes.get(index..).unwrap_or_default();
    let follows_whole = |b: u8| {
        rule.follow.contains(b)
            || rule
                .follow_literals
                .iter()
                .any(|literal| rest.starts_with(literal))
    };
    let follows_partly = |b: u8| {
        rule.follow_literals
            .iter()
            .any(|literal| literal.first() == Some(&b))
    };
    let invalid = |b: u8, ch: char| {
        if reserved.contains(b) {
            ParseErrorKind::ReservedChar { ch }
        } else {
            ParseErrorKind::unexpected(part, ch)
        }
    };
    let kind = if report.entered & part_bit == 0 {
        // The part failed where it starts: it is empty when what follows it comes next.
        match (byte, ch) {
            (Some(b), Some(ch)) if !follows_whole(b) => {
                if rule.alphabet.contains(b) && !rule.first.contains(b) {
                    ParseErrorKind::InvalidStart { part, ch }
                } else if follows_partly(b) {
                    ParseErrorKind::Empty(part)
                } else {
                    invalid(b, ch)
                }
            }
            _ => ParseErrorKind::Empty(part),
        }
    } else if part == Part::Nid
        && report.innermost & DELIMITERS == 0
        && byte.is_none_or(follows_whole)
    {
        // The NID stopped before its delimiter, or at the end, where it cannot end: no
        // delimiter was tried.
        if !rule.last.contains(bytes[index - 1]) {
            ParseErrorKind::NidEndsWithHyphen
        } else {
            ParseErrorKind::NidTooShort
        }
    } else {
        match (byte, ch) {
            (Some(b), Some(ch)) => invalid(b, ch),
            // The input ended after a whole part: the delimiter that must follow is missing.
            _ => match rule.follow.only_member() {
                Some(expected) if rule.follow_literals.is_empty() => ParseErrorKind::Expected {
                    part,
                    expected: char::from(expected),
                },
                _ => ParseErrorKind::Empty(part),
            },
        }
    };
    ParseError::new(kind, index)
}
