// The hex-golden tables of ../shared/spec/hex-golden (computed by VASSAL's own grid classes):
// the configurations in configs.json as core grid specs, and the CSV files as rows of fields.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/geometry/grid_spec.h"
#include "core/geometry/map_geometry.h"
#include "corpus.h"

namespace adjutant::testing {

inline std::filesystem::path golden_dir() { return spec_dir() / "hex-golden"; }

#define ADJUTANT_REQUIRE_GOLDEN()                                                                \
  do {                                                                                            \
    if (!std::filesystem::is_regular_file(::adjutant::testing::golden_dir() / "configs.json"))    \
      ADJUTANT_SHARED_MISSING("hex-golden tables not found at " << ::adjutant::testing::golden_dir() \
                              << " (set ADJUTANT_SPEC to the spec folder)");                      \
  } while (0)

// One configuration: a single board at (0,0) with no edge buffer.
struct GoldenConfig {
  std::string id;
  std::string grid_class;  // "HexGrid" or "SquareGrid"
  core::GridSpec grid;
  core::Size container;
  bool reversible = false;
  bool reversed = false;
  std::string buildfile_xml;
  nlohmann::json json;

  core::MapGeometry map(core::SnapRules rules = core::SnapRules::kVassal37) const {
    core::BoardPlacement board;
    board.name = "Board";
    board.size = container;
    board.reversible = reversible;
    board.reversed = reversed;
    board.grid = grid;
    core::GeometryOptions options;
    options.rules = rules;
    return core::MapGeometry("golden " + id, {}, {board}, options);
  }
};

inline std::string short_class(const std::string& qualified) {
  const size_t dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

inline bool json_bool(const nlohmann::json& attrs, const char* key) { return attrs.at(key).get<std::string>() == "true"; }
inline int json_int(const nlohmann::json& attrs, const char* key) { return std::stoi(attrs.at(key).get<std::string>()); }
inline double json_double(const nlohmann::json& attrs, const char* key) {
  return std::strtod(attrs.at(key).get<std::string>().c_str(), nullptr);
}

// The effective attributes, read back from VASSAL's objects after loading, as a grid spec.
inline core::GridNumbering golden_numbering(const nlohmann::json& n, const std::string& numbering_class) {
  core::GridNumbering g;
  g.class_name = short_class(numbering_class);
  g.first = n.at("first").get<std::string>().at(0);
  g.sep = n.at("sep").get<std::string>();
  g.h_type = n.at("hType").get<std::string>().at(0);
  g.v_type = n.at("vType").get<std::string>().at(0);
  g.h_leading = json_int(n, "hLeading");
  g.v_leading = json_int(n, "vLeading");
  g.h_off = json_int(n, "hOff");
  g.v_off = json_int(n, "vOff");
  g.h_descend = json_bool(n, "hDescend");
  g.v_descend = json_bool(n, "vDescend");
  g.location_format = n.at("locationFormat").get<std::string>();
  if (n.contains("stagger")) g.stagger = json_bool(n, "stagger");
  return g;
}

inline std::vector<GoldenConfig> golden_configs() {
  std::ifstream in(golden_dir() / "configs.json");
  if (!in) throw std::runtime_error("cannot read " + (golden_dir() / "configs.json").string());
  const nlohmann::json doc = nlohmann::json::parse(in);
  std::vector<GoldenConfig> out;
  for (const auto& c : doc.at("configs")) {
    GoldenConfig g;
    g.id = c.at("id").get<std::string>();
    g.grid_class = short_class(c.at("grid_class").get<std::string>());
    g.container = {c.at("container_width").get<int>(), c.at("container_height").get<int>()};
    g.reversible = c.at("board_reversible").get<bool>();
    g.reversed = c.at("board_reversed").get<bool>();
    g.buildfile_xml = c.at("buildfile_xml").get<std::string>();
    g.json = c;
    const auto& a = c.at("grid_attributes_effective");
    std::optional<core::GridNumbering> numbering;
    if (!c.at("numbering_class").is_null()) {
      numbering = golden_numbering(c.at("numbering_attributes_effective"), c.at("numbering_class").get<std::string>());
    }
    if (g.grid_class == "HexGrid") {
      core::HexGridSpec h;
      h.sideways = json_bool(a, "sideways");
      h.x0 = json_int(a, "x0");
      h.y0 = json_int(a, "y0");
      h.dx = json_double(a, "dx");
      h.dy = json_double(a, "dy");
      h.snap_to = json_bool(a, "snapTo");
      h.edges_legal = json_bool(a, "edgesLegal");
      h.corners_legal = json_bool(a, "cornersLegal");
      h.snap_scale = json_int(a, "snapscale");
      h.numbering = numbering;
      g.grid = h;
    } else if (g.grid_class == "SquareGrid") {
      core::SquareGridSpec s;
      s.x0 = json_int(a, "x0");
      s.y0 = json_int(a, "y0");
      s.dx = json_double(a, "dx");
      s.dy = json_double(a, "dy");
      s.range = a.at("range").get<std::string>();
      s.snap_to = json_bool(a, "snapTo");
      s.edges_legal = json_bool(a, "edgesLegal");
      s.corners_legal = json_bool(a, "cornersLegal");
      s.numbering = numbering;
      g.grid = s;
    } else {
      throw std::runtime_error("unexpected grid class " + g.grid_class + " in golden config " + g.id);
    }
    out.push_back(std::move(g));
  }
  return out;
}

// RFC-4180 rows keyed by the header's column names. Unquoted fields are taken as written.
struct CsvRow {
  std::map<std::string, std::string> fields;
  size_t line = 0;
  const std::string& operator[](const std::string& column) const {
    const auto it = fields.find(column);
    if (it == fields.end()) throw std::runtime_error("no column " + column);
    return it->second;
  }
};

inline std::vector<CsvRow> read_csv(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false, field_started = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"' && !field_started) {
      quoted = true;
      field_started = true;
    } else if (c == ',') {
      record.push_back(std::move(field));
      field.clear();
      field_started = false;
    } else if (c == '\n') {
      record.push_back(std::move(field));
      field.clear();
      field_started = false;
      records.push_back(std::move(record));
      record.clear();
    } else {
      field += c;
      field_started = true;
    }
  }
  if (field_started || !record.empty()) {
    record.push_back(std::move(field));
    records.push_back(std::move(record));
  }
  std::vector<CsvRow> rows;
  if (records.empty()) return rows;
  const std::vector<std::string>& header = records.front();
  for (size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() != header.size()) {
      throw std::runtime_error(path.string() + ": line " + std::to_string(r + 1) + " has " +
                               std::to_string(records[r].size()) + " fields, the header " + std::to_string(header.size()));
    }
    CsvRow row;
    row.line = r + 1;
    for (size_t k = 0; k < header.size(); ++k) row.fields[header[k]] = records[r][k];
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace adjutant::testing
