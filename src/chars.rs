//! Character classes: the byte sets that the grammars' silent character rules spell out, for
//! the code that walks identifiers byte by byte outside the grammars (the finder's runs, the
//! lints, normalization); tests hold each to the grammar rule it copies.
//!
//! It also holds the case changes that normalization makes to such text.
//!
//! Each table mirrors a rule of `urn.pest` or `tag.pest`; the tests below check every table
//! against its rule byte for byte, so the two cannot drift. Like `syntax`, this module sits at
//! the bottom of the crate and imports nothing from it.

use alloc::string::String;

/// A set of ASCII bytes, as two 64-bit masks (bytes 0 to 63, and 64 to 127): a membership
/// test is one shift of a machine word, where a 128-bit mask would take several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ByteSet([u64; 2]);

impl ByteSet {
    const EMPTY: ByteSet = ByteSet([0; 2]);

    const fn with(self, b: u8) -> ByteSet {
        let mut words = self.0;
        words[(b / 64) as usize] |= 1 << (b % 64);
        ByteSet(words)
    }

    pub(crate) const fn from_bytes(bytes: &[u8]) -> Self {
        let mut set = ByteSet::EMPTY;
        let mut i = 0;
        while i < bytes.len() {
            set = set.with(bytes[i]);
            i += 1;
        }
        set
    }

    const fn range(first: u8, last: u8) -> Self {
        let mut set = ByteSet::EMPTY;
        let mut b = first;
        while b <= last {
            set = set.with(b);
            b += 1;
        }
        set
    }

    pub(crate) const fn union(self, other: ByteSet) -> ByteSet {
        ByteSet([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }

    /// Whether `b` is in the set; bytes outside ASCII never are.
    #[inline]
    pub(crate) const fn contains(self, b: u8) -> bool {
        b < 128 && self.0[(b / 64) as usize] & (1 << (b % 64)) != 0
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

/// RFC 3986 `query` and `fragment`: `pchar / "/" / "?"`, again without `pct-encoded`.
pub(crate) const QUERY: ByteSet = PCHAR.union(ByteSet::from_bytes(b"/?"));

/// RFC 2141 §2.2 `<trans>` without `<reserved>`: letters, digits and `<other>`.
pub(crate) const RFC2141_TRANS: ByteSet = ALPHANUM.union(ByteSet::from_bytes(b"()+,-.:=@;$_!*'"));

/// RFC 2141 §2.3 `<reserved>` other than `%`.
pub(crate) const RFC2141_RESERVED: ByteSet = ByteSet::from_bytes(b"/?#");

/// `tag.pest`'s `opaqueAuthority`: `pchar / "/"` without ":" and "," (and without
/// `pct-encoded`).
pub(crate) const TAG_OPAQUE: ByteSet = UNRESERVED.union(ByteSet::from_bytes(b"!$&'()*+;=@/"));

/// The value of a hexadecimal digit.
pub(crate) const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The octet of the `%HH` triplet at `i`, if there is one.
pub(crate) fn triplet(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3)? {
        [b'%', high, low] => Some(hex_value(*high)? << 4 | hex_value(*low)?),
        _ => None,
    }
}

/// Appends `text` (ASCII, from a parsed identifier, where every `%` starts a triplet) with
/// the two hexadecimal digits after each `%` in upper case (RFC 3986 §6.2.2.1). One copy,
/// then the few triplets fixed in place.
pub(crate) fn push_with_upper_hex(out: &mut String, text: &str) {
    let start = out.len();
    out.push_str(text);
    upper_hex_in_place(&mut out[start..]);
}

/// Appends `text` (as for [`push_with_upper_hex`]) with its letters in lower case, except the
/// hexadecimal digits of its percent-encodings, which are made upper case.
pub(crate) fn push_lower_with_upper_hex(out: &mut String, text: &str) {
    let start = out.len();
    out.push_str(text);
    out[start..].make_ascii_lowercase();
    upper_hex_in_place(&mut out[start..]);
}

fn upper_hex_in_place(text: &mut str) {
    // Most texts have no percent-encoding.
    if !has_percent(text.as_bytes()) {
        return;
    }
    let mut from = 0;
    while let Some(found) = memchr::memchr(b'%', &text.as_bytes()[from..]) {
        let percent = from + found;
        if let Some(digits) = text.get_mut(percent + 1..percent + 3) {
            digits.make_ascii_uppercase();
        }
        from = percent + 1;
    }
}

/// Whether `bytes` holds a `%`, asked 8 bytes at a time: the texts asked about are short (a
/// NID, an NSS), and searches set up for long texts cost more than they save on them.
pub(crate) fn has_percent(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    // A word holds `%` if the word XOR eight `%`s has a zero byte (Bit Twiddling Hacks'
    // "determine if a word has a zero byte", exact as a yes/no answer).
    let has_percent = |word: &[u8]| {
        let word = u64::from_le_bytes(word.try_into().expect("8 bytes")) ^ (ONES * u64::from(b'%'));
        word.wrapping_sub(ONES) & !word & HIGHS != 0
    };
    // Whole words, then the last eight bytes (overlapping the last whole word), so that no
    // byte is read alone; a text shorter than a word is read as two halves that may overlap.
    match bytes.len() {
        8.. => {
            let last = bytes.last_chunk::<8>().unwrap_or(&[0; 8]);
            bytes.chunks_exact(8).any(has_percent) || has_percent(last)
        }
        4.. => {
            let half = |half: &[u8; 4]| u64::from(u32::from_le_bytes(*half));
            let first = half(bytes.first_chunk().unwrap_or(&[0; 4]));
            let last = half(bytes.last_chunk().unwrap_or(&[0; 4]));
            has_percent(&(first | last << 32).to_le_bytes())
        }
        _ => bytes.contains(&b'%'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::tag::{Rule as TagRule, TagGrammar};
    use crate::grammar::{Rule as UrnRule, UrnGrammar};
    use alloc::vec;
    use alloc::vec::Vec;
    use pest::Parser;

    /// Asserts that a grammar (`accepts`) accepts `template` with an ASCII character `c` in
    /// place of `{}` exactly when `c` is in `set` or is one of the `delimiters` that may end
    /// the part there: the table and the grammar rule it copies agree.
    #[track_caller]
    fn assert_mirrors_grammar(
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

    #[track_caller]
    fn assert_mirrors_urn(set: ByteSet, entry: UrnRule, template: &str, delimiters: &[u8]) {
        assert_mirrors_grammar(set, template, delimiters, |input| {
            UrnGrammar::parse(entry, input).is_ok()
        });
    }

    #[track_caller]
    fn assert_mirrors_tag(set: ByteSet, entry: TagRule, template: &str, delimiters: &[u8]) {
        assert_mirrors_grammar(set, template, delimiters, |input| {
            TagGrammar::parse(entry, input).is_ok()
        });
    }

    /// A `%` is found wherever it is, in texts of every length around the 8-byte words read,
    /// and no other byte is taken for one.
    #[test]
    fn has_percent_at_every_place() {
        for length in 0..40 {
            assert!(!has_percent(&vec![b'a'; length]), "length {length}");
            for at in 0..length {
                let mut text = vec![0xffu8; length];
                text[at] = b'%';
                assert!(has_percent(&text), "% at {at} of {length}");
            }
        }
        let others: Vec<u8> = (0..=255u8).filter(|&b| b != b'%').collect();
        assert!(!has_percent(&others));
    }

    #[test]
    fn alphanum_mirrors_nid() {
        assert_mirrors_urn(ALPHANUM, UrnRule::rfc8141, "urn:a{}:x", b"");
    }

    #[test]
    fn pchar_mirrors_draft_nss() {
        assert_mirrors_urn(PCHAR, UrnRule::rfc2141bis, "urn:ab:x{}", b"?#");
    }

    #[test]
    fn query_mirrors_fragment() {
        assert_mirrors_urn(QUERY, UrnRule::rfc8141, "urn:ab:x#{}", b"");
        assert_mirrors_urn(QUERY, UrnRule::rfc2141bis, "urn:ab:x?{}", b"#");
    }

    #[test]
    fn rfc2141_trans_mirrors_rfc2141_nss() {
        assert_mirrors_urn(RFC2141_TRANS, UrnRule::rfc2141, "urn:ab:x{}", b"");
    }

    #[test]
    fn alphanum_mirrors_dns_name() {
        assert_mirrors_tag(ALPHANUM, TagRule::rfc4151, "tag:a{}b.c,2000:", b"-.@");
    }

    #[test]
    fn tag_opaque_mirrors_lenient_authority() {
        assert_mirrors_tag(TAG_OPAQUE, TagRule::lenient, "tag:a{}b,2000:", b"");
    }

    #[test]
    fn query_mirrors_tag_specific_and_fragment() {
        assert_mirrors_tag(QUERY, TagRule::rfc4151, "tag:a.b,2000:x{}", b"#");
        assert_mirrors_tag(QUERY, TagRule::rfc4151, "tag:a.b,2000:x#{}", b"");
    }

    #[test]
    fn unreserved_and_sub_delims_partition_pchar() {
        let colon_at = ByteSet::from_bytes(b":@");
        assert_eq!(UNRESERVED.union(SUB_DELIMS).union(colon_at), PCHAR);
        assert_eq!(UNRESERVED.0[0] & SUB_DELIMS.0[0], 0);
        assert_eq!(UNRESERVED.0[1] & SUB_DELIMS.0[1], 0);
        assert!(b"/?#".iter().all(|&b| RFC2141_RESERVED.contains(b)));
    }

    #[test]
    fn non_ascii_bytes_are_in_no_set() {
        let sets = [
            ALPHANUM,
            UNRESERVED,
            SUB_DELIMS,
            PCHAR,
            QUERY,
            RFC2141_TRANS,
            TAG_OPAQUE,
        ];
        for set in sets {
            assert!((128u8..=255).all(|b| !set.contains(b)));
        }
    }

    #[test]
    fn case_changes_touch_only_what_they_say() {
        let mut out = alloc::string::String::from(">");
        push_with_upper_hex(&mut out, "ab%2c%e2%82%ac-cD");
        assert_eq!(out, ">ab%2C%E2%82%AC-cD");
        let mut out = alloc::string::String::new();
        push_lower_with_upper_hex(&mut out, "AB%2c%E2%82%aC-Cd");
        assert_eq!(out, "ab%2C%E2%82%AC-cd");
    }

    #[test]
    fn triplet_reads_either_case_and_nothing_else() {
        assert_eq!(triplet(b"%2c", 0), Some(0x2C));
        assert_eq!(triplet(b"a%2C", 1), Some(0x2C));
        assert_eq!(triplet(b"%2", 0), None);
        assert_eq!(triplet(b"%zz", 0), None);
        assert_eq!(triplet(b"x2C", 0), None);
    }
}
