//! `urn-tag find`: the URNs and tag URIs found in free text, with their line and column.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;
use urn_tag::find::Finder;

use crate::syntax_args::SyntaxArgs;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    syntax: SyntaxArgs,
    /// Keep trailing sentence punctuation (. , ; : ! ? ' * _ ~ and an unmatched ")") in matches.
    #[arg(long)]
    keep_punctuation: bool,
    /// Print one JSON object per match (JSON Lines) instead of text.
    #[arg(long)]
    json: bool,
    /// The text to search; standard input when absent.
    file: Option<PathBuf>,
}

#[derive(Serialize)]
struct Match<'a> {
    line: usize,
    column: usize,
    offset: usize,
    kind: &'static str,
    text: &'a str,
}

/// Prints each match; exits 0 if something was found, 1 if nothing was (like grep).
pub fn run(args: &Args) -> io::Result<ExitCode> {
    let input: Box<dyn BufRead> = match &args.file {
        Some(path) => Box::new(BufReader::new(std::fs::File::open(path)?)),
        None => Box::new(io::stdin().lock()),
    };
    let finder = Finder::new()
        .syntax(args.syntax.syntax())
        .trim_punctuation(!args.keep_punctuation);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut found = 0u64;
    // No identifier spans a line break (line breaks are excluded characters), so lines are searched
    // one at a time, in constant memory.
    let (mut reader, mut line, mut offset) = (input, Vec::new(), 0);
    for number in 1.. {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        for found_id in finder.identifiers(&text) {
            found += 1;
            let range = found_id.range();
            let record = Match {
                line: number,
                column: text[..range.start].chars().count() + 1,
                offset: offset + range.start,
                kind: found_id.value().scheme().name(),
                text: &text[range],
            };
            if args.json {
                serde_json::to_writer(&mut out, &record)?;
                writeln!(out)?;
            } else {
                writeln!(out, "{}:{}: {}", record.line, record.column, record.text)?;
            }
        }
        offset += line.len();
    }
    out.flush()?;
    Ok(if found > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
