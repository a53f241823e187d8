//! The regular-expression back end: an entry rule as one JavaScript regular expression whose
//! `test` answers as the rule's recognizer does, for the npm package's `isValid`. V8 runs a
//! regular expression in compiled code that reads a string's characters directly, where
//! JavaScript's `charCodeAt` goes through the string a slice belongs to at every call.
//!
//! A parsing expression and a regular expression read the same notation differently: a PEG's
//! choice commits to the first alternative that matches, and its repetition never gives back,
//! where a regex backtracks into both when what follows fails. So each choice, option and
//! repetition is written in one of two ways:
//!
//! * as it is, when backtracking cannot change the answer: the alternatives of a choice start
//!   with different bytes and none matches the empty string (at most one can match), or what
//!   an option or a repetition consumes cannot start where what follows it can (giving
//!   anything back leaves what follows where the option or an iteration matched, so it fails
//!   there too);
//! * atomic otherwise, `(?=(e))\N`: a lookahead, which a regex never backtracks into, records
//!   the first match of `e` in group `N`, and the backreference consumes it.
//!
//! What follows an expression is known by its first steps (a superset, from
//! [`Node::first_steps`]): bytes, and literals of two bytes or more. Two expressions cannot
//! start at the same place when their bytes differ, when of two literals neither starts the
//! other, or when one starts by refusing the other's literal (RFC 8141's r-component, `(!"?="
//! ~ ...)*`, before the q-component's `"?="`). At the end of a lookahead or of the whole
//! expression nothing follows, and a regex takes its first match, which is the PEG's.
//!
//! The grammars it writes read ASCII only, with predicates of one step (the JavaScript back
//! end's [`check_supported`](super::js::check_supported) holds them to that).

use super::ir::{ByteSet, Node, Steps};

/// The regular expression of `node`, an entry rule's simplified expression, without slashes
/// or flags.
pub fn pattern(node: &Node) -> String {
    let mut writer = Writer { groups: 0 };
    writer.node(node, &Steps::default()).text
}

/// A piece of a regular expression, and whether a quantifier may follow it as it is.
struct Piece {
    text: String,
    atom: bool,
}

impl Piece {
    fn atom(text: String) -> Self {
        Piece { text, atom: true }
    }

    fn sequence(text: String) -> Self {
        Piece { text, atom: false }
    }

    /// The piece with a quantifier (`*` or `?`), in a group when it is more than one atom.
    fn quantified(self, quantifier: char) -> Piece {
        match self.atom {
            true => Piece::atom(format!("{}{quantifier}", self.text)),
            false => Piece::atom(format!("(?:{}){quantifier}", self.text)),
        }
    }
}

struct Writer {
    /// The capturing groups written so far: one per atomic group.
    groups: usize,
}

impl Writer {
    /// The piece of `node` when what can follow it starts with one of the steps `follow`.
    fn node(&mut self, node: &Node, follow: &Steps) -> Piece {
        let nothing = Steps::default();
        match node {
            Node::Class(set) => Piece::atom(class(*set)),
            Node::Literal(bytes) => literal(bytes, false),
            Node::Insensitive(bytes) => literal(bytes, true),
            Node::Start => Piece::atom("^".to_owned()),
            Node::End => Piece::atom("$".to_owned()),
            Node::Seq(items) => self.sequence(items, follow),
            Node::Choice(alternatives) | Node::Fused(alternatives) => {
                if deterministic(alternatives) {
                    self.alternatives(alternatives, follow)
                } else {
                    self.atomic(|writer| writer.alternatives(alternatives, &nothing))
                }
            }
            Node::Optional(inner) => {
                if gives_back_nothing(inner, follow) {
                    self.node(inner, follow).quantified('?')
                } else {
                    self.atomic(|writer| writer.node(inner, &nothing).quantified('?'))
                }
            }
            Node::Repeat(inner) => {
                if gives_back_nothing(inner, follow) {
                    self.repeat(inner, follow)
                } else {
                    self.atomic(|writer| writer.repeat(inner, &nothing))
                }
            }
            Node::PositiveLookahead(inner) => {
                let inner = self.node(inner, &nothing);
                Piece::atom(format!("(?={})", inner.text))
            }
            Node::NegativeLookahead(inner) => {
                let inner = self.node(inner, &nothing);
                Piece::atom(format!("(?!{})", inner.text))
            }
            Node::Rule(rule) => self.node(&rule.body, follow),
            Node::Any | Node::SkipUntil(_) => {
                unreachable!("check_supported refuses ANY and skips over any character")
            }
        }
    }

    fn sequence(&mut self, items: &[Node], follow: &Steps) -> Piece {
        // What follows each item: the first steps of the items after it, up to one that must
        // consume something, and what follows the sequence if none must.
        let mut follows = vec![follow.clone(); items.len()];
        let mut after = follow.clone();
        for (index, item) in items.iter().enumerate().rev() {
            follows[index] = after.clone();
            let mut before = item.first_steps();
            if item.nullable() {
                before.extend(after);
            }
            after = before;
        }
        let pieces: Vec<Piece> = items
            .iter()
            .zip(&follows)
            .map(|(item, follow)| self.node(item, follow))
            .collect();
        match <[Piece; 1]>::try_from(pieces) {
            Ok([piece]) => piece,
            Err(pieces) => Piece::sequence(pieces.into_iter().map(|piece| piece.text).collect()),
        }
    }

    fn alternatives(&mut self, alternatives: &[Node], follow: &Steps) -> Piece {
        let texts: Vec<String> = alternatives
            .iter()
            .map(|alternative| self.node(alternative, follow).text)
            .collect();
        Piece::atom(format!("(?:{})", texts.join("|")))
    }

    /// `inner*`. A repeated choice whose first alternative is one class is written as a loop
    /// over that class between the other alternatives, `C*(?:(?:D|E)C*)*`: the same matches in
    /// the same order, and V8 runs a class loop without a backtracking entry per character.
    fn repeat(&mut self, inner: &Node, follow: &Steps) -> Piece {
        let mut again = inner.first_steps();
        again.extend(follow.clone());
        if let Node::Choice(alternatives) = inner
            && let [Node::Class(first), others @ ..] = alternatives.as_slice()
            && !others.is_empty()
            && deterministic(alternatives)
        {
            let run = format!("{}*", class(*first));
            let others = match others {
                [one] => self.node(one, &again),
                others => self.alternatives(others, &again),
            };
            return Piece::sequence(format!("{run}(?:{}{run})*", others.text));
        }
        self.node(inner, &again).quantified('*')
    }

    /// `(?=(e))\N`: the first match of the piece `write` makes, never given back.
    fn atomic(&mut self, write: impl FnOnce(&mut Writer) -> Piece) -> Piece {
        self.groups += 1;
        let group = self.groups;
        let inner = write(self);
        // The backreference in a group of its own, so that a digit after it stays a digit.
        Piece::atom(format!("(?=({}))(?:\\{group})", inner.text))
    }
}

/// Whether at most one of `alternatives` can match where a choice of them is tried: none
/// matches the empty string, and no two start with the same byte.
fn deterministic(alternatives: &[Node]) -> bool {
    let mut seen = ByteSet::default();
    for alternative in alternatives {
        let first = alternative.first();
        if alternative.nullable() || first.intersects(&seen) {
            return false;
        }
        seen = seen.union(first);
    }
    true
}

/// Whether a regex's backtracking into an option or a repetition of `inner` can never lead
/// to a match where the PEG would fail: `inner` consumes something, and where it matched,
/// what follows (`follow`) cannot. Giving back leaves what follows where `inner` matched.
fn gives_back_nothing(inner: &Node, follow: &Steps) -> bool {
    !inner.nullable() && !could_follow_where_it_matched(inner, follow)
}

/// Whether a step of `follow` can match where `inner` matched: they can start with the same
/// byte, or with literals one of which starts the other, unless `inner` starts by refusing
/// that literal (`!"?=" ~ ...`, before what follows with `"?="`).
fn could_follow_where_it_matched(inner: &Node, follow: &Steps) -> bool {
    let own = inner.first_steps();
    let refused = refused_first(inner);
    own.bytes.intersects(&follow.bytes)
        || own
            .literals
            .iter()
            .any(|literal| first_byte(literal).intersects(&follow.bytes))
        || follow.literals.iter().any(|literal| {
            let refused_here = refused.is_some_and(|(refused, insensitive)| {
                starts_with(literal, refused)
                    && (insensitive || !refused.iter().any(u8::is_ascii_alphabetic))
            });
            (own.bytes.intersects(&first_byte(literal)) && !refused_here)
                || own
                    .literals
                    .iter()
                    .any(|own| starts_with(own, literal) || starts_with(literal, own))
        })
}

/// The literal an expression refuses before anything else, `!"..."` first in it, and whether
/// it refuses it in any case (`!^"..."`).
fn refused_first(node: &Node) -> Option<(&[u8], bool)> {
    match node {
        Node::Seq(items) => items.first().and_then(refused_first),
        Node::Rule(rule) => refused_first(&rule.body),
        Node::NegativeLookahead(inner) => match inner.as_ref() {
            Node::Literal(bytes) => Some((bytes.as_slice(), false)),
            Node::Insensitive(bytes) => Some((bytes.as_slice(), true)),
            _ => None,
        },
        _ => None,
    }
}

/// The bytes a literal can start with, in either case: the steps a grammar's first steps
/// hold do not say whether a literal was written `^"..."`.
fn first_byte(literal: &[u8]) -> ByteSet {
    literal.first().map_or_else(ByteSet::default, |&byte| {
        ByteSet::single(byte.to_ascii_lowercase()).union(ByteSet::single(byte.to_ascii_uppercase()))
    })
}

/// Whether `text` starts with `prefix`, ASCII letters in either case.
fn starts_with(text: &[u8], prefix: &[u8]) -> bool {
    text.len() >= prefix.len() && text[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// A class of one byte as that byte, of more as `[...]`.
fn class(set: ByteSet) -> String {
    let ranges = set.ranges();
    if let [(first, last)] = ranges.as_slice()
        && first == last
    {
        return outside_class(*first);
    }
    let mut text = String::from("[");
    for (first, last) in ranges {
        text.push_str(&inside_class(first));
        if last > first {
            if last > first + 1 {
                text.push('-');
            }
            text.push_str(&inside_class(last));
        }
    }
    text.push(']');
    text
}

fn literal(bytes: &[u8], insensitive: bool) -> Piece {
    let text: String = bytes
        .iter()
        .map(|&byte| match insensitive && byte.is_ascii_alphabetic() {
            true => format!(
                "[{}{}]",
                char::from(byte.to_ascii_lowercase()),
                char::from(byte.to_ascii_uppercase())
            ),
            false => outside_class(byte),
        })
        .collect();
    match bytes.len() {
        1 => Piece::atom(text),
        _ => Piece::sequence(text),
    }
}

/// A byte outside a class: letters, digits and the punctuation that means nothing there as
/// they are, the rest escaped.
fn outside_class(byte: u8) -> String {
    match byte {
        b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z' => char::from(byte).to_string(),
        b'!' | b'"' | b'#' | b'%' | b'&' | b'\'' | b',' | b'-' | b':' | b';' | b'<' | b'='
        | b'>' | b'@' | b'_' | b'`' | b'~' => char::from(byte).to_string(),
        _ => escaped(byte),
    }
}

/// A byte inside a class: all but `\`, `]`, `[`, `^`, `-` and `/` as they are (printable).
fn inside_class(byte: u8) -> String {
    match byte {
        b'\\' | b']' | b'[' | b'^' | b'-' | b'/' => escaped(byte),
        b'!'..=b'~' => char::from(byte).to_string(),
        _ => escaped(byte),
    }
}

fn escaped(byte: u8) -> String {
    format!("\\x{byte:02x}")
}
