"""The DuckDB SQL functions, held to `urn-tag check --json` on the same rows, on one thread and
two, with NULLs (a NULL gives a NULL), the options given at registration, and an empty table;
each as Python functions over Arrow and, where the database loads unsigned extensions, with the
`*_valid` functions native (the module loaded as a DuckDB extension)."""

import random

import duckdb
import pytest

import urn_tag
import urn_tag.duckdb

from records import ROWS, answers_of, expected, one_scheme

UNSIGNED = {"allow_unsigned_extensions": True}


def connect(native):
    return duckdb.connect(config=UNSIGNED if native else {})


@pytest.fixture(params=[False, True], ids=["arrow", "native"])
def native(request):
    return request.param


@pytest.fixture
def con(native):
    con = connect(native)
    con.execute("CREATE TABLE ids (n INTEGER, id VARCHAR)")
    con.executemany("INSERT INTO ids VALUES (?, ?)", list(enumerate(ROWS)))
    return con


EXTENSION = ["urn_tag_valid", "urn_tag_error", "urn_tag_equivalence_key"]


def function_types(con, prefix=""):
    """The kind of each function `register` adds under `prefix`, and of the extension's own."""
    names = [prefix + name for name, _, _ in urn_tag.duckdb.FUNCTIONS] + EXTENSION
    rows = con.execute(
        "SELECT function_name, function_type FROM duckdb_functions() "
        "WHERE list_contains(?, function_name) ORDER BY 1",
        [names],
    ).fetchall()
    return dict(rows)


def duckdb_answers(con, function):
    rows = con.execute(f"SELECT {function}(id) FROM ids ORDER BY n").fetchall()
    return [row[0] for row in rows]


@pytest.mark.parametrize("threads", [1, 2])
def test_duckdb_functions_answer_as_the_command_line(con, native, threads):
    con.execute(f"SET threads = {threads}")
    urn_tag.duckdb.register(con, threads=threads, native=native)
    for name, question, scheme in urn_tag.duckdb.FUNCTIONS:
        if scheme is None:
            want = expected(question, ROWS)
        else:
            want = one_scheme(question, ROWS, scheme)
        assert answers_of(question, duckdb_answers(con, name)) == want, name


def test_duckdb_options_at_registration(con, native):
    urn_tag.duckdb.register(con, spec="rfc2141", namespaces=True, prefix="old_", native=native)
    urn_tag.duckdb.register(con, native=native)
    options = {"spec": "rfc2141", "namespaces": True}
    assert duckdb_answers(con, "old_identifier_valid") == expected("valid", ROWS, **options)
    assert duckdb_answers(con, "identifier_valid") == expected("valid", ROWS)
    assert duckdb_answers(con, "old_identifier_valid") != duckdb_answers(con, "identifier_valid")
    struct = con.execute("SELECT typeof(urn_parse(id)) FROM ids LIMIT 1").fetchone()[0]
    assert duckdb.sqltype(struct) == duckdb.sqltype(urn_tag.duckdb.row_type())


def test_duckdb_on_an_empty_table_and_on_nulls(native):
    con = connect(native)
    urn_tag.duckdb.register(con, native=native)
    con.execute("CREATE TABLE empty (id VARCHAR)")
    assert con.execute("SELECT urn_valid(id) FROM empty").fetchall() == []
    assert con.execute("SELECT urn_valid(NULL), urn_parse(NULL), urn_error(NULL)").fetchone() == (
        None,
        None,
        None,
    )


def test_duckdb_blob_columns_are_refused_and_decode_checks_utf8(native):
    # A VARCHAR in DuckDB is always UTF-8: bytes reach the functions only through decode(), which
    # refuses bytes that are not UTF-8 with DuckDB's own error.
    con = connect(native)
    urn_tag.duckdb.register(con, native=native)
    con.execute("CREATE TABLE blobs (n INTEGER, id BLOB)")
    con.execute(
        "INSERT INTO blobs VALUES (0, 'urn:isbn:0451450523'::BLOB), (1, 'urn:example:a\\xFF'::BLOB)"
    )
    # The native function is reached through a macro: the binder names the function itself.
    refused = r"urn_tag_valid\(BLOB, " if native else r"urn_valid\(BLOB\)"
    with pytest.raises(duckdb.BinderException, match=refused):
        con.execute("SELECT urn_valid(id) FROM blobs")
    with pytest.raises(duckdb.ConversionException, match="invalid UTF8"):
        con.execute("SELECT urn_valid(decode(id)) FROM blobs").fetchall()
    answers = con.execute("SELECT urn_valid(try(decode(id))) FROM blobs ORDER BY n").fetchall()
    assert answers == [(True,), (None,)]


def test_duckdb_functions_are_native_when_asked_for():
    arrow = duckdb.connect(config=UNSIGNED)
    urn_tag.duckdb.register(arrow)
    assert function_types(arrow) == {name: "scalar" for name, _, _ in urn_tag.duckdb.FUNCTIONS}
    native = connect(True)
    urn_tag.duckdb.register(native, spec="rfc2141", namespaces=True, prefix="old_", native=True)
    assert function_types(native, "old_") == {
        **{
            "old_" + name: "scalar" if question == "parse" else "macro"
            for name, question, _ in urn_tag.duckdb.FUNCTIONS
        },
        **{name: "scalar" for name in EXTENSION},
    }
    definitions = dict(
        native.execute(
            "SELECT function_name, macro_definition FROM duckdb_functions() "
            "WHERE function_type = 'macro' AND function_name LIKE 'old_%'"
        ).fetchall()
    )
    assert definitions["old_urn_valid"] == (
        """urn_tag_valid("value", 'urn', 'rfc2141', 'rfc4151', true)"""
    )
    assert definitions["old_tag_error"] == (
        """urn_tag_error("value", 'tag', 'rfc2141', 'rfc4151', true)"""
    )
    assert definitions["old_identifier_equivalence_key"] == (
        """urn_tag_equivalence_key("value", 'identifier', 'rfc2141', 'rfc4151', true)"""
    )


def test_duckdb_native_asked_for_where_the_database_refuses_it():
    con = duckdb.connect()
    message = (
        "urn_tag.duckdb.register(native=True): this database does not load unsigned extensions; "
        "open it with duckdb.connect(config={'allow_unsigned_extensions': True})"
    )
    with pytest.raises(duckdb.InvalidInputException) as refused:
        urn_tag.duckdb.register(con, native=True)
    assert str(refused.value) == message
    # Nothing was registered, and the connection still answers.
    assert function_types(con) == {}
    assert con.execute("SELECT 1").fetchall() == [(1,)]


def test_duckdb_native_on_many_chunks_with_nulls_and_readings_row_by_row():
    # 5 000 rows: three of DuckDB's chunks (2 048 rows), NULLs in every word of the validity
    # masks, and the reading's arguments changing from row to row, as the macros never make them.
    con = connect(True)
    urn_tag.duckdb.register(con, native=True)
    inputs = [row for row in ROWS if row is not None]
    specs = ["rfc8141", "rfc2141", "RFC2141bis"]
    rows = [
        (n, None if n % 7 == 3 else inputs[n % len(inputs)], specs[n // 5 % 3], n % 11 == 0)
        for n in range(5000)
    ]
    con.execute("CREATE TABLE many (n INTEGER, id VARCHAR, spec VARCHAR, namespaces BOOLEAN)")
    con.executemany("INSERT INTO many VALUES (?, ?, ?, ?)", rows)
    answers = con.execute(
        "SELECT urn_tag_valid(id, 'identifier', spec, 'rfc4151', namespaces) FROM many ORDER BY n"
    ).fetchall()
    want = {
        (spec, namespaces): dict(
            zip(inputs, expected("valid", inputs, spec=spec.lower(), namespaces=namespaces))
        )
        for spec in specs
        for namespaces in (False, True)
    }
    assert [answer for (answer,) in answers] == [
        None if text is None else want[spec, namespaces][text] for _, text, spec, namespaces in rows
    ]
    # The error and key functions, on the same rows, answer as the Arrow functions do.
    urn_tag.duckdb.register(con, prefix="arrow_")
    for native_function, arrow_function in [
        ("urn_tag_error(id, 'identifier', 'rfc8141', 'rfc4151', false)", "arrow_identifier_error"),
        (
            "urn_tag_equivalence_key(id, 'identifier', 'rfc8141', 'rfc4151', false)",
            "arrow_identifier_equivalence_key",
        ),
    ]:
        both = con.execute(
            f"SELECT {native_function}, {arrow_function}(id) FROM many ORDER BY n"
        ).fetchall()
        assert all(native == arrow for native, arrow in both), native_function
        assert sum(native is not None for native, _ in both) > 1000, native_function
    # A NULL among the reading's arguments gives a NULL too.
    nulls = con.execute(
        "SELECT urn_tag_valid('urn:isbn:0451450523', 'urn', NULL, 'rfc4151', false), "
        "urn_tag_valid('urn:isbn:0451450523', 'urn', 'rfc8141', 'rfc4151', NULL)"
    ).fetchall()
    assert nulls == [(None, None)]


@pytest.mark.parametrize(
    "arguments, message",
    [
        (
            "'urn', 'rfc9999', 'rfc4151'",
            'urn_tag_valid: spec "rfc9999": unknown URN syntax '
            "(expected rfc8141, rfc2141 or rfc2141bis)",
        ),
        (
            "'urn', 'rfc8141', 'strict'",
            'urn_tag_valid: tag_syntax "strict": unknown tag syntax '
            "(expected rfc4151, erratum1485 or lenient)",
        ),
        (
            "'doi', 'rfc8141', 'rfc4151'",
            "urn_tag_valid: scheme \"doi\": expected 'urn', 'tag' or 'identifier'",
        ),
    ],
)
def test_duckdb_native_refuses_a_wrong_name_with_the_querys_error(arguments, message):
    con = connect(True)
    urn_tag.duckdb.register(con, native=True)
    with pytest.raises(duckdb.InvalidInputException) as refused:
        con.execute(f"SELECT urn_tag_valid('urn:isbn:0451450523', {arguments}, false)").fetchall()
    assert str(refused.value) == "Invalid Input Error: " + message
    # The connection, and the function, still answer.
    assert con.execute("SELECT urn_valid('urn:isbn:0451450523')").fetchall() == [(True,)]


def test_duckdb_native_functions_are_each_connections_own():
    # The extension is loaded once per database; the macros are each connection's own (the
    # Arrow functions, the database's, need another prefix on a second connection).
    con = connect(True)
    urn_tag.duckdb.register(con, native=True)
    cursor = con.cursor()
    assert con.execute("SELECT urn_valid('urn:example:a?=b')").fetchall() == [(True,)]
    with pytest.raises(duckdb.CatalogException, match="urn_valid does not exist"):
        cursor.execute("SELECT urn_valid('urn:example:a?=b')").fetchall()
    urn_tag.duckdb.register(cursor, spec="rfc2141", prefix="old_", native=True)
    assert cursor.execute("SELECT old_urn_valid('urn:example:a?=b')").fetchall() == [(False,)]
    assert con.execute("SELECT urn_valid('urn:example:a?=b')").fetchall() == [(True,)]


def test_duckdb_extension_footer():
    footer = urn_tag.duckdb._footer("linux_amd64")
    assert len(footer) == 512
    fields = [footer[i * 32 : (i + 1) * 32].rstrip(b"\0") for i in range(8)]
    # DuckDB reads the eight fields last to first.
    assert fields[::-1] == [
        b"4",
        b"linux_amd64",
        b"v1.2.0",
        ("v" + urn_tag.__version__).encode(),
        b"C_STRUCT",
        b"",
        b"",
        b"",
    ]
    assert footer[256:] == bytes(256)
    with pytest.raises(ValueError, match="a platform name longer than 32 bytes"):
        urn_tag.duckdb._footer("x" * 33)


def test_duckdb_native_reads_strings_in_place_and_behind_pointers():
    # DuckDB keeps a string of up to 12 bytes inside its 16-byte entry, a longer one behind a
    # pointer: every length from 0 to 40, around that boundary, valid and not.
    con = connect(True)
    urn_tag.duckdb.register(con, native=True)
    urn = "urn:example:abcdefghijklmnopqrstuvwxyz0123"
    texts = [urn[:length] for length in range(41)] + [urn[:length] + "%" for length in range(41)]
    con.execute("CREATE TABLE lengths (n INTEGER, id VARCHAR)")
    con.executemany("INSERT INTO lengths VALUES (?, ?)", list(enumerate(texts)))
    answers = con.execute("SELECT urn_valid(id) FROM lengths ORDER BY n").fetchall()
    assert [answer for (answer,) in answers] == urn_tag.check_many(texts, scheme="urn")


def test_duckdb_native_leaves_nothing_in_a_database_file(tmp_path):
    # The extension is loaded into the running database and the macros are temporary: a file
    # opened again has neither.
    path = str(tmp_path / "ids.duckdb")
    con = duckdb.connect(path, config=UNSIGNED)
    urn_tag.duckdb.register(con, native=True)
    con.execute("CREATE TABLE ids AS SELECT 'urn:isbn:0451450523' AS id")
    assert con.execute("SELECT urn_valid(id) FROM ids").fetchall() == [(True,)]
    con.close()
    again = duckdb.connect(path)
    assert function_types(again) == {}
    assert again.execute("SELECT id FROM ids").fetchall() == [("urn:isbn:0451450523",)]


def test_duckdb_native_agrees_with_check_many_on_random_strings():
    # Around URNs and tags: ASCII, percent signs, and characters of two, three and four bytes,
    # which take the native function's UTF-8 check instead of its ASCII shortcut.
    generator = random.Random(8141)
    alphabet = "urnURNtag:-.%2Fa0zZ9?+=#/@,é€😀 "
    starts = ["urn:", "urn:example:", "URN:ISBN:", "tag:", "tag:yaml.org,2002:", ""]
    texts = [
        generator.choice(starts)
        + "".join(generator.choice(alphabet) for _ in range(generator.randrange(30)))
        for _ in range(3000)
    ]
    con = connect(True)
    urn_tag.duckdb.register(con, native=True, namespaces=True)
    con.execute("CREATE TABLE random (n INTEGER, id VARCHAR)")
    con.executemany("INSERT INTO random VALUES (?, ?)", list(enumerate(texts)))
    urn_tag.duckdb.register(con, namespaces=True, prefix="arrow_")
    for function in ["identifier_error", "identifier_equivalence_key"]:
        both = con.execute(f"SELECT {function}(id), arrow_{function}(id) FROM random").fetchall()
        assert all(native == arrow for native, arrow in both), function
    answers = con.execute("SELECT identifier_valid(id) FROM random ORDER BY n").fetchall()
    want = urn_tag.check_many(texts, namespaces=True)
    assert [answer for (answer,) in answers] == want
    # Both verdicts, and both paths to them, are among the strings (170 valid; 2 021 not ASCII).
    assert 100 < sum(want) < 2900
    assert 1000 < sum(not text.isascii() for text in texts) < 2900
