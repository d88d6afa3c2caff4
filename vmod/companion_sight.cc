#include "vmod/companion_sight.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant::vmod {
namespace {

using namespace toml_reading;

// The keys of the choices, in [sight] and in [sight.cwr] / [sight.lfm].
constexpr std::array<std::string_view, 15> kOptionKeys{
    "height", "orchard", "canopy", "partial_target", "blocking_hexsides", "procedure", "midpoint_tie_blocks", "step5_elevation",
    "canopy_overrides_first_orchard", "firer_orchard_is_first", "enemy_hexsides_block_artillery_at_artillery",
    "hexside_level", "friendly_unit_height", "artillery_over_friendly_range", "small_arms_over_friendly_levels"};

class SightReader {
 public:
  SightReader(const TomlReader& reader, const core::TerrainVocabulary& vocabulary) : r_(reader), v_(vocabulary) {}

  CompanionSight read(const toml::table& t) const {
    std::vector<std::string_view> keys{"rules", "cwr", "lfm"};
    keys.insert(keys.end(), kOptionKeys.begin(), kOptionKeys.end());
    r_.only_keys(t, keys, "[sight]");
    CompanionSight out;
    out.line = at(t).line;
    const std::string model = r_.require_string(t, "rules", "[sight]", at(t));
    if (model == "cwr") {
      out.model = core::SightModel::kCwr;
    } else if (model == "lfm") {
      out.model = core::SightModel::kLfm;
    } else if (model == "thread") {
      out.model = core::SightModel::kThread;
    } else {
      r_.fail(TomlReader::inside(*t.get("rules")), "'rules' in [sight] must be \"cwr\", \"lfm\" or \"thread\"");
    }
    core::SightRules shared;
    options(t, "[sight]", shared);
    for (const core::SightModel m : {core::SightModel::kCwr, core::SightModel::kLfm, core::SightModel::kThread}) {
      core::SightRules& rules = out.by_model[static_cast<size_t>(m)];
      rules = shared;
      rules.model = m;
    }
    // [sight.cwr] and [sight.lfm]: that model's keys, over those of [sight].
    for (const core::SightModel m : {core::SightModel::kCwr, core::SightModel::kLfm}) {
      const std::string name = m == core::SightModel::kCwr ? "cwr" : "lfm";
      if (const toml::table* own = r_.optional_table(t, name, "[sight]")) {
        const std::string where = "[sight." + name + "]";
        r_.only_keys(*own, kOptionKeys, where);
        options(*own, where, out.by_model[static_cast<size_t>(m)]);
      }
    }
    return out;
  }

 private:
  // The keys of `t` (`where`: "[sight]", "[sight.cwr]") into `rules`; those absent leave it as it is.
  void options(const toml::table& t, const std::string& where, core::SightRules& rules) const {
    if (const toml::table* h = r_.optional_table(t, "height", where)) {
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
      rules.blocking_hexsides = 0;
      for (const Word& w : r_.words(*n, "'blocking_hexsides'", false)) {
        rules.blocking_hexsides |= core::feature_bit(word(w.text, v_.hexside, "hexside feature", w.where));
      }
    }
    if (const auto p = r_.optional_string(t, "procedure", where)) {
      if (*p == "cases") {
        rules.procedure = core::CwrProcedure::kCases;
      } else if (*p == "steps") {
        rules.procedure = core::CwrProcedure::kSteps;
      } else {
        r_.fail(TomlReader::inside(*t.get("procedure")), "'procedure' in " + where + " must be \"cases\" or \"steps\"");
      }
    }
    if (const auto p = r_.optional_string(t, "hexside_level", where)) {
      if (*p == "lower") {
        rules.hexside_level = core::HexsideLevel::kLower;
      } else if (*p == "midpoint") {
        rules.hexside_level = core::HexsideLevel::kMidpoint;
      } else {
        r_.fail(TomlReader::inside(*t.get("hexside_level")), "'hexside_level' in " + where + " must be \"lower\" or \"midpoint\"");
      }
    }
    if (const auto p = r_.optional_string(t, "step5_elevation", where)) {
      if (*p == "level") {
        rules.step5_elevation = core::Step5Elevation::kLevel;
      } else if (*p == "ground") {
        rules.step5_elevation = core::Step5Elevation::kGround;
      } else {
        r_.fail(TomlReader::inside(*t.get("step5_elevation")), "'step5_elevation' in " + where + " must be \"level\" or \"ground\"");
      }
    }
    rules.midpoint_tie_blocks = flag(t, "midpoint_tie_blocks", where, rules.midpoint_tie_blocks);
    rules.canopy_overrides_first_orchard = flag(t, "canopy_overrides_first_orchard", where, rules.canopy_overrides_first_orchard);
    rules.firer_orchard_is_first = flag(t, "firer_orchard_is_first", where, rules.firer_orchard_is_first);
    rules.enemy_hexsides_block_artillery_at_artillery =
        flag(t, "enemy_hexsides_block_artillery_at_artillery", where, rules.enemy_hexsides_block_artillery_at_artillery);
    if (const toml::node* n = t.get("friendly_unit_height")) rules.friendly_unit_height = number(*n, "'friendly_unit_height'", 0, 100);
    if (const toml::node* n = t.get("artillery_over_friendly_range")) {
      rules.artillery_over_friendly_range = number(*n, "'artillery_over_friendly_range'", 0, 1000);
    }
    if (const toml::node* n = t.get("small_arms_over_friendly_levels")) {
      rules.small_arms_over_friendly_levels = number(*n, "'small_arms_over_friendly_levels'", 0, 100);
    }
  }

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

  bool flag(const toml::table& t, std::string_view key, const std::string& where, bool otherwise) const {
    const toml::node* n = t.get(key);
    if (!n) return otherwise;
    if (!n->is_boolean()) r_.fail(at(*n), in_quotes(key) + " in " + where + " must be true or false");
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
