//! The tag value: its text, the syntax it was parsed under, its date, and where its parts
//! lie.
//!
//! The other modules of `tag` add their own methods to [`TagUri`] (lints, minting), so that
//! this module imports none of them.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::num::NonZeroUsize;
use core::ops::Range;

use super::authority::{AuthorityKind, AuthorityRule};
use super::date::TagDate;
use super::prose;
use super::recognize::{self, Offsets};
use crate::error::{ParseError, Part};
use crate::syntax::{SCHEME_LEN, TagSyntax};

/// A tag URI (RFC 4151): `tag:` authority `,` date `:` specific, and an optional `#fragment`.
///
/// A `TagUri` holds its text exactly as it was given and knows where each part lies; the
/// accessors borrow from it without copying or parsing again. The text is a `String` (the
/// default, from [`TagUri::parse`]) or a borrowed `&str` (from [`TagUri::parse_borrowed`],
/// which copies nothing).
///
/// ```
/// use urn_tag::{TagDate, TagUri};
/// use urn_tag::tag::AuthorityKind;
///
/// let tag = TagUri::parse("tag:timothy@hpl.hp.com,2001:web/externalHome")?;
/// assert_eq!(tag.authority(), "timothy@hpl.hp.com");
/// assert_eq!(tag.authority_kind(), AuthorityKind::Email);
/// assert_eq!(tag.local_part(), Some("timothy"));
/// assert_eq!(tag.domain(), Some("hpl.hp.com"));
/// assert_eq!(tag.date_as_written(), "2001");
/// assert_eq!(tag.date(), TagDate::new(2001, 1, 1).unwrap());
/// assert_eq!(tag.specific(), "web/externalHome");
/// assert_eq!(tag.fragment(), None);
/// assert_eq!(tag.to_string(), "tag:timothy@hpl.hp.com,2001:web/externalHome");
/// # Ok::<(), urn_tag::ParseError>(())
/// ```
///
/// # Equality
///
/// `Eq`, `Ord` and `Hash` compare the exact text, which is what RFC 4151 §2.4 prescribes:
/// tags "are considered equal if and only if they are completely indistinguishable in their
/// machine representations". So `tag:example.com,2000:` and `tag:example.com,2000-01-01:`
/// differ, though they name the same day, and so do `tag:EXAMPLE.com,2000:` and
/// `tag:example.com,2000:`; and they print differently with `{:?}`.
#[derive(Clone, Copy)]
pub struct TagUri<S = String> {
    pub(super) text: S,
    pub(super) syntax: TagSyntax,
    pub(super) date: TagDate,
    pub(super) offsets: Offsets,
}

impl TagUri {
    /// Parses a tag under the ABNF of RFC 4151, copying it.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let tag = TagUri::parse("tag:yaml.org,2002:int")?;
    /// assert_eq!(tag.specific(), "int");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse(input: &str) -> Result<TagUri, ParseError> {
        TagUri::parse_with(input, TagSyntax::Rfc4151)
    }

    /// Parses a tag under `syntax`, copying it.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// let tag = TagUri::parse_with("tag:a+b@example.com,2020:x", TagSyntax::Erratum1485)?;
    /// assert_eq!(tag.local_part(), Some("a+b"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_with(input: &str, syntax: TagSyntax) -> Result<TagUri, ParseError> {
        TagUri::parse_borrowed_with(input, syntax).map(TagUri::into_owned)
    }

    /// Parses an owned string under `syntax`, keeping its buffer.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// let tag = TagUri::parse_owned_with(String::from("tag:yaml.org,2002:int"), TagSyntax::Rfc4151)?;
    /// assert_eq!(tag.authority(), "yaml.org");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_owned_with(input: String, syntax: TagSyntax) -> Result<TagUri, ParseError> {
        let TagUri { date, offsets, .. } = TagUri::parse_borrowed_with(&input, syntax)?;
        Ok(TagUri {
            text: input,
            syntax,
            date,
            offsets,
        })
    }

    /// Gives the tag's text back, without copying.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let text: String = TagUri::parse("tag:yaml.org,2002:int")?.into_string();
    /// assert_eq!(text, "tag:yaml.org,2002:int");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.text
    }

    /// A `TagUri<&str>` that borrows this tag's text.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let owned = TagUri::parse("tag:yaml.org,2002:int")?;
    /// assert_eq!(owned.borrowed(), owned);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn borrowed(&self) -> TagUri<&str> {
        TagUri {
            text: &self.text,
            syntax: self.syntax,
            date: self.date,
            offsets: self.offsets,
        }
    }
}

impl<'a> TagUri<&'a str> {
    /// Parses a tag under the ABNF of RFC 4151 without copying it: the value borrows
    /// `input`, and parsing a valid tag allocates nothing.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let tag = TagUri::parse_borrowed("tag:yaml.org,2002:int")?;
    /// assert_eq!(tag.specific(), "int");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_borrowed(input: &'a str) -> Result<TagUri<&'a str>, ParseError> {
        TagUri::parse_borrowed_with(input, TagSyntax::Rfc4151)
    }

    /// Parses a tag under `syntax` without copying it.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// let tag = TagUri::parse_borrowed_with("tag:+1-617-253-7288,2005:x", TagSyntax::Lenient)?;
    /// assert!(!tag.is_conforming());
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the part that failed and the index of the offending byte.
    pub fn parse_borrowed_with(
        input: &'a str,
        syntax: TagSyntax,
    ) -> Result<TagUri<&'a str>, ParseError> {
        let (offsets, date) = check(input, syntax)?;
        Ok(TagUri {
            text: input,
            syntax,
            date,
            offsets,
        })
    }

    /// Whether `input` is a tag under `syntax`: exactly when [`TagUri::parse_borrowed_with`]
    /// succeeds, with neither the value nor, for an invalid input, the error built. Saying
    /// where and why an input is invalid runs the grammar a second time, so this is the way to
    /// ask only whether, over many inputs.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// assert!(TagUri::is_valid_with("tag:yaml.org,2002:int", TagSyntax::Rfc4151));
    /// assert!(!TagUri::is_valid_with("tag:yaml.org:int", TagSyntax::Rfc4151));
    /// // The grammar leaves the calendar to Rust: there is no 30 February.
    /// assert!(!TagUri::is_valid_with("tag:yaml.org,2002-02-30:int", TagSyntax::Rfc4151));
    /// ```
    pub fn is_valid_with(input: &str, syntax: TagSyntax) -> bool {
        is_valid_bytes(input.as_bytes(), syntax)
    }

    /// A `TagUri` that owns a copy of the text.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let owned: TagUri = TagUri::parse_borrowed("tag:yaml.org,2002:int")?.into_owned();
    /// assert_eq!(owned.as_str(), "tag:yaml.org,2002:int");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn into_owned(self) -> TagUri {
        TagUri {
            text: self.text.to_owned(),
            syntax: self.syntax,
            date: self.date,
            offsets: self.offsets,
        }
    }
}

impl<S: AsRef<str>> TagUri<S> {
    /// The whole tag, exactly as parsed.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("TAG:yaml.org,2002:int")?.as_str(), "TAG:yaml.org,2002:int");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.text.as_ref()
    }

    /// The syntax the tag was parsed under.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// assert_eq!(TagUri::parse("tag:yaml.org,2002:int")?.syntax(), TagSyntax::Rfc4151);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn syntax(&self) -> TagSyntax {
        self.syntax
    }

    /// The tagging entity: the authority name, `,` and the date (RFC 4151 §2.1
    /// `taggingEntity`, "the name space part of the URI").
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.tagging_entity(), "sandro@w3.org,2004-05");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn tagging_entity(&self) -> &str {
        &self.as_str()[SCHEME_LEN..self.offsets.colon]
    }

    /// The authority name, as written.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:EXAMPLE.com,2000:")?.authority(), "EXAMPLE.com");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn authority(&self) -> &str {
        &self.as_str()[SCHEME_LEN..self.offsets.comma]
    }

    /// The form of the authority name.
    ///
    /// ```
    /// use urn_tag::TagUri;
    /// use urn_tag::tag::AuthorityKind;
    ///
    /// assert_eq!(TagUri::parse("tag:blogger.com,1999:blog-555")?.authority_kind(), AuthorityKind::Dns);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn authority_kind(&self) -> AuthorityKind {
        self.offsets.rule.kind()
    }

    /// The grammar rule the authority name matched: RFC 4151's `DNSname` or `emailAddress`,
    /// erratum 1485's email address (which the lenient syntax tries after the original), or
    /// the lenient syntax's opaque authority.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    /// use urn_tag::tag::AuthorityRule;
    ///
    /// let tag = TagUri::parse_with("tag:a+b@w3.org,2004:x", TagSyntax::Lenient)?;
    /// assert_eq!(tag.authority_rule(), AuthorityRule::Erratum1485EmailAddress);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn authority_rule(&self) -> AuthorityRule {
        self.offsets.rule
    }

    /// Whether the tag conforms to RFC 4151 (with or without erratum 1485): false only for
    /// an [`AuthorityKind::Opaque`] authority, which only
    /// [`TagSyntax::Lenient`](crate::TagSyntax::Lenient) accepts.
    ///
    /// ```
    /// use urn_tag::{TagSyntax, TagUri};
    ///
    /// assert!(TagUri::parse("tag:yaml.org,2002:int")?.is_conforming());
    /// let mac = TagUri::parse_with("tag:mac=00-00-5E-00-53-00,2005:x", TagSyntax::Lenient)?;
    /// assert!(!mac.is_conforming());
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn is_conforming(&self) -> bool {
        self.authority_kind() != AuthorityKind::Opaque
    }

    /// The local part of an email authority (before the `@`); `None` for other authorities.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.local_part(), Some("sandro"));
    /// assert_eq!(TagUri::parse("tag:w3.org,2004-05:Sandro")?.local_part(), None);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn local_part(&self) -> Option<&str> {
        let at = self.offsets.at?;
        Some(&self.as_str()[SCHEME_LEN..at.get()])
    }

    /// The DNS name of the authority: all of a DNS authority, the part after the `@` of an
    /// email authority; `None` for an opaque authority.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.domain(), Some("w3.org"));
    /// assert_eq!(TagUri::parse("tag:w3.org,2004-05:Sandro")?.domain(), Some("w3.org"));
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn domain(&self) -> Option<&str> {
        let start = self.offsets.domain_start()?;
        Some(&self.as_str()[start..self.offsets.comma])
    }

    /// The date as written: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?.date_as_written(), "2004-05");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn date_as_written(&self) -> &str {
        &self.as_str()[self.offsets.comma + 1..self.offsets.colon]
    }

    /// The day the date denotes, the month and day defaulting to `01` (RFC 4151 §2.2).
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let tag = TagUri::parse("tag:sandro@w3.org,2004-05:Sandro")?;
    /// assert_eq!(tag.date().to_string(), "2004-05-01");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn date(&self) -> TagDate {
        self.date
    }

    /// The specific part, as written (percent-encodings are not decoded); possibly empty.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// let tag = TagUri::parse("tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19")?;
    /// assert_eq!(tag.specific(), "TimKindberg:presentations:UBath2004-05-19");
    /// assert_eq!(TagUri::parse("tag:example.com,2000:")?.specific(), "");
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn specific(&self) -> &str {
        &self.as_str()[self.specific_range()]
    }

    /// The fragment (after `#`), if present, possibly empty.
    ///
    /// ```
    /// use urn_tag::TagUri;
    ///
    /// assert_eq!(TagUri::parse("tag:example.com,2000:#anchor")?.fragment(), Some("anchor"));
    /// assert_eq!(TagUri::parse("tag:example.com,2000:#")?.fragment(), Some(""));
    /// assert_eq!(TagUri::parse("tag:example.com,2000:")?.fragment(), None);
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        let hash = self.offsets.hash?;
        Some(&self.as_str()[hash.get() + 1..])
    }

    /// Every part, in order, with its byte range: the scheme (`tag`, without its colon), the
    /// authority, the date, the specific (perhaps empty) and, when there is a `#`, the
    /// fragment (perhaps empty).
    ///
    /// ```
    /// use urn_tag::{Part, TagUri};
    ///
    /// let tag = TagUri::parse("tag:yaml.org,2002:int#")?;
    /// let parts: Vec<_> = tag.parts().collect();
    /// assert_eq!(
    ///     parts,
    ///     [(Part::Scheme, 0..3), (Part::Authority, 4..12), (Part::Date, 13..17), (Part::Specific, 18..21), (Part::Fragment, 22..22)]
    /// );
    /// # Ok::<(), urn_tag::ParseError>(())
    /// ```
    pub fn parts(&self) -> impl Iterator<Item = (Part, Range<usize>)> + '_ {
        let Offsets {
            comma, colon, hash, ..
        } = self.offsets;
        let len = self.as_str().len();
        [
            Some((Part::Scheme, 0..SCHEME_LEN - 1)),
            Some((Part::Authority, SCHEME_LEN..comma)),
            Some((Part::Date, comma + 1..colon)),
            Some((Part::Specific, self.specific_range())),
            hash.map(|hash| (Part::Fragment, hash.get() + 1..len)),
        ]
        .into_iter()
        .flatten()
    }

    /// The specific's range: after the tagging entity's `:`, to the `#` or the end.
    fn specific_range(&self) -> Range<usize> {
        let end = self
            .offsets
            .hash
            .map_or(self.as_str().len(), NonZeroUsize::get);
        self.offsets.colon + 1..end
    }
}

/// Recognizes `input` and applies the rules the grammar cannot state.
///
/// Inlined into its one caller, so that the offsets are not returned through memory: the
/// caller's wide loads of them stalled on the narrow stores that wrote them.
#[inline(always)]
fn check(input: &str, syntax: TagSyntax) -> Result<(Offsets, TagDate), ParseError> {
    let mut offsets = recognize::recognize(input, syntax)?;
    let date = prose::check(input.as_bytes(), &mut offsets, syntax)?;
    Ok((offsets, date))
}

/// Whether `input` is a tag URI under `syntax`, for [`TagUri::is_valid_with`] and for bytes
/// that need not be UTF-8
/// ([`Identifier::is_valid_bytes_with`](crate::Identifier::is_valid_bytes_with)): the grammar
/// reads bytes, and what it leaves to Rust reads them too.
#[inline(always)]
pub(crate) fn is_valid_bytes(input: &[u8], syntax: TagSyntax) -> bool {
    recognize::accepts(input, syntax)
        .is_some_and(|mut offsets| prose::check(input, &mut offsets, syntax).is_ok())
}

/// Shows the exact text first, so that values that are not `==` never print alike, then the
/// syntax and the parts.
impl<S: AsRef<str>> fmt::Debug for TagUri<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("TagUri");
        debug
            .field("text", &self.as_str())
            .field("syntax", &self.syntax)
            .field("authority", &self.authority())
            .field("authority_rule", &self.authority_rule())
            .field("date", &self.date_as_written())
            .field("specific", &self.specific());
        if let Some(fragment) = self.fragment() {
            debug.field("fragment", &fragment);
        }
        debug.finish()
    }
}

crate::text::text_value!(TagUri, "a tag under RFC 4151", |input| {
    TagUri::parse_owned_with(input, TagSyntax::Rfc4151)
});
