// A map as scripts see it: the module's settings for it plus its geometry under one board layout
// (the module's default for module.maps, the save's for game.maps). Shared by the module, game
// and geometry bindings.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "bindings.h"
#include "core/geometry/map_geometry.h"
#include "vmod/map_geometries.h"
#include "vmod/module.h"

namespace adjutant::bindings {

struct MapView {
  std::shared_ptr<vmod::MapGeometries> geometries;  // one per module or game, shared by its maps
  const vmod::MapSpec* spec = nullptr;
  py::object owner;  // the Python Module or Game that `spec` and `geometries` point into
  const core::MapGeometry& geometry() const { return geometries->of(*spec); }
};

// The geometry of a Python Module object's maps under their default layouts, made once.
std::shared_ptr<vmod::MapGeometries> module_geometries(const py::object& module);
// The maps of a Python Module object (default layouts), or of a Python Game object (its save's
// layouts; GameStateError when it was opened without its module).
std::vector<MapView> module_maps(const py::object& module);
std::vector<MapView> game_maps(const py::object& game);
// One of them by name or id; nullopt when there is none.
std::optional<MapView> find_map(const std::vector<MapView>& maps, const std::string& name_or_id);

}  // namespace adjutant::bindings
