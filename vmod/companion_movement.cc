#include "vmod/companion_movement.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace adjutant::vmod {
namespace {

using namespace toml_reading;

constexpr core::Cost kNoCost = -2;  // a terrain type the class table does not name

class MovementReader {
 public:
  MovementReader(const TomlReader& reader, const core::TerrainVocabulary& vocabulary,
                 const std::vector<std::string>& unit_attributes)
      : r_(reader), v_(vocabulary), attributes_(unit_attributes) {}

  CompanionMovement read(const toml::table& t) {
    r_.only_keys(t, {"class_attribute", "allowance_attribute", "side_attribute", "kind_attribute", "kinds", "enemy_hexes",
                     "enemy_hex_cost", "lines_must_connect", "one_hex_minimum", "class", "zones", "stack_limit"},
                 "[movement]");
    CompanionMovement m;
    m.line = at(t).line;
    m.class_attribute = attribute(t, "class_attribute").value_or("class");
    m.allowance_attribute = attribute(t, "allowance_attribute").value_or("");
    m.side_attribute = attribute(t, "side_attribute").value_or("side");
    read_kinds(t, m);
    if (const auto e = r_.optional_string(t, "enemy_hexes", "[movement]")) {
      if (*e == "prohibited") {
        m.rules.enemy_hexes = core::EnemyHexes::kProhibited;
      } else if (*e == "cost and stop") {
        m.rules.enemy_hexes = core::EnemyHexes::kCostAndStop;
      } else {
        r_.fail(at(*t.get("enemy_hexes")), "'enemy_hexes' must be \"prohibited\" or \"cost and stop\"");
      }
    }
    if (const toml::node* c = t.get("enemy_hex_cost")) m.rules.enemy_hex_cost = cost(*c, "'enemy_hex_cost'", false);
    m.rules.lines_must_connect = flag(t, "lines_must_connect", "[movement]");
    m.rules.one_hex_minimum = flag(t, "one_hex_minimum", "[movement]");

    const toml::table* classes = r_.optional_table(t, "class", "[movement]");
    if (!classes || classes->empty()) r_.fail(at(t), "[movement] has no [movement.class.NAME] table");
    for (const auto& [key, node] : in_file_order(*classes)) {
      const toml::table* c = node->as_table();
      if (!c) r_.fail(at(*node), "movement class " + in_quotes(key->str()) + " must be a table");
      m.rules.classes.push_back(read_class(std::string(core::java::trim(key->str())), *c, at(*key)));
    }
    if (m.rules.classes.size() > static_cast<size_t>(core::kMaxUnitClasses)) {
      r_.fail(at(*classes), "[movement] has " + std::to_string(m.rules.classes.size()) + " classes; at most " +
                                std::to_string(core::kMaxUnitClasses) + " are supported");
    }
    // Stacking names classes, so it is read once every class is known.
    for (const auto& [key, node] : in_file_order(*classes)) {
      if (const toml::node* stacking = node->as_table()->get("stacking")) {
        read_stacking(*stacking, m, m.rules.classes[static_cast<size_t>(m.rules.class_id(core::java::trim(key->str())))]);
      }
    }
    if (const toml::node* limits = t.get("stack_limit")) read_stack_limits(*limits, m.rules);
    if (const toml::table* z = r_.optional_table(t, "zones", "[movement]")) read_zones(*z, m);
    return m;
  }

 private:
  std::optional<std::string> attribute(const toml::table& t, std::string_view key, std::string_view where = "[movement]") const {
    const auto name = r_.optional_string(t, key, where);
    if (name && std::find(attributes_.begin(), attributes_.end(), *name) == attributes_.end()) {
      r_.fail(TomlReader::inside(*t.get(key)), "unknown unit attribute " + in_quotes(*name) + " (vocabulary 'unit_attributes' has " +
                                      (attributes_.empty() ? std::string("none") : joined(attributes_)) + ")");
    }
    return name;
  }

  bool flag(const toml::table& t, std::string_view key, std::string_view where) const {
    const toml::node* n = t.get(key);
    if (!n) return false;
    if (!n->is_boolean()) r_.fail(at(*n), in_quotes(key) + " in " + std::string(where) + " must be true or false");
    return *n->value<bool>();
  }

  // "1", "1/2", "1 1/3", "prohibited" or a whole number.
  core::Cost cost(const toml::node& n, const std::string& what, bool may_prohibit) const {
    core::Cost c = 0;
    if (const auto* i = n.as_integer()) {
      if (i->get() < 0 || i->get() > 100000) r_.fail(at(n), what + " must be from 0 to 100000 MP");
      c = static_cast<core::Cost>(i->get()) * core::kMP;
    } else if (const auto* s = n.as_string()) {
      try {
        c = core::parse_cost(s->get());
      } catch (const std::invalid_argument& e) {
        r_.fail(TomlReader::inside(n), what + ": " + e.what());
      }
    } else {
      r_.fail(at(n), what + " must be a number of MP (2, \"1/2\", \"1 1/3\") or \"prohibited\"");
    }
    if (c == core::kProhibited && !may_prohibit) r_.fail(TomlReader::inside(n), what + " may not be \"prohibited\"");
    return c;
  }

  // { word = cost, ... } into a per-id vector; ids not given get `absent`.
  std::vector<core::Cost> costs(const toml::table& c, std::string_view key, const core::Vocabulary& words,
                                std::string_view kind, const std::string& cls, core::Cost absent) const {
    std::vector<core::Cost> out(static_cast<size_t>(words.size()), absent);
    const toml::table* t = r_.optional_table(c, key, "movement class " + in_quotes(cls));
    if (!t) return out;
    for (const auto& [k, node] : in_file_order(*t)) {
      const int id = word(k->str(), words, kind, at(*k));
      out[static_cast<size_t>(id)] = cost(*node, in_quotes(cls) + " " + std::string(key) + " " + in_quotes(k->str()), true);
    }
    return out;
  }

  int word(std::string_view name, const core::Vocabulary& words, std::string_view kind, At where) const {
    if (const auto id = words.id(core::java::trim(name))) return *id;
    r_.fail(where, "unknown " + std::string(kind) + " " + in_quotes(core::java::trim(name)) + " (the vocabulary has " +
                       (words.size() ? joined(words.names()) : std::string("none")) + ")");
  }

  core::FeatureSet features(const toml::node& n, std::string_view what) const {
    core::FeatureSet set = 0;
    for (const Word& w : r_.words(n, what, false)) set |= core::feature_bit(word(w.text, v_.hexside, "hexside feature", w.where));
    return set;
  }

  core::ClassCosts read_class(const std::string& name, const toml::table& c, At where) const {
    const std::string label = "movement class " + in_quotes(name);
    r_.only_keys(c, {"terrain", "hexside", "uphill", "line", "line_negates", "stacking"}, label);
    core::ClassCosts k;
    k.name = name;
    k.terrain = costs(c, "terrain", v_.terrain, "terrain type", name, kNoCost);
    for (int t = 0; t < v_.terrain.size(); ++t) {
      if (k.terrain[static_cast<size_t>(t)] == kNoCost) {
        r_.fail(where, label + " has no cost to enter terrain " + in_quotes(v_.terrain.name(t)));
      }
    }
    k.hexside = costs(c, "hexside", v_.hexside, "hexside feature", name, 0);
    k.uphill = costs(c, "uphill", v_.hexside, "hexside feature", name, 0);
    // A line type without a cost cannot be used by this class.
    k.line = costs(c, "line", v_.lines, "line type", name, core::kProhibited);
    k.line_negates.assign(static_cast<size_t>(v_.lines.size()), 0);
    if (const toml::table* n = r_.optional_table(c, "line_negates", label)) {
      for (const auto& [key, node] : in_file_order(*n)) {
        const int id = word(key->str(), v_.lines, "line type", at(*key));
        k.line_negates[static_cast<size_t>(id)] = features(*node, label + " line_negates");
      }
    }
    return k;
  }

  // kinds = ["combat", "leader", "fortification"], kind_attribute = "kind": each needs the other.
  void read_kinds(const toml::table& t, CompanionMovement& m) const {
    m.kind_attribute = attribute(t, "kind_attribute").value_or("");
    const toml::node* kinds = t.get("kinds");
    if (!kinds) {
      if (!m.kind_attribute.empty()) r_.fail(at(*t.get("kind_attribute")), "'kind_attribute' needs 'kinds' in [movement]: the kinds it may name");
      return;
    }
    if (m.kind_attribute.empty()) r_.fail(at(*kinds), "'kinds' needs 'kind_attribute' in [movement]: the unit attribute naming a unit's kind");
    for (const Word& w : r_.words(*kinds, "'kinds'", false)) {
      const std::string name(core::java::trim(w.text));
      if (std::find(m.kinds.begin(), m.kinds.end(), name) != m.kinds.end()) r_.fail(w.where, "duplicate kind " + in_quotes(name));
      m.kinds.push_back(name);
    }
    if (m.kinds.size() > static_cast<size_t>(core::kMaxUnitKinds)) {
      r_.fail(at(*kinds), "[movement] declares " + std::to_string(m.kinds.size()) + " kinds; at most " +
                              std::to_string(core::kMaxUnitKinds) + " are supported");
    }
  }

  // A set of kind names, each declared in [movement] 'kinds'.
  core::KindSet kind_set(const toml::node& n, const std::vector<std::string>& kinds, std::string_view what) const {
    core::KindSet set = 0;
    for (const Word& w : r_.words(n, what, false)) {
      const std::string name(core::java::trim(w.text));
      const auto it = std::find(kinds.begin(), kinds.end(), name);
      if (it == kinds.end()) {
        r_.fail(w.where, "unknown unit kind " + in_quotes(name) + " (the [movement] 'kinds' are " +
                             (kinds.empty() ? std::string("none") : joined(kinds)) + ")");
      }
      set |= core::kind_bit(static_cast<int>(it - kinds.begin()));
    }
    return set;
  }

  // A set of class names; every class when `n` is absent.
  core::ClassSet class_set(const toml::node* n, const core::MovementRules& rules, std::string_view what) const {
    if (!n) return core::kEveryClass;
    core::ClassSet set = 0;
    for (const Word& w : r_.words(*n, what, false)) {
      try {
        set |= core::class_bit(rules.class_id(w.text));
      } catch (const std::invalid_argument& e) {
        r_.fail(w.where, e.what());
      }
    }
    return set;
  }

  // stacking = { enter = 1, leave = 1, with = ["infantry"], unless = ["artillery"], unless_kinds = ["fortification"] }
  void read_stacking(const toml::node& n, const CompanionMovement& m, core::ClassCosts& k) const {
    const std::string label = "movement class " + in_quotes(k.name) + " stacking";
    const toml::table* t = n.as_table();
    if (!t) r_.fail(at(n), label + " must be a table: { enter = 1, leave = 1, with = [\"infantry\"] }");
    r_.only_keys(*t, {"enter", "leave", "with", "unless", "unless_kinds"}, label);
    if (const toml::node* e = t->get("enter")) k.stack_enter = cost(*e, label + " 'enter'", false);
    if (const toml::node* l = t->get("leave")) k.stack_leave = cost(*l, label + " 'leave'", false);
    k.stacks_with = class_set(t->get("with"), m.rules, label + " 'with'");
    if (const toml::node* u = t->get("unless")) k.stacks_free_with = class_set(u, m.rules, label + " 'unless'");
    if (const toml::node* u = t->get("unless_kinds")) k.stacks_free_with_kinds = kind_set(*u, m.kinds, label + " 'unless_kinds'");
  }

  // [[movement.stack_limit]] most = 16, measure = "strength", classes = ["infantry", "cavalry"]
  void read_stack_limits(const toml::node& n, core::MovementRules& rules) const {
    const toml::array* limits = n.as_array();
    if (!limits || limits->empty()) r_.fail(at(n), "'stack_limit' must be one or more [[movement.stack_limit]] tables");
    for (const toml::node& l : *limits) {
      const toml::table* t = l.as_table();
      if (!t) r_.fail(at(l), "each 'stack_limit' must be a [[movement.stack_limit]] table");
      r_.only_keys(*t, {"most", "measure", "classes"}, "[[movement.stack_limit]]");
      core::StackLimit limit;
      const toml::node* most = t->get("most");
      if (!most) r_.fail(at(*t), "[[movement.stack_limit]] has no 'most'");
      const auto value = most->value<int64_t>();
      if (!most->is_integer() || *value < 0) r_.fail(at(*most), "'most' must be a whole number from 0");
      limit.most = *value;
      limit.measure = attribute(*t, "measure", "[[movement.stack_limit]]").value_or("");
      limit.classes = class_set(t->get("classes"), rules, "'classes'");
      rules.stack_limits.push_back(std::move(limit));
    }
  }

  void read_zones(const toml::table& z, CompanionMovement& m) const {
    r_.only_keys(z, {"enter_cost", "leave_cost", "stop_on_enter", "zone_to_zone", "own_hex", "no_entry_after_line",
                     "blocked_by", "unblocked_by", "blocked_terrain", "leave_effect", "exerted_by", "facing_attribute",
                     "not_into", "none_stacked_with"},
                 "[movement.zones]");
    core::HexZoneRules rules;
    if (const toml::node* e = z.get("enter_cost")) {
      rules.enter_cost.clear();
      if (const auto* rings = e->as_array()) {
        if (rings->empty()) r_.fail(at(*e), "'enter_cost' lists no ring");
        for (const toml::node& ring : *rings) rules.enter_cost.push_back(cost(ring, "'enter_cost'", false));
      } else {
        rules.enter_cost.push_back(cost(*e, "'enter_cost'", false));
      }
    }
    if (const toml::node* l = z.get("leave_cost")) rules.leave_cost = cost(*l, "'leave_cost'", false);
    rules.stop_on_enter = flag(z, "stop_on_enter", "[movement.zones]");
    rules.zone_to_zone = z.get("zone_to_zone") ? flag(z, "zone_to_zone", "[movement.zones]") : true;
    rules.own_hex = flag(z, "own_hex", "[movement.zones]");
    rules.no_entry_after_line = flag(z, "no_entry_after_line", "[movement.zones]");
    if (const toml::node* b = z.get("blocked_by")) rules.blocked_by = features(*b, "'blocked_by'");
    if (const toml::node* u = z.get("unblocked_by")) rules.unblocked_by = features(*u, "'unblocked_by'");
    if (const toml::node* t = z.get("blocked_terrain")) {
      for (const Word& w : r_.words(*t, "'blocked_terrain'", false)) {
        rules.blocked_terrain.push_back(word(w.text, v_.terrain, "terrain type", w.where));
      }
    }
    rules.leave_effect = r_.optional_string(z, "leave_effect", "[movement.zones]").value_or("");
    if (const toml::node* n = z.get("not_into")) rules.not_into = kind_set(*n, m.kinds, "'not_into'");
    if (const toml::node* n = z.get("none_stacked_with")) rules.none_stacked_with = kind_set(*n, m.kinds, "'none_stacked_with'");
    if (const toml::node* x = z.get("exerted_by")) {
      const core::ClassSet exerting = class_set(x, m.rules, "'exerted_by'");
      for (int c = 0; c < static_cast<int>(m.rules.classes.size()); ++c) {
        if (exerting & core::class_bit(c)) m.zone_classes.push_back(c);
      }
    }
    m.facing_attribute = attribute(z, "facing_attribute", "[movement.zones]").value_or("");
    m.zones = std::move(rules);
  }

  const TomlReader& r_;
  const core::TerrainVocabulary& v_;
  const std::vector<std::string>& attributes_;
};

}  // namespace

CompanionMovement read_movement(const TomlReader& reader, const toml::table& movement,
                                const core::TerrainVocabulary& vocabulary,
                                const std::vector<std::string>& unit_attributes) {
  return MovementReader(reader, vocabulary, unit_attributes).read(movement);
}

}  // namespace adjutant::vmod
