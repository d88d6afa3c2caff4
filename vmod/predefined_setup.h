// A module's predefined set-ups (PredefinedSetup, spec §1 and §4): menu entries that start a game
// from a save stored in the module, opened from the module's own archive.
#pragma once

#include <string_view>

#include "vmod/game.h"
#include "vmod/module.h"

namespace adjutant::vmod {

// The set-up with that menu name, else the first with that file, else the menu of that name.
// Throws BuildFileError naming the module and listing its set-ups when none has it.
const PredefinedSetupSpec& find_predefined_setup(const Module& module, std::string_view name_or_file);

// Whether choosing the set-up loads a save: as VASSAL's PredefinedSetup, useFile with a file; the
// others are menus or start a new game.
bool opens_file(const PredefinedSetupSpec& setup);

// The set-up's save, read from the module's archive (Module::source: a .vmod, an extracted folder,
// or the folder a bare buildFile lies in; only that entry is read). The game's source is
// "<module>/<file>". Throws BuildFileError when the set-up loads no save, ArchiveError naming the
// module and the entry when the module does not hold the file.
Game open_predefined_setup(const Module& module, std::string_view name_or_file);

}  // namespace adjutant::vmod
