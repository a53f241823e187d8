"""The DuckDB SQL functions, held to `urn-tag check --json` on the same rows, on one thread and
two, with NULLs (a NULL gives a NULL), the options given at registration, and an empty table."""

import duckdb
import pytest

import urn_tag
import urn_tag.duckdb

from records import ROWS, answers_of, expected, one_scheme


@pytest.fixture
def con():
    con = duckdb.connect()
    con.execute("CREATE TABLE ids (n INTEGER, id VARCHAR)")
    con.executemany("INSERT INTO ids VALUES (?, ?)", list(enumerate(ROWS)))
    return con


def duckdb_answers(con, function):
    rows = con.execute(f"SELECT {function}(id) FROM ids ORDER BY n").fetchall()
    return [row[0] for row in rows]


@pytest.mark.parametrize("threads", [1, 2])
def test_duckdb_functions_answer_as_the_command_line(con, threads):
    con.execute(f"SET threads = {threads}")
    urn_tag.duckdb.register(con, threads=threads)
    for name, question, scheme in urn_tag.duckdb.FUNCTIONS:
        if scheme is None:
            want = expected(question, ROWS)
        else:
            want = one_scheme(question, ROWS, scheme)
        assert answers_of(question, duckdb_answers(con, name)) == want, name


def test_duckdb_options_at_registration(con):
    urn_tag.duckdb.register(con, spec="rfc2141", namespaces=True, prefix="old_")
    urn_tag.duckdb.register(con)
    options = {"spec": "rfc2141", "namespaces": True}
    assert duckdb_answers(con, "old_identifier_valid") == expected("valid", ROWS, **options)
    assert duckdb_answers(con, "identifier_valid") == expected("valid", ROWS)
    assert duckdb_answers(con, "old_identifier_valid") != duckdb_answers(con, "identifier_valid")
    struct = con.execute("SELECT typeof(urn_parse(id)) FROM ids LIMIT 1").fetchone()[0]
    assert duckdb.sqltype(struct) == duckdb.sqltype(urn_tag.duckdb.row_type())


def test_duckdb_on_an_empty_table_and_on_nulls():
    con = duckdb.connect()
    urn_tag.duckdb.register(con)
    con.execute("CREATE TABLE empty (id VARCHAR)")
    assert con.execute("SELECT urn_valid(id) FROM empty").fetchall() == []
    assert con.execute("SELECT urn_valid(NULL), urn_parse(NULL), urn_error(NULL)").fetchone() == (
        None,
        None,
        None,
    )


def test_duckdb_blob_columns_are_refused_and_decode_checks_utf8():
    # A VARCHAR in DuckDB is always UTF-8: bytes reach the functions only through decode(), which
    # refuses bytes that are not UTF-8 with DuckDB's own error.
    con = duckdb.connect()
    urn_tag.duckdb.register(con)
    con.execute("CREATE TABLE blobs (n INTEGER, id BLOB)")
    con.execute(
        "INSERT INTO blobs VALUES (0, 'urn:isbn:0451450523'::BLOB), (1, 'urn:example:a\\xFF'::BLOB)"
    )
    with pytest.raises(duckdb.BinderException, match=r"urn_valid\(BLOB\)"):
        con.execute("SELECT urn_valid(id) FROM blobs")
    with pytest.raises(duckdb.ConversionException, match="invalid UTF8"):
        con.execute("SELECT urn_valid(decode(id)) FROM blobs").fetchall()
    answers = con.execute("SELECT urn_valid(try(decode(id))) FROM blobs ORDER BY n").fetchall()
    assert answers == [(True,), (None,)]
