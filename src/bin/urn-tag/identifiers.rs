//! How every command that reads identifiers takes them (`check`, `normalize`, `explain`): the
//! INPUT arguments in order, `-` among them for the lines of standard input, then the lines of
//! each `--file`, and with neither, the lines of standard input when it is not a terminal.
//!
//! Lines lose their line feed and the carriage return before it, a byte order mark that opens
//! a source is skipped, blank lines are passed over, and a line longer than
//! `--max-line-bytes` is handed on as its first bytes without being held whole.

use std::ffi::OsString;
use std::io::{self, IsTerminal, Read};
use std::path::PathBuf;

use crate::input::{
    BlockLine, DEFAULT_MAX_LINE_BYTES, Line, LineReader, Lines, Source, block_lines,
};
use crate::output::{Output, Status, WriteFailed, Written, describe};
use crate::verdict;

/// The options that say where the identifiers are.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArgs {
    /// Read each line of FILE as an identifier ("-" for standard input); may be given more
    /// than once.
    #[arg(long, short, value_name = "FILE")]
    pub file: Vec<PathBuf>,
    /// Report a line longer than N bytes (not counting its line feed, the carriage return
    /// before it, or a byte order mark that opens the input) as invalid, without reading it
    /// whole.
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_MAX_LINE_BYTES,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub max_line_bytes: u64,
    /// Identifiers ("-" reads each line of standard input). With none and no --file, each
    /// line of standard input is one, unless standard input is a terminal.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

impl InputArgs {
    /// The sources whose lines are read, in the order they are read: standard input for `-`
    /// among the arguments (once, where it first stands), each `--file`, and standard input
    /// when nothing else is given.
    pub fn sources(&self) -> Vec<Source> {
        let stdin_argument = self.inputs.iter().any(|input| input == "-");
        if self.inputs.is_empty() && self.file.is_empty() {
            return vec![Source::Stdin];
        }
        stdin_argument
            .then_some(Source::Stdin)
            .into_iter()
            .chain(self.file.iter().map(|path| Source::from_arg(path)))
            .collect()
    }

    /// Whether the identifiers are given as arguments only, with no line to read.
    pub fn arguments_only(&self) -> bool {
        self.file.is_empty() && !self.inputs.is_empty() && self.inputs.iter().all(|i| i != "-")
    }
}

/// Where an identifier comes from.
#[derive(Debug, Clone, Copy)]
pub enum Origin<'s> {
    /// A command-line argument.
    Argument,
    /// Line `line` (from 1) of `source`.
    Line { source: &'s Source, line: u64 },
}

/// Something read, handed to the command.
#[derive(Debug)]
pub enum Event<'a, 's> {
    /// A source was opened, and its lines come next.
    Opened(&'s Source),
    /// An identifier: an argument or a line.
    Input(Input<'a>, Origin<'s>),
    /// A line longer than `--max-line-bytes`: only its first bytes (the rest is skipped).
    TooLong(&'a [u8], Origin<'s>),
    /// A blank line (only white space), passed over.
    Blank,
    /// The lines of the source opened last are over (or were left unread, or it failed).
    Closed,
}

/// The text of an identifier: its bytes, or (when they are known to be UTF-8, as the lines
/// of a block checked at once are) its text.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    Bytes(&'a [u8]),
    Text(&'a str),
}

impl<'a> Input<'a> {
    /// Its bytes.
    pub fn bytes(self) -> &'a [u8] {
        match self {
            Input::Bytes(bytes) => bytes,
            Input::Text(text) => text.as_bytes(),
        }
    }
}

/// What the command wants next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The next identifier.
    Read,
    /// The first line of the next source: the rest of this one is not needed (`check -l`).
    NextSource,
}

/// What the reading came to.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reading {
    /// Some source was opened and its lines read.
    pub opened_a_source: bool,
}

/// Reads the identifiers `args` names and hands each to `each`, in order. A source that
/// cannot be read is reported on standard error (`urn-tag: NAME: reason`) with exit status 2,
/// and the others are still read. With nothing given and standard input a terminal, nothing
/// is read: that is a usage error, since a command waiting for typed lines looks hung.
pub fn read_each(
    args: &InputArgs,
    out: &mut Output,
    mut each: impl FnMut(&mut Output, Event<'_, '_>) -> Result<Next, WriteFailed>,
) -> Result<Reading, WriteFailed> {
    let mut reading = Reading::default();
    if args.inputs.is_empty() && args.file.is_empty() {
        if io::stdin().is_terminal() {
            out.raise_status(Status::Trouble);
            out.message(
                "no INPUT and no --file, and standard input is a terminal: give identifiers, \
                 --file FILE, or - to type them line by line",
            )?;
            return Ok(reading);
        }
        read_lines(args, out, &Source::Stdin, &mut reading, &mut each)?;
        return Ok(reading);
    }
    for input in &args.inputs {
        if input == "-" {
            read_lines(args, out, &Source::Stdin, &mut reading, &mut each)?;
            continue;
        }
        each(
            out,
            Event::Input(Input::Bytes(verdict::arg_bytes(input)), Origin::Argument),
        )?;
    }
    for path in &args.file {
        read_lines(args, out, &Source::from_arg(path), &mut reading, &mut each)?;
    }
    Ok(reading)
}

/// Reads the lines of `source` and hands each to `each`.
fn read_lines(
    args: &InputArgs,
    out: &mut Output,
    source: &Source,
    reading: &mut Reading,
    each: &mut impl FnMut(&mut Output, Event<'_, '_>) -> Result<Next, WriteFailed>,
) -> Written {
    let unreadable = |out: &mut Output, error: io::Error| {
        out.raise_status(Status::Trouble);
        out.message(format_args!("{}: {}", source.name(), describe(&error)))
    };
    let mut lines = match source.open() {
        Ok(reader) => reader.max_line_bytes(args.max_line_bytes),
        Err(error) => return unreadable(out, error),
    };
    reading.opened_a_source = true;
    each(out, Event::Opened(source))?;
    let max = usize::try_from(args.max_line_bytes).unwrap_or(usize::MAX);
    let read = each_line(out, source, &mut lines, max, each);
    let closed = each(out, Event::Closed).map(drop);
    match read {
        Ok(Ok(())) => closed,
        Ok(Err(error)) => {
            closed?;
            unreadable(out, error)
        }
        Err(failed) => Err(failed),
    }
}

/// The loop over the lines of one source; an error reading it is given back to report once
/// the command has closed the source.
fn each_line(
    out: &mut Output,
    source: &Source,
    lines: &mut LineReader<Box<dyn Read>>,
    max: usize,
    each: &mut impl FnMut(&mut Output, Event<'_, '_>) -> Result<Next, WriteFailed>,
) -> Result<io::Result<()>, WriteFailed> {
    let mut line = 0;
    loop {
        // Before the input is read again, which may wait: the answers so far go to their
        // reader now, not when the buffer fills (the next line may be long in coming, or
        // endless).
        let mut unwritten = Ok(());
        let next = lines.next_lines(|| unwritten = out.flush());
        unwritten?;
        let next = match next {
            Ok(None) => return Ok(Ok(())),
            Ok(Some(Lines::One(one))) => {
                line += 1;
                let origin = Origin::Line { source, line };
                match one {
                    Line::Text(bytes) if is_blank(bytes) => each(out, Event::Blank)?,
                    Line::Text(bytes) => each(out, Event::Input(Input::Bytes(bytes), origin))?,
                    Line::TooLong { head } => each(out, Event::TooLong(head, origin))?,
                }
            }
            Ok(Some(Lines::Block(block))) => {
                each_line_of(out, source, block, &mut line, max, each)?
            }
            Err(error) => return Ok(Err(error)),
        };
        if next == Next::NextSource {
            return Ok(Ok(()));
        }
    }
}

/// Hands each line of `block` (whole lines, each with its line feed) to `each`, as
/// [`LineReader::next_line`] would give them one by one; `line` counts them. The block is
/// checked as UTF-8 once, and its lines handed on as text when it is.
fn each_line_of(
    out: &mut Output,
    source: &Source,
    block: &[u8],
    line: &mut u64,
    max: usize,
    each: &mut impl FnMut(&mut Output, Event<'_, '_>) -> Result<Next, WriteFailed>,
) -> Result<Next, WriteFailed> {
    let text = std::str::from_utf8(block).ok();
    for cut in block_lines(block, max) {
        *line += 1;
        let origin = Origin::Line {
            source,
            line: *line,
        };
        let next = match cut {
            BlockLine::Text(content) if is_blank(&block[content.clone()]) => {
                each(out, Event::Blank)?
            }
            BlockLine::Text(content) => {
                // A line feed or carriage return ends a character in UTF-8: the range is one.
                let input = match text {
                    Some(text) => Input::Text(&text[content]),
                    None => Input::Bytes(&block[content]),
                };
                each(out, Event::Input(input, origin))?
            }
            BlockLine::TooLong { head } => each(out, Event::TooLong(&block[head], origin))?,
        };
        if next == Next::NextSource {
            return Ok(next);
        }
    }
    Ok(Next::Read)
}

/// Whether a line is blank: empty, or white space only.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}
