// A PieceSlot's piece as VASSAL creates it from the slot (PieceSlot, then PieceCloner): the
// definition's traits with the module's prototypes expanded, which give the piece its name and
// properties.
#pragma once

#include <string>
#include <vector>

#include "vmod/module.h"
#include "vmod/piece.h"

namespace adjutant::vmod {

// Without a module, prototypes stay unexpanded. Prototypes the module does not define stay as
// they are and are listed in `missing`. Throws PieceError at the slot's buildFile line for a
// definition that is not an AddPiece or a prototype cycle.
TraitChain slot_piece(const PieceSlotSpec& slot, const Module* module, std::vector<std::string>* missing = nullptr);

}  // namespace adjutant::vmod
