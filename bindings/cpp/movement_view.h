// What the movement, trace and sight bindings share: MP to and from Python, a companion file's map
// model by name (the whole map, or one board), and the Movement object scripts hold.
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/geometry/geometry_error.h"
#include "core/movement/movement_search.h"
#include "core/movement/trace.h"
#include "core/movement/zone_of_control.h"
#include "vmod/companion.h"

namespace adjutant::bindings {

namespace py = pybind11;

using CompanionPtr = std::shared_ptr<vmod::Companion>;

inline py::object fraction(core::Cost sixths) {
  return py::module_::import("fractions").attr("Fraction")(sixths, core::kMP);
}

// MP as a script gives them: 3, Fraction(3, 2), 1.5 (exact halves and thirds only) or "1 1/2".
inline core::Cost mp(const py::handle& value) {
  if (py::isinstance<py::str>(value)) return core::parse_cost(value.cast<std::string>());
  const py::object sixths = py::module_::import("fractions").attr("Fraction")(value) * py::int_(core::kMP);
  if (sixths.attr("denominator").cast<long>() != 1) {
    throw std::invalid_argument("movement points must be whole sixths, not " + py::str(value).cast<std::string>());
  }
  return sixths.attr("numerator").cast<core::Cost>();
}

// The model of a map: without a board, the whole map (its boards stitched where their grids
// continue); ValueError naming the file and what is missing otherwise.
inline const core::TerrainModel& map_model(const vmod::Companion& c, const std::string& map, const std::string& board) {
  const core::TerrainModel* model = board.empty() ? c.whole_map(map) : c.map(map, board);
  if (model) return *model;
  if (const auto it = c.unstitched.find(map); board.empty() && it != c.unstitched.end()) {
    throw std::invalid_argument(c.file + ": the boards of map '" + map + "' do not make one hex grid (" + it->second +
                                "): name a board");
  }
  throw std::invalid_argument(c.file + " has no map '" + map + "'" + (board.empty() ? "" : " board '" + board + "'"));
}

// A hex of a model by name, or LocationError.
inline core::Hex hex_of(const core::TerrainModel& map, const std::string& name) {
  const auto h = map.topology().hex_named(name);
  if (!h || !map.on_map(*h)) throw core::LocationError("no hex '" + name + "' on map '" + map.map() + "'", name, map.map());
  return *h;
}

// One map's search with the companion that owns its terrain and rules.
struct Movement {
  CompanionPtr companion;
  const core::TerrainModel* map;  // the companion's, or `state_map`
  std::shared_ptr<core::MovementSearch> search;
  std::shared_ptr<const core::TerrainModel> state_map;  // the map with a game's state applied; null: none
  // Made on the first trace: most scripts only search.
  const core::Tracer& tracer() const {
    if (!tracer_) tracer_ = std::make_shared<core::Tracer>(*map, &companion->movement->rules);
    return *tracer_;
  }
  mutable std::shared_ptr<core::Tracer> tracer_;

  core::Hex hex(const std::string& name) const { return hex_of(*map, name); }
  std::string name(core::Hex h) const { return map->topology().unambiguous_name(h); }
  const vmod::CompanionMovement& rules() const { return *companion->movement; }
  std::vector<std::string> boards() const {
    if (!map->topology().is_stitched()) return {map->board()};
    std::vector<std::string> out;
    for (const core::StitchPart& part : map->topology().parts()) out.push_back(part.board);
    return out;
  }
  core::Mover mover(const std::vector<std::string>& classes, const py::object& allowance, const std::string& barred) const {
    core::Mover m;
    for (const std::string& c : classes) m.classes.push_back(rules().rules.class_id(c));
    m.allowance = allowance.is_none() ? INT32_MAX / 2 : mp(allowance);
    m.barred_from_zones = barred;
    return m;
  }
};

// Zones and what they are made of, kept together so the Situation's pointer stays valid.
struct Zones {
  std::shared_ptr<core::ZoneOfControl> zones;
  py::object owner;  // the Python object behind PythonZones, or None
  const core::TerrainModel* map;
  CompanionPtr companion;                               // owns `map` ...
  std::shared_ptr<const core::TerrainModel> state_map;  // ... or this does
};

// A unit standing in the position a move or trace is made in (adjutant.PositionUnit): of the
// mover's side or not, its [movement] class and kind (None: none), its zone's facing, whether it
// may exert a zone (its state: face-up cavalry has none) and whether it counts as an enemy unit in
// its hex.
struct PositionUnit {
  std::string hex;
  bool friendly = false;
  std::optional<std::string> unit_class;
  std::optional<std::string> kind;
  std::optional<int> facing;
  bool zone = true;
  bool blocks = true;
};

// Units resolved against a Movement's rules: what the search and the zone model read.
struct ResolvedPosition {
  std::vector<core::Hex> enemy_hexes;
  std::vector<core::FriendlyUnit> friendly;
  std::vector<core::ZoneUnit> zone_units;
};

inline ResolvedPosition resolve(const Movement& m, const std::vector<PositionUnit>& units) {
  const vmod::CompanionMovement& rules = m.rules();
  ResolvedPosition out;
  for (const PositionUnit& u : units) {
    const core::Hex h = m.hex(u.hex);
    const int cls = u.unit_class ? rules.rules.class_id(*u.unit_class) : -1;
    core::KindSet kinds = 0;
    if (u.kind) {
      const auto it = std::find(rules.kinds.begin(), rules.kinds.end(), *u.kind);
      if (it == rules.kinds.end()) {
        std::string known;
        for (const std::string& k : rules.kinds) known += (known.empty() ? "" : ", ") + k;
        throw std::invalid_argument("unknown unit kind '" + *u.kind + "' (the [movement] 'kinds' are " +
                                    (known.empty() ? std::string("none") : known) + ")");
      }
      kinds = core::kind_bit(static_cast<int>(it - rules.kinds.begin()));
    }
    const bool exerting_class = rules.zone_classes.empty() ||
                                std::find(rules.zone_classes.begin(), rules.zone_classes.end(), cls) != rules.zone_classes.end();
    out.zone_units.push_back({h, u.friendly, kinds, !u.friendly && u.zone && exerting_class, u.facing});
    if (u.friendly) {
      out.friendly.push_back({h, cls, kinds});
    } else if (u.blocks) {
      out.enemy_hexes.push_back(h);
    }
  }
  return out;
}

// The [movement.zones] of a position's units; nullopt when the file has no zones.
inline std::optional<Zones> position_zones(const Movement& m, const ResolvedPosition& position) {
  if (!m.rules().zones) return std::nullopt;
  return Zones{std::make_shared<core::HexZones>(core::HexZones::from_units(*m.map, position.zone_units, *m.rules().zones)),
               py::none(), m.map, m.companion, m.state_map};
}

}  // namespace adjutant::bindings
