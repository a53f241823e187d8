//! The `urn-tag` library's checks for the JVM: the native methods of `urntag.spark.Native`,
//! which the Spark SQL functions of `java/urntag/spark/` call for each row.
//!
//! Spark runs a Python function in a separate Python worker, and hands it every batch of
//! rows and back through Arrow: on the benchmark's rows that transfer alone took longer than
//! a third of Spark's own regex. A Java function runs in the executor's JVM, on the row where
//! it is, and reaches this library through JNI.
//!
//! Each method takes the value's UTF-8 bytes and the reading, one `int` (see [`Reading`]), so
//! that no option is parsed per row. The answers come from the library as everywhere else:
//! [`Identifier::is_valid_bytes_with`], the error's message, the equivalence key.

use std::panic::{AssertUnwindSafe, catch_unwind};

use jni::JNIEnv;
use jni::objects::{JByteArray, JClass};
use jni::sys::{JNI_FALSE, JNI_TRUE, jboolean, jint, jstring};
use urn_tag::urn::Equivalence;
use urn_tag::{Identifier, Scheme, Syntax, TagSyntax, TagUri, Urn, UrnSyntax};

/// How the values are read, packed into an `int` by `urntag.spark.Reading`: bits 0-1 the URN
/// syntax (RFC 8141, RFC 2141, the 2011 draft), bits 2-3 the tag syntax (RFC 4151, erratum
/// 1485, lenient), bit 4 the namespaces' own syntaxes, bits 5-6 the scheme asked for (either,
/// `urn`, `tag`).
#[derive(Debug, Clone, Copy)]
struct Reading {
    syntax: Syntax,
    only: Option<Scheme>,
}

impl Reading {
    fn of(code: jint) -> Option<Reading> {
        let urn = match code & 0b11 {
            0 => UrnSyntax::Rfc8141,
            1 => UrnSyntax::Rfc2141,
            2 => UrnSyntax::Rfc2141bis,
            _ => return None,
        };
        let tag = match code >> 2 & 0b11 {
            0 => TagSyntax::Rfc4151,
            1 => TagSyntax::Erratum1485,
            2 => TagSyntax::Lenient,
            _ => return None,
        };
        let only = match code >> 5 & 0b11 {
            0 => None,
            1 => Some(Scheme::Urn),
            2 => Some(Scheme::Tag),
            _ => return None,
        };
        if code >> 7 != 0 {
            return None;
        }
        let syntax = Syntax::new()
            .with_urn(urn)
            .with_tag(tag)
            .with_namespaces(code >> 4 & 1 == 1);
        Some(Reading { syntax, only })
    }

    /// Whether `bytes` are a valid identifier of the scheme asked for.
    fn is_valid(self, bytes: &[u8]) -> bool {
        match self.only {
            Some(only) if Scheme::of_bytes(bytes) != Some(only) => false,
            _ => Identifier::is_valid_bytes_with(bytes, self.syntax),
        }
    }

    /// The identifier `text` is under this reading, or the error of the scheme asked for.
    fn parse(self, text: &str) -> Result<Identifier<&str>, urn_tag::ParseError> {
        match (self.only, Scheme::of(text)) {
            (Some(Scheme::Urn), found) if found != Some(Scheme::Urn) => {
                Urn::parse_borrowed_with(text, self.syntax.urn()).map(Identifier::Urn)
            }
            (Some(Scheme::Tag), found) if found != Some(Scheme::Tag) => {
                TagUri::parse_borrowed_with(text, self.syntax.tag()).map(Identifier::Tag)
            }
            _ => Identifier::parse_borrowed_with(text, self.syntax),
        }
    }
}

/// Runs `answer` on the bytes of `value` under the reading `code`; on a bad reading, a
/// failed copy or a panic, throws a Java exception that says so and gives `fallback` (which
/// the JVM discards as the exception propagates).
fn with_bytes<'l, T>(
    env: &mut JNIEnv<'l>,
    value: &JByteArray<'l>,
    code: jint,
    fallback: T,
    answer: impl FnOnce(&mut JNIEnv<'l>, Reading, &[u8]) -> T,
) -> T {
    let Some(reading) = Reading::of(code) else {
        let _ = env.throw_new(
            "java/lang/IllegalArgumentException",
            format!("urn-tag: reading code {code} is not one urntag.spark.Reading makes"),
        );
        return fallback;
    };
    let bytes = match env.convert_byte_array(value) {
        Ok(bytes) => bytes,
        // The JVM has an exception pending (out of memory, a null array).
        Err(_) => return fallback,
    };
    match catch_unwind(AssertUnwindSafe(|| answer(env, reading, &bytes))) {
        Ok(answered) => answered,
        Err(_) => {
            let _ = env.throw_new("java/lang/IllegalStateException", "urn-tag panicked");
            fallback
        }
    }
}

/// `boolean valid(byte[] value, int reading)`: whether the bytes are a valid identifier.
#[unsafe(no_mangle)]
pub extern "system" fn Java_urntag_spark_Native_valid<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    value: JByteArray<'l>,
    reading: jint,
) -> jboolean {
    with_bytes(&mut env, &value, reading, JNI_FALSE, |_, reading, bytes| {
        if reading.is_valid(bytes) {
            JNI_TRUE
        } else {
            JNI_FALSE
        }
    })
}

/// `String error(byte[] value, int reading)`: the error's message, `null` for a valid
/// identifier.
#[unsafe(no_mangle)]
pub extern "system" fn Java_urntag_spark_Native_error<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    value: JByteArray<'l>,
    reading: jint,
) -> jstring {
    with_bytes(
        &mut env,
        &value,
        reading,
        std::ptr::null_mut(),
        |env, reading, bytes| {
            let message = match std::str::from_utf8(bytes) {
                Ok(text) => reading.parse(text).err().map(|error| error.to_string()),
                Err(error) => Some(format!("invalid UTF-8 at byte {}", error.valid_up_to())),
            };
            java_string(env, message)
        },
    )
}

/// `String equivalenceKey(byte[] value, int reading)`: what equivalence compares (a URN's
/// equivalence key, a tag's own text), `null` for an invalid value.
#[unsafe(no_mangle)]
pub extern "system" fn Java_urntag_spark_Native_equivalenceKey<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    value: JByteArray<'l>,
    reading: jint,
) -> jstring {
    with_bytes(
        &mut env,
        &value,
        reading,
        std::ptr::null_mut(),
        |env, reading, bytes| {
            let key = std::str::from_utf8(bytes).ok().and_then(|text| {
                match reading.parse(text).ok()? {
                    Identifier::Urn(urn) => Some(Equivalence::standard().key(&urn).into_string()),
                    Identifier::Tag(tag) => Some(tag.as_str().to_owned()),
                }
            });
            java_string(env, key)
        },
    )
}

/// `text` as a Java string, `null` for `None` (or when the JVM could not make one, with its
/// exception pending).
fn java_string(env: &mut JNIEnv<'_>, text: Option<String>) -> jstring {
    match text.map(|text| env.new_string(text)) {
        Some(Ok(string)) => string.into_raw(),
        _ => std::ptr::null_mut(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code `urntag.spark.Reading.of` packs, spelled out.
    fn code(urn: i32, tag: i32, namespaces: bool, only: i32) -> jint {
        urn | tag << 2 | i32::from(namespaces) << 4 | only << 5
    }

    #[test]
    fn every_code_the_java_side_packs_is_a_reading() {
        for urn in 0..3 {
            for tag in 0..3 {
                for namespaces in [false, true] {
                    for only in 0..3 {
                        let reading =
                            Reading::of(code(urn, tag, namespaces, only)).expect("a reading");
                        assert_eq!(reading.syntax.namespaces(), namespaces);
                    }
                }
            }
        }
        assert_eq!(Reading::of(code(3, 0, false, 0)).map(|r| r.only), None);
        assert_eq!(Reading::of(code(0, 3, false, 0)).map(|r| r.only), None);
        assert_eq!(Reading::of(code(0, 0, false, 3)).map(|r| r.only), None);
        assert_eq!(Reading::of(1 << 7).map(|r| r.only), None);
        assert_eq!(Reading::of(-1).map(|r| r.only), None);
    }

    #[test]
    fn a_reading_answers_as_the_library() {
        let rfc2141 = Reading::of(code(1, 0, false, 0)).expect("a reading");
        assert!(rfc2141.is_valid(b"urn:a:b"));
        assert!(!rfc2141.is_valid(b"urn:urn:x"));
        assert!(!rfc2141.is_valid(b"urn:a:\xff"));
        let only_tags = Reading::of(code(0, 0, false, 2)).expect("a reading");
        assert!(!only_tags.is_valid(b"urn:example:a"));
        assert!(only_tags.is_valid(b"TAG:a.b,2000:x"));
        let error = only_tags.parse("urn:example:a").expect_err("not a tag");
        assert_eq!(
            error.to_string(),
            TagUri::parse("urn:example:a")
                .expect_err("not a tag")
                .to_string()
        );
    }
}
