// Writing a save from scratch (spec §6.4): pieces, stacks and the components' restore commands laid
// out as VASSAL's GameState writes them, the text obfuscated with `!VCSK` and zipped with savedata
// and moduledata. (Game::save writes a save of a game that was read.)
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "vmod/archive.h"
#include "vmod/command.h"
#include "vmod/metadata.h"

namespace adjutant::vmod {

// Now as VASSAL's dateSaved: milliseconds since the epoch.
std::string now_millis();

// The entries of a save or log archive: savedGame (`!VCSK`-obfuscated with `key`, a random one when
// nullopt, as VASSAL draws one per file), savedata, and moduledata when given (VASSAL copies the
// module's own entry).
std::vector<ZipEntry> save_entries(const std::string& saved_game, std::optional<uint8_t> key,
                                   const Metadata& savedata, const std::optional<std::string>& moduledata);

class NewSave {
 public:
  // A piece: its id (VASSAL uses the time in milliseconds; any text unique in the save does), its
  // type and its state (chain_traits builds both from the traits). std::invalid_argument when the
  // id is taken.
  NewSave& add_piece(const std::string& id, const std::string& type, const std::string& state);
  // A stack of pieces already added (VASSAL needs the members first), bottom first, at (x, y) of
  // the map with id `map`. std::invalid_argument for an empty stack, a taken id, or a member that
  // is not a piece added before or is in another stack.
  NewSave& add_stack(const std::string& id, const std::string& map, int x, int y,
                     const std::vector<std::string>& members);

  // The restore commands that follow the pieces, kept in the order added (VASSAL's order is its
  // components': PLAYER, board layouts, GlobalProperty, TURN, NOTES, SETUP_STACK, ...).
  NewSave& add_player(const std::string& id, const std::string& name, const std::string& side);
  // A global property's value; container "Module", a map name, or "map:zone".
  NewSave& set_global_property(const std::string& name, const std::string& value,
                               const std::string& container = "Module");
  // Any other restore command, such as SetupStackMarker (`SETUP_STACK\t`) or a BoardLayout.
  NewSave& add_restore(const Command& command);

  // The plaintext savedGame: begin_save, the version check (an empty token), one NullCommand
  // holding every AddPiece, the restores, end_save; each level escaped as VASSAL's encoder does.
  std::string saved_game() const;

  // The archive's entries for a save of the module `module` describes (its moduledata, as
  // module_metadata gives it): savedata with the module's version, its VASSAL version, dateSaved
  // now and `description` (the save's comment, none when empty); moduledata with dateSaved now
  // when the metadata has none.
  std::vector<ZipEntry> entries(const Metadata& module, const std::string& description,
                                std::optional<uint8_t> key = std::nullopt) const;
  // Writes the save as a new file atomically; ArchiveError when `path` exists.
  void write(const std::string& path, const Metadata& module, const std::string& description,
             std::optional<uint8_t> key = std::nullopt) const;

 private:
  void claim_id(const std::string& id);

  std::vector<Command> pieces_;
  std::vector<Command> restores_;
  std::set<std::string> ids_;
  std::set<std::string> loose_pieces_;  // added pieces that no stack holds yet
};

}  // namespace adjutant::vmod
