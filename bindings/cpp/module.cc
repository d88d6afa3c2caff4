// adjutant.open_module and the module model: maps, boards and their grids, piece palettes,
// prototypes, at-start stacks, predefined set-ups, global properties and sides.
#include <pybind11/stl.h>

#include "bindings.h"
#include "map_view.h"
#include "slot_view.h"
#include "vmod/module.h"
#include "vmod/piece.h"
#include "vmod/piece_slot.h"
#include "vmod/predefined_setup.h"

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

const vmod::Module& module_spec(const py::object& module) { return module.cast<const vmod::Module&>(); }

// A slot's or prototype's definition as traits; a broken one named by its module, entry and line.
std::vector<vmod::Trait> traits_of(const std::string& definition, const py::object& module, int line) {
  try {
    return vmod::TraitChain::from_definition(definition).traits();
  } catch (vmod::FormatError& e) {
    const vmod::Module& spec = module_spec(module);
    e.locate(spec.source, spec.build_file);
    e.set_position_if_empty("line " + std::to_string(line));
    throw;
  }
}

struct PrototypeView {
  const vmod::PrototypeSpec* spec = nullptr;
  py::object module;  // the Python Module that `spec` points into
};

// The piece VASSAL makes from the slot, prototypes expanded.
vmod::TraitChain piece_of(const SlotView& slot) { return vmod::slot_piece(*slot.spec, &module_spec(slot.module)); }

std::vector<SlotView> slot_views(const py::object& module, const std::vector<vmod::PieceSlotSpec>& slots) {
  std::vector<SlotView> out;
  for (const vmod::PieceSlotSpec& slot : slots) out.push_back(SlotView{&slot, module});
  return out;
}

}  // namespace

std::vector<SetupStackView> setup_stack_views(const py::object& module, const vmod::MapSpec& map) {
  std::vector<SetupStackView> out;
  for (const vmod::SetupStackSpec& stack : map.setup_stacks) out.push_back(SetupStackView{&stack, &map, module});
  return out;
}

py::object module_object(const py::object& module_or_game) {
  if (py::isinstance<vmod::Module>(module_or_game)) return module_or_game;
  return module_or_game.attr("_module_object");
}

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

  py::class_<SlotView>(m, "PieceSlot", "A piece definition in a palette or an at-start stack.")
      .def_property_readonly("name", [](const SlotView& s) { return s.spec->name; }, "The slot's entryName.")
      .def_property_readonly("gpid", [](const SlotView& s) { return s.spec->gpid; })
      .def_property_readonly("path", [](const SlotView& s) { return s.spec->path; },
                             "Enclosing palette widgets, outermost first.")
      .def_property_readonly("definition", [](const SlotView& s) { return s.spec->definition; })
      .def_property_readonly("line", [](const SlotView& s) { return s.spec->line; }, "Line in the buildFile.")
      .def_property_readonly("traits", [](const SlotView& s) { return traits_of(s.spec->definition, s.module, s.spec->line); },
                             "The definition's traits as written (prototype traits not expanded).")
      .def_property_readonly(
          "piece_name", [](const SlotView& s) { return piece_of(s).properties()["PieceName"]; },
          "The name VASSAL gives the piece the slot makes (PieceName), as Piece.name gives a game's pieces.")
      .def_property_readonly("properties", [](const SlotView& s) { return piece_of(s).properties(); },
                             "The properties of the piece the slot makes, the module's prototypes expanded.")
      .def("__repr__", [](const SlotView& s) { return "<PieceSlot " + s.spec->name + ">"; });

  py::class_<PrototypeView>(m, "Prototype", "A named trait list pieces include with a prototype trait.")
      .def_property_readonly("name", [](const PrototypeView& p) { return p.spec->name; })
      .def_property_readonly("description", [](const PrototypeView& p) { return p.spec->description; })
      .def_property_readonly("definition", [](const PrototypeView& p) { return p.spec->definition; })
      .def_property_readonly("line", [](const PrototypeView& p) { return p.spec->line; }, "Line in the buildFile.")
      .def_property_readonly("traits",
                             [](const PrototypeView& p) { return traits_of(p.spec->definition, p.module, p.spec->line); })
      .def("__repr__", [](const PrototypeView& p) { return "<Prototype " + p.spec->name + ">"; });

  py::class_<SetupStackView>(m, "SetupStack", "Pieces a map places at the start of a new game.")
      .def_property_readonly("name", [](const SetupStackView& s) { return s.spec->name; })
      .def_property_readonly("map", [](const SetupStackView& s) { return s.map->save_id(); },
                             "The map it belongs to, as saves name it.")
      .def_property_readonly("owning_board", [](const SetupStackView& s) { return s.spec->owning_board; })
      .def_property_readonly("use_grid_location", [](const SetupStackView& s) { return s.spec->use_grid_location; })
      .def_property_readonly("location", [](const SetupStackView& s) { return s.spec->location; })
      .def_property_readonly("x", [](const SetupStackView& s) { return s.spec->x; })
      .def_property_readonly("y", [](const SetupStackView& s) { return s.spec->y; })
      .def_property_readonly("slots", [](const SetupStackView& s) { return slot_views(s.module, s.spec->slots); })
      .def_property_readonly("line", [](const SetupStackView& s) { return s.spec->line; })
      .def("__repr__", [](const SetupStackView& s) { return "<SetupStack " + s.spec->name + ">"; });

  py::class_<vmod::PredefinedSetupSpec>(m, "PredefinedSetup",
                                        "A menu entry that starts a game from a save stored in the module.")
      .def_readonly("name", &vmod::PredefinedSetupSpec::name)
      .def_readonly("file", &vmod::PredefinedSetupSpec::file, "The entry of the module holding the save; '' for a menu.")
      .def_readonly("use_file", &vmod::PredefinedSetupSpec::use_file,
                    "False: choosing it starts a new game without a save.")
      .def_readonly("is_menu", &vmod::PredefinedSetupSpec::is_menu)
      .def_property_readonly("opens_file", &vmod::opens_file,
                             "True when choosing it loads its file (useFile with a file): what open_setup can open.")
      .def_readonly("line", &vmod::PredefinedSetupSpec::line, "Line in the buildFile.")
      .def("__repr__", [](const vmod::PredefinedSetupSpec& s) { return "<PredefinedSetup " + s.name + ">"; });

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
      .def_property_readonly("piece_slots",
                             [](const py::object& self) { return slot_views(self, module_spec(self).piece_slots); })
      .def_property_readonly("prototypes",
                             [](const py::object& self) {
                               std::vector<PrototypeView> out;
                               for (const vmod::PrototypeSpec& p : module_spec(self).prototypes) out.push_back({&p, self});
                               return out;
                             })
      .def_readonly("global_properties", &vmod::Module::global_properties)
      .def_readonly("sides", &vmod::Module::sides)
      .def_property_readonly(
          "setup_stacks",
          [](const py::object& self) {
            std::vector<SetupStackView> stacks;
            for (const vmod::MapSpec& map : module_spec(self).maps) {
              const std::vector<SetupStackView> of_map = setup_stack_views(self, map);
              stacks.insert(stacks.end(), of_map.begin(), of_map.end());
            }
            return stacks;
          },
          "Every map's at-start stacks, in buildFile order.")
      .def_readonly("predefined_setups", &vmod::Module::predefined_setups,
                    "The set-ups of the module's menu (menus included), in buildFile order; open one with "
                    "adjutant.open_setup.")
      .def(
          "find_map", [](const py::object& self, const std::string& name) { return find_map(module_maps(self), name); },
          py::arg("name_or_id"), "A map by name or id; None when the module has none.")
      .def("__repr__", [](const vmod::Module& module) { return "<Module " + module.name + " " + module.version + ">"; });

  m.def("open_module", &vmod::load_module, py::arg("path"), py::call_guard<py::gil_scoped_release>(),
        "Opens a .vmod/.vmdx, an extracted module folder or a bare buildFile.");
}

}  // namespace adjutant::bindings
