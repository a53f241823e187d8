//! What each URN part may hold, per spec: one table for the diagnosis, the encoder and the
//! builder's checks of a single part.

use super::Spec;
use crate::error::{ErrorKind, ParseError, Part};
use crate::percent::{
    self, ByteSet, PCHAR, PCHAR_OR_SLASH, QUERY, RFC2141_RESERVED, RFC2141_TRANS,
};

/// The grammar of one percent-encodable URN part, as a character class plus the rules the
/// ABNF states around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Component {
    pub(crate) part: Part,
    /// Bytes allowed unencoded (a `%` always starts a `pct-encoded` triplet).
    pub(crate) allowed: ByteSet,
    /// Allowed bytes that may not come first (`pchar` starts the RFC 8141 NSS, r and q).
    pub(crate) not_first: ByteSet,
    /// Whether the part may be empty (RFC 8141 f-component, draft query and fragment).
    pub(crate) may_be_empty: bool,
    /// RFC 8141 §2.3.1: an r-component ends at "?=", so it cannot contain one.
    pub(crate) ends_at_question_equals: bool,
}

const NONE: ByteSet = ByteSet::from_bytes(b"");
const SLASH: ByteSet = ByteSet::from_bytes(b"/");
const SLASH_QUESTION: ByteSet = ByteSet::from_bytes(b"/?");

impl Component {
    const fn new(part: Part, allowed: ByteSet) -> Self {
        Component {
            part,
            allowed,
            not_first: NONE,
            may_be_empty: false,
            ends_at_question_equals: false,
        }
    }

    const fn not_first(self, not_first: ByteSet) -> Self {
        Component { not_first, ..self }
    }

    const fn may_be_empty(self) -> Self {
        Component {
            may_be_empty: true,
            ..self
        }
    }

    /// The rules of `part` under `spec`, or `None` if the spec has no such part (or the part
    /// cannot hold percent-encoding, like the NID).
    pub(crate) const fn of(spec: Spec, part: Part) -> Option<Component> {
        let component = match (spec, part) {
            (Spec::Rfc8141, Part::Nss) => Component::new(part, PCHAR_OR_SLASH).not_first(SLASH),
            (Spec::Rfc8141, Part::RComponent) => Component {
                ends_at_question_equals: true,
                ..Component::new(part, QUERY).not_first(SLASH_QUESTION)
            },
            (Spec::Rfc8141, Part::QComponent) => {
                Component::new(part, QUERY).not_first(SLASH_QUESTION)
            }
            (Spec::Rfc8141, Part::FComponent) => Component::new(part, QUERY).may_be_empty(),
            (Spec::Rfc2141, Part::Nss) => Component::new(part, RFC2141_TRANS),
            (Spec::Rfc2141bis, Part::Nss) => Component::new(part, PCHAR),
            (Spec::Rfc2141bis, Part::Query | Part::Fragment) => {
                Component::new(part, QUERY).may_be_empty()
            }
            _ => return None,
        };
        Some(component)
    }

    /// The delimiters that may follow this part under `spec`, each with the part it opens,
    /// longest first.
    pub(crate) const fn followers(&self, spec: Spec) -> &'static [(&'static [u8], Part)] {
        match (spec, self.part) {
            (Spec::Rfc8141, Part::Nss) => &[
                (b"?+", Part::RComponent),
                (b"?=", Part::QComponent),
                (b"#", Part::FComponent),
            ],
            (Spec::Rfc8141, Part::RComponent) => {
                &[(b"?=", Part::QComponent), (b"#", Part::FComponent)]
            }
            (Spec::Rfc8141, Part::QComponent) => &[(b"#", Part::FComponent)],
            (Spec::Rfc2141bis, Part::Nss) => &[(b"?", Part::Query), (b"#", Part::Fragment)],
            (Spec::Rfc2141bis, Part::Query) => &[(b"#", Part::Fragment)],
            _ => &[],
        }
    }

    /// Whether byte `b` may stand unencoded at index `i` of `text` (which holds this part).
    pub(crate) fn allows(&self, text: &[u8], i: usize) -> bool {
        let b = text[i];
        self.allowed.contains(b)
            && !(i == 0 && self.not_first.contains(b))
            && !(self.ends_at_question_equals && b == b'?' && text.get(i + 1) == Some(&b'='))
    }

    /// Checks `text` as this part on its own (for the builder); error indexes are relative to
    /// `text`.
    pub(crate) fn check(&self, text: &str, spec: Spec) -> Result<(), ParseError> {
        let bytes = text.as_bytes();
        let err = |kind, i| Err(ParseError::new(kind, i));
        if bytes.is_empty() && !self.may_be_empty {
            return err(ErrorKind::Empty(self.part), 0);
        }
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            if b == b'%' {
                for digit in [i + 1, i + 2] {
                    if !bytes.get(digit).copied().is_some_and(percent::is_hex) {
                        return err(ErrorKind::InvalidPercentEncoding(self.part), digit);
                    }
                }
                if spec.forbids_nul() && bytes[i + 1] == b'0' && bytes[i + 2] == b'0' {
                    return err(
                        ErrorKind::NulOctet {
                            part: self.part,
                            spec,
                        },
                        i,
                    );
                }
                i += 3;
            } else if self.allows(bytes, i) {
                i += 1;
            } else {
                return Err(self.bad_byte(text, i, spec));
            }
        }
        Ok(())
    }

    /// The error for the byte at `i` of `text`, which this part does not allow there.
    pub(crate) fn bad_byte(&self, text: &str, i: usize, spec: Spec) -> ParseError {
        let part = self.part;
        // The callers have only stepped over ASCII before `i`, so it is a char boundary.
        let ch = text[i..].chars().next().unwrap_or('\u{FFFD}');
        let kind = match text.as_bytes()[i] {
            b if i == 0 && self.not_first.contains(b) => ErrorKind::InvalidStart { part, ch },
            b'?' if self.ends_at_question_equals => ErrorKind::QuestionEqualsInRComponent,
            b if spec == Spec::Rfc2141 && RFC2141_RESERVED.contains(b) => {
                ErrorKind::ReservedChar { ch }
            }
            _ => ErrorKind::unexpected(part, ch),
        };
        ParseError::new(kind, i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spec_has_an_nss() {
        for spec in Spec::ALL {
            assert!(Component::of(spec, Part::Nss).is_some(), "{spec}");
            assert!(Component::of(spec, Part::Nid).is_none(), "{spec}");
        }
        assert!(Component::of(Spec::Rfc2141, Part::RComponent).is_none());
        assert!(Component::of(Spec::Rfc8141, Part::Query).is_none());
    }
}
