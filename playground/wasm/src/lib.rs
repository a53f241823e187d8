//! The grammar playground's WebAssembly module: what `playground/index.html` asks of the
//! library and of pest's interpreter, as JSON text.
//!
//! Every verdict here comes from a `.pest` file: the shipped verdicts from the library, whose
//! recognizers are compiled from the grammar files, and the verdicts of a grammar text as
//! edited in the page from pest_vm running that text, as `urn-tag grammar try` does. The
//! code that reads a grammar text, runs a rule, draws a diagram and compiles a registration's
//! ABNF is the library's `grammar_tools` module, which the command-line tool uses too; this
//! crate only turns its answers into JSON. Byte indexes are bytes of the UTF-8 input, as the
//! library counts them; the page converts them to its own string positions.
#![forbid(unsafe_code)]

mod registration;

use serde::Serialize;
use urn_tag::namespace::{Namespace, NamespaceCheck};
use urn_tag::{ParseError, Part, TagSyntax, TagUri, Urn, UrnSyntax};
use wasm_bindgen::prelude::*;

use urn_tag::grammar_tools::{self, Diagrams, GrammarError, Runner, StepKind, Trial};

include!(concat!(env!("OUT_DIR"), "/grammar_files.rs"));

/// What the library checks a line with, for one entry of the grammar menu.
#[derive(Clone, Copy)]
enum Shipped {
    Urn(UrnSyntax),
    Tag(TagSyntax),
    /// A URN under RFC 8141 whose NSS the namespace's grammar and prose rules must accept.
    Namespace(Namespace),
}

/// One entry of the grammar menu: a grammar file, its entry rule, and the library's check.
struct Entry {
    id: String,
    label: String,
    file: &'static str,
    rule: &'static str,
    shipped: Shipped,
}

/// The grammar menu, in the page's order: the URN grammars, the tag grammars, then every
/// namespace grammar the library knows, by NID. Made once: [`check`] looks its entry up for
/// every line.
fn menu() -> &'static [Entry] {
    static MENU: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();
    MENU.get_or_init(make_menu)
}

fn make_menu() -> Vec<Entry> {
    let urn = |id: &str, label: &str, rule: &'static str, syntax| Entry {
        id: id.to_owned(),
        label: label.to_owned(),
        file: "urn.pest",
        rule,
        shipped: Shipped::Urn(syntax),
    };
    let tag = |id: &str, label: &str, rule: &'static str, syntax| Entry {
        id: id.to_owned(),
        label: label.to_owned(),
        file: "tag.pest",
        rule,
        shipped: Shipped::Tag(syntax),
    };
    let mut entries = vec![
        urn(
            "urn-rfc8141",
            "URN, RFC 8141",
            "rfc8141",
            UrnSyntax::Rfc8141,
        ),
        urn(
            "urn-rfc2141",
            "URN, RFC 2141",
            "rfc2141",
            UrnSyntax::Rfc2141,
        ),
        urn(
            "urn-rfc2141bis",
            "URN, draft-ietf-urnbis-rfc2141bis-urn-01",
            "rfc2141bis",
            UrnSyntax::Rfc2141bis,
        ),
        tag(
            "tag-rfc4151",
            "tag URI, RFC 4151",
            "rfc4151",
            TagSyntax::Rfc4151,
        ),
        tag(
            "tag-erratum1485",
            "tag URI, RFC 4151 with erratum 1485",
            "erratum1485",
            TagSyntax::Erratum1485,
        ),
        tag(
            "tag-lenient",
            "tag URI, lenient authority",
            "lenient",
            TagSyntax::Lenient,
        ),
    ];
    entries.extend(Namespace::all().map(|namespace| Entry {
        id: format!("ns-{}", namespace.nid()),
        label: format!("namespace {}", namespace.nid()),
        file: namespace.grammar_file(),
        rule: namespace.entry_rule(),
        shipped: Shipped::Namespace(namespace),
    }));
    entries
}

/// The shipped text of a grammar file; empty for a name that is none (the menu names only
/// embedded files, which a test of this crate checks).
fn grammar_text(file: &str) -> &'static str {
    GRAMMAR_FILES
        .iter()
        .find(|(name, _)| *name == file)
        .map_or("", |(_, text)| text)
}

fn json(value: &impl Serialize) -> String {
    // Serializing these plain records (strings, numbers, booleans) cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

#[derive(Serialize)]
struct EntryJson<'a> {
    id: &'a str,
    label: &'a str,
    file: &'a str,
    rule: &'a str,
    /// `urn`, `tag` or `namespace`: what a line of input is.
    kind: &'static str,
    source: &'static str,
}

/// The grammar menu as JSON: `[{id, label, file, rule, kind, source}]`, `source` being the
/// grammar file's shipped text.
#[wasm_bindgen]
pub fn entries() -> String {
    let records: Vec<EntryJson<'_>> = menu()
        .iter()
        .map(|entry| EntryJson {
            id: &entry.id,
            label: &entry.label,
            file: entry.file,
            rule: entry.rule,
            kind: match entry.shipped {
                Shipped::Urn(_) => "urn",
                Shipped::Tag(_) => "tag",
                Shipped::Namespace(_) => "namespace",
            },
            source: grammar_text(entry.file),
        })
        .collect();
    json(&records)
}

/// An error at a byte of the input.
#[derive(Serialize)]
struct Problem {
    /// The library's message, `at byte N` included.
    message: String,
    index: usize,
    /// A stable name of the reason (`invalid_char`, `namespace`, ...).
    kind: &'static str,
    /// The part at fault, as `urn-tag check --json` names it (`nss`, `date`, ...).
    part: &'static str,
}

impl From<ParseError> for Problem {
    fn from(error: ParseError) -> Problem {
        Problem {
            message: error.to_string(),
            index: error.index(),
            kind: error.kind().code(),
            part: error.part().code(),
        }
    }
}

#[derive(Serialize)]
struct Verdict {
    valid: bool,
    /// Why not, when the line is not valid.
    error: Option<Problem>,
    /// For a URN: the namespace check, `valid`, `invalid` (with `message`) or `not checked`.
    namespace: Option<NamespaceJson>,
    /// For a URN: its RFC 8141 equivalence key.
    equivalence_key: Option<String>,
    /// For a URN: the byte span of its NSS, which a namespace grammar parses.
    nss: Option<(usize, usize)>,
}

#[derive(Serialize)]
struct NamespaceJson {
    status: &'static str,
    nid: Option<&'static str>,
    message: Option<String>,
    index: Option<usize>,
}

impl From<NamespaceCheck> for NamespaceJson {
    fn from(check: NamespaceCheck) -> NamespaceJson {
        match check {
            NamespaceCheck::Valid(namespace) => NamespaceJson {
                status: "valid",
                nid: Some(namespace.nid()),
                message: None,
                index: None,
            },
            NamespaceCheck::Invalid(error) => NamespaceJson {
                status: "invalid",
                nid: Some(error.namespace().nid()),
                message: Some(error.to_string()),
                index: Some(error.index()),
            },
            // `NamespaceCheck` is non-exhaustive: a check that says nothing is "not checked".
            _ => NamespaceJson {
                status: "not checked",
                nid: None,
                message: None,
                index: None,
            },
        }
    }
}

/// The verdict on a valid URN, with `check`, the verdict on its namespace.
fn urn_verdict(urn: &Urn, check: NamespaceCheck) -> Verdict {
    let nss = urn
        .parts()
        .find(|(part, _)| *part == Part::Nss)
        .map(|(_, span)| (span.start, span.end));
    Verdict {
        valid: true,
        error: None,
        namespace: Some(check.into()),
        equivalence_key: Some(urn.equivalence_key().into_string()),
        nss,
    }
}

fn invalid(error: Problem) -> Verdict {
    Verdict {
        valid: false,
        error: Some(error),
        namespace: None,
        equivalence_key: None,
        nss: None,
    }
}

/// The library's verdict on one line under the entry `id` of [`entries`], as JSON:
/// `{valid, error: {message, index, kind, part}, namespace: {status, nid, message, index},
/// equivalence_key, nss: [start, end]}`. An unknown `id` is an error record too.
#[wasm_bindgen]
pub fn check(id: &str, input: &str) -> String {
    let Some(entry) = menu().iter().find(|entry| entry.id == id) else {
        return json(&invalid(Problem {
            message: format!("no grammar {id:?} in the menu"),
            index: 0,
            kind: "unknown_grammar",
            part: "scheme",
        }));
    };
    json(&verdict(entry, input))
}

/// The library's verdict on `input` under the menu entry `entry`.
fn verdict(entry: &Entry, input: &str) -> Verdict {
    match entry.shipped {
        Shipped::Urn(syntax) => match Urn::parse_with(input, syntax) {
            Ok(urn) => urn_verdict(&urn, urn.check_namespace()),
            Err(error) => invalid(error.into()),
        },
        Shipped::Tag(syntax) => match TagUri::parse_with(input, syntax) {
            Ok(_) => Verdict {
                valid: true,
                error: None,
                namespace: None,
                equivalence_key: None,
                nss: None,
            },
            Err(error) => invalid(error.into()),
        },
        Shipped::Namespace(namespace) => match Urn::parse(input) {
            Err(error) => invalid(error.into()),
            Ok(urn) if !urn.nid().eq_ignore_ascii_case(namespace.nid()) => {
                let mut verdict = urn_verdict(&urn, urn.check_namespace());
                verdict.valid = false;
                verdict.error = Some(Problem {
                    message: format!(
                        "NID {:?} is not {:?}, the namespace of this grammar, at byte 4",
                        urn.nid(),
                        namespace.nid()
                    ),
                    index: "urn:".len(),
                    kind: "other_namespace",
                    part: "nid",
                });
                verdict
            }
            Ok(urn) => {
                let check = urn.check_namespace();
                let mut verdict = urn_verdict(&urn, check);
                if let NamespaceCheck::Invalid(error) = check {
                    verdict.valid = false;
                    verdict.error = Some(Problem {
                        message: error.to_string(),
                        index: error.index(),
                        kind: "namespace",
                        part: "nss",
                    });
                }
                verdict
            }
        },
    }
}

/// How much stack a run of pest_vm, or pest_meta's reading of a grammar text, may use. pest
/// checks the stack left before each rule call and stops the run short of this (with "stack
/// limit reached", which [`grammar_tools::Limit::Stack`] says in words), where an overflow would
/// trap and leave the module unusable. WebAssembly has no stack bounds pest can find, so the
/// page gives each run a stack of its own of this size. The calls take room on the browser's
/// own stack too, which the module cannot see: in a worker of Chromium's, a rule that calls
/// itself overflows that at about 450 calls deep, when it has used 450 KiB of this one; a
/// quarter of that leaves the check the first word. (About 120 calls deep, then: the grammars
/// of identifiers nest a dozen.)
pub const RUN_STACK: usize = 128 * 1024;

/// pest's margin: it stops a run once less than this is left.
#[cfg(target_arch = "wasm32")]
const STACK_MARGIN: usize = 64 * 1024;

/// Runs `work` on a stack of [`RUN_STACK`] bytes whose bounds pest knows. On the native targets
/// the tests run on, pest knows the thread's own stack, and `work` runs on it.
fn with_run_stack<R>(work: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "wasm32")]
    {
        stacker::grow(RUN_STACK + STACK_MARGIN, work)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        work()
    }
}

/// What a line of input is run on: all of it, or the NSS of a URN of a namespace.
enum Scope {
    Line,
    Nss(Namespace),
}

/// A grammar text as the page's editor holds it, read once: its rules for the outline and the
/// diagrams, and compiled for pest_vm to run the entry rule of a menu entry on lines.
#[wasm_bindgen]
pub struct Grammar {
    rule: String,
    scope: Scope,
    /// The outline as JSON, and the rules' diagrams; `None` when the text is no usable
    /// grammar.
    rules: Option<(String, Diagrams)>,
    /// The entry rule, ready to run, or why not.
    runner: Result<Runner, String>,
    /// Whether the text was refused for nesting too deep, rather than read and found wrong.
    refused: bool,
    /// The menu entry, when the text is its shipped grammar file: the page's verdicts are then
    /// the library's, and [`Grammar::examples`] keeps the lines the library accepts.
    shipped: Option<&'static Entry>,
}

#[derive(Serialize)]
struct Node<'a> {
    rule: &'a str,
    start: usize,
    end: usize,
    depth: usize,
}

/// What a run made of one line.
#[derive(Serialize)]
struct Run<'a> {
    /// `match` (all of the line), `prefix` (bytes `0..end` only), `no match`, `not run` (the
    /// line has nothing the rule applies to) or `refused` (stopped by a limit).
    status: &'static str,
    end: Option<usize>,
    /// Where it failed or was stopped, with the message.
    index: Option<usize>,
    message: Option<String>,
    /// For [`Grammar::tree`]: each rule's span, a parent before its children.
    tree: Vec<Node<'a>>,
}

#[wasm_bindgen]
impl Grammar {
    /// Reads `source`, a `.pest` text, to run the entry rule of the menu entry `entry` (on the
    /// whole line, or for a namespace grammar on the NSS of a URN of that namespace). Never
    /// fails: [`Grammar::error`] says what is wrong with a text that cannot be run.
    #[wasm_bindgen(constructor)]
    pub fn new(source: &str, entry: &str) -> Grammar {
        let Some(entry) = menu().iter().find(|candidate| candidate.id == entry) else {
            return Grammar {
                rule: String::new(),
                scope: Scope::Line,
                rules: None,
                runner: Err(format!("no grammar {entry:?} in the menu")),
                refused: false,
                shipped: None,
            };
        };
        let scope = match entry.shipped {
            Shipped::Namespace(namespace) => Scope::Nss(namespace),
            Shipped::Urn(_) | Shipped::Tag(_) => Scope::Line,
        };
        let mut grammar = Grammar::with_rule(source, entry.rule, scope);
        grammar.shipped = (source == grammar_text(entry.file)).then_some(entry);
        grammar
    }

    /// The reason the text cannot be run (pest_meta's report, or the missing entry rule);
    /// `undefined` when it can.
    pub fn error(&self) -> Option<String> {
        self.runner.as_ref().err().cloned()
    }

    /// Whether the text was refused before it was read, for nesting deeper than a grammar
    /// may (its [`Grammar::error`] says where); a text read and found wrong is not refused.
    pub fn refused(&self) -> bool {
        self.refused
    }

    /// The rules of the text, as JSON, for finding the rule under the editor's cursor:
    /// `{rules: [{name, start, end, line, doc, notes}]}`, where `start..end` is the rule's
    /// text (from its name to its closing brace) in UTF-16 code units, the page's string
    /// positions, and `doc` its `///` lines (the RFC section and ABNF it transcribes);
    /// `{rules: null}` when the text is no usable grammar.
    pub fn outline(&self) -> String {
        match &self.rules {
            Some((outline, _)) => outline.clone(),
            None => r#"{"rules":null}"#.to_owned(),
        }
    }

    /// Runs the entry rule on `line`, as JSON: `{status, end, index, message}` (see [`Run`]).
    pub fn run(&self, line: &str) -> String {
        json(&self.run_line(line, false))
    }

    /// As [`Grammar::run`], with the parse tree: `tree: [{rule, start, end, depth}]`, byte
    /// spans of the line.
    pub fn tree(&self, line: &str) -> String {
        json(&self.run_line(line, true))
    }

    /// Why the entry rule does not match `line`, as JSON: `{trace: {index, expected, attempt:
    /// [{rule, start, end, depth}]}}`, byte offsets of the line (`end` null for a rule the run
    /// was still inside when it got no further), or `{trace: null, message}` when there is no
    /// trace to give (the rule matches, the run was stopped, or the line has nothing the rule
    /// applies to).
    pub fn trace(&self, line: &str) -> String {
        json(&self.trace_line(line))
    }

    /// The entry rule's run on `line` event by event, for stepping through it, as JSON:
    /// `{events: [{kind, rule, start, at, depth}], total, trace, message}`, `kind` being
    /// `entered`, `matched` or `failed` (the run backtracks to `start`), byte offsets of the
    /// line; `total` counts the events when there were more than `events` holds (see
    /// [`grammar_tools::MAX_STEPS`]); `trace` is [`Grammar::trace`]'s from the same run, null
    /// when the rule matches or the run was stopped. No events, and `message`, when the rule
    /// cannot be run on the line.
    pub fn steps(&self, line: &str) -> String {
        json(&self.steps_of(line))
    }

    /// Lines to try, drawn from the grammar (the entry rule's strings, made into URNs of the
    /// namespace for a namespace grammar), as JSON: `{valid: [line], near_misses: [{line,
    /// valid, library}], matched, refused, steered}`, at most `wanted` of each. A line's
    /// `valid` is the page's own run of it ([`Grammar::run`]), a drawn string whose line does
    /// not match never in `valid`. Under the shipped text (`steered`), the valid lines are
    /// also those the library accepts, drawn with more attempts
    /// ([`grammar_tools::ATTEMPTS_PER_KEPT_STRING`]): a grammar that leaves a check to Rust
    /// (an ISBN's check digit) matches many lines the library refuses, and those are left
    /// out, `matched` counting the lines drawn that the grammar matched and `refused` those the
    /// library refused of them; each near miss carries the library's verdict (`library`, null
    /// under an edited text, whose verdicts are the grammar's). Nothing here decides validity:
    /// the grammar draws and runs the lines, the library only filters. Empty lists when the
    /// text cannot be run. `seed` picks the drawing.
    pub fn examples(&self, seed: u32, wanted: usize) -> String {
        #[derive(Serialize)]
        struct NearMiss {
            line: String,
            valid: bool,
            library: Option<bool>,
        }
        #[derive(Serialize)]
        struct Drawn {
            valid: Vec<String>,
            near_misses: Vec<NearMiss>,
            matched: usize,
            refused: usize,
            steered: bool,
        }
        let Ok(runner) = &self.runner else {
            return json(&Drawn {
                valid: Vec::new(),
                near_misses: Vec::new(),
                matched: 0,
                refused: 0,
                steered: false,
            });
        };
        let wanted = wanted.min(50);
        let line = |text: &str| match &self.scope {
            Scope::Line => text.to_owned(),
            Scope::Nss(namespace) => format!("urn:{}:{text}", namespace.nid()),
        };
        let matches = |line: &str| self.run_line(line, false).status == "match";
        let library = |line: &str| self.shipped.map(|entry| verdict(entry, line).valid);
        // A string is kept when its line matches (for a namespace grammar, the NSS of a URN
        // that is one), and under the shipped text when the library accepts the line too.
        let keep = |text: &str| {
            let line = line(text);
            matches(&line) && library(&line) != Some(false)
        };
        let drawn = with_run_stack(|| {
            if self.shipped.is_some() {
                runner.examples_kept(u64::from(seed), wanted, keep)
            } else {
                // An edited text's verdicts are the grammar's: no more attempts, the same
                // filter (the line must match).
                let mut drawn = runner.examples(u64::from(seed), wanted);
                drawn.valid.retain(|text| keep(text));
                drawn
            }
        });
        let near_misses = drawn
            .near_misses
            .into_iter()
            .map(|(text, _)| {
                let line = line(&text);
                NearMiss {
                    valid: matches(&line),
                    library: library(&line),
                    line,
                }
            })
            .collect();
        json(&Drawn {
            valid: drawn.valid.iter().map(|text| line(text)).collect(),
            near_misses,
            matched: drawn.matched,
            refused: drawn.refused,
            steered: self.shipped.is_some(),
        })
    }

    /// The SVG railroad diagram of rule `rule`; empty when the text has no such rule.
    pub fn diagram(&self, rule: &str) -> String {
        let Some((_, diagrams)) = &self.rules else {
            return String::new();
        };
        diagrams.draw(rule).unwrap_or_default()
    }
}

impl Grammar {
    fn with_rule(source: &str, rule: &str, scope: Scope) -> Grammar {
        let failed = |errors: Vec<GrammarError>, refused: bool| {
            let reports: Vec<String> = errors.iter().map(ToString::to_string).collect();
            Grammar {
                rule: rule.to_owned(),
                scope: Scope::Line,
                rules: None,
                runner: Err(reports.join("\n")),
                refused,
                shipped: None,
            }
        };
        // Checked apart (reading checks it again, in one more linear pass) to tell a text
        // refused for its limits from one read and found wrong.
        if let Err(errors) = grammar_tools::check_limits(source) {
            return failed(errors, true);
        }
        let (text, compiled) = match with_run_stack(|| grammar_tools::load(source)) {
            Ok(loaded) => loaded,
            Err(errors) => return failed(errors, false),
        };
        let outline = outline_json(source, &text);
        let runner = compiled.runner(rule).map_err(|missing| missing.to_string());
        Grammar {
            rule: rule.to_owned(),
            scope,
            rules: Some((outline, text.diagrams())),
            runner,
            refused: false,
            shipped: None,
        }
    }

    fn run_line<'a>(&'a self, line: &'a str, with_tree: bool) -> Run<'a> {
        let (runner, input, offset) = match self.runnable(line) {
            Ok(runnable) => runnable,
            Err(message) => return not_run(message),
        };
        let trial = with_run_stack(|| runner.run(input));
        let at = |index: usize| index + offset;
        match trial {
            Trial::Parsed { end, tree } => {
                let whole = end == input.len();
                Run {
                    status: if whole { "match" } else { "prefix" },
                    end: Some(at(end)),
                    index: (!whole).then_some(at(end)),
                    message: (!whole).then(|| {
                        format!(
                            "{} matches bytes {offset}..{} only, not the rest",
                            self.rule,
                            at(end)
                        )
                    }),
                    tree: if with_tree {
                        tree.into_iter()
                            .map(|node| Node {
                                rule: node.rule,
                                start: at(node.start),
                                end: at(node.end),
                                depth: node.depth,
                            })
                            .collect()
                    } else {
                        Vec::new()
                    },
                }
            }
            Trial::Failed { index, message } => Run {
                status: "no match",
                end: None,
                index: Some(at(index)),
                message: Some(format!("{message} at byte {}", at(index))),
                tree: Vec::new(),
            },
            Trial::Refused { index, limit } => Run {
                status: "refused",
                end: None,
                index: Some(at(index)),
                message: Some(format!("{limit} (at byte {})", at(index))),
                tree: Vec::new(),
            },
            Trial::NoTree => not_run("no parse tree".to_owned()),
        }
    }
}

#[derive(Serialize)]
struct TraceJson {
    trace: Option<TraceOf>,
    message: Option<String>,
}

#[derive(Serialize)]
struct TraceOf {
    index: usize,
    expected: Vec<String>,
    attempt: Vec<StepJson>,
}

#[derive(Serialize)]
struct StepJson {
    rule: String,
    start: usize,
    end: Option<usize>,
    depth: usize,
}

#[derive(Serialize)]
struct StepsJson {
    events: Vec<EventJson>,
    total: usize,
    trace: Option<TraceOf>,
    message: Option<String>,
}

#[derive(Serialize)]
struct EventJson {
    kind: &'static str,
    rule: String,
    start: usize,
    at: usize,
    depth: usize,
}

impl TraceOf {
    /// `trace` in bytes of the line, its input starting at byte `offset` of it.
    fn new(trace: grammar_tools::Trace, offset: usize) -> TraceOf {
        TraceOf {
            index: trace.index + offset,
            expected: trace.expected,
            attempt: trace
                .attempt
                .into_iter()
                .map(|step| StepJson {
                    rule: step.rule,
                    start: step.start + offset,
                    end: step.end.map(|end| end + offset),
                    depth: step.depth,
                })
                .collect(),
        }
    }
}

impl Grammar {
    fn steps_of(&self, line: &str) -> StepsJson {
        let none = |message: String| StepsJson {
            events: Vec::new(),
            total: 0,
            trace: None,
            message: Some(message),
        };
        let (runner, input, offset) = match self.runnable(line) {
            Ok(runnable) => runnable,
            Err(message) => return none(message),
        };
        let steps = with_run_stack(|| runner.steps(input));
        StepsJson {
            events: steps
                .events
                .into_iter()
                .map(|event| EventJson {
                    kind: match event.kind {
                        StepKind::Entered => "entered",
                        StepKind::Matched => "matched",
                        StepKind::Failed => "failed",
                    },
                    rule: event.rule,
                    start: event.start + offset,
                    at: event.at + offset,
                    depth: event.depth,
                })
                .collect(),
            total: steps.total,
            trace: steps.trace.map(|trace| TraceOf::new(trace, offset)),
            message: None,
        }
    }

    fn trace_line(&self, line: &str) -> TraceJson {
        let none = |message: String| TraceJson {
            trace: None,
            message: Some(message),
        };
        let (runner, input, offset) = match self.runnable(line) {
            Ok(runnable) => runnable,
            Err(message) => return none(message),
        };
        let Some(trace) = with_run_stack(|| runner.trace(input)) else {
            return none(format!("{} matches, or its run was stopped", self.rule));
        };
        TraceJson {
            trace: Some(TraceOf::new(trace, offset)),
            message: None,
        }
    }

    /// What a run of `line` needs: the grammar's runner, the part of the line the entry rule
    /// runs on and where that part starts; why not, when the grammar text does not run or
    /// the line has nothing it applies to.
    fn runnable<'a>(&'a self, line: &'a str) -> Result<(&'a Runner, &'a str, usize), String> {
        let runner = self.runner.as_ref().map_err(Clone::clone)?;
        let (input, offset) = self.scope_of(line)?;
        Ok((runner, input, offset))
    }

    /// The part of `line` the entry rule runs on, and where it starts; why not, when the
    /// line has nothing it applies to.
    fn scope_of<'a>(&self, line: &'a str) -> Result<(&'a str, usize), String> {
        match self.scope {
            Scope::Line => Ok((line, 0)),
            Scope::Nss(namespace) => match Urn::parse(line) {
                Ok(urn) if urn.nid().eq_ignore_ascii_case(namespace.nid()) => {
                    match urn.parts().find(|(part, _)| *part == Part::Nss) {
                        Some((_, span)) => Ok((&line[span.start..span.end], span.start)),
                        None => Err("the URN has no NSS".to_owned()),
                    }
                }
                Ok(_) | Err(_) => Err(format!(
                    "the grammar of {} parses the NSS of a URN of that namespace; this line has \
                     none",
                    namespace.nid()
                )),
            },
        }
    }
}

fn not_run(message: String) -> Run<'static> {
    Run {
        status: "not run",
        end: None,
        index: None,
        message: Some(message),
        tree: Vec::new(),
    }
}

/// The outline of a read text as JSON (see [`Grammar::outline`]), in one pass: the rules come
/// in the order of the file, so their offsets only grow.
fn outline_json(source: &str, text: &grammar_tools::GrammarText<'_>) -> String {
    #[derive(Serialize)]
    struct RuleJson<'a> {
        name: &'a str,
        start: usize,
        end: usize,
        line: usize,
        doc: &'a [&'a str],
        notes: &'a [&'a str],
    }
    #[derive(Serialize)]
    struct Outline<'a> {
        rules: Vec<RuleJson<'a>>,
    }
    let mut utf16 = Utf16Offsets::new(source);
    let rules = text
        .rules
        .iter()
        .map(|rule| RuleJson {
            name: rule.name,
            start: utf16.at(rule.offset),
            end: utf16.at(rule.offset + rule.text.len()),
            line: rule.line,
            doc: &rule.doc,
            notes: &rule.notes,
        })
        .collect();
    json(&Outline { rules })
}

/// UTF-16 positions of byte offsets asked for in increasing order.
pub(crate) struct Utf16Offsets<'a> {
    text: &'a str,
    byte: usize,
    unit: usize,
}

impl<'a> Utf16Offsets<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Utf16Offsets {
            text,
            byte: 0,
            unit: 0,
        }
    }

    pub(crate) fn at(&mut self, byte: usize) -> usize {
        let end = byte.min(self.text.len());
        if end >= self.byte {
            let skipped = self.text.get(self.byte..end).unwrap_or("");
            self.unit += skipped.encode_utf16().count();
            self.byte = end;
        }
        self.unit
    }
}

/// The style sheet of the diagrams' SVG classes.
#[wasm_bindgen]
pub fn diagram_css() -> String {
    Diagrams::default().css().to_owned()
}

#[cfg(test)]
mod tests;
