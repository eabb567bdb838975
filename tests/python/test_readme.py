"""The README's Python example runs as written."""

from conftest import ROOT


def test_readme_python_example(capsys):
    text = (ROOT / "README.md").read_text()
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    assert blocks, "the README has a Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    assert "InputError" not in capsys.readouterr().err
