//! Check digits and check characters: the character that a standard named by the registration
//! computes from the others (ISO 2108, ISO 3297, ISO 27729, ISO 15706, ISO 7064).

use alloc::vec::Vec;

use super::{ProseRule, ProseViolation, Violation, violation};

/// A check character other than `expected` at byte `index`.
fn wrong(index: usize, rule: ProseRule, expected: char, found: u8) -> Result<(), Violation> {
    let found = char::from(found);
    violation(
        index,
        ProseViolation::CheckCharacter {
            rule,
            expected,
            found,
        },
    )
}

/// The digits (and a final `X`) of an ISBN or ISSN with their byte indices, hyphens skipped;
/// at most 13, all an ISBN has, kept on the stack: an NSS with more yields an empty list,
/// which no check applies to.
pub(super) fn digits_with_index(nss: &str) -> Digits {
    let mut digits = Digits {
        items: [(0, 0); 13],
        len: 0,
    };
    for (index, b) in nss.bytes().enumerate().filter(|&(_, b)| b != b'-') {
        let Some(slot) = digits.items.get_mut(digits.len) else {
            return Digits { len: 0, ..digits };
        };
        *slot = (index, b);
        digits.len += 1;
    }
    digits
}

/// Up to 13 digits with their byte indices.
pub(super) struct Digits {
    items: [(usize, u8); 13],
    len: usize,
}

impl core::ops::Deref for Digits {
    type Target = [(usize, u8)];

    fn deref(&self) -> &[(usize, u8)] {
        &self.items[..self.len]
    }
}

fn digit_value(b: u8) -> u32 {
    match b {
        b'0'..=b'9' => u32::from(b - b'0'),
        b'X' | b'x' => 10,
        _ => 0,
    }
}

/// A check value of 0 to 10 as its character, `X` for 10.
fn check_char(value: u32) -> char {
    match value {
        10 => 'X',
        v => char::from_digit(v, 10).unwrap_or('?'),
    }
}

/// `isbn`, IANA registration template, version 2, "Syntax": an ISBN-13 ends with "a modulo 10
/// check digit"; an ISBN-10 with "a modulo 11 check digit, using upper-case "X" instead of 10;
/// the details of the calculation being specified in ISO 2108-1992". The modulus-10 digit uses
/// the GS1 weights 1 and 3 (ISO 2108:2017); the modulus-11 digit the weights 10 down to 2.
pub(super) fn isbn(nss: &str) -> Result<(), Violation> {
    let digits = digits_with_index(nss);
    let (&(index, found), body) = match digits.split_last() {
        Some(split) if matches!(digits.len(), 10 | 13) => split,
        _ => return Ok(()),
    };
    let expected = if digits.len() == 13 {
        let sum: u32 = body
            .iter()
            .enumerate()
            .map(|(i, &(_, d))| digit_value(d) * if i % 2 == 0 { 1 } else { 3 })
            .sum();
        (10 - sum % 10) % 10
    } else {
        let sum: u32 = body
            .iter()
            .zip((2..=10).rev())
            .map(|(&(_, d), weight)| digit_value(d) * weight)
            .sum();
        (11 - sum % 11) % 11
    };
    let expected = check_char(expected);
    if char::from(found) == expected {
        return Ok(());
    }
    wrong(
        index,
        const { ProseRule::named("isbn_check_digit") },
        expected,
        found,
    )
}

/// `issn`, IANA registration template, version 2, "Syntax": "The check digit is always
/// located in the extreme right (low order) position, and is calculated on a modulus 11 basis
/// using weights 8 to 2." (ISO 3297; "X" stands for 10.) A lower-case `x` counts as `X` here;
/// its case is a lint.
pub(super) fn issn(nss: &str) -> Result<(), Violation> {
    let digits = digits_with_index(nss);
    let Some((&(index, found), body)) = digits.split_last() else {
        return Ok(());
    };
    if digits.len() != 8 {
        return Ok(());
    }
    let sum: u32 = body
        .iter()
        .zip((2..=8).rev())
        .map(|(&(_, d), weight)| digit_value(d) * weight)
        .sum();
    let expected = check_char((11 - sum % 11) % 11);
    if char::from(found.to_ascii_uppercase()) == expected {
        return Ok(());
    }
    wrong(
        index,
        const { ProseRule::named("issn_check_digit") },
        expected,
        found,
    )
}

/// `isni`, IANA registration template, "Syntax": "a check digit which is either a decimal
/// digit or the alphabetic character "X"", as ISO 27729 computes it: ISO/IEC 7064 MOD 11-2
/// over the 15 digits ("X" stands for 10). Reported at the check character.
pub(super) fn isni(nss: &str) -> Result<(), Violation> {
    let Some((&found, digits)) = nss.as_bytes().split_last() else {
        return Ok(());
    };
    let total = digits
        .iter()
        .fold(0u32, |total, &d| ((total + digit_value(d)) * 2) % 11);
    let expected = check_char((12 - total) % 11);
    if char::from(found) == expected {
        return Ok(());
    }
    wrong(
        digits.len(),
        const { ProseRule::named("isni_check_character") },
        expected,
        found,
    )
}

/// `isan`, RFC 4246 §2: "ISAN-NSS is conformant to URN syntax requirements defined in
/// [RFC2141] and is further constrained by [ISO15706]". ISO 15706 computes both check
/// characters with ISO 7064 MOD 37,36 (a hybrid system over 0-9 and A-Z): the first over the
/// 16 hexadecimal digits of root and episode, the second over those and the 8 of the version.
/// Letters compare in any case (RFC 4246: "The ISAN-NSS is case-insensitive").
pub(super) fn isan(nss: &str) -> Result<(), Violation> {
    let bytes = nss.as_bytes();
    let hex_before = |end: usize| -> Vec<u8> {
        bytes
            .get(..end)
            .unwrap_or_default()
            .iter()
            .copied()
            .filter(u8::is_ascii_hexdigit)
            .collect()
    };
    // The first check character follows the 19 characters of "hhhh-hhhh-hhhh-hhhh-".
    let mut checks = Vec::new();
    if bytes.len() >= 21 {
        checks.push((20, hex_before(19)));
    }
    // The second one follows "-hhhh-hhhh-" after the first.
    if bytes.len() == 33 {
        let mut all = hex_before(19);
        for group in [22..26, 27..31] {
            all.extend(bytes.get(group).unwrap_or_default());
        }
        checks.push((32, all));
    }
    for (index, digits) in checks {
        let found = bytes.get(index).copied().unwrap_or(b'?');
        let expected = mod_37_36(&digits);
        if !char::from(found).eq_ignore_ascii_case(&expected) {
            let rule = const { ProseRule::named("isan_check_character") };
            return wrong(index, rule, expected, found);
        }
    }
    Ok(())
}

/// `eidr`, RFC 7972 §2: "When EIDR-PREFIX is equal to "10.5240", [...] CHECK is the Mod 37,36
/// check character as specified in [ISO7064], computed over the 20 hexadecimal digits HEXDIG
/// of RP2079-SUFFIX." The grammar has read that suffix as `5(4HEXDIG "-") CHECK`; letters
/// compare in any case ("case-insensitive string match").
pub(super) fn eidr(nss: &str) -> Result<(), Violation> {
    const PREFIX: &str = "10.5240:";
    let Some(suffix) = nss.strip_prefix(PREFIX) else {
        return Ok(());
    };
    let digits: Vec<u8> = suffix.bytes().filter(u8::is_ascii_hexdigit).collect();
    // "hhhh-" five times, then CHECK: a hexadecimal CHECK was counted among the digits.
    let (Some(&found), Some(digits)) = (suffix.as_bytes().get(25), digits.get(..20)) else {
        return Ok(());
    };
    let expected = mod_37_36(digits);
    if char::from(found).eq_ignore_ascii_case(&expected) {
        return Ok(());
    }
    let rule = const { ProseRule::named("eidr_check_character") };
    wrong(PREFIX.len() + 25, rule, expected, found)
}

/// The ISO 7064 MOD 37,36 check character of `text` (digits and letters).
fn mod_37_36(text: &[u8]) -> char {
    const ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut product = 36_u32;
    for &b in text {
        let value = ALPHABET
            .iter()
            .position(|&a| a == b.to_ascii_uppercase())
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(0);
        let mut sum = (product + value) % 36;
        if sum == 0 {
            sum = 36;
        }
        product = (sum * 2) % 37;
    }
    let check = (37 - product) % 36;
    ALPHABET
        .get(usize::try_from(check).unwrap_or(0))
        .map_or('?', |&b| char::from(b))
}
