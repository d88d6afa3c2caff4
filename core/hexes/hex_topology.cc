#include "core/hexes/hex_topology.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>

#include "core/geometry/geometry_error.h"

namespace adjutant::core {
namespace {

constexpr std::array<std::string_view, 6> kColumnNames = {"N", "NE", "SE", "S", "SW", "NW"};
constexpr std::array<std::string_view, 6> kSidewaysNames = {"NE", "E", "SE", "SW", "W", "NW"};
// A sideways grid swaps x and y: its screen NE is the rotated grid's SW, and so on.
constexpr std::array<int, 6> kColumnCube = {0, 1, 2, 3, 4, 5};
constexpr std::array<int, 6> kSidewaysCube = {4, 3, 2, 1, 0, 5};

Hex add(Hex h, Cube step) { return to_hex(to_cube(h) + step); }

constexpr int kLargestRadius = 1 << 12;  // rings and areas: far beyond any board
constexpr int64_t kLongestLine = 1 << 16;

void check_radius(int radius) {
  if (radius > kLargestRadius) {
    throw GeometryError("hex radius " + std::to_string(radius) + " is beyond " + std::to_string(kLargestRadius));
  }
}

// A rational p/q with q > 0.
struct Fraction {
  int64_t num;
  int64_t den;
};
bool less(Fraction a, Fraction b) { return a.num * b.den < b.num * a.den; }
bool less_equal(Fraction a, Fraction b) { return a.num * b.den <= b.num * a.den; }
bool equal(Fraction a, Fraction b) { return a.num * b.den == b.num * a.den; }
Fraction make(int64_t num, int64_t den) { return den < 0 ? Fraction{-num, -den} : Fraction{num, den}; }

// The parameters t in [0, 1] where the segment A + tD lies in hex C's cell: open (interior, every
// |difference| < 1) or closed (<= 1). Cell of C in cube space: |u - u_C| <= 1 for the three pairwise
// differences u = x - y, y - z, z - x (the Voronoi cell of the hex lattice).
struct Interval {
  Fraction lo;
  Fraction hi;
  bool empty;
};

Interval cell_interval(Cube a, Cube d, Cube c, bool strict) {
  const Cube ac = a - c;
  const int64_t as[3] = {int64_t{ac.q} - ac.r, int64_t{ac.r} - ac.s, int64_t{ac.s} - ac.q};
  const int64_t bs[3] = {int64_t{d.q} - d.r, int64_t{d.r} - d.s, int64_t{d.s} - d.q};
  Fraction lo{0, 1}, hi{1, 1};
  for (int k = 0; k < 3; ++k) {
    const int64_t av = as[k], bv = bs[k];
    if (bv == 0) {
      const bool inside = strict ? (av > -1 && av < 1) : (av >= -1 && av <= 1);
      if (!inside) return {lo, hi, true};
      continue;
    }
    // -1 < av + bv t < 1
    Fraction l = make(-1 - av, bv), u = make(1 - av, bv);
    if (bv < 0) std::swap(l, u);
    if (less(lo, l)) lo = l;
    if (less(u, hi)) hi = u;
  }
  const bool empty = strict ? !less(lo, hi) : !less_equal(lo, hi);
  return {lo, hi, empty};
}

Cube cube_round(double q, double r, double s) {
  double rq = std::round(q), rr = std::round(r), rs = std::round(s);
  const double dq = std::abs(rq - q), dr = std::abs(rr - r), ds = std::abs(rs - s);
  if (dq > dr && dq > ds) {
    rq = -rr - rs;
  } else if (dr > ds) {
    rr = -rq - rs;
  }
  return Cube::axial(static_cast<int>(rq), static_cast<int>(rr));
}

}  // namespace

bool HexLine::runs_along_hexside() const {
  return std::any_of(steps.begin(), steps.end(), [](const HexLineStep& s) { return s.along.has_value(); });
}

std::vector<Hex> HexLine::hexes() const {
  std::vector<Hex> out;
  for (const HexLineStep& s : steps) {
    out.push_back(s.hex);
    if (s.along) out.push_back(*s.along);
  }
  return out;
}

HexTopology::HexTopology(const HexGrid& grid, Size board, bool bounded)
    : grid_(grid), board_(board), bounded_(bounded) {
  if (grid.spec().numbering) numbering_.emplace(*grid.spec().numbering, grid.metrics());
  const auto& map = grid.spec().sideways ? kSidewaysCube : kColumnCube;
  std::copy(map.begin(), map.end(), cube_index_.begin());
}

HexTopology::HexTopology(const HexGrid& grid, Size board) : HexTopology(grid, board, true) {}

HexTopology HexTopology::unbounded(const HexGrid& grid) { return HexTopology(grid, Size{}, false); }

HexTopology HexTopology::stitched(std::vector<StitchPart> parts) {
  if (parts.empty()) throw GeometryError("a stitched hex topology needs at least one board");
  const HexGridSpec& first = parts.front().topology.grid().spec();
  for (const StitchPart& p : parts) {
    const std::string board = "board '" + p.board + "'";
    if (!p.topology.bounded_ || p.topology.parts_) {
      throw GeometryError(board + ": a stitched part must be a board's own bounded hex topology");
    }
    const HexGridSpec& g = p.topology.grid().spec();
    if (g.dx != first.dx || g.dy != first.dy || g.sideways != first.sideways) {
      throw GeometryError(board + ": its hex grid's dx, dy or sideways differ from those of board '" +
                          parts.front().board + "', so the grids cannot continue into each other");
    }
  }
  if (parts.front().offset != Cube{}) {
    throw GeometryError("board '" + parts.front().board +
                        "': the first part's lattice is the map's, so its offset must be zero");
  }
  HexTopology out = parts.front().topology;
  out.parts_ = std::make_shared<const std::vector<StitchPart>>(std::move(parts));
  return out;
}

bool HexTopology::contains(Hex h) const {
  if (!bounded_) return true;
  if (parts_) return part_of(h).has_value();
  const Point c = grid_.centre(h);
  return c.x >= 0 && c.y >= 0 && c.x < board_.width && c.y < board_.height;
}

const std::vector<StitchPart>& HexTopology::parts() const {
  static const std::vector<StitchPart> kNone;
  return parts_ ? *parts_ : kNone;
}

std::optional<int> HexTopology::part_of(Hex h) const {
  if (!parts_) return contains(h) ? std::optional<int>(0) : std::nullopt;
  const Cube c = to_cube(h);
  for (size_t i = 0; i < parts_->size(); ++i) {
    const StitchPart& p = (*parts_)[i];
    if (p.topology.contains(to_hex(c - p.offset))) return static_cast<int>(i);
  }
  return std::nullopt;
}

std::pair<int, Hex> HexTopology::to_local(Hex h) const {
  const auto part = part_of(h);
  if (!part) {
    throw GeometryError("hex (" + std::to_string(h.col) + "," + std::to_string(h.row) + ") is on no board of the map");
  }
  if (!parts_) return {0, h};
  return {*part, to_hex(to_cube(h) - (*parts_)[static_cast<size_t>(*part)].offset)};
}

Hex HexTopology::to_map(int part, Hex local) const {
  const int count = parts_ ? static_cast<int>(parts_->size()) : 1;
  if (part < 0 || part >= count) throw GeometryError("no board part " + std::to_string(part));
  if (!parts_) return local;
  return to_hex(to_cube(local) + (*parts_)[static_cast<size_t>(part)].offset);
}

std::string_view HexTopology::direction_name(int direction) const {
  if (direction < 0 || direction > 5) throw GeometryError("hex direction " + std::to_string(direction) + " is not 0..5");
  return (grid_.spec().sideways ? kSidewaysNames : kColumnNames)[static_cast<size_t>(direction)];
}

std::optional<int> HexTopology::direction_named(std::string_view name) const {
  const auto& names = grid_.spec().sideways ? kSidewaysNames : kColumnNames;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return std::nullopt;
}

Hex HexTopology::step(Hex h, int direction) const {
  if (direction < 0 || direction > 5) throw GeometryError("hex direction " + std::to_string(direction) + " is not 0..5");
  return add(h, kCubeSteps[cube_direction(direction)]);
}

std::optional<Hex> HexTopology::neighbour(Hex h, int direction) const {
  const Hex n = step(h, direction);
  if (!contains(n)) return std::nullopt;
  return n;
}

Neighbours HexTopology::neighbours(Hex h) const {
  Neighbours out;
  const Cube c = to_cube(h);
  for (int d = 0; d < 6; ++d) {
    const Hex n = to_hex(c + kCubeSteps[cube_direction(d)]);
    if (!contains(n)) continue;
    out.hexes[static_cast<size_t>(out.count)] = n;
    out.directions[static_cast<size_t>(out.count)] = d;
    ++out.count;
  }
  return out;
}

std::optional<int> HexTopology::direction(Hex from, Hex to) const {
  const Cube delta = to_cube(to) - to_cube(from);
  for (int d = 0; d < 6; ++d) {
    if (kCubeSteps[cube_direction(d)] == delta) return d;
  }
  return std::nullopt;
}

std::vector<Hex> HexTopology::ring(Hex centre, int radius) const {
  std::vector<Hex> out;
  if (radius < 0) return out;
  check_radius(radius);
  if (radius == 0) {
    if (contains(centre)) out.push_back(centre);
    return out;
  }
  Cube c = to_cube(centre) + kCubeSteps[4].scaled(radius);
  for (int side = 0; side < 6; ++side) {
    for (int j = 0; j < radius; ++j) {
      const Hex h = to_hex(c);
      if (contains(h)) out.push_back(h);
      c = c + kCubeSteps[side];
    }
  }
  return out;
}

std::vector<Hex> HexTopology::within(Hex centre, int radius) const {
  std::vector<Hex> out;
  check_radius(radius);
  const Cube c = to_cube(centre);
  for (int q = -radius; q <= radius; ++q) {
    for (int r = std::max(-radius, -q - radius); r <= std::min(radius, -q + radius); ++r) {
      const Hex h = to_hex(c + Cube::axial(q, r));
      if (contains(h)) out.push_back(h);
    }
  }
  return out;
}

Hexside HexTopology::hexside(Hex a, Hex b) const {
  if (!adjacent(a, b)) {
    throw GeometryError("hexes (" + std::to_string(a.col) + "," + std::to_string(a.row) + ") and (" +
                        std::to_string(b.col) + "," + std::to_string(b.row) + ") are not adjacent");
  }
  return a < b ? Hexside{a, b} : Hexside{b, a};
}

std::array<Hexside, 6> HexTopology::hexsides(Hex h) const {
  std::array<Hexside, 6> out;
  for (int d = 0; d < 6; ++d) out[static_cast<size_t>(d)] = hexside(h, step(h, d));
  return out;
}

std::array<HexVertex, 6> HexTopology::vertices(Hex h) const {
  std::array<HexVertex, 6> out;
  const Cube c = to_cube(h);
  for (int d = 0; d < 6; ++d) {
    // Between two consecutive steps (screen order keeps them consecutive, sideways or not).
    HexVertex v{{h, to_hex(c + kCubeSteps[cube_direction(d)]), to_hex(c + kCubeSteps[cube_direction((d + 1) % 6)])}};
    std::sort(v.hexes.begin(), v.hexes.end());
    out[static_cast<size_t>(d)] = v;
  }
  return out;
}

HexLine HexTopology::line(Hex from, Hex to) const {
  const Cube a = to_cube(from);
  const Cube b = to_cube(to);
  const Cube d = b - a;
  if (distance64(a, b) > kLongestLine) {
    throw GeometryError("a hex line of " + std::to_string(distance64(a, b)) + " steps is beyond " +
                        std::to_string(kLongestLine));
  }
  const int n = core::distance(a, b);
  // Candidates: every hex within two steps of the line's hexes at N + 1 evenly spaced points
  // (any cell the segment touches lies within that reach); each is then decided exactly.
  std::set<Cube> candidates;
  for (int i = 0; i <= n; ++i) {
    const double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
    const Cube r = cube_round(a.q + d.q * t, a.r + d.r * t, a.s + d.s * t);
    for (int q = -2; q <= 2; ++q) {
      for (int s = std::max(-2, -q - 2); s <= std::min(2, -q + 2); ++s) candidates.insert(r + Cube::axial(q, s));
    }
  }
  struct Event {
    Fraction start;
    Fraction end;
    Cube hex;
    bool along;
  };
  std::vector<Event> crossed;
  std::vector<Event> beside;
  for (const Cube& c : candidates) {
    const Interval inside = cell_interval(a, d, c, /*strict=*/true);
    if (!inside.empty) {
      crossed.push_back({inside.lo, inside.hi, c, false});
      continue;
    }
    const Interval touch = cell_interval(a, d, c, /*strict=*/false);
    // Touching along a stretch of positive length: the line runs along one of its sides.
    if (!touch.empty && less(touch.lo, touch.hi)) beside.push_back({touch.lo, touch.hi, c, true});
  }
  // Pair the hexes either side of each stretch run along a hexside.
  std::vector<Event> events = crossed;
  std::vector<bool> used(beside.size(), false);
  std::vector<std::pair<Cube, Cube>> pairs;
  for (size_t i = 0; i < beside.size(); ++i) {
    if (used[i]) continue;
    for (size_t j = i + 1; j < beside.size(); ++j) {
      if (used[j] || !equal(beside[i].start, beside[j].start) || !equal(beside[i].end, beside[j].end)) continue;
      if (core::distance(beside[i].hex, beside[j].hex) != 1) continue;
      used[i] = used[j] = true;
      events.push_back({beside[i].start, beside[i].end, beside[i].hex, true});
      pairs.emplace_back(beside[i].hex, beside[j].hex);
      break;
    }
  }
  std::stable_sort(events.begin(), events.end(), [](const Event& x, const Event& y) { return less(x.start, y.start); });
  HexLine out;
  for (const Event& e : events) {
    HexLineStep s{to_hex(e.hex), std::nullopt};
    if (e.along) {
      for (const auto& [p, q] : pairs) {
        if (p == e.hex) {
          // The pair in (column, row) order, like a Hexside.
          Hex first = to_hex(p), second = to_hex(q);
          if (second < first) std::swap(first, second);
          s = {first, second};
          break;
        }
      }
    }
    out.steps.push_back(s);
  }
  return out;
}

std::string HexTopology::name(Hex h) const {
  if (parts_) {
    const auto [part, local] = to_local(h);
    return (*parts_)[static_cast<size_t>(part)].topology.name(local);
  }
  if (!numbering_) throw GeometryError("the hex grid has no numbering, so its hexes have no names");
  return numbering_->location_name(grid_.centre(h));
}

std::string HexTopology::location_name(Hex h) const {
  if (parts_) {
    const auto [part, local] = to_local(h);
    return (*parts_)[static_cast<size_t>(part)].topology.location_name(local);
  }
  const auto name = grid_.location_name(grid_.centre(h));
  if (!name) throw GeometryError("the hex grid has no numbering, so its hexes have no names");
  return *name;
}

std::optional<Hex> HexTopology::hex_named(std::string_view name) const {
  if (parts_) {
    const auto on_part = [&](size_t i, std::string_view local_name) -> std::optional<Hex> {
      const HexTopology& t = (*parts_)[i].topology;
      const auto local = t.hex_named(local_name);
      if (!local || !t.contains(*local)) return std::nullopt;
      return to_map(static_cast<int>(i), *local);
    };
    for (size_t i = 0; i < parts_->size(); ++i) {
      const std::string& board = (*parts_)[i].board;
      if (name.size() <= board.size() || name.substr(0, board.size()) != board || name[board.size()] != ':') continue;
      if (const auto h = on_part(i, name.substr(board.size() + 1))) return h;
    }
    for (size_t i = 0; i < parts_->size(); ++i) {
      if (const auto h = on_part(i, name)) return h;
    }
    return std::nullopt;
  }
  if (!numbering_) return std::nullopt;
  const auto p = numbering_->location(name);
  if (!p) return std::nullopt;
  return grid_.hex_at(*p);
}

std::string HexTopology::unambiguous_name(Hex h) const {
  std::string bare = name(h);
  if (!parts_ || hex_named(bare) == h) return bare;
  return (*parts_)[static_cast<size_t>(to_local(h).first)].board + ":" + bare;
}

std::string HexTopology::hexside_name(const Hexside& side) const {
  std::string x = unambiguous_name(side.a), y = unambiguous_name(side.b);
  if (y.size() < x.size() || (y.size() == x.size() && y < x)) std::swap(x, y);
  return x + "/" + y;
}

std::optional<Hexside> HexTopology::hexside_named(std::string_view text) const {
  for (size_t slash = text.find('/'); slash != std::string_view::npos; slash = text.find('/', slash + 1)) {
    const auto a = hex_named(text.substr(0, slash));
    const auto b = hex_named(text.substr(slash + 1));
    if (a && b && adjacent(*a, *b)) return hexside(*a, *b);
  }
  return std::nullopt;
}

std::string describe(const HexTopology& topology, Hex h) {
  if (topology.is_stitched()) {
    if (topology.part_of(h)) {
      const auto [part, local] = topology.to_local(h);
      const HexTopology& own = topology.parts()[static_cast<size_t>(part)].topology;
      if (own.grid().numbering()) return describe(own, local);
    }
  } else if (topology.grid().numbering()) {
    try {
      return topology.name(h);
    } catch (const GeometryError&) {
    }
  }
  return "(" + std::to_string(h.col) + "," + std::to_string(h.row) + ")";
}

}  // namespace adjutant::core
