"""The command line (``python -m engines``) on bad input: one ``error: ...`` line on stderr,
exit status 2, no traceback; and the successful runs unchanged."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines import __version__

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engines", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def assert_usage_error(proc: subprocess.CompletedProcess, *fragments: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


@pytest.mark.parametrize("args, fragments", [
    (["play", "chess", "--players", "3"], ["unknown game 'chess'", "citadels"]),
    (["play", "citadels", "--players", "9", "--seed", "1"], ["Citadels is for 2 to 7 players, not 9"]),
    (["play", "citadels", "--players", "1"], ["Citadels is for 2 to 7 players, not 1"]),
    (["play", "citadels", "--players", "3", "--seed", "1", "--bot", "foo"], ["no bot 'foo'", "random"]),
    (["play", "citadels", "--players", "3", "--bot", "random,foo,random"], ["no bot 'foo'"]),
    (["play", "citadels", "--players", "3", "--bot", "random,random"], ["2 bots for 3 players"]),
    (["play", "citadels", "--players", "3", "--options", "{bad"], ["--options is not valid JSON"]),
    (["play", "citadels", "--players", "3", "--options", "[1]"], ["--options must be a JSON object"]),
    (["play", "citadels", "--players", "3", "--options", '{"no_such_option": 1}'],
     ["bad options", "Citadels has no option", "no_such_option"]),
    (["play", "citadels", "--players", "three"], ["--players", "invalid int value"]),
    (["play", "citadels"], ["required", "--players"]),
    (["fly"], ["invalid choice: 'fly'"]),
    (["replay", "no/such/file.json"], ["cannot read no/such/file.json", "No such file"]),
    (["replay", "tests"], ["cannot read tests"]),
])
def test_bad_input_is_one_error_line_and_status_2(args, fragments):
    assert_usage_error(run(*args), *fragments)


def test_unwritable_record_path_fails_before_playing(tmp_path):
    proc = run("play", "citadels", "--players", "3", "--record", str(tmp_path / "no" / "x.json"))
    assert_usage_error(proc, "cannot write the record to")
    assert proc.stdout == ""


@pytest.mark.parametrize("content, fragment", [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not text"),
    (b"[1, 2]", "not an object"),
    (b'{"format": "tavolo/9"}', "cannot read"),
    (b'{"format": "tavolo/1", "game": "citadels"}', "damaged"),
])
def test_invalid_replay_files(tmp_path, content, fragment):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert_usage_error(run("replay", str(path)), "bad.json", fragment)


@pytest.fixture(scope="module")
def good_record(tmp_path_factory) -> tuple[Path, str]:
    """A citadels record written by the CLI, and the CLI's quiet output for that game."""
    path = tmp_path_factory.mktemp("rec") / "game.json"
    proc = run("play", "citadels", "--players", "2", "--seed", "1", "--quiet", "--record", str(path))
    assert proc.returncode == 0 and proc.stderr == ""
    return path, proc.stdout


def test_play_and_replay_succeed(good_record):
    path, out = good_record
    assert out.startswith("scores: P1 ") and "winners: " in out
    proc = run("replay", str(path))
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout == out


def test_play_prints_the_log(tmp_path):
    proc = run("play", "citadels", "--players", "3", "--seed", "1", "--bot", "random,heuristic,random")
    assert proc.returncode == 0 and proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert len(lines) > 10 and lines[-2].startswith("scores: ") and lines[-1].startswith("winners: ")


@pytest.mark.parametrize("change, fragments", [
    ({"engine_version": "99.0.0"}, ["newer Tavolo", "99.0.0", __version__]),
    ({"engine_version": "latest"}, ["engine version", "latest"]),
    ({"game": "chess"}, ["Unknown game 'chess'"]),
    ({"players": 9}, ["seats for 9 players"]),
    ({"actions": [{"type": "no_such_move"}]}, ["Action 1 of the record is not legal"]),
])
def test_replay_of_a_bad_record(tmp_path, good_record, change, fragments):
    data = json.loads(good_record[0].read_text())
    data.update(change)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    assert_usage_error(run("replay", str(path)), *fragments)
