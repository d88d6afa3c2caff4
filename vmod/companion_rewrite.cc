#include "vmod/companion_rewrite.h"

#include <toml++/toml.h>

#include <algorithm>
#include <map>
#include <set>

#include "vmod/companion_rewrite_vocabulary.h"
#include "vmod/format_error.h"
#include "vmod/toml_reader.h"
#include "vmod/toml_text_edits.h"

namespace adjutant::vmod {
namespace {

using namespace toml_text;
using toml_reading::TomlReader;

using Lists = std::vector<std::pair<std::string, std::vector<std::string>>>;

std::string trimmed(std::string_view s) { return std::string(core::java::trim(s)); }

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

std::string header_line(const std::string& header, const std::string& note) {
  return header + (note.empty() ? "" : "  # " + note) + "\n";
}

// One [[map]] of the file: where its own keys and its sub-tables lie (0-based line indexes).
struct MapSpan {
  int header;    // the [[map]] line
  int keys_end;  // where its own keys end (the blank and comment lines before the next header left out)
  int end;       // where its last sub-table ends, likewise
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

// A section removed with the blank lines that set it apart: those before it, or when it follows
// a comment or another line directly, those after it.
void remove_section(LineEdits& edits, std::pair<int, int> s) {
  int first = s.first;
  while (first > 0 && is_blank(edits.line(first - 1)) && !edits.changed(first - 1)) --first;
  int last = s.second;
  if (first == s.first) {
    while (last < edits.size() && is_blank(edits.line(last)) && !edits.changed(last)) ++last;
  }
  edits.remove(first, last);
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
    out += "\n" + header_line("[[map.line]]", out.empty() ? note : "");
    out += "type = " + quoted(line.type) + "\n";
    if (!line.name.empty()) out += "name = " + quoted(line.name) + "\n";
    out += "hexes = " + name_list(line.hexes) + "\n";
    if (!line.no_junction.empty()) out += "no_junction = " + name_list(line.no_junction) + "\n";
  }
  return out;
}

std::string places_text(const std::vector<const PlaceEntry*>& places) {
  std::string out;
  for (const PlaceEntry* p : places) {
    out += "\n[[map.place]]\nname = " + quoted(p->name) + "\nkind = " + quoted(p->kind) + "\n";
    out += p->hexes.size() == 1 ? "hex = " + quoted(p->hexes[0]) + "\n" : "hexes = " + name_list(p->hexes) + "\n";
  }
  return out;
}

// Rewrites one [[map]]'s tables in the text, entry by entry.
class MapRewriter {
 public:
  MapRewriter(LineEdits& edits, const TomlReader& reader, const core::TerrainModel& model, const toml::table& table,
              int header, const std::string& note)
      : edits_(edits), reader_(reader), model_(model), table_(table), span_(map_span(edits.lines(), header)),
        note_(note) {}

  void terrain(const Lists& wanted, const std::string& trailer) {
    list_table("terrain", wanted, [](const std::string& key) { return trimmed(key); }, trailer);
  }

  void elevation(const std::vector<std::pair<int, std::vector<std::string>>>& levels, const std::string& trailer) {
    Lists wanted;
    for (const auto& [level, hexes] : levels) wanted.emplace_back(std::to_string(level), hexes);
    list_table("elevation", wanted, [](const std::string& key) {
      const auto level = core::java::parse_int(trimmed(key));
      return level ? std::to_string(*level) : key;
    }, trailer);
  }

  void hexsides(const std::vector<std::pair<std::string, std::vector<HexsideEntry>>>& wanted) {
    refuse_inline("hexsides", "[map.hexsides]");
    const toml::table* table = table_.get_as<toml::table>("hexsides");
    if (!table) {
      if (std::any_of(wanted.begin(), wanted.end(), [](const auto& f) { return !f.second.empty(); })) {
        edits_.insert(span_.keys_end, "\n" + hexsides_text(wanted, note_));
      }
      return;
    }
    Lists plain;
    std::map<std::string, const std::vector<HexsideEntry>*> high;
    for (const auto& [feature, entries] : wanted) {
      if (is_high(feature, entries)) {
        high[trimmed(feature)] = &entries;
      } else {
        std::vector<std::string> sides;
        for (const HexsideEntry& e : entries) sides.push_back(e.hexside);
        plain.emplace_back(feature, sides);
      }
    }
    std::vector<Entry> plain_entries;
    std::set<std::string> high_seen;
    for (const Entry& e : entries(*table)) {
      if (!e.value->is_table()) {
        plain_entries.push_back(e);
        continue;
      }
      const std::string feature = trimmed(e.key->str());
      const auto it = high.find(feature);
      high_seen.insert(feature);
      high_table(e, it == high.end() ? std::vector<HexsideEntry>{} : *it->second);
    }
    const auto all = sections(edits_.lines(), span_, "[map.hexsides]", "[map.hexsides.");
    if (all.empty()) {
      throw CompanionError("the [map.hexsides] table of map " + quoted(model_.map()) +
                               " is written with dotted keys; make it a [map.hexsides] section so that it can be rewritten",
                           Place{reader_.file(), {}, "line " + std::to_string(span_.header + 1)});
    }
    const auto head = sections(edits_.lines(), span_, "[map.hexsides]");
    const std::string added = lists(plain_entries, plain, [](const std::string& k) { return trimmed(k); },
                                    [this](const std::string& w) { return std::vector<std::string>{side_name(w)}; });
    if (!added.empty()) {
      if (!head.empty()) {
        edits_.insert(plain_entries.empty() ? head[0].first + 1 : last_line(plain_entries) + 1, added);
      } else {  // only [map.hexsides.FEATURE] sections: the plain features go in a header of their own before them
        edits_.insert(all.front().first, "[map.hexsides]\n" + added + "\n");
      }
    }
    std::string sections_added;
    for (const auto& [feature, entries] : wanted) {
      if (entries.empty() || !is_high(feature, entries) || high_seen.count(trimmed(feature))) continue;
      sections_added += "\n" + header_line("[map.hexsides." + quoted_key(feature) + "]", "");
      for (const HexsideEntry& e : entries) sections_added += quoted(e.hexside) + " = " + quoted(e.high) + "\n";
    }
    if (!sections_added.empty()) edits_.insert(all.back().second, sections_added);
  }

  void lines(const std::vector<LineEntry>& wanted) {
    refuse_inline("line", "[[map.line]]");
    const auto found = table_sections("line", "[[map.line]]");
    using Key = std::tuple<std::string, std::string, std::vector<std::string>, std::vector<std::string>>;
    const auto key = [this](const std::string& type, const std::string& name, const std::vector<std::string>& hexes,
                            const std::vector<std::string>& no_junction) {
      return Key{trimmed(type), trimmed(name), names(hexes), names(no_junction)};
    };
    std::vector<Key> file;
    if (const toml::array* lines = table_.get_as<toml::array>("line")) {
      for (const toml::node& n : *lines) {
        const toml::table& t = *n.as_table();
        file.push_back(key(t["type"].value_or(std::string()), t["name"].value_or(std::string()), words(t.get("hexes"), true),
                           words(t.get("no_junction"), true)));
      }
    }
    std::vector<bool> kept(file.size(), false);
    std::vector<LineEntry> added;
    for (const LineEntry& line : wanted) {
      const Key k = key(line.type, line.name, line.hexes, line.no_junction);
      size_t i = 0;
      while (i < file.size() && (kept[i] || file[i] != k)) ++i;
      if (i < file.size()) {
        kept[i] = true;
      } else {
        added.push_back(line);
      }
    }
    for (size_t i = 0; i < file.size(); ++i) {
      if (!kept[i]) remove_section(edits_, found[i]);
    }
    if (!added.empty()) edits_.insert(found.empty() ? span_.end : found.back().second, lines_text(added, found.empty() ? note_ : ""));
  }

  void places(const std::vector<PlaceEntry>& wanted) {
    refuse_inline("place", "[[map.place]]");
    const auto found = table_sections("place", "[[map.place]]");
    std::map<int, const PlaceEntry*> by_index;
    std::vector<const PlaceEntry*> added;
    for (const PlaceEntry& p : wanted) {
      if (!p.file_index) {
        added.push_back(&p);
        continue;
      }
      if (*p.file_index < 0 || *p.file_index >= static_cast<int>(found.size()) || !by_index.emplace(*p.file_index, &p).second) {
        throw CompanionError("place " + std::to_string(*p.file_index) + " (" + quoted(p.name) + ") is not one of the " +
                                 std::to_string(found.size()) + " places of map " + quoted(model_.map()) + ", or is given twice",
                             Place{reader_.file(), {}, {}});
      }
    }
    const toml::array* places = table_.get_as<toml::array>("place");
    for (size_t i = 0; i < found.size(); ++i) {
      const auto it = by_index.find(static_cast<int>(i));
      if (it == by_index.end()) {
        remove_section(edits_, found[i]);
        continue;
      }
      place(*(*places)[i].as_table(), *it->second);
    }
    if (!added.empty()) edits_.insert(found.empty() ? span_.end : found.back().second, places_text(added));
  }

 private:
  // A table of key = list entries ([map.terrain], [map.elevation]) made to hold `wanted`.
  template <typename KeyName>
  void list_table(const std::string& key, const Lists& wanted, KeyName key_name, const std::string& trailer) {
    const std::string header = "[map." + key + "]";
    refuse_inline(key, header);
    const auto hex_names = [this](const std::string& w) { return this->hex_names(w); };
    const auto found = sections(edits_.lines(), span_, header);
    if (found.empty()) {
      const std::string added = lists({}, wanted, key_name, hex_names);
      if (!added.empty() || !trailer.empty()) edits_.insert(span_.keys_end, "\n" + header_line(header, note_) + added + trailer);
      return;
    }
    const std::vector<Entry> file = entries(*table_.get_as<toml::table>(key));
    const std::string added = lists(file, wanted, key_name, hex_names);
    if (!trailer.empty()) remove_comments_like(found[0].first, trailer);
    edits_.insert(file.empty() ? found[0].first + 1 : last_line(file) + 1, added + trailer);
  }

  // Each entry of `file` kept when its list holds the same, rewritten when it changed, removed when
  // `wanted` has nothing for it; the text of the wanted keys the file lacks.
  template <typename KeyName, typename Names>
  std::string lists(const std::vector<Entry>& file, const Lists& wanted, KeyName key_name, Names names) {
    std::map<std::string, const std::vector<std::string>*> by_key;
    for (const auto& [key, list] : wanted) by_key[key_name(key)] = &list;
    std::set<std::string> seen;
    for (const Entry& e : file) {
      const std::string key = key_name(std::string(e.key->str()));
      seen.insert(key);
      const auto it = by_key.find(key);
      if (it == by_key.end() || it->second->empty()) {
        edits_.remove(e.first, e.last + 1);
        continue;
      }
      const std::vector<std::string> written = words(e.value, true);
      if (covered(written, names) != covered(*it->second, names)) {
        edits_.replace(e.first, e.last + 1, with_value(edits_, e, name_list(merged(written, *it->second, names))));
      }
    }
    std::string added;
    for (const auto& [key, list] : wanted) {
      if (!list.empty() && !seen.count(key_name(key))) added += quoted_key(key) + " = " + name_list(list) + "\n";
    }
    return added;
  }

  // A high-side feature's table of hexside = higher hex (inline or a [map.hexsides.FEATURE] section).
  void high_table(const Entry& e, const std::vector<HexsideEntry>& wanted) {
    const toml::table& table = *e.value->as_table();
    std::map<std::string, std::string> want;  // hexside = higher hex
    for (const HexsideEntry& w : wanted) want[side_name(w.hexside)] = hex_name(w.high);
    if (table.is_inline()) {
      std::map<std::string, std::string> written;
      for (const Entry& s : entries(table)) written[side_name(std::string(s.key->str()))] = hex_name(string_of(s.value));
      if (written == want) return;
      if (wanted.empty()) {
        edits_.remove(e.first, e.last + 1);
        return;
      }
      std::string value;
      for (const HexsideEntry& w : wanted) value += (value.empty() ? "{ " : ", ") + quoted(w.hexside) + " = " + quoted(w.high);
      edits_.replace(e.first, e.last + 1, with_value(edits_, e, value + " }"));
      return;
    }
    const int header = static_cast<int>(table.source().begin.line) - 1;
    if (wanted.empty()) {
      remove_section(edits_, section(edits_.lines(), header));
      return;
    }
    const std::vector<Entry> file = entries(table);
    std::set<std::string> seen;
    for (const Entry& s : file) {
      const std::string side = side_name(std::string(s.key->str()));
      seen.insert(side);
      const auto it = want.find(side);
      if (it == want.end()) {
        edits_.remove(s.first, s.last + 1);
      } else if (hex_name(string_of(s.value)) != it->second) {
        const auto w = std::find_if(wanted.begin(), wanted.end(), [&](const HexsideEntry& x) { return side_name(x.hexside) == side; });
        edits_.replace(s.first, s.last + 1, with_value(edits_, s, quoted(w->high)));
      }
    }
    std::string added;
    for (const HexsideEntry& w : wanted) {
      if (!seen.count(side_name(w.hexside))) added += quoted(w.hexside) + " = " + quoted(w.high) + "\n";
    }
    edits_.insert(file.empty() ? header + 1 : last_line(file) + 1, added);
  }

  // One [[map.place]] of the file given its wanted name, kind and hexes; its other keys and comments kept.
  void place(const toml::table& table, const PlaceEntry& wanted) {
    const Entry* hexes = nullptr;
    const std::vector<Entry> file = entries(table);
    for (const Entry& e : file) {
      const std::string key = trimmed(e.key->str());
      if (key == "name" && trimmed(string_of(e.value)) != trimmed(wanted.name)) {
        edits_.replace(e.first, e.last + 1, with_value(edits_, e, quoted(wanted.name)));
      } else if (key == "kind" && trimmed(string_of(e.value)) != trimmed(wanted.kind)) {
        edits_.replace(e.first, e.last + 1, with_value(edits_, e, quoted(wanted.kind)));
      } else if (key == "hex" || key == "hexes") {
        hexes = &e;
      }
    }
    if (!hexes) return;
    const bool one = trimmed(hexes->key->str()) == "hex";
    const auto names = [this](const std::string& w) { return hex_names(w); };
    const std::vector<std::string> written = words(hexes->value, !one);
    if (covered(written, names) == covered(wanted.hexes, names)) return;
    const std::vector<std::string> list = merged(written, wanted.hexes, names);
    if (one && list.size() == 1) {
      edits_.replace(hexes->first, hexes->last + 1, with_value(edits_, *hexes, quoted(list[0])));
    } else if (one) {  // a place grown to several hexes
      const std::string& first = edits_.line(hexes->first);
      edits_.replace(hexes->first, hexes->last + 1, first.substr(0, first.find_first_not_of(" \t")) + "hexes = " +
                                                        name_list(list) + after_value(edits_, *hexes) + "\n");
    } else {
      edits_.replace(hexes->first, hexes->last + 1, with_value(edits_, *hexes, name_list(list)));
    }
  }

  // The hexes a hex-list word covers, by their names (a range: every hex in it); the word itself
  // when it names none, so that the parse after the rewrite reports it.
  std::vector<std::string> hex_names(const std::string& word) {
    const std::string w = trimmed(word);
    const size_t dots = w.find("..");
    if (dots == std::string::npos) return {hex_name(w)};
    const auto a = model_.topology().hex_named(trimmed(w.substr(0, dots)));
    const auto b = model_.topology().hex_named(trimmed(w.substr(dots + 2)));
    if (!a || !b) return {w};
    if (numbered_.empty()) numbered_ = numbered_hexes(model_);
    std::vector<std::string> out;
    for (const core::Hex h : hexes_in_range(numbered_, *a, *b)) out.push_back(model_.topology().name(h));
    return out;
  }

  std::string hex_name(const std::string& word) const {
    const auto h = model_.topology().hex_named(trimmed(word));
    return h ? model_.topology().name(*h) : trimmed(word);
  }

  std::string side_name(const std::string& word) const {
    const auto side = model_.topology().hexside_named(trimmed(word));
    return side ? model_.topology().hexside_name(*side) : trimmed(word);
  }

  std::vector<std::string> names(const std::vector<std::string>& words) const {
    std::vector<std::string> out;
    for (const std::string& w : words) out.push_back(hex_name(w));
    return out;
  }

  template <typename Names>
  static std::set<std::string> covered(const std::vector<std::string>& words, Names names) {
    std::set<std::string> out;
    for (const std::string& w : words) {
      for (std::string& n : names(w)) out.insert(std::move(n));
    }
    return out;
  }

  // The words written that still hold (a range only when every hex it covers is wanted), then the
  // wanted names they do not cover.
  template <typename Names>
  static std::vector<std::string> merged(const std::vector<std::string>& written, const std::vector<std::string>& wanted,
                                         Names names) {
    const std::set<std::string> want = covered(wanted, names);
    std::set<std::string> have;
    std::vector<std::string> out;
    for (const std::string& w : written) {
      const std::vector<std::string> n = names(w);
      const bool holds = std::all_of(n.begin(), n.end(), [&](const std::string& x) { return want.count(x) && !have.count(x); });
      if (n.empty() || !holds) continue;
      out.push_back(trimmed(w));
      have.insert(n.begin(), n.end());
    }
    for (const std::string& w : wanted) {
      for (const std::string& x : names(w)) {
        if (have.insert(x).second) out.push_back(x);
      }
    }
    return out;
  }

  std::vector<std::string> words(const toml::node* value, bool split) const {
    std::vector<std::string> out;
    if (!value) return out;
    for (const toml_reading::Word& w : reader_.words(*value, "a list", split)) out.push_back(w.text);
    return out;
  }

  static std::string string_of(const toml::node* value) { return value->value_or(std::string()); }

  static int last_line(const std::vector<Entry>& file) {
    int last = 0;
    for (const Entry& e : file) last = std::max(last, e.last);
    return last;
  }

  bool is_high(const std::string& feature, const std::vector<HexsideEntry>& entries) const {
    const auto id = model_.vocabulary().hexside.id(trimmed(feature));
    if (id) return (model_.vocabulary().high_side & core::feature_bit(*id)) != 0;
    return !entries.empty() && !entries.front().high.empty();
  }

  // The sections of an array of tables, one per element of the map's array.
  std::vector<std::pair<int, int>> table_sections(const std::string& key, const std::string& header) const {
    const auto found = sections(edits_.lines(), span_, header);
    const toml::array* array = table_.get_as<toml::array>(key);
    if (found.size() != (array ? array->size() : 0u)) {
      throw CompanionError("the " + header + " tables of map " + quoted(model_.map()) + " are not all written as " +
                               header + " sections under its [[map]], so they cannot be rewritten",
                           Place{reader_.file(), {}, "line " + std::to_string(span_.header + 1)});
    }
    return found;
  }

  void refuse_inline(const std::string& key, const std::string& header) const {
    for (int i = span_.header + 1; i < span_.keys_end; ++i) {
      if (key_of(edits_.line(i)) == key) {
        throw CompanionError("the " + header + " table is written inline; make it a " + header +
                                 " section so that it can be rewritten",
                             Place{reader_.file(), {}, "line " + std::to_string(i + 1)});
      }
    }
  }

  // The comment lines of the section at `header` that begin as `comment`'s first line does, up to its ':'.
  void remove_comments_like(int header, const std::string& comment) {
    const std::string first = comment.substr(0, comment.find('\n'));
    const std::string prefix = first.substr(0, first.find(':'));
    for (int i = header + 1; i < edits_.size() && !is_header(edits_.line(i)); ++i) {
      if (starts_with(edits_.line(i), prefix)) edits_.remove(i, i + 1);
    }
  }

  LineEdits& edits_;
  const TomlReader& reader_;
  const core::TerrainModel& model_;
  const toml::table& table_;
  MapSpan span_;
  std::string note_;
  std::vector<NumberedHex> numbered_;
};

}  // namespace

std::string rewrite_companion(const std::string& original, const Companion& companion,
                              const std::vector<MapTables>& maps, const NewWords& words) {
  LineEdits edits(original);
  const toml::table root = toml::parse(original, companion.file);  // parsed as `companion` was: no error
  const TomlReader reader(companion.file);
  const toml::array& map_tables = *root.get_as<toml::array>("map");
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
    MapRewriter map(edits, reader, companion.maps[i], *map_tables[i].as_table(), companion.sources[i].line - 1,
                    tables.note);
    if (tables.terrain) map.terrain(*tables.terrain, tables.terrain_trailer);
    if (tables.elevation) map.elevation(*tables.elevation, tables.elevation_trailer);
    if (tables.hexsides) map.hexsides(*tables.hexsides);
    if (tables.lines) map.lines(*tables.lines);
    if (tables.places) map.places(*tables.places);
  }
  add_words(edits, root, companion, words);
  return edits.text();
}

}  // namespace adjutant::vmod
