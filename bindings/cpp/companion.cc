// The terrain companion file for scripts: adjutant.open_companion(path, module) checks every name
// against the module's hex grids, and the result answers terrain and elevation per hex and sums
// up what the file holds (what `adjutant terrain check` prints).
#include <pybind11/stl.h>

#include <memory>

#include "bindings.h"
#include "core/geometry/geometry_error.h"
#include "core/game/unit_mapping.h"
#include "map_view.h"
#include "piece_ref.h"
#include "slot_view.h"
#include "vmod/companion.h"
#include "vmod/piece_unit.h"
#include "vmod/terrain_sample.h"

namespace adjutant::bindings {
namespace {

using CompanionPtr = std::shared_ptr<vmod::Companion>;

py::list counts(const std::vector<std::pair<std::string, int>>& pairs) {
  py::list out;
  for (const auto& [name, count] : pairs) out.append(py::make_tuple(name, count));
  return out;
}

py::dict summary_dict(const vmod::CompanionSummary& s) {
  py::dict d;
  d["file"] = s.file;
  d["rules"] = s.rules;
  d["module_name"] = s.module_name;
  d["module_version"] = s.module_version;
  d["terrain_types"] = s.terrain_types;
  d["hexside_feature_types"] = s.hexside_feature_types;
  d["line_types"] = s.line_types;
  d["place_kinds"] = s.place_kinds;
  d["unit_attributes"] = s.unit_attributes;
  d["unit_sources"] = s.unit_sources;
  d["unit_rules"] = s.unit_rules;
  py::list maps;
  for (const vmod::CompanionMapSummary& m : s.maps) {
    py::dict map;
    map["name"] = m.name;
    map["board"] = m.board;
    map["hexes"] = m.hexes;
    map["terrain"] = counts(m.terrain);
    map["min_elevation"] = m.min_elevation;
    map["max_elevation"] = m.max_elevation;
    map["hexside_features"] = counts(m.hexside_features);
    map["lines"] = counts(m.lines);
    map["places"] = counts(m.places);
    map["areas"] = m.areas;
    maps.append(map);
  }
  d["maps"] = maps;
  return d;
}

// {"from", "name", "level_name", "values", "value"}; name is None for a prototype or a fixed
// value, value is None unless the source is a fixed value.
py::dict source_dict(const core::AttributeSource& s) {
  using From = core::AttributeSource::From;
  const char* from = s.from == From::kProperty ? "property"
                     : s.from == From::kLayer  ? "layer"
                     : s.from == From::kPrototype ? "prototype"
                                                  : "value";
  const bool named = s.from == From::kProperty || s.from == From::kLayer;
  py::list values;
  for (const auto& [raw, value] : s.values) {
    py::list pair;
    pair.append(raw);
    pair.append(value);
    values.append(pair);
  }
  py::dict d;
  d["from"] = from;
  d["name"] = named ? py::object(py::str(s.name)) : py::object(py::none());
  d["level_name"] = s.level_name;
  d["values"] = values;
  d["value"] = s.from == From::kValue ? py::object(py::str(s.value)) : py::object(py::none());
  return d;
}

// A map's terrain with the companion that owns it.
struct TerrainView {
  CompanionPtr companion;
  const core::TerrainModel* model;
  core::Hex hex(const std::string& name) const {
    const auto h = model->topology().hex_named(name);
    if (!h || !model->on_map(*h)) {
      throw core::LocationError("no hex '" + name + "' on map '" + model->map() + "'", name, model->map());
    }
    return *h;
  }
  std::string name(core::Hex h) const { return model->topology().unambiguous_name(h); }
  // Each hexside between two hexes of the map once: (a, b, what `of` names there), where `of` has any.
  template <typename Of>
  py::list hexsides(Of of) const {
    py::list out;
    for (const core::Hex h : model->hexes()) {
      for (int d = 0; d < 6; ++d) {
        const auto n = model->topology().neighbour(h, d);
        if (!n || !model->on_map(*n) || model->extent().index(*n) < model->extent().index(h)) continue;
        std::vector<std::string> names = of(h, d);
        if (!names.empty()) out.append(py::make_tuple(name(h), name(*n), names));
      }
    }
    return out;
  }
};

std::vector<std::string> names_in(const core::Vocabulary& vocabulary, uint64_t set) {
  std::vector<std::string> out;
  for (int id = 0; id < vocabulary.size(); ++id) {
    if (set & (uint64_t{1} << id)) out.push_back(vocabulary.name(id));
  }
  return out;
}

}  // namespace

void bind_companion(py::module_& m) {
  py::class_<TerrainView>(m, "Terrain", "One map's terrain from a companion file; hexes by name ('1426').")
      .def_property_readonly("map", [](const TerrainView& t) { return t.model->map(); })
      .def_property_readonly("board", [](const TerrainView& t) { return t.model->board(); })
      .def("terrain", [](const TerrainView& t, const std::string& hex) { return t.model->terrain_name(t.hex(hex)); },
           py::arg("hex"))
      .def("elevation", [](const TerrainView& t, const std::string& hex) { return t.model->elevation(t.hex(hex)); },
           py::arg("hex"))
      .def("hexes", [](const TerrainView& t) {
             std::vector<std::string> out;
             for (const core::Hex h : t.model->hexes()) out.push_back(t.name(h));
             return out;
           },
           "Every hex of the map, column by column.")
      .def("hexside_features", [](const TerrainView& t) {
             return t.hexsides([&](core::Hex h, int d) {
               return names_in(t.model->vocabulary().hexside, t.model->hexside_features(h, d));
             });
           },
           "[(a, b, [feature, ...])] for every hexside with features.")
      .def("line_crossings", [](const TerrainView& t) {
             return t.hexsides([&](core::Hex h, int d) {
               return names_in(t.model->vocabulary().lines, t.model->lines_across(h, d));
             });
           },
           "[(a, b, [line type, ...])] for every hexside a line (road, rail ...) crosses from a to b.")
      .def("lines", [](const TerrainView& t) {
             py::list out;
             for (const core::LineFeature& line : t.model->lines()) {
               std::vector<std::string> hexes, apart;
               for (const core::Hex h : line.hexes) hexes.push_back(t.name(h));
               for (const core::Hex h : line.no_junction) apart.push_back(t.name(h));
               out.append(py::module_::import("types").attr("SimpleNamespace")(
                   py::arg("type") = t.model->vocabulary().lines.name(line.type), py::arg("name") = line.name,
                   py::arg("hexes") = hexes, py::arg("no_junction") = apart));
             }
             return out;
           },
           "The [[map.line]] chains as the file declares them: .type, .name, .hexes, .no_junction.")
      .def("high_sides", [](const TerrainView& t) {
             const core::TerrainVocabulary& v = t.model->vocabulary();
             py::list out;
             for (const py::handle side : t.hexsides([&](core::Hex h, int d) {
                    return names_in(v.hexside, t.model->hexside_features(h, d) & v.high_side);
                  })) {
               const auto [a, b, features] = side.cast<std::tuple<std::string, std::string, std::vector<std::string>>>();
               for (const std::string& feature : features) {
                 const auto high = t.model->high_side(t.hex(a), t.hex(b), *v.hexside.id(feature));
                 out.append(py::make_tuple(a, b, feature, high ? t.name(*high) : std::string()));
               }
             }
             return out;
           },
           "[(a, b, feature, higher hex)] for every high-side feature (slope ...) of the map.")
      .def("__repr__", [](const TerrainView& t) { return "<Terrain " + t.model->map() + ">"; });

  py::class_<vmod::Companion, CompanionPtr>(m, "Companion",
                                            "A terrain companion file (docs/companion-format.md), checked against a module.")
      .def_readonly("file", &vmod::Companion::file)
      .def_readonly("rules", &vmod::Companion::rules, "The rules plugin the file is for.")
      .def_readonly("module_name", &vmod::Companion::module_name)
      .def_readonly("module_version", &vmod::Companion::module_version)
      .def_property_readonly(
          "maps",
          [](const CompanionPtr& c) {
            std::vector<TerrainView> out;
            for (const core::TerrainModel& model : c->maps) out.push_back({c, &model});
            return out;
          })
      .def(
          "map",
          [](const CompanionPtr& c, const std::string& name, const std::string& board) -> std::optional<TerrainView> {
            const core::TerrainModel* model = c->map(name, board);
            if (!model) return std::nullopt;
            return TerrainView{c, model};
          },
          py::arg("name"), py::arg("board") = "")
      .def_property_readonly("unit_attributes", [](const CompanionPtr& c) { return c->units.attributes; },
                             "The unit attributes the file declares, in order.")
      .def(
          "unit_source",
          [](const CompanionPtr& c, const std::string& attribute) -> std::optional<py::dict> {
            const core::AttributeSource* source = c->units.source(attribute);
            if (!source) return std::nullopt;
            return source_dict(*source);
          },
          py::arg("attribute"),
          "Where [units.attributes] takes an attribute from: {'from': 'property'|'layer'|'prototype'|'value', "
          "'name' (the property or layer), 'level_name', 'values' ([raw, value] translations, or [prototype, value]), "
          "'value' (a fixed value)}; None when the file gives the attribute no source.")
      .def(
          "unit",
          [](const CompanionPtr& c, const py::object& piece, const py::object& module) -> std::optional<vmod::UnitAttributes> {
            if (py::isinstance<SlotView>(piece)) {
              const SlotView& slot = piece.cast<const SlotView&>();
              const py::object owner = module.is_none() ? slot.module : module_object(module);
              return vmod::unit_of(c->units, *slot.spec, owner.cast<const vmod::Module&>());
            }
            const PieceRef& ref = piece.cast<const PieceRef&>();
            const vmod::Module* prototypes = module.is_none() ? nullptr : &module_object(module).cast<const vmod::Module&>();
            return vmod::unit_of(c->units, *ref.game, ref.get(), prototypes);
          },
          py::arg("piece"), py::arg("module") = py::none(),
          "A Piece's or PieceSlot's unit attributes by the file's [units] section ({'side': 'Union', ...}); None for "
          "a piece that is no unit. Matched by its name (a slot: the piece it makes), its properties and the "
          "prototypes it uses, with those their definitions use in `module` (default: the piece's own module).")
      .def_property_readonly(
          "states",
          [](const CompanionPtr& c) {
            py::list out;
            const core::TerrainVocabulary& v = *c->vocabulary;
            for (const vmod::CompanionState& s : c->states) {
              std::vector<std::string> removes, cuts;
              for (int i = 0; i < v.hexside.size(); ++i) {
                if (s.removes & core::feature_bit(i)) removes.push_back(v.hexside.name(i));
              }
              for (int i = 0; i < v.lines.size(); ++i) {
                if (s.cuts & core::line_bit(i)) cuts.push_back(v.lines.name(i));
              }
              out.append(py::module_::import("types").attr("SimpleNamespace")(
                  py::arg("name") = s.name, py::arg("at") = s.at == vmod::StateAt::kHex ? "hex" : "hexside",
                  py::arg("map") = s.map, py::arg("marker") = s.marker, py::arg("property") = s.property,
                  py::arg("fallback") = s.fallback, py::arg("removes") = removes, py::arg("cuts") = cuts,
                  py::arg("line") = s.line));
            }
            return out;
          },
          "The file's [state.NAME]s in file order: .name, .at ('hex' or 'hexside'), .map, .marker and .property "
          "(where the save holds it; one is ''), .fallback (names), .removes (hexside features it takes off), .cuts "
          "(line types it cuts), .line.")
      .def_property_readonly(
          "globals",
          [](const CompanionPtr& c) {
            py::dict out;
            for (const vmod::CompanionGlobal& g : c->globals) out[py::str(g.key)] = g.property;
            return out;
          },
          "[globals]: {what a procedure keeps: the module's global property holding it}.")
      .def_property_readonly("summary", [](const CompanionPtr& c) { return summary_dict(vmod::summarize(*c)); },
                             "Counts per map: hexes, terrain types, elevations, hexside features, lines, places.")
      .def("__repr__", [](const vmod::Companion& c) { return "<Companion " + c.file + " for " + c.rules + ">"; });

  m.def(
      "open_companion",
      [](const std::string& path, const py::object& module) -> CompanionPtr {
        const auto geometries = module_geometries(module);
        py::gil_scoped_release release;
        return std::make_shared<vmod::Companion>(vmod::load_companion(path, *geometries));
      },
      py::arg("path"), py::arg("module"),
      "Reads a companion file and checks every hex, hexside and word against the module; CompanionError names the "
      "file, line and column of the first problem.");

  m.def(
      "rewrite_companion",
      [](const std::string& path, const py::object& module, const py::list& maps, const py::dict& words) {
        std::vector<vmod::MapTables> tables;
        for (const py::handle item : maps) {
          const py::dict d = item.cast<py::dict>();
          vmod::MapTables t;
          t.map = d["map"].cast<std::string>();
          if (d.contains("board")) t.board = d["board"].cast<std::string>();
          if (d.contains("terrain")) {
            t.terrain.emplace();
            for (const auto& [type, hexes] : d["terrain"].cast<py::dict>()) {
              t.terrain->push_back({type.cast<std::string>(), hexes.cast<std::vector<std::string>>()});
            }
          }
          if (d.contains("elevation")) {
            t.elevation.emplace();
            for (const auto& [level, hexes] : d["elevation"].cast<py::dict>()) {
              t.elevation->push_back({level.cast<int>(), hexes.cast<std::vector<std::string>>()});
            }
          }
          if (d.contains("hexsides")) {
            t.hexsides.emplace();
            for (const auto& [feature, sides] : d["hexsides"].cast<py::dict>()) {
              std::vector<vmod::HexsideEntry> entries;
              for (const py::handle side : sides) {
                if (py::isinstance<py::str>(side)) {
                  entries.push_back({side.cast<std::string>(), ""});
                } else {
                  const auto pair = side.cast<std::pair<std::string, std::string>>();
                  entries.push_back({pair.first, pair.second});
                }
              }
              t.hexsides->push_back({feature.cast<std::string>(), entries});
            }
          }
          if (d.contains("lines")) {
            t.lines.emplace();
            for (const py::handle line : d["lines"]) {
              const py::dict l = line.cast<py::dict>();
              t.lines->push_back({l["type"].cast<std::string>(), l.contains("name") ? l["name"].cast<std::string>() : "",
                                  l["hexes"].cast<std::vector<std::string>>(),
                                  l.contains("no_junction") ? l["no_junction"].cast<std::vector<std::string>>()
                                                            : std::vector<std::string>{}});
            }
          }
          if (d.contains("places")) {
            t.places.emplace();
            for (const py::handle place : d["places"]) {
              const py::dict p = place.cast<py::dict>();
              vmod::PlaceEntry entry;
              if (p.contains("file") && !p["file"].is_none()) entry.file_index = p["file"].cast<int>();
              entry.name = p["name"].cast<std::string>();
              entry.kind = p["kind"].cast<std::string>();
              entry.hexes = p["hexes"].cast<std::vector<std::string>>();
              t.places->push_back(std::move(entry));
            }
          }
          if (d.contains("note")) t.note = d["note"].cast<std::string>();
          tables.push_back(std::move(t));
        }
        vmod::NewWords new_words;
        const auto list = [&](const char* key) {
          return words.contains(key) ? words[key].cast<std::vector<std::string>>() : std::vector<std::string>{};
        };
        new_words.terrain = list("terrain");
        new_words.hexside = list("hexside");
        new_words.high_side = list("high_side");
        new_words.lines = list("lines");
        new_words.places = list("places");
        return vmod::rewritten_companion(path, *module_geometries(module), tables, new_words);
      },
      py::arg("path"), py::arg("module"), py::arg("maps"), py::arg("words") = py::dict(),
      "The companion file's text with map tables made to hold what is given, entry by entry (what does not change "
      "stays as written, comments and every other section kept: the writer `terrain sample` uses); checked by "
      "parsing it again; nothing is written. `maps`: [{'map', 'board' (optional), and any of 'terrain': {type: "
      "[hex]}, 'elevation': {level: [hex]}, 'hexsides': {feature: ['a/b' or ('a/b', higher hex)]}, 'lines': "
      "[{'type', 'name', 'hexes', 'no_junction'}], 'places': [{'file' (the map's place it is, 0 the first in the "
      "file; None: new), 'name', 'kind', 'hexes'}], 'note'}]; a table left out stays as the file has it. `words`: "
      "{'terrain', 'hexside', 'high_side', 'lines', 'places': [new word]} added to [vocabulary], each new terrain "
      "type costing \"prohibited\" in every movement class until the player gives its cost.");

  m.def(
      "sample_terrain",
      [](const std::string& path, const py::object& module) {
        const auto geometries = module_geometries(module);
        const vmod::TerrainSample sample = [&] {
          py::gil_scoped_release release;
          return vmod::sample_terrain(path, *geometries);
        }();
        py::list maps;
        for (const vmod::SampledMap& m : sample.maps) {
          py::dict d;
          d["map"] = m.map;
          d["board"] = m.board;
          d["hexes"] = m.hexes;
          d["terrain"] = m.terrain ? py::object(counts(m.terrain_counts)) : py::object(py::none());
          py::list levels;
          for (const auto& [level, count] : m.elevation_counts) levels.append(py::make_tuple(level, count));
          d["elevation"] = m.elevation ? py::object(levels) : py::object(py::none());
          d["unmatched_terrain"] = m.unmatched_terrain;
          d["unmatched_elevation"] = m.unmatched_elevation;
          maps.append(d);
        }
        py::dict out;
        out["text"] = sample.text;
        out["maps"] = maps;
        return out;
      },
      py::arg("path"), py::arg("module"),
      "Reads terrain and elevation off the board images by the colours of each [map.palette]: {'text': the new "
      "file's text, 'maps': what was found per map}. Nothing is written.");
}

}  // namespace adjutant::bindings
