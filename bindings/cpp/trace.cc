// Traces for scripts (docs/tracing.md): Movement.trace, the general constrained search (an off-line
// part bounded in hexes or MP, then any distance along lines), and one method per rule that presets
// it: LIN lines of communication, combat supply and attrition exemption, LMN supply, CWR command
// radius and artillery ammunition, LFM command. Hexes by name, lines and hexside features by the
// companion file's words; a trace comes back as .found, .hexes, .steps, .used and .reason.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "core/trace.h"
#include "movement_view.h"

namespace adjutant::bindings {
namespace {

using Names = std::vector<std::string>;
using Hexsides = std::vector<std::pair<std::string, std::string>>;

std::vector<core::Hex> hexes(const Movement& m, const Names& names) {
  std::vector<core::Hex> out;
  for (const std::string& n : names) out.push_back(m.hex(n));
  return out;
}

core::LineSet lines(const Movement& m, const Names& names) {
  core::LineSet set = 0;
  for (const std::string& n : names) set |= core::line_bit(m.map->vocabulary().lines.require(n, "line type"));
  return set;
}

core::FeatureSet features(const Movement& m, const Names& names) {
  core::FeatureSet set = 0;
  for (const std::string& n : names) set |= core::feature_bit(m.map->vocabulary().hexside.require(n, "hexside feature"));
  return set;
}

std::vector<std::pair<core::Hex, core::Hex>> hexsides(const Movement& m, const Hexsides& sides) {
  std::vector<std::pair<core::Hex, core::Hex>> out;
  for (const auto& [a, b] : sides) out.emplace_back(m.hex(a), m.hex(b));
  return out;
}

std::vector<core::LineCut> cut_lines(const Movement& m, const Names& names) {
  std::vector<core::LineCut> out;
  for (const core::Hex h : hexes(m, names)) out.push_back({h});
  return out;
}

// Where the other units stand, as the rule presets take it.
core::TracePosition position(const Movement& m, const Names& enemy, const std::optional<Zones>& zones, const Names& friendly) {
  core::TracePosition p;
  p.enemy = hexes(m, enemy);
  p.friendly = hexes(m, friendly);
  if (zones) {
    if (zones->map != m.map) throw std::invalid_argument("these zones were made for another map");
    p.zones = zones->zones.get();
  }
  return p;
}

py::object used(core::Cost value, core::Measure measure) {
  return measure == core::Measure::kMP ? fraction(value) : py::int_(value);
}

py::object trace_object(const Movement& m, const core::Trace& t, core::Measure measure) {
  py::list names, steps;
  for (const core::TraceHex& h : t.path) {
    names.append(m.name(h.hex));
    py::dict step;
    step["hex"] = m.name(h.hex);
    step["used"] = used(h.used, measure);
    step["on_line"] = h.on_line;
    step["line"] = h.line >= 0 ? py::object(py::str(m.map->vocabulary().lines.name(h.line))) : py::none();
    steps.append(step);
  }
  py::dict d;
  d["found"] = t.found;
  d["hexes"] = names;
  d["steps"] = steps;
  d["used"] = used(t.used, measure);
  d["reason"] = t.reason;
  return py::module_::import("types").attr("SimpleNamespace")(**d);
}

py::object run(const Movement& m, const std::string& start, const core::TraceRequest& r) {
  const core::Hex from = m.hex(start);
  core::Trace t;
  {
    py::gil_scoped_release release;
    t = m.tracer().trace(from, r);
  }
  return trace_object(m, t, r.measure);
}

core::ZoneRule zone_rule(const std::string& name) {
  if (name == "ignore") return core::ZoneRule::kIgnore;
  if (name == "pay cost") return core::ZoneRule::kPayCost;
  if (name == "no entry") return core::ZoneRule::kNoEntry;
  if (name == "no passage") return core::ZoneRule::kNoPassage;
  throw std::invalid_argument("zone_rule must be 'ignore', 'pay cost', 'no entry' or 'no passage', not '" + name + "'");
}

int class_id(const Movement& m, const std::string& name) { return m.rules().rules.class_id(name); }

}  // namespace

void bind_trace(py::module_&) {  // adds methods to Movement only
  auto movement = py::reinterpret_borrow<py::class_<Movement>>(py::type::of<Movement>());
  movement.def(
      "trace",
      [](const Movement& mv, const std::string& start, const Names& targets, const std::string& measure,
         const py::object& most, const std::optional<std::string>& unit_class, const Names& along,
         bool line_hexes_free, bool count_start, const Names& direct_targets, const Hexsides& cut_hexsides,
         const Names& cut, const Names& blocked, const Names& stops, const Names& blocked_sides,
         const Names& unblocked_by, const std::optional<Zones>& zones, const std::string& rule, const Names& zone_exempt) {
        core::TraceRequest r;
        r.targets = hexes(mv, targets);
        r.direct_targets = hexes(mv, direct_targets);
        if (measure != "hexes" && measure != "MP") throw std::invalid_argument("measure must be 'hexes' or 'MP'");
        r.measure = measure == "MP" ? core::Measure::kMP : core::Measure::kHexes;
        r.most = r.measure == core::Measure::kMP ? mp(most) : most.cast<core::Cost>();
        if (r.measure == core::Measure::kMP && !unit_class) throw std::invalid_argument("measure 'MP' needs a unit_class");
        if (unit_class) r.unit_class = class_id(mv, *unit_class);
        r.lines = lines(mv, along);
        r.line_hexes_free = line_hexes_free;
        r.count_start = count_start;
        r.cut_hexsides = hexsides(mv, cut_hexsides);
        r.cut_lines = cut_lines(mv, cut);
        r.blocked = hexes(mv, blocked);
        r.stops = hexes(mv, stops);
        r.blocked_sides = features(mv, blocked_sides);
        r.unblocked_by = features(mv, unblocked_by);
        const core::TracePosition p = position(mv, {}, zones, {});
        r.zones = p.zones;
        r.zone_rule = zone_rule(rule);
        r.zone_exempt = hexes(mv, zone_exempt);
        return run(mv, start, r);
      },
      py::arg("start"), py::arg("targets"), py::kw_only(), py::arg("measure") = "hexes", py::arg("most") = 0,
      py::arg("unit_class") = py::none(), py::arg("lines") = Names{}, py::arg("line_hexes_free") = false,
      py::arg("count_start") = false, py::arg("direct_targets") = Names{}, py::arg("cut_hexsides") = Hexsides{},
      py::arg("cut_lines") = Names{}, py::arg("blocked") = Names{}, py::arg("stops") = Names{},
      py::arg("blocked_sides") = Names{}, py::arg("unblocked_by") = Names{}, py::arg("zones") = py::none(),
      py::arg("zone_rule") = "ignore", py::arg("zone_exempt") = Names{},
      "The general trace (docs/tracing.md): at most `most` hexes (or MP of `unit_class`) off the lines, then any "
      "distance along `lines`, to the nearest of `targets`; .found, .hexes, .steps, .used, .reason.");

  movement.def(
      "lin_line_of_communication",
      [](const Movement& mv, const std::string& start, const Names& targets, const Names& along, const Names& major_river,
         const Names& bridge, const Names& enemy, const Hexsides& destroyed_bridges, const Names& destroyed_rail,
         int off_road, bool count_start) {
        core::LinLoc terms;
        terms.lines = lines(mv, along);
        terms.major_river = features(mv, major_river);
        terms.bridge = features(mv, bridge);
        terms.destroyed_bridges = hexsides(mv, destroyed_bridges);
        terms.destroyed_rail = cut_lines(mv, destroyed_rail);
        terms.off_road = off_road;
        terms.count_start = count_start;
        return run(mv, start, core::lin_line_of_communication(terms, position(mv, enemy, {}, {}), hexes(mv, targets)));
      },
      py::arg("start"), py::arg("targets"), py::kw_only(), py::arg("lines"), py::arg("major_river") = Names{},
      py::arg("bridge") = Names{}, py::arg("enemy") = Names{}, py::arg("destroyed_bridges") = Hexsides{},
      py::arg("destroyed_rail") = Names{}, py::arg("off_road") = 4, py::arg("count_start") = false,
      "LIN 7.2: at most `off_road` non-road hexes, then along `lines` (road, rail) to a target (a friendly depot, "
      "or Lee's hex for a corps leader); not through enemy units, nor across a major river but at a bridge.");

  movement.def(
      "lin_combat_supply",
      [](const Movement& mv, const std::string& unit, const std::string& unit_class, const Names& wagons,
         const Names& depots, const Names& enemy, const std::optional<Zones>& zones, const Names& friendly) {
        const core::Trace t = core::lin_combat_supply(mv.tracer(), mv.hex(unit), class_id(mv, unit_class), hexes(mv, wagons),
                                                      hexes(mv, depots), position(mv, enemy, zones, friendly));
        return trace_object(mv, t, core::Measure::kMP);
      },
      py::arg("unit"), py::arg("unit_class"), py::kw_only(), py::arg("wagons") = Names{}, py::arg("depots") = Names{},
      py::arg("enemy") = Names{}, py::arg("zones") = py::none(), py::arg("friendly") = Names{},
      "LIN 10.2: an undepleted wagon within 2 MP or a depot within 4 MP, with the unit's costs and zone costs, "
      "not through enemy combat units except the battle hex (the unit's).");

  movement.def(
      "lin_attrition_exemption",
      [](const Movement& mv, const std::string& unit, const std::string& unit_class, const Names& depots,
         const Names& enemy, const std::optional<Zones>& zones, bool pay_zones) {
        return run(mv, unit, core::lin_attrition_exemption(class_id(mv, unit_class), hexes(mv, depots),
                                                           position(mv, enemy, zones, {}), pay_zones));
      },
      py::arg("unit"), py::arg("unit_class"), py::kw_only(), py::arg("depots"), py::arg("enemy") = Names{},
      py::arg("zones") = py::none(), py::arg("pay_zones") = false,
      "LIN 11: within 4 MP of a friendly depot, not through enemy units: exempt from attrition.");

  movement.def(
      "lmn_supply",
      [](const Movement& mv, const std::string& unit, const Names& sources, const std::optional<std::string>& depot,
         const Names& rail, const Names& enemy, const std::optional<Zones>& zones, const Names& friendly) {
        core::LmnSupply terms;
        terms.sources = hexes(mv, sources);
        if (depot) terms.depot = mv.hex(*depot);
        terms.rail = lines(mv, rail);
        const core::LmnSupplyResult r = core::lmn_supply(mv.tracer(), mv.hex(unit), terms, position(mv, enemy, zones, friendly));
        py::dict d;
        d["state"] = core::to_string(r.state);
        d["trace"] = trace_object(mv, r.trace, core::Measure::kHexes);
        d["depot_source"] = r.depot_source;
        return py::module_::import("types").attr("SimpleNamespace")(**d);
      },
      py::arg("unit"), py::kw_only(), py::arg("sources"), py::arg("depot") = py::none(), py::arg("rail") = Names{},
      py::arg("enemy") = Names{}, py::arg("zones") = py::none(), py::arg("friendly") = Names{},
      "LMN 16: .state 'supplied' (6 hexes of a source or of a rail line leading to one), 'unsupplied' (7-12) or "
      "'isolated', with .trace and .depot_source (whether the CSA depot traced its 10 hexes).");

  movement.def(
      "cwr_command_radius",
      [](const Movement& mv, const std::string& leader, const std::string& leader_class, const py::object& radius,
         const Names& targets, const Names& enemy, const std::optional<Zones>& zones, const Names& friendly,
         const Names& other_command) {
        return run(mv, leader, core::cwr_command_radius(class_id(mv, leader_class), mp(radius), hexes(mv, targets),
                                                        position(mv, enemy, zones, friendly), hexes(mv, other_command)));
      },
      py::arg("leader"), py::arg("leader_class"), py::arg("radius"), py::kw_only(), py::arg("targets"),
      py::arg("enemy") = Names{}, py::arg("zones") = py::none(), py::arg("friendly") = Names{},
      py::arg("other_command") = Names{},
      "CWR 9.3: within `radius` leader MP, not through impassable terrain or enemy units, nor on through an enemy "
      "zone unless a friendly combat unit (`friendly`) is there.");

  movement.def(
      "cwr_artillery_ammunition",
      [](const Movement& mv, const std::string& battery, const Names& roads, const Names& train, const Names& enemy,
         const std::optional<Zones>& zones, const Names& friendly) {
        return run(mv, battery, core::cwr_artillery_ammunition(lines(mv, roads), hexes(mv, train),
                                                               position(mv, enemy, zones, friendly)));
      },
      py::arg("battery"), py::kw_only(), py::arg("roads"), py::arg("train"), py::arg("enemy") = Names{},
      py::arg("zones") = py::none(), py::arg("friendly") = Names{},
      "CWR 8.4b: at most 10 off-road hexes, then along `roads` to an ammunition train.");

  movement.def(
      "lfm_command",
      [](const Movement& mv, const std::string& commander, int range, const Names& targets, const Names& enemy,
         const std::optional<Zones>& zones, const Names& friendly) {
        return run(mv, commander, core::lfm_command(range, hexes(mv, targets), position(mv, enemy, zones, friendly)));
      },
      py::arg("commander"), py::arg("range"), py::kw_only(), py::arg("targets"), py::arg("enemy") = Names{},
      py::arg("zones") = py::none(), py::arg("friendly") = Names{},
      "LFM 20.11: within `range` hexes, not on through an enemy zone unless a friendly unit is there.");
}

}  // namespace adjutant::bindings
