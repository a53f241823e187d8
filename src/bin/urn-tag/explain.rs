//! `urn-tag explain`: a breakdown of one identifier, or its error drawn under the input.

use std::ffi::OsString;

use urn_tag::tag::AuthorityKind;
use urn_tag::{Identifier, Part, Scheme, TagSyntax, TagUri, Urn, UrnSyntax};

use crate::output::{Output, Palette, Status, Written};
use crate::report;
use crate::syntax_args::SyntaxArgs;
use crate::verdict;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// The identifier to explain.
    input: OsString,
}

/// Prints the breakdown and exits 0, or draws the error and exits 1.
pub fn run(args: &Args, out: &mut Output) -> Written {
    let palette = out.palette();
    let input = verdict::arg_bytes(&args.input);
    match verdict::identify(input, args.syntax.syntax()) {
        Ok(Identifier::Urn(urn)) => out.write_bytes(explain_urn(&urn, palette).as_bytes())?,
        Ok(Identifier::Tag(tag)) => out.write_bytes(explain_tag(&tag, palette).as_bytes())?,
        Err(problem) => {
            out.raise_status(Status::No);
            let what = match verdict::scheme_of(input) {
                Some(Scheme::Urn) => format!("invalid URN under {}", args.syntax.spec.document()),
                Some(Scheme::Tag) => {
                    format!(
                        "invalid tag URI under {}",
                        syntax_name(args.syntax.tag_syntax)
                    )
                }
                None => "invalid".to_owned(),
            };
            let bad = palette.bad;
            let index = usize::try_from(problem.index()).unwrap_or(usize::MAX);
            writeln!(out, "{}", report::echo(input))?;
            writeln!(out, "  {bad}{what}{bad:#}: {problem}")?;
            writeln!(out, "{}", report::caret(input, index, "  "))?;
        }
    }
    out.answered()
}

/// The table of parts: name, byte range, text, and the grammar rule it came from.
fn parts_table(
    text: &str,
    parts: impl Iterator<Item = (Part, std::ops::Range<usize>)>,
    rule: impl Fn(Part) -> &'static str,
) -> String {
    let mut out = format!(
        "  {:<13}{:<10}{:<24}{}\n",
        "part", "bytes", "text", "grammar rule"
    );
    for (part, range) in parts {
        let bytes = format!("{}..{}", range.start, range.end);
        let quoted = format!("{:?}", &text[range]);
        out += &format!(
            "  {:<13}{bytes:<10}{quoted:<24}{}\n",
            part.name(),
            rule(part)
        );
    }
    out
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
        report::escape(tag.as_str().as_bytes()),
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

fn explain_urn(urn: &Urn<&str>, palette: Palette) -> String {
    let good = palette.good;
    let mut out = format!(
        "{}\n  {good}valid URN{good:#} under {}\n",
        urn.as_str(),
        urn.syntax().document()
    );
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
    out += &format!("  normalized   {}\n", urn.normalized());
    out += &format!("  key          {}\n", urn.equivalence_key());
    let display = urn.display_form();
    if display != urn.as_str() {
        out += &format!("  display      {display}\n");
    }
    let dim = palette.dim;
    for lint in urn.lints() {
        out += &format!("  {dim}note        {dim:#} {lint}\n");
    }
    out
}
