"""`Puzzle.explain()` says what `snakesat explain` says: the same steps, grade, verdict and
pictures; it stops at its timeout with the steps found so far, and refuses what the CLI
refuses."""

import json

import pytest

import snakesat
from conftest import cli

# Small published and bundled puzzles of each genre that explains, each solved quickly.
EXPLAINED = [
    "fixtures/snake/example-4x4.toml",
    "fixtures/snake-egg/seed-6x6.toml",
    "fixtures/hebi/example-5x5.toml",
    "fixtures/snake/several-4x4.toml",
]


def without_timing(j):
    j = dict(j)
    for k in ("seconds", "solver_calls"):
        j.pop(k, None)
    return j


@pytest.mark.parametrize("path", EXPLAINED)
def test_explain_matches_cli(path):
    code, want, err = cli("explain", path, "--format", "json")
    got = snakesat.read(path).explain()
    mine = json.loads(got.to_json())
    assert without_timing(mine) == without_timing(want), err
    assert got.exit_code == code
    assert got.status == want["status"]
    assert got.grade == want["grade"]
    assert len(got) == len(want["steps"]) == got.grade["steps"]
    assert got.unique == want["unique"]


def test_steps_read_as_the_cli_reads_them():
    path = "fixtures/snake/example-4x4.toml"
    got = snakesat.read(path).explain()
    assert got.status == "solved"
    _, text, _ = cli("explain", path, check_json=False)
    assert str(got) == text
    for k in (1, len(got)):
        _, step, _ = cli("explain", path, "--step", k, check_json=False)
        assert got.step_text(k) == step
        _, svg, _ = cli("explain", path, "--format", "svg", "--step", k, check_json=False)
        assert got.svg(k) == svg
    assert got.svg() == got.svg(len(got)) == got._repr_svg_()
    assert got.svg(0).startswith("<?xml") and "the empty board" in got.svg(0)
    with pytest.raises(IndexError):
        got.svg(len(got) + 1)
    with pytest.raises(IndexError):
        got.step_text(0)


def test_a_blank_board_is_not_unique():
    p = snakesat.read('kind = "snake"\ncolumns = ". . . . ."\nrows = ". . . . ."\ngrid = """\n' + ". . . . .\n" * 5 + '"""\n')
    got = p.explain()
    assert got.exit_code == 5
    assert got.status == "not unique"
    assert got.unique is False


def test_a_timeout_stops_with_the_steps_found():
    got = snakesat.read("fixtures/snake-egg/gen-10x10-c.toml").explain(timeout=0.05)
    assert got.status == "unknown"
    assert got.exit_code == 3
    assert got.grade["undecided"] > 0


def test_refusals():
    with pytest.raises(ValueError, match="explain does not apply to snake-cube"):
        snakesat.read("fixtures/snake-cube/seed-3x3x3.toml").explain()
    with pytest.raises(ValueError, match="max_rules"):
        snakesat.read("fixtures/snake/example-4x4.toml").explain(max_rules=0)
    with pytest.raises(ValueError, match="timeout"):
        snakesat.read("fixtures/snake/example-4x4.toml").explain(timeout=-1)


def test_the_parity_snake_explains_with_the_plain_encoding():
    blank = snakesat.read("fixtures/parity-snake/counts-6x6.toml")
    with pytest.raises(snakesat.UsageError, match='use encoding="plain"'):
        blank.explain()
    path = "fixtures/parity-snake/unique-6x6.toml"
    code, want, err = cli("explain", path, "--encoding", "plain", "--format", "json")
    got = snakesat.read(path).explain(encoding="plain")
    assert without_timing(json.loads(got.to_json())) == without_timing(want), err
    assert got.exit_code == code


def test_generate_with_a_grade_is_the_command_lines():
    made = next(snakesat.generate("snake", 5, seed=1, grade="max=3"))
    code, out, err = cli("generate", "snake", "--size", "5x5", "--seed", 1, "--grade", "max=3", check_json=False)
    assert code == 0, err
    assert out.endswith(made.toml)
    e = made.explain(max_rules=3)
    assert e.status == "solved" and e.grade["hardest"] <= 3
    with pytest.raises(snakesat.UsageError, match="^grade= expects max=B"):
        next(snakesat.generate("snake", 5, grade="max=0"))
    # The parity snake is graded as it explains, with the plain encoding.
    parity = next(snakesat.generate("parity-snake", 6, seed=1, grade="max=forcing"))
    assert parity.explain(encoding="plain").status == "solved"
    with pytest.raises(ValueError, match="no generator"):
        next(snakesat.generate("snake-cube", 3))
