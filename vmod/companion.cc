#include "vmod/companion.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "core/geometry/geometry_error.h"
#include "vmod/format_error.h"
#include "vmod/limits.h"
#include "vmod/companion_movement.h"
#include "vmod/companion_sight.h"
#include "vmod/companion_state.h"
#include "vmod/toml_reader.h"

namespace adjutant::vmod {
namespace {

using core::Hex;
using namespace toml_reading;

// The state of one [[map]] while it is read.
struct MapContext {
  std::string label;  // "map 'Main'" or "map 'Main', board 'North'"
  const core::HexTopology* topology = nullptr;
  core::TerrainModel* model = nullptr;
  std::vector<NumberedHex> numbered;  // for ranges
};

class Parser : private TomlReader {
 public:
  Parser(std::string file, const MapTopologyLookup& lookup, const BoardSizeHint& board_size, std::string_view module_name)
      : TomlReader(std::move(file)), lookup_(lookup), board_size_(board_size), module_name_(module_name) {}

  Companion parse(std::string_view text) {
    toml::table root;
    try {
      root = toml::parse(text, file_);
    } catch (const toml::parse_error& e) {
      fail(at(e.source()), "malformed TOML: " + std::string(e.description()));
    }
    Companion out;
    out.file = file_;
    only_keys(root, {"format", "rules", "module", "vocabulary", "map", "units", "movement", "sight", "state", "globals"},
              "the file");
    if (const toml::node* f = root.get("format")) {
      const auto v = f->value<int64_t>();
      if (!f->is_integer() || !v || *v < 1) fail(at(*f), "'format' must be a whole number from 1");
      if (*v > kCompanionFormat) {
        fail(at(*f), "format " + std::to_string(*v) + " is newer than this Adjutant reads (" +
                         std::to_string(kCompanionFormat) + ")");
      }
      out.format = static_cast<int>(*v);
    }
    out.rules = require_string(root, "rules", "the file", At{1, 1});
    const toml::table& module = require_table(root, "module", "the file", At{1, 1});
    only_keys(module, {"name", "version"}, "[module]");
    out.module_name = require_string(module, "name", "[module]", at(module));
    if (!module_name_.empty() && out.module_name != module_name_) {
      fail(inside(*module.get("name")), "this file is for module " + in_quotes(out.module_name) + ", not for " +
                                            in_quotes(module_name_) + " (the module given)");
    }
    out.module_version = optional_string(module, "version", "[module]").value_or("");

    vocabulary_ = std::make_shared<core::TerrainVocabulary>();
    read_vocabulary(require_table(root, "vocabulary", "the file", At{1, 1}));
    out.vocabulary = vocabulary_;

    const toml::node* maps = root.get("map");
    if (!maps) fail(At{1, 1}, "the file has no [[map]]");
    const toml::array* map_array = maps->as_array();
    if (!map_array || map_array->empty()) fail(at(*maps), "'map' must be one or more [[map]] tables");
    std::map<std::pair<std::string, std::string>, int> seen_maps;
    for (const toml::node& m : *map_array) {
      const toml::table* table = m.as_table();
      if (!table) fail(at(m), "each 'map' must be a [[map]] table");
      out.maps.push_back(read_map(*table, seen_maps));
      out.palettes.push_back(read_palette(*table, out.maps.back()));
      out.sources.push_back(source_of(*table));
    }
    if (const toml::node* u = root.get("units")) {
      const toml::table* units = u->as_table();
      if (!units) fail(at(*u), "'units' must be a table ([units])");
      out.units = read_units(*units);
    }
    out.units.attributes = unit_attributes_;
    if (const toml::node* m = root.get("movement")) {
      const toml::table* movement = m->as_table();
      if (!movement) fail(at(*m), "'movement' must be a table ([movement])");
      out.movement = read_movement(*this, *movement, *vocabulary_, unit_attributes_);
    }
    if (const toml::node* v = root.get("sight")) {
      const toml::table* sight = v->as_table();
      if (!sight) fail(at(*v), "'sight' must be a table ([sight])");
      out.sight = read_sight(*this, *sight, *vocabulary_);
    }
    if (const toml::node* s = root.get("state")) {
      const toml::table* state = s->as_table();
      if (!state) fail(at(*s), "'state' must be [state.NAME] tables");
      out.states = read_states(*this, *state, *vocabulary_, out.maps);
    }
    if (const toml::node* g = root.get("globals")) {
      const toml::table* globals = g->as_table();
      if (!globals) fail(at(*g), "'globals' must be a table ([globals])");
      out.globals = read_globals(*this, *globals);
    }
    return out;
  }

 private:
  // --- [vocabulary] ---

  core::Vocabulary vocabulary_list(const toml::table& t, std::string_view key, std::string_view what, bool required) {
    const toml::node* n = t.get(key);
    if (!n) {
      if (required) fail(at(t), "[vocabulary] has no " + in_quotes(key) + " list");
      return {};
    }
    std::vector<std::string> names;
    std::map<std::string, At> seen;
    for (const Word& w : words(*n, "vocabulary " + in_quotes(key), false)) {
      if (auto [it, fresh] = seen.emplace(w.text, w.where); !fresh) {
        fail(w.where, "duplicate " + std::string(what) + " " + in_quotes(w.text) + " (first at line " +
                          std::to_string(it->second.line) + ")");
      }
      names.push_back(w.text);
    }
    if (required && names.empty()) fail(at(*n), "vocabulary " + in_quotes(key) + " names no " + std::string(what));
    return core::Vocabulary(std::move(names));
  }

  void read_vocabulary(const toml::table& t) {
    only_keys(t, {"terrain", "hexside", "high_side", "lines", "places", "unit_attributes"}, "[vocabulary]");
    vocabulary_->terrain = vocabulary_list(t, "terrain", "terrain type", true);
    vocabulary_->hexside = vocabulary_list(t, "hexside", "hexside feature type", false);
    vocabulary_->lines = vocabulary_list(t, "lines", "line feature type", false);
    vocabulary_->places = vocabulary_list(t, "places", "place kind", false);
    const core::Vocabulary attributes = vocabulary_list(t, "unit_attributes", "unit attribute", false);
    unit_attributes_ = attributes.names();
    auto too_many = [&](std::string_view key, int size, int max) {
      if (size > max) fail(at(*t.get(key)), "vocabulary " + in_quotes(key) + " has " + std::to_string(size) +
                                                " names; at most " + std::to_string(max) + " are supported");
    };
    too_many("terrain", vocabulary_->terrain.size(), core::kMaxTerrainTypes);
    too_many("hexside", vocabulary_->hexside.size(), core::kMaxHexsideFeatures);
    too_many("lines", vocabulary_->lines.size(), core::kMaxLineTypes);
    too_many("places", vocabulary_->places.size(), core::kMaxPlaceKinds);
    if (const toml::node* h = t.get("high_side")) {
      for (const Word& w : words(*h, "vocabulary 'high_side'", false)) {
        const auto id = vocabulary_->hexside.id(w.text);
        if (!id) fail(w.where, "high-side feature " + in_quotes(w.text) + " is not in vocabulary 'hexside'");
        vocabulary_->high_side |= core::feature_bit(*id);
      }
    }
  }

  int vocabulary_id(const core::Vocabulary& v, const Word& w, std::string_view what, std::string_view key) const {
    if (const auto id = v.id(w.text)) return *id;
    fail(w.where, "unknown " + std::string(what) + " " + in_quotes(w.text) + " (vocabulary " + in_quotes(key) +
                      (v.size() ? " has " + joined(v.names()) : " is empty") + ")");
  }

  // --- hexes ---

  Hex hex(const MapContext& m, const Word& w) const {
    const auto h = m.topology->hex_named(w.text);
    if (!h) fail(w.where, "unknown hex " + in_quotes(w.text) + " on " + m.label);
    if (!m.model->on_map(*h)) fail(w.where, "hex " + in_quotes(w.text) + " is off the board of " + m.label);
    return *h;
  }

  // A name, or a range "A..B": every hex of the map whose name's column and row numbers lie
  // between A's and B's ("1520..2030": columns 15 to 20, rows 20 to 30, as the names count).
  std::vector<Hex> hexes(const MapContext& m, const Word& w) const {
    const auto dots = w.text.find("..");
    if (dots == std::string::npos) return {hex(m, w)};
    const std::string_view text = w.text;
    const std::string first(core::java::trim(text.substr(0, dots))), last(core::java::trim(text.substr(dots + 2)));
    if (first.empty() || last.empty()) {
      fail(w.where, "range " + in_quotes(w.text) + " must be two hex names joined by '..', like 1520..2030");
    }
    return hexes_in_range(m.numbered, hex(m, Word{first, w.where}), hex(m, Word{last, w.where}));
  }

  // A hexside "A/B": the first '/' that splits the text into two hexes of the map.
  core::Hexside hexside(const MapContext& m, const Word& w) const {
    const std::string_view text = w.text;
    const std::optional<std::pair<Hex, Hex>> found = split_hexside(*m.topology, text);
    if (!found) {
      const auto slash = text.find('/');
      if (slash == std::string::npos) {
        fail(w.where, "hexside " + in_quotes(text) + " must be two hex names joined by '/', like 1426/1525");
      }
      const std::string_view first = core::java::trim(text.substr(0, slash));
      const std::string_view bad =
          m.topology->hex_named(first) ? core::java::trim(text.substr(slash + 1)) : first;
      fail(w.where, "unknown hex " + in_quotes(bad) + " in hexside " + in_quotes(text) + " on " + m.label);
    }
    const auto [a, b] = *found;
    for (const Hex h : {a, b}) {
      if (!m.model->on_map(h)) {
        fail(w.where, "hexside " + in_quotes(text) + ": hex " + in_quotes(m.topology->name(h)) +
                          " is off the board of " + m.label);
      }
    }
    if (!m.topology->adjacent(a, b)) {
      fail(w.where, "hexside " + in_quotes(text) + " joins hexes that are not adjacent on " + m.label);
    }
    return m.topology->hexside(a, b);
  }

  // --- [[map]] ---

  core::TerrainModel read_map(const toml::table& t, std::map<std::pair<std::string, std::string>, int>& seen) {
    only_keys(t, {"name", "board", "board_size", "default_terrain", "default_elevation", "terrain", "elevation",
                  "hexsides", "line", "place", "area", "palette"},
              "[[map]]");
    const std::string name = require_string(t, "name", "[[map]]", at(t));
    const std::string board = optional_string(t, "board", "[[map]]").value_or("");
    const At name_at = inside(*t.get("name"));
    if (auto [it, fresh] = seen.emplace(std::pair{name, board}, name_at.line); !fresh) {
      fail(name_at, "duplicate [[map]] " + in_quotes(name) + (board.empty() ? "" : " board " + in_quotes(board)) +
                        " (first at line " + std::to_string(it->second) + ")");
    }
    MapContext m;
    m.label = "map " + in_quotes(name) + (board.empty() ? "" : ", board " + in_quotes(board));
    if (const toml::node* size = t.get("board_size")) {
      const core::Size given = board_size(*size);
      if (!board_size_) fail(at(*size), "'board_size' cannot be used here: the module's board sizes are fixed");
      try {
        board_size_(name, board, given);
      } catch (const std::exception& e) {  // no such map or board in the module: the file's mistake
        fail(name_at, m.label + ": " + e.what());
      }
    }
    std::optional<core::HexTopology> topology;
    try {
      topology = lookup_ ? lookup_(name, board) : std::nullopt;
    } catch (const std::exception& e) {
      fail(name_at, m.label + ": " + e.what());
    }
    if (!topology) {
      fail(name_at, board.empty() ? "unknown map " + in_quotes(name) + " (the module has no map of that name)"
                                  : "unknown map " + in_quotes(name) + " with board " + in_quotes(board) +
                                        " (the module has no such map and board)");
    }
    if (!topology->grid().numbering()) fail(name_at, m.label + " has a hex grid without numbering, so no hex names");

    const toml::node* dt = t.get("default_terrain");
    if (!dt) fail(at(t), m.label + " has no 'default_terrain'");
    const int default_terrain =
        vocabulary_id(vocabulary_->terrain, Word{string_value(*dt, "'default_terrain'"), inside(*dt)}, "terrain type", "terrain");
    int default_elevation = 0;
    if (const toml::node* de = t.get("default_elevation")) default_elevation = elevation_value(*de);

    std::optional<core::TerrainModel> model;
    try {
      model.emplace(name, board, *topology, vocabulary_, default_terrain, default_elevation);
    } catch (const std::exception& e) {
      fail(name_at, m.label + ": " + e.what());
    }
    m.topology = &model->topology();
    m.model = &*model;
    m.numbered = numbered_hexes(*model);

    read_terrain(m, t);
    read_elevation(m, t);
    read_hexsides(m, t);
    read_lines(m, t);
    read_places(m, t);
    read_areas(m, t);
    return std::move(*model);
  }

  core::Size board_size(const toml::node& n) const {
    const toml::array* a = n.as_array();
    const auto whole = [](const toml::node& v) { return v.value_exact<int64_t>().value_or(0); };
    if (!a || a->size() != 2 || whole((*a)[0]) < 1 || whole((*a)[1]) < 1 || whole((*a)[0]) > (1 << 24) ||
        whole((*a)[1]) > (1 << 24)) {
      fail(at(n), "'board_size' must be [width, height] in pixels");
    }
    return {static_cast<int>(whole((*a)[0])), static_cast<int>(whole((*a)[1]))};
  }

  // --- [map.palette]: colours of the board image for `adjutant terrain sample` ---

  std::optional<core::ColourPalette> read_palette(const toml::table& t, const core::TerrainModel& model) const {
    const toml::table* p = optional_table(t, "palette", "[[map]]");
    if (!p) return std::nullopt;
    only_keys(*p, {"tolerance", "radius", "terrain", "elevation"}, "[map.palette]");
    core::ColourPalette palette;
    palette.tolerance = bounded_int(*p, "tolerance", 0, 442, palette.tolerance);
    palette.radius = bounded_int(*p, "radius", 0, 50, palette.radius);
    std::map<std::string, At> seen;
    if (const toml::table* terrain = optional_table(*p, "terrain", "[map.palette]")) {
      for (const auto& [k, v] : in_file_order(*terrain)) {
        const Word word{string_value(*v, "palette terrain " + in_quotes(k->str())), inside(*v)};
        palette.terrain.push_back({colour(*k, seen), vocabulary_id(model.vocabulary().terrain, word, "terrain type", "terrain")});
      }
    }
    seen.clear();
    if (const toml::table* elevation = optional_table(*p, "elevation", "[map.palette]")) {
      for (const auto& [k, v] : in_file_order(*elevation)) palette.elevation.push_back({colour(*k, seen), elevation_value(*v)});
    }
    if (palette.terrain.empty() && palette.elevation.empty()) {
      fail(at(*p), "[map.palette] names no colours (give [map.palette.terrain] or [map.palette.elevation])");
    }
    return palette;
  }

  int bounded_int(const toml::table& t, std::string_view key, int low, int high, int fallback) const {
    const toml::node* n = t.get(key);
    if (!n) return fallback;
    const auto v = n->value_exact<int64_t>();
    if (!n->is_integer() || !v || *v < low || *v > high) {
      fail(at(*n), in_quotes(key) + " must be a whole number from " + std::to_string(low) + " to " + std::to_string(high));
    }
    return static_cast<int>(*v);
  }

  // "#rrggbb", each colour once per table (however it is spelt).
  core::Rgb colour(const toml::key& key, std::map<std::string, At>& seen) const {
    std::string text(key.str());
    const bool ok = text.size() == 7 && text[0] == '#' &&
                    std::all_of(text.begin() + 1, text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
    if (!ok) fail(at(key), "colour " + in_quotes(text) + " must be written #rrggbb");
    std::transform(text.begin(), text.end(), text.begin(), [](char c) { return static_cast<char>(std::tolower(c)); });
    if (auto [it, fresh] = seen.emplace(text, at(key)); !fresh) {
      fail(at(key), "duplicate colour " + in_quotes(key.str()) + " (first at line " + std::to_string(it->second.line) + ")");
    }
    const auto byte = [&](size_t i) { return static_cast<uint8_t>(std::stoi(text.substr(i, 2), nullptr, 16)); };
    return {byte(1), byte(3), byte(5)};
  }

  static CompanionMapSource source_of(const toml::table& t) {
    CompanionMapSource s;
    s.line = static_cast<int>(t.source().begin.line);
    if (const toml::table* terrain = t.get_as<toml::table>("terrain")) {
      s.terrain_line = static_cast<int>(terrain->source().begin.line);
      s.terrain_inline = terrain->is_inline();
    }
    if (const toml::table* elevation = t.get_as<toml::table>("elevation")) {
      s.elevation_line = static_cast<int>(elevation->source().begin.line);
      s.elevation_inline = elevation->is_inline();
    }
    return s;
  }

  int elevation_value(const toml::node& n) const {
    const auto v = n.value_exact<int64_t>();
    if (!n.is_integer() || !v) fail(at(n), "an elevation must be a whole number");
    if (*v < -core::kMaxElevation || *v > core::kMaxElevation) fail(at(n), elevation_bound_text());
    return static_cast<int>(*v);
  }

  static std::string elevation_bound_text() {
    return "an elevation must lie within +-" + std::to_string(core::kMaxElevation);
  }

  // Each hex once across a table of lists (terrain types, elevation levels).
  void claim(std::map<Hex, At>& seen, const MapContext& m, Hex h, const Word& w, std::string_view table) const {
    if (auto [it, fresh] = seen.emplace(h, w.where); !fresh) {
      fail(w.where, "duplicate hex " + in_quotes(m.topology->name(h)) + " in " + std::string(table) + " (first at line " +
                        std::to_string(it->second.line) + ")");
    }
  }

  void read_terrain(const MapContext& m, const toml::table& t) {
    const toml::table* terrain = optional_table(t, "terrain", "[[map]]");
    if (!terrain) return;
    std::map<Hex, At> seen;
    for (const auto& [k, v] : in_file_order(*terrain)) {
      const toml::key& key = *k;
      const toml::node& list = *v;
      const int type = vocabulary_id(vocabulary_->terrain, Word{std::string(key.str()), at(key)}, "terrain type", "terrain");
      for (const Word& w : words(list, "terrain " + in_quotes(key.str()), true)) {
        for (const Hex h : hexes(m, w)) {
          claim(seen, m, h, w, "[map.terrain]");
          m.model->set_terrain(h, type);
        }
      }
    }
  }

  void read_elevation(const MapContext& m, const toml::table& t) {
    const toml::table* elevation = optional_table(t, "elevation", "[[map]]");
    if (!elevation) return;
    std::map<Hex, At> seen;
    for (const auto& [k, v] : in_file_order(*elevation)) {
      const toml::key& key = *k;
      const toml::node& list = *v;
      const std::string level_text(key.str());
      const std::optional<int> level = core::java::parse_int(level_text);
      if (!level) fail(at(key), "elevation level " + in_quotes(level_text) + " is not a whole number");
      if (*level < -core::kMaxElevation || *level > core::kMaxElevation) fail(at(key), elevation_bound_text());
      for (const Word& w : words(list, "elevation " + level_text, true)) {
        for (const Hex h : hexes(m, w)) {
          claim(seen, m, h, w, "[map.elevation]");
          m.model->set_elevation(h, *level);
        }
      }
    }
  }

  void read_hexsides(const MapContext& m, const toml::table& t) {
    const toml::table* sides = optional_table(t, "hexsides", "[[map]]");
    if (!sides) return;
    for (const auto& [k, v] : in_file_order(*sides)) {
      const toml::key& key = *k;
      const toml::node& value = *v;
      const std::string feature_name(key.str());
      const int feature = vocabulary_id(vocabulary_->hexside, Word{feature_name, at(key)}, "hexside feature", "hexside");
      const bool needs_high = (vocabulary_->high_side & core::feature_bit(feature)) != 0;
      std::map<core::Hexside, At> seen;
      auto add = [&](const Word& w, std::optional<Hex> high) {
        const core::Hexside side = hexside(m, w);
        if (auto [it, fresh] = seen.emplace(side, w.where); !fresh) {
          fail(w.where, "duplicate hexside " + in_quotes(m.topology->hexside_name(side)) + " for " + in_quotes(feature_name) +
                            " (first at line " + std::to_string(it->second.line) + ")");
        }
        if (high && *high != side.a && *high != side.b) {
          fail(w.where, "the high side " + in_quotes(m.topology->name(*high)) + " of " + in_quotes(feature_name) +
                            " is not a hex of hexside " + in_quotes(w.text));
        }
        m.model->add_hexside_feature(side.a, side.b, feature, high);
      };
      if (needs_high) {
        const toml::table* table = value.as_table();
        if (!table) {
          fail(at(value), in_quotes(feature_name) + " needs the high side of each hexside: write " + feature_name +
                              " = { \"1426/1525\" = \"1525\" } (hexside = its higher hex)");
        }
        for (const auto& [sk, hn] : in_file_order(*table)) {
          const toml::key& side_key = *sk;
          const toml::node& high_node = *hn;
          const Word high_word{string_value(high_node, "the high side of " + in_quotes(side_key.str())),
                                inside(high_node)};
          add(Word{std::string(side_key.str()), at(side_key)}, hex(m, high_word));
        }
      } else {
        if (value.is_table()) {
          fail(at(value), in_quotes(feature_name) + " has no high side: list its hexsides, like " + feature_name +
                              " = [\"1426/1525\", \"1427/1525\"]");
        }
        for (const Word& w : words(value, "hexside feature " + in_quotes(feature_name), true)) add(w, std::nullopt);
      }
    }
  }

  template <typename F>
  void each_table(const toml::table& t, std::string_view key, F&& f) {
    const toml::node* n = t.get(key);
    if (!n) return;
    const toml::array* a = n->as_array();
    if (!a) fail(at(*n), in_quotes(key) + " must be a list of [[map." + std::string(key) + "]] tables");
    for (const toml::node& e : *a) {
      const toml::table* table = e.as_table();
      if (!table) fail(at(e), "each " + in_quotes(key) + " must be a [[map." + std::string(key) + "]] table");
      f(*table);
    }
  }

  void read_lines(const MapContext& m, const toml::table& t) {
    each_table(t, "line", [&](const toml::table& line) {
      only_keys(line, {"type", "name", "hexes", "no_junction"}, "[[map.line]]");
      const toml::node* type_node = line.get("type");
      if (!type_node) fail(at(line), "[[map.line]] has no 'type'");
      core::LineFeature feature;
      feature.type = vocabulary_id(vocabulary_->lines, Word{string_value(*type_node, "'type'"), inside(*type_node)},
                                   "line feature type", "lines");
      feature.name = optional_string(line, "name", "[[map.line]]").value_or("");
      feature.line = at(line).line;
      const std::string label = feature.name.empty() ? "a " + vocabulary_->lines.name(feature.type)
                                                     : vocabulary_->lines.name(feature.type) + " " + in_quotes(feature.name);
      const toml::node* chain = line.get("hexes");
      if (!chain) fail(at(line), "[[map.line]] has no 'hexes'");
      const std::vector<Word> chain_words = words(*chain, "'hexes'", true);
      if (chain_words.size() < 2) fail(at(*chain), label + " needs at least two hexes");
      for (size_t i = 0; i < chain_words.size(); ++i) {
        if (chain_words[i].text.find("..") != std::string::npos) {
          fail(chain_words[i].where, "a line's hexes are single hexes, not a range");
        }
        feature.hexes.push_back(hex(m, chain_words[i]));
        if (i > 0 && !m.topology->adjacent(feature.hexes[i - 1], feature.hexes[i])) {
          fail(chain_words[i].where, label + ": hexes " + in_quotes(chain_words[i - 1].text) + " and " +
                                         in_quotes(chain_words[i].text) + " are not adjacent");
        }
      }
      if (const toml::node* apart = line.get("no_junction")) {
        for (const Word& w : words(*apart, "'no_junction'", true)) {
          const Hex h = hex(m, w);
          if (std::find(feature.hexes.begin(), feature.hexes.end(), h) == feature.hexes.end()) {
            fail(w.where, "no_junction hex " + in_quotes(w.text) + " is not on " + label);
          }
          feature.no_junction.push_back(h);
        }
      }
      m.model->add_line(std::move(feature));
    });
  }

  core::Properties properties(const toml::table& t, std::initializer_list<std::string_view> reserved,
                              std::string_view where) const {
    core::Properties out;
    for (const auto& [k, v] : in_file_order(t)) {
      const toml::key& key = *k;
      const toml::node& value = *v;
      if (std::find(reserved.begin(), reserved.end(), key.str()) != reserved.end()) continue;
      out.emplace(std::string(key.str()), scalar(value, in_quotes(key.str()) + " in " + std::string(where)));
    }
    return out;
  }

  void read_places(const MapContext& m, const toml::table& t) {
    std::map<std::pair<std::string, int>, int> seen;
    each_table(t, "place", [&](const toml::table& table) {
      core::Place place;
      place.line = at(table).line;
      place.name = require_string(table, "name", "[[map.place]]", at(table));
      const toml::node* kind = table.get("kind");
      if (!kind) fail(at(table), "place " + in_quotes(place.name) + " has no 'kind'");
      place.kind = vocabulary_id(vocabulary_->places, Word{string_value(*kind, "'kind'"), inside(*kind)}, "place kind", "places");
      const At name_at = inside(*table.get("name"));
      if (auto [it, fresh] = seen.emplace(std::pair{place.name, place.kind}, name_at.line); !fresh) {
        fail(name_at, "duplicate " + vocabulary_->places.name(place.kind) + " " + in_quotes(place.name) +
                          " (first at line " + std::to_string(it->second) + ")");
      }
      const toml::node* one = table.get("hex");
      const toml::node* many = table.get("hexes");
      if (one && many) fail(at(*many), "place " + in_quotes(place.name) + " gives both 'hex' and 'hexes'");
      if (!one && !many) fail(at(table), "place " + in_quotes(place.name) + " has no 'hex' or 'hexes'");
      std::set<Hex> seen_hexes;
      for (const Word& w : words(one ? *one : *many, "the hexes of " + in_quotes(place.name), !one)) {
        for (const Hex h : hexes(m, w)) {
          if (!seen_hexes.insert(h).second) {
            fail(w.where, "duplicate hex " + in_quotes(m.topology->name(h)) + " in place " + in_quotes(place.name));
          }
          place.hexes.push_back(h);
        }
      }
      place.properties = properties(table, {"name", "kind", "hex", "hexes"}, "place " + in_quotes(place.name));
      m.model->add_place(std::move(place));
    });
  }

  void read_areas(const MapContext& m, const toml::table& t) {
    std::map<std::string, int> seen;
    each_table(t, "area", [&](const toml::table& table) {
      core::Area area;
      area.line = at(table).line;
      area.name = require_string(table, "name", "[[map.area]]", at(table));
      const At name_at = inside(*table.get("name"));
      if (auto [it, fresh] = seen.emplace(area.name, name_at.line); !fresh) {
        fail(name_at, "duplicate area " + in_quotes(area.name) + " (first at line " + std::to_string(it->second) + ")");
      }
      if (const toml::node* list = table.get("hexes")) {
        for (const Word& w : words(*list, "the hexes of " + in_quotes(area.name), true)) {
          for (const Hex h : hexes(m, w)) area.hexes.push_back(h);
        }
      }
      if (const toml::node* list = table.get("areas")) {
        for (const Word& w : words(*list, "the areas of " + in_quotes(area.name), false)) {
          const auto id = m.model->area_named(w.text);
          if (!id) fail(w.where, "unknown area " + in_quotes(w.text) + " (an area may include areas defined above it)");
          const auto& included = m.model->areas()[static_cast<size_t>(*id)].hexes;
          area.hexes.insert(area.hexes.end(), included.begin(), included.end());
        }
      }
      if (area.hexes.empty()) fail(name_at, "area " + in_quotes(area.name) + " has no hexes");
      area.properties = properties(table, {"name", "hexes", "areas"}, "area " + in_quotes(area.name));
      m.model->add_area(std::move(area));
    });
  }

  // --- [units] ---

  void check_attribute(const std::string& name, At where) const {
    if (std::find(unit_attributes_.begin(), unit_attributes_.end(), name) != unit_attributes_.end()) return;
    fail(where, "unknown unit attribute " + in_quotes(name) + " (vocabulary 'unit_attributes' " +
                    (unit_attributes_.empty() ? "is empty" : "has " + joined(unit_attributes_)) + ")");
  }

  core::StringPairs string_table(const toml::node& n, std::string_view what) const {
    const toml::table* t = n.as_table();
    if (!t) fail(at(n), std::string(what) + " must be a table of names to values");
    core::StringPairs out;
    for (const auto& [key, value] : in_file_order(*t)) {
      out.emplace_back(std::string(key->str()),
                       core::to_string(scalar(*value, in_quotes(key->str()) + " in " + std::string(what))));
    }
    return out;
  }

  core::UnitMapping read_units(const toml::table& t) {
    only_keys(t, {"attributes", "rule"}, "[units]");
    core::UnitMapping out;
    if (const toml::table* attributes = optional_table(t, "attributes", "[units]")) {
      for (const auto& [key, value] : in_file_order(*attributes)) {
        const std::string name(key->str());
        check_attribute(name, at(*key));
        out.sources.emplace_back(name, attribute_source(name, *value));
      }
    }
    if (const toml::node* rules = t.get("rule")) {
      const toml::array* a = rules->as_array();
      if (!a) fail(at(*rules), "'rule' must be a list of [[units.rule]] tables");
      for (const toml::node& e : *a) {
        const toml::table* table = e.as_table();
        if (!table) fail(at(e), "each 'rule' must be a [[units.rule]] table");
        out.rules.push_back(unit_rule(*table));
      }
    }
    return out;
  }

  core::AttributeSource attribute_source(const std::string& attribute, const toml::node& n) const {
    const std::string where = "the source of " + in_quotes(attribute);
    const toml::table* t = n.as_table();
    if (!t) fail(at(n), where + " must be a table, like { property = \"Side\" }");
    only_keys(*t, {"property", "layer", "prototype", "value", "read", "values"}, where);
    core::AttributeSource s;
    s.line = at(n).line;
    int kinds = 0;
    if (const toml::node* p = t->get("property")) {
      s.from = core::AttributeSource::From::kProperty;
      s.name = string_value(*p, "'property'");
      ++kinds;
    }
    if (const toml::node* l = t->get("layer")) {
      s.from = core::AttributeSource::From::kLayer;
      s.name = string_value(*l, "'layer'");
      ++kinds;
    }
    if (const toml::node* p = t->get("prototype")) {
      s.from = core::AttributeSource::From::kPrototype;
      s.values = string_table(*p, "'prototype'");
      if (s.values.empty()) fail(at(*p), where + " lists no prototypes");
      ++kinds;
    }
    if (const toml::node* v = t->get("value")) {
      s.from = core::AttributeSource::From::kValue;
      s.value = core::to_string(scalar(*v, "'value'"));
      ++kinds;
    }
    if (kinds != 1) fail(at(n), where + " must give exactly one of 'property', 'layer', 'prototype' or 'value'");
    if (const toml::node* r = t->get("read")) {
      if (s.from != core::AttributeSource::From::kLayer) fail(at(*r), "'read' applies to a 'layer' only");
      const std::string read = string_value(*r, "'read'");
      if (read != "level" && read != "name") fail(at(*r), "'read' must be \"level\" or \"name\"");
      s.level_name = read == "name";
    }
    if (const toml::node* v = t->get("values")) {
      if (s.from != core::AttributeSource::From::kProperty && s.from != core::AttributeSource::From::kLayer) {
        fail(at(*v), "'values' applies to a 'property' or 'layer' only");
      }
      s.values = string_table(*v, "'values'");
    }
    return s;
  }

  core::UnitRule unit_rule(const toml::table& t) const {
    only_keys(t, {"name", "prototype", "property", "set", "unit"}, "[[units.rule]]");
    core::UnitRule rule;
    rule.line = at(t).line;
    rule.match.name = optional_string(t, "name", "[[units.rule]]").value_or("");
    rule.match.prototype = optional_string(t, "prototype", "[[units.rule]]").value_or("");
    if (const toml::node* p = t.get("property")) rule.match.properties = string_table(*p, "'property'");
    if (rule.match.name.empty() && rule.match.prototype.empty() && rule.match.properties.empty()) {
      fail(at(t), "[[units.rule]] matches no pieces: give 'name', 'prototype' or 'property'");
    }
    if (const toml::node* s = t.get("set")) {
      rule.set = string_table(*s, "'set'");
      for (const auto& [key, value] : in_file_order(*s->as_table())) check_attribute(std::string(key->str()), at(*key));
    }
    if (const toml::node* u = t.get("unit")) {
      const auto* b = u->as_boolean();
      if (!b) fail(at(*u), "'unit' must be true or false");
      rule.unit = b->get();
    }
    if (rule.set.empty() && !rule.unit) fail(at(t), "[[units.rule]] sets nothing: give 'set' or 'unit'");
    return rule;
  }

  const MapTopologyLookup& lookup_;
  const BoardSizeHint& board_size_;
  std::string_view module_name_;
  std::shared_ptr<core::TerrainVocabulary> vocabulary_;
  std::vector<std::string> unit_attributes_;
};

}  // namespace

std::vector<NumberedHex> numbered_hexes(const core::TerrainModel& model) {
  const core::HexTopology& topology = model.topology();
  const core::HexNumbering& numbering = *topology.grid().numbering();
  std::vector<NumberedHex> out;
  for (const Hex h : model.hexes()) {
    const core::Point c = topology.grid().centre(h);
    out.push_back({h, numbering.column(c), numbering.row(c)});
  }
  return out;
}

std::vector<Hex> hexes_in_range(const std::vector<NumberedHex>& numbered, Hex a, Hex b) {
  const auto numbers = [&](Hex h) {
    for (const NumberedHex& n : numbered) {
      if (n.hex == h) return std::pair{n.column, n.row};
    }
    return std::pair{0, 0};  // not on the map: the caller named hexes of it
  };
  const auto [ac, ar] = numbers(a);
  const auto [bc, br] = numbers(b);
  std::vector<Hex> out;
  for (const NumberedHex& n : numbered) {
    if (n.column >= std::min(ac, bc) && n.column <= std::max(ac, bc) && n.row >= std::min(ar, br) &&
        n.row <= std::max(ar, br)) {
      out.push_back(n.hex);
    }
  }
  return out;
}

const core::TerrainModel* Companion::map(std::string_view name, std::string_view board) const {
  for (const core::TerrainModel& m : maps) {
    if (m.map() == name && (board.empty() || m.board() == board)) return &m;
  }
  return nullptr;
}

const core::TerrainModel* Companion::whole_map(std::string_view name) const {
  for (const core::TerrainModel& m : whole_maps) {
    if (m.map() == name) return &m;
  }
  const core::TerrainModel* only = nullptr;
  for (const core::TerrainModel& m : maps) {
    if (m.map() != name) continue;
    if (only) return nullptr;
    only = &m;
  }
  return only;
}

const CompanionState* Companion::state(std::string_view name) const {
  for (const CompanionState& s : states) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const std::string* Companion::global(std::string_view key) const {
  for (const CompanionGlobal& g : globals) {
    if (g.key == key) return &g.property;
  }
  return nullptr;
}

Companion parse_companion(std::string_view text, const std::string& file, const MapTopologyLookup& lookup,
                          const BoardSizeHint& board_size, std::string_view module_name) {
  return Parser(file, lookup, board_size, module_name).parse(text);
}

Companion load_companion(const std::filesystem::path& path, const MapTopologyLookup& lookup,
                         const BoardSizeHint& board_size, std::string_view module_name) {
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > limits::kMaxCompanionBytes) {
    throw CompanionError("a companion file of " + std::to_string(size) + " bytes (limit " +
                             std::to_string(limits::kMaxCompanionBytes) + ")",
                         Place{path.string(), {}, {}});
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CompanionError("cannot read the companion file", Place{path.string(), {}, {}});
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw CompanionError("cannot read the companion file", Place{path.string(), {}, {}});
  return parse_companion(text.str(), path.string(), lookup, board_size, module_name);
}

CompanionSummary summarize(const Companion& companion) {
  CompanionSummary out;
  out.file = companion.file;
  out.rules = companion.rules;
  out.module_name = companion.module_name;
  out.module_version = companion.module_version;
  const core::TerrainVocabulary& v = *companion.vocabulary;
  out.terrain_types = v.terrain.size();
  out.hexside_feature_types = v.hexside.size();
  out.line_types = v.lines.size();
  out.place_kinds = v.places.size();
  for (const core::TerrainModel& model : companion.maps) {
    CompanionMapSummary s;
    s.name = model.map();
    s.board = model.board();
    std::vector<int> terrain(static_cast<size_t>(v.terrain.size()), 0);
    std::vector<int> features(static_cast<size_t>(v.hexside.size()), 0);
    const std::vector<Hex> hexes = model.hexes();
    s.hexes = static_cast<int>(hexes.size());
    bool first = true;
    for (const Hex h : hexes) {
      ++terrain[static_cast<size_t>(model.terrain(h))];
      const int e = model.elevation(h);
      s.min_elevation = first ? e : std::min(s.min_elevation, e);
      s.max_elevation = first ? e : std::max(s.max_elevation, e);
      first = false;
      for (int d = 0; d < 6; ++d) {
        const auto n = model.topology().neighbour(h, d);
        if (!n || *n < h || !model.on_map(*n)) continue;  // each hexside once
        const core::FeatureSet f = model.hexside_features(h, d);
        for (int i = 0; i < v.hexside.size(); ++i) {
          if (f & core::feature_bit(i)) ++features[static_cast<size_t>(i)];
        }
      }
    }
    for (int i = 0; i < v.terrain.size(); ++i) s.terrain.emplace_back(v.terrain.name(i), terrain[static_cast<size_t>(i)]);
    for (int i = 0; i < v.hexside.size(); ++i) {
      s.hexside_features.emplace_back(v.hexside.name(i), features[static_cast<size_t>(i)]);
    }
    for (int i = 0; i < v.lines.size(); ++i) {
      const auto n = std::count_if(model.lines().begin(), model.lines().end(), [&](const auto& l) { return l.type == i; });
      s.lines.emplace_back(v.lines.name(i), static_cast<int>(n));
    }
    for (int i = 0; i < v.places.size(); ++i) {
      const auto n = std::count_if(model.places().begin(), model.places().end(), [&](const auto& p) { return p.kind == i; });
      s.places.emplace_back(v.places.name(i), static_cast<int>(n));
    }
    s.areas = static_cast<int>(model.areas().size());
    out.maps.push_back(std::move(s));
  }
  out.unit_attributes = static_cast<int>(companion.units.attributes.size());
  out.unit_sources = static_cast<int>(companion.units.sources.size());
  out.unit_rules = static_cast<int>(companion.units.rules.size());
  return out;
}

}  // namespace adjutant::vmod
