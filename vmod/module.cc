#include "vmod/module.h"

#include <tinyxml2.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include "core/java/java_text.h"
#include "vmod/archive.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {

const std::string* XmlElement::attribute(std::string_view name) const {
  for (const auto& [key, value] : attributes) {
    if (key == name) return &value;
  }
  return nullptr;
}

const MapSpec* Module::find_map(std::string_view name_or_id) const {
  for (const auto& map : maps) {
    if (map.name == name_or_id) return &map;
  }
  for (const auto& map : maps) {
    if (map.id == name_or_id) return &map;
  }
  return nullptr;
}

const PrototypeSpec* Module::find_prototype(std::string_view name) const {
  for (const auto& prototype : prototypes) {
    if (prototype.name == name) return &prototype;
  }
  return nullptr;
}

namespace {

// ---------------------------------------------------------------------------------------------
// Class names and Boolean.valueOf.

// The class name after the last '.', e.g. "HexGrid" for VASSAL.build...board.HexGrid.
std::string_view unqualified(std::string_view tag) {
  const size_t dot = tag.rfind('.');
  return dot == std::string_view::npos ? tag : tag.substr(dot + 1);
}

bool equals_ignore_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// TinyXML-2 document -> XmlElement tree.

XmlElement convert_element(const tinyxml2::XMLElement& source) {
  XmlElement element;
  element.tag = source.Name();
  element.line = source.GetLineNum();
  for (const auto* a = source.FirstAttribute(); a; a = a->Next()) {
    element.attributes.emplace_back(a->Name(), a->Value());
  }
  std::string text;
  for (const auto* node = source.FirstChild(); node; node = node->NextSibling()) {
    if (const auto* child = node->ToElement()) {
      element.children.push_back(convert_element(*child));
    } else if (const auto* t = node->ToText()) {
      // Builder.getText takes TEXT_NODEs only; a CDATA section is a different node type there.
      if (!t->CData()) text += t->Value();
    }
  }
  element.text = std::string(core::java::trim(text));
  return element;
}

// Entities declared in a DTD, which TinyXML-2 leaves unexpanded where Java's parser expands them
// (up to the JDK's limit, which refuses a billion-laughs file): refused rather than read otherwise.
void refuse_entity_declarations(const std::string& xml, const std::string& source) {
  const size_t at = xml.find("<!ENTITY");
  if (at == std::string::npos) return;
  const size_t line = 1 + static_cast<size_t>(std::count(xml.begin(), xml.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  throw BuildFileError("a DTD declaring entities (<!ENTITY ...>): Adjutant does not expand them, and VASSAL's "
                       "buildFiles have none",
                       Place{source, {}, "line " + std::to_string(line)});
}

XmlElement parse_xml(const std::string& xml, const std::string& source) {
  refuse_entity_declarations(xml, source);
  tinyxml2::XMLDocument doc(true, tinyxml2::PRESERVE_WHITESPACE);
  doc.Parse(xml.data(), xml.size());
  if (doc.Error()) {
    const std::string detail = doc.ErrorStr() ? doc.ErrorStr() : doc.ErrorName();
    throw BuildFileError("broken XML: " + detail,
                         Place{source, {}, "line " + std::to_string(doc.ErrorLineNum())});
  }
  const tinyxml2::XMLElement* root = doc.RootElement();
  if (!root) throw BuildFileError("buildFile has no root element", Place{source, {}, "line 1"});
  return convert_element(*root);
}

// ---------------------------------------------------------------------------------------------
// XmlElement tree -> Module.

bool is_grid_class(std::string_view cls) {
  return cls.ends_with("HexGrid") || cls.ends_with("SquareGrid") || cls.ends_with("RegionGrid");
}

bool is_map_element(const XmlElement& e) {
  const std::string_view cls = unqualified(e.tag);
  if (cls == "Map" || cls == "PrivateMap" || cls == "PlayerHand" || cls == "WidgetMap") return true;
  // A module's own Map subclass (VASL's ASLMap): recognisable by its BoardPicker child.
  for (const auto& child : e.children) {
    if (unqualified(child.tag).ends_with("BoardPicker")) return true;
  }
  return false;
}

class ModelBuilder {
 public:
  ModelBuilder(Module& module, const std::string& source) : module_(module), source_(source) {}

  void build(const XmlElement& root) {
    read_module_attributes(root);
    walk_children(root, nullptr);
  }

 private:
  [[noreturn]] void fail(const XmlElement& e, const std::string& message) const {
    throw BuildFileError(message + " in <" + e.tag + ">", Place{source_, {}, "line " + std::to_string(e.line)});
  }

  // ---- attribute access (each mirrors how VASSAL converts the string) ----

  std::string str(const XmlElement& e, std::string_view name, const std::string& fallback = {}) const {
    const std::string* value = e.attribute(name);
    return value ? *value : fallback;
  }

  // Boolean.valueOf: only "true", in any case, is true.
  bool boolean(const XmlElement& e, std::string_view name, bool fallback) const {
    const std::string* value = e.attribute(name);
    return value ? equals_ignore_case(*value, "true") : fallback;
  }

  // Integer.valueOf; VASSAL throws NumberFormatException on a malformed value.
  int integer(const XmlElement& e, std::string_view name, int fallback) const {
    const std::string* value = e.attribute(name);
    if (!value) return fallback;
    return checked_int(e, name, *value);
  }

  int checked_int(const XmlElement& e, std::string_view name, const std::string& value) const {
    const auto parsed = core::java::parse_int(value);
    if (!parsed) fail(e, "malformed integer " + std::string(name) + "=\"" + value + "\"");
    return *parsed;
  }

  double real(const XmlElement& e, std::string_view name, double fallback) const {
    const std::string* value = e.attribute(name);
    if (!value) return fallback;
    const auto parsed = core::java::parse_double(*value);
    if (!parsed) fail(e, "malformed number " + std::string(name) + "=\"" + *value + "\"");
    return *parsed;
  }

  // String.charAt(0): an empty value throws in VASSAL.
  char first_char(const XmlElement& e, std::string_view name, char fallback) const {
    const std::string* value = e.attribute(name);
    if (!value) return fallback;
    if (value->empty()) fail(e, "empty " + std::string(name));
    return (*value)[0];
  }

  // ---- module ----

  void read_module_attributes(const XmlElement& root) {
    module_.root_class = root.tag;
    module_.is_extension = unqualified(root.tag) == "ModuleExtension";
    module_.name = str(root, "name");
    module_.version = str(root, "version");
    module_.description = str(root, "description");
    // Extensions spell it vassalVersion.
    module_.vassal_version = str(root, "VassalVersion", str(root, "vassalVersion"));
    module_.next_piece_slot_id = str(root, "nextPieceSlotId");
  }

  // Visits every descendant outside maps; `palette` is the widget path when inside a PieceWindow.
  void walk_children(const XmlElement& parent, const std::vector<std::string>* palette) {
    for (const auto& child : parent.children) visit(child, palette);
  }

  void visit(const XmlElement& e, const std::vector<std::string>* palette) {
    const std::string_view cls = unqualified(e.tag);
    if (is_map_element(e)) {
      module_.maps.push_back(read_map(e));
    } else if (cls == "PieceWindow") {
      // name, with the legacy entryName when absent (alphabetical order lets name win).
      std::vector<std::string> path{str(e, "name", str(e, "entryName"))};
      walk_children(e, &path);
    } else if (cls.ends_with("PieceSlot")) {
      if (palette) module_.piece_slots.push_back(read_piece_slot(e, *palette));
    } else if (cls == "ExtensionElement") {
      visit_extension_element(e);
    } else if (palette) {
      // Any other component inside a palette is a widget, named by entryName.
      std::vector<std::string> path = *palette;
      path.push_back(str(e, "entryName"));
      walk_children(e, &path);
    } else if (cls == "PrototypeDefinition") {
      module_.prototypes.push_back({str(e, "name"), str(e, "description"), e.text, e.line});
    } else if (cls == "GlobalProperty") {
      module_.global_properties.push_back(read_property(e));
    } else if (cls == "PlayerRoster") {
      for (const auto& entry : e.children) {
        if (entry.tag == "entry") module_.sides.push_back(entry.text);
      }
    } else if (cls == "DiceButton") {
      module_.dice_buttons.push_back(read_dice_button(e));
    } else if (cls == "TurnTracker") {
      module_.turn_trackers.push_back(read_turn_tracker(e));
    } else if (cls == "PredefinedSetup") {
      module_.predefined_setups.push_back(read_predefined_setup(e));
      walk_children(e, nullptr);
    } else {
      walk_children(e, nullptr);
    }
  }

  // An extension adds components below `target`, a path like
  // "VASSAL.build.module.PieceWindow:Pieces/VASSAL.build.widget.TabWidget".
  void visit_extension_element(const XmlElement& e) {
    const std::vector<std::string> target = split_target(str(e, "target"));
    if (!target.empty() && unqualified(class_of_target_part(target.front())) == "PieceWindow") {
      std::vector<std::string> path;
      for (const auto& part : target) path.push_back(name_of_target_part(part));
      walk_children(e, &path);
    } else {
      walk_children(e, nullptr);
    }
  }

  // Splits on unescaped '/' and removes the backslash escapes.
  static std::vector<std::string> split_target(const std::string& target) {
    std::vector<std::string> parts;
    if (target.empty()) return parts;
    std::string current;
    for (size_t i = 0; i < target.size(); ++i) {
      if (target[i] == '\\' && i + 1 < target.size()) {
        current += target[++i];
      } else if (target[i] == '/') {
        parts.push_back(std::move(current));
        current.clear();
      } else {
        current += target[i];
      }
    }
    parts.push_back(std::move(current));
    return parts;
  }

  static std::string class_of_target_part(const std::string& part) { return part.substr(0, part.find(':')); }

  static std::string name_of_target_part(const std::string& part) {
    const size_t colon = part.find(':');
    return colon == std::string::npos ? std::string() : part.substr(colon + 1);
  }

  PieceSlotSpec read_piece_slot(const XmlElement& e, const std::vector<std::string>& path) const {
    return {str(e, "entryName"), str(e, "gpid"), e.text, path, e.line};
  }

  PropertySpec read_property(const XmlElement& e) const {
    PropertySpec p;
    p.name = str(e, "name");
    p.initial_value = str(e, "initialValue");
    p.description = str(e, "description");
    p.numeric = boolean(e, "isNumeric", false);
    p.min = str(e, "min");
    p.max = str(e, "max");
    p.wrap = boolean(e, "wrap", false);
    return p;
  }

  DiceButtonSpec read_dice_button(const XmlElement& e) const {
    DiceButtonSpec d;
    // "label" is the pre-1.3 name; applied before "name" in alphabetical order.
    d.name = str(e, "name", str(e, "label"));
    d.dice = integer(e, "nDice", 2);
    d.sides = integer(e, "nSides", 6);
    d.plus = integer(e, "plus", 0);
    d.add_to_total = integer(e, "addToTotal", 0);
    d.report_format = str(e, "reportFormat", "** $name$ = $result$ *** &lt;$playerName$&gt;");
    return d;
  }

  TurnTrackerSpec read_turn_tracker(const XmlElement& e) {
    TurnTrackerSpec t;
    t.id = "TurnTracker" + std::to_string(module_.turn_trackers.size());
    t.name = str(e, "name");
    t.levels = read_turn_levels(e);
    return t;
  }

  static bool is_turn_level(std::string_view cls) {
    return cls.ends_with("TurnLevel") || cls == "TurnGlobalHotkey";
  }

  std::vector<TurnLevelSpec> read_turn_levels(const XmlElement& parent) const {
    std::vector<TurnLevelSpec> levels;
    for (const auto& child : parent.children) {
      const std::string_view cls = unqualified(child.tag);
      if (!is_turn_level(cls)) continue;
      TurnLevelSpec level;
      level.class_name = std::string(cls);
      level.name = str(child, "name");
      level.property = str(child, "property");
      level.attributes = child.attributes;
      level.levels = read_turn_levels(child);
      levels.push_back(std::move(level));
    }
    return levels;
  }

  PredefinedSetupSpec read_predefined_setup(const XmlElement& e) const {
    PredefinedSetupSpec s;
    s.name = str(e, "name");
    s.use_file = boolean(e, "useFile", false);
    s.is_menu = boolean(e, "isMenu", false);
    if (!s.is_menu) s.file = str(e, "file");
    s.line = e.line;
    return s;
  }

  // ---- maps ----

  MapSpec read_map(const XmlElement& e) {
    MapSpec map;
    map.id = "Map" + std::to_string(module_.maps.size());
    map.name = str(e, "mapName");
    map.class_name = std::string(unqualified(e.tag));
    map.line = e.line;
    read_edge_buffer(e, map);
    for (const auto& child : e.children) read_map_part(child, map);
    return map;
  }

  // Legacy "edge" (also seen as "edgeBuffer") is "w,h"; edgeWidth/edgeHeight sort after it and win.
  void read_edge_buffer(const XmlElement& e, MapSpec& map) const {
    for (const char* legacy : {"edge", "edgeBuffer"}) {
      const std::string* value = e.attribute(legacy);
      if (!value) continue;
      const size_t comma = value->find(',');
      if (comma == std::string::npos || comma == 0) continue;
      map.edge_width = checked_int(e, legacy, value->substr(0, comma));
      map.edge_height = checked_int(e, legacy, value->substr(comma + 1));
    }
    map.edge_height = integer(e, "edgeHeight", map.edge_height);
    map.edge_width = integer(e, "edgeWidth", map.edge_width);
  }

  // Map components may sit in folders, so this looks at every descendant.
  void read_map_part(const XmlElement& e, MapSpec& map) const {
    const std::string_view cls = unqualified(e.tag);
    if (cls.ends_with("BoardPicker")) {
      read_board_picker(e, map);
    } else if (cls == "SetupStack") {
      map.setup_stacks.push_back(read_setup_stack(e));
    } else if (cls == "DrawPile") {
      map.decks.push_back(read_deck(e));
    } else if (cls == "GlobalProperty") {
      map.global_properties.push_back(read_property(e));
    } else {
      for (const auto& child : e.children) read_map_part(child, map);
    }
  }

  void read_board_picker(const XmlElement& picker, MapSpec& map) const {
    for (const auto& child : picker.children) {
      if (child.tag == "setup") {
        map.default_layout = child.text;
      } else if (unqualified(child.tag).ends_with("Board")) {
        map.boards.push_back(read_board(child));
      }
    }
  }

  SetupStackSpec read_setup_stack(const XmlElement& e) const {
    SetupStackSpec s;
    s.name = str(e, "name");
    s.owning_board = str(e, "owningBoard");
    s.use_grid_location = boolean(e, "useGridLocation", false);
    s.location = str(e, "location");
    s.x = integer(e, "x", 0);
    s.y = integer(e, "y", 0);
    s.line = e.line;
    for (const auto& child : e.children) {
      if (unqualified(child.tag).ends_with("PieceSlot")) s.slots.push_back(read_piece_slot(child, {}));
    }
    return s;
  }

  DeckSpec read_deck(const XmlElement& e) const {
    DeckSpec d;
    d.name = str(e, "name");
    d.owning_board = str(e, "owningBoard");
    d.x = integer(e, "x", 0);
    d.y = integer(e, "y", 0);
    d.line = e.line;
    return d;
  }

  BoardSpec read_board(const XmlElement& e) const {
    BoardSpec b;
    b.name = str(e, "name");
    b.image = str(e, "image");
    b.reversible = boolean(e, "reversible", false);
    b.width = integer(e, "width", 0);
    b.height = integer(e, "height", 0);
    b.line = e.line;
    // Each grid child replaces the previous one (Board.setGrid), so the last wins.
    for (const auto& child : e.children) {
      const std::string_view cls = unqualified(child.tag);
      if (cls.ends_with("ZonedGrid")) {
        b.grid = read_zoned_grid(child);
      } else if (is_grid_class(cls)) {
        b.grid = widen(read_simple_grid(child));
      }
    }
    return b;
  }

  static GridSpec widen(SimpleGridSpec grid) {
    return std::visit([](auto&& g) -> GridSpec { return std::move(g); }, std::move(grid));
  }

  SimpleGridSpec read_simple_grid(const XmlElement& e) const {
    const std::string_view cls = unqualified(e.tag);
    if (cls.ends_with("HexGrid")) return read_hex_grid(e);
    if (cls.ends_with("SquareGrid")) return read_square_grid(e);
    if (cls.ends_with("RegionGrid")) return read_region_grid(e);
    return std::monostate{};
  }

  HexGridSpec read_hex_grid(const XmlElement& e) const {
    HexGridSpec g;
    const double default_dx = g.dx;
    g.sideways = boolean(e, "sideways", g.sideways);
    g.x0 = integer(e, "x0", g.x0);
    g.y0 = integer(e, "y0", g.y0);
    // Attributes arrive alphabetically, dx before dy; setting dy while dx is still exactly the
    // default recomputes dx from dy (HexGrid.setAttribute).
    g.dx = real(e, "dx", g.dx);
    if (e.attribute("dy")) {
      g.dy = real(e, "dy", g.dy);
      if (g.dx == default_dx) g.dx = std::sqrt(3.0) / 2.0 * g.dy;
    }
    g.snap_to = boolean(e, "snapTo", g.snap_to);
    g.edges_legal = boolean(e, "edgesLegal", g.edges_legal);
    g.corners_legal = boolean(e, "cornersLegal", g.corners_legal);
    g.snap_scale = integer(e, "snapscale", g.snap_scale);
    g.numbering = read_numbering(e, true);
    return g;
  }

  SquareGridSpec read_square_grid(const XmlElement& e) const {
    SquareGridSpec g;
    g.x0 = integer(e, "x0", g.x0);
    g.y0 = integer(e, "y0", g.y0);
    g.dx = real(e, "dx", g.dx);
    g.dy = real(e, "dy", g.dy);
    g.range = str(e, "range", g.range);
    g.snap_to = boolean(e, "snapTo", g.snap_to);
    g.edges_legal = boolean(e, "edgesLegal", g.edges_legal);
    g.corners_legal = boolean(e, "cornersLegal", g.corners_legal);
    g.numbering = read_numbering(e, false);
    return g;
  }

  RegionGridSpec read_region_grid(const XmlElement& e) const {
    RegionGridSpec g;
    g.snap_to = boolean(e, "snapto", g.snap_to);
    for (const auto& child : e.children) {
      if (!unqualified(child.tag).ends_with("Region")) continue;
      g.regions.push_back({str(child, "name"), integer(child, "originx", 0), integer(child, "originy", 0)});
    }
    return g;
  }

  // The last numbering child wins (grid.setGridNumbering replaces).
  std::optional<GridNumbering> read_numbering(const XmlElement& grid, bool hex) const {
    std::optional<GridNumbering> result;
    for (const auto& child : grid.children) {
      const std::string_view cls = unqualified(child.tag);
      if (cls.ends_with("GridNumbering")) result = read_grid_numbering(child, hex);
    }
    return result;
  }

  GridNumbering read_grid_numbering(const XmlElement& e, bool hex) const {
    GridNumbering n;
    n.class_name = std::string(unqualified(e.tag));
    n.first = first_char(e, "first", n.first);
    n.sep = str(e, "sep", n.sep);
    n.h_type = first_char(e, "hType", n.h_type);
    n.v_type = first_char(e, "vType", n.v_type);
    n.h_leading = integer(e, "hLeading", n.h_leading);
    n.v_leading = integer(e, "vLeading", n.v_leading);
    n.h_off = integer(e, "hOff", n.h_off);
    n.v_off = integer(e, "vOff", n.v_off);
    n.h_descend = boolean(e, "hDescend", n.h_descend);
    n.v_descend = boolean(e, "vDescend", n.v_descend);
    n.location_format = str(e, "locationFormat", n.location_format);
    if (hex) n.stagger = boolean(e, "stagger", n.stagger);
    // Malformed drawing attributes also make VASSAL throw, although the model does not keep them.
    for (const char* name : {"fontSize", "rotateText", "hDrawOff", "vDrawOff"}) integer(e, name, 0);
    return n;
  }

  ZonedGridSpec read_zoned_grid(const XmlElement& e) const {
    ZonedGridSpec g;
    for (const auto& child : e.children) {
      const std::string_view cls = unqualified(child.tag);
      if (cls == "Zone") {
        g.zones.push_back(read_zone(child));
      } else if (is_grid_class(cls)) {
        g.background = read_simple_grid(child);
      }
    }
    return g;
  }

  ZoneSpec read_zone(const XmlElement& e) const {
    ZoneSpec z;
    z.name = str(e, "name");
    z.location_format = str(e, "locationFormat", z.location_format);
    z.path = read_zone_path(e);
    z.use_parent_grid = str(e, "useParentGrid") == "true";
    for (const auto& child : e.children) {
      const std::string_view cls = unqualified(child.tag);
      if (is_grid_class(cls)) {
        z.grid = read_simple_grid(child);
      } else if (cls == "ZoneProperty") {
        z.properties.push_back(read_property(child));
      }
    }
    return z;
  }

  // "x1,y1;x2,y2;..." (PolygonEditor): tokens without a comma after the first char are skipped.
  std::vector<std::pair<int, int>> read_zone_path(const XmlElement& e) const {
    std::vector<std::pair<int, int>> points;
    const std::string path = str(e, "path");
    size_t start = 0;
    while (start < path.size()) {
      size_t end = path.find(';', start);
      if (end == std::string::npos) end = path.size();
      const std::string token = path.substr(start, end - start);
      const size_t comma = token.find(',');
      if (comma != std::string::npos && comma > 0) {
        points.emplace_back(checked_int(e, "path", token.substr(0, comma)),
                            checked_int(e, "path", token.substr(comma + 1)));
      }
      start = end + 1;
    }
    return points;
  }

  Module& module_;
  const std::string& source_;
};

// The entries a module is read from; its images are read only when a board is drawn or measured.
bool is_module_entry(const std::string& name) {
  return name == "buildFile.xml" || name == "buildFile" || name == "moduledata" || name == "extensiondata" ||
         name == "savedGame";
}

[[noreturn]] void refuse_non_module(const Archive& archive) {
  throw ArchiveError("not a VASSAL module: " + archive.describe() +
                         "; expected a .vmod (a zip with a buildFile.xml or buildFile entry), its extracted folder, "
                         "or a bare buildFile",
                     Place{archive.path(), {}, {}});
}

// VASSAL's module roots (GameModule, the legacy BasicModule, ModuleExtension) and modules' own
// subclasses of them all carry "Module" in their class name.
void require_module_root(const Module& module, const std::string& path, const std::string& entry) {
  if (module.root_class.find("Module") != std::string::npos) return;
  throw BuildFileError("the root element <" + module.root_class +
                           "> is not a VASSAL module (VASSAL.build.GameModule)",
                       Place{path, entry, "line " + std::to_string(module.root.line)});
}

Module load_bare_build_file(const Archive& archive) {
  const std::string& path = archive.path();
  const std::string text = archive.read_required("savedGame");  // a plain file's single entry
  const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first == std::string::npos || text[first] != '<') refuse_non_module(archive);
  Module module = parse_build_file(text, path);
  require_module_root(module, path, {});
  module.build_file = std::filesystem::path(path).filename().string();
  return module;
}

Module load_from_archive(const Archive& archive) {
  const std::string& path = archive.path();
  const std::optional<std::string> entry = archive.build_file_name();
  if (!entry) refuse_non_module(archive);
  Module module;
  try {
    module = parse_build_file(archive.read_required(*entry), path);
    require_module_root(module, path, *entry);
  } catch (FormatError& e) {
    e.locate(path, *entry);
    throw;
  }
  module.build_file = *entry;
  for (const char* meta_entry : {"extensiondata", "moduledata"}) {
    if (const auto xml = archive.read(meta_entry)) {
      try {
        module.metadata = parse_metadata(*xml, meta_entry);
      } catch (FormatError& e) {
        e.locate(path, meta_entry);
        throw;
      }
      break;
    }
  }
  return module;
}

}  // namespace

Module parse_build_file(const std::string& xml, const std::string& source) {
  Module module;
  module.source = source;
  module.root = parse_xml(xml, source);
  ModelBuilder(module, source).build(module.root);
  return module;
}

Module load_module(const std::string& path) {
  const Archive archive = Archive::open(path, {}, is_module_entry);
  if (archive.kind() == ArchiveKind::kPlainText) return load_bare_build_file(archive);
  return load_from_archive(archive);
}

}  // namespace adjutant::vmod
