//! The JSON Lines records of `check`, `find` and `explain` hold to the JSON Schemas published
//! in docs/json/.
//!
//! The schemas use a small part of JSON Schema (draft 2020-12), which a small validator here
//! checks over `serde_json::Value`: it refuses a schema keyword it does not know, so a schema
//! cannot say more than is checked.
#![cfg(feature = "cli")]

use std::collections::BTreeSet;

use serde_json::Value;

use crate::common;

/// The schema of docs/json/`name`.schema.json.
fn schema(name: &str) -> Value {
    let path = format!(
        "{}/docs/json/{name}.schema.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// Why `value` does not hold to `schema` (`root` resolves `$ref`), or `Ok`.
fn validate(root: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    let Value::Object(keywords) = schema else {
        return match schema {
            Value::Bool(true) => Ok(()),
            _ => Err(format!("{at}: a schema that refuses everything")),
        };
    };
    for (keyword, argument) in keywords {
        match keyword.as_str() {
            // Annotations, and definitions reached through $ref.
            "$schema" | "title" | "description" | "$defs" => {}
            "$ref" => {
                let pointer = argument.as_str().and_then(|r| r.strip_prefix('#'));
                let target = pointer
                    .and_then(|pointer| root.pointer(pointer))
                    .unwrap_or_else(|| panic!("{at}: $ref {argument} outside the schema"));
                validate(root, target, value, at)?;
            }
            "type" => {
                let types: Vec<&str> = match argument {
                    Value::String(one) => vec![one.as_str()],
                    Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
                    _ => panic!("{at}: type {argument}"),
                };
                if !types.iter().any(|name| has_type(value, name)) {
                    return Err(format!("{at}: {value} is not of type {argument}"));
                }
            }
            "const" if value != argument => {
                return Err(format!("{at}: {value} is not {argument}"));
            }
            "const" => {}
            "enum" => {
                let values = argument.as_array().expect("enum is an array");
                if !values.contains(value) {
                    return Err(format!("{at}: {value} is not one of {argument}"));
                }
            }
            "minimum" => {
                let minimum = argument.as_f64().expect("minimum is a number");
                if value.as_f64().is_some_and(|number| number < minimum) {
                    return Err(format!("{at}: {value} is below {minimum}"));
                }
            }
            "pattern" => {
                let pattern = regex::Regex::new(argument.as_str().expect("a pattern"))
                    .expect("a valid pattern");
                if value.as_str().is_some_and(|text| !pattern.is_match(text)) {
                    return Err(format!("{at}: {value} does not match {argument}"));
                }
            }
            "required" => {
                if let Value::Object(fields) = value {
                    for name in argument.as_array().expect("required is an array") {
                        let name = name.as_str().expect("a field name");
                        if !fields.contains_key(name) {
                            return Err(format!("{at}: no field {name:?}"));
                        }
                    }
                }
            }
            "properties" => {
                if let Value::Object(fields) = value {
                    let declared = argument.as_object().expect("properties is an object");
                    for (name, field_schema) in declared {
                        if let Some(field) = fields.get(name) {
                            validate(root, field_schema, field, &format!("{at}.{name}"))?;
                        }
                    }
                }
            }
            "items" => {
                if let Value::Array(items) = value {
                    for (index, item) in items.iter().enumerate() {
                        validate(root, argument, item, &format!("{at}[{index}]"))?;
                    }
                }
            }
            "allOf" => {
                for sub in argument.as_array().expect("allOf is an array") {
                    validate(root, sub, value, at)?;
                }
            }
            "anyOf" | "oneOf" => {
                let subs = argument.as_array().expect("a list of schemas");
                let outcomes: Vec<Result<(), String>> = subs
                    .iter()
                    .map(|sub| validate(root, sub, value, at))
                    .collect();
                let held = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
                match (keyword.as_str(), held) {
                    (_, 0) => {
                        let reasons: Vec<String> =
                            outcomes.into_iter().filter_map(Result::err).collect();
                        let reasons = reasons.join("; ");
                        return Err(format!("{at}: none of {keyword} holds: {reasons}"));
                    }
                    ("oneOf", 2..) => {
                        return Err(format!("{at}: {held} schemas of oneOf hold, not one"));
                    }
                    _ => {}
                }
            }
            other => panic!("{at}: the schema uses {other:?}, which this validator does not check"),
        }
    }
    Ok(())
}

/// Whether `value` is of the JSON Schema type `name`.
fn has_type(value: &Value, name: &str) -> bool {
    match name {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "number" => value.is_number(),
        "integer" => value.is_u64() || value.is_i64(),
        other => panic!("no JSON Schema type {other:?}"),
    }
}

/// Every field name the schema declares, anywhere in it.
fn declared_fields(schema: &Value, names: &mut BTreeSet<String>) {
    match schema {
        Value::Object(keywords) => {
            if let Some(Value::Object(properties)) = keywords.get("properties") {
                names.extend(properties.keys().cloned());
            }
            keywords
                .values()
                .for_each(|sub| declared_fields(sub, names));
        }
        Value::Array(items) => items.iter().for_each(|sub| declared_fields(sub, names)),
        _ => {}
    }
}

/// Every field name in the record, at any depth.
fn record_fields(record: &Value, names: &mut BTreeSet<String>) {
    match record {
        Value::Object(fields) => {
            for (name, field) in fields {
                names.insert(name.clone());
                record_fields(field, names);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| record_fields(item, names)),
        _ => {}
    }
}

/// Checks that each line of `output` is a record that holds to the schema `name`, and that
/// the schema describes each of its fields; gives how many there were.
#[track_caller]
fn assert_records_hold(name: &str, output: &[u8], context: &str) -> usize {
    let schema = schema(name);
    let mut declared = BTreeSet::new();
    declared_fields(&schema, &mut declared);
    let text = std::str::from_utf8(output).expect("JSON is UTF-8");
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap_or_else(|error| {
            panic!("{context}: not JSON ({error}): {line}");
        });
        if let Err(why) = validate(&schema, &schema, &record, "record") {
            panic!("{context}: {line}\ndoes not hold to {name}.schema.json: {why}");
        }
        let mut fields = BTreeSet::new();
        record_fields(&record, &mut fields);
        let undescribed: Vec<&String> = fields.difference(&declared).collect();
        assert!(
            undescribed.is_empty(),
            "{context}: {name}.schema.json does not describe {undescribed:?}"
        );
    }
    text.lines().count()
}

/// The inputs of tests/data/json-records.txt.
fn inputs() -> Vec<&'static str> {
    include_str!("../data/json-records.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect()
}

/// Every combination of the syntax options: each --spec and each --tag-syntax, with and
/// without --namespaces.
fn syntax_options() -> Vec<Vec<&'static str>> {
    let mut options = Vec::new();
    for spec in ["rfc8141", "rfc2141", "rfc2141bis"] {
        for tag in ["rfc4151", "erratum1485", "lenient"] {
            for namespaces in [&[][..], &["--namespaces"]] {
                options.push([&["--spec", spec, "--tag-syntax", tag][..], namespaces].concat());
            }
        }
    }
    options
}

#[test]
fn check_records_hold_to_their_schema() {
    let inputs = inputs();
    let lines: Vec<u8> = inputs
        .iter()
        .flat_map(|input| input.bytes().chain([b'\n']))
        .chain(*b"urn:ex:\xff\nurn:example:a-line-longer-than-the-limit\n")
        .collect();
    let mut records = 0;
    for options in syntax_options() {
        let args = [&["check", "--json"], &options[..], &inputs[..]].concat();
        let output = common::run_cli(&args, b"");
        records += assert_records_hold("check", &output.stdout, &format!("{options:?}"));
        // Lines, from standard input, one of them too long and one not UTF-8.
        let args = [&["check", "--json", "--max-line-bytes", "40"], &options[..]].concat();
        let output = common::run_cli(&args, &lines);
        records += assert_records_hold("check", &output.stdout, &format!("{options:?} lines"));
    }
    assert_eq!(records, syntax_options().len() * (2 * inputs.len() + 2));
}

#[test]
fn explain_records_hold_to_their_schema() {
    let inputs = inputs();
    let lines: Vec<u8> = inputs
        .iter()
        .flat_map(|input| input.bytes().chain([b'\n']))
        .chain(*b"urn:ex:\xff\nurn:example:a-line-longer-than-the-limit\n")
        .collect();
    let mut records = 0;
    for options in syntax_options() {
        let args = [&["explain", "--json"], &options[..], &inputs[..]].concat();
        let output = common::run_cli(&args, b"");
        records += assert_records_hold("explain", &output.stdout, &format!("{options:?}"));
        // Lines, from standard input, one of them too long and one not UTF-8.
        let args = [
            &["explain", "--json", "--max-line-bytes", "40"],
            &options[..],
        ]
        .concat();
        let output = common::run_cli(&args, &lines);
        records += assert_records_hold("explain", &output.stdout, &format!("{options:?} lines"));
    }
    assert_eq!(records, syntax_options().len() * (2 * inputs.len() + 2));
}

#[test]
fn find_records_hold_to_their_schema() {
    let text = inputs().join(" and\n");
    for options in syntax_options() {
        let args = [&["find", "--json"], &options[..]].concat();
        let output = common::run_cli(&args, text.as_bytes());
        let found = assert_records_hold("find", &output.stdout, &format!("{options:?}"));
        assert!(found > 20, "{options:?}: {found} found");
    }
}

/// The validator finds what is wrong with a record, so that the tests above can fail.
#[rstest::rstest]
#[case::valid_not_a_boolean(
    "check",
    r#"{"input":"x","valid":"no","kind":null,"error":{"index":0,"message":"m","kind":"expected_scheme","part":"scheme"}}"#,
    r#"record: none of oneOf holds"#
)]
#[case::error_missing(
    "check",
    r#"{"input":"x","valid":false,"kind":null}"#,
    r#"record: none of oneOf holds"#
)]
#[case::unknown_error_kind(
    "check",
    r#"{"input":"x","valid":false,"kind":null,"error":{"index":0,"message":"m","kind":"oops","part":"scheme"}}"#,
    r#"record.error.kind: "oops" is not one of"#
)]
#[case::negative_index(
    "check",
    r#"{"input":"x","valid":false,"kind":null,"error":{"index":-1,"message":"m","kind":"empty","part":"nss"}}"#,
    r#"record.error.index: -1 is below 0"#
)]
#[case::lint_without_code(
    "check",
    r#"{"input":"urn:a:b","valid":true,"kind":"urn","spec":"rfc8141","nid":"a","nss":"b","r_component":null,"q_component":null,"f_component":null,"nid_class":"reserved","registered":false,"normalized":"urn:a:b","equivalence_key":"urn:a:b","lints":[{"message":"m"}]}"#,
    r#"record.lints[0]: no field "code""#
)]
#[case::tag_date_not_in_full(
    "check",
    r#"{"input":"tag:a.b,2000:x","valid":true,"kind":"tag","authority":"a.b","authority_kind":"dns","date":"2000","date_as_written":"2000","specific":"x","fragment":null}"#,
    r#"record.date: "2000" does not match"#
)]
#[case::line_zero(
    "find",
    r#"{"line":0,"column":1,"offset":0,"kind":"urn","text":"urn:a:b"}"#,
    r#"record.line: 0 is below 1"#
)]
#[case::namespace_of_an_invalid_urn(
    "explain",
    r#"{"input":"urn:a","valid":false,"kind":"urn","spec":"rfc8141","error":{"index":5,"message":"m","kind":"expected","part":"nid"},"namespace":{}}"#,
    r#"record.namespace: {} is not of type "null""#
)]
fn the_validator_refuses_a_broken_record(
    #[case] name: &str,
    #[case] record: &str,
    #[case] why: &str,
) {
    let schema = schema(name);
    let record: Value = serde_json::from_str(record).expect("JSON");
    let refused = validate(&schema, &schema, &record, "record").expect_err("refused");
    assert!(refused.contains(why), "{why:?} in {refused}");
}

/// Every field a schema declares has a type (or a const, an enum, a reference) and a
/// description: the schemas are the documentation of the records.
#[rstest::rstest]
#[case::check("check")]
#[case::find("find")]
#[case::explain("explain")]
fn every_field_is_described(#[case] name: &str) {
    fn walk(schema: &Value, name: &str) {
        let Value::Object(keywords) = schema else {
            return;
        };
        if let Some(Value::Object(properties)) = keywords.get("properties") {
            for (field, field_schema) in properties {
                let typed = ["type", "const", "enum", "$ref"]
                    .iter()
                    .any(|keyword| field_schema.get(keyword).is_some());
                let described =
                    field_schema.get("description").is_some() || field_schema.get("$ref").is_some();
                assert!(
                    typed && described,
                    "{name}: field {field:?}: {field_schema}"
                );
            }
        }
        keywords.values().for_each(|sub| match sub {
            Value::Array(items) => items.iter().for_each(|item| walk(item, name)),
            sub => walk(sub, name),
        });
    }
    let schema = schema(name);
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    walk(&schema, name);
}

/// `oneOf` holds for exactly one of its schemas, not two.
#[test]
fn the_validator_refuses_a_record_two_variants_describe() {
    let schema = serde_json::json!({"oneOf": [{"type": "string"}, {"const": "x"}]});
    assert_eq!(
        validate(&schema, &schema, &Value::from("x"), "record"),
        Err("record: 2 schemas of oneOf hold, not one".to_owned())
    );
    assert_eq!(
        validate(&schema, &schema, &Value::from("y"), "record"),
        Ok(())
    );
}

/// A keyword the validator does not check is refused, not passed over.
#[test]
#[should_panic(expected = "the schema uses \"maxLength\", which this validator does not check")]
fn the_validator_refuses_a_keyword_it_does_not_check() {
    let schema = serde_json::json!({"type": "string", "maxLength": 1});
    let _ = validate(&schema, &schema, &Value::from("xy"), "record");
}
