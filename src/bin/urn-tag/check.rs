//! `urn-tag check`: validate identifiers, from arguments or line by line from standard input
//! or files.
//!
//! Each input is told apart by its scheme: `tag:` (any case) is parsed as a tag URI under
//! `--tag-syntax` (RFC 4151 by default), `urn:` as a URN under `--spec`; an input with
//! neither scheme is reported at the first byte that can begin neither. With `--namespaces`, a
//! URN must also follow its namespace's grammar and prose rules, and its answer says whether
//! there was a grammar to follow.
//!
//! The answer to a line says where the line was (`FILE:LINE: `, or `file` and `line` in JSON);
//! a valid `--json` record lists the identifier's lints, which `--strict` makes errors.
//!
//! Lines are parsed where they lie in the read buffer: nothing is copied or allocated for a
//! valid line unless `--json` asks for its normalized form and key.

use std::path::Path;

use urn_tag::namespace::NamespaceCheck;
use urn_tag::urn::{Equivalence, NidClass};
use urn_tag::{Identifier, ParseErrorKind, Scheme, TagUri, Urn, UrnLint, UrnSyntax};

use crate::identifiers::{self, Event, Input, InputArgs, Next, Origin};
use crate::input::Source;
use crate::json::JsonLine;
use crate::output::{Output, Status, WriteFailed, Written};
use crate::report;
use crate::syntax_args::SyntaxArgs;
use crate::verdict::{self, Lint, Problem};

/// What `check --help` adds after the options.
const AFTER_HELP: &str = "\
Lines: a line loses its line feed and the carriage return before it; a byte order mark at the
start of the input is skipped; blank lines are skipped and counted in the summary that ends
the output on standard error. The answer to a line starts with FILE:LINE: as grep's do: the
line number when a file is read (-n, --no-line-number), the file name when more than one is
(-H, --no-filename; standard input is \"(standard input)\"). Standard input alone is answered
without either, unless -H or -n is given.

JSON: one object per input. A valid one ends with \"lints\": [{\"code\", \"message\", \"index\"}] (index
only for a lint about one byte; [] when there is none; a namespace's advice only with
--namespaces). An invalid one has \"valid\":false, \"kind\" (urn, tag or null, by
its scheme), \"input_lossy\":true when \"input\" is not the exact input (invalid UTF-8, or the
head of an over-long line), and \"error\": {\"index\", \"message\", \"kind\", \"part\"}. Error kinds:
expected_scheme, leading_whitespace, trailing_whitespace, empty, invalid_char, non_ascii,
invalid_start, invalid_percent_encoding, expected, nid_too_short, nid_too_long,
nid_ends_with_hyphen, bare_question_mark, reserved_char, reserved_nid, nul_octet, missing_at,
misplaced_dot, dns_label_starts_with_hyphen, dns_label_ends_with_hyphen, empty_dns_label,
dns_label_too_long, dns_name_too_long, invalid_date, month_out_of_range, day_out_of_range,
namespace (with --namespaces), invalid_utf8, line_too_long and lint (with --strict; these
three have part null). A record about a line then has \"file\" (the path as given, \"-\" for
standard input) and \"line\" (from 1); one about an argument has neither.

--namespaces: the record of each urn: input ends with \"namespace_checked\": true when its
namespace was checked: a grammar of it was applied (the URN follows it, or is invalid with error
kind namespace), or its registration states no syntax of its own; false when there is no grammar
for its NID or the URN is invalid before its namespace could be checked. Human output names the
namespace: (URN, rfc8141, namespace uuid), (URN, rfc8141, namespace swift: no
namespace-specific syntax), or (URN, rfc8141, namespace not checked).";

/// What `--namespaces` means to `check`.
const NAMESPACES_HELP: &str = "Also check each URN against the grammar and prose rules of its \
namespace (namespaces/NID.pest): a URN that breaks them is invalid (error kind namespace). A \
URN of a namespace whose registration states no syntax of its own is reported as checked, with \
no namespace-specific syntax; every registered namespace is one or the other, so a URN whose \
NID is not registered is checked by its URN syntax alone and reported as not checked";

#[derive(Debug, clap::Args)]
#[command(after_long_help = AFTER_HELP)]
#[command(mut_arg("namespaces", |arg| arg.help(NAMESPACES_HELP)))]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Print one JSON object per input (JSON Lines) instead of text.
    #[arg(long)]
    json: bool,
    /// Print nothing; only the exit status tells.
    #[arg(long, short, conflicts_with = "json")]
    quiet: bool,
    /// Instead of an answer per input, print for each file (and standard input) the number of
    /// its lines that are invalid, as FILE:COUNT when files are named (as grep -c prints).
    #[arg(
        long,
        short,
        conflicts_with_all = ["json", "quiet", "files_with_invalid"]
    )]
    count: bool,
    /// Instead of an answer per input, print the name of each file (or "(standard input)")
    /// that holds an invalid line, once, and read no further in it (as grep -l prints the
    /// files with a match).
    #[arg(short = 'l', long, conflicts_with_all = ["json", "quiet"])]
    files_with_invalid: bool,
    #[command(flatten)]
    input: InputArgs,
    /// Report a valid identifier that has a lint (what `explain` notes) as invalid, with error
    /// kind lint, the first lint's message, and its byte (0 for a lint about the whole).
    #[arg(long)]
    strict: bool,
    /// Start the answer to each line with the name of its file (the default when more than
    /// one file is read).
    #[arg(short = 'H', long, overrides_with = "no_filename")]
    with_filename: bool,
    /// Never start an answer with a file name.
    #[arg(long, overrides_with = "with_filename")]
    no_filename: bool,
    /// Start the answer to each line with its line number (the default when a file is read).
    #[arg(short = 'n', long, overrides_with = "no_line_number")]
    line_number: bool,
    /// Never start an answer with a line number.
    #[arg(long, overrides_with = "line_number")]
    no_line_number: bool,
}

/// How many inputs were valid, invalid, or blank lines passed over.
#[derive(Default)]
struct Tally {
    valid: u64,
    invalid: u64,
    blank: u64,
}

/// Checks each input and writes its answer.
struct Checker<'a> {
    args: &'a Args,
    tally: Tally,
    /// `valid   `, painted once for all.
    valid_label: String,
    /// The `--json` record being written, its buffer kept from line to line.
    json: JsonLine,
    /// How text answers to lines begin.
    prefix: Prefix,
    /// Where the line being checked is; `None` for a command-line argument.
    place: Option<Place>,
    /// The equivalence key being written, its buffer kept from record to record.
    key: String,
    /// Whether each input gets its answer (not under --quiet, --count or -l).
    answers: bool,
}

/// What starts a text answer to a line: `FILE:LINE: `, or either part, or nothing.
#[derive(Debug, Clone, Copy)]
struct Prefix {
    file_name: bool,
    line_number: bool,
}

/// The source and line number of the line being checked.
struct Place {
    /// What `--json` records end with: `,"file":"PATH","line":LINE`, the path as given, `-`
    /// for standard input, escaped once for the whole source, and the line number's digits,
    /// kept up to date as the lines go by (one more, most of the time, is one digit changed).
    json_end: Vec<u8>,
    /// Where the line number's digits start in `json_end`.
    digits_start: usize,
    /// The source as text answers name it: the path escaped, or `(standard input)`.
    shown: String,
    line: u64,
    /// The invalid lines of the source so far (`--count`, `-l`).
    invalid: u64,
}

impl Checker<'_> {
    fn check(&mut self, out: &mut Output, input: Input<'_>) -> Written {
        let bytes = input.bytes();
        match verdict::identify_input(input, self.args.syntax.syntax()) {
            Ok(identifier) if self.args.strict => {
                match Lint::all_of(&identifier, self.args.syntax.namespaces).first() {
                    Some(&lint) => {
                        // The verdict the parse kept (without --namespaces, none was checked).
                        let namespace_checked = matches!(&identifier,
                        Identifier::Urn(urn) if self.args.syntax.namespaces
                            && urn.check_namespace().was_checked());
                        let problem = Problem::Lint {
                            lint,
                            namespace_checked,
                        };
                        self.invalid(out, bytes, &problem, false)
                    }
                    None => self.valid(out, &identifier),
                }
            }
            Ok(identifier) => self.valid(out, &identifier),
            Err(problem) => self.invalid(out, bytes, &problem, false),
        }
    }

    /// Starts a text answer to a line with its file and line number, as far as asked.
    fn write_prefix(&self, out: &mut Output) -> Written {
        let Some(place) = &self.place else {
            return Ok(());
        };
        let Prefix {
            file_name,
            line_number,
        } = self.prefix;
        if file_name {
            out.write_strs(&[&place.shown, ":"])?;
        }
        if line_number {
            out.write_bytes(place.digits())?;
            out.write_bytes(b":")?;
        }
        if file_name || line_number {
            out.write_bytes(b" ")?;
        }
        Ok(())
    }

    /// Ends a `--json` record: where its line was, if it was a line.
    fn end_record(&mut self) {
        let line = &mut self.json;
        if let Some(place) = &self.place {
            line.json(&place.json_end);
        }
        line.text("}");
    }

    fn valid(&mut self, out: &mut Output, identifier: &Identifier<&str>) -> Written {
        self.tally.valid += 1;
        if !self.answers {
            return Ok(());
        }
        // With --namespaces, the verdict on a valid URN's namespace that its parse kept.
        let namespace = match identifier {
            Identifier::Urn(urn) if self.args.syntax.namespaces => Some(urn.check_namespace()),
            _ => None,
        };
        if self.args.json {
            let checked = namespace.map(NamespaceCheck::was_checked);
            let lints = Lint::all_of(identifier, self.args.syntax.namespaces);
            let line = &mut self.json;
            let record = Record {
                lints: &lints,
                spec: self.args.syntax.spec,
                namespace_checked: checked,
            };
            valid_record(line, &mut self.key, out, identifier, &record)?;
            lints_field(line, &lints);
            self.end_record();
            out.write_bytes(self.json.finish())?;
        } else {
            self.write_prefix(out)?;
            let (input, what, syntax) = match identifier {
                Identifier::Urn(urn) => (urn.as_str(), "URN", urn.syntax().name()),
                Identifier::Tag(tag) => (tag.as_str(), "tag URI", tag.syntax().name()),
            };
            let input = report::escape(input.as_bytes());
            let label = &self.valid_label;
            let (namespace_label, nid, status) = match namespace {
                None => ("", "", ""),
                Some(NamespaceCheck::Valid(namespace)) => (", namespace ", namespace.nid(), ""),
                Some(NamespaceCheck::NoSpecificSyntax { nid, .. }) => {
                    (", namespace ", nid, ": no namespace-specific syntax")
                }
                // `NotChecked`: the verdict kept with a valid URN is never `Invalid`.
                Some(_) => (", namespace not checked", "", ""),
            };
            out.write_strs(&[
                label,
                &input,
                " (",
                what,
                ", ",
                syntax,
                namespace_label,
                nid,
                status,
                ")\n",
            ])?;
        }
        out.answered()
    }

    /// Reports `bytes` (the first bytes of the line when `cut`) as invalid.
    fn invalid(&mut self, out: &mut Output, bytes: &[u8], problem: &Problem, cut: bool) -> Written {
        self.tally.invalid += 1;
        if let Some(place) = &mut self.place {
            place.invalid += 1;
        }
        // Before the answer is written: if its reader is gone, the status still says it.
        out.raise_status(Status::No);
        if !self.answers {
            return Ok(());
        }
        if self.args.json {
            let lossy = cut || std::str::from_utf8(bytes).is_err();
            let scheme = verdict::scheme_of(bytes);
            // A namespace error is the only one found after a namespace grammar was applied.
            let namespace_checked = (self.args.syntax.namespaces && scheme == Some(Scheme::Urn))
                .then(|| match problem {
                    Problem::Parse(error) => matches!(error.kind(), ParseErrorKind::Namespace(_)),
                    Problem::Lint {
                        namespace_checked, ..
                    } => *namespace_checked,
                    Problem::InvalidUtf8 { .. } | Problem::LineTooLong { .. } => false,
                });
            let line = self.json.start().text(r#"{"input":"#);
            line.long_string_lossy(bytes, out)?;
            // `input` is not the exact input: invalid UTF-8 replaced by U+FFFD, or only the
            // first bytes of an over-long line. Written only when true.
            if lossy {
                line.text(r#","input_lossy":true"#);
            }
            line.text(r#","valid":false,"kind":"#)
                .opt_word(scheme.map(Scheme::name))
                .text(r#","error":"#)
                .problem(problem);
            // With `--namespaces` and a `urn:` input only: whether a namespace grammar was
            // applied.
            if let Some(checked) = namespace_checked {
                line.text(r#","namespace_checked":"#).boolean(checked);
            }
            self.end_record();
            out.write_bytes(self.json.finish())?;
        } else {
            self.write_prefix(out)?;
            let (bad, dim) = (out.palette().bad, out.palette().dim);
            if cut {
                let head = report::echo_head(bytes);
                writeln!(out, "{bad}invalid{bad:#} {head}: {problem}")?;
            } else {
                let input = report::echo(bytes);
                let index = usize::try_from(problem.index()).unwrap_or(usize::MAX);
                let drawn = report::caret(bytes, index, "        ");
                writeln!(
                    out,
                    "{bad}invalid{bad:#} {input}: {problem}\n{dim}{drawn}{dim:#}"
                )?;
            }
        }
        out.answered()
    }

    /// Takes one event of the reading of the inputs.
    fn read(&mut self, out: &mut Output, event: Event<'_, '_>) -> Result<Next, WriteFailed> {
        match event {
            Event::Opened(source) => self.place = Some(Place::of(source)),
            Event::Input(input, origin) => {
                let argument = matches!(origin, Origin::Argument);
                if let (Origin::Line { line, .. }, Some(place)) = (origin, &mut self.place) {
                    place.set_line(line);
                }
                let invalid = self.tally.invalid;
                self.check(out, input)?;
                if self.tally.invalid > invalid {
                    if argument && self.answers {
                        hint_if_a_file(out, input.bytes())?;
                    }
                    return self.after_invalid_line(out);
                }
            }
            Event::TooLong(head, origin) => {
                if let (Origin::Line { line, .. }, Some(place)) = (origin, &mut self.place) {
                    place.set_line(line);
                }
                let max = self.args.input.max_line_bytes;
                self.invalid(out, head, &Problem::LineTooLong { max }, true)?;
                return self.after_invalid_line(out);
            }
            Event::Blank => self.tally.blank += 1,
            Event::Closed => {
                if let Some(place) = self.place.take()
                    && self.args.count
                {
                    if self.prefix.file_name {
                        out.write_strs(&[&place.shown, ":"])?;
                    }
                    writeln!(out, "{}", place.invalid)?;
                    out.answered()?;
                }
            }
        }
        Ok(Next::Read)
    }

    /// Under -l, names the source of the invalid line just checked, and reads no further in it.
    fn after_invalid_line(&mut self, out: &mut Output) -> Result<Next, WriteFailed> {
        match &self.place {
            Some(place) if self.args.files_with_invalid => {
                out.write_strs(&[&place.shown, "\n"])?;
                out.answered()?;
                Ok(Next::NextSource)
            }
            _ => Ok(Next::Read),
        }
    }
}

impl Place {
    /// The place before the first line of `source`.
    fn of(source: &Source) -> Place {
        let mut json_end = JsonLine::default();
        json_end
            .text(r#","file":"#)
            .string(&source.json_name())
            .text(r#","line":0"#);
        let json_end = json_end.into_bytes();
        Place {
            digits_start: json_end.len() - 1,
            json_end,
            shown: source.shown(),
            line: 0,
            invalid: 0,
        }
    }

    /// Moves to line `line`: its digits are those before plus one, or written anew.
    fn set_line(&mut self, line: u64) {
        if line == self.line + 1 {
            // The last digit that is not 9 goes up by one; the 9s after it become 0s.
            let mut at = self.json_end.len();
            loop {
                if at == self.digits_start {
                    // 9, 99, ...: one digit more.
                    self.json_end.insert(at, b'1');
                    break;
                }
                at -= 1;
                match &mut self.json_end[at] {
                    nine @ b'9' => *nine = b'0',
                    digit => {
                        *digit += 1;
                        break;
                    }
                }
            }
        } else {
            self.json_end.truncate(self.digits_start);
            let mut digits = JsonLine::default();
            digits.number(line);
            self.json_end.extend_from_slice(&digits.into_bytes());
        }
        self.line = line;
    }

    /// The line number's digits.
    fn digits(&self) -> &[u8] {
        &self.json_end[self.digits_start..]
    }
}

/// Prints one answer per input; exits 0 if every input is valid, 1 if one is not, 2 if an input
/// cannot be read.
pub fn run(args: &Args, out: &mut Output) -> Written {
    if (args.count || args.files_with_invalid) && args.input.arguments_only() {
        out.raise_status(Status::Trouble);
        let option = if args.count { "--count" } else { "-l" };
        return out.message(format_args!(
            "{option} reads the lines of files: give --file FILE or - for standard input"
        ));
    }
    let good = out.palette().good;
    let sources = args.input.sources();
    let reads_a_file = sources
        .iter()
        .any(|source| matches!(source, Source::File(_)));
    let prefix = Prefix {
        file_name: !args.no_filename && (args.with_filename || sources.len() > 1),
        line_number: !args.no_line_number && (args.line_number || reads_a_file),
    };
    let mut checker = Checker {
        args,
        tally: Tally::default(),
        valid_label: format!("{good}valid  {good:#} "),
        json: JsonLine::default(),
        prefix,
        place: None,
        key: String::new(),
        answers: !(args.quiet || args.count || args.files_with_invalid),
    };
    let reading = identifiers::read_each(&args.input, out, |out, event| checker.read(out, event))?;
    // Lines get a summary on standard error, out of the way of the results, once some were
    // read (not after a file that could not be opened, alone); inputs given as arguments are
    // few enough to count by eye. Under -l, which reads no further than an invalid line, there
    // is no total to give.
    if !args.quiet && !args.files_with_invalid && reading.opened_a_source {
        let Tally {
            valid,
            invalid,
            blank,
        } = checker.tally;
        let skipped = match blank {
            0 => String::new(),
            1 => ", 1 blank line skipped".to_owned(),
            n => format!(", {n} blank lines skipped"),
        };
        out.note(format_args!(
            "{} checked: {valid} valid, {invalid} invalid{skipped}\n",
            valid + invalid
        ))?;
    }
    Ok(())
}

/// Says on standard error that an invalid argument names a file: `check ids.txt` was most
/// likely meant as `check --file ids.txt`.
fn hint_if_a_file(out: &mut Output, input: &[u8]) -> Written {
    let is_a_file = std::str::from_utf8(input).is_ok_and(|path| Path::new(path).is_file());
    if !is_a_file {
        return Ok(());
    }
    let name = report::escape(input);
    out.message(format_args!(
        "note: '{name}' is a file; did you mean --file {name}?"
    ))
}

/// Writes the `check --json` record of a valid identifier but for its lints and its end;
/// `namespace_checked` is `None` without `--namespaces`. Field names and order are a published
/// contract.
///
/// The parts of a long identifier go to `out` as they are written, and its normal form and
/// key are made one after the other: a record about a 16 MiB line never holds more than one
/// copy of it at a time.
fn valid_record(
    line: &mut JsonLine,
    key: &mut String,
    out: &mut Output,
    identifier: &Identifier<&str>,
    record: &Record<'_>,
) -> Written {
    match identifier {
        Identifier::Urn(urn) => urn_record(line, key, out, urn, record),
        Identifier::Tag(tag) => tag_record(line, out, tag),
    }
}

/// The largest buffer kept for equivalence keys from record to record.
const KEPT_KEY_CAPACITY: usize = 64 * 1024;

/// What a valid record says besides its identifier's parts.
struct Record<'a> {
    /// The identifier's lints.
    lints: &'a [Lint],
    /// The URN syntax it was read under.
    spec: UrnSyntax,
    /// With `--namespaces`: whether a URN's namespace was checked.
    namespace_checked: Option<bool>,
}

/// Writes the record of a valid URN but for its lints and its end; `key` is a buffer kept
/// from record to record for the equivalence keys that must be built.
fn urn_record(
    line: &mut JsonLine,
    key: &mut String,
    out: &mut Output,
    urn: &Urn<&str>,
    record: &Record<'_>,
) -> Written {
    let &Record {
        lints,
        spec,
        namespace_checked: checked,
    } = record;
    // Each text value's quotes are part of the record's own text around it: `,"nid":"`
    // before it and `","nss":"` after, one write each.
    line.start()
        .text(r#"{"input":""#)
        .unquoted_long_identifier(urn.as_str(), out)?
        .text(r#"","valid":true,"kind":"urn","spec":""#)
        .unquoted_identifier(spec.name())
        .text(r#"","nid":""#)
        .unquoted_identifier(urn.nid())
        .text(r#"","nss":""#)
        .unquoted_long_identifier(urn.nss(), out)?;
    // RFC 8141 and RFC 2141 URNs report r/q/f; the 2011 draft reports query and fragment.
    match spec {
        UrnSyntax::Rfc2141bis => line
            .text(r#"","query":"#)
            .opt_long_identifier(urn.query(), out)?
            .text(r#","fragment":"#)
            .opt_long_identifier(urn.fragment(), out)?,
        _ => line
            .text(r#"","r_component":"#)
            .opt_long_identifier(urn.r_component(), out)?
            .text(r#","q_component":"#)
            .opt_long_identifier(urn.q_component(), out)?
            .text(r#","f_component":"#)
            .opt_long_identifier(urn.f_component(), out)?,
    };
    let class = urn.nid_class();
    // A formal or informal NID that is not in the registry has the lint that says so: read
    // there, the record costs one look-up in the registry, not two.
    let registered = match class {
        NidClass::Formal | NidClass::Informal { .. } => {
            !lints.contains(&Lint::Urn(UrnLint::UnregisteredNid))
        }
        _ => urn.registration().is_some(),
    };
    debug_assert_eq!(registered, urn.registration().is_some(), "{urn}");
    line.text(r#","nid_class":""#)
        .unquoted_identifier(class.name())
        .text(if registered {
            r#"","registered":true,"normalized":""#
        } else {
            r#"","registered":false,"normalized":""#
        });
    // Most URNs are written in normal form already: then their text is it. A URN is, when
    // `urn` and its NID have no upper-case letter and no percent-encoding after the NID has a
    // lower-case digit, which is what the lint `lowercase-hex` says (of the same bytes): read
    // there, the record scans the URN for percent-encodings once, not twice.
    let scheme_and_nid = &urn.as_str().as_bytes()[..urn.assigned_name().len() - urn.nss().len()];
    let normal = !scheme_and_nid.iter().any(u8::is_ascii_uppercase)
        && !lints
            .iter()
            .any(|lint| matches!(lint, Lint::Urn(UrnLint::LowercaseHex { .. })));
    debug_assert_eq!(normal, urn.is_normalized(), "{urn}");
    if normal {
        line.unquoted_long_identifier(urn.as_str(), out)?;
    } else {
        line.unquoted_long_identifier(urn.normalized().as_str(), out)?;
    }
    line.text(r#"","equivalence_key":""#);
    // Most are their own key but for their components: then it is their text's assigned-name,
    // with no key to build.
    if normal && urn.syntax() == UrnSyntax::Rfc8141 && !Equivalence::standard().has_rule(urn.nid())
    {
        debug_assert_eq!(urn.assigned_name(), urn.equivalence_key().as_str());
        line.unquoted_long_identifier(urn.assigned_name(), out)?;
    } else {
        key.clear();
        Equivalence::standard().push_key(urn, key);
        line.unquoted_long_identifier(key, out)?;
        // The key of a very long line is not kept for the lines after it.
        if key.capacity() > KEPT_KEY_CAPACITY {
            *key = String::new();
        }
    }
    line.text("\"");
    // With `--namespaces` only: whether a namespace grammar was applied.
    if let Some(checked) = checked {
        line.text(if checked {
            r#","namespace_checked":true"#
        } else {
            r#","namespace_checked":false"#
        });
    }
    Ok(())
}

fn tag_record(line: &mut JsonLine, out: &mut Output, tag: &TagUri<&str>) -> Written {
    line.start()
        .text(r#"{"input":""#)
        .unquoted_long_identifier(tag.as_str(), out)?
        .text(r#"","valid":true,"kind":"tag","authority":""#)
        .unquoted_long_identifier(tag.authority(), out)?
        // `dns` or `email`; `opaque` only under `--tag-syntax lenient`.
        .text(r#"","authority_kind":""#)
        .unquoted_identifier(tag.authority_kind().name())
        .text(r#"","date":"#)
        .date(tag.date())
        .text(r#","date_as_written":""#)
        .unquoted_identifier(tag.date_as_written())
        .text(r#"","specific":""#)
        .unquoted_long_identifier(tag.specific(), out)?
        .text(r#"","fragment":"#)
        .opt_long_identifier(tag.fragment(), out)?;
    Ok(())
}

/// Writes the `lints` field of a valid record: `[]` when there is none.
fn lints_field(line: &mut JsonLine, lints: &[Lint]) {
    line.text(r#","lints":["#);
    for (at, lint) in lints.iter().enumerate() {
        if at > 0 {
            line.text(",");
        }
        line.text(r#"{"code":"#)
            .word(lint.code())
            .text(r#","message":"#)
            .string(&lint.to_string());
        if let Some(index) = lint.index() {
            line.text(r#","index":"#).number(index as u64);
        }
        line.text("}");
    }
    line.text("]");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits kept up to date line by line are the line number's, across every carry,
    /// and after a jump (blank lines are passed over, and numbered).
    #[test]
    fn line_digits_follow_the_line_number() {
        let mut place = Place::of(&Source::File("a \"b\".txt".into()));
        let lines = (1..=1_200).chain([1_202, 1_203, 99_999, 100_000, 100_001, 7]);
        for line in lines {
            place.set_line(line);
            assert_eq!(place.digits(), line.to_string().as_bytes());
            let end = format!(r#","file":"a \"b\".txt","line":{line}"#);
            assert_eq!(String::from_utf8_lossy(&place.json_end), end);
        }
    }
}
