//! The namespace grammars (`namespaces/<nid>.pest`), run from the files themselves with
//! pest_meta and pest_vm, against the test data of `tests/data/namespaces/<nid>.tsv`, and
//! checked for the conventions every namespace grammar follows.
#![cfg(feature = "grammar-tools")]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use pest_meta::ast::{Expr, RuleType};
use pest_meta::parser::{self, Rule};
use pest_vm::Vm;
use urn_tag::Urn;
use urn_tag::namespace::{NamespaceCheck, NamespaceErrorKind};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A grammar file: its NID (the file's stem), entry rule and text.
struct Grammar {
    nid: String,
    entry: String,
    text: String,
}

fn files_in(dir: &str, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .expect("stem")
        .to_string_lossy()
        .into_owned()
}

fn grammars() -> Vec<Grammar> {
    let grammars: Vec<Grammar> = files_in("namespaces", "pest")
        .iter()
        .map(|path| {
            let nid = stem(path);
            let entry = if nid.starts_with(|c: char| c.is_ascii_digit()) {
                format!("nid_{nid}")
            } else {
                // `-` cannot be in a rule name (`urn-7`: `urn_7`).
                nid.replace('-', "_")
            };
            let text = std::fs::read_to_string(path).expect("grammar file");
            Grammar { nid, entry, text }
        })
        .collect();
    assert!(grammars.len() >= 20, "{} grammar files", grammars.len());
    grammars
}

/// The rules of `text` as pest_meta reads them, or its errors.
fn compile(name: &str, text: &str) -> Vec<pest_meta::optimizer::OptimizedRule> {
    let pairs = parser::parse(Rule::grammar_rules, text)
        .unwrap_or_else(|e| panic!("{name}: not a pest grammar:\n{e}"));
    let ast = parser::consume_rules(pairs)
        .unwrap_or_else(|errors| panic!("{name}: invalid grammar:\n{errors:?}"));
    pest_meta::optimizer::optimize(ast)
}

/// One row of a test-data file.
struct Row {
    line: usize,
    urn: String,
    verdict: Verdict,
}

#[derive(Debug)]
enum Verdict {
    Valid,
    /// Rejected at this byte of the URN, with the message of
    /// [`NamespaceError::kind`](urn_tag::namespace::NamespaceError::kind): the error's
    /// `Display` without " at byte N".
    Invalid(usize, String),
}

/// The start of the message of a grammar error; the message of a prose error is the prose
/// rule's.
const GRAMMAR_MESSAGE: &str = "NSS breaks rule ";

fn rows(path: &Path) -> Vec<Row> {
    let name = path.display();
    let text = std::fs::read_to_string(path).expect("test data");
    assert!(
        text.starts_with('#'),
        "{name}: the first line says what the file holds"
    );
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.is_empty())
        .map(|(index, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [urn, verdict, source] = fields[..] else {
                panic!("{name}:{}: expected urn, verdict, source", index + 1);
            };
            assert!(!source.is_empty(), "{name}:{}: no source", index + 1);
            let verdict = match verdict.split_once(':') {
                None if verdict == "valid" => Verdict::Valid,
                Some(("invalid", rest)) => {
                    let (at, message) = rest
                        .split_once(':')
                        .unwrap_or_else(|| panic!("{name}:{}: invalid:INDEX:MESSAGE", index + 1));
                    let at = at.parse().expect("an index");
                    assert!(!message.is_empty(), "{name}:{}: no message", index + 1);
                    Verdict::Invalid(at, message.to_owned())
                }
                _ => panic!("{name}:{}: verdict {verdict:?}", index + 1),
            };
            Row {
                line: index + 1,
                urn: urn.to_owned(),
                verdict,
            }
        })
        .collect()
}

/// The verdict of the public API on a URN: `valid`, `invalid:INDEX:MESSAGE`, or why there is
/// none.
fn public_verdict(urn: &Urn) -> String {
    match urn.check_namespace() {
        NamespaceCheck::Valid(namespace) => format!("valid (namespace {})", namespace.nid()),
        NamespaceCheck::Invalid(error) => format!("invalid:{}:{}", error.index(), error.kind()),
        NamespaceCheck::NotChecked => "not checked".to_owned(),
        other => format!("{other:?}"),
    }
}

/// Every row twice: through the public API (`Urn::parse`, then `check_namespace`: the
/// recognizers compiled from the grammar files, and the prose rules), which must give the
/// row's verdict and message verbatim; and through the grammar file itself (pest_vm), which
/// must reject at the same byte where the row names a grammar rule, and accept where it is
/// valid or names a prose rule (which the public API then reports). So the compiled
/// recognizers and pest agree on every row, and no prose rule stands in for a grammar's.
#[test]
fn every_row_of_the_test_data_gets_its_verdict() {
    pest::set_error_detail(true);
    let grammars: BTreeMap<String, Grammar> =
        grammars().into_iter().map(|g| (g.nid.clone(), g)).collect();
    let data = files_in("tests/data/namespaces", "tsv");
    let covered: BTreeSet<String> = data.iter().map(|path| stem(path)).collect();
    let missing: Vec<&String> = grammars
        .keys()
        .filter(|nid| !covered.contains(*nid))
        .collect();
    assert!(missing.is_empty(), "no test data for {missing:?}");
    let mut failures = Vec::new();
    let mut counted = 0;
    for path in &data {
        let nid = stem(path);
        let grammar = grammars
            .get(&nid)
            .unwrap_or_else(|| panic!("{}: no grammar namespaces/{nid}.pest", path.display()));
        let rules = compile(&nid, &grammar.text);
        let rule_names: BTreeSet<String> = rules.iter().map(|rule| rule.name.clone()).collect();
        let vm = Vm::new(rules);
        let rows = rows(path);
        assert!(!rows.is_empty(), "{}: no rows", path.display());
        for row in rows {
            counted += 1;
            let at = format!("{}:{}: {}", path.display(), row.line, row.urn);
            let urn = match Urn::parse(row.urn.as_str()) {
                Ok(urn) => urn,
                Err(e) => {
                    failures.push(format!("{at}: not an RFC 8141 URN: {e}"));
                    continue;
                }
            };
            if !urn.nid().eq_ignore_ascii_case(&nid) {
                failures.push(format!("{at}: NID {} in the file of {nid}", urn.nid()));
                continue;
            }
            let expected = match &row.verdict {
                Verdict::Valid => format!("valid (namespace {nid})"),
                Verdict::Invalid(index, message) => format!("invalid:{index}:{message}"),
            };
            let public = public_verdict(&urn);
            if public != expected {
                failures.push(format!(
                    "{at}: expected {expected}, the public API gives {public}"
                ));
            }
            // The grammar file, run by pest; where it accepts, the prose rule (if any) that
            // the public API reports.
            let offset = "urn:".len() + urn.nid().len() + 1;
            let nss = urn.nss();
            let parsed = vm.parse(&grammar.entry, nss).map(|_| ()).map_err(|e| {
                offset
                    + e.parse_attempts()
                        .map_or(0, |attempts| attempts.max_position)
            });
            let prose = match urn.check_namespace() {
                NamespaceCheck::Invalid(error)
                    if matches!(error.kind(), NamespaceErrorKind::Prose(_)) =>
                {
                    Err((error.index(), error.kind().to_string()))
                }
                _ => Ok(()),
            };
            let by_pest = match (&parsed, &prose) {
                (Err(index), _) => format!("invalid:{index}:{GRAMMAR_MESSAGE}"),
                (Ok(()), Err((index, message))) => format!("invalid:{index}:{message}"),
                (Ok(()), Ok(())) => format!("valid (namespace {nid})"),
            };
            let expected_by_pest = match &row.verdict {
                Verdict::Invalid(index, message) if message.starts_with(GRAMMAR_MESSAGE) => {
                    // The rule a grammar error names is a rule of the file.
                    let rule = message[GRAMMAR_MESSAGE.len()..]
                        .split(' ')
                        .next()
                        .unwrap_or_default();
                    if !rule_names.contains(rule) {
                        failures.push(format!("{at}: {rule} is no rule of {nid}.pest"));
                    }
                    format!("invalid:{index}:{GRAMMAR_MESSAGE}")
                }
                _ => expected.clone(),
            };
            if by_pest != expected_by_pest {
                failures.push(format!(
                    "{at}: expected {expected_by_pest}, the grammar file (pest) and the prose \
                     rule reported give {by_pest}"
                ));
            }
        }
    }
    assert!(counted > 0);
    assert!(
        failures.is_empty(),
        "{} of {counted} rows:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The names an expression refers to.
fn references(expr: &Expr, out: &mut Vec<String>) {
    match expr {
        Expr::Ident(name) => out.push(name.clone()),
        Expr::PosPred(e)
        | Expr::NegPred(e)
        | Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _) => references(e, out),
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            references(a, out);
            references(b, out);
        }
        Expr::Str(_) | Expr::Insens(_) | Expr::Range(_, _) => {}
        other => out.push(format!("<construct {other:?}>")),
    }
}

#[test]
fn namespace_grammars_follow_the_conventions() {
    let builtins = [
        "SOI",
        "EOI",
        "ASCII_DIGIT",
        "ASCII_NONZERO_DIGIT",
        "ASCII_BIN_DIGIT",
        "ASCII_OCT_DIGIT",
        "ASCII_HEX_DIGIT",
        "ASCII_ALPHA_LOWER",
        "ASCII_ALPHA_UPPER",
        "ASCII_ALPHA",
        "ASCII_ALPHANUMERIC",
        "ASCII",
    ];
    let mut failures = Vec::new();
    for grammar in grammars() {
        let file = format!("namespaces/{}.pest", grammar.nid);
        if !grammar.text.starts_with("//! ") {
            failures.push(format!("{file}: no //! header"));
        }
        for (index, line) in grammar.text.lines().enumerate() {
            if line.chars().count() > 100 {
                failures.push(format!("{file}:{}: longer than 100 columns", index + 1));
            }
        }
        let pairs = parser::parse(Rule::grammar_rules, &grammar.text).expect("a pest grammar");
        let ast = parser::consume_rules(pairs.clone()).expect("a valid grammar");
        let defined: BTreeSet<&str> = ast.iter().map(|rule| rule.name.as_str()).collect();
        // The `///` lines before each rule: the first names the document and section, or says
        // the rule was added.
        let mut doc: Vec<String> = Vec::new();
        for pair in pairs.filter(|p| p.as_rule() == Rule::grammar_rule) {
            let first = pair.clone().into_inner().next().expect("content");
            if first.as_rule() == Rule::line_doc {
                doc.push(first.as_str().trim_start_matches("///").trim().to_owned());
                continue;
            }
            let name = first.as_str();
            let lines = std::mem::take(&mut doc);
            match lines.first() {
                Some(line)
                    if line.starts_with("Added by urn-tag: ")
                        || line.split_once(':').is_some_and(|(head, _)| {
                            head.contains('§')
                                || head.contains("Appendix")
                                || head.contains("erratum")
                                || head.contains("registration template")
                                || head.starts_with("XML 1.0 production")
                        }) => {}
                Some(line) => failures.push(format!(
                    "{file}: {name}: the first /// line names no document and section: {line:?}"
                )),
                None => failures.push(format!("{file}: {name}: no /// lines")),
            }
        }
        for rule in &ast {
            let name = rule.name.as_str();
            if name != grammar.entry && !name.starts_with(&format!("{}_", grammar.entry)) {
                failures.push(format!(
                    "{file}: rule {name} lacks the prefix {}_",
                    grammar.entry
                ));
            }
            let mut used = Vec::new();
            references(&rule.expr, &mut used);
            for reference in used {
                if !defined.contains(reference.as_str()) && !builtins.contains(&reference.as_str())
                {
                    failures.push(format!("{file}: {name} uses {reference}"));
                }
            }
            if name == grammar.entry && rule.ty != RuleType::Silent {
                failures.push(format!("{file}: the entry rule {name} is not silent"));
            }
        }
        if !defined.contains(grammar.entry.as_str()) {
            failures.push(format!("{file}: no entry rule {}", grammar.entry));
        }
        // No rule reaches itself: the compiler supports no recursion.
        let graph: BTreeMap<&str, Vec<String>> = ast
            .iter()
            .map(|rule| {
                let mut used = Vec::new();
                references(&rule.expr, &mut used);
                (rule.name.as_str(), used)
            })
            .collect();
        for start in graph.keys() {
            let mut stack: Vec<&str> = graph[start].iter().map(String::as_str).collect();
            let mut seen = BTreeSet::new();
            while let Some(next) = stack.pop() {
                if next == *start {
                    failures.push(format!("{file}: {start} is recursive"));
                    break;
                }
                if seen.insert(next) {
                    stack.extend(graph.get(next).into_iter().flatten().map(String::as_str));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn all_namespace_grammars_make_one_grammar() {
    // A file's `//!` lines may only open a grammar, so they are left out after the first file.
    let all: String = grammars()
        .iter()
        .flat_map(|g| g.text.lines().filter(|line| !line.starts_with("//!")))
        .collect::<Vec<_>>()
        .join("\n");
    let rules = compile("namespaces/*.pest", &all);
    let names: BTreeSet<&str> = rules.iter().map(|rule| rule.name.as_str()).collect();
    assert_eq!(names.len(), rules.len());
}

/// namespaces/README.md lists every namespace of the IANA registry snapshot with its status, as
/// the files say it: a grammar (`namespaces/<nid>.pest`), no namespace-specific syntax
/// (`namespaces/no-specific-syntax.tsv`), or not checked; and its first table has a row for each
/// grammar.
#[test]
fn namespaces_readme_lists_every_registered_namespace_with_its_status() {
    let read = |path: &str| std::fs::read_to_string(Path::new(ROOT).join(path)).expect(path);
    let readme = read("namespaces/README.md");
    let registry = read("data/iana-urn-namespaces.tsv");
    let without_syntax: BTreeSet<String> = read("namespaces/no-specific-syntax.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .filter_map(|line| line.split('\t').next().map(str::to_owned))
        .collect();
    let with_grammar: BTreeSet<String> = grammars().into_iter().map(|g| g.nid).collect();
    let section = readme
        .split("## Every registered namespace")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a section \"Every registered namespace\"");
    let statuses: BTreeMap<&str, &str> = section
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            let nid = cells.first()?.strip_prefix("| `")?.strip_suffix('`')?;
            Some((nid, *cells.get(2)?))
        })
        .collect();
    let mut failures = Vec::new();
    let nids: Vec<&str> = registry
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("nid\t") && !line.is_empty())
        .filter_map(|line| line.split('\t').next())
        .collect();
    for nid in &nids {
        let expected = if with_grammar.contains(*nid) {
            "grammar: "
        } else if without_syntax.contains(*nid) {
            "checked: no namespace-specific syntax"
        } else {
            "not checked: "
        };
        match statuses.get(nid) {
            Some(status) if status.starts_with(expected) => {}
            Some(status) => failures.push(format!("{nid}: {status:?}, not {expected:?}...")),
            None => failures.push(format!("{nid}: no row")),
        }
    }
    if statuses.len() != nids.len() {
        failures.push(format!(
            "{} rows for {} namespaces",
            statuses.len(),
            nids.len()
        ));
    }
    // The counts the section's text gives before its table; once every registration with a
    // syntax has its grammar, the text says that the rest state none.
    let informal = registry
        .lines()
        .filter(|line| line.split('\t').nth(1) == Some("informal"))
        .count();
    let not_checked = nids
        .iter()
        .filter(|nid| !with_grammar.contains(**nid) && !without_syntax.contains(**nid))
        .count();
    let other = if not_checked == 0 { "The other " } else { "" };
    let counts = format!(
        "lists {} namespaces, {} formal and {informal} informal. {} have a grammar here. \
         {other}{} have a registration that states no",
        nids.len(),
        nids.len() - informal,
        with_grammar.len(),
        without_syntax.len()
    );
    let text: String = section
        .split("\n| NID |")
        .next()
        .expect("text")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if !text.contains(&counts) {
        failures.push(format!("the section's text does not say {counts:?}"));
    }
    let first_table = readme.split("\n## ").next().expect("text");
    for nid in &with_grammar {
        if !first_table.contains(&format!("\n| `{nid}` | ")) {
            failures.push(format!("{nid}: no row in the first table"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
