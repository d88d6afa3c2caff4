"""The movement benchmarks' searches written with networkx (run by scripts/bench after movement_bench):
the same graph (exported by movement_graph: one node per hex, step costs in sixths of an MP), the
same start hex, Dijkstra from networkx. Checks that networkx finds the C++ search's costs, then
prints both times and their ratio (the C++ times come from movement_bench's JSON output).
    networkx_bench.py GRAPH.json MOVEMENT_BENCH.json"""
import json
import os
import sys
import timeit

import networkx

CASES = [("BM_Reachable12MP", "reachable set, 12 MP"), ("BM_WholeMapSearch", "whole-map search")]


def best_time(call, repeat=5):
    timer = timeit.Timer(call)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number


def cpp_times(path):
    """Seconds per search by benchmark name; empty when movement_bench ran none (--benchmark_filter)."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return {}
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    times = {}
    with open(path) as f:
        for b in json.load(f).get("benchmarks", []):
            if b.get("run_type") == "aggregate":
                continue
            seconds = b["real_time"] * scale[b["time_unit"]]
            times[b["name"]] = min(seconds, times.get(b["name"], seconds))
    return times


def text(seconds):
    return f"{seconds * 1e6:.1f} µs" if seconds < 1e-3 else f"{seconds * 1e3:.2f} ms"


def main(graph_path, timings_path):
    with open(graph_path) as f:
        exported = json.load(f)
    names, start = exported["names"], exported["start"]
    graph = networkx.DiGraph()
    graph.add_nodes_from(range(len(names)))
    graph.add_weighted_edges_from(exported["edges"])
    cpp = cpp_times(timings_path)

    print(f"== networkx {networkx.__version__}: the same graph ({graph.number_of_nodes()} hexes, "
          f"{graph.number_of_edges()} steps), from hex {names[start]}")
    rows = []
    for name, label in CASES:
        case = exported["reach"][name]
        search = lambda: networkx.single_source_dijkstra_path_length(graph, start, cutoff=case["cutoff"])
        found = search()
        expected = dict(case["costs"])
        if found != expected:
            wrong = sorted(h for h in set(found) | set(expected) if found.get(h) != expected.get(h))
            print(f"networkx_bench: {label}: networkx and the C++ search disagree on {len(wrong)} hexes, e.g.",
                  file=sys.stderr)
            for h in wrong[:10]:
                print(f"  {names[h]}: C++ {expected.get(h, 'not reached')}, networkx {found.get(h, 'not reached')}",
                      file=sys.stderr)
            sys.exit(1)
        seconds = best_time(search)
        if name in cpp:
            rows.append((label, text(cpp[name]), text(seconds), f"{seconds / cpp[name]:.0f}x"))
        else:
            rows.append((label, "filtered", text(seconds), "-"))
    print(f"{'case':<24} {'C++':>10} {'networkx':>10} {'networkx / C++':>15}")
    for row in rows:
        print(f"{row[0]:<24} {row[1]:>10} {row[2]:>10} {row[3]:>15}")
    print("(costs checked equal; connecting roads, LIN 8.2, not compared: networkx has no search states)")


if __name__ == "__main__":
    main(*sys.argv[1:3])
