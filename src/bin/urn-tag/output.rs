//! The one way out of the program for every command: results to a buffered standard output,
//! messages to standard error, and the exit status of what has been reported so far.
//!
//! Every write returns its error instead of panicking (as `println!` does): a closed pipe
//! (`urn-tag check | head -1`) ends the program quietly with the status of what it had
//! already found, and any other write error (a full disk) is reported once, with status 2.

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, StderrLock, StdoutLock, Write};
use std::process::ExitCode;

use anstream::{AutoStream, ColorChoice};
use anstyle::{AnsiColor, Effects, Style};

use crate::startup;

/// What the program tells its caller, ordered from best to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every input is valid, the answer is yes, or something was found.
    Yes = 0,
    /// Some input is invalid, the answer is no, or nothing was found.
    No = 1,
    /// A usage error, an unreadable input, or an output that cannot be written.
    Trouble = 2,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

/// Which stream a write failed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// A write that failed: the command stops at once.
#[derive(Debug)]
pub struct WriteFailed {
    pub stream: Stream,
    pub error: io::Error,
}

/// What every command returns: `Err` only when it could not write its output.
pub type Written = Result<(), WriteFailed>;

/// The colours of human output; all plain when colour is off.
#[derive(Debug, Clone, Copy, Default)]
pub struct Palette {
    pub good: Style,
    pub bad: Style,
    pub dim: Style,
}

/// When human output is coloured (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, as the environment allows.
    Auto,
    /// Whatever the output and the environment.
    Always,
    /// Whatever the output and the environment.
    Never,
}

/// Standard output (buffered), standard error, and the status so far.
pub struct Output {
    stdout: BufWriter<Stdout>,
    /// Standard output is a terminal, or `--line-buffered` was given: each answer is flushed
    /// as soon as it is written, as grep does, so that an interactive `check` (or the reader
    /// of a pipe) has each answer as it is made.
    flush_each_answer: bool,
    palette: Palette,
    status: Status,
}

/// Big enough that a million short answers take a few hundred writes.
const STDOUT_BUFFER: usize = 64 * 1024;

impl Output {
    /// With `color` auto, colour on a terminal only, and never with `NO_COLOR` (or
    /// `CLICOLOR=0`); forced by `CLICOLOR_FORCE`: the conventions `anstream` reads. Each
    /// answer is written out at once on a terminal, or everywhere when `line_buffered`.
    pub fn new(color: ColorWhen, line_buffered: bool) -> Output {
        let stdout = io::stdout();
        let choice = match color {
            ColorWhen::Auto => AutoStream::choice(&stdout),
            ColorWhen::Always => ColorChoice::Always,
            ColorWhen::Never => ColorChoice::Never,
        };
        let flush_each_answer = line_buffered || stdout.is_terminal();
        let (stream, palette) = if choice == ColorChoice::Never {
            // Nothing styled is ever written, so there is nothing to strip: pass bytes through.
            (AutoStream::always_ansi(stdout.lock()), Palette::default())
        } else {
            let palette = Palette {
                good: Style::new().fg_color(Some(AnsiColor::Green.into())),
                bad: Style::new().fg_color(Some(AnsiColor::Red.into())),
                dim: Style::new().effects(Effects::DIMMED),
            };
            (AutoStream::new(stdout.lock(), choice), palette)
        };
        let stdout = Stdout {
            stream,
            closed: startup::stdout_was_closed(),
        };
        Output {
            stdout: BufWriter::with_capacity(STDOUT_BUFFER, stdout),
            flush_each_answer,
            palette,
            status: Status::Yes,
        }
    }

    /// The colours to paint human output with.
    pub fn palette(&self) -> Palette {
        self.palette
    }

    /// The status to exit with if the program ended now.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Sets the status (`find` turns "nothing found" into "found").
    pub fn set_status(&mut self, status: Status) {
        self.status = status;
    }

    /// Makes the status at least as bad as `status`.
    pub fn raise_status(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    /// Writes to standard output: `write!(out, ...)` and `writeln!(out, ...)`. Call
    /// [`Output::answered`] after each answer.
    pub fn write_fmt(&mut self, text: fmt::Arguments<'_>) -> Written {
        self.stdout.write_fmt(text).map_err(on_stdout)
    }

    /// A write error on standard output, as a command's failure.
    pub fn stdout_failed(error: io::Error) -> WriteFailed {
        on_stdout(error)
    }

    /// Writes bytes to standard output.
    pub fn write_bytes(&mut self, bytes: &[u8]) -> Written {
        self.stdout.write_all(bytes).map_err(on_stdout)
    }

    /// Writes `parts` one after the other to standard output: the answers written for every
    /// line of a large input, spared the formatting machinery.
    pub fn write_strs(&mut self, parts: &[&str]) -> Written {
        parts
            .iter()
            .try_for_each(|part| self.stdout.write_all(part.as_bytes()))
            .map_err(on_stdout)
    }

    /// Writes out what standard output holds: before the program waits for more input, so
    /// that the answers decided so far reach their reader.
    pub fn flush(&mut self) -> Written {
        self.stdout.flush().map_err(on_stdout)
    }

    /// One answer is complete: on a terminal, show it now.
    pub fn answered(&mut self) -> Written {
        if self.flush_each_answer {
            self.stdout.flush().map_err(on_stdout)?;
        }
        Ok(())
    }

    /// Writes `urn-tag: MESSAGE` on standard error, after what standard output holds (so that
    /// both keep their order on a terminal).
    pub fn message(&mut self, message: impl fmt::Display) -> Written {
        self.stdout.flush().map_err(on_stdout)?;
        let line = format!("urn-tag: {message}\n");
        stderr().write_all(line.as_bytes()).map_err(on_stderr)
    }

    /// Writes `text` on standard error as it is (a summary, a list of warnings).
    pub fn note(&mut self, text: impl fmt::Display) -> Written {
        self.stdout.flush().map_err(on_stdout)?;
        let text = text.to_string();
        stderr().write_all(text.as_bytes()).map_err(on_stderr)
    }

    /// Flushes standard output and gives the exit status: that of what was reported when the
    /// output was written or its reader went away, 2 (with a message) when it could not be
    /// written.
    pub fn finish(mut self, outcome: Written) -> ExitCode {
        let outcome = outcome.and_then(|()| self.stdout.flush().map_err(on_stdout));
        let status = match outcome {
            Ok(()) => self.status,
            Err(failed) if failed.error.kind() == io::ErrorKind::BrokenPipe => self.status,
            Err(failed) => {
                if failed.stream == Stream::Stdout {
                    // If standard error cannot take it either, the status says it all.
                    let line = format!("urn-tag: standard output: {}\n", describe(&failed.error));
                    let _ = stderr().write_all(line.as_bytes());
                }
                Status::Trouble
            }
        };
        // What is still buffered goes nowhere: the reader is gone or the disk is full.
        let (_, _) = self.stdout.into_parts();
        status.into()
    }
}

/// Standard output, which fails every write, as a C program's would, when it was closed at
/// start (`urn-tag check urn:x:y >&-`; see [`startup`]) instead of writing into the
/// `/dev/null` that Rust's runtime put in its place.
struct Stdout {
    stream: AutoStream<StdoutLock<'static>>,
    closed: bool,
}

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Err(startup::closed_error());
        }
        self.stream.write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.closed {
            return Err(startup::closed_error());
        }
        self.stream.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

fn stderr() -> StderrLock<'static> {
    io::stderr().lock()
}

fn on_stdout(error: io::Error) -> WriteFailed {
    WriteFailed {
        stream: Stream::Stdout,
        error,
    }
}

fn on_stderr(error: io::Error) -> WriteFailed {
    WriteFailed {
        stream: Stream::Stderr,
        error,
    }
}

/// An I/O error as a message, without Rust's " (os error 2)": `No such file or directory`.
pub fn describe(error: &io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_owned(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn describe_drops_the_os_error_number() {
        let missing = io::Error::from_raw_os_error(2);
        assert_eq!(describe(&missing), "No such file or directory");
        let custom = io::Error::other("no rule \"x\"");
        assert_eq!(describe(&custom), "no rule \"x\"");
    }

    #[test]
    fn statuses_order_from_best_to_worst() {
        assert!(Status::Yes < Status::No && Status::No < Status::Trouble);
    }
}
