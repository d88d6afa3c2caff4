"""Cold start of the installed package (run by scripts/bench): open_game of the corpus's largest log
and largest save, each in fresh processes, and `adjutant --help`.

For each file, every run is a new interpreter that imports adjutant, opens the file once (cold) and
then again (warm); the interpreter's start and `import adjutant` are timed apart from the opens.
Peak memory is the high-water RSS after the first open less that after the import, also as a
multiple of the decoded savedGame text, with the file-backed pages the open first touched (the
extension's code: RssFile's growth, about the same for a file of any size) told apart from the rest,
the data. The high-water mark is read as VmHWM: ru_maxrss counts the same but carries the parent's
across exec, which would hide a child's smaller peak. Targets (issue: at scale): a cold open within
2x a warm one, peak memory within 3x the text (the data: the code pages are the extension's, not the
file's), `adjutant --help` under 150 ms.

    /usr/bin/python3 tests/bench/open_bench.py [--runs N] [--corpus DIR] [FILE ...]

FILEs (saves or logs of the corpus) are measured instead of its largest log and save.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import adjutant

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("ADJUTANT_CORPUS", REPO.parent / "shared" / "corpus"))

# One fresh process: times in seconds, memory in KB (Linux).
CHILD = r"""
import json, sys, time
start = time.perf_counter()
import adjutant
imported = time.perf_counter()

def status_kb(field):
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(field + ":"))

base, base_file = status_kb("VmHWM"), status_kb("RssFile")
game = adjutant.open_game(sys.argv[1])
cold = time.perf_counter() - imported
peak, code = status_kb("VmHWM"), status_kb("RssFile") - base_file
del game
warm = []
for _ in range(3):
    began = time.perf_counter()
    game = adjutant.open_game(sys.argv[1])
    warm.append(time.perf_counter() - began)
    del game
print(json.dumps({"import": imported - start, "cold": cold, "warm": min(warm), "base_kb": base,
                  "peak_kb": peak - base, "code_kb": code}))
"""


def largest(suffixes):
    files = [p for p in CORPUS.rglob("*") if p.is_file() and p.suffix.lower() in suffixes]
    return max(files, key=lambda p: p.stat().st_size) if files else None


def wall(command, runs):
    """The median wall time of a command, in seconds, each run a new process."""
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def bench_open(path, runs):
    text = len(adjutant.read_saved_game(str(path)).encode("utf-8"))
    results = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", CHILD, str(path)], check=True, capture_output=True, text=True)
        results.append(json.loads(out.stdout))
    median = {key: statistics.median(r[key] for r in results) for key in results[0]}
    print(f"{path.relative_to(CORPUS.resolve()) if path.is_relative_to(CORPUS.resolve()) else path}: {path.stat().st_size / 1e6:.2f} MB file, {text / 1e6:.2f} MB of text "
          f"(median of {runs} fresh processes)")
    print(f"  import adjutant   {1000 * median['import']:7.1f} ms  (baseline {median['base_kb'] / 1024:.1f} MB)")
    print(f"  open_game cold    {1000 * median['cold']:7.1f} ms")
    print(f"  open_game warm    {1000 * median['warm']:7.1f} ms  (cold/warm {median['cold'] / median['warm']:.2f}x)")
    peak = median["peak_kb"] * 1024
    code = median["code_kb"] * 1024
    print(f"  peak memory       {peak / 1e6:7.1f} MB above the baseline ({peak / text:.1f}x the text), of which "
          f"{code / 1e6:.1f} MB file pages first touched (the extension's code), {(peak - code) / 1e6:.1f} MB "
          f"({(peak - code) / text:.1f}x) data")


def main():
    global CORPUS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("files", type=Path, nargs="*")
    args = parser.parse_args()
    CORPUS = args.corpus
    print(f"== Cold start (adjutant {adjutant.__version__} from {Path(adjutant.__file__).parent})")
    print(f"interpreter start   {1000 * wall([sys.executable, '-c', 'pass'], args.runs):7.1f} ms")
    command = shutil.which("adjutant")
    help_command = [command, "--help"] if command else [sys.executable, "-c", "from adjutant.cli import main; main()",
                                                         "--help"]
    print(f"adjutant --help     {1000 * wall(help_command, args.runs):7.1f} ms")
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}: open_game not measured (set ADJUTANT_CORPUS)")
        return
    for path in args.files or filter(None, (largest({".vlog", ".log"}), largest({".vsav", ".sav"}))):
        bench_open(path.resolve(), args.runs)


if __name__ == "__main__":
    main()
