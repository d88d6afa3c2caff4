// Small modules made in tests: a buildFile with hex boards, and PNG board images (stb_image_write).
#pragma once

#include <stb/stb_image_write.h>

#include <string>
#include <vector>

#include "core/hexes/image.h"

namespace adjutant::testing {

// A PNG of an image.
inline std::string png(const core::Image& image) {
  std::string out;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<size_t>(size));
  };
  stbi_write_png_to_func(append, &out, image.width, image.height, 3, image.rgb.data(), image.width * 3);
  return out;
}

inline core::Image filled(int width, int height, core::Rgb fill) {
  core::Image image{width, height, std::vector<uint8_t>(static_cast<size_t>(width) * height * 3)};
  for (size_t i = 0; i < image.rgb.size(); i += 3) {
    image.rgb[i] = fill.r;
    image.rgb[i + 1] = fill.g;
    image.rgb[i + 2] = fill.b;
  }
  return image;
}

inline void paint(core::Image& image, int x, int y, core::Rgb colour) {
  if (!image.contains(x, y)) return;
  const size_t i = (static_cast<size_t>(y) * image.width + x) * 3;
  image.rgb[i] = colour.r;
  image.rgb[i + 1] = colour.g;
  image.rgb[i + 2] = colour.b;
}

// A board with a hex grid named 0101, 0102 ... (columns then rows, from 01; stagger).
inline std::string hex_board(const std::string& name, const std::string& image,
                             const std::string& format = "$gridLocation$") {
  return "<VASSAL.build.module.map.boardPicker.Board name=\"" + name + "\" image=\"" + image +
         "\"><VASSAL.build.module.map.boardPicker.board.HexGrid x0=\"0\" y0=\"32\" dy=\"64.0\" "
         "dx=\"55.42562584220407\"><VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hOff=\"1\" "
         "vOff=\"1\" stagger=\"true\" locationFormat=\"" +
         format + "\"/></VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board>";
}

// A module "Test" with one map, "Main Map", holding `boards`; `setup` is its default layout.
inline std::string build_file(const std::string& boards, const std::string& setup = "", const std::string& extra = "") {
  return "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"Test\" version=\"1\" VassalVersion=\"3.7.12\">"
         "<VASSAL.build.module.Map mapName=\"Main Map\"><VASSAL.build.module.map.BoardPicker>" +
         (setup.empty() ? "" : "<setup>" + setup + "</setup>") + boards + "</VASSAL.build.module.map.BoardPicker>" +
         extra + "</VASSAL.build.module.Map>"
                 "<VASSAL.build.module.properties.GlobalProperties>"
                 "<VASSAL.build.module.properties.GlobalProperty name=\"Region\" initialValue=\"North\"/>"
                 "</VASSAL.build.module.properties.GlobalProperties></VASSAL.build.GameModule>\n";
}

}  // namespace adjutant::testing
