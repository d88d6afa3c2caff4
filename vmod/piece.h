// A serialized piece as VASSAL's trait chain (spec §5): traits outermost first, ending in the
// basic piece; decoded fields for every known trait; unknown traits kept raw; properties under
// VASSAL's names; prototype expansion.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vmod/sequence_codec.h"

namespace adjutant::vmod {

struct Trait {
  std::string id;                        // the prefix that selects the class: "emb2;", "mark;", "piece;", "stack"
  std::string type;                      // this trait's own type text (myType)
  std::string state;                     // this trait's own state text (myState)
  std::vector<std::string> type_fields;  // the type after the prefix, split by the trait's delimiter
  std::vector<std::string> state_fields; // the state split by the trait's delimiter (one field if raw)
  bool known = false;                    // false: an unknown prefix, kept and re-encoded as it was

  // The class VASSAL would build: "Embellishment", "Embellishment0", "Marker", "BasicPiece", ...
  std::string class_name() const;
};

// Properties of one piece, by VASSAL's names.
using PropertyMap = std::map<std::string, std::string>;

class TraitChain {
 public:
  // Splits `type` and `state` (TAB-nested) into traits. A definition without state (PieceSlot,
  // prototype) gets empty states. Throws PieceError when the state has fewer levels than the type.
  static TraitChain parse(std::string_view type, std::string_view state, QuoteRule rule = QuoteRule::kCurrent);

  // A PieceSlot's or prototype's definition: an AddPiece `+/null/type/state`. Throws PieceError
  // when the text is not one.
  static TraitChain from_definition(std::string_view definition, QuoteRule rule = QuoteRule::kCurrent);

  const std::vector<Trait>& traits() const { return traits_; }
  const Trait& basic() const { return traits_.back(); }
  // The whole type and state text, nested again (identical to the input for an unchanged chain).
  std::string type() const;
  std::string state() const;

  // Trait properties under VASSAL's names: BasicName, PieceName, Marker keys, DynamicProperty
  // values, <layer>_Level/_Name/_Active/_Image, Labeler property, <rotator>_Facing/_Degrees,
  // Moved, Obscured, Invisible, PieceId, UniqueID and the BasicPiece's persistent properties.
  // (Location properties need the game and the module: see Game::properties.)
  PropertyMap properties() const;

  // Sets a Marker value, a DynamicProperty value, a Layer level (`<layer>_Level`, signed as
  // VASSAL stores it), a Labeler's text or `Moved`; re-encodes only that trait's state.
  // Throws PieceError naming the property when no trait holds it in its state.
  void set_property(const std::string& name, const std::string& value);

  // The basic piece's map id, x, y from its state (map "null" -> "").
  std::string basic_map() const;
  int basic_x() const;
  int basic_y() const;
  void set_basic_position(const std::string& map_id, int x, int y);
  // The source PieceSlot's id (property PieceId), with the state in the full form VASSAL writes,
  // map;x;y;gpid;N;pairs (a legacy map;x;y gains the count 0).
  void set_basic_gpid(const std::string& gpid);

  // Replaces every `prototype;` trait by the traits of its definition, recursively, as VASSAL does
  // for new pieces (definition text is an AddPiece `+/null/type/state`; `$k$` parameters
  // substituted). Cycles are detected and reported (PieceError), not followed. Unknown prototype
  // names are left in place and listed in `missing` when given.
  using PrototypeLookup = std::function<std::optional<std::string>(const std::string& name)>;
  TraitChain expand_prototypes(const PrototypeLookup& lookup, std::vector<std::string>* missing = nullptr) const;

 private:
  std::vector<Trait> traits_;
  QuoteRule rule_ = QuoteRule::kCurrent;
};

// A new piece's type and state texts from its traits' own (type, state), outermost first and ending
// with the BasicPiece: enc(TAB: t1, enc(TAB: t2, ...)) for each (spec §5). Throws
// std::invalid_argument for an empty list: a piece has at least its BasicPiece.
struct PieceTexts {
  std::string type;
  std::string state;
};
PieceTexts chain_traits(const std::vector<std::pair<std::string, std::string>>& traits,
                        QuoteRule rule = QuoteRule::kCurrent);

// The trait id (class-selecting prefix) of a type text: up to and including the first ';', or
// the whole text when it has none.
std::string trait_id(std::string_view type);

}  // namespace adjutant::vmod
