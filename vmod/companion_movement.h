// The companion file's [movement] section (docs/companion-format.md): the movement costs of each
// unit class, how enemy hexes are treated, and the zones of control, as data for the generic rules.
#pragma once

#include <toml++/toml.h>

#include <string>
#include <vector>

#include "core/hexes/terrain.h"
#include "vmod/companion.h"
#include "vmod/toml_reader.h"

namespace adjutant::vmod {


// Reads [movement]; `unit_attributes` are the declared ones (the attributes it names must be
// among them). Throws CompanionError naming the file, line and column.
CompanionMovement read_movement(const toml_reading::TomlReader& reader, const toml::table& movement,
                                const core::TerrainVocabulary& vocabulary,
                                const std::vector<std::string>& unit_attributes);

}  // namespace adjutant::vmod
