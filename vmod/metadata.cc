#include "vmod/metadata.h"

#include <tinyxml2.h>

#include <algorithm>
#include <cstring>

#include "core/java/java_text.h"
#include "vmod/format_error.h"

namespace adjutant::vmod {
namespace {

// All text (and CDATA) directly inside an element, like a SAX characters() accumulator.
std::string element_text(const tinyxml2::XMLElement& element) {
  std::string text;
  for (const auto* node = element.FirstChild(); node; node = node->NextSibling())
    if (const auto* t = node->ToText()) text += t->Value();
  return std::string(core::java::trim(text));
}

bool has_lang(const tinyxml2::XMLElement& element) { return element.Attribute("lang") != nullptr; }

[[noreturn]] void throw_xml_error(const tinyxml2::XMLDocument& doc, const std::string& entry_name) {
  throw BuildFileError(std::string("broken XML: ") + doc.ErrorName() + " " +
                           (doc.ErrorStr() ? doc.ErrorStr() : ""),
                       Place{{}, entry_name, "line " + std::to_string(doc.ErrorLineNum())});
}

// Stores one child of <data> into the matching field; unknown children are ignored, as in VASSAL.
// Only the first untranslated <description> and <name> count; translations carry a lang.
void read_field(const tinyxml2::XMLElement& child, Metadata& meta, bool& have_description,
                bool& have_name) {
  const std::string_view tag = child.Name();
  if (tag == "version") meta.version = element_text(child);
  else if (tag == "VassalVersion") meta.vassal_version = element_text(child);
  else if (tag == "dateSaved") meta.date_saved = element_text(child);
  else if (tag == "extra1") meta.extra1 = element_text(child);
  else if (tag == "extra2") meta.extra2 = element_text(child);
  else if (tag == "universal") meta.universal = element_text(child) == "true";
  else if (tag == "description" && !has_lang(child) && !have_description) {
    meta.description = element_text(child);
    have_description = true;
  } else if (tag == "name" && !has_lang(child) && !have_name) {
    meta.name = element_text(child);
    have_name = true;
  }
}

// Text content escaped as the JDK serializer does: &, <, > and carriage returns.
std::string escape_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '\r': out += "&#13;"; break;
      default: out += c;
    }
  }
  return out;
}

// One indented child line; the JDK transformer writes an empty element as <tag/>.
std::string child_line(std::string_view tag, std::string_view text, std::string_view line_end) {
  std::string line = "  <" + std::string(tag);
  if (text.empty()) return line + "/>" + std::string(line_end);
  return line + ">" + escape_text(text) + "</" + std::string(tag) + ">" + std::string(line_end);
}

// The prolog and the fields every metadata entry starts with, in VASSAL's order.
std::string common_head(const Metadata& meta, const std::string& nl) {
  std::string out = R"(<?xml version="1.0" encoding="UTF-8" standalone="no"?>)" + nl;
  out += R"(<data version="1">)" + nl;
  out += child_line("version", meta.version, nl);
  out += child_line("extra1", meta.extra1, nl);
  out += child_line("extra2", meta.extra2, nl);
  out += child_line("VassalVersion", meta.vassal_version, nl);
  out += child_line("dateSaved", meta.date_saved, nl);
  return out;
}

// Reads the run of ASCII digits at `pos` as an int, moving `pos` past it.
bool parse_int_prefix(std::string_view text, size_t& pos, int& value) {
  const size_t end = std::min(text.find_first_not_of("0123456789", pos), text.size());
  const auto parsed = core::java::parse_int(text.substr(pos, end - pos));
  if (end == pos || !parsed) return false;
  value = *parsed;
  pos = end;
  return true;
}

}  // namespace

Metadata parse_metadata(const std::string& xml, const std::string& entry_name) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(xml.data(), xml.size()) != tinyxml2::XML_SUCCESS) throw_xml_error(doc, entry_name);
  const tinyxml2::XMLElement* root = doc.RootElement();
  if (!root)
    throw BuildFileError("metadata has no root element", Place{{}, entry_name, "line 1"});
  if (std::strcmp(root->Name(), "data") != 0)
    throw BuildFileError(std::string("metadata root is <") + root->Name() + ">, expected <data>",
                         Place{{}, entry_name, "line " + std::to_string(root->GetLineNum())});

  Metadata meta;
  bool have_description = false, have_name = false;
  for (const auto* child = root->FirstChildElement(); child; child = child->NextSiblingElement())
    read_field(*child, meta, have_description, have_name);
  return meta;
}

std::string write_savedata(const Metadata& meta, std::string_view line_end) {
  const std::string nl(line_end);
  std::string out = common_head(meta, nl);
  if (!meta.description.empty()) out += child_line("description", meta.description, nl);
  out += "</data>" + nl;
  return out;
}

std::string write_moduledata(const Metadata& meta, std::string_view line_end) {
  const std::string nl(line_end);
  std::string out = common_head(meta, nl);
  out += child_line("description", meta.description, nl);
  out += child_line("name", meta.name, nl);
  out += "</data>" + nl;
  return out;
}

VassalVersion parse_vassal_version(const std::string& text) {
  const std::string_view trimmed = core::java::trim(text);
  VassalVersion version;
  size_t pos = 0;
  if (!parse_int_prefix(trimmed, pos, version.major)) return {};
  if (pos < trimmed.size() && trimmed[pos] == '.') {
    ++pos;
    if (!parse_int_prefix(trimmed, pos, version.minor)) version.minor = 0;
  }
  version.known = true;
  return version;
}

}  // namespace adjutant::vmod
