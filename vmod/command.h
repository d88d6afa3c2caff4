// The `savedGame` text as a command tree (spec §6): ESC-separated commands, each a typed record
// with its subcommands. Decoding then encoding an unchanged tree gives the same text, byte for byte.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "vmod/sequence_codec.h"

namespace adjutant::vmod {

inline constexpr char kCommandSeparator = '\x1b';  // ESC

struct Command;

// A value-semantics box for the one recursive record (a LOG step holds a command).
class CommandBox {
 public:
  CommandBox();
  explicit CommandBox(Command command);
  CommandBox(const CommandBox& other);
  CommandBox& operator=(const CommandBox& other);
  CommandBox(CommandBox&&) noexcept;
  CommandBox& operator=(CommandBox&&) noexcept;
  ~CommandBox();
  Command& operator*() { return *ptr_; }
  const Command& operator*() const { return *ptr_; }
  Command* operator->() { return ptr_.get(); }
  const Command* operator->() const { return ptr_.get(); }

 private:
  std::unique_ptr<Command> ptr_;
};

// "" : the NullCommand, a container for its children.
struct NullRecord {};
// `begin_save` / `end_save` (GameState setup false/true).
struct BeginSave {};
struct EndSave {};
// `+/id/type/state`; id nullopt is written `null` (PieceSlot and prototype definitions).
struct AddPiece {
  std::optional<std::string> id;
  std::string type;
  std::string state;
};
// `-/id`
struct RemovePiece {
  std::string id;
};
// `D/id/newState[/oldState]`
struct ChangePiece {
  std::string id;
  std::string new_state;
  std::optional<std::string> old_state;
};
// `M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/player`; a nullopt map or under-id is
// written `null`. A nullopt player is an absent last field (VASSAL then assumes the reader's own id).
struct MovePiece {
  std::string id;
  std::optional<std::string> new_map;
  int new_x = 0;
  int new_y = 0;
  std::optional<std::string> new_under;
  std::optional<std::string> old_map;
  int old_x = 0;
  int old_y = 0;
  std::optional<std::string> old_under;
  std::optional<std::string> player;
};
// `CHAT` + message.
struct Chat {
  std::string message;
};
// `PLAYER\t` + enc(TAB: id, name, side).
struct AddPlayer {
  std::string id;
  std::string name;
  std::string side;
};
// `PYREMOVE\t` + id.
struct RemovePlayer {
  std::string id;
};
// enc(TAB: `<map>BoardPicker`, enc(/: board[,rev]), col, row, ...): one map's board layout.
struct BoardLayout {
  struct Cell {
    std::string board;
    bool reversed = false;
    int column = 0;
    int row = 0;
  };
  std::string picker_id;  // "<mapName or Map0...>BoardPicker"
  std::vector<Cell> cells;
  std::string map_id() const;  // picker_id without the "BoardPicker" suffix
};
// `MutableProperty\t` + enc(TAB: name, old, new, container).
struct MutableProperty {
  std::string name;
  std::string old_value;
  std::string new_value;
  std::string container;  // "Module", a map name, or "map:zone"
};
// enc(;: `GlobalProperty\t`, name, value, container).
struct GlobalPropertyRestore {
  std::string name;
  std::string value;
  std::string container;
};
// enc(TAB: `TURN`+trackerId, levelStates); the level states are kept as written.
struct TurnState {
  std::string tracker_id;
  std::string state;
};
// `NOTES\t`, `PNOTES\t`, `PNOTE\t`, `SNOTE\t` + body (kept as written).
struct Notes {
  std::string prefix;
  std::string body;
};
// `UNMASK\t` + enc(TAB: ids).
struct Unmask {
  std::vector<std::string> ids;
};
// `SETUP_STACK\t`: the at-start stacks are not to be created again.
struct SetupStackMarker {
  std::string text;  // as written
};
// `LOG\t` + encode(command): one logged command.
struct LogEntry {
  CommandBox command;
};
// `UNDO\t` + true/false.
struct Undo {
  bool value = false;
};
// Any other leaf (CHECK, SHOW_RESULTS, EXT, DECK, AUDIO, a module's own encoder...), kept verbatim.
struct Verbatim {
  std::string text;
};

using Record = std::variant<NullRecord, BeginSave, EndSave, AddPiece, RemovePiece, ChangePiece, MovePiece, Chat,
                            AddPlayer, RemovePlayer, BoardLayout, MutableProperty, GlobalPropertyRestore,
                            TurnState, Notes, Unmask, SetupStackMarker, LogEntry, Undo, Verbatim>;

// "AddPiece", "MovePiece", "Log", "Verbatim", ... (for reports and the Python API).
std::string_view record_name(const Record& record);

struct Command {
  Record record;
  std::vector<Command> children;  // the ESC tokens that follow this command's own token
};

class CommandTree {
 public:
  // Throws CommandError naming the position (e.g. "command 12, AddPiece") for malformed records
  // of known kinds (missing fields, a non-numeric coordinate); unknown leaves become Verbatim.
  static CommandTree decode(std::string_view text);

  std::string encode() const;

  Command root;
  // The quoting generation of the text (spec §3), found while decoding; encode() uses it.
  QuoteRule rule = QuoteRule::kCurrent;
};

struct DecodeContext;

// The root of a `savedGame` text with its children left undecoded: the root's own record and where
// each child's token lies, so that a game can apply the children one at a time and decode a log's
// step again when it is asked for, instead of holding the whole tree. CommandTree::decode is built
// on it: the same records, the same quoting evidence, the same error positions.
class CommandReader {
 public:
  // Splits the root as CommandTree::decode does and decodes its own record. `forced_rule`: keep
  // typed only the leaves that rule writes back exactly (CommandTree::decode's second pass).
  CommandReader(std::string_view text, std::optional<QuoteRule> forced_rule = std::nullopt);

  const Record& root() const { return root_; }
  size_t size() const { return spans_.size(); }
  // The next child, in order from the first, counting records and gathering evidence as one decode
  // of the whole text does (CommandError positions are those of CommandTree::decode).
  Command next(std::string_view text);
  // Where a part handed out by next_in_parts stands in the text: its token as written there from
  // `offset` (escaped as written), whose bytes `now` holds while the part is visited. Given for a
  // child visited whole that holds no separator, of a container not quoted, so that unescaping the
  // container changed none of its bytes.
  struct PartText {
    std::string_view now;
    size_t offset;
  };
  using PartVisitor = std::function<void(const Command&, const PartText*)>;
  // The next child as next() decodes it, handed to `visit` in pieces: its own record first (a
  // Command without children), then each of its children whole, in order, each decoded only once
  // the one before has been visited. A container (a save's list of pieces) is thus never held
  // decoded all at once; visiting the pieces in order applies what the whole child would. With
  // `in_place`, the child is unescaped within `text` itself while it is read (nothing else may read
  // `text` meanwhile), and `text` is as it was on return; else it is unescaped in a copy.
  void next_in_parts(std::string& text, bool in_place, const PartVisitor& visit);
  // Child `index` again, decoded under `rule` (what the tree held once its rule was settled).
  Command child(std::string_view text, size_t index, QuoteRule rule) const;
  // The rule the text shows so far, and whether it shows both (then decode again with it forced).
  QuoteRule rule() const { return evidence_.rule(QuoteRule::kCurrent); }
  bool mixed() const { return evidence_.current && evidence_.legacy; }

 private:
  struct Span {
    size_t offset;
    size_t length;
  };
  CommandReader(std::string_view text, DecodeContext& ctx);
  DecodeContext context() const;  // the decoding state carried from one child to the next
  void take(const DecodeContext& ctx);

  Record root_;
  std::vector<Span> spans_;  // each child's token in the text, escaped as written
  size_t next_ = 0;
  QuoteEvidence evidence_;
  std::optional<QuoteRule> forced_rule_;
  size_t record_count_ = 0;
  size_t depth_ = 1;  // the nesting of the root's children: 1 for a whole text
};

// Lower-level pieces, used by the tree and by code that writes new commands.
Command decode_command(std::string_view text, QuoteEvidence* evidence = nullptr);
std::string encode_command(const Command& command, QuoteRule rule = QuoteRule::kCurrent);
std::string encode_record(const Record& record, QuoteRule rule = QuoteRule::kCurrent);

}  // namespace adjutant::vmod
