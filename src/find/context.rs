//! What surrounds a candidate: the delimiter that opens before it, character and entity
//! references, and whether it sits in the path of a URL.
//!
//! Every function here reads a bounded number of bytes around one position, except
//! [`UrlTracker::in_path`], whose backward scans never cross the previous start it was asked
//! about, so that over a whole text it reads each byte at most twice.

use super::work::Work;

/// A pair of delimiters whose closing half protects what stands before it from trimming.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Delimiter {
    /// `"…"`, or `&quot;…&quot;` in markup.
    Double,
    /// `'…'`, or `&apos;…&apos;`.
    Single,
    /// `<…>`, or `&lt;…&gt;`.
    Angle,
    /// `` `…` `` (a Markdown code span).
    Backtick,
    /// `‘…’`.
    CurlySingle,
    /// `“…”`.
    CurlyDouble,
}

/// Whether a delimiter opens or closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Open,
    Close,
    /// Straight quotes and backticks are their own closers.
    Both,
}

impl Delimiter {
    /// The delimiter that ends just before `start`, written as itself or as a character or
    /// entity reference, if it can open a pair.
    pub(super) fn opening_before(bytes: &[u8], start: usize, work: &mut Work) -> Option<Self> {
        let before = &bytes[..start];
        work.add(3);
        let (delimiter, side) = match before {
            [.., b'"'] => (Delimiter::Double, Side::Both),
            [.., b'\''] => (Delimiter::Single, Side::Both),
            [.., b'<'] => (Delimiter::Angle, Side::Open),
            [.., b'`'] => (Delimiter::Backtick, Side::Both),
            [.., 0xE2, 0x80, 0x98] => (Delimiter::CurlySingle, Side::Open),
            [.., 0xE2, 0x80, 0x9C] => (Delimiter::CurlyDouble, Side::Open),
            [.., b';'] => {
                // A reference ends with the ";": find its "&" a few bytes back.
                let floor = start.saturating_sub(MAX_REFERENCE_LEN);
                let amp = (floor..start).rev().find(|&i| bytes[i] == b'&');
                work.add(start - amp.unwrap_or(floor));
                let amp = amp?;
                if reference_len(bytes, amp) != Some(start - amp) {
                    return None;
                }
                referenced(&bytes[amp..start])?
            }
            _ => return None,
        };
        (side != Side::Close).then_some(delimiter)
    }

    /// Whether the text at `end` closes this delimiter, written as itself or as a reference.
    pub(super) fn closes_at(self, bytes: &[u8], end: usize) -> bool {
        let rest = &bytes[end.min(bytes.len())..];
        let (delimiter, side) = match rest {
            [b'"', ..] => (Delimiter::Double, Side::Both),
            [b'\'', ..] => (Delimiter::Single, Side::Both),
            [b'>', ..] => (Delimiter::Angle, Side::Close),
            [b'`', ..] => (Delimiter::Backtick, Side::Both),
            [0xE2, 0x80, 0x99, ..] => (Delimiter::CurlySingle, Side::Close),
            [0xE2, 0x80, 0x9D, ..] => (Delimiter::CurlyDouble, Side::Close),
            [b'&', ..] => match reference_len(bytes, end) {
                Some(len) => match referenced(&bytes[end..end + len]) {
                    Some(found) => found,
                    None => return false,
                },
                None => return false,
            },
            _ => return false,
        };
        delimiter == self && side != Side::Open
    }
}

/// The longest character or entity reference the finder recognizes, `&` and `;` included
/// (the longest HTML entity name has 31 letters).
pub(super) const MAX_REFERENCE_LEN: usize = 34;

/// The length of the character or entity reference that starts at `at` (which holds `&`):
/// `&name;`, `&#digits;` or `&#xhex;`; `None` if none starts there.
pub(super) fn reference_len(bytes: &[u8], at: usize) -> Option<usize> {
    let window = &bytes[at..bytes.len().min(at + MAX_REFERENCE_LEN)];
    let (body_start, is_body): (usize, fn(u8) -> bool) = match window {
        [b'&', b'#', b'x' | b'X', ..] => (3, |b| b.is_ascii_hexdigit()),
        [b'&', b'#', ..] => (2, |b| b.is_ascii_digit()),
        [b'&', first, ..] if first.is_ascii_alphabetic() => (1, |b| b.is_ascii_alphanumeric()),
        _ => return None,
    };
    let body = window[body_start..]
        .iter()
        .take_while(|&&b| is_body(b))
        .count();
    let semicolon = body_start + body;
    (body > 0 && window.get(semicolon) == Some(&b';')).then_some(semicolon + 1)
}

/// The delimiter a reference (`&…;`) stands for, and which half it is.
fn referenced(reference: &[u8]) -> Option<(Delimiter, Side)> {
    let name = &reference[1..reference.len() - 1];
    let code_point = match name {
        [b'#', b'x' | b'X', hex @ ..] => u32::from_str_radix(core::str::from_utf8(hex).ok()?, 16),
        [b'#', digits @ ..] => core::str::from_utf8(digits).ok()?.parse(),
        _ => {
            return match name {
                b"quot" | b"QUOT" => Some((Delimiter::Double, Side::Both)),
                b"apos" => Some((Delimiter::Single, Side::Both)),
                b"lt" | b"LT" => Some((Delimiter::Angle, Side::Open)),
                b"gt" | b"GT" => Some((Delimiter::Angle, Side::Close)),
                b"lsquo" => Some((Delimiter::CurlySingle, Side::Open)),
                b"rsquo" => Some((Delimiter::CurlySingle, Side::Close)),
                b"ldquo" => Some((Delimiter::CurlyDouble, Side::Open)),
                b"rdquo" => Some((Delimiter::CurlyDouble, Side::Close)),
                _ => None,
            };
        }
    };
    match code_point.ok()? {
        0x22 => Some((Delimiter::Double, Side::Both)),
        0x27 => Some((Delimiter::Single, Side::Both)),
        0x3C => Some((Delimiter::Angle, Side::Open)),
        0x3E => Some((Delimiter::Angle, Side::Close)),
        0x60 => Some((Delimiter::Backtick, Side::Both)),
        0x2018 => Some((Delimiter::CurlySingle, Side::Open)),
        0x2019 => Some((Delimiter::CurlySingle, Side::Close)),
        0x201C => Some((Delimiter::CurlyDouble, Side::Open)),
        0x201D => Some((Delimiter::CurlyDouble, Side::Close)),
        _ => None,
    }
}

/// Where a URL-like token stands at some position: outside any `scheme://` URL, or in its
/// authority, its path, or its query or fragment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum UrlPart {
    Outside,
    Authority,
    Path,
    QueryOrFragment,
}

/// Follows the URL, if any, that each candidate start sits in.
///
/// Asked about starts in increasing order, it scans back from a start to the last byte that
/// cannot be in a URL (white space, quotes, brackets, ...), but never past the previous start
/// it was asked about: from there it continues with the state it had. Each byte is scanned
/// back at most once and forward at most once.
#[derive(Debug, Clone)]
pub(super) struct UrlTracker {
    /// The start asked about last; `part` is the state there.
    cursor: usize,
    part: UrlPart,
}

impl UrlTracker {
    pub(super) fn new() -> Self {
        UrlTracker {
            cursor: 0,
            part: UrlPart::Outside,
        }
    }

    /// Whether `start` lies in the path of a `scheme://` URL, after its authority and before
    /// any `?` or `#`.
    pub(super) fn in_path(&mut self, bytes: &[u8], start: usize, work: &mut Work) -> bool {
        let floor = self.cursor.min(start);
        let token_start = (floor..start).rev().find(|&i| breaks_url(bytes[i]));
        work.add(start - token_start.map_or(floor, |i| i));
        let (mut part, mut i) = match token_start {
            Some(at) => (UrlPart::Outside, at + 1),
            None => (self.part, floor),
        };
        work.add(start - i);
        while i < start {
            let b = bytes[i];
            if b == b':'
                && bytes.get(i + 1..i + 3) == Some(b"//")
                && i > 0
                && is_scheme_char(bytes[i - 1])
            {
                part = UrlPart::Authority;
                i += 3;
                continue;
            }
            part = match (part, b) {
                (UrlPart::Authority, b'/') => UrlPart::Path,
                (UrlPart::Authority | UrlPart::Path, b'?' | b'#') => UrlPart::QueryOrFragment,
                (part, _) => part,
            };
            i += 1;
        }
        self.cursor = start;
        self.part = part;
        part == UrlPart::Path
    }
}

/// Whether `b` ends a URL written in text: white space, controls, bytes outside ASCII, and the
/// delimiters people put around URLs.
fn breaks_url(b: u8) -> bool {
    b <= b' '
        || b >= 0x7F
        || matches!(
            b,
            b'"' | b'\''
                | b'<'
                | b'>'
                | b'`'
                | b'{'
                | b'}'
                | b'|'
                | b'\\'
                | b'^'
                | b'('
                | b')'
                | b'['
                | b']'
        )
}

/// Whether `b` may be in a URI scheme (RFC 3986 §3.1).
pub(super) fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening(text: &str) -> Option<Delimiter> {
        Delimiter::opening_before(text.as_bytes(), text.len(), &mut Work::default())
    }

    #[test]
    fn openers_raw_and_referenced() {
        assert_eq!(opening("x=\""), Some(Delimiter::Double));
        assert_eq!(opening("&quot;"), Some(Delimiter::Double));
        assert_eq!(opening("a&#34;"), Some(Delimiter::Double));
        assert_eq!(opening("&#x27;"), Some(Delimiter::Single));
        assert_eq!(opening("&lt;"), Some(Delimiter::Angle));
        assert_eq!(opening("&gt;"), None);
        assert_eq!(opening("“"), Some(Delimiter::CurlyDouble));
        assert_eq!(opening("”"), None);
        assert_eq!(opening("x;"), None);
        assert_eq!(opening("&nbsp;"), None);
        assert_eq!(opening(""), None);
    }

    #[test]
    fn closers_raw_and_referenced() {
        let closes = |delimiter: Delimiter, text: &str| delimiter.closes_at(text.as_bytes(), 0);
        assert!(closes(Delimiter::Double, "\" x"));
        assert!(closes(Delimiter::Double, "&quot;"));
        assert!(closes(Delimiter::Angle, "&gt;"));
        assert!(!closes(Delimiter::Angle, "&lt;"));
        assert!(closes(Delimiter::CurlySingle, "’"));
        assert!(!closes(Delimiter::Single, "\""));
        assert!(!closes(Delimiter::Double, "&quot"));
    }

    #[test]
    fn references() {
        let len = |text: &str| reference_len(text.as_bytes(), 0);
        assert_eq!(len("&amp;x"), Some(5));
        assert_eq!(len("&#58;"), Some(5));
        assert_eq!(len("&#x3A;"), Some(6));
        assert_eq!(len("&#x;"), None);
        assert_eq!(len("&amp"), None);
        assert_eq!(len("&=x;"), None);
        assert_eq!(len(&alloc::format!("&{};", "a".repeat(40))), None);
    }

    #[test]
    fn url_paths() {
        let in_path = |text: &str| {
            let start = text.find("urn:").unwrap();
            UrlTracker::new().in_path(text.as_bytes(), start, &mut Work::default())
        };
        assert!(in_path("https://n2t.net/urn:x:y"));
        assert!(in_path("see <http://h/a/vessels.urn:x:y"));
        assert!(!in_path("https://h/?urn:x:y"));
        assert!(!in_path("https://h/p#urn:x:y"));
        assert!(!in_path("https://h/p urn:x:y"));
        assert!(!in_path("/local/urn:x:y"));
        assert!(!in_path("https://urn:x:y"));
    }

    #[test]
    fn url_tracker_carries_its_state_between_starts() {
        let text = "https://h/urn:a:b/urn:c:d?urn:e:f";
        let mut tracker = UrlTracker::new();
        let mut work = Work::default();
        let answers: alloc::vec::Vec<bool> = text
            .match_indices("urn:")
            .map(|(start, _)| tracker.in_path(text.as_bytes(), start, &mut work))
            .collect();
        assert_eq!(answers, [true, true, false]);
    }
}
