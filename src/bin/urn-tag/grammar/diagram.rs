//! `urn-tag grammar diagram`: one HTML page per grammar file, with a railroad diagram of every
//! rule drawn from the file's own syntax tree (pest_meta), next to the rule's `///` text and
//! its pest body as written.

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use urn_tag::grammar_tools::{Diagrams, GrammarText, RuleKind, RuleText};

use super::{GRAMMAR_FILES, GrammarFile};
use crate::output::{Output, Status, WriteFailed, Written, describe};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Directory to write the pages to (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Write nothing: compare the pages with those in DIR and exit 1 if one differs.
    #[arg(long)]
    check: bool,
}

pub fn run(args: &Args, out: &mut Output) -> Written {
    match write_or_compare(args, out)? {
        Ok(stale) if stale.is_empty() => Ok(()),
        Ok(stale) => {
            out.raise_status(Status::No);
            for path in &stale {
                out.message(format_args!("{} is stale", path.display()))?;
            }
            out.message(format_args!(
                "run `cargo run --features grammar-tools -- grammar diagram --out {}`",
                args.out.display()
            ))
        }
        Err(message) => {
            out.raise_status(Status::Trouble);
            out.message(message)
        }
    }
}

/// An I/O error as a message naming its path.
fn at(path: &Path) -> impl Fn(io::Error) -> String + '_ {
    move |e| format!("{}: {}", path.display(), describe(&e))
}

/// Writes the pages (listing each on standard output), or with `--check` lists the pages in
/// the directory that differ from what would be written; `Err` says why a page or the
/// directory could not be made or read.
fn write_or_compare(
    args: &Args,
    out: &mut Output,
) -> Result<Result<Vec<PathBuf>, String>, WriteFailed> {
    let mut stale = Vec::new();
    for file in GRAMMAR_FILES {
        let page = match page(file) {
            Ok(page) => page,
            Err(message) => return Ok(Err(message)),
        };
        let path = args.out.join(page_name(file));
        if args.check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(page.as_str()) {
                stale.push(path);
            }
            continue;
        }
        let dir = path.parent().unwrap_or(&args.out);
        if let Err(message) = std::fs::create_dir_all(dir).map_err(at(dir)) {
            return Ok(Err(message));
        }
        if let Err(message) = std::fs::write(&path, page).map_err(at(&path)) {
            return Ok(Err(message));
        }
        writeln!(out, "wrote {}", path.display())?;
    }
    if args.check {
        match strays(&args.out) {
            Ok(strays) => stale.extend(strays),
            Err((dir, e)) => return Ok(Err(at(&dir)(e))),
        }
    }
    Ok(Ok(stale))
}

/// `urn.pest` -> `urn.html`, `namespaces/uuid.pest` -> `namespaces/uuid.html`.
fn page_name(file: &GrammarFile) -> String {
    let stem = file.name.strip_suffix(".pest").unwrap_or(file.name);
    format!("{stem}.html")
}

/// HTML pages in `dir`, and in its subdirectories that hold pages, that no grammar file
/// produces; or the directory that could not be read, and why.
fn strays(dir: &Path) -> Result<Vec<PathBuf>, (PathBuf, io::Error)> {
    let expected: Vec<String> = GRAMMAR_FILES.iter().map(page_name).collect();
    let mut subdirs: Vec<&str> = expected
        .iter()
        .map(|page| page.rsplit_once('/').map_or("", |(subdir, _)| subdir))
        .collect();
    subdirs.sort_unstable();
    subdirs.dedup();
    let mut strays = Vec::new();
    for subdir in subdirs {
        let path = dir.join(subdir);
        let entries = match std::fs::read_dir(&path) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err((path, e)),
        };
        for entry in entries {
            let page = entry.map_err(|e| (path.clone(), e))?.path();
            let name = page.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let relative = if subdir.is_empty() {
                name.to_owned()
            } else {
                format!("{subdir}/{name}")
            };
            if name.ends_with(".html") && !expected.contains(&relative) {
                strays.push(page);
            }
        }
    }
    strays.sort();
    Ok(strays)
}

/// The page of one grammar file. Deterministic: the same file gives the same bytes.
fn page(file: &GrammarFile) -> Result<String, String> {
    let grammar = GrammarText::read(file.source).map_err(|errors| {
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!("{}: {}", file.name, errors.join("\n"))
    })?;
    let mut html = String::new();
    let name = escape(file.name);
    write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{name}: rules and railroad diagrams</title>\n<style>\n{PAGE_CSS}</style>\n\
         <style>\n{}\n</style>\n</head>\n<body>\n<h1>{name}</h1>\n\
         <p class=\"generated\">Generated from <code>{name}</code> by <code>urn-tag grammar \
         diagram</code>; do not edit. Each rule shows its <code>///</code> text (the \
         document and section it transcribes, and its syntax), its <code>// PEG:</code> notes, its pest body as written, and a railroad \
         diagram of that body.</p>\n",
        railroad::DEFAULT_CSS
    )
    .expect("write to String");
    if !grammar.doc.is_empty() {
        writeln!(
            html,
            "<pre class=\"doc\">{}</pre>",
            escape(&grammar.doc.join("\n"))
        )
        .expect("write to String");
    }
    html.push_str("<nav>\n<ul>\n");
    for rule in &grammar.rules {
        writeln!(html, "<li><a href=\"#{0}\">{0}</a></li>", escape(rule.name))
            .expect("write to String");
    }
    html.push_str("</ul>\n</nav>\n");
    let diagrams = grammar.diagrams();
    for rule in &grammar.rules {
        section(&diagrams, rule, &mut html);
    }
    html.push_str("</body>\n</html>\n");
    Ok(html)
}

fn section(diagrams: &Diagrams, rule: &RuleText<'_>, html: &mut String) {
    let name = escape(rule.name);
    let kind = match rule.kind() {
        RuleKind::Normal => "",
        RuleKind::Silent => " (silent)",
        RuleKind::Atomic => " (atomic)",
        RuleKind::CompoundAtomic => " (compound-atomic)",
        RuleKind::NonAtomic => " (non-atomic)",
    };
    write!(
        html,
        "<section id=\"{name}\">\n<h2><a href=\"#{name}\">{name}</a>{kind} \
         <span class=\"line\">line {}</span></h2>\n",
        rule.line
    )
    .expect("write to String");
    if !rule.doc.is_empty() {
        writeln!(
            html,
            "<pre class=\"doc\">{}</pre>",
            escape(&rule.doc.join("\n"))
        )
        .expect("write to String");
    }
    if !rule.notes.is_empty() {
        writeln!(
            html,
            "<pre class=\"notes\">{}</pre>",
            escape(&rule.notes.join("\n"))
        )
        .expect("write to String");
    }
    writeln!(html, "<pre class=\"body\">{}</pre>", escape(rule.text)).expect("write to String");
    // Every rule of the text has its diagram.
    let diagram = diagrams.draw(rule.name).unwrap_or_default();
    writeln!(html, "{diagram}\n</section>").expect("write to String");
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

const PAGE_CSS: &str = "\
body { font-family: sans-serif; max-width: 72rem; margin: 1rem auto; padding: 0 1rem; }
pre { background: #f6f8fa; padding: 0.5rem 0.75rem; overflow-x: auto; margin: 0.4rem 0; }
pre.notes { background: #fff8e1; }
pre.body { background: #eef6ee; }
nav ul { columns: 4; font-family: monospace; }
section { border-top: 1px solid #ccc; margin-top: 1.5rem; }
h2 .line { font-size: 0.8rem; font-weight: normal; color: #666; }
svg.railroad { display: block; margin: 0.5rem 0; }
";
