//! Percent-decoding (RFC 3986 §2.1) and the human-friendly display form of RFC 8141 §4.4.
//!
//! Parsing never decodes: [`Urn::nss`](crate::Urn::nss) and the other accessors give the
//! text as written, and RFC 8141 §3 forbids decoding when comparing URNs. Decode only when
//! you need the underlying octets or text:
//!
//! ```
//! use urn_tag::{Urn, percent};
//!
//! let urn = Urn::parse("urn:example:caf%C3%A9")?;
//! assert_eq!(percent::decode_utf8(urn.nss()).unwrap(), "café");
//! # Ok::<(), urn_tag::ParseError>(())
//! ```
//!
//! Encoding is specific to a URN part (what must be encoded depends on the part's grammar):
//! see [`urn::encode`](crate::urn::encode).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::str::Utf8Error;

use crate::chars;

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
        match chars::triplet(bytes, i) {
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
        while let Some(octet) = chars::triplet(bytes, i) {
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
