// The terrain of one map, format-free: a terrain type and an elevation per hex, feature sets per
// hexside, line features (pike, road, trail, railroad ...) with their connections through each hex,
// places (towns, depots, fortifications, entry hexes ...) and areas (states, territories). Every
// per-hex and per-hexside lookup is a flat array indexed by hex over the map's hex extent, so a
// movement search pays constant time per question.
//
// A companion file (vmod/companion.h, docs/companion-format.md) fills a TerrainModel; plugins and
// tests may also build one in code. Names are the rulebooks' words, declared in a vocabulary; the
// model stores small ids.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/geometry/hex.h"
#include "core/hexes/hex_topology.h"

namespace adjutant::core {

// Names to small ids (0, 1, 2 ... in the order given) for one kind of thing.
class Vocabulary {
 public:
  Vocabulary() = default;
  // Throws std::invalid_argument on an empty or repeated name.
  explicit Vocabulary(std::vector<std::string> names);

  int size() const { return static_cast<int>(names_.size()); }
  const std::vector<std::string>& names() const { return names_; }
  // Throws std::out_of_range for an id not in the vocabulary.
  const std::string& name(int id) const;
  std::optional<int> id(std::string_view name) const;
  // id(name), or std::invalid_argument naming `what` ("terrain type") and the known names.
  int require(std::string_view name, std::string_view what) const;

 private:
  std::vector<std::string> names_;
};

// A set of hexside feature ids (bit i: feature i), and of line type ids.
using FeatureSet = uint64_t;
using LineSet = uint32_t;
inline constexpr int kMaxHexsideFeatures = 64;
inline constexpr int kMaxLineTypes = 32;
inline constexpr int kMaxPlaceKinds = 64;
inline constexpr int kMaxTerrainTypes = 65535;
// Elevations are bounded so that sums, differences and doubled midpoints (line of sight) stay within int.
inline constexpr int kMaxElevation = 1000000;
constexpr FeatureSet feature_bit(int id) { return FeatureSet{1} << id; }
constexpr LineSet line_bit(int id) { return LineSet{1} << id; }

// The words a companion file may use. Sizes are capped by the bitsets above (checked on build).
struct TerrainVocabulary {
  Vocabulary terrain;          // hex terrain types: clear, ridge, town, woods ...
  Vocabulary hexside;          // hexside features: river, stream, bridge, slope ...
  FeatureSet high_side = 0;    // the hexside features that have a high side (slope, steep slope)
  Vocabulary lines;            // line features: pike, road, trail, railroad ...
  Vocabulary places;           // place kinds: town, city, depot, fortification, entry ...
  // Throws std::invalid_argument when a vocabulary is too large for its bitset.
  void check() const;
};

// A value the rules read from a place or area: VP, strength, side ...
using PropertyValue = std::variant<bool, int64_t, double, std::string>;
using Properties = std::map<std::string, PropertyValue, std::less<>>;
std::string to_string(const PropertyValue& value);

struct Place {
  std::string name;
  int kind = 0;             // id in TerrainVocabulary::places
  std::vector<Hex> hexes;   // at least one
  Properties properties;    // vp = 5, strength_1863 = 5, side = "Union" ...
  int line = 0;             // where a file defined it (0: built in code)
};

// A named set of hexes: a state, a county, a side's friendly territory.
struct Area {
  std::string name;
  std::vector<Hex> hexes;   // sorted, each once
  Properties properties;
  int line = 0;
};

// A chain of hexes a line feature runs through, each adjacent to the next.
struct LineFeature {
  int type = 0;              // id in TerrainVocabulary::lines
  std::string name;          // "Baltimore Pike", or empty
  std::vector<Hex> hexes;    // two or more
  std::vector<Hex> no_junction;  // hexes where it meets other lines without joining them
  int line = 0;
};

// The map's hexes as a (column, row) rectangle: the flat arrays' index space. It covers every hex
// the topology contains, plus the few corners of the rectangle it does not.
struct HexExtent {
  int min_col = 0;
  int min_row = 0;
  int cols = 0;
  int rows = 0;

  bool covers(Hex h) const {
    return h.col >= min_col && h.row >= min_row && h.col - min_col < cols && h.row - min_row < rows;
  }
  size_t index(Hex h) const {
    return static_cast<size_t>(h.col - min_col) * static_cast<size_t>(rows) + static_cast<size_t>(h.row - min_row);
  }
  Hex hex(size_t index) const {
    return Hex{min_col + static_cast<int>(index / static_cast<size_t>(rows)),
               min_row + static_cast<int>(index % static_cast<size_t>(rows))};
  }
  size_t size() const { return static_cast<size_t>(cols) * static_cast<size_t>(rows); }
  // The hexes of the rectangle that `topology` contains, column by column.
  std::vector<Hex> hexes(const HexTopology& topology) const;

  // The smallest rectangle holding every hex `topology` contains (found by walking neighbours from
  // the hexes near the board's origin). Throws GeometryError for an unbounded topology.
  static HexExtent of(const HexTopology& topology);
};

class TerrainModel {
 public:
  // Every hex of the map starts with `default_terrain` (an id in vocabulary->terrain) and
  // `default_elevation`; nothing else.
  TerrainModel(std::string map, std::string board, HexTopology topology,
               std::shared_ptr<const TerrainVocabulary> vocabulary, int default_terrain, int default_elevation = 0);

  const std::string& map() const { return map_; }
  const std::string& board() const { return board_; }
  const HexTopology& topology() const { return topology_; }
  const HexExtent& extent() const { return extent_; }
  const TerrainVocabulary& vocabulary() const { return *vocabulary_; }
  const std::shared_ptr<const TerrainVocabulary>& shared_vocabulary() const { return vocabulary_; }
  int default_terrain() const { return default_terrain_; }
  int default_elevation() const { return default_elevation_; }
  // A hex of the map (the topology contains it).
  bool on_map(Hex h) const { return extent_.covers(h) && topology_.contains(h); }
  // Every hex of the map, column by column.
  std::vector<Hex> hexes() const;

  // --- building (each throws GeometryError for a hex off the map or hexes that are not adjacent,
  // std::invalid_argument for an id outside the vocabulary) ---
  void set_terrain(Hex h, int type);
  void set_elevation(Hex h, int elevation);
  // Adds a feature to the hexside between a and b; `high` (a or b) is required for, and only for,
  // the vocabulary's high-side features. Adding a feature twice keeps one (the latest high side).
  void add_hexside_feature(Hex a, Hex b, int feature, std::optional<Hex> high = std::nullopt);
  // Adds a chain; lines that share a hex join there (any types) unless one lists the hex in its
  // no_junction. Two lines of one type that cross the same hexside are one line there.
  int add_line(LineFeature line);
  // --- state that changes in play (a destroyed bridge, a destroyed rail hex): each takes off what
  // the building put on, and lines() keep the chains as declared ---
  // Takes the features off the hexside between a and b (and their high sides).
  void remove_hexside_features(Hex a, Hex b, FeatureSet features);
  // Lines of these types no longer cross the hexside between a and b.
  void cut_lines_across(Hex a, Hex b, LineSet types);
  // Lines of these types no longer run through h: they cross none of its hexsides.
  void cut_lines_in(Hex h, LineSet types);
  int add_place(Place place);
  int add_area(Area area);

  // --- lookups: constant time; GeometryError for a hex off the map ---
  int terrain(Hex h) const { return terrain_[checked(h)]; }
  const std::string& terrain_name(Hex h) const { return vocabulary_->terrain.name(terrain(h)); }
  int elevation(Hex h) const { return elevation_[checked(h)]; }

  // The features of the hexside from h towards `direction` (HexTopology's directions); the same
  // set from either hex. Empty towards a hex off the map.
  FeatureSet hexside_features(Hex h, int direction) const { return features_[side(h, direction)]; }
  FeatureSet hexside_features(Hex a, Hex b) const { return features_[side(a, b)]; }
  bool has_hexside_feature(Hex a, Hex b, int feature) const { return (hexside_features(a, b) & feature_bit(feature)) != 0; }
  // The high-side features of that hexside for which h is the high side: with slope in
  // hexside_features(h, d) but not here, moving from h towards d goes uphill.
  FeatureSet high_side_features(Hex h, int direction) const { return high_[side(h, direction)]; }
  // The higher hex of a high-side feature on the hexside a/b, or nullopt without that feature.
  std::optional<Hex> high_side(Hex a, Hex b, int feature) const;

  // The line types whose lines cross the hexside from h towards `direction`; a unit entering
  // through it is "on the road" for each of these.
  LineSet lines_across(Hex h, int direction) const { return line_sides_[side(h, direction)]; }
  LineSet lines_across(Hex a, Hex b) const { return line_sides_[side(a, b)]; }
  // The line types present in h (crossing any of its hexsides).
  LineSet lines_in(Hex h) const { return line_hexes_[checked(h)]; }
  // Whether a line of type t1 leaving h through d1 and one of type t2 leaving through d2 are one
  // connected stretch inside h: a road entered from d1 can be followed out through d2. False when
  // either line does not cross its hexside.
  bool lines_connect(Hex h, int d1, int t1, int d2, int t2) const;
  bool lines_connect(Hex h, int type, int d1, int d2) const { return lines_connect(h, d1, type, d2, type); }
  const std::vector<LineFeature>& lines() const { return lines_; }

  // --- the same lookups by cell (extent().index of an on-map hex), unchecked: for search loops ---
  int terrain_at(size_t cell) const { return terrain_[cell]; }
  FeatureSet hexside_features_at(size_t cell, int direction) const { return features_[cell * 6 + static_cast<size_t>(direction)]; }
  FeatureSet high_side_features_at(size_t cell, int direction) const { return high_[cell * 6 + static_cast<size_t>(direction)]; }
  LineSet lines_across_at(size_t cell, int direction) const { return line_sides_[cell * 6 + static_cast<size_t>(direction)]; }
  bool lines_connect_at(size_t cell, int d1, int t1, int d2, int t2) const {
    const uint8_t a = line_labels_[label_index(cell, d1, t1)];
    return a != 0 && a == line_labels_[label_index(cell, d2, t2)];
  }

  const std::vector<Place>& places() const { return places_; }
  // The ids of the places in h, in the order they were added.
  std::vector<int> places_at(Hex h) const;
  // Whether h holds a place of this kind (constant time).
  bool has_place(Hex h, int kind) const {
    return kind >= 0 && kind < kMaxPlaceKinds && (place_kinds_[checked(h)] & (uint64_t{1} << kind)) != 0;
  }
  const Place* place_named(std::string_view name) const;

  const std::vector<Area>& areas() const { return areas_; }
  bool in_area(Hex h, int area) const;
  std::vector<int> areas_at(Hex h) const;
  std::optional<int> area_named(std::string_view name) const;

 private:
  size_t checked(Hex h) const;                  // index of an on-map hex, or GeometryError
  size_t side(Hex h, int direction) const;      // index of (h, direction); h must be on the map
  size_t side(Hex a, Hex b) const;              // index of (a, direction to b), checked adjacent
  size_t label_index(size_t cell, int direction, int type) const {
    return (cell * 6 + static_cast<size_t>(direction)) * static_cast<size_t>(line_types_) + static_cast<size_t>(type);
  }
  void relabel(size_t cell);  // recomputes the connections of one hex from its segments
  void cut_side(size_t cell, int direction, LineSet types);  // one hex's half of cut_lines_across

  // A line's passage through one hex: the sides it leaves by (one at a chain's ends).
  struct Segment {
    int type;
    uint8_t sides;  // bit d: crosses the hexside towards direction d
    bool joins;     // false in a hex the line lists in no_junction
  };

  std::string map_;
  std::string board_;
  HexTopology topology_;
  std::shared_ptr<const TerrainVocabulary> vocabulary_;
  int default_terrain_ = 0;
  int default_elevation_ = 0;
  HexExtent extent_;
  int line_types_ = 0;

  std::vector<uint16_t> terrain_;       // per hex
  std::vector<int32_t> elevation_;      // per hex
  std::vector<FeatureSet> features_;    // per (hex, direction), the same on both sides of a hexside
  std::vector<FeatureSet> high_;        // per (hex, direction): features whose high side is this hex
  std::vector<LineSet> line_sides_;     // per (hex, direction)
  std::vector<LineSet> line_hexes_;     // per hex
  std::vector<uint8_t> line_labels_;    // per (hex, direction, line type): 0 none, else a stretch id
  std::map<size_t, std::vector<Segment>> segments_;  // per hex with lines
  std::vector<uint64_t> place_kinds_;   // per hex
  std::multimap<size_t, int> place_cells_;
  std::vector<std::vector<bool>> area_cells_;  // per area, per hex

  std::vector<LineFeature> lines_;
  std::vector<Place> places_;
  std::vector<Area> areas_;
};

}  // namespace adjutant::core
