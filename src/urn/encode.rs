//! Percent-encoding text for a URN part.

use alloc::borrow::Cow;
use alloc::string::String;

use super::component::Component;
use crate::error::{EncodeError, Part};
use crate::syntax::UrnSyntax;

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
    let Some(component) = Component::of(syntax, part) else {
        return Err(EncodeError::NoSuchPart { syntax, part });
    };
    let bytes = text.as_bytes();
    let nul = bytes.iter().position(|&b| b == 0);
    if let Some(index) = nul.filter(|_| syntax.forbids_nul()) {
        return Err(EncodeError::NulOctet { syntax, index });
    }
    let keep = |i: usize| bytes[i] != b'%' && component.allows(bytes, i);
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
