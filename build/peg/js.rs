//! The JavaScript back end: the recognizers of a grammar's entry rules as an ES module, for
//! the npm package, which decides in JavaScript what the grammar decides, without crossing
//! into WebAssembly.
//!
//! The code is that of [`codegen`](super::codegen)'s recognizers, written in JavaScript from the
//! same simplified form: labeled blocks and loops that fall through when an expression matches
//! and break out when it fails, the position and the captures restored when an alternative is
//! given up. Each recognizer reads a string's UTF-16 code units where the Rust reads UTF-8
//! bytes; the two agree because the grammars it compiles are ASCII (a class, a literal or a
//! case-insensitive string beyond ASCII, `ANY` and the skips that read any character stop it
//! with an error). A code unit beyond ASCII then fails every step, as each byte of its UTF-8
//! does, and an accepted input is ASCII, where code units and bytes stand at the same
//! positions.
//!
//! The npm package's tests hold what it writes to the library's recognizers, on the grammars it
//! compiles (urn.pest and tag.pest). What those grammars do not use, and no test would see
//! written, stops it too: a predicate over more than one step.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::Error;
use super::ir::{ByteSet, Node};

/// Names the generated module defines, which an entry may not take.
const GENERATED_NAMES: [&str; 3] = ["CAPTURES", "PATTERNS", "classTable"];

/// The words JavaScript reserves, which no function may be called.
const RESERVED: &str = "await break case catch class const continue debugger default delete do else \
     enum export extends false finally for function if implements import in \
     instanceof interface let new null package private protected public return \
     static super switch this throw true try typeof var void while with yield";

/// Checks that an entry rule's name can name the generated function.
pub fn check_entry_name(name: &str) -> Result<(), Error> {
    let table = name
        .strip_prefix("CLASS_")
        .is_some_and(|rest| rest.bytes().all(|b| b.is_ascii_digit()));
    if table || GENERATED_NAMES.contains(&name) || RESERVED.split(' ').any(|word| word == name) {
        return Err(Error::in_rule(
            name,
            "cannot name a JavaScript function: the name is taken",
        ));
    }
    Ok(())
}

/// Checks that the expression reads only ASCII, as code units and bytes alike, and holds no
/// predicate over more than one step.
pub fn check_supported(entry: &str, node: &Node) -> Result<(), Error> {
    let refuse = |what: &str| {
        Err(Error::in_rule(
            entry,
            format!(
                "{what}: the JavaScript back end reads UTF-16 code units, which match the \
                 grammar's UTF-8 bytes only in ASCII"
            ),
        ))
    };
    let ascii = ByteSet::range(0, 0x7f);
    match node {
        Node::Class(set) if set.union(ascii) != ascii => refuse("a class beyond ASCII"),
        Node::Literal(bytes) | Node::Insensitive(bytes) if !bytes.is_ascii() => {
            refuse("a string beyond ASCII")
        }
        Node::Any => refuse("`ANY`"),
        Node::SkipUntil(_) => refuse("a skip over any character"),
        Node::PositiveLookahead(inner) | Node::NegativeLookahead(inner)
            if !matches!(
                **inner,
                Node::Class(_) | Node::Literal(_) | Node::Insensitive(_) | Node::Start | Node::End
            ) =>
        {
            Err(Error::in_rule(
                entry,
                "a predicate over more than one step: the JavaScript back end writes only what \
                 the npm package's tests verify",
            ))
        }
        Node::Seq(items) | Node::Choice(items) | Node::Fused(items) => items
            .iter()
            .try_for_each(|item| check_supported(entry, item)),
        Node::Optional(inner)
        | Node::Repeat(inner)
        | Node::PositiveLookahead(inner)
        | Node::NegativeLookahead(inner) => check_supported(entry, inner),
        Node::Rule(rule) => check_supported(entry, &rule.body),
        _ => Ok(()),
    }
}

/// One step that either matches (and advances) or fails where it stands.
enum Test {
    Unit(u8),
    Ranges(Vec<(u8, u8)>),
    Table(usize),
    Literal(Vec<u8>),
    Insensitive(Vec<u8>),
    Start,
    End,
}

impl Test {
    /// The condition, in parentheses, that the test holds at `at`, a position: an index beyond the input
    /// fails every step (`charCodeAt` would give `NaN`, which compares false, but is
    /// checked first, so that the engine never reads out of bounds).
    fn holds(&self, at: &str) -> String {
        let unit = |offset: usize| match offset {
            0 => format!("input.charCodeAt({at})"),
            _ => format!("input.charCodeAt({at} + {offset})"),
        };
        match self {
            Test::Unit(byte) => format!("({at} < n && {} === {})", unit(0), hex(*byte)),
            Test::Ranges(ranges) => {
                let each: Vec<String> = ranges
                    .iter()
                    .map(|&(first, last)| match first == last {
                        true => format!("c === {}", hex(first)),
                        false => format!("(c >= {} && c <= {})", hex(first), hex(last)),
                    })
                    .collect();
                format!("({at} < n && ((c = {}), {}))", unit(0), each.join(" || "))
            }
            Test::Table(index) => {
                format!(
                    "({at} < n && (c = {}) < 0x80 && CLASS_{index}[c] === 1)",
                    unit(0)
                )
            }
            Test::Literal(bytes) | Test::Insensitive(bytes) => {
                let insensitive = matches!(self, Test::Insensitive(_));
                let each: Vec<String> = bytes
                    .iter()
                    .enumerate()
                    .map(|(offset, &byte)| {
                        if insensitive && byte.is_ascii_alphabetic() {
                            format!("({} | 0x20) === {}", unit(offset), hex(byte | 0x20))
                        } else {
                            format!("{} === {}", unit(offset), hex(byte))
                        }
                    })
                    .collect();
                format!("({at} + {} <= n && {})", bytes.len(), each.join(" && "))
            }
            Test::Start => format!("({at} === 0)"),
            Test::End => format!("({at} === n)"),
        }
    }

    fn fails(&self, at: &str) -> String {
        format!("!{}", self.holds(at))
    }

    fn advance(&self) -> Option<String> {
        match self {
            Test::Unit(_) | Test::Ranges(_) | Test::Table(_) => Some("pos += 1;".to_owned()),
            Test::Literal(bytes) | Test::Insensitive(bytes) => {
                Some(format!("pos += {};", bytes.len()))
            }
            Test::Start | Test::End => None,
        }
    }

    /// The loop that steps over every code unit this test matches, from `pos` on.
    fn repeat(&self) -> Option<String> {
        Some(format!("while ({}) {}", self.holds("pos"), self.advance()?))
    }
}

fn hex(byte: u8) -> String {
    format!("0x{byte:02x}")
}

struct Writer<'a> {
    out: String,
    depth: usize,
    /// A counter that makes each label and variable name unique in its function (JavaScript,
    /// unlike Rust, does not let a `const` shadow another of its block).
    names: usize,
    tables: &'a mut Vec<ByteSet>,
}

impl Writer<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
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

    fn name(&mut self, kind: &str) -> String {
        self.names += 1;
        format!("{kind}_{}", self.names)
    }

    fn test(&mut self, node: &Node) -> Option<Test> {
        let test = match node {
            Node::Class(set) => {
                let ranges = set.ranges();
                if set.len() == 1 {
                    Test::Unit(ranges[0].0)
                } else if !ranges.is_empty() && ranges.len() <= 3 {
                    Test::Ranges(ranges)
                } else {
                    Test::Table(set.table_index(self.tables))
                }
            }
            Node::Literal(bytes) if !bytes.is_empty() => Test::Literal(bytes.clone()),
            Node::Insensitive(bytes) if !bytes.is_empty() => Test::Insensitive(bytes.clone()),
            Node::Start => Test::Start,
            Node::End => Test::End,
            _ => return None,
        };
        Some(test)
    }

    /// The statements of `node`: they fall through when it matches and run `exit` (a
    /// `break`) when it fails.
    fn node(&mut self, node: &Node, exit: &str) {
        if let Some(test) = self.test(node) {
            self.line(&format!("if ({}) {exit};", test.fails("pos")));
            if let Some(advance) = test.advance() {
                self.line(&advance);
            }
            return;
        }
        match node {
            Node::Literal(_) | Node::Insensitive(_) => {} // empty: matches here
            Node::Seq(items) => {
                for item in items {
                    self.node(item, exit);
                }
            }
            Node::Choice(alternatives) => self.choice(alternatives, exit),
            Node::Optional(inner) => self.optional(inner),
            Node::Repeat(inner) => self.repeat(inner),
            Node::PositiveLookahead(inner) => self.lookahead(inner, true, exit),
            Node::NegativeLookahead(inner) => self.lookahead(inner, false, exit),
            Node::Rule(rule) => {
                self.line(&format!("// {}", rule.source));
                match rule.capture {
                    Some(index) => {
                        let start = self.name("rule_start");
                        self.open("{");
                        self.line(&format!("const {start} = pos;"));
                        self.node(&rule.body, exit);
                        self.line(&format!(
                            "spans[{}] = {start}; spans[{}] = pos;",
                            2 * index,
                            2 * index + 1
                        ));
                        self.close("}");
                    }
                    None => self.node(&rule.body, exit),
                }
            }
            Node::Class(_) | Node::Start | Node::End => unreachable!("single steps are tests"),
            Node::Fused(_) | Node::Any | Node::SkipUntil(_) => {
                unreachable!("no recognizer has these (check_supported refuses ANY and skips)")
            }
        }
    }

    /// The captures to save before trying `alternatives`, and to restore when one of them
    /// fails after recording some: their names, by capture index.
    fn save<'n>(&mut self, alternatives: impl Iterator<Item = &'n Node>) -> Vec<(usize, String)> {
        let indices: BTreeSet<usize> = alternatives
            .filter(|alternative| alternative.fails_dirty())
            .flat_map(Node::captures)
            .collect();
        let saved: Vec<(usize, String)> = indices
            .into_iter()
            .map(|index| (index, self.name("saved")))
            .collect();
        for (index, name) in &saved {
            self.line(&format!(
                "const {name}_start = spans[{}], {name}_end = spans[{}];",
                2 * index,
                2 * index + 1
            ));
        }
        saved
    }

    /// Undoes the captures `alternative` may have recorded before failing.
    fn restore(&mut self, alternative: &Node, saved: &[(usize, String)]) {
        if !alternative.fails_dirty() {
            return;
        }
        for index in alternative.captures() {
            let (_, name) = saved
                .iter()
                .find(|(saved, _)| *saved == index)
                .expect("every capture of an alternative that fails dirty is saved");
            self.line(&format!(
                "spans[{}] = {name}_start; spans[{}] = {name}_end;",
                2 * index,
                2 * index + 1
            ));
        }
    }

    /// Tries `alternative`; when it matches, runs `on_match` (a jump out). When it fails,
    /// falls through with the position (from `start`) and the captures restored.
    fn attempt(
        &mut self,
        alternative: &Node,
        on_match: &str,
        start: Option<&str>,
        saved: &[(usize, String)],
    ) {
        if let Some(test) = self.test(alternative) {
            self.open(&format!("if ({}) {{", test.holds("pos")));
            if let Some(advance) = test.advance() {
                self.line(&advance);
            }
            self.line(&format!("{on_match};"));
            self.close("}");
            return;
        }
        let label = self.name("attempt");
        self.open(&format!("{label}: {{"));
        self.node(alternative, &format!("break {label}"));
        self.line(&format!("{on_match};"));
        self.close("}");
        if !alternative.fails_in_place() {
            let start = start.expect("a start is kept for an alternative that moves");
            self.line(&format!("pos = {start};"));
        }
        self.restore(alternative, saved);
    }

    /// Declares where the alternatives start, when one of them can fail after moving.
    fn start<'n>(&mut self, mut alternatives: impl Iterator<Item = &'n Node>) -> Option<String> {
        if !alternatives.any(|alternative| !alternative.fails_in_place()) {
            return None;
        }
        let start = self.name("start");
        self.line(&format!("const {start} = pos;"));
        Some(start)
    }

    fn choice(&mut self, alternatives: &[Node], exit: &str) {
        let (last, others) = alternatives
            .split_last()
            .expect("a choice has alternatives");
        let label = self.name("choice");
        self.open(&format!("{label}: {{"));
        let start = self.start(others.iter());
        let saved = self.save(others.iter());
        for alternative in others {
            self.attempt(
                alternative,
                &format!("break {label}"),
                start.as_deref(),
                &saved,
            );
        }
        // The last alternative's failure is the choice's.
        self.node(last, exit);
        self.close("}");
    }

    fn optional(&mut self, inner: &Node) {
        if let Some(test) = self.test(inner) {
            if let Some(advance) = test.advance() {
                self.line(&format!("if ({}) {advance}", test.holds("pos")));
            }
            return;
        }
        let label = self.name("optional");
        self.open(&format!("{label}: {{"));
        let start = self.start(std::iter::once(inner));
        let saved = self.save(std::iter::once(inner));
        self.attempt(inner, &format!("break {label}"), start.as_deref(), &saved);
        self.close("}");
    }

    /// `(a* ~ b)*` with disjoint classes `a` and `b` (the hyphens and letters of a NID or a
    /// DNS label): one loop over the run of `a | b`, and a step back over the trailing `a`s,
    /// as codegen.rs writes it.
    fn run_and_back_off(&mut self, inner: &Node) -> bool {
        let Node::Seq(items) = inner else {
            return false;
        };
        let [Node::Repeat(run), Node::Class(last)] = items.as_slice() else {
            return false;
        };
        let Node::Class(before) = run.as_ref() else {
            return false;
        };
        if before.intersects(last) {
            return false;
        }
        let Some(forward) = self
            .test(&Node::Class(before.union(*last)))
            .and_then(|test| test.repeat())
        else {
            return false;
        };
        let Some(back) = self.test(&Node::Class(*before)) else {
            return false;
        };
        let run_start = self.name("run_start");
        self.open("{");
        self.line(&format!("const {run_start} = pos;"));
        self.line(&forward);
        self.line(&format!(
            "while (pos > {run_start} && {}) pos -= 1;",
            back.holds("pos - 1")
        ));
        self.close("}");
        true
    }

    fn repeat(&mut self, inner: &Node) {
        if self.run_and_back_off(inner) {
            return;
        }
        if let Some(test) = self.test(inner) {
            let skip = test.repeat().expect("a repeated step consumes");
            self.line(&skip);
            return;
        }
        // A repeated choice tries its alternatives in the loop itself.
        let mut alternatives = match inner {
            Node::Choice(alternatives) => alternatives.as_slice(),
            inner => std::slice::from_ref(inner),
        };
        let label = self.name("repeat");
        self.open(&format!("{label}: for (;;) {{"));
        // A first alternative of one step runs in a tight loop of its own.
        if let Some((first, others)) = alternatives.split_first()
            && let Some(test) = self.test(first)
            && let Some(skip) = test.repeat()
        {
            self.line(&skip);
            alternatives = others;
        }
        let start = self.start(alternatives.iter());
        let saved = self.save(alternatives.iter());
        for alternative in alternatives {
            self.attempt(
                alternative,
                &format!("continue {label}"),
                start.as_deref(),
                &saved,
            );
        }
        self.line(&format!("break {label};"));
        self.close("}");
    }

    fn lookahead(&mut self, inner: &Node, positive: bool, exit: &str) {
        let test = self
            .test(inner)
            .expect("check_supported refuses a predicate over more than one step");
        let condition = if positive {
            test.fails("pos")
        } else {
            test.holds("pos")
        };
        self.line(&format!("if ({condition}) {exit};"));
    }
}

/// The JavaScript module of the recognizers of `entries` (each an entry rule's name and its
/// simplified expression), reporting the spans of `captures`.
pub fn generate(file: &str, entries: &[(&str, Node)], captures: &[&str]) -> String {
    let mut out = String::new();
    let list = |names: &[&str]| {
        names
            .iter()
            .map(|name| format!("`{name}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let entry_names: Vec<&str> = entries.iter().map(|(name, _)| *name).collect();
    writeln!(
        out,
        "// Recognizers generated from `{file}` by the JavaScript back end of the grammar compiler\n\
         // of build/peg/. Do not edit: change the grammar.\n\
         //\n\
         // Entry rules: {}.\n\
         // Captured rules: {}.\n",
        list(&entry_names),
        if captures.is_empty() {
            "none".to_owned()
        } else {
            list(captures)
        },
    )
    .unwrap();
    let names: Vec<String> = captures.iter().map(|name| format!("'{name}'")).collect();
    writeln!(
        out,
        "/**\n \
         * The captured rules, in the order of their spans: an entry that matches leaves the last\n \
         * span of rule `CAPTURES[i]` (as the pest-derived parser would produce it) from\n \
         * `spans[2 * i]` to `spans[2 * i + 1]`, in UTF-16 code units, and -1 in both where the\n \
         * rule did not match. An entry writes only the spans of the rules it can reach: give\n \
         * each entry an `Int32Array` of its own, filled with -1, and the spans of the others\n \
         * stay -1 (clearing what an entry never writes took 5 % of a recognizer's time).\n \
         */\n\
         export const CAPTURES = [{}];\n",
        names.join(", ")
    )
    .unwrap();
    let mut tables = Vec::new();
    let mut functions = String::new();
    for (name, node) in entries {
        let mut writer = Writer {
            out: String::new(),
            depth: 2,
            names: 0,
            tables: &mut tables,
        };
        writer.node(node, "break reject");
        // Only the spans a match may leave unwritten need clearing: every match writes the
        // others, and an entry never writes the spans of rules it cannot reach.
        let always = node.always_captures();
        let resets: Vec<String> = node
            .captures()
            .into_iter()
            .filter(|index| !always.contains(index))
            .flat_map(|index| [2 * index, 2 * index + 1])
            .map(|slot| format!("spans[{slot}] = -1;"))
            .collect();
        writeln!(
            functions,
            "/**\n \
             * Recognizes `{name}` in `input`, a string: true when the whole of it matches, with\n \
             * the spans of the captured rules in `spans` (this entry's own `Int32Array` of two\n \
             * numbers per captured rule, filled with -1 before the first call); false when it\n \
             * does not, with `spans` not to be read.\n \
             */\n\
             export function {name}(input, spans) {{\n  \
             const n = input.length;\n  \
             let pos = 0;\n  \
             let c = 0;\n\
             {}  \
             reject: {{\n\
             {}    \
             return true;\n  \
             }}\n  \
             return false;\n\
             }}\n",
            match resets.is_empty() {
                true => String::new(),
                false => format!("  {}\n", resets.join(" ")),
            },
            writer.out
        )
        .unwrap();
    }
    if !tables.is_empty() {
        out.push_str(
            "/** A class of code units as a table: 1 for each code unit below 0x80 it holds. */\n\
             function classTable(ranges) {\n  \
             const table = new Uint8Array(0x80);\n  \
             for (const [first, last] of ranges) table.fill(1, first, last + 1);\n  \
             return table;\n\
             }\n\n",
        );
    }
    for (index, table) in tables.iter().enumerate() {
        let ranges: Vec<String> = table
            .ranges()
            .iter()
            .map(|&(first, last)| format!("[{}, {}]", hex(first), hex(last)))
            .collect();
        writeln!(
            out,
            "/** {} */\nconst CLASS_{index} = classTable([{}]);\n",
            // A class holding `*` and `/` would end the comment.
            table.describe().replace("*/", "*\\/"),
            ranges.join(", ")
        )
        .unwrap();
    }
    out.push_str(&functions);
    let patterns: Vec<String> = entries
        .iter()
        .map(|(name, node)| format!("  {name}: /{}/,", super::pattern::pattern(node)))
        .collect();
    writeln!(
        out,
        "/**\n \
         * Each entry rule as one regular expression, written from the same simplified form:\n \
         * `PATTERNS.{{entry}}.test(input)` answers as `{{entry}}(input, spans)` does, without\n \
         * the spans. Where a regex's backtracking could answer otherwise than the grammar's\n \
         * ordered choice and greedy repetition, the expression is atomic, `(?=(e))\\N`.\n \
         */\n\
         export const PATTERNS = {{\n{}\n}};",
        patterns.join("\n")
    )
    .unwrap();
    out
}
