// Board images inside a module: their size (which places the boards of a layout and bounds every
// grid) and their pixels (for sampling terrain colours). PNG, JPEG and GIF are read with stb_image;
// an SVG board's size comes from its root element's width and height, as VASSAL draws it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/hexes/image.h"
#include "core/geometry/point.h"
#include "vmod/format_error.h"
#include "vmod/limits.h"
#include "vmod/module.h"

namespace adjutant::vmod {

using core::Image;
using core::Rgb;

// The size an image file declares, read from its header without decoding it. Throws FormatError
// at `place` when the bytes are no PNG, JPEG, GIF or SVG image (or an SVG without a pixel size).
core::Size image_size(std::string_view bytes, const Place& place);
// Decodes a PNG, JPEG or GIF (its first frame). Throws FormatError at `place` for anything else,
// or an image larger than `max_pixels`.
Image decode_image(std::string_view bytes, const Place& place, uint64_t max_pixels = limits::kMaxImagePixels);

// What a board's size is, and where it came from.
struct BoardSize {
  std::optional<core::Size> size;  // nullopt: unknown (no readable image)
  std::string note;                // why it is unknown, for messages; empty when known
};

// The board images of one module, read from its archive on first use and remembered.
class BoardImages {
 public:
  explicit BoardImages(const Module& module);
  ~BoardImages();
  BoardImages(BoardImages&&) noexcept;

  // The board's image size, or, for a board without an image, its width and height attributes.
  BoardSize size(const BoardSpec& board);
  // The board's image file as stored (PNG, JPEG, GIF or SVG). Throws FormatError naming the
  // module and entry when the board has none or it cannot be read.
  std::string file(const BoardSpec& board);
  // The board's decoded image. Throws FormatError as file() does, or when it cannot be decoded.
  Image pixels(const BoardSpec& board);

 private:
  std::optional<std::string> read(const std::string& entry, std::string& why);

  const Module* module_;
  std::map<std::string, BoardSize> sizes_;  // by image name
};

}  // namespace adjutant::vmod
