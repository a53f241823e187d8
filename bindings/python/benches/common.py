"""What both benchmarks share: the paths, the corpus generator and a timer."""

import subprocess
import time
from pathlib import Path

BINDING = Path(__file__).resolve().parents[1]
REPOSITORY = BINDING.parents[1]


def corpus_tool(*arguments):
    """The standard output of the binding's `bench_corpus` example (the benchmark corpora of
    the Rust benches), built in release."""
    command = [
        "cargo",
        "run",
        "--quiet",
        "--release",
        "--manifest-path",
        str(BINDING / "Cargo.toml"),
        "--example",
        "bench_corpus",
        "--",
        *arguments,
    ]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def timed(function):
    """The seconds `function()` took, and what it returned."""
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result
