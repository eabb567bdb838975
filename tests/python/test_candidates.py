"""`Puzzle.candidates()`: each cell's values and counts, as the CLI's `solve --candidates`
says them, checked against the answers `count` lists."""

import json
import subprocess
from collections import Counter

import snakesat
from conftest import BIN, ROOT

SEVERAL = "fixtures/snake/several-4x4.toml"


def all_answers(path):
    out = subprocess.run(
        [str(BIN), "count", path, "--list", "/dev/stdout"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    return [json.loads(line)["grid"] for line in out.splitlines() if line.startswith("{")]


def test_candidates_agree_with_every_answer_and_with_the_cli():
    p = snakesat.read(str(ROOT / SEVERAL))
    answers = all_answers(SEVERAL)
    truth = [Counter() for _ in range(16)]
    for grid in answers:
        for i, t in enumerate(" ".join(grid).split()):
            truth[i][t] += 1
    exact = p.candidates(limit=len(answers) + 1)
    assert exact.status == "solved"
    assert exact.counts_complete and exact.values_complete and not exact.limit_reached
    assert exact.answers == len(answers)
    assert [dict(c) for c in exact.cells] == [dict(t) for t in truth]
    assert len(exact.grid) == 4 and exact.grid[0][0] == exact.cells[0]
    # Past the limit: the same values, counts at most the true ones.
    capped = p.candidates(limit=2)
    assert capped.limit_reached and capped.values_complete and not capped.counts_complete
    for got, want in zip(capped.cells, truth):
        assert set(got) == set(want)
        assert all(n <= want[k] for k, n in got.items())
    assert set(capped.split) <= set(capped.names)
    cli = subprocess.run(
        [str(BIN), "solve", SEVERAL, "--candidates", "--limit", "2", "--format", "json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    mine, theirs = json.loads(capped.to_json()), json.loads(cli.stdout)
    for k in ["candidates", "split", "answers_examined", "values_complete"]:
        assert mine[k] == theirs[k], k
    assert "every value a cell takes is listed" in str(capped)
    assert capped.svg().lstrip().startswith(("<svg", "<?xml"))


def test_a_stopped_job_says_so():
    c = snakesat.read(str(ROOT / "fixtures/snake-egg/hard-20x20.toml")).candidates(timeout=0.05)
    assert c.status in ("unknown", "solved")
    if not c.values_complete:
        assert c.stopped
