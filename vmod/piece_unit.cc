#include "vmod/piece_unit.h"

#include <algorithm>

#include "vmod/format_error.h"
#include "vmod/limits.h"
#include "vmod/piece_slot.h"

namespace adjutant::vmod {

namespace {

// A prototype's definition as traits, a broken one reported at its buildFile line.
TraitChain prototype_chain(const PrototypeSpec& prototype, const Module& module) {
  try {
    return TraitChain::from_definition(prototype.definition);
  } catch (FormatError& e) {
    e.locate(module.source, module.build_file);
    e.set_position_if_empty("line " + std::to_string(prototype.line));
    throw;
  }
}

void walk(const std::vector<Trait>& traits, const Module* module, std::vector<std::string>& found, size_t depth = 0) {
  if (depth > limits::kMaxPrototypeNesting) {
    throw PieceError("prototypes nested more than " + std::to_string(limits::kMaxPrototypeNesting) + " deep, from " +
                     found.front() + " to " + found.back());
  }
  for (const Trait& trait : traits) {
    if (trait.class_name() != "UsePrototype" || trait.type_fields.empty()) continue;
    const std::string& name = trait.type_fields.front();
    if (std::find(found.begin(), found.end(), name) != found.end()) continue;
    found.push_back(name);
    if (!module) continue;
    if (const PrototypeSpec* prototype = module->find_prototype(name))
      walk(prototype_chain(*prototype, *module).traits(), module, found, depth + 1);
  }
}

std::optional<UnitAttributes> resolve(const core::UnitMapping& units, std::string name, std::vector<std::string> prototypes,
                                      const PropertyMap& properties) {
  core::PieceView view;
  view.name = std::move(name);
  view.prototypes = std::move(prototypes);
  view.property = [&properties](std::string_view key) -> std::optional<std::string> {
    const auto it = properties.find(std::string(key));
    if (it == properties.end()) return std::nullopt;
    return it->second;
  };
  return units.resolve(view);
}

}  // namespace

std::vector<std::string> prototypes_used(const TraitChain& chain, const Module* module) {
  std::vector<std::string> found;
  walk(chain.traits(), module, found);
  return found;
}

std::optional<UnitAttributes> unit_of(const core::UnitMapping& units, const Game& game, const GamePiece& piece,
                                      const Module* module) {
  if (!module) module = game.module();
  return resolve(units, piece.name(), prototypes_used(piece.chain(), module), game.properties(piece));
}

std::optional<UnitAttributes> unit_of(const core::UnitMapping& units, const PieceSlotSpec& slot, const Module& module) {
  const PropertyMap properties = slot_piece(slot, &module).properties();
  const auto name = properties.find("PieceName");
  return resolve(units, name == properties.end() ? "" : name->second,
                 prototypes_used(TraitChain::from_definition(slot.definition), &module), properties);
}

}  // namespace adjutant::vmod
