//! Rust source from the intermediate form: straight-line code over `&[u8]` with one position.
//!
//! Every expression becomes statements that fall through when it matches and run a given
//! exit (`break 'label`) when it fails. Choices, options and repetitions are labeled blocks and
//! loops that restore the position, and the captures an abandoned alternative may have
//! recorded, before trying something else. Each entry rule is generated as a recognizer that
//! records captures and a failure finder that records, instead, the furthest position at which
//! a step failed outside predicates; with reports, as a failure report that also records the
//! rules around each step failing there; a prefix matcher gives the position its match ends
//! at.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::Error;
use super::ir::{ByteSet, Node, Steps};

/// Items every generated file defines, which an entry or a capture may not be called.
const GENERATED_NAMES: [&str; 19] = [
    "ENTRIES",
    "Entry",
    "Spans",
    "Failure",
    "Furthest",
    "Report",
    "RULES",
    "RULE_BYTES",
    "RuleBytes",
    "ByteBits",
    "matched",
    "matched_ignore_ascii_case",
    "class",
    "in_class",
    "skip_class",
    "at",
    "at_ignore_ascii_case",
    "after_char",
    "all",
];

/// Checks that a rule name can name a generated function, field and method.
pub fn check_identifier(name: &str) -> Result<(), Error> {
    let taken = GENERATED_NAMES.contains(&name)
        || name
            .strip_prefix("CLASS_")
            .is_some_and(|rest| rest.bytes().all(|b| b.is_ascii_digit()));
    if taken || matches!(name, "self" | "Self" | "super" | "crate" | "_") {
        return Err(Error::in_rule(
            name,
            "cannot name generated code: the name is taken",
        ));
    }
    Ok(())
}

/// The rule name as a Rust identifier (raw for a keyword: pest accepts `type` as a rule name).
fn ident(name: &str) -> String {
    const KEYWORDS: [&str; 48] = [
        "as", "break", "const", "continue", "else", "enum", "extern", "false", "fn", "for", "if",
        "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
        "static", "struct", "trait", "true", "type", "unsafe", "use", "where", "while", "async",
        "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override", "priv",
        "typeof", "unsized", "virtual", "yield", "try", "gen",
    ];
    if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_owned()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The recognizer: returns the captures.
    Recognize,
    /// The failure finder: records where steps failed.
    Failure,
    /// The failure report: records where steps failed, and the rules around them.
    Report,
    /// The prefix matcher: where a match at the start of the input ends (an entry without
    /// `EOI` matches the longest prefix PEG's greedy repetitions find).
    Prefix,
}

/// One step that either matches (and advances) or fails where it stands.
enum Test {
    Byte(u8),
    Ranges(Vec<(u8, u8)>),
    Table(usize),
    Literal(Vec<u8>),
    Insensitive(Vec<u8>),
    Char,
    Start,
    End,
}

impl Test {
    /// Where the test, failing at `pos`, failed: a literal at its first mismatching byte.
    fn failed_at(&self) -> String {
        match self {
            Test::Literal(bytes) => format!("pos + matched(input, pos, {})", bytes_literal(bytes)),
            Test::Insensitive(bytes) => format!(
                "pos + matched_ignore_ascii_case(input, pos, {})",
                bytes_literal(bytes)
            ),
            _ => "pos".to_owned(),
        }
    }

    fn holds(&self) -> String {
        match self {
            Test::Byte(byte) => format!("input.get(pos) == Some(&{})", byte_literal(*byte)),
            Test::Ranges(ranges) => {
                let patterns: Vec<String> = ranges
                    .iter()
                    .map(|&(first, last)| match first == last {
                        true => byte_literal(first),
                        false => format!("{}..={}", byte_literal(first), byte_literal(last)),
                    })
                    .collect();
                format!("matches!(input.get(pos), Some({}))", patterns.join(" | "))
            }
            Test::Table(index) => format!("in_class(&CLASS_{index}, input, pos)"),
            Test::Literal(bytes) => format!("at(input, pos, {})", bytes_literal(bytes)),
            Test::Insensitive(bytes) => {
                format!("at_ignore_ascii_case(input, pos, {})", bytes_literal(bytes))
            }
            Test::Char => "pos < input.len()".to_owned(),
            Test::Start => "pos == 0".to_owned(),
            Test::End => "pos == input.len()".to_owned(),
        }
    }

    fn fails(&self) -> String {
        match self {
            Test::Byte(byte) => format!("input.get(pos) != Some(&{})", byte_literal(*byte)),
            Test::Char => "pos >= input.len()".to_owned(),
            Test::Start => "pos != 0".to_owned(),
            Test::End => "pos != input.len()".to_owned(),
            _ => format!("!{}", self.holds()),
        }
    }

    /// The code that steps over every byte this test matches, from `pos` on: a byte class
    /// (the hot loop of an NSS or a component) as one pass over the slice, any other test
    /// one step at a time.
    fn repeat(&self) -> Option<String> {
        match self {
            Test::Table(index) => Some(format!("pos = skip_class(&CLASS_{index}, input, pos);")),
            test => Some(format!("while {} {{ {} }}", test.holds(), test.advance()?)),
        }
    }

    fn advance(&self) -> Option<String> {
        match self {
            Test::Byte(_) | Test::Ranges(_) | Test::Table(_) => Some("pos += 1;".to_owned()),
            Test::Literal(bytes) | Test::Insensitive(bytes) => {
                Some(format!("pos += {};", bytes.len()))
            }
            Test::Char => Some("pos = after_char(input, pos);".to_owned()),
            Test::Start | Test::End => None,
        }
    }
}

struct Writer<'a> {
    out: String,
    depth: usize,
    labels: usize,
    mode: Mode,
    captures: &'a [&'a str],
    tables: &'a mut Vec<ByteSet>,
    /// In the failure report: the index of each rule in `RULES`.
    rule_ids: &'a BTreeMap<String, usize>,
    /// In the failure report: the rules around the code being written, innermost last, each
    /// with where it started.
    open_rules: Vec<(usize, RuleStart)>,
    /// Whether any code written so far can have moved the position from 0, the start of the
    /// input.
    moved: bool,
}

/// Where a rule around the code being written started, in a failure report.
enum RuleStart {
    /// At the start of the input: it has consumed something wherever a step fails after it.
    Input,
    /// Where the step being written fails: it has consumed nothing there.
    Here,
    /// Where the variable says.
    At(String),
}

impl Writer<'_> {
    fn line(&mut self, text: &str) {
        // Every change of the position is written `pos += n`, `pos = ...` or `pos -= n`, and
        // code in a loop can run after it.
        self.moved |= ["pos +=", "pos =", "pos -=", "loop", "while"]
            .iter()
            .any(|moves| text.contains(moves));
        for _ in 0..self.depth {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn open(&mut self, text: &str) {
        self.line(text);
        self.depth += 1;
    }

    fn close(&mut self, text: &str) {
        self.depth -= 1;
        self.line(text);
    }

    fn label(&mut self, kind: &str) -> String {
        self.labels += 1;
        format!("'{kind}_{}", self.labels)
    }

    /// What a failing step runs: in the failure finder and the report, outside predicates,
    /// it first records the failure, in `rule`.
    fn on_fail(
        &mut self,
        exit: &str,
        rule: &str,
        in_lookahead: bool,
        step: Option<(&Test, &Node)>,
    ) -> String {
        match self.recording(rule, in_lookahead, step) {
            Some(record) => format!("{{ {record} {exit}; }}"),
            None => format!("{{ {exit}; }}"),
        }
    }

    /// The statement that records a step failing here (`step`, its test and its node, or a
    /// step at `pos`), or `None` where nothing is recorded: in the recognizer, and inside
    /// predicates.
    fn recording(
        &mut self,
        rule: &str,
        in_lookahead: bool,
        step: Option<(&Test, &Node)>,
    ) -> Option<String> {
        if in_lookahead {
            return None;
        }
        match self.mode {
            Mode::Recognize | Mode::Prefix => None,
            Mode::Failure => Some(format!("furthest.record(pos, {rule:?});")),
            Mode::Report => {
                let at = match step {
                    Some((test, _)) => test.failed_at(),
                    None => "pos".to_owned(),
                };
                let (innermost, _) = *self
                    .open_rules
                    .last()
                    .expect("the report names the entry rule around every step");
                let mut within = self
                    .open_rules
                    .iter()
                    .fold(0u64, |mask, (id, _)| mask | 1 << id);
                // The rules that started at the start of the input have consumed something
                // wherever a step fails past it; those that start where the step fails have
                // not. Only the others are compared at run time.
                let from_input = self
                    .open_rules
                    .iter()
                    .filter(|(_, start)| matches!(start, RuleStart::Input))
                    .fold(0u64, |mask, (id, _)| mask | 1 << id);
                // A one-byte step named by rules (a fused step, or rules around a class) fails
                // inside each of them too.
                let innermost = match step {
                    Some((_, node)) => {
                        let mut innermosts = 0;
                        self.step_rules(node, innermost, &mut innermosts, &mut within);
                        innermosts
                    }
                    None => 1 << innermost,
                };
                let open: Vec<String> = self
                    .open_rules
                    .iter()
                    .filter_map(|(id, start)| match start {
                        RuleStart::At(variable) => Some(format!("({id}, {variable})")),
                        RuleStart::Input | RuleStart::Here => None,
                    })
                    .collect();
                Some(format!(
                    "report.fail({at}, {innermost:#x}, {within:#x}, {from_input:#x}, &[{}]);",
                    open.join(", ")
                ))
            }
        }
    }

    /// Records, in the failure finder, a step that failed and ended a repetition or option.
    /// `(a* ~ b)*` with disjoint byte classes `a` and `b` (the hyphens and letters of a DNS
    /// label or a NID): each round matches a run of `a` and one `b`, and the repetition stops
    /// where a run of `a` is not followed by a `b`, giving that run back. So it ends after the
    /// last `b` of the longest run of `a | b`: one tight loop forward, and a step back over
    /// the trailing `a`s, instead of a round trip per byte. (The failure finder keeps the
    /// round trips, which record where each step failed.)
    ///
    /// In a failure report, the last round fails where the run ends, both steps at once (`a*`
    /// stopped there, and `b` failed there, after the `a`s or right after the previous `b`):
    /// both are recorded there, and every earlier failure is behind it.
    fn run_and_back_off(&mut self, inner: &Node, rule: &str, in_lookahead: bool) -> bool {
        let Node::Seq(items) = inner else {
            return false;
        };
        let [Node::Repeat(run), last_step] = items.as_slice() else {
            return false;
        };
        let Some(last) = self.one_byte(last_step) else {
            return false;
        };
        let Node::Class(before) = run.as_ref() else {
            return false;
        };
        if before.intersects(&last) {
            return false;
        }
        let Some(forward) = self
            .test(&Node::Class(before.union(last)))
            .and_then(|t| t.repeat())
        else {
            return false;
        };
        let Some(back) = self.test(&Node::Class(*before)) else {
            return false;
        };
        self.open("{");
        self.line("let run_start = pos;");
        self.line(&forward);
        if self.mode == Mode::Report {
            let run_step = Node::Class(*before);
            self.record(rule, in_lookahead, Some((&back, &run_step)));
            let last_test = self.test(&Node::Class(last)).expect("a class is one test");
            self.record(rule, in_lookahead, Some((&last_test, last_step)));
        }
        self.line(&format!(
            "while pos > run_start && {{ let pos = pos - 1; {} }} {{ pos -= 1; }}",
            back.holds()
        ));
        self.close("}");
        true
    }

    /// Adds the rules that a failing one-byte `step` names to `within`, and the innermost of
    /// them to `innermost`: for a fused step, those of each alternative, and for a step with
    /// no rule of its own, `around`, the rule it stands in.
    fn step_rules(&self, step: &Node, around: usize, innermost: &mut u64, within: &mut u64) {
        match step {
            Node::Rule(rule) => {
                let id = self.rule_ids[&rule.name];
                *within |= 1 << id;
                self.step_rules(&rule.body, id, innermost, within);
            }
            Node::Fused(alternatives) => {
                for alternative in alternatives {
                    self.step_rules(alternative, around, innermost, within);
                }
            }
            _ => *innermost |= 1 << around,
        }
    }

    /// The bytes of a step that consumes one byte: a class, or, in a failure report, a fused
    /// step or rules around one.
    fn one_byte(&self, node: &Node) -> Option<ByteSet> {
        match node {
            Node::Class(set) => Some(*set),
            Node::Fused(_) => Some(node.first()),
            Node::Rule(rule) if self.mode == Mode::Report => self.one_byte(&rule.body),
            _ => None,
        }
    }

    fn record(&mut self, rule: &str, in_lookahead: bool, step: Option<(&Test, &Node)>) {
        if let Some(record) = self.recording(rule, in_lookahead, step) {
            self.line(&record);
        }
    }

    fn test(&mut self, node: &Node) -> Option<Test> {
        let test = match node {
            // In a failure report, a fused step, or rules around one byte, is one test.
            Node::Fused(_) | Node::Rule(_) => {
                return self
                    .one_byte(node)
                    .and_then(|set| self.test(&Node::Class(set)));
            }
            Node::Class(set) => {
                let ranges = set.ranges();
                if set.len() == 1 {
                    Test::Byte(ranges[0].0)
                } else if !ranges.is_empty() && ranges.len() <= 3 {
                    Test::Ranges(ranges)
                } else {
                    Test::Table(set.table_index(self.tables))
                }
            }
            Node::Literal(bytes) if !bytes.is_empty() => Test::Literal(bytes.clone()),
            Node::Insensitive(bytes) if !bytes.is_empty() => Test::Insensitive(bytes.clone()),
            Node::Any => Test::Char,
            Node::Start => Test::Start,
            Node::End => Test::End,
            _ => return None,
        };
        Some(test)
    }

    /// The statements of `node`: they fall through when it matches and run `exit` when it
    /// fails. `rule` is the innermost rule that pest produces a pair for.
    fn node(&mut self, node: &Node, exit: &str, rule: &str, in_lookahead: bool) {
        if let Some(test) = self.test(node) {
            let on_fail = self.on_fail(exit, rule, in_lookahead, Some((&test, node)));
            self.line(&format!("if {} {on_fail}", test.fails()));
            if let Some(advance) = test.advance() {
                self.line(&advance);
            }
            return;
        }
        match node {
            Node::Literal(_) | Node::Insensitive(_) => {} // empty: matches here
            Node::SkipUntil(strings) => {
                let stops: Vec<String> = strings
                    .iter()
                    .map(|s| format!("at(input, pos, {})", bytes_literal(s)))
                    .collect();
                self.open(&format!(
                    "while pos < input.len() && !({}) {{",
                    stops.join(" || ")
                ));
                self.line("pos = after_char(input, pos);");
                self.close("}");
                // What `(!(...) ~ ANY)*` stopped at: the predicate or `ANY` failed here.
                self.record(rule, in_lookahead, None);
            }
            Node::Seq(items) => {
                for item in items {
                    self.node(item, exit, rule, in_lookahead);
                }
            }
            Node::Choice(alternatives) => self.choice(alternatives, exit, rule, in_lookahead),
            Node::Optional(inner) => self.optional(inner, rule, in_lookahead),
            Node::Repeat(inner) => self.repeat(inner, rule, in_lookahead),
            Node::PositiveLookahead(inner) => self.lookahead(inner, true, exit, rule, in_lookahead),
            Node::NegativeLookahead(inner) => {
                self.lookahead(inner, false, exit, rule, in_lookahead)
            }
            Node::Rule(inner) => {
                self.line(&format!("// {}", inner.source));
                let capture = match (self.mode, inner.capture) {
                    (Mode::Recognize, Some(index)) => Some(ident(self.captures[index])),
                    _ => None,
                };
                if capture.is_some() {
                    self.open("{");
                    self.line("let rule_start = pos;");
                }
                let reported = self.mode == Mode::Report && !in_lookahead;
                if reported {
                    let start = if self.moved {
                        self.labels += 1;
                        let variable = format!("rule_start_{}", self.labels);
                        self.line(&format!("let {variable} = pos;"));
                        RuleStart::At(variable)
                    } else {
                        RuleStart::Input
                    };
                    self.open_rules.push((self.rule_ids[&inner.name], start));
                }
                self.node(&inner.body, exit, &inner.name, in_lookahead);
                if reported {
                    self.open_rules.pop();
                }
                if let Some(field) = capture {
                    self.line(&format!("spans.{field} = Some((rule_start, pos));"));
                    self.close("}");
                }
            }
            Node::Class(_) | Node::Fused(_) | Node::Any | Node::Start | Node::End => {
                unreachable!("single steps are tests")
            }
        }
    }

    /// The captures to save before trying `alternatives`, and restore when one of them fails
    /// after recording some.
    fn saved_captures<'n>(&self, alternatives: impl Iterator<Item = &'n Node>) -> Vec<String> {
        if self.mode != Mode::Recognize {
            return Vec::new();
        }
        let indices: BTreeSet<usize> = alternatives
            .filter(|alternative| alternative.fails_dirty())
            .flat_map(Node::captures)
            .collect();
        indices
            .into_iter()
            .map(|i| ident(self.captures[i]))
            .collect()
    }

    fn save(&mut self, fields: &[String]) {
        for field in fields {
            self.line(&format!(
                "let saved_{} = spans.{field};",
                field.trim_start_matches("r#")
            ));
        }
    }

    /// Undoes the captures `alternative` may have recorded before failing.
    fn restore(&mut self, alternative: &Node) {
        if self.mode != Mode::Recognize || !alternative.fails_dirty() {
            return;
        }
        for index in alternative.captures() {
            let field = ident(self.captures[index]);
            self.line(&format!(
                "spans.{field} = saved_{};",
                field.trim_start_matches("r#")
            ));
        }
    }

    /// Tries `alternative`; when it matches, runs `on_match` (a jump out). When it fails,
    /// falls through with the position and captures restored.
    fn attempt(&mut self, alternative: &Node, on_match: &str, rule: &str, in_lookahead: bool) {
        if let Some(test) = self.test(alternative) {
            self.open(&format!("if {} {{", test.holds()));
            if let Some(advance) = test.advance() {
                self.line(&advance);
            }
            self.line(&format!("{on_match};"));
            self.close("}");
            self.record(rule, in_lookahead, Some((&test, alternative)));
            return;
        }
        let label = self.label("attempt");
        self.open(&format!("{label}: {{"));
        self.node(alternative, &format!("break {label}"), rule, in_lookahead);
        self.line(&format!("{on_match};"));
        self.close("}");
        if !alternative.fails_in_place() {
            self.line("pos = start;");
        }
        self.restore(alternative);
    }

    fn choice(&mut self, alternatives: &[Node], exit: &str, rule: &str, in_lookahead: bool) {
        let (last, others) = alternatives
            .split_last()
            .expect("a choice has alternatives");
        let label = self.label("choice");
        self.open(&format!("{label}: {{"));
        if others
            .iter()
            .any(|alternative| !alternative.fails_in_place())
        {
            self.line("let start = pos;");
        }
        let saved = self.saved_captures(others.iter());
        self.save(&saved);
        for alternative in others {
            self.attempt(alternative, &format!("break {label}"), rule, in_lookahead);
        }
        // The last alternative's failure is the choice's.
        self.node(last, exit, rule, in_lookahead);
        self.close("}");
    }

    fn optional(&mut self, inner: &Node, rule: &str, in_lookahead: bool) {
        if let Some(test) = self.test(inner) {
            let record = self.recording(rule, in_lookahead, Some((&test, inner)));
            match (test.advance(), record) {
                (Some(advance), Some(record)) => {
                    self.line(&format!("if {} {{ {advance} }} else {{", test.holds()));
                    self.line(&format!("    {record}"));
                    self.line("}");
                }
                (Some(advance), None) => self.line(&format!("if {} {{ {advance} }}", test.holds())),
                (None, Some(record)) => self.line(&format!("if {} {{ {record} }}", test.fails())),
                (None, None) => {}
            }
            return;
        }
        let label = self.label("optional");
        self.open(&format!("{label}: {{"));
        if !inner.fails_in_place() {
            self.line("let start = pos;");
        }
        let saved = self.saved_captures(std::iter::once(inner));
        self.save(&saved);
        self.attempt(inner, &format!("break {label}"), rule, in_lookahead);
        self.close("}");
    }

    fn repeat(&mut self, inner: &Node, rule: &str, in_lookahead: bool) {
        if matches!(self.mode, Mode::Recognize | Mode::Report | Mode::Prefix)
            && self.run_and_back_off(inner, rule, in_lookahead)
        {
            return;
        }
        if let Some(test) = self.test(inner) {
            let skip = test.repeat().expect("a repeated step consumes");
            self.line(&skip);
            self.record(rule, in_lookahead, Some((&test, inner)));
            return;
        }
        // A repeated choice tries its alternatives in the loop itself.
        let alternatives = match inner {
            Node::Choice(alternatives) => alternatives.as_slice(),
            inner => std::slice::from_ref(inner),
        };
        let label = self.label("repeat");
        self.open(&format!("{label}: loop {{"));
        let mut alternatives = alternatives;
        // A first alternative of one step runs in a tight loop of its own: each iteration it
        // matches would have tried it first, and gone round again.
        if let Some((first, others)) = alternatives.split_first()
            && let Some(test) = self.test(first)
            && let Some(skip) = test.repeat()
        {
            self.line(&skip);
            self.record(rule, in_lookahead, Some((&test, first)));
            alternatives = others;
        }
        // So does, in a failure report, the first step of a first alternative that is a rule
        // (`pchar`'s fused classes, in an NSS), inside that rule; what is left of the rule stays
        // the first alternative.
        let with_rest: Vec<Node>;
        if self.mode == Mode::Report
            && let Some((Node::Rule(first), others)) = alternatives.split_first()
            && let Node::Choice(choice) = &first.body
            && let Some((step, rest)) = choice.split_first()
            && let Some(test) = self.test(step)
            && let Some(skip) = test.repeat()
        {
            self.line(&skip);
            // The rule starts where the step failed: it has consumed nothing.
            let id = self.rule_ids[&first.name];
            self.open_rules.push((id, RuleStart::Here));
            self.record(rule, in_lookahead, Some((&test, step)));
            self.open_rules.pop();
            let mut rest_rule = (**first).clone();
            rest_rule.body = match rest {
                [only] => only.clone(),
                rest => Node::Choice(rest.to_vec()),
            };
            with_rest = std::iter::once(Node::Rule(Box::new(rest_rule)))
                .chain(others.iter().cloned())
                .collect();
            alternatives = &with_rest;
        }
        if alternatives
            .iter()
            .any(|alternative| !alternative.fails_in_place())
        {
            self.line("let start = pos;");
        }
        let saved = self.saved_captures(alternatives.iter());
        self.save(&saved);
        for alternative in alternatives {
            self.attempt(
                alternative,
                &format!("continue {label}"),
                rule,
                in_lookahead,
            );
        }
        self.line(&format!("break {label};"));
        self.close("}");
    }

    fn lookahead(
        &mut self,
        inner: &Node,
        positive: bool,
        exit: &str,
        rule: &str,
        in_lookahead: bool,
    ) {
        let on_fail = self.on_fail(exit, rule, in_lookahead, None);
        if let Some(test) = self.test(inner) {
            let condition = if positive { test.fails() } else { test.holds() };
            self.line(&format!("if {condition} {on_fail}"));
            return;
        }
        let label = self.label("lookahead");
        let attempt = self.label("attempt");
        self.open(&format!("let found = {label}: {{"));
        self.line("let mut pos = pos;");
        self.open(&format!("{attempt}: {{"));
        self.node(inner, &format!("break {attempt}"), rule, true);
        self.line(&format!("break {label} true;"));
        self.close("}");
        self.line("false");
        self.close("};");
        let condition = if positive { "!found" } else { "found" };
        self.line(&format!("if {condition} {on_fail}"));
    }
}

/// The Rust source of the recognizers of `entries` (each an entry rule's name and its
/// expression), reporting the spans of `captures`; for each of `reports` (an entry rule and its
/// expression with every rule named), its failure report; and for each of `prefixes` (a rule
/// and its expression), its prefix matcher.
pub fn generate(
    file: &str,
    entries: &[(&str, Node)],
    captures: &[&str],
    reports: &[(&str, Node)],
    prefixes: &[(&str, Node)],
) -> String {
    let mut out = String::new();
    let list = |names: &[&str]| {
        names
            .iter()
            .map(|name| format!("`{name}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    writeln!(
        out,
        "// Recognizers generated from `{file}` by the grammar compiler of build/peg/, run by\n\
         // build.rs. Do not edit: change the grammar.\n\
         //\n\
         // Entry rules: {}.\n\
         // Captured rules: {}.\n",
        list(&entries.iter().map(|(name, _)| *name).collect::<Vec<_>>()),
        if captures.is_empty() {
            "none".to_owned()
        } else {
            list(captures)
        },
    )
    .unwrap();

    spans(&mut out, captures);
    failure(&mut out);

    let mut tables = Vec::new();
    let rule_ids = report_rules(&mut out, reports);
    let entries_modes = entries
        .iter()
        .flat_map(|entry| [(entry, Mode::Recognize), (entry, Mode::Failure)]);
    let report_modes = reports.iter().map(|report| (report, Mode::Report));
    let prefix_modes = prefixes.iter().map(|prefix| (prefix, Mode::Prefix));
    for ((name, node), mode) in entries_modes.chain(report_modes).chain(prefix_modes) {
        let mut writer = Writer {
            out: String::new(),
            depth: 2,
            labels: 0,
            mode,
            captures,
            tables: &mut tables,
            rule_ids: &rule_ids,
            open_rules: Vec::new(),
            moved: false,
        };
        writer.node(node, "break 'reject", name, false);
        let body = writer.out;
        if mode == Mode::Report {
            let mut rules = BTreeMap::new();
            node.collect_rules(&mut rules);
            let mask = rules
                .keys()
                .fold(0u64, |mask, rule| mask | 1 << rule_ids[*rule]);
            report_entry(&mut out, name, mask, &body);
        } else {
            entry(&mut out, name, mode, &body);
        }
    }
    let table: Vec<String> = entries
        .iter()
        .map(|(name, _)| {
            format!(
                "    Entry {{ rule: {name:?}, recognize: {}, failure: {name}_failure }},\n",
                ident(name)
            )
        })
        .collect();
    writeln!(
        out,
        "/// An entry rule: its name, its recognizer and its failure finder.\n\
         #[allow(dead_code)] // for tests\n\
         pub(crate) struct Entry {{\n    \
         pub(crate) rule: &'static str,\n    \
         pub(crate) recognize: fn(&[u8]) -> Option<Spans>,\n    \
         pub(crate) failure: fn(&[u8]) -> Failure,\n\
         }}\n\n\
         /// Every entry rule.\n\
         #[allow(dead_code)] // for tests\n\
         pub(crate) const ENTRIES: [Entry; {}] = [\n{}];\n",
        entries.len(),
        table.concat()
    )
    .unwrap();
    support(&mut out, &tables);
    out
}

fn spans(out: &mut String, captures: &[&str]) {
    out.push_str(
        "/// The spans of the captured rules in a recognized input: for each, the last pair the\n\
         /// pest-derived parser would produce, as a byte range.\n\
         #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]\n\
         #[allow(non_snake_case)]\n\
         pub(crate) struct Spans {\n",
    );
    for capture in captures {
        writeln!(out, "    {}: Option<(usize, usize)>,", ident(capture)).unwrap();
    }
    out.push_str("}\n\n#[allow(non_snake_case)]\nimpl Spans {\n");
    for capture in captures {
        writeln!(
            out,
            "    /// The span of the last `{capture}`.\n    \
             pub(crate) fn {0}(&self) -> Option<core::ops::Range<usize>> {{\n        \
             self.{0}.map(|(start, end)| start..end)\n    }}\n",
            ident(capture)
        )
        .unwrap();
    }
    let all: Vec<String> = captures
        .iter()
        .map(|capture| format!("({capture:?}, self.{}())", ident(capture)))
        .collect();
    writeln!(
        out,
        "    /// Every captured rule, by name, with its span.\n    \
         #[allow(dead_code)] // for tests\n    \
         pub(crate) fn all(&self) -> [(&'static str, Option<core::ops::Range<usize>>); {}] {{\n        \
         [{}]\n    }}\n}}\n",
        captures.len(),
        all.join(", ")
    )
    .unwrap();
}

fn failure(out: &mut String) {
    out.push_str(
        "/// Where a rejected input failed: the furthest byte at which a step of the grammar\n\
         /// failed outside predicates, and the innermost rule around the first step that\n\
         /// failed there for which pest would produce a pair (the entry rule if none).\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq)]\n\
         pub(crate) struct Failure {\n    \
         pub(crate) index: usize,\n    \
         pub(crate) rule: &'static str,\n\
         }\n\n\
         /// The furthest failure seen so far.\n\
         struct Furthest {\n    \
         failure: Failure,\n    \
         seen: bool,\n\
         }\n\n\
         impl Furthest {\n    \
         fn new(entry: &'static str) -> Self {\n        \
         Furthest { failure: Failure { index: 0, rule: entry }, seen: false }\n    \
         }\n\n    \
         #[inline]\n    \
         fn record(&mut self, index: usize, rule: &'static str) {\n        \
         if !self.seen || index > self.failure.index {\n            \
         self.failure = Failure { index, rule };\n            \
         self.seen = true;\n        \
         }\n    \
         }\n\
         }\n\n",
    );
}

/// Lints that straight-line generated code trips by construction.
const ALLOWS: &str = "#[allow(non_snake_case, unused_mut, unused_assignments, unused_labels, \
                      unreachable_code)]";

fn entry(out: &mut String, name: &str, mode: Mode, body: &str) {
    let function = ident(name);
    match mode {
        Mode::Recognize => {
            writeln!(
                out,
                "/// Recognizes `{name}` at the start of `input` (UTF-8): the spans of the captured\n\
                 /// rules when it matches, `None` otherwise.\n\
                 ///\n\
                 /// Always inlined, so that the spans stay in registers rather than pass through\n\
                 /// memory: the parse and the validity check each call it, and a function this\n\
                 /// size is inlined by the optimizer on its own only where it has one caller.\n\
                 #[inline(always)]\n\
                 {ALLOWS}\n\
                 pub(crate) fn {function}(input: &[u8]) -> Option<Spans> {{\n    \
                 let mut spans = Spans::default();\n    \
                 let mut pos = 0;\n    \
                 'reject: {{\n\
                 {body}        \
                 return Some(spans);\n    \
                 }}\n    \
                 None\n\
                 }}\n"
            )
            .unwrap();
        }
        Mode::Failure => {
            writeln!(
                out,
                "/// Where `{name}` failed on `input`, which [`{function}`] rejected.\n\
                 {ALLOWS}\n\
                 pub(crate) fn {name}_failure(input: &[u8]) -> Failure {{\n    \
                 let mut furthest = Furthest::new({name:?});\n    \
                 let mut pos = 0;\n    \
                 'reject: {{\n\
                 {body}    \
                 }}\n    \
                 furthest.failure\n\
                 }}\n"
            )
            .unwrap();
        }
        Mode::Prefix => {
            writeln!(
                out,
                "/// Where the match of `{name}` at the start of `input` (UTF-8) ends, if it \
                 matches.\n\
                 #[inline]\n\
                 {ALLOWS}\n\
                 pub(crate) fn {name}_prefix(input: &[u8]) -> Option<usize> {{\n    \
                 let mut pos = 0;\n    \
                 'reject: {{\n\
                 {body}        \
                 return Some(pos);\n    \
                 }}\n    \
                 None\n\
                 }}\n"
            )
            .unwrap();
        }
        Mode::Report => unreachable!("a failure report is written by `report_entry`"),
    }
}

/// The most rules a failure report tells apart: one bit each in a `u64`, which the two
/// grammars with reports (36 and 31 rules) leave room in, and which halves the work of
/// recording a failure against a `u128`.
pub const MAX_REPORTED_RULES: usize = 64;

/// Writes what the failure reports share: the report type, the table of the rules they name
/// (`RULES`) and what the grammar says of each rule's bytes (`RULE_BYTES`); returns the index
/// of each rule. Writes nothing without reports.
fn report_rules(out: &mut String, reports: &[(&str, Node)]) -> BTreeMap<String, usize> {
    let mut bodies = BTreeMap::new();
    let mut follows = BTreeMap::new();
    for (_, node) in reports {
        node.collect_rules(&mut bodies);
        node.collect_follows(&Steps::default(), &mut follows);
    }
    if bodies.is_empty() {
        return BTreeMap::new();
    }
    // The types are not generated: they are those of src/compiled/report.rs, which the module
    // that includes this file has beside it as `report`.
    out.push_str("use super::report::{ByteBits, Report, RuleBytes};\n\n");
    let names: Vec<String> = bodies.keys().map(|name| format!("{name:?}")).collect();
    writeln!(
        out,
        "/// The rules the failure reports name: bit `i` of a mask is `RULES[i]`.\n\
         pub(crate) const RULES: [&str; {}] = [{}];\n",
        names.len(),
        names.join(", ")
    )
    .unwrap();
    writeln!(
        out,
        "/// What the grammar says of the bytes of each rule of `RULES`.\n\
         #[allow(dead_code)] // for an explanation that asks (urn.pest's does, tag.pest's not)\n\
         pub(crate) static RULE_BYTES: [RuleBytes; {}] = [",
        bodies.len()
    )
    .unwrap();
    let union = |bodies: &[&Node], of: fn(&Node) -> ByteSet| {
        bodies
            .iter()
            .fold(ByteSet::default(), |set, body| set.union(of(body)))
    };
    for (name, bodies) in &bodies {
        let follow = follows.get(*name).cloned().unwrap_or_default();
        let literals: Vec<String> = follow.literals.iter().map(|l| bytes_literal(l)).collect();
        writeln!(
            out,
            "    // {name}\n    \
             RuleBytes {{\n        \
             first: {},\n        \
             alphabet: {},\n        \
             last: {},\n        \
             follow: {},\n        \
             follow_literals: &[{}],\n    \
             }},",
            byte_bits(union(bodies, Node::first)),
            byte_bits(union(bodies, Node::alphabet)),
            byte_bits(union(bodies, Node::last)),
            byte_bits(follow.bytes),
            literals.join(", ")
        )
        .unwrap();
    }
    out.push_str("];\n\n");
    bodies
        .keys()
        .enumerate()
        .map(|(id, name)| ((*name).to_owned(), id))
        .collect()
}

/// A byte set as a `ByteBits` expression, its members in a comment.
fn byte_bits(set: ByteSet) -> String {
    let words: Vec<String> = set.words().iter().map(|w| format!("{w:#x}")).collect();
    format!("ByteBits([{}]) /* {} */", words.join(", "), set.describe())
}

fn report_entry(out: &mut String, name: &str, rules: u64, body: &str) {
    writeln!(
        out,
        "/// Why `{name}` rejected `input`, which [`{function}`] rejected. Called only on\n\
         /// rejection: the recognizer stays as it is.\n\
         {ALLOWS}\n\
         #[allow(unused_variables)]\n\
         pub(crate) fn {name}_report(input: &[u8]) -> Report {{\n    \
         let mut report = Report::new({rules:#x});\n    \
         let mut pos = 0;\n    \
         'reject: {{\n\
         {body}    \
         }}\n    \
         report\n\
         }}\n",
        function = ident(name)
    )
    .unwrap();
}

/// Imports the fixed functions the file uses from `super::support` (src/compiled/support.rs,
/// which each module that includes a generated file has beside it), and writes its byte
/// classes as tables.
fn support(out: &mut String, tables: &[ByteSet]) {
    // What the code written above calls: a step's test may have been written only as a loop
    // (`skip_class`), never as one test (`in_class`).
    let calls = |name: &str| {
        let call = format!("{name}(");
        out.match_indices(&call).any(|(at, _)| {
            !out[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    };
    let mut names: Vec<&str> = [
        "in_class",
        "skip_class",
        "at",
        "at_ignore_ascii_case",
        "matched",
        "matched_ignore_ascii_case",
        "after_char",
    ]
    .into_iter()
    .filter(|name| calls(name))
    .collect();
    if !tables.is_empty() {
        names.insert(0, "class");
    }
    if !names.is_empty() {
        writeln!(out, "use super::support::{{{}}};\n", names.join(", ")).unwrap();
    }
    for (index, table) in tables.iter().enumerate() {
        let ranges: Vec<String> = table
            .ranges()
            .iter()
            .map(|&(first, last)| format!("({}, {})", byte_literal(first), byte_literal(last)))
            .collect();
        writeln!(
            out,
            "/// {}\nstatic CLASS_{index}: [bool; 256] = class(&[{}]);\n",
            table.describe(),
            ranges.join(", ")
        )
        .unwrap();
    }
}

fn byte_literal(byte: u8) -> String {
    match byte {
        b'\'' => "b'\\''".to_owned(),
        b'\\' => "b'\\\\'".to_owned(),
        b' '..=b'~' => format!("b'{}'", char::from(byte)),
        b'\n' => "b'\\n'".to_owned(),
        b'\r' => "b'\\r'".to_owned(),
        b'\t' => "b'\\t'".to_owned(),
        _ => format!("b'\\x{byte:02x}'"),
    }
}

fn bytes_literal(bytes: &[u8]) -> String {
    let mut text = String::from("b\"");
    for &byte in bytes {
        match byte {
            b'"' => text.push_str("\\\""),
            b'\\' => text.push_str("\\\\"),
            b' '..=b'~' => text.push(char::from(byte)),
            b'\n' => text.push_str("\\n"),
            b'\r' => text.push_str("\\r"),
            b'\t' => text.push_str("\\t"),
            _ => write!(text, "\\x{byte:02x}").unwrap(),
        }
    }
    text.push('"');
    text
}
