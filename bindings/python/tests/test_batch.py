"""check_many and parse_many: the same verdicts and components as one value at a time, from
every container they take."""

import numpy
import pyarrow
import pytest

import urn_tag

from conftest import DATA, table

# Every input of the vector files, valid and invalid, with a few values of every kind.
INPUTS = sorted({row["input"] for row in table(DATA / "peer-urn-vectors.tsv")}) + [
    "urn:example:é",
    "urn:example:a\u0301",
    "urn:isbn:978-0-395-36341-6",
    "urn:isbn:978-0-395-36341-7",
    "urn:oid:1.02.3",
    "",
    "tag:yaml.org,2002:int",
]
SPECS = ["rfc8141", "rfc2141", "rfc2141bis"]


def one_by_one(values, spec="rfc8141", namespaces=False):
    verdicts = []
    for value in values:
        try:
            urn_tag.Urn.parse(value, spec=spec, namespaces=namespaces)
            verdicts.append(True)
        except (urn_tag.UrnTagError, TypeError):
            verdicts.append(False)
    return verdicts


@pytest.mark.parametrize("namespaces", [False, True])
@pytest.mark.parametrize("spec", SPECS)
def test_check_many_on_a_list_equals_parse_one_by_one(spec, namespaces):
    expected = one_by_one(INPUTS, spec, namespaces)
    assert True in expected and False in expected
    assert urn_tag.check_many(INPUTS, spec=spec, namespaces=namespaces) == expected


@pytest.mark.parametrize("spec", SPECS)
def test_check_many_on_numpy_arrays_gives_a_bool_array(spec):
    expected = one_by_one(INPUTS, spec)
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
    expected = one_by_one(INPUTS, spec)
    array = pyarrow.array(INPUTS, type=arrow_type)
    verdicts = urn_tag.check_many(array, spec=spec)
    assert verdicts.type == pyarrow.bool_()
    assert verdicts.to_pylist() == expected


def test_check_many_respects_arrow_slices_chunks_and_nulls():
    values = INPUTS[:40] + [None] + INPUTS[40:80]
    expected = [False if value is None else ok for value, ok in zip(values, one_by_one(values))]
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


def test_check_many_takes_none_as_invalid_and_any_iterable():
    assert urn_tag.check_many(["urn:ex:a", None]) == [True, False]
    assert urn_tag.check_many(("urn:ex:a", "urn:ex:")) == [True, False]
    assert urn_tag.check_many(iter(["urn:ex:a"])) == [True]
    assert urn_tag.check_many([]) == []


def test_check_many_refuses_values_that_are_not_str():
    with pytest.raises(
        TypeError, match=r"check_many\(\) expects str or None values; item 1 is int"
    ):
        urn_tag.check_many(["urn:ex:a", 42])
    with pytest.raises(TypeError, match=r"item 0 is bytes"):
        urn_tag.check_many([b"urn:ex:a"])
    with pytest.raises(TypeError, match="not a single str"):
        urn_tag.check_many("urn:ex:a")
    with pytest.raises(TypeError, match="not dtype int64"):
        urn_tag.check_many(numpy.array([1, 2], dtype=numpy.int64))
    with pytest.raises(TypeError, match="Arrow string array, not int64"):
        urn_tag.check_many(pyarrow.array([1, 2]))
    with pytest.raises(ValueError, match="one-dimensional"):
        urn_tag.check_many(numpy.array([["urn:ex:a"]]))


def test_check_many_finds_strings_with_surrogates_invalid():
    assert urn_tag.check_many(["urn:ex:a\ud800", "urn:ex:a"]) == [False, True]
    assert urn_tag.check_many(numpy.array(["urn:ex:a\ud800", "urn:ex:a"])).tolist() == [False, True]


def component_rows(values, spec="rfc8141", namespaces=False):
    """What parse_many must give, from Urn.parse one value at a time."""
    rows = []
    for value in values:
        if value is None:
            rows.append(dict.fromkeys(COLUMNS))
            continue
        try:
            urn = urn_tag.Urn.parse(value, spec=spec, namespaces=namespaces)
        except urn_tag.UrnTagError as error:
            row = dict.fromkeys(COLUMNS)
            row.update(
                valid=False,
                error_kind=error.kind,
                error_part=error.part,
                error_index=error.index,
                error_message=error.message,
            )
            rows.append(row)
            continue
        row = dict.fromkeys(COLUMNS)
        row.update(
            valid=True,
            nid=urn.nid,
            nss=urn.nss,
            r_component=urn.r_component,
            q_component=urn.q_component,
            f_component=urn.f_component,
            query=urn.query,
            fragment=urn.fragment,
            equivalence_key=urn.equivalence_key(),
        )
        rows.append(row)
    return rows


COLUMNS = [
    "valid",
    "nid",
    "nss",
    "r_component",
    "q_component",
    "f_component",
    "query",
    "fragment",
    "equivalence_key",
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
    assert parsed.schema.field("nid").type == pyarrow.string()
    assert parsed.schema.field("error_index").type == pyarrow.int64()
    assert parsed.to_pylist() == component_rows(values, spec, namespaces)


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
