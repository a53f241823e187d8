"""The recipes of docs/at-scale.md run as they are written: each Python block, on its own."""

import re
import sys

import pytest

from conftest import REPOSITORY

PAGE = REPOSITORY / "docs" / "at-scale.md"


def recipes():
    """Each Python block of the page, with the heading it is under."""
    heading = ""
    blocks = []
    pattern = r"^(#+ [^\n]*|```python\n.*?^```)$"
    for part in re.split(pattern, PAGE.read_text(encoding="utf-8"), flags=re.M | re.S):
        if part.startswith("#"):
            heading = part.lstrip("# ")
        elif part.startswith("```python"):
            blocks.append(pytest.param(part[len("```python\n") : -3], id=f"{heading}"))
    return blocks


def test_every_engine_has_a_recipe():
    assert [block.id for block in recipes()] == [
        "Arrow, without a copy",
        "Polars",
        "Polars",
        "DuckDB",
        "DuckDB",
        "Native: the functions as DuckDB's own",
        "Spark",
        "In the JVM: no Python worker",
    ]


@pytest.mark.parametrize("recipe", recipes())
def test_recipe_runs_as_written(recipe, monkeypatch):
    # Spark starts its Python workers with `python3` from PATH, which in an activated virtual
    # environment is the one the recipe runs in; the tests run its interpreter by path, without
    # activating it, so they name it as activation would.
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    try:
        exec(compile(recipe, str(PAGE), "exec"), {"__name__": "recipe"})
    finally:
        # A recipe's Spark session is not left to the Spark tests.
        pyspark_sql = sys.modules.get("pyspark.sql")
        if pyspark_sql is not None and pyspark_sql.SparkSession.getActiveSession() is not None:
            pyspark_sql.SparkSession.getActiveSession().stop()
