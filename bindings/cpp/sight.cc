// Line of sight for scripts (docs/sight.md): Companion.sight(map) gives the file's [sight] model
// (CWR, LFM or VASSAL's thread; `rules` picks another, with its [sight.cwr] / [sight.lfm]) over a map; between() tells clear, partial or
// blocked with the hexes crossed and the clause that blocked, sweep() every hex within a radius,
// zone_of_influence() LFM 6's hexes.
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "core/sight/line_of_sight.h"
#include "movement_view.h"

namespace adjutant::bindings {
namespace {

using Names = std::vector<std::string>;

struct SightView {
  CompanionPtr companion;
  const core::TerrainModel* map;
  std::shared_ptr<core::LineOfSight> sight;

  std::string name(core::Hex h) const { return map->topology().unambiguous_name(h); }
  std::vector<core::Hex> hexes(const Names& names) const {
    std::vector<core::Hex> out;
    for (const std::string& n : names) out.push_back(hex_of(*map, n));
    return out;
  }
  core::SightSituation situation(const Names& friendly, const Names& enemy, const std::string& fire,
                                 bool target_is_artillery, int visibility) const {
    core::SightSituation s;
    s.friendly = hexes(friendly);
    s.enemy = hexes(enemy);
    if (fire != "small arms" && fire != "artillery") throw std::invalid_argument("fire must be 'small arms' or 'artillery'");
    s.fire = fire == "artillery" ? core::FireKind::kArtillery : core::FireKind::kSmallArms;
    s.target_is_artillery = target_is_artillery;
    s.visibility = visibility;
    return s;
  }
};

core::SightModel model_named(const std::string& name) {
  if (name == "cwr") return core::SightModel::kCwr;
  if (name == "lfm") return core::SightModel::kLfm;
  if (name == "thread") return core::SightModel::kThread;
  throw std::invalid_argument("sight rules must be 'cwr', 'lfm' or 'thread', not '" + name + "'");
}

const char* model_name(core::SightModel m) {
  switch (m) {
    case core::SightModel::kCwr: return "cwr";
    case core::SightModel::kLfm: return "lfm";
    case core::SightModel::kThread: return "thread";
  }
  return "";
}

py::object result_object(const SightView& v, const core::SightResult& r) {
  py::list hexes, steps;
  for (const core::HexLineStep& s : r.line.steps) {
    py::dict step;
    step["hex"] = v.name(s.hex);
    step["along"] = s.along ? py::object(py::str(v.name(*s.along))) : py::none();
    steps.append(step);
    hexes.append(v.name(s.hex));
  }
  py::dict d;
  d["sight"] = std::string(core::to_string(r.sight));
  d["hexes"] = hexes;
  d["steps"] = steps;
  d["blocked_at"] = r.block ? py::object(py::str(v.name(r.block->hex))) : py::none();
  d["along"] = r.block && r.block->along ? py::object(py::str(v.name(*r.block->along))) : py::none();
  d["clause"] = r.block ? r.block->clause : std::string();
  d["paths"] = r.paths;
  d["clear_paths"] = r.clear_paths;
  return py::module_::import("types").attr("SimpleNamespace")(**d);
}

}  // namespace

void bind_sight(py::module_& m) {
  auto companion = py::reinterpret_borrow<py::class_<vmod::Companion, CompanionPtr>>(py::type::of<vmod::Companion>());
  companion.def(
      "sight",
      [](const CompanionPtr& c, const std::string& map, const std::string& board, const std::optional<std::string>& rules) {
        if (!c->sight && !rules) throw std::invalid_argument(c->file + " has no [sight] section: name the rules (cwr, lfm, thread)");
        core::SightRules r;
        if (c->sight) {
          r = c->sight->rules(rules ? model_named(*rules) : c->sight->model);
        } else {
          r.model = model_named(*rules);
        }
        const core::TerrainModel& model = map_model(*c, map, board);
        return SightView{c, &model, std::make_shared<core::LineOfSight>(model, r)};
      },
      py::arg("map"), py::arg("board") = "", py::arg("rules") = py::none(),
      "Line of sight on one of the file's maps (adjutant.Sight) by its [sight], or by `rules` ('cwr', 'lfm', "
      "'thread'), with [sight.cwr] or [sight.lfm] over [sight].");

  py::class_<SightView>(m, "Sight", "Line of sight on a map by one model: clear, partial or blocked, and why.")
      .def_property_readonly("rules", [](const SightView& v) { return model_name(v.sight->rules().model); })
      .def_property_readonly("map", [](const SightView& v) { return v.map->map(); })
      .def(
          "between",
          [](const SightView& v, const std::string& from, const std::string& to, const Names& friendly, const Names& enemy,
             const std::string& fire, bool target_is_artillery, int visibility) {
            const core::SightSituation s = v.situation(friendly, enemy, fire, target_is_artillery, visibility);
            const core::Hex a = hex_of(*v.map, from), b = hex_of(*v.map, to);
            const core::SightResult r = [&] {
              py::gil_scoped_release release;
              return v.sight->between(a, b, s);
            }();
            return result_object(v, r);
          },
          py::arg("from_hex"), py::arg("to_hex"), py::kw_only(), py::arg("friendly") = Names{},
          py::arg("enemy") = Names{}, py::arg("fire") = "small arms", py::arg("target_is_artillery") = false,
          py::arg("visibility") = 0,
          "Sight from one hex to another: .sight ('clear', 'partial', 'blocked'), .hexes and .steps of the centre "
          "line (.along: the hexside it runs beside), .blocked_at, .along and .clause when blocked (LFM: an "
          "obstruction when partial), .paths and .clear_paths (LFM's shortest paths).")
      .def(
          "sweep",
          [](const SightView& v, const std::string& from, int radius, const Names& friendly, const Names& enemy,
             const std::string& fire, bool target_is_artillery, int visibility) {
            const core::SightSituation s = v.situation(friendly, enemy, fire, target_is_artillery, visibility);
            const core::Hex a = hex_of(*v.map, from);
            const auto seen = [&] {
              py::gil_scoped_release release;
              return v.sight->sweep(a, radius, s);
            }();
            py::dict out;
            for (const core::SeenHex& h : seen) {
              out[py::str(v.name(h.hex))] = std::string(core::to_string(h.sight));
            }
            return out;
          },
          py::arg("from_hex"), py::arg("radius"), py::kw_only(), py::arg("friendly") = Names{},
          py::arg("enemy") = Names{}, py::arg("fire") = "small arms", py::arg("target_is_artillery") = false,
          py::arg("visibility") = 0,
          "Sight to every hex within `radius`, each taken as the target: {hex: 'clear' | 'partial' | 'blocked'}, "
          "nearest first.")
      .def(
          "zone_of_influence",
          [](const SightView& v, const std::string& unit, bool artillery, bool night, bool partial_counts) {
            if (v.sight->rules().model != core::SightModel::kLfm) {
              throw std::invalid_argument("a zone of influence (LFM 6) needs the 'lfm' sight rules");
            }
            const core::Hex a = hex_of(*v.map, unit);
            const auto zone = [&] {
              py::gil_scoped_release release;
              return core::zone_of_influence(*v.sight, a, artillery, night, partial_counts);
            }();
            std::vector<std::string> out;
            for (const core::Hex h : zone) {
              out.push_back(v.name(h));
            }
            return out;
          },
          py::arg("unit"), py::kw_only(), py::arg("artillery") = false, py::arg("night") = false,
          py::arg("partial_counts") = true,
          "LFM 6: the hexes within 3 (artillery 5) the unit can see; none at night.");
}

}  // namespace adjutant::bindings
