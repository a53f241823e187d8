//! SHOULD-level findings on a valid URN: things the RFCs advise against without making the
//! URN invalid.

use alloc::vec::Vec;
use core::fmt;

use super::nid::{NidClass, Reservation};
use super::registry;
use super::value::Urn;
use crate::chars;
use crate::namespace::{NamespaceCheck, NamespaceError};
use crate::syntax::UrnSyntax;

/// A finding on a valid URN: what the RFCs advise against, with the clause that does.
///
/// `Eq` compares the lint and what it holds.
///
/// ```
/// use urn_tag::Urn;
/// use urn_tag::UrnLint;
///
/// let urn = Urn::parse("urn:example:caf%c3%a9?+resolver")?;
/// assert_eq!(
///     urn.lints(),
///     [
///         UrnLint::RComponent,
///         UrnLint::ExampleNid,
///         UrnLint::LowercaseHex { index: 15 },
///         UrnLint::NonAsciiNss { index: 15 },
///     ]
/// );
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrnLint {
    /// An r-component (RFC 8141 §2.3.1: "r-components SHOULD NOT be used for URNs before
    /// their semantics have been standardized").
    RComponent,
    /// A formal or informal NID missing from the IANA registry snapshot (RFC 8141 §1: the NID
    /// "needs to be registered").
    UnregisteredNid,
    /// An experimental `X-` NID (RFC 8141 Appendix C: such strings "are not valid URNs").
    ExperimentalNid,
    /// A NID of a reserved form, which no namespace can be registered under.
    ReservedNid(Reservation),
    /// The `example` NID (RFC 6963 §3.6: "NOT RECOMMENDED ... for any purposes other than
    /// documentation, private testing, and truly experimental contexts").
    ExampleNid,
    /// A percent-encoded letter, digit, `-`, `.`, `_` or (outside RFC 2141) `~`, which never
    /// need encoding (RFC 2141 §2.3.1: "a character MUST NOT be "%"-encoded if the character
    /// is not a reserved character"; RFC 3986 §2.3). Reported at the first one.
    UnneededPercentEncoding {
        /// Index of the `%`.
        index: usize,
    },
    /// Lower-case hexadecimal digits in a percent-encoding (RFC 3986 §2.1: "URI producers and
    /// normalizers should use uppercase hexadecimal digits"). Reported at the first one.
    LowercaseHex {
        /// Index of the `%`.
        index: usize,
    },
    /// An NSS whose octets, decoded, fall outside ASCII (RFC 8141 §2.2: URN namespaces
    /// "SHOULD NOT allow characters outside the ASCII range"). Reported at the first one.
    NonAsciiNss {
        /// Index of the `%`.
        index: usize,
    },
    /// An NSS that breaks the grammar or a prose rule of its namespace (RFC 8141 §1: the NSS
    /// must be "generated in accordance with the rules for the registered URN namespace");
    /// see [`Urn::check_namespace`], and `Syntax::with_namespaces` to make it an error.
    Namespace(NamespaceError),
    /// What the namespace's registration advises against, or leaves to assignments that it
    /// does not close (a UUID version RFC 9562 does not define, an ISBN-10 that should become
    /// an ISBN-13, an IETF sub-namespace that is not registered).
    NamespaceAdvice {
        /// Index of the offending item.
        index: usize,
        /// The advice, naming its registration.
        advice: &'static str,
    },
}

impl UrnLint {
    /// A short name for the finding, as in JSON: `r-component`, `unregistered-nid`, ...
    ///
    /// ```
    /// assert_eq!(urn_tag::UrnLint::LowercaseHex { index: 3 }.name(), "lowercase-hex");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            UrnLint::RComponent => "r-component",
            UrnLint::UnregisteredNid => "unregistered-nid",
            UrnLint::ExperimentalNid => "experimental-nid",
            UrnLint::ReservedNid(_) => "reserved-nid",
            UrnLint::ExampleNid => "example-nid",
            UrnLint::UnneededPercentEncoding { .. } => "unneeded-percent-encoding",
            UrnLint::LowercaseHex { .. } => "lowercase-hex",
            UrnLint::NonAsciiNss { .. } => "non-ascii-nss",
            UrnLint::Namespace(_) => "namespace",
            UrnLint::NamespaceAdvice { .. } => "namespace-advice",
        }
    }

    /// The byte index the finding is about, for findings about one place.
    ///
    /// ```
    /// use urn_tag::UrnLint;
    ///
    /// assert_eq!(UrnLint::LowercaseHex { index: 3 }.index(), Some(3));
    /// assert_eq!(UrnLint::RComponent.index(), None);
    /// ```
    pub fn index(self) -> Option<usize> {
        match self {
            UrnLint::UnneededPercentEncoding { index }
            | UrnLint::LowercaseHex { index }
            | UrnLint::NonAsciiNss { index }
            | UrnLint::NamespaceAdvice { index, .. } => Some(index),
            UrnLint::Namespace(error) => Some(error.index()),
            _ => None,
        }
    }

    /// The clause that advises against it (for a namespace's rules, the grammar file that
    /// transcribes its registration).
    ///
    /// ```
    /// assert_eq!(urn_tag::UrnLint::RComponent.clause(), "RFC 8141 §2.3.1");
    /// ```
    pub fn clause(self) -> &'static str {
        match self {
            UrnLint::RComponent => "RFC 8141 §2.3.1",
            UrnLint::UnregisteredNid => "RFC 8141 §1",
            UrnLint::ExperimentalNid => "RFC 8141 Appendix C",
            UrnLint::ReservedNid(Reservation::MalformedInformal) => "RFC 8141 §5.1, §5.2",
            UrnLint::ReservedNid(_) => "RFC 8141 §5.1",
            UrnLint::ExampleNid => "RFC 6963 §3.6",
            UrnLint::UnneededPercentEncoding { .. } => "RFC 2141 §2.3.1, RFC 3986 §2.3",
            UrnLint::LowercaseHex { .. } => "RFC 3986 §2.1",
            UrnLint::NonAsciiNss { .. } => "RFC 8141 §2.2",
            UrnLint::Namespace(error) => error.namespace().grammar_file(),
            UrnLint::NamespaceAdvice { .. } => "RFC 8141 §1",
        }
    }
}

impl fmt::Display for UrnLint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            UrnLint::Namespace(error) => return write!(f, "{error}"),
            UrnLint::NamespaceAdvice { index, advice } => {
                return write!(f, "{advice} at byte {index}");
            }
            UrnLint::RComponent => "r-component present; its semantics are not standardized",
            UrnLint::UnregisteredNid => "NID not in the IANA registry",
            UrnLint::ExperimentalNid => "experimental X- NID",
            UrnLint::ReservedNid(_) => "NID of a reserved form",
            UrnLint::ExampleNid => "example NID, for documentation and tests only",
            UrnLint::UnneededPercentEncoding { .. } => {
                "percent-encoding of a character that needs none"
            }
            UrnLint::LowercaseHex { .. } => "lower-case hexadecimal digits in a percent-encoding",
            UrnLint::NonAsciiNss { .. } => "NSS holds characters outside ASCII",
        };
        write!(f, "{what} ({})", self.clause())?;
        match self.index() {
            Some(index) => write!(f, " at byte {index}"),
            None => Ok(()),
        }
    }
}

/// The findings on `urn`, in a fixed order: r-component, NID, percent-encodings, then the
/// namespace's rules.
pub(super) fn lints<S: AsRef<str>>(urn: &Urn<S>) -> Vec<UrnLint> {
    let mut found = rfc_lints(urn);
    // The verdict a parse that checked the namespace kept, or the check made here.
    match urn.check_namespace() {
        NamespaceCheck::Invalid(error) => found.push(UrnLint::Namespace(error)),
        NamespaceCheck::Valid(namespace) => found.extend(
            namespace
                .advice(urn.nss(), urn.nss_start())
                .into_iter()
                .map(|(index, advice)| UrnLint::NamespaceAdvice { index, advice }),
        ),
        NamespaceCheck::NoSpecificSyntax { .. } | NamespaceCheck::NotChecked => {}
    }
    found
}

/// The findings of the RFCs alone on `urn`: r-component, NID, percent-encodings.
pub(super) fn rfc_lints<S: AsRef<str>>(urn: &Urn<S>) -> Vec<UrnLint> {
    let mut found = Vec::new();
    if urn.r_component().is_some() {
        found.push(UrnLint::RComponent);
    }
    match urn.nid_class() {
        NidClass::Experimental => found.push(UrnLint::ExperimentalNid),
        NidClass::Reserved(reservation) => found.push(UrnLint::ReservedNid(reservation)),
        NidClass::Formal | NidClass::Informal { .. } if registry::lookup(urn.nid()).is_none() => {
            found.push(UrnLint::UnregisteredNid);
        }
        _ if urn.nid().eq_ignore_ascii_case("example") => found.push(UrnLint::ExampleNid),
        _ => {}
    }
    let text = urn.as_str().as_bytes();
    let nss_start = urn.assigned_name().len() - urn.nss().len();
    // Most URNs hold no percent-encoding: one word-wise look says so.
    if !chars::has_percent(&text[nss_start..]) {
        return found;
    }
    let nss_end = nss_start + urn.nss().len();
    let unneeded = |octet: u8| {
        octet.is_ascii_alphanumeric()
            || matches!(octet, b'-' | b'.' | b'_')
            || (octet == b'~' && urn.syntax() != UrnSyntax::Rfc2141)
    };
    let (mut first_unneeded, mut first_lowercase, mut first_non_ascii) = (None, None, None);
    for index in (nss_start..text.len()).filter(|&i| text[i] == b'%') {
        let digits = &text[index + 1..index + 3];
        // The grammar has checked that every '%' starts a triplet.
        let octet = chars::triplet(text, index).unwrap_or_default();
        if unneeded(octet) {
            first_unneeded.get_or_insert(index);
        }
        if digits.iter().any(u8::is_ascii_lowercase) {
            first_lowercase.get_or_insert(index);
        }
        if octet >= 0x80 && index < nss_end {
            first_non_ascii.get_or_insert(index);
        }
    }
    found.extend(first_unneeded.map(|index| UrnLint::UnneededPercentEncoding { index }));
    found.extend(first_lowercase.map(|index| UrnLint::LowercaseHex { index }));
    found.extend(first_non_ascii.map(|index| UrnLint::NonAsciiNss { index }));
    found
}

impl<S: AsRef<str>> Urn<S> {
    /// What the RFCs advise against in this URN, without making it invalid: an r-component,
    /// an unregistered, experimental, reserved or example NID, needless or lower-case
    /// percent-encoding, characters outside ASCII in the NSS. See [`UrnLint`].
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert!(Urn::parse("urn:isbn:9780451450524")?.lints().is_empty());
    /// assert_eq!(Urn::parse("urn:doi:%310.1000/182")?.lints()[0].to_string(),
    ///     "percent-encoding of a character that needs none (RFC 2141 §2.3.1, RFC 3986 §2.3) at byte 8");
    /// // What the namespace's registration forbids or advises against comes last.
    /// assert_eq!(Urn::parse("urn:isbn:0451450523")?.lints()[0].to_string(),
    ///     "an ISBN-10 should be converted to a 13 digit number (urn:isbn registration) at byte 9");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn lints(&self) -> Vec<UrnLint> {
        lints(self)
    }

    /// The lints of [`lints`](Self::lints) that the RFCs give, without those of the
    /// namespace's registration: no namespace grammar runs, so it costs only a look at the NID
    /// and the percent-encodings (what `urn-tag check --json` lists without `--namespaces`).
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let isbn10 = Urn::parse("urn:isbn:0451450523")?;
    /// assert!(isbn10.rfc_lints().is_empty());
    /// assert_eq!(isbn10.lints().len(), 1);
    /// assert_eq!(Urn::parse("urn:isbn:0451450523?+r")?.rfc_lints()[0].name(), "r-component");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn rfc_lints(&self) -> Vec<UrnLint> {
        rfc_lints(self)
    }
}
