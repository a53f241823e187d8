//! `urn-tag check`: validate identifiers, from arguments or line by line from standard input.
//!
//! Each input is told apart by its scheme: `tag:` (any case) is parsed as a tag URI under
//! `--tag-syntax` (RFC 4151 by default), `urn:` as a URN under `--spec`; an input with
//! neither scheme is reported at the first byte that can begin neither.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use serde::Serialize;
use urn_tag::{ParseError, TagSyntax, TagUri, Urn, UrnSyntax};

use crate::report::{self, Style};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// URN syntax to check against: rfc8141, rfc2141 or rfc2141bis.
    #[arg(long, default_value_t = UrnSyntax::Rfc8141, value_name = "SPEC")]
    spec: UrnSyntax,
    /// Tag URI syntax to check against: rfc4151 (the RFC's ABNF), erratum1485 (RFC 5322
    /// local parts) or lenient (also any other authority, reported as "opaque": RFC 4151 §2.1
    /// says software MUST NOT reject a tag only for its authority's form).
    #[arg(long, default_value_t = TagSyntax::Rfc4151, value_name = "SYNTAX")]
    tag_syntax: TagSyntax,
    /// Print one JSON object per input (JSON Lines) instead of text.
    #[arg(long)]
    json: bool,
    /// Print nothing; only the exit status tells.
    #[arg(long, short, conflicts_with = "json")]
    quiet: bool,
    /// Identifiers to check. With none, each line of standard input is one.
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

/// The verdict on one input.
enum Checked {
    Urn(Urn),
    Tag(TagUri),
    Invalid {
        kind: Option<&'static str>,
        index: usize,
        message: String,
    },
}

impl Checked {
    fn of(input: &str, spec: UrnSyntax, tag_syntax: TagSyntax) -> Checked {
        let invalid = |kind, error: ParseError| Checked::Invalid {
            kind: Some(kind),
            index: error.index(),
            message: error.to_string(),
        };
        if has_scheme(input, "tag:") {
            return TagUri::parse_with(input, tag_syntax)
                .map_or_else(|e| invalid("tag", e), Checked::Tag);
        }
        if has_scheme(input, "urn:") {
            return Urn::parse_with(input, spec).map_or_else(|e| invalid("urn", e), Checked::Urn);
        }
        let index = ["urn:", "tag:"]
            .iter()
            .map(|scheme| common_prefix_len(input, scheme))
            .max()
            .unwrap_or(0);
        Checked::Invalid {
            kind: None,
            index,
            message: format!("expected \"urn:\" or \"tag:\" at byte {index}"),
        }
    }

    fn is_valid(&self) -> bool {
        !matches!(self, Checked::Invalid { .. })
    }
}

fn has_scheme(input: &str, scheme: &str) -> bool {
    input
        .get(..scheme.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(scheme))
}

/// How many leading bytes of `input` match `scheme`, ignoring ASCII case.
fn common_prefix_len(input: &str, scheme: &str) -> usize {
    input
        .bytes()
        .zip(scheme.bytes())
        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
        .count()
}

pub fn run(args: &Args) -> io::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let style = Style {
        on: !args.json && report::colour_stdout(),
    };
    let mut tally = Tally::default();
    let mut check_one = |input: &str, out: &mut BufWriter<io::StdoutLock<'_>>| {
        let checked = Checked::of(input, args.spec, args.tag_syntax);
        tally.count(checked.is_valid());
        if args.json {
            serde_json::to_writer(&mut *out, &json_record(input, args.spec, &checked))?;
            writeln!(out)
        } else if !args.quiet {
            writeln!(out, "{}", human_line(input, &checked, style))
        } else {
            Ok(())
        }
    };
    if args.inputs.is_empty() {
        let stdin = io::stdin();
        let mut reader = stdin.lock();
        let mut line = Vec::new();
        while reader.read_until(b'\n', &mut line)? != 0 {
            let text = String::from_utf8_lossy(trim_line_end(&line));
            check_one(&text, &mut out)?;
            line.clear();
        }
    } else {
        for input in &args.inputs {
            check_one(input, &mut out)?;
        }
    }
    out.flush()?;
    // A batch from standard input gets a summary on standard error, out of the way of the
    // results; inputs given as arguments are few enough to count by eye.
    if !args.quiet && args.inputs.is_empty() {
        eprintln!(
            "{} checked: {} valid, {} invalid",
            tally.total(),
            tally.valid,
            tally.invalid
        );
    }
    Ok(if tally.invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A line without its `\n` or `\r\n`.
fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[derive(Default)]
struct Tally {
    valid: u64,
    invalid: u64,
}

impl Tally {
    fn count(&mut self, valid: bool) {
        if valid {
            self.valid += 1
        } else {
            self.invalid += 1
        }
    }

    fn total(&self) -> u64 {
        self.valid + self.invalid
    }
}

fn human_line(input: &str, checked: &Checked, style: Style) -> String {
    match checked {
        Checked::Urn(urn) => format!("{} {input} (URN, {})", style.good("valid  "), urn.syntax()),
        Checked::Tag(tag) => format!(
            "{} {input} (tag URI, {})",
            style.good("valid  "),
            tag.syntax()
        ),
        Checked::Invalid { index, message, .. } => format!(
            "{} {input}: {message}\n{}",
            style.bad("invalid"),
            style.dim(&report::caret(input, *index, "        "))
        ),
    }
}

/// One line of `check --json`; field names and order are a published contract.
#[derive(Serialize)]
#[serde(untagged)]
enum Record<'a> {
    Urn {
        input: &'a str,
        valid: bool,
        kind: &'static str,
        spec: &'static str,
        nid: &'a str,
        nss: &'a str,
        #[serde(flatten)]
        components: Components<'a>,
        nid_class: &'static str,
        registered: bool,
        normalized: String,
        equivalence_key: String,
    },
    Tag {
        input: &'a str,
        valid: bool,
        kind: &'static str,
        authority: &'a str,
        authority_kind: &'static str,
        date: String,
        date_as_written: &'a str,
        specific: &'a str,
        fragment: Option<&'a str>,
    },
    Invalid {
        input: &'a str,
        valid: bool,
        kind: Option<&'static str>,
        error: ErrorRecord<'a>,
    },
}

/// RFC 8141 and RFC 2141 URNs report r/q/f; the 2011 draft reports query and fragment.
#[derive(Serialize)]
#[serde(untagged)]
enum Components<'a> {
    Rfc8141 {
        r_component: Option<&'a str>,
        q_component: Option<&'a str>,
        f_component: Option<&'a str>,
    },
    Rfc2141bis {
        query: Option<&'a str>,
        fragment: Option<&'a str>,
    },
}

#[derive(Serialize)]
struct ErrorRecord<'a> {
    index: usize,
    message: &'a str,
}

fn json_record<'a>(input: &'a str, spec: UrnSyntax, checked: &'a Checked) -> Record<'a> {
    match checked {
        Checked::Urn(urn) => Record::Urn {
            input,
            valid: true,
            kind: "urn",
            spec: spec.name(),
            nid: urn.nid(),
            nss: urn.nss(),
            components: match spec {
                UrnSyntax::Rfc2141bis => Components::Rfc2141bis {
                    query: urn.query(),
                    fragment: urn.fragment(),
                },
                _ => Components::Rfc8141 {
                    r_component: urn.r_component(),
                    q_component: urn.q_component(),
                    f_component: urn.f_component(),
                },
            },
            nid_class: urn.nid_class().name(),
            registered: urn.registration().is_some(),
            normalized: urn.normalized().into_string(),
            equivalence_key: urn.equivalence_key().into_string(),
        },
        Checked::Tag(tag) => Record::Tag {
            input,
            valid: true,
            kind: "tag",
            authority: tag.authority(),
            // `dns` or `email`; `opaque` only under `--tag-syntax lenient`.
            authority_kind: tag.authority_kind().name(),
            date: tag.date().to_string(),
            date_as_written: tag.date_as_written(),
            specific: tag.specific(),
            fragment: tag.fragment(),
        },
        Checked::Invalid {
            kind,
            index,
            message,
        } => Record::Invalid {
            input,
            valid: false,
            kind: *kind,
            error: ErrorRecord {
                index: *index,
                message,
            },
        },
    }
}
