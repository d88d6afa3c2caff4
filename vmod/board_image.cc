#include "vmod/board_image.h"

#include <stb/stb_image.h>
#include <tinyxml2.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "vmod/archive.h"

namespace adjutant::vmod {
namespace {

namespace fs = std::filesystem;

const stbi_uc* bytes_of(std::string_view data) { return reinterpret_cast<const stbi_uc*>(data.data()); }

bool looks_like_svg(std::string_view bytes) {
  const std::string_view head = bytes.substr(0, 4096);
  return head.find("<svg") != std::string_view::npos;
}

// A length of the SVG root in pixels: a plain number or one in px. Units VASSAL would convert
// (pt, mm, %) are refused rather than guessed.
std::optional<int> svg_pixels(const char* text) {
  if (!text) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  if (end == text || !std::isfinite(value) || value <= 0 || value > 1e8) return std::nullopt;
  const std::string unit(end);
  if (!unit.empty() && unit != "px") return std::nullopt;
  return static_cast<int>(std::lround(value));
}

core::Size svg_size(std::string_view bytes, const Place& place) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(bytes.data(), bytes.size()) != tinyxml2::XML_SUCCESS || !doc.RootElement()) {
    throw FormatError("broken SVG image: " + std::string(doc.ErrorStr() ? doc.ErrorStr() : "no root element"), place);
  }
  const tinyxml2::XMLElement* root = doc.RootElement();
  const auto w = svg_pixels(root->Attribute("width"));
  const auto h = svg_pixels(root->Attribute("height"));
  if (!w || !h) {
    throw FormatError("SVG image has no width and height in pixels (Adjutant does not convert other units)", place);
  }
  return {*w, *h};
}

std::optional<std::string> read_disk_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

bool is_zip(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  return in.gcount() == 4 && magic[0] == 'P' && magic[1] == 'K';
}

}  // namespace

core::Size image_size(std::string_view bytes, const Place& place) {
  int width = 0, height = 0, channels = 0;
  if (bytes.size() <= static_cast<size_t>(INT32_MAX) &&
      stbi_info_from_memory(bytes_of(bytes), static_cast<int>(bytes.size()), &width, &height, &channels)) {
    return {width, height};
  }
  if (looks_like_svg(bytes)) return svg_size(bytes, place);
  throw FormatError(std::string("not a PNG, JPEG, GIF or SVG image (") + stbi_failure_reason() + ")", place);
}

Image decode_image(std::string_view bytes, const Place& place, uint64_t max_pixels) {
  if (looks_like_svg(bytes)) throw FormatError("cannot read the pixels of an SVG image; use a PNG, JPEG or GIF", place);
  const core::Size size = image_size(bytes, place);
  if (static_cast<uint64_t>(size.width) * static_cast<uint64_t>(size.height) > max_pixels) {
    throw FormatError("image of " + std::to_string(size.width) + "x" + std::to_string(size.height) +
                          " pixels is larger than Adjutant decodes (" + std::to_string(max_pixels) + " pixels)",
                      place);
  }
  int width = 0, height = 0, channels = 0;
  stbi_uc* pixels = stbi_load_from_memory(bytes_of(bytes), static_cast<int>(bytes.size()), &width, &height, &channels, 3);
  if (!pixels) throw FormatError(std::string("cannot decode image: ") + stbi_failure_reason(), place);
  Image image;
  image.width = width;
  image.height = height;
  image.rgb.assign(pixels, pixels + static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
  stbi_image_free(pixels);
  return image;
}

BoardImages::BoardImages(const Module& module) : module_(&module) {}
BoardImages::~BoardImages() = default;
BoardImages::BoardImages(BoardImages&&) noexcept = default;

// A zipped module is read through Archive, one entry at a time; an extracted folder, or the folder
// of a bare buildFile, straight from disk (an Archive would list every file of the folder first).
std::optional<std::string> BoardImages::read(const std::string& entry, std::string& why) {
  const fs::path source = module_->source;
  std::error_code ec;
  if (fs::is_directory(source, ec) || !is_zip(source)) {
    const fs::path folder = fs::is_directory(source, ec) ? source : source.parent_path();
    auto bytes = read_disk_file(folder / entry);
    if (!bytes) why = entry + " not found in " + folder.string();
    return bytes;
  }
  // Only the entry asked for is decompressed: a module's other images may be large.
  std::optional<Archive> archive;
  try {
    archive.emplace(Archive::open(module_->source, {}, [&](const std::string& name) { return name == entry; }));
  } catch (const FormatError& e) {
    why = e.what();
    return std::nullopt;
  }
  auto bytes = archive->read(entry);
  if (!bytes) why = entry + " not found in " + module_->source;
  return bytes;
}

BoardSize BoardImages::size(const BoardSpec& board) {
  if (board.image.empty()) return {core::Size{board.width, board.height}, ""};
  if (auto it = sizes_.find(board.image); it != sizes_.end()) return it->second;
  BoardSize result;
  const std::string entry = "images/" + board.image;
  std::string why;
  if (const auto bytes = read(entry, why)) {
    try {
      result.size = image_size(*bytes, Place{module_->source, entry, ""});
    } catch (const FormatError& e) {
      result.note = e.what();
    }
  } else {
    result.note = why;
  }
  sizes_.emplace(board.image, result);
  return result;
}

std::string BoardImages::file(const BoardSpec& board) {
  const Place place{module_->source, board.image.empty() ? "" : "images/" + board.image, ""};
  if (board.image.empty()) throw FormatError("board '" + board.name + "' has no image", place);
  std::string why;
  auto bytes = read(place.entry, why);
  if (!bytes) throw FormatError("board '" + board.name + "': " + why, place);
  return std::move(*bytes);
}

Image BoardImages::pixels(const BoardSpec& board) {
  return decode_image(file(board), Place{module_->source, "images/" + board.image, ""});
}

}  // namespace adjutant::vmod
