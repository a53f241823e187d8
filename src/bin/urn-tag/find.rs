//! `urn-tag find`: the URNs and tag URIs found in free text, with their line and column; or,
//! with `--invalid`, the text that starts like one but is not valid, with the error.

use std::ffi::OsString;
use std::fs::FileType;
use std::ops::Range;
use std::path::{Path, PathBuf};

use urn_tag::find::Finder;
use urn_tag::{ParseError, Scheme};

use crate::input::{DEFAULT_MAX_LINE_BYTES, Piece, Source};
use crate::json::JsonLine;
use crate::output::{Output, Status, WriteFailed, Written, describe};
use crate::report;
use crate::syntax_args::SyntaxArgs;
use crate::verdict::Problem;

/// What `find --help` adds after the options.
const AFTER_HELP: &str = "\
Each match is printed as LINE:COLUMN: TEXT, or with --json as {\"line\", \"column\", \"offset\",
\"kind\", \"text\", \"file\"}: COLUMN counts characters from 1 (an invalid UTF-8 sequence counts
as one), OFFSET is the byte offset in the input, KIND is urn or tag, FILE is the path as given
(\"-\" for standard input; always there, whatever the number of files). Invalid UTF-8 separates
identifiers.

With more than one FILE (or with -H), each line of text starts with the file's name:
FILE:LINE:COLUMN: TEXT. A file that cannot be read is reported on standard error, the others
are still searched, and the exit status is 2.

Tokens: each urn: or tag: that is not after a letter or digit starts a token, which runs as
far as an identifier from there may reach (up to white space, a quote or bracket, other ASCII
that URIs exclude, or punctuation outside ASCII; through letters outside ASCII, which no
identifier holds unencoded) without the sentence punctuation after it. A token is found when
it is a valid identifier whole, never cut to its valid beginning: urn:example:a%zz and
urn:example:café are invalid, not urn:example:a and urn:example:caf.

With --invalid, find reports instead the tokens that are not valid, as
LINE:COLUMN: TEXT: MESSAGE, or in JSON with \"valid\": false and \"error\": {\"index\",
\"message\", \"kind\", \"part\"}: the message check gives for TEXT (INDEX counts bytes from
the start of TEXT). A scheme with nothing after it (\"tag: v1\") and a pattern (urn:x:{id})
are neither. Exit status 0 if something was reported, 1 if nothing.";

/// What `--namespaces` means to `find`.
const NAMESPACES_HELP: &str = "Find only the URNs that also follow the grammar and prose \
rules of their namespace (namespaces/NID.pest); a URN of a namespace without a grammar is found \
as its URN syntax reads it. With --invalid, also report the URNs that break their namespace";

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
    /// Report the tokens that are not valid identifiers, each with the error check gives for
    /// it, instead of the identifiers found.
    #[arg(long)]
    invalid: bool,
    /// Print for each file the number of identifiers found in it (with --invalid, of invalid
    /// tokens) instead of the identifiers, as FILE:COUNT when files are named, as grep -c
    /// does (it counts matches, not lines: two identifiers on a line count two).
    #[arg(short = 'c', long, conflicts_with_all = ["json", "files_with_matches"])]
    count: bool,
    /// Print the name of each file in which something is found (with --invalid, reported)
    /// instead of what is found, once, and search no further in it, as grep -l does.
    #[arg(short = 'l', long, conflicts_with = "json")]
    files_with_matches: bool,
    /// Search the files in each FILE that is a directory, and in the directories in it, in
    /// the order of their paths (with no FILE, the working directory's), as grep -r does:
    /// symbolic links met on the way are not followed, only regular files are read, hidden
    /// files and those .gitignore names are searched too, and a file whose first 64 KiB hold
    /// a NUL byte is binary and skipped, as ripgrep skips it (a NUL byte further on ends its
    /// search at the line that holds it).
    #[arg(short = 'r', long)]
    recursive: bool,
    /// Start each line of text with the file's name, even for one file.
    #[arg(short = 'H', long, overrides_with = "no_filename")]
    with_filename: bool,
    /// Never start a line of text with the file's name, even for several files.
    #[arg(long, overrides_with = "with_filename")]
    no_filename: bool,
    /// Search a line longer than N bytes in pieces of at most N bytes, cut where no
    /// identifier can go on (at white space, or after another byte no identifier holds). A
    /// stretch of more than N bytes with nowhere to cut is not searched: an identifier in it
    /// may be missed, but none is ever reported cut.
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_LINE_BYTES,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    max_line_bytes: u64,
    /// The files to search, in order; standard input when there is none (with -r, the
    /// working directory), and for "-".
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
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
    /// `LINE:COLUMN: TEXT`, after `FILE:` when `prefix` is set.
    Text { prefix: bool },
    /// A JSON object, its buffer kept from match to match.
    Json(JsonLine),
}

/// One file being searched.
struct File {
    /// The name a line of text starts with: the path as given, escaped, or `(standard input)`
    /// as grep names it.
    shown: String,
    /// The name in JSON records: the path as given (invalid UTF-8 replaced), or `-`.
    json: String,
    /// How messages name it.
    message: String,
}

impl File {
    fn of(source: &Source) -> File {
        match source {
            Source::Stdin => File {
                shown: "(standard input)".to_owned(),
                json: "-".to_owned(),
                message: "standard input".to_owned(),
            },
            Source::File(path) => {
                let bytes = path.as_os_str().as_encoded_bytes();
                let shown = report::escape(bytes).into_owned();
                File {
                    json: String::from_utf8_lossy(bytes).into_owned(),
                    message: shown.clone(),
                    shown,
                }
            }
        }
    }
}

/// Something to report at a range of a searched text: an identifier, or with `--invalid` a
/// candidate and its error.
struct Report<'t> {
    text: &'t str,
    range: Range<usize>,
    scheme: Scheme,
    error: Option<ParseError>,
}

/// The search of every file.
struct Search<'a> {
    args: &'a Args,
    finder: Finder,
    format: Format,
    /// What was found (or reported) in the file being searched, for --count and -l.
    found_in_file: u64,
}

/// Prints each match; exits 0 if something was found, 1 if nothing was (like grep), 2 if an
/// input cannot be read (after searching the others).
pub fn run(args: &Args, out: &mut Output) -> Written {
    let sources: Vec<Source> = if args.files.is_empty() && args.recursive {
        vec![Source::File(PathBuf::new())]
    } else if args.files.is_empty() {
        vec![Source::Stdin]
    } else {
        args.files
            .iter()
            .map(|path| Source::from_arg(path))
            .collect()
    };
    // With -r, a directory names many files (grep names them even for one directory).
    let walks_a_directory = args.recursive
        && sources
            .iter()
            .any(|source| matches!(source, Source::File(path) if is_directory(path)));
    let prefix =
        args.with_filename || ((sources.len() > 1 || walks_a_directory) && !args.no_filename);
    let mut search = Search {
        args,
        finder: Finder::new()
            .syntax(args.syntax.syntax())
            .trim_punctuation(!args.keep_punctuation),
        format: if args.json {
            Format::Json(JsonLine::default())
        } else {
            Format::Text { prefix }
        },
        found_in_file: 0,
    };
    out.set_status(Status::No);
    for source in &sources {
        match source {
            Source::File(path) if args.recursive && is_directory(path) => {
                search.directory(path, out)?;
            }
            _ => search.file(source, false, out)?,
        }
    }
    Ok(())
}

/// Whether `path` names a directory (following a symbolic link: one given as FILE is
/// followed, as grep -r follows it). The working directory is the empty path.
fn is_directory(path: &Path) -> bool {
    path.as_os_str().is_empty() || path.is_dir()
}

impl Search<'_> {
    /// Searches the files in the directory `root` and in the directories in it, depth first
    /// and in the order of their names (the order of their paths), without following the
    /// symbolic links among them; binary files are skipped. A directory that cannot be read is
    /// reported, and the status raised to 2.
    fn directory(&mut self, root: &Path, out: &mut Output) -> Written {
        // The directories being listed, innermost last, each with its entries still to visit:
        // a stack, so that no depth of nesting can overflow the call stack.
        let mut open: Vec<(PathBuf, std::vec::IntoIter<(OsString, FileType)>)> = Vec::new();
        if let Some(entries) = self.entries(root, out)? {
            open.push((root.to_owned(), entries));
        }
        while let Some((directory, entries)) = open.last_mut() {
            let Some((name, kind)) = entries.next() else {
                open.pop();
                continue;
            };
            let path = directory.join(name);
            if kind.is_dir() {
                if let Some(entries) = self.entries(&path, out)? {
                    open.push((path, entries));
                }
            } else if kind.is_file() {
                self.file(&Source::File(path), true, out)?;
            }
        }
        Ok(())
    }

    /// The entries of `directory` (the working directory for the empty path, whose entries
    /// are then named without "./", as grep names them), sorted by name; `None`, after a
    /// message, when it cannot be read.
    fn entries(
        &mut self,
        directory: &Path,
        out: &mut Output,
    ) -> Result<Option<std::vec::IntoIter<(OsString, FileType)>>, WriteFailed> {
        let listed = if directory.as_os_str().is_empty() {
            std::fs::read_dir(".")
        } else {
            std::fs::read_dir(directory)
        };
        let entries = listed.and_then(|entries| {
            entries
                .map(|entry| {
                    let entry = entry?;
                    Ok((entry.file_name(), entry.file_type()?))
                })
                .collect::<std::io::Result<Vec<_>>>()
        });
        match entries {
            Ok(mut entries) => {
                entries.sort_by(|a, b| a.0.cmp(&b.0));
                Ok(Some(entries.into_iter()))
            }
            Err(error) => {
                out.raise_status(Status::Trouble);
                let name = Source::File(directory.to_owned()).name();
                out.message(format_args!("{name}: {}", describe(&error)))?;
                Ok(None)
            }
        }
    }

    /// Searches one file (`skip_binary`: found by walking a directory, skipped if binary);
    /// a file that cannot be read is reported, and the status raised to 2.
    fn file(&mut self, source: &Source, skip_binary: bool, out: &mut Output) -> Written {
        let file = File::of(source);
        let unreadable = |out: &mut Output, error: std::io::Error| {
            out.raise_status(Status::Trouble);
            out.message(format_args!("{}: {}", file.message, describe(&error)))
        };
        let mut pieces = match source.open() {
            Ok(reader) => reader.max_line_bytes(self.args.max_line_bytes),
            Err(error) => return unreadable(out, error),
        };
        if skip_binary {
            match pieces.starts_binary() {
                Ok(false) => {}
                Ok(true) => return Ok(()),
                Err(error) => return unreadable(out, error),
            }
        }
        self.found_in_file = 0;
        let mut at = Position::default();
        let searched = loop {
            // As `check` does: what was found so far reaches its reader before the input is
            // read again, which may wait.
            let mut unwritten = Ok(());
            let next = pieces.next_piece(|| unwritten = out.flush());
            unwritten?;
            match next {
                // A binary file's NUL byte ends its search, as it ends ripgrep's.
                Ok(Some(piece)) if skip_binary && piece.text.contains(&0) => break Ok(()),
                Ok(Some(piece)) => self.piece(&file, &piece, &mut at, out)?,
                Ok(None) => break Ok(()),
                Err(error) => break Err(error),
            }
            if self.args.files_with_matches && self.found_in_file > 0 {
                break Ok(());
            }
        };
        if self.args.count {
            if matches!(self.format, Format::Text { prefix: true }) {
                write!(out, "{}:", file.shown)?;
            }
            writeln!(out, "{}", self.found_in_file)?;
            out.answered()?;
        } else if self.args.files_with_matches && self.found_in_file > 0 {
            writeln!(out, "{}", file.shown)?;
            out.answered()?;
        }
        match searched {
            Ok(()) => Ok(()),
            Err(error) => unreadable(out, error),
        }
    }

    /// Writes the matches in one piece of a line.
    ///
    /// Each valid UTF-8 run of the piece is searched on its own: identifiers are ASCII, so an
    /// invalid byte can only separate them, and offsets stay those of the input's bytes.
    /// Columns are counted as the search goes, from the previous match only, so a long line
    /// with many matches (minified JSON or HTML) costs one pass.
    fn piece(
        &mut self,
        file: &File,
        piece: &Piece<'_>,
        at: &mut Position,
        out: &mut Output,
    ) -> Written {
        if piece.starts_line {
            at.line += 1;
            at.column_base = 0;
        }
        let (unsearched, searched) = piece.text.split_at(piece.unsearched);
        at.column_base += characters(unsearched);
        let mut run_start = unsearched.len();
        for chunk in searched.utf8_chunks() {
            let text = chunk.valid();
            let offset = piece.offset + run_start as u64;
            let mut counted = 0;
            if self.args.invalid {
                for invalid in self.finder.invalid(text) {
                    let report = Report {
                        text,
                        range: invalid.range(),
                        scheme: invalid.scheme(),
                        error: Some(invalid.error()),
                    };
                    self.report(file, &report, offset, at, &mut counted, out)?;
                }
            } else {
                for found in self.finder.identifiers(text) {
                    let report = Report {
                        text,
                        range: found.range(),
                        scheme: found.value().scheme(),
                        error: None,
                    };
                    self.report(file, &report, offset, at, &mut counted, out)?;
                }
            }
            at.column_base += text[counted..].chars().count() as u64;
            if !chunk.invalid().is_empty() {
                at.column_base += 1;
            }
            run_start += text.len() + chunk.invalid().len();
        }
        Ok(())
    }

    /// Writes one match (or candidate) of the text whose first byte is at `offset` in the
    /// input; `counted` is how far into the text the column has been counted.
    fn report(
        &mut self,
        file: &File,
        report: &Report<'_>,
        offset: u64,
        at: &mut Position,
        counted: &mut usize,
        out: &mut Output,
    ) -> Written {
        if out.status() == Status::No {
            out.set_status(Status::Yes);
        }
        self.found_in_file += 1;
        if self.args.count || self.args.files_with_matches {
            return Ok(());
        }
        let range = report.range.clone();
        at.column_base += report.text[*counted..range.start].chars().count() as u64;
        *counted = range.start;
        let column = at.column_base + 1;
        let text = &report.text[range.clone()];
        match &mut self.format {
            Format::Text { prefix } => {
                if *prefix {
                    write!(out, "{}:", file.shown)?;
                }
                match report.error {
                    None => writeln!(out, "{}:{column}: {text}", at.line)?,
                    Some(error) => {
                        let shown = report::escape(text.as_bytes());
                        writeln!(out, "{}:{column}: {shown}: {error}", at.line)?;
                    }
                }
            }
            Format::Json(line) => {
                line.start()
                    .text(r#"{"line":"#)
                    .number(at.line)
                    .text(r#","column":"#)
                    .number(column)
                    .text(r#","offset":"#)
                    .number(offset + range.start as u64)
                    .text(r#","kind":"#)
                    .word(report.scheme.name())
                    .text(r#","text":"#);
                match report.error {
                    None => {
                        line.identifier(text);
                    }
                    Some(error) => {
                        line.string(text)
                            .text(r#","valid":false,"error":"#)
                            .problem(&Problem::Parse(error));
                    }
                }
                // Added after the fields the record had before it, as every added field is.
                line.text(r#","file":"#).string(&file.json).text("}");
                out.write_bytes(line.finish())?;
            }
        }
        out.answered()
    }
}

/// The characters of `bytes`, an invalid UTF-8 sequence counting as one.
fn characters(bytes: &[u8]) -> u64 {
    bytes
        .utf8_chunks()
        .map(|chunk| chunk.valid().chars().count() + usize::from(!chunk.invalid().is_empty()))
        .sum::<usize>() as u64
}
