"""What the command line answers: `urn-tag check --json`'s records on the tests' inputs, the
reference every batch and engine function is held to.

The command line is the debug build `cargo build --features cli` makes (CI builds it before the
package's tests), or the binary URN_TAG_CLI names."""

import functools
import json
import os
import subprocess
from pathlib import Path

import urn_tag

from conftest import DATA, REPOSITORY, table

CLI = Path(os.environ.get("URN_TAG_CLI", REPOSITORY / "target" / "debug" / "urn-tag"))

# Every input of the vector files, and a few that are hard on the schemes and on encodings;
# one per line for the command line, so none holds a line break or is blank (which it skips).
INPUTS = [
    text
    for text in sorted(
        {row["input"] for row in table(DATA / "peer-urn-vectors.tsv")}
        | {row["input"] for row in table(DATA / "peer-tag-vectors.tsv")}
        | {
            "urn:example:é",
            "urn:isbn:978-0-395-36341-6",
            "urn:isbn:978-0-395-36341-7",
            "urn:oid:1.02.3",
            "urn:broadband-forum-org:cwmp:datamodel-1-5",
            "URN:ISSN:0167-6423",
            "TAG:yaml.org,2002:int",
            "tag:x",
            "tag:timothy@hpl.hp.com,2001:web/externalHome#top",
            "urn",
            "x",
            " urn:ex:a",
        }
    )
    if text.strip() and "\n" not in text and "\r" not in text
]

# The inputs with nulls among them, at the start, inside and at the end: what the engines'
# tests hold each function to.
ROWS = [None, *INPUTS[:60], None, *INPUTS[60:], None]

# Bytes that are not UTF-8, in binary columns: invalid, with the command line's error.
BINARY = [b"urn:example:a\xffb", b"\xff", b"tag:\xfe", b"urn:example:a", None, b"urn:\xc3"]

#: The engines' functions, by the question each asks (the questions of `expected`).
METHODS = {"valid": "is_valid", "parse": "parse", "error": "error", "key": "equivalence_key"}
QUESTIONS = list(METHODS)


def cli_options(spec="rfc8141", tag_syntax="rfc4151", namespaces=False):
    return ["--spec", spec, "--tag-syntax", tag_syntax] + ["--namespaces"] * namespaces


@functools.cache
def check_json(inputs, options=()):
    """The records of `urn-tag check --json OPTIONS` on `inputs` (a tuple of str or bytes), one
    line each, without what only a line has (`file`, `line`) or only the command line reports
    (`input`, `input_lossy`, `lints`), the error object's fields flattened as `error_kind`, ...
    """
    assert CLI.exists(), f"{CLI} is missing: build it with cargo build --features cli"
    lines = [text if isinstance(text, bytes) else text.encode() for text in inputs]
    answer = subprocess.run(
        [CLI, "check", "--json", *options, "-"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        check=False,
    )
    assert answer.returncode in (0, 1), answer.stderr
    records = []
    for line in answer.stdout.decode().splitlines():
        record = json.loads(line)
        for field in ["input", "input_lossy", "file", "line", "lints"]:
            record.pop(field, None)
        error = record.pop("error", None)
        if error is not None:
            record.update({f"error_{name}": value for name, value in error.items()})
        records.append(record)
    assert len(records) == len(inputs)
    return records


def present(row):
    """A row or a record without its nulls: a record leaves out the fields that its kind of
    identifier does not have, where a row has a null."""
    return {name: value for name, value in row.items() if value is not None}


def expected(question, values, spec="rfc8141", tag_syntax="rfc4151", namespaces=False):
    """What an engine's function answers for each of `values` (str, bytes or None): the
    command line's verdict, record or message, and None for None. For `key`, a URN's
    equivalence key and a tag's own text."""
    texts = tuple(value for value in values if value is not None)
    records = iter(check_json(texts, tuple(cli_options(spec, tag_syntax, namespaces))))
    answers = []
    for value in values:
        if value is None:
            answers.append(None)
            continue
        record = next(records)
        if question == "valid":
            answers.append(record["valid"])
        elif question == "error":
            answers.append(record.get("error_message"))
        elif question == "key":
            if not record["valid"]:
                answers.append(None)
            elif record["kind"] == "tag":
                answers.append(value if isinstance(value, str) else value.decode())
            else:
                answers.append(record["equivalence_key"])
        else:
            answers.append(present(record))
    return answers


def answers_of(question, rows):
    """Rows of an engine's answers to `question` in the form `expected` gives."""
    if question == "parse":
        return [None if row is None else present(row) for row in rows]
    return list(rows)


def one_scheme(question, values, scheme, namespaces=False, **options):
    """What a function reading one scheme answers: the command line's answer for a value of
    that scheme, and for any other the error of that scheme's parser."""
    answers = expected(question, values, namespaces=namespaces, **options)
    parse = urn_tag.Urn.parse if scheme == "urn" else urn_tag.TagUri.parse
    for i, value in enumerate(values):
        if value is None or value[:4].lower() == f"{scheme}:":
            continue
        try:
            parse(value)
        except urn_tag.UrnTagError as error:
            kind = {"urn:": "urn", "tag:": "tag"}.get(value[:4].lower())
            row = {
                "valid": False,
                "kind": kind,
                "error_kind": error.kind,
                "error_part": error.part,
                "error_index": error.index,
                "error_message": error.message,
            }
            if namespaces and kind == "urn":
                row["namespace_checked"] = False
            answers[i] = {"valid": False, "error": error.message, "key": None}.get(
                question, present(row)
            )
    return answers
