"""Benchmark of `adjutant simulate litn.command` on the Lee Invades the North demo (run by scripts/bench):
runs/s on one process and on every core, each the whole command (start, imports, pool) timed over
RUNS runs (default 2,000; `python3 tests/bench/simulate_bench.py RUNS` for more). Target (issue 23):
10,000 runs in minutes and 100,000 within the hour on a 2-core machine."""
import argparse
import os
import subprocess
import sys
import tempfile
import time

DEMO_FILES = ("litn-demo.vsav", "--module", "litn-demo.vmod", "--companion", "companion.toml",
              "--charts", "charts.toml")


def adjutant(*args, cwd):
    return subprocess.run([sys.executable, "-m", "adjutant", *map(str, args)], cwd=cwd, check=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def runs_per_second(folder, runs, jobs):
    start = time.perf_counter()
    adjutant("simulate", "litn.command", *DEMO_FILES, "side=Confederate", "--runs", runs, "--seed", 1,
             "--jobs", jobs, "--json", cwd=folder)
    return runs / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("runs", type=int, nargs="?", default=2000, help="runs of each simulation (default 2,000)")
    runs = parser.parse_args().runs
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        adjutant("demo", "--plugin", "litn", "--out", tmp, cwd=tmp)
        print(f"simulate litn.command on the demo, {runs} runs (the whole command timed):")
        for jobs in sorted({1, cores}):
            rate = runs_per_second(tmp, runs, jobs)
            print(f"  --jobs {jobs}: {rate:,.0f} runs/s; 10,000 runs in {10_000 / rate:,.0f} s, "
                  f"100,000 in {100_000 / rate / 60:,.1f} min")


if __name__ == "__main__":
    main()
