"""Every option the command line takes, for every genre, is a keyword of the same job here:
the test walks the registry's declarations (``snakesat.choices()``: each genre's options,
their values and the jobs that take them), so a new option or value is checked without a
line here."""

import shutil

import pytest

import snakesat
from conftest import examples

DECLARED = snakesat.choices()


def smallest(kind):
    """The genre's smallest bundled puzzle, for jobs that only need to read their options."""
    own = [rel for rel in examples() if rel.startswith(kind + "/") and rel.endswith(".toml")]
    return "fixtures/" + min(own, key=lambda rel: len(open("fixtures/" + rel).read()))


def run(p, job, **option):
    """The job with the option, as cheap as it runs: the answer is not what is checked."""
    if job == "solve":
        return p.solve(timeout=30, **option)
    if job == "count":
        return p.count(limit=1, timeout=30, **option)
    if job == "dimacs":
        return p.dimacs(**option)
    if job == "decode":
        return p.decode("s UNSATISFIABLE\n", **option)
    if job == "explain":
        return p.explain(max_rules=1, timeout=10, **option)
    pytest.fail(f"a job the declarations name and this test does not run: {job}")


def test_the_declarations_cover_every_genre_and_option():
    kinds = {kind for kind, _, _, _ in DECLARED}
    assert {"snake", "snake-cube", "parity-snake", "snakes"} <= kinds
    options = {option for _, option, _, _ in DECLARED}
    assert options == {"encoding", "distinct", "symmetry"}
    assert all(jobs for _, _, _, jobs in DECLARED)


@pytest.mark.parametrize("kind, option, values, jobs", DECLARED, ids=lambda v: str(v))
def test_python_takes_every_declared_option(kind, option, values, jobs):
    p = snakesat.read(smallest(kind))
    # Where the genre has no choice, every value is refused, as the command line refuses it.
    for job in jobs:
        for value in values:
            try:
                run(p, job, **{option: value})
            except snakesat.UsageError as e:
                # Refused for what the puzzle is (`distinct="digits"` needs a sudoku board,
                # explain with an encoding it cannot use), never as an unknown option.
                message = str(e)
                assert f"unknown {option}=" not in message, f"{kind} {job}: {message}"
                assert f"no choice of {option}=" not in message, f"{kind} {job}: {message}"
        # A value the genre does not take reaches the library, which names the keyword.
        with pytest.raises(snakesat.UsageError) as raised:
            run(p, job, **{option: "no-such-value"})
        message = str(raised.value)
        assert f'{option}="no-such-value"' in message and "--" not in message, f"{kind} {job}: {message}"


def test_python_takes_the_checks_the_command_line_takes(tmp_path):
    """`--connectivity`, `--cross-check` and `--proof` of `solve` and `count` are keywords
    of the same jobs here, and a value they do not take is refused by its keyword."""
    p = snakesat.read("fixtures/snake/example-4x4.toml")
    lazy = p.solve(unique=True)
    for job in (p.solve, p.forced, p.candidates):
        assert job(connectivity="eager", cross_check="varisat").status == lazy.status
    assert int(p.count(connectivity="eager", cross_check="varisat")) == int(p.count())
    with pytest.raises(snakesat.UsageError) as raised:
        p.solve(connectivity="sometimes")
    assert 'connectivity="sometimes"' in str(raised.value) and "--" not in str(raised.value)
    with pytest.raises(snakesat.UsageError) as raised:
        p.count(cross_check="no-such-solver")
    assert 'cross_check="no-such-solver"' in str(raised.value)


@pytest.mark.skipif(shutil.which("kissat") is None, reason="needs kissat; run scripts/install-solvers.sh")
def test_a_proof_folder_keeps_the_unsat_certificate(tmp_path):
    p = snakesat.read("fixtures/snake/example-4x4.toml")
    answer = p.solve(unique=True, backend="kissat", proof=str(tmp_path))
    assert answer.unique
    cnf, drat = (tmp_path / "unsat.txt").read_text().split("\n", 1)[0].split()
    assert (tmp_path / cnf).exists() and (tmp_path / drat).exists()
