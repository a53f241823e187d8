"""Shared helpers: the repository's test data, read as the Rust tests read it."""

import os
from pathlib import Path

import pytest

#: The repository's root: this file is bindings/python/tests/conftest.py.
REPOSITORY = Path(__file__).resolve().parents[3]
DATA = REPOSITORY / "tests" / "data"

#: urn-tag-spark.jar, as bindings/jvm/build.sh builds it (CI builds it before these tests; the
#: release's test of the wheel names its own with URN_TAG_SPARK_JAR).
SPARK_JAR = Path(
    os.environ.get("URN_TAG_SPARK_JAR")
    or REPOSITORY / "bindings" / "jvm" / "target" / "urn-tag-spark.jar"
)

# A JVM's classpath is set when it starts, by the first Spark session of the process, whichever
# test (a Spark test, a recipe of docs/at-scale.md) starts one: every one starts with the jar.
if SPARK_JAR.is_file():
    os.environ["PYSPARK_SUBMIT_ARGS"] = f"--jars {SPARK_JAR} pyspark-shell"


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
