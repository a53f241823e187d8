//! Style gates for every `.pest` file at the repository root and in `namespaces/` (see
//! docs/grammar-review.md): each rule names its RFC section (or the registration document and
//! section) in the `///` lines before it, or says that the crate added it; comments point at
//! source files that exist rather than at private functions; and the file is formatted.
//!
//! The formatting check stands in for pest_fmt, which cannot be a dependency here: it turns on
//! pest_derive's `std` feature, and the library is `no_std`. Its layout is the one pest_fmt
//! writes, token by token, with line breaks left to the author (see [`canonical`]).
#![cfg(feature = "grammar-tools")]

use pest::iterators::Pair;
use pest_meta::parser::{self, Rule};
use regex::Regex;

/// The `.pest` files in `dir` (relative to the repository root), with their paths from the
/// root and their text.
fn grammar_files_in(dir: &str) -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(String, String)> = std::fs::read_dir(root.join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pest"))
        .map(|path| {
            let name = path
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&path).expect("grammar file");
            (name, text)
        })
        .collect();
    files.sort();
    files
}

/// The `.pest` files at the repository root and the namespace grammars of `namespaces/`.
fn grammar_files() -> Vec<(String, String)> {
    let mut files = grammar_files_in(".");
    assert!(files.iter().any(|(name, _)| name == "urn.pest"));
    let namespaces = grammar_files_in("namespaces");
    assert!(
        namespaces.len() >= 20,
        "{} namespace grammars",
        namespaces.len()
    );
    files.extend(namespaces);
    files
}

/// A namespace grammar's entry rule: its NID, with `nid_` before a NID that starts with a
/// digit; `None` for a file at the root.
fn namespace_entry(file: &str) -> Option<String> {
    let nid = file.strip_prefix("namespaces/")?.strip_suffix(".pest")?;
    Some(if nid.starts_with(|c: char| c.is_ascii_digit()) {
        format!("nid_{nid}")
    } else {
        // `-` cannot be in a rule name (`urn-7`: `urn_7`).
        nid.replace('-', "_")
    })
}

/// The rules of a grammar file, each with its `///` lines.
fn rules(text: &str) -> Vec<(Pair<'_, Rule>, Vec<&str>)> {
    let pairs = parser::parse(Rule::grammar_rules, text).expect("a pest grammar");
    let mut rules = Vec::new();
    let mut doc = Vec::new();
    for pair in pairs.filter(|p| p.as_rule() == Rule::grammar_rule) {
        let first = pair.clone().into_inner().next().expect("content");
        if first.as_rule() == Rule::line_doc {
            doc.push(first.into_inner().next().map_or("", |d| d.as_str()));
        } else {
            rules.push((pair, std::mem::take(&mut doc)));
        }
    }
    rules
}

/// The marker that opens the first `///` line of a rule no RFC has: an entry rule, a wrapper
/// of the erratum or of the lenient syntax, an authority of unknown form.
const ADDED: &str = "Added by urn-tag: ";

#[test]
fn every_rule_names_its_rfc_section_first() {
    // "RFC 8141 §2.3.1", "RFC 5234 Appendix B.1", "draft-ietf-urnbis-rfc2141bis-urn-01
    // Appendix B", "RFC 4151 §2.1", "RFC 4151 erratum 1485", each followed by ":" (then the
    // ABNF or a comment); for the namespace registrations that are not RFCs, an IANA
    // registration template and the section of it ("IANA registration template for urn:mrn,
    // version 2, "Syntax":") or the production of the standard a registration names ("XML
    // 1.0 production [13] (...):"); or the marker of a rule the crate added.
    let section = Regex::new(concat!(
        r"^((RFC [0-9]{4}|draft-ietf-[a-z0-9-]+-[0-9]{2}) ",
        r"(§[0-9]+(\.[0-9]+)*|Appendix [A-Z](\.[0-9]+)*|erratum [0-9]+)\b[^:]*:",
        r#"|IANA registration template for urn:[a-z0-9-]+, version [0-9]+(\.[0-9]+)?, "[A-Za-z ]+"[^:]*:"#,
        r"|XML 1\.0 production \[[0-9]+\][^:]*:",
        r"|Added by urn-tag: )",
    ))
    .expect("regex");
    let mut failures = Vec::new();
    for (file, text) in grammar_files() {
        for (rule, doc) in rules(&text) {
            let name = rule.clone().into_inner().next().expect("name").as_str();
            let line = rule.as_span().start_pos().line_col().0;
            match doc.first() {
                Some(first) if section.is_match(first) => {}
                Some(first) => failures.push(format!(
                    "{file}:{line}: {name}: the first /// line starts neither with an RFC \
                     section (or a registration's document and section) and a colon nor with \
                     {ADDED:?}: {first:?}"
                )),
                None => failures.push(format!("{file}:{line}: {name}: no /// lines")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Rules that the RFCs have must not say the crate added them: the marker is kept for the
/// rules that no RFC has, whose names start with an entry rule's name or a prefix of the
/// crate's own variants, or are the opaque authority. In a namespace grammar, the entry rule
/// carries the marker, and no rule whose name the file quotes as defined by the registration
/// (`name = ...` in ABNF, `<name> ::= ...` in BNF, in its `///` lines) does.
#[test]
fn only_invented_rules_carry_the_added_marker() {
    let entries = [
        "rfc8141",
        "rfc2141",
        "rfc2141bis",
        "rfc4151",
        "erratum1485",
        "lenient",
    ];
    let invented = |name: &str| {
        entries.contains(&name)
            || name.starts_with("lenient_")
            || name == "opaqueAuthority"
            || name == "erratum1485_tagURI"
            || name == "erratum1485_authorityName"
    };
    let definition = Regex::new(r"^\s*<?([A-Za-z][A-Za-z0-9-]*)>?\s*(=|::=)").expect("regex");
    let mut failures = Vec::new();
    for (file, text) in grammar_files() {
        let rules = rules(&text);
        let namespace = namespace_entry(&file);
        // The rule names the registration defines, as the file quotes them, written as the
        // file's rule names are: the NID prefix, "-" as "_".
        let defined: Vec<String> = rules
            .iter()
            .flat_map(|(_, doc)| doc.iter())
            .filter_map(|line| definition.captures(line))
            .map(|found| {
                let name = found[1].replace('-', "_");
                format!("{}_{name}", namespace.as_deref().unwrap_or_default())
            })
            .collect();
        for (rule, doc) in &rules {
            let name = rule.clone().into_inner().next().expect("name").as_str();
            let marked = doc.first().is_some_and(|first| first.starts_with(ADDED));
            let fault = match &namespace {
                None if marked != invented(name) => {
                    Some(format!("marked {marked}, invented {}", invented(name)))
                }
                Some(entry) if name == entry && !marked => {
                    Some("the entry rule lacks the marker".to_owned())
                }
                Some(_) if marked && defined.iter().any(|d| d == name) => {
                    Some("marked, but the registration defines a rule of that name".to_owned())
                }
                _ => None,
            };
            if let Some(fault) = fault {
                failures.push(format!("{file}: {name}: {fault}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Comments cite the source files that check what a grammar leaves to Rust, and those files
/// exist; they never name a private function, which a reviewer cannot find and a rename
/// silently breaks.
#[test]
fn comments_cite_files_that_exist_not_functions() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file_reference = Regex::new(r"\bsrc/[a-z0-9_/]+\.rs\b").expect("regex");
    let rust_path = Regex::new(r"`[a-z_]+::[a-z_]+`").expect("regex");
    let mut failures = Vec::new();
    let mut cited = 0;
    for (file, text) in grammar_files() {
        for (index, line) in text.lines().enumerate() {
            let comment = match line.find("//") {
                Some(start) => &line[start..],
                None => continue,
            };
            for found in file_reference.find_iter(comment) {
                cited += 1;
                if !root.join(found.as_str()).is_file() {
                    failures.push(format!("{file}:{}: no file {}", index + 1, found.as_str()));
                }
            }
            if let Some(found) = rust_path.find(comment) {
                failures.push(format!(
                    "{file}:{}: cite the file, not the function {}",
                    index + 1,
                    found.as_str()
                ));
            }
        }
    }
    assert!(
        cited >= 4,
        "the grammars cite the files that check their rules"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The rule as pest_fmt lays it out on one line: `name = _{ a ~ (b | c)* ~ !"x" ~ d{1, 3} }`.
/// One space around `=`, `~` and `|` and inside the braces, none after a prefix operator
/// (`!`, `&`), before a postfix one (`?`, `*`, `+`, `{n, m}`) or inside parentheses;
/// terminals as written, a range as `'a'..'z'`.
fn canonical(pair: Pair<'_, Rule>, out: &mut String) {
    match pair.as_rule() {
        Rule::grammar_rule => {
            let mut inner = pair.into_inner();
            out.push_str(inner.next().expect("name").as_str());
            out.push_str(" =");
            let mut separated = false;
            for part in inner {
                match part.as_rule() {
                    Rule::assignment_operator => {}
                    Rule::silent_modifier
                    | Rule::atomic_modifier
                    | Rule::compound_atomic_modifier
                    | Rule::non_atomic_modifier => {
                        out.push(' ');
                        out.push_str(part.as_str());
                        separated = true;
                    }
                    Rule::opening_brace => out.push_str(if separated { "{ " } else { " { " }),
                    Rule::closing_brace => out.push_str(" }"),
                    _ => canonical(part, out),
                }
            }
        }
        Rule::expression => {
            for (i, part) in pair.into_inner().enumerate() {
                match part.as_rule() {
                    Rule::sequence_operator | Rule::choice_operator if i == 0 => {
                        out.push_str(part.as_str());
                        out.push(' ');
                    }
                    Rule::sequence_operator | Rule::choice_operator => {
                        out.push(' ');
                        out.push_str(part.as_str());
                        out.push(' ');
                    }
                    _ => canonical(part, out),
                }
            }
        }
        Rule::term | Rule::range => pair.into_inner().for_each(|part| canonical(part, out)),
        Rule::repeat_exact | Rule::repeat_min | Rule::repeat_max | Rule::repeat_min_max => {
            for part in pair.into_inner() {
                out.push_str(part.as_str());
                if part.as_rule() == Rule::comma {
                    out.push(' ');
                }
            }
            if out.ends_with(", }") {
                out.truncate(out.len() - 3);
                out.push_str(",}");
            }
        }
        Rule::tag_id => {
            out.push_str(pair.as_str());
            out.push(' ');
        }
        Rule::assignment_operator => out.push_str("= "),
        _ => out.push_str(pair.as_str()),
    }
}

/// `text` with comments dropped and every run of white space outside literals made one space;
/// a line break before `|` or `}` (pest_fmt's layout of a long rule) counts as one space too.
fn squeezed(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut space = false;
    while let Some(ch) = chars.next() {
        match ch {
            '"' | '\'' => {
                if space {
                    out.push(' ');
                    space = false;
                }
                out.push(ch);
                while let Some(inner) = chars.next() {
                    out.push(inner);
                    if inner == '\\' {
                        out.extend(chars.next());
                    } else if inner == ch {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                for skipped in chars.by_ref() {
                    if skipped == '\n' {
                        break;
                    }
                }
                space = true;
            }
            c if c.is_whitespace() => space = true,
            c => {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                out.push(c);
            }
        }
    }
    out
}

#[test]
fn grammar_files_are_formatted() {
    let mut failures = Vec::new();
    for (file, text) in grammar_files() {
        if text.contains('\r') || text.contains('\t') {
            failures.push(format!("{file}: carriage return or tab"));
        }
        if !text.ends_with('\n') || text.ends_with("\n\n") {
            failures.push(format!("{file}: must end with exactly one newline"));
        }
        for (index, line) in text.lines().enumerate() {
            if line.ends_with(' ') {
                failures.push(format!("{file}:{}: trailing white space", index + 1));
            }
            if line.chars().count() > 100 {
                failures.push(format!("{file}:{}: longer than 100 columns", index + 1));
            }
        }
        if text.contains("\n\n\n") {
            failures.push(format!("{file}: two blank lines in a row"));
        }
        for (rule, _) in rules(&text) {
            let line = rule.as_span().start_pos().line_col().0;
            let written = rule
                .clone()
                .into_inner()
                .next()
                .map(|name| &text[name.as_span().start()..rule.as_span().end()])
                .expect("name");
            let mut expected = String::new();
            canonical(rule.clone(), &mut expected);
            if squeezed(written) != expected {
                failures.push(format!(
                    "{file}:{line}: write\n    {expected}\nnot\n    {written}"
                ));
            }
            // A rule starts a line, right after its `///` lines.
            let before = &text[..rule.as_span().start()];
            let previous = before.trim_end_matches('\n').lines().last().unwrap_or("");
            if !before.ends_with('\n') || before.ends_with("\n\n") {
                failures.push(format!(
                    "{file}:{line}: a rule starts its own line, after its /// lines"
                ));
            } else if !previous.starts_with("///") && !previous.starts_with("//") {
                failures.push(format!("{file}:{line}: not preceded by its /// lines"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn canonical_layout_examples() {
    let cases = [
        ("a = { b }\n", "a = { b }"),
        ("a = _{b~c|d}\n", "a = _{ b ~ c | d }"),
        (
            "a = @{ ! \"x\" ~ (b | c) * ~ d{0,30} ~ e{2,} ~ f{,3} ~ 'a' .. 'z' }\n",
            "a = @{ !\"x\" ~ (b | c)* ~ d{0, 30} ~ e{2,} ~ f{, 3} ~ 'a'..'z' }",
        ),
        ("a = ${\n    b\n  | \"c d\"\n}\n", "a = ${ b | \"c d\" }"),
    ];
    for (text, expected) in cases {
        let (rule, _) = rules(text).into_iter().next().expect("a rule");
        let mut out = String::new();
        canonical(rule, &mut out);
        assert_eq!(out, expected, "{text:?}");
    }
    assert_eq!(
        squeezed("a = ${\n    b\n  | \"c  d\" // note\n}"),
        "a = ${ b | \"c  d\" }"
    );
}
