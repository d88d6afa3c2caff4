// Piece texts written by hand for the tests, the way VASSAL nests a trait chain, independently of
// vmod's own writer (chain_traits), so that a parser test does not lean on the code beside it.
#pragma once

#include <string>
#include <vector>

#include "vmod/sequence_codec.h"

namespace adjutant::testing {

// enc(TAB: a, enc(TAB: b, ...)): a trait chain's types or states, outermost first.
inline std::string nest(const std::vector<std::string>& levels) {
  std::string text = levels.back();
  for (size_t i = levels.size() - 1; i-- > 0;) text = vmod::join_sequence({levels[i], text}, '\t');
  return text;
}

// A PieceSlot's or prototype's text: "+/null/TYPES/STATES".
inline std::string definition(const std::vector<std::string>& types, const std::vector<std::string>& states) {
  return "+/null/" + vmod::join_sequence({nest(types), nest(states)}, '/');
}

}  // namespace adjutant::testing
