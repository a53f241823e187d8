//! Percent-encoding text for a URN part.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::compiled::report::RuleBytes;
use crate::compiled::urn::{RULE_BYTES, RULES};
use crate::error::{EncodeError, Part};
use crate::syntax::UrnSyntax;

/// What a percent-encodable URN part may hold unencoded, from what `urn.pest` says of the bytes
/// of its rule: the bytes it can hold, but `%`, which starts a percent-encoding; not first, the
/// bytes it cannot start with; and nowhere, the start of a literal that may follow the part
/// (the "?=" that ends an r-component).
pub(super) struct Unencoded(&'static RuleBytes);

impl Unencoded {
    /// The rule of `part` under `syntax`, or `None` if the syntax has no such part (or the part
    /// cannot hold percent-encoding, like the NID).
    pub(super) fn of(syntax: UrnSyntax, part: Part) -> Option<Unencoded> {
        let rule = match (syntax, part) {
            (UrnSyntax::Rfc8141, Part::Nss) => "NSS",
            (UrnSyntax::Rfc8141, Part::RComponent) => "r_component",
            (UrnSyntax::Rfc8141, Part::QComponent) => "q_component",
            (UrnSyntax::Rfc8141, Part::FComponent) => "f_component",
            (UrnSyntax::Rfc2141, Part::Nss) => "rfc2141_NSS",
            (UrnSyntax::Rfc2141bis, Part::Nss) => "rfc2141bis_NSS",
            (UrnSyntax::Rfc2141bis, Part::Query) => "query",
            (UrnSyntax::Rfc2141bis, Part::Fragment) => "fragment",
            _ => return None,
        };
        let index = RULES.iter().position(|&name| name == rule)?;
        Some(Unencoded(&RULE_BYTES[index]))
    }

    /// Whether the byte at index `i` of `text` (which holds this part) may stand unencoded.
    fn allows(&self, text: &[u8], i: usize) -> bool {
        let b = text[i];
        b != b'%'
            && self.0.alphabet.contains(b)
            && (i > 0 || self.0.first.contains(b))
            && !self
                .0
                .follow_literals
                .iter()
                .any(|literal| text[i..].starts_with(literal))
    }
}

/// Encodes arbitrary text as the `part` of a URN under `syntax`: UTF-8, each octet the part
/// cannot hold written as `%HH` with upper-case hex digits, every other character left as it
/// is (RFC 2141 §2.3.1: a character "MUST NOT be %-encoded" when it need not be).
///
/// What "cannot hold" means follows the grammar of the part: `%` itself, characters outside
/// the part's class (`?` and `#` in an NSS, `/` in an RFC 2141 or draft NSS, ...), a first
/// character the part may not start with (`/` at the start of an RFC 8141 NSS), and the `?`
/// of a "?=" inside an r-component, which would end it. Decoding the result with
/// [`percent::decode`](crate::percent::decode) gives back the octets of `text`. Borrows
/// `text` when nothing needs encoding.
///
/// ```
/// use urn_tag::{Part, UrnSyntax};
/// use urn_tag::urn::encode;
///
/// assert_eq!(encode("/a/b", UrnSyntax::Rfc8141, Part::Nss)?, "%2Fa/b");
/// assert_eq!(encode("a/b", UrnSyntax::Rfc2141, Part::Nss)?, "a%2Fb");
/// assert_eq!(encode("x?=y", UrnSyntax::Rfc8141, Part::RComponent)?, "x%3F=y");
/// assert_eq!(encode("100% ~", UrnSyntax::Rfc8141, Part::QComponent)?, "100%25%20~");
/// assert_eq!(encode("café au lait?", UrnSyntax::Rfc8141, Part::Nss)?, "caf%C3%A9%20au%20lait%3F");
/// # Ok::<(), urn_tag::EncodeError>(())
/// ```
///
/// # Errors
///
/// [`EncodeError::NoSuchPart`] when `syntax` has no such part (or the part, like the NID,
/// cannot hold percent-encoding); [`EncodeError::NulOctet`] when `text` holds a NUL
/// character and `syntax` forbids the NUL octet even encoded (RFC 2141 §2.4, draft §2.3.3).
pub fn encode(text: &str, syntax: UrnSyntax, part: Part) -> Result<Cow<'_, str>, EncodeError> {
    let Some(unencoded) = Unencoded::of(syntax, part) else {
        return Err(EncodeError::NoSuchPart { syntax, part });
    };
    let bytes = text.as_bytes();
    let nul = bytes.iter().position(|&b| b == 0);
    if let Some(index) = nul.filter(|_| syntax.forbids_nul()) {
        return Err(EncodeError::NulOctet { syntax, index });
    }
    let keep = |i: usize| unencoded.allows(bytes, i);
    let Some(first) = (0..bytes.len()).find(|&i| !keep(i)) else {
        return Ok(Cow::Borrowed(text));
    };
    let mut out = String::with_capacity(bytes.len() + 8);
    out.push_str(&text[..first]);
    for i in first..bytes.len() {
        if keep(i) {
            out.push(char::from(bytes[i]));
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('%');
            out.push(char::from(HEX[usize::from(bytes[i] >> 4)]));
            out.push(char::from(HEX[usize::from(bytes[i] & 0xF)]));
        }
    }
    Ok(Cow::Owned(out))
}
