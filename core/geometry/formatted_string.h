// VASSAL's FormattedString as grid numbering and zones use it for their location format: the text
// is classified once (Expression.createExpression: blank, integer, BeanShell, "$property$"
// format, plain text) and then evaluated with the caller's properties, falling back to a lookup of
// module-level properties for any other $name$.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant::core {

// Module-level properties a running VASSAL would find for an unknown $name$ (global properties,
// module name ...). Answers nullopt for a name it does not define.
using PropertyLookup = std::function<std::optional<std::string>(std::string_view name)>;

// A non-empty piece of a $property$ format: a property name, or literal text.
struct FormatToken {
  std::string text;
  bool property = false;
};

// SequenceEncoder.Decoder(text, '$'): the tokens between '$' signs ("\$" is a literal '$'; a token
// quoted as '...' loses its quotes). Odd-numbered tokens with a token after them are property
// names; empty tokens are left out.
std::vector<FormatToken> format_tokens(std::string_view text);

class FormattedString {
 public:
  // `known` are the property names the owner sets itself (for grid numbering: gridLocation, row,
  // column; for a zone: name, gridLocation), in the order evaluate() receives their values.
  FormattedString(std::string_view format, std::vector<std::string> known);

  // The text VASSAL produces. values[i] is the value of known[i]; nullopt stands for Java's null
  // (the property expands to nothing). Any other $name$ asks `lookup` (may be null); when that
  // has no value it expands to nothing if `localized` (getLocalizedText, as grid numbering calls
  // it) and to its bare name otherwise (getText, as zones call it).
  // Throws GeometryError for a BeanShell format ({...}), which needs VASSAL's interpreter.
  std::string evaluate(std::span<const std::optional<std::string_view>> values, const PropertyLookup* lookup,
                       bool localized) const;
  void append_to(std::string& out, std::span<const std::optional<std::string_view>> values,
                 const PropertyLookup* lookup, bool localized) const;

  const std::string& format() const { return format_; }
  bool is_beanshell() const { return kind_ == Kind::kBeanShell; }
  // True when the text is exactly "$known[i]$" (after trimming): evaluation is that value.
  std::optional<size_t> single_property() const { return single_; }

 private:
  enum class Kind { kEmpty, kInteger, kBeanShell, kProperties, kPlain };
  struct Segment {
    std::string text;    // literal text, or the property name
    int known = -1;      // index into known_ for a property set by the owner
    bool property = false;
  };
  std::string format_;
  std::vector<std::string> known_;
  Kind kind_ = Kind::kEmpty;
  std::string constant_;  // the text of kInteger / kPlain
  std::vector<Segment> segments_;
  std::optional<size_t> single_;
};

}  // namespace adjutant::core
