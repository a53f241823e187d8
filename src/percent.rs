//! Percent-encoding (RFC 3986 §2.1): decoding, encoding for a chosen URN part, and the
//! human-friendly display form of RFC 8141 §4.4.
//!
//! Parsing never decodes: [`Urn::nss`](crate::Urn::nss) and the other accessors give the
//! text as written, and RFC 8141 §3 forbids decoding when comparing URNs. Decode only when
//! you need the underlying octets or text:
//!
//! ```
//! use urn_tag::{Part, Spec, Urn, percent};
//!
//! let urn = Urn::parse("urn:example:caf%C3%A9")?;
//! assert_eq!(percent::decode_utf8(urn.nss()).unwrap(), "café");
//!
//! // Encoding text for a part escapes exactly what that part cannot hold.
//! let nss = percent::encode("café au lait?", Spec::Rfc8141, Part::Nss)?;
//! assert_eq!(nss, "caf%C3%A9%20au%20lait%3F");
//! # Ok::<(), urn_tag::ParseError>(())
//! ```
//!
//! The module's character classes mirror the silent character rules of `urn.pest` byte for
//! byte; unit tests check each table against the grammar, so the two cannot drift.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::str::Utf8Error;

use crate::error::{ErrorKind, ParseError, Part};
use crate::urn::{Component, Spec};

/// A set of ASCII bytes, as a 128-bit mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ByteSet(u128);

impl ByteSet {
    pub(crate) const fn from_bytes(bytes: &[u8]) -> Self {
        let mut mask = 0u128;
        let mut i = 0;
        while i < bytes.len() {
            mask |= 1 << bytes[i];
            i += 1;
        }
        ByteSet(mask)
    }

    const fn range(first: u8, last: u8) -> Self {
        let mut mask = 0u128;
        let mut b = first;
        while b <= last {
            mask |= 1 << b;
            b += 1;
        }
        ByteSet(mask)
    }

    pub(crate) const fn union(self, other: ByteSet) -> ByteSet {
        ByteSet(self.0 | other.0)
    }

    /// Whether `b` is in the set; bytes outside ASCII never are.
    #[inline]
    pub(crate) const fn contains(self, b: u8) -> bool {
        b < 128 && self.0 & (1 << b) != 0
    }
}

/// RFC 5234 `ALPHA / DIGIT` (RFC 3986's obsolete `alphanum`, RFC 4151's `alphaNum`).
pub(crate) const ALPHANUM: ByteSet = ByteSet::range(b'a', b'z')
    .union(ByteSet::range(b'A', b'Z'))
    .union(ByteSet::range(b'0', b'9'));

/// RFC 3986 §2.3 `unreserved`.
pub(crate) const UNRESERVED: ByteSet = ALPHANUM.union(ByteSet::from_bytes(b"-._~"));

/// RFC 3986 §2.2 `sub-delims`.
pub(crate) const SUB_DELIMS: ByteSet = ByteSet::from_bytes(b"!$&'()*+,;=");

/// RFC 3986 §3.3 `pchar`, except its `pct-encoded` alternative (a `%` needs two hex digits
/// after it, which a set of single bytes cannot say).
pub(crate) const PCHAR: ByteSet = UNRESERVED
    .union(SUB_DELIMS)
    .union(ByteSet::from_bytes(b":@"));

/// `pchar / "/"`: the RFC 8141 NSS after its first character.
pub(crate) const PCHAR_OR_SLASH: ByteSet = PCHAR.union(ByteSet::from_bytes(b"/"));

/// RFC 3986 `query` and `fragment`: `pchar / "/" / "?"`, again without `pct-encoded`.
pub(crate) const QUERY: ByteSet = PCHAR.union(ByteSet::from_bytes(b"/?"));

/// RFC 2141 §2.2 `<trans>` without `<reserved>`: letters, digits and `<other>`.
pub(crate) const RFC2141_TRANS: ByteSet = ALPHANUM.union(ByteSet::from_bytes(b"()+,-.:=@;$_!*'"));

/// RFC 2141 §2.3 `<reserved>` other than `%`.
pub(crate) const RFC2141_RESERVED: ByteSet = ByteSet::from_bytes(b"/?#");

/// Whether `b` is an RFC 5234 `HEXDIG` (either case).
#[inline]
pub(crate) const fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// Decodes every `%HH` triplet of `text` into its octet.
///
/// Borrows `text` when it holds no `%`. A `%` that does not start a triplet is kept as it is
/// (the parser never produces one; this only matters for text from elsewhere).
///
/// ```
/// use urn_tag::percent;
///
/// assert_eq!(&*percent::decode("a%2Cb"), b"a,b");
/// assert_eq!(&*percent::decode("%FF%00"), &[0xFF, 0x00]);
/// assert!(matches!(percent::decode("plain"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn decode(text: &str) -> Cow<'_, [u8]> {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'%') {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match triplet(bytes, i) {
            Some(octet) => {
                out.push(octet);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// Decodes `text` like [`decode`] and reads the octets as UTF-8 (RFC 8141 §2.2: characters
/// outside ASCII are UTF-8, then percent-encoded).
///
/// ```
/// use urn_tag::percent;
///
/// assert_eq!(percent::decode_utf8("%D0%B0123").unwrap(), "а123");
/// assert!(percent::decode_utf8("%FF").is_err());
/// ```
///
/// # Errors
///
/// The [`Utf8Error`] of the decoded octets, whose `valid_up_to` counts decoded octets.
pub fn decode_utf8(text: &str) -> Result<Cow<'_, str>, Utf8Error> {
    match decode(text) {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(text)),
        Cow::Owned(bytes) => String::from_utf8(bytes)
            .map(Cow::Owned)
            .map_err(|error| error.utf8_error()),
    }
}

/// The human-friendly form of RFC 8141 §4.4: percent-encoded UTF-8 that spells visible
/// characters outside ASCII is shown as those characters.
///
/// Everything that could change what a reader takes the identifier to be stays encoded:
/// every encoded ASCII character (`%2C` is not `,`: RFC 8141 §3.2 keeps them apart), control,
/// space and invisible formatting characters (bidirectional marks, zero-width characters),
/// and octets that are not UTF-8. Use this form only for display; transport the canonical
/// text (RFC 8141 §4.4: "they MUST be represented in the format defined herein").
///
/// ```
/// use urn_tag::percent;
///
/// assert_eq!(percent::decode_for_display("urn:example:caf%C3%A9%2C%20x"), "urn:example:café%2C%20x");
/// // U+202E RIGHT-TO-LEFT OVERRIDE stays encoded.
/// assert_eq!(percent::decode_for_display("urn:example:%E2%80%AEx"), "urn:example:%E2%80%AEx");
/// ```
pub fn decode_for_display(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'%') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        // A run of consecutive triplets, decoded together so multi-byte UTF-8 can be read.
        let run_start = i;
        let mut octets = Vec::new();
        while let Some(octet) = triplet(bytes, i) {
            octets.push(octet);
            i += 3;
        }
        if octets.is_empty() {
            let ch = text[i..].chars().next().expect("i is a char boundary");
            out.push(ch);
            i += ch.len_utf8();
            continue;
        }
        let mut octet_index = 0;
        for chunk in octets.utf8_chunks() {
            for ch in chunk.valid().chars() {
                let len = ch.len_utf8();
                if is_displayable(ch) {
                    out.push(ch);
                } else {
                    let from = run_start + 3 * octet_index;
                    out.push_str(&text[from..from + 3 * len]);
                }
                octet_index += len;
            }
            let invalid = chunk.invalid().len();
            let from = run_start + 3 * octet_index;
            out.push_str(&text[from..from + 3 * invalid]);
            octet_index += invalid;
        }
    }
    Cow::Owned(out)
}

/// Whether a decoded character may be shown in place of its encoding: visible and outside
/// ASCII.
fn is_displayable(ch: char) -> bool {
    let invisible = matches!(ch,
        '\u{AD}' // soft hyphen
        | '\u{034F}' // combining grapheme joiner
        | '\u{061C}' // Arabic letter mark
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
        | '\u{180B}'..='\u{180F}' // Mongolian variation selectors and vowel separator
        | '\u{200B}'..='\u{200F}' // zero-width characters and directional marks
        | '\u{202A}'..='\u{202E}' // directional embeddings and overrides
        | '\u{2060}'..='\u{206F}' // word joiner, invisible operators, directional isolates
        | '\u{FE00}'..='\u{FE0F}' // variation selectors
        | '\u{FEFF}' // zero-width no-break space
        | '\u{FFF0}'..='\u{FFFB}' // specials, interlinear annotation
        | '\u{E0000}'..='\u{E0FFF}' // tags and variation selectors supplement
    );
    !ch.is_ascii() && !ch.is_control() && !ch.is_whitespace() && !invisible
}

/// The octet of the `%HH` triplet at `i`, if there is one.
pub(crate) fn triplet(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3)? {
        [b'%', high, low] => Some(hex_value(*high)? << 4 | hex_value(*low)?),
        _ => None,
    }
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Encodes arbitrary text as the `part` of a URN under `spec`: UTF-8, each octet the part
/// cannot hold written as `%HH` with upper-case hex digits, every other character left as it
/// is (RFC 2141 §2.3.1: a character "MUST NOT be %-encoded" when it need not be).
///
/// What "cannot hold" means follows the grammar of the part: `%` itself, characters outside
/// the part's class (`?` and `#` in an NSS, `/` in an RFC 2141 or draft NSS, ...), a first
/// character the part may not start with (`/` at the start of an RFC 8141 NSS), and the `?`
/// of a "?=" inside an r-component, which would end it. Decoding the result with [`decode`]
/// gives back the octets of `text`. Borrows `text` when nothing needs encoding.
///
/// ```
/// use urn_tag::{Part, Spec, percent};
///
/// assert_eq!(percent::encode("/a/b", Spec::Rfc8141, Part::Nss)?, "%2Fa/b");
/// assert_eq!(percent::encode("a/b", Spec::Rfc2141, Part::Nss)?, "a%2Fb");
/// assert_eq!(percent::encode("x?=y", Spec::Rfc8141, Part::RComponent)?, "x%3F=y");
/// assert_eq!(percent::encode("100% ~", Spec::Rfc8141, Part::QComponent)?, "100%25%20~");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
///
/// # Errors
///
/// A [`ParseError`] when `spec` has no such part (or the part, like the NID, cannot hold
/// percent-encoding): [`ErrorKind::NoSuchPart`] at index 0; or when `text` holds a NUL
/// character and `spec` forbids the NUL octet even encoded (RFC 2141 §2.4, draft §2.3.3):
/// [`ErrorKind::NulOctet`] at the NUL's index in `text`.
pub fn encode(text: &str, spec: Spec, part: Part) -> Result<Cow<'_, str>, ParseError> {
    let Some(component) = Component::of(spec, part) else {
        return Err(ParseError::new(ErrorKind::NoSuchPart { part, spec }, 0));
    };
    let bytes = text.as_bytes();
    let nul = bytes.iter().position(|&b| b == 0);
    if let Some(nul) = nul.filter(|_| spec.forbids_nul()) {
        return Err(ParseError::new(ErrorKind::NulOctet { part, spec }, nul));
    }
    let keep = |i: usize| bytes[i] != b'%' && component.allows(bytes, i);
    let Some(first) = (0..bytes.len()).find(|&i| !keep(i)) else {
        return Ok(Cow::Borrowed(text));
    };
    let mut out = String::with_capacity(bytes.len() + 8);
    out.push_str(&text[..first]);
    for i in first..bytes.len() {
        if keep(i) {
            out.push(char::from(bytes[i]));
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('%');
            out.push(char::from(HEX[usize::from(bytes[i] >> 4)]));
            out.push(char::from(HEX[usize::from(bytes[i] & 0xF)]));
        }
    }
    Ok(Cow::Owned(out))
}

/// Asserts that a grammar (`accepts`) accepts `template` with an ASCII character `c` in place
/// of `{}` exactly when `c` is in `set` or is one of the `delimiters` that may end the part
/// there: the table and the grammar rule it copies agree.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_mirrors_grammar(
    set: ByteSet,
    template: &str,
    delimiters: &[u8],
    accepts: impl Fn(&str) -> bool,
) {
    let expected = set.union(ByteSet::from_bytes(delimiters));
    for b in 0u8..128 {
        let c = char::from(b);
        let input = template.replace("{}", c.encode_utf8(&mut [0; 4]));
        assert_eq!(expected.contains(b), accepts(&input), "{c:?} in {input:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::{Rule, UrnGrammar};
    use pest::Parser;

    #[track_caller]
    fn assert_mirrors(set: ByteSet, entry: Rule, template: &str, delimiters: &[u8]) {
        assert_mirrors_grammar(set, template, delimiters, |input| {
            UrnGrammar::parse(entry, input).is_ok()
        });
    }

    #[test]
    fn alphanum_mirrors_nid() {
        assert_mirrors(ALPHANUM, Rule::rfc8141, "urn:a{}:x", b"");
    }

    #[test]
    fn pchar_mirrors_draft_nss() {
        assert_mirrors(PCHAR, Rule::rfc2141bis, "urn:ab:x{}", b"?#");
    }

    #[test]
    fn pchar_or_slash_mirrors_rfc8141_nss() {
        assert_mirrors(PCHAR_OR_SLASH, Rule::rfc8141, "urn:ab:x{}", b"#");
    }

    #[test]
    fn query_mirrors_fragment() {
        assert_mirrors(QUERY, Rule::rfc8141, "urn:ab:x#{}", b"");
        assert_mirrors(QUERY, Rule::rfc2141bis, "urn:ab:x?{}", b"#");
    }

    #[test]
    fn rfc2141_trans_mirrors_rfc2141_nss() {
        assert_mirrors(RFC2141_TRANS, Rule::rfc2141, "urn:ab:x{}", b"");
    }

    #[test]
    fn unreserved_and_sub_delims_partition_pchar() {
        let colon_at = ByteSet::from_bytes(b":@");
        assert_eq!(UNRESERVED.union(SUB_DELIMS).union(colon_at), PCHAR);
        assert_eq!(UNRESERVED.0 & SUB_DELIMS.0, 0);
        assert!(b"/?#".iter().all(|&b| RFC2141_RESERVED.contains(b)));
    }

    #[test]
    fn non_ascii_bytes_are_in_no_set() {
        for set in [
            ALPHANUM,
            UNRESERVED,
            SUB_DELIMS,
            PCHAR,
            QUERY,
            RFC2141_TRANS,
        ] {
            assert!((128u8..=255).all(|b| !set.contains(b)));
        }
    }
}
