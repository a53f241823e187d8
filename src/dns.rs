//! The length limits of DNS names (RFC 1035 §2.3.4), for every part of an identifier that
//! must be a domain name: the authority of a tag (RFC 4151 §2.1 `DNSname`) and the
//! ProviderId of a NewsML URN (RFC 3085 §2). Their grammars say which characters a name has;
//! this says how long it may be, in one place for both.
//!
//! Like `chars` and `syntax`, this module sits at the bottom of the crate and imports nothing
//! from it.

/// RFC 1035 §2.3.4: "labels 63 octets or less".
pub(crate) const MAX_LABEL_OCTETS: usize = 63;

/// RFC 1035 §2.3.4: "names 255 octets or less", as §3.1 counts a name: a length octet before
/// each label and the empty root label at the end. A name written without its final `.`
/// (the only way the grammars that use this allow) takes two octets more than it has
/// characters: `a.bc` is `01 61 02 62 63 00`, six octets. So at most 253 characters.
pub(crate) const MAX_NAME_CHARS: usize = 255 - 2;

/// Which limit of RFC 1035 §2.3.4 a DNS name breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DnsLengthError {
    /// A label of more than [`MAX_LABEL_OCTETS`].
    LabelTooLong,
    /// A name of more than 255 octets: more than [`MAX_NAME_CHARS`] written characters.
    NameTooLong,
}

/// Checks the lengths of `name`, a DNS name as written (labels separated by `.`, no final
/// `.`), whose characters its grammar already checked. The error's index is the first byte
/// of the offending label, or 0 for a name too long as a whole. A label too long is reported
/// before the name's length, since it says more about where the name goes wrong.
///
/// Every label is a character per octet: names in these grammars are ASCII.
pub(crate) fn check_lengths(name: &[u8]) -> Result<(), (DnsLengthError, usize)> {
    // A name of at most 63 octets breaks neither limit: most names need no look at all.
    if name.len() <= MAX_LABEL_OCTETS {
        return Ok(());
    }
    // One pass over the bytes, no search per label.
    let mut label_start = 0;
    for (i, &b) in name.iter().enumerate() {
        if b == b'.' {
            if i - label_start > MAX_LABEL_OCTETS {
                return Err((DnsLengthError::LabelTooLong, label_start));
            }
            label_start = i + 1;
        }
    }
    if name.len() - label_start > MAX_LABEL_OCTETS {
        return Err((DnsLengthError::LabelTooLong, label_start));
    }
    if name.len() > MAX_NAME_CHARS {
        return Err((DnsLengthError::NameTooLong, 0));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    fn label(n: usize) -> String {
        "a".repeat(n)
    }

    #[test]
    fn labels_hold_at_most_63_octets() {
        assert_eq!(check_lengths(label(63).as_bytes()), Ok(()));
        assert_eq!(
            check_lengths(label(64).as_bytes()),
            Err((DnsLengthError::LabelTooLong, 0))
        );
        assert_eq!(
            check_lengths(format!("b.{}", label(64)).as_bytes()),
            Err((DnsLengthError::LabelTooLong, 2))
        );
        assert_eq!(
            check_lengths(format!("{}.b", label(64)).as_bytes()),
            Err((DnsLengthError::LabelTooLong, 0))
        );
    }

    /// 253 written characters are 255 octets on the wire, the most a name can have.
    #[test]
    fn names_hold_at_most_255_octets_as_rfc_1035_s3_1_counts_them() {
        let name_253 = format!("{0}.{0}.{0}.{1}", label(63), label(61));
        assert_eq!(name_253.len(), MAX_NAME_CHARS);
        assert_eq!(check_lengths(name_253.as_bytes()), Ok(()));
        let name_254 = format!("{0}.{0}.{0}.{1}", label(63), label(62));
        assert_eq!(
            check_lengths(name_254.as_bytes()),
            Err((DnsLengthError::NameTooLong, 0))
        );
    }

    /// A long label is reported where it starts, even in a name too long as a whole.
    #[test]
    fn a_long_label_is_reported_before_the_names_length() {
        let name = format!("{0}.{0}.{0}.{1}", label(63), label(64));
        assert_eq!(
            check_lengths(name.as_bytes()),
            Err((DnsLengthError::LabelTooLong, 192))
        );
    }
}
