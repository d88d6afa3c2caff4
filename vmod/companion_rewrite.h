// A companion file's map tables rewritten in the file's own text: each table given replaces the
// one its [[map]] has (or is added after the map's own keys); comments and every other section stay
// as they were. `terrain sample` writes its guesses through it, `adjutant edit` what was painted.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "vmod/companion.h"

namespace adjutant::vmod {

struct HexsideEntry {
  std::string hexside;  // "a/b"
  std::string high;     // the higher hex of a high-side feature; empty for the others
};

struct LineEntry {
  std::string type;
  std::string name;  // empty: none
  std::vector<std::string> hexes;
  std::vector<std::string> no_junction;
};

// What replaces one [[map]]'s tables; a table left nullopt stays as the file has it.
struct MapTables {
  std::string map;
  std::string board;  // as the [[map]] names it; empty when it names none
  std::optional<std::vector<std::pair<std::string, std::vector<std::string>>>> terrain;  // type = hexes
  std::optional<std::vector<std::pair<int, std::vector<std::string>>>> elevation;        // level = hexes
  std::optional<std::vector<std::pair<std::string, std::vector<HexsideEntry>>>> hexsides;  // feature = hexsides
  std::optional<std::vector<LineEntry>> lines;  // every [[map.line]] of the map, in order
  std::string note;              // a comment after each table header written; empty: none
  std::string terrain_trailer;   // comment lines ending the terrain table
  std::string elevation_trailer;
};

// The file's text (`original`, as `companion` was parsed from it) with the tables of `maps`
// replaced. Throws CompanionError when a map is not in the file or a table to replace is written
// inline. The caller parses the result again before writing it.
std::string rewrite_companion(const std::string& original, const Companion& companion,
                              const std::vector<MapTables>& maps);

// Hex names as one TOML string, or a multi-line one wrapped near 100 columns when long.
std::string name_list(const std::vector<std::string>& names);

}  // namespace adjutant::vmod
