"""Shared helpers: the repository's test data, read as the Rust tests read it."""

from pathlib import Path

import pytest

#: The repository's root: this file is bindings/python/tests/conftest.py.
REPOSITORY = Path(__file__).resolve().parents[3]
DATA = REPOSITORY / "tests" / "data"


def table(path):
    """The rows of a tab-separated vector file after its `#` comments and its header line,
    as dicts by column name, each with its line number among the data lines (from 1, as the
    Rust tests count them)."""
    lines = [
        (number, line)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if not line.startswith("#")
    ]
    (_, header), *rest = lines
    names = header.split("\t")
    rows = []
    for number, line in rest:
        fields = line.split("\t")
        assert len(fields) == len(names), f"{path.name}:{number}: {line!r}"
        row = dict(zip(names, fields))
        row["line"] = number
        rows.append(row)
    return rows


@pytest.fixture(scope="session")
def repository():
    return REPOSITORY
