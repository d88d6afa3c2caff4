// Geometry for scripts: Map (location names, points of names, hexes, snapping, range, a batch
// naming call, where at-start stacks go), HexGrid (a board's hexes: names, neighbours, distance,
// rings, lines, hexsides), Hex, and the GeometryError / LocationError exceptions.
#include <pybind11/stl.h>

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "bindings.h"
#include "core/geometry/geometry_error.h"
#include "core/hexes/hex_topology.h"
#include "core/hexes/terrain.h"
#include "map_view.h"
#include "slot_view.h"
#include "vmod/format_error.h"
#include "vmod/game.h"

namespace adjutant::bindings {
namespace {

using GeometriesPtr = std::shared_ptr<vmod::MapGeometries>;

// A board's hex grid with its place on the map, so that centres come out in map coordinates.
struct GridView {
  core::HexTopology topology;
  std::string board;
  std::shared_ptr<vmod::MapGeometries> geometries;  // keeps the map's geometry alive
  const core::MapGeometry* map = nullptr;
  py::object owner;

  const core::MapGeometry::Board& placed() const { return *map->board_named(board); }

  core::Hex hex(const py::handle& h) const {
    if (py::isinstance<py::str>(h)) {
      const std::string name = h.cast<std::string>();
      const auto found = topology.hex_named(name);
      if (!found) throw core::LocationError("no hex '" + name + "' on board '" + board + "'", name, map->name());
      return *found;
    }
    return h.cast<core::Hex>();
  }
};

py::tuple xy(core::Point p) { return py::make_tuple(p.x, p.y); }

const core::MapGeometry::Board& only_hex_board(const core::MapGeometry& map) {
  const core::MapGeometry::Board* found = nullptr;
  for (const auto& b : map.boards()) {
    if (!core::hex_grid_of(b.grid)) continue;
    if (found) throw core::GeometryError("map '" + map.name() + "' has several hex boards; use hex_grid(board)");
    found = &b;
  }
  if (!found) throw core::GeometryError("map '" + map.name() + "' has no hex board in its layout");
  return *found;
}

GridView grid_view(const MapView& view, const std::string& board) {
  const core::MapGeometry& map = view.geometry();
  const std::string name = board.empty() ? only_hex_board(map).name : board;
  if (!map.board_named(name)) {
    const bool known = std::any_of(view.spec->boards.begin(), view.spec->boards.end(),
                                   [&](const vmod::BoardSpec& b) { return b.name == name; });
    throw core::GeometryError("map '" + view.spec->save_id() + "' " +
                              (known ? "does not lay out board '" + name + "' here; Map.with_layout(['" + name +
                                           "']) lays it out alone"
                                     : "has no board '" + name + "'") +
                              " (" + view.geometries->boards_text(*view.spec) + ")");
  }
  return GridView{view.geometries->topology(view.spec->save_id(), name), name, view.geometries, &map, view.owner};
}

// The hex whose name VASSAL gives p: the board's hex grid (or a zoned board's hex background
// outside zones with grids of their own), by the rounding scheme names use.
std::optional<core::Hex> hex_at(const core::MapGeometry& map, core::Point p) {
  const core::MapGeometry::Board* board = map.find_board(p);
  if (!board) return std::nullopt;
  const core::Point local = map.to_board(*board, p);
  if (const auto* hex = std::get_if<core::HexGrid>(&board->grid)) return hex->raw_hex(local);
  if (const auto* zoned = std::get_if<core::ZonedGrid>(&board->grid)) {
    const core::Zone* zone = zoned->find_zone(local);
    const core::SimpleGrid* grid = zone ? zoned->grid_of(*zone) : &zoned->background();
    if (const auto* hex = grid ? std::get_if<core::HexGrid>(grid) : nullptr) return hex->raw_hex(local);
  }
  return std::nullopt;
}

// Points as a buffer of ints (N x 2, or 2N flat) or any sequence of (x, y) pairs.
std::vector<core::Point> points_of(const py::object& points) {
  std::vector<core::Point> out;
  if (py::isinstance<py::buffer>(points) && !py::isinstance<py::bytes>(points)) {
    const py::buffer_info info = py::reinterpret_borrow<py::buffer>(points).request();
    std::string format = info.format;
    if (!format.empty() && (format[0] == '<' || format[0] == '=' || format[0] == '@')) format.erase(0, 1);
    const bool integer = format == "i" || format == "l" || format == "q";
    const bool int32 = integer && info.itemsize == 4;
    const bool int64 = integer && info.itemsize == 8;
    if (!int32 && !int64) throw py::type_error("points buffer must hold 32- or 64-bit integers, not '" + info.format + "'");
    if (!(info.ndim == 1 && info.size % 2 == 0) && !(info.ndim == 2 && info.shape[1] == 2)) {
      throw py::value_error("points buffer must be N x 2, or flat with x, y pairs");
    }
    const bool contiguous = info.ndim == 1 ? info.strides[0] == info.itemsize
                                           : info.strides[1] == info.itemsize && info.strides[0] == 2 * info.itemsize;
    if (!contiguous) throw py::value_error("points buffer must be contiguous");
    out.resize(static_cast<size_t>(info.size / 2));
    for (size_t i = 0; i < out.size(); ++i) {
      if (int32) {
        const auto* v = static_cast<const int32_t*>(info.ptr);
        out[i] = {v[2 * i], v[2 * i + 1]};
      } else {
        const auto* v = static_cast<const int64_t*>(info.ptr);
        out[i] = {static_cast<int>(v[2 * i]), static_cast<int>(v[2 * i + 1])};
      }
    }
    return out;
  }
  for (const py::handle item : points) {
    const auto pair = item.cast<std::pair<int, int>>();
    out.push_back({pair.first, pair.second});
  }
  return out;
}

py::list location_names(const core::MapGeometry& map, const std::vector<core::Point>& points) {
  std::vector<std::string> names(points.size());
  {
    py::gil_scoped_release release;
    for (size_t i = 0; i < points.size(); ++i) names[i] = map.location_name(points[i]);
  }
  // Most points share a few hundred names: one Python string per distinct name.
  py::list out(points.size());
  std::unordered_map<std::string, py::str> made;
  for (size_t i = 0; i < names.size(); ++i) {
    auto it = made.find(names[i]);
    if (it == made.end()) it = made.emplace(names[i], py::str(names[i])).first;
    out[i] = it->second;
  }
  return out;
}

GeometriesPtr cached_geometries(const py::object& owner, const py::object& key,
                                const std::function<GeometriesPtr()>& make) {
  if (py::hasattr(owner, "_geometries") && key.equal(py::object(owner.attr("_geometries_key")))) {
    return owner.attr("_geometries").cast<GeometriesPtr>();
  }
  GeometriesPtr made = make();
  owner.attr("_geometries") = py::cast(made);
  owner.attr("_geometries_key") = key;
  return made;
}

std::vector<MapView> views(const GeometriesPtr& geometries, const py::object& owner) {
  std::vector<MapView> out;
  for (const vmod::MapSpec& spec : geometries->module().maps) out.push_back(MapView{geometries, &spec, owner});
  return out;
}

void bind_hex(py::module_& m) {
  py::class_<core::Hex>(m, "Hex", "A hex of a board's grid: VASSAL's raw column and row (HexGrid.getRawColumn/Row).")
      .def(py::init<int, int>(), py::arg("col"), py::arg("row"))
      .def_readonly("col", &core::Hex::col)
      .def_readonly("row", &core::Hex::row)
      .def("__eq__", [](const core::Hex& a, const core::Hex& b) { return a == b; }, py::is_operator())
      .def("__hash__", [](const core::Hex& h) { return std::hash<int64_t>{}((int64_t{h.col} << 32) ^ uint32_t(h.row)); })
      .def("__repr__", [](const core::Hex& h) {
        return "Hex(col=" + std::to_string(h.col) + ", row=" + std::to_string(h.row) + ")";
      });
}

void bind_hex_grid(py::module_& m) {
  py::class_<GridView>(m, "HexGrid",
                       "A board's hexes, independent of pixels. Arguments that take a hex take a Hex or its name "
                       "('1426'); hexes off the board are never returned.")
      .def_readonly("board", &GridView::board)
      .def("hex", [](const GridView& g, const std::string& name) { return g.hex(py::str(name)); }, py::arg("name"),
           "The hex a name stands for; LocationError when the grid has no such hex.")
      .def("name", [](const GridView& g, const py::object& h) { return g.topology.name(g.hex(h)); }, py::arg("hex"),
           "The hex's name as rulebooks write it ('2724'), without the location format.")
      .def("location_name", [](const GridView& g, const py::object& h) { return g.topology.location_name(g.hex(h)); },
           py::arg("hex"), "The name VASSAL gives the hex's centre.")
      .def("contains", [](const GridView& g, const py::object& h) { return g.topology.contains(g.hex(h)); },
           py::arg("hex"), "Whether the hex's centre lies on the board.")
      .def(
          "centre",
          [](const GridView& g, const py::object& h) {
            return xy(g.map->to_map(g.placed(), g.topology.grid().centre(g.hex(h))));
          },
          py::arg("hex"), "The hex's centre in map coordinates: where VASSAL snaps a piece.")
      .def("hexes", [](const GridView& g) { return core::HexExtent::of(g.topology).hexes(g.topology); },
           "Every hex whose centre lies on the board, column by column.")
      .def(
          "corners",
          [](const GridView& g, const py::object& h) {
            py::list out;
            for (core::Point p : g.topology.grid().corners(g.hex(h))) out.append(xy(g.map->to_map(g.placed(), p)));
            return out;
          },
          py::arg("hex"), "The hex's six corners in map coordinates, as VASSAL outlines it, going round it clockwise.")
      .def(
          "neighbors",
          [](const GridView& g, const py::object& h) {
            const core::Neighbours n = g.topology.neighbours(g.hex(h));
            return std::vector<core::Hex>(n.begin(), n.end());
          },
          py::arg("hex"), "The adjacent hexes on the board, clockwise from north (north-east on sideways grids).")
      .def(
          "distance", [](const GridView& g, const py::object& a, const py::object& b) { return g.topology.distance(g.hex(a), g.hex(b)); },
          py::arg("a"), py::arg("b"), "Hexes between a and b, as VASSAL's range counts them.")
      .def(
          "within", [](const GridView& g, const py::object& h, int radius) { return g.topology.within(g.hex(h), radius); },
          py::arg("hex"), py::arg("radius"), "The hexes at most `radius` steps away (the hex itself included).")
      .def(
          "ring", [](const GridView& g, const py::object& h, int radius) { return g.topology.ring(g.hex(h), radius); },
          py::arg("hex"), py::arg("radius"), "The hexes exactly `radius` steps away.")
      .def(
          "line", [](const GridView& g, const py::object& a, const py::object& b) { return g.topology.line(g.hex(a), g.hex(b)).hexes(); },
          py::arg("a"), py::arg("b"),
          "The hexes a straight line from a's centre to b's passes through, in order (both hexes beside it where it "
          "runs exactly along a hexside).")
      .def(
          "line_steps",
          [](const GridView& g, const py::object& a, const py::object& b) {
            py::list out;
            for (const core::HexLineStep& s : g.topology.line(g.hex(a), g.hex(b)).steps) {
              out.append(py::make_tuple(s.hex, s.along ? py::cast(*s.along) : py::none()));
            }
            return out;
          },
          py::arg("a"), py::arg("b"),
          "The line as (hex, along) steps: `along` is the other hex where the line runs along their hexside, else None.")
      .def(
          "hexside_name", [](const GridView& g, const py::object& a, const py::object& b) {
            return g.topology.hexside_name(g.topology.hexside(g.hex(a), g.hex(b)));
          },
          py::arg("a"), py::arg("b"), "The hexside between two adjacent hexes as rulebooks write it ('1426/1525').")
      .def("__repr__", [](const GridView& g) { return "<HexGrid " + g.board + ">"; });
}

MapView with_layout(const MapView& v, const py::iterable& boards) {
  vmod::BoardLayout layout;
  layout.picker_id = v.spec->save_id() + "BoardPicker";
  int column = 0;
  for (const py::handle item : boards) {
    vmod::BoardLayout::Cell cell;
    if (py::isinstance<py::str>(item)) {
      cell = {item.cast<std::string>(), false, column++, 0};
    } else {
      const auto t = item.cast<py::tuple>();
      if (t.size() < 3 || t.size() > 4) throw py::value_error("a board of a layout is a name or (board, column, row, reversed)");
      cell = {t[0].cast<std::string>(), t.size() == 4 && t[3].cast<bool>(), t[1].cast<int>(), t[2].cast<int>()};
    }
    const bool known = std::any_of(v.spec->boards.begin(), v.spec->boards.end(),
                                   [&](const vmod::BoardSpec& b) { return b.name == cell.board; });
    if (!known) {
      throw core::GeometryError("map '" + v.spec->save_id() + "' has no board '" + cell.board + "' (" +
                                v.geometries->boards_text(*v.spec) + ")");
    }
    layout.cells.push_back(cell);
  }
  if (layout.cells.empty()) throw py::value_error("a layout needs a board");
  auto made = std::make_shared<vmod::MapGeometries>(v.geometries->module(),
                                                    std::map<std::string, vmod::BoardLayout>{{v.spec->save_id(), layout}});
  for (const auto& [board, size] : v.geometries->assumed_board_sizes()) made->assume_board_size(board, size);
  return MapView{made, v.spec, v.owner};
}

py::object none_unless(bool placed, int value) { return placed ? py::cast(value) : py::none(); }

void bind_setup_stack_placement(py::module_& m) {
  py::class_<core::SetupStackPlacement>(m, "SetupStackPlacement", "Where a SetupStack puts its pieces.")
      .def_readonly("placed", &core::SetupStackPlacement::placed,
                    "False when the owning board is not in the layout: VASSAL does not make the stack.")
      .def_property_readonly("x", [](const core::SetupStackPlacement& p) { return none_unless(p.placed, p.position.x); },
                             "None when not placed.")
      .def_property_readonly("y", [](const core::SetupStackPlacement& p) { return none_unless(p.placed, p.position.y); })
      .def_property_readonly(
          "point", [](const core::SetupStackPlacement& p) { return p.placed ? py::object(xy(p.position)) : py::none(); },
          "(x, y) in map coordinates; None when not placed.")
      .def_readonly("warning", &core::SetupStackPlacement::warning,
                    "VASSAL's data warning, such as a grid location the board's grid does not know (the stack then "
                    "keeps its x, y); '' when none.")
      .def("__repr__", [](const core::SetupStackPlacement& p) {
        if (!p.placed) return std::string("<SetupStackPlacement not placed>");
        return "<SetupStackPlacement (" + std::to_string(p.position.x) + "," + std::to_string(p.position.y) + ")" +
               (p.warning.empty() ? "" : " warning") + ">";
      });
}

void bind_map(py::module_& m) {
  py::class_<MapView>(m, "Map",
                      "A map of the module: its boards and settings, and its geometry under a board layout (the "
                      "module's default, or a game's). Points are map coordinates, as saves store them.")
      .def_property_readonly("id", [](const MapView& v) { return v.spec->id; }, "Map0, Map1, ... in buildFile order.")
      .def_property_readonly("name", [](const MapView& v) { return v.spec->name; })
      .def_property_readonly("class_name", [](const MapView& v) { return v.spec->class_name; },
                             "'Map', 'PrivateMap' or 'PlayerHand'.")
      .def_property_readonly("edge_width", [](const MapView& v) { return v.spec->edge_width; })
      .def_property_readonly("edge_height", [](const MapView& v) { return v.spec->edge_height; })
      .def_property_readonly("boards", [](const MapView& v) { return v.spec->boards; })
      .def_property_readonly("default_layout", [](const MapView& v) { return v.spec->default_layout; })
      .def_property_readonly("setup_stacks",
                             [](const MapView& v) { return setup_stack_views(module_object(v.owner), *v.spec); })
      .def_property_readonly("global_properties", [](const MapView& v) { return v.spec->global_properties; })
      .def_property_readonly("save_id", [](const MapView& v) { return v.spec->save_id(); }, "How saves name the map.")
      .def_property_readonly(
          "layout",
          [](const MapView& v) {
            py::list out;
            for (const auto& b : v.geometry().boards()) {
              out.append(py::make_tuple(b.name, b.column, b.row, b.reversed, py::make_tuple(b.bounds.x, b.bounds.y, b.bounds.width, b.bounds.height)));
            }
            return out;
          },
          "The boards placed: (name, column, row, reversed, (x, y, width, height)).")
      .def_property_readonly("size", [](const MapView& v) { const core::Size s = v.geometry().size(); return py::make_tuple(s.width, s.height); })
      .def_property_readonly(
          "notes",
          [](const MapView& v) {
            v.geometry();
            return v.geometries->notes();
          },
          "What had to be assumed, such as a board whose image is missing.")
      .def("location_name", [](const MapView& v, int x, int y) { return v.geometry().location_name({x, y}); },
           py::arg("x"), py::arg("y"), "VASSAL's name for a point (Map.locationName): a deck, a grid location or 'offboard'.")
      .def("location_names", [](const MapView& v, const py::object& points) { return location_names(v.geometry(), points_of(points)); },
           py::arg("points"),
           "location_name for many points at once: a sequence of (x, y) pairs, or a buffer of ints (N x 2).")
      .def("snap", [](const MapView& v, int x, int y) { return xy(v.geometry().snap({x, y})); }, py::arg("x"), py::arg("y"),
           "Where VASSAL snaps a piece dropped at the point (Map.snapTo).")
      .def("point_of", [](const MapView& v, const std::string& name, const std::string& board) {
             return xy(v.geometry().location(name, board));
           },
           py::arg("name"), py::arg("board") = "",
           "The point a location name stands for, as SetupStack and SendToLocation place it; LocationError when no "
           "board's grid knows the name.")
      .def(
          "setup_stack_place",
          [](const MapView& v, const SetupStackView& stack) {
            if (stack.map->save_id() != v.spec->save_id()) {
              throw py::value_error("SetupStack '" + stack.spec->name + "' belongs to map '" + stack.map->save_id() +
                                    "', not '" + v.spec->save_id() + "'");
            }
            const vmod::SetupStackSpec& s = *stack.spec;
            return v.geometry().setup_stack(s.owning_board, s.use_grid_location, s.location, {s.x, s.y});
          },
          py::arg("stack"),
          "Where VASSAL puts a SetupStack of this map under this layout (SetupStack.setup): a SetupStackPlacement.")
      .def("hex_at", [](const MapView& v, int x, int y) { return hex_at(v.geometry(), {x, y}); }, py::arg("x"), py::arg("y"),
           "The hex the point is named after, in the grid of the board under it; None off hex boards.")
      .def("board_at", [](const MapView& v, int x, int y) -> std::optional<std::string> {
             const auto* b = v.geometry().find_board({x, y});
             return b ? std::optional<std::string>(b->name) : std::nullopt;
           },
           py::arg("x"), py::arg("y"), "The name of the board under the point; None off every board.")
      .def("range", [](const MapView& v, int x1, int y1, int x2, int y2) { return v.geometry().range({x1, y1}, {x2, y2}); },
           py::arg("x1"), py::arg("y1"), py::arg("x2"), py::arg("y2"), "VASSAL's range between two points (MapGrid.range).")
      .def(
          "board_image",
          [](const MapView& v, const std::string& name) {
            for (const vmod::BoardSpec& board : v.spec->boards) {
              if (board.name == name) return py::bytes(v.geometries->images().file(board));
            }
            throw py::key_error("map '" + v.spec->name + "' has no board '" + name + "'");
          },
          py::arg("board"),
          "The board's image file as the module stores it (PNG, JPEG, GIF or SVG bytes); FormatError when the board "
          "has no image or the module lacks it.")
      .def_property_readonly("grid", [](const MapView& v) { return grid_view(v, ""); },
                             "The HexGrid of the map's only hex board.")
      .def("hex_grid", [](const MapView& v, const std::string& board) { return grid_view(v, board); }, py::arg("board"),
           "The HexGrid of a board of the layout (GeometryError naming the boards otherwise).")
      .def("with_layout", &with_layout, py::arg("boards"),
           "The same map with other boards laid out, as VASSAL's Board Picker lets players choose: board names, "
           "placed left to right, or (board, column, row, reversed) as Game.board_layouts gives them. GeometryError "
           "when the map has no such board.")
      .def("__repr__", [](const MapView& v) { return "<Map " + v.spec->save_id() + ">"; });
}

}  // namespace

std::shared_ptr<vmod::MapGeometries> module_geometries(const py::object& module) {
  const auto& spec = module.cast<const vmod::Module&>();
  return cached_geometries(module, py::none(), [&] { return std::make_shared<vmod::MapGeometries>(spec); });
}

std::vector<MapView> module_maps(const py::object& module) { return views(module_geometries(module), module); }

std::vector<MapView> game_maps(const py::object& game_object) {
  const auto& game = game_object.cast<const vmod::Game&>();
  if (!game.module()) {
    throw vmod::GameStateError("the game was opened without its module, so its maps are unknown: pass the module "
                               "to open_game",
                               vmod::Place{game.source(), "", ""});
  }
  // Layouts change only with the game's state: rebuild after replay or changes.
  const py::object key = py::make_tuple(game.position(), game.changes().size());
  return views(cached_geometries(game_object, key,
                                 [&] {
                                   auto made = std::make_shared<vmod::MapGeometries>(*game.module(), game.board_layouts());
                                   // Board sizes a companion file gave for the module hold for its games.
                                   const py::object module = py::getattr(game_object, "_module_object", py::none());
                                   if (!module.is_none()) {
                                     for (const auto& [board, size] : module_geometries(module)->assumed_board_sizes()) {
                                       made->assume_board_size(board, size);
                                     }
                                   }
                                   return made;
                                 }),
               game_object);
}

std::optional<MapView> find_map(const std::vector<MapView>& maps, const std::string& name_or_id) {
  for (const MapView& v : maps) {
    if (v.spec->name == name_or_id || v.spec->id == name_or_id) return v;
  }
  return std::nullopt;
}

void bind_geometry(py::module_& m) {
  auto& geometry_error = py::register_exception<core::GeometryError>(m, "GeometryError", PyExc_ValueError);
  py::register_exception<core::LocationError>(m, "LocationError", geometry_error.ptr());
  py::class_<vmod::MapGeometries, GeometriesPtr>(m, "_MapGeometries");
  bind_hex(m);
  bind_hex_grid(m);
  bind_setup_stack_placement(m);
  bind_map(m);
}

}  // namespace adjutant::bindings
