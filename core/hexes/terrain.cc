#include "core/hexes/terrain.h"

#include <algorithm>
#include <array>
#include <deque>
#include <numeric>
#include <set>
#include <stdexcept>

#include "core/geometry/geometry_error.h"

namespace adjutant::core {
namespace {

void check_elevation(int elevation) {
  if (elevation < -kMaxElevation || elevation > kMaxElevation) {
    throw std::out_of_range("elevation " + std::to_string(elevation) + " is beyond +-" + std::to_string(kMaxElevation));
  }
}

}  // namespace

// --- Vocabulary ---

Vocabulary::Vocabulary(std::vector<std::string> names) : names_(std::move(names)) {
  std::set<std::string_view> seen;
  for (const std::string& n : names_) {
    if (n.empty()) throw std::invalid_argument("a vocabulary name is empty");
    if (!seen.insert(n).second) throw std::invalid_argument("'" + n + "' is named twice");
  }
}

const std::string& Vocabulary::name(int id) const {
  if (id < 0 || id >= size()) throw std::out_of_range("no vocabulary id " + std::to_string(id));
  return names_[static_cast<size_t>(id)];
}

std::optional<int> Vocabulary::id(std::string_view name) const {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] == name) return static_cast<int>(i);
  }
  return std::nullopt;
}

int Vocabulary::require(std::string_view name, std::string_view what) const {
  if (const auto i = id(name)) return *i;
  std::string known;
  for (const std::string& n : names_) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown " + std::string(what) + " '" + std::string(name) + "'" +
                              (known.empty() ? " (none declared)" : " (known: " + known + ")"));
}

void TerrainVocabulary::check() const {
  if (terrain.size() == 0) throw std::invalid_argument("no terrain types declared");
  if (terrain.size() > kMaxTerrainTypes) throw std::invalid_argument("more than 65535 terrain types");
  if (hexside.size() > kMaxHexsideFeatures) throw std::invalid_argument("more than 64 hexside feature types");
  if (lines.size() > kMaxLineTypes) throw std::invalid_argument("more than 32 line feature types");
  if (places.size() > kMaxPlaceKinds) throw std::invalid_argument("more than 64 place kinds");
  const FeatureSet all = hexside.size() == 64 ? ~FeatureSet{0} : feature_bit(hexside.size()) - 1;
  if ((high_side & ~all) != 0) throw std::invalid_argument("a high-side feature is not a hexside feature");
}

std::string to_string(const PropertyValue& value) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const {
      std::string s = std::to_string(d);
      s.erase(s.find_last_not_of('0') + 1);
      if (!s.empty() && s.back() == '.') s.pop_back();
      return s;
    }
    std::string operator()(const std::string& s) const { return s; }
  };
  return std::visit(Visitor{}, value);
}

// --- HexExtent ---

HexExtent HexExtent::of(const HexTopology& topology) {
  // A bounded topology holds nothing this far out; an unbounded one holds everything.
  if (topology.contains(Hex{-(1 << 20), -(1 << 20)})) {
    throw GeometryError("a terrain model needs a hex topology bounded by its board");
  }
  // Seeds: the hexes near each board's origin (a board's hexes form one connected patch).
  std::vector<Hex> origins;
  if (topology.is_stitched()) {
    for (size_t i = 0; i < topology.parts().size(); ++i) {
      const HexGrid& grid = topology.parts()[i].topology.grid();
      origins.push_back(topology.to_map(static_cast<int>(i), grid.hex_at(Point{0, 0})));
    }
  } else {
    origins.push_back(topology.grid().hex_at(Point{0, 0}));
  }
  std::deque<Hex> queue;
  std::set<Hex> seen;
  for (const Hex& origin : origins) {
    for (const Hex& h : topology.within(origin, 3)) {
      if (seen.insert(h).second) queue.push_back(h);
    }
  }
  if (queue.empty()) return HexExtent{};
  Hex lo = queue.front(), hi = queue.front();
  constexpr size_t kMaxHexes = size_t{1} << 22;
  while (!queue.empty()) {
    const Hex h = queue.front();
    queue.pop_front();
    lo = {std::min(lo.col, h.col), std::min(lo.row, h.row)};
    hi = {std::max(hi.col, h.col), std::max(hi.row, h.row)};
    for (const Hex& n : topology.neighbours(h)) {
      if (seen.insert(n).second) queue.push_back(n);
    }
    if (seen.size() > kMaxHexes) throw GeometryError("a board with more than 4 million hexes");
  }
  return HexExtent{lo.col, lo.row, hi.col - lo.col + 1, hi.row - lo.row + 1};
}

// --- TerrainModel ---

TerrainModel::TerrainModel(std::string map, std::string board, HexTopology topology,
                           std::shared_ptr<const TerrainVocabulary> vocabulary, int default_terrain,
                           int default_elevation)
    : map_(std::move(map)),
      board_(std::move(board)),
      topology_(std::move(topology)),
      vocabulary_(std::move(vocabulary)),
      default_terrain_(default_terrain),
      default_elevation_(default_elevation) {
  if (!vocabulary_) throw std::invalid_argument("a terrain model needs a vocabulary");
  check_elevation(default_elevation);
  vocabulary_->check();
  vocabulary_->terrain.name(default_terrain);  // range check
  extent_ = HexExtent::of(topology_);
  line_types_ = vocabulary_->lines.size();
  const size_t n = extent_.size();
  terrain_.assign(n, static_cast<uint16_t>(default_terrain));
  elevation_.assign(n, default_elevation);
  features_.assign(n * 6, 0);
  high_.assign(n * 6, 0);
  line_sides_.assign(n * 6, 0);
  line_hexes_.assign(n, 0);
  line_labels_.assign(n * 6 * static_cast<size_t>(line_types_), 0);
  place_kinds_.assign(n, 0);
}

size_t TerrainModel::checked(Hex h) const {
  if (!on_map(h)) throw GeometryError("hex " + describe(topology_, h) + " is not on map '" + map_ + "'");
  return extent_.index(h);
}

size_t TerrainModel::side(Hex h, int direction) const {
  if (direction < 0 || direction > 5) throw GeometryError("hex direction " + std::to_string(direction) + " is not 0..5");
  return checked(h) * 6 + static_cast<size_t>(direction);
}

size_t TerrainModel::side(Hex a, Hex b) const {
  const auto d = topology_.direction(a, b);
  if (!d) {
    throw GeometryError("hexes " + describe(topology_, a) + " and " + describe(topology_, b) + " are not adjacent");
  }
  return side(a, *d);
}

std::vector<Hex> HexExtent::hexes(const HexTopology& topology) const {
  std::vector<Hex> out;
  for (size_t i = 0; i < size(); ++i) {
    if (topology.contains(hex(i))) out.push_back(hex(i));
  }
  return out;
}

std::vector<Hex> TerrainModel::hexes() const { return extent_.hexes(topology_); }

void TerrainModel::set_terrain(Hex h, int type) {
  vocabulary_->terrain.name(type);
  terrain_[checked(h)] = static_cast<uint16_t>(type);
}

void TerrainModel::set_elevation(Hex h, int elevation) {
  check_elevation(elevation);
  elevation_[checked(h)] = elevation;
}

void TerrainModel::add_hexside_feature(Hex a, Hex b, int feature, std::optional<Hex> high) {
  vocabulary_->hexside.name(feature);
  const FeatureSet bit = feature_bit(feature);
  const bool needs_high = (vocabulary_->high_side & bit) != 0;
  const std::string& name = vocabulary_->hexside.name(feature);
  if (needs_high && !high) throw std::invalid_argument("hexside feature '" + name + "' needs its high side");
  if (!needs_high && high) throw std::invalid_argument("hexside feature '" + name + "' has no high side");
  if (high && *high != a && *high != b) {
    throw GeometryError("the high side " + describe(topology_, *high) + " is not a hex of the hexside");
  }
  checked(b);
  const size_t ab = side(a, b), ba = side(b, a);
  features_[ab] |= bit;
  features_[ba] |= bit;
  if (high) {
    high_[ab] = (high_[ab] & ~bit) | (*high == a ? bit : 0);
    high_[ba] = (high_[ba] & ~bit) | (*high == b ? bit : 0);
  }
}

std::optional<Hex> TerrainModel::high_side(Hex a, Hex b, int feature) const {
  const FeatureSet bit = feature_bit(feature);
  const size_t ab = side(a, b);
  if ((features_[ab] & bit) == 0) return std::nullopt;
  if ((high_[ab] & bit) != 0) return a;
  if ((high_[side(b, a)] & bit) != 0) return b;
  return std::nullopt;
}

int TerrainModel::add_line(LineFeature line) {
  vocabulary_->lines.name(line.type);
  if (line.hexes.size() < 2) throw std::invalid_argument("a line needs at least two hexes");
  for (const Hex& h : line.hexes) checked(h);
  std::vector<int> out(line.hexes.size(), -1), back(line.hexes.size(), -1);
  for (size_t i = 0; i + 1 < line.hexes.size(); ++i) {
    const auto d = topology_.direction(line.hexes[i], line.hexes[i + 1]);
    if (!d) {
      throw GeometryError("hexes " + describe(topology_, line.hexes[i]) + " and " +
                          describe(topology_, line.hexes[i + 1]) + " are not adjacent");
    }
    out[i] = *d;
    back[i + 1] = (*d + 3) % 6;
  }
  const std::set<Hex> apart(line.no_junction.begin(), line.no_junction.end());
  const LineSet bit = line_bit(line.type);
  std::set<size_t> touched;
  for (size_t i = 0; i < line.hexes.size(); ++i) {
    const size_t cell = extent_.index(line.hexes[i]);
    uint8_t sides = 0;
    for (const int d : {out[i], back[i]}) {
      if (d < 0) continue;
      sides = static_cast<uint8_t>(sides | (1u << d));
      line_sides_[cell * 6 + static_cast<size_t>(d)] |= bit;
    }
    line_hexes_[cell] |= bit;
    segments_[cell].push_back(Segment{line.type, sides, apart.count(line.hexes[i]) == 0});
    touched.insert(cell);
  }
  for (const size_t cell : touched) relabel(cell);
  lines_.push_back(std::move(line));
  return static_cast<int>(lines_.size()) - 1;
}

void TerrainModel::remove_hexside_features(Hex a, Hex b, FeatureSet features) {
  const size_t ab = side(a, b), ba = side(b, a);
  for (const size_t s : {ab, ba}) {
    features_[s] &= ~features;
    high_[s] &= ~features;
  }
}

void TerrainModel::cut_side(size_t cell, int direction, LineSet types) {
  const size_t s = cell * 6 + static_cast<size_t>(direction);
  if ((line_sides_[s] & types) == 0) return;
  line_sides_[s] &= ~types;
  LineSet left = 0;
  for (Segment& segment : segments_[cell]) {
    if (types & line_bit(segment.type)) segment.sides = static_cast<uint8_t>(segment.sides & ~(1u << direction));
    if (segment.sides != 0) left |= line_bit(segment.type);
  }
  line_hexes_[cell] = left;
  relabel(cell);
}

void TerrainModel::cut_lines_across(Hex a, Hex b, LineSet types) {
  const auto d = topology_.direction(a, b);
  if (!d) throw GeometryError("hexes " + describe(topology_, a) + " and " + describe(topology_, b) + " are not adjacent");
  const size_t from_a = checked(a), from_b = checked(b);
  cut_side(from_a, *d, types);
  cut_side(from_b, (*d + 3) % 6, types);
}

void TerrainModel::cut_lines_in(Hex h, LineSet types) {
  const size_t cell = checked(h);
  for (int d = 0; d < 6; ++d) {
    const auto n = topology_.neighbour(h, d);
    if (n && on_map(*n)) {
      cut_lines_across(h, *n, types);
    } else {
      cut_side(cell, d, types);
    }
  }
}

// The stretches of line inside one hex: elements are (direction, type) pairs; a segment joins the
// sides it crosses, and every joining segment in the hex joins the others.
void TerrainModel::relabel(size_t cell) {
  const size_t n = static_cast<size_t>(6 * line_types_);
  std::vector<size_t> parent(n);
  std::iota(parent.begin(), parent.end(), size_t{0});
  auto find = [&](size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  auto unite = [&](size_t x, size_t y) { parent[find(x)] = find(y); };
  auto element = [&](int d, int type) {
    return static_cast<size_t>(d) * static_cast<size_t>(line_types_) + static_cast<size_t>(type);
  };
  std::vector<bool> present(n, false);
  std::optional<size_t> junction;
  for (const Segment& s : segments_[cell]) {
    std::optional<size_t> first;
    for (int d = 0; d < 6; ++d) {
      if ((s.sides & (1u << d)) == 0) continue;
      const size_t e = element(d, s.type);
      present[e] = true;
      if (first) unite(e, *first);
      else first = e;
    }
    if (!first || !s.joins) continue;
    if (junction) unite(*first, *junction);
    else junction = first;
  }
  for (size_t e = 0; e < n; ++e) {
    line_labels_[cell * n + e] = present[e] ? static_cast<uint8_t>(find(e) + 1) : uint8_t{0};
  }
}

bool TerrainModel::lines_connect(Hex h, int d1, int t1, int d2, int t2) const {
  const size_t cell = checked(h);
  if (d1 < 0 || d1 > 5 || d2 < 0 || d2 > 5) throw GeometryError("hex direction is not 0..5");
  if (t1 < 0 || t1 >= line_types_ || t2 < 0 || t2 >= line_types_) throw std::out_of_range("no line type id");
  return lines_connect_at(cell, d1, t1, d2, t2);
}

int TerrainModel::add_place(Place place) {
  if (place.kind < 0 || place.kind >= vocabulary_->places.size()) throw std::out_of_range("no place kind id");
  if (place.hexes.empty()) throw std::invalid_argument("place '" + place.name + "' has no hex");
  std::vector<size_t> cells;
  for (const Hex& h : place.hexes) cells.push_back(checked(h));
  const int id = static_cast<int>(places_.size());
  for (const size_t cell : cells) {
    place_kinds_[cell] |= uint64_t{1} << place.kind;
    place_cells_.emplace(cell, id);
  }
  places_.push_back(std::move(place));
  return id;
}

std::vector<int> TerrainModel::places_at(Hex h) const {
  std::vector<int> out;
  const auto [first, last] = place_cells_.equal_range(checked(h));
  for (auto it = first; it != last; ++it) {
    if (out.empty() || out.back() != it->second) out.push_back(it->second);
  }
  return out;
}

const Place* TerrainModel::place_named(std::string_view name) const {
  for (const Place& p : places_) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

int TerrainModel::add_area(Area area) {
  std::vector<bool> cells(extent_.size(), false);
  for (const Hex& h : area.hexes) cells[checked(h)] = true;
  area.hexes.clear();
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i]) area.hexes.push_back(extent_.hex(i));
  }
  std::sort(area.hexes.begin(), area.hexes.end());
  area_cells_.push_back(std::move(cells));
  areas_.push_back(std::move(area));
  return static_cast<int>(areas_.size()) - 1;
}

bool TerrainModel::in_area(Hex h, int area) const {
  if (area < 0 || area >= static_cast<int>(areas_.size())) throw std::out_of_range("no area id");
  return area_cells_[static_cast<size_t>(area)][checked(h)];
}

std::vector<int> TerrainModel::areas_at(Hex h) const {
  const size_t cell = checked(h);
  std::vector<int> out;
  for (size_t a = 0; a < area_cells_.size(); ++a) {
    if (area_cells_[a][cell]) out.push_back(static_cast<int>(a));
  }
  return out;
}

std::optional<int> TerrainModel::area_named(std::string_view name) const {
  for (size_t a = 0; a < areas_.size(); ++a) {
    if (areas_[a].name == name) return static_cast<int>(a);
  }
  return std::nullopt;
}

}  // namespace adjutant::core
