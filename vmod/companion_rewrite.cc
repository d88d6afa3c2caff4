#include "vmod/companion_rewrite.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

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

// A header line without its spaces and comment: "[map.hexsides.\"steep slope\"]" stays one word.
std::string header_of(const std::string& line) {
  std::string out;
  bool quoted = false;
  for (const char c : line) {
    if (c == '"') quoted = !quoted;
    if (!quoted && c == '#') break;
    if (quoted || !std::isspace(static_cast<unsigned char>(c))) out += c;
  }
  return out;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// The key a line of a table sets, "" when it sets none.
std::string key_of(const std::string& line) {
  const size_t eq = line.find('=');
  if (eq == std::string::npos || is_blank_or_comment(line)) return "";
  std::string key = line.substr(0, eq);
  key.erase(std::remove_if(key.begin(), key.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
            key.end());
  return key;
}

std::string quoted_key(const std::string& word) {
  const bool bare = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
  return bare ? word : "\"" + word + "\"";
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// One replacement of the file's lines: [first, last) becomes `text` (first == last: an insertion).
struct Edit {
  int first;
  int last;
  std::string text;
  int order;  // edits at one place keep the order they were made in
};

// The lines a section spans: from its header to the next header, less the blank and comment lines
// just before that header (they belong to what follows).
std::pair<int, int> section(const std::vector<std::string>& lines, int first) {
  int last = first + 1;
  while (last < static_cast<int>(lines.size()) && !is_header(lines[static_cast<size_t>(last)])) ++last;
  while (last > first + 1 && is_blank_or_comment(lines[static_cast<size_t>(last - 1)])) --last;
  return {first, last};
}

// One [[map]] of the file: where its own keys and its sub-tables lie (0-based line indexes).
struct MapSpan {
  int header;   // the [[map]] line
  int keys_end; // where its own keys end (the blank and comment lines before the next header left out)
  int end;      // where its last sub-table ends, likewise
};

MapSpan map_span(const std::vector<std::string>& lines, int header) {
  MapSpan span{header, 0, 0};
  span.keys_end = section(lines, header).second;
  span.end = span.keys_end;
  for (int i = header + 1; i < static_cast<int>(lines.size()); ++i) {
    if (!is_header(lines[static_cast<size_t>(i)])) continue;
    const std::string h = header_of(lines[static_cast<size_t>(i)]);
    if (!starts_with(h, "[map.") && !starts_with(h, "[[map.")) break;
    span.end = section(lines, i).second;
  }
  return span;
}

// The sections of the map whose header is `exact`, or starts with `prefix` when it is given.
std::vector<std::pair<int, int>> sections(const std::vector<std::string>& lines, const MapSpan& span,
                                          const std::string& exact, const std::string& prefix = "") {
  std::vector<std::pair<int, int>> out;
  for (int i = span.header + 1; i < span.end; ++i) {
    if (!is_header(lines[static_cast<size_t>(i)])) continue;
    const std::string h = header_of(lines[static_cast<size_t>(i)]);
    if (h == exact || (!prefix.empty() && starts_with(h, prefix))) out.push_back(section(lines, i));
  }
  return out;
}

void refuse_inline(const std::vector<std::string>& lines, const MapSpan& span, const std::string& key,
                   const std::string& header, const Companion& companion) {
  for (int i = span.header + 1; i < span.keys_end; ++i) {
    if (key_of(lines[static_cast<size_t>(i)]) == key) {
      throw CompanionError("the " + header + " table is written inline; make it a " + header +
                               " section so that it can be rewritten",
                           Place{companion.file, {}, "line " + std::to_string(i + 1)});
    }
  }
}

// Edits putting `text` where the map's `found` sections are (the first replaced, the others
// removed), or at `insert_at` when it has none.
void replace(std::vector<Edit>& edits, const std::vector<std::pair<int, int>>& found, int insert_at,
             const std::string& text) {
  const int order = static_cast<int>(edits.size());
  if (found.empty()) {
    edits.push_back({insert_at, insert_at, "\n" + text, order});
    return;
  }
  edits.push_back({found[0].first, found[0].second, text, order});
  for (size_t i = 1; i < found.size(); ++i) edits.push_back({found[i].first, found[i].second, "", order});
}

std::string header_line(const std::string& header, const std::string& note) {
  return header + (note.empty() ? "" : "  # " + note) + "\n";
}

std::string hexsides_text(const std::vector<std::pair<std::string, std::vector<HexsideEntry>>>& features,
                          const std::string& note) {
  std::string plain, high;
  for (const auto& [feature, entries] : features) {
    if (entries.empty()) continue;
    if (entries.front().high.empty()) {
      std::vector<std::string> names;
      for (const HexsideEntry& e : entries) names.push_back(e.hexside);
      plain += quoted_key(feature) + " = " + name_list(names) + "\n";
      continue;
    }
    high += "\n" + header_line("[map.hexsides." + quoted_key(feature) + "]", "");
    for (const HexsideEntry& e : entries) high += quoted(e.hexside) + " = " + quoted(e.high) + "\n";
  }
  return header_line("[map.hexsides]", note) + plain + high;
}

std::string lines_text(const std::vector<LineEntry>& lines, const std::string& note) {
  std::string out;
  for (const LineEntry& line : lines) {
    out += (out.empty() ? "" : "\n") + header_line("[[map.line]]", out.empty() ? note : "");
    out += "type = " + quoted(line.type) + "\n";
    if (!line.name.empty()) out += "name = " + quoted(line.name) + "\n";
    out += "hexes = " + name_list(line.hexes) + "\n";
    if (!line.no_junction.empty()) out += "no_junction = " + name_list(line.no_junction) + "\n";
  }
  return out;
}

}  // namespace

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

std::string rewrite_companion(const std::string& original, const Companion& companion,
                              const std::vector<MapTables>& maps) {
  const std::vector<std::string> lines = split_lines(original);
  std::vector<Edit> edits;
  for (const MapTables& tables : maps) {
    size_t i = 0;
    while (i < companion.maps.size() &&
           !(companion.maps[i].map() == tables.map && companion.maps[i].board() == tables.board)) {
      ++i;
    }
    if (i == companion.maps.size()) {
      throw CompanionError("no [[map]] " + quoted(tables.map) +
                               (tables.board.empty() ? "" : " with board " + quoted(tables.board)),
                           Place{companion.file, {}, {}});
    }
    const MapSpan span = map_span(lines, companion.sources[i].line - 1);
    if (tables.terrain) {
      refuse_inline(lines, span, "terrain", "[map.terrain]", companion);
      std::string body;
      for (const auto& [type, hexes] : *tables.terrain) {
        if (!hexes.empty()) body += quoted_key(type) + " = " + name_list(hexes) + "\n";
      }
      replace(edits, sections(lines, span, "[map.terrain]"), span.keys_end,
              header_line("[map.terrain]", tables.note) + body + tables.terrain_trailer);
    }
    if (tables.elevation) {
      refuse_inline(lines, span, "elevation", "[map.elevation]", companion);
      std::string body;
      for (const auto& [level, hexes] : *tables.elevation) {
        if (!hexes.empty()) body += std::to_string(level) + " = " + name_list(hexes) + "\n";
      }
      replace(edits, sections(lines, span, "[map.elevation]"), span.keys_end,
              header_line("[map.elevation]", tables.note) + body + tables.elevation_trailer);
    }
    if (tables.hexsides) {
      refuse_inline(lines, span, "hexsides", "[map.hexsides]", companion);
      replace(edits, sections(lines, span, "[map.hexsides]", "[map.hexsides."), span.keys_end,
              hexsides_text(*tables.hexsides, tables.note));
    }
    if (tables.lines) {
      refuse_inline(lines, span, "line", "[[map.line]]", companion);
      const auto found = sections(lines, span, "[[map.line]]");
      if (!tables.lines->empty() || !found.empty()) {
        replace(edits, found, span.end, lines_text(*tables.lines, tables.note));
      }
    }
  }
  // Apply from the bottom up, so earlier line numbers stay valid; edits at one place in their order.
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    return a.first != b.first ? a.first > b.first : a.order > b.order;
  });
  std::vector<std::string> out_lines = lines;
  for (const Edit& e : edits) {
    const std::vector<std::string> replacement = split_lines(e.text);
    out_lines.erase(out_lines.begin() + e.first, out_lines.begin() + e.last);
    out_lines.insert(out_lines.begin() + e.first, replacement.begin(), replacement.end());
  }
  std::string text;
  for (const std::string& line : out_lines) text += line + "\n";
  return text;
}

}  // namespace adjutant::vmod
