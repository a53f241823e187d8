"""The batch functions against the command line: `urn-tag check --json` and `parse_many` on the
same inputs give the same verdicts, the same fields and, for an invalid input, the same error
verbatim; `check_many` the same verdicts."""

import pytest

import urn_tag

from records import INPUTS, check_json, cli_options, present


@pytest.mark.parametrize("namespaces", [False, True])
@pytest.mark.parametrize(
    ("spec", "tag_syntax"),
    [("rfc8141", "rfc4151"), ("rfc2141", "erratum1485"), ("rfc2141bis", "lenient")],
)
def test_parse_many_gives_the_fields_of_check_json(spec, tag_syntax, namespaces):
    records = check_json(tuple(INPUTS), tuple(cli_options(spec, tag_syntax, namespaces)))
    assert {record["valid"] for record in records} == {True, False}
    rows = urn_tag.parse_many(INPUTS, spec=spec, tag_syntax=tag_syntax, namespaces=namespaces)
    for text, row, record in zip(INPUTS, rows.to_pylist(), records):
        assert present(row) == present(record), text
    verdicts = urn_tag.check_many(INPUTS, spec=spec, tag_syntax=tag_syntax, namespaces=namespaces)
    assert verdicts == [record["valid"] for record in records]
