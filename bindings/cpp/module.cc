// adjutant.open_module and the module model: maps, boards and their grids, piece palettes,
// prototypes, at-start stacks, global properties and sides.
#include <pybind11/stl.h>

#include "bindings.h"
#include "map_view.h"
#include "vmod/module.h"
#include "vmod/piece.h"

namespace adjutant::bindings {
namespace {

py::dict numbering_dict(const vmod::GridNumbering& n) {
  py::dict d;
  d["class"] = n.class_name;
  d["first"] = std::string(1, n.first);
  d["sep"] = n.sep;
  d["h_type"] = std::string(1, n.h_type);
  d["v_type"] = std::string(1, n.v_type);
  d["h_leading"] = n.h_leading;
  d["v_leading"] = n.v_leading;
  d["h_off"] = n.h_off;
  d["v_off"] = n.v_off;
  d["h_descend"] = n.h_descend;
  d["v_descend"] = n.v_descend;
  d["stagger"] = n.stagger;
  d["location_format"] = n.location_format;
  return d;
}

template <typename Grid>
void add_numbering(py::dict& d, const Grid& grid) {
  d["numbering"] = grid.numbering ? py::object(numbering_dict(*grid.numbering)) : py::object(py::none());
}

py::dict grid_dict(const vmod::GridSpec& grid);

py::dict simple_grid_dict(const vmod::SimpleGridSpec& grid) {
  return std::visit([](const auto& g) { return grid_dict(vmod::GridSpec(g)); }, grid);
}

py::dict grid_dict(const vmod::GridSpec& grid) {
  py::dict d;
  d["kind"] = vmod::grid_kind(grid);
  if (const auto* hex = std::get_if<vmod::HexGridSpec>(&grid)) {
    d["sideways"] = hex->sideways;
    d["x0"] = hex->x0;
    d["y0"] = hex->y0;
    d["dx"] = hex->dx;
    d["dy"] = hex->dy;
    d["snap_to"] = hex->snap_to;
    d["edges_legal"] = hex->edges_legal;
    d["corners_legal"] = hex->corners_legal;
    d["snap_scale"] = hex->snap_scale;
    add_numbering(d, *hex);
  } else if (const auto* square = std::get_if<vmod::SquareGridSpec>(&grid)) {
    d["x0"] = square->x0;
    d["y0"] = square->y0;
    d["dx"] = square->dx;
    d["dy"] = square->dy;
    d["range"] = square->range;
    d["snap_to"] = square->snap_to;
    d["edges_legal"] = square->edges_legal;
    d["corners_legal"] = square->corners_legal;
    add_numbering(d, *square);
  } else if (const auto* regions = std::get_if<vmod::RegionGridSpec>(&grid)) {
    d["snap_to"] = regions->snap_to;
    py::list list;
    for (const vmod::RegionSpec& r : regions->regions) list.append(py::make_tuple(r.name, r.x, r.y));
    d["regions"] = list;
  } else if (const auto* zoned = std::get_if<vmod::ZonedGridSpec>(&grid)) {
    py::list zones;
    for (const vmod::ZoneSpec& z : zoned->zones) {
      py::dict zone;
      zone["name"] = z.name;
      zone["location_format"] = z.location_format;
      zone["path"] = z.path;
      zone["use_parent_grid"] = z.use_parent_grid;
      zone["grid"] = simple_grid_dict(z.grid);
      zones.append(zone);
    }
    d["zones"] = zones;
    d["background"] = simple_grid_dict(zoned->background);
  }
  return d;
}

std::vector<vmod::Trait> traits_of(const std::string& definition) {
  return vmod::TraitChain::from_definition(definition).traits();
}

}  // namespace

void bind_module(py::module_& m) {
  py::class_<vmod::Trait>(m, "Trait", "One trait of a piece, outermost first; the basic piece is last.")
      .def_readonly("id", &vmod::Trait::id, "The prefix that selects VASSAL's class: 'mark;', 'emb2;', 'piece;'.")
      .def_property_readonly("class_name", &vmod::Trait::class_name, "VASSAL's class: 'Marker', 'Embellishment', ...")
      .def_readonly("type", &vmod::Trait::type)
      .def_readonly("state", &vmod::Trait::state)
      .def_readonly("type_fields", &vmod::Trait::type_fields)
      .def_readonly("state_fields", &vmod::Trait::state_fields)
      .def_readonly("known", &vmod::Trait::known, "False for a trait Adjutant keeps as text without decoding it.")
      .def("__repr__", [](const vmod::Trait& t) { return "<Trait " + t.class_name() + ">"; });

  py::class_<vmod::PropertySpec>(m, "PropertySpec", "A global or zone property as the module defines it.")
      .def_readonly("name", &vmod::PropertySpec::name)
      .def_readonly("initial_value", &vmod::PropertySpec::initial_value)
      .def_readonly("description", &vmod::PropertySpec::description)
      .def_readonly("numeric", &vmod::PropertySpec::numeric)
      .def_readonly("min", &vmod::PropertySpec::min)
      .def_readonly("max", &vmod::PropertySpec::max)
      .def_readonly("wrap", &vmod::PropertySpec::wrap);

  py::class_<vmod::PieceSlotSpec>(m, "PieceSlot", "A piece definition in a palette or an at-start stack.")
      .def_readonly("name", &vmod::PieceSlotSpec::name)
      .def_readonly("gpid", &vmod::PieceSlotSpec::gpid)
      .def_readonly("path", &vmod::PieceSlotSpec::path, "Enclosing palette widgets, outermost first.")
      .def_readonly("definition", &vmod::PieceSlotSpec::definition)
      .def_readonly("line", &vmod::PieceSlotSpec::line, "Line in the buildFile.")
      .def_property_readonly("traits", [](const vmod::PieceSlotSpec& s) { return traits_of(s.definition); })
      .def("__repr__", [](const vmod::PieceSlotSpec& s) { return "<PieceSlot " + s.name + ">"; });

  py::class_<vmod::PrototypeSpec>(m, "Prototype", "A named trait list pieces include with a prototype trait.")
      .def_readonly("name", &vmod::PrototypeSpec::name)
      .def_readonly("description", &vmod::PrototypeSpec::description)
      .def_readonly("definition", &vmod::PrototypeSpec::definition)
      .def_readonly("line", &vmod::PrototypeSpec::line)
      .def_property_readonly("traits", [](const vmod::PrototypeSpec& p) { return traits_of(p.definition); })
      .def("__repr__", [](const vmod::PrototypeSpec& p) { return "<Prototype " + p.name + ">"; });

  py::class_<vmod::SetupStackSpec>(m, "SetupStack", "Pieces a map places at the start of a new game.")
      .def_readonly("name", &vmod::SetupStackSpec::name)
      .def_readonly("owning_board", &vmod::SetupStackSpec::owning_board)
      .def_readonly("use_grid_location", &vmod::SetupStackSpec::use_grid_location)
      .def_readonly("location", &vmod::SetupStackSpec::location)
      .def_readonly("x", &vmod::SetupStackSpec::x)
      .def_readonly("y", &vmod::SetupStackSpec::y)
      .def_readonly("slots", &vmod::SetupStackSpec::slots)
      .def_readonly("line", &vmod::SetupStackSpec::line);

  py::class_<vmod::BoardSpec>(m, "Board", "A board: image, size and grid.")
      .def_readonly("name", &vmod::BoardSpec::name)
      .def_readonly("image", &vmod::BoardSpec::image)
      .def_readonly("width", &vmod::BoardSpec::width)
      .def_readonly("height", &vmod::BoardSpec::height)
      .def_readonly("reversible", &vmod::BoardSpec::reversible)
      .def_property_readonly("grid_kind", [](const vmod::BoardSpec& b) { return vmod::grid_kind(b.grid); },
                             "'hex', 'square', 'region', 'zoned' or 'none'.")
      .def_property_readonly("grid", [](const vmod::BoardSpec& b) { return grid_dict(b.grid); },
                             "The grid's settings with VASSAL's defaults filled in, as a dict.")
      .def("__repr__", [](const vmod::BoardSpec& b) { return "<Board " + b.name + ">"; });

  py::class_<vmod::Module>(m, "Module", "A VASSAL module (.vmod), extension or extracted module folder.",
                           py::dynamic_attr())
      .def_readonly("source", &vmod::Module::source)
      .def_readonly("build_file", &vmod::Module::build_file, "'buildFile.xml' or 'buildFile'.")
      .def_readonly("is_extension", &vmod::Module::is_extension)
      .def_readonly("name", &vmod::Module::name)
      .def_readonly("version", &vmod::Module::version)
      .def_readonly("description", &vmod::Module::description)
      .def_readonly("vassal_version", &vmod::Module::vassal_version)
      .def_property_readonly("maps", &module_maps, "The maps, with their geometry under the default board layouts.")
      .def_readonly("piece_slots", &vmod::Module::piece_slots)
      .def_readonly("prototypes", &vmod::Module::prototypes)
      .def_readonly("global_properties", &vmod::Module::global_properties)
      .def_readonly("sides", &vmod::Module::sides)
      .def_property_readonly(
          "setup_stacks",
          [](const vmod::Module& module) {
            std::vector<vmod::SetupStackSpec> stacks;
            for (const vmod::MapSpec& map : module.maps)
              stacks.insert(stacks.end(), map.setup_stacks.begin(), map.setup_stacks.end());
            return stacks;
          },
          "Every map's at-start stacks, in buildFile order.")
      .def(
          "find_map", [](const py::object& self, const std::string& name) { return find_map(module_maps(self), name); },
          py::arg("name_or_id"), "A map by name or id; None when the module has none.")
      .def("__repr__", [](const vmod::Module& module) { return "<Module " + module.name + " " + module.version + ">"; });

  m.def("open_module", &vmod::load_module, py::arg("path"),
        "Opens a .vmod/.vmdx, an extracted module folder or a bare buildFile.");
}

}  // namespace adjutant::bindings
