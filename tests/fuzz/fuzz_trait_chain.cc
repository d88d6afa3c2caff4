// Piece trait chains (vmod/piece.h): the input is a piece definition as PieceSlots, prototypes
// and AddPiece commands write it (`+/id/type/state`). It parses or is refused with a PieceError;
// a parsed chain gives its properties, expands prototypes and takes new property values.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "vmod/format_error.h"
#include "vmod/piece.h"

using namespace adjutant::vmod;

namespace {

// Prototypes for expansion: small fixed ones (one with a `$k$` parameter, one nesting another),
// and "self", the input itself, which may use itself (a cycle, to be refused).
std::optional<std::string> prototype(const std::string& name, std::string_view input) {
  static const std::map<std::string, std::string> kFixed = {
      {"Unit", "+/null/mark;Type,Side\tprototype;Marker\tpiece;;;;/Infantry,$side$\t;;;0;"},
      {"Marker", "+/null/emb2;Flip;128;F;;0;;;0;;;0;0;;true;a.png,b.png;,+ flipped;true;Step;;;false;;1\tpiece;;;;/1\t;;;0;"},
      {"Broken", "not a definition"},
  };
  if (name == "self") return std::string(input);
  const auto it = kFixed.find(name);
  if (it == kFixed.end()) return std::nullopt;
  return it->second;
}

void exercise(TraitChain chain, std::string_view input) {
  for (const Trait& t : chain.traits()) (void)t.class_name();
  (void)chain.type();
  (void)chain.state();
  (void)chain.basic_map();
  (void)chain.basic_x();
  (void)chain.basic_y();
  const PropertyMap properties = chain.properties();
  FUZZ_CHECK(properties.count("PieceName") == 1, "no PieceName property");

  std::vector<std::string> missing;
  try {
    const TraitChain expanded =
        chain.expand_prototypes([input](const std::string& name) { return prototype(name, input); }, &missing);
    (void)expanded.properties();
  } catch (const PieceError&) {
    // a cycle or a broken prototype: refused, as documented
  }

  int tried = 0;
  for (const auto& [name, value] : properties) {
    if (++tried > 8) break;
    for (const char* new_value : {"1", "-1", "true", "2147483647", "x"}) {
      try {
        chain.set_property(name, new_value);
      } catch (const PieceError&) {
        // not settable or not a valid value: refused, as documented
      }
    }
  }
  chain.set_basic_position("Main Map", -7, 2147483647);
  if (chain.basic().id == "piece;") {
    FUZZ_CHECK(chain.basic_x() == -7 && chain.basic_y() == 2147483647, "set_basic_position did not take");
  }
  (void)chain.properties();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input = adjutant::fuzz::as_text(data, size);
  for (QuoteRule rule : {QuoteRule::kCurrent, QuoteRule::kLegacy}) {
    try {
      exercise(TraitChain::from_definition(input, rule), input);
    } catch (const PieceError&) {
      // not a definition, or a state with fewer levels than the type: refused, as documented
    }
  }
  return 0;
}
