"""The Python examples of the READMEs run as they are written."""

import re

import pytest

from conftest import REPOSITORY

READMES = [REPOSITORY / "README.md", REPOSITORY / "bindings" / "python" / "README.md"]


def python_blocks(path):
    return re.findall(r"^```python\n(.*?)^```$", path.read_text(encoding="utf-8"), re.M | re.S)


@pytest.mark.parametrize("readme", READMES, ids=lambda path: str(path.relative_to(REPOSITORY)))
def test_readme_python_examples_run(readme):
    blocks = python_blocks(readme)
    assert blocks, f"{readme} has no Python example"
    for block in blocks:
        exec(compile(block, str(readme), "exec"), {})


def test_readme_installs_the_package_with_one_command():
    text = (REPOSITORY / "README.md").read_text(encoding="utf-8")
    assert "```sh\npip install ./bindings/python\n```" in text


def test_package_docstring_example_runs():
    import doctest

    import urn_tag

    failed, attempted = doctest.testmod(urn_tag)
    assert attempted > 0
    assert failed == 0
