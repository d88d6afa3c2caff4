// A game as VASSAL holds it after loading a save or log: pieces with their trait chains, stacks,
// players, board layouts and global properties; a log's steps with replay forward and back; and
// changes that are written back as a new save or as new log steps (spec §6.4).
#pragma once

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/game/step_effect.h"
#include "vmod/archive.h"
#include "vmod/command.h"
#include "vmod/metadata.h"
#include "vmod/module.h"
#include "vmod/piece.h"

namespace adjutant::vmod {

// A piece's type text, the type of its AddPiece, which never changes. A piece read from the game's
// text views its AddPiece there, `/` still escaped as written, and decodes it when asked; any other
// holds a text the game keeps once for all pieces of that type. Either way the piece keeps the text
// it views alive.
class PieceType {
 public:
  PieceType() = default;
  static PieceType held(std::shared_ptr<const std::string> text);
  // `written`, a view into `text`, is `type`'s token as an AddPiece writes it (its bytes may be
  // read only once `text` is read).
  static PieceType written(std::shared_ptr<const std::string> text, std::string_view written, std::string_view type);
  std::string text() const;
  bool is_stack() const { return stack_; }
  const char* view() const { return chars_.get(); }
  void rebase(const char* to);  // the view moved to the same bytes at `to`

 private:
  std::shared_ptr<const char> chars_;
  uint32_t size_ = 0;
  bool escaped_ = false;
  bool stack_ = false;
};

// A piece holds its texts; its trait chain is parsed when asked for, so that a game (and each step
// of its history) keeps text, not parsed traits.
struct GamePiece {
  std::string id;
  PieceType type_text;
  std::string state;  // the current state text
  QuoteRule rule = QuoteRule::kCurrent;  // the file's quoting, for the chain's re-encoding
  uint64_t order = 0;  // its place in the order pieces were added
  std::string map;    // the map id saves use ("" when off every map)
  int x = 0;
  int y = 0;
  std::string stack;                 // the enclosing stack's id, "" when none
  std::vector<std::string> members;  // a stack's pieces, bottom first
  std::string type() const { return type_text.text(); }
  bool is_stack() const { return type_text.is_stack(); }
  TraitChain chain() const;  // type and state parsed (for a stack: the single "stack" trait)
  std::string name() const;  // PieceName ("" for a stack)
};

struct Player {
  std::string id;
  std::string name;
  std::string side;
};

struct GlobalPropertyKey {
  std::string container;  // "Module", a map name, or "map:zone"
  std::string name;
  auto operator<=>(const GlobalPropertyKey&) const = default;
};

// The key a restore sets. A zone property's restore names it as ZoneProperty.getPropertyId does,
// "name\tzone\tboard\tmap", with no container: kept under its name and its zone's container,
// "map:zone", as a change names it.
GlobalPropertyKey restore_key(const GlobalPropertyRestore& restore);

// The plaintext `savedGame` text of a save or log (or of a bare save text), deobfuscated.
std::string read_saved_game(const std::string& path);

// Something VASSAL itself passes over in silence, such as a step naming a piece that does not
// exist; kept so that what was skipped is never silent here.
struct GameWarning {
  std::string position;  // "setup" or "step N"
  std::string message;
  bool operator==(const GameWarning&) const = default;
};

class Game {
 public:
  // Reads a .vsav/.vlog (or legacy name, or bare savedGame text) and applies it: a save's
  // commands, a log's starting position and then every step (position() == step_count()).
  // The module, when given, supplies map names and properties; it must outlive the Game.
  static Game open(const std::string& path, const Module* module = nullptr);
  // Reads a save stored as an entry of a container, such as a predefined set-up inside a module:
  // the source, and the file errors name, is "<container path>/<entry>". ArchiveError naming the
  // container and the entry when it has no such entry.
  static Game open_entry(const Archive& container, const std::string& entry, const Module* module = nullptr);
  static Game from_text(const std::string& saved_game, const std::string& source, const Module* module = nullptr);
  Game(Game&&) noexcept;
  Game& operator=(Game&&) noexcept;
  ~Game();
  // An independent game as this one stands: its pieces, changes and log position, so that a change
  // made to one is not seen in the other (a simulation runs each procedure on a copy of one opened game).
  Game copy() const;

  const std::string& source() const { return source_; }
  const Module* module() const { return module_; }  // nullptr when opened without one
  const std::optional<Metadata>& savedata() const { return savedata_; }
  // The module's metadata as the save copied it (its name and version); nullopt when the file has none.
  const std::optional<Metadata>& moduledata() const { return moduledata_; }
  bool is_log() const { return step_count() > 0; }

  // The state at the current replay position.
  std::vector<const GamePiece*> pieces() const;  // pieces other than stacks, in save order
  std::vector<const GamePiece*> stacks() const;
  const GamePiece* find(const std::string& id) const;
  const GamePiece& piece(const std::string& id) const;  // throws GameStateError for unknown ids
  const std::vector<Player>& players() const { return players_; }
  const std::map<std::string, BoardLayout>& board_layouts() const { return layouts_; }  // by map id
  const std::map<GlobalPropertyKey, std::string>& global_properties() const { return globals_; }
  // The trait properties plus VASSAL's location properties: CurrentMap (the map's name),
  // CurrentX, CurrentY, PieceUID, StackPos, StackSize.
  PropertyMap properties(const GamePiece& piece) const;
  // Commands skipped the way VASSAL skips them (RemovePiece, ChangePiece or MovePiece naming an
  // unknown piece), each once, in the order first met.
  const std::vector<GameWarning>& warnings() const { return warnings_; }

  // Replay (logs). A step is one top-level command after the save's end_save.
  size_t step_count() const { return reader_ ? reader_->size() - setup_end_ : 0; }
  size_t position() const { return position_; }
  Command step(size_t index) const;  // decoded from the text when asked for
  StepEffect step_forward();  // throws GameStateError at the end
  StepEffect step_back();     // throws GameStateError at the start
  void seek(size_t position);

  // Changes, applied at once and remembered as the commands VASSAL would send.
  void set_property(const std::string& id, const std::string& name, const std::string& value);
  void move_piece(const std::string& id, const std::string& map, int x, int y);
  // A global property's value (VASSAL's MutableProperty change); container "Module", a map name or
  // "map:zone". A save written after it holds the value whether or not the file it was read from did.
  void set_global_property(const std::string& name, const std::string& value, const std::string& container = "Module");
  // A new piece from a palette entry (the module's first PieceSlot with that entryName, or a slot
  // given), its prototypes expanded, dropped at (x, y) of `map` (a map's name or id; the point is
  // taken as given, not snapped) as VASSAL records a drop from the palette: onto the top of the
  // stack standing at that point, a NullCommand of the piece's AddPiece (off-map, as the slot made
  // it) and a MovePiece onto the top piece; else the piece's AddPiece at the point and the AddPiece
  // of a new stack holding it. Returns the new piece's id. GameStateError naming the entry when
  // the game has no module or the module no such entry, naming the map when the module has no such
  // map, naming the prototype when one stays undefined.
  std::string add_piece(const std::string& entry, const std::string& map, int x, int y);
  std::string add_piece(const PieceSlotSpec& slot, const std::string& map, int x, int y);
  // Takes a piece off the table (VASSAL's RemovePiece, as its Delete trait sends it): it leaves
  // its stack; an emptied stack is left out of saves. GameStateError for an unknown id or a stack.
  void delete_piece(const std::string& id);
  // A chat line (VASSAL's `CHAT` + text): a new log step; a save does not hold chat.
  void chat(const std::string& text);
  const std::vector<Command>& changes() const { return changes_; }

  // The savedGame text of a save of the current state; for an unchanged save at its end (chat
  // lines aside), the text that was read, byte for byte.
  std::string save_text() const;
  // The text that was read plus one LOG step per change.
  std::string log_text() const;
  // Write new files atomically (never over an existing file, never over the input).
  void save(const std::string& path, std::optional<uint8_t> key = std::nullopt) const;
  void save_log(const std::string& path, std::optional<uint8_t> key = std::nullopt) const;

 private:
  Game();
  Game(const Game&);  // copy() only: a copy is made on purpose, never by accident
  static Game from_archive(Archive archive, const std::string& source, const Module* module);
  struct Snapshot;  // what a step needs to be undone
  void load(std::string text);
  Game reread();  // a game to read this one's text again: its file, none of its state
  void take_file(Game& from);  // the file's text, name and metadata, moved
  void read_commands(std::exception_ptr* failure, bool keep_history, std::optional<size_t> steps);
  using PartText = CommandReader::PartText;
  // While a container is unescaped in place, a piece read from it views its type where it stands
  // then (a later command of the container may ask for it), and is moved to where it stands once the
  // container is put back: each view then and there, in the order read (so by where it stood), and
  // the first place in the order of pieces the container's pieces may take.
  std::optional<std::vector<std::pair<const char*, const char*>>> views_to_settle_;
  size_t unsettled_from_ = 0;
  void settle_views(Snapshot* undo);
  Game replayed(size_t steps);
  void build_history();
  // `written`: where the command stands in the text, when it was read from there.
  void apply(const Command& command, Snapshot* undo, StepEffect* effect, const PartText* written = nullptr);
  void apply_record(const Record& record, Snapshot* undo, StepEffect* effect, const PartText* written = nullptr);
  void remember(const std::string& id, Snapshot* undo);
  void remember_global(const GlobalPropertyKey& key, Snapshot* undo);
  void register_piece(const AddPiece& add, const std::string& id, const PartText* written);
  void remove_piece(const std::string& id);
  void change_piece(const ChangePiece& change);
  void move(const MovePiece& move);
  void detach_from_stack(GamePiece& piece);
  void place_in_stack(GamePiece& piece, GamePiece& stack, size_t index);
  void sync_stack_members(GamePiece& stack);
  // Stacks by the point they stand on, so that a move finds the stack it lands on without a scan.
  void index_stack(const std::string& id);
  std::vector<std::string> stacks_at(const std::string& map, int x, int y) const;
  GamePiece& require(const std::string& id, const char* what);
  GamePiece* find_or_warn(const std::string& id, const char* what);
  [[noreturn]] void fail(const std::string& message) const;
  // "adjutant-N", N past every such id the game has held, skipping ids in use.
  std::string next_generated_id();
  void note_generated_id(const std::string& id);
  std::string save_map_id(const std::string& map) const;
  StepEffect effect_of(const Snapshot& before, size_t index) const;
  void restore(Snapshot& snapshot);
  Command setup_command(size_t index) const;

  std::string source_;
  const Module* module_ = nullptr;
  // The decoded text is kept whole; its commands are decoded while loading and again when asked for.
  // Shared with copies of the game and viewed by pieces (PieceType): it changes only while it is
  // read and nothing else holds it.
  std::shared_ptr<std::string> text_;
  std::optional<CommandReader> reader_;
  QuoteRule rule_ = QuoteRule::kCurrent;
  std::optional<QuoteRule> forced_rule_;  // the rule the text was read again under, when it shows both
  std::optional<Metadata> savedata_;
  std::optional<std::string> moduledata_entry_;  // copied into saves we write
  std::optional<Metadata> moduledata_;
  std::string context_;                          // "setup" or "step N", for error messages
  size_t generated_ids_ = 0;
  size_t setup_end_ = 0;        // the root's children up to and including end_save (or all)
  // What undoes each step up to the position; empty, until going back needs it, after loading.
  std::vector<Snapshot> undo_;
  size_t position_ = 0;

  std::unordered_map<std::string, GamePiece> pieces_;
  // Pieces by GamePiece::order (the map's nodes never move): every piece ever added has its place,
  // nullptr once it is gone.
  std::vector<const GamePiece*> order_;
  std::vector<Player> players_;
  std::map<std::string, BoardLayout> layouts_;
  std::map<GlobalPropertyKey, std::string> globals_;
  std::vector<Command> changes_;
  std::vector<GameWarning> warnings_;
  // Each type text once: pieces of one kind (every stack, every copy of a counter) share it.
  std::unordered_map<std::string_view, std::shared_ptr<const std::string>> type_texts_;
  PieceType type_text(const std::string& type);
  // Stacks holding pieces on a map by the point they stand on (stacks off every map, or empty, are
  // never landed on). A point names its map by its place in map_ids_, the maps stacks stood on.
  struct Point {
    uint32_t map;
    int32_t x;
    int32_t y;
    bool operator==(const Point&) const = default;
  };
  struct PointHash {
    size_t operator()(const Point& point) const;
  };
  std::optional<Point> point(const std::string& map, int x, int y) const;  // nullopt: no stack stood on the map
  Point indexed_point(const std::string& map, int x, int y);
  std::vector<std::string> map_ids_;
  std::unordered_map<Point, std::vector<std::string>, PointHash> stacks_by_point_;  // point -> stack ids
  std::unordered_map<std::string, Point> stack_point_;                               // stack id -> point
};

}  // namespace adjutant::vmod
