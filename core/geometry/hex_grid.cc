#include "core/geometry/hex_grid.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/geometry/awt_polygon.h"
#include "core/java/java_math.h"

namespace adjutant::core {
namespace {

// "3.6.13" -> (3, 6); "2.9b2" -> (2, 9); nullopt when it does not start with digits.
std::optional<std::pair<int, int>> major_minor(std::string_view v) {
  auto read = [&](size_t& i) -> std::optional<int> {
    const size_t start = i;
    int value = 0;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9' && i - start < 6) value = value * 10 + (v[i++] - '0');
    if (i == start) return std::nullopt;
    return value;
  };
  size_t i = 0;
  const auto major = read(i);
  if (!major) return std::nullopt;
  int minor = 0;
  if (i < v.size() && v[i] == '.') {
    ++i;
    minor = read(i).value_or(0);
  }
  return std::pair{*major, minor};
}

double offset(int coordinate, int origin) { return static_cast<double>(int64_t{coordinate} - origin); }

// Squared distance with Java's int arithmetic.
int distance2(Point a, Point b) {
  const int dx = java::sub(a.x, b.x);
  const int dy = java::sub(a.y, b.y);
  return java::add(java::mul(dx, dx), java::mul(dy, dy));
}

}  // namespace

SnapRules snap_rules_for(std::string_view vassal_version) {
  const auto v = major_minor(vassal_version);
  if (!v) return SnapRules::kVassal37;
  return (v->first < 3 || (v->first == 3 && v->second < 7)) ? SnapRules::kVassal36 : SnapRules::kVassal37;
}

HexGrid::HexGrid(const HexGridSpec& spec, Size container, SnapRules rules) : spec_(spec), rules_(rules) {
  metrics_.dx = spec.dx;
  metrics_.dy = spec.dy;
  metrics_.x0 = spec.x0;
  metrics_.y0 = spec.y0;
  metrics_.sideways = spec.sideways;
  metrics_.container = container;
  if (spec.numbering) numbering_.emplace(*spec.numbering, metrics_);
}

Point HexGrid::centre_rotated(int nx, int ny) const {
  const double dx = spec_.dx, dy = spec_.dy;
  const int x = java::to_int(dx * nx + spec_.x0);
  const int y = nx % 2 == 0 ? java::to_int(dy * ny + spec_.y0)
                            : java::to_int(dy * ny + java::to_int(dy / 2) + spec_.y0);
  return {x, y};
}

Hex HexGrid::candidate(Point r) const {
  const double dx = spec_.dx, dy = spec_.dy;
  const int nx = java::floor_to_int((offset(r.x, spec_.x0) + dx / 2) / dx);
  const int ny = nx % 2 == 0 ? java::floor_to_int((offset(r.y, spec_.y0) + dy / 2) / dy)
                             : java::floor_to_int(offset(r.y, spec_.y0) / dy);
  return {nx, ny};
}

bool HexGrid::hexagon_contains(Point c, Point p) const {
  // getSingleHexShape(centre), in float arithmetic as VASSAL computes it.
  const float x = static_cast<float>(c.x);
  const float y = static_cast<float>(c.y);
  const float delta_x = static_cast<float>(spec_.dx);
  const float delta_y = static_cast<float>(spec_.dy);
  const float r = 2.F * delta_x / 3.F;
  const float x1 = x - r;
  const float x2 = x - 0.5F * r;
  const float y2 = y - 0.5F * delta_y;
  const float x3 = x + 0.5F * r;
  const float x4 = x + r;
  const float y5 = y + 0.5F * delta_y;
  Point v[7] = {{java::round(x1), java::round(y)},
                {java::round(x2), java::round(y2)},
                {java::add(java::round(x3), 1), java::round(y2)},
                {java::add(java::round(x4), 1), java::round(y)},
                {java::add(java::round(x3), 1), java::add(java::round(y5), 1)},
                {java::round(x2), java::add(java::round(y5), 1)},
                {}};
  v[6] = v[0];
  // The test runs in rotated space: for a sideways grid the point is swapped, not the hexagon
  // (swapping both is not the same, since AWT's insideness is not symmetric in x and y).
  return awt_polygon_contains(v, 7, metrics_.rotate(p));
}

Hex HexGrid::chosen_hex(Point p) const {
  const Point r = metrics_.rotate(p);
  const Hex c = candidate(r);
  if (rules_ == SnapRules::kVassal36 || hexagon_contains(centre_rotated(c.col, c.row), p)) return c;
  // The neighbours that can hold a point the rectangle gave to this hex: the columns either side.
  static constexpr int kEven[4][2] = {{-1, -1}, {-1, 0}, {1, -1}, {1, 0}};
  static constexpr int kOdd[4][2] = {{-1, 0}, {-1, 1}, {1, 0}, {1, 1}};
  const auto& steps = c.col % 2 == 0 ? kEven : kOdd;
  for (const auto& s : steps) {
    const Hex n{java::add(c.col, s[0]), java::add(c.row, s[1])};
    if (hexagon_contains(centre_rotated(n.col, n.row), p)) return n;
  }
  return c;
}

Point HexGrid::snap_scaled(Point r, Point c) const {
  const int s = spec_.snap_scale;
  if (s <= 0) return c;
  auto quantise = [s](int delta, double size) {
    delta = java::round_to_int(delta / (0.5 * size / s));
    delta = std::max(delta, java::sub(1, s));
    delta = std::min(delta, s - 1);
    return java::round_to_int(delta * 0.5 * size / s);
  };
  return {java::add(c.x, quantise(java::sub(r.x, c.x), spec_.dx)),
          java::add(c.y, quantise(java::sub(r.y, c.y), spec_.dy))};
}

Point HexGrid::snap_to_hex(Point p) const {
  const Point r = metrics_.rotate(p);
  const Hex h = chosen_hex(p);
  return metrics_.rotate(snap_scaled(r, centre_rotated(h.col, h.row)));
}

// hexX/hexY: the rectangular candidate's centre with the snapscale offset (what snapToHexSide and
// snapToHexVertex compare against; the 3.7 hexagon test lives in snapToHex only).
Point HexGrid::rectangular_centre(Point r) const {
  const Hex c = candidate(r);
  return snap_scaled(r, centre_rotated(c.col, c.row));
}

Hex HexGrid::hex_at(Point p) const { return chosen_hex(p); }

Point HexGrid::centre(Hex h) const { return metrics_.rotate(centre_rotated(h.col, h.row)); }

std::array<Point, 6> HexGrid::corners(Hex h) const {
  const Point c = centre_rotated(h.col, h.row);
  const float r = 2.F * static_cast<float>(spec_.dx) / 3.F, half_dy = 0.5F * static_cast<float>(spec_.dy);
  const float offsets[6][2] = {{-r, 0}, {-r / 2, -half_dy}, {r / 2, -half_dy},
                                {r, 0},  {r / 2, half_dy},   {-r / 2, half_dy}};
  std::array<Point, 6> out;
  for (int i = 0; i < 6; ++i) {
    // Rotating back mirrors the order on sideways grids; walking it backwards keeps it clockwise.
    const int at = metrics_.sideways ? (6 - i) % 6 : i;
    out[at] = metrics_.rotate({java::round(static_cast<float>(c.x) + offsets[i][0]),
                               java::round(static_cast<float>(c.y) + offsets[i][1])});
  }
  return out;
}

int HexGrid::side_x(int x, int) const {
  const double dx = spec_.dx;
  return java::to_int(dx / 2 * java::floor_to_int((offset(x, spec_.x0) + dx / 4) * 2 / dx) + spec_.x0);
}

int HexGrid::side_y(int x, int y) const {
  const double dx = spec_.dx, dy = spec_.dy;
  const int nx = java::floor_to_int((offset(x, spec_.x0) + dx / 4) * 2 / dx);
  if (nx % 2 == 0) {
    return java::to_int(dy / 2 * java::floor_to_int((offset(y, spec_.y0) + dy / 4) * 2 / dy) + spec_.y0);
  }
  return java::to_int((dy / 2) * java::floor_to_int(offset(y, spec_.y0) * 2 / dy) + java::to_int(dy / 4) +
                      spec_.y0);
}

int HexGrid::vertex_x(int x, int y) const {
  const double dx = spec_.dx, dy = spec_.dy;
  const int ny = java::floor_to_int((offset(y, spec_.y0) + dy / 4) * 2 / dy);
  if (ny % 2 == 0) {
    return java::to_int(2 * dx / 3 * java::to_int(std::floor(offset(x, spec_.x0) + dx / 3) * 3 / (2 * dx)) +
                        spec_.x0);
  }
  return java::to_int(2 * dx / 3 * java::to_int(std::floor(offset(x, spec_.x0) + dx / 3 + dx / 3) * 3 / (2 * dx)) -
                      java::to_int(dx / 3) + spec_.x0);
}

int HexGrid::vertex_y(int, int y) const {
  const double dy = spec_.dy;
  return java::to_int(dy / 2 * java::floor_to_int((offset(y, spec_.y0) + dy / 4) * 2 / dy) + spec_.y0);
}

// With a snap scale, VASSAL keeps the hex centre when it is no farther (in taxicab distance) than
// the hexside or vertex point found.
Point HexGrid::centre_if_nearer(Point r, Point candidate) const {
  if (spec_.snap_scale <= 0) return candidate;
  const Point c = rectangular_centre(r);
  const int64_t to_centre = std::abs(int64_t{r.x} - c.x) + std::abs(int64_t{r.y} - c.y);
  const int64_t to_candidate = std::abs(int64_t{r.x} - candidate.x) + std::abs(int64_t{r.y} - candidate.y);
  return to_centre <= to_candidate ? c : candidate;
}

Point HexGrid::snap_to_side(Point p) const {
  const Point r = metrics_.rotate(p);
  return metrics_.rotate(centre_if_nearer(r, {side_x(r.x, r.y), side_y(r.x, r.y)}));
}

Point HexGrid::snap_to_vertex(Point p) const {
  const Point r = metrics_.rotate(p);
  return metrics_.rotate(centre_if_nearer(r, {vertex_x(r.x, r.y), vertex_y(r.x, r.y)}));
}

// snapToHexVertex is sometimes a pixel off at a centre; VASSAL then takes the centre.
Point HexGrid::check_centre(Point centre, Point target) const {
  return distance2(centre, target) <= 2 ? centre : target;
}

Point HexGrid::snap(Point p, bool force, bool only_centre) const {
  if (!spec_.snap_to && !force) return p;
  const Point centre = snap_to_hex(p);
  if (only_centre) return centre;
  if (spec_.edges_legal && spec_.corners_legal) {
    const Point edge = snap_to_side(p);
    const Point vertex = snap_to_vertex(p);
    return distance2(p, edge) < distance2(p, vertex) ? check_centre(centre, edge) : check_centre(centre, vertex);
  }
  if (spec_.edges_legal) return check_centre(centre, snap_to_side(p));
  if (spec_.corners_legal) return check_centre(centre, snap_to_vertex(p));
  return centre;
}

std::optional<std::string> HexGrid::location_name(Point p, const PropertyLookup* lookup) const {
  if (!numbering_) return std::nullopt;
  return numbering_->location_name(p, lookup);
}

std::optional<Point> HexGrid::location(std::string_view name) const {
  if (!numbering_) return std::nullopt;
  return numbering_->location(name);
}

int HexGrid::range(Point p1, Point p2, const MapSnap& map_snap) const {
  const Point s1 = map_snap ? map_snap(p1) : p1;
  const Point s2 = map_snap ? map_snap(p2) : p2;
  return distance(raw_hex(s1), raw_hex(s2));
}

}  // namespace adjutant::core
