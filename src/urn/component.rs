//! What each URN part may hold, per syntax: one table for the encoder and the builder's
//! checks of a single part.

use crate::chars::{self, ByteSet, PCHAR, PCHAR_OR_SLASH, QUERY, RFC2141_RESERVED, RFC2141_TRANS};
use crate::error::{BuildError, BuildErrorKind, Part};
use crate::syntax::UrnSyntax;

/// The grammar of one percent-encodable URN part, as a character class plus the rules the
/// ABNF states around it.
#[derive(Clone, Copy)]
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

    /// The rules of `part` under `syntax`, or `None` if the syntax has no such part (or the part
    /// cannot hold percent-encoding, like the NID).
    pub(crate) const fn of(syntax: UrnSyntax, part: Part) -> Option<Component> {
        let component = match (syntax, part) {
            (UrnSyntax::Rfc8141, Part::Nss) => {
                Component::new(part, PCHAR_OR_SLASH).not_first(SLASH)
            }
            (UrnSyntax::Rfc8141, Part::RComponent) => Component {
                ends_at_question_equals: true,
                ..Component::new(part, QUERY).not_first(SLASH_QUESTION)
            },
            (UrnSyntax::Rfc8141, Part::QComponent) => {
                Component::new(part, QUERY).not_first(SLASH_QUESTION)
            }
            (UrnSyntax::Rfc8141, Part::FComponent) => Component::new(part, QUERY).may_be_empty(),
            (UrnSyntax::Rfc2141, Part::Nss) => Component::new(part, RFC2141_TRANS),
            (UrnSyntax::Rfc2141bis, Part::Nss) => Component::new(part, PCHAR),
            (UrnSyntax::Rfc2141bis, Part::Query | Part::Fragment) => {
                Component::new(part, QUERY).may_be_empty()
            }
            _ => return None,
        };
        Some(component)
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
    pub(crate) fn check(&self, text: &str, syntax: UrnSyntax) -> Result<(), BuildError> {
        let bytes = text.as_bytes();
        let err = |kind, i| Err(BuildError::new(self.part, kind, i));
        if bytes.is_empty() && !self.may_be_empty {
            return err(BuildErrorKind::Empty, 0);
        }
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            if b == b'%' {
                for digit in [i + 1, i + 2] {
                    if !bytes.get(digit).copied().is_some_and(chars::is_hex) {
                        return err(BuildErrorKind::InvalidPercentEncoding, digit);
                    }
                }
                if syntax.forbids_nul() && bytes[i + 1] == b'0' && bytes[i + 2] == b'0' {
                    return err(BuildErrorKind::NulOctet(syntax), i);
                }
                i += 3;
            } else if self.allows(bytes, i) {
                i += 1;
            } else {
                let kind = match self.fault(text, i, syntax) {
                    Fault::InvalidStart(ch) => BuildErrorKind::InvalidStart(ch),
                    Fault::QuestionEquals => BuildErrorKind::QuestionEqualsInRComponent,
                    Fault::Reserved(ch) => BuildErrorKind::ReservedChar(ch),
                    Fault::Unexpected(ch) if ch.is_ascii() => BuildErrorKind::InvalidChar(ch),
                    Fault::Unexpected(ch) => BuildErrorKind::NonAscii(ch),
                };
                return err(kind, i);
            }
        }
        Ok(())
    }

    /// Why the byte at `i` of `text` cannot stand there.
    #[inline(always)]
    fn fault(&self, text: &str, i: usize, syntax: UrnSyntax) -> Fault {
        // The callers have only stepped over ASCII before `i`, so it is a char boundary.
        let ch = text[i..].chars().next().unwrap_or('\u{FFFD}');
        match text.as_bytes()[i] {
            b if i == 0 && self.not_first.contains(b) => Fault::InvalidStart(ch),
            b'?' if self.ends_at_question_equals => Fault::QuestionEquals,
            b if syntax == UrnSyntax::Rfc2141 && RFC2141_RESERVED.contains(b) => {
                Fault::Reserved(ch)
            }
            _ => Fault::Unexpected(ch),
        }
    }
}

/// Why a byte cannot stand where it is in a part.
enum Fault {
    /// It may be in the part, but not first.
    InvalidStart(char),
    /// The `?` of a `?=`, which would end an r-component.
    QuestionEquals,
    /// One of RFC 2141's reserved characters.
    Reserved(char),
    /// The part never holds it.
    Unexpected(char),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spec_has_an_nss() {
        for syntax in UrnSyntax::ALL {
            assert!(Component::of(syntax, Part::Nss).is_some(), "{syntax}");
            assert!(Component::of(syntax, Part::Nid).is_none(), "{syntax}");
        }
        assert!(Component::of(UrnSyntax::Rfc2141, Part::RComponent).is_none());
        assert!(Component::of(UrnSyntax::Rfc8141, Part::Query).is_none());
    }
}
