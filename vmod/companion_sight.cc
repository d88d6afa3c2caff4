#include "vmod/companion_sight.h"

#include <string>
#include <vector>

namespace adjutant::vmod {
namespace {

using namespace toml_reading;

class SightReader {
 public:
  SightReader(const TomlReader& reader, const core::TerrainVocabulary& vocabulary) : r_(reader), v_(vocabulary) {}

  CompanionSight read(const toml::table& t) const {
    r_.only_keys(t, {"rules", "height", "orchard", "canopy", "partial_target", "blocking_hexsides", "procedure",
                     "midpoint_tie_blocks", "canopy_overrides_first_orchard", "friendly_unit_height",
                     "artillery_over_friendly_range", "small_arms_over_friendly_levels"},
                 "[sight]");
    CompanionSight out;
    out.line = at(t).line;
    core::SightRules& rules = out.rules;
    const std::string model = r_.require_string(t, "rules", "[sight]", at(t));
    if (model == "cwr") {
      rules.model = core::SightModel::kCwr;
    } else if (model == "lfm") {
      rules.model = core::SightModel::kLfm;
    } else if (model == "thread") {
      rules.model = core::SightModel::kThread;
    } else {
      r_.fail(TomlReader::inside(*t.get("rules")), "'rules' in [sight] must be \"cwr\", \"lfm\" or \"thread\"");
    }
    if (const toml::table* h = r_.optional_table(t, "height", "[sight]")) {
      rules.terrain_height.assign(static_cast<size_t>(v_.terrain.size()), 0);
      for (const auto& [key, node] : in_file_order(*h)) {
        const int id = terrain(core::java::trim(key->str()), at(*key));
        rules.terrain_height[static_cast<size_t>(id)] = number(*node, "height " + in_quotes(key->str()), -100, 100);
      }
    }
    if (const toml::node* n = t.get("orchard")) rules.orchard = terrains(*n, "'orchard'");
    if (const toml::node* n = t.get("canopy")) rules.canopy = terrains(*n, "'canopy'");
    if (const toml::node* n = t.get("partial_target")) rules.partial_target = terrains(*n, "'partial_target'");
    if (const toml::node* n = t.get("blocking_hexsides")) {
      for (const Word& w : r_.words(*n, "'blocking_hexsides'", false)) {
        rules.blocking_hexsides |= core::feature_bit(word(w.text, v_.hexside, "hexside feature", w.where));
      }
    }
    if (const auto p = r_.optional_string(t, "procedure", "[sight]")) {
      if (*p == "cases") {
        rules.procedure = core::CwrProcedure::kCases;
      } else if (*p == "steps") {
        rules.procedure = core::CwrProcedure::kSteps;
      } else {
        r_.fail(TomlReader::inside(*t.get("procedure")), "'procedure' in [sight] must be \"cases\" or \"steps\"");
      }
    }
    rules.midpoint_tie_blocks = flag(t, "midpoint_tie_blocks", rules.midpoint_tie_blocks);
    rules.canopy_overrides_first_orchard = flag(t, "canopy_overrides_first_orchard", rules.canopy_overrides_first_orchard);
    if (const toml::node* n = t.get("friendly_unit_height")) rules.friendly_unit_height = number(*n, "'friendly_unit_height'", 0, 100);
    if (const toml::node* n = t.get("artillery_over_friendly_range")) {
      rules.artillery_over_friendly_range = number(*n, "'artillery_over_friendly_range'", 0, 1000);
    }
    if (const toml::node* n = t.get("small_arms_over_friendly_levels")) {
      rules.small_arms_over_friendly_levels = number(*n, "'small_arms_over_friendly_levels'", 0, 100);
    }
    return out;
  }

 private:
  int word(std::string_view name, const core::Vocabulary& words, std::string_view kind, At where) const {
    if (const auto id = words.id(core::java::trim(name))) return *id;
    r_.fail(where, "unknown " + std::string(kind) + " " + in_quotes(core::java::trim(name)) + " (the vocabulary has " +
                       (words.size() ? joined(words.names()) : std::string("none")) + ")");
  }
  int terrain(std::string_view name, At where) const { return word(name, v_.terrain, "terrain type", where); }

  std::vector<int> terrains(const toml::node& n, std::string_view what) const {
    std::vector<int> out;
    for (const Word& w : r_.words(n, what, false)) out.push_back(terrain(w.text, w.where));
    return out;
  }

  int number(const toml::node& n, const std::string& what, int low, int high) const {
    const auto* i = n.as_integer();
    if (!i || i->get() < low || i->get() > high) {
      r_.fail(at(n), what + " must be a whole number from " + std::to_string(low) + " to " + std::to_string(high));
    }
    return static_cast<int>(i->get());
  }

  bool flag(const toml::table& t, std::string_view key, bool otherwise) const {
    const toml::node* n = t.get(key);
    if (!n) return otherwise;
    if (!n->is_boolean()) r_.fail(at(*n), in_quotes(key) + " in [sight] must be true or false");
    return *n->value<bool>();
  }

  const TomlReader& r_;
  const core::TerrainVocabulary& v_;
};

}  // namespace

CompanionSight read_sight(const TomlReader& reader, const toml::table& sight, const core::TerrainVocabulary& vocabulary) {
  return SightReader(reader, vocabulary).read(sight);
}

}  // namespace adjutant::vmod
