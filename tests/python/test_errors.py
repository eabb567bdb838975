"""One exception class per class of the library's error, as the command line has one exit
code and the server one HTTP status for each, with messages in Python's words: an option
is a keyword argument (`encoding="x"`), not a flag (`--encoding x`), and nothing speaks
of "the server"."""

import os
import pathlib

import pytest

import snakesat

ROOT = pathlib.Path(__file__).resolve().parents[2]
EGG = "fixtures/snake-egg/seed-6x6.toml"


def test_the_classes_and_their_bases():
    assert issubclass(snakesat.InputError, ValueError)
    assert issubclass(snakesat.UsageError, ValueError)
    assert issubclass(snakesat.TooBigError, ValueError)
    assert issubclass(snakesat.SolverError, RuntimeError)
    # Each class is its own: a caller can tell them apart.
    classes = [snakesat.InputError, snakesat.UsageError, snakesat.TooBigError, snakesat.SolverError]
    for a in classes:
        for b in classes:
            assert (a is b) == issubclass(a, b)


def test_input_error_is_located():
    with pytest.raises(snakesat.InputError) as raised:
        snakesat.read('kind = "snake-egg"\neggs = [1]\ngrid = """\n. q\n"""\n')
    e = raised.value
    assert (e.line, e.column, e.file) == (4, 3, "<text>")
    # A player's grid that cannot be read is located in it, through a job.
    with pytest.raises(snakesat.InputError) as raised:
        snakesat.read(EGG).hint("x")
    assert raised.value.file == "<grid>"


def test_usage_errors_in_python_words():
    p = snakesat.read(EGG)
    with pytest.raises(snakesat.UsageError) as raised:
        p.solve(encoding="nope")
    message = str(raised.value)
    assert 'encoding="nope"' in message and "--" not in message
    with pytest.raises(snakesat.UsageError, match=r"^snake-egg needs the eggs \(bank=\)$"):
        snakesat.generate("snake-egg", 5)
    with pytest.raises(snakesat.UsageError, match="^bank=: the eggs have 3 cells, too few"):
        snakesat.generate("snake-egg", 6, bank="1,2")
    # A report that names another job names it as Python calls it.
    second = snakesat.read("fixtures/snake/several-4x4.toml").solve(unique=True)
    assert "(where the two answers differ; forced() finds them all)" in str(second)
    # Another job to run instead, named as Python calls it.
    with pytest.raises(snakesat.UsageError, match=r'with count\(symmetry="cube"\) \(or cube\+reversal\)$'):
        snakesat.read("fixtures/snake-cube/seed-3x3x3.toml").forced()
    with pytest.raises(snakesat.UsageError, match="^timeout must be a positive number"):
        p.solve(timeout=0)
    with pytest.raises(snakesat.UsageError, match="^limit must be at least 1$"):
        p.candidates(limit=0)
    with pytest.raises(snakesat.UsageError, match="^limit must be at least 1$"):
        p.count(limit=0)
    with pytest.raises(snakesat.UsageError, match="^max_rules must be at least 1$"):
        p.explain(max_rules=0)
    with pytest.raises(snakesat.UsageError, match="^size: expected ROWSxCOLS"):
        next(snakesat.generate("snake-egg", "ten", bank="1..4"))


def test_a_file_that_cannot_be_opened_is_an_os_error(tmp_path):
    # As open() raises it: the subclass for the OS's error, with the path; no InputError.
    for missing in [str(tmp_path / "missing.toml"), tmp_path / "missing", "no/such/dir/p.toml"]:
        with pytest.raises(FileNotFoundError) as raised:
            snakesat.read(missing)
        assert raised.value.filename == str(missing)
        assert raised.value.errno == 2
        assert not isinstance(raised.value, snakesat.InputError)
    # A path object is read as a file whatever its name; its text as a file's.
    named = tmp_path / "puzzle"
    named.write_text((ROOT / EGG).read_text())
    assert snakesat.read(named).kind == "snake-egg"
    if os.geteuid() != 0:  # root reads any file
        named.chmod(0)
        with pytest.raises(PermissionError) as raised:
            snakesat.read(str(named))
        assert raised.value.filename == str(named)
    # What the file says is still an InputError, located in it.
    bad = tmp_path / "bad.toml"
    bad.write_text('kind = "snake-egg"\neggs = [1]\ngrid = 3\n')
    with pytest.raises(snakesat.InputError):
        snakesat.read(bad)


def test_generate_checks_its_arguments_when_called():
    # Not at the first puzzle: the call itself raises, before the iterator is read.
    with pytest.raises(snakesat.UsageError, match="^unknown kind `sudoku`; expected one of "):
        snakesat.generate("sudoku", 5)
    with pytest.raises(snakesat.UsageError, match="^snake-cube has no generator"):
        snakesat.generate("snake-cube", 3)
    with pytest.raises(snakesat.UsageError, match="^size: expected ROWSxCOLS"):
        snakesat.generate("snake-egg", "ten", bank="1..4")
    with pytest.raises(snakesat.UsageError):
        snakesat.generate("snake", 5, grade="max=nonsense")
    with pytest.raises(snakesat.UsageError):
        snakesat.generate("snake-egg", 99, bank="1..4")
    with pytest.raises(snakesat.UsageError, match="^timeout must be a positive number"):
        snakesat.generate("snake", 5, timeout=0)
    # Good arguments make nothing until the iterator is read.
    puzzles = snakesat.generate("snake", 5, seed=1, count=2)
    assert next(puzzles).kind == "snake"


def test_solvers_are_named_as_python_names_them():
    p = snakesat.read(EGG)
    with pytest.raises(snakesat.UsageError) as raised:
        p.solve(backend="no-such-solver")
    message = str(raised.value)
    assert message.startswith('unknown backend="no-such-solver"; expected one of "cadical"'), message
    assert "external" not in message
    with pytest.raises(snakesat.UsageError) as raised:
        p.solve(backend="varisat")
    message = str(raised.value)
    assert "cannot be stopped by a timeout or Ctrl-C" in message, message
    assert "server" not in message
    # A command is no solver name here.
    with pytest.raises(snakesat.UsageError, match="^unknown backend="):
        p.solve(backend="external:sh -c true")


def test_a_puzzle_beyond_the_size_limit_is_too_big():
    row = " ".join(["."] * 64)
    text = 'kind = "snake-egg"\neggs = [1, 2, 3]\ngrid = """\n' + "\n".join([row] * 64) + '\n"""\n'
    with pytest.raises(snakesat.TooBigError, match="literals, the most snakesat builds"):
        snakesat.read(text).dimacs()


def test_a_solver_that_fails_is_a_solver_error(monkeypatch):
    # kissat as $SNAKESAT_KISSAT names it, read at the module's edge as the command line
    # reads it: here a stand-in that crashes.
    monkeypatch.setenv("SNAKESAT_KISSAT", str(ROOT / "tests" / "fake-solvers" / "crash.sh"))
    with pytest.raises(snakesat.SolverError) as raised:
        snakesat.read(EGG).solve(backend="kissat")
    assert "crash.sh" in str(raised.value) or "kissat" in str(raised.value)


def test_a_decoded_model_that_breaks_the_cnf_is_a_usage_error():
    with pytest.raises(snakesat.UsageError, match="solver output"):
        snakesat.read(EGG).decode("s SATISFIABLE\nv 1 2 3 0\n")
