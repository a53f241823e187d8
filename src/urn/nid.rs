//! NID classes: formal, informal, experimental and reserved (RFC 8141 §5.1, §5.2,
//! Appendix C; RFC 3406 §3.1).

use core::fmt;

use super::value::Urn;
use crate::nid_hash::short_nid_key;
use crate::syntax::SCHEME_LEN;

/// What kind of URN namespace a NID can name, from its spelling alone (RFC 8141 §5).
///
/// Whether the NID is actually registered is a separate question, answered by
/// [`registry::lookup`](crate::urn::registry::lookup). NIDs are compared case-insensitively.
///
/// ```
/// use urn_tag::urn::{NidClass, Reservation};
///
/// assert_eq!(NidClass::of("isbn"), NidClass::Formal);
/// assert_eq!(NidClass::of("URN-7"), NidClass::Informal { number: 7 });
/// assert_eq!(NidClass::of("x-private"), NidClass::Experimental);
/// assert_eq!(NidClass::of("de-bib"), NidClass::Reserved(Reservation::CountryCode));
/// assert_eq!(NidClass::of("urn-07"), NidClass::Reserved(Reservation::MalformedInformal));
/// assert_eq!(NidClass::Experimental.name(), "experimental");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NidClass {
    /// A NID a formal namespace may have (RFC 8141 §5.1): none of the forms below.
    Formal,
    /// `urn-` and a number without leading zeros (RFC 8141 §5.2), the form IANA assigns to
    /// informal namespaces.
    Informal {
        /// The number after `urn-`.
        number: u128,
    },
    /// `X-` and anything (RFC 3406 §3.1): experimental namespaces, which RFC 8141 Appendix C
    /// removed ("strings conforming to URN syntax within experimental URN namespaces are not
    /// valid URNs").
    Experimental,
    /// A NID that can be neither formal nor informal (RFC 8141 §5.1, §5.2).
    Reserved(Reservation),
}

/// Why a NID is [reserved](NidClass::Reserved): which clause of RFC 8141 keeps it from being
/// formal or informal.
///
/// Values are equal when they name the same clause.
///
/// ```
/// use urn_tag::urn::Reservation;
///
/// assert_eq!(
///     Reservation::TooShort.clause(),
///     "RFC 8141 §5.1 item 3: a formal NID \"MUST be more than two characters long\""
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reservation {
    /// One or two characters: too short for a formal NID; two-character NIDs are kept for
    /// ISO 3166 country codes.
    TooShort,
    /// Two letters and a hyphen (`de-x`, and so `xn--` and `ab--`): kept for country-code
    /// namespaces and DNS A-labels.
    CountryCode,
    /// `urn-` not followed by a number without leading zeros (`urn-0`, `urn-07`, `urn-a`):
    /// the prefix is reserved for informal namespaces, whose numbers have that form.
    MalformedInformal,
}

impl Reservation {
    /// The clause that reserves the NID, quoted.
    ///
    /// ```
    /// use urn_tag::urn::Reservation;
    ///
    /// assert!(Reservation::MalformedInformal.clause().starts_with("RFC 8141 §5.1 item 2"));
    /// ```
    pub const fn clause(self) -> &'static str {
        match self {
            Reservation::TooShort => {
                "RFC 8141 §5.1 item 3: a formal NID \"MUST be more than two characters long\""
            }
            Reservation::CountryCode => {
                "RFC 8141 §5.1 item 3: a formal NID \"MUST NOT start with ALPHA ALPHA \"-\"\""
            }
            Reservation::MalformedInformal => {
                "RFC 8141 §5.1 item 2: a formal NID \"MUST NOT start with \"urn-\"\"; §5.2: informal NIDs are \"urn-\" and a number without leading zeros"
            }
        }
    }
}

impl NidClass {
    /// Classifies a NID by its spelling (case-insensitively), without allocating.
    ///
    /// The order of the checks: `urn-` first (informal, or reserved when no valid number
    /// follows), then `X-` (experimental), then one or two characters, then two letters and
    /// a hyphen (reserved); everything else can be formal.
    ///
    /// ```
    /// use urn_tag::urn::{NidClass, Reservation};
    ///
    /// assert_eq!(NidClass::of("ab"), NidClass::Reserved(Reservation::TooShort));
    /// assert_eq!(NidClass::of("3gpp"), NidClass::Formal);
    /// ```
    pub fn of(nid: &str) -> NidClass {
        let bytes = nid.as_bytes();
        if let Some(rest) = strip_prefix_ignore_case(bytes, b"urn-") {
            return match informal_number(rest) {
                Some(number) => NidClass::Informal { number },
                None => NidClass::Reserved(Reservation::MalformedInformal),
            };
        }
        if strip_prefix_ignore_case(bytes, b"x-").is_some() {
            return NidClass::Experimental;
        }
        if bytes.len() <= 2 {
            return NidClass::Reserved(Reservation::TooShort);
        }
        if bytes[0].is_ascii_alphabetic() && bytes[1].is_ascii_alphabetic() && bytes[2] == b'-' {
            return NidClass::Reserved(Reservation::CountryCode);
        }
        NidClass::Formal
    }

    /// The class's name as used in JSON: `formal`, `informal`, `experimental` or `reserved`.
    ///
    /// ```
    /// use urn_tag::urn::NidClass;
    ///
    /// assert_eq!(NidClass::of("urn-3").name(), "informal");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            NidClass::Formal => "formal",
            NidClass::Informal { .. } => "informal",
            NidClass::Experimental => "experimental",
            NidClass::Reserved(_) => "reserved",
        }
    }

    /// The clause that puts a NID in this class when it is not formal, quoted; `None` for
    /// formal NIDs.
    ///
    /// ```
    /// use urn_tag::urn::NidClass;
    ///
    /// assert!(NidClass::of("X-test").clause().unwrap().starts_with("RFC 3406 §3.1"));
    /// assert_eq!(NidClass::of("isbn").clause(), None);
    /// ```
    pub const fn clause(self) -> Option<&'static str> {
        match self {
            NidClass::Formal => None,
            NidClass::Informal { .. } => {
                Some("RFC 8141 §5.2: InformalNamespaceName = \"urn-\" Number")
            }
            NidClass::Experimental => Some(
                "RFC 3406 §3.1: experimental NIDs take the form X-<NID>; RFC 8141 Appendix C: they \"are not valid URNs\"",
            ),
            NidClass::Reserved(reservation) => Some(reservation.clause()),
        }
    }
}

impl fmt::Display for NidClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// [`short_nid_key`] of the NID of a URN the grammar accepted (`text`, its NID ending at
/// `nid_end`), computed without a copy: the sixteen bytes after `urn:` read as one number,
/// the bytes past the NID masked off and the letters lowered all at once. Copying the NID
/// into a block and reading it back as a number stalled on the copy's stores, on every
/// check of a namespace. A URN too short to hold sixteen bytes there takes the copy.
pub(crate) fn urn_nid_key(text: &str, nid_end: usize) -> Option<u128> {
    let len = nid_end - SCHEME_LEN;
    if len >= 16 {
        return None;
    }
    let Some(word) = text.as_bytes()[SCHEME_LEN..].first_chunk::<16>() else {
        return short_nid_key(&text[SCHEME_LEN..nid_end]);
    };
    let nid = u128::from_le_bytes(*word) & ((1 << (8 * len)) - 1);
    Some(ascii_letters_lowered(nid))
}

/// The bytes of `word`, all ASCII, with their upper-case letters lowered: each byte's high bit
/// tells, after one addition, whether it is at least `A`, and after another whether it is past
/// `Z`. No addition carries into the next byte, since every byte is below 0x80.
const fn ascii_letters_lowered(word: u128) -> u128 {
    const EACH_BYTE: u128 = u128::MAX / 0xff;
    let at_least_a = word + EACH_BYTE * (0x80 - b'A' as u128);
    let past_z = word + EACH_BYTE * (0x80 - b'Z' as u128 - 1);
    let upper = at_least_a & !past_z & (EACH_BYTE * 0x80);
    word | (upper >> 2)
}

fn strip_prefix_ignore_case<'a>(bytes: &'a [u8], prefix: &[u8]) -> Option<&'a [u8]> {
    let head = bytes.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &bytes[prefix.len()..])
}

/// RFC 8141 §5.2 `Number = DigitNonZero 0*Digit`. A NID has at most 32 characters, so the
/// number has at most 28 digits and always fits.
fn informal_number(digits: &[u8]) -> Option<u128> {
    match digits.first() {
        Some(b'1'..=b'9') if digits.iter().all(u8::is_ascii_digit) => {
            digits.iter().try_fold(0u128, |n, &d| {
                n.checked_mul(10)?.checked_add(u128::from(d - b'0'))
            })
        }
        _ => None,
    }
}

impl<S: AsRef<str>> Urn<S> {
    /// The class of the NID (RFC 8141 §5): formal, informal, experimental or reserved.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::urn::NidClass;
    ///
    /// assert_eq!(Urn::parse("urn:isbn:0451450523")?.nid_class(), NidClass::Formal);
    /// assert_eq!(Urn::parse("urn:urn-7:x")?.nid_class(), NidClass::Informal { number: 7 });
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn nid_class(&self) -> NidClass {
        NidClass::of(self.nid())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    /// Every ASCII byte, at every place of the word, beside bytes that could carry into it.
    #[test]
    fn letters_are_lowered_in_a_word_as_byte_by_byte() {
        for byte in 0..0x80u8 {
            for place in 0..16 {
                for filler in [0u8, b'Z', b'a', 0x7f] {
                    let mut bytes = [filler; 16];
                    bytes[place] = byte;
                    let expected = bytes.map(|b| b.to_ascii_lowercase());
                    assert_eq!(
                        ascii_letters_lowered(u128::from_le_bytes(bytes)),
                        u128::from_le_bytes(expected),
                        "{byte:#04x} at {place} among {filler:#04x}"
                    );
                }
            }
        }
    }

    /// The key read from a URN's text is the key of its NID: NIDs of every length around the
    /// sixteen bytes read, in mixed case, in URNs long enough to read them and too short.
    #[test]
    fn key_from_the_urn_is_the_nids_key() {
        for len in 1..=20 {
            let nid: String = "aZ-9Q".chars().cycle().take(len).collect();
            for nss in ["x", "0451450523", "A-Za-z0-9:/?#much-longer-than-sixteen"] {
                let urn = format!("urn:{nid}:{nss}");
                assert_eq!(
                    urn_nid_key(&urn, SCHEME_LEN + len),
                    short_nid_key(&nid),
                    "{urn}"
                );
            }
        }
    }
}
