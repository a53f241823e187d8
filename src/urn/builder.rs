//! Building a URN from its parts.

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use super::{Component, Spec, Urn, diagnose};
use crate::error::{BuildError, ErrorKind, ParseError, Part};
use crate::percent;

/// Builds a valid [`Urn`] from its parts, and says precisely which part is not.
///
/// Each part is given either already percent-encoded (checked as it is) or as text (encoded
/// for its place with [`percent::encode`]). The parts are checked one by one, so an NSS that
/// holds `?+` is an error in the NSS, not an r-component by accident.
///
/// ```
/// use urn_tag::{Part, Spec, Urn};
///
/// let urn = Urn::builder("example")
///     .nss_text("café au lait")
///     .component(Part::QComponent, "lang=fr")
///     .build()?;
/// assert_eq!(urn.as_str(), "urn:example:caf%C3%A9%20au%20lait?=lang=fr");
///
/// let err = Urn::builder("example").nss("a?+b").build().unwrap_err();
/// assert_eq!(err.part(), Part::Nss);
/// assert_eq!(err.to_string(), "invalid character '?' in NSS (byte 1 of the NSS given to the builder)");
///
/// let err = Urn::builder("isbn").spec(Spec::Rfc2141).nss("x").component(Part::FComponent, "f").build();
/// assert_eq!(err.unwrap_err().to_string(), "RFC 2141 has no percent-encodable f-component (byte 0 of the f-component given to the builder)");
/// # Ok::<(), urn_tag::BuildError>(())
/// ```
#[derive(Debug, Clone)]
#[must_use]
pub struct UrnBuilder<'a> {
    spec: Spec,
    nid: Cow<'a, str>,
    nss: Option<Value<'a>>,
    components: Vec<(Part, Value<'a>)>,
}

/// A part as given: encoded text, or text to encode.
#[derive(Debug, Clone)]
struct Value<'a> {
    text: Cow<'a, str>,
    encode: bool,
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
            spec: Spec::Rfc8141,
            nid: nid.into(),
            nss: None,
            components: Vec::new(),
        }
    }

    /// Builds under another spec.
    ///
    /// ```
    /// use urn_tag::{Spec, Urn};
    ///
    /// // "/" must be encoded in an RFC 2141 NSS.
    /// let urn = Urn::builder("foo").spec(Spec::Rfc2141).nss_text("a/b").build()?;
    /// assert_eq!(urn.as_str(), "urn:foo:a%2Fb");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn spec(self, spec: Spec) -> Self {
        UrnBuilder { spec, ..self }
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
        UrnBuilder {
            nss: Some(Value {
                text: encoded.into(),
                encode: false,
            }),
            ..self
        }
    }

    /// The NSS as text, to be percent-encoded for the spec.
    ///
    /// ```
    /// use urn_tag::Urn;
    ///
    /// assert_eq!(Urn::builder("ex").nss_text("a b").build()?.nss(), "a%20b");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn nss_text(self, text: impl Into<Cow<'a, str>>) -> Self {
        UrnBuilder {
            nss: Some(Value {
                text: text.into(),
                encode: true,
            }),
            ..self
        }
    }

    /// A component (r-, q-, f-component, or the draft's query or fragment), already
    /// percent-encoded. Setting a part twice keeps the last value.
    ///
    /// ```
    /// use urn_tag::{Part, Urn};
    ///
    /// let urn = Urn::builder("ex").nss("a").component(Part::QComponent, "x").component(Part::QComponent, "y").build()?;
    /// assert_eq!(urn.as_str(), "urn:ex:a?=y");
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn component(self, part: Part, encoded: impl Into<Cow<'a, str>>) -> Self {
        self.with_component(
            part,
            Value {
                text: encoded.into(),
                encode: false,
            },
        )
    }

    /// A component as text, to be percent-encoded for its place.
    ///
    /// ```
    /// use urn_tag::{Part, Urn};
    ///
    /// let urn = Urn::builder("ex").nss("a").component_text(Part::FComponent, "p#2").build()?;
    /// assert_eq!(urn.f_component(), Some("p%232"));
    /// # Ok::<(), urn_tag::BuildError>(())
    /// ```
    pub fn component_text(self, part: Part, text: impl Into<Cow<'a, str>>) -> Self {
        self.with_component(
            part,
            Value {
                text: text.into(),
                encode: true,
            },
        )
    }

    fn with_component(mut self, part: Part, value: Value<'a>) -> Self {
        self.components.retain(|(listed, _)| *listed != part);
        self.components.push((part, value));
        self
    }

    /// Checks every part and assembles the URN.
    ///
    /// ```
    /// use urn_tag::{Part, Urn};
    ///
    /// let err = Urn::builder("ex").nss("a").component(Part::RComponent, "").build().unwrap_err();
    /// assert_eq!(err.to_string(), "empty r-component (byte 0 of the r-component given to the builder)");
    /// ```
    ///
    /// # Errors
    ///
    /// A [`BuildError`] naming the first part (in URN order) that is invalid, the reason, and
    /// the index in the text given for that part; for a part given as text, only a NUL
    /// character (under RFC 2141 and the draft) or an empty required part can fail.
    pub fn build(self) -> Result<Urn, BuildError> {
        let spec = self.spec;
        check_nid(&self.nid, spec)?;
        let nss = self
            .nss
            .as_ref()
            .map_or(Ok(Cow::Borrowed("")), |v| encoded(v, spec, Part::Nss))?;
        let mut text = format!("urn:{}:{nss}", self.nid);
        let mut components: Vec<&(Part, Value<'_>)> = self.components.iter().collect();
        components.sort_by_key(|(part, _)| order(*part));
        for (part, value) in components {
            let encoded = encoded(value, spec, *part)?;
            text.push_str(delimiter(*part));
            text.push_str(&encoded);
        }
        // Every part is valid on its own and the delimiters are the spec's, so this parse
        // succeeds; it builds the offsets.
        Urn::parse_owned_with(text, spec)
            .map_err(|error| BuildError::new(error.kind(), error.index()))
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

/// Checks a NID on its own: its characters and length (by the spec's grammar) and, under RFC
/// 2141 and the draft, the reserved NID "urn".
fn check_nid(nid: &str, spec: Spec) -> Result<(), BuildError> {
    let to_build_error = |error: ParseError| BuildError::new(error.kind(), error.index() - 4);
    if let Some(colon) = nid.find(':') {
        let kind = ErrorKind::InvalidChar {
            part: Part::Nid,
            ch: ':',
        };
        return Err(BuildError::new(kind, colon));
    }
    // An NSS of "x" is valid under every spec, so any error is the NID's.
    let probe = format!("urn:{nid}:x");
    if let Some(error) = diagnose::first_syntax_error(&probe, spec) {
        return Err(to_build_error(error));
    }
    if spec.reserves_urn_nid() && nid.eq_ignore_ascii_case("urn") {
        return Err(BuildError::new(ErrorKind::ReservedNid(spec), 0));
    }
    Ok(())
}

/// The part's text, encoded if it was given as text, and checked for its place.
fn encoded<'v>(value: &'v Value<'_>, spec: Spec, part: Part) -> Result<Cow<'v, str>, BuildError> {
    let as_build_error = |error: ParseError| BuildError::new(error.kind(), error.index());
    let Some(component) = Component::of(spec, part) else {
        return Err(BuildError::new(ErrorKind::NoSuchPart { part, spec }, 0));
    };
    let text = if value.encode {
        percent::encode(&value.text, spec, part).map_err(as_build_error)?
    } else {
        Cow::Borrowed(&*value.text)
    };
    component.check(&text, spec).map_err(as_build_error)?;
    Ok(text)
}

/// The position of a component in a URN.
fn order(part: Part) -> u8 {
    match part {
        Part::RComponent => 0,
        Part::QComponent | Part::Query => 1,
        _ => 2,
    }
}

/// The delimiter that introduces a component.
fn delimiter(part: Part) -> &'static str {
    match part {
        Part::RComponent => "?+",
        Part::QComponent => "?=",
        Part::Query => "?",
        _ => "#",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_come_out_in_urn_order() {
        let urn = Urn::builder("example")
            .nss("a")
            .component(Part::FComponent, "f")
            .component(Part::QComponent, "q")
            .component(Part::RComponent, "r")
            .build()
            .unwrap();
        assert_eq!(urn.as_str(), "urn:example:a?+r?=q#f");
    }

    #[test]
    fn missing_nss_is_an_empty_nss() {
        let error = Urn::builder("example").build().unwrap_err();
        assert_eq!(error.kind(), ErrorKind::Empty(Part::Nss));
    }

    #[test]
    fn draft_query_and_fragment() {
        let urn = Urn::builder("example")
            .spec(Spec::Rfc2141bis)
            .nss_text("a/b")
            .component_text(Part::Query, "x y")
            .component(Part::Fragment, "")
            .build()
            .unwrap();
        assert_eq!(urn.as_str(), "urn:example:a%2Fb?x%20y#");
        assert_eq!(urn.query(), Some("x%20y"));
        assert_eq!(urn.fragment(), Some(""));
    }
}
