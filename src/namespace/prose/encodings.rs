//! What percent-encoded octets decode to: a grammar file sees a `%HH` triplet as three
//! characters, and leaves to Rust the text that a registration says they encode.
//!
//! One check serves every namespace whose registration says that a part is text (UTF-8, or
//! characters that RFC 8141 §1.2 and RFC 2141 §2.2 encode as UTF-8): [`text`], with what the
//! rule's row says of the text ([`Text`]: printable or not, characters excluded).
//! `namespaces/README.md` lists the registrations read so, with their words.

use core::fmt::{self, Write};

use crate::chars;

use super::lengths::urn_6_name_of;
use super::{Decoded, ProseRule, ProseViolation, Violation, violation};

/// What a registration says the decoded octets of a part are: UTF-8 text, printable or not,
/// without some characters or not.
#[derive(Debug, Clone, Copy)]
pub(in crate::namespace) struct Text {
    /// No control character (C0, DEL, C1): the only characters Unicode has no glyph for that
    /// every registration that says "printable" means.
    pub(in crate::namespace) printable: bool,
    /// The characters the registration excludes, ASCII (a space written as such).
    pub(in crate::namespace) excluded: &'static str,
}

impl Text {
    /// UTF-8, any character.
    pub(super) const UTF8: Text = Text {
        printable: false,
        excluded: "",
    };

    /// UTF-8 without control characters.
    pub(super) const PRINTABLE: Text = Text {
        printable: true,
        excluded: "",
    };
}

/// "printable UTF-8 text without #<>[]|{} or spaces": what the message says the part must be.
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.printable {
            f.write_str("printable ")?;
        }
        f.write_str("UTF-8 text")?;
        let excluded = self.excluded.as_bytes();
        let spaces = excluded.contains(&b' ');
        let mut listed = excluded.iter().filter(|&&b| b != b' ').peekable();
        if listed.peek().is_some() {
            f.write_str(" without ")?;
            for &b in listed {
                f.write_char(char::from(b))?;
            }
            if spaces {
                f.write_str(" or spaces")?;
            }
        } else if spaces {
            f.write_str(" without spaces")?;
        }
        Ok(())
    }
}

/// Checks that `part`, at byte `start` of the NSS, decodes to the text that `rule` describes:
/// UTF-8 (RFC 3629) once its triplets are decoded, and what the rule's [`Text`] asks more.
/// Reported at the first byte (of the triplet) where the decoded text goes wrong.
pub(super) fn text(start: usize, part: &str, rule: ProseRule) -> Result<(), Violation> {
    let text = rule.text().unwrap_or(Text::UTF8);
    let bytes = part.as_bytes();
    // Most parts encode nothing: what an NSS holds unencoded is printable ASCII.
    if text.excluded.is_empty() && !chars::has_percent(bytes) {
        return Ok(());
    }
    let mut at = 0;
    while at < bytes.len() {
        let found = match decode_char(bytes, at) {
            Err(octet) => Decoded::NotUtf8(octet),
            Ok((c, _)) if text.printable && c.is_control() => Decoded::NotPrintable(c),
            Ok((c, _)) if is_excluded(text, c) => Decoded::Excluded(c),
            Ok((_, width)) => {
                at += width;
                continue;
            }
        };
        return violation(start + at, ProseViolation::Encoding { rule, found });
    }
    Ok(())
}

/// Whether `c` is one of the characters `text` excludes, which are ASCII (compared as bytes:
/// a `char` pattern beyond ASCII would bring a substring search into the module).
fn is_excluded(text: Text, c: char) -> bool {
    u8::try_from(c).is_ok_and(|b| b.is_ascii() && text.excluded.as_bytes().contains(&b))
}

/// The character that starts at byte `at` of `bytes` (an NSS as written, where every `%`
/// starts a triplet) and the bytes it takes; or the octet there, when it starts octets that
/// are not UTF-8 (a continuation octet, an octet UTF-8 never has, a sequence cut short by the
/// end or by a character written unencoded, an overlong form, a surrogate, a value beyond
/// U+10FFFF: `str::from_utf8` decides).
fn decode_char(bytes: &[u8], at: usize) -> Result<(char, usize), u8> {
    let Some(first) = chars::triplet(bytes, at) else {
        // Written as it is: ASCII, in an NSS.
        return Ok((bytes.get(at).map_or('\0', |&b| char::from(b)), 1));
    };
    let len = match first {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => return Err(first),
    };
    let mut octets = [0u8; 4];
    for (i, octet) in octets[..len].iter_mut().enumerate() {
        *octet = chars::triplet(bytes, at + 3 * i).ok_or(first)?;
    }
    let decoded = core::str::from_utf8(&octets[..len]).map_err(|_| first)?;
    decoded.chars().next().map(|c| (c, 3 * len)).ok_or(first)
}

/// `urn-6`, its IANA informal template, "Declaration of syntactic structure": "Place names can
/// contain any printable UTF-8 character except #<>[]|{} . Spaces are encoded as underscores
/// ("_"), and the entire UTF-8 string is URI encoded." User names and topic identifiers have
/// "identical restrictions and encoding". The name follows the second ":".
pub(super) fn urn_6_name(nss: &str) -> Result<(), Violation> {
    let Some((start, name)) = urn_6_name_of(nss) else {
        return Ok(());
    };
    text(start, name, const { ProseRule::named("urn_6_name_text") })
}
