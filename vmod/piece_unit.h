// Pieces as rule units: a companion file's [units] (core::UnitMapping) applied to a game's piece
// or to the piece a PieceSlot makes, by its name, its properties and the prototypes it uses.
//
// VASSAL copies a prototype's traits into every piece it creates, so a piece in a save names a
// prototype only where its chain still holds the `prototype;` trait. Guessing prototypes from the
// copied traits goes wrong (a one-trait prototype matches nearly every piece; a module revision
// changes the text), so it is not done: match saved pieces by property or name instead.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/game/unit_mapping.h"
#include "vmod/game.h"
#include "vmod/module.h"
#include "vmod/piece.h"

namespace adjutant::vmod {

using UnitAttributes = std::map<std::string, std::string>;

// The prototypes a trait chain names, outermost first, with the prototypes their definitions name
// in turn when a module is given (each once; a name the module does not define is listed, not
// followed). Throws PieceError at the prototype's buildFile line for a definition that is no AddPiece.
std::vector<std::string> prototypes_used(const TraitChain& chain, const Module* module);

// A game's piece as a unit: its name, its properties (location ones included) and the prototypes
// its saved chain uses, found in `module` (nullptr: the game's own, if it has one). nullopt for a
// piece that is no unit.
std::optional<UnitAttributes> unit_of(const core::UnitMapping& units, const Game& game, const GamePiece& piece,
                                      const Module* module = nullptr);

// The piece a PieceSlot of `module` makes, as a unit: named and with the properties VASSAL gives
// it (the module's prototypes expanded), and the prototypes its definition uses.
std::optional<UnitAttributes> unit_of(const core::UnitMapping& units, const PieceSlotSpec& slot, const Module& module);

}  // namespace adjutant::vmod
