// The companion file's [sight] section (docs/sight.md, docs/companion-format.md): the line-of-sight
// model the rules use (CWR, LFM or VASSAL's thread), the height each terrain type adds, the terrain
// types of the special clauses, the hexside features that block, and the choices for ambiguities;
// [sight.cwr] and [sight.lfm] give one model's keys over those of [sight].
#pragma once

#include <toml++/toml.h>

#include "core/hexes/terrain.h"
#include "vmod/companion.h"
#include "vmod/toml_reader.h"

namespace adjutant::vmod {

// Reads [sight] with its [sight.cwr] and [sight.lfm]. Throws CompanionError naming the file, line and column.
CompanionSight read_sight(const toml_reading::TomlReader& reader, const toml::table& sight,
                          const core::TerrainVocabulary& vocabulary);

}  // namespace adjutant::vmod
