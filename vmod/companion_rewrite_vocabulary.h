// New words written into a companion file's [vocabulary], and each new terrain type's placeholder
// cost in every [movement.class.NAME] (a part of vmod/companion_rewrite.h's writer).
#pragma once

#include <toml++/toml.h>

#include "vmod/companion_rewrite.h"
#include "vmod/toml_text_edits.h"

namespace adjutant::vmod {

// `root` is the file's text as `companion` was parsed from it.
void add_words(toml_text::LineEdits& edits, const toml::table& root, const Companion& companion, const NewWords& words);

}  // namespace adjutant::vmod
