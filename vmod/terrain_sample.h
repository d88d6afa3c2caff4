// `adjutant terrain sample`: a companion file's terrain and elevation read off the board images by
// the colours of its [map.palette], written back into a copy of the file's text for the player to
// correct. Comments and everything else in the file stay as they were.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "vmod/companion.h"
#include "vmod/companion_rewrite.h"
#include "vmod/map_geometries.h"

namespace adjutant::vmod {

struct SampledMap {
  std::string map;
  std::string board;
  int hexes = 0;
  bool terrain = false;    // whether the palette samples terrain
  bool elevation = false;  // ... and elevation
  std::vector<std::pair<std::string, int>> terrain_counts;  // hexes per terrain type, vocabulary order
  std::vector<std::pair<int, int>> elevation_counts;        // hexes per level, ascending
  std::vector<std::string> unmatched_terrain;               // hex names no palette colour matched
  std::vector<std::string> unmatched_elevation;
};

struct TerrainSample {
  std::string text;  // the new companion file, checked by parsing it again
  std::vector<SampledMap> maps;
};

// Loads the companion file against `maps` (its module), samples each [[map]] that has a palette
// and rewrites that map's terrain and elevation tables. Throws CompanionError when the file has no
// palette, a table to replace is written inline, or the result would not load; FormatError when a
// board image cannot be read.
TerrainSample sample_terrain(const std::string& companion_path, MapGeometries& maps);

// The companion file at `path` with the tables of `maps` and the new `words` written
// (vmod/companion_rewrite.h), its text checked by parsing it again. Nothing is written.
std::string rewritten_companion(const std::string& path, MapGeometries& maps, const std::vector<MapTables>& tables,
                                const NewWords& words = {});

// The lookups that check a companion file against a module's maps (board sizes it gives included).
Companion load_companion(const std::string& path, MapGeometries& maps);
Companion parse_companion(const std::string& text, const std::string& file, MapGeometries& maps);

}  // namespace adjutant::vmod
