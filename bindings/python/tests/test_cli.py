"""The batch functions against the command line: `urn-tag check --json` and `parse_many` on the
same inputs give the same verdicts, the same fields and, for an invalid input, the same error
verbatim; `check_many` the same verdicts.

The command line is the debug build `cargo build --features cli` makes (CI builds it before the
package's tests), or the binary URN_TAG_CLI names."""

import json
import os
import subprocess
from pathlib import Path

import pytest

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


@pytest.fixture(scope="session")
def cli():
    assert CLI.exists(), f"{CLI} is missing: build it with cargo build --features cli"
    return CLI


def check_json(cli, inputs, options):
    """The records of `urn-tag check --json OPTIONS` on `inputs`, one line each, without what
    only a line has (`file`, `line`) or only the command line reports (`input`, `lints`)."""
    answer = subprocess.run(
        [cli, "check", "--json", *options, "-"],
        input="\n".join(inputs) + "\n",
        capture_output=True,
        encoding="utf-8",
        check=False,
    )
    assert answer.returncode in (0, 1), answer.stderr
    records = []
    for line in answer.stdout.splitlines():
        record = json.loads(line)
        for field in ["input", "file", "line", "lints"]:
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


@pytest.mark.parametrize("namespaces", [False, True])
@pytest.mark.parametrize(
    ("spec", "tag_syntax"),
    [("rfc8141", "rfc4151"), ("rfc2141", "erratum1485"), ("rfc2141bis", "lenient")],
)
def test_parse_many_gives_the_fields_of_check_json(cli, spec, tag_syntax, namespaces):
    options = ["--spec", spec, "--tag-syntax", tag_syntax] + ["--namespaces"] * namespaces
    records = check_json(cli, INPUTS, options)
    assert {record["valid"] for record in records} == {True, False}
    rows = urn_tag.parse_many(INPUTS, spec=spec, tag_syntax=tag_syntax, namespaces=namespaces)
    for text, row, record in zip(INPUTS, rows.to_pylist(), records):
        assert present(row) == present(record), text
    verdicts = urn_tag.check_many(INPUTS, spec=spec, tag_syntax=tag_syntax, namespaces=namespaces)
    assert verdicts == [record["valid"] for record in records]
