"""urn_tag inside the data engines, each beside the engine's own regex, in one run.

The corpus: 2 000 000 URNs of the command-line benchmark's generator (`corpus::generated`), every
tenth made invalid at its last byte (`corpus::invalidated`), written by the binding crate's
`bench_corpus` example, which also gives `RFC8141_REGEX`, the RFC 8141 ABNF as one regular
expression (the regex a user of each engine would write: its syntax is that of Rust's `regex`,
RE2 and Java alike).

Each engine's row pairs are timed in the same process, alternating, in every round:

* `urn-tag check --quiet` on the corpus file, and `check_many` on a pyarrow string array of
  the same rows (threads=1 and 2);
* Polars: `str.contains(regex)` against `urn_tag.is_valid()` (threads=1 and 2), eager and on
  the streaming engine, counting the true rows;
* DuckDB (a table of the rows): `count_if(regexp_full_match(id, regex))` against
  `count_if(urn_valid(id))`, with `SET threads = 1` and `2` (the function registered with its
  default threads=1: DuckDB hands it 2048 rows at a time, from each of its threads at once),
  and the same registered with `native=True` (the module loaded as a DuckDB extension);
* Spark `local[2]` (the rows cached from a Parquet file): `count_if(rlike(id, regex))` against
  `count_if(is_valid(id))`, and (Spark 4.1 and later) an Arrow UDF that checks nothing: the
  cost of Spark's transfer of the rows to a Python worker and back, which `is_valid` pays too;
  and `is_valid(id, jvm=True)`, the Java function of urn-tag-spark.jar (`bindings/jvm/build.sh`
  builds it; `URN_TAG_SPARK_JAR` names another), when the jar is there.

Every pair first checks its counts: the engine's regex and urn_tag must agree on the corpus (it
has no URN where the ABNF and the library differ), else the script stops. The table gives each
row's median round and its ratio to its regex (below 1: urn_tag is faster).

Run from the repository's root after `pip install './bindings/python' polars duckdb pyspark`
and `cargo build --release --features cli`:

    python bindings/python/benches/engines.py [--rounds 5] [--skip spark]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from common import BINDING, REPOSITORY, corpus_tool, timed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--skip", action="append", default=[], help="polars, duckdb or spark")
    parser.add_argument("--cli", default=str(REPOSITORY / "target" / "release" / "urn-tag"))
    options = parser.parse_args()

    corpus_file = BINDING / "target" / f"urns-{options.count}-10.txt"
    if not corpus_file.exists():
        corpus_file.parent.mkdir(parents=True, exist_ok=True)
        corpus_file.write_text(corpus_tool(str(options.count), "--invalid-every", "10"))
    regex = corpus_tool("--regex").strip()
    lines = corpus_file.read_text().splitlines()
    assert len(lines) == options.count

    import pyarrow

    import urn_tag

    arrow = pyarrow.array(lines, type=pyarrow.string())
    valid_count = sum(urn_tag.check_many(lines))
    pairs = {}
    # Rows that count something else than the valid rows, and what they count.
    counts = {}

    def cli():
        with corpus_file.open("rb") as stdin:
            status = subprocess.run([options.cli, "check", "--quiet"], stdin=stdin)
        assert status.returncode == 1, "a tenth of the rows are invalid"
        return valid_count

    def check_many(threads):
        return lambda: urn_tag.check_many(arrow, threads=threads).true_count

    pairs["check_many, pyarrow array"] = [
        ("urn-tag check --quiet, file", cli),
        ("check_many(threads=1)", check_many(1)),
        ("check_many(threads=2)", check_many(2)),
    ]

    if "polars" not in options.skip:
        import polars as pl

        import urn_tag.polars  # noqa: F401

        frame = pl.DataFrame({"id": lines})
        lazy = frame.lazy()

        def polars_count(expression, streaming=False):
            if streaming:
                query = lazy.select(expression.sum())
                return lambda: query.collect(engine="streaming").item()
            return lambda: frame.select(expression.sum()).item()

        regex_expression = pl.col("id").str.contains(regex)
        for streaming in (False, True):
            label = "Polars streaming" if streaming else "Polars"
            pairs[label] = [
                ("str.contains(regex)", polars_count(regex_expression, streaming)),
            ] + [
                (
                    f"urn_tag.is_valid(threads={threads})",
                    polars_count(pl.col("id").urn_tag.is_valid(threads=threads), streaming),
                )
                for threads in (1, 2)
            ]

    if "duckdb" not in options.skip:
        import duckdb

        import urn_tag.duckdb

        for threads in (1, 2):
            con = duckdb.connect(config={"allow_unsigned_extensions": True})
            con.execute(f"SET threads = {threads}")
            urn_tag.duckdb.register(con)
            urn_tag.duckdb.register(con, prefix="native_", native=True)
            con.register("corpus", pyarrow.table({"id": arrow}))
            con.execute("CREATE TABLE ids AS SELECT id FROM corpus")
            con.unregister("corpus")

            def duckdb_count(expression, con=con):
                query = f"SELECT count_if({expression}) FROM ids"
                return lambda: con.execute(query).fetchone()[0]

            literal = regex.replace("'", "''")
            pairs[f"DuckDB, SET threads = {threads}"] = [
                (
                    "regexp_full_match(id, regex)",
                    duckdb_count(f"regexp_full_match(id, '{literal}')"),
                ),
                ("urn_valid(id)", duckdb_count("urn_valid(id)")),
                ("urn_valid(id), native", duckdb_count("native_urn_valid(id)")),
            ]

    spark = None
    if "spark" not in options.skip:
        from pyspark.sql import SparkSession
        from pyspark.sql import functions as F

        import urn_tag.spark

        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        jar = Path(
            os.environ.get("URN_TAG_SPARK_JAR")
            or REPOSITORY / "bindings" / "jvm" / "target" / "urn-tag-spark.jar"
        )
        builder = SparkSession.builder
        if jar.is_file():
            builder = builder.config("spark.jars", str(jar))
        else:
            print(f"no {jar}: the Java function's row is left out", file=sys.stderr)
        spark = (
            builder.master("local[2]")
            .config("spark.driver.memory", "1g")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate()
        )
        spark.sparkContext.setLogLevel("ERROR")
        parquet = Path(tempfile.mkdtemp()) / "ids.parquet"
        import pyarrow.parquet

        # Uncompressed: Snappy, Parquet's default, needs a native library that not every
        # machine's Java can load, and the rows are read once, into the cache, before timing.
        pyarrow.parquet.write_table(pyarrow.table({"id": arrow}), parquet, compression="none")
        ids = spark.read.parquet(str(parquet)).repartition(2).cache()
        ids.count()

        def spark_count(column):
            return lambda: ids.agg(F.count_if(column)).first()[0]

        pairs["Spark local[2]"] = [
            ("rlike(id, regex)", spark_count(F.col("id").rlike(regex))),
            ("urn_tag.spark.is_valid(id)", spark_count(urn_tag.spark.is_valid("id"))),
        ]
        if jar.is_file():
            urn_tag.spark.register_jvm(spark)
            pairs["Spark local[2]"].append(
                (
                    "urn_tag.spark.is_valid(id, jvm=True)",
                    spark_count(urn_tag.spark.is_valid("id", jvm=True)),
                )
            )
        if hasattr(F, "arrow_udf"):
            import pyarrow.compute

            # An Arrow UDF that checks nothing (true for every row that is not null): the cost
            # of Spark's transfer of the batches to a Python worker and back, which is_valid
            # pays before it checks a value.
            def not_null(values: pyarrow.Array) -> pyarrow.Array:
                return pyarrow.compute.is_valid(values)

            transfer = F.arrow_udf(not_null, "boolean")
            pairs["Spark local[2]"].append(
                ("Arrow UDF checking nothing", spark_count(transfer("id")))
            )
            counts[("Spark local[2]", "Arrow UDF checking nothing")] = options.count

    # The counts agree before anything is timed.
    for engine, rows in pairs.items():
        for name, function in rows:
            count = function()
            want = counts.get((engine, name), valid_count)
            assert count == want, f"{engine}, {name}: {count} rows, not {want}"

    load = os.getloadavg()[0]
    times = {(engine, name): [] for engine, rows in pairs.items() for name, _ in rows}
    for _ in range(options.rounds):
        for engine, rows in pairs.items():
            for name, function in rows:
                times[(engine, name)].append(timed(function)[0])
    if spark is not None:
        spark.stop()

    print(
        f"{options.count} URNs ({options.count - valid_count} invalid), {options.rounds} rounds, "
        f"Python {sys.version.split()[0]}, load average before: {load:.1f}, after: "
        f"{os.getloadavg()[0]:.1f}"
    )
    print()
    print("| engine | row | median | fastest | ÷ first row |")
    print("| --- | --- | ---: | ---: | ---: |")
    for engine, rows in pairs.items():
        first = statistics.median(times[(engine, rows[0][0])])
        for name, _ in rows:
            runs = times[(engine, name)]
            median = statistics.median(runs)
            print(
                f"| {engine} | {name} | {median * 1000:.0f} ms | {min(runs) * 1000:.0f} ms "
                f"| {median / first:.2f}× |"
            )


if __name__ == "__main__":
    main()
