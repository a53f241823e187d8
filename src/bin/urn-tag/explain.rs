//! `urn-tag explain`: a breakdown of one identifier, or its error drawn under the input.

use std::process::ExitCode;

use urn_tag::{Part, Spec, Urn};

use crate::report::{self, Style};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// URN syntax to read the input under: rfc8141, rfc2141 or rfc2141bis.
    #[arg(long, default_value_t = Spec::Rfc8141, value_name = "SPEC")]
    spec: Spec,
    /// The identifier to explain.
    input: String,
}

pub fn run(args: &Args) -> ExitCode {
    let style = Style {
        on: report::colour_stdout(),
    };
    match Urn::parse_with(&args.input, args.spec) {
        Ok(urn) => {
            print!("{}", explain_urn(&urn, style));
            ExitCode::SUCCESS
        }
        Err(error) => {
            println!("{}", args.input);
            println!(
                "  {} under {}: {error}",
                style.bad("invalid URN"),
                args.spec.document()
            );
            println!("{}", report::caret(&args.input, error.index(), "  "));
            ExitCode::from(1)
        }
    }
}

/// The grammar rule of `urn.pest` each part comes from.
fn rule(spec: Spec, part: Part) -> &'static str {
    match (spec, part) {
        (Spec::Rfc8141, Part::Scheme) => "assigned_name",
        (Spec::Rfc8141, Part::Nid) => "NID",
        (Spec::Rfc8141, Part::Nss) => "NSS",
        (Spec::Rfc2141, Part::Scheme) => "rfc2141_URN",
        (Spec::Rfc2141, Part::Nid) => "rfc2141_NID",
        (Spec::Rfc2141, Part::Nss) => "rfc2141_NSS",
        (Spec::Rfc2141bis, Part::Scheme) => "rfc2141bis_URI",
        (Spec::Rfc2141bis, Part::Nid) => "rfc2141bis_NID",
        (Spec::Rfc2141bis, Part::Nss) => "rfc2141bis_NSS",
        (_, Part::RComponent) => "r_component",
        (_, Part::QComponent) => "q_component",
        (_, Part::FComponent) => "f_component",
        (_, Part::Query) => "query",
        (_, _) => "fragment",
    }
}

fn explain_urn(urn: &Urn, style: Style) -> String {
    let mut out = format!(
        "{urn}\n  {} under {}\n",
        style.good("valid URN"),
        urn.spec().document()
    );
    out += &format!(
        "  {:<13}{:<10}{:<24}{}\n",
        "part", "bytes", "text", "grammar rule"
    );
    for (part, range) in urn.parts() {
        let bytes = format!("{}..{}", range.start, range.end);
        let text = format!("{:?}", &urn.as_str()[range]);
        out += &format!(
            "  {:<13}{bytes:<10}{text:<24}{}\n",
            part.name(),
            rule(urn.spec(), part)
        );
    }
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
    for lint in urn.lints() {
        out += &format!("  {} {lint}\n", style.dim("note        "));
    }
    out
}
