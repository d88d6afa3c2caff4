// A companion file rewritten in its own text: the tables of a [[map]] (terrain, elevation,
// hexsides, lines, places) made to hold what is given, and new words added to its vocabulary.
// Only what changes is rewritten: an entry whose hexes are the same stays as written (ranges and
// comments), a changed list keeps its key, its comment and the ranges whose hexes all stay, and
// comments and every other section stay as they were. `terrain sample` writes its guesses through
// it, `adjutant edit` what was painted.
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

struct PlaceEntry {
  std::optional<int> file_index;  // the map's [[map.place]] it is (0: the first in the file); nullopt: a new one
  std::string name;
  std::string kind;
  std::vector<std::string> hexes;  // names or ranges; one is written `hex = "..."` in a new place
};

// What one [[map]]'s tables hold after the rewrite; a table left nullopt stays as the file has it.
struct MapTables {
  std::string map;
  std::string board;  // as the [[map]] names it; empty when it names none
  std::optional<std::vector<std::pair<std::string, std::vector<std::string>>>> terrain;  // type = hexes
  std::optional<std::vector<std::pair<int, std::vector<std::string>>>> elevation;        // level = hexes
  std::optional<std::vector<std::pair<std::string, std::vector<HexsideEntry>>>> hexsides;  // feature = hexsides
  std::optional<std::vector<LineEntry>> lines;  // every [[map.line]] of the map: those of the file not given go
  std::optional<std::vector<PlaceEntry>> places;  // every [[map.place]] of the map, likewise; new ones last
  std::string note;              // a comment after each table header written anew; empty: none
  std::string terrain_trailer;   // comment lines ending the terrain table (replacing one that begins alike)
  std::string elevation_trailer;
};

// Words added to [vocabulary] (those it has already are left out). A new terrain type gets the
// placeholder cost "prohibited" in every [movement.class.NAME], marked by a comment, since every
// class must cost every terrain type.
struct NewWords {
  std::vector<std::string> terrain;
  std::vector<std::string> hexside;
  std::vector<std::string> high_side;
  std::vector<std::string> lines;
  std::vector<std::string> places;
};

// The cost a new terrain type is given in each movement class until the player gives its own.
inline constexpr const char* kPlaceholderCost = "prohibited";

// The file's text (`original`, as `companion` was parsed from it) with `maps` and `words` written.
// Throws CompanionError when a map is not in the file, a table to rewrite is written inline, or a
// place index is not one of the map's places. The caller parses the result again before writing it.
std::string rewrite_companion(const std::string& original, const Companion& companion,
                              const std::vector<MapTables>& maps, const NewWords& words = {});

}  // namespace adjutant::vmod
