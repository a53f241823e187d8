//! Uniform Resource Names: RFC 8141, RFC 2141 and the 2011 URNbis draft.
//!
//! [`Urn`] is the value; [`UrnSyntax`](crate::UrnSyntax) chooses the syntax. Around it:
//! [`NidClass`] and the [`registry`] say what kind of namespace a NID names and whether IANA
//! lists it; [`Equivalence`] and [`EquivalenceKey`] compare URNs the RFC way; [`UrnBuilder`]
//! makes a URN from its parts and [`encode`] percent-encodes text for one; [`UrnLint`] lists
//! what the RFCs advise against in a valid URN.
//!
//! ```
//! use urn_tag::urn::NidClass;
//! use urn_tag::{Urn, UrnLint};
//!
//! let urn = Urn::parse("urn:X-private:a?+r")?;
//! assert_eq!(urn.nid_class(), NidClass::Experimental);
//! assert_eq!(urn.lints(), [UrnLint::RComponent, UrnLint::ExperimentalNid]);
//! # Ok::<(), urn_tag::ParseError>(())
//! ```

mod builder;
mod encode;
mod equivalence;
mod lint;
mod namespace;
mod nid;
mod prose;
pub(crate) mod recognize;
pub mod registry;
mod value;

pub use builder::UrnBuilder;
pub use encode::encode;
pub use equivalence::{Equivalence, EquivalenceKey, NamespaceRule};
pub use lint::UrnLint;
pub use nid::{NidClass, Reservation};
pub use value::Urn;
pub(crate) use value::is_valid_bytes;
