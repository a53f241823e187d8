//! SHOULD-level findings on a valid tag: what RFC 4151 advises against, or requires in prose
//! that the ABNF cannot check, without making the tag invalid.

use alloc::vec::Vec;
use core::fmt;

use super::value::TagUri;

/// A finding on a valid tag: what RFC 4151 advises against, or requires in prose that the
/// ABNF does not check, without making the tag invalid.
///
/// `Eq` compares the lint and what it holds.
///
/// ```
/// use urn_tag::{TagLint, TagUri};
///
/// let tag = TagUri::parse("tag:Example-COM,2005:caf%C3%A9")?;
/// assert_eq!(
///     tag.lints(),
///     [
///         TagLint::UppercaseDomain { index: 4 },
///         TagLint::NotFullyQualified,
///         TagLint::PercentEncoding { index: 24 },
///     ]
/// );
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TagLint {
    /// An upper-case letter in the domain name (RFC 4151 §2.1: "It is RECOMMENDED that the
    /// domain name should be in lowercase form"). Reported at the first one.
    UppercaseDomain {
        /// Index of the letter.
        index: usize,
    },
    /// A domain name of one label (RFC 4151 §2.1: the domain name "MUST be fully qualified";
    /// the ABNF cannot say so).
    NotFullyQualified,
    /// A percent-encoded octet in the specific or the fragment (RFC 4151 §2.1: "tags SHOULD
    /// NOT be minted with percent-encoded parts"). Reported at the first one.
    PercentEncoding {
        /// Index of the `%`.
        index: usize,
    },
}

impl TagLint {
    /// A short name for the finding: `uppercase-domain`, `not-fully-qualified` or
    /// `percent-encoding`.
    ///
    /// ```
    /// assert_eq!(urn_tag::TagLint::NotFullyQualified.name(), "not-fully-qualified");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            TagLint::UppercaseDomain { .. } => "uppercase-domain",
            TagLint::NotFullyQualified => "not-fully-qualified",
            TagLint::PercentEncoding { .. } => "percent-encoding",
        }
    }
}

impl fmt::Display for TagLint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagLint::UppercaseDomain { index } => write!(
                f,
                "upper case in the domain name at byte {index} (RFC 4151 §2.1: lowercase is RECOMMENDED)"
            ),
            TagLint::NotFullyQualified => {
                f.write_str("the domain name is not fully qualified (RFC 4151 §2.1: it MUST be)")
            }
            TagLint::PercentEncoding { index } => write!(
                f,
                "percent-encoding at byte {index} (RFC 4151 §2.1: tags SHOULD NOT be minted with percent-encoded parts)"
            ),
        }
    }
}

/// The findings on `tag`, in the order of the bytes they are found at.
pub(super) fn lints<S: AsRef<str>>(tag: &TagUri<S>) -> Vec<TagLint> {
    let mut lints = Vec::new();
    if let Some(domain) = tag.domain() {
        let domain_start = tag.offsets.comma - domain.len();
        if let Some(at) = domain.bytes().position(|b| b.is_ascii_uppercase()) {
            lints.push(TagLint::UppercaseDomain {
                index: domain_start + at,
            });
        }
        if !domain.contains('.') {
            lints.push(TagLint::NotFullyQualified);
        }
    }
    let after_date = tag.offsets.colon + 1;
    if let Some(at) = tag.as_str()[after_date..].find('%') {
        lints.push(TagLint::PercentEncoding {
            index: after_date + at,
        });
    }
    lints
}

impl<S: AsRef<str>> TagUri<S> {
    /// What RFC 4151 advises against in this tag, or requires only in prose, in the order of
    /// the bytes they are found at. An empty list for a tag minted as the RFC recommends.
    ///
    /// ```
    /// use urn_tag::{TagLint, TagUri};
    ///
    /// assert_eq!(TagUri::parse("tag:yaml.org,2002:int")?.lints(), []);
    /// assert_eq!(TagUri::parse("tag:diveintomark-org,2003:x")?.lints(), [TagLint::NotFullyQualified]);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn lints(&self) -> Vec<TagLint> {
        lints(self)
    }
}
