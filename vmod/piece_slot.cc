#include "vmod/piece_slot.h"

#include <optional>

#include "vmod/format_error.h"

namespace adjutant::vmod {

TraitChain slot_piece(const PieceSlotSpec& slot, const Module* module, std::vector<std::string>* missing) {
  try {
    const TraitChain chain = TraitChain::from_definition(slot.definition);
    if (!module) return chain;
    return chain.expand_prototypes(
        [module](const std::string& name) -> std::optional<std::string> {
          if (const PrototypeSpec* p = module->find_prototype(name)) return p->definition;
          return std::nullopt;
        },
        missing);
  } catch (FormatError& e) {
    if (module) e.locate(module->source, module->build_file);
    e.set_position_if_empty("line " + std::to_string(slot.line));
    throw;
  }
}

}  // namespace adjutant::vmod
