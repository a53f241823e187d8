//! Tag URIs: RFC 4151, with its erratum 1485 and a lenient syntax for other authorities.
//!
//! [`TagUri`] is the value and [`TagSyntax`](crate::TagSyntax) chooses how strictly its
//! authority is read; [`AuthorityKind`] and [`AuthorityRule`] say what the authority is;
//! [`TagDate`] is its date with the RFC's defaults; [`TagMinter`] makes new tags under the
//! minting rules of RFC 4151 §2.2, against a [`Clock`]; [`TagLint`] lists what the RFC
//! advises against in a valid tag.
//!
//! ```
//! use urn_tag::{TagDate, TagUri};
//!
//! let tag = TagUri::parse("tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19")?;
//! assert_eq!(tag.date(), TagDate::new(2001, 9, 15).unwrap());
//! assert_eq!(tag.specific(), "TimKindberg:presentations:UBath2004-05-19");
//! # Ok::<(), urn_tag::ParseError>(())
//! ```

mod authority;
mod date;
mod lint;
mod mint;
mod prose;
mod recognize;
mod value;

pub use authority::{AuthorityKind, AuthorityRule};
#[cfg(feature = "std")]
pub use date::SystemClock;
pub use date::{Clock, TagDate};
pub use lint::TagLint;
pub use mint::{MintError, TagMinter};
pub use value::TagUri;
pub(crate) use value::is_valid_bytes;
