//! The grammar playground's WebAssembly module: what `playground/index.html` asks of the
//! library and of pest's interpreter, as JSON text.
//!
//! Every verdict here comes from a `.pest` file: the shipped verdicts from the library, whose
//! recognizers are compiled from the grammar files, and the verdicts of a grammar text as
//! edited in the page from pest_vm running that text, as `urn-tag grammar try` does. The
//! code that reads a grammar text, runs a rule and draws a diagram is the command-line
//! tool's own (`src/bin/urn-tag/grammar/`), included below; this crate only turns its answers
//! into JSON. Byte indexes are bytes of the UTF-8 input, as the library counts them; the page
//! converts them to its own string positions.
#![forbid(unsafe_code)]

// The command-line tool's grammar kit. Not every function of it is used here (coverage
// counts, for one, are not).
#[allow(dead_code)]
#[path = "../../../src/bin/urn-tag/grammar/source.rs"]
mod source;

#[path = "../../../src/bin/urn-tag/grammar/interpret.rs"]
mod interpret;

#[path = "../../../src/bin/urn-tag/grammar/drawing.rs"]
mod drawing;

// The ABNF cross-check's compiler and generator, for the registration check (which neither
// reads the tests' ABNF files nor mutates strings).
#[allow(dead_code)]
#[path = "../../../tests/grammar/abnf.rs"]
mod abnf;

mod registration;

use serde::Serialize;
use urn_tag::namespace::{Namespace, NamespaceCheck};
use urn_tag::{ParseError, Part, TagSyntax, TagUri, Urn, UrnSyntax};
use wasm_bindgen::prelude::*;

use interpret::Trial;

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
    let verdict = match entry.shipped {
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
    };
    json(&verdict)
}

/// A grammar text as the page's editor holds it, compiled for pest_vm, with the rule to try.
#[wasm_bindgen]
pub struct Grammar {
    vm: pest_vm::Vm,
    rule: String,
    /// The normal rule added to call `rule` (see `source::wrap`).
    wrapper: String,
}

#[wasm_bindgen]
impl Grammar {
    /// Compiles `source`, a `.pest` text, to try `rule` of it; the error is pest_meta's report
    /// (line, column and what it expected), or names the missing rule and lists the others.
    #[wasm_bindgen(constructor)]
    pub fn new(source: &str, rule: &str) -> Result<Grammar, String> {
        let mut rules = source::compile(source).map_err(|errors| {
            let reports: Vec<String> = errors.iter().map(ToString::to_string).collect();
            reports.join("\n")
        })?;
        if !rules.iter().any(|compiled| compiled.name == rule) {
            let mut names: Vec<&str> = rules.iter().map(|rule| rule.name.as_str()).collect();
            names.sort_unstable();
            return Err(format!(
                "the grammar has no rule {rule:?}; its rules are: {}",
                names.join(", ")
            ));
        }
        let wrapper = source::wrap(&mut rules, rule);
        Ok(Grammar {
            vm: pest_vm::Vm::new(rules),
            rule: rule.to_owned(),
            wrapper,
        })
    }

    /// Tries the rule on `input`, as JSON: `{matched, end, tree: [{rule, start, end, depth}]}`
    /// when it matched bytes `0..end` (`matched` when that is all of the input), or
    /// `{matched: false, index, message}` when it failed at byte `index`.
    pub fn run(&self, input: &str) -> String {
        #[derive(Serialize)]
        struct Node<'a> {
            rule: &'a str,
            start: usize,
            end: usize,
            depth: usize,
        }
        #[derive(Serialize)]
        struct Run<'a> {
            matched: bool,
            end: Option<usize>,
            tree: Vec<Node<'a>>,
            index: Option<usize>,
            message: Option<String>,
        }
        let run = match interpret::try_rule(&self.vm, &self.wrapper, &self.rule, input) {
            Trial::Parsed { end, tree } => Run {
                matched: end == input.len(),
                end: Some(end),
                index: (end != input.len()).then_some(end),
                message: (end != input.len())
                    .then(|| format!("{} matches bytes 0..{end} only, not the rest", self.rule)),
                tree: tree
                    .into_iter()
                    .map(|node| Node {
                        rule: node.rule,
                        start: node.start,
                        end: node.end,
                        depth: node.depth,
                    })
                    .collect(),
            },
            Trial::Failed { index, message } => Run {
                matched: false,
                end: None,
                tree: Vec::new(),
                index: Some(index),
                message: Some(format!("{message} at byte {index}")),
            },
            Trial::NoTree => Run {
                matched: false,
                end: None,
                tree: Vec::new(),
                index: Some(0),
                message: Some("no parse tree".to_owned()),
            },
        };
        json(&run)
    }
}

/// The rules of a grammar text, as JSON, for finding the rule under the editor's cursor:
/// `{rules: [{name, start, end, line, doc, notes}]}`, where `start..end` is the rule's text
/// (from its name to its closing brace) in UTF-16 code units, the page's string positions,
/// and `doc` its `///` lines (the RFC section and ABNF it transcribes); or `{error}` when the
/// text is not a usable grammar.
#[wasm_bindgen]
pub fn outline(source: &str) -> String {
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
        error: Option<String>,
    }
    let grammar = match source::read(source) {
        Ok(grammar) => grammar,
        Err(errors) => {
            let reports: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return json(&Outline {
                rules: Vec::new(),
                error: Some(reports.join("\n")),
            });
        }
    };
    // Where each line starts; a rule starts on its line, so its text is found from there.
    let line_starts: Vec<usize> = core::iter::once(0)
        .chain(source.match_indices('\n').map(|(at, _)| at + 1))
        .collect();
    // The rules come in the order of the file, so their offsets only grow.
    let mut utf16 = Utf16Offsets::new(source);
    let rules = grammar
        .rules
        .iter()
        .map(|rule| {
            let line_start = line_starts.get(rule.line - 1).copied().unwrap_or(0);
            let offset = source[line_start..]
                .find(rule.text)
                .map_or(line_start, |found| line_start + found);
            RuleJson {
                name: rule.name,
                start: utf16.at(offset),
                end: utf16.at(offset + rule.text.len()),
                line: rule.line,
                doc: &rule.doc,
                notes: &rule.notes,
            }
        })
        .collect();
    json(&Outline { rules, error: None })
}

/// UTF-16 positions of byte offsets asked for in increasing order.
struct Utf16Offsets<'a> {
    text: &'a str,
    byte: usize,
    unit: usize,
}

impl<'a> Utf16Offsets<'a> {
    fn new(text: &'a str) -> Self {
        Utf16Offsets {
            text,
            byte: 0,
            unit: 0,
        }
    }

    fn at(&mut self, byte: usize) -> usize {
        let end = byte.min(self.text.len());
        if end >= self.byte {
            let skipped = self.text.get(self.byte..end).unwrap_or("");
            self.unit += skipped.encode_utf16().count();
            self.byte = end;
        }
        self.unit
    }
}

/// The SVG railroad diagram of rule `rule` of a grammar text; empty when the text is not a
/// usable grammar or has no such rule.
#[wasm_bindgen]
pub fn diagram(source: &str, rule: &str) -> String {
    let Ok(grammar) = source::read(source) else {
        return String::new();
    };
    grammar
        .rules
        .iter()
        .find(|candidate| candidate.name == rule)
        .map(|found| drawing::rule_diagram(&grammar, found))
        .unwrap_or_default()
}

/// The style sheet of the diagrams' SVG classes.
#[wasm_bindgen]
pub fn diagram_css() -> String {
    railroad::DEFAULT_CSS.to_owned()
}

#[cfg(test)]
mod tests;
