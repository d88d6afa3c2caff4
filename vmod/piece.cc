#include "vmod/piece.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <unordered_map>

#include "core/java/java_math.h"
#include "core/java/java_text.h"
#include "vmod/format_error.h"
#include "vmod/limits.h"
#include "vmod/nested_sequence.h"

namespace adjutant::vmod {
namespace {

constexpr char kTab = '\t';

// How a trait's own state text splits into state_fields.
enum class StateForm {
  kFields,  // enc(';': ...)
  kComma,   // enc(',': ...) (Marker)
  kRaw,     // one value, not decoded (DynamicProperty, Labeler, Invisible, ...)
  kLayer,   // Embellishment / Embellishment0: decided by the layer version
};

struct TraitKind {
  std::string_view class_name;
  char type_delimiter = ';';
  StateForm state_form = StateForm::kFields;
};

// BasicCommandEncoder's prefix table (plus the basic pieces and the traits newer VASSAL added).
const std::unordered_map<std::string_view, TraitKind>& trait_kinds() {
  static const std::unordered_map<std::string_view, TraitKind> kinds = {
      {"piece;", {"BasicPiece"}},
      {"stack", {"Stack"}},
      {"deck;", {"Deck"}},
      {"emb2;", {"Embellishment", ';', StateForm::kLayer}},
      {"emb;", {"Embellishment", ';', StateForm::kLayer}},
      {"mark;", {"Marker", ',', StateForm::kComma}},
      {"PROP;", {"DynamicProperty", ';', StateForm::kRaw}},
      {"calcProp;", {"CalculatedProperty"}},
      {"label;", {"Labeler", ';', StateForm::kRaw}},
      {"obs;", {"Obscurable"}},
      {"hide;", {"Hideable", ';', StateForm::kRaw}},
      {"restrict;", {"Restricted", ';', StateForm::kRaw}},
      {"rotate;", {"FreeRotator", ';', StateForm::kRaw}},
      {"markmoved;", {"MovementMarkable", ';', StateForm::kRaw}},
      {"report;", {"ReportState", ';', StateForm::kRaw}},
      {"macro;", {"TriggerAction"}},
      {"globalkey;", {"CounterGlobalKeyCommand"}},
      {"sendto;", {"SendToLocation"}},
      {"return;", {"ReturnToDeck"}},
      {"placemark;", {"PlaceMarker"}},
      {"replace;", {"Replace"}},
      {"delete;", {"Delete"}},
      {"clone;", {"Clone"}},
      {"submenu;", {"SubMenu"}},
      {"footprint;", {"Footprint"}},
      {"AreaOfEffect;", {"AreaOfEffect", ';', StateForm::kRaw}},
      {"mat;", {"Mat"}},
      {"matPiece;", {"MatCargo"}},
      {"prototype;", {"UsePrototype"}},
      {"setprop;", {"SetGlobalProperty"}},
      {"setpieceprop;", {"SetPieceProperty"}},
      {"button;", {"ActionButton"}},
      {"playSound;", {"PlaySound"}},
      {"translate;", {"Translate"}},
      {"pivot;", {"Pivot"}},
      {"nonRect;", {"NonRectangular"}},
      {"nonRect2;", {"NonRectangular"}},
      {"immob;", {"Immobilized"}},
      {"propertysheet;", {"PropertySheet"}},
      {"deselect;", {"Deselect"}},
      {"hideCmd;", {"RestrictCommands"}},
      {"cmt;", {"Comment"}},
      {"locmsg;", {"TranslatableMessage"}},
      {"locCommand;", {"MultiLocationCommand"}},
      {"menuSeparator;", {"MenuSeparator"}},
      {"globalhotkey;", {"GlobalHotKey"}},
      {"table;", {"TableInfo"}},
      {"basicName;", {"BasicName"}},
      {"border;", {"BorderOutline"}},
      {"attach;", {"Attachment"}},
  };
  return kinds;
}

const TraitKind* find_kind(std::string_view id) {
  const auto& kinds = trait_kinds();
  auto it = kinds.find(id);
  return it == kinds.end() ? nullptr : &it->second;
}

// SequenceEncoder.Decoder.nextInt's fallback: Integer.parseInt, or `fallback` where it throws.
int32_t int_or(std::string_view text, int32_t fallback) { return core::java::parse_int(text).value_or(fallback); }

size_t code_points(std::string_view s) {
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

const std::string& field(const std::vector<std::string>& fields, size_t index) {
  static const std::string empty;
  return index < fields.size() ? fields[index] : empty;
}

// SequenceDecoder.nextToken(default) on a field list: the default only when the field is absent.
std::string field_or(const std::vector<std::string>& fields, size_t index, std::string_view fallback) {
  return index < fields.size() ? fields[index] : std::string(fallback);
}

// Java's nextStringArray(min): "" is a zero-length array, padded with empty strings to `min`.
std::vector<std::string> string_array(const std::string& text, size_t min) {
  std::vector<std::string> items;
  if (!text.empty()) items = split_sequence(text, ',');
  if (items.size() < min) items.resize(min);
  return items;
}

// --- Layers (Embellishment) ----------------------------------------------------------------------

// emb2 type field positions (after the prefix).
constexpr size_t kLayerActivateKey = 2;
constexpr size_t kLayerUpKey = 5;
constexpr size_t kLayerDownKey = 8;
constexpr size_t kLayerImages = 15;
constexpr size_t kLayerNames = 16;
constexpr size_t kLayerName = 18;
constexpr size_t kLayerVersion = 24;
// emb (pre-2.x) puts one `image[,name]` per level from here on.
constexpr size_t kOldLayerFirstLevel = 8;

// Embellishment.mySetType: a version-0 type is upgraded to 1 when every key string is at most
// one character; otherwise the factory builds an Embellishment0.
int layer_version(const Trait& t) {
  if (t.id != "emb2;") return 1;
  const int version = int_or(field(t.type_fields, kLayerVersion), 0);
  if (version != 0) return version;
  const bool convertible = code_points(field_or(t.type_fields, kLayerActivateKey, "A")) <= 1 &&
                           code_points(field(t.type_fields, kLayerUpKey)) <= 1 &&
                           code_points(field(t.type_fields, kLayerDownKey)) <= 1;
  return convertible ? 1 : 0;
}

bool is_layer(const Trait& t) { return t.id == "emb2;" || t.id == "emb;"; }

struct LayerLevels {
  std::string name;
  std::vector<std::string> images;
  std::vector<std::string> level_names;
};

LayerLevels layer_levels(const Trait& t) {
  LayerLevels levels;
  if (t.id == "emb;") {
    for (size_t i = kOldLayerFirstLevel; i < t.type_fields.size(); ++i) {
      std::vector<std::string> parts = split_sequence(t.type_fields[i], ',');
      levels.images.push_back(parts[0]);
      levels.level_names.push_back(parts.size() > 1 ? parts[1] : "");
    }
    return levels;
  }
  levels.name = field(t.type_fields, kLayerName);
  levels.images = string_array(field(t.type_fields, kLayerImages), 0);
  levels.level_names = string_array(field(t.type_fields, kLayerNames), levels.images.size());
  if (levels.level_names.size() == 1 && levels.images.empty()) levels.images = {""};
  return levels;
}

// The signed level as Embellishment.mySetState reads it (first ';' token, default -1).
int layer_value(const Trait& t) {
  SequenceDecoder d(t.state, ';');
  return d.next_int(-1);
}

std::string strip_affix_marker(std::string s) {
  if (!s.empty() && s.front() == '+') return s.substr(1);
  if (!s.empty() && s.back() == '+') s.pop_back();
  return s;
}

// Embellishment.getName: an active level's name "+X" appends X, "X+" prefixes X, and a name
// without '+' replaces the inner name.
std::string layer_piece_name(const Trait& t, const std::string& inner_name) {
  const int value = layer_value(t);
  const LayerLevels levels = layer_levels(t);
  if (value <= 0 || static_cast<size_t>(value) > levels.level_names.size()) return inner_name;
  const std::string& level_name = levels.level_names[value - 1];
  if (level_name.empty()) return inner_name;
  SequenceDecoder d(level_name, '+');
  const std::string first = d.next();
  if (!d.has_more()) return first;
  const std::string second = d.next();
  return first.empty() ? inner_name + second : first + inner_name;
}

void add_layer_properties(const Trait& t, PropertyMap& props) {
  const int value = layer_value(t);
  const LayerLevels levels = layer_levels(t);
  const bool active = value > 0;
  const size_t index = static_cast<size_t>(std::abs(int64_t{value})) - 1;
  const bool in_range = value != 0 && index < levels.images.size();
  props[levels.name + "_Level"] = std::to_string(value);
  props[levels.name + "_Active"] = active ? "true" : "false";
  props[levels.name + "_Image"] = active && in_range ? levels.images[index] : "";
  props[levels.name + "_Name"] =
      active && index < levels.level_names.size() ? strip_affix_marker(levels.level_names[index]) : "";
}

// --- Other traits ---------------------------------------------------------------------------------

// Labeler type field positions.
constexpr size_t kLabelFormat = 11;
constexpr size_t kLabelPropertyName = 15;
// FreeRotator: nFacings, then 2 (n=1) or 4 key/text fields, then rndKey, rndText, name.
size_t rotator_name_index(int facings) { return facings == 1 ? 5 : 7; }

std::string label_property_name(const Trait& t) { return field_or(t.type_fields, kLabelPropertyName, "TextLabel"); }

// VASSAL's FormattedString: `$key$` replaced by the property (unknown keys expand to nothing,
// as in a running module); a trailing unmatched `$...` is literal.
std::string format_text(std::string_view format, const PropertyMap& props) {
  std::string out;
  size_t pos = 0;
  while (pos < format.size()) {
    const size_t open = format.find('$', pos);
    if (open == std::string_view::npos) break;
    const size_t close = format.find('$', open + 1);
    if (close == std::string_view::npos) break;
    out.append(format.substr(pos, open - pos));
    auto it = props.find(std::string(format.substr(open + 1, close - open - 1)));
    if (it != props.end()) out.append(it->second);
    pos = close + 1;
  }
  out.append(format.substr(std::min(pos, format.size())));
  return out;
}

// Labeler.getName: with a label, the name format applied to the inner name and the label.
std::string label_piece_name(const Trait& t, const std::string& inner_name, const PropertyMap& props) {
  if (t.state.empty()) return inner_name;
  PropertyMap scope = props;
  scope["pieceName"] = inner_name;
  scope["label"] = t.state;
  return format_text(field_or(t.type_fields, kLabelFormat, "$pieceName$ ($label$)"), scope);
}

// FreeRotator.getProperty: _Facing is angleIndex + 1, _Degrees (int) |angle|, where a free rotation
// (one facing) keeps its angle in the state and the others an index. VASSAL 3.7.8 and later round
// _Degrees instead and take it % 360.
void add_rotator_properties(const Trait& t, PropertyMap& props) {
  const int facings = int_or(field(t.type_fields, 0), 1);
  const std::string& name = field(t.type_fields, rotator_name_index(facings));
  const auto degrees = [](double angle) { return core::java::to_int(std::abs(angle)); };
  if (facings == 1) {
    props[name + "_Facing"] = "1";
    props[name + "_Degrees"] = std::to_string(degrees(core::java::parse_double(t.state).value_or(0.0)));
    return;
  }
  const int index = int_or(t.state, 0);
  props[name + "_Facing"] = std::to_string(core::java::add(index, 1));
  props[name + "_Degrees"] =
      std::to_string(facings > 0 ? degrees(core::java::sub(0, index) * (360.0 / facings)) : 0);
}

void add_marker_properties(const Trait& t, PropertyMap& props) {
  for (size_t i = 0; i < t.type_fields.size(); ++i) props[t.type_fields[i]] = field(t.state_fields, i);
}

// A hiding/masking player id, where "null" (and a missing state) means nobody.
bool names_a_player(const std::string& s) { return !s.empty() && s != "null"; }

// BasicPiece state: map;x;y;gpid;N;k1;v1;...;kN;vN
void add_basic_properties(const Trait& t, PropertyMap& props) {
  props["BasicName"] = field(t.type_fields, 3);
  if (t.state_fields.size() > 3) props["PieceId"] = t.state_fields[3];
  const int count = int_or(field(t.state_fields, 4), 0);
  for (int i = 0; i < count; ++i) {
    const size_t key = 5 + 2 * static_cast<size_t>(i);
    if (key >= t.state_fields.size()) break;
    props[t.state_fields[key]] = field(t.state_fields, key + 1);
  }
}

// --- Parsing ----------------------------------------------------------------------------------------

std::vector<std::string> split_fields(std::string_view text, char delimiter) {
  if (text.empty()) return {};
  return split_sequence(text, delimiter);
}

void decode_state_fields(Trait& t, const TraitKind* kind) {
  const StateForm form = kind ? kind->state_form : StateForm::kFields;
  switch (form) {
    case StateForm::kRaw:
      t.state_fields = {t.state};
      return;
    case StateForm::kComma:
      t.state_fields = split_fields(t.state, ',');
      return;
    case StateForm::kLayer:
      if (layer_version(t) >= 1 && !t.state.empty()) {
        t.state_fields = {SequenceDecoder(t.state, ';').next()};
        return;
      }
      t.state_fields = split_fields(t.state, ';');
      return;
    case StateForm::kFields:
      t.state_fields = split_fields(t.state, ';');
      return;
  }
}

Trait make_trait(std::string type, std::string state) {
  Trait t;
  t.id = trait_id(type);
  const TraitKind* kind = find_kind(t.id);
  t.known = kind != nullptr;
  t.type_fields = split_fields(std::string_view(type).substr(t.id.size()), kind ? kind->type_delimiter : ';');
  t.type = std::move(type);
  t.state = std::move(state);
  decode_state_fields(t, kind);
  return t;
}

void set_trait_state(Trait& t, std::string state) {
  t.state = std::move(state);
  decode_state_fields(t, find_kind(t.id));
}

}  // namespace

std::string trait_id(std::string_view type) {
  const size_t semicolon = type.find(';');
  return std::string(semicolon == std::string_view::npos ? type : type.substr(0, semicolon + 1));
}

std::string Trait::class_name() const {
  if (id == "emb2;") return layer_version(*this) >= 1 ? "Embellishment" : "Embellishment0";
  const TraitKind* kind = find_kind(id);
  return kind ? std::string(kind->class_name) : std::string();
}

// As BasicCommandEncoder.createPiece and Decorator.setState do, level by level: the first TAB
// token is this trait, the second (decoded once) the rest of the chain; the last level's whole
// state goes to the innermost trait. NestedSequence reads the levels without copying the rest.
TraitChain TraitChain::parse(std::string_view type, std::string_view state, QuoteRule rule) {
  TraitChain chain;
  chain.rule_ = rule;
  const bool has_state = !state.empty();
  NestedSequence types(type, kTab);
  NestedSequence states(state, kTab);
  while (true) {
    if (chain.traits_.size() == limits::kMaxTraits) {
      throw PieceError("more than " + std::to_string(limits::kMaxTraits) + " traits in one piece");
    }
    std::string my_type = types.token();
    if (!types.has_inner()) {
      chain.traits_.push_back(make_trait(std::move(my_type), has_state ? states.whole() : std::string()));
      break;
    }
    std::string my_state;
    if (has_state) {
      my_state = states.token();
      if (!states.has_inner()) {
        throw PieceError("trait " + std::to_string(chain.traits_.size() + 1) + " (" + trait_id(my_type) +
                         "): the state has fewer levels than the type (no state for the traits inside it)");
      }
      states.descend();
    }
    chain.traits_.push_back(make_trait(std::move(my_type), std::move(my_state)));
    types.descend();
  }
  return chain;
}

namespace {

template <typename Member>
std::string nest(const std::vector<Trait>& traits, Member member, QuoteRule rule) {
  if (traits.empty()) return std::string();
  std::string text = traits.back().*member;
  for (size_t i = traits.size() - 1; i-- > 0;) {
    SequenceEncoder encoder(kTab, rule);
    encoder.append(traits[i].*member).append(text);
    text = encoder.str();
  }
  return text;
}

}  // namespace

std::string TraitChain::type() const { return nest(traits_, &Trait::type, rule_); }
std::string TraitChain::state() const { return nest(traits_, &Trait::state, rule_); }

PieceTexts chain_traits(const std::vector<std::pair<std::string, std::string>>& traits, QuoteRule rule) {
  if (traits.empty()) throw std::invalid_argument("a piece needs at least its BasicPiece trait");
  // Texts VASSAL would read back as other traits: the innermost is nested unescaped, and a '\\' at
  // the end of an outer one swallows the TAB after it.
  for (size_t i = 0; i < traits.size(); ++i) {
    for (const std::string* text : {&traits[i].first, &traits[i].second}) {
      const bool innermost = i + 1 == traits.size();
      if (innermost && text->find(kTab) != std::string::npos) {
        throw std::invalid_argument("the innermost trait's type or state holds a TAB, which VASSAL reads as a "
                                    "boundary between traits: " + *text);
      }
      if (!innermost && text->ends_with('\\')) {
        throw std::invalid_argument("a trait's type or state ends with '\\', which makes VASSAL read it and the "
                                    "next trait as one: " + *text);
      }
    }
  }
  std::vector<Trait> chain(traits.size());
  for (size_t i = 0; i < traits.size(); ++i) {
    chain[i].type = traits[i].first;
    chain[i].state = traits[i].second;
  }
  return {nest(chain, &Trait::type, rule), nest(chain, &Trait::state, rule)};
}

PropertyMap TraitChain::properties() const {
  PropertyMap props;
  std::string name;
  // Innermost first, so that an outer trait's answer wins, as in Decorator.getProperty.
  for (auto it = traits_.rbegin(); it != traits_.rend(); ++it) {
    const Trait& t = *it;
    if (t.id == "piece;") {
      add_basic_properties(t, props);
      name = field(t.type_fields, 3);
    } else if (is_layer(t)) {
      add_layer_properties(t, props);
      name = layer_piece_name(t, name);
    } else if (t.id == "mark;") {
      add_marker_properties(t, props);
    } else if (t.id == "PROP;") {
      props[field(t.type_fields, 0)] = t.state;
    } else if (t.id == "label;") {
      name = label_piece_name(t, name, props);
      props[label_property_name(t)] = t.state;
    } else if (t.id == "rotate;") {
      add_rotator_properties(t, props);
    } else if (t.id == "markmoved;") {
      props["Moved"] = t.state == "true" ? "true" : "false";
    } else if (t.id == "obs;") {
      props["Obscured"] = names_a_player(field(t.state_fields, 0)) ? "true" : "false";
    } else if (t.id == "hide;") {
      props["Invisible"] = names_a_player(t.state) ? "true" : "false";
    } else if (t.id == "basicName;") {
      if (!field(t.type_fields, 0).empty()) name = field(t.type_fields, 0);
    }
  }
  props["PieceName"] = name;
  return props;
}

namespace {

std::string layer_state_with_value(const Trait& t, int64_t value, QuoteRule rule) {
  if (layer_version(t) >= 1) return std::to_string(value);
  // Embellishment0 keeps its activationStatus field.
  return join_sequence({std::to_string(value), field(t.state_fields, 1)}, ';', rule);
}

int64_t clamp_layer_level(const Trait& t, const std::string& property, const std::string& value) {
  const std::optional<int32_t> level = core::java::parse_int(value);
  if (!level) throw PieceError("property " + property + ": '" + value + "' is not an integer level");
  if (*level == 0) {
    throw PieceError("property " + property + ": level 0 is invalid (1..n is active, -1..-n inactive)");
  }
  const int64_t count = static_cast<int64_t>(layer_levels(t).images.size());
  if (count == 0) throw PieceError("property " + property + ": the layer has no levels");
  return std::clamp<int64_t>(*level, -count, count);
}

}  // namespace

void TraitChain::set_property(const std::string& name, const std::string& value) {
  std::vector<std::string> settable;
  for (Trait& t : traits_) {
    if (t.id == "mark;") {
      auto key = std::find(t.type_fields.begin(), t.type_fields.end(), name);
      if (key != t.type_fields.end()) {
        std::vector<std::string> values = t.state_fields;
        values.resize(std::max(values.size(), t.type_fields.size()));
        values[static_cast<size_t>(key - t.type_fields.begin())] = value;
        set_trait_state(t, join_sequence(values, ',', rule_));
        return;
      }
      settable.insert(settable.end(), t.type_fields.begin(), t.type_fields.end());
    } else if (t.id == "PROP;") {
      if (field(t.type_fields, 0) == name) return set_trait_state(t, value);
      settable.push_back(field(t.type_fields, 0));
    } else if (is_layer(t)) {
      const std::string level_property = layer_levels(t).name + "_Level";
      if (level_property == name) return set_trait_state(t, layer_state_with_value(t, clamp_layer_level(t, name, value), rule_));
      settable.push_back(level_property);
    } else if (t.id == "label;") {
      if (label_property_name(t) == name) return set_trait_state(t, value);
      settable.push_back(label_property_name(t));
    } else if (t.id == "rotate;" && int_or(field(t.type_fields, 0), 1) > 1) {
      // FreeRotator: <name>_Facing is the facing index + 1 (add_rotator_properties); a free rotation
      // (one facing) keeps an angle, which no property sets.
      const int facings = int_or(field(t.type_fields, 0), 1);
      const std::string facing_property = field(t.type_fields, rotator_name_index(facings)) + "_Facing";
      if (facing_property == name) {
        const auto facing = core::java::parse_int(value);
        if (!facing || *facing < 1 || *facing > facings) {
          throw PieceError("property " + name + ": '" + value + "' is not a facing from 1 to " +
                           std::to_string(facings));
        }
        return set_trait_state(t, std::to_string(*facing - 1));
      }
      settable.push_back(facing_property);
    } else if (t.id == "markmoved;") {
      if (name == "Moved") {
        if (value != "true" && value != "false") throw PieceError("property Moved: '" + value + "' is not true/false");
        return set_trait_state(t, value);
      }
      settable.push_back("Moved");
    }
  }
  std::string list;
  for (const std::string& s : settable) list += (list.empty() ? "" : ", ") + s;
  throw PieceError("property " + name + " is not held in any trait's state; settable here: " +
                   (list.empty() ? "none" : list));
}

std::string TraitChain::basic_map() const {
  const std::string& map = field(basic().state_fields, 0);
  return map == "null" ? std::string() : map;
}

int TraitChain::basic_x() const { return int_or(field(basic().state_fields, 1), 0); }
int TraitChain::basic_y() const { return int_or(field(basic().state_fields, 2), 0); }

void TraitChain::set_basic_position(const std::string& map_id, int x, int y) {
  Trait& b = traits_.back();
  std::vector<std::string> fields = b.state_fields;
  if (fields.size() < 3) fields.resize(3);
  fields[0] = map_id.empty() ? "null" : map_id;
  fields[1] = std::to_string(x);
  fields[2] = std::to_string(y);
  set_trait_state(b, join_sequence(fields, ';', rule_));
}

void TraitChain::set_basic_gpid(const std::string& gpid) {
  Trait& b = traits_.back();
  std::vector<std::string> fields = b.state_fields;
  if (fields.size() < 5) fields.resize(5);
  const char* defaults[] = {"null", "0", "0", "", "0"};
  for (size_t i = 0; i < 5; ++i)
    if (fields[i].empty()) fields[i] = defaults[i];
  fields[3] = gpid;
  set_trait_state(b, join_sequence(fields, ';', rule_));
}

namespace {

struct PrototypeExpander {
  const TraitChain::PrototypeLookup& lookup;
  std::vector<std::string>* missing;
  QuoteRule rule;
  std::vector<std::string> open;  // prototypes being expanded, outermost first

  void expand_into(const std::vector<Trait>& traits, std::vector<Trait>& out) {
    for (const Trait& t : traits) {
      if (t.id == "cmt;") continue;  // PieceCloner drops comments from built pieces
      if (out.size() == limits::kMaxTraits) {
        throw PieceError("more than " + std::to_string(limits::kMaxTraits) + " traits once prototypes are expanded" +
                         (open.empty() ? std::string() : " (while expanding " + open.front() + ")"));
      }
      if (t.id != "prototype;") {
        out.push_back(t);
        continue;
      }
      splice(t, out);
    }
  }

  void splice(const Trait& t, std::vector<Trait>& out) {
    const std::string name = field(t.type_fields, 0);
    if (std::find(open.begin(), open.end(), name) != open.end()) throw PieceError("prototype cycle: " + cycle(name));
    const std::optional<std::string> definition = lookup(name);
    if (!definition) {
      if (missing && std::find(missing->begin(), missing->end(), name) == missing->end()) missing->push_back(name);
      out.push_back(t);
      return;
    }
    if (open.size() == limits::kMaxPrototypeNesting) {
      throw PieceError("prototypes nested more than " + std::to_string(limits::kMaxPrototypeNesting) +
                       " deep, from " + open.front() + " to " + name);
    }
    const TraitChain chain = decode_definition(name, substitute(*definition, field(t.type_fields, 1)));
    std::vector<Trait> inner(chain.traits().begin(), chain.traits().end() - 1);  // without its BasicPiece
    open.push_back(name);
    expand_into(inner, out);
    open.pop_back();
  }

  std::string cycle(const std::string& name) const {
    std::string path;
    for (auto it = std::find(open.begin(), open.end(), name); it != open.end(); ++it) path += *it + " -> ";
    return path + name;
  }

  // UsePrototype: params `k=v,k2=v2` substituted as `$k$` into the definition text.
  static std::string substitute(std::string text, const std::string& params) {
    if (params.empty()) return text;
    for (const std::string& pair : split_sequence(params, ',')) {
      SequenceDecoder kv(pair, '=');
      const std::string key = kv.next();
      if (!kv.has_more() || key.empty()) continue;
      const std::string pattern = "$" + key + "$";
      const std::string value = kv.next();
      for (size_t pos = text.find(pattern); pos != std::string::npos; pos = text.find(pattern, pos + value.size())) {
        text.replace(pos, pattern.size(), value);
      }
    }
    return text;
  }

  TraitChain decode_definition(const std::string& name, const std::string& text) const {
    try {
      return TraitChain::from_definition(text, rule);
    } catch (const PieceError& e) {
      throw PieceError("prototype " + name + ": " + e.message());
    }
  }
};

}  // namespace

TraitChain TraitChain::from_definition(std::string_view definition, QuoteRule rule) {
  if (definition.substr(0, 2) != "+/") {
    const size_t add = definition.find("+/");
    if (add != std::string_view::npos && add > 0 && add <= 8) {
      throw PieceError("definition starts '" + std::string(definition.substr(0, add)) +
                       "' before its AddPiece (+/...): a command encoder of the module's own code writes it");
    }
    throw PieceError("definition is not an AddPiece (+/...)");
  }
  SequenceDecoder d(definition.substr(2), '/');
  d.next();  // id, `null` for definitions
  const std::string type = d.next();
  const std::string state = d.next();
  return parse(type, state, rule);
}

TraitChain TraitChain::expand_prototypes(const PrototypeLookup& lookup, std::vector<std::string>* missing) const {
  PrototypeExpander expander{lookup, missing, rule_, {}};
  TraitChain out;
  out.rule_ = rule_;
  expander.expand_into(traits_, out.traits_);
  return out;
}

}  // namespace adjutant::vmod
