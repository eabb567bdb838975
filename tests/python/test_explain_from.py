"""`Puzzle.explain(from_grid=...)` and `Puzzle.hint(grid)` say what `snakesat explain --from`
says: the wrong entries named, the steps from the player's grid, a located `InputError` for
a grid that cannot be read."""

import json

import pytest

import snakesat
from conftest import cli

SNAKE = "fixtures/snake/example-4x4.toml"
PARTIAL = "####\n#..#\n????\n????\n"
WRONG = "####\n##.#\n????\n????\n"


def without_timing(j):
    j = dict(j)
    for k in ("seconds", "solver_calls"):
        j.pop(k, None)
    return j


@pytest.mark.parametrize("grid", [PARTIAL, WRONG, "? ? ? ?\n" * 4])
def test_from_grid_matches_cli(tmp_path, grid):
    f = tmp_path / "grid"
    f.write_text(grid)
    code, want, err = cli("explain", SNAKE, "--from", f, "--format", "json")
    got = snakesat.read(SNAKE).explain(from_grid=grid)
    assert without_timing(json.loads(got.to_json())) == without_timing(want), err
    assert got.exit_code == code
    _, text, _ = cli("explain", SNAKE, "--from", f, check_json=False)
    assert str(got) == text


def test_a_hint_is_the_next_step():
    p = snakesat.read(SNAKE)
    whole = p.explain(from_grid=PARTIAL)
    hint = p.hint(PARTIAL)
    assert hint.fits and hint.wrong == [] and hint.exit_code == 0
    assert hint.status == "partial" and len(hint) == 1
    assert hint.next["decided"] == whole.steps[0]["decided"]
    assert hint.grid_text == "Your 8 entries fit the answer so far.\n"
    # From the empty board the clues count as known: the hint is the first step after
    # them, not the plain explanation's first step (which says what the circles give).
    first = p.hint("").next["decided"]
    assert first == p.explain(from_grid="").steps[0]["decided"]
    assert first != p.explain().steps[0]["decided"]


def test_a_wrong_entry_is_named():
    hint = snakesat.read(SNAKE).hint(WRONG)
    assert not hint.fits and hint.exit_code == 6
    assert [w["cell"] for w in hint.wrong] == ["r2c2"]
    assert hint.wrong[0]["text"] == "r2c2 is marked snake, but no answer has it"


def test_a_finished_grid_is_solved():
    hint = snakesat.read(SNAKE).hint("####\n#..#\n..##\n..#.\n")
    assert hint.status == "solved" and hint.next is None and hint.fits


def test_a_bad_grid_is_a_located_input_error():
    with pytest.raises(snakesat.InputError, match="unknown cell `x`") as e:
        snakesat.read(SNAKE).hint("####\n#x.#\n????\n????\n")
    assert (e.value.line, e.value.column, e.value.file) == (2, 2, "<grid>")
    assert isinstance(e.value, ValueError)
    with pytest.raises(ValueError, match="expected 4 rows"):
        snakesat.read(SNAKE).explain(from_grid="####\n")


def test_hints_after_the_first_say_the_same_from_the_kept_answer():
    # The puzzle keeps the answer its first explanation proved; later hints start from it.
    p = snakesat.read(SNAKE)
    first, wrong = p.hint(PARTIAL), p.hint(WRONG)
    again = snakesat.read(SNAKE)
    assert json.loads(p.hint(PARTIAL).to_json())["steps"] == json.loads(again.hint(PARTIAL).to_json())["steps"]
    assert first.next["decided"] == p.hint(PARTIAL).next["decided"]
    assert [w["cell"] for w in p.hint(WRONG).wrong] == [w["cell"] for w in wrong.wrong] == ["r2c2"]
