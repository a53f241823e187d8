"""check_many and parse_many: the same verdicts and components as one value at a time, from
every container they take."""

import math
import subprocess
import sys

import numpy
import pandas
import pyarrow
import pytest

import urn_tag

from conftest import DATA, table

# Every input of the vector files, valid and invalid, with a few values of every kind.
INPUTS = sorted(
    {row["input"] for row in table(DATA / "peer-urn-vectors.tsv")}
    | {row["input"] for row in table(DATA / "peer-tag-vectors.tsv")}
) + [
    "urn:example:é",
    "urn:example:a\u0301",
    "urn:isbn:978-0-395-36341-6",
    "urn:isbn:978-0-395-36341-7",
    "urn:oid:1.02.3",
    "",
    "tag:yaml.org,2002:int",
    "TAG:yaml.org,2002:int",
    "tag:x",
    "urn",
]
SPECS = ["rfc8141", "rfc2141", "rfc2141bis"]


def parse_one(value, spec="rfc8141", namespaces=False, tag_syntax="rfc4151", scheme=None):
    """What a batch function answers for one value: the identifier, or the error."""
    try:
        if scheme == "urn":
            return urn_tag.Urn.parse(value, spec=spec, namespaces=namespaces)
        if scheme == "tag":
            return urn_tag.TagUri.parse(value, syntax=tag_syntax)
        return urn_tag.parse_identifier(
            value, spec=spec, tag_syntax=tag_syntax, namespaces=namespaces
        )
    except urn_tag.UrnTagError as error:
        return error


def one_by_one(values, **options):
    return [
        value is not None and not isinstance(parse_one(value, **options), urn_tag.UrnTagError)
        for value in values
    ]


@pytest.mark.parametrize("namespaces", [False, True])
@pytest.mark.parametrize("spec", SPECS)
def test_check_many_on_a_list_equals_parse_one_by_one(spec, namespaces):
    expected = one_by_one(INPUTS, spec=spec, namespaces=namespaces)
    assert True in expected and False in expected
    assert urn_tag.check_many(INPUTS, spec=spec, namespaces=namespaces) == expected


@pytest.mark.parametrize("scheme", [None, "urn", "tag"])
@pytest.mark.parametrize("tag_syntax", ["rfc4151", "erratum1485", "lenient"])
def test_check_many_reads_both_schemes_or_the_one_asked_for(tag_syntax, scheme):
    expected = one_by_one(INPUTS, tag_syntax=tag_syntax, scheme=scheme)
    verdicts = urn_tag.check_many(INPUTS, tag_syntax=tag_syntax, scheme=scheme)
    assert verdicts == expected
    by_value = dict(zip(INPUTS, verdicts))
    assert by_value["tag:yaml.org,2002:int"] == (scheme != "urn")
    assert by_value["urn:isbn:978-0-395-36341-6"] == (scheme != "tag")


def test_check_many_refuses_an_unknown_scheme():
    with pytest.raises(ValueError) as raised:
        urn_tag.check_many(["urn:ex:a"], scheme="URN")
    assert str(raised.value) == 'scheme "URN": expected "urn", "tag" or None'


@pytest.mark.parametrize("spec", SPECS)
def test_check_many_on_numpy_arrays_gives_a_bool_array(spec):
    expected = one_by_one(INPUTS, spec=spec)
    for array in [numpy.array(INPUTS, dtype=object), numpy.array(INPUTS)]:
        verdicts = urn_tag.check_many(array, spec=spec)
        assert verdicts.dtype == numpy.bool_
        assert verdicts.tolist() == expected
    # A big-endian unicode array reads the same.
    big_endian = numpy.array(INPUTS).astype(numpy.array(INPUTS).dtype.newbyteorder(">"))
    assert urn_tag.check_many(big_endian, spec=spec).tolist() == expected


def test_check_many_reads_a_wide_numpy_array_a_slice_at_a_time():
    # 300 000 characters make each value 1.2 MB wide: a few values per slice copied out.
    values = ["urn:example:" + "a" * 300_000, "urn:ex:a", "urn:ex:", "urn:ex:\u00e9"] * 5
    expected = one_by_one(values)
    assert urn_tag.check_many(numpy.array(values)).tolist() == expected
    assert urn_tag.parse_many(numpy.array(values)).to_pylist() == component_rows(values)


@pytest.mark.parametrize("arrow_type", [pyarrow.string(), pyarrow.large_string()])
@pytest.mark.parametrize("spec", SPECS)
def test_check_many_on_arrow_arrays_gives_a_boolean_array(spec, arrow_type):
    expected = one_by_one(INPUTS, spec=spec)
    array = pyarrow.array(INPUTS, type=arrow_type)
    verdicts = urn_tag.check_many(array, spec=spec)
    assert verdicts.type == pyarrow.bool_()
    assert verdicts.to_pylist() == expected


def test_check_many_respects_arrow_slices_chunks_and_nulls():
    values = INPUTS[:40] + [None] + INPUTS[40:80]
    expected = one_by_one(values)
    array = pyarrow.array(values)
    assert array.null_count == 1
    assert urn_tag.check_many(array).to_pylist() == expected
    # A slice starts inside the buffers, its null bitmap at an offset that is not a byte's.
    assert urn_tag.check_many(array.slice(13, 50)).to_pylist() == expected[13:63]
    chunked = pyarrow.chunked_array([array.slice(0, 7), array.slice(7, 30), array.slice(37)])
    assert urn_tag.check_many(chunked).to_pylist() == expected
    assert urn_tag.check_many(array.dictionary_encode()).to_pylist() == expected
    if hasattr(pyarrow, "string_view"):
        view = array.cast(pyarrow.string_view())
        assert urn_tag.check_many(view).to_pylist() == expected
    assert urn_tag.check_many(pyarrow.array([], type=pyarrow.string())).to_pylist() == []


def test_importing_the_package_imports_no_optional_library():
    code = (
        "import sys, urn_tag; urn_tag.check_many(['urn:ex:a', None, float('nan')]); "
        "print([m for m in ('numpy', 'pandas', 'pyarrow') if m in sys.modules])"
    )
    answer = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert answer.stdout == "[]\n"


def test_check_many_takes_none_as_invalid_and_any_iterable():
    assert urn_tag.check_many(["urn:ex:a", None]) == [True, False]
    assert urn_tag.check_many(("urn:ex:a", "urn:ex:")) == [True, False]
    assert urn_tag.check_many(iter(["urn:ex:a"])) == [True]
    assert urn_tag.check_many([]) == []


# What pandas and NumPy hold for a missing value, in an object column or array.
MISSING = [None, float("nan"), numpy.float64("nan"), numpy.float32("nan"), pandas.NA, pandas.NaT]


def test_missing_values_are_answered_as_none_is():
    values = ["urn:example:a", *MISSING, "tag:yaml.org,2002:int"]
    expected = [True] + [False] * len(MISSING) + [True]
    assert urn_tag.check_many(values) == expected
    assert urn_tag.check_many(numpy.array(values, dtype=object)).tolist() == expected
    rows = urn_tag.parse_many(values).to_pylist()
    assert rows[1:-1] == [dict.fromkeys(COLUMNS)] * len(MISSING)
    # A number is no missing value, NaN or not.
    with pytest.raises(TypeError) as raised:
        urn_tag.check_many(["urn:ex:a", math.inf])
    assert str(raised.value) == (
        "check_many() expects str values or missing values (None, NaN, pandas.NA); item 1 is float"
    )


@pytest.mark.parametrize(
    "dtype", [object, "string", pandas.StringDtype("pyarrow"), pandas.ArrowDtype(pyarrow.string())]
)
def test_a_series_gives_a_series_with_its_index(dtype):
    values = ["urn:example:a", None, "tag:yaml.org,2002:int", "urn:a:b"]
    series = pandas.Series(values, index=[10, 20, 30, 40], name="id", dtype=dtype)
    verdicts = urn_tag.check_many(series)
    assert isinstance(verdicts, pandas.Series)
    assert verdicts.dtype == bool and verdicts.name == "id"
    assert verdicts.to_dict() == {10: True, 20: False, 30: True, 40: False}
    frame = urn_tag.parse_many(series)
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == COLUMNS and list(frame.index) == [10, 20, 30, 40]
    # Nulls stay null (pandas.NA), in columns of pyarrow types.
    assert frame.dtypes["valid"] == pandas.ArrowDtype(pyarrow.bool_())
    assert frame.dtypes["error_index"] == pandas.ArrowDtype(pyarrow.int64())
    assert plain(frame["nid"]) == ["example", None, None, None]
    assert plain(frame["valid"]) == [True, None, True, False]
    assert plain(frame["error_index"]) == [None, None, None, 5]
    assert frame["authority"][30] == "yaml.org"


def plain(column):
    """A pandas column as a list, its nulls as None."""
    return [None if pandas.isna(value) else value for value in column]


def test_a_series_with_missing_values_of_every_kind():
    series = pandas.Series(["urn:example:a", *MISSING], dtype=object)
    assert urn_tag.check_many(series).tolist() == [True] + [False] * len(MISSING)


def test_check_many_refuses_values_that_are_not_str():
    with pytest.raises(TypeError, match=r"check_many\(\) expects str values .*; item 1 is int"):
        urn_tag.check_many(["urn:ex:a", 42])
    with pytest.raises(TypeError, match=r"item 0 is bytes"):
        urn_tag.check_many([b"urn:ex:a"])
    with pytest.raises(TypeError, match="not a single str"):
        urn_tag.check_many("urn:ex:a")
    with pytest.raises(TypeError, match="not dtype int64"):
        urn_tag.check_many(numpy.array([1, 2], dtype=numpy.int64))
    with pytest.raises(TypeError) as raised:
        urn_tag.check_many(pyarrow.array([1, 2]))
    assert str(raised.value) == (
        "check_many() expects an Arrow array of strings or binary values, not Int64"
    )
    with pytest.raises(ValueError, match="one-dimensional"):
        urn_tag.check_many(numpy.array([["urn:ex:a"]]))


def test_check_many_finds_strings_with_surrogates_invalid():
    assert urn_tag.check_many(["urn:ex:a\ud800", "urn:ex:a"]) == [False, True]
    assert urn_tag.check_many(numpy.array(["urn:ex:a\ud800", "urn:ex:a"])).tolist() == [False, True]


def test_a_numpy_value_past_unicode_is_reported_as_such():
    array = numpy.array(["urn:ex:ab", "tag:a.org,2000:xy"])
    code_points = array.view(numpy.uint32).reshape(2, -1)
    code_points[0, 8] = 0x110000
    code_points[1, 4] = 0xFFFFFFFF
    assert urn_tag.check_many(array).tolist() == [False, False]
    rows = urn_tag.parse_many(array).to_pylist()
    fields = ["valid", "kind", "error_kind", "error_part", "error_index", "error_message"]
    assert [[row[field] for field in fields] for row in rows] == [
        [
            False,
            "urn",
            "invalid_utf8",
            None,
            8,
            "0x110000 is not a Unicode code point (the last is U+10FFFF) at byte 8",
        ],
        [
            False,
            "tag",
            "invalid_utf8",
            None,
            4,
            "0xFFFFFFFF is not a Unicode code point (the last is U+10FFFF) at byte 4",
        ],
    ]


def component_rows(values, **options):
    """What parse_many must give, from the values parsed one at a time."""
    rows = []
    for value in values:
        row = dict.fromkeys(COLUMNS)
        rows.append(row)
        if value is None:
            continue
        parsed = parse_one(value, **options)
        scheme = value[:4].lower()
        row["kind"] = {"urn:": "urn", "tag:": "tag"}.get(scheme)
        if options.get("namespaces") and row["kind"] == "urn":
            row["namespace_checked"] = (
                isinstance(parsed, urn_tag.Urn) and parsed.check_namespace().checked
            )
        if isinstance(parsed, urn_tag.UrnTagError):
            row.update(
                valid=False,
                error_kind=parsed.kind,
                error_part=parsed.part,
                error_index=parsed.index,
                error_message=parsed.message,
            )
            if parsed.kind == "namespace":
                row["namespace_checked"] = True
        elif isinstance(parsed, urn_tag.Urn):
            row.update(
                valid=True,
                spec=parsed.spec,
                nid=parsed.nid,
                nss=parsed.nss,
                r_component=parsed.r_component,
                q_component=parsed.q_component,
                f_component=parsed.f_component,
                query=parsed.query,
                fragment=parsed.fragment,
                nid_class=parsed.nid_class,
                registered=parsed.registered,
                normalized=str(parsed.normalize()),
                equivalence_key=parsed.equivalence_key(),
            )
        else:
            row.update(
                valid=True,
                authority=parsed.authority,
                authority_kind=parsed.authority_kind,
                # In full, with the RFC's defaults: 2001 is 2001-01-01, 2001-07 2001-07-01.
                date=parsed.date_as_written + "-01-01"[len(parsed.date_as_written) - 4 :],
                date_as_written=parsed.date_as_written,
                specific=parsed.specific,
                fragment=parsed.fragment,
            )
    return rows


COLUMNS = [
    "valid",
    "kind",
    "spec",
    "nid",
    "nss",
    "r_component",
    "q_component",
    "f_component",
    "query",
    "fragment",
    "nid_class",
    "registered",
    "normalized",
    "equivalence_key",
    "authority",
    "authority_kind",
    "date",
    "date_as_written",
    "specific",
    "namespace_checked",
    "error_kind",
    "error_part",
    "error_index",
    "error_message",
]


@pytest.mark.parametrize("namespaces", [False, True])
@pytest.mark.parametrize("spec", SPECS)
def test_parse_many_gives_a_table_of_what_parse_gives(spec, namespaces):
    values = INPUTS + [None]
    parsed = urn_tag.parse_many(values, spec=spec, namespaces=namespaces)
    assert isinstance(parsed, pyarrow.Table)
    assert parsed.column_names == COLUMNS
    assert parsed.schema.field("valid").type == pyarrow.bool_()
    assert parsed.schema.field("registered").type == pyarrow.bool_()
    assert parsed.schema.field("nid").type == pyarrow.string()
    assert parsed.schema.field("error_index").type == pyarrow.int64()
    assert parsed.to_pylist() == component_rows(values, spec=spec, namespaces=namespaces)


@pytest.mark.parametrize("scheme", ["urn", "tag"])
def test_parse_many_reads_the_scheme_asked_for(scheme):
    parsed = urn_tag.parse_many(INPUTS, scheme=scheme, tag_syntax="lenient")
    assert parsed.to_pylist() == component_rows(INPUTS, scheme=scheme, tag_syntax="lenient")


def test_parse_many_reads_every_container_alike():
    expected = component_rows(INPUTS)
    for values in [
        pyarrow.array(INPUTS),
        pyarrow.chunked_array([INPUTS[:5], INPUTS[5:]]),
        numpy.array(INPUTS),
        numpy.array(INPUTS, dtype=object),
    ]:
        assert urn_tag.parse_many(values).to_pylist() == expected


def test_parse_many_reports_surrogates_as_invalid_utf8():
    row = urn_tag.parse_many(["urn:ex:a\udc00"]).to_pylist()[0]
    assert (row["valid"], row["error_kind"], row["error_part"], row["error_index"]) == (
        False,
        "invalid_utf8",
        None,
        8,
    )
    assert row["error_message"] == (
        "lone surrogate U+DC00 is not Unicode text (it has no UTF-8) at byte 8"
    )


def test_parse_many_without_pyarrow_gives_lists(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pyarrow(name, *arguments, **keywords):
        if name == "pyarrow":
            raise ImportError("no pyarrow")
        return real_import(name, *arguments, **keywords)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    values = ["urn:example:a?=q", "urn:example:", None]
    columns = urn_tag.parse_many(values)
    assert list(columns) == COLUMNS
    rows = [dict(zip(columns, row)) for row in zip(*columns.values())]
    assert rows == component_rows(values)
