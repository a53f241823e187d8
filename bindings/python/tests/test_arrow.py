"""Arrow in and out: check_many and parse_many on Arrow arrays of every layout through the
Arrow PyCapsule interface, held to `urn-tag check --json` on the same rows, with nulls (invalid,
in check_many), sliced and chunked arrays, empty inputs, binary values that are not UTF-8, and
on more than one thread."""

import subprocess
import sys

import pyarrow
import pytest

import urn_tag

from records import BINARY, ROWS, answers_of, expected


def arrow_layouts(values):
    array = pyarrow.array(values, type=pyarrow.string())
    layouts = {
        "string": array,
        "large_string": array.cast(pyarrow.large_string()),
        "dictionary": array.dictionary_encode(),
        "chunked": pyarrow.chunked_array([array.slice(0, 7), array.slice(7, 40), array.slice(47)]),
    }
    if hasattr(pyarrow, "string_view"):
        layouts["string_view"] = array.cast(pyarrow.string_view())
    return layouts


@pytest.mark.parametrize(
    "layout", ["string", "large_string", "dictionary", "chunked", "string_view"]
)
def test_check_many_and_parse_many_on_every_arrow_layout(layout):
    layouts = arrow_layouts(ROWS)
    if layout not in layouts:
        pytest.fail(f"pyarrow {pyarrow.__version__} has no {layout}")
    values = layouts[layout]
    verdicts = urn_tag.check_many(values)
    # check_many: a null is not a valid identifier.
    assert verdicts.to_pylist() == [bool(v) for v in expected("valid", ROWS)]
    assert verdicts.null_count == 0
    rows = urn_tag.parse_many(values)
    assert answers_of("parse", rows.to_pylist()) == expected("parse", ROWS)
    if layout == "chunked":
        assert isinstance(verdicts, pyarrow.ChunkedArray)
        assert isinstance(rows, pyarrow.ChunkedArray)
    else:
        assert isinstance(verdicts, pyarrow.BooleanArray)
        assert isinstance(rows, pyarrow.StructArray)


def test_sliced_arrays_are_read_from_their_offset():
    array = pyarrow.array(ROWS)
    # A slice starts inside the buffers, its null bitmap at an offset that is not a byte's.
    for start, length in [(13, 50), (1, 1), (61, 9), (len(ROWS) - 3, 3)]:
        part = array.slice(start, length)
        want = ROWS[start : start + length]
        assert urn_tag.check_many(part).to_pylist() == [bool(v) for v in expected("valid", want)]
        rows = urn_tag.parse_many(part).to_pylist()
        assert answers_of("parse", rows) == expected("parse", want)


def test_empty_arrays_give_empty_answers():
    for values in [
        pyarrow.array([], pyarrow.string()),
        pyarrow.chunked_array([], pyarrow.string()),
    ]:
        assert len(urn_tag.check_many(values)) == 0
        assert len(urn_tag.parse_many(values)) == 0
    assert urn_tag.check_many([]) == []


def test_an_array_of_the_null_type_is_all_missing():
    # What pyarrow infers for a column of nothing but missing values.
    values = pyarrow.array([None, None])
    assert values.type == pyarrow.null()
    assert urn_tag.check_many(values).to_pylist() == [False, False]
    assert urn_tag.parse_many(values).to_pylist() == [None, None]


@pytest.mark.parametrize("arrow_type", ["binary", "large_binary", "binary_view"])
def test_binary_values_that_are_not_utf8_are_invalid_utf8(arrow_type):
    if not hasattr(pyarrow, arrow_type):
        pytest.fail(f"pyarrow {pyarrow.__version__} has no {arrow_type}")
    values = pyarrow.array(BINARY, type=getattr(pyarrow, arrow_type)())
    assert urn_tag.check_many(values).to_pylist() == [bool(v) for v in expected("valid", BINARY)]
    rows = urn_tag.parse_many(values).to_pylist()
    assert answers_of("parse", rows) == expected("parse", BINARY)
    assert rows[0]["error_message"] == "invalid UTF-8 at byte 13"


def test_a_string_column_that_is_not_utf8_is_read_as_bytes():
    # A producer may hand over a `string` array whose bytes are not UTF-8: each value is checked
    # as bytes, never trusted.
    binary = pyarrow.array(BINARY, type=pyarrow.binary())
    lying = pyarrow.Array.from_buffers(
        pyarrow.string(), len(binary), binary.buffers(), null_count=binary.null_count
    )
    assert urn_tag.check_many(lying).to_pylist() == [bool(v) for v in expected("valid", BINARY)]


@pytest.mark.parametrize("arrow_type", ["string", "large_string"])
def test_a_null_is_not_valid_whatever_bytes_lie_under_it(arrow_type):
    # Arrow leaves what lies under a null unspecified: here, a valid URN, which the verdicts
    # (read for every value before the nulls are masked out) must not show through.
    import numpy

    text = b"urn:ex:aurn:ex:burn:ex"
    width = numpy.int32 if arrow_type == "string" else numpy.int64
    offsets = pyarrow.py_buffer(numpy.array([0, 8, 16, 22], dtype=width).tobytes())
    validity = pyarrow.py_buffer(bytes([0b101]))
    array = pyarrow.Array.from_buffers(
        getattr(pyarrow, arrow_type)(), 3, [validity, offsets, pyarrow.py_buffer(text)]
    )
    assert array.to_pylist() == ["urn:ex:a", None, "urn:ex"]
    assert urn_tag.check_many(array).to_pylist() == [True, False, False]
    # The engines' functions keep the null.
    from urn_tag._engines import Options, answer

    answers = pyarrow.chunked_array(answer(array, "valid", Options("is_valid")))
    assert answers.to_pylist() == [True, None, False]


def test_a_stream_of_one_column_records_is_that_column():
    table = pyarrow.table({"id": pyarrow.array(ROWS)})
    reader = pyarrow.RecordBatchReader.from_batches(table.schema, table.to_batches())
    assert urn_tag.check_many(reader).to_pylist() == [bool(v) for v in expected("valid", ROWS)]


def test_columns_of_other_types_are_refused():
    with pytest.raises(TypeError) as raised:
        urn_tag.check_many(pyarrow.array([[1], [2]]))
    assert str(raised.value) == (
        "check_many() expects an Arrow array of strings or binary values, not List(Int64)"
    )


@pytest.mark.parametrize("question", ["valid", "parse"])
def test_threads_give_the_answers_of_one_thread(question):
    # Enough values for three threads (16 Ki values each at least), cut into tasks inside
    # chunks and across them.
    many = ROWS * 64
    array = pyarrow.array(many)
    chunked = pyarrow.chunked_array([array.slice(0, 1_001), array.slice(1_001)])
    function = urn_tag.check_many if question == "valid" else urn_tag.parse_many
    one = function(chunked, threads=1)
    for threads in (2, 3, 8):
        assert function(chunked, threads=threads).equals(one)
    assert function(many, threads=3) == function(many)
    for threads in (0, -1):
        with pytest.raises(ValueError, match="^threads must be at least 1$"):
            function(array, threads=threads)


# Any producer of Arrow data, through the PyCapsule interface, without pyarrow in between.


def test_a_polars_series_gives_a_polars_series():
    import polars as pl

    series = pl.Series("id", ROWS, dtype=pl.String)
    verdicts = urn_tag.check_many(series, threads=2)
    assert isinstance(verdicts, pl.Series)
    assert (verdicts.name, verdicts.dtype) == ("id", pl.Boolean)
    assert verdicts.to_list() == [bool(v) for v in expected("valid", ROWS)]
    rows = urn_tag.parse_many(series)
    assert isinstance(rows, pl.Series)
    assert answers_of("parse", rows.to_list()) == expected("parse", ROWS)


def test_a_pandas_series_of_arrow_strings_is_read_in_place():
    import pandas

    series = pandas.Series(
        ROWS, dtype=pandas.ArrowDtype(pyarrow.string()), index=range(5, 5 + len(ROWS))
    )
    verdicts = urn_tag.check_many(series)
    assert list(verdicts.index) == list(series.index)
    assert verdicts.tolist() == [bool(v) for v in expected("valid", ROWS)]
    rows = urn_tag.parse_many(series)
    assert list(rows.index) == list(series.index)
    assert rows["error_message"].tolist()[1:4] == [
        row.get("error_message") for row in expected("parse", ROWS)[1:4]
    ]


def test_a_duckdb_relation_of_one_column_is_that_column():
    import duckdb

    con = duckdb.connect()
    con.execute("CREATE TABLE ids (n INTEGER, id VARCHAR)")
    con.executemany("INSERT INTO ids VALUES (?, ?)", list(enumerate(ROWS)))
    relation = con.sql("SELECT id FROM ids ORDER BY n")
    verdicts = urn_tag.check_many(relation)
    assert isinstance(verdicts, pyarrow.ChunkedArray)
    assert verdicts.to_pylist() == [bool(v) for v in expected("valid", ROWS)]


def test_without_pyarrow_arrow_in_still_gives_arrow_out():
    # pyarrow made impossible to import: a Polars series still gives a Polars series, and any
    # other producer an object that exports the answers as an Arrow stream.
    program = """
import sys
sys.modules["pyarrow"] = None
import polars as pl
import urn_tag
series = pl.Series("id", ["urn:example:a", None, "urn:x"])
print(urn_tag.check_many(series).to_list())

class Producer:
    def __arrow_c_stream__(self, requested_schema=None):
        return series.__arrow_c_stream__(requested_schema)

answers = urn_tag.check_many(Producer())
print(type(answers).__name__, pl.Series(answers).to_list())
"""
    answer = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False
    )
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.splitlines() == [
        "[True, False, False]",
        "ChunkedArray [True, False, False]",
    ]
