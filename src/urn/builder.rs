//! Building a URN from its parts.

use alloc::borrow::Cow;
use alloc::format;

use super::encode::{Unencoded, encode};
use super::recognize::recognize;
use super::value::Urn;
use crate::error::{BuildError, BuildErrorKind, EncodeError, ParseError, ParseErrorKind, Part};
use crate::rejection::{self, PartError};
use crate::syntax::{SCHEME_LEN, UrnSyntax};

/// Builds a valid [`Urn`] from its parts, and says precisely which part is not.
///
/// There is one setter per part: the NSS, the RFC 8141 r-, q- and f-components, and the 2011
/// draft's query and fragment. Each takes the part already percent-encoded (checked as it
/// is), and its `_text` twin takes text to encode for its place with [`encode`]. The parts are
/// checked one by one, so an NSS that holds `?+` is an error in the NSS, not an r-component
/// by accident; and a part the syntax does not have is an error, not dropped or moved.
///
/// ```
/// use urn_tag::{BuildErrorKind, Part, Urn, UrnSyntax};
///
/// let urn = Urn::builder("example")
///     .nss_text("café au lait")
///     .q_component("lang=fr")
///     .build()?;
/// assert_eq!(urn.as_str(), "urn:example:caf%C3%A9%20au%20lait?=lang=fr");
///
/// let err = Urn::builder("example").nss("a?+b").build().unwrap_err();
/// assert_eq!(err.part(), Part::Nss);
/// assert_eq!(err.to_string(), "invalid character '?' in NSS (byte 1 of the NSS given)");
///
/// let err = Urn::builder("isbn").syntax(UrnSyntax::Rfc2141).nss("x").f_component("f").build();
/// assert_eq!(err.unwrap_err().to_string(), "RFC 2141 has no f-component (byte 0 of the f-component given)");
/// # Ok::<(), urn_tag::BuildError>(())
/// ```
#[derive(Debug, Clone)]
#[must_use]
pub struct UrnBuilder<'a> {
    syntax: UrnSyntax,
    nid: Cow<'a, str>,
    nss: Option<Value<'a>>,
    r_component: Option<Value<'a>>,
    q_component: Option<Value<'a>>,
    f_component: Option<Value<'a>>,
    query: Option<Value<'a>>,
    fragment: Option<Value<'a>>,
}

/// A part as given: encoded text, or text to encode.
#[derive(Debug, Clone)]
struct Value<'a> {
    text: Cow<'a, str>,
    encode: bool,
}

impl<'a> Value<'a> {
    fn encoded(text: impl Into<Cow<'a, str>>) -> Option<Self> {
        let text = text.into();
        Some(Value {
            text,
            encode: false,
        })
    }

    fn text(text: impl Into<Cow<'a, str>>) -> Option<Self> {
        let text = text.into();
        Some(Value { text, encode: true })
    }
}

impl<'a> UrnBuilder<'a> {
    /// Starts a URN with namespace identifier `nid`, under RFC 8141 (like [`Urn::builder`]).
    ///
    /// ```
    /// use urn_tag::UrnBuilder;
    ///
    /// assert_eq!(UrnBuilder::new("isbn").nss("0451450523").build()?, "urn:isbn:0451450523");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn new(nid: impl Into<Cow<'a, str>>) -> Self {
        UrnBuilder {
            syntax: UrnSyntax::Rfc8141,
            nid: nid.into(),
            nss: None,
            r_component: None,
            q_component: None,
            f_component: None,
            query: None,
            fragment: None,
        }
    }

    /// Builds under another syntax.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// // "/" must be encoded in an RFC 2141 NSS.
    /// let urn = Urn::builder("foo").syntax(UrnSyntax::Rfc2141).nss_text("a/b").build()?;
    /// assert_eq!(urn.as_str(), "urn:foo:a%2Fb");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn syntax(self, syntax: UrnSyntax) -> Self {
        UrnBuilder { syntax, ..self }
    }

    /// The NSS, already percent-encoded; it is checked as it is.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::builder("ex").nss("a%2Cb").build()?.nss(), "a%2Cb");
    /// assert!(Urn::builder("ex").nss("a b").build().is_err());
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn nss(self, encoded: impl Into<Cow<'a, str>>) -> Self {
        let nss = Value::encoded(encoded);
        UrnBuilder { nss, ..self }
    }

    /// The NSS as text, to be percent-encoded for the syntax.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::builder("ex").nss_text("a b").build()?.nss(), "a%20b");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn nss_text(self, text: impl Into<Cow<'a, str>>) -> Self {
        let nss = Value::text(text);
        UrnBuilder { nss, ..self }
    }

    /// The RFC 8141 r-component, already percent-encoded.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::builder("example").nss("a").r_component("CCResolve:cc=uk").build()?;
    /// assert_eq!(urn.as_str(), "urn:example:a?+CCResolve:cc=uk");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn r_component(self, encoded: impl Into<Cow<'a, str>>) -> Self {
        let r_component = Value::encoded(encoded);
        UrnBuilder {
            r_component,
            ..self
        }
    }

    /// The RFC 8141 r-component as text, to be percent-encoded (a `?=` in it gets its `?`
    /// encoded, since it would end the r-component).
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::builder("example").nss("a").r_component_text("x?=y").build()?;
    /// assert_eq!(urn.r_component(), Some("x%3F=y"));
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn r_component_text(self, text: impl Into<Cow<'a, str>>) -> Self {
        let r_component = Value::text(text);
        UrnBuilder {
            r_component,
            ..self
        }
    }

    /// The RFC 8141 q-component, already percent-encoded.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::builder("example").nss("weather").q_component("op=map").build()?;
    /// assert_eq!(urn.as_str(), "urn:example:weather?=op=map");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn q_component(self, encoded: impl Into<Cow<'a, str>>) -> Self {
        let q_component = Value::encoded(encoded);
        UrnBuilder {
            q_component,
            ..self
        }
    }

    /// The RFC 8141 q-component as text, to be percent-encoded.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::builder("example").nss("a").q_component_text("a b").build()?;
    /// assert_eq!(urn.q_component(), Some("a%20b"));
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn q_component_text(self, text: impl Into<Cow<'a, str>>) -> Self {
        let q_component = Value::text(text);
        UrnBuilder {
            q_component,
            ..self
        }
    }

    /// The RFC 8141 f-component, already percent-encoded (it may be empty).
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::builder("example").nss("a").f_component("").build()?, "urn:example:a#");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn f_component(self, encoded: impl Into<Cow<'a, str>>) -> Self {
        let f_component = Value::encoded(encoded);
        UrnBuilder {
            f_component,
            ..self
        }
    }

    /// The RFC 8141 f-component as text, to be percent-encoded.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::builder("ex").nss("a").f_component_text("p#2").build()?;
    /// assert_eq!(urn.f_component(), Some("p%232"));
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn f_component_text(self, text: impl Into<Cow<'a, str>>) -> Self {
        let f_component = Value::text(text);
        UrnBuilder {
            f_component,
            ..self
        }
    }

    /// The 2011 draft's query, already percent-encoded (it may be empty).
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let urn = Urn::builder("example").syntax(UrnSyntax::Rfc2141bis).nss("a").query("v=1").build()?;
    /// assert_eq!(urn.as_str(), "urn:example:a?v=1");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn query(self, encoded: impl Into<Cow<'a, str>>) -> Self {
        let query = Value::encoded(encoded);
        UrnBuilder { query, ..self }
    }

    /// The 2011 draft's query as text, to be percent-encoded.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let urn = Urn::builder("example").syntax(UrnSyntax::Rfc2141bis).nss("a").query_text("x y").build()?;
    /// assert_eq!(urn.query(), Some("x%20y"));
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn query_text(self, text: impl Into<Cow<'a, str>>) -> Self {
        let query = Value::text(text);
        UrnBuilder { query, ..self }
    }

    /// The 2011 draft's fragment, already percent-encoded (it may be empty).
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let urn = Urn::builder("example").syntax(UrnSyntax::Rfc2141bis).nss("a").fragment("").build()?;
    /// assert_eq!(urn.fragment(), Some(""));
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn fragment(self, encoded: impl Into<Cow<'a, str>>) -> Self {
        let fragment = Value::encoded(encoded);
        UrnBuilder { fragment, ..self }
    }

    /// The 2011 draft's fragment as text, to be percent-encoded.
    ///
    /// ```
    /// use urn_tag::{Urn, UrnSyntax};
    ///
    /// let urn = Urn::builder("example").syntax(UrnSyntax::Rfc2141bis).nss("a").fragment_text("§1").build()?;
    /// assert_eq!(urn.fragment(), Some("%C2%A71"));
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn fragment_text(self, text: impl Into<Cow<'a, str>>) -> Self {
        let fragment = Value::text(text);
        UrnBuilder { fragment, ..self }
    }

    /// Checks every part and assembles the URN.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let err = Urn::builder("ex").nss("a").r_component("").build().unwrap_err();
    /// assert_eq!(err.to_string(), "empty r-component (byte 0 of the r-component given)");
    /// ```
    ///
    /// # Errors
    ///
    /// A [`BuildError`] naming the first part (in URN order) that is invalid or that the
    /// syntax does not have, the reason, and the index in the text given for that part; for
    /// a part given as text, only a NUL character (under RFC 2141 and the draft) or an empty
    /// required part can fail.
    pub fn build(self) -> Result<Urn, BuildError> {
        let syntax = self.syntax;
        check_nid(&self.nid, syntax)?;
        let nss = match &self.nss {
            Some(value) => encoded(value, syntax, Part::Nss)?,
            None => return Err(BuildError::parse(ParseErrorKind::Empty(Part::Nss), 0)),
        };
        let mut text = format!("urn:{}:{nss}", self.nid);
        let components = [
            (Part::RComponent, "?+", &self.r_component),
            (Part::QComponent, "?=", &self.q_component),
            (Part::Query, "?", &self.query),
            (Part::FComponent, "#", &self.f_component),
            (Part::Fragment, "#", &self.fragment),
        ];
        for (part, delimiter, value) in components {
            if let Some(value) = value {
                text.push_str(delimiter);
                text.push_str(&encoded(value, syntax, part)?);
            }
        }
        // Every part is valid on its own and the delimiters are the syntax's, so this parse
        // succeeds; it builds the offsets. Should it not, the whole is reported as the NSS.
        Urn::parse_owned_with(text, syntax).map_err(|error| {
            let index = error
                .index()
                .saturating_sub(SCHEME_LEN + self.nid.len() + 1);
            BuildError::from_part_check(Part::Nss, &nss, ParseError::new(error.kind(), index))
        })
    }
}

impl Urn {
    /// Starts building a URN with namespace identifier `nid`; see [`UrnBuilder`].
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// let urn = Urn::builder("isbn").nss("0451450523").build()?;
    /// assert_eq!(urn, "urn:isbn:0451450523");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn builder<'a>(nid: impl Into<Cow<'a, str>>) -> UrnBuilder<'a> {
        UrnBuilder::new(nid)
    }
}

/// Checks a NID on its own: its characters and length (by the syntax's grammar) and, under
/// RFC 2141 and the draft, the reserved NID "urn".
fn check_nid(nid: &str, syntax: UrnSyntax) -> Result<(), BuildError> {
    if let Some(colon) = nid.find(':') {
        let kind = ParseErrorKind::InvalidChar {
            part: Part::Nid,
            ch: ':',
        };
        return Err(BuildError::parse(kind, colon));
    }
    // An NSS of "x" is valid under every syntax, so any error is the NID's.
    let probe = format!("urn:{nid}:x");
    if let Err(error) = recognize(&probe, syntax) {
        let error = ParseError::new(error.kind(), error.index() - SCHEME_LEN);
        return Err(BuildError::from_part_check(Part::Nid, nid, error));
    }
    if syntax.reserves_urn_nid() && nid.eq_ignore_ascii_case("urn") {
        return Err(BuildError::parse(ParseErrorKind::ReservedNid(syntax), 0));
    }
    Ok(())
}

/// The part's text, encoded if it was given as text, and checked for its place.
fn encoded<'v>(
    value: &'v Value<'_>,
    syntax: UrnSyntax,
    part: Part,
) -> Result<Cow<'v, str>, BuildError> {
    let not_in_syntax = BuildError::new(BuildErrorKind::NotInSyntax { syntax, part }, 0);
    if Unencoded::of(syntax, part).is_none() {
        return Err(not_in_syntax);
    }
    let text: Cow<'v, str> = if value.encode {
        encode(&value.text, syntax, part).map_err(|error| match error {
            EncodeError::NulOctet { index, .. } => {
                BuildError::parse(ParseErrorKind::NulOctet { part, syntax }, index)
            }
            EncodeError::NoSuchPart { .. } => not_in_syntax,
        })?
    } else {
        Cow::Borrowed(&*value.text)
    };
    check_part(&text, syntax, part)?;
    Ok(text)
}

/// Checks `text` as the part `part` on its own, by the grammar where the part stands in a URN
/// (`crate::rejection`) and by the prose rule on `%00`; error indexes are relative to `text`.
fn check_part(text: &str, syntax: UrnSyntax, part: Part) -> Result<(), BuildError> {
    let error = rejection::urn_part_error(text, syntax, part);
    let valid_up_to = match error {
        None => text.len(),
        Some(PartError::Syntax(error)) => error.index(),
        Some(PartError::Delimiter { index, .. }) => index,
    };
    // RFC 2141 §2.4 and the draft §2.3.3 forbid `%00`, which their grammars leave to prose.
    // Before the first error, every `%` starts a percent-encoding.
    let before_error = &text.as_bytes()[..valid_up_to.min(text.len())];
    if syntax.forbids_nul()
        && let Some(nul) = before_error.windows(3).position(|octet| octet == b"%00")
    {
        return Err(BuildError::parse(
            ParseErrorKind::NulOctet { part, syntax },
            nul,
        ));
    }
    let kind = match error {
        None => return Ok(()),
        Some(PartError::Syntax(error)) => {
            return Err(BuildError::from_part_check(part, text, error));
        }
        Some(PartError::Delimiter {
            delimiter: "?=", ..
        }) => BuildErrorKind::QuestionEqualsInRComponent,
        Some(PartError::Delimiter { delimiter, .. }) => {
            let ch = delimiter.chars().next().unwrap_or('?');
            BuildErrorKind::Parse(ParseErrorKind::InvalidChar { part, ch })
        }
    };
    Err(BuildError::new(kind, valid_up_to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    fn text_of(value: &Value<'_>) -> String {
        String::from(&*value.text)
    }

    #[test]
    fn components_come_out_in_urn_order() {
        let urn = Urn::builder("example")
            .nss("a")
            .f_component("f")
            .q_component("q")
            .r_component("r")
            .build()
            .unwrap();
        assert_eq!(urn.as_str(), "urn:example:a?+r?=q#f");
    }

    #[test]
    fn missing_nss_is_an_empty_nss() {
        let error = Urn::builder("example").build().unwrap_err();
        assert_eq!(
            (error.part(), error.kind()),
            (
                Part::Nss,
                BuildErrorKind::Parse(ParseErrorKind::Empty(Part::Nss))
            )
        );
    }

    #[test]
    fn setting_a_part_twice_keeps_the_last_value() {
        let builder = Urn::builder("ex")
            .nss("a")
            .q_component("x")
            .q_component("y");
        assert_eq!(
            builder.q_component.as_ref().map(text_of).as_deref(),
            Some("y")
        );
        assert_eq!(builder.build().unwrap().as_str(), "urn:ex:a?=y");
    }

    #[test]
    fn draft_query_and_fragment() {
        let urn = Urn::builder("example")
            .syntax(UrnSyntax::Rfc2141bis)
            .nss_text("a/b")
            .query_text("x y")
            .fragment("")
            .build()
            .unwrap();
        assert_eq!(urn.as_str(), "urn:example:a%2Fb?x%20y#");
        assert_eq!(urn.query(), Some("x%20y"));
        assert_eq!(urn.fragment(), Some(""));
    }

    #[test]
    fn a_part_the_syntax_lacks_is_an_error() {
        let error = Urn::builder("example")
            .nss("a")
            .query("x")
            .build()
            .unwrap_err();
        assert_eq!(error.part(), Part::Query);
        assert_eq!(
            error.kind(),
            BuildErrorKind::NotInSyntax {
                syntax: UrnSyntax::Rfc8141,
                part: Part::Query
            }
        );
    }
}
