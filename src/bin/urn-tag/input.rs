//! Reading standard input or a file in bounded memory: line by line for `check`, in pieces of
//! bounded size for `find`.
//!
//! The input is read through one large buffer; a line that lies whole in it is handed out in
//! place (no copy, no allocation), and only a line that straddles two refills is gathered in a
//! second buffer, itself never longer than the maximum line length.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::path::{Path, PathBuf};

use memchr::memchr;

use crate::report;

/// The read buffer: large reads make a million short lines cost a few hundred system calls.
const READ_BUFFER: usize = 64 * 1024;
/// The default of `--max-line-bytes`: 16 MiB.
pub const DEFAULT_MAX_LINE_BYTES: u64 = 16 * 1024 * 1024;
/// The bytes of an over-long line kept to show which line it was.
pub const HEAD_BYTES: usize = 256;

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Where input comes from: a file, or standard input for `-` (or no file at all).
#[derive(Debug, Clone)]
pub enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// The source a file argument names: `-` is standard input.
    pub fn from_arg(path: &Path) -> Source {
        if path.as_os_str() == "-" {
            Source::Stdin
        } else {
            Source::File(path.to_owned())
        }
    }

    /// How messages name it: the path as given, escaped as echoed input is (a file name may
    /// hold anything but `/` and NUL, terminal controls included), or `standard input`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "standard input".to_owned(),
            Source::File(path) => report::escape(path.as_os_str().as_encoded_bytes()).into_owned(),
        }
    }

    /// How answers to its lines name it (`FILE:LINE: ...`): the path escaped, or
    /// `(standard input)` as grep names it.
    pub fn shown(&self) -> String {
        match self {
            Source::Stdin => "(standard input)".to_owned(),
            Source::File(_) => self.name(),
        }
    }

    /// How `--json` records name it (`"file"`): the path as given (invalid UTF-8 replaced),
    /// or `-` for standard input.
    pub fn json_name(&self) -> String {
        match self {
            Source::Stdin => "-".to_owned(),
            Source::File(path) => path.to_string_lossy().into_owned(),
        }
    }

    /// Opens it for reading.
    pub fn open(&self) -> io::Result<LineReader<Box<dyn Read>>> {
        let input: Box<dyn Read> = match self {
            Source::Stdin => Box::new(io::stdin().lock()),
            Source::File(path) => Box::new(File::open(path)?),
        };
        Ok(LineReader::new(input))
    }
}

/// One line of input for `check`, without its line feed, the carriage return before it, or a
/// leading byte order mark.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    Text(&'a [u8]),
    /// A line longer than the maximum: only its first [`HEAD_BYTES`] bytes (the rest is
    /// skipped, never held).
    TooLong {
        head: &'a [u8],
    },
}

/// What [`LineReader::next_lines`] hands out: complete lines as they lie in the read buffer,
/// or one line read the careful way.
#[derive(Debug, PartialEq, Eq)]
pub enum Lines<'a> {
    /// Whole lines, each ending with its line feed, as they lie in the read buffer: the
    /// caller cuts them apart (a carriage return before a line feed is not content) and
    /// compares each with the maximum, which one read buffer may exceed.
    Block(&'a [u8]),
    /// One line, as [`LineReader::next_line`] gives it.
    One(Line<'a>),
}

/// One line of a [`Lines::Block`], as [`block_lines`] cuts it: the range in the block of its
/// content, or of the first bytes of a line longer than the maximum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockLine {
    Text(Range<usize>),
    TooLong { head: Range<usize> },
}

/// The lines of `block` (whole lines, each ending with its line feed), as
/// [`LineReader::next_line`] would give them one by one: without the carriage return before
/// the line feed, and a line longer than `max` as its first bytes.
pub fn block_lines(block: &[u8], max: usize) -> impl Iterator<Item = BlockLine> + '_ {
    let mut start = 0;
    memchr::memchr_iter(b'\n', block).map(move |end| {
        let content_end = if end > start && block[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        let content = start..content_end;
        start = end + 1;
        if content.len() > max {
            let head = content.start..content.start + max.min(HEAD_BYTES);
            BlockLine::TooLong { head }
        } else {
            BlockLine::Text(content)
        }
    })
}

/// A piece of a line for `find`.
#[derive(Debug, PartialEq, Eq)]
pub struct Piece<'a> {
    pub text: &'a [u8],
    /// The byte offset of `text` in the input.
    pub offset: u64,
    /// Whether it begins a line (else it continues the line that the last piece was cut from).
    pub starts_line: bool,
    /// How many bytes at the front of `text` are not to be searched: the middle or the end of
    /// a stretch of identifier bytes longer than the maximum, which no piece holds whole.
    pub unsearched: usize,
}

/// Where the bytes of a segment lie.
#[derive(Debug, Clone, Copy)]
enum Held {
    /// At the front of the read buffer.
    Buffer,
    /// In the gathering buffer.
    Gathered,
}

/// How a segment ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// At a line feed, not counted in its length.
    LineFeed,
    /// At the end of the input.
    Eof,
    /// The line goes on past the maximum: the segment holds the first `max + 1` bytes.
    Limit,
}

/// The bytes up to the next line feed, or up to the maximum.
#[derive(Debug, Clone, Copy)]
struct Segment {
    held: Held,
    len: usize,
    end: End,
}

/// A reader of lines (or of pieces of them) in bounded memory.
pub struct LineReader<R> {
    input: BufReader<R>,
    max: usize,
    /// Bytes at the front of the read buffer handed out last; consumed on the next call.
    lent: usize,
    /// A segment that straddles refills of the read buffer.
    gathered: Vec<u8>,
    /// Bytes at the front of `gathered` handed out last as a piece; dropped on the next call.
    gathered_lent: usize,
    /// The rest of an over-long line is still to be skipped.
    skipping: bool,
    /// The next piece continues a stretch of identifier bytes longer than the maximum.
    in_long_run: bool,
    /// The offset in the input of the next segment.
    offset: u64,
    /// The next piece begins a line.
    at_line_start: bool,
    at_input_start: bool,
}

impl<R: Read> LineReader<R> {
    pub fn new(input: R) -> LineReader<R> {
        LineReader {
            input: BufReader::with_capacity(READ_BUFFER, input),
            max: usize::try_from(DEFAULT_MAX_LINE_BYTES).unwrap_or(usize::MAX),
            lent: 0,
            gathered: Vec::new(),
            gathered_lent: 0,
            skipping: false,
            in_long_run: false,
            offset: 0,
            at_line_start: true,
            at_input_start: true,
        }
    }

    /// Lines (or pieces) of at most `max` bytes (saturated to what fits in memory).
    pub fn max_line_bytes(mut self, max: u64) -> LineReader<R> {
        // One byte past the maximum must still be countable.
        self.max = usize::try_from(max)
            .unwrap_or(usize::MAX)
            .clamp(1, usize::MAX - 1);
        self
    }

    /// Whether the first block of the input (what one read of up to 64 KiB gives) holds a
    /// NUL byte: how ripgrep tells a binary file when it walks a directory. Nothing is
    /// consumed.
    pub fn starts_binary(&mut self) -> io::Result<bool> {
        let available = self.fill(&mut || {})?;
        Ok(memchr(0, &self.input.buffer()[..available]).is_some())
    }

    /// The lines that come next: every complete line in the read buffer at once when there
    /// are some and nothing else is in the way, else the next line as
    /// [`LineReader::next_line`] gives it (the first line of the input, which may open with a
    /// byte order mark; a line that straddles two refills; the rest of an over-long line to
    /// skip). `None` at the end of the input. A caller that checks millions of short lines
    /// thus makes one call, and one check of UTF-8, per buffer of them.
    pub fn next_lines(&mut self, mut before_read: impl FnMut()) -> io::Result<Option<Lines<'_>>> {
        let careful = self.skipping
            || self.at_input_start
            || !self.gathered.is_empty()
            || self.gathered_lent > 0;
        if !careful {
            self.input.consume(std::mem::take(&mut self.lent));
            let available = self.fill(&mut before_read)?;
            if available == 0 {
                return Ok(None);
            }
            if let Some(last) = memchr::memrchr(b'\n', &self.input.buffer()[..available]) {
                self.lent = last + 1;
                return Ok(Some(Lines::Block(&self.input.buffer()[..=last])));
            }
        }
        Ok(self.next_line(before_read)?.map(Lines::One))
    }

    /// The next line, or `None` at the end of the input. `before_read` is called before any
    /// read of the input that could wait (at most once per refill of the read buffer): what
    /// has been decided about the lines so far can be shown before the input stalls.
    ///
    /// The maximum is on the line's content: the carriage return before its line feed and a
    /// byte order mark that opens the input are not counted.
    pub fn next_line(&mut self, mut before_read: impl FnMut()) -> io::Result<Option<Line<'_>>> {
        if self.skipping {
            self.skip_rest_of_line(&mut before_read)?;
        }
        // Room for the bytes that are not content: a carriage return, and the mark that may
        // open the input.
        let uncounted = 1 + if self.at_input_start {
            BYTE_ORDER_MARK.len()
        } else {
            0
        };
        let limit = self.max.saturating_add(1 + uncounted);
        let Some(segment) = self.next_segment_within(limit, &mut before_read)? else {
            return Ok(None);
        };
        let bom = self.byte_order_mark(segment);
        // Report an over-long line now, and skip the rest of it on the next call: an endless
        // line (`check < /dev/zero`) is reported at once and never held.
        self.skipping = segment.end == End::Limit;
        let bytes = &self.bytes(segment)[bom..];
        let content = match segment.end {
            // The segment goes on past the limit without a line feed: its content is longer
            // than the maximum even if a carriage return came next.
            End::Limit => bytes,
            End::LineFeed | End::Eof => bytes.strip_suffix(b"\r").unwrap_or(bytes),
        };
        if content.len() > self.max {
            let head = &content[..content.len().min(self.max).min(HEAD_BYTES)];
            return Ok(Some(Line::TooLong { head }));
        }
        Ok(Some(Line::Text(content)))
    }

    /// The next piece of a line: the whole line, or, for a line longer than the maximum, its
    /// bytes up to the last place in the maximum where no identifier can go on (see
    /// [`cut_point`]); the rest is carried over to the next piece. Only a stretch of more than
    /// the maximum with no such place is cut elsewhere, and then it is not searched at all
    /// (its pieces are marked unsearched up to the first byte no identifier holds): an
    /// identifier in it may be missed, but none is ever cut. `before_read` is called as
    /// [`LineReader::next_line`] calls it.
    pub fn next_piece(&mut self, mut before_read: impl FnMut()) -> io::Result<Option<Piece<'_>>> {
        let Some(segment) = self.next_segment_within(self.max + 1, &mut before_read)? else {
            return Ok(None);
        };
        let starts_line = self.at_line_start;
        let bom = self.byte_order_mark(segment);
        let in_long_run = std::mem::take(&mut self.in_long_run);
        let max = self.max;
        let bytes = self.bytes(segment);
        // The rest of a long stretch that the last piece left unsearched.
        let rest_of_run = if in_long_run {
            token_len(&bytes[..segment.len.min(max)])
        } else {
            0
        };
        let (len, consumed, unsearched) = match segment.end {
            End::LineFeed => (segment.len, segment.len + 1, rest_of_run),
            End::Eof => (segment.len, segment.len, rest_of_run),
            // The stretch goes on past this piece too.
            End::Limit if rest_of_run == max => (max, max, max),
            End::Limit => match cut_point(bytes, rest_of_run, max) {
                Some(cut) => (cut, cut, rest_of_run),
                // More than the maximum with nowhere to cut: a stretch no piece holds whole.
                // It is skipped up to its end, cut where a character begins.
                None => {
                    let cut = char_boundary_before(bytes, max);
                    (cut, cut, cut)
                }
            },
        };
        self.in_long_run = segment.end == End::Limit && unsearched == len;
        // A maximum shorter than the mark cuts it: then its bytes are text like any other.
        let bom = if bom <= len { bom } else { 0 };
        let offset = self.offset + bom as u64;
        self.offset += consumed as u64;
        self.at_line_start = segment.end != End::Limit;
        match (segment.held, segment.end) {
            // Only the cut piece leaves bytes behind: the rest of the line.
            (Held::Buffer, End::Limit) => self.lent = consumed,
            (Held::Gathered, End::Limit) => self.gathered_lent = consumed,
            _ => {}
        }
        let text = &self.bytes(segment)[bom..len];
        Ok(Some(Piece {
            text,
            offset,
            starts_line,
            unsearched: unsearched.saturating_sub(bom),
        }))
    }

    /// The length of a byte order mark that begins the input at `segment` (then 0 ever after).
    fn byte_order_mark(&mut self, segment: Segment) -> usize {
        let first = std::mem::replace(&mut self.at_input_start, false);
        if first && self.bytes(segment).starts_with(BYTE_ORDER_MARK) {
            BYTE_ORDER_MARK.len()
        } else {
            0
        }
    }

    fn bytes(&self, segment: Segment) -> &[u8] {
        match segment.held {
            Held::Buffer => &self.input.buffer()[..segment.len],
            Held::Gathered => &self.gathered[..segment.len],
        }
    }

    /// Fills the read buffer, retrying when a signal interrupted the read; `before_read` is
    /// called first when the buffer is empty, so that filling it means reading the input.
    fn fill(&mut self, before_read: &mut dyn FnMut()) -> io::Result<usize> {
        if self.input.buffer().is_empty() {
            before_read();
        }
        loop {
            match self.input.fill_buf() {
                Ok(available) => return Ok(available.len()),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Gives back what the last call handed out, then finds the next segment: the bytes up to
    /// the next line feed, or the first `limit` bytes of a longer line; `before_read` is called
    /// before each read of the input.
    fn next_segment_within(
        &mut self,
        limit: usize,
        before_read: &mut dyn FnMut(),
    ) -> io::Result<Option<Segment>> {
        self.input.consume(std::mem::take(&mut self.lent));
        let lent = std::mem::take(&mut self.gathered_lent);
        if lent > 0 {
            self.gathered.drain(..lent);
        } else if !self.gathered.is_empty() {
            self.gathered.clear();
        }
        if self.gathered.is_empty() {
            let available = self.fill(before_read)?;
            if available == 0 {
                return Ok(None);
            }
            let buffer = self.input.buffer();
            let window = &buffer[..available.min(limit)];
            if let Some(len) = memchr(b'\n', window) {
                self.lent = len + 1;
                return Ok(Some(Segment {
                    held: Held::Buffer,
                    len,
                    end: End::LineFeed,
                }));
            }
            if available >= limit {
                // Consumed when the line is skipped or cut.
                return Ok(Some(Segment {
                    held: Held::Buffer,
                    len: limit,
                    end: End::Limit,
                }));
            }
        }
        // The segment straddles refills: gather it, never more than `limit` bytes.
        loop {
            let available = self.fill(before_read)?;
            if available == 0 {
                // A last line without a line feed.
                return Ok((!self.gathered.is_empty()).then_some(Segment {
                    held: Held::Gathered,
                    len: self.gathered.len(),
                    end: End::Eof,
                }));
            }
            let room = limit - self.gathered.len();
            let window = &self.input.buffer()[..available.min(room)];
            if let Some(len) = memchr(b'\n', window) {
                self.gathered.extend_from_slice(&window[..len]);
                self.input.consume(len + 1);
                return Ok(Some(Segment {
                    held: Held::Gathered,
                    len: self.gathered.len(),
                    end: End::LineFeed,
                }));
            }
            let taken = window.len();
            // Grown by doubling as usual, but never past the limit: a line of the maximum
            // length holds no more memory than its bytes.
            let wanted = self.gathered.len() + taken;
            if wanted > self.gathered.capacity() {
                let grown = (self.gathered.capacity() * 2).clamp(wanted, limit);
                self.gathered.reserve_exact(grown - self.gathered.len());
            }
            let window = &self.input.buffer()[..taken];
            self.gathered.extend_from_slice(window);
            self.input.consume(taken);
            if self.gathered.len() == limit {
                return Ok(Some(Segment {
                    held: Held::Gathered,
                    len: limit,
                    end: End::Limit,
                }));
            }
        }
    }

    /// Reads on past the next line feed, keeping nothing.
    fn skip_rest_of_line(&mut self, before_read: &mut dyn FnMut()) -> io::Result<()> {
        self.skipping = false;
        self.gathered.clear();
        loop {
            let available = self.fill(before_read)?;
            if available == 0 {
                return Ok(());
            }
            if let Some(at) = memchr(b'\n', &self.input.buffer()[..available]) {
                self.input.consume(at + 1);
                return Ok(());
            }
            self.input.consume(available);
        }
    }
}

/// Where to cut `segment`, the first `max + 1` bytes of a line longer than `max`: before
/// white space, or after the last byte in `segment[from..max]` that no identifier can hold
/// and that no rule of the finder reads past, so that every identifier before the cut ends
/// before it and sees all it needs, and every identifier after it starts after it; the last
/// such place past `from`. `None` when there is none.
///
/// White space, controls, and the ASCII that URIs exclude (`>`, `}`, `]`, `|`, `\`, `^`)
/// qualify, and a whole character outside ASCII that ends a token of the finder's
/// (punctuation, a symbol, a space: not a letter, mark or digit, which the token goes on
/// through), except what the finder reads on both sides: `<`, `{` and `[`, which may begin
/// a placeholder or a pattern, and a quote (`"`, `` ` ``, `‘`, `“`) right before `urn:` or
/// `tag:`, which it opens.
fn cut_point(segment: &[u8], from: usize, max: usize) -> Option<usize> {
    (from + 1..=max).rev().find(|&cut| {
        // The byte at `cut` exists: the segment holds `max + 1` bytes.
        let ends_character = segment[cut] & 0xC0 != 0x80;
        let before = &segment[..cut];
        let last = before[cut - 1];
        if !last.is_ascii() && last_character(before).is_some_and(continues_token) {
            return false;
        }
        // White space after the cut ends what stands before it, and begins nothing.
        if segment[cut].is_ascii_whitespace() {
            return true;
        }
        // A quote opens the identifier that starts right after it, if one does.
        let opens = matches!(last, b'"' | b'`')
            || before.ends_with("\u{2018}".as_bytes())
            || before.ends_with("\u{201C}".as_bytes());
        // "<", "{" and "[" may begin a placeholder or a pattern, read past its first byte.
        let begins_pattern = matches!(last, b'<' | b'{' | b'[');
        let opens_identifier = opens && may_start_identifier(&segment[cut..]);
        ends_character && !holds_identifier(last) && !begins_pattern && !opens_identifier
    })
}

/// Whether an identifier may start at the front of `rest`: it starts with `urn:` or `tag:` in
/// any case, or is too short to tell.
fn may_start_identifier(rest: &[u8]) -> bool {
    rest.get(..4).is_none_or(|scheme| {
        scheme.eq_ignore_ascii_case(b"urn:") || scheme.eq_ignore_ascii_case(b"tag:")
    })
}

/// Whether an identifier may hold `b` where the finder reads it: RFC 3986 `pchar`, `/`, `?`,
/// `#` and `%` (every syntax's identifier bytes are among these).
fn holds_identifier(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?#%".contains(&b)
}

/// Whether a character outside ASCII goes on with the finder's token it follows: a letter,
/// a mark or a digit (`urn:example:日本` is one token, invalid whole). The finder's own rule
/// (`urn_tag::find`); the tests of this module search pieces and whole lines with such
/// characters and hold the two to the same answers.
fn continues_token(c: char) -> bool {
    use unicode_properties::{GeneralCategoryGroup as Group, UnicodeGeneralCategory};

    matches!(
        c.general_category_group(),
        Group::Letter | Group::Mark | Group::Number
    )
}

/// The character that `bytes` ends with, if they end with a whole one.
fn last_character(bytes: &[u8]) -> Option<char> {
    let start = (bytes.len().saturating_sub(4)..bytes.len())
        .rev()
        .find(|&at| bytes[at] & 0xC0 != 0x80)?;
    std::str::from_utf8(&bytes[start..]).ok()?.chars().next()
}

/// How many bytes at the front of `bytes` go on with a token of the finder's that the last
/// piece left unsearched: bytes an identifier holds, and letters, marks and digits outside
/// ASCII. A character cut by either end of `bytes` counts as going on: an identifier after
/// it may be missed, but none is searched from the middle of a token.
fn token_len(bytes: &[u8]) -> usize {
    let mut at = bytes.iter().take_while(|&&b| b & 0xC0 == 0x80).count();
    while let Some(&b) = bytes.get(at) {
        if b.is_ascii() {
            if !holds_identifier(b) {
                break;
            }
            at += 1;
            continue;
        }
        let rest = &bytes[at..bytes.len().min(at + 4)];
        let valid = match std::str::from_utf8(rest) {
            Ok(text) => text,
            Err(error) if error.error_len().is_none() && error.valid_up_to() == 0 => {
                // A character cut by the end of the bytes.
                return bytes.len();
            }
            Err(error) => std::str::from_utf8(&rest[..error.valid_up_to()]).unwrap_or_default(),
        };
        match valid.chars().next() {
            Some(c) if continues_token(c) => at += c.len_utf8(),
            _ => break,
        }
    }
    at
}

/// The last position at or before `max` where a character of `segment` begins (not 0), or
/// `max` when there is none (a character longer than `max`).
fn char_boundary_before(segment: &[u8], max: usize) -> usize {
    (max.saturating_sub(3)..=max)
        .rev()
        .find(|&at| at > 0 && segment[at] & 0xC0 != 0x80)
        .unwrap_or(max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: u64) -> Vec<String> {
        let mut reader = LineReader::new(input).max_line_bytes(max);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line(|| {}).unwrap() {
            out.push(match line {
                Line::Text(text) => String::from_utf8_lossy(text).into_owned(),
                Line::TooLong { head } => format!("too long: {}", String::from_utf8_lossy(head)),
            });
        }
        out
    }

    fn pieces(input: &[u8], max: u64) -> Vec<(String, u64, bool)> {
        let mut reader = LineReader::new(input).max_line_bytes(max);
        let mut out = Vec::new();
        while let Some(piece) = reader.next_piece(|| {}).unwrap() {
            let text = String::from_utf8_lossy(piece.text).into_owned();
            out.push((text, piece.offset, piece.starts_line));
        }
        out
    }

    #[test]
    fn lines_lose_their_ends_and_the_byte_order_mark() {
        assert_eq!(
            lines(b"\xEF\xBB\xBFurn:a\r\n\nb\r\r\nlast\r", 100),
            ["urn:a", "", "b\r", "last"]
        );
        assert_eq!(
            lines(b"x\xEF\xBB\xBF\n\xEF\xBB\xBFy", 100),
            ["x\u{feff}", "\u{feff}y"]
        );
        assert!(lines(b"", 100).is_empty());
    }

    /// The maximum is on what the line holds: a CRLF line's carriage return and the byte
    /// order mark that opens the input do not count.
    #[test]
    fn the_maximum_counts_neither_carriage_return_nor_byte_order_mark() {
        assert_eq!(
            lines(b"\xEF\xBB\xBFabcd\r\nabcd\r\nabcde\r\nabcd\r", 4),
            ["abcd", "abcd", "too long: abcd", "abcd"]
        );
        assert_eq!(lines(b"abcd\r\r\n", 4), ["too long: abcd"]);
    }

    #[test]
    fn a_line_of_exactly_the_maximum_is_whole() {
        assert_eq!(
            lines(b"abcd\nabcde\nab", 4),
            ["abcd", "too long: abcd", "ab"]
        );
    }

    /// A reader that hands out its bytes in reads of the given sizes, in turn: lines and
    /// pieces must not depend on how the input arrives.
    struct Trickle {
        bytes: Vec<u8>,
        at: usize,
        sizes: Vec<usize>,
        turn: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let size = self.sizes[self.turn % self.sizes.len()];
            self.turn += 1;
            let n = size.min(buffer.len()).min(self.bytes.len() - self.at);
            buffer[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    fn trickle(bytes: &[u8], sizes: &[usize]) -> Trickle {
        Trickle {
            bytes: bytes.to_vec(),
            at: 0,
            sizes: sizes.to_vec(),
            turn: 0,
        }
    }

    /// The lines `next_line` must give, worked out the obvious way on the whole input.
    fn expected_lines(input: &[u8], max: usize) -> Vec<(bool, Vec<u8>)> {
        let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        if lines.last().is_some_and(|last| last.is_empty()) {
            lines.pop();
        }
        let mut out = Vec::new();
        for (number, raw) in lines.into_iter().enumerate() {
            // The maximum is on the content: without the mark that opens the input, and
            // without the carriage return before the line feed.
            let raw = match raw.strip_prefix(BYTE_ORDER_MARK) {
                Some(rest) if number == 0 => rest,
                _ => raw,
            };
            let content = raw.strip_suffix(b"\r").unwrap_or(raw);
            if content.len() > max {
                out.push((true, content[..max.min(HEAD_BYTES)].to_vec()));
            } else {
                out.push((false, content.to_vec()));
            }
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn lines_are_the_same_however_the_input_arrives(
            input in proptest::collection::vec(
                proptest::sample::select(b"ab \r\n\xEF\xBB\xBF".to_vec()), 0..400),
            bom: bool,
            max in 1usize..40,
            sizes in proptest::collection::vec(1usize..100, 1..5),
        ) {
            let input = if bom { [BYTE_ORDER_MARK, &input].concat() } else { input };
            let mut reader = LineReader::new(trickle(&input, &sizes)).max_line_bytes(max as u64);
            let mut got = Vec::new();
            while let Some(line) = reader.next_line(|| {}).unwrap() {
                got.push(match line {
                    Line::Text(text) => (false, text.to_vec()),
                    Line::TooLong { head } => (true, head.to_vec()),
                });
            }
            proptest::prop_assert_eq!(got, expected_lines(&input, max));
        }

        /// Lines read a block at a time, cut by `block_lines`, are the lines `next_line`
        /// gives, however the input arrives.
        #[test]
        fn blocks_hold_the_lines_next_line_gives(
            input in proptest::collection::vec(
                proptest::sample::select(b"ab \r\n\xEF\xBB\xBF".to_vec()), 0..400),
            bom: bool,
            max in 1usize..40,
            sizes in proptest::collection::vec(1usize..100, 1..5),
        ) {
            let input = if bom { [BYTE_ORDER_MARK, &input].concat() } else { input };
            let mut reader = LineReader::new(trickle(&input, &sizes)).max_line_bytes(max as u64);
            let mut got = Vec::new();
            while let Some(lines) = reader.next_lines(|| {}).unwrap() {
                match lines {
                    Lines::One(Line::Text(text)) => got.push((false, text.to_vec())),
                    Lines::One(Line::TooLong { head }) => got.push((true, head.to_vec())),
                    Lines::Block(block) => {
                        for line in block_lines(block, max) {
                            got.push(match line {
                                BlockLine::Text(range) => (false, block[range].to_vec()),
                                BlockLine::TooLong { head } => (true, block[head].to_vec()),
                            });
                        }
                    }
                }
            }
            proptest::prop_assert_eq!(got, expected_lines(&input, max));
        }

        #[test]
        fn pieces_put_together_are_the_input(
            input in proptest::collection::vec(
                proptest::sample::select(b"ab \n\xC3\xA9\xEF\xBB\xBF".to_vec()), 0..400),
            bom: bool,
            max in 1usize..40,
            sizes in proptest::collection::vec(1usize..100, 1..5),
        ) {
            let input = if bom { [BYTE_ORDER_MARK, &input].concat() } else { input };
            let mut reader = LineReader::new(trickle(&input, &sizes)).max_line_bytes(max as u64);
            let mut rebuilt = Vec::new();
            let mut first = true;
            while let Some(piece) = reader.next_piece(|| {}).unwrap() {
                if first && piece.offset == 3 {
                    rebuilt.extend_from_slice(BYTE_ORDER_MARK);
                }
                if piece.starts_line && !first {
                    rebuilt.push(b'\n');
                }
                proptest::prop_assert_eq!(piece.offset, rebuilt.len() as u64);
                proptest::prop_assert!(piece.text.len() <= max);
                proptest::prop_assert!(piece.unsearched <= piece.text.len());
                proptest::prop_assert!(!piece.text.contains(&b'\n'));
                rebuilt.extend_from_slice(piece.text);
                first = false;
            }
            if input.ends_with(b"\n") {
                rebuilt.push(b'\n');
            }
            proptest::prop_assert_eq!(rebuilt, input);
        }
    }

    /// The byte ranges of the identifiers the finder finds in the searched part of each piece,
    /// as offsets in the input.
    fn found_in_pieces(input: &[u8], max: usize) -> Vec<std::ops::Range<u64>> {
        reported_in_pieces(input, max, Reported::Identifiers)
    }

    /// What a search reports: the identifiers, or (`find --invalid`) the invalid tokens.
    #[derive(Clone, Copy)]
    enum Reported {
        Identifiers,
        Invalid,
    }

    /// The byte ranges of what the finder reports in `text`.
    fn reported(text: &str, what: Reported) -> Vec<std::ops::Range<usize>> {
        let finder = urn_tag::find::Finder::new();
        match what {
            Reported::Identifiers => finder.identifiers(text).map(|m| m.range()).collect(),
            Reported::Invalid => finder.invalid(text).map(|m| m.range()).collect(),
        }
    }

    /// The byte ranges of what the finder reports in the searched part of each piece, as
    /// offsets in the input.
    fn reported_in_pieces(input: &[u8], max: usize, what: Reported) -> Vec<std::ops::Range<u64>> {
        let mut reader = LineReader::new(input).max_line_bytes(max as u64);
        let mut found = Vec::new();
        while let Some(piece) = reader.next_piece(|| {}).unwrap() {
            let mut at = piece.offset + piece.unsearched as u64;
            for chunk in piece.text[piece.unsearched..].utf8_chunks() {
                let text = chunk.valid();
                found.extend(
                    reported(text, what)
                        .into_iter()
                        .map(|range| at + range.start as u64..at + range.end as u64),
                );
                at += (text.len() + chunk.invalid().len()) as u64;
            }
        }
        found
    }

    proptest::proptest! {
        /// Searching a line in pieces never reports what searching it whole does not: no
        /// identifier (or invalid token) cut short, none found inside another, none read
        /// differently because what stands before or after it went to another piece.
        #[test]
        fn pieces_find_only_what_the_whole_line_holds(
            pieces in proptest::collection::vec(proptest::sample::select(&[
                "urn:", "URN:", "tag:", "ex:", "a.org,2000:", "ab", "x", ":", ",", ".", ";",
                " ", "\"", "'", ">", "}", "^", "é", "日本", "\u{301}", "…", "“", "”",
                "&quot;", "x=", "&y=", "https://h/", "(", ")", "%41", "%z", "#", "?", "\n",
                "*", "_",
            ][..]), 0..60),
            max in 4usize..48,
            invalid: bool,
        ) {
            let what = if invalid { Reported::Invalid } else { Reported::Identifiers };
            let input = pieces.concat();
            let mut whole = Vec::new();
            let mut line_start = 0u64;
            for line in input.split('\n') {
                whole.extend(reported(line, what).into_iter().map(|range| {
                    line_start + range.start as u64..line_start + range.end as u64
                }));
                line_start += line.len() as u64 + 1;
            }
            for range in reported_in_pieces(input.as_bytes(), max, what) {
                proptest::prop_assert!(
                    whole.contains(&range),
                    "{:?} in pieces of {} bytes of {:?}",
                    &input[range.start as usize..range.end as usize],
                    max,
                    input
                );
            }
        }
    }

    /// A line longer than the maximum with no white space (a CSV or JSON line) is searched
    /// without cutting an identifier: `x,urn:example:item1` was searched as
    /// `x,urn:example:it` with a maximum of 16, and `urn:example:it` reported.
    #[test]
    fn no_identifier_is_found_cut() {
        assert_eq!(found_in_pieces(b"x,urn:example:item1", 16), []);
        let whole = found_in_pieces(b"x,urn:example:item1", 19);
        assert_eq!(whole.len(), 1);
        assert_eq!(whole[0], 2..19);
        assert_eq!(
            found_in_pieces(b"\"urn:ex:a\",\"urn:ex:b\",\"urn:ex:c\"", 16),
            [1..9, 12..20, 23..31]
        );
    }

    #[test]
    fn tiny_and_huge_maximums_hold() {
        assert_eq!(lines(b"\xEF\xBB\xBFabc\n", 2), ["too long: ab"]);
        assert_eq!(lines(b"\xEF\xBB\xBFa\nb", 1), ["a", "b"]);
        assert_eq!(lines(b"ab\nc", u64::MAX), ["ab", "c"]);
        // One byte at a time: too few to see the byte order mark.
        let bad = "\u{FFFD}".to_owned();
        assert_eq!(
            pieces(b"\xEF\xBB\xBFab", 1),
            [
                (bad.clone(), 0, true),
                (bad.clone(), 1, false),
                (bad, 2, false),
                ("a".to_owned(), 3, false),
                ("b".to_owned(), 4, false)
            ]
        );
    }

    #[test]
    fn an_over_long_line_keeps_only_its_head() {
        let long = [
            vec![b'a'; 300_000],
            b"\nnext\n".to_vec(),
            vec![b'b'; 300_000],
        ]
        .concat();
        let got = lines(&long, 100_000);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], format!("too long: {}", "a".repeat(HEAD_BYTES)));
        assert_eq!(got[1], "next");
        assert!(got[2].starts_with("too long: b"));
    }

    #[test]
    fn lines_straddling_refills_are_whole() {
        let text: Vec<u8> = (0..20_000)
            .flat_map(|i| format!("urn:ex:{i}\n").into_bytes())
            .collect();
        let got = lines(&text, 1 << 24);
        assert_eq!(got.len(), 20_000);
        assert!(
            got.iter()
                .enumerate()
                .all(|(i, line)| *line == format!("urn:ex:{i}"))
        );
    }

    #[test]
    fn pieces_are_cut_after_white_space_and_keep_offsets() {
        assert_eq!(
            pieces(b"\xEF\xBB\xBFab cd ef\ngh", 6),
            [
                ("ab ".to_owned(), 3, true),
                ("cd ef".to_owned(), 6, false),
                ("gh".to_owned(), 12, true),
            ]
        );
    }

    /// The pieces of `input` with how many of their bytes are not searched.
    fn unsearched(input: &[u8], max: u64) -> Vec<(String, usize)> {
        let mut reader = LineReader::new(input).max_line_bytes(max);
        let mut out = Vec::new();
        while let Some(piece) = reader.next_piece(|| {}).unwrap() {
            let text = String::from_utf8_lossy(piece.text).into_owned();
            out.push((text, piece.unsearched));
        }
        out
    }

    /// Without white space, a line is cut after another byte that no identifier holds: a
    /// character outside ASCII, or ASCII that URIs exclude. White space right after the
    /// maximum is a place to cut too.
    #[test]
    fn pieces_without_white_space_are_cut_where_no_identifier_goes_on() {
        assert_eq!(
            unsearched(b"urn:ex:a urn:ex:b", 8),
            [
                ("urn:ex:a".to_owned(), 0),
                (" ".to_owned(), 0),
                ("urn:ex:b".to_owned(), 0)
            ]
        );
        let text = "aéé".as_bytes(); // a, then two 2-byte characters
        assert_eq!(
            pieces(text, 4),
            [("aé".to_owned(), 0, true), ("é".to_owned(), 3, false)]
        );
        assert_eq!(
            unsearched(b"urn:ex:a>urn:ex:b|urn:ex:c", 12),
            [
                ("urn:ex:a>".to_owned(), 0),
                ("urn:ex:b|".to_owned(), 0),
                ("urn:ex:c".to_owned(), 0)
            ]
        );
    }

    /// A letter outside ASCII goes on with the token before it (`urn:ex:日本x` is one
    /// invalid token): a line is not cut after one, and a token too long for one piece is not
    /// searched rather than reported cut (as `urn:ex:日`).
    #[test]
    fn pieces_are_not_cut_after_a_letter_outside_ascii() {
        let input = "x urn:ex:日本x".as_bytes();
        let whole = reported_in_pieces(input, 16, Reported::Invalid);
        assert_eq!((whole.len(), whole.first()), (1, Some(&(2..16))));
        assert_eq!(reported_in_pieces(input, 12, Reported::Invalid), []);
        assert_eq!(
            unsearched("urn:ex:a… urn:ex:b".as_bytes(), 11),
            [("urn:ex:a…".to_owned(), 0), (" urn:ex:b".to_owned(), 0)]
        );
    }

    /// A bracket is read by the finder on both sides (it may start a placeholder), and so is
    /// a quote before an identifier (it opens it): a line is never cut right after one.
    #[test]
    fn pieces_are_not_cut_after_an_opening_delimiter() {
        assert_eq!(
            unsearched(b"ab>\"urn:ex:a\"", 10),
            [("ab>".to_owned(), 0), ("\"urn:ex:a\"".to_owned(), 0)]
        );
        assert_eq!(
            unsearched("ab>“urn:ex:a”".as_bytes(), 14),
            [("ab>".to_owned(), 0), ("“urn:ex:a”".to_owned(), 0)]
        );
    }

    /// A stretch of identifier bytes longer than the maximum is never searched cut: its
    /// pieces are marked unsearched up to its end (`x,urn:example:item1` was once reported as
    /// `urn:example:it`).
    #[test]
    fn a_stretch_longer_than_the_maximum_is_not_searched() {
        assert_eq!(
            unsearched(b"x,urn:example:item1", 16),
            [("x,urn:example:it".to_owned(), 16), ("em1".to_owned(), 3)]
        );
        assert_eq!(
            unsearched(b"abcdefghij urn:ex:a\nnext", 4),
            [
                ("abcd".to_owned(), 4),
                ("efgh".to_owned(), 4),
                ("ij ".to_owned(), 2),
                ("urn:".to_owned(), 4),
                ("ex:a".to_owned(), 4),
                ("next".to_owned(), 0),
            ]
        );
        // The line ends the stretch: the next line is searched from its start.
        assert_eq!(
            unsearched(b"abcdefghij\nx y", 4),
            [
                ("abcd".to_owned(), 4),
                ("efgh".to_owned(), 4),
                ("ij".to_owned(), 2),
                ("x y".to_owned(), 0),
            ]
        );
    }

    #[test]
    fn a_long_line_is_searched_in_bounded_pieces() {
        let long = [b"x ".repeat(200_000), b"\nend".to_vec()].concat();
        let got = pieces(&long, 1000);
        assert!(got.iter().all(|(text, ..)| text.len() <= 1000));
        let joined: String = got.iter().map(|(text, ..)| text.as_str()).collect();
        assert_eq!(joined, format!("{}end", "x ".repeat(200_000)));
        assert_eq!(got.last().unwrap(), &("end".to_owned(), 400_001, true));
    }
}
