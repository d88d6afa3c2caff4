// The companion file's map state and kept values (docs/companion-format.md): each [state.NAME] says
// where a save holds something that changes in play (destroyed bridges, rail, control of places):
// the marker pieces that stand on its hexes or hexsides, or a global property listing them, with a
// static list only as a fallback, and what it takes off the terrain; [globals] names the global
// properties in which procedures keep values between runs. Reading the save is the caller's (the
// Python toolkit, adjutant.rules.map_state); applying what it found to a map is `with_map_state`.
#pragma once

#include <toml++/toml.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/hexes/hex_topology.h"
#include "core/hexes/terrain.h"
#include "vmod/toml_reader.h"

namespace adjutant::vmod {

enum class StateAt { kHex, kHexside };

struct CompanionState {
  std::string name;                   // the NAME of [state.NAME]
  StateAt at = StateAt::kHex;
  std::string map;                    // the map it lies on
  std::string marker;                 // pieces of this name mark where; empty: none
  std::string property;               // a global property listing where; empty: none
  std::vector<std::string> fallback;  // where, when the module has neither marker pieces nor the property
  core::FeatureSet removes = 0;       // hexside features it takes off its hexsides
  core::LineSet cuts = 0;             // line types that no longer cross its hexsides / run through its hexes
  int line = 0;                       // where [state.NAME] starts in the file
};

// A [globals] entry: what a procedure keeps (its key) and the module's global property holding it.
struct CompanionGlobal {
  std::string key;
  std::string property;
  int line = 0;
};

// The two hexes of a hexside "A/B" of a topology: the first '/' that splits the text into two hex
// names it knows (names may hold '/'); nullopt when none does. Adjacency is not checked.
std::optional<std::pair<core::Hex, core::Hex>> split_hexside(const core::HexTopology& topology, std::string_view text);

// Reads [state.*] (the `state` table) against the maps read before it. Throws CompanionError.
std::vector<CompanionState> read_states(const toml_reading::TomlReader& reader, const toml::table& state,
                                        const core::TerrainVocabulary& vocabulary,
                                        const std::vector<core::TerrainModel>& maps);
// Reads [globals]. Throws CompanionError.
std::vector<CompanionGlobal> read_globals(const toml_reading::TomlReader& reader, const toml::table& globals);

// Where each state holds now: state name -> hex names (hex states) or hexsides "A/B".
using MapStateWhere = std::map<std::string, std::vector<std::string>>;

// The model with the states of its map applied: each hexside state's `removes` taken off and its
// `cuts` no longer crossing its hexsides, each hex state's `cuts` no longer running through its
// hexes. std::invalid_argument for a state the file does not define or a name the map does not know.
core::TerrainModel with_map_state(const core::TerrainModel& model, const std::vector<CompanionState>& states,
                                  const MapStateWhere& where);

}  // namespace adjutant::vmod
