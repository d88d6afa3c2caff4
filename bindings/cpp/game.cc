// adjutant.open_game and the game state: pieces and stacks, players, global properties, a log's
// steps with replay, changes, and writing new saves and logs.
#include <pybind11/stl.h>

#include <memory>

#include "bindings.h"
#include "map_view.h"
#include "piece_ref.h"
#include "core/game/step_effect.h"
#include "vmod/game.h"
#include "vmod/module.h"
#include "vmod/predefined_setup.h"

namespace adjutant::bindings {
namespace {

std::vector<PieceRef> refs(const GamePtr& game, const std::vector<const vmod::GamePiece*>& pieces) {
  std::vector<PieceRef> out;
  out.reserve(pieces.size());
  for (const vmod::GamePiece* p : pieces) out.push_back(PieceRef{game, p->id});
  return out;
}

std::optional<std::string> none_if_empty(const std::string& s) {
  return s.empty() ? std::nullopt : std::optional<std::string>(s);
}

// The map a piece stands on, with the game's geometry; nullopt off every map (or on a map the
// module does not know).
std::optional<MapView> map_of(const PieceRef& p) {
  const std::string& map = p.get().map;
  if (map.empty()) return std::nullopt;
  for (const MapView& v : game_maps(py::cast(p.game))) {
    if (v.spec->save_id() == map) return v;
  }
  return std::nullopt;
}

void bind_step_effect(py::module_& m) {
  py::class_<PiecePlace>(m, "PiecePlace", "Where a piece stood: map and point.")
      .def_readonly("map", &PiecePlace::map)
      .def_readonly("x", &PiecePlace::x)
      .def_readonly("y", &PiecePlace::y)
      .def("__repr__", [](const PiecePlace& p) {
        return "<PiecePlace " + p.map + " (" + std::to_string(p.x) + "," + std::to_string(p.y) + ")>";
      });
  py::class_<PropertyChange>(m, "PropertyChange", "A property's value before and after a step.")
      .def_readonly("name", &PropertyChange::name)
      .def_readonly("before", &PropertyChange::before)
      .def_readonly("after", &PropertyChange::after);
  py::class_<PieceEffect>(m, "PieceEffect", "What one step did to one piece.")
      .def_readonly("id", &PieceEffect::id)
      .def_readonly("name", &PieceEffect::name)
      .def_readonly("created", &PieceEffect::created)
      .def_readonly("removed", &PieceEffect::removed)
      .def_readonly("from_place", &PieceEffect::from)
      .def_readonly("to_place", &PieceEffect::to)
      .def_readonly("changed", &PieceEffect::changed)
      .def_property_readonly("moved", &PieceEffect::moved);
  py::class_<StepEffect>(m, "StepEffect", "What one step of a log did.")
      .def_property_readonly("step", [](const StepEffect& e) { return e.index + 1; },
                             "The step's number, counted from 1 as VASSAL's step-through, Game.position, warnings "
                             "and `check moves` count them.")
      .def_readonly("pieces", &StepEffect::pieces)
      .def_readonly("chat", &StepEffect::chat)
      .def_readonly("other", &StepEffect::other)
      .def(
          "describe",
          [](const StepEffect& e) {
            std::string text;
            for (const std::string& line : e.describe()) text += (text.empty() ? "" : "\n") + line;
            return text;
          },
          "What the step did as text, one line per effect ('moved ... (1477,1536) -> (1532,1504)'); '' for none.")
      .def("__repr__", [](const StepEffect& e) { return "<StepEffect step " + std::to_string(e.index + 1) + ">"; });
}

void bind_piece(py::module_& m) {
  py::class_<PieceRef>(m, "Piece", "A piece (or a stack) of a game, always in the game's current state.")
      .def_property_readonly("id", [](const PieceRef& p) { return p.id; })
      .def_property_readonly("name", [](const PieceRef& p) { return p.get().name(); })
      .def_property_readonly("map", [](const PieceRef& p) { return none_if_empty(p.get().map); },
                             "The map as saves name it; None when off every map.")
      .def_property_readonly("x", [](const PieceRef& p) { return p.get().x; })
      .def_property_readonly("y", [](const PieceRef& p) { return p.get().y; })
      .def_property_readonly(
          "location",
          [](const PieceRef& p) -> std::optional<std::string> {
            const auto view = map_of(p);
            if (!view) return std::nullopt;
            return view->geometry().location_name({p.get().x, p.get().y});
          },
          "VASSAL's LocationName of the piece's point ('2724', a zone's name, 'offboard'); None off every map. "
          "Needs the game opened with its module.")
      .def_property_readonly(
          "hex",
          [](const PieceRef& p) -> py::object {
            const auto view = map_of(p);
            if (!view) return py::none();
            return py::cast(*view).attr("hex_at")(p.get().x, p.get().y);
          },
          "The Hex the piece stands in (in the grid of the board under it); None off hex boards.")
      .def_property_readonly("is_stack", [](const PieceRef& p) { return p.get().is_stack(); })
      .def_property_readonly("stack", [](const PieceRef& p) { return none_if_empty(p.get().stack); },
                             "The id of the stack holding the piece, None when it stands alone.")
      .def_property_readonly("members", [](const PieceRef& p) { return p.get().members; },
                             "A stack's piece ids, bottom first.")
      .def_property_readonly("properties", [](const PieceRef& p) { return p.game->properties(p.get()); },
                             "Properties by VASSAL's names, location properties included.")
      .def_property_readonly("traits", [](const PieceRef& p) { return p.get().chain().traits(); },
                             "The trait chain, outermost first; the basic piece is last.")
      .def(
          "set_property", [](PieceRef& p, const std::string& name, const std::string& value) {
            p.game->set_property(p.id, name, value);
          },
          py::arg("name"), py::arg("value"),
          "Sets a Marker, DynamicProperty, layer level (<layer>_Level) or label; PieceError when no trait holds it.")
      .def(
          "move_to", [](PieceRef& p, const std::string& map, int x, int y) { p.game->move_piece(p.id, map, x, y); },
          py::arg("map"), py::arg("x"), py::arg("y"), "Moves the piece (out of its stack) to a point of a map.")
      .def("__eq__", [](const PieceRef& a, const PieceRef& b) { return a.game == b.game && a.id == b.id; },
           py::is_operator())
      .def("__hash__", [](const PieceRef& p) { return std::hash<std::string>{}(p.id); })
      .def("__repr__", [](const PieceRef& p) {
        const vmod::GamePiece* piece = p.game->find(p.id);
        if (!piece) return "<Piece " + p.id + " (gone)>";
        return "<Piece " + p.id + " " + (piece->is_stack() ? "stack" : piece->name()) + ">";
      });
}

void bind_game_class(py::module_& m) {
  py::class_<vmod::Player>(m, "Player", "A player of the game and the side taken.")
      .def_readonly("id", &vmod::Player::id)
      .def_readonly("name", &vmod::Player::name)
      .def_readonly("side", &vmod::Player::side);
  py::class_<vmod::GameWarning>(m, "GameWarning", "A command VASSAL passes over in silence, and where.")
      .def_readonly("position", &vmod::GameWarning::position)
      .def_readonly("message", &vmod::GameWarning::message)
      .def("__str__", [](const vmod::GameWarning& w) { return w.position + ": " + w.message; })
      .def("__repr__", [](const vmod::GameWarning& w) { return "<GameWarning " + w.position + ": " + w.message + ">"; });

  py::class_<vmod::Game, GamePtr>(m, "Game", "A saved game or log as VASSAL holds it after loading.", py::dynamic_attr())
      .def_property_readonly("source", &vmod::Game::source)
      .def_property_readonly("is_log", &vmod::Game::is_log)
      .def_property_readonly("pieces", [](const GamePtr& g) { return refs(g, g->pieces()); },
                             "Every piece that is not a stack, in save order.")
      .def_property_readonly("stacks", [](const GamePtr& g) { return refs(g, g->stacks()); })
      .def(
          "piece",
          [](const GamePtr& g, const std::string& id) {
            g->piece(id);  // GameStateError for an unknown id
            return PieceRef{g, id};
          },
          py::arg("id"))
      .def_property_readonly("maps", &game_maps, "The module's maps with the boards this game laid out.")
      .def(
          "map", [](const py::object& self, const std::string& name) {
            auto view = find_map(game_maps(self), name);
            if (!view) {
              const auto& g = self.cast<const vmod::Game&>();
              throw vmod::GameStateError("no map '" + name + "' in the module", vmod::Place{g.source(), "", ""});
            }
            return *view;
          },
          py::arg("name_or_id"), "A map by name or id, with this game's board layout.")
      .def_property_readonly("players", &vmod::Game::players)
      .def_property_readonly(
          "global_properties",
          [](const vmod::Game& g) {
            py::dict out;
            for (const auto& [key, value] : g.global_properties()) out[py::make_tuple(key.container, key.name)] = value;
            return out;
          },
          "Values by (container, name); the container is 'Module', a map or 'map:zone'.")
      .def(
          "global_property",
          [](const vmod::Game& g, const std::string& name, const std::string& container) -> std::optional<std::string> {
            auto it = g.global_properties().find({container, name});
            if (it == g.global_properties().end()) return std::nullopt;
            return it->second;
          },
          py::arg("name"), py::arg("container") = "Module", "A global property's value, None when never set.")
      .def_property_readonly(
          "board_layouts",
          [](const vmod::Game& g) {
            py::dict out;
            for (const auto& [map, layout] : g.board_layouts()) {
              py::list cells;
              for (const auto& c : layout.cells) cells.append(py::make_tuple(c.board, c.column, c.row, c.reversed));
              out[py::str(map)] = cells;
            }
            return out;
          },
          "Per map: (board, column, row, reversed) for each board placed.")
      .def_property_readonly(
          "savedata",
          [](const vmod::Game& g) -> std::optional<py::dict> {
            if (!g.savedata()) return std::nullopt;
            py::dict d;
            d["version"] = g.savedata()->version;
            d["vassal_version"] = g.savedata()->vassal_version;
            d["date_saved"] = g.savedata()->date_saved;
            return d;
          },
          "The file's savedata entry: version (the module's version, which VASSAL often leaves empty: see "
          "moduledata), VASSAL's version and dateSaved (ms since the epoch); None when the file has no savedata entry.")
      .def_property_readonly(
          "moduledata",
          [](const vmod::Game& g) -> std::optional<py::dict> {
            if (!g.moduledata()) return std::nullopt;
            py::dict d;
            d["name"] = g.moduledata()->name;
            d["version"] = g.moduledata()->version;
            d["vassal_version"] = g.moduledata()->vassal_version;
            return d;
          },
          "The module that wrote the file, as the save copied its moduledata: name, version and the VASSAL version it "
          "was made with; None when the file has none (or it cannot be read).")
      .def_property_readonly("warnings", &vmod::Game::warnings,
                             "Commands skipped the way VASSAL skips them, such as moves of unknown pieces.")
      .def_property_readonly(
          "steps",
          [](const vmod::Game& g) {
            std::vector<vmod::Command> steps;
            py::gil_scoped_release release;
            for (size_t i = 0; i < g.step_count(); ++i) steps.push_back(g.step(i));
            return steps;
          },
          "A log's steps as commands (empty for a save): steps[n - 1] is step n.")
      .def_property_readonly("step_count", &vmod::Game::step_count)
      .def_property_readonly("position", &vmod::Game::position,
                             "The number of the last step applied (steps count from 1; 0 before the first); a log "
                             "opens at its end.")
      .def("step_forward", &vmod::Game::step_forward, py::call_guard<py::gil_scoped_release>(),
           "Applies step position + 1 and says what it did (its StepEffect.step is the new position).")
      .def("step_back", &vmod::Game::step_back, py::call_guard<py::gil_scoped_release>(),
           "Undoes step `position` and says what that step had done (its StepEffect.step is the old position).")
      .def("seek", &vmod::Game::seek, py::arg("position"), py::call_guard<py::gil_scoped_release>(), "Stands after step `position` (0: before the first).")
      .def("set_property", &vmod::Game::set_property, py::arg("id"), py::arg("name"), py::arg("value"),
           "Sets a Marker, DynamicProperty, layer level (`<layer>_Level`), Labeler text, rotator facing "
           "(`<rotator>_Facing`, 1 to its number of facings) or Moved of one piece; the change "
           "is remembered for save()/save_log(). PieceError when no trait holds it, GameStateError for an unknown id.")
      .def("move_piece", &vmod::Game::move_piece, py::arg("id"), py::arg("map"), py::arg("x"), py::arg("y"),
           "Moves one piece (out of its stack) to a point of a map (the map id saves use); remembered for "
           "save()/save_log(). GameStateError for an unknown id.")
      .def("add_piece",
           py::overload_cast<const std::string&, const std::string&, int, int>(&vmod::Game::add_piece),
           py::arg("entry"), py::arg("map"), py::arg("x"), py::arg("y"),
           "Puts a new piece from the module's palette entry `entry` (its PieceSlot's name) at (x, y) of `map` (name "
           "or id; the point as given, not snapped), on top of the stack standing there, as VASSAL records a drop from "
           "the palette; returns its id. Remembered for save()/save_log(). GameStateError naming the entry when the "
           "game was opened without a module or the module has no such entry, naming the map when it has no such map.")
      .def("delete_piece", &vmod::Game::delete_piece, py::arg("id"),
           "Takes a piece off the table (VASSAL's RemovePiece): it leaves its stack, and an emptied stack is left out "
           "of saves. Remembered for save()/save_log(). GameStateError for an unknown id or a stack.")
      .def("set_global_property", &vmod::Game::set_global_property, py::arg("name"), py::arg("value"),
           py::arg("container") = "Module",
           "Sets a global property (container 'Module', a map name or 'map:zone'); remembered for save()/save_log() "
           "as VASSAL's MutableProperty change.")
      .def("chat", &vmod::Game::chat, py::arg("text"),
           "Adds a chat line (VASSAL's CHAT): a new step of save_log(); save() leaves it out, as a save holds no chat.")
      .def(
          "copy",
          [](const py::object& self) {
            py::object copy = py::cast(std::make_shared<vmod::Game>(self.cast<const vmod::Game&>().copy()));
            copy.attr("_module_object") = self.attr("_module_object");
            return copy;
          },
          "An independent copy of the game as it stands (pieces, changes, log position): a change to one is not "
          "seen in the other. Cheaper than opening the file again.")
      .def_property_readonly("change_count", [](const vmod::Game& g) { return g.changes().size(); })
      .def("save_text", &vmod::Game::save_text, py::call_guard<py::gil_scoped_release>(), "The savedGame text of a save of the current state.")
      .def("log_text", &vmod::Game::log_text, py::call_guard<py::gil_scoped_release>(), "The log read, with one new step per change.")
      .def("save", &vmod::Game::save, py::arg("path"), py::arg("key") = py::none(), py::call_guard<py::gil_scoped_release>(),
           "Writes a new .vsav of the current state (never over an existing file). key: obfuscation key 0-255.")
      .def("save_log", &vmod::Game::save_log, py::arg("path"), py::arg("key") = py::none(), py::call_guard<py::gil_scoped_release>(),
           "Writes a new .vlog: the log read plus a step per change, for VASSAL's step-through.")
      .def("__repr__", [](const vmod::Game& g) {
        return "<Game " + g.source() + (g.is_log() ? " log, " + std::to_string(g.step_count()) + " steps" : "") + ">";
      });

  m.def(
      "open_game",
      [](const std::string& path, const py::object& module) {
        const auto* spec = module.is_none() ? nullptr : &module.cast<const vmod::Module&>();
        std::shared_ptr<vmod::Game> opened;
        {
          py::gil_scoped_release release;
          opened = std::make_shared<vmod::Game>(vmod::Game::open(path, spec));
        }
        py::object game = py::cast(std::move(opened));
        game.attr("_module_object") = module;  // keeps it alive; its assumed board sizes apply to the game's maps
        return game;
      },
      py::arg("path"), py::arg("module") = py::none(),
      "Opens a .vsav/.vlog (or legacy .sav/.log, or a bare save text). A log opens at its last step.");
  m.def(
      "open_setup",
      [](const py::object& module, const std::string& name_or_file) {
        const auto& spec = module.cast<const vmod::Module&>();
        std::shared_ptr<vmod::Game> opened;
        {
          py::gil_scoped_release release;
          opened = std::make_shared<vmod::Game>(vmod::open_predefined_setup(spec, name_or_file));
        }
        py::object game = py::cast(std::move(opened));
        game.attr("_module_object") = module;
        return game;
      },
      py::arg("module"), py::arg("name_or_file"),
      "Opens a predefined set-up of the module (by its menu name, else its file) from the module's own archive. "
      "BuildFileError when the module has no such set-up or it loads no save; ArchiveError when its file is missing.");
}

}  // namespace

void bind_game(py::module_& m) {
  bind_step_effect(m);
  bind_piece(m);
  bind_game_class(m);
}

}  // namespace adjutant::bindings
