// Movement for scripts: companion.movement(map) gives the generic rules' search over one map
// (costs and zones from the companion file's [movement]); reach, path and explain take hexes by
// name and MP as whole numbers, fractions or text ("1 1/2") and give MP back as fractions.Fraction.
// A zone of control may also be written in Python (adjutant.ZoneOfControl), the slow path.
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <set>
#include <variant>

#include "bindings.h"
#include "movement_view.h"
#include "core/geometry/geometry_error.h"
#include "core/movement/movement_search.h"
#include "core/movement/stacking.h"
#include "core/movement/zone_of_control.h"
#include "vmod/companion.h"

namespace adjutant::bindings {
namespace {

// A zone of control written in Python: step() and controlled() call the object's methods with hex
// names. The texts it returns are kept for as long as the zone lives (ZocStep holds views).
class PythonZones : public core::ZoneOfControl {
 public:
  PythonZones(const core::TerrainModel& map, py::object zones) : map_(&map), zones_(std::move(zones)) {}
  core::ZocStep step(core::Hex from, core::Hex to, const core::StepContext& context) const override {
    py::gil_scoped_acquire gil;
    const py::object r = zones_.attr("step")(name(from), name(to), context.first, context.used_line);
    core::ZocStep s;
    if (r.is_none()) return s;
    s.cost = mp(r.attr("cost"));
    s.stop = r.attr("stop").cast<bool>();
    s.prohibited = r.attr("prohibited").cast<bool>();
    s.reason = keep(r.attr("reason").cast<std::string>());
    s.effect = keep(r.attr("effect").cast<std::string>());
    return s;
  }
  bool controlled(core::Hex h) const override {
    py::gil_scoped_acquire gil;
    return zones_.attr("controlled")(name(h)).cast<bool>();
  }
  bool reads_line_use() const override { return true; }

 private:
  std::string name(core::Hex h) const { return map_->topology().unambiguous_name(h); }
  std::string_view keep(std::string text) const { return *texts_.insert(std::move(text)).first; }
  const core::TerrainModel* map_;
  py::object zones_;
  mutable std::set<std::string> texts_;
};

struct SearchInput {
  core::Mover mover;
  core::Situation situation;
  std::optional<Zones> own_zones;  // made from the units
};

using FriendlyUnits = std::vector<std::pair<std::string, std::string>>;  // (hex, class)
using Units = std::optional<std::vector<PositionUnit>>;

SearchInput input(const Movement& m, const std::vector<std::string>& classes, const py::object& allowance,
                  const std::vector<std::string>& enemy_hexes, const std::optional<Zones>& zones, const std::string& barred,
                  const FriendlyUnits& friendly, const Units& units) {
  SearchInput in{m.mover(classes, allowance, barred), {}, std::nullopt};
  for (const std::string& h : enemy_hexes) in.situation.enemy_hexes.push_back(m.hex(h));
  for (const auto& [h, c] : friendly) in.situation.friendly.push_back({m.hex(h), m.rules().rules.class_id(c)});
  if (units) {
    if (!enemy_hexes.empty() || !friendly.empty()) {
      throw std::invalid_argument("give the position as units, or as enemy_hexes and friendly, not both");
    }
    ResolvedPosition position = resolve(m, *units);
    in.situation.enemy_hexes = std::move(position.enemy_hexes);
    in.situation.friendly = std::move(position.friendly);
    if (!zones) in.own_zones = position_zones(m, position);
  }
  const std::optional<Zones>& used = zones ? zones : in.own_zones;
  if (used) {
    if (used->map != m.map) throw std::invalid_argument("these zones were made for another map");
    in.situation.zones = used->zones.get();
  }
  return in;
}

const char* problem_name(core::StepProblem p) {
  switch (p) {
    case core::StepProblem::kNone: return "";
    case core::StepProblem::kNotAdjacent: return "not adjacent";
    case core::StepProblem::kOffMap: return "off map";
    case core::StepProblem::kProhibitedTerrain: return "prohibited terrain";
    case core::StepProblem::kProhibitedHexside: return "prohibited hexside";
    case core::StepProblem::kEnemyHex: return "enemy hex";
    case core::StepProblem::kZone: return "zone of control";
    case core::StepProblem::kBarredFromZone: return "barred from zones";
    case core::StepProblem::kLinesDoNotConnect: return "roads do not connect";
    case core::StepProblem::kAfterStop: return "after stop";
  }
  return "";
}

py::dict step_dict(const Movement& m, const core::StepCost& s) {
  py::dict d;
  d["from_hex"] = m.name(s.from);
  d["to_hex"] = m.name(s.to);
  d["terrain"] = fraction(s.terrain);
  d["hexside"] = fraction(s.hexside);
  d["line"] = fraction(s.line);
  d["line_type"] = s.line_type >= 0 ? py::object(py::str(m.map->vocabulary().lines.name(s.line_type))) : py::none();
  d["zone"] = fraction(s.zone);
  d["enemy"] = fraction(s.enemy);
  d["stacking"] = fraction(s.stacking);
  d["total"] = fraction(s.total);
  d["stop"] = s.stop;
  d["effect"] = s.effect;
  d["problem"] = problem_name(s.problem);
  d["reason"] = s.reason;
  return d;
}

// The names of a set of classes; None for every class.
py::object class_list(const Movement& m, core::ClassSet set) {
  if (set == core::kEveryClass) return py::none();
  py::list names;
  for (size_t i = 0; i < m.rules().rules.classes.size(); ++i) {
    if (set & core::class_bit(static_cast<int>(i))) names.append(m.rules().rules.classes[i].name);
  }
  return names;
}

py::object path_object(const Movement& m, const core::PathCost& p) {
  py::list steps;
  for (const core::StepCost& s : p.steps) steps.append(step_dict(m, s));
  py::dict d;
  d["hexes"] = [&] {
    py::list hexes;
    if (!p.steps.empty()) hexes.append(m.name(p.steps.front().from));
    for (const core::StepCost& s : p.steps) hexes.append(m.name(s.to));
    return hexes;
  }();
  d["steps"] = steps;
  d["total"] = fraction(p.total);
  d["legal"] = p.legal;
  d["reason"] = p.reason;
  return py::module_::import("types").attr("SimpleNamespace")(**d);
}

py::object property_value(const core::PropertyValue& value) {
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, value);
}

py::list hex_names(const Movement& m, const std::vector<core::Hex>& hexes) {
  py::list out;
  for (const core::Hex h : hexes) out.append(m.name(h));
  return out;
}

py::object place_object(const Movement& m, const core::Place& place) {
  py::dict properties;
  for (const auto& [name, value] : place.properties) properties[py::str(name)] = property_value(value);
  return py::module_::import("types").attr("SimpleNamespace")(
      py::arg("name") = place.name, py::arg("kind") = m.map->vocabulary().places.name(place.kind),
      py::arg("hexes") = hex_names(m, place.hexes), py::arg("properties") = properties);
}

// A zone's entry cost per ring given from Python: MP, never negative or "prohibited".
std::vector<core::Cost> ring_costs(const std::vector<py::object>& rings) {
  std::vector<core::Cost> out;
  for (const py::object& ring : rings) {
    const core::Cost c = mp(ring);
    if (c < 0) throw std::invalid_argument("enter_cost must be MP of 0 or more, not " + py::str(ring).cast<std::string>());
    out.push_back(c);
  }
  return out;
}

}  // namespace

void bind_movement(py::module_& m) {
  auto companion = py::reinterpret_borrow<py::class_<vmod::Companion, CompanionPtr>>(py::type::of<vmod::Companion>());
  companion.def_property_readonly(
      "has_movement", [](const CompanionPtr& c) { return c->movement.has_value(); },
      "Whether the file has a [movement] section (what move checks and movement searches need).");
  companion.def(
      "movement",
      [](const CompanionPtr& c, const std::string& map, const std::string& board,
         const std::optional<vmod::MapStateWhere>& state) {
        if (!c->movement) throw std::invalid_argument(c->file + " has no [movement] section");
        const core::TerrainModel* model = &map_model(*c, map, board);
        std::shared_ptr<const core::TerrainModel> changed;
        if (state) {
          changed = std::make_shared<const core::TerrainModel>(vmod::with_map_state(*model, c->states, *state));
          model = changed.get();
        }
        return Movement{c, model, std::make_shared<core::MovementSearch>(*model, c->movement->rules), changed, nullptr};
      },
      py::arg("map"), py::arg("board") = "", py::arg("state") = py::none(),
      "The movement rules of the file's [movement] on one of its maps (adjutant.Movement): without a board, the "
      "whole map, across every board the file describes where their hex grids continue. `state`: {state name: hex "
      "names or hexsides 'A/B'} (adjutant.rules.map_state.MapState.where()): the map as the file's [state.NAME]s "
      "change it, its removed hexside features and cut lines gone for every search and trace.");

  py::class_<Zones>(m, "Zones", "Enemy zones of control on one map, for Movement.reach, path and explain.")
      .def("controlled", [](const Zones& z, const std::string& hex) {
             const auto h = z.map->topology().hex_named(hex);
             return h && z.zones->controlled(*h);
           }, py::arg("hex"), "Whether an enemy zone covers the hex.")
      .def("controlled_hexes", [](const Zones& z) {
             std::vector<std::string> out;
             for (const core::Hex h : z.map->hexes()) {
               if (z.zones->controlled(h)) out.push_back(z.map->topology().unambiguous_name(h));
             }
             return out;
           }, "Every hex of the map an enemy zone covers, column by column.")
      .def("entry_cost", [](const Zones& z, const std::string& hex) {
             const auto* hex_zones = dynamic_cast<const core::HexZones*>(z.zones.get());
             const auto h = z.map->topology().hex_named(hex);
             if (!hex_zones || !h) return fraction(0);
             return fraction(hex_zones->entry_cost(*h));
           }, py::arg("hex"), "The MP a zone adds to enter the hex (0 outside every zone).");

  py::class_<PositionUnit>(m, "PositionUnit",
                           "A unit standing in the position a move or trace is made in, for Movement.reach, path, "
                           "explain, zones and trace (units=).")
      .def(py::init([](std::string hex, bool friendly, std::optional<std::string> unit_class, std::optional<std::string> kind,
                       std::optional<int> facing, bool zone, bool blocks) {
             return PositionUnit{std::move(hex), friendly, std::move(unit_class), std::move(kind), facing, zone, blocks};
           }),
           py::arg("hex"), py::arg("friendly"), py::kw_only(), py::arg("unit_class") = py::none(),
           py::arg("kind") = py::none(), py::arg("facing") = py::none(), py::arg("zone") = true, py::arg("blocks") = true,
           "hex: where it stands; friendly: of the mover's side (else an enemy); unit_class: its [movement] class "
           "(None: none, a fortification); kind: one of [movement] 'kinds' (None: none); facing: 0..5 for a frontal "
           "zone; zone: False when its state gives it none (an enemy exerts one when its class is in exerted_by); "
           "blocks: False when it does not count as an enemy unit in its hex.")
      .def_readonly("hex", &PositionUnit::hex)
      .def_readonly("friendly", &PositionUnit::friendly)
      .def_readonly("unit_class", &PositionUnit::unit_class)
      .def_readonly("kind", &PositionUnit::kind)
      .def_readonly("facing", &PositionUnit::facing)
      .def_readonly("zone", &PositionUnit::zone)
      .def_readonly("blocks", &PositionUnit::blocks)
      .def("__repr__", [](const PositionUnit& u) {
        return "<PositionUnit " + u.hex + (u.friendly ? " friendly " : " enemy ") + u.unit_class.value_or("-") + " " +
               u.kind.value_or("-") + ">";
      });

  py::class_<core::StackedUnit>(m, "StackedUnit", "A unit in a stack, as stacking limits judge it.")
      .def(py::init([](std::string name, const std::optional<std::string>& unit_class, const py::dict& attributes) {
             core::StackedUnit unit{std::move(name), unit_class.value_or(""), {}};
             for (const auto& [key, value] : attributes)
               unit.attributes[py::str(key).cast<std::string>()] = py::str(value).cast<std::string>();
             return unit;
           }),
           py::arg("name"), py::arg("unit_class"), py::arg("attributes"),
           "name for messages; unit_class its movement class (None or a class the rules do not know: counted only "
           "by limits on every class); attributes its unit attributes from the companion file's [units].")
      .def_readonly("name", &core::StackedUnit::name)
      .def_readonly("unit_class", &core::StackedUnit::unit_class)
      .def_readonly("attributes", &core::StackedUnit::attributes)
      .def("__repr__", [](const core::StackedUnit& u) { return "<StackedUnit " + u.name + " " + u.unit_class + ">"; });
  py::register_exception<core::StackingError>(m, "StackingError", PyExc_ValueError);

  py::class_<Movement>(m, "Movement",
                       "The movement rules of a companion file's [movement] on one of its maps: reachable hexes, "
                       "cheapest paths and the cost of a given path. Classes are [movement.class.NAME] names; MP are "
                       "numbers, fractions or text ('1 1/2'); hexes are the map's names.")
      .def_property_readonly("map", [](const Movement& mv) { return mv.map->map(); })
      .def_property_readonly("boards", &Movement::boards,
                             "The boards it covers, in the map's layout order; [''] for the map's only hex board.")
      .def(
          "map_hex",
          [](const Movement& mv, const std::string& board, const std::string& hex) {
            const auto& t = mv.map->topology();
            const auto h = t.is_stitched() ? t.hex_named(board + ":" + hex) : t.hex_named(hex);
            const bool other_board = !t.is_stitched() && !mv.map->board().empty() && board != mv.map->board();
            if (!h || !mv.map->on_map(*h) || other_board) {
              throw core::LocationError("no hex '" + hex + "' on board '" + board + "' of map '" + mv.map->map() + "'",
                                        hex, mv.map->map());
            }
            return mv.name(*h);
          },
          py::arg("board"), py::arg("hex"),
          "A board's hex by the name this Movement gives it: the board's own, or 'BOARD:NAME' where two boards "
          "share it.")
      .def_property_readonly("class_attribute", [](const Movement& mv) { return mv.rules().class_attribute; },
                             "The unit attribute naming a unit's class.")
      .def_property_readonly("allowance_attribute", [](const Movement& mv) { return mv.rules().allowance_attribute; },
                             "The unit attribute with its movement allowance ('' when the file names none).")
      .def_property_readonly("side_attribute", [](const Movement& mv) { return mv.rules().side_attribute; })
      .def_property_readonly("kind_attribute", [](const Movement& mv) { return mv.rules().kind_attribute; },
                             "The unit attribute naming a unit's kind ('' when the file declares no kinds).")
      .def_property_readonly("kinds", [](const Movement& mv) { return mv.rules().kinds; },
                             "The unit kinds [movement] declares, which zone and stacking rules name.")
      .def_property_readonly("has_zones", [](const Movement& mv) { return mv.rules().zones.has_value(); })
      .def_property_readonly("zone_classes", [](const Movement& mv) {
        std::vector<std::string> out;
        for (const int c : mv.rules().zone_classes) out.push_back(mv.rules().rules.classes[static_cast<size_t>(c)].name);
        return out;
      }, "The classes that exert zones; empty: every class.")
      .def_property_readonly("facing_attribute", [](const Movement& mv) { return mv.rules().facing_attribute; })
      .def_property_readonly("stack_limits", [](const Movement& mv) {
        py::list out;
        for (const core::StackLimit& l : mv.rules().rules.stack_limits) {
          py::dict d;
          d["most"] = l.most;
          d["measure"] = l.measure;
          d["classes"] = class_list(mv, l.classes);
          d["describe"] = mv.rules().rules.class_names(l.classes);
          out.append(d);
        }
        return out;
      }, "The [[movement.stack_limit]]s: {'most', 'measure' (a unit attribute summed; '' counts units), "
         "'classes' (the class names counted, None for every class), 'describe'}.")
      .def(
          "over_stack_limits",
          [](const Movement& mv, const std::vector<core::StackedUnit>& units) {
            return core::over_stack_limits(mv.rules().rules, units);
          },
          py::arg("units"),
          "Why these StackedUnits, one side's in one hex, break the [[movement.stack_limit]]s: one sentence per "
          "limit exceeded ('18 strength of infantry, cavalry, over the limit of 16', '3 units, over the limit of 2'); "
          "empty when legal. StackingError naming the unit whose measured attribute is not a number.")
      .def_property_readonly("classes", [](const Movement& mv) {
        std::vector<std::string> out;
        for (const core::ClassCosts& c : mv.rules().rules.classes) out.push_back(c.name);
        return out;
      })
      .def("distance", [](const Movement& mv, const std::string& a, const std::string& b) {
             return mv.map->topology().distance(mv.hex(a), mv.hex(b));
           }, py::arg("from_hex"), py::arg("to_hex"), "Hexes between two hexes, as the crow flies.")
      .def(
          "terrain_cost",
          [](const Movement& mv, const std::string& hex, const std::string& unit_class) -> py::object {
            const core::ClassCosts& k = mv.rules().rules.classes[static_cast<size_t>(mv.rules().rules.class_id(unit_class))];
            const core::Cost cost = k.terrain[static_cast<size_t>(mv.map->terrain(mv.hex(hex)))];
            return cost == core::kProhibited ? py::none() : fraction(cost);
          },
          py::arg("hex"), py::arg("unit_class"),
          "What the class pays to enter the hex's terrain, or None where it is prohibited (and so may not stand).")
      .def("terrain", [](const Movement& mv, const std::string& hex) { return mv.map->terrain_name(mv.hex(hex)); },
           py::arg("hex"), "The hex's terrain type.")
      .def("areas_at", [](const Movement& mv, const std::string& hex) {
             std::vector<std::string> out;
             for (const int a : mv.map->areas_at(mv.hex(hex))) out.push_back(mv.map->areas()[static_cast<size_t>(a)].name);
             return out;
           }, py::arg("hex"), "The names of the [[map.area]]s the hex is in, in file order.")
      .def("areas", [](const Movement& mv) {
             py::list out;
             for (const core::Area& a : mv.map->areas()) {
               py::dict properties;
               for (const auto& [name, value] : a.properties) properties[py::str(name)] = property_value(value);
               out.append(py::module_::import("types").attr("SimpleNamespace")(
                   py::arg("name") = a.name, py::arg("hexes") = hex_names(mv, a.hexes), py::arg("properties") = properties));
             }
             return out;
           }, "The map's [[map.area]]s in file order: .name, .hexes, .properties (friendly_to = \"Union\" ...).")
      .def(
          "places",
          [](const Movement& mv, const std::optional<std::string>& kind) {
            const std::optional<int> wanted =
                kind ? std::optional<int>(mv.map->vocabulary().places.require(*kind, "place kind")) : std::nullopt;
            py::list out;
            for (const core::Place& p : mv.map->places()) {
              if (!wanted || p.kind == *wanted) out.append(place_object(mv, p));
            }
            return out;
          },
          py::arg("kind") = py::none(),
          "The map's [[map.place]]s, of one kind or all, in file order: each with .name, .kind, .hexes and "
          ".properties (vp = 1, side = 'Union' ... as bool, int, float or str). ValueError for an unknown kind.")
      .def("lines_at", [](const Movement& mv, const std::string& hex) {
             const core::LineSet in = mv.map->lines_in(mv.hex(hex));
             std::set<std::string> out;
             for (int t = 0; t < mv.map->vocabulary().lines.size(); ++t) {
               if (in & core::line_bit(t)) out.insert(mv.map->vocabulary().lines.name(t));
             }
             return std::vector<std::string>(out.begin(), out.end());
           }, py::arg("hex"), "The line types (road, rail ...) of the lines that run through the hex, sorted (those a "
                              "state cut there left out).")
      .def(
          "zones",
          [](const Movement& mv, const std::vector<std::pair<std::string, std::optional<int>>>& sources,
             const std::vector<std::string>& negated, const std::vector<std::string>& barriers,
             const std::optional<std::vector<py::object>>& enter_cost, const Units& units) {
            if (!mv.rules().zones) throw std::invalid_argument("the companion file's [movement] has no [movement.zones]");
            std::vector<core::Hex> n, b;
            for (const std::string& h : negated) n.push_back(mv.hex(h));
            for (const std::string& h : barriers) b.push_back(mv.hex(h));
            core::HexZoneRules rules = *mv.rules().zones;
            if (enter_cost) rules.enter_cost = ring_costs(*enter_cost);
            if (units) {
              if (!sources.empty() || !negated.empty()) {
                throw std::invalid_argument("give the zones' sources as units, or as sources and negated, not both");
              }
              const ResolvedPosition position = resolve(mv, *units);
              return Zones{std::make_shared<core::HexZones>(
                               core::HexZones::from_units(*mv.map, position.zone_units, std::move(rules), b)),
                           py::none(), mv.map, mv.companion, mv.state_map};
            }
            std::vector<core::ZocSource> s;
            for (const auto& [hex, facing] : sources) s.push_back({mv.hex(hex), facing});
            return Zones{std::make_shared<core::HexZones>(*mv.map, s, std::move(rules), n, b), py::none(), mv.map,
                         mv.companion, mv.state_map};
          },
          py::arg("sources") = std::vector<std::pair<std::string, std::optional<int>>>{},
          py::arg("negated") = std::vector<std::string>{}, py::arg("barriers") = std::vector<std::string>{},
          py::arg("enter_cost") = py::none(), py::kw_only(), py::arg("units") = py::none(),
          "Zones by [movement.zones]. From `units` (adjutant.PositionUnit): the enemy units that exert one, with the "
          "file's not_into and none_stacked_with applied. Or from these (hex, facing) sources (facing None for "
          "six-hex zones, else 0..5) with `negated` hexes no zone enters. `barriers`: hexes a zone covers but does "
          "not pass. `enter_cost`: MP per ring, nearest first, in place of the file's (one side's cavalry [1], the "
          "other's [2, 1]).")
      .def(
          "python_zones",
          [](const Movement& mv, py::object zones) {
            return Zones{std::make_shared<PythonZones>(*mv.map, zones), zones, mv.map, mv.companion, mv.state_map};
          },
          py::arg("zones"),
          "Zones written in Python: an object with step(from_hex, to_hex, first, used_line) returning None or an "
          "adjutant.ZoneStep, and controlled(hex). Slower than zones().")
      .def(
          "reach",
          [](const Movement& mv, const std::string& start, const std::vector<std::string>& classes,
             const py::object& allowance, const std::vector<std::string>& enemy_hexes, const std::optional<Zones>& zones,
             const std::string& barred, const FriendlyUnits& friendly, const Units& units) {
            const SearchInput in = input(mv, classes, allowance, enemy_hexes, zones, barred, friendly, units);
            const core::Hex from = mv.hex(start);
            std::vector<core::Reach> found;
            {
              py::gil_scoped_release release;
              found = mv.search->reachable(from, in.mover, in.situation);
            }
            py::dict out;
            for (const core::Reach& r : found) out[py::str(mv.name(r.hex))] = py::make_tuple(fraction(r.left), r.must_stop);
            return out;
          },
          py::arg("start"), py::arg("classes"), py::arg("allowance"), py::arg("enemy_hexes") = std::vector<std::string>{},
          py::arg("zones") = py::none(), py::arg("barred_from_zones") = "", py::arg("friendly") = FriendlyUnits{}, py::kw_only(), py::arg("units") = py::none(),
          "Every hex the mover can end in: {hex: (MP left, must stop there)}. A stack lists several classes: each "
          "step costs what its dearest member pays. The position is either `units` (adjutant.PositionUnit: the "
          "enemy hexes, the mover's side's units for stacking, and unless `zones` is given the file's zones of the "
          "enemy units) or `enemy_hexes`, `zones` and `friendly` ((hex, class) of the mover's side's other units, "
          "for stacking penalties).")
      .def(
          "path",
          [](const Movement& mv, const std::string& from, const std::string& to, const std::vector<std::string>& classes,
             const py::object& allowance, const std::vector<std::string>& enemy_hexes, const std::optional<Zones>& zones,
             const std::string& barred, const FriendlyUnits& friendly, const Units& units) -> py::object {
            const SearchInput in = input(mv, classes, allowance, enemy_hexes, zones, barred, friendly, units);
            const core::Hex a = mv.hex(from), b = mv.hex(to);
            const auto p = [&] {
              py::gil_scoped_release release;
              return mv.search->cheapest_path(a, b, in.mover, in.situation);
            }();
            if (!p) return py::none();
            return path_object(mv, *p);
          },
          py::arg("from_hex"), py::arg("to_hex"), py::arg("classes"), py::arg("allowance") = py::none(),
          py::arg("enemy_hexes") = std::vector<std::string>{}, py::arg("zones") = py::none(),
          py::arg("barred_from_zones") = "", py::arg("friendly") = FriendlyUnits{}, py::kw_only(), py::arg("units") = py::none(),
          "The cheapest legal path whatever the allowance, or None: .hexes, .steps (each a dict with the cost "
          "breakdown), .total, .legal (within the allowance), .reason.")
      .def(
          "explain",
          [](const Movement& mv, const std::vector<std::string>& hexes, const std::vector<std::string>& classes,
             const py::object& allowance, const std::vector<std::string>& enemy_hexes, const std::optional<Zones>& zones,
             const std::string& barred, const FriendlyUnits& friendly, const Units& units) {
            const SearchInput in = input(mv, classes, allowance, enemy_hexes, zones, barred, friendly, units);
            std::vector<core::Hex> path;
            for (const std::string& h : hexes) path.push_back(mv.hex(h));
            const auto explained = [&] {
              py::gil_scoped_release release;
              return mv.search->explain(path, in.mover, in.situation);
            }();
            return path_object(mv, explained);
          },
          py::arg("hexes"), py::arg("classes"), py::arg("allowance") = py::none(),
          py::arg("enemy_hexes") = std::vector<std::string>{}, py::arg("zones") = py::none(),
          py::arg("barred_from_zones") = "", py::arg("friendly") = FriendlyUnits{}, py::kw_only(), py::arg("units") = py::none(),
          "The cost of moving along these hexes, step by step, and the first reason it is illegal.");
}

}  // namespace adjutant::bindings
