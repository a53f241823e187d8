//! Percent-encoding (RFC 3986 §2.1) and the character classes of the grammars.
//!
//! The classes mirror the silent character rules of `urn.pest` and `tag.pest` byte for byte;
//! a unit test checks each table against the grammar rule it copies, so the two cannot drift.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::{Rule, UrnGrammar};
    use pest::Parser;

    /// Asserts that the grammar accepts `template` with an ASCII character `c` in place of
    /// `{}` exactly when `c` is in `set` or is one of the `delimiters` that may end the part
    /// there: the table and the grammar rule it copies agree.
    #[track_caller]
    fn assert_mirrors(set: ByteSet, entry: Rule, template: &str, delimiters: &[u8]) {
        let expected = set.union(ByteSet::from_bytes(delimiters));
        for b in 0u8..128 {
            let c = char::from(b);
            let input = template.replace("{}", c.encode_utf8(&mut [0; 4]));
            let accepted = UrnGrammar::parse(entry, &input).is_ok();
            assert_eq!(expected.contains(b), accepted, "{c:?} in {input:?}");
        }
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
