#include "core/sight/sight_line.h"

#include <cstdint>
#include <utility>

namespace adjutant::core {
namespace {

// Dot product on the cube plane: the cell of c ends, towards neighbour c + e, where
// dot(p - c, e) = dot(e, e) / 2 = 1.
int64_t dot(const Cube& x, const Cube& y) { return int64_t{x.q} * y.q + int64_t{x.r} * y.r + int64_t{x.s} * y.s; }

HexLineStep beside(Cube x, Cube y) {
  Hex first = to_hex(x), second = to_hex(y);
  if (second < first) std::swap(first, second);
  return {first, second};
}

}  // namespace

void walk_centre_line(Hex from, Hex to, HexLine& out) {
  const Cube a = to_cube(from);
  const Cube b = to_cube(to);
  const Cube d = b - a;
  // Two equal components: the line runs through the vertices of its hexes and along the hexsides
  // between them, centre, hexside, centre ... (every other centre is a hex it crosses).
  for (int i = 0; i < 6 && d != Cube{}; ++i) {
    const Cube e1 = kCubeSteps[i];
    const Cube e2 = kCubeSteps[(i + 1) % 6];
    const Cube u = e1 + e2;
    const int k = distance(a, b) / 2;
    if (distance(a, b) % 2 != 0 || u.scaled(k) != d) continue;
    for (int j = 0; j <= k; ++j) {
      const Cube c = a + u.scaled(j);
      out.steps.push_back({to_hex(c), std::nullopt});
      if (j < k) out.steps.push_back(beside(c + e1, c + e2));
    }
    return;
  }
  // Otherwise the line leaves each hex through one hexside, or through a vertex into one of the
  // two hexes beyond it; exit times t = num / den compare exactly.
  Cube c = a;
  out.steps.push_back({from, std::nullopt});
  while (c != b) {
    int best = -1, tie = -1;
    int64_t best_num = 0, best_den = 1;
    for (int i = 0; i < 6; ++i) {
      const Cube& e = kCubeSteps[i];
      const int64_t den = dot(d, e);
      if (den <= 0) continue;
      const int64_t num = 1 - dot(a - c, e);
      if (best < 0 || num * best_den < best_num * den) {
        best = i, tie = -1, best_num = num, best_den = den;
      } else if (num * best_den == best_num * den) {
        tie = i;
      }
    }
    Cube next = c + kCubeSteps[best];
    if (tie >= 0) {
      const Cube other = c + kCubeSteps[tie];
      if (dot(d, other - next) > 0) next = other;
    }
    c = next;
    out.steps.push_back({to_hex(c), std::nullopt});
  }
}

}  // namespace adjutant::core
