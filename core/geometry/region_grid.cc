#include "core/geometry/region_grid.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>

#include "core/java/java_math.h"

namespace adjutant::core {
namespace {

int64_t double_bits(double v) {
  int64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits;
}

// java.awt.geom.Point2D.hashCode, then HashMap.hash's spreading of the high bits.
uint32_t hashmap_hash(Point p) {
  uint64_t bits = static_cast<uint64_t>(double_bits(p.x));
  bits ^= static_cast<uint64_t>(double_bits(p.y)) * 31u;
  const uint32_t h = static_cast<uint32_t>(bits) ^ static_cast<uint32_t>(bits >> 32);
  return h ^ (h >> 16);
}

}  // namespace

RegionGrid::RegionGrid(const RegionGridSpec& spec) : spec_(spec) {
  // Replay HashMap.put in document order to learn the final table size: it doubles when the size
  // passes 3/4 of the table, and (below 64 buckets) when one bucket reaches 9 entries. Within a
  // bucket entries stay in insertion order; a bucket of 9+ in a table of 64+ becomes a tree whose
  // order depends on identity hash codes, so VASSAL itself is not deterministic there and
  // insertion order is kept.
  struct Entry {
    Point origin;
    uint32_t hash;
    size_t value;  // index into spec.regions of the last put
  };
  std::vector<Entry> entries;
  std::map<std::pair<int, int>, size_t> index_of;
  uint32_t table = 16;
  std::map<uint32_t, int> bucket_sizes;
  auto rebuild = [&] {
    bucket_sizes.clear();
    for (const Entry& e : entries) ++bucket_sizes[e.hash & (table - 1)];
  };
  for (size_t i = 0; i < spec.regions.size(); ++i) {
    const Point origin{spec.regions[i].x, spec.regions[i].y};
    const auto key = std::pair{origin.x, origin.y};
    if (const auto found = index_of.find(key); found != index_of.end()) {
      entries[found->second].value = i;
      continue;
    }
    index_of.emplace(key, entries.size());
    entries.push_back({origin, hashmap_hash(origin), i});
    const int in_bucket = ++bucket_sizes[entries.back().hash & (table - 1)];
    if (in_bucket >= 9 && table < 64) {
      table *= 2;
      rebuild();
    }
    if (entries.size() > table / 4 * 3) {
      table *= 2;
      rebuild();
    }
  }
  std::vector<size_t> order(entries.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return (entries[a].hash & (table - 1)) < (entries[b].hash & (table - 1));
  });
  regions_.reserve(order.size());
  for (size_t i : order) regions_.push_back({entries[i].origin, spec.regions[entries[i].value].name});
}

Point RegionGrid::nearest(Point p) const {
  double best = std::numeric_limits<double>::max();
  Point snap = p;
  for (const Region& r : regions_) {
    const int dx = java::sub(p.x, r.origin.x);
    const int dy = java::sub(p.y, r.origin.y);
    const double d = java::add(java::mul(dx, dx), java::mul(dy, dy));  // int arithmetic, as VASSAL
    if (d < best) {
      best = d;
      snap = r.origin;
    }
  }
  return snap;
}

Point RegionGrid::snap(Point p, bool force, bool) const {
  if ((!spec_.snap_to && !force) || regions_.empty()) return p;
  return nearest(p);
}

std::optional<std::string> RegionGrid::location_name(Point p) const {
  if (regions_.empty()) return std::nullopt;
  const Point at = nearest(p);
  for (const Region& r : regions_) {
    if (r.origin == at) return r.name;
  }
  return std::nullopt;
}

std::optional<Point> RegionGrid::location(std::string_view name) const {
  for (const Region& r : regions_) {
    if (r.name == name) return r.origin;
  }
  return std::nullopt;
}

int RegionGrid::range(Point p1, Point p2) const {
  const double dx = static_cast<double>(p1.x) - p2.x;
  const double dy = static_cast<double>(p1.y) - p2.y;
  return java::round_to_int(std::sqrt(dx * dx + dy * dy));
}

}  // namespace adjutant::core
