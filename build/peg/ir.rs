//! The intermediate form: one parsing expression over bytes per entry, every rule inlined.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

/// A set of bytes: the bytes one step of the recognizer accepts.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    /// Where `self` stands in `tables`, added at the end the first time: both back ends write
    /// each class of more than three ranges once, as a table their tests index.
    pub fn table_index(&self, tables: &mut Vec<ByteSet>) -> usize {
        tables
            .iter()
            .position(|table| table == self)
            .unwrap_or_else(|| {
                tables.push(*self);
                tables.len() - 1
            })
    }

    /// Every byte.
    pub const ALL: ByteSet = ByteSet([u64::MAX; 4]);

    pub fn single(byte: u8) -> Self {
        let mut set = ByteSet::default();
        set.insert(byte);
        set
    }

    /// The bytes from `first` to `last`, both included (empty when `first > last`).
    pub fn range(first: u8, last: u8) -> Self {
        let mut set = ByteSet::default();
        for byte in first..=last {
            set.insert(byte);
        }
        set
    }

    pub fn insert(&mut self, byte: u8) {
        self.0[usize::from(byte / 64)] |= 1 << (byte % 64);
    }

    pub fn contains(&self, byte: u8) -> bool {
        self.0[usize::from(byte / 64)] & (1 << (byte % 64)) != 0
    }

    pub fn union(self, other: ByteSet) -> ByteSet {
        ByteSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    pub fn intersects(&self, other: &ByteSet) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    /// The set as four words of 64 bits, byte `b` at bit `b % 64` of word `b / 64`.
    pub fn words(&self) -> [u64; 4] {
        self.0
    }

    pub fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// The set as maximal runs of consecutive bytes.
    pub fn ranges(&self) -> Vec<(u8, u8)> {
        let mut ranges: Vec<(u8, u8)> = Vec::new();
        for byte in 0..=255u8 {
            if !self.contains(byte) {
                continue;
            }
            match ranges.last_mut() {
                Some((_, last)) if u16::from(*last) + 1 == u16::from(byte) => *last = byte,
                _ => ranges.push((byte, byte)),
            }
        }
        ranges
    }

    /// The set written as a regex-like class, for comments: `[%0-9A-F]`.
    pub fn describe(&self) -> String {
        let mut text = String::from("[");
        for (first, last) in self.ranges() {
            let one = |text: &mut String, byte: u8| match byte {
                b'!'..=b'~' if !matches!(byte, b'[' | b']' | b'\\' | b'-') => {
                    text.push(char::from(byte))
                }
                _ => write!(text, "\\x{byte:02X}").unwrap(),
            };
            one(&mut text, first);
            if last > first {
                if last > first + 1 {
                    text.push('-');
                }
                one(&mut text, last);
            }
        }
        text.push(']');
        text
    }
}

impl fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// A parsing expression over the bytes of a UTF-8 input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// One byte of the set.
    Class(ByteSet),
    /// These bytes (two or more; a single byte is a class).
    Literal(Vec<u8>),
    /// These bytes, ASCII letters in either case (`^"..."`).
    Insensitive(Vec<u8>),
    /// One UTF-8 character (`ANY`).
    Any,
    /// The start of the input (`SOI`).
    Start,
    /// The end of the input (`EOI`).
    End,
    /// Everything up to the first of these strings or the end of the input, never failing
    /// (pest_meta's optimization of `(!("a" | "b") ~ ANY)*` in atomic rules).
    SkipUntil(Vec<Vec<u8>>),
    /// Each in turn; an empty sequence matches the empty string.
    Seq(Vec<Node>),
    /// The first alternative that matches (never empty).
    Choice(Vec<Node>),
    /// `e?`
    Optional(Box<Node>),
    /// `e*`: as many as match, never giving any back.
    Repeat(Box<Node>),
    /// `&e`
    PositiveLookahead(Box<Node>),
    /// `!e`
    NegativeLookahead(Box<Node>),
    /// In a failure report, where every rule is named: the alternatives of a choice that each
    /// consume one byte (a class, or rules around one), tested as one class. The alternatives
    /// stay to name the rules that fail where the class does.
    Fused(Vec<Node>),
    /// A rule that pest would produce a pair for at this place: it names the failures inside
    /// it, and its span is recorded when it is captured.
    Rule(Box<Rule>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub name: String,
    /// The rule as the grammar writes it, on one line, for a comment in the generated code.
    pub source: String,
    /// Index of the rule among the captures, when it is captured.
    pub capture: Option<usize>,
    pub body: Node,
}

/// Which end of what an expression consumes.
#[derive(Debug, Clone, Copy)]
enum Edge {
    First,
    Last,
}

impl Node {
    /// Whether the expression can succeed without consuming anything.
    pub fn nullable(&self) -> bool {
        match self {
            Node::Class(_) | Node::Fused(_) | Node::Any => false,
            Node::Literal(bytes) | Node::Insensitive(bytes) => bytes.is_empty(),
            Node::Start
            | Node::End
            | Node::SkipUntil(_)
            | Node::Optional(_)
            | Node::Repeat(_)
            | Node::PositiveLookahead(_)
            | Node::NegativeLookahead(_) => true,
            Node::Seq(items) => items.iter().all(Node::nullable),
            Node::Choice(alternatives) => alternatives.iter().any(Node::nullable),
            Node::Rule(rule) => rule.body.nullable(),
        }
    }

    /// The bytes that whatever the expression consumes can start with (a superset).
    pub fn first(&self) -> ByteSet {
        self.edge(Edge::First)
    }

    /// The bytes that whatever the expression consumes can end with (a superset).
    pub fn last(&self) -> ByteSet {
        self.edge(Edge::Last)
    }

    /// [`Node::first`] or [`Node::last`]: the same walk, from one end or the other.
    fn edge(&self, edge: Edge) -> ByteSet {
        let end_of = |bytes: &[u8]| match edge {
            Edge::First => bytes.first().copied(),
            Edge::Last => bytes.last().copied(),
        };
        match self {
            Node::Class(set) => *set,
            Node::Literal(bytes) => end_of(bytes).map_or_else(ByteSet::default, ByteSet::single),
            Node::Insensitive(bytes) => end_of(bytes).map_or_else(ByteSet::default, |b| {
                ByteSet::single(b.to_ascii_lowercase())
                    .union(ByteSet::single(b.to_ascii_uppercase()))
            }),
            Node::Any | Node::SkipUntil(_) => ByteSet::ALL,
            Node::Start | Node::End | Node::PositiveLookahead(_) | Node::NegativeLookahead(_) => {
                ByteSet::default()
            }
            Node::Seq(items) => {
                // From that end, each item adds its edge until one must consume something.
                let ordered: Box<dyn Iterator<Item = &Node>> = match edge {
                    Edge::First => Box::new(items.iter()),
                    Edge::Last => Box::new(items.iter().rev()),
                };
                let mut set = ByteSet::default();
                for item in ordered {
                    set = set.union(item.edge(edge));
                    if !item.nullable() {
                        break;
                    }
                }
                set
            }
            Node::Choice(alternatives) | Node::Fused(alternatives) => alternatives
                .iter()
                .fold(ByteSet::default(), |set, alternative| {
                    set.union(alternative.edge(edge))
                }),
            Node::Optional(inner) | Node::Repeat(inner) => inner.edge(edge),
            Node::Rule(rule) => rule.body.edge(edge),
        }
    }

    /// Every byte the expression can consume, wherever it stands (a superset; predicates
    /// consume nothing).
    pub fn alphabet(&self) -> ByteSet {
        match self {
            Node::Class(set) => *set,
            Node::Literal(bytes) => bytes
                .iter()
                .fold(ByteSet::default(), |set, &b| set.union(ByteSet::single(b))),
            Node::Insensitive(bytes) => bytes.iter().fold(ByteSet::default(), |set, &b| {
                set.union(ByteSet::single(b.to_ascii_lowercase()))
                    .union(ByteSet::single(b.to_ascii_uppercase()))
            }),
            Node::Any | Node::SkipUntil(_) => ByteSet::ALL,
            Node::Start | Node::End | Node::PositiveLookahead(_) | Node::NegativeLookahead(_) => {
                ByteSet::default()
            }
            Node::Seq(items) | Node::Choice(items) | Node::Fused(items) => items
                .iter()
                .fold(ByteSet::default(), |set, item| set.union(item.alphabet())),
            Node::Optional(inner) | Node::Repeat(inner) => inner.alphabet(),
            Node::Rule(rule) => rule.body.alphabet(),
        }
    }

    /// The first steps of whatever the expression consumes: the bytes of one-byte steps,
    /// and the literals of two bytes or more.
    pub fn first_steps(&self) -> Steps {
        match self {
            Node::Literal(bytes) | Node::Insensitive(bytes) if bytes.len() > 1 => Steps {
                bytes: ByteSet::default(),
                literals: vec![bytes.clone()],
            },
            Node::Seq(items) => {
                let mut steps = Steps::default();
                for item in items {
                    steps.extend(item.first_steps());
                    if !item.nullable() {
                        break;
                    }
                }
                steps
            }
            Node::Choice(alternatives) | Node::Fused(alternatives) => {
                let mut steps = Steps::default();
                for alternative in alternatives {
                    steps.extend(alternative.first_steps());
                }
                steps
            }
            Node::Optional(inner) | Node::Repeat(inner) => inner.first_steps(),
            Node::Rule(rule) => rule.body.first_steps(),
            node => Steps {
                bytes: node.first(),
                literals: Vec::new(),
            },
        }
    }

    /// Adds to `follows`, for each rule the expression calls, the steps that can come right
    /// after it, when `after` is what can come after the whole expression.
    pub fn collect_follows(&self, after: &Steps, follows: &mut BTreeMap<String, Steps>) {
        match self {
            Node::Seq(items) => {
                let mut after = after.clone();
                for item in items.iter().rev() {
                    item.collect_follows(&after, follows);
                    let mut before = item.first_steps();
                    if item.nullable() {
                        before.extend(after);
                    }
                    after = before;
                }
            }
            Node::Choice(alternatives) | Node::Fused(alternatives) => {
                for alternative in alternatives {
                    alternative.collect_follows(after, follows);
                }
            }
            Node::Optional(inner) => inner.collect_follows(after, follows),
            Node::Repeat(inner) => {
                let mut again = inner.first_steps();
                again.extend(after.clone());
                inner.collect_follows(&again, follows);
            }
            Node::Rule(rule) => {
                follows
                    .entry(rule.name.clone())
                    .or_default()
                    .extend(after.clone());
                rule.body.collect_follows(after, follows);
            }
            _ => {}
        }
    }

    /// Adds every rule the expression calls outside predicates to `rules`, with its body.
    pub fn collect_rules<'a>(&'a self, rules: &mut BTreeMap<&'a str, Vec<&'a Node>>) {
        match self {
            Node::Seq(items) | Node::Choice(items) | Node::Fused(items) => {
                items.iter().for_each(|item| item.collect_rules(rules))
            }
            Node::Optional(inner) | Node::Repeat(inner) => inner.collect_rules(rules),
            Node::Rule(rule) => {
                rules.entry(&rule.name).or_default().push(&rule.body);
                rule.body.collect_rules(rules);
            }
            _ => {}
        }
    }

    /// Whether the expression can fail.
    pub fn can_fail(&self) -> bool {
        match self {
            Node::Literal(bytes) | Node::Insensitive(bytes) => !bytes.is_empty(),
            Node::SkipUntil(_) | Node::Optional(_) | Node::Repeat(_) => false,
            Node::Seq(items) => items.iter().any(Node::can_fail),
            Node::Choice(alternatives) => alternatives.iter().all(Node::can_fail),
            Node::Rule(rule) => rule.body.can_fail(),
            _ => true,
        }
    }

    /// Whether a failure leaves the position where it was: true of single steps, and of the
    /// choices whose last alternative fails in place (a choice restores the position after
    /// each other alternative; the last one's failure is its own, and fusing classes can
    /// leave a sequence last).
    pub fn fails_in_place(&self) -> bool {
        match self {
            Node::Seq(items) => match items.as_slice() {
                [] => true,
                [first, rest @ ..] => first.fails_in_place() && !rest.iter().any(Node::can_fail),
            },
            Node::Choice(alternatives) => alternatives.last().is_none_or(Node::fails_in_place),
            Node::Rule(rule) => rule.body.fails_in_place(),
            _ => true,
        }
    }

    /// The captures the expression can record, in ascending order.
    pub fn captures(&self) -> Vec<usize> {
        let mut found = Vec::new();
        self.collect_captures(&mut found);
        found.sort_unstable();
        found.dedup();
        found
    }

    fn collect_captures(&self, found: &mut Vec<usize>) {
        match self {
            Node::Seq(items) | Node::Choice(items) => {
                items.iter().for_each(|item| item.collect_captures(found))
            }
            Node::Optional(inner) | Node::Repeat(inner) => inner.collect_captures(found),
            Node::Rule(rule) => {
                found.extend(rule.capture);
                rule.body.collect_captures(found);
            }
            // Pest produces no pair inside a predicate, so nothing is captured there.
            _ => {}
        }
    }

    /// The captures every match of the expression records, in ascending order: a recognizer
    /// writes these on its way to any match, so it need not clear them first.
    pub fn always_captures(&self) -> Vec<usize> {
        let mut found = match self {
            Node::Seq(items) => items.iter().flat_map(Node::always_captures).collect(),
            // What every alternative records; a choice with none records nothing.
            Node::Choice(alternatives) => match alternatives.split_first() {
                Some((first, others)) => {
                    let mut common = first.always_captures();
                    for other in others {
                        let theirs = other.always_captures();
                        common.retain(|index| theirs.contains(index));
                    }
                    common
                }
                None => Vec::new(),
            },
            Node::Rule(rule) => {
                let mut found = rule.body.always_captures();
                found.extend(rule.capture);
                found
            }
            // An option or a repetition can match without its expression, a predicate
            // records nothing, and a fused choice is taken as recording nothing for sure.
            _ => Vec::new(),
        };
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Whether the expression can fail after recording a capture, which must then be undone
    /// by whatever tries something else. Choices, options and repetitions undo the captures of
    /// the alternatives they abandon, except a choice's last, whose failure is its own.
    pub fn fails_dirty(&self) -> bool {
        match self {
            Node::Seq(items) => items.iter().enumerate().any(|(i, item)| {
                item.fails_dirty()
                    || (!item.captures().is_empty() && items[i + 1..].iter().any(Node::can_fail))
            }),
            Node::Choice(alternatives) => alternatives.last().is_some_and(Node::fails_dirty),
            Node::Rule(rule) => rule.body.fails_dirty(),
            _ => false,
        }
    }
}

/// The steps that can come first: bytes that one step consumes alone, and literals of two
/// bytes or more, which a byte alone does not match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Steps {
    pub bytes: ByteSet,
    pub literals: Vec<Vec<u8>>,
}

impl Steps {
    pub fn extend(&mut self, other: Steps) {
        self.bytes = self.bytes.union(other.bytes);
        for literal in other.literals {
            if !self.literals.contains(&literal) {
                self.literals.push(literal);
            }
        }
    }
}
