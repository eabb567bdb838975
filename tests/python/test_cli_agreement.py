"""The module says what the command line says: the same answers, counts and errors."""

import json

import pytest

import snakesat
from conftest import ROOT, cli, examples

# The module runs only solvers that stop when asked (as the server does); the CLI is
# told to use the default one, so both pick the same solver for every genre.
BACKEND = ("--backend", "cadical:sat")


def same_keys(a, b, keys):
    return {k: a.get(k) for k in keys} == {k: b.get(k) for k in keys}


@pytest.mark.parametrize("rel", examples())
def test_solve_matches_cli(rel):
    path = f"fixtures/{rel}"
    code, want, err = cli("solve", path, "--format", "json", *BACKEND)
    got = snakesat.read(path).solve()
    assert code in (0, 1), err
    mine = json.loads(got.to_json())
    assert same_keys(mine, want, ["status", "solution"]), path
    if want["status"] == "solved" and "grid" in want["solution"]:
        assert got.grid == [row.split() for row in want["solution"]["grid"]]


@pytest.mark.parametrize("rel", examples())
def test_count_matches_cli(rel):
    path = f"fixtures/{rel}"
    code, want, err = cli("count", path, "--limit", "30", "--format", "json", *BACKEND)
    got = snakesat.read(path).count(limit=30)
    assert code in (0, 1, 5), err
    assert same_keys(json.loads(got.to_json()), want, ["status", "count", "complete", "limit_reached"]), path
    assert int(got) == want["count"]


@pytest.mark.parametrize("rel", ["snake-egg/seed-6x6.toml", "snake/several-4x4.toml", "hebi/example-5x5.toml"])
def test_unique_matches_cli(rel):
    path = f"fixtures/{rel}"
    _, want, _ = cli("solve", path, "--unique", "--format", "json", *BACKEND)
    got = snakesat.read(path).solve(unique=True)
    assert got.unique == want["unique"]
    assert json.loads(got.to_json()).get("second_solution") == want.get("second_solution")


def bad_inputs():
    found = sorted(ROOT.glob("fixtures/*/bad/*.toml")) + sorted(ROOT.glob("fixtures/parity-snake/bad-*.toml"))
    return [p.relative_to(ROOT).as_posix() for p in found]


@pytest.mark.parametrize("path", bad_inputs())
def test_input_error_matches_cli(path):
    code, _, err = cli("solve", path, check_json=False)
    with pytest.raises(snakesat.InputError) as raised:
        snakesat.read(path)
    e = raised.value
    assert code == 2
    assert err.strip() == f"snakesat: {e}"
    assert str(e).startswith(f"{path}:{e.line}:{e.column}: ")
