#include "core/geometry/formatted_string.h"

#include "core/geometry/geometry_error.h"
#include "core/java/java_text.h"

namespace adjutant::core {
std::vector<FormatToken> format_tokens(std::string_view text) {
  std::vector<FormatToken> tokens;
  bool odd = false;
  std::string_view rest = text;
  bool more = true;
  while (more) {
    std::string token;
    size_t begin = 0;
    size_t end = rest.find('$');
    // A '$' right after a backslash is escaped: drop the backslash, keep the '$', scan on.
    while (end != std::string_view::npos && end > begin && rest[end - 1] == '\\') {
      token.append(rest.substr(begin, end - 1 - begin));
      begin = end;
      end = rest.find('$', end + 1);
    }
    if (end == std::string_view::npos) {
      token.append(rest.substr(begin));
      more = false;
    } else {
      token.append(rest.substr(begin, end - begin));
      rest = rest.substr(end + 1);
    }
    if (token.size() > 1 && token.front() == '\'' && token.back() == '\'') token = token.substr(1, token.size() - 2);
    if (!token.empty()) tokens.push_back({std::move(token), odd && more});
    odd = !odd;
  }
  return tokens;
}

FormattedString::FormattedString(std::string_view format, std::vector<std::string> known)
    : format_(format), known_(std::move(known)) {
  if (java::is_blank(format)) {
    kind_ = Kind::kEmpty;
    return;
  }
  // After isBlank, trim can still leave nothing ("\x01"): then the text is plain.
  const std::string_view trimmed = java::trim(format);
  if (trimmed.starts_with('{') && trimmed.ends_with('}')) {
    kind_ = Kind::kBeanShell;
    return;
  }
  if (const auto number = java::parse_int(trimmed)) {
    kind_ = Kind::kInteger;
    constant_ = std::to_string(*number);
    return;
  }
  if (trimmed.find('$') == std::string_view::npos) {
    kind_ = Kind::kPlain;
    constant_ = std::string(format);  // StringExpression keeps the untrimmed text
    return;
  }
  kind_ = Kind::kProperties;
  for (const FormatToken& token : format_tokens(trimmed)) {
    Segment segment;
    segment.text = token.text;
    if (token.property) {
      segment.property = true;
      for (size_t k = 0; k < known_.size(); ++k) {
        if (known_[k] == token.text) {
          segment.known = static_cast<int>(k);
          break;
        }
      }
    }
    // Adjacent literal pieces merge (evaluation appends them in turn anyway).
    if (!segment.property && !segments_.empty() && !segments_.back().property) {
      segments_.back().text += segment.text;
    } else {
      segments_.push_back(std::move(segment));
    }
  }
  if (segments_.size() == 1 && segments_[0].property && segments_[0].known >= 0) {
    single_ = static_cast<size_t>(segments_[0].known);
  }
}

void FormattedString::append_to(std::string& out, std::span<const std::optional<std::string_view>> values,
                                const PropertyLookup* lookup, bool localized) const {
  switch (kind_) {
    case Kind::kEmpty:
      return;
    case Kind::kInteger:
    case Kind::kPlain:
      out += constant_;
      return;
    case Kind::kBeanShell:
      throw GeometryError("location format '" + format_ +
                          "' is a BeanShell expression, which only VASSAL's interpreter can evaluate");
    case Kind::kProperties:
      break;
  }
  for (const Segment& s : segments_) {
    if (!s.property) {
      out += s.text;
    } else if (s.known >= 0) {
      const size_t k = static_cast<size_t>(s.known);
      if (k < values.size() && values[k]) out += *values[k];
    } else {
      std::optional<std::string> value;
      if (lookup && *lookup) value = (*lookup)(s.text);
      if (value) {
        out += *value;
      } else if (!localized) {
        out += s.text;
      }
    }
  }
}

std::string FormattedString::evaluate(std::span<const std::optional<std::string_view>> values,
                                      const PropertyLookup* lookup, bool localized) const {
  std::string out;
  append_to(out, values, lookup, localized);
  return out;
}

}  // namespace adjutant::core
