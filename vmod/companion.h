// The terrain companion file (docs/companion-format.md): a TOML file a player keeps beside a
// module, binding it to a rules plugin. It names the module and the maps it covers, the rulebook's
// vocabulary, terrain and elevation per hex, hexside features, line features as chains of hexes,
// places and areas, and how pieces map to rule units. Loading checks every name against the
// module's hex grids and the declared vocabulary; each refusal is a CompanionError naming the file,
// line and column. The result is format-free (core/terrain.h, core/unit_mapping.h).
#pragma once

#include <array>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/hexes/colour_sample.h"
#include "core/hexes/hex_topology.h"
#include "core/sight/line_of_sight.h"
#include "core/movement/movement_rules.h"
#include "core/hexes/terrain.h"
#include "core/game/unit_mapping.h"
#include "core/movement/zone_of_control.h"
#include "vmod/companion_state.h"

namespace adjutant::vmod {

// The companion format this build reads (the file's `format`, 1 when absent).
inline constexpr int kCompanionFormat = 1;

// The hex topology of a module's map (VASSAL map name) and board (empty: the map's only hex
// board), bounded by the board; nullopt when the module has no such map or board. It may throw
// core::GeometryError (a map without a hex grid, say); the loader reports that at the map's line.
using MapTopologyLookup =
    std::function<std::optional<core::HexTopology>(const std::string& map, const std::string& board)>;

// A [[map]]'s `board_size = [width, height]`: the size of its board when the module's image of it
// cannot be read. Called before the map's topology is looked up.
using BoardSizeHint = std::function<void(const std::string& map, const std::string& board, core::Size size)>;

// Where a [[map]] and its terrain and elevation tables stand in the file, for rewriting it.
struct CompanionMapSource {
  int line = 0;               // the [[map]] header
  int terrain_line = 0;       // its terrain table's header (or inline table); 0 when absent
  bool terrain_inline = false;
  int elevation_line = 0;
  bool elevation_inline = false;
};

// The [movement] section: the generic rules' movement costs per unit class, enemy hexes and zones
// of control (vmod/companion_movement.cc reads it).
struct CompanionMovement {
  core::MovementRules rules;
  std::string class_attribute = "class";  // the unit attribute naming a unit's class in `rules`
  std::string allowance_attribute;        // the unit attribute with its movement allowance; empty: none
  std::string side_attribute = "side";    // units of another side are enemies
  std::string kind_attribute;             // the unit attribute naming a unit's kind; empty: kinds unused
  std::vector<std::string> kinds;         // the kinds declared (core::KindSet bits, in order)
  std::optional<core::HexZoneRules> zones;  // nullopt: no zones of control
  std::vector<int> zone_classes;          // the classes that exert a zone; empty: every class
  std::string facing_attribute;           // the unit attribute with a zone's facing (0..5); empty: six hexes
  int line = 0;                           // where [movement] starts in the file
};

// The [sight] section: which line-of-sight model the rules use and its terrain data
// (vmod/companion_sight.cc reads it; docs/sight.md).
struct CompanionSight {
  core::SightModel model = core::SightModel::kCwr;  // [sight] rules
  // Each model's rules: [sight]'s keys with those of [sight.cwr] or [sight.lfm] over them.
  std::array<core::SightRules, 3> by_model;
  int line = 0;  // where [sight] starts in the file

  const core::SightRules& rules(core::SightModel m) const { return by_model[static_cast<size_t>(m)]; }
  const core::SightRules& rules() const { return rules(model); }
};

struct Companion {
  std::string file;          // the path as given
  int format = kCompanionFormat;
  std::string rules;         // the rules plugin: "litn", "lmn", "cwr", "lfm", "r2a" ...
  std::string module_name;   // the module it describes
  std::string module_version;  // empty when the file does not say
  std::shared_ptr<const core::TerrainVocabulary> vocabulary;
  std::vector<core::TerrainModel> maps;  // file order
  std::vector<std::optional<core::ColourPalette>> palettes;  // per map: its [map.palette]
  std::vector<CompanionMapSource> sources;                   // per map
  core::UnitMapping units;
  std::optional<CompanionMovement> movement;
  std::optional<CompanionSight> sight;
  std::vector<CompanionState> states;    // [state.NAME], file order
  std::vector<CompanionGlobal> globals;  // [globals], file order
  // Maps described board by board whose grids continue: one model across their boards
  // (vmod/whole_maps.h); the reason for each such map whose grids do not continue.
  std::vector<core::TerrainModel> whole_maps;
  std::map<std::string, std::string> unstitched;

  // The model for a map (and board; empty matches any), or nullptr.
  const core::TerrainModel* map(std::string_view name, std::string_view board = {}) const;
  // The model of a whole map: the stitched one, or the only board's the file describes; nullptr
  // when the file describes none of its boards, or several that do not continue (see unstitched).
  const core::TerrainModel* whole_map(std::string_view name) const;
  // A [state.NAME], or nullptr.
  const CompanionState* state(std::string_view name) const;
  // The global property [globals] names for a key, or nullptr.
  const std::string* global(std::string_view key) const;
};

// Counts for `adjutant terrain check` and for people reading a file's effect.
struct CompanionMapSummary {
  std::string name;
  std::string board;
  int hexes = 0;
  std::vector<std::pair<std::string, int>> terrain;  // hexes per terrain type, vocabulary order
  int min_elevation = 0;
  int max_elevation = 0;
  std::vector<std::pair<std::string, int>> hexside_features;  // hexsides per feature type
  std::vector<std::pair<std::string, int>> lines;    // lines (chains) per line type
  std::vector<std::pair<std::string, int>> places;   // places per kind
  int areas = 0;
};

struct CompanionSummary {
  std::string file;
  std::string rules;
  std::string module_name;
  std::string module_version;
  int terrain_types = 0;
  int hexside_feature_types = 0;
  int line_types = 0;
  int place_kinds = 0;
  std::vector<CompanionMapSummary> maps;
  int unit_attributes = 0;  // declared
  int unit_sources = 0;     // attributes with a source
  int unit_rules = 0;
};

// Parses a companion file's text; `file` names it in errors. `module_name`, when not empty, is the
// module's own name, which the file's [module] name must match (a file for another module is
// refused before its maps are looked at). Throws CompanionError.
Companion parse_companion(std::string_view text, const std::string& file, const MapTopologyLookup& lookup,
                          const BoardSizeHint& board_size = {}, std::string_view module_name = {});
// Reads and parses a file. Throws CompanionError (also when the file cannot be read).
Companion load_companion(const std::filesystem::path& path, const MapTopologyLookup& lookup,
                         const BoardSizeHint& board_size = {}, std::string_view module_name = {});

CompanionSummary summarize(const Companion& companion);

// A map's hexes with the column and row numbers their names show, for hex ranges: "A..B" in a hex
// list covers every hex whose numbers lie between A's and B's.
struct NumberedHex {
  core::Hex hex;
  int column = 0;
  int row = 0;
};
std::vector<NumberedHex> numbered_hexes(const core::TerrainModel& model);
std::vector<core::Hex> hexes_in_range(const std::vector<NumberedHex>& numbered, core::Hex a, core::Hex b);

}  // namespace adjutant::vmod
