"""URN and tag URI checks as PySpark column functions.

::

    from pyspark.sql import SparkSession
    import urn_tag.spark as urn_spark

    spark = SparkSession.builder.getOrCreate()
    frame = spark.createDataFrame([("urn:isbn:0451450523",), ("urn:a:b",)], ["id"])
    frame.select(urn_spark.is_valid("id"), urn_spark.error("id")).show()

Each function takes a column (or its name) and the options of :func:`urn_tag.check_many`
(``spec``, ``namespaces``, ``tag_syntax``, ``scheme``, ``threads``) and gives a column:

* ``is_valid(col)``: ``boolean``;
* ``parse(col)``: a ``struct`` of the fields of ``urn-tag check --json``'s records (those of
  :func:`urn_tag.parse_many`);
* ``error(col)``: the error's message as a ``string``, null for a valid identifier;
* ``equivalence_key(col)``: what equivalence compares (a URN's key, a tag's own text), null
  for an invalid value.

A null gives a null, as Spark's functions do. They are Arrow UDFs (``arrow_udf``, Spark 4.1
and later; a ``pandas_udf`` on earlier versions): each batch of rows reaches the native module
as Arrow, read in place.

With ``jvm=True``, ``is_valid``, ``error`` and ``equivalence_key`` are instead the Java
functions of ``urn-tag-spark.jar`` (built by ``bindings/jvm/build.sh``), which run in the
executors' JVM on each row where it is, and reach the library through JNI, with no Python
worker: Spark's handing of every batch to Python and back, which an Arrow UDF pays, took
longer than a third of Spark's own regex. The session must have the jar on its classpath from
its start (a JVM's classpath is set by the first session of the process), and the functions
registered once per session::

    spark = SparkSession.builder.config("spark.jars", "/path/to/urn-tag-spark.jar").getOrCreate()
    urn_spark.register_jvm(spark)
    frame.select(urn_spark.is_valid("id", jvm=True))
    spark.sql("SELECT urn_tag_valid(id, 'urn', 'rfc8141', 'rfc4151', false) FROM ids")

In SQL the registered functions take the value (a string, or a binary value's bytes as they
are), the scheme (``'urn'``, ``'tag'`` or
``'identifier'``: either, by the value's own), the URN syntax, the tag syntax and the
namespaces flag: ``urn_tag_valid`` (``boolean``), ``urn_tag_error`` and
``urn_tag_equivalence_key`` (``string``).

The Python workers import ``urn_tag`` themselves, so every executor needs it installed: see
docs/at-scale.md for clusters (a package in the cluster's image or environment, or a packed
virtual environment through ``spark.archives``). A wheel given to ``--py-files`` cannot work:
Python imports it as a zip archive, from which no native module loads, and ``import urn_tag``
says so.
"""

from pyspark.sql import functions

from urn_tag._engines import QUESTIONS, Options, answer, row_fields

__all__ = ["equivalence_key", "error", "is_valid", "parse", "register_jvm", "row_type"]

#: The Java functions of urn-tag-spark.jar, by the name each is registered under, with the
#: SQL type it gives.
JVM_FUNCTIONS = {
    "urn_tag_valid": ("urntag.spark.Valid", "boolean"),
    "urn_tag_error": ("urntag.spark.ErrorMessage", "string"),
    "urn_tag_equivalence_key": ("urntag.spark.EquivalenceKey", "string"),
}

_JVM_NAMES = {"valid": "urn_tag_valid", "error": "urn_tag_error", "key": "urn_tag_equivalence_key"}


def register_jvm(spark):
    """Registers the Java functions of urn-tag-spark.jar on ``spark``, whose session must have
    been started with the jar on its classpath (``spark.jars``): ``urn_tag_valid``,
    ``urn_tag_error`` and ``urn_tag_equivalence_key``, in SQL and for ``jvm=True``."""
    from pyspark.sql.types import _parse_datatype_string

    for name, (java_class, sql_type) in JVM_FUNCTIONS.items():
        try:
            spark.udf.registerJavaFunction(name, java_class, _parse_datatype_string(sql_type))
        except Exception as error:
            if java_class not in str(error):
                raise
            raise RuntimeError(
                f"urn_tag.spark.register_jvm: the session cannot load {java_class}: start the "
                "process's first session with urn-tag-spark.jar on its classpath, "
                '.config("spark.jars", "/path/to/urn-tag-spark.jar") '
                "(bindings/jvm/build.sh builds the jar)"
            ) from None


def row_type():
    """The Spark SQL type of :func:`parse`'s struct, as a DDL string."""
    types = {"bool": "boolean", "string": "string", "int64": "bigint"}
    return "struct<{}>".format(",".join(f"{name}:{kind}" for name, kind in row_fields(types)))


def is_valid(
    col,
    spec="rfc8141",
    namespaces=False,
    *,
    tag_syntax="rfc4151",
    scheme=None,
    threads=1,
    jvm=False,
):
    """Whether each value is a valid URN or tag URI (as :func:`urn_tag.check_many`)."""
    return _column(col, Options("is_valid", spec, namespaces, tag_syntax, scheme, threads), jvm)


def parse(col, spec="rfc8141", namespaces=False, *, tag_syntax="rfc4151", scheme=None, threads=1):
    """The fields of each value, as a struct (those of :func:`urn_tag.parse_many`)."""
    return _column(col, Options("parse", spec, namespaces, tag_syntax, scheme, threads))


def error(
    col,
    spec="rfc8141",
    namespaces=False,
    *,
    tag_syntax="rfc4151",
    scheme=None,
    threads=1,
    jvm=False,
):
    """The message of each value's error; null for a valid identifier."""
    return _column(col, Options("error", spec, namespaces, tag_syntax, scheme, threads), jvm)


def equivalence_key(
    col,
    spec="rfc8141",
    namespaces=False,
    *,
    tag_syntax="rfc4151",
    scheme=None,
    threads=1,
    jvm=False,
):
    """What equivalence compares: a URN's equivalence key, a tag's own text; null for an
    invalid value."""
    options = Options("equivalence_key", spec, namespaces, tag_syntax, scheme, threads)
    return _column(col, options, jvm)


_RETURN_TYPES = {"valid": "boolean", "error": "string", "key": "string"}


def _column(col, options, jvm=False):
    question = QUESTIONS[options.function]
    if jvm:
        # The Java function registered by register_jvm, the reading spelled out as its SQL
        # arguments (threads: the executors' own).
        return functions.call_function(
            _JVM_NAMES[question],
            functions.col(col) if isinstance(col, str) else col,
            functions.lit(options.scheme or "identifier"),
            functions.lit(options.spec),
            functions.lit(options.tag_syntax),
            functions.lit(options.namespaces),
        )
    return_type = row_type() if question == "parse" else _RETURN_TYPES[question]
    if hasattr(functions, "arrow_udf"):
        return functions.arrow_udf(_arrow_function(question, options), return_type)(col)
    column = functions.col(col) if isinstance(col, str) else col
    answers = functions.pandas_udf(_pandas_function(question, options), return_type)(column)
    if question == "parse":
        # A pandas UDF gives a struct as a DataFrame, whose rows cannot be null: a null value's
        # row of nulls is made a null here.
        return functions.when(column.isNotNull(), answers)
    return answers


def _arrow_function(question, options):
    import pyarrow

    def function(values: pyarrow.Array) -> pyarrow.Array:
        return pyarrow.chunked_array(answer(values, question, options)).combine_chunks()

    return function


def _pandas_function(question, options):
    import pandas
    import pyarrow

    def function(values: pandas.Series) -> pandas.Series:
        # Strings or bytes, as the column holds (a batch of nothing but nulls: the null type).
        arrow = pyarrow.array(values, from_pandas=True)
        answers = pyarrow.chunked_array(answer(arrow, question, options))
        if question == "parse":
            return pyarrow.Table.from_struct_array(answers).to_pandas()
        return answers.to_pandas()

    return function
