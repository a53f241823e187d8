"""The Polars namespace `urn_tag` on expressions and series, held to `urn-tag check --json` on
the same rows: eager, lazy and on the streaming engine, with nulls (a null gives a null), every
option, categorical, binary, chunked, sliced and empty columns."""

import polars as pl
import pytest

import urn_tag
import urn_tag.polars

from records import BINARY, METHODS, QUESTIONS, ROWS, answers_of, expected, one_scheme


def polars_answers(frame, question, **options):
    method = getattr(pl.col("id").urn_tag, METHODS[question])
    return frame.select(method(**options)).to_series()


@pytest.mark.parametrize("question", QUESTIONS)
def test_polars_expressions_answer_as_the_command_line(question):
    frame = pl.DataFrame({"id": ROWS}, schema={"id": pl.String})
    want = expected(question, ROWS)
    eager = polars_answers(frame, question)
    assert answers_of(question, eager.to_list()) == want
    method = getattr(pl.col("id").urn_tag, METHODS[question])
    lazy = frame.lazy().select(method())
    assert answers_of(question, lazy.collect().to_series().to_list()) == want
    streaming = lazy.collect(engine="streaming").to_series()
    assert answers_of(question, streaming.to_list()) == want
    series = getattr(frame["id"].urn_tag, METHODS[question])()
    assert series.name == "id"
    assert answers_of(question, series.to_list()) == want


def test_polars_types_and_options():
    frame = pl.DataFrame({"id": ROWS}, schema={"id": pl.String})
    types = frame.select(
        valid=pl.col("id").urn_tag.is_valid(),
        parsed=pl.col("id").urn_tag.parse(),
        error=pl.col("id").urn_tag.error(),
        key=pl.col("id").urn_tag.equivalence_key(),
    ).schema
    assert types == {
        "valid": pl.Boolean,
        "parsed": urn_tag.polars.row_dtype(),
        "error": pl.String,
        "key": pl.String,
    }
    options = {"spec": "rfc2141", "tag_syntax": "lenient", "namespaces": True}
    for question in QUESTIONS:
        answers = polars_answers(frame, question, threads=2, **options).to_list()
        assert answers_of(question, answers) == expected(question, ROWS, **options)
    for scheme in ("urn", "tag"):
        answers = polars_answers(frame, "valid", scheme=scheme).to_list()
        assert answers == one_scheme("valid", ROWS, scheme)


def through(form, series, method, **options):
    """`method` of the namespace on `series`: on the series itself, or as an expression (the
    plugin) in an eager query or on the streaming engine."""
    if form == "series":
        return getattr(series.urn_tag, method)(**options)
    expression = getattr(pl.col(series.name).urn_tag, method)(**options)
    frame = series.to_frame()
    if form == "eager":
        return frame.select(expression).to_series()
    return frame.lazy().select(expression).collect(engine="streaming").to_series()


FORMS = ["series", "eager", "streaming"]


@pytest.mark.parametrize("form", FORMS)
def test_polars_categorical_binary_chunked_sliced_and_empty_columns(form):
    want = expected("valid", ROWS)
    categorical = pl.Series("id", ROWS, dtype=pl.String).cast(pl.Categorical)
    assert through(form, categorical, "is_valid").to_list() == want
    halves = pl.concat([pl.Series("id", ROWS[:40]), pl.Series("id", ROWS[40:])], rechunk=False)
    assert halves.n_chunks() == 2
    assert through(form, halves, "is_valid").to_list() == want
    assert through(form, halves.slice(30, 20), "is_valid").to_list() == want[30:50]
    empty = pl.Series("id", [], dtype=pl.String)
    assert through(form, empty, "is_valid").to_list() == []
    assert through(form, empty, "parse").dtype == urn_tag.polars.row_dtype()
    # A column of nothing but nulls has the null type.
    nulls = pl.Series("id", [None, None])
    assert nulls.dtype == pl.Null
    assert through(form, nulls, "is_valid").to_list() == [None, None]
    assert through(form, nulls, "parse").to_list() == [None, None]
    assert urn_tag.check_many(nulls).to_list() == [False, False]
    binary = pl.Series("id", BINARY, dtype=pl.Binary)
    rows = through(form, binary, "parse").to_list()
    assert answers_of("parse", rows) == expected("parse", BINARY)
    errors = through(form, binary, "error").to_list()
    assert answers_of("error", errors) == expected("error", BINARY)


def test_polars_streaming_batches_of_a_long_column_answer_in_order():
    # 250 000 rows with nulls, the test rows over and over: the streaming engine cuts them
    # into batches (of 100 000 rows by default) that run on every core; the answers must come
    # back in the rows' order.
    cycle = [*ROWS, None, "urn:example:last"]
    rows = [cycle[i % len(cycle)] for i in range(250_000)]
    series = pl.Series("id", rows, dtype=pl.String)
    answers = expected("valid", cycle)
    want = [answers[i % len(cycle)] for i in range(len(rows))]
    for form in ("eager", "streaming"):
        assert through(form, series, "is_valid").to_list() == want
        assert through(form, series, "is_valid", threads=2).to_list() == want


def test_polars_options_are_checked_where_the_expression_is_built():
    with pytest.raises(ValueError) as raised:
        pl.col("id").urn_tag.is_valid(spec="rfc9999")
    assert str(raised.value) == (
        'spec "rfc9999": unknown URN syntax (expected rfc8141, rfc2141 or rfc2141bis)'
    )
    with pytest.raises(ValueError, match="^threads must be at least 1$"):
        pl.col("id").urn_tag.parse(threads=0)


def test_polars_columns_of_other_types_are_refused_by_the_function_asked():
    with pytest.raises(TypeError) as raised:
        pl.Series("id", [1, 2]).urn_tag.error()
    assert str(raised.value) == (
        "error() expects an Arrow array of strings or binary values, not Int64"
    )
    # An expression is a plugin, whose errors Polars raises as its own.
    with pytest.raises(pl.exceptions.ComputeError) as raised:
        pl.DataFrame({"id": [1, 2]}).select(pl.col("id").urn_tag.is_valid())
    assert str(raised.value) == (
        "the plugin failed with message: "
        "is_valid() expects a column of strings or binary values, not Int64"
    )
