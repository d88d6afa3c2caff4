#include "vmod/companion_state.h"

#include <algorithm>
#include <stdexcept>

namespace adjutant::vmod {
namespace {

using core::Hex;
using namespace toml_reading;

class StateReader {
 public:
  StateReader(const TomlReader& reader, const core::TerrainVocabulary& vocabulary,
              const std::vector<core::TerrainModel>& maps)
      : r_(reader), v_(vocabulary), maps_(maps) {}

  CompanionState read(const std::string& name, const toml::table& t) const {
    const std::string where = "[state." + name + "]";
    r_.only_keys(t, {"at", "map", "marker", "property", "fallback", "removes", "cuts"}, where);
    CompanionState s;
    s.name = name;
    s.line = at(t).line;
    const std::string place = r_.require_string(t, "at", where, at(t));
    if (place == "hex") {
      s.at = StateAt::kHex;
    } else if (place == "hexside") {
      s.at = StateAt::kHexside;
    } else {
      r_.fail(TomlReader::inside(*t.get("at")), "'at' in " + where + " must be \"hex\" or \"hexside\"");
    }
    s.map = map_of(t, where);
    s.marker = r_.optional_string(t, "marker", where).value_or("");
    s.property = r_.optional_string(t, "property", where).value_or("");
    if (!s.marker.empty() && !s.property.empty()) {
      r_.fail(at(*t.get("property")), where + " gives both 'marker' and 'property': the save holds it in one of them");
    }
    if (s.marker.empty() && s.property.empty()) {
      r_.fail(at(t), where + " gives no 'marker' or 'property': the save must hold it (a 'fallback' is used only "
                             "when the module has neither)");
    }
    if (const toml::node* f = t.get("fallback")) s.fallback = fallback(*f, s, where);
    if (const toml::node* n = t.get("removes")) {
      if (s.at != StateAt::kHexside) r_.fail(at(*n), "'removes' in " + where + " applies to a hexside state (at = \"hexside\")");
      for (const Word& w : r_.words(*n, "'removes'", false)) {
        s.removes |= core::feature_bit(word(w, v_.hexside, "hexside feature", "hexside"));
      }
    }
    if (const toml::node* n = t.get("cuts")) {
      for (const Word& w : r_.words(*n, "'cuts'", false)) s.cuts |= core::line_bit(word(w, v_.lines, "line type", "lines"));
    }
    return s;
  }

 private:
  int word(const Word& w, const core::Vocabulary& words, std::string_view what, std::string_view key) const {
    if (const auto id = words.id(w.text)) return *id;
    r_.fail(w.where, "unknown " + std::string(what) + " " + in_quotes(w.text) + " (vocabulary " + in_quotes(key) +
                         (words.size() ? " has " + joined(words.names()) : " is empty") + ")");
  }

  std::vector<std::string> map_names() const {
    std::vector<std::string> out;
    for (const core::TerrainModel& m : maps_) {
      if (std::find(out.begin(), out.end(), m.map()) == out.end()) out.push_back(m.map());
    }
    return out;
  }

  std::string map_of(const toml::table& t, const std::string& where) const {
    const std::vector<std::string> names = map_names();
    if (const toml::node* m = t.get("map")) {
      const std::string name = r_.string_value(*m, "'map' in " + where);
      if (std::find(names.begin(), names.end(), name) == names.end()) {
        r_.fail(TomlReader::inside(*m), "unknown map " + in_quotes(name) + " in " + where + " (the file describes " +
                                            joined(names) + ")");
      }
      return name;
    }
    if (names.size() != 1) {
      r_.fail(at(t), where + " has no 'map' and the file describes several maps (" + joined(names) + ")");
    }
    return names.front();
  }

  // Whether some board of the state's map knows the name as a hex, or as a hexside of adjacent hexes.
  void check(const Word& w, const CompanionState& s, const std::string& where) const {
    const std::string label = "map " + in_quotes(s.map);
    bool not_adjacent = false;
    for (const core::TerrainModel& m : maps_) {
      if (m.map() != s.map) continue;
      if (s.at == StateAt::kHex) {
        const auto h = m.topology().hex_named(w.text);
        if (h && m.on_map(*h)) return;
        continue;
      }
      if (const auto pair = split_hexside(m.topology(), w.text)) {
        if (m.on_map(pair->first) && m.on_map(pair->second)) {
          if (m.topology().adjacent(pair->first, pair->second)) return;
          not_adjacent = true;
        }
      }
    }
    if (s.at == StateAt::kHex) r_.fail(w.where, "unknown hex " + in_quotes(w.text) + " on " + label + " in the fallback of " + where);
    if (w.text.find('/') == std::string::npos) {
      r_.fail(w.where, "hexside " + in_quotes(w.text) + " in the fallback of " + where +
                           " must be two hex names joined by '/', like 1426/1525");
    }
    if (not_adjacent) r_.fail(w.where, "hexside " + in_quotes(w.text) + " joins hexes that are not adjacent on " + label);
    r_.fail(w.where, "unknown hexside " + in_quotes(w.text) + " on " + label + " in the fallback of " + where);
  }

  std::vector<std::string> fallback(const toml::node& n, const CompanionState& s, const std::string& where) const {
    std::vector<std::string> out;
    std::map<std::string, int> seen;
    for (const Word& w : r_.words(n, "'fallback'", true)) {
      check(w, s, where);
      if (auto [it, fresh] = seen.emplace(w.text, w.where.line); !fresh) {
        r_.fail(w.where, "duplicate " + std::string(s.at == StateAt::kHex ? "hex " : "hexside ") + in_quotes(w.text) +
                             " in the fallback of " + where + " (first at line " + std::to_string(it->second) + ")");
      }
      out.push_back(w.text);
    }
    return out;
  }

  const TomlReader& r_;
  const core::TerrainVocabulary& v_;
  const std::vector<core::TerrainModel>& maps_;
};

Hex hex_on(const core::TerrainModel& model, const std::string& state, const std::string& name) {
  const auto h = model.topology().hex_named(name);
  if (!h || !model.on_map(*h)) {
    throw std::invalid_argument("[state." + state + "]: no hex '" + name + "' on map '" + model.map() + "'");
  }
  return *h;
}

}  // namespace

std::optional<std::pair<Hex, Hex>> split_hexside(const core::HexTopology& topology, std::string_view text) {
  for (size_t slash = text.find('/'); slash != std::string_view::npos; slash = text.find('/', slash + 1)) {
    const auto a = topology.hex_named(core::java::trim(text.substr(0, slash)));
    const auto b = topology.hex_named(core::java::trim(text.substr(slash + 1)));
    if (a && b) return std::pair{*a, *b};
  }
  return std::nullopt;
}

std::vector<CompanionState> read_states(const TomlReader& reader, const toml::table& state,
                                        const core::TerrainVocabulary& vocabulary,
                                        const std::vector<core::TerrainModel>& maps) {
  const StateReader read(reader, vocabulary, maps);
  std::vector<CompanionState> out;
  for (const auto& [key, node] : in_file_order(state)) {
    const std::string name(core::java::trim(key->str()));
    const toml::table* t = node->as_table();
    if (!t) reader.fail(at(*node), "'state." + name + "' must be a table ([state." + name + "])");
    out.push_back(read.read(name, *t));
  }
  return out;
}

std::vector<CompanionGlobal> read_globals(const TomlReader& reader, const toml::table& globals) {
  std::vector<CompanionGlobal> out;
  for (const auto& [key, node] : in_file_order(globals)) {
    const std::string name(key->str());
    out.push_back({name, reader.string_value(*node, in_quotes(name) + " in [globals]"), at(*key).line});
  }
  return out;
}

core::TerrainModel with_map_state(const core::TerrainModel& model, const std::vector<CompanionState>& states,
                                  const MapStateWhere& where) {
  core::TerrainModel out = model;
  for (const auto& entry : where) {
    const std::string& name = entry.first;  // not a structured binding: clang 14 cannot capture one
    const auto& places = entry.second;
    const auto s = std::find_if(states.begin(), states.end(), [&](const CompanionState& c) { return c.name == name; });
    if (s == states.end()) throw std::invalid_argument("the companion file has no [state." + name + "]");
    if (s->map != model.map() || (s->removes == 0 && s->cuts == 0)) continue;
    for (const std::string& place : places) {
      if (s->at == StateAt::kHex) {
        out.cut_lines_in(hex_on(model, name, place), s->cuts);
        continue;
      }
      const auto pair = split_hexside(model.topology(), place);
      if (!pair || !model.on_map(pair->first) || !model.on_map(pair->second) ||
          !model.topology().adjacent(pair->first, pair->second)) {
        throw std::invalid_argument("[state." + name + "]: no hexside '" + place + "' on map '" + model.map() + "'");
      }
      out.remove_hexside_features(pair->first, pair->second, s->removes);
      out.cut_lines_across(pair->first, pair->second, s->cuts);
    }
  }
  return out;
}

}  // namespace adjutant::vmod
