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
///
/// * every encoded ASCII character (`%2C` is not `,`: RFC 8141 §3.2 keeps them apart), and
///   octets that are not UTF-8;
/// * characters that render as nothing or as white space: controls, format characters
///   (bidirectional marks and overrides, zero-width joiners, U+0600 and its kin, U+1D173 and
///   the other musical format characters), line and paragraph separators, space characters,
///   variation selectors and the other default-ignorable characters, and blank-looking
///   letters and symbols (Hangul fillers, U+2800 BRAILLE PATTERN BLANK);
/// * characters that are unassigned (in Unicode 18), private-use, or noncharacters
///   (U+FFFE, U+10FFFF, ...), which no reader can check;
/// * a combining mark with no decoded base before it (a mark after a literal `e` would draw
///   `é`, which reads as the different URN that encodes U+00E9);
/// * letters of right-to-left scripts, whose bidirectional reordering would move the parts of
///   the identifier around on screen.
///
/// So two URNs that are not equivalent never have the same display form. Text that is
/// canonically equivalent in Unicode (a precomposed `é` and `e` with a combining accent, both
/// decoded after another decoded letter) can still look alike: the display form does not
/// normalize, because RFC 8141 §3.2 compares the encoded octets. Use this form only for
/// display; transport the canonical text (RFC 8141 §4.4: "they MUST be represented in the
/// format defined herein").
///
/// ```
/// use urn_tag::percent;
///
/// assert_eq!(percent::decode_for_display("urn:example:caf%C3%A9%2C%20x"), "urn:example:café%2C%20x");
/// // U+202E RIGHT-TO-LEFT OVERRIDE and a combining accent with no decoded base stay encoded.
/// assert_eq!(percent::decode_for_display("urn:example:%E2%80%AEx"), "urn:example:%E2%80%AEx");
/// assert_eq!(percent::decode_for_display("urn:example:e%CC%81"), "urn:example:e%CC%81");
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
            let ch = text[i..].chars().next().unwrap_or('\u{FFFD}');
            out.push(ch);
            i += ch.len_utf8();
            continue;
        }
        // Whether the character shown last is a decoded base a combining mark may attach to.
        let mut after_decoded_base = false;
        let mut octet_index = 0;
        for chunk in octets.utf8_chunks() {
            for ch in chunk.valid().chars() {
                let len = ch.len_utf8();
                let shown = match displayable(ch) {
                    Display::Base => true,
                    Display::Mark => after_decoded_base,
                    Display::Never => false,
                };
                if shown {
                    out.push(ch);
                    after_decoded_base = true;
                } else {
                    let from = run_start + 3 * octet_index;
                    out.push_str(&text[from..from + 3 * len]);
                    after_decoded_base = false;
                }
                octet_index += len;
            }
            let invalid = chunk.invalid().len();
            if invalid > 0 {
                let from = run_start + 3 * octet_index;
                out.push_str(&text[from..from + 3 * invalid]);
                after_decoded_base = false;
            }
            octet_index += invalid;
        }
    }
    Cow::Owned(out)
}

/// Whether a decoded character may be shown in place of its encoding.
enum Display {
    /// Yes: a visible character.
    Base,
    /// Only right after a decoded base: a combining mark.
    Mark,
    /// No.
    Never,
}

fn displayable(ch: char) -> Display {
    use unicode_properties::{GeneralCategory as Gc, UnicodeGeneralCategory};

    let blank_or_ignorable = matches!(ch,
        '\u{AD}' // soft hyphen
        | '\u{034F}' // combining grapheme joiner
        | '\u{061C}' // Arabic letter mark
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
        | '\u{17B4}' | '\u{17B5}' // Khmer inherent vowels
        | '\u{180B}'..='\u{180F}' // Mongolian variation selectors and vowel separator
        | '\u{200B}'..='\u{200F}' // zero-width characters and directional marks
        | '\u{202A}'..='\u{202E}' // directional embeddings and overrides
        | '\u{2060}'..='\u{206F}' // word joiner, invisible operators, directional isolates
        | '\u{2800}' // braille pattern blank
        | '\u{FE00}'..='\u{FE0F}' // variation selectors
        | '\u{FEFF}' // zero-width no-break space
        | '\u{FFF0}'..='\u{FFFB}' // specials, interlinear annotation
        | '\u{1BCA0}'..='\u{1BCA3}' // shorthand format controls
        | '\u{1D173}'..='\u{1D17A}' // musical symbol format characters
        | '\u{E0000}'..='\u{E0FFF}' // tags and variation selectors supplement
    );
    // The blocks of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, ...), whose
    // default bidirectional class is R or AL even where unassigned.
    let right_to_left = matches!(ch,
        '\u{0590}'..='\u{08FF}'
        | '\u{FB1D}'..='\u{FDFF}'
        | '\u{FE70}'..='\u{FEFF}'
        | '\u{10800}'..='\u{10FFF}'
        | '\u{1E800}'..='\u{1EFFF}'
    );
    if ch.is_ascii() || blank_or_ignorable || right_to_left {
        return Display::Never;
    }
    match ch.general_category() {
        Gc::Control
        | Gc::Format
        | Gc::Surrogate
        | Gc::PrivateUse
        | Gc::Unassigned
        | Gc::SpaceSeparator
        | Gc::LineSeparator
        | Gc::ParagraphSeparator => Display::Never,
        Gc::NonspacingMark | Gc::SpacingMark | Gc::EnclosingMark => Display::Mark,
        _ => Display::Base,
    }
}
