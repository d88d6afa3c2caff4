"""`check moves` on several processes (--jobs) and on a Dask cluster (--scheduler): the same output
as one by one, in the order given, a broken file reported in its place; and adjutant.batch's
ordered_map under it: order kept when later items finish first, an item's exception its outcome."""
import argparse
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from functools import partial

import pytest

import adjutant
from adjutant import batch
from adjutant.batch import ordered_map
from adjutant.cli import check_worker
from adjutant.cli.usage import progress
from conftest import REPO, json_lines
from test_batches import UNITS, SAMPLE_TERRAIN
from test_cli import Terminal, adjutant as run_cli
from test_stacking import write_log

TLD_COMPANION = REPO / "docs" / "examples" / "tld-normandy.toml"
SUMMARY = "files/s"  # the summary line's mark: its time and rate differ from run to run


@pytest.fixture(scope="module")
def archive(tld, tmp_path_factory):
    """(module, four TLD logs with a broken file among them)."""
    module, logs = tld
    broken = tmp_path_factory.mktemp("archive") / "0606-9.log"
    broken.write_text("!VCSK2Azz", encoding="utf-8")  # obfuscated, but not hex
    return module, [logs[0], logs[3], broken, logs[2], logs[4]]


@pytest.fixture(scope="module")
def one_by_one(archive):
    """The --jobs 1 runs the others are compared with: {"text" | "json": result}."""
    module, games = archive
    return {form: _check(module, games, "--jobs", "1", *extra) for form, extra in (("text", ()), ("json", ("--json",)))}


@pytest.fixture(scope="module")
def cluster():
    """A Dask cluster of two worker processes on loopback, for the module's tests."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def _check(module, games, *options):
    return run_cli("check", "moves", *games, "--module", module, "--companion", TLD_COMPANION, *options)


def _same(result, expected):
    assert result.returncode == expected.returncode == 2, result.stderr
    assert result.stdout == expected.stdout
    assert _without_summary(result.stderr) == _without_summary(expected.stderr)


def _without_summary(stderr):
    return [line for line in stderr.splitlines() if SUMMARY not in line]


def test_one_by_one_the_broken_file_is_reported_in_its_place_and_the_others_are_judged(archive, one_by_one):
    _, games = archive
    records = json_lines(one_by_one["json"].stdout)
    assert [r["game"] for r in records] == [str(g) for g in games]
    assert "error" in records[2] and str(games[2]) in records[2]["error"]
    assert all(len(r["moves"]) > 0 for i, r in enumerate(records) if i != 2)
    errors, summary = _without_summary(one_by_one["text"].stderr), summary_line(one_by_one["text"].stderr)
    assert len(errors) == 1 and str(games[2]) in errors[0]
    moves = sum(len(r["moves"]) for r in records if "moves" in r)
    assert summary.startswith(f"adjutant: 5 games, {moves} moves, 0 illegal, 1 failed, 0 skipped;")


def summary_line(stderr):
    (line,) = [line for line in stderr.splitlines() if SUMMARY in line]
    return line


@pytest.mark.parametrize("form", ["text", "json"])
def test_two_processes_print_what_one_prints(archive, one_by_one, form):
    module, games = archive
    _same(_check(module, games, "--jobs", "2", *(("--json",) if form == "json" else ())), one_by_one[form])


def test_a_local_dask_cluster_prints_what_one_process_prints_and_nothing_of_dask(archive, one_by_one):
    module, games = archive
    with socket.socket() as held:  # Dask warns when its HTTP server's port 8787 is taken: not on loopback alone
        with contextlib.suppress(OSError):
            held.bind(("", 8787))
            held.listen()
        _same(_check(module, games, "--scheduler", "local", "--jobs", "2", "--json"), one_by_one["json"])


def test_a_running_dask_cluster_prints_the_paths_as_given_and_what_one_process_prints(archive, cluster):
    module, games = archive
    here = games[2].parent  # the broken file's folder: its error names the path as given, not the workers'
    relative = [os.path.relpath(g, here) for g in games]
    one = run_cli("check", "moves", *relative, "--module", module, "--companion", TLD_COMPANION, "--jobs", "1",
                  cwd=here)
    remote = run_cli("check", "moves", *relative, "--module", module, "--companion", TLD_COMPANION,
                     "--scheduler", cluster, "--jobs", "3", cwd=here)
    note = f"adjutant: --jobs 3 is ignored with --scheduler {cluster}: its workers judge as many games at once as " \
           f"they have threads"
    assert remote.stderr.splitlines()[0] == note
    remote.stderr = remote.stderr.replace(note + "\n", "")
    _same(remote, one)
    assert "adjutant: 0606-9.log [savedGame]" in one.stderr


@pytest.mark.parametrize("address", ["nonsense", "http://127.0.0.1:8786", "", "tcp://127.0.0.1", "tcp://:8786"])
def test_a_malformed_scheduler_address_is_refused_at_once(address):
    result = run_cli("check", "moves", "x.vlog", "--module", "m.vmod", "--companion", "c.toml", "--scheduler", address)
    assert result.returncode == 2
    assert result.stderr == (f"adjutant: --scheduler {address!r} is not a scheduler's address: give `local` or a "
                             f"running Dask scheduler's address, tcp://HOST:PORT (what `dask scheduler` prints "
                             f"after 'Scheduler at:')\n")


def test_a_scheduler_that_does_not_answer_is_named_with_what_to_do(cluster, monkeypatch):
    monkeypatch.setattr(batch, "CONNECT_SECONDS", 2)
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        nothing = f"tcp://127.0.0.1:{unused.getsockname()[1]}"
    with pytest.raises(batch.SchedulerError) as silent:
        list(ordered_map(abs, [1, 2], scheduler=nothing))
    assert str(silent.value) == (f"--scheduler {nothing}: no Dask scheduler answered within 2 s: start one with "
                                 f"`dask scheduler` (docs/scale.md)")
    distributed = pytest.importorskip("distributed")
    with distributed.Client(cluster) as client:
        worker = next(iter(client.scheduler_info()["workers"]))
    with pytest.raises(batch.SchedulerError) as wrong:
        list(ordered_map(abs, [1, 2], scheduler=worker))
    assert str(wrong.value).startswith(f"--scheduler {worker}: something answered there, but not as a Dask scheduler")
    assert "a worker's port" in str(wrong.value)


@pytest.mark.parametrize("where", [("--jobs", "2"), ("--scheduler", "local", "--jobs", "2")])
def test_ctrl_c_gives_the_summary_so_far_and_leaves_nothing_running(tld, where):
    module, logs = tld
    command = [sys.executable, "-m", "adjutant", "check", "moves", *map(str, logs * 20), "--module", str(module),
               "--companion", str(TLD_COMPANION), *where]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    run.stdout.readline()  # the first game is out: the workers are at work
    os.killpg(run.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to every process of the group
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    lines = err.splitlines()
    assert re.fullmatch(rf"adjutant: interrupted after \d+ of {len(logs) * 20} files", lines[-2]), err
    assert re.match(r"adjutant: \d+ games, \d+ moves, 0 illegal, 0 failed, 0 skipped;", lines[-1]), err
    deadline = time.monotonic() + 10
    while _group_alive(run.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _group_alive(run.pid), "a worker outlived the command"


def _group_alive(group):
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def test_an_illegal_move_found_by_a_worker_gives_exit_status_1(sample_module, tmp_path):
    module = adjutant.open_module(str(sample_module))
    legal = write_log(module, tmp_path / "legal.vlog", UNITS, [("A", "0504")])
    far = write_log(module, tmp_path / "far.vlog", UNITS, [("A", "1510")])  # into the enemy's hex
    results = [run_cli("check", "moves", legal, far, legal, "--module", sample_module, "--companion", SAMPLE_TERRAIN,
                       "--jobs", jobs) for jobs in ("1", "2")]
    for result in results:
        assert result.returncode == 1, result.stderr
        assert "1 illegal" in summary_line(result.stderr)
    assert results[0].stdout == results[1].stdout
    assert results[0].stdout.index("far.vlog") < results[0].stdout.rindex("legal.vlog")


def test_the_progress_bar_counts_files_per_second(monkeypatch):
    monkeypatch.setattr(sys, "stderr", Terminal())
    with progress(argparse.Namespace(quiet=False, json=False), "checking games", 3, unit="files") as advance:
        for _ in range(3):
            advance()
    assert "checking games" in sys.stderr.getvalue() and " files/s" in sys.stderr.getvalue()


def test_jobs_must_be_a_count():
    result = run_cli("check", "moves", "x.vlog", "--module", "m.vmod", "--companion", "c.toml", "--jobs", "0")
    assert result.returncode == 2 and "'0' is not a number of jobs" in result.stderr


# ordered_map, with functions its worker processes import from here.

def wait_for_others(folder, item):
    """Item 0 finishes last: it waits until the others have left their mark in `folder`."""
    if item == 0:
        deadline = time.monotonic() + 30
        while len(os.listdir(folder)) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
    else:
        open(os.path.join(folder, str(item)), "w").close()
    return item * item


def square_but_not_2(item):
    if item == 2:
        raise ValueError("two is refused")
    return item * item


def sleep_then_square(item):
    time.sleep((3 - item) * 0.2)
    return item * item


KEPT_ALIVE = []  # in each worker process: so that no two modules opened there share an id


def opened_here(job, _):
    module = check_worker._open(job).module
    KEPT_ALIVE.append(module)
    return os.getpid(), id(module)


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_exception_is_its_items_error_and_the_others_go_on(jobs):
    outcomes = list(ordered_map(square_but_not_2, [0, 1, 2, 3], jobs=jobs))
    assert [o.item for o in outcomes] == [0, 1, 2, 3]
    assert [o.value for o in outcomes] == [0, 1, None, 9]
    assert [o.error for o in outcomes] == [None, None, "2: ValueError: two is refused", None]


def test_the_order_is_kept_when_later_items_finish_first(tmp_path):
    done = []
    seen = []
    for outcome in ordered_map(partial(wait_for_others, str(tmp_path)), [0, 1, 2, 3], jobs=2,
                               on_done=lambda: done.append(1)):
        seen.append((outcome.item, outcome.value, len(done)))
    assert seen == [(0, 0, 4), (1, 1, 4), (2, 4, 4), (3, 9, 4)]  # every item was done before the first came


def test_a_dask_cluster_keeps_the_order_and_goes_on_past_an_exception(cluster):
    done = []
    outcomes = list(ordered_map(sleep_then_square, [0, 1, 2, 3], scheduler=cluster, on_done=lambda: done.append(1)))
    assert [(o.item, o.value) for o in outcomes] == [(0, 0), (1, 1), (2, 4), (3, 9)] and len(done) == 4
    failed = list(ordered_map(square_but_not_2, [1, 2, 3], scheduler=cluster))
    assert [o.error for o in failed] == [None, "2: ValueError: two is refused", None]


def test_each_worker_process_opens_the_module_once(sample_module):
    job = check_worker.CheckJob("moves", str(sample_module), str(SAMPLE_TERRAIN))
    opened = [o.value for o in ordered_map(partial(opened_here, job), range(8), jobs=2)]
    assert all(o is not None for o in opened)
    modules = {}
    for pid, module_id in opened:
        modules.setdefault(pid, set()).add(module_id)
    assert all(len(ids) == 1 for ids in modules.values()), modules
