"""Benchmarks of the Python API (run by scripts/bench after the C++ ones): location naming through
the batch call and one call per point, on the sample module's hex map. Target: 1 million points/s
through the batch call."""
import array
import os
import random
import tempfile
import time

import adjutant
from adjutant.sample_module import write_sample_module



def rate(call, count, repeat=3):
    best = min(timed(call) for _ in range(repeat))
    return count / best


def timed(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sample.vmod")
        write_sample_module(path)
        game_map = adjutant.open_module(path).maps[0]
        width, height = game_map.size
        rng = random.Random(7)
        count = 1_000_000
        flat = array.array("i", [v for _ in range(count) for v in (rng.randrange(width), rng.randrange(height))])
        pairs = list(zip(flat[0::2], flat[1::2]))
        single = pairs[:100_000]
        print(f"location_names, int buffer:    {rate(lambda: game_map.location_names(flat), count) / 1e6:6.2f} M points/s")
        print(f"location_names, (x, y) tuples: {rate(lambda: game_map.location_names(pairs), count) / 1e6:6.2f} M points/s")
        one_by_one = lambda: [game_map.location_name(x, y) for x, y in single]
        print(f"location_name, one call each:  {rate(one_by_one, len(single)) / 1e6:6.2f} M points/s")
        grid = game_map.grid
        hexes = [h for h in grid.within("1007", 5)]
        pairs_of_hexes = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(100_000)]
        distance = lambda: [grid.distance(a, b) for a, b in pairs_of_hexes]
        print(f"HexGrid.distance from Python:  {1e9 / rate(distance, len(pairs_of_hexes)):6.0f} ns per call")


if __name__ == "__main__":
    main()
