// A game's position as one text, for tests that compare positions: every piece in order with its
// place, stack, members, state and type, the global properties, players and board layouts.
#pragma once

#include <string>

#include "vmod/command.h"
#include "vmod/game.h"

namespace adjutant::testing {

inline std::string position_text(const vmod::Game& game) {
  std::string out;
  for (const auto& list : {game.pieces(), game.stacks()}) {
    for (const vmod::GamePiece* p : list) {
      out += p->id + '|' + p->map + '|' + std::to_string(p->x) + ',' + std::to_string(p->y) + '|' + p->stack + '|';
      for (const std::string& m : p->members) out += m + ',';
      out += '|' + p->state + '|' + p->type() + '\n';
    }
  }
  for (const auto& [key, value] : game.global_properties()) out += key.container + '/' + key.name + '=' + value + '\n';
  for (const vmod::Player& p : game.players()) out += "player " + p.id + ' ' + p.name + ' ' + p.side + '\n';
  for (const auto& [map, layout] : game.board_layouts()) out += "layout " + map + ' ' + vmod::encode_record(layout) + '\n';
  return out;
}

}  // namespace adjutant::testing
