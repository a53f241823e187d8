"""The PySpark column functions against the command line, on a `local[2]` session: each function
on the same rows as `urn-tag check --json`, nulls among them, in more than one batch and
partition; the Java functions of urn-tag-spark.jar the same way; and the message of an import
from a zip archive, as Spark's --py-files makes one."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

import urn_tag
import urn_tag.spark

from conftest import SPARK_JAR
from records import BINARY, METHODS, QUESTIONS, ROWS, answers_of, expected, one_scheme


@pytest.fixture(scope="module")
def spark():
    # The Python workers run this interpreter, where the package is installed.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    # With urn-tag-spark.jar on its classpath when there is one (conftest.py).
    session = (
        SparkSession.builder.master("local[2]")
        .appName("urn_tag tests")
        .config("spark.driver.memory", "1g")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        # Small batches, so that every partition crosses to Python in several.
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "16")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def ids(spark):
    rows = [(n, value) for n, value in enumerate(ROWS)]
    return spark.createDataFrame(rows, "n int, id string").repartition(2)


def spark_answers(ids, function):
    ordered = ids.select("n", function.alias("answer")).orderBy("n").collect()
    return [
        row["answer"].asDict() if hasattr(row["answer"], "asDict") else row["answer"]
        for row in ordered
    ]


def assert_functions_answer_as_the_command_line(frame, values):
    for question in QUESTIONS:
        function = getattr(urn_tag.spark, METHODS[question])
        answers = spark_answers(frame, function("id"))
        assert answers_of(question, answers) == expected(question, values), question


def test_spark_functions_answer_as_the_command_line(ids):
    assert_functions_answer_as_the_command_line(ids, ROWS)


@pytest.fixture(scope="module")
def binary_ids(spark):
    return spark.createDataFrame(list(enumerate(BINARY)), "n int, id binary")


def test_spark_binary_values_that_are_not_utf8_are_invalid(binary_ids):
    assert_functions_answer_as_the_command_line(binary_ids, BINARY)


def test_spark_functions_on_pandas_udf_where_arrow_udf_is_missing(ids, binary_ids, monkeypatch):
    # Spark before 4.1 has no arrow_udf: the functions are pandas UDFs there.
    monkeypatch.delattr(urn_tag.spark.functions, "arrow_udf", raising=False)
    assert_functions_answer_as_the_command_line(ids, ROWS)
    assert_functions_answer_as_the_command_line(binary_ids, BINARY)


def test_spark_on_an_empty_frame_and_a_column_of_nulls(spark):
    empty = spark.createDataFrame([], "n int, id string")
    assert empty.select(urn_tag.spark.parse("id")).collect() == []
    nulls = spark.createDataFrame([(0, None), (1, None)], "n int, id string")
    assert spark_answers(nulls, urn_tag.spark.is_valid("id")) == [None, None]


def test_spark_options(ids):
    options = {"spec": "rfc2141", "tag_syntax": "lenient", "namespaces": True}
    answers = spark_answers(ids, urn_tag.spark.parse("id", threads=2, **options))
    assert answers_of("parse", answers) == expected("parse", ROWS, **options)
    answers = spark_answers(ids, urn_tag.spark.is_valid("id", scheme="tag"))
    assert answers == one_scheme("valid", ROWS, "tag")


def test_spark_struct_type_is_the_rows(spark):
    frame = spark.createDataFrame([("urn:example:a",)], "id string")
    parsed = frame.select(urn_tag.spark.parse("id").alias("p"))
    assert parsed.schema["p"].dataType.simpleString() == urn_tag.spark.row_type()


def test_importing_from_a_zip_archive_says_what_to_do(tmp_path):
    # What --py-files does with a wheel: the archive itself goes on sys.path.
    package = Path(urn_tag.__file__).parent
    archive = tmp_path / "urn_tag-0-cp39-abi3-linux_x86_64.whl"
    with zipfile.ZipFile(archive, "w") as wheel:
        for path in package.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                wheel.write(path, Path("urn_tag") / path.relative_to(package))
    answer = subprocess.run(
        [sys.executable, "-c", "import urn_tag"],
        env={**os.environ, "PYTHONPATH": str(archive)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert answer.returncode == 1
    last_line = answer.stderr.strip().splitlines()[-1]
    assert last_line == (
        f"ImportError: urn_tag is being imported from the zip archive {archive}, and its native "
        "module cannot load from a zip archive: install the wheel (pip install) where Python "
        "runs, or unpack it into a directory on sys.path (for Spark: see 'Clusters' in the "
        "urn-tag repository's docs/at-scale.md)"
    )


@pytest.fixture(scope="module")
def jvm(spark):
    assert SPARK_JAR.is_file(), (
        f"no {SPARK_JAR}: build it with bindings/jvm/build.sh, or name it in URN_TAG_SPARK_JAR"
    )
    urn_tag.spark.register_jvm(spark)
    return spark


JVM_QUESTIONS = [question for question in QUESTIONS if question != "parse"]


@pytest.mark.parametrize("question", JVM_QUESTIONS)
def test_spark_jvm_functions_answer_as_the_command_line(jvm, ids, binary_ids, question):
    function = getattr(urn_tag.spark, METHODS[question])
    answers = spark_answers(ids, function("id", jvm=True))
    assert answers_of(question, answers) == expected(question, ROWS)
    # A binary column's values are read as the bytes they are: not UTF-8, invalid.
    answers = spark_answers(binary_ids, function("id", jvm=True))
    assert answers_of(question, answers) == expected(question, BINARY)
    options = {"spec": "rfc2141", "tag_syntax": "lenient", "namespaces": True}
    answers = spark_answers(ids, function("id", jvm=True, **options))
    assert answers_of(question, answers) == expected(question, ROWS, **options)
    for scheme in ("urn", "tag"):
        answers = spark_answers(ids, function("id", jvm=True, scheme=scheme))
        assert answers_of(question, answers) == one_scheme(question, ROWS, scheme)


def test_spark_jvm_functions_in_sql(jvm, ids):
    ids.createOrReplaceTempView("ids")
    rows = jvm.sql(
        "SELECT n, urn_tag_valid(id, 'urn', 'rfc8141', 'rfc4151', false) AS valid, "
        "urn_tag_error(id, 'identifier', 'rfc8141', 'rfc4151', false) AS error, "
        "urn_tag_valid(id, 'urn', 'rfc8141', 'rfc4151', NULL) AS unknown FROM ids ORDER BY n"
    ).collect()
    assert [row["valid"] for row in rows] == one_scheme("valid", ROWS, "urn")
    assert [row["error"] for row in rows] == expected("error", ROWS)
    # A null argument gives a null, as Spark's functions do.
    assert {row["unknown"] for row in rows} == {None}


def test_spark_jvm_function_with_an_unknown_syntax_fails_the_query_and_says_why(jvm):
    with pytest.raises(Exception) as raised:
        jvm.sql("SELECT urn_tag_valid('urn:a:b', 'urn', 'rfc9999', 'rfc4151', false)").collect()
    assert 'spec "rfc9999": unknown URN syntax (expected rfc8141, rfc2141 or rfc2141bis)' in str(
        raised.value
    )


def test_spark_register_jvm_says_when_the_jar_is_missing(spark, monkeypatch):
    monkeypatch.setattr(
        urn_tag.spark, "JVM_FUNCTIONS", {"urn_tag_missing": ("urntag.spark.Missing", "boolean")}
    )
    with pytest.raises(RuntimeError) as raised:
        urn_tag.spark.register_jvm(spark)
    assert str(raised.value) == (
        "urn_tag.spark.register_jvm: the session cannot load urntag.spark.Missing: start the "
        "process's first session with urn-tag-spark.jar on its classpath, "
        '.config("spark.jars", "/path/to/urn-tag-spark.jar") '
        "(bindings/jvm/build.sh builds the jar)"
    )
