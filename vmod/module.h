// A module's buildFile as a model (spec §4): maps, boards, grids and numbering with VASSAL's
// defaults, piece palettes, prototypes, at-start stacks, global properties, sides, dice and turn
// trackers. The whole XML tree is kept too, unknown elements included.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/geometry/grid_spec.h"
#include "vmod/metadata.h"

namespace adjutant::vmod {

// A buildFile element as written, for everything the model does not type.
struct XmlElement {
  std::string tag;
  std::vector<std::pair<std::string, std::string>> attributes;  // document order
  std::string text;                                             // concatenated text, trimmed
  std::vector<XmlElement> children;
  int line = 0;
  const std::string* attribute(std::string_view name) const;
};

// The grid settings live in core/grid_spec.h (geometry is not a file format); these names keep
// the file layer's spelling.
using core::GridNumbering;
using core::GridSpec;
using core::HexGridSpec;
using core::PropertySpec;
using core::RegionGridSpec;
using core::RegionSpec;
using core::SimpleGridSpec;
using core::SquareGridSpec;
using core::ZonedGridSpec;
using core::ZoneSpec;
using core::grid_kind;

struct BoardSpec {
  std::string name;
  std::string image;  // entry name under images/
  bool reversible = false;
  int width = 0;      // the attributes; the image size is used when there is an image
  int height = 0;
  GridSpec grid;
  int line = 0;
};

struct PieceSlotSpec {
  std::string name;               // entryName
  std::string gpid;
  std::string definition;         // the element text: an AddPiece `+/null/type/state`
  std::vector<std::string> path;  // enclosing widget names, outermost first
  int line = 0;
};

struct PrototypeSpec {
  std::string name;
  std::string description;
  std::string definition;  // an AddPiece, like a PieceSlot's
  int line = 0;
};

struct SetupStackSpec {
  std::string name;
  std::string owning_board;
  bool use_grid_location = false;
  std::string location;
  int x = 0;
  int y = 0;
  std::vector<PieceSlotSpec> slots;
  int line = 0;
};

// A deck (DrawPile) on a map: at (x, y) of its owning board, or of the map without one.
struct DeckSpec {
  std::string name;
  std::string owning_board;
  int x = 0;
  int y = 0;
  int line = 0;
};

struct MapSpec {
  std::string id;          // Map0, Map1, ... in document order
  std::string name;        // mapName
  std::string class_name;  // Map, PrivateMap, PlayerHand (unqualified)
  int edge_width = 0;
  int edge_height = 0;
  std::vector<BoardSpec> boards;
  std::string default_layout;  // BoardPicker <setup> text (a board-layout command), may be empty
  std::vector<SetupStackSpec> setup_stacks;
  std::vector<DeckSpec> decks;
  std::vector<PropertySpec> global_properties;
  int line = 0;
  // Saves identify a map by its name when it has one, else by its id.
  const std::string& save_id() const { return name.empty() ? id : name; }
};

struct DiceButtonSpec {
  std::string name;
  int dice = 2;
  int sides = 6;
  int plus = 0;
  int add_to_total = 0;
  std::string report_format;
};

struct TurnLevelSpec {
  std::string class_name;  // CounterTurnLevel, ListTurnLevel, ...
  std::string name;
  std::string property;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<TurnLevelSpec> levels;
};

struct TurnTrackerSpec {
  std::string id;  // TurnTracker0, ...
  std::string name;
  std::vector<TurnLevelSpec> levels;
};

struct PredefinedSetupSpec {
  std::string name;
  std::string file;  // entry in the module archive; empty for a menu
  bool use_file = false;
  bool is_menu = false;
  int line = 0;
};

struct Module {
  std::string source;      // the path it was read from
  std::string build_file;  // entry name used: buildFile.xml or buildFile
  std::string root_class;  // VASSAL.build.GameModule, VASSAL.launch.BasicModule, ...ModuleExtension
  bool is_extension = false;
  std::string name;
  std::string version;
  std::string description;
  std::string vassal_version;
  std::string next_piece_slot_id;
  std::optional<Metadata> metadata;  // moduledata / extensiondata, when present

  std::vector<MapSpec> maps;
  std::vector<PieceSlotSpec> piece_slots;  // every PieceSlot under every PieceWindow
  std::vector<PrototypeSpec> prototypes;
  std::vector<PropertySpec> global_properties;  // module level
  std::vector<std::string> sides;               // PlayerRoster <entry>s
  std::vector<DiceButtonSpec> dice_buttons;
  std::vector<TurnTrackerSpec> turn_trackers;
  std::vector<PredefinedSetupSpec> predefined_setups;
  XmlElement root;                              // the whole tree, unknown elements kept

  const MapSpec* find_map(std::string_view name_or_id) const;
  const PrototypeSpec* find_prototype(std::string_view name) const;
};

// Parses buildFile XML. Throws BuildFileError naming `source` and the line for broken XML or a
// malformed attribute it needs (a non-numeric x0, say).
Module parse_build_file(const std::string& xml, const std::string& source);

// Opens a .vmod/.vmdx, an extracted module folder or a bare buildFile, choosing buildFile.xml or
// buildFile as VASSAL does, with moduledata/extensiondata when present.
Module load_module(const std::string& path);

}  // namespace adjutant::vmod
