//! `urn-tag find`: the URNs and tag URIs found in free text, with their line and column.

use std::path::PathBuf;

use urn_tag::find::Finder;

use crate::input::{DEFAULT_MAX_LINE_BYTES, Piece, Source};
use crate::json::JsonLine;
use crate::output::{Output, Status, Written, describe};
use crate::syntax_args::SyntaxArgs;

/// What `find --help` adds after the options.
const AFTER_HELP: &str = "\
Each match is printed as LINE:COLUMN: TEXT, or with --json as {\"line\", \"column\", \"offset\",
\"kind\", \"text\"}: COLUMN counts characters from 1 (an invalid UTF-8 sequence counts as one),
OFFSET is the byte offset in the input, KIND is urn or tag. Invalid UTF-8 separates identifiers.";

/// What `--namespaces` means to `find`.
const NAMESPACES_HELP: &str = "Find only the URNs that also follow the grammar and prose \
rules of their namespace (namespaces/NID.pest); a URN of a namespace without a grammar is found \
as its URN syntax reads it";

#[derive(Debug, clap::Args)]
#[command(after_long_help = AFTER_HELP)]
#[command(mut_arg("namespaces", |arg| arg.help(NAMESPACES_HELP)))]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Keep trailing sentence punctuation (. , ; : ! ? ' * _ ~ and an unmatched ")") in matches.
    #[arg(long)]
    keep_punctuation: bool,
    /// Print one JSON object per match (JSON Lines) instead of text.
    #[arg(long)]
    json: bool,
    /// Search a line longer than N bytes in pieces of at most N bytes, cut after white space
    /// (an identifier longer than N bytes is cut).
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_LINE_BYTES,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    max_line_bytes: u64,
    /// The text to search; standard input when absent or "-".
    file: Option<PathBuf>,
}

/// Where the search is: the line, and the characters before the current piece on it.
#[derive(Default)]
struct Position {
    line: u64,
    /// Characters of the line before the current piece (an invalid UTF-8 sequence counts as
    /// one, the U+FFFD it would be shown as).
    column_base: u64,
}

/// How each match is written.
enum Format {
    /// `LINE:COLUMN: TEXT`.
    Text,
    /// A JSON object, its buffer kept from match to match.
    Json(JsonLine),
}

/// Prints each match; exits 0 if something was found, 1 if nothing was (like grep), 2 if the
/// input cannot be read.
pub fn run(args: &Args, out: &mut Output) -> Written {
    let source = args.file.as_deref().map_or(Source::Stdin, Source::from_arg);
    let finder = Finder::new()
        .syntax(args.syntax.syntax())
        .trim_punctuation(!args.keep_punctuation);
    out.set_status(Status::No);
    let unreadable = |out: &mut Output, error: std::io::Error| {
        out.raise_status(Status::Trouble);
        out.message(format_args!("{}: {}", source.name(), describe(&error)))
    };
    let mut pieces = match source.open() {
        Ok(reader) => reader.max_line_bytes(args.max_line_bytes),
        Err(error) => return unreadable(out, error),
    };
    let mut at = Position::default();
    let mut format = if args.json {
        Format::Json(JsonLine::default())
    } else {
        Format::Text
    };
    loop {
        match pieces.next_piece() {
            Ok(Some(piece)) => search(&finder, &piece, &mut at, &mut format, out)?,
            Ok(None) => return Ok(()),
            Err(error) => return unreadable(out, error),
        }
    }
}

/// Writes the matches in one piece of a line.
///
/// Each valid UTF-8 run of the piece is searched on its own: identifiers are ASCII, so an
/// invalid byte can only separate them, and offsets stay those of the input's bytes. Columns
/// are counted as the search goes, from the previous match only, so a long line with many
/// matches (minified JSON or HTML) costs one pass.
fn search(
    finder: &Finder,
    piece: &Piece<'_>,
    at: &mut Position,
    format: &mut Format,
    out: &mut Output,
) -> Written {
    if piece.starts_line {
        at.line += 1;
        at.column_base = 0;
    }
    let mut run_start = 0;
    for chunk in piece.text.utf8_chunks() {
        let text = chunk.valid();
        let mut counted = 0;
        for found in finder.identifiers(text) {
            let range = found.range();
            at.column_base += text[counted..range.start].chars().count() as u64;
            counted = range.start;
            if out.status() == Status::No {
                out.set_status(Status::Yes);
            }
            let column = at.column_base + 1;
            match format {
                Format::Text => writeln!(out, "{}:{column}: {}", at.line, &text[range])?,
                Format::Json(line) => {
                    let offset = piece.offset + (run_start + range.start) as u64;
                    line.start()
                        .text(r#"{"line":"#)
                        .number(at.line)
                        .text(r#","column":"#)
                        .number(column)
                        .text(r#","offset":"#)
                        .number(offset)
                        .text(r#","kind":"#)
                        .word(found.value().scheme().name())
                        .text(r#","text":"#)
                        .identifier(&text[range])
                        .text("}");
                    out.write_bytes(line.finish())?;
                }
            }
            out.answered()?;
        }
        at.column_base += text[counted..].chars().count() as u64;
        if !chunk.invalid().is_empty() {
            at.column_base += 1;
        }
        run_start += text.len() + chunk.invalid().len();
    }
    Ok(())
}
