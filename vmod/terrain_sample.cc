#include "vmod/terrain_sample.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "core/hexes/colour_sample.h"
#include "vmod/companion_rewrite.h"
#include "vmod/format_error.h"
#include "vmod/whole_maps.h"

namespace adjutant::vmod {
namespace {

MapTopologyLookup lookup(MapGeometries& maps) {
  return [&maps](const std::string& map, const std::string& board) { return maps.find_topology(map, board); };
}

BoardSizeHint size_hint(MapGeometries& maps) {
  return [&maps](const std::string& map, const std::string& board, core::Size size) {
    maps.assume_board_size(maps.hex_board(map, board), size);
  };
}

std::string unmatched_comment(const std::vector<std::string>& names) {
  if (names.empty()) return "";
  std::string out = "# no palette colour matched (left at the default):";
  size_t width = out.size();
  for (const std::string& n : names) {
    if (width + 1 + n.size() > 100) {
      out += "\n#";
      width = 1;
    }
    out += " " + n;
    width += 1 + n.size();
  }
  return out + "\n";
}

}  // namespace

Companion load_companion(const std::string& path, MapGeometries& maps) {
  Companion companion = vmod::load_companion(path, lookup(maps), size_hint(maps), maps.module().name);
  stitch_whole_maps(companion, maps);
  return companion;
}

Companion parse_companion(const std::string& text, const std::string& file, MapGeometries& maps) {
  return vmod::parse_companion(text, file, lookup(maps), size_hint(maps), maps.module().name);
}

namespace {

std::string read_companion(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CompanionError("cannot read the companion file", Place{path, {}, {}});
  std::ostringstream read;
  read << in.rdbuf();
  return read.str();
}

}  // namespace

std::string rewritten_companion(const std::string& path, MapGeometries& maps, const std::vector<MapTables>& tables,
                                const NewWords& words) {
  const std::string original = read_companion(path);
  const std::string text = rewrite_companion(original, parse_companion(original, path, maps), tables, words);
  parse_companion(text, path + " (rewritten)", maps);  // a bug must never write a broken file
  return text;
}

TerrainSample sample_terrain(const std::string& companion_path, MapGeometries& maps) {
  const std::string original = read_companion(companion_path);
  const Companion companion = parse_companion(original, companion_path, maps);

  TerrainSample result;
  std::vector<MapTables> rewrites;
  for (size_t i = 0; i < companion.maps.size(); ++i) {
    if (!companion.palettes[i]) continue;
    const core::ColourPalette& palette = *companion.palettes[i];
    const core::TerrainModel& model = companion.maps[i];
    const std::string board = maps.hex_board(model.map(), model.board());
    const MapSpec& spec = maps.map(model.map());
    const auto board_spec = std::find_if(spec.boards.begin(), spec.boards.end(), [&](const BoardSpec& b) { return b.name == board; });
    const core::Image image = maps.images().pixels(*board_spec);
    const std::vector<core::Hex> hexes = model.hexes();
    const core::HexTopology& topology = model.topology();

    MapTables tables;
    tables.map = model.map();
    tables.board = model.board();
    tables.note = "sampled from the board image: correct what the colours got wrong";
    SampledMap sampled;
    sampled.map = model.map();
    sampled.board = board;
    sampled.hexes = static_cast<int>(hexes.size());
    if (!palette.terrain.empty()) {
      sampled.terrain = true;
      const auto values = core::sample_hexes(image, topology.grid(), hexes, palette.terrain, palette.tolerance, palette.radius);
      std::map<int, std::vector<std::string>> by_type;
      for (size_t h = 0; h < hexes.size(); ++h) {
        const int type = values[h].value_or(model.default_terrain());
        if (!values[h]) sampled.unmatched_terrain.push_back(topology.name(hexes[h]));
        by_type[type].push_back(topology.name(hexes[h]));
      }
      tables.terrain.emplace();
      for (int type = 0; type < model.vocabulary().terrain.size(); ++type) {
        const auto it = by_type.find(type);
        const int count = it == by_type.end() ? 0 : static_cast<int>(it->second.size());
        sampled.terrain_counts.push_back({model.vocabulary().terrain.name(type), count});
        if (count == 0 || type == model.default_terrain()) continue;
        tables.terrain->push_back({model.vocabulary().terrain.name(type), it->second});
      }
      tables.terrain_trailer = unmatched_comment(sampled.unmatched_terrain);
    }
    if (!palette.elevation.empty()) {
      sampled.elevation = true;
      const auto values = core::sample_hexes(image, topology.grid(), hexes, palette.elevation, palette.tolerance, palette.radius);
      std::map<int, std::vector<std::string>> by_level;
      for (size_t h = 0; h < hexes.size(); ++h) {
        if (!values[h]) sampled.unmatched_elevation.push_back(topology.name(hexes[h]));
        by_level[values[h].value_or(model.default_elevation())].push_back(topology.name(hexes[h]));
      }
      tables.elevation.emplace();
      for (const auto& [level, names] : by_level) {
        sampled.elevation_counts.push_back({level, static_cast<int>(names.size())});
        if (level != model.default_elevation()) tables.elevation->push_back({level, names});
      }
      tables.elevation_trailer = unmatched_comment(sampled.unmatched_elevation);
    }
    result.maps.push_back(std::move(sampled));
    rewrites.push_back(std::move(tables));
  }
  if (result.maps.empty()) {
    throw CompanionError("no [[map]] has a [map.palette], so there is nothing to sample", Place{companion_path, {}, {}});
  }

  result.text = rewrite_companion(original, companion, rewrites);
  parse_companion(result.text, companion_path + " (sampled)", maps);  // a bug must never write a broken file
  return result;
}

}  // namespace adjutant::vmod
