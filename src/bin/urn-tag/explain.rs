//! `urn-tag explain`: a breakdown of one identifier, or its error drawn under the input.
//!
//! The breakdown of a URN shows its namespace after its syntax: the grammar file that applied
//! and the rule each part of the NSS matched, or that there is no grammar for the NID. A
//! namespace error is drawn under a caret: as a note, or with `--namespaces` as the verdict.
//! Either way the breakdown follows, since the URN has parts to show, and they are what the
//! reader needs to see why its namespace refuses it.
//!
//! With `--json`, the same breakdown is one JSON object for programs (docs/json/ has its
//! schema): the fields `check --json` has, and the parts, the namespace and the lints.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::Range;

use urn_tag::namespace::{NamespaceCheck, NamespaceErrorKind};
use urn_tag::tag::AuthorityKind;
use urn_tag::{Identifier, Part, Scheme, TagLint, TagSyntax, TagUri, Urn, UrnLint, UrnSyntax};

use crate::identifiers::{self, Event, InputArgs, Next, Origin};
use crate::input::Source;
use crate::json::JsonLine;
use crate::output::{Output, Palette, Status, Written};
use crate::report;
use crate::syntax_args::SyntaxArgs;
use crate::verdict::{self, Problem};

/// What `--namespaces` means to `explain`.
const NAMESPACES_HELP: &str = "Make a URN that breaks the grammar or prose rules of its \
namespace (namespaces/NID.pest) invalid (exit status 1). Without it, the breakdown still shows \
the namespace and draws its error as a note";

#[derive(Debug, clap::Args)]
#[command(mut_arg("namespaces", |arg| arg.help(NAMESPACES_HELP)))]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print each breakdown as one JSON object on its own line (its fields are described in
    /// docs/json/explain.schema.json; one about a line ends with "file" and "line", as check
    /// --json's does), for programs.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    input: InputArgs,
}

/// Explains each input in turn.
struct Explainer<'a> {
    args: &'a Args,
    /// Whether a breakdown was written already (the next one follows an empty line).
    written: bool,
    /// Whether a text breakdown of a line starts with its file's name, and with its line
    /// number (as `check` starts its answers: the name when more than one source is read, the
    /// number when a file is).
    file_name: bool,
    line_number: bool,
    /// The `--json` record being written, its buffer kept from input to input.
    json: JsonLine,
}

/// Prints a breakdown of each input (JSON Lines with `--json`); exits 0 if every input is
/// valid, 1 if one is not, 2 if an input cannot be read.
pub fn run(args: &Args, out: &mut Output) -> Written {
    let sources = args.input.sources();
    let mut explainer = Explainer {
        args,
        written: false,
        file_name: sources.len() > 1,
        line_number: sources.iter().any(|s| matches!(s, Source::File(_))),
        json: JsonLine::default(),
    };
    identifiers::read_each(&args.input, out, |out, event| {
        match event {
            Event::Input(input, origin) => explainer.explain(out, input.bytes(), origin, false)?,
            Event::TooLong(head, origin) => explainer.explain(out, head, origin, true)?,
            Event::Opened(_) | Event::Blank | Event::Closed => {}
        }
        Ok(Next::Read)
    })?;
    Ok(())
}

impl Explainer<'_> {
    /// Explains one input (`cut`: the first bytes of a line longer than the maximum).
    fn explain(
        &mut self,
        out: &mut Output,
        input: &[u8],
        origin: Origin<'_>,
        cut: bool,
    ) -> Written {
        if self.args.json {
            return self.explain_json(out, input, origin, cut);
        }
        if std::mem::replace(&mut self.written, true) {
            out.write_bytes(b"\n")?;
        }
        if let Origin::Line { source, line } = origin {
            if self.file_name {
                out.write_strs(&[&source.shown(), ":"])?;
            }
            if self.line_number {
                write!(out, "{line}: ")?;
            } else if self.file_name {
                out.write_bytes(b" ")?;
            }
        }
        let args = self.args;
        let palette = out.palette();
        let bad = palette.bad;
        if cut {
            out.raise_status(Status::No);
            let max = args.input.max_line_bytes;
            writeln!(out, "{}", report::echo_head(input))?;
            writeln!(
                out,
                "  {bad}invalid{bad:#}: {}",
                Problem::LineTooLong { max }
            )?;
            return out.answered();
        }
        // The URN is read by its syntax alone and its namespace checked here: a URN that breaks
        // its namespace's rules still has a breakdown to show.
        let syntax = args.syntax.syntax().with_namespaces(false);
        match verdict::identify(input, syntax) {
            Ok(Identifier::Urn(urn)) => {
                let (urn, check) = with_namespace_checked(urn);
                let namespaces = args.syntax.namespaces;
                if namespaces && matches!(check, NamespaceCheck::Invalid(_)) {
                    out.raise_status(Status::No);
                }
                let shown = explain_urn(&urn, check, namespaces, palette);
                out.write_bytes(shown.as_bytes())?
            }
            Ok(Identifier::Tag(tag)) => out.write_bytes(explain_tag(&tag, palette).as_bytes())?,
            Err(problem) => {
                out.raise_status(Status::No);
                let what = match verdict::scheme_of(input) {
                    Some(Scheme::Urn) => {
                        format!("invalid URN under {}", args.syntax.spec.document())
                    }
                    Some(Scheme::Tag) => {
                        format!(
                            "invalid tag URI under {}",
                            syntax_name(args.syntax.tag_syntax)
                        )
                    }
                    None => "invalid".to_owned(),
                };
                let index = usize::try_from(problem.index()).unwrap_or(usize::MAX);
                writeln!(out, "{}", report::echo(input))?;
                writeln!(out, "  {bad}{what}{bad:#}: {problem}")?;
                writeln!(out, "{}", report::caret(input, index, "  "))?;
            }
        }
        out.answered()
    }
}

/// The table of parts: name, byte range, text, and the grammar rule it came from.
fn parts_table(
    text: &str,
    parts: impl Iterator<Item = (Part, std::ops::Range<usize>)>,
    rule: impl Fn(Part) -> &'static str,
) -> String {
    let rows: Vec<(Part, String, String)> = parts
        .map(|(part, range)| {
            let bytes = format!("{}..{}", range.start, range.end);
            (part, bytes, quoted_window(&text[range]))
        })
        .collect();
    // Wide enough for the longest text and two spaces, so that the rule stays apart from it;
    // the texts are windows, so the column stays narrow whatever the input.
    let width = rows
        .iter()
        .map(|(_, _, quoted)| quoted.chars().count() + 2)
        .chain([24])
        .max()
        .unwrap_or_default();
    let bytes_width = bytes_column_width(rows.iter().map(|(_, bytes, _)| bytes));
    let mut out = format!(
        "  {:<13}{:<bytes_width$}{:<width$}{}\n",
        "part", "bytes", "text", "grammar rule"
    );
    for (part, bytes, quoted) in rows {
        let _ = writeln!(
            out,
            "  {:<13}{bytes:<bytes_width$}{quoted:<width$}{}",
            part.name(),
            rule(part)
        );
    }
    out
}

/// The width of a column of byte ranges: 10, or wider for ranges past 99 999 (`12..1000012`)
/// so that two spaces still part them from the next column.
fn bytes_column_width<'a>(ranges: impl Iterator<Item = &'a String>) -> usize {
    ranges
        .map(|range| range.len() + 2)
        .chain([10])
        .max()
        .unwrap_or_default()
}

/// The bytes of a long text a table shows from its start, and from its end.
const WINDOW_HEAD: usize = 120;
const WINDOW_TAIL: usize = 60;

/// `text` quoted (as `{:?}` quotes it), or for a text longer than [`WINDOW_HEAD`] +
/// [`WINDOW_TAIL`] bytes, its first and last bytes around `…`: a long input is shown in a
/// window of about 180 bytes, as where an error is drawn under it. A part may be as long as
/// the input (an NSS of a million bytes); a row that long is read by no one, and a column that
/// wide is more than the formatter pads (its widths stop at `u16::MAX`).
fn quoted_window(text: &str) -> String {
    if text.len() <= WINDOW_HEAD + WINDOW_TAIL {
        return format!("{text:?}");
    }
    let mut head_end = WINDOW_HEAD;
    while !text.is_char_boundary(head_end) {
        head_end -= 1;
    }
    let mut tail_start = text.len() - WINDOW_TAIL;
    while !text.is_char_boundary(tail_start) {
        tail_start += 1;
    }
    let (head, tail) = (
        format!("{:?}", &text[..head_end]),
        format!("{:?}", &text[tail_start..]),
    );
    // Each is quoted; the closing quote of the head and the opening one of the tail go.
    format!("{}…{}", &head[..head.len() - 1], &tail[1..])
}

/// How explain names a tag syntax.
fn syntax_name(syntax: TagSyntax) -> &'static str {
    match syntax {
        TagSyntax::Rfc4151 => "RFC 4151",
        TagSyntax::Erratum1485 => "RFC 4151 with erratum 1485",
        TagSyntax::Lenient => "RFC 4151, lenient authority",
    }
}

fn explain_tag(tag: &TagUri<&str>, palette: Palette) -> String {
    let good = palette.good;
    let mut out = format!(
        "{}\n  {good}valid tag URI{good:#} under {}\n",
        report::echo(tag.as_str().as_bytes()),
        syntax_name(tag.syntax())
    );
    out += &parts_table(tag.as_str(), tag.parts(), |part| tag_rule(tag, part));
    let authority = match (tag.authority_kind(), tag.local_part(), tag.domain()) {
        (AuthorityKind::Email, Some(local), Some(domain)) => {
            format!("email address: local part {local:?}, domain {domain:?}")
        }
        (AuthorityKind::Dns, ..) => format!("DNS name {:?}", tag.authority()),
        _ => format!(
            "{:?}, of no RFC 4151 form: the tag does not conform (§2.1 still forbids rejecting it)",
            tag.authority()
        ),
    };
    out += &format!("  authority    {authority}\n");
    out += &format!(
        "  date         {} (RFC 4151 §2.2: month and day default to 01)\n",
        tag.date()
    );
    out += "  equality     exact, character by character (RFC 4151 §2.4)\n";
    let dim = palette.dim;
    for lint in tag.lints() {
        out += &format!("  {dim}note        {dim:#} {lint}\n");
    }
    out
}

/// The grammar rule of `tag.pest` each part of `tag` comes from.
fn tag_rule(tag: &TagUri<&str>, part: Part) -> &'static str {
    match part {
        Part::Scheme => match tag.syntax() {
            TagSyntax::Rfc4151 => "tagURI",
            TagSyntax::Erratum1485 => "erratum1485_tagURI",
            TagSyntax::Lenient => "lenient_tagURI",
        },
        Part::Authority => tag.authority_rule().grammar_rule(),
        Part::Date => "date",
        Part::Specific => "specific",
        _ => "fragment",
    }
}

/// `urn`, its namespace checked once, and the verdict: a URN that follows its namespace keeps
/// the verdict, which its lints then read instead of checking again.
fn with_namespace_checked(urn: Urn<&str>) -> (Urn<&str>, NamespaceCheck) {
    match urn.into_namespace_checked() {
        Ok(checked) => (checked, checked.check_namespace()),
        Err(error) => (urn, NamespaceCheck::Invalid(error)),
    }
}

/// The grammar rule of `urn.pest` each part comes from.
fn rule(spec: UrnSyntax, part: Part) -> &'static str {
    match (spec, part) {
        (UrnSyntax::Rfc8141, Part::Scheme) => "assigned_name",
        (UrnSyntax::Rfc8141, Part::Nid) => "NID",
        (UrnSyntax::Rfc8141, Part::Nss) => "NSS",
        (UrnSyntax::Rfc2141, Part::Scheme) => "rfc2141_URN",
        (UrnSyntax::Rfc2141, Part::Nid) => "rfc2141_NID",
        (UrnSyntax::Rfc2141, Part::Nss) => "rfc2141_NSS",
        (UrnSyntax::Rfc2141bis, Part::Scheme) => "rfc2141bis_URI",
        (UrnSyntax::Rfc2141bis, Part::Nid) => "rfc2141bis_NID",
        (UrnSyntax::Rfc2141bis, Part::Nss) => "rfc2141bis_NSS",
        (_, Part::RComponent) => "r_component",
        (_, Part::QComponent) => "q_component",
        (_, Part::FComponent) => "f_component",
        (_, Part::Query) => "query",
        (_, _) => "fragment",
    }
}

/// The breakdown of a URN, with `check`, its namespace's verdict; with `namespaces`, a
/// namespace error is the verdict on the URN.
fn explain_urn(
    urn: &Urn<&str>,
    check: NamespaceCheck,
    namespaces: bool,
    palette: Palette,
) -> String {
    let (good, bad) = (palette.good, palette.bad);
    let document = urn.syntax().document();
    let mut out = format!("{}\n", report::echo(urn.as_str().as_bytes()));
    match check {
        NamespaceCheck::Invalid(error) if namespaces => {
            let nid = error.namespace().nid();
            let _ = writeln!(
                out,
                "  {bad}invalid URN{bad:#} under {document} and the rules of namespace {nid}: {error}"
            );
            out += &report::caret(urn.as_str().as_bytes(), error.index(), "  ");
            out += "\n";
        }
        NamespaceCheck::Valid(namespace) if namespaces => {
            let nid = namespace.nid();
            let _ = writeln!(
                out,
                "  {good}valid URN{good:#} under {document} and the rules of namespace {nid}"
            );
        }
        _ => {
            let _ = writeln!(out, "  {good}valid URN{good:#} under {document}");
        }
    }
    out += &parts_table(urn.as_str(), urn.parts(), |part| rule(urn.syntax(), part));
    let class = urn.nid_class();
    let clause = class.clause().map_or_else(
        || " (RFC 8141 §5.1)".to_owned(),
        |clause| format!(": {clause}"),
    );
    let registration = match urn.registration() {
        Some(entry) => format!("registered with IANA ({})", entry.reference()),
        None => "not in the IANA registry".to_owned(),
    };
    out += &format!("  NID class    {class}{clause}; {registration}\n");
    out += &namespace_lines(urn, check);
    out += &format!("  normalized   {}\n", urn.normalized());
    out += &format!("  key          {}\n", urn.equivalence_key());
    let display = urn.display_form();
    if display != urn.as_str() {
        out += &format!("  display      {display}\n");
    }
    let dim = palette.dim;
    for lint in urn.lints() {
        match lint {
            // With --namespaces, the namespace error is the verdict, drawn above.
            UrnLint::Namespace(_) if namespaces => {}
            UrnLint::Namespace(error) => {
                out += &format!("  {dim}note        {dim:#} {lint}\n");
                out += &report::caret(urn.as_str().as_bytes(), error.index(), NOTE_INDENT);
                out += "\n";
            }
            _ => out += &format!("  {dim}note        {dim:#} {lint}\n"),
        }
    }
    out
}

/// Where the text of a note starts, for the caret drawn under a namespace error.
const NOTE_INDENT: &str = "               ";

/// The namespace lines of a URN's breakdown: the grammar that applied and what it made of the
/// NSS (each rule the NSS matched, with its bytes and text), or that there is none.
fn namespace_lines(urn: &Urn<&str>, check: NamespaceCheck) -> String {
    let namespace = match check {
        NamespaceCheck::Valid(namespace) => namespace,
        NamespaceCheck::Invalid(error) => error.namespace(),
        NamespaceCheck::NoSpecificSyntax { nid, registration } => {
            return format!(
                "  namespace    {nid}: checked: no namespace-specific syntax ({registration})\n"
            );
        }
        _ => {
            return format!(
                "  namespace    not checked: no grammar for NID {}\n",
                urn.nid()
            );
        }
    };
    let verdict = match check {
        NamespaceCheck::Invalid(error) => match error.kind() {
            NamespaceErrorKind::Grammar(_) => "the NSS breaks its grammar",
            _ => "the NSS follows its grammar but breaks a prose rule",
        },
        _ => "the NSS follows its grammar and prose rules",
    };
    let mut out = format!(
        "  namespace    {} ({}): {verdict}\n",
        namespace.nid(),
        namespace.grammar_file()
    );
    let nss = urn.parts().find(|(part, _)| *part == Part::Nss);
    if let (Some(parts), Some((_, nss))) = (urn.namespace_parts(), nss) {
        // The entry rule is silent in the grammar, and matches the whole NSS.
        let rows: Vec<(&str, Range<usize>)> = std::iter::once((namespace.entry_rule(), nss))
            .chain(parts)
            .collect();
        out += &rules_table(urn.as_str(), &rows);
    }
    out
}

/// The table of the namespace rules the NSS matched, in the order of the URN.
fn rules_table(text: &str, rows: &[(&str, Range<usize>)]) -> String {
    const HEADER: &str = "namespace rule";
    let width = rows
        .iter()
        .map(|(rule, _)| rule.len())
        .chain([HEADER.len()])
        .max()
        .unwrap_or_default()
        + 2;
    let ranges: Vec<String> = rows
        .iter()
        .map(|(_, range)| format!("{}..{}", range.start, range.end))
        .collect();
    let bytes_width = bytes_column_width(ranges.iter());
    let mut out = format!("  {HEADER:<width$}{:<bytes_width$}text\n", "bytes");
    for ((rule, range), bytes) in rows.iter().zip(&ranges) {
        let quoted = quoted_window(&text[range.clone()]);
        let _ = writeln!(out, "  {rule:<width$}{bytes:<bytes_width$}{quoted}");
    }
    out
}

impl Explainer<'_> {
    /// `explain --json`: the breakdown as one JSON object, with the exit status of the text.
    ///
    /// The record carries what the text shows, under the names `check --json` gives the same
    /// things; docs/json/explain.schema.json describes each field.
    fn explain_json(
        &mut self,
        out: &mut Output,
        input: &[u8],
        origin: Origin<'_>,
        cut: bool,
    ) -> Written {
        let args = self.args;
        let syntax = args.syntax.syntax().with_namespaces(false);
        let line = self.json.start();
        let identified = if cut {
            let max = args.input.max_line_bytes;
            Err(Problem::LineTooLong { max })
        } else {
            verdict::identify(input, syntax)
        };
        let valid = match identified {
            Ok(Identifier::Urn(urn)) => {
                // With --namespaces, a namespace error is the verdict: the error `check
                // --namespaces` reports.
                let (urn, check) = with_namespace_checked(urn);
                let error = match check {
                    NamespaceCheck::Invalid(error) if args.syntax.namespaces => {
                        Some(Problem::Parse(error.into()))
                    }
                    _ => None,
                };
                urn_json(line, &urn, check, args.syntax.namespaces, error.as_ref());
                error.is_none()
            }
            Ok(Identifier::Tag(tag)) => {
                tag_json(line, &tag);
                true
            }
            Err(problem) => {
                invalid_json(line, input, &problem, args.syntax, cut);
                false
            }
        };
        // A record about a line says where the line was, as `check --json`'s does.
        if let Origin::Line {
            source,
            line: number,
        } = origin
        {
            line.text(r#","file":"#)
                .string(&source.json_name())
                .text(r#","line":"#)
                .number(number);
        }
        line.text("}");
        if !valid {
            out.raise_status(Status::No);
        }
        out.write_bytes(line.finish())?;
        out.answered()
    }
}

/// The record of an input that is not a valid identifier: what `check --json` writes, with
/// the syntax it was read under, and `"namespace":null` for a `urn:` input (its namespace
/// could not be checked).
fn invalid_json(
    line: &mut JsonLine,
    input: &[u8],
    problem: &Problem,
    syntax: SyntaxArgs,
    cut: bool,
) {
    let text = String::from_utf8_lossy(input);
    line.text(r#"{"input":"#).string(&text);
    // `input` is not the exact input: invalid UTF-8 replaced by U+FFFD, or the first bytes of
    // an over-long line.
    if cut || matches!(text, Cow::Owned(_)) {
        line.text(r#","input_lossy":true"#);
    }
    let scheme = verdict::scheme_of(input);
    line.text(r#","valid":false,"kind":"#)
        .opt_word(scheme.map(Scheme::name));
    match scheme {
        Some(Scheme::Urn) => line.text(r#","spec":"#).word(syntax.spec.name()),
        Some(Scheme::Tag) => line
            .text(r#","tag_syntax":"#)
            .word(syntax.tag_syntax.name()),
        None => line,
    };
    line.text(r#","error":"#).problem(problem);
    if scheme == Some(Scheme::Urn) {
        line.text(r#","namespace":null"#);
    }
}

/// The `parts` array: each part with its byte range, text and grammar rule.
fn parts_json(
    line: &mut JsonLine,
    text: &str,
    parts: impl Iterator<Item = (Part, Range<usize>)>,
    rule: impl Fn(Part) -> &'static str,
) {
    line.text(r#","parts":["#);
    for (at, (part, range)) in parts.enumerate() {
        if at > 0 {
            line.text(",");
        }
        line.text(r#"{"part":"#)
            .word(part.code())
            .text(r#","start":"#)
            .number(range.start as u64)
            .text(r#","end":"#)
            .number(range.end as u64)
            .text(r#","text":"#)
            .identifier(&text[range])
            .text(r#","rule":"#)
            .word(rule(part))
            .text("}");
    }
    line.text("]");
}

/// The `lints` array: each finding's short name, message, and byte when it is about one.
fn lints_json(
    line: &mut JsonLine,
    lints: impl Iterator<Item = (&'static str, String, Option<usize>)>,
) {
    line.text(r#","lints":["#);
    for (at, (code, message, index)) in lints.enumerate() {
        if at > 0 {
            line.text(",");
        }
        line.text(r#"{"code":"#)
            .word(code)
            .text(r#","message":"#)
            .string(&message);
        if let Some(index) = index {
            line.text(r#","index":"#).number(index as u64);
        }
        line.text("}");
    }
    line.text("]");
}

/// The record of a URN that follows its syntax; `error` is the verdict of its namespace under
/// `--namespaces`, when it breaks its rules.
fn urn_json(
    line: &mut JsonLine,
    urn: &Urn<&str>,
    check: NamespaceCheck,
    namespaces: bool,
    error: Option<&Problem>,
) {
    let spec = urn.syntax();
    line.text(r#"{"input":"#)
        .identifier(urn.as_str())
        .text(r#","valid":"#)
        .boolean(error.is_none())
        .text(r#","kind":"urn","spec":"#)
        .word(spec.name());
    if let Some(error) = error {
        line.text(r#","error":"#).problem(error);
    }
    line.text(r#","nid":"#)
        .identifier(urn.nid())
        .text(r#","nss":"#)
        .identifier(urn.nss());
    // The components under the names `check --json` gives them.
    match spec {
        UrnSyntax::Rfc2141bis => line
            .text(r#","query":"#)
            .opt_identifier(urn.query())
            .text(r#","fragment":"#)
            .opt_identifier(urn.fragment()),
        _ => line
            .text(r#","r_component":"#)
            .opt_identifier(urn.r_component())
            .text(r#","q_component":"#)
            .opt_identifier(urn.q_component())
            .text(r#","f_component":"#)
            .opt_identifier(urn.f_component()),
    };
    parts_json(line, urn.as_str(), urn.parts(), |part| rule(spec, part));
    let class = urn.nid_class();
    line.text(r#","nid_class":"#)
        .word(class.name())
        .text(r#","nid_class_clause":"#)
        .string(class.clause().unwrap_or("RFC 8141 §5.1"))
        .text(r#","registered":"#)
        .boolean(urn.registration().is_some())
        .text(r#","registration":"#);
    match urn.registration() {
        Some(entry) => line.string(entry.reference()),
        None => line.text("null"),
    };
    namespace_json(line, urn, check);
    line.text(r#","normalized":"#)
        .identifier(urn.normalized().as_str())
        .text(r#","equivalence_key":"#)
        .identifier(urn.equivalence_key().as_str())
        .text(r#","display_form":"#)
        .string(&urn.display_form());
    // With --namespaces, the namespace error is the verdict, not a lint (as in the text).
    let lints = urn
        .lints()
        .into_iter()
        .filter(|lint| !(namespaces && matches!(lint, UrnLint::Namespace(_))))
        .map(|lint| (lint.name(), lint.to_string(), lint.index()));
    lints_json(line, lints);
}

/// The `namespace` object of a URN: the grammar that applied, its verdict and the rules the
/// NSS matched; for a namespace whose registration states no syntax of its own,
/// `"grammar_file":null`, `"checked":true` and `"valid":true`; for a NID without a grammar
/// otherwise, `"checked":false` and `"valid":null` (not checked is never valid).
fn namespace_json(line: &mut JsonLine, urn: &Urn<&str>, check: NamespaceCheck) {
    let namespace = match check {
        NamespaceCheck::Valid(namespace) => namespace,
        NamespaceCheck::Invalid(error) => error.namespace(),
        NamespaceCheck::NoSpecificSyntax { nid, .. } => {
            line.text(r#","namespace":{"nid":"#)
                .word(nid)
                .text(r#","grammar_file":null,"checked":true,"valid":true,"rules":[]}"#);
            return;
        }
        _ => {
            line.text(r#","namespace":{"nid":"#)
                .identifier(&urn.nid().to_ascii_lowercase())
                .text(r#","grammar_file":null,"checked":false,"valid":null,"rules":[]}"#);
            return;
        }
    };
    line.text(r#","namespace":{"nid":"#)
        .word(namespace.nid())
        .text(r#","grammar_file":"#)
        .word(namespace.grammar_file())
        .text(r#","checked":true,"valid":"#)
        .boolean(matches!(check, NamespaceCheck::Valid(_)));
    if let NamespaceCheck::Invalid(error) = check {
        let rule = match error.kind() {
            NamespaceErrorKind::Grammar(rule) => Some(rule.name()),
            _ => None,
        };
        line.text(r#","error":{"index":"#)
            .number(error.index() as u64)
            .text(r#","message":"#)
            .string(&error.to_string())
            .text(r#","kind":"namespace","part":"nss","rule":"#)
            .opt_word(rule)
            .text("}");
    }
    line.text(r#","rules":["#);
    let nss = urn.parts().find(|(part, _)| *part == Part::Nss);
    if let (Some(parts), Some((_, nss))) = (urn.namespace_parts(), nss) {
        // The entry rule is silent in the grammar, and matches the whole NSS.
        let rows = std::iter::once((namespace.entry_rule(), nss)).chain(parts);
        for (at, (rule, range)) in rows.enumerate() {
            if at > 0 {
                line.text(",");
            }
            line.text(r#"{"rule":"#)
                .word(rule)
                .text(r#","start":"#)
                .number(range.start as u64)
                .text(r#","end":"#)
                .number(range.end as u64)
                .text(r#","text":"#)
                .identifier(&urn.as_str()[range])
                .text("}");
        }
    }
    line.text("]}");
}

/// The record of a valid tag: `check --json`'s fields, the syntax, the parts and the lints.
/// Tags compare exactly (RFC 4151 §2.4), so a tag's normal form and key are its text.
fn tag_json(line: &mut JsonLine, tag: &TagUri<&str>) {
    line.text(r#"{"input":"#)
        .identifier(tag.as_str())
        .text(r#","valid":true,"kind":"tag","tag_syntax":"#)
        .word(tag.syntax().name())
        .text(r#","authority":"#)
        .identifier(tag.authority())
        .text(r#","authority_kind":"#)
        .word(tag.authority_kind().name())
        .text(r#","local_part":"#)
        .opt_identifier(tag.local_part())
        .text(r#","domain":"#)
        .opt_identifier(tag.domain())
        .text(r#","date":"#)
        .date(tag.date())
        .text(r#","date_as_written":"#)
        .identifier(tag.date_as_written())
        .text(r#","specific":"#)
        .identifier(tag.specific())
        .text(r#","fragment":"#)
        .opt_identifier(tag.fragment());
    parts_json(line, tag.as_str(), tag.parts(), |part| tag_rule(tag, part));
    line.text(r#","normalized":"#)
        .identifier(tag.as_str())
        .text(r#","equivalence_key":"#)
        .identifier(tag.as_str());
    let lints = tag.lints().into_iter().map(|lint| {
        let index = match lint {
            TagLint::UppercaseDomain { index } | TagLint::PercentEncoding { index } => Some(index),
            _ => None,
        };
        (lint.name(), lint.to_string(), index)
    });
    lints_json(line, lints);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A URN whose NSS is `length` bytes of `a`, the breakdown of it, and its lines.
    #[track_caller]
    fn breakdown_of_nss(length: usize) -> String {
        let text = format!("urn:example:{}", "a".repeat(length));
        let urn = Urn::parse_borrowed(&text).expect("a valid URN");
        let (urn, check) = with_namespace_checked(urn);
        explain_urn(&urn, check, false, Palette::default())
    }

    /// A part longer than a formatting width can be (`u16::MAX`) is shown in a window, as
    /// a long input is: a million bytes, too long for one command-line argument.
    #[test]
    fn a_part_of_a_million_bytes_is_shown_in_a_window() {
        let shown = breakdown_of_nss(1_000_000);
        let window = format!("\"{}…{}\"", "a".repeat(120), "a".repeat(60));
        assert!(
            shown.contains(&format!("  NSS          12..1000012  {window}  NSS\n")),
            "{}",
            &shown[..shown.len().min(2000)]
        );
        assert!(shown.contains(&format!("  example         12..1000012  {window}\n")));
        assert!(shown.starts_with(&format!("urn:example:{}…\n", "a".repeat(188))));
    }

    #[test]
    fn a_text_is_windowed_only_past_180_bytes() {
        let short = "a".repeat(180);
        assert_eq!(quoted_window(&short), format!("\"{short}\""));
        let long = format!("{}b{}", "a".repeat(120), "c".repeat(60));
        assert_eq!(
            quoted_window(&long),
            format!("\"{}…{}\"", "a".repeat(120), "c".repeat(60))
        );
    }

    /// The window's edges never cut a character in two, and what `{:?}` escapes stays
    /// escaped.
    #[test]
    fn a_window_keeps_whole_characters() {
        let text = format!(
            "{}é{}\"{}",
            "a".repeat(119),
            "b".repeat(100),
            "c".repeat(59)
        );
        assert_eq!(
            quoted_window(&text),
            format!("\"{}…\\\"{}\"", "a".repeat(119), "c".repeat(59))
        );
    }
}
