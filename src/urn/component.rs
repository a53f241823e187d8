//! What each URN part may hold unencoded, per syntax: the encoder's table (the builder checks a
//! part by the grammar itself, `crate::rejection::urn_part_error`).

use crate::chars::{ByteSet, PCHAR, PCHAR_OR_SLASH, QUERY, RFC2141_TRANS};
use crate::error::Part;
use crate::syntax::UrnSyntax;

/// The bytes one percent-encodable URN part may hold unencoded, and where.
#[derive(Clone, Copy)]
pub(crate) struct Component {
    /// Bytes allowed unencoded (a `%` always starts a `pct-encoded` triplet).
    allowed: ByteSet,
    /// Allowed bytes that may not come first (`pchar` starts the RFC 8141 NSS, r and q).
    not_first: ByteSet,
    /// RFC 8141 §2.3.1: an r-component ends at "?=", so it cannot contain one.
    ends_at_question_equals: bool,
}

const NONE: ByteSet = ByteSet::from_bytes(b"");
const SLASH: ByteSet = ByteSet::from_bytes(b"/");
const SLASH_QUESTION: ByteSet = ByteSet::from_bytes(b"/?");

impl Component {
    const fn new(allowed: ByteSet, not_first: ByteSet) -> Self {
        Component {
            allowed,
            not_first,
            ends_at_question_equals: false,
        }
    }

    /// The rules of `part` under `syntax`, or `None` if the syntax has no such part (or the part
    /// cannot hold percent-encoding, like the NID).
    pub(crate) const fn of(syntax: UrnSyntax, part: Part) -> Option<Component> {
        let component = match (syntax, part) {
            (UrnSyntax::Rfc8141, Part::Nss) => Component::new(PCHAR_OR_SLASH, SLASH),
            (UrnSyntax::Rfc8141, Part::RComponent) => Component {
                ends_at_question_equals: true,
                ..Component::new(QUERY, SLASH_QUESTION)
            },
            (UrnSyntax::Rfc8141, Part::QComponent) => Component::new(QUERY, SLASH_QUESTION),
            (UrnSyntax::Rfc8141, Part::FComponent) => Component::new(QUERY, NONE),
            (UrnSyntax::Rfc2141, Part::Nss) => Component::new(RFC2141_TRANS, NONE),
            (UrnSyntax::Rfc2141bis, Part::Nss) => Component::new(PCHAR, NONE),
            (UrnSyntax::Rfc2141bis, Part::Query | Part::Fragment) => Component::new(QUERY, NONE),
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
