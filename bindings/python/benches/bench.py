"""The Python package against the command line and Python's `re`, on the same URNs in one run.

The corpus is the command-line benchmark's (benches/cli.rs): 1 000 000 URNs from
`corpus::generated`, written by `examples/bench_corpus.rs`, which also gives the RFC 8141 ABNF
as one regular expression (`corpus::RFC8141_REGEX`). Each round runs every row once, in the
same order, so that a change in the machine's load falls on all of them; the table gives each
row's median and fastest round.

Rows:

* `urn-tag check --quiet`: the release command-line tool reading the file on standard input
  (what benches/cli.rs measures), started as a process;
* `check_many(list)`, `check_many(pyarrow)`, `check_many(numpy)`: the batch check of the same
  URNs already in memory, as a list of str, a pyarrow string array, a NumPy object array and a
  NumPy str array (fixed-width UTF-32);
* `parse_many`: the components of the same URNs as a pyarrow table, from a list and from a
  pyarrow array;
* `re.fullmatch` over the list: the regular expression, compiled once, on every URN;
* one by one, on the first 100 000 URNs: `Urn.parse` against `re.fullmatch`.

Run from the repository's root, after `pip install ./bindings/python` and `cargo build
--release --features cli`, on one core:

    taskset -c 0 python bindings/python/benches/bench.py
"""

import argparse
import re
import statistics
import subprocess
import sys

from common import BINDING, REPOSITORY, corpus_tool, timed

import urn_tag


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--one-by-one", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--cli", default=str(REPOSITORY / "target" / "release" / "urn-tag"))
    options = parser.parse_args()

    corpus_file = BINDING / "target" / f"urns-{options.count}.txt"
    if not corpus_file.exists():
        corpus_file.parent.mkdir(parents=True, exist_ok=True)
        corpus_file.write_text(corpus_tool(str(options.count)))
    regex = re.compile(corpus_tool("--regex").strip())
    urns = corpus_file.read_text().splitlines()
    assert len(urns) == options.count

    import numpy
    import pyarrow

    arrow = pyarrow.array(urns, type=pyarrow.string())
    objects = numpy.array(urns, dtype=object)
    fixed_width = numpy.array(urns)
    sample = urns[: options.one_by_one]

    def cli():
        with corpus_file.open("rb") as stdin:
            status = subprocess.run([options.cli, "check", "--quiet"], stdin=stdin)
        assert status.returncode == 0, "every URN is valid"

    def regex_all():
        fullmatch = regex.fullmatch
        return [fullmatch(urn) is not None for urn in urns]

    def parse_one_by_one():
        parse = urn_tag.Urn.parse
        for urn in sample:
            parse(urn)

    def regex_one_by_one():
        fullmatch = regex.fullmatch
        for urn in sample:
            fullmatch(urn)

    # The verdicts agree before anything is timed: every URN of the corpus is valid.
    expected = [True] * len(urns)
    assert urn_tag.check_many(urns) == expected
    assert urn_tag.check_many(arrow).to_pylist() == expected
    assert urn_tag.check_many(objects).tolist() == expected
    assert urn_tag.check_many(fixed_width).tolist() == expected
    assert urn_tag.parse_many(arrow).field("valid").to_pylist() == expected
    assert regex_all() == expected

    rows = {
        "urn-tag check --quiet (CLI)": cli,
        "check_many(list of str)": lambda: urn_tag.check_many(urns),
        "check_many(pyarrow string array)": lambda: urn_tag.check_many(arrow),
        "check_many(numpy object array)": lambda: urn_tag.check_many(objects),
        f"check_many(numpy {fixed_width.dtype} array)": lambda: urn_tag.check_many(fixed_width),
        "parse_many(list of str)": lambda: urn_tag.parse_many(urns),
        "parse_many(pyarrow string array)": lambda: urn_tag.parse_many(arrow),
        "re.fullmatch, RFC 8141 regex": regex_all,
        f"Urn.parse one by one ({len(sample)})": parse_one_by_one,
        f"re.fullmatch one by one ({len(sample)})": regex_one_by_one,
    }
    times = {name: [] for name in rows}
    for _ in range(options.rounds):
        for name, function in rows.items():
            times[name].append(timed(function)[0])

    median = {name: statistics.median(runs) for name, runs in times.items()}
    cli_time = median["urn-tag check --quiet (CLI)"]
    regex_time = median["re.fullmatch, RFC 8141 regex"]
    print(f"{options.count} URNs, {options.rounds} rounds, Python {sys.version.split()[0]}")
    print()
    print("| row | median | fastest | vs CLI | regex ÷ row |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, runs in times.items():
        print(
            f"| {name} | {median[name] * 1000:.0f} ms | {min(runs) * 1000:.0f} ms "
            f"| {median[name] / cli_time:.2f}× | {regex_time / median[name]:.1f}× |"
        )
    one_by_one = median[f"Urn.parse one by one ({len(sample)})"]
    regex_one = median[f"re.fullmatch one by one ({len(sample)})"]
    print()
    print(f"Urn.parse ÷ re.fullmatch, one by one: {one_by_one / regex_one:.2f}×")


if __name__ == "__main__":
    main()
