//! The URN value: its text, the syntax it was parsed under, and where its parts lie.
//!
//! The other modules of `urn` add their own methods to [`Urn`] (classification, the
//! registry, equivalence, lints, the builder), so that this module imports none of them.

use alloc::borrow::{Cow, ToOwned};
use alloc::string::String;
use core::fmt;
use core::ops::Range;

use super::prose;
use super::recognize::{self, Offsets};
use crate::error::{ParseError, Part};
use crate::namespace::KeptCheck;
use crate::syntax::{SCHEME_LEN, UrnSyntax};

/// A Uniform Resource Name, checked against one of the URN syntaxes.
///
/// A `Urn` holds its text exactly as it was given and knows where each part lies; the
/// accessors borrow from it without copying or parsing again. The text is a `String` (the
/// default, from [`Urn::parse`]) or a borrowed `&str` (from [`Urn::parse_borrowed`], which
/// copies nothing):
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
///
/// let line = String::from("urn:isbn:0451450523");
/// let borrowed: Urn<&str> = Urn::parse_borrowed(&line)?;
/// assert_eq!(borrowed.nss(), "0451450523");
/// assert_eq!(borrowed, Urn::parse(&line)?);
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
///
/// # Equality
///
/// `Eq`, `Ord` and `Hash` compare the exact text, as `url`, `fluent-uri` and `semver` do, so
/// `URN:example:a` and `urn:example:a` are different values (and print differently with
/// `{:?}`), whatever the syntax each was parsed under. The `urn` crate made the opposite
/// choice; here the RFC's looser URN-equivalence is never applied behind your back: it is
/// [`Urn::equivalent`], with [`Urn::equivalence_key`] for hash maps.
#[derive(Clone, Copy)]
pub struct Urn<S = String> {
    pub(super) text: S,
    pub(super) syntax: UrnSyntax,
    pub(super) offsets: Offsets,
    /// What a parse that checked the namespace found there ([`Urn::check_namespace`] gives it
    /// back); two bytes, in what would otherwise be padding.
    pub(crate) namespace: KeptCheck,
}

impl Urn {
    /// Parses an RFC 8141 URN, copying it.
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
        Urn::parse_with(input, UrnSyntax::Rfc8141)
    }

    /// Parses a URN under `syntax`, copying it.
    ///
    /// ```
    /// use urn_tag::{ParseErrorKind, Urn, UrnSyntax};
    ///
    /// let urn = Urn::parse_with("urn:ietf:rfc:2141?version=1997", UrnSyntax::Rfc2141bis)?;
    /// assert_eq!(urn.query(), Some("version=1997"));
    ///
    /// let err = Urn::parse_with("urn:urn:x", UrnSyntax::Rfc2141).unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::ReservedNid(UrnSyntax::Rfc2141));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_with(input: &str, syntax: UrnSyntax) -> Result<Urn, ParseError> {
        Urn::parse_borrowed_with(input, syntax).map(Urn::into_owned)
    }

    /// Parses an owned string under `syntax`, keeping its buffer.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let urn = Urn::parse_owned_with(String::from("urn:example:a"), UrnSyntax::Rfc8141)?;
    /// assert_eq!(urn.nss(), "a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_owned_with(input: String, syntax: UrnSyntax) -> Result<Urn, ParseError> {
        let offsets = Urn::parse_borrowed_with(&input, syntax)?.offsets;
        Ok(Urn {
            text: input,
            syntax,
            offsets,
            namespace: KeptCheck::NotAsked,
        })
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
        self.text
    }

    /// A `Urn<&str>` that borrows this URN's text.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let owned = Urn::parse("urn:example:a")?;
    /// let borrowed: Urn<&str> = owned.borrowed();
    /// assert_eq!(borrowed, owned);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn borrowed(&self) -> Urn<&str> {
        Urn {
            text: &self.text,
            syntax: self.syntax,
            offsets: self.offsets,
            namespace: self.namespace,
        }
    }
}

impl<'a> Urn<&'a str> {
    /// Parses an RFC 8141 URN without copying it: the value borrows `input`, and parsing a
    /// valid URN allocates nothing.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let text = "urn:ietf:rfc:8141";
    /// let urn = Urn::parse_borrowed(text)?;
    /// assert_eq!((urn.nid(), urn.nss()), ("ietf", "rfc:8141"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_borrowed(input: &'a str) -> Result<Urn<&'a str>, ParseError> {
        Urn::parse_borrowed_with(input, UrnSyntax::Rfc8141)
    }

    /// Parses a URN under `syntax` without copying it.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let urn = Urn::parse_borrowed_with("urn:a:b", UrnSyntax::Rfc2141)?;
    /// assert_eq!(urn.nid(), "a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_borrowed_with(
        input: &'a str,
        syntax: UrnSyntax,
    ) -> Result<Urn<&'a str>, ParseError> {
        let offsets = check(input, syntax)?;
        Ok(Urn {
            text: input,
            syntax,
            offsets,
            namespace: KeptCheck::NotAsked,
        })
    }

    /// Whether `input` is a URN under `syntax`: exactly when [`Urn::parse_borrowed_with`]
    /// succeeds, with neither the value nor, for an invalid input, the error built. Saying
    /// where and why an input is invalid runs the grammar a second time, so this is the way to
    /// ask only whether, over many inputs.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// assert!(Urn::is_valid_with("urn:ietf:rfc:8141", UrnSyntax::Rfc8141));
    /// assert!(!Urn::is_valid_with("urn:ietf", UrnSyntax::Rfc8141));
    /// // The NID "urn" is reserved by RFC 2141's prose, not by its grammar.
    /// assert!(!Urn::is_valid_with("urn:urn:x", UrnSyntax::Rfc2141));
    /// ```
    pub fn is_valid_with(input: &str, syntax: UrnSyntax) -> bool {
        is_valid_bytes(input.as_bytes(), syntax)
    }

    /// A `Urn` that owns a copy of the text.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let owned: Urn = Urn::parse_borrowed("urn:example:a")?.into_owned();
    /// assert_eq!(owned.as_str(), "urn:example:a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Urn {
        Urn {
            text: self.text.to_owned(),
            syntax: self.syntax,
            offsets: self.offsets,
            namespace: self.namespace,
        }
    }
}

impl<S: AsRef<str>> Urn<S> {
    /// The whole URN, exactly as parsed.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("URN:Example:a")?.as_str(), "URN:Example:a");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.text.as_ref()
    }

    /// The syntax the URN was parsed under.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// assert_eq!(Urn::parse("urn:example:a")?.syntax(), UrnSyntax::Rfc8141);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn syntax(&self) -> UrnSyntax {
        self.syntax
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
        &self.as_str()[SCHEME_LEN..self.offsets.nid_end]
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
        &self.as_str()[self.nss_range()]
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
        &self.as_str()[..self.nss_range().end]
    }

    /// The RFC 8141 r-component (after `?+`), if present. `None` under other syntaxes.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk")?;
    /// assert_eq!(urn.r_component(), Some("CCResolve:cc=uk"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn r_component(&self) -> Option<&str> {
        self.r_range().map(|range| &self.as_str()[range])
    }

    /// The RFC 8141 q-component (after `?=`), if present. `None` under other syntaxes.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:a?=q?+x")?.q_component(), Some("q?+x"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn q_component(&self) -> Option<&str> {
        match self.syntax {
            UrnSyntax::Rfc8141 => self.q_range().map(|range| &self.as_str()[range]),
            UrnSyntax::Rfc2141 | UrnSyntax::Rfc2141bis => None,
        }
    }

    /// The RFC 8141 f-component (after `#`), if present, possibly empty. `None` under other
    /// syntaxes.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:a#")?.f_component(), Some(""));
    /// assert_eq!(Urn::parse("urn:example:a")?.f_component(), None);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn f_component(&self) -> Option<&str> {
        match self.syntax {
            UrnSyntax::Rfc8141 => self.f_range().map(|range| &self.as_str()[range]),
            UrnSyntax::Rfc2141 | UrnSyntax::Rfc2141bis => None,
        }
    }

    /// The 2011 draft's query (after `?`), if present, possibly empty. `None` under other
    /// syntaxes.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let urn = Urn::parse_with("urn:example:a?", UrnSyntax::Rfc2141bis)?;
    /// assert_eq!(urn.query(), Some(""));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        match self.syntax {
            UrnSyntax::Rfc2141bis => self.q_range().map(|range| &self.as_str()[range]),
            UrnSyntax::Rfc8141 | UrnSyntax::Rfc2141 => None,
        }
    }

    /// The 2011 draft's fragment (after `#`), if present, possibly empty. `None` under other
    /// syntaxes.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let urn = Urn::parse_with("urn:example:a#part", UrnSyntax::Rfc2141bis)?;
    /// assert_eq!(urn.fragment(), Some("part"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        match self.syntax {
            UrnSyntax::Rfc2141bis => self.f_range().map(|range| &self.as_str()[range]),
            UrnSyntax::Rfc8141 | UrnSyntax::Rfc2141 => None,
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
        let (q, f) = match self.syntax {
            UrnSyntax::Rfc2141bis => (Part::Query, Part::Fragment),
            UrnSyntax::Rfc8141 | UrnSyntax::Rfc2141 => (Part::QComponent, Part::FComponent),
        };
        [
            Some((Part::Scheme, 0..SCHEME_LEN - 1)),
            Some((Part::Nid, SCHEME_LEN..self.offsets.nid_end)),
            Some((Part::Nss, self.nss_range())),
            self.r_range().map(|range| (Part::RComponent, range)),
            self.q_range().map(|range| (q, range)),
            self.f_range().map(|range| (f, range)),
        ]
        .into_iter()
        .flatten()
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
        crate::percent::decode_for_display(self.as_str())
    }

    /// The NSS's range: after the NID's colon, to the first component's delimiter or the end.
    fn nss_range(&self) -> Range<usize> {
        let Offsets {
            nid_end,
            r_start,
            q_start,
            f_start,
        } = self.offsets;
        let q_delimiter = match self.syntax {
            UrnSyntax::Rfc8141 => "?=".len(),
            UrnSyntax::Rfc2141 | UrnSyntax::Rfc2141bis => "?".len(),
        };
        let end = match (r_start, q_start, f_start) {
            (Some(r), _, _) => r.get() - "?+".len(),
            (None, Some(q), _) => q.get() - q_delimiter,
            (None, None, Some(f)) => f.get() - "#".len(),
            (None, None, None) => self.as_str().len(),
        };
        nid_end + 1..end
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
            (Some(q), _) => q.get() - "?=".len(),
            (None, Some(f)) => f.get() - "#".len(),
            (None, None) => self.as_str().len(),
        };
        r_start.map(|start| start.get()..end)
    }

    /// The RFC 8141 q-component's or the draft query's range: to the "#" or the end.
    fn q_range(&self) -> Option<Range<usize>> {
        let Offsets {
            q_start, f_start, ..
        } = self.offsets;
        let end = f_start.map_or(self.as_str().len(), |f| f.get() - "#".len());
        q_start.map(|start| start.get()..end)
    }

    /// The RFC 8141 f-component's or the draft fragment's range: to the end.
    fn f_range(&self) -> Option<Range<usize>> {
        let end = self.as_str().len();
        self.offsets.f_start.map(|start| start.get()..end)
    }
}

/// Recognizes `input` and applies the rules the grammar cannot state.
///
/// Inlined into its one caller, so that the offsets are not returned through memory: the
/// caller's wide loads of them stalled on the narrow stores that wrote them.
#[inline(always)]
fn check(input: &str, syntax: UrnSyntax) -> Result<Offsets, ParseError> {
    let offsets = recognize::recognize(input, syntax)?;
    prose::check(input.as_bytes(), syntax, &offsets)?;
    Ok(offsets)
}

/// Whether `input` is a URN under `syntax`, for [`Urn::is_valid_with`] and for bytes that need
/// not be UTF-8 ([`Identifier::is_valid_bytes_with`](crate::Identifier::is_valid_bytes_with)):
/// the grammar reads bytes, and what it leaves to Rust reads them too.
#[inline(always)]
pub(crate) fn is_valid_bytes(input: &[u8], syntax: UrnSyntax) -> bool {
    recognize::accepts(input, syntax)
        .is_some_and(|offsets| prose::check(input, syntax, &offsets).is_ok())
}

/// Shows the exact text first, so that values that are not `==` never print alike, then the
/// syntax and the parts.
impl<S: AsRef<str>> fmt::Debug for Urn<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Urn");
        debug
            .field("text", &self.as_str())
            .field("syntax", &self.syntax)
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
    UrnSyntax::Rfc8141
));
