#include "vmod/format_error.h"

namespace adjutant::vmod {

FormatError::FormatError(const std::string& message, Place place)
    : std::runtime_error(message), message_(message), place_(std::move(place)) {
  render();
}

void FormatError::locate(const std::string& file, const std::string& entry) {
  if (place_.file.empty()) place_.file = file;
  if (place_.entry.empty()) place_.entry = entry;
  render();
}

void FormatError::set_position_if_empty(const std::string& position) {
  if (place_.position.empty()) place_.position = position;
  render();
}

// "file [entry], position: message" with the unknown parts left out.
void FormatError::render() {
  std::string where = place_.file;
  if (!place_.entry.empty()) where += (where.empty() ? "" : " ") + ("[" + place_.entry + "]");
  if (!place_.position.empty()) where += (where.empty() ? "" : ", ") + place_.position;
  text_ = where.empty() ? message_ : where + ": " + message_;
}

}  // namespace adjutant::vmod
