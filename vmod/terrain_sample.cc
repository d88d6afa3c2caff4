#include "vmod/terrain_sample.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "core/hexes/colour_sample.h"
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

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool is_header(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t");
  return first != std::string::npos && line[first] == '[';
}

bool is_blank_or_comment(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

// Names as one TOML string, or a multi-line one wrapped near 100 columns when long (the parser
// splits names at any white space).
std::string name_list(const std::vector<std::string>& names) {
  std::string line;
  for (const std::string& n : names) line += (line.empty() ? "" : " ") + n;
  if (line.size() <= 80) return "\"" + line + "\"";
  std::string out = "\"\"\"\n";
  size_t width = 0;
  for (const std::string& n : names) {
    if (width > 0 && width + 1 + n.size() > 100) {
      out += '\n';
      width = 0;
    }
    if (width > 0) {
      out += ' ';
      ++width;
    }
    out += n;
    width += n.size();
  }
  return out + "\n\"\"\"";
}

std::string quoted_key(const std::string& word) {
  const bool bare = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
  return bare ? word : "\"" + word + "\"";
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

// One replacement of the file's lines: [first, last) becomes `text` (first == last: an insertion).
struct Edit {
  int first;
  int last;
  std::string text;
};

// The lines a table's section spans: from its header to the next header, less the blank and
// comment lines just before that header (they belong to what follows).
std::pair<int, int> section(const std::vector<std::string>& lines, int header_line) {
  const int first = header_line - 1;
  int last = first + 1;
  while (last < static_cast<int>(lines.size()) && !is_header(lines[static_cast<size_t>(last)])) ++last;
  while (last > first + 1 && is_blank_or_comment(lines[static_cast<size_t>(last - 1)])) --last;
  return {first, last};
}

// Where to put a table the [[map]] does not have yet: after the map's own keys.
int insertion_point(const std::vector<std::string>& lines, int map_line) {
  int at = map_line;  // 0-based index of the line after the [[map]] header
  while (at < static_cast<int>(lines.size()) && !is_header(lines[static_cast<size_t>(at)])) ++at;
  while (at > map_line && is_blank_or_comment(lines[static_cast<size_t>(at - 1)])) --at;
  return at;
}

Edit table_edit(const std::vector<std::string>& lines, const Companion& companion, int map_line, int table_line,
                bool inline_table, const std::string& header, const std::string& body) {
  if (inline_table) {
    throw CompanionError("the " + header + " table is written inline; make it a " + header +
                             " section so that sampling can replace it",
                         Place{companion.file, {}, "line " + std::to_string(table_line)});
  }
  const std::string text = header + "  # sampled from the board image: correct what the colours got wrong\n" + body;
  if (table_line > 0) {
    const auto [first, last] = section(lines, table_line);
    return {first, last, text};
  }
  const int at = insertion_point(lines, map_line);
  return {at, at, "\n" + text};
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

TerrainSample sample_terrain(const std::string& companion_path, MapGeometries& maps) {
  std::ifstream in(companion_path, std::ios::binary);
  if (!in) throw CompanionError("cannot read the companion file", Place{companion_path, {}, {}});
  std::ostringstream read;
  read << in.rdbuf();
  const std::string original = read.str();
  const Companion companion = parse_companion(original, companion_path, maps);
  const std::vector<std::string> lines = split_lines(original);

  TerrainSample result;
  std::vector<Edit> edits;
  for (size_t i = 0; i < companion.maps.size(); ++i) {
    if (!companion.palettes[i]) continue;
    const core::ColourPalette& palette = *companion.palettes[i];
    const core::TerrainModel& model = companion.maps[i];
    const CompanionMapSource& source = companion.sources[i];
    const std::string board = maps.hex_board(model.map(), model.board());
    const MapSpec& spec = maps.map(model.map());
    const auto board_spec = std::find_if(spec.boards.begin(), spec.boards.end(), [&](const BoardSpec& b) { return b.name == board; });
    const core::Image image = maps.images().pixels(*board_spec);
    const std::vector<core::Hex> hexes = model.hexes();
    const core::HexTopology& topology = model.topology();

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
      std::string body;
      for (int type = 0; type < model.vocabulary().terrain.size(); ++type) {
        const auto it = by_type.find(type);
        const int count = it == by_type.end() ? 0 : static_cast<int>(it->second.size());
        sampled.terrain_counts.push_back({model.vocabulary().terrain.name(type), count});
        if (count == 0 || type == model.default_terrain()) continue;
        body += quoted_key(model.vocabulary().terrain.name(type)) + " = " + name_list(it->second) + "\n";
      }
      body += unmatched_comment(sampled.unmatched_terrain);
      edits.push_back(table_edit(lines, companion, source.line, source.terrain_line, source.terrain_inline,
                                 "[map.terrain]", body));
    }
    if (!palette.elevation.empty()) {
      sampled.elevation = true;
      const auto values = core::sample_hexes(image, topology.grid(), hexes, palette.elevation, palette.tolerance, palette.radius);
      std::map<int, std::vector<std::string>> by_level;
      for (size_t h = 0; h < hexes.size(); ++h) {
        if (!values[h]) sampled.unmatched_elevation.push_back(topology.name(hexes[h]));
        by_level[values[h].value_or(model.default_elevation())].push_back(topology.name(hexes[h]));
      }
      std::string body;
      for (const auto& [level, names] : by_level) {
        sampled.elevation_counts.push_back({level, static_cast<int>(names.size())});
        if (level != model.default_elevation()) body += std::to_string(level) + " = " + name_list(names) + "\n";
      }
      body += unmatched_comment(sampled.unmatched_elevation);
      edits.push_back(table_edit(lines, companion, source.line, source.elevation_line, source.elevation_inline,
                                 "[map.elevation]", body));
    }
    result.maps.push_back(std::move(sampled));
  }
  if (result.maps.empty()) {
    throw CompanionError("no [[map]] has a [map.palette], so there is nothing to sample", Place{companion_path, {}, {}});
  }

  // Apply from the bottom up, so earlier line numbers stay valid.
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.first > b.first; });
  std::vector<std::string> out_lines = lines;
  for (const Edit& e : edits) {
    const std::vector<std::string> replacement = split_lines(e.text);
    out_lines.erase(out_lines.begin() + e.first, out_lines.begin() + e.last);
    out_lines.insert(out_lines.begin() + e.first, replacement.begin(), replacement.end());
  }
  for (const std::string& line : out_lines) result.text += line + "\n";
  parse_companion(result.text, companion_path + " (sampled)", maps);  // a bug must never write a broken file
  return result;
}

}  // namespace adjutant::vmod
