//! Uniform Resource Names: RFC 8141, RFC 2141 and the 2011 URNbis draft.
//!
//! [`Urn`] is the value; [`Spec`] chooses the syntax. Around it: [`NidClass`] and the
//! [`registry`] say what kind of namespace a NID names and whether IANA lists it;
//! [`Equivalence`] and [`EquivalenceKey`] compare URNs the RFC way; [`UrnBuilder`] makes a
//! URN from its parts; [`Lint`] lists what the RFCs advise against in a valid URN.
//!
//! ```
//! use urn_tag::urn::{Lint, NidClass};
//! use urn_tag::Urn;
//!
//! let urn = Urn::parse("urn:X-private:a?+r")?;
//! assert_eq!(urn.nid_class(), NidClass::Experimental);
//! assert_eq!(urn.lints(), [Lint::RComponent, Lint::ExperimentalNid]);
//! # Ok::<(), urn_tag::ParseError>(())
//! ```

mod builder;
mod component;
mod diagnose;
mod equivalence;
mod lint;
mod nid;
mod recognize;
pub mod registry;

use alloc::borrow::{Cow, ToOwned};
use alloc::string::String;
use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use crate::error::{ErrorKind, ParseError, Part};
pub use builder::UrnBuilder;
pub(crate) use component::Component;
pub(crate) use diagnose::longest_valid_prefix;
pub use equivalence::{Equivalence, EquivalenceKey, NamespaceRule};
pub use lint::Lint;
pub use nid::{NidClass, Reservation};
use recognize::Offsets;

/// The URN specification whose syntax a value is parsed under.
///
/// ```
/// use urn_tag::{Spec, Urn};
///
/// // RFC 2141 reserves "/" in the NSS; RFC 8141 allows it.
/// assert!(Urn::parse_with("urn:example:a/b", Spec::Rfc8141).is_ok());
/// assert!(Urn::parse_with("urn:example:a/b", Spec::Rfc2141).is_err());
/// assert_eq!("rfc2141bis".parse::<Spec>(), Ok(Spec::Rfc2141bis));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Spec {
    /// RFC 8141 (2017), the current standard: `urn:NID:NSS` with optional `?+r`, `?=q` and
    /// `#f` components, NIDs of 2 to 32 characters that neither start nor end with `-`.
    #[default]
    Rfc8141,
    /// RFC 2141 (1997): `urn:NID:NSS` only, NIDs of 1 to 32 characters, no `/ ? # & ~` in the
    /// NSS, the NID `urn` and `%00` forbidden.
    Rfc2141,
    /// draft-ietf-urnbis-rfc2141bis-urn-01 (2011): `urn:NID:NSS` with an RFC 3986 `?query`
    /// and `#fragment`, an NSS of `pchar` (adding `&` and `~`, but no `/`), the NID `urn` and
    /// `%00` forbidden.
    Rfc2141bis,
}

impl Spec {
    /// Every specification, the default (RFC 8141) first.
    ///
    /// ```
    /// use urn_tag::{Spec, Urn};
    ///
    /// let accepted: Vec<Spec> = Spec::ALL.into_iter().filter(|&s| Urn::parse_with("urn:a:b", s).is_ok()).collect();
    /// assert_eq!(accepted, [Spec::Rfc2141]);
    /// ```
    pub const ALL: [Spec; 3] = [Spec::Rfc8141, Spec::Rfc2141, Spec::Rfc2141bis];

    /// The short name used on the command line and in JSON: `rfc8141`, `rfc2141` or
    /// `rfc2141bis`.
    ///
    /// ```
    /// use urn_tag::Spec;
    ///
    /// assert_eq!(Spec::Rfc8141.name(), "rfc8141");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Spec::Rfc8141 => "rfc8141",
            Spec::Rfc2141 => "rfc2141",
            Spec::Rfc2141bis => "rfc2141bis",
        }
    }

    /// The title of the document, as cited in error messages.
    ///
    /// ```
    /// use urn_tag::Spec;
    ///
    /// assert_eq!(Spec::Rfc2141bis.document(), "draft-ietf-urnbis-rfc2141bis-urn-01");
    /// ```
    pub const fn document(self) -> &'static str {
        match self {
            Spec::Rfc8141 => "RFC 8141",
            Spec::Rfc2141 => "RFC 2141",
            Spec::Rfc2141bis => "draft-ietf-urnbis-rfc2141bis-urn-01",
        }
    }

    /// Whether the spec reserves the NID "urn" (RFC 2141 §2.1, draft §2.1).
    pub(crate) const fn reserves_urn_nid(self) -> bool {
        !matches!(self, Spec::Rfc8141)
    }

    /// Whether the spec forbids the NUL octet, even as `%00` (RFC 2141 §2.4, draft §2.3.3).
    pub(crate) const fn forbids_nul(self) -> bool {
        !matches!(self, Spec::Rfc8141)
    }

    /// The section that forbids `%00` (RFC 2141 §2.4, draft §2.3.3).
    pub(crate) const fn nul_section(self) -> &'static str {
        match self {
            Spec::Rfc2141 => "2.4",
            Spec::Rfc8141 | Spec::Rfc2141bis => "2.3.3",
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Spec`] from a name other than `rfc8141`, `rfc2141` or
/// `rfc2141bis`.
///
/// ```
/// use urn_tag::Spec;
///
/// let err = "rfc3986".parse::<Spec>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown URN spec (expected rfc8141, rfc2141 or rfc2141bis)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown URN spec (expected rfc8141, rfc2141 or rfc2141bis)")]
pub struct UnknownSpec;

impl FromStr for Spec {
    type Err = UnknownSpec;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Spec::ALL
            .into_iter()
            .find(|spec| spec.name().eq_ignore_ascii_case(name))
            .ok_or(UnknownSpec)
    }
}

/// A Uniform Resource Name, checked against one of the URN specifications.
///
/// A `Urn` owns its text exactly as it was given and knows where each part lies; the
/// accessors borrow from it without copying or parsing again.
///
/// ```
/// use urn_tag::Urn;
///
/// let urn = Urn::parse("urn:example:weather?=op=map#day2")?;
/// assert_eq!(urn.nid(), "example");
/// assert_eq!(urn.nss(), "weather");
/// assert_eq!(urn.r_component(), None);
/// assert_eq!(urn.q_component(), Some("op=map"));
/// assert_eq!(urn.f_component(), Some("day2"));
/// assert_eq!(urn.to_string(), "urn:example:weather?=op=map#day2");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
///
/// # Equality
///
/// `Eq`, `Ord` and `Hash` compare the exact text, as `url`, `fluent-uri` and `semver` do, so
/// `URN:example:a` and `urn:example:a` are different values. The `urn` crate made the
/// opposite choice; here the RFC's looser URN-equivalence is never applied behind your back.
#[derive(Clone)]
pub struct Urn {
    serialization: String,
    spec: Spec,
    offsets: Offsets,
}

impl Urn {
    /// Parses an RFC 8141 URN.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::parse("urn:isbn:0451450523")?;
    /// assert_eq!(urn.nss(), "0451450523");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse(input: &str) -> Result<Urn, ParseError> {
        Urn::parse_with(input, Spec::Rfc8141)
    }

    /// Parses a URN under the syntax of `spec`.
    ///
    /// ```
    /// use urn_tag::{ErrorKind, Spec, Urn};
    ///
    /// let urn = Urn::parse_with("urn:ietf:rfc:2141?version=1997", Spec::Rfc2141bis)?;
    /// assert_eq!(urn.query(), Some("version=1997"));
    ///
    /// let err = Urn::parse_with("urn:urn:x", Spec::Rfc2141).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::ReservedNid(Spec::Rfc2141));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_with(input: &str, spec: Spec) -> Result<Urn, ParseError> {
        let offsets = check(input, spec)?;
        Ok(Urn {
            serialization: input.to_owned(),
            spec,
            offsets,
        })
    }

    /// Parses an owned string under the syntax of `spec`, keeping its buffer.
    ///
    /// ```
    /// use urn_tag::{Spec, Urn};
    ///
    /// let urn = Urn::parse_owned_with(String::from("urn:example:a"), Spec::Rfc8141)?;
    /// assert_eq!(urn.nss(), "a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_owned_with(input: String, spec: Spec) -> Result<Urn, ParseError> {
        let offsets = check(&input, spec)?;
        Ok(Urn {
            serialization: input,
            spec,
            offsets,
        })
    }

    /// The whole URN, exactly as parsed.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("URN:Example:a")?.as_str(), "URN:Example:a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// Gives the URN's text back, without copying.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let text: String = Urn::parse("urn:example:a")?.into_string();
    /// assert_eq!(text, "urn:example:a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The specification the URN was parsed under.
    ///
    /// ```
    /// use urn_tag::{Spec, Urn};
    ///
    /// assert_eq!(Urn::parse("urn:example:a")?.spec(), Spec::Rfc8141);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// The namespace identifier, as written.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:ISBN:0451450523")?.nid(), "ISBN");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn nid(&self) -> &str {
        &self.serialization[4..self.offsets.nid_end]
    }

    /// The namespace-specific string, as written (percent-encodings are not decoded).
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:a%2Cb?+r")?.nss(), "a%2Cb");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn nss(&self) -> &str {
        &self.serialization[self.offsets.nid_end + 1..self.assigned_name_end()]
    }

    /// The RFC 8141 assigned-name: `urn:NID:NSS`, without any component.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:a?=q#f")?.assigned_name(), "urn:example:a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn assigned_name(&self) -> &str {
        &self.serialization[..self.assigned_name_end()]
    }

    /// The RFC 8141 r-component (after `?+`), if present. `None` under other specs.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk")?;
    /// assert_eq!(urn.r_component(), Some("CCResolve:cc=uk"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn r_component(&self) -> Option<&str> {
        self.r_range().map(|range| &self.serialization[range])
    }

    /// The RFC 8141 q-component (after `?=`), if present. `None` under other specs.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:a?=q?+x")?.q_component(), Some("q?+x"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn q_component(&self) -> Option<&str> {
        match self.spec {
            Spec::Rfc8141 => self.q_range().map(|range| &self.serialization[range]),
            Spec::Rfc2141 | Spec::Rfc2141bis => None,
        }
    }

    /// The RFC 8141 f-component (after `#`), if present, possibly empty. `None` under other
    /// specs.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:a#")?.f_component(), Some(""));
    /// assert_eq!(Urn::parse("urn:example:a")?.f_component(), None);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn f_component(&self) -> Option<&str> {
        match self.spec {
            Spec::Rfc8141 => self.f_range().map(|range| &self.serialization[range]),
            Spec::Rfc2141 | Spec::Rfc2141bis => None,
        }
    }

    /// The 2011 draft's query (after `?`), if present, possibly empty. `None` under other
    /// specs.
    ///
    /// ```
    /// use urn_tag::{Spec, Urn};
    ///
    /// let urn = Urn::parse_with("urn:example:a?", Spec::Rfc2141bis)?;
    /// assert_eq!(urn.query(), Some(""));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        match self.spec {
            Spec::Rfc2141bis => self.q_range().map(|range| &self.serialization[range]),
            Spec::Rfc8141 | Spec::Rfc2141 => None,
        }
    }

    /// The 2011 draft's fragment (after `#`), if present, possibly empty. `None` under other
    /// specs.
    ///
    /// ```
    /// use urn_tag::{Spec, Urn};
    ///
    /// let urn = Urn::parse_with("urn:example:a#part", Spec::Rfc2141bis)?;
    /// assert_eq!(urn.fragment(), Some("part"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        match self.spec {
            Spec::Rfc2141bis => self.f_range().map(|range| &self.serialization[range]),
            Spec::Rfc8141 | Spec::Rfc2141 => None,
        }
    }

    /// Every part present, in order, with its byte range: the scheme (`urn`, without its
    /// colon), the NID, the NSS, then the components that are present (even when empty).
    ///
    /// ```
    /// use urn_tag::{Part, Urn};
    ///
    /// let urn = Urn::parse("urn:example:a?=q#")?;
    /// let parts: Vec<_> = urn.parts().collect();
    /// assert_eq!(
    ///     parts,
    ///     [(Part::Scheme, 0..3), (Part::Nid, 4..11), (Part::Nss, 12..13), (Part::QComponent, 15..16), (Part::FComponent, 17..17)]
    /// );
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn parts(&self) -> impl Iterator<Item = (Part, Range<usize>)> + '_ {
        let nid_end = self.offsets.nid_end;
        let (q, f) = match self.spec {
            Spec::Rfc2141bis => (Part::Query, Part::Fragment),
            _ => (Part::QComponent, Part::FComponent),
        };
        [
            Some((Part::Scheme, 0..3)),
            Some((Part::Nid, 4..nid_end)),
            Some((Part::Nss, nid_end + 1..self.assigned_name_end())),
            self.r_range().map(|range| (Part::RComponent, range)),
            self.q_range().map(|range| (q, range)),
            self.f_range().map(|range| (f, range)),
        ]
        .into_iter()
        .flatten()
    }

    /// The class of the NID (RFC 8141 §5): formal, informal, experimental or reserved.
    ///
    /// ```
    /// use urn_tag::Urn;
    /// use urn_tag::urn::NidClass;
    ///
    /// assert_eq!(Urn::parse("urn:isbn:0451450523")?.nid_class(), NidClass::Formal);
    /// assert_eq!(Urn::parse("urn:urn-7:x")?.nid_class(), NidClass::Informal { number: 7 });
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn nid_class(&self) -> NidClass {
        NidClass::of(self.nid())
    }

    /// The NID's entry in the IANA registry snapshot, if it has one.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert!(Urn::parse("urn:ISBN:0451450523")?.registration().is_some());
    /// assert!(Urn::parse("urn:unregistered:x")?.registration().is_none());
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn registration(&self) -> Option<&'static registry::Registration> {
        registry::lookup(self.nid())
    }

    /// The URN in case-normalized form (RFC 3986 §6.2.2.1, as RFC 8141 §3 and RFC 2141 §5
    /// apply it): `urn` and the NID in lower case, the hexadecimal digits of every
    /// percent-encoding in upper case. Percent-encodings are never decoded, and everything
    /// else, components included, is kept as written.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::parse("URN:Example:a%2cB?=x%3f")?;
    /// assert_eq!(urn.normalized().as_str(), "urn:example:a%2CB?=x%3F");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn normalized(&self) -> Urn {
        let mut text = String::with_capacity(self.serialization.len());
        text.push_str("urn:");
        text.extend(self.nid().chars().map(|c| c.to_ascii_lowercase()));
        equivalence::push_with_upper_hex(&mut text, &self.serialization[self.offsets.nid_end..]);
        // Case changes move no byte, so the offsets still hold.
        Urn {
            serialization: text,
            spec: self.spec,
            offsets: self.offsets,
        }
    }

    /// The key this URN is compared by under [`Equivalence::standard`]; URNs with equal keys
    /// are equivalent.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let key = Urn::parse("URN:EXAMPLE:a123%2cz456?+abc#789")?.equivalence_key();
    /// assert_eq!(key.as_str(), "urn:example:a123%2Cz456");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn equivalence_key(&self) -> EquivalenceKey {
        equivalence::STANDARD.key(self)
    }

    /// Whether this URN and `other` are equivalent: RFC 8141 §3 URN-equivalence (or RFC 2141
    /// §5 lexical equivalence, for URNs parsed under RFC 2141 or the draft) with the namespace
    /// rules of [`Equivalence::standard`].
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let a = Urn::parse("urn:example:a123,z456")?;
    /// assert!(a.equivalent(&Urn::parse("URN:example:a123,z456?+abc")?));
    /// assert!(!a.equivalent(&Urn::parse("urn:example:a123%2Cz456")?));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn equivalent(&self, other: &Urn) -> bool {
        equivalence::STANDARD.equivalent(self, other)
    }

    /// What the RFCs advise against in this URN, without making it invalid: an r-component,
    /// an unregistered, experimental, reserved or example NID, needless or lower-case
    /// percent-encoding, characters outside ASCII in the NSS. See [`Lint`].
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert!(Urn::parse("urn:isbn:0451450523")?.lints().is_empty());
    /// assert_eq!(Urn::parse("urn:isbn:%30451450523")?.lints()[0].to_string(),
    ///     "percent-encoding of a character that needs none (RFC 2141 §2.3.1, RFC 3986 §2.3) at byte 9");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn lints(&self) -> alloc::vec::Vec<Lint> {
        lint::lints(self)
    }

    /// The human-friendly form of the URN (RFC 8141 §4.4): percent-encoded UTF-8 shown as the
    /// characters it spells, where that cannot mislead; see [`percent::decode_for_display`].
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::parse("urn:example:%D0%B0123,z456")?;
    /// assert_eq!(urn.display_form(), "urn:example:а123,z456");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// [`percent::decode_for_display`]: crate::percent::decode_for_display
    pub fn display_form(&self) -> Cow<'_, str> {
        crate::percent::decode_for_display(&self.serialization)
    }

    /// The RFC 8141 r-component's range: to the "?=" of a q-component, the "#" of an
    /// f-component, or the end.
    fn r_range(&self) -> Option<Range<usize>> {
        let Offsets {
            r_start,
            q_start,
            f_start,
            ..
        } = self.offsets;
        let end = match (q_start, f_start) {
            (0, 0) => self.serialization.len(),
            (0, f) => f - 1,
            (q, _) => q - 2,
        };
        (r_start != 0).then_some(r_start..end)
    }

    /// The RFC 8141 q-component's or the draft query's range: to the "#" or the end.
    fn q_range(&self) -> Option<Range<usize>> {
        let Offsets {
            q_start, f_start, ..
        } = self.offsets;
        let end = match f_start {
            0 => self.serialization.len(),
            f => f - 1,
        };
        (q_start != 0).then_some(q_start..end)
    }

    /// The RFC 8141 f-component's or the draft fragment's range: to the end.
    fn f_range(&self) -> Option<Range<usize>> {
        let f_start = self.offsets.f_start;
        (f_start != 0).then_some(f_start..self.serialization.len())
    }

    /// The index just after the NSS: the first component's delimiter, or the end.
    fn assigned_name_end(&self) -> usize {
        let Offsets {
            r_start,
            q_start,
            f_start,
            ..
        } = self.offsets;
        let q_delimiter = match self.spec {
            Spec::Rfc8141 => 2,                    // "?="
            Spec::Rfc2141 | Spec::Rfc2141bis => 1, // "?"
        };
        match (r_start, q_start, f_start) {
            (0, 0, 0) => self.serialization.len(),
            (0, 0, f) => f - 1,
            (0, q, _) => q - q_delimiter,
            (r, _, _) => r - 2,
        }
    }
}

/// Recognizes `input` and applies the rules the grammar cannot state.
fn check(input: &str, spec: Spec) -> Result<Offsets, ParseError> {
    let offsets = recognize::recognize(input, spec)?;
    check_prose_rules(input, spec, &offsets)?;
    Ok(offsets)
}

/// The prose rules of RFC 2141 and the 2011 draft: the NID "urn" is reserved (RFC 2141 §2.1,
/// draft §2.1) and the NUL octet must not appear, not even as `%00` (RFC 2141 §2.4, draft
/// §2.3.3). RFC 8141 has neither rule.
fn check_prose_rules(input: &str, spec: Spec, offsets: &Offsets) -> Result<(), ParseError> {
    if spec.reserves_urn_nid() && input[4..offsets.nid_end].eq_ignore_ascii_case("urn") {
        return Err(ParseError::new(ErrorKind::ReservedNid(spec), 4));
    }
    if !spec.forbids_nul() {
        return Ok(());
    }
    let bytes = input.as_bytes();
    // The grammar has already checked that every '%' starts a well-formed escape.
    let nul = (offsets.nid_end + 1..bytes.len().saturating_sub(2))
        .find(|&i| bytes[i] == b'%' && bytes[i + 1] == b'0' && bytes[i + 2] == b'0');
    match nul {
        None => Ok(()),
        Some(i) => {
            let part = if offsets.f_start != 0 && i >= offsets.f_start {
                Part::Fragment
            } else if offsets.q_start != 0 && i >= offsets.q_start {
                Part::Query
            } else {
                Part::Nss
            };
            Err(ParseError::new(ErrorKind::NulOctet { part, spec }, i))
        }
    }
}

impl fmt::Debug for Urn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Urn");
        debug
            .field("spec", &self.spec)
            .field("nid", &self.nid())
            .field("nss", &self.nss());
        let components = [
            ("r_component", self.r_component()),
            ("q_component", self.q_component()),
            ("f_component", self.f_component()),
            ("query", self.query()),
            ("fragment", self.fragment()),
        ];
        for (name, value) in components {
            if let Some(value) = value {
                debug.field(name, &value);
            }
        }
        debug.finish()
    }
}

crate::text::text_value!(Urn, "an RFC 8141 URN", |input| Urn::parse_owned_with(
    input,
    Spec::Rfc8141
));

#[cfg(test)]
mod tests {
    use super::*;

    /// The diagnosis must find an error exactly when the recognizer (the grammar plus the
    /// NID bound) rejects; checked here on a dense set of short inputs over the characters
    /// that matter, and on NIDs around the bound.
    #[test]
    fn diagnosis_agrees_with_recognizer() {
        let alphabet = [
            "a", "-", ":", "/", "?", "+", "=", "#", "%", "0", "~", "&", " ", "é",
        ];
        let prefixes = [
            "urn:",
            "urn:ab:",
            "urn:ab:c",
            "urn:ab:c?+r",
            "urn:ab:c?=q",
            "u",
        ];
        let mut inputs = alloc::vec::Vec::new();
        for prefix in prefixes {
            // Every tail of up to three characters from the alphabet.
            let mut level = alloc::vec![String::new()];
            inputs.push(String::from(prefix));
            for _ in 0..3 {
                level = level
                    .iter()
                    .flat_map(|tail| alphabet.iter().map(move |c| alloc::format!("{tail}{c}")))
                    .collect();
                inputs.extend(level.iter().map(|tail| alloc::format!("{prefix}{tail}")));
            }
        }
        for len in 29..36 {
            for last in ["a", "-", "a-", "-a"] {
                let nid: String = "a".repeat(len);
                inputs.push(alloc::format!("urn:{nid}{last}:x"));
            }
        }
        assert!(inputs.len() > 15_000);
        for input in &inputs {
            for spec in Spec::ALL {
                let recognized = recognize::recognize(input, spec);
                let diagnosis = diagnose::first_syntax_error(input, spec);
                assert_eq!(recognized.err(), diagnosis, "{spec} {input:?}");
            }
        }
    }
}
