// A game's piece as scripts hold it: the game it belongs to and its id, so that it always shows
// the game's current state (after replay, after changes). Shared by the game and companion bindings.
#pragma once

#include <memory>
#include <string>

#include "vmod/game.h"

namespace adjutant::bindings {

using GamePtr = std::shared_ptr<vmod::Game>;

struct PieceRef {
  GamePtr game;
  std::string id;
  const vmod::GamePiece& get() const { return game->piece(id); }
};

}  // namespace adjutant::bindings
