// Putting pieces on the table and taking them off, recorded as VASSAL records them (spec §6.2): a
// drop from the palette (StackMetrics.merge onto a stack standing there, else Map.placeAt and a new
// stack, as PieceMover.movePieces does) and RemovePiece.
#include <algorithm>

#include "vmod/format_error.h"
#include "vmod/game.h"
#include "vmod/piece_slot.h"

namespace adjutant::vmod {

std::string Game::save_map_id(const std::string& map) const {
  if (!module_) return map;
  if (const MapSpec* spec = module_->find_map(map)) return spec->save_id();
  fail("no map '" + map + "' in module " + module_->source);
}

std::string Game::add_piece(const std::string& entry, const std::string& map, int x, int y) {
  context_ = "change";
  if (!module_) fail("add_piece: palette entry '" + entry + "' needs the module; open the game with its module");
  const auto& slots = module_->piece_slots;
  auto slot = std::find_if(slots.begin(), slots.end(), [&](const PieceSlotSpec& s) { return s.name == entry; });
  if (slot == slots.end()) fail("add_piece: no palette entry '" + entry + "' in module " + module_->source);
  return add_piece(*slot, map, x, y);
}

std::string Game::add_piece(const PieceSlotSpec& slot, const std::string& map, int x, int y) {
  context_ = "change";
  const std::string map_id = save_map_id(map);
  TraitChain chain = slot_piece(slot, module_);
  for (const Trait& t : chain.traits()) {
    if (t.id != "prototype;") continue;
    const std::string name = t.type_fields.empty() ? "" : t.type_fields[0];
    fail("add_piece: palette entry '" + slot.name + "' uses prototype '" + name + "', which " +
         (module_ ? "module " + module_->source + " does not define" : "needs the module"));
  }
  if (!slot.gpid.empty()) chain.set_basic_gpid(slot.gpid);
  const std::string id = next_generated_id();

  const GamePiece* stack = nullptr;
  for (const std::string& sid : stacks_at(map_id, x, y)) {
    const GamePiece& s = pieces_.at(sid);
    if (!s.members.empty()) {
      stack = &s;
      break;
    }
  }
  Command drop{NullRecord{}, {}};
  if (stack) {
    drop.children.push_back(Command{AddPiece{id, chain.type(), chain.state()}, {}});
    MovePiece mv;
    mv.id = id;
    mv.new_map = map_id;
    mv.new_x = stack->x;
    mv.new_y = stack->y;
    mv.new_under = stack->members.back();
    if (!chain.basic_map().empty()) mv.old_map = chain.basic_map();
    mv.old_x = chain.basic_x();
    mv.old_y = chain.basic_y();
    if (!players_.empty()) mv.player = players_.front().id;
    drop.children.push_back(Command{mv, {}});
  } else {
    chain.set_basic_position(map_id, x, y);
    drop.children.push_back(Command{AddPiece{id, chain.type(), chain.state()}, {}});
    SequenceEncoder state(';', rule_);
    state.append(map_id).append_int(x).append_int(y).append(id);
    drop.children.push_back(Command{AddPiece{next_generated_id(), "stack", state.str()}, {}});
  }
  apply(drop, nullptr, nullptr);
  changes_.push_back(std::move(drop));
  return id;
}

void Game::delete_piece(const std::string& id) {
  context_ = "change";
  if (require(id, "delete_piece").is_stack()) fail("delete_piece: " + id + " is a stack; delete its pieces");
  Command remove{RemovePiece{id}, {}};
  apply(remove, nullptr, nullptr);
  changes_.push_back(std::move(remove));
}

}  // namespace adjutant::vmod
