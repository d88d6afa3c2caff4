// Traces for scripts (docs/tracing.md): Movement.trace, the general constrained search (an off-line
// part bounded in hexes or MP, then any distance along lines); the rules' presets are Python, in the
// game plugins. Hexes by name, lines and hexside features by the companion file's words; a trace
// comes back as .found, .hexes, .steps, .used and .reason.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "core/movement/trace.h"
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

// Each cut is a hex name (every line type stops there) or (hex, [line types]).
std::vector<core::LineCut> cut_lines(const Movement& m, const py::list& cuts) {
  std::vector<core::LineCut> out;
  for (const py::handle cut : cuts) {
    if (py::isinstance<py::str>(cut)) {
      out.push_back({m.hex(cut.cast<std::string>())});
      continue;
    }
    const auto [hex, types] = cut.cast<std::pair<std::string, Names>>();
    out.push_back({m.hex(hex), lines(m, types)});
  }
  return out;
}

const core::ZoneOfControl* zones_of(const Movement& m, const std::optional<Zones>& zones) {
  if (!zones) return nullptr;
  if (zones->map != m.map) throw std::invalid_argument("these zones were made for another map");
  return zones->zones.get();
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
         const py::list& cut, const Names& blocked, const Names& stops, const Names& blocked_sides,
         const Names& unblocked_by, const std::optional<Zones>& zones, const std::string& rule, const Names& zone_exempt,
         const std::optional<std::vector<PositionUnit>>& units) {
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
        std::optional<Zones> own_zones;
        if (units) {
          const ResolvedPosition position = resolve(mv, *units);
          r.blocked.insert(r.blocked.end(), position.enemy_hexes.begin(), position.enemy_hexes.end());
          if (!zones) own_zones = position_zones(mv, position);
        }
        r.zones = zones_of(mv, zones ? zones : own_zones);
        r.zone_rule = zone_rule(rule);
        r.zone_exempt = hexes(mv, zone_exempt);
        return run(mv, start, r);
      },
      py::arg("start"), py::arg("targets"), py::kw_only(), py::arg("measure") = "hexes", py::arg("most") = 0,
      py::arg("unit_class") = py::none(), py::arg("lines") = Names{}, py::arg("line_hexes_free") = false,
      py::arg("count_start") = false, py::arg("direct_targets") = Names{}, py::arg("cut_hexsides") = Hexsides{},
      py::arg("cut_lines") = py::list(), py::arg("blocked") = Names{}, py::arg("stops") = Names{},
      py::arg("blocked_sides") = Names{}, py::arg("unblocked_by") = Names{}, py::arg("zones") = py::none(),
      py::arg("zone_rule") = "ignore", py::arg("zone_exempt") = Names{}, py::arg("units") = py::none(),
      "The general trace (docs/tracing.md): at most `most` hexes (or MP of `unit_class`) off the lines, then any "
      "distance along `lines`, to the nearest of `targets`; .found, .hexes, .steps, .used, .reason. `cut_lines` "
      "holds hex names (no line followed into them) or (hex, [line types]). With measure 'hexes', a `unit_class` "
      "keeps the trace off the hexes and hexsides that class may not enter or cross. `units` "
      "(adjutant.PositionUnit): the enemy units that block are added to `blocked`, and unless `zones` is given the "
      "zones are the file's of those units.");
}

}  // namespace adjutant::bindings
