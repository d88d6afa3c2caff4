"""Checking an archive at scale (run by scripts/bench): the corpus' TLD logs, judged N times over by
the generic move check with docs/examples/tld-normandy.toml, as `adjutant check moves --json` judges
them: in one process, on every core (a process pool), and on a local Dask cluster of as many
processes. Prints files/s, the speed-up of all cores over one, and what Dask costs against plain
processes (its start apart).

    tests/bench/check_bench.py            about 2,000 logs each way
    tests/bench/check_bench.py 200        200 logs each way, for a quick look
"""
import argparse
import logging
import os
import sys
import time
from functools import partial
from pathlib import Path

from adjutant.batch import ordered_map
from adjutant.cli.check_worker import CheckJob, judge

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("ADJUTANT_CORPUS", REPO.parent / "shared" / "corpus"))
TLD = CORPUS / "uckelman+tld-mod"
COMPANION = REPO / "docs" / "examples" / "tld-normandy.toml"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="?", type=int, default=2000, help="logs judged each way (default 2000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="processes (default: every core)")
    args = parser.parse_args()
    logs = sorted(str(p) for p in (TLD / "game").glob("*.log"))
    if not logs:
        sys.exit(f"check_bench: no TLD logs in {TLD} (set ADJUTANT_CORPUS)")
    items = [logs[i % len(logs)] for i in range(args.logs)]
    check = partial(judge, CheckJob("moves", str(TLD / "buildFile"), str(COMPANION), json=True))
    print(f"{len(items)} logs ({len(logs)} TLD logs over and over), {args.jobs} jobs on {os.cpu_count()} cores")

    one = rate("1 process", check, items, jobs=1)
    pool = rate(f"{args.jobs} processes", check, items, jobs=args.jobs)
    print(f"  speed-up of {args.jobs} processes over 1: {pool / one:.2f}x")

    started = time.perf_counter()
    import distributed
    with distributed.LocalCluster(n_workers=args.jobs, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        start = time.perf_counter() - started
        dask = rate(f"Dask, {args.jobs} workers", check, items, jobs=args.jobs, scheduler=cluster.scheduler_address)
    print(f"  a local Dask cluster: {start:.1f} s to start, then {dask / pool:.2f}x the files/s of plain processes")


def rate(label, check, items, **how):
    """Files/s judging `items` (every outcome fetched, a failure fails the bench)."""
    start = time.perf_counter()
    moves = 0
    for outcome in ordered_map(check, items, **how):
        if outcome.error or outcome.value.error:
            sys.exit(f"check_bench: {outcome.error or outcome.value.error}")
        moves += outcome.value.total
    seconds = time.perf_counter() - start
    print(f"  {label:22} {len(items) / seconds:7.1f} files/s  ({moves} moves in {seconds:.1f} s)")
    return len(items) / seconds


if __name__ == "__main__":
    main()
